#!/usr/bin/env bash
# Every Tiled JSON file Burrow writes is valid against a published schema of Tiled's
# formats (tests/schemas/tiled, @kayahr/tiled): the maps and external tilesets of
# every example, drawn with the game's art where the project has it, with Burrow's
# glyph tiles, and with external tilesets.
#   validate_tiled.sh BURROW_BINARY SOURCE_DIR
set -euo pipefail
burrow=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quietly() { "$@" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }; } # the examples' warnings are not this test's
for project in "$source"/examples/*.burrow.json; do
  stem=$(basename "$project" .burrow.json)
  quietly "$burrow" generate "$project" --seeds 1..2 --format tmj --out "$work/$stem/art"
  quietly "$burrow" generate "$project" --seed 3 --format tmj --burrow-tiles --out "$work/$stem/glyphs"
  quietly "$burrow" generate "$project" --seed 4 --format tmj --tilesets external --out "$work/$stem/external"
done
python3 - "$source/tests/schemas/tiled" "$work" <<'PY'
import json, pathlib, sys
import jsonschema
schemas, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
checked = {".tmj": 0, ".tsj": 0}
for suffix, schema_file in ((".tmj", "map.schema.json"), (".tsj", "tileset.schema.json")):
    schema = json.loads((schemas / schema_file).read_text())
    validator = jsonschema.Draft7Validator(schema)
    for path in sorted(root.rglob("*" + suffix)):
        errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.absolute_path))
        if errors:
            e = errors[0]
            sys.exit("%s: at /%s: %s (%d problems)" % (path, "/".join(map(str, e.absolute_path)), e.message[:300], len(errors)))
        checked[suffix] += 1
if checked[".tmj"] < 20 or checked[".tsj"] < 5:
    sys.exit("too few files were checked: %s" % checked)
print("valid against Tiled's schema: %d maps, %d tilesets" % (checked[".tmj"], checked[".tsj"]))
PY
