#!/usr/bin/env bash
# Restarts the site's processes one at a time, each only once every other one answers /readyz, so
# Caddy always has a process to send visitors to. Run as root after an upgrade:
#   deploy/rolling-restart.sh            (every enabled site@PORT unit)
#   deploy/rolling-restart.sh 3001 3002  (these ports)
# RESTART_COMMAND replaces "systemctl restart site@PORT" (the tests restart plain processes);
# READY_TIMEOUT (seconds, default 60) is how long to wait for a process to be ready; SETTLE_SECONDS
# (default 3) is how long a ready process is left before the next one stops, so that Caddy's own health
# check (every second, 2 s timeout) has seen it ready too. Without it Caddy could still count the first
# process down when the second one stops, and have nowhere to send a visitor.
set -euo pipefail

ports=("$@")
if [ ${#ports[@]} -eq 0 ]; then
  mapfile -t ports < <(systemctl list-units --plain --no-legend --state=active 'site@*.service' |
    sed -E 's/^site@([0-9]+)\.service.*/\1/')
fi
if [ ${#ports[@]} -eq 0 ]; then
  echo "No site@PORT unit is running, and no port was given." >&2
  exit 1
fi
timeout=${READY_TIMEOUT:-60}
settle=${SETTLE_SECONDS:-3}

# Waits until the process on a port answers /readyz with 200.
wait_ready() {
  local port=$1 waited=0
  until curl --silent --fail --max-time 2 --output /dev/null "http://127.0.0.1:$port/readyz"; do
    if [ "$waited" -ge $((timeout * 10)) ]; then
      echo "The process on port $port is not ready after ${timeout}s: stopping here." >&2
      return 1
    fi
    sleep 0.1
    waited=$((waited + 1))
  done
}

for port in "${ports[@]}"; do
  for other in "${ports[@]}"; do
    [ "$other" = "$port" ] || wait_ready "$other"
  done
  echo "Restarting the process on port $port"
  if [ -n "${RESTART_COMMAND:-}" ]; then
    PORT=$port bash -c "$RESTART_COMMAND"
  else
    systemctl restart "site@$port.service"
  fi
  wait_ready "$port"
  echo "The process on port $port is ready"
  sleep "$settle"
done
echo "Restarted ${#ports[@]} processes."
