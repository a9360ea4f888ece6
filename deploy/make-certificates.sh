#!/bin/sh
# A small private certificate authority for the database tier, and each machine's certificate and key:
# etcd, Patroni's REST API and PostgreSQL on the database machines, and HAProxy on the app machines, all
# prove who they are with these, and trust nothing else. Run it on one trusted machine (not an app
# machine), keep the folder there, and copy each machine's files to it as docs/database-failover.md
# describes.
#
#   sh deploy/make-certificates.sh [--renew] FOLDER ca
#       The authority: FOLDER/ca.key and FOLDER/ca.crt (ten years). With --renew, a new ca.crt from the
#       same key, so every certificate it signed stays valid.
#   sh deploy/make-certificates.sh [--renew] FOLDER server NAME [NAME-OR-ADDRESS...]
#       A database machine: FOLDER/NAME.key and FOLDER/NAME.crt (two years), good for both ends of a
#       connection, naming NAME and every further name or IP address given.
#   sh deploy/make-certificates.sh [--renew] FOLDER client NAME [NAME-OR-ADDRESS...]
#       An app machine: the same, and FOLDER/NAME.pem (both in one file, for HAProxy), but good only for
#       connecting, never for being connected to, so an app machine can never pass for a database one.
#
# Run again, it keeps a certificate that is still signed by the authority, names the same names and
# has more than 30 days left, and makes a new key and certificate otherwise; --renew always does.
# Keys are EC P-256 (small and fast to check) and readable by their owner only (0600).
set -eu

usage() {
  sed -n '8,16p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

renew=""
if [ "${1:-}" = "--renew" ]; then
  renew=1
  shift
fi
[ $# -ge 2 ] || usage
folder=$1
kind=$2
shift 2

# Private keys are created private, never made private afterwards.
umask 077
mkdir -p "$folder"
ca_key="$folder/ca.key"
ca_crt="$folder/ca.crt"
ca_days=3650
days=730
config="$(mktemp)"
trap 'rm -f "$config" "$config.csr"' EXIT

# A new key is made by the same command that uses it: `-newkey ec` with these, written unencrypted
# (-nodes) since the services read it unattended. Left unquoted where used: it is several words.
new_key="-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout"

# A random 128-bit serial number: no two certificates share one, even if the authority's folder is
# ever rebuilt from its key.
serial() {
  echo "0x$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
}

# The authority's certificate, from a new key (with "new") or the one it has.
make_ca() {
  cat >"$config" <<EOF
[req]
distinguished_name = dn
prompt = no
x509_extensions = ca
[dn]
CN = ${CA_NAME:-Database tier certificate authority}
[ca]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
EOF
  if [ "${1:-}" = new ]; then
    openssl req -new -x509 -config "$config" $new_key "$ca_key" -sha256 -days "$ca_days" \
      -set_serial "$(serial)" -out "$ca_crt.new" 2>/dev/null
  else
    openssl req -new -x509 -config "$config" -key "$ca_key" -sha256 -days "$ca_days" \
      -set_serial "$(serial)" -out "$ca_crt.new"
  fi
  chmod 0644 "$ca_crt.new"
  mv "$ca_crt.new" "$ca_crt"
}

case "$kind" in
ca)
  [ $# -eq 0 ] || usage
  if [ ! -f "$ca_key" ]; then
    make_ca new
    echo "Made the authority: $ca_crt (its key, $ca_key, never leaves this folder)."
  elif [ -n "$renew" ] || [ ! -f "$ca_crt" ] || ! openssl x509 -in "$ca_crt" -noout -checkend 31536000 >/dev/null; then
    make_ca
    echo "Renewed $ca_crt from the same key: copy it to every machine; their certificates stay valid."
  else
    echo "Kept the authority $ca_crt (more than a year left)."
  fi
  exit 0
  ;;
server)
  purposes="serverAuth, clientAuth"
  ;;
client)
  purposes="clientAuth"
  ;;
*)
  usage
  ;;
esac

[ $# -ge 1 ] || usage
name=$1
shift
case "$name" in
"" | ca | -* | *[!A-Za-z0-9.-]*)
  echo "A machine's name is letters, digits, dots and hyphens (and not 'ca'): not '$name'." >&2
  exit 2
  ;;
esac
if [ ! -f "$ca_key" ] || [ ! -f "$ca_crt" ]; then
  echo "No authority in $folder: make it first with: sh $0 $folder ca" >&2
  exit 1
fi

# The names the certificate vouches for: the machine's name first, then each further name or address.
san="DNS:$name"
for each in "$@"; do
  case "$each" in
  *[!0-9.]*)
    case "$each" in
    *:*) san="$san,IP:$each" ;;
    *) san="$san,DNS:$each" ;;
    esac
    ;;
  *) san="$san,IP:$each" ;;
  esac
done

key="$folder/$name.key"
crt="$folder/$name.crt"
if [ -z "$renew" ] && [ -f "$key" ] && [ -f "$crt" ] && { [ "$kind" = server ] || [ -f "$folder/$name.pem" ]; } &&
  openssl verify -CAfile "$ca_crt" "$crt" >/dev/null 2>&1 &&
  openssl x509 -in "$crt" -noout -checkend 2592000 >/dev/null &&
  [ "$(openssl x509 -in "$crt" -noout -ext subjectAltName 2>/dev/null | sed 1d | tr -d ' ' | sed 's/IPAddress:/IP:/g')" = "$san" ] &&
  [ "$(openssl x509 -in "$crt" -noout -ext extendedKeyUsage 2>/dev/null | sed 1d | sed 's/^ *//')" = \
    "$(echo "$purposes" | sed 's/serverAuth/TLS Web Server Authentication/; s/clientAuth/TLS Web Client Authentication/')" ]; then
  echo "Kept $crt ($san)."
  exit 0
fi

# No Common Name, only the names above (critical, as an empty subject requires): etcd's JSON gateway,
# which Patroni speaks, refuses every client certificate that has one, and etcd would otherwise take a
# Common Name as the user a client speaks for, without its password.
cat >"$config" <<EOF
[req]
distinguished_name = dn
prompt = no
[dn]
[machine]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = $purposes
subjectAltName = critical, $san
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
openssl req -new -config "$config" $new_key "$key.new" -subj / -out "$config.csr" 2>/dev/null
# OpenSSL reports a good signature on stderr too: show its words only when it failed.
if ! said=$(openssl x509 -req -in "$config.csr" -CA "$ca_crt" -CAkey "$ca_key" -set_serial "$(serial)" \
  -sha256 -days "$days" -extfile "$config" -extensions machine -out "$crt.new" 2>&1); then
  echo "$said" >&2
  exit 1
fi
chmod 0644 "$crt.new"
mv "$key.new" "$key"
mv "$crt.new" "$crt"
echo "Made $crt and $key ($san, $days days)."
# HAProxy, the app machines' user of these, reads a certificate and its key from one file.
if [ "$kind" = client ]; then
  cat "$crt" "$key" >"$folder/$name.pem"
  echo "Made $folder/$name.pem (both in one file, for HAProxy)."
fi
