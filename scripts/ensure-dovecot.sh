#!/usr/bin/env bash
# The bounce tests read a real bounce mailbox over IMAP: Debian's Dovecot, run by each test as an
# instance of its own (its own config file, a passwd-file user and a maildir in a temporary folder, on
# a free loopback port). Installs it with apt when it is missing and we are root; otherwise says what to
# install. Debian's package also starts a system dovecot service where there is an init system to do
# so: it is stopped and disabled again, as the tests never use it.
set -euo pipefail
dovecot=${DOVECOT_PATH:-/usr/sbin/dovecot}
if [ -x "$dovecot" ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Dovecot is missing: installing Debian's dovecot-imapd package with apt-get."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends dovecot-imapd >/dev/null
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
    systemctl disable --now dovecot >/dev/null 2>&1 || true
  elif command -v service >/dev/null 2>&1; then
    service dovecot stop >/dev/null 2>&1 || true
  fi
  exit 0
fi
echo "The bounce tests need Debian's Dovecot IMAP server at $dovecot." >&2
echo "Install it as root with: apt-get install -y dovecot-imapd" >&2
echo "(or point DOVECOT_PATH at another Dovecot 2.3 binary)." >&2
exit 1
