"""Burrow's levels in Python: the runtime library (libburrow) through ctypes alone.

    import burrow
    with burrow.Project("dungeon.burrow.json") as project:
        with project.make(2031) as level:
            print(level.hash, level.width, level.height, level.depth)
            row = level.tiles(0)[0:level.width]          # kind indices of depth 0's first row
            names = [k.id for k in level.kinds]          # what each index is
            for thing in level.things:
                print(thing.template, thing.kind, thing.x, thing.y, thing.z, thing.properties)

Errors come as burrow.Error with the library's message (the file, the JSON path,
what was expected). Projects and levels are freed by `with` or when collected.

The library is the one BURROW_LIBRARY names, else the one installed beside this
file (PREFIX/share/burrow/python/burrow.py finds PREFIX/lib*/libburrow.so.0), else
whatever the system's loader finds. See docs/embedding.md.
"""

import ctypes
import glob
import os

__all__ = ["Error", "Project", "Level", "Kind", "Thing", "Stairs", "seed_from_text", "version"]

_SONAME = "libburrow.so.0"


def _find_library():
    named = os.environ.get("BURROW_LIBRARY")
    if named:
        return named
    prefix = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
    for pattern in ("lib*/" + _SONAME, "lib*/*/" + _SONAME):
        found = sorted(glob.glob(os.path.join(prefix, pattern)))
        if found:
            return found[0]
    return _SONAME


class Error(Exception):
    """What the library said went wrong; `code` is one of the ERROR_* values."""

    def __init__(self, message, code=0):
        super().__init__(message)
        self.code = code


ERROR_ARGUMENT, ERROR_FILE, ERROR_OVERRIDE, ERROR_MEMORY, ERROR_CANCELLED, ERROR_INTERNAL = range(1, 7)


class _Kind(ctypes.Structure):
    _fields_ = [("id", ctypes.c_char_p), ("name", ctypes.c_char_p), ("glyph", ctypes.c_int), ("colour", ctypes.c_uint32),
                ("background", ctypes.c_uint32), ("walkable", ctypes.c_int), ("blocks_sight", ctypes.c_int), ("diggable", ctypes.c_int)]


class _Property(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("type", ctypes.c_int), ("int_value", ctypes.c_int64), ("float_value", ctypes.c_double),
                ("text", ctypes.c_char_p)]


class _Thing(ctypes.Structure):
    _fields_ = [("template_name", ctypes.c_char_p), ("kind", ctypes.c_char_p), ("x", ctypes.c_int), ("y", ctypes.c_int), ("z", ctypes.c_int),
                ("glyph", ctypes.c_int), ("colour", ctypes.c_uint32), ("hp", ctypes.c_int), ("attack", ctypes.c_int), ("defense", ctypes.c_int),
                ("speed", ctypes.c_int), ("property_count", ctypes.c_int), ("properties", ctypes.POINTER(_Property))]


class _Stairs(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("upper_depth", ctypes.c_int), ("lower_depth", ctypes.c_int)]


_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_char_p)
_SHOULD_STOP = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)


class _MakeOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("memory_budget", ctypes.c_uint64), ("progress", _PROGRESS),
                ("user_data", ctypes.c_void_p), ("accept", ctypes.c_int), ("should_stop", _SHOULD_STOP)]


