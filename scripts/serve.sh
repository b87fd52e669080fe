#!/usr/bin/env bash
# Installs what is missing, then builds the app and serves it at http://127.0.0.1:8080/
# (rebuilding on change). Set HEXFAIR_PORT to use another port.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
wasm_env trunk serve --release --offline --address 127.0.0.1 --port "${HEXFAIR_PORT:-8080}"
