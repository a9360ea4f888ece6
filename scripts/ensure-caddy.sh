#!/usr/bin/env bash
# The deployment test puts Debian's Caddy in front of the server processes, as deploy/Caddyfile does.
# Installs it with apt when it is missing and we are root; otherwise says what to install. Debian's
# package also enables a caddy service on ports 80 and 443; the test runs its own Caddy on high ports
# and never touches that one.
set -euo pipefail
caddy=${CADDY_PATH:-/usr/bin/caddy}
if [ -x "$caddy" ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Caddy is missing: installing Debian's caddy package with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq caddy >/dev/null
  exit 0
fi
echo "The deployment test needs Debian's Caddy at $caddy." >&2
echo "Install it as root with: apt-get install -y caddy" >&2
echo "(or point CADDY_PATH at another Caddy 2 binary)." >&2
exit 1
