# Sourced by .ci/run: installs Debian's PostgreSQL if needed, starts a private server on
# loopback in a temporary directory (as the `postgres` user; initdb refuses root), creates
# a database and exports its URL as BOTFORGE_TEST_PG. A server that cannot start fails CI.
command -v pg_ctlcluster >/dev/null \
  || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
pg_dir=$(mktemp -d /tmp/botforge-pg.XXXXXX)
chown postgres "$pg_dir"
runuser -u postgres -- "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >/dev/null
pg_port=""
for port in $(shuf -i 20000-60000 -n 20); do
  if runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
      -o "-p $port -k $pg_dir -c listen_addresses=127.0.0.1" start >/dev/null; then
    pg_port=$port
    break
  fi
done
if [ -z "$pg_port" ]; then
  cat "$pg_dir/log" >&2
  echo "PostgreSQL could not be started" >&2
  exit 1
fi
trap 'runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null; rm -rf "$pg_dir"' EXIT
runuser -u postgres -- "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" botforge_test
export BOTFORGE_TEST_PG="postgres://postgres@127.0.0.1:$pg_port/botforge_test"
