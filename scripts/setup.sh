#!/usr/bin/env bash
# Installs what Hexfair needs to build and test, skipping whatever is already there at the
# right version. Safe to run again and again. Usage: scripts/setup.sh [--with-browser]
#
# What it installs (Debian 12 with rustup):
#   - the wasm32-unknown-unknown target: rustup's prebuilt one when rustup can fetch it
#     within a few minutes, else Debian's rustc-web with the standard library built from
#     source (build-std); scripts/env.sh tells the build which one is in use;
#   - Trunk 0.21.14 and the wasm-bindgen CLI at exactly Cargo.lock's version (cargo install;
#     it brings wasm-bindgen-test-runner, which runs the wasm32 tests under Node);
#   - Node packages from tests/browser/package-lock.json: wasm-opt (binaryen 132) and
#     playwright-core;
#   - with --with-browser: Debian's chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
with_browser=false
[[ "${1:-}" == "--with-browser" ]] && with_browser=true

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

apt_updated=false
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  if ! $apt_updated; then
    as_root apt-get update -qq
    apt_updated=true
  fi
  say "apt-get install ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

command -v cargo >/dev/null || { echo "setup: cargo not found; install Rust with rustup first" >&2; exit 1; }

# 1. The wasm32 target.
mkdir -p target
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "prebuilt" > target/wasm-toolchain
elif say "rustup target add wasm32-unknown-unknown (3 minutes at most)" &&
     timeout 180 rustup target add wasm32-unknown-unknown; then
  echo "prebuilt" > target/wasm-toolchain
else
  say "rustup could not fetch the wasm32 target: using Debian's rustc-web with build-std"
  apt_install rustc-web cargo-web rust-web-src lld-22
  rustup toolchain list | grep -q '^system' || rustup toolchain link system /usr
  echo "debian" > target/wasm-toolchain
fi

# 2. Trunk, pinned: newer ones need a newer rustc than this machine has.
if [[ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]]; then
  say "cargo install trunk $TRUNK_VERSION (several minutes)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# 3. wasm-bindgen CLI, exactly the library's version from Cargo.lock.
[[ -f Cargo.lock ]] || cargo generate-lockfile
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]]; then
  say "cargo install wasm-bindgen-cli $bindgen_version (several minutes)"
  # Not --locked: its lock file names a dependency version the registry no longer has.
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

# 4. Node packages (wasm-opt for release builds, playwright-core for the browser tests),
#    kept in tests/browser/: a package.json at the crate root would make wasm-bindgen treat
#    it as the crate's npm dependencies.
command -v npm >/dev/null || apt_install nodejs npm
#    npm's own record, node_modules/.package-lock.json, leaves out the root package, so it
#    never equals the lock file: a copy of the lock file installed from is kept beside it
#    instead, or every run would reinstall (and need the network).
if ! cmp -s tests/browser/package-lock.json tests/browser/node_modules/.installed-from-lock.json 2>/dev/null; then
  say "npm ci (tests/browser)"
  npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
  cp tests/browser/package-lock.json tests/browser/node_modules/.installed-from-lock.json
fi

# 5. The browser, for tests only.
if $with_browser && [[ ! -x /usr/bin/chromium ]]; then
  apt_install chromium
fi

# 6. With build-std, the standard library's own crates (dlmalloc and friends) come from the
#    registry: fetch them with one online build, since Trunk builds offline.
if [[ "$(cat target/wasm-toolchain)" == "debian" ]]; then
  say "building std for wasm32 once online (fetches its crates)"
  (source scripts/env.sh && wasm_env cargo build --release --target wasm32-unknown-unknown --bin hexfair-web)
fi

say "ready ($(cat target/wasm-toolchain) wasm32 toolchain, $(trunk --version), $(wasm-bindgen --version))"
