#!/usr/bin/env bash
# A fuzz campaign over the fuzz preset's targets (docs/fuzzing.md).
#   fuzz/campaign.sh SECONDS [TARGET...]     (default: every target; build-fuzz/ must be built)
# Runs each target for SECONDS at nice 19 (one process each, LANES at once, default 2), with
# libFuzzer's -timeout=TIMEOUT (default 300 s: at nice 19 on a busy machine a sanitized input that
# takes 0.2 s in a release build can take a minute of wall time; a hang still shows). A run
# that stops on a finding is restarted until its time is used. New inputs go to
# build-fuzz/fuzz/corpus/<target>, findings to build-fuzz/fuzz/findings/<target>-*, logs to
# build-fuzz/fuzz/campaign/; last, one line per target: executions, runs stopped by a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: fuzz/campaign.sh SECONDS [TARGET...]" >&2; exit 2; }
seconds=$1; shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(notation_roundtrip eval table audit conform prove)
lanes=${LANES:-2}
b=build-fuzz/fuzz
mkdir -p "$b/campaign" "$b/findings"

run_target() {
  local t=$1 end=$(( $(date +%s) + seconds )) execs=0 findings=0 n=0 left
  : > "$b/campaign/$t.log"
  while left=$(( end - $(date +%s) )); [ "$left" -gt 5 ]; do
    n=$((n + 1))
    mkdir -p "$b/corpus/$t"
    if nice -n 19 build-fuzz/bin/layoutref-fuzz-$t -max_total_time=$left -timeout=${TIMEOUT:-300} -rss_limit_mb=2048 \
         -dict=fuzz/cute.dict -print_final_stats=1 -artifact_prefix="$b/findings/$t-" \
         "$b/corpus/$t" "$b/seeds/$t" > "$b/campaign/$t.run$n.log" 2>&1; then :; else findings=$((findings + 1)); fi
    local e
    e=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$b/campaign/$t.run$n.log" | grep -o '[0-9]*$' | tail -1)
    [ -n "$e" ] || e=$(grep -o '^#[0-9]*' "$b/campaign/$t.run$n.log" | tr -d '#' | tail -1)
    execs=$((execs + ${e:-0}))
    cat "$b/campaign/$t.run$n.log" >> "$b/campaign/$t.log"
  done
  printf '%s\t%s\t%s\t%s\n' "$t" "$seconds" "$execs" "$findings" > "$b/campaign/$t.summary"
}

running=0
for t in "${targets[@]}"; do
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$lanes" ]; then wait -n; running=$((running - 1)); fi
done
wait
printf 'target\tseconds\texecutions\truns stopped by a finding\n'
for t in "${targets[@]}"; do cat "$b/campaign/$t.summary"; done
