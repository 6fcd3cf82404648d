#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 on 127.0.0.1 for the integration pass.
# Prints `DATABASE_URL=… PG_PID=… PG_DIR=…` for eval; stop it with scripts/stop-postgres.sh.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
PORT=${PG_PORT:-55432}
DIR=$(mktemp -d /tmp/haoanxin-pg-XXXXXX)
chmod 755 "$DIR"
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$DIR"
  as_pg() { su postgres -c "$*"; }
else
  as_pg() { bash -c "$*"; }
fi
as_pg "$BIN/initdb -D $DIR/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >"$DIR/initdb.log" 2>&1
as_pg "$BIN/pg_ctl -D $DIR/data -l $DIR/log.txt -w start -o \"-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off\"" >/dev/null
PID=$(head -n 1 "$DIR/data/postmaster.pid")
echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres PG_PID=$PID PG_DIR=$DIR"
