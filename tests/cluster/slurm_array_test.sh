#!/usr/bin/env bash
# The Slurm array job of examples/cluster, run on a real single-node Slurm (Debian's
# slurm-wlm, set up as ../shared/reference/slurm-single-node.md describes): three
# array tasks each explore a shard, merge.sh merges them, and the report must equal
# a single run's byte for byte. Needs root (it runs munged and the Slurm daemons);
# CI runs as root with slurm-wlm from .ci/setup.
#
#   slurm_array_test.sh BURROW_EXECUTABLE SOURCE_DIR
set -euo pipefail
burrow=$(realpath "$1")
source_dir=$(realpath "$2")
project="$source_dir/examples/rooms-and-hallways.burrow.json"

fail() {
    echo "slurm_array_test: $*" >&2
    for log in "${work:-/nonexistent}"/*.log; do [ -e "$log" ] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }; done
    exit 1
}
[ "$(id -u)" -eq 0 ] || fail "needs root to run munged and the Slurm daemons"
for tool in munged slurmctld slurmd sbatch sinfo; do
    command -v "$tool" >/dev/null || fail "$tool not found: install slurm-wlm (bash .ci/setup does)"
done

work=$(mktemp -d /tmp/burrow-slurm.XXXXXX)
conf=/etc/slurm/slurm.conf
saved=""
[ -e "$conf" ] && { saved="$work/slurm.conf.saved"; cp -p "$conf" "$saved"; }
started_munge=""
cleanup() {
    # Stopped by the PIDs they wrote, never by name.
    local pids=()
    for pid_file in "$work/slurmd.pid" "$work/slurmctld.pid"; do
        [ -s "$pid_file" ] && pids+=("$(cat "$pid_file")")
    done
    [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
    # Gone before the next run starts its own (they hold the Slurm ports), within 15 s.
    for _ in $(seq 30); do
        alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ $alive -eq 0 ] && break
        sleep 0.5
    done
    [ -n "$started_munge" ] && [ -s /run/munge/munged.pid ] && kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
    if [ -n "$saved" ]; then cp -p "$saved" "$conf"; else rm -f "$conf"; fi
    rm -rf "$work"
}
trap cleanup EXIT

host=$(hostname -s)
mkdir -p /run/munge "$work/spool" "$work/state" "$work/out"
chown -R munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge
if ! [ -S /run/munge/munge.socket.2 ]; then
    su -s /bin/sh munge -c "munged --force"
    started_munge=yes
fi
mkdir -p /etc/slurm
cat > "$conf" <<CONF
ClusterName=burrowtest
SlurmctldHost=$host
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmdSpoolDir=$work/spool
StateSaveLocation=$work/state
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmUser=root
ReturnToService=2
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld
slurmd
# Bounded: the node must come up within a minute.
for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && break
    sleep 1
done
sinfo -h -o %T | grep -q idle || fail "the Slurm node did not come up"

cd "$work"
BURROW="$burrow" sbatch --wait --array=1-3 --cpus-per-task=1 "$source_dir/examples/cluster/explore-slurm.sh" "$project" 1..24 "$work/out" >/dev/null \
    || fail "the array job failed"
for k in 1 2 3; do [ -s "$work/out/part-$k-of-3.jsonl" ] || fail "task $k wrote no part"; done
BURROW="$burrow" bash "$source_dir/examples/cluster/merge.sh" "$project" "$work/out" >/dev/null
"$burrow" explore "$project" --seeds 1..24 --jobs 1 --out "$work/single" >/dev/null
for f in seeds.jsonl summary.json report.html contact-sheet.png; do
    cmp -s "$work/out/$f" "$work/single/$f" || fail "$f merged from the array job differs from a single run's"
done
echo "slurm_array_test: 3 array tasks on Slurm, merged: the same four files as one run"
