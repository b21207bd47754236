#!/usr/bin/env bash
# Everything CI checks, in four lanes side by side, so that the two cores are
# both busy from the first second. The longest chain is the site's (the wasm
# build, dist/, then Playwright); every other lane fills in around it.
#   site     from the start: the wasm modules compiled while the installs
#            run; once installed, bound, optimised and bundled into dist/,
#            then the end-to-end tests that play the real page (Playwright,
#            Debian's Chromium headless shell)
#   native   from the start, at nice 5 (it needs only cargo): formatting, clippy
#            and the native tests
#   engines  once dist/ is built: the same scenarios in the other two engines
#            a classroom uses (tests/engines/: Firefox ESR, WebKitGTK)
#   checks   once installed, at nice 5: the wasm API's tests, built by
#            clippy for wasm32, in headless Chromium, then, once the site is
#            built: JS type
#            checks, i18n, the fuzzer, the guides' examples and links
# Each lane writes its own log, printed whole when it ends; a failed lane
# fails the run after every lane has ended. The time of each step is
# printed at the end (the README's figures come from it).
set -euo pipefail
cd "$(dirname "$0")/.."
# Incremental compilation only pays on a rebuild after a small change; on a
# fresh clone, as CI runs this, its bookkeeping costs our crate's part of the
# native test build a seventh of its CPU (111 s against 129 at opt-level 3).
export CARGO_INCREMENTAL=0
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

times=$(mktemp)
run_start=$(date +%s)
# The whole machine's busy CPU time, in clock ticks (/proc/stat's first
# line: user, nice, system, irq, softirq, steal), other work on it included
# (in a container, the host's): on two cores the run cannot end before half
# of it, so this says whether a change cut work or only moved it.
busy_ticks() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8 + $9; found = 1; exit} END {if (!found) print 0}' /proc/stat 2>/dev/null || echo 0; }
busy_start=$(busy_ticks)
lanes=$(mktemp -d)
# A control group of this run's own, for each step's CPU (timed, below):
# cgroup v2, at its usual mounts; none where this user may not make one.
cg_root=
for d in /sys/fs/cgroup /sys/fs/cgroup/unified; do
  if [ -f "$d/cgroup.procs" ] && [ -f "$d/cgroup.controllers" ] && mkdir "$d/npm-test.$$" 2>/dev/null; then
    cg_root="$d/npm-test.$$"
    break
  fi
done
installed="$lanes/installed"
built="$lanes/built"
# Each lane is a process group of its own (job control on), in this run's
# session: its nice level counts against the other lanes' (a new session
# would get a scheduling group of its own, and an equal share of the cores
# whatever its nice level). Ending the run, by a failure or Ctrl-C, ends
# every lane with everything it started.
set -m
lane_pids=()
trap 'for p in "${lane_pids[@]}"; do kill -- -"$p" 2>/dev/null || true; done; rm -rf "$times" "$lanes"; [ -z "$cg_root" ] || rmdir "$cg_root"/step.* "$cg_root" 2>/dev/null || true' EXIT

# timed "what" command...: runs it, and notes how long it took, on the
# clock and in CPU. On two cores the clock says which lane is long; the CPU
# says which step to cut. The CPU is the step's control group's where this
# run may make one (cgroup v2, as root: every process the step starts,
# browsers and their renderers included, even those their parent never
# waits for), else `times` in its subshell (its own and its waited-for
# children's: most browser processes are missed), marked so.
timed() {
  local what=$1 t0 cpu cg=
  t0=$(date +%s)
  shift
  step "$what"
  local rc=0
  cpu=$(mktemp)
  if [ -n "$cg_root" ]; then
    cg="$cg_root/step.$t0.$RANDOM"
    mkdir "$cg" 2>/dev/null || cg=
  fi
  # `times` in the subshell itself: in a pipe it would run in a fork,
  # which has no children yet.
  # (The step's group is used only if the subshell could move into it.)
  ( [ -n "$cg" ] && echo "$BASHPID" >"$cg/cgroup.procs" 2>/dev/null && touch "$cpu.in-group"
    rc=0; "$@" || rc=$?; times >"$cpu"; exit $rc ) || rc=$?
  local secs mark=
  if ! { [ -e "$cpu.in-group" ] && secs=$(awk '/^usage_usec/ { printf "%d", $2 / 1e6; found = 1 } END { exit !found }' "$cg/cpu.stat" 2>/dev/null); }; then
    secs=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%d", t }' "$cpu")
    mark='*'
  fi
  [ -z "$cg" ] || rmdir "$cg" 2>/dev/null || true
  printf '%5d s  %5s s CPU%1s (from %3d s)  %s\n' $(($(date +%s) - t0)) "$secs" "$mark" $((t0 - run_start)) "$what" >>"$times"
  rm -f "$cpu" "$cpu.in-group"
  return $rc
}

# wait_for FILE PID: until FILE exists; fails if PID ended without making it.
wait_for() {
  while [ ! -e "$1" ]; do
    kill -0 "$2" 2>/dev/null || [ -e "$1" ] || { echo "not there, and nothing left to make it: $1" >&2; return 1; }
    sleep 1
  done
}

lane_site() {
  # Compiling the two modules takes most of the build, and needs only cargo
  # and the wasm32 target: it runs while wasm-bindgen-cli and the browsers
  # install.
  timed "compile the wasm modules (while the installs run)" bash scripts/build.sh compile
  wait_for "$installed" "$main_pid"
  timed "bind and optimise the wasm modules, bundle dist/" bash -c 'bash scripts/build.sh bind && node scripts/bundle.mjs'
  touch "$built"
  timed "end-to-end tests (Playwright, Debian's Chromium headless shell)" node_modules/.bin/playwright test
}

