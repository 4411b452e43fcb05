#!/usr/bin/env bash
# Merges the parts an array job wrote into the report one run would have written:
# OUT_DIR/report.html, summary.json, seeds.jsonl and contact-sheet.png.
#
#   sbatch --dependency=afterok:<array job id> merge.sh PROJECT OUT_DIR [--pair A,B]...
#   (or run it directly once every part is there)
#SBATCH --job-name=burrow-merge
#SBATCH --output=burrow-merge-%j.log
set -euo pipefail

if [ $# -lt 2 ]; then
    echo "usage: $0 PROJECT OUT_DIR [--pair A,B]..." >&2
    exit 2
fi
project=$1 out=$2
shift 2
burrow=${BURROW:-burrow}
shopt -s nullglob
parts=("$out"/part-*-of-*.jsonl)
if [ ${#parts[@]} -eq 0 ]; then
    echo "merge.sh: no part-K-of-N.jsonl in $out" >&2
    exit 1
fi
exec "$burrow" explore "$project" --merge "${parts[@]}" --out "$out" "$@"
