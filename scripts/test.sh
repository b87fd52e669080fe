#!/usr/bin/env bash
# Installs what is missing, then runs every check and test: formatting, lints, the
# engine's unit, property and command-line tests, the engine's determinism corpus on wasm32
# under Node, the release hook's tests, the site's release build as Pages publishes it (at a
# sub-path), and the browser tests in headless Chromium against that build, served there.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --with-browser
source scripts/env.sh

step() { printf '\n\033[1;34m== %s\033[0m\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "documentation links (scripts/check-doc-links.sh)"
scripts/check-doc-links.sh

step "the release hook on every public URL (tests/scripts)"
node --test tests/scripts/

step "cargo clippy (native, and the app for wasm32)"
cargo clippy --all-targets --quiet -- -D warnings
if [[ "$(cat target/wasm-toolchain)" == "prebuilt" ]]; then
  # The page's own settings: std's sorts and B-trees stay out of the wasm (see the file);
  # the play worker's and the linked board's modules too.
  CLIPPY_CONF_DIR=scripts/wasm-clippy \
    cargo clippy --target wasm32-unknown-unknown --bin hexfair-web --bin hexfair-play --bin hexfair-link --quiet -- -D warnings
fi

step "engine tests (cargo test --release), the engine on wasm32 under Node beside them"
# The wasm32 run is one Node process, one core's work, and the native tests' slowest tests
# leave a core idle at the end of each file: run side by side, they take little more than the
# native tests alone. Its output is shown after theirs. It builds in a target directory of
# its own: wasm_env sets RUSTC_BOOTSTRAP, which proc-macro2's build script watches, so
# sharing target/debug with the wasm32 clippy above rebuilt every proc macro and what uses
# them twice a run (about a minute), and target/ stays free for the native tests' lock.
# A process group of its own (setsid), so a failing step ends it and all its children.
wasm_log=$(mktemp)
setsid bash -c 'source scripts/env.sh && wasm_env cargo test --target wasm32-unknown-unknown \
  --target-dir target/wasm-test --test determinism' >"$wasm_log" 2>&1 &
wasm_pid=$!
trap 'kill -- -"$wasm_pid" 2>/dev/null || true; rm -f "$wasm_log"' EXIT
cargo test --release

step "engine on wasm32 under Node (wasm-bindgen-test): same boards as native"
wasm_status=0
wait "$wasm_pid" || wasm_status=$?
cat "$wasm_log"
trap - EXIT
rm -f "$wasm_log"
if [[ $wasm_status -ne 0 ]]; then
  echo "the wasm32 determinism test failed (exit status $wasm_status)" >&2
  exit "$wasm_status"
fi

step "benchmark, quick mode (hexfair bench --quick)"
cargo run --release --quiet --bin hexfair -- bench --quick
cargo run --release --quiet --bin hexfair -- bench --bulk --quick

step "release build of the site as Pages publishes it (scripts/build-site.sh /hexfair/)"
# The public URL is the path the browser tests serve dist/ under (tests/browser/harness.mjs,
# SUB_PATH), as Pages serves the site under the repository's name: what is tested is what
# .github/workflows/pages.yml deploys, built by the same script.
scripts/build-site.sh /hexfair/

step "browser tests (headless Chromium, Playwright)"
# Two files at a time: a file mostly waits on its page (one used about half a core of two),
# and each file has its own server, browser and pages. Alone afterwards, one at a
# time: bench.test.mjs, which reports timings, and the two files whose tests act part way
# through a search or a play-test (chances, search), which a busy machine could let finish
# first (chances.test.mjs failed so once in four runs two at a time, on a machine at load 10).
alone='/(bench|chances|search)\.test\.mjs$'
node --test --test-concurrency=2 $(ls tests/browser/*.test.mjs | grep -Ev "$alone")
node --test --test-concurrency=1 $(ls tests/browser/*.test.mjs | grep -E "$alone")

step "download benchmark, quick mode (first visit at 1.6 Mbps / 150 ms / CPU 4x; browser search speed)"
node tests/browser/bench-download.mjs --quick
