#!/usr/bin/env bash
# Builds the Rust crate to wasm and generates its JavaScript glue in www/pkg/.
set -euo pipefail
cd "$(dirname "$0")/.."

#   build.sh           compiles the two modules, then binds and optimises them
#   build.sh compile   only compiles them (npm test does it while wasm-bindgen-cli
#                      installs) into target/wasm-modules/
#   build.sh bind      only binds and optimises what `compile` left there
mode=${1:-all}
modules=target/wasm-modules
if [ "$mode" != bind ]; then
  mkdir -p "$modules"
  for module in games study; do
    # --lib: the command line (src/bin) is native only, and its wasm file would
    # have the library's name. Both modules are impartial.wasm: each is kept
    # under its own name before the other is built.
    cargo build --release --target wasm32-unknown-unknown -p impartial --lib --no-default-features --features "$module"
    cp target/wasm32-unknown-unknown/release/impartial.wasm "$modules/$module.wasm"
  done
fi
[ "$mode" = compile ] && exit 0

want=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)"/\1/p' crate/Cargo.toml)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$want" != "$have" ]; then
  echo "error: crate/Cargo.toml pins wasm-bindgen $want but wasm-bindgen-cli is ${have:-not installed}." >&2
  echo "       The two must match exactly; run: cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

# Two modules from one crate: `games` (the sessions every game page loads) and
# `study` (game graphs and the solvers' lab, loaded when those sections are
# used). Each is built, bound, optimised and checked against the budget.
rm -rf www/pkg
mkdir -p www/pkg
for module in games study; do
  name=impartial
  [ "$module" = study ] && name=impartial_study
  wasm-bindgen --target web --out-dir www/pkg --out-name "$name" "$modules/$module.wasm"
  # free() inside a call on the same object (from its progress callback or a
  # getter of an argument) throws wasm-bindgen's uncoded "attempted to take
  # ownership" after releasing the object, which is then dropped when the
  # call returns. Passing allow_delayed = 1, as wasm-bindgen's own finalizer
  # does, makes that release silent: free() there is deferred to the end of
  # the call (issue 25). The generated glue is pinned with wasm-bindgen.
  classes=$(grep -c '^export class ' "www/pkg/${name}.js")
  sed -i -E 's/^( +wasm\.__wbg_[a-z0-9_]+_free\(ptr), 0\);$/\1, 1);/' "www/pkg/${name}.js"
  deferred=$(grep -cE '^ +wasm\.__wbg_[a-z0-9_]+_free\(ptr, 1\);$' "www/pkg/${name}.js" || true)
  if [ "$deferred" != "$classes" ]; then
    echo "error: www/pkg/${name}.js: $deferred of $classes classes' free() defer (wasm-bindgen's glue changed?)" >&2
    exit 1
  fi
  # Binaryen's optimizer (npm package, no native download): -O3 keeps the
  # solver's speed and takes about a tenth off the download. Only small
  # functions with one caller are inlined: by default all are, which put the
  # hot loops the crate keeps apart (#[inline(never)]: a heap's or a block's
  # value) back into the one long call that runs them, where V8 never leaves
  # its baseline tier (heap_values('0.6', 2**20) in node: 20 s, 10 s so; the
  # modules are also 3 to 4 KB smaller).
  node_modules/.bin/wasm-opt -O3 --one-caller-inline-max-function-size 200 \
    "www/pkg/${name}_bg.wasm" -o "www/pkg/${name}_bg.wasm"
  # The download budget (issue 6): 150 KB gzipped, as scripts/bench-page.mjs counts it.
  gz=$(gzip -9 -c "www/pkg/${name}_bg.wasm" | wc -c)
  echo "[build] www/pkg/${name}_bg.wasm ($module): $(du -k "www/pkg/${name}_bg.wasm" | cut -f1) KiB, $(awk "BEGIN {printf \"%.1f\", $gz/1000}") KB gzipped (budget 150 KB)"
  if [ "$gz" -gt 150000 ]; then
    echo "error: the $module module is $gz bytes gzipped, over the 150 KB budget" >&2
    exit 1
  fi
done
