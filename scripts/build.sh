#!/usr/bin/env bash
# Builds the Rust crate to wasm and generates its JavaScript glue in www/pkg/.
set -euo pipefail
cd "$(dirname "$0")/.."

want=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' crate/Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$want" != "$have" ]; then
  echo "error: crate/Cargo.toml pins wasm-bindgen $want but wasm-bindgen-cli is ${have:-not installed}." >&2
  echo "       The two must match exactly; run: cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

cargo build --release --target wasm32-unknown-unknown -p impartial
rm -rf www/pkg
wasm-bindgen --target web --out-dir www/pkg target/wasm32-unknown-unknown/release/impartial.wasm
# Binaryen's optimizer (npm package, no native download): -O3 keeps the
# solver's speed and takes about a tenth off the download.
node_modules/.bin/wasm-opt -O3 www/pkg/impartial_bg.wasm -o www/pkg/impartial_bg.wasm
# The download budget (issue 6): 150 KB gzipped, as scripts/bench-page.mjs counts it.
gz=$(gzip -9 -c www/pkg/impartial_bg.wasm | wc -c)
echo "[build] www/pkg: $(du -k www/pkg/impartial_bg.wasm | cut -f1) KiB wasm, $(awk "BEGIN {printf \"%.1f\", $gz/1000}") KB gzipped (budget 150 KB)"
if [ "$gz" -gt 150000 ]; then
  echo "error: the wasm module is $gz bytes gzipped, over the 150 KB budget" >&2
  exit 1
fi