_P = ctypes.c_void_p
_ERR = ctypes.POINTER(ctypes.c_void_p)
_INT = ctypes.c_int
_FILE_READER = ctypes.CFUNCTYPE(_INT, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)
_SIGNATURES = {
    "burrow_version": (ctypes.c_char_p, []),
    "burrow_error_message": (ctypes.c_char_p, [_P]),
    "burrow_error_code_of": (_INT, [_P]),
    "burrow_error_free": (None, [_P]),
    "burrow_seed_from_text": (_INT, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint64), _ERR]),
    "burrow_project_open": (_P, [ctypes.c_char_p, _ERR]),
    "burrow_project_from_json": (_P, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, _ERR]),
    "burrow_project_from_json_files": (_P, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, _FILE_READER, ctypes.c_void_p, _ERR]),
    "burrow_file_bytes": (_INT, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]),
    "burrow_project_with_overrides": (_P, [_P, ctypes.POINTER(ctypes.c_char_p), _INT, _ERR]),
    "burrow_project_free": (None, [_P]),
    "burrow_project_name": (ctypes.c_char_p, [_P]),
    "burrow_project_seed": (ctypes.c_uint64, [_P]),
    "burrow_project_hash": (ctypes.c_char_p, [_P]),
    "burrow_project_memory_estimate": (ctypes.c_uint64, [_P]),
    "burrow_level_make": (_P, [_P, ctypes.c_uint64, _ERR]),
    "burrow_level_make_with": (_P, [_P, ctypes.c_uint64, ctypes.POINTER(_MakeOptions), _ERR]),
    "burrow_level_free": (None, [_P]),
    "burrow_level_hash": (ctypes.c_char_p, [_P]),
    "burrow_level_seed": (ctypes.c_uint64, [_P]),
    "burrow_level_attempt": (_INT, [_P]),
    "burrow_level_accepted": (_INT, [_P]),
    "burrow_level_broken_rule": (ctypes.c_char_p, [_P]),
    "burrow_level_width": (_INT, [_P]),
    "burrow_level_height": (_INT, [_P]),
    "burrow_level_depth": (_INT, [_P]),
    "burrow_level_tile_name": (ctypes.c_char_p, [_P, _INT, _INT, _INT]),
    "burrow_level_tiles": (_INT, [_P, _INT, ctypes.c_void_p, ctypes.c_size_t, _ERR]),
    "burrow_level_kind_count": (_INT, [_P]),
    "burrow_level_kind": (ctypes.POINTER(_Kind), [_P, _INT]),
    "burrow_level_thing_count": (_INT, [_P]),
    "burrow_level_thing": (ctypes.POINTER(_Thing), [_P, _INT]),
    "burrow_level_stairs_count": (_INT, [_P]),
    "burrow_level_stairs": (ctypes.POINTER(_Stairs), [_P, _INT]),
    "burrow_level_start": (_INT, [_P, ctypes.POINTER(_INT), ctypes.POINTER(_INT), ctypes.POINTER(_INT)]),
    "burrow_level_exit": (_INT, [_P, ctypes.POINTER(_INT), ctypes.POINTER(_INT), ctypes.POINTER(_INT)]),
    "burrow_level_lock": (ctypes.c_char_p, [_P, _INT, _INT, _INT]),
    "burrow_level_regions": (_INT, [_P, _INT, ctypes.c_void_p, ctypes.c_size_t, _ERR]),
    "burrow_level_metrics_json": (ctypes.c_char_p, [_P, _ERR]),
    "burrow_level_warning_count": (_INT, [_P]),
    "burrow_level_warning": (ctypes.c_char_p, [_P, _INT]),
}

