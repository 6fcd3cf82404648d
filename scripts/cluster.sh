#!/usr/bin/env bash
# npm run cluster: the production topology on one machine without Docker — PostgreSQL, Redis, two app instances
# (ports 3101 and 3102, local mode: demo data and the local gateways) and nginx in front of them with the same
# configuration as docker-compose.yml (http://127.0.0.1:8080, and HTTP/2 on https://127.0.0.1:8443 with a
# self-signed certificate). Everything lives in a temporary directory; Ctrl-C stops what it started, by PID.
# Needs PostgreSQL 15+ (PG_BIN), redis-server, nginx and openssl.
set -euo pipefail
cd "$(dirname "$0")/.."
HTTP_PORT=${HTTP_PORT:-8080}
HTTPS_PORT=${HTTPS_PORT:-8443}
# The proxy's ceiling on one address's API requests (docker-compose.yml sets the same).
export API_RATE=${API_RATE:-30r/s} API_BURST=${API_BURST:-300}
APP_PORTS=(${APP_PORTS:-3101 3102})
WORK=$(mktemp -d /tmp/haoanxin-cluster-XXXXXX)
# nginx workers (another user when started as root) read and write under it.
chmod 755 "$WORK"
PG_PID= PG_DIR= REDIS_PID= REDIS_DIR= NGINX_PID=
APP_PIDS=()

stop() {
  trap - EXIT
  for pid in "${APP_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${APP_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$NGINX_PID" ] && kill -QUIT "$NGINX_PID" 2>/dev/null; then
    for _ in $(seq 1 100); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
  fi
  [ -n "$REDIS_PID" ] && kill "$REDIS_PID" 2>/dev/null || true
  [ -n "$PG_PID" ] && scripts/stop-postgres.sh "$PG_PID" "$PG_DIR" || true
  rm -rf "$WORK" "${REDIS_DIR:-}"
}
# A signal ends the script, and its end stops everything.
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

wait_ready() {
  for _ in $(seq 1 180); do
    curl -sf "http://127.0.0.1:$1/api/ready" >/dev/null 2>&1 && return 0
    kill -0 "$2" 2>/dev/null || { echo "实例 :$1 启动失败，见 $WORK/app-$1.log" >&2; cat "$WORK/app-$1.log" >&2; return 1; }
    sleep 1
  done
  echo "实例 :$1 3 分钟内没有就绪" >&2
  return 1
}

# Taken before it is evaluated: `eval "$(start)"` answers 0 for a start that failed, and set -e would not stop.
pg_env=$(PG_PORT=${PG_PORT:-55433} scripts/start-postgres.sh)
eval "$pg_env"
redis_env=$(REDIS_PORT=${REDIS_PORT:-56380} scripts/start-redis.sh)
eval "$redis_env"
export DATABASE_URL REDIS_URL TRUST_PROXY=loopback DATA_DIR="$WORK/data"

# One after the other: the first migrates (under the advisory lock either would take) and seeds the demo.
for port in "${APP_PORTS[@]}"; do
  # node itself, not a runner that relays signals: SIGTERM reaches the server once, and it drains.
  PORT=$port node --import tsx scripts/start.ts >"$WORK/app-$port.log" 2>&1 &
  APP_PIDS+=($!)
  echo $! >"$WORK/app-$port.pid"
  wait_ready "$port" "$!"
done

mkdir -p "$WORK/certs" "$WORK/nginx"
openssl req -x509 -newkey rsa:2048 -nodes -days 7 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$WORK/certs/privkey.pem" -out "$WORK/certs/fullchain.pem" 2>/dev/null
APP1=127.0.0.1:${APP_PORTS[0]} APP2=127.0.0.1:${APP_PORTS[1]} HTTP_PORT=127.0.0.1:$HTTP_PORT \
  HTTPS_PORT=127.0.0.1:$HTTPS_PORT CERT_DIR="$WORK/certs" CACHE_DIR="$WORK/nginx/cache" \
  envsubst '${APP1} ${APP2} ${HTTP_PORT} ${HTTPS_PORT} ${CERT_DIR} ${CACHE_DIR} ${API_RATE} ${API_BURST}' \
  <deploy/nginx.conf.template >"$WORK/nginx/site.conf"
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events {}
http {
    access_log $WORK/nginx/access.log;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    include $WORK/nginx/site.conf;
}
CONF
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
NGINX_PID=$(cat "$WORK/nginx/nginx.pid")

echo "号安心 cluster: http://127.0.0.1:$HTTP_PORT  https://127.0.0.1:$HTTPS_PORT (HTTP/2, self-signed)"
echo "  instances: ${APP_PORTS[*]} (logs and PIDs in $WORK), PostgreSQL $DATABASE_URL, Redis $REDIS_URL"
echo "  Ctrl-C stops everything."
# Until then: an instance that stops, or is stopped, leaves the rest running (the proxy answers for it).
while true; do sleep 1; done
