#!/bin/sh
# Start a throwaway PostgreSQL 15 on loopback for integration tests; prints the connection URL.
set -e
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
DIR=${PGTEST_DIR:-/tmp/pgtest}
PORT=${PGTEST_PORT:-55432}
if ! [ -f "$DIR/PG_VERSION" ]; then
  mkdir -p "$DIR"; chown postgres "$DIR" 2>/dev/null || true
  su postgres -s /bin/sh -c "$PGBIN/initdb -D $DIR -U postgres --auth=trust -E UTF8 >/dev/null" 2>/dev/null || "$PGBIN/initdb" -D "$DIR" -U postgres --auth=trust -E UTF8 >/dev/null
fi
if ! "$PGBIN/pg_isready" -h 127.0.0.1 -p "$PORT" -q; then
su postgres -s /bin/sh -c "$PGBIN/pg_ctl -D $DIR -o '-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l $DIR/log -w start >/dev/null" 2>/dev/null || "$PGBIN/pg_ctl" -D "$DIR" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" -l "$DIR/log" -w start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
