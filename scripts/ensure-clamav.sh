#!/usr/bin/env bash
# The upload-scanning tests run a real ClamAV daemon (Debian's clamd) with a test signature database
# that sigtool makes from the EICAR test file; no signatures are ever downloaded (freshclam is not run).
# Installs clamd and sigtool with apt when they are missing and we are root; otherwise says what to install.
set -euo pipefail
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }
if have clamd && have sigtool; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ClamAV is missing: installing Debian's clamav-daemon and clamav packages with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends clamav-daemon clamav >/dev/null
  exit 0
fi
echo "The upload-scanning tests need ClamAV's clamd and sigtool." >&2
echo "Install them as root with: apt-get install -y clamav-daemon clamav" >&2
exit 1
