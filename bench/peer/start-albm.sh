#!/bin/sh
# Starts the built peer (setup-albm.sh) on port 3200 with its data in $ALBM_DATA, and seeds its demo content on the
# first start (its own scripts/seed-demo.mjs: 3 portfolio galleries, a client and an event gallery). Prints the
# server's pid; measure with BENCH_PEER_URL=http://127.0.0.1:3200 npm run bench -- --only=lighthouse.
set -eu
ALBM_DIR=${ALBM_DIR:-/tmp/albm}
ALBM_DATA=${ALBM_DATA:-/tmp/albm-data}
mkdir -p "$ALBM_DATA"
cd "$ALBM_DIR"
[ -f "$ALBM_DATA/.hash" ] || node scripts/hash-password.mjs demo123 > "$ALBM_DATA/.hash"
[ -f "$ALBM_DATA/.secret" ] || openssl rand -hex 32 > "$ALBM_DATA/.secret"
SESSION_SECRET=$(cat "$ALBM_DATA/.secret") DATA_DIR="$ALBM_DATA" ADMIN_PASSWORD_HASH=$(cat "$ALBM_DATA/.hash") \
  BASE_URL=http://localhost:3200 DISABLE_UPDATE_CHECK=1 NEXT_TELEMETRY_DISABLED=1 PORT=3200 \
  nohup node node_modules/next/dist/bin/next start -p 3200 > "$ALBM_DATA/server.log" 2>&1 &
echo $! > "$ALBM_DATA/server.pid"
for _ in $(seq 60); do curl -sf -o /dev/null http://127.0.0.1:3200/ && break; sleep 1; done
if [ ! -f "$ALBM_DATA/.seeded" ]; then
  node scripts/seed-demo.mjs && touch "$ALBM_DATA/.seeded"
fi
echo "albm at http://127.0.0.1:3200 (pid $(cat "$ALBM_DATA/server.pid"))"
