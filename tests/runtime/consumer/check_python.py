"""The Python binding, as a game's script uses it: prints "SEED HASH" lines of
seeds FIRST..LAST of PROJECT for the test to compare with `burrow stats`, and checks
what a level hands out and that errors come as burrow.Error.

    python3 check_python.py FIRST LAST PROJECT BROKEN_PROJECT
"""
import gc
import json
import os
import sys

import burrow

first, last, path, broken = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
print("version", burrow.version())
with burrow.Project(path) as project:
    print("project", path, project.hash)
    for seed in range(first, last + 1):
        with project.make(seed) as level:
            print(seed, level.hash)
            names = [k.id for k in level.kinds]
            for z in range(level.depth):
                tiles = level.tiles(z)
                assert len(tiles) == level.width * level.height
                assert all(names[t] == level.tile_name(i % level.width, i // level.width, z) for i, t in enumerate(tiles))
            assert level.tile_name(-1, 0) is None
            assert level.start is not None
            metrics = json.loads(level.metrics_json)
            assert metrics["level_hash"] == level.hash and metrics["seed"] == seed
    # Levels freed by the collector when not closed.
    for seed in range(3):
        project.make(seed)
    gc.collect()
    changed = project.with_overrides("size=20x12")
    assert changed.make(1).width == 20
    # Acceptance: no rules, attempt 1 passes; a rule no attempt meets keeps the closest.
    with project.make(first) as own, project.make(first, accept=True) as kept:
        assert own.accepted is None and own.attempt == 1 and own.broken_rule is None
        assert kept.accepted is True and kept.attempt == 1 and kept.hash == own.hash
        own_hash = own.hash
    # Progress after each stage run, and a stop from it.
    told = []
    with project.make(first, progress=lambda done, total, label: told.append((done, total, label))) as watched:
        assert watched.hash == own_hash  # watching changes nothing
    assert told and told[-1][0] == told[-1][1] and all(label for _, _, label in told), told
    for stopping in ({"progress": lambda done, total, label: done >= 1}, {"stop": lambda: True}):
        try:
            project.make(first, **stopping)
            raise SystemExit("a stop was not heeded: %s" % list(stopping))
        except burrow.Error as e:
            assert e.code == burrow.ERROR_CANCELLED, str(e)
    strict = project.with_overrides("accept-rule=floor_share>=2")
    with strict.make(first, accept=True) as closest:
        assert closest.accepted is False and closest.broken_rule.startswith("floor_share >= 2: 0."), closest.broken_rule
        assert closest.attempt >= 1 and strict.make(closest.seed).hash == closest.hash
    try:
        project.with_overrides("no_such_stage.fill=1")
        raise SystemExit("a bad override was accepted")
    except burrow.Error as e:
        assert e.code == burrow.ERROR_OVERRIDE and "no_such_stage" in str(e), str(e)

# A project from a game's archive: its files asked of a function, the same project.
folder = os.path.dirname(os.path.abspath(path))
asked = []


def from_archive(name):
    asked.append(name)
    with open(os.path.join(folder, name), "rb") as f:
        return f.read()


with open(path, "rb") as f, burrow.Project(path) as on_disk:
    packed = burrow.Project.from_json(f.read(), "packed/" + os.path.basename(path), files=from_archive)
    assert packed.hash == on_disk.hash and packed.make(first).hash == on_disk.make(first).hash
    assert asked and all(not os.path.isabs(name) for name in asked), asked

try:
    burrow.Project(broken)
    raise SystemExit("a broken project was opened")
except burrow.Error as e:
    print("error", e)
