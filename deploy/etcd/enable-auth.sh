#!/bin/sh
# Turns on etcd's users, once, on a running etcd cluster (any one member): a `root` user for the
# operator, and a `patroni` user whose role may read and write Patroni's keys of one cluster
# (/service/SCOPE/) and nothing else. From then on every client logs in as well as showing its
# certificate, so a machine holding only a certificate (an app machine's, say) can read or change
# nothing. Run it as root on a database machine:
#
#   sh deploy/etcd/enable-auth.sh [SCOPE]
#
# SCOPE is patroni.yml's `scope` (default: site). The passwords come from ETCD_ROOT_PASSWORD and
# ETCD_PATRONI_PASSWORD, or are asked for; the patroni one is etcd3.password in patroni.yml. It reaches
# etcd with the certificate in /etc/etcd/tls (or ETCDCTL_ENDPOINTS, ETCDCTL_CACERT, ETCDCTL_CERT and
# ETCDCTL_KEY). Running it again is harmless: what exists is kept, and the patroni user's password
# set to the one given. See docs/database-failover.md.
set -eu

scope=${1:-site}
export ETCDCTL_API=3
export ETCDCTL_ENDPOINTS="${ETCDCTL_ENDPOINTS:-https://127.0.0.1:2379}"
export ETCDCTL_CACERT="${ETCDCTL_CACERT:-/etc/etcd/tls/ca.crt}"
export ETCDCTL_CERT="${ETCDCTL_CERT:-/etc/etcd/tls/server.crt}"
export ETCDCTL_KEY="${ETCDCTL_KEY:-/etc/etcd/tls/server.key}"

ask() {
  printf '%s: ' "$1" >&2
  if [ -t 0 ]; then stty -echo; fi
  read -r answer
  if [ -t 0 ]; then
    stty echo
    echo >&2
  fi
  [ -n "$answer" ] || {
    echo "An empty password is not a password." >&2
    exit 2
  }
  printf '%s' "$answer"
}
root_password=${ETCD_ROOT_PASSWORD:-$(ask "etcd's root password (new, or the one it has)")}
patroni_password=${ETCD_PATRONI_PASSWORD:-$(ask "etcd's patroni password (etcd3.password in patroni.yml)")}

# With users already on, nothing but root may even list them.
if roles=$(etcdctl role list 2>/dev/null); then
  on=""
else
  export ETCDCTL_USER="root:$root_password"
  if ! roles=$(etcdctl role list 2>/dev/null); then
    echo "etcd refused both a client without a login and root with this password." >&2
    exit 1
  fi
  on=1
fi
users=$(etcdctl user list)
has() { printf '%s\n' "$1" | grep -qx "$2"; }
# "Roles: a b c" in `etcdctl user get`.
holds() { etcdctl user get "$1" | grep -q "^Roles:.* $2\( \|\$\)"; }

has "$roles" root || etcdctl role add root
if ! has "$users" root; then
  printf '%s\n' "$root_password" | etcdctl user add root --interactive=false
  etcdctl user grant-role root root
elif ! holds root root; then
  etcdctl user grant-role root root
fi

has "$roles" patroni || etcdctl role add patroni
# Patroni keeps all of a cluster's state under /service/<scope>/ (its default namespace).
etcdctl role grant-permission patroni --prefix=true readwrite "/service/$scope/"
if ! has "$users" patroni; then
  printf '%s\n' "$patroni_password" | etcdctl user add patroni --interactive=false
  etcdctl user grant-role patroni patroni
else
  printf '%s\n' "$patroni_password" | etcdctl user passwd patroni --interactive=false
  holds patroni patroni || etcdctl user grant-role patroni patroni
fi

if [ -z "$on" ]; then
  etcdctl auth enable
fi
echo "etcd's users are on: root, and patroni with read and write on /service/$scope/ only."
