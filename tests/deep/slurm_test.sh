#!/usr/bin/env bash
# deep.slurm_local (label deep): the deep-run scripts of deep/slurm/ on a real Slurm, a single
# node on this machine (deep/slurm/local-cluster.sh: Debian's slurm-wlm, slurmctld and slurmd in
# the foreground, munge with a generated key). Submits, with deep/slurm/submit.sh, a small deep run
# of the property program and an audit of vector files, each a 4-task job array plus the merge job
# that depends on it (afterok), waits for the merge jobs, and requires each merged report to equal
# the same run done in one process, byte for byte. Stops the daemons it started (trap).
# Exit 0 pass, 1 fail, 77 skipped (ctest SKIP_RETURN_CODE): Slurm or munge missing, or a daemon
# that does not come up here, with the reason.
#   slurm_test.sh SOURCE_DIR BIN_DIR WORK_DIR
set -u
src=$1
bin=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
unset RC_PARAMS
export LAYOUTREF_PROPERTY_RESULTS=

cluster=$(mktemp -d "${TMPDIR:-/tmp}/layoutref-slurm.XXXXXX")
cleanup() {
  "$src/deep/slurm/local-cluster.sh" stop "$cluster"
  rm -rf "$cluster"
}
trap cleanup EXIT
"$src/deep/slurm/local-cluster.sh" start "$cluster" >"$work/cluster.log" 2>&1
rc=$?
cat "$work/cluster.log"
if [ $rc -ne 0 ]; then
  echo "deep.slurm_local: skipped, no single-node Slurm here: $(head -n 1 "$work/cluster.log")"
  exit 77
fi
# shellcheck disable=SC1091
. "$cluster/env"
t0=$(date +%s)

filter='coalesce.*:complement.*:composition.impl_matches_spec_composable:tensor.law_mma_partitions_cover_the_tile'
vectors=("$src/tests/conformance/cute/index.tsv" "$src/tests/conformance/cute/divide.tsv" "$src/tests/cli/sample.tsv")
fail() {
  echo "deep.slurm_local: FAIL: $1"
  for f in "$work"/*/slurm-*.out "$work"/*/merge-*.out; do [ -f "$f" ] && { echo "--- $f"; tail -n 20 "$f"; }; done
  squeue 2>&1 | head -n 20
  exit 1
}

"$src/deep/slurm/submit.sh" properties --shards 4 --out "$work/properties" --bin "$bin" --seed 5 --cases 400 --chunks 4 \
  --filter "$filter" || fail "submitting the property run"
"$src/deep/slurm/submit.sh" audit --shards 4 --out "$work/audit" --bin "$bin" -- "${vectors[@]}" || fail "submitting the audit"

# Wait for the merge jobs (they start once their array has succeeded).
for suite in properties audit; do
  read -r array merge <"$work/$suite/jobs"
  for _ in $(seq 1 450); do
    [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
    sleep 0.2
  done
  state=$(scontrol show job "$merge" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -n 1)
  exit_code=$(scontrol show job "$merge" 2>/dev/null | sed -n 's/.* ExitCode=\([0-9:]*\).*/\1/p' | head -n 1)
  echo "$suite: array job $array, merge job $merge: $state (exit $exit_code)"
  # The audit's vectors include sample.tsv's wrong cases: its merge exits 1 (failures), a FAILED job.
  want=COMPLETED
  [ "$suite" = audit ] && want=FAILED
  [ "$state" = "$want" ] || fail "the $suite merge job ended $state, expected $want"
  [ -s "$work/$suite/merged.json" ] || fail "no merged report for $suite"
  sed 's/^/  /' "$work/$suite/summary.txt" | head -n 12
done
echo "slurm: both runs, 8 array tasks and 2 merge jobs, in $(( $(date +%s) - t0 )) s"

# The same runs in one process.
"$bin/layoutref-properties" --gtest_filter="$filter" --gtest_brief=1 --seed 5 --cases 400 --chunks 4 \
  --report "$work/properties-whole.json" >"$work/properties-whole.log" 2>&1
"$bin/layoutref" audit --report "$work/audit-whole.json" "${vectors[@]}" >"$work/audit-whole.log" 2>&1
for suite in properties audit; do
  cmp "$work/$suite-whole.json" "$work/$suite/merged.json" ||
    fail "the merged $suite report differs from the run in one process ($work/$suite/merged.json, $work/$suite-whole.json)"
  echo "$suite: merged report of 4 Slurm shards = the run in one process ($(wc -c <"$work/$suite-whole.json") bytes)"
done
echo "deep.slurm_local: pass"
