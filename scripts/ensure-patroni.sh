#!/usr/bin/env bash
# The failover test and bench run a real Patroni cluster (two PostgreSQL members, one etcd member,
# HAProxy in front) from Debian's patroni, etcd-server and haproxy packages, as deploy/ describes for
# production, secured as there: etcdctl (etcd-client) turns etcd's users on, openssl makes the
# certificates, and python3-idna lets Patroni read the names in them (without it, Patroni's etcd client
# fails on the first certificate that names a host). Installs them with apt when they are missing and we
# are root; otherwise says what to install. Debian starts etcd and HAProxy as system services on install; the test runs its own on free
# loopback ports, so those services are kept from starting (and, where systemd runs, stopped and
# masked) rather than left holding etcd's ports and forming a cluster of their own.
set -euo pipefail
have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ]; }
idna() { /usr/bin/python3 -c 'import idna' >/dev/null 2>&1; }
if have patroni && have etcd && have etcdctl && have haproxy && have openssl && idna; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Patroni, etcd, HAProxy or a tool they need is missing: installing Debian's patroni, etcd-server, etcd-client, haproxy, openssl and python3-idna with apt-get."
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
  apt-get install -y -qq --no-install-recommends patroni etcd-server etcd-client haproxy openssl python3-idna >/dev/null
  if [ -d /run/systemd/system ]; then
    for unit in etcd.service haproxy.service; do
      systemctl stop "$unit" >/dev/null 2>&1 || true
      systemctl mask "$unit" >/dev/null 2>&1 || true
    done
  fi
  exit 0
fi
echo "The failover test needs Debian's patroni, etcd-server, etcd-client, haproxy, openssl and python3-idna." >&2
echo "Install them as root with: apt-get install -y --no-install-recommends patroni etcd-server etcd-client haproxy openssl python3-idna" >&2
echo "(then stop and mask the etcd and haproxy services: the test runs its own on free ports)." >&2
exit 1
