#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on loopback for the server's PostgreSQL tests and prints
# its URL. Usage: eval "$(scripts/postgres-test-server.sh)"  (exports PAPERS_TEST_POSTGRES_URL);
# scripts/postgres-test-server.sh stop  stops it. Needs Debian's postgresql package
# (scripts/apt-packages.txt); runs the server as user postgres.
set -euo pipefail
PORT="${PAPERS_PG_PORT:-55432}"
DIR="${PAPERS_PG_DIR:-/tmp/papers-postgres-$PORT}"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
as_postgres() { if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi; }
export PGOPTIONS=--client-min-messages=warning
if [ "${1:-}" = stop ]; then
  as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  exit 0
fi
if ! as_postgres "$BIN/pg_isready" -h 127.0.0.1 -p "$PORT" -q 2>/dev/null; then
  rm -rf "$DIR"
  mkdir -p "$DIR"
  chown postgres "$DIR"
  as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" -w start >/dev/null
fi
as_postgres "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qc "DROP DATABASE IF EXISTS papers_test" >/dev/null
as_postgres "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -qc "CREATE DATABASE papers_test" >/dev/null
echo "export PAPERS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PORT/papers_test"
