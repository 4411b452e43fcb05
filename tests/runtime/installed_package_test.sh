#!/usr/bin/env bash
# libburrow as a game gets it: `cmake --install` into a temporary prefix, the tree
# moved elsewhere (it must be relocatable), then, from the install tree alone:
#   - a multi-threaded C program built with find_package(Burrow),
#   - the same program built with pkg-config,
#   - the sample game (examples/embed), played headless,
#   - the Python binding through ctypes,
# each making seeds of the examples and compared with `burrow stats --json`.
#   installed_package_test.sh BUILD_DIR SOURCE_DIR BURROW_BINARY
set -euo pipefail
build=$1 source=$2 burrow=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/first" > "$work/install.log"
mv "$work/first" "$work/prefix"   # relocated: nothing may name the first place
prefix=$work/prefix
grep -rq "$work/first" "$prefix/lib" "$prefix/share" 2>/dev/null && fail "the installed tree names the place it was installed to"
for f in include/burrow/burrow.h lib/libburrow.so.0 lib/cmake/Burrow/BurrowConfig.cmake lib/cmake/Burrow/BurrowConfigVersion.cmake \
         lib/pkgconfig/burrow.pc share/burrow/python/burrow.py; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done
ldd "$prefix/lib/libburrow.so.0" | grep -qi "libQt" && fail "libburrow links Qt"
exported=$(nm -D --defined-only "$prefix/lib/libburrow.so.0" | awk '{print $3}' | grep -v '^burrow_' || true)
[ -z "$exported" ] || fail "libburrow exports more than the C API: $(echo "$exported" | head -5)"

# What `burrow stats` says seeds FIRST..LAST of PROJECT are, as "SEED HASH" lines.
stats_hashes() {
  "$burrow" stats "$3" --seeds "$1..$2" --json 2>/dev/null |
    python3 -c 'import json,sys; [print(r["seed"], r["level_hash"]) for r in json.load(sys.stdin)["seeds"]]'
}
# Compares a consumer's "SEED HASH" lines for PROJECT with burrow stats'.
same_as_stats() {
  local output=$1 first=$2 last=$3 project=$4 name=$5
  diff <(awk -v p="$project" '$1=="project"{on=($2==p); next} on && /^[0-9]+ /' "$output") <(stats_hashes "$first" "$last" "$project") \
    > "$work/diff" || { cat "$work/diff" >&2; fail "$name: hashes differ from burrow stats for $project"; }
}
examples=("$source"/examples/*.burrow.json)

echo "-- find_package(Burrow) consumer, 4 threads"
cmake -S "$source/tests/runtime/consumer" -B "$work/by-cmake" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release > "$work/cmake.log" ||
  { cat "$work/cmake.log"; fail "configuring with find_package(Burrow)"; }
cmake --build "$work/by-cmake" > "$work/build.log" || { cat "$work/build.log"; fail "building with find_package(Burrow)"; }
"$work/by-cmake/consumer" 4 1 8 "${examples[@]}" > "$work/cmake.out"
for p in "${examples[@]}"; do same_as_stats "$work/cmake.out" 1 8 "$p" "find_package consumer"; done

echo "-- pkg-config consumer, 3 threads"
flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs burrow)
cc -std=c99 -Wall -Wextra -Werror "$source/tests/runtime/consumer/consumer.c" -o "$work/by-pkg-config" $flags -lpthread
LD_LIBRARY_PATH="$prefix/lib" "$work/by-pkg-config" 3 20 27 "${examples[@]}" > "$work/pc.out"
for p in "${examples[@]}"; do same_as_stats "$work/pc.out" 20 27 "$p" "pkg-config consumer"; done
grep -q "^version $("$burrow" --version | awk '{print $NF}')$" "$work/pc.out" || fail "burrow_version() is not the version burrow --version gives"

echo "-- a broken project is an error naming its file"
broken=$work/broken.burrow.json
sed 's/"wall_chance": 0.2/"wall_chance": "lots"/' "$source/examples/random-fill.burrow.json" > "$broken"
status=0
LD_LIBRARY_PATH="$prefix/lib" "$work/by-pkg-config" 1 1 1 "$broken" > "$work/broken.out" || status=$?
[ "$status" = 3 ] && grep -q "$broken: at /recipe/0/params/wall_chance" "$work/broken.out" || { cat "$work/broken.out"; fail "the broken project's error"; }

echo "-- the sample game, headless"
cmake -S "$source/examples/embed" -B "$work/embed" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" > "$work/embed.log" ||
  { cat "$work/embed.log"; fail "configuring the sample game"; }
cmake --build "$work/embed" > "$work/embed-build.log" || { cat "$work/embed-build.log"; fail "building the sample game"; }
game=$work/embed/burrow-embed
depths=$source/examples/cellular-depths.burrow.json
"$game" "$depths" --seed 7 --dump > "$work/game0.out"
grep -q "^level $(stats_hashes 7 7 "$depths" | awk '{print $2}')$" "$work/game0.out" || fail "the game's level is not burrow stats'"
grep -q "^player [0-9]* [0-9]* 0$" "$work/game0.out" || fail "the game does not start on depth 0"
# Travel to the stairs down and take them; then back up.
"$game" "$depths" --seed 7 --moves "G>>" --dump > "$work/game1.out"
grep -q "^player [0-9]* [0-9]* 1$" "$work/game1.out" || { head -8 "$work/game1.out"; fail "the game did not take the stairs down"; }
"$game" "$depths" --seed 7 --moves "G>><" --dump > "$work/game2.out"
grep -q "^player [0-9]* [0-9]* 0$" "$work/game2.out" || { head -8 "$work/game2.out"; fail "the game did not take the stairs back up"; }
# Walking changes the position; a wall stops it (the message names the tile).
"$game" "$depths" --seed 7 --moves "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh" --dump > "$work/game3.out"
grep -q "^message The .* blocks the way\.$" "$work/game3.out" || { head -8 "$work/game3.out"; fail "walking into a wall"; }
# The installed default project (no PROJECT argument) plays too.
"$game" --seed 3 --dump > /dev/null || fail "the game's default project"

echo "-- the Python binding (ctypes only)"
PYTHONPATH="$prefix/share/burrow/python" python3 "$source/tests/runtime/consumer/check_python.py" 5 14 "$depths" "$broken" > "$work/python.out" ||
  { cat "$work/python.out"; fail "the Python binding"; }
same_as_stats "$work/python.out" 5 14 "$depths" "Python"
grep -q "^error .*$broken: at /recipe/0/params/wall_chance" "$work/python.out" || { cat "$work/python.out"; fail "Python's burrow.Error"; }
# BURROW_LIBRARY names the library when it is not installed beside the binding.
BURROW_LIBRARY="$prefix/lib/libburrow.so.0" PYTHONPATH="$source/bindings/python" python3 -c 'import burrow; print(burrow.version())' > /dev/null ||
  fail "BURROW_LIBRARY"
echo "installed package: every consumer agrees with burrow stats"
