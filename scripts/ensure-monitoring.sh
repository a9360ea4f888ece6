#!/usr/bin/env bash
# The monitoring tests check deploy/monitoring/ with the tools that will run it: promtool (it comes with
# Debian's prometheus package) checks the configuration and runs the alerts' own tests, amtool (with
# prometheus-alertmanager) checks Alertmanager's, and the loopback test runs Prometheus and the blackbox
# exporter against a real site process. Installs them with apt when they are missing and we are root;
# otherwise says what to install. Debian starts each as a system service on install, listening on its
# usual port; the tests run their own on free loopback ports, so those services are kept from starting
# (and, where systemd runs, stopped and disabled) rather than left scraping and probing nothing.
set -euo pipefail
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/bin/$1" ]; }
if have prometheus && have promtool && have amtool && have prometheus-blackbox-exporter; then
  exit 0
fi
packages="prometheus prometheus-alertmanager prometheus-blackbox-exporter"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Prometheus, Alertmanager or the blackbox exporter is missing: installing Debian's $packages with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  # invoke-rc.d asks policy-rc.d whether a package may start its service; 101 means "no". Only put one
  # in place for the install when the machine has none of its own.
  policy=/usr/sbin/policy-rc.d
  ours=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod 755 "$policy"
    ours=1
  fi
  trap '[ -n "$ours" ] && rm -f "$policy"' EXIT
  apt-get update -qq
  # Without the node exporter prometheus recommends: the tests never run one.
  apt-get install -y -qq --no-install-recommends $packages >/dev/null
  if [ -d /run/systemd/system ]; then
    for unit in prometheus.service prometheus-alertmanager.service prometheus-blackbox-exporter.service; do
      systemctl disable --now "$unit" >/dev/null 2>&1 || true
    done
  fi
  exit 0
fi
echo "The monitoring tests need Debian's prometheus (with promtool), prometheus-alertmanager (amtool) and prometheus-blackbox-exporter." >&2
echo "Install them as root with: apt-get install -y --no-install-recommends $packages" >&2
echo "(then stop and disable their services: the tests run their own on free ports)." >&2
exit 1
