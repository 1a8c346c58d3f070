# A PostgreSQL of its own for a CI run: a temporary data directory, loopback only, trust auth.
# Debian's server refuses to run as root, so it runs as the postgres user.

pg_bin() {
  local found
  found=$(command -v "$1" 2>/dev/null || ls /usr/lib/postgresql/*/bin/"$1" 2>/dev/null | tail -1)
  [ -n "$found" ] || { echo "no $1: install Debian's postgresql" >&2; return 1; }
  echo "$found"
}

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$*"; else sudo -u postgres sh -c "$*"; fi
}

start_throwaway_postgres() {
  local initdb pg_ctl port
  initdb=$(pg_bin initdb); pg_ctl=$(pg_bin pg_ctl)
  id postgres >/dev/null 2>&1 || ${SUDO:-} useradd -m postgres
  THROWAWAY_PGDATA=$(mktemp -d /tmp/formue-ci-pg.XXXXXX)
  chown postgres "$THROWAWAY_PGDATA" 2>/dev/null || ${SUDO:-} chown postgres "$THROWAWAY_PGDATA"
  port=$((54000 + RANDOM % 1000))
  as_postgres "$initdb -A trust -U postgres -D $THROWAWAY_PGDATA" >/dev/null
  as_postgres "$pg_ctl -D $THROWAWAY_PGDATA -w -l $THROWAWAY_PGDATA/log \
    -o \"-p $port -k $THROWAWAY_PGDATA -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" start" >/dev/null
  THROWAWAY_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export THROWAWAY_PGDATA THROWAWAY_DATABASE_URL
}

stop_throwaway_postgres() {
  [ -n "${THROWAWAY_PGDATA:-}" ] || return 0
  as_postgres "$(pg_bin pg_ctl) -D $THROWAWAY_PGDATA -m fast stop" >/dev/null 2>&1 || true
  # Its files are the postgres user's: without root, only that user may remove them.
  rm -rf "$THROWAWAY_PGDATA" 2>/dev/null || as_postgres "rm -rf $THROWAWAY_PGDATA"
}
