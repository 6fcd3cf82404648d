#!/usr/bin/env bash
# Starts a throwaway Redis on 127.0.0.1. Prints `REDIS_URL=… REDIS_PID=… REDIS_DIR=…` for eval.
set -euo pipefail
PORT=${REDIS_PORT:-56379}
DIR=$(mktemp -d /tmp/haoanxin-redis-XXXXXX)
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --pidfile "$DIR/redis.pid" --dir "$DIR" --logfile "$DIR/redis.log"
for _ in $(seq 1 50); do [ -s "$DIR/redis.pid" ] && break; sleep 0.1; done
echo "REDIS_URL=redis://127.0.0.1:$PORT REDIS_PID=$(cat "$DIR/redis.pid") REDIS_DIR=$DIR"
