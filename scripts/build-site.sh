#!/usr/bin/env bash
# The release build of the site, exactly as GitHub Pages publishes it: Trunk with its
# post-build hook (scripts/stamp-release.mjs), into dist/, at PUBLIC_URL, the path the site is
# served under. .github/workflows/pages.yml builds with it ("/REPOSITORY/"), and so does
# scripts/test.sh ("/hexfair/", where the browser tests serve dist/), so what CI tests is
# what Pages deploys.
# Usage: scripts/build-site.sh PUBLIC_URL   (after scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
public_url="${1:-}"
if [[ ! "$public_url" =~ ^(\./|/|/[A-Za-z0-9._-]+/)$ ]]; then
  echo "usage: scripts/build-site.sh PUBLIC_URL, where PUBLIC_URL is ./, / or /NAME/ (got '$public_url')" >&2
  exit 2
fi
source scripts/env.sh
rm -rf dist
# The boards a first visit shows before the app has loaded (index.html): sixteen balanced
# boards of the app's first settings, drawn by the engine natively (outside wasm_env, so the
# native build is the tests' own) and named by the release hook. Their seeds are below a
# billion, as the app's, and follow from the commit, so a rebuild of the same sources is the
# same release.
first_boards="$PWD/target/first-boards.jsonl"
commit=$(git rev-parse --short=7 HEAD 2>/dev/null || echo 0)
cargo build --release --quiet --bin hexfair
for i in $(seq 0 15); do
  target/release/hexfair generate --mode balanced --seed $(((16#$commit * 16 + i) % 1000000000)) \
    --play-games 0 --format page
done >"$first_boards"
HEXFAIR_FIRST_BOARDS="$first_boards" wasm_env trunk build --release --offline --public-url "$public_url"
