#!/usr/bin/env bash
# One shard of `burrow explore` per Slurm array task; merge them with merge.sh.
#
#   sbatch --array=1-8 explore-slurm.sh PROJECT A..B OUT_DIR
#   sbatch --dependency=afterok:<that job id> merge.sh PROJECT OUT_DIR
#
# Task K of N explores every N-th seed of A..B starting with the K-th, and writes
# OUT_DIR/part-K-of-N.jsonl. OUT_DIR must be on storage every node sees. The
# shards are deterministic: rerunning a failed task rewrites the same part.
#SBATCH --job-name=burrow-explore
#SBATCH --cpus-per-task=2
#SBATCH --output=burrow-explore-%A-%a.log
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: sbatch --array=1-N $0 PROJECT A..B OUT_DIR" >&2
    exit 2
fi
project=$1 seeds=$2 out=$3
: "${SLURM_ARRAY_TASK_ID:?run with sbatch --array=1-N}"
# Slurm numbers tasks from the --array range; Burrow's shards are 1..N.
first=${SLURM_ARRAY_TASK_MIN:-1}
count=${SLURM_ARRAY_TASK_COUNT:?}
shard=$((SLURM_ARRAY_TASK_ID - first + 1))
burrow=${BURROW:-burrow}

exec "$burrow" explore "$project" --seeds "$seeds" --shard "$shard/$count" \
    --jobs "${SLURM_CPUS_PER_TASK:-1}" --out "$out"
