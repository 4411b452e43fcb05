#!/usr/bin/env bash
# One reader's fuzz run, as CTest runs it: first every input that once broke a
# reader of this kind (tests/fuzz/regressions/READER, each must now be read or
# refused), then SECONDS of libFuzzer from a seed corpus of real files: the examples,
# files Burrow itself writes, and tests/fuzz/seeds/READER. A finding fails the test
# and prints the input (base64) so it can be kept as a regression case.
# usage: run_fuzzer.sh FUZZER READER BURROW SOURCE_DIR SECONDS
set -euo pipefail
fuzzer=$1 reader=$2 burrow=$3 source=$4 seconds=$5
export BURROW_FUZZ_READER=$reader
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seeds=$work/seeds corpus=$work/corpus out=$work/out
mkdir -p "$seeds" "$corpus" "$out"
examples=$source/examples
own=$source/tests/fuzz/seeds/$reader
[ -d "$own" ] && cp "$own"/* "$seeds"/
quiet() { "$@" > /dev/null 2>&1; }
case $reader in
  project | level) cp "$examples"/*.burrow.json "$seeds"/ ;;
  rules) cp "$examples"/*.rules.json "$source"/tests/data/seed-002-population.json "$seeds"/ ;;
  replay) quiet "$burrow" play "$examples"/random-fill.burrow.json --bot --runs 1 --turns 200 --replay-out "$seeds"/bot.replay.json ;;
  tmx) quiet "$burrow" generate "$examples"/room-grid.burrow.json --format tmx --out "$out" && cp "$out"/*.tmx "$seeds"/ ;;
  tmj) cp "$examples"/prefabs/*.tmj "$seeds"/ ;;
  tsj) cp "$examples"/art/*.tsj "$seeds"/ ;;
  png) cp "$examples"/art/*.png "$seeds"/ ;;
  merge_part) quiet "$burrow" explore "$examples"/random-fill.burrow.json --seeds 1..4 --shard 1/2 --out "$seeds" ;;
esac
case $reader in
  tmx | tsx) dictionary=xml ;;
  png) dictionary=png ;;
  prefab_text) dictionary=prefab_text ;;
  *) dictionary=json ;;
esac

regressions=$source/tests/fuzz/regressions/$reader
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
  "$fuzzer" "$regressions"/* > "$work/regressions.log" 2>&1 || {
    tail -40 "$work/regressions.log"
    echo "fuzz_$reader: an input of $regressions breaks the reader again"
    exit 1
  }
fi

# An input past this many seconds is a finding. Making a level is slower than reading a
# file, the more so under the fuzzer's coverage (fuzz_readers.cpp, makeLevelInput).
timeout=10
if [ "$reader" = level ]; then timeout=60; fi
if ! "$fuzzer" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2560 -dict="$source/tests/fuzz/dictionaries/$dictionary.dict" \
     -artifact_prefix="$work/" -print_final_stats=1 "$corpus" "$seeds" > "$work/fuzz.log" 2>&1; then
  tail -60 "$work/fuzz.log"
  for finding in "$work"/crash-* "$work"/timeout-* "$work"/leak-* "$work"/oom-*; do
    [ -e "$finding" ] || continue
    echo "fuzz_$reader: finding $(basename "$finding"), $(stat -c %s "$finding") bytes, base64:"
    base64 -w 100 "$finding" | head -200
  done
  echo "fuzz_$reader: FAILED (keep the input under tests/fuzz/regressions/$reader once fixed)"
  exit 1
fi
runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/fuzz.log" | grep -o '[0-9]*$' || echo "?")
echo "fuzz_$reader: $runs inputs in ${seconds}s from $(ls "$seeds" | wc -l) seeds, no crash, hang, leak or stray exception"
