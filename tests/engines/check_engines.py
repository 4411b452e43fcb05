#!/usr/bin/env python3
"""Burrow's maps as real game engines load them, in headless Chromium.

Every example is exported as LDtk and Tiled (TMJ, TMX) maps, the Tiled ones also with
their tilesets beside them; check.html loads each LDtk project through Excalibur's LDtk
plugin, each TMJ through Phaser (embedded tilesets only: all it reads) and Excalibur's
Tiled plugin, and each TMX through the latter, and posts back what the engines made.
Every reading must agree with Excalibur's reading of the LDtk project cell for cell (the
kinds of its IntGrid against those of the tiles each engine placed), thing for thing,
and in the cells drawn; and all must be the exported maps' own sizes and things.

    check_engines.py BURROW_BINARY SOURCE_DIR

.ci/setup installs Debian's chromium and these engines (npm ci in tests/engines):
without them this fails, it does not skip.
"""
import http.server
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading

HERE = pathlib.Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SECONDS = 300


def fail(text):
    sys.exit("engines: " + text)


def by_depth(folder, suffix):
    """The folder's maps of one format, depth 0 first (stem-depth-10 after stem-depth-9)."""
    return sorted(folder.glob("*." + suffix), key=lambda p: [int(t) if t.isdigit() else t for t in p.stem.replace("-", " ").split()])


def generate(burrow, *args):
    done = subprocess.run([burrow, "generate", *args], capture_output=True, text=True)
    if done.returncode != 0:
        fail(f"burrow generate {' '.join(args)} failed:\n{done.stderr}")


def export_examples(burrow, source, maps):
    """Each example at seed 1, as LDtk, TMJ and TMX, and the Tiled maps again with their
    tilesets beside them; the files each engine is given, by example."""
    listing = {}
    for project in sorted((source / "examples").glob("*.burrow.json")):
        stem = project.name[: -len(".burrow.json")]
        generate(burrow, str(project), "--seed", "1", "--format", "ldtk,tmj,tmx", "--out", str(maps / stem))
        generate(burrow, str(project), "--seed", "1", "--format", "tmj,tmx", "--tilesets", "external", "--out", str(maps / stem / "external"))
        listing[stem] = {"ldtk": f"/maps/{stem}/{stem}.ldtk"}
        for suffix in ("tmj", "tmx"):
            listing[stem][suffix] = [f"/maps/{stem}/{p.name}" for p in by_depth(maps / stem, suffix)]
            listing[stem]["external_" + suffix] = [f"/maps/{stem}/external/{p.name}" for p in by_depth(maps / stem / "external", suffix)]
    return listing


