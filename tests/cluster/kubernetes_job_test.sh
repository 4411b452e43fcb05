#!/usr/bin/env bash
# The Kubernetes Indexed Job of examples/cluster/explore-job.yaml, without a cluster:
# each pod's command, read from the YAML as written, is run the way the pod runs it
# (its `command` with JOB_COMPLETION_INDEX set to 0 .. completions-1, /project and
# /results mapped to folders here, the seed range shortened), then the merge Job's
# command; the report must equal a single run's byte for byte. What Kubernetes adds
# (scheduling the pods, the shared volume) is not exercised; the manifests were
# checked against the Kubernetes API schema by hand (docs/cluster.md says how).
#
#   kubernetes_job_test.sh BURROW_EXECUTABLE SOURCE_DIR
set -euo pipefail
burrow=$(realpath "$1")
source_dir=$(realpath "$2")
yaml="$source_dir/examples/cluster/explore-job.yaml"

fail() { echo "kubernetes_job_test: $*" >&2; exit 1; }

work=$(mktemp -d /tmp/burrow-k8s.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project" "$work/results" "$work/single" "$work/bin"
cp "$source_dir"/examples/cellular-depths.* "$work/project/"
ln -s "$burrow" "$work/bin/burrow" # the image has `burrow` on its PATH

# A container's args: the folded block (`- >-`) after `args:`, its lines joined by
# spaces as YAML folds them. `which` picks the Job: 1 explore, 2 merge.
args_of() {
    awk -v which="$1" '
        /^kind: Job/ { job++ }
        job == which && /^ *args:/ { inArgs = 1; next }
        job == which && inArgs && /^ *- >-/ { folded = 1; next }
        job == which && inArgs && !folded && /^ *- / { sub(/^ *- /, ""); print; exit }
        job == which && folded { if ($0 ~ /^ *[a-zA-Z]+:/) exit; sub(/^ +/, ""); line = line (line == "" ? "" : " ") $0 }
        END { if (line != "") print line }' "$yaml"
}
field_of() { awk -v which="$1" -v key="$2" '/^kind: Job/ { job++ } job == which && $1 == key":" { print $2; exit }' "$yaml"; }

explore=$(args_of 1)
merge=$(args_of 2)
completions=$(field_of 1 completions)
[ -n "$explore" ] && [ -n "$merge" ] || fail "no args found in $yaml"
[[ "$completions" =~ ^[0-9]+$ ]] || fail "no completions in $yaml"
case "$explore" in *'$((JOB_COMPLETION_INDEX + 1))/'"$completions"*) ;; *) fail "the explore command does not take its shard from JOB_COMPLETION_INDEX: $explore" ;; esac

local_paths() { sed -e "s#/project#$work/project#g" -e "s#/results#$work/results#g" -e 's#1\.\.100000#1..48#'; }
explore=$(printf '%s' "$explore" | local_paths)
merge=$(printf '%s' "$merge" | local_paths)
for ((index = 0; index < completions; ++index)); do
    PATH="$work/bin:$PATH" JOB_COMPLETION_INDEX=$index sh -c "$explore" > "$work/pod-$index.log" 2>&1 || { cat "$work/pod-$index.log" >&2; fail "pod $index failed: $explore"; }
done
[ "$(ls "$work/results"/part-*-of-"$completions".jsonl | wc -l)" -eq "$completions" ] || fail "expected $completions parts, found: $(ls "$work/results")"
PATH="$work/bin:$PATH" sh -c "$merge" > "$work/merge.log" 2>&1 || { cat "$work/merge.log" >&2; fail "the merge failed: $merge"; }

"$burrow" explore "$work/project/cellular-depths.burrow.json" --seeds 1..48 --jobs 2 --out "$work/single" > /dev/null
for f in report.html summary.json seeds.jsonl contact-sheet.png; do
    cmp -s "$work/results/$f" "$work/single/$f" || fail "$f of the merged pods differs from a single run's"
done
echo "kubernetes_job_test: $completions pods and the merge equal a single run of 48 seeds"
