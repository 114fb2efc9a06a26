#!/usr/bin/env bash
# Installs everything tdapp needs into .venv and builds the front-end assets from npm.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
# Each install leaves a stamp of what it installed from, inside what it installed; a later run
# (every `scripts/test.sh`) with the same inputs skips it (about 10 s). A fresh checkout, or a
# removed .venv or node_modules, has no stamp: everything is installed.
fingerprint() { cat "$@" | sha256sum | cut -d" " -f1; }
python_wanted="$(fingerprint pyproject.toml) [$extras]"
if [ "$(cat .venv/.tdapp-installed 2>/dev/null)" != "$python_wanted" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  if [ -n "$extras" ]; then
    .venv/bin/python -m pip install -q -e ".[$extras]"
  else
    .venv/bin/python -m pip install -q -e .
  fi
  echo "$python_wanted" > .venv/.tdapp-installed
fi
npm_wanted="$(fingerprint package.json package-lock.json)"
if [ "$(cat node_modules/.tdapp-installed 2>/dev/null)" != "$npm_wanted" ]; then
  npm install --no-audit --no-fund --silent
  echo "$npm_wanted" > node_modules/.tdapp-installed
fi
npm run --silent build
