#!/usr/bin/env bash
# The browser tests run in Debian's Chromium and never download a browser of their own.
# Installs it with apt when it is missing and we are root; otherwise says what to install.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-liberation >/dev/null
  exit 0
fi
echo "The browser tests need Debian's Chromium at $chromium." >&2
echo "Install it as root with: apt-get install -y chromium fonts-liberation" >&2
echo "(or point CHROMIUM_PATH at another Chromium binary)." >&2
exit 1
