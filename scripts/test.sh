#!/usr/bin/env bash
# Installs what is missing, then runs every check and test: formatting, lints, the
# engine's unit, property and command-line tests, the engine's determinism corpus on wasm32
# under Node, a release wasm build through Trunk, and the browser tests in headless Chromium
# against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --with-browser
source scripts/env.sh

step() { printf '\n\033[1;34m== %s\033[0m\n' "$*"; }

step "cargo fmt --check"
cargo fmt --all -- --check

step "documentation links (scripts/check-doc-links.sh)"
scripts/check-doc-links.sh

step "cargo clippy (native, and the app for wasm32)"
cargo clippy --all-targets --quiet -- -D warnings
if [[ "$(cat target/wasm-toolchain)" == "prebuilt" ]]; then
  # The page's own settings: std's sorts and B-trees stay out of the wasm (see the file).
  CLIPPY_CONF_DIR=scripts/wasm-clippy \
    cargo clippy --target wasm32-unknown-unknown --bin hexfair-web --quiet -- -D warnings
fi

step "engine tests (cargo test --release)"
cargo test --release

step "engine on wasm32 under Node (wasm-bindgen-test): same boards as native"
# A target directory of its own: wasm_env sets RUSTC_BOOTSTRAP, which proc-macro2's build
# script watches, so sharing target/debug with the native clippy above rebuilt every proc
# macro and what uses them twice a run (about a minute), once here and once in the next
# run's clippy.
wasm_env cargo test --target wasm32-unknown-unknown --target-dir target/wasm-test --test determinism

step "benchmark, quick mode (hexfair bench --quick)"
cargo run --release --quiet -- bench --quick
cargo run --release --quiet -- bench --bulk --quick

step "release wasm build (trunk build --release)"
rm -rf dist
wasm_env trunk build --release --offline

step "browser tests (headless Chromium, Playwright)"
node --test --test-concurrency=1 tests/browser/

step "download benchmark, quick mode (first visit at 1.6 Mbps / 150 ms / CPU 4x; browser search speed)"
node tests/browser/bench-download.mjs --quick