_lib = ctypes.CDLL(_find_library())
for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _function = getattr(_lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes


def _text(value):
    return None if value is None else value.decode("utf-8")


def _call(function, *args):
    """Calls `function` with a burrow_error** last; raises Error when it fails."""
    error = ctypes.c_void_p()
    result = function(*args, ctypes.byref(error))
    if error.value:
        message, code = _text(_lib.burrow_error_message(error)), _lib.burrow_error_code_of(error)
        _lib.burrow_error_free(error)
        raise Error(message, code)
    return result


def version():
    """The library's version, "0.2.0"."""
    return _text(_lib.burrow_version())


def seed_from_text(text):
    """A seed as the editor reads one: a decimal number as it is, other text hashed."""
    seed = ctypes.c_uint64()
    _call(_lib.burrow_seed_from_text, str(text).encode("utf-8"), ctypes.byref(seed))
    return seed.value


class _Handle:
    """Owns one library object: freed by `with`, close(), or when collected."""

    _free = None

    def __init__(self, handle):
        self._handle = handle

    def close(self):
        if self._handle:
            type(self)._free(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # the library may be gone at interpreter exit
            pass

    def _live(self):
        if not self._handle:
            raise Error("this %s was closed" % type(self).__name__.lower(), ERROR_ARGUMENT)
        return self._handle


class Project(_Handle):
    """A Burrow project: Project(path), or Project.from_json(text, name, base_folder or files)."""

    _free = staticmethod(_lib.burrow_project_free)

    def __init__(self, path=None, _handle=None):
        super().__init__(_handle if _handle is not None else _call(_lib.burrow_project_open, os.fsencode(path)))

    @classmethod
    def from_json(cls, text, name="project", base_folder=None, files=None):
        """The project in `text`. The files it names are read from `base_folder`, or,
        for a game's archive, from `files`: a function of the name the project gives a
        file ("rules/caves.rules.json") returning its bytes, or None when there is none."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        if files is None:
            folder = os.fsencode(base_folder) if base_folder is not None else None
            return cls(_handle=_call(_lib.burrow_project_from_json, data, len(data), name.encode("utf-8"), folder))

        def read(_user, path, file):
            try:
                content = files(path.decode("utf-8"))
            except Exception:  # nothing may be raised through the C library
                return 1
            if content is None:
                return 1
            content = bytes(content)
            _lib.burrow_file_bytes(file, content, len(content))
            return 0

        reader = _FILE_READER(read)  # alive until the call returns: the library keeps no reader
        return cls(_handle=_call(_lib.burrow_project_from_json_files, data, len(data), name.encode("utf-8"), reader, None))

    def with_overrides(self, *overrides):
        """A new project with "STAGE.PARAM=VALUE", "size=WxH[xD]" or "accept-rule=RULE" applied."""
        array = (ctypes.c_char_p * max(1, len(overrides)))(*[o.encode("utf-8") for o in overrides])
        return Project(_handle=_call(_lib.burrow_project_with_overrides, self._live(), array, len(overrides)))

    @property
    def name(self):
        return _text(_lib.burrow_project_name(self._live()))

    @property
    def seed(self):
        return _lib.burrow_project_seed(self._live())

    @property
    def hash(self):
        return _text(_lib.burrow_project_hash(self._live()))

    @property
    def memory_estimate(self):
        return _lib.burrow_project_memory_estimate(self._live())

    def make(self, seed, accept=False, progress=None, stop=None, memory_budget=0):
        """The finished level of `seed` (an int, or text as seed_from_text reads it).
        With accept=True, the attempt `burrow generate --accept` keeps: the first that
        meets the project's acceptance rules (see Level.attempt, .accepted).
        `progress(stages_done, stages_total, label)` is called after each stage run;
        returning True stops the level (burrow.Error with code ERROR_CANCELLED).
        `stop()` is polled now and then while a stage runs: True stops it there.
        `memory_budget`: bytes the level may need at most (0: 4 GiB)."""
        if not isinstance(seed, int):
            seed = seed_from_text(seed)
        told = _PROGRESS()  # NULL: no callback
        if progress is not None:
            def told_of(_user, done, total, label):
                try:
                    return 1 if progress(done, total, _text(label)) else 0
                except Exception:  # nothing may be raised through the C library: stop instead
                    return 1
            told = _PROGRESS(told_of)  # alive until the call returns
        polled = _SHOULD_STOP()  # NULL: not polled
        if stop is not None:
            def stop_now(_user):
                try:
                    return 1 if stop() else 0
                except Exception:  # nothing may be raised through the C library: stop instead
                    return 1
            polled = _SHOULD_STOP(stop_now)  # alive until the call returns
        options = _MakeOptions(ctypes.sizeof(_MakeOptions), memory_budget, told, None, 1 if accept else 0, polled)
        level = Level(_call(_lib.burrow_level_make_with, self._live(), seed, ctypes.byref(options)))
        level._project = self  # a level's strings are its own; kept only so the order of frees is simple
        return level


class Kind:
    def __init__(self, index, k):
        self.index, self.id, self.name, self.glyph = index, _text(k.id), _text(k.name), chr(k.glyph)
        self.colour, self.background = k.colour, k.background
        self.walkable, self.blocks_sight, self.diggable = bool(k.walkable), bool(k.blocks_sight), bool(k.diggable)

    def __repr__(self):
        return "Kind(%d, %r)" % (self.index, self.id)


def _property_value(p):
    if p.type == 0:
        return bool(p.int_value)
    if p.type == 1:
        return p.int_value
    if p.type == 2:
        return p.float_value
    return _text(p.text)


class Thing:
    def __init__(self, t):
        self.template, self.kind = _text(t.template_name), _text(t.kind)
        self.x, self.y, self.z = t.x, t.y, t.z
        self.glyph, self.colour = chr(t.glyph), t.colour
        self.hp, self.attack, self.defense, self.speed = t.hp, t.attack, t.defense, t.speed
        self.properties = {_text(t.properties[i].name): _property_value(t.properties[i]) for i in range(t.property_count)}

    def __repr__(self):
        return "Thing(%r at %d, %d, %d)" % (self.template, self.x, self.y, self.z)


class Stairs:
    def __init__(self, s):
        self.x, self.y, self.upper_depth, self.lower_depth = s.x, s.y, s.upper_depth, s.lower_depth


class Level(_Handle):
    """A finished level. Tiles are kind indices into `kinds`."""

    _free = staticmethod(_lib.burrow_level_free)

    @property
    def hash(self):
        return _text(_lib.burrow_level_hash(self._live()))

    @property
    def seed(self):
        """The seed it was made from: with accept, the kept attempt's level seed."""
        return _lib.burrow_level_seed(self._live())

    @property
    def attempt(self):
        """Which attempt of the seed asked for it is (1 unless made with accept)."""
        return _lib.burrow_level_attempt(self._live())

    @property
    def accepted(self):
        """Made with accept: whether it meets every acceptance rule (False: no attempt
        did, this is the closest); None when made without accept."""
        verdict = _lib.burrow_level_accepted(self._live())
        return None if verdict < 0 else bool(verdict)

    @property
    def broken_rule(self):
        """When accepted is False, the rule it breaks with the value measured."""
        return _text(_lib.burrow_level_broken_rule(self._live()))

    @property
    def width(self):
        return _lib.burrow_level_width(self._live())

    @property
    def height(self):
        return _lib.burrow_level_height(self._live())

    @property
    def depth(self):
        return _lib.burrow_level_depth(self._live())

    def tile_name(self, x, y, z=0):
        """The kind's id at (x, y, z), or None outside the level."""
        return _text(_lib.burrow_level_tile_name(self._live(), x, y, z))

    def lock(self, x, y, z=0):
        """The lock of the locked door at (x, y, z) (its key's "opens"), or None."""
        return _text(_lib.burrow_level_lock(self._live(), x, y, z))

    def tiles(self, z=0):
        """Depth z's kind indices as bytes, row by row: tiles[y * width + x]."""
        buffer = ctypes.create_string_buffer(max(1, self.width * self.height))
        count = _call(_lib.burrow_level_tiles, self._live(), z, buffer, len(buffer))
        return buffer.raw[:count]

    def regions(self, z=0):
        """Depth z's region of each cell (0: not walkable), row by row."""
        buffer = (ctypes.c_int32 * max(1, self.width * self.height))()
        _call(_lib.burrow_level_regions, self._live(), z, buffer, len(buffer))
        return list(buffer[: self.width * self.height])

    @property
    def kinds(self):
        handle = self._live()
        return [Kind(i, _lib.burrow_level_kind(handle, i).contents) for i in range(_lib.burrow_level_kind_count(handle))]

    @property
    def things(self):
        handle = self._live()
        return [Thing(_lib.burrow_level_thing(handle, i).contents) for i in range(_lib.burrow_level_thing_count(handle))]

    @property
    def stairs(self):
        handle = self._live()
        return [Stairs(_lib.burrow_level_stairs(handle, i).contents) for i in range(_lib.burrow_level_stairs_count(handle))]

    def _place(self, function):
        x, y, z = _INT(), _INT(), _INT()
        return (x.value, y.value, z.value) if function(self._live(), ctypes.byref(x), ctypes.byref(y), ctypes.byref(z)) == 0 else None

    @property
    def start(self):
        """(x, y, z) where play starts, or None."""
        return self._place(_lib.burrow_level_start)

    @property
    def exit(self):
        """(x, y, z) of the exit, or None."""
        return self._place(_lib.burrow_level_exit)

    @property
    def metrics_json(self):
        """`burrow stats --json`'s document for this level, as text."""
        return _text(_call(_lib.burrow_level_metrics_json, self._live()))

    @property
    def warnings(self):
        handle = self._live()
        return [_text(_lib.burrow_level_warning(handle, i)) for i in range(_lib.burrow_level_warning_count(handle))]
