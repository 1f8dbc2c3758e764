#!/usr/bin/env bash
# Runs a command with every process's clock starting at a given time of today and moving on from
# there (libfaketime, Debian's package faketime): the suite at the edges of the day, as
# test/README.md lists them. The time is in the sites' zone unless a zone is given.
#
#   bash scripts/test-at.sh 23:59 npm test
#   bash scripts/test-at.sh 00:00 UTC npm test
#   bash scripts/test-at.sh 02:00 npx playwright test
#
# PostgreSQL servers keep the real clock (their column defaults would disagree with the app's), so
# leave TEST_DATABASE_URL and E2E_DATABASE_URL unset: npm test then runs on SQLite and PGlite, in
# the faked processes.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "Usage: bash scripts/test-at.sh HH:MM [ZONE] command..." >&2
  exit 2
fi
time_of_day="$1"
shift
zone="Asia/Kuala_Lumpur"
if [ -e "/usr/share/zoneinfo/$1" ] && [ $# -gt 1 ]; then
  zone="$1"
  shift
fi
if ! command -v faketime >/dev/null; then
  echo "Installing Debian's faketime..."
  apt-get install -y -qq faketime >/dev/null
fi
day="$(TZ="$zone" date +%F)"
# One offset from the real clock for every process (an absolute start would restart the clock in
# each process it starts: the server, the browser and the tests would disagree).
offset=$(($(TZ="$zone" date -d "$day $time_of_day" +%s) - $(date +%s)))
unset TEST_DATABASE_URL E2E_DATABASE_URL
echo "Clock from $day $time_of_day ($zone), $offset s from now: $*"
if [ "$offset" -ge 0 ]; then offset="+$offset"; fi
TZ="$zone" exec faketime -f "$offset" "$@"
