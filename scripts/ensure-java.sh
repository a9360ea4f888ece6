#!/usr/bin/env bash
# The HTML validity test runs the Nu HTML Checker (the vnu-jar package) on Debian's Java.
# Installs Java with apt when it is missing and we are root; otherwise says what to install.
set -euo pipefail
java=${JAVA:-java}
if command -v "$java" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Java is missing: installing Debian's default-jre-headless package with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq default-jre-headless >/dev/null
  exit 0
fi
echo "The HTML validity test needs Java 11 or newer (\`$java\`)." >&2
echo "Install it as root with: apt-get install -y default-jre-headless" >&2
echo "(or point JAVA at another java binary)." >&2
exit 1
