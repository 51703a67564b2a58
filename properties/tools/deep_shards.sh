#!/usr/bin/env bash
# Run every property with CASES cases in all, split into SHARDS runs of CASES/SHARDS cases with
# the seeds 1..SHARDS, JOBS at a time (the `deep` preset runs one seed per property; this is the
# same case count spread over many cores). Prints one line per property: pass/FAIL and the cases
# that passed; a failing shard's output is kept in OUTDIR.
#   properties/tools/deep_shards.sh PROGRAM [CASES] [SHARDS] [JOBS] [OUTDIR] [GTEST_FILTER]
#   properties/tools/deep_shards.sh build-deep/bin/layoutref-properties 100000 16 16 deep-out 'product.*' 
set -u
prog=${1:?usage: deep_shards.sh PROGRAM [CASES] [SHARDS] [JOBS] [OUTDIR]}
cases=${2:-100000}
shards=${3:-16}
jobs=${4:-$(nproc)}
outdir=${5:-deep-shards}
filter=${6:-*}
mkdir -p "$outdir"
per=$(( (cases + shards - 1) / shards ))
tests=$("$prog" --gtest_list_tests --gtest_filter="$filter" | awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}')
for t in $tests; do for s in $(seq 1 "$shards"); do echo "$t $s"; done; done |
  xargs -P "$jobs" -n 2 sh -c 'RC_PARAMS="seed=$2 max_success='"$per"' verbose_progress=0" "'"$prog"'" --gtest_filter="$1" > "'"$outdir"'/$1.$2.log" 2>&1; echo "$1 $2 $?" >> "'"$outdir"'/status"' sh
fail=0
for t in $tests; do
  ok=0; bad=0; n=0
  for s in $(seq 1 "$shards"); do
    if grep -q "^\[       OK \]" "$outdir/$t.$s.log"; then
      got=$(sed -n 's/^OK, passed \([0-9]*\) tests.*/\1/p' "$outdir/$t.$s.log" | head -1)
      # rapidcheck_gtest prints "OK, passed N tests" only for properties with tags; a pass is
      # always max_success successful cases.
      ok=$((ok + 1)); n=$((n + ${got:-$per}))
    else
      bad=$((bad + 1))
    fi
  done
  if [ "$bad" -eq 0 ]; then printf 'pass %-60s %8d cases\n' "$t" "$n"; else printf 'FAIL %-60s %d of %d shards failed (%s/%s.*.log)\n' "$t" "$bad" "$shards" "$outdir" "$t"; fail=1; fi
done
exit $fail
