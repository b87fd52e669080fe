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
wasm_env trunk build --release --offline --public-url "$public_url"