def serve(maps, reported):
    """The page and its engines from here, the maps from `maps`; the page's report is posted to /report."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            path = path.split("?", 1)[0]
            root, rest = (maps, path[len("/maps/"):]) if path.startswith("/maps/") else (HERE, path.lstrip("/"))
            target = (root / rest).resolve()
            return str(target) if target.is_relative_to(root) else str(root / "missing")

        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(204)
            self.end_headers()
            reported["report"] = json.loads(body)
            reported["done"].set()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def kinds_in_tiled(tmj, layers):
    """What a Tiled map says each cell is, as an engine read it: the hidden kinds layer
    where the game's art draws the map, else its tiles, both in Burrow's glyph tileset
    (gid - first + 1, as LDtk's IntGrid writes a kind; 0 is void, where Phaser reads
    -1 and Excalibur 0)."""
    first = next(s["firstgid"] for s in tmj["tilesets"] if s["name"] == "burrow-tiles")
    indices = layers.get("kinds", layers["tiles"])
    return [0 if i <= 0 else i - first + 1 for i in indices]


def differing(a, b):
    return sum(x != y for x, y in zip(a, b)) + abs(len(a) - len(b))


def compare(stem, maps, reading):
    """The problems of one example: each engine's reading against the exported maps and
    against Excalibur's reading of the LDtk project."""
    problems = []
    ldtk = reading["ldtk"]
    if ldtk["errors"]:
        return [f"{stem}.ldtk: Excalibur refused it: {' | '.join(ldtk['errors'])[:800]}"], 0, 0, 0
    files = by_depth(maps / stem, "tmj")
    tmx_files = by_depth(maps / stem, "tmx")
    if len(ldtk["levels"]) != len(files) or len(tmx_files) != len(files) or any(len(reading[k]) != len(files) for k in ("external_tmj", "external_tmx")):
        problems.append(f"{stem}: Excalibur made {len(ldtk['levels'])} levels of the LDtk project; there are {len(files)} TMJ and {len(tmx_files)} TMX maps")
    cells = things = 0
    for depth, path in enumerate(files):
        where = f"{stem}, depth {depth}"
        level = ldtk["levels"].get(f"Depth_{depth}")
        if level is None:
            problems.append(f"{stem}.ldtk: Excalibur has no level Depth_{depth}")
            continue
        tmj = json.loads(path.read_text())
        objects = sum(len(layer["objects"]) for layer in tmj["layers"] if layer["type"] == "objectgroup")
        if (level["columns"], level["rows"]) != (tmj["width"], tmj["height"]):
            problems.append(f"{where}: Excalibur's IntGrid is {level['columns']} x {level['rows']}, the map {tmj['width']} x {tmj['height']}")
        if level["things"] != objects:
            problems.append(f"{where}: Excalibur made {level['things']} things of the LDtk level, the map has {objects}")
        readings = [("Phaser (TMJ)", reading["phaser"][depth]), ("Excalibur (TMJ)", reading["tmj"][depth]), ("Excalibur (TMX)", reading["tmx"][depth]),
                    ("Excalibur (TMJ, tilesets beside it)", reading["external_tmj"][depth]),
                    ("Excalibur (TMX, tilesets beside it)", reading["external_tmx"][depth])]
        for name, tiled in readings:
            if tiled["errors"]:
                problems.append(f"{where}: {name} refused the map: {' | '.join(tiled['errors'])[:800]}")
                continue
            if (tiled["width"], tiled["height"]) != (tmj["width"], tmj["height"]):
                problems.append(f"{where}: {name} reads {tiled['width']} x {tiled['height']}, the map is {tmj['width']} x {tmj['height']}")
            off = differing(level["kinds"] or [], kinds_in_tiled(tmj, tiled["layers"]))
            if off:
                problems.append(f"{where}: {off} of {tmj['width'] * tmj['height']} cells are another kind in {name} than in Excalibur's LDtk IntGrid")
            if tiled["things"] != objects:
                problems.append(f"{where}: {name} read {tiled['things']} things, the map has {objects}")
            drawn = tiled["drawn"] if "drawn" in tiled else sum(1 for i in tiled["layers"]["tiles"] if i >= 0)
            if drawn != level["drawn"] or drawn == 0:
                problems.append(f"{where}: {name} draws {drawn} cells, Excalibur the LDtk level's {level['drawn']}")
        cells += tmj["width"] * tmj["height"]
        things += objects
    return problems, len(files), cells, things


def main():
    if len(sys.argv) != 3:
        fail("usage: check_engines.py BURROW_BINARY SOURCE_DIR")
    burrow, source = sys.argv[1], pathlib.Path(sys.argv[2])
    if not (HERE / "node_modules").is_dir():
        fail(f"{HERE}/node_modules is missing: bash .ci/setup installs the engines (npm ci)")
    if not os.access(CHROMIUM, os.X_OK):
        fail(f"no Chromium at {CHROMIUM}: bash .ci/setup installs Debian's chromium")
    work = pathlib.Path(tempfile.mkdtemp(prefix="burrow-engines-"))
    try:
        maps = work / "maps"
        listing = export_examples(burrow, source, maps)
        (maps / "list.json").write_text(json.dumps(listing))
        reported = {"done": threading.Event()}
        server = serve(maps, reported)
        url = f"http://127.0.0.1:{server.server_address[1]}/check.html?list=/maps/list.json"
        browser = subprocess.Popen([CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", f"--user-data-dir={work / 'profile'}", url],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        finished = reported["done"].wait(SECONDS)
        browser.kill()
        browser.wait()
        server.shutdown()
        if not finished:
            fail(f"the page sent nothing back in {SECONDS} s")
        report = reported["report"]
        problems = list(report["errors"])
        depths = cells = things = 0
        for stem in listing:
            if stem not in report["examples"]:
                problems.append(f"{stem}: the page did not get to it")
                continue
            found, d, c, t = compare(stem, maps, report["examples"][stem])
            problems += found
            depths, cells, things = depths + d, cells + c, things + t
        if depths < len(listing) or things == 0:
            problems.append(f"only {depths} depths and {things} things were checked")
        for p in problems:
            print("FAIL:", p)
        if problems:
            sys.exit(f"engines: {len(problems)} problems")
        print(f"{len(listing)} examples, {depths} depths: Excalibur (LDtk; TMJ and TMX, tilesets embedded or beside) and Phaser (TMJ) agree on {cells} cells and {things} things")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