lane_native() {
  timed "cargo fmt --check" cargo fmt --all --check
  timed "cargo clippy, native (warnings are errors)" cargo clippy --all-targets -- -D warnings
  # The unit and integration tests, then the doc tests; not the examples,
  # which clippy has checked and which only measure (building them would
  # add their code generation and links for nothing run).
  timed "cargo test (native)" bash -c 'cargo test --tests && cargo test --doc'
}

lane_engines() {
  wait_for "$built" "$site_pid"
  # A missing engine fails here with the command that installs it. A driver
  # call that never returns would keep the scenarios waiting past their own
  # timeouts (the next ones queue behind it): the lane fails after 20 min
  # (a loaded run takes about 6) rather than hold the run.
  # Firefox ESR and WebKitGTK: Chromium plays the same pages in the whole
  # Playwright suite (its run of the scenarios cost some 35 s of CPU for
  # nothing that suite does not check); `node --test tests/engines/` runs
  # all three.
  timed "cross-engine scenarios (Firefox ESR, WebKitGTK)" env ENGINES=firefox,webkit timeout --kill-after=10 1200 node --test --test-reporter=spec tests/engines/
}

lane_checks() {
  # Clippy on wasm32 (the module and the tests that run there, tests/web.rs;
  # the unit tests run natively only, and the native clippy reads them) in
  # the build of those tests: clippy-driver compiles our crate, with its
  # lints and warnings as errors, as rustc would (cargo's workspace wrapper;
  # the dependencies are rustc's, their lints capped). One compilation of
  # the crate instead of a `cargo clippy` check and then a build: about 40 s
  # of CPU less (60 s against 62 + 42, fresh). The runner reads
  # crate/webdriver.json (Debian's chromium, headless flags). It needs the
  # installs, not dist/: it runs before the wait, so that its build is not
  # the last thing left when the other lanes end. A failure there still
  # lets the checks after it run (the lane fails at its end).
  local wasm_tests=0
  timed "clippy for wasm32 (warnings are errors), then wasm-bindgen-test in headless Chromium" \
    bash -c 'cd crate && CHROMEDRIVER=/usr/bin/chromedriver RUSTC_WORKSPACE_WRAPPER=clippy-driver CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS=-Dwarnings cargo test --profile wasm-test --target wasm32-unknown-unknown --no-default-features --features games,study --test web' ||
    wasm_tests=1
  wait_for "$built" "$site_pid"
  timed "tsc --checkJs" node_modules/.bin/tsc -p jsconfig.json
  timed "i18n: every sentence in both languages, every error code translated" node scripts/check-i18n.mjs
  timed "fuzz both wasm modules in node (the audit's cases, then 20,000 seeded calls)" node scripts/fuzz-wasm.mjs --calls 20000
  # The embedding guide's HTML runs in the browser, with the end-to-end tests (tests/docs.spec.mjs).
  timed "docs and units: the guides' JavaScript, links and parameter tables; numbers as Intl writes them" \
    node --test tests/docs/ tests/unit/
  return "$wasm_tests"
}

# lane NAME [nice]: runs lane_NAME in the background into its own log.
main_pid=$$
lane() {
  local name=$1 niceness=${2:-0}
  nice -n "$niceness" bash -c "set -euo pipefail; $(declare -f step timed wait_for "lane_$name"); times='$times' run_start='$run_start' cg_root='$cg_root' installed='$installed' built='$built' main_pid=$main_pid site_pid=${site_pid:-0}; lane_$name" \
    >"$lanes/$name.log" 2>&1 &
  lane_pids+=($!)
}

# The site's compile needs the wasm32 target: added first (a few seconds).
bash scripts/setup.sh target
lane site
site_pid=$!
lane native 5
native_pid=$!

if ! timed "install what is missing (wasm-bindgen-cli, Debian's browsers, npm packages, side by side)" bash scripts/setup.sh test; then
  for name in site native; do cat "$lanes/$name.log"; done
  exit 1
fi
lockfile_kept() {
  # A clean checkout stays clean after its own install.
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git diff --exit-code --stat package-lock.json || {
      echo "error: package-lock.json changed during the install; commit the lock npm writes" >&2
      return 1
    }
  fi
}
timed "the lockfile as committed" lockfile_kept || exit 1
touch "$installed"

lane engines
engines_pid=$!
lane checks 5
checks_pid=$!

failed=()
for name in native checks site engines; do
  pid_var="${name}_pid"
  if wait "${!pid_var}"; then status=passed; else status=FAILED; failed+=("$name"); fi
  step "lane '$name' ($status)"
  cat "$lanes/$name.log"
done

total=$(($(date +%s) - run_start))
step "time per step (lanes side by side; total $((total / 60)) min $((total % 60)) s)"
cat "$times"
if grep -q 'CPU\*' "$times"; then echo "(* its own CPU and its waited-for children's only: no control group for it)"; fi
tick=$(getconf CLK_TCK 2>/dev/null || echo 100)
busy=$((($(busy_ticks) - busy_start) / ${tick:-100}))
if [ "$busy" -gt 0 ] && [ "$total" -gt 0 ]; then
  echo "the whole machine's CPU time over the run: $busy s on $(nproc) cores ($((busy * 100 / (total * $(nproc)))) % busy)"
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "error: failed: ${failed[*]}" >&2
  exit 1
fi
echo "every check passed"
