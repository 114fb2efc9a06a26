#!/usr/bin/env bash
# Sets up tdapp and starts it on SQLite with a demo tournament.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# A fresh database gets the demo tournament once; later starts leave the data as it is.
.venv/bin/tdapp demo --if-empty
exec .venv/bin/tdapp run --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}"
