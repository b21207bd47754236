#!/usr/bin/env bash
# Everything CI checks, in four lanes side by side, so that the two cores are
# both busy from the first second:
#   native   from the start, while the installs run (it needs only cargo):
#            formatting, clippy and the native tests; run niced
#   site     once installed: the wasm build and dist/, then the end-to-end
#            tests that play the real page (Playwright, Debian's Chromium)
#   engines  once dist/ is built: the same scenarios in the three engines a
#            classroom uses (tests/engines/: Chromium, Firefox ESR, WebKitGTK)
#   checks   once installed: clippy for wasm32, then, once the site is built:
#            JS type checks, i18n, the fuzzer, the guides' examples and links,
#            and the wasm API in headless Chromium; run niced, so that the
#            browsers' timing-sensitive pages come first
# Each lane writes its own log, printed whole when it ends; a failed lane
# fails the run after every lane has ended. The time of each step is
# printed at the end (scripts/test.sh's figures in docs/ come from it).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

times=$(mktemp)
lanes=$(mktemp -d)
native_pid=
# The native lane runs in a session of its own (setsid): ending the run, by a
# failure or Ctrl-C, ends its cargo too.
trap '[ -z "$native_pid" ] || kill -- -"$native_pid" 2>/dev/null; rm -rf "$times" "$lanes"' EXIT
# timed "what" command...: runs it, and notes how long it took.
timed() {
  local what=$1 t0=$SECONDS
  shift
  step "$what"
  local rc=0
  "$@" || rc=$?
  printf '%5d s  %s\n' $((SECONDS - t0)) "$what" >>"$times"
  return $rc
}

lane_native() {
  timed "cargo fmt --check" cargo fmt --all --check
  timed "cargo clippy, native (warnings are errors)" cargo clippy --all-targets -- -D warnings
  timed "cargo test (native)" cargo test
}
# Started before the installs: cargo is all it needs, and building
# wasm-bindgen-cli keeps only one core busy for most of its time.
setsid nice -n 10 bash -c "set -euo pipefail; $(declare -f step timed lane_native); times='$times'; lane_native" \
  >"$lanes/native.log" 2>&1 &
native_pid=$!

# A failed install or lockfile ends the run here, the native lane with it.
stop_native() {
  kill -- -"$native_pid" 2>/dev/null || true
  wait "$native_pid" 2>/dev/null || true
  cat "$lanes/native.log"
  exit 1
}
timed "install what is missing (wasm-bindgen-cli, Debian's browsers, npm packages, side by side)" \
  bash scripts/setup.sh test || stop_native

lockfile_kept() {
  # A clean checkout stays clean after its own install.
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git diff --exit-code --stat package-lock.json || {
      echo "error: package-lock.json changed during the install; commit the lock npm writes" >&2
      return 1
    }
  fi
}
timed "the lockfile as committed" lockfile_kept || stop_native

built="$lanes/built"
lane_site() {
  timed "build wasm, bundle dist/" bash -c 'bash scripts/build.sh && node scripts/bundle.mjs'
  touch "$built"
  timed "end-to-end tests (Playwright, /usr/bin/chromium)" node_modules/.bin/playwright test
}

wait_for_site() {
  while [ ! -e "$built" ]; do
    # The site lane ended without a site: nothing to test here.
    kill -0 "$site_pid" 2>/dev/null || { [ -e "$built" ] || { echo "the site was not built" >&2; return 1; }; }
    sleep 1
  done
}

lane_engines() {
  wait_for_site
  # A missing engine fails here with the command that installs it.
  timed "cross-engine scenarios (Chromium, Firefox ESR, WebKitGTK)" node --test --test-reporter=spec tests/engines/
}

lane_checks() {
  timed "cargo clippy, wasm32 (warnings are errors)" cargo clippy --target wasm32-unknown-unknown --lib --tests -- -D warnings
  wait_for_site
  timed "tsc --checkJs" node_modules/.bin/tsc -p jsconfig.json
  timed "i18n: every sentence in both languages, every error code translated" node scripts/check-i18n.mjs
  timed "fuzz both wasm modules in node (the audit's cases, then 40,000 seeded calls)" node scripts/fuzz-wasm.mjs --calls 40000
  # The embedding guide's HTML runs in the browser, with the end-to-end tests (tests/docs.spec.mjs).
  timed "docs and units: the guides' JavaScript, links and parameter tables; numbers as Intl writes them" \
    node --test tests/docs/ tests/unit/
  # The runner reads crate/webdriver.json (Debian's chromium, headless flags).
  timed "wasm-bindgen-test in headless Chromium" \
    bash -c 'cd crate && CHROMEDRIVER=/usr/bin/chromedriver cargo test --profile wasm-test --target wasm32-unknown-unknown --no-default-features --features games,study --test web'
}

# Each lane in the background, into its own log.
lane_site >"$lanes/site.log" 2>&1 &
site_pid=$!
lane_engines >"$lanes/engines.log" 2>&1 &
engines_pid=$!
nice -n 10 bash -c "set -euo pipefail; $(declare -f step timed wait_for_site lane_checks); built='$built' times='$times' site_pid=$site_pid; lane_checks" \
  >"$lanes/checks.log" 2>&1 &
checks_pid=$!

failed=()
for lane in native checks site engines; do
  pid_var="${lane}_pid"
  if wait "${!pid_var}"; then status=passed; else status=FAILED; failed+=("$lane"); fi
  step "lane '$lane' ($status)"
  cat "$lanes/$lane.log"
done

step "time per step (lanes side by side; total $((SECONDS / 60)) min $((SECONDS % 60)) s)"
cat "$times"
if [ ${#failed[@]} -gt 0 ]; then
  echo "error: failed: ${failed[*]}" >&2
  exit 1
fi
echo "every check passed"
