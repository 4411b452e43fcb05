#!/usr/bin/env bash
# Every JSON map Burrow writes is valid against its format's published schema: Tiled's
# maps and external tilesets (tests/schemas/tiled, @kayahr/tiled) and LDtk projects
# (tests/schemas/ldtk, LDtk's own 1.5.3 schema), for every example, drawn with the
# game's art where the project has it, with Burrow's glyph tiles, and with external
# tilesets.
#   validate_exports.sh BURROW_BINARY SOURCE_DIR
set -euo pipefail
burrow=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
quietly() { "$@" > "$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }; } # the examples' warnings are not this test's
for project in "$source"/examples/*.burrow.json; do
  stem=$(basename "$project" .burrow.json)
  quietly "$burrow" generate "$project" --seed 1 --format tmj --out "$work/$stem/art"
  # The schemas are slow to check cell by cell (Python, an integer at a time): LDtk's
  # projects and the other Tiled variants at a smaller size (every depth, layer, kind of
  # thing and tileset still there); each project's own size is checked once above.
  quietly "$burrow" generate "$project" --seed 1 --format ldtk --size 48x24 --out "$work/$stem/art-ldtk"
  quietly "$burrow" generate "$project" --seed 3 --format tmj --burrow-tiles --size 48x24 --out "$work/$stem/glyphs"
  quietly "$burrow" generate "$project" --seed 3 --format ldtk --burrow-tiles --size 48x24 --out "$work/$stem/glyphs-ldtk"
  quietly "$burrow" generate "$project" --seed 4 --format tmj --tilesets external --size 48x24 --out "$work/$stem/external"
done
python3 - "$source/tests/schemas" "$work" <<'PY'
import json, pathlib, sys
import jsonschema
schemas, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
checked = {".tmj": 0, ".tsj": 0, ".ldtk": 0}
for suffix, schema_file in ((".tmj", "tiled/map.schema.json"), (".tsj", "tiled/tileset.schema.json"), (".ldtk", "ldtk/JSON_SCHEMA-1.5.3.json")):
    schema = json.loads((schemas / schema_file).read_text())
    validator = jsonschema.Draft7Validator(schema)
    for path in sorted(root.rglob("*" + suffix)):
        errors = sorted(validator.iter_errors(json.loads(path.read_text())), key=lambda e: list(e.absolute_path))
        if errors:
            e = errors[0]
            sys.exit("%s: at /%s: %s (%d problems)" % (path, "/".join(map(str, e.absolute_path)), e.message[:300], len(errors)))
        checked[suffix] += 1
if checked[".tmj"] < 20 or checked[".tsj"] < 5 or checked[".ldtk"] < 16:
    sys.exit("too few files were checked: %s" % checked)
print("valid against their schemas: %d Tiled maps, %d Tiled tilesets, %d LDtk projects" % (checked[".tmj"], checked[".tsj"], checked[".ldtk"]))
PY
