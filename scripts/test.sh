#!/usr/bin/env bash
# Sets up tdapp with its test tools and runs the whole suite: lint, then pytest on SQLite and PostgreSQL.
# `bash scripts/test.sh quick` is the loop of writing code (on a set-up checkout): lint, then the
# pure layers, the services and the API on SQLite alone, with no browser, no server process and
# no PostgreSQL, in about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
# Some machines (this CI's among them) set PYTHONDONTWRITEBYTECODE: every server, CLI run and
# gunicorn worker a test starts would then compile tdapp and its libraries from source again,
# half a second of CPU each, some sixty times a run. The caches are ignored by git.
unset PYTHONDONTWRITEBYTECODE
if [ "${1:-}" = quick ]; then
  shift
  if [ ! -x .venv/bin/python ]; then
    echo "run bash scripts/setup.sh test (or the whole bash scripts/test.sh) once first" >&2
    exit 1
  fi
  .venv/bin/ruff check tdapp tests bench
  # What starts processes of its own is marked `processes` (tests/conftest.py); every test of
  # test_socket.py drives servers, Redis among them. The long ones (`slow`: the route fuzzing
  # among them) and the page sweep (a browser test) stay in the full run.
  TDAPP_TEST_DATABASES=sqlite exec .venv/bin/python -m pytest -n 2 \
    -m "not browser and not slow and not hosted and not processes" \
    --ignore=tests/browser --ignore=tests/hosted --ignore=tests/web/test_socket.py "$@"
fi
bash scripts/setup.sh test
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Debian's chromium is needed for the browser tests: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi
# tests/hosted runs deploy/nginx.conf in front of gunicorn: Debian's nginx, as a hoster has it.
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  else
    echo "Debian's nginx is needed for the hosted tests: sudo apt-get install -y nginx" >&2
    exit 1
  fi
fi
.venv/bin/ruff check tdapp tests bench
# Three workers on this machine's two cores: much of a browser or server test is waiting (for a
# page, a process, a level end), which another worker fills; four were no faster and pushed the
# browser tests' waits past their timeouts. The tests that kill servers or time level ends run
# one after the other in two xdist groups (tests/conftest.py). pytest's closing line
# ("N passed, N failed in ...") stays the last line: CI reads it.
if [ "${1:-}" = repeat ]; then
  # The flakiness gate: `bash scripts/test.sh repeat 20 tests/hosted tests/web/test_socket.py`
  # runs those tests 20 times, each run a fresh pytest process (a fresh topology, fresh
  # servers), and ends with how many runs failed; a failed run's output is kept.
  runs="${2:?how many runs: bash scripts/test.sh repeat N [pytest arguments]}"
  shift 2
  folder="$(mktemp -d -t tdapp-repeat-XXXXXX)"
  failed=0
  for run in $(seq 1 "$runs"); do
    if .venv/bin/python -m pytest -p no:cacheprovider "$@" >"$folder/run$run.txt" 2>&1; then
      echo "run $run of $runs: $(tail -n 1 "$folder/run$run.txt")"
      rm "$folder/run$run.txt"
    else
      failed=$((failed + 1))
      echo "run $run of $runs FAILED: $(tail -n 1 "$folder/run$run.txt") (output: $folder/run$run.txt)"
      grep -E '^(FAILED|ERROR) ' "$folder/run$run.txt" || true
    fi
  done
  echo "repeat: $((runs - failed)) of $runs runs passed, $failed failed"
  [ "$failed" = 0 ]
  exit
fi
.venv/bin/python -m pytest -n 3 --dist loadgroup --durations=20 "$@"
