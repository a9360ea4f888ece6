#!/usr/bin/env bash
# The browser tests run in Debian's Chromium and never download a browser of their own: the tests in its
# headless shell (package chromium-headless-shell), the audit's Lighthouse and the screenshots in the
# full browser (package chromium), both built from the same Chromium.
# Installs what is missing with apt when we are root; otherwise says what to install.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
shell=${TEST_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}
if [ -x "$chromium" ] && [ -x "$shell" ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-headless-shell fonts-liberation >/dev/null
  exit 0
fi
echo "The browser tests need Debian's Chromium at $chromium and its headless shell at $shell." >&2
echo "Install them as root with: apt-get install -y chromium chromium-headless-shell fonts-liberation" >&2
echo "(or point CHROMIUM_PATH and TEST_CHROMIUM_PATH at other Chromium binaries)." >&2
exit 1
