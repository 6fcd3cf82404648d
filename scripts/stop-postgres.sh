#!/usr/bin/env bash
# Stops the PostgreSQL started by start-postgres.sh by its PID (fast shutdown) and removes its directory.
set -uo pipefail
PID=${1:?usage: stop-postgres.sh PID DIR}
DIR=${2:?usage: stop-postgres.sh PID DIR}
kill -INT "$PID" 2>/dev/null
for _ in $(seq 1 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
rm -rf "$DIR"
