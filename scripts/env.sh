# Sourced by the build scripts after setup.sh: puts the project's tools on PATH and, when
# the wasm32 target comes from Debian's rustc-web, tells cargo to build std from source.
# Only wasm builds (wasm_env trunk ...) get the Debian environment; native builds keep
# rustup's default toolchain.
HEXFAIR_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HEXFAIR_ROOT/tests/browser/node_modules/.bin:$HOME/.cargo/bin:$PATH"

# Every wasm build leaves out panics' file names and line numbers (`-Zlocation-detail=none`,
# which a stable compiler takes with RUSTC_BOOTSTRAP): no panic message reaches a player, and
# the page's wasm is 7 KB gzip smaller for it (docs/download.md). Native builds keep them.
# And every `{:?}` and derived Debug prints nothing (`-Zfmt-debug=none`): nothing the page or
# its workers show or send is written with Debug, the determinism corpus prints its values
# without it, and the page's first visit is 1.7 KB gzip smaller for it.
WASM_RUSTFLAGS="-Zlocation-detail=none -Zfmt-debug=none"

wasm_env() {
  if [[ "$(cat "$HEXFAIR_ROOT/target/wasm-toolchain" 2>/dev/null)" == "debian" ]]; then
    RUSTUP_TOOLCHAIN=system \
    RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$WASM_RUSTFLAGS" \
    CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=rust-lld \
      "$@"
  else
    RUSTC_BOOTSTRAP=1 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$WASM_RUSTFLAGS" \
      "$@"
  fi
}
