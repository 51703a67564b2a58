#!/usr/bin/env bash
# layoutref deep runs on Slurm: submit one suite as a job array of N shards and the merge job that
# depends on it (docs/deep-runs.md). Run from the repository root.
#
#   deep/slurm/submit.sh properties [--shards N] [--out DIR] [--bin DIR] [--seed S] [--cases M] [--chunks C] [--filter F]
#   deep/slurm/submit.sh audit|conform [--shards N] [--out DIR] [--bin DIR] -- [OPTION...] FILE...
#   deep/slurm/submit.sh gpu-sweep [--shards N] [--out DIR] [--bin DIR] -- [--quick] [--max-shape N] [--max-stride N]
#   common: [--sbatch 'ARGS'] (more sbatch arguments for both jobs: a partition, an account, a time limit)
#
# Submits `sbatch --array=0-(N-1) deep/slurm/SCRIPT` (properties.sbatch, vectors.sbatch or
# gpu-sweep.sbatch; default N: 16, 8 for gpu-sweep), then `sbatch --dependency=afterok:ARRAY
# deep/slurm/merge.sbatch`, both with --chdir here and DEEP_OUT (default deep-out/SUITE) and
# LAYOUTREF_BIN (default build/bin) in their environment. Prints the two job ids (also written to
# DIR/jobs); the merged report is DIR/merged.json, its summary DIR/summary.txt, each task's log
# DIR/slurm-ARRAY_K.out. Refuses a DIR that holds reports already.
set -euo pipefail

usage() {
  sed -n '4,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

suite=${1:-}
[ -n "$suite" ] || usage
shift
case "$suite" in
  properties) script=properties.sbatch; shards=16 ;;
  audit|conform) script=vectors.sbatch; shards=8 ;;
  gpu-sweep) script=gpu-sweep.sbatch; shards=8 ;;
  *) echo "submit.sh: unknown suite \`$suite\` (properties, audit, conform, gpu-sweep)" >&2; usage ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
out=deep-out/$suite
bin=build/bin
extra=""
exports=""
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards=${2:?--shards needs a number}; shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --bin) bin=${2:?--bin needs a directory}; shift 2 ;;
    --sbatch) extra=${2:?--sbatch needs arguments}; shift 2 ;;
    --seed) exports+=",DEEP_SEED=${2:?}"; shift 2 ;;
    --cases) exports+=",DEEP_CASES=${2:?}"; shift 2 ;;
    --chunks) exports+=",DEEP_CHUNKS=${2:?}"; shift 2 ;;
    --filter) exports+=",DEEP_FILTER=${2:?}"; shift 2 ;;
    --) shift; args=("$@"); break ;;
    *) echo "submit.sh: unknown argument \`$1\`" >&2; usage ;;
  esac
done
case "$shards" in
  ''|*[!0-9]*|0) echo "submit.sh: --shards needs a whole number of at least 1, got \`$shards\`" >&2; exit 2 ;;
esac
if [ "$suite" = audit ] || [ "$suite" = conform ]; then
  [ ${#args[@]} -gt 0 ] || { echo "submit.sh: $suite needs vector files after --" >&2; exit 2; }
  args=("$suite" "${args[@]}")
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
bin=$(cd "$bin" && pwd)
if compgen -G "$out/shard-*.json" >/dev/null || [ -e "$out/merged.json" ]; then
  echo "submit.sh: $out holds the reports of an earlier run; remove them or give another --out" >&2
  exit 2
fi
env_list="ALL,DEEP_OUT=$out,LAYOUTREF_BIN=$bin$exports"
# shellcheck disable=SC2086
array=$(sbatch --parsable --chdir="$PWD" --array="0-$((shards - 1))" --output="$out/slurm-%A_%a.out" --export="$env_list" $extra \
  "$here/$script" "${args[@]}")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable --chdir="$PWD" --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$out/merge-%j.out" \
  --export="$env_list" $extra "$here/merge.sbatch")
merge=${merge%%;*}
echo "$array $merge" >"$out/jobs"
echo "submit.sh: $suite: array job $array ($shards shards: --array=0-$((shards - 1))), merge job $merge (afterok:$array); reports in $out"
