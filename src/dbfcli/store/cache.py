"""A parse cache for state files: YAML (and TOML) parsed once, then read back in microseconds.

``$DBF_CACHE_DIR`` (else ``$XDG_CACHE_HOME/dbf``, else ``~/.cache/dbf``) holds
each parsed document (with its line numbers) as msgpack, keyed by the source
file's content: its size and a BLAKE2b digest of its bytes (issue 16.6: a key of
size, mtime and inode missed a same-size edit that kept the mtime -- ``touch -r``,
some editors, some git checkouts). Any change to the bytes (by dbf or by hand)
misses the cache and the file is parsed again. Hashing costs ~2 ms per MiB,
against ~1 s per MiB to parse YAML (docs/performance.md). The cache is derived data
outside the season folder: safe to delete, never committed, written
atomically without the season lock (two writers write the same bytes);
``DBF_CACHE_DIR=off`` turns it off. It holds only plain data (no pickle): a crafted cache file can at
worst be rejected, never run code.

Format (version 2, chosen for the speed of reading back; bench/run.py measures it):
every mapping or sequence is a node ``[line, lines, body]``: ``body`` is a msgpack
map (mapping) or array (sequence) whose container values are nodes again, and
``lines`` the line of each key or item in order. Scalars are plain msgpack values;
dates and datetimes are msgpack extension types 1 and 2 (ISO text), so a list in
the tree is always a node and the reader can rebuild a document with C-level
dict/list operations, one Python step per container rather than per value.
"""

from __future__ import annotations

import datetime as dt
import gc
import os
from pathlib import Path

from .yamlio import LineDict, LineList, YamlDoc

VERSION = 3   # 3: keyed on the content (size + BLAKE2b), not on size/mtime/inode
_DATE, _DATETIME = 1, 2

#: after this many documents (or bytes) read back in one process, the cyclic garbage
#: collector runs less often: the documents are acyclic trees, and re-scanning hundreds of
#: thousands of their objects on every collection cost a third of `dbf up` on a 4,096-team
#: season. Small seasons never reach this.
_BULK_AFTER = 256
_BULK_BYTES = 1 << 20
_BULK_GEN0 = 50_000
_loads = 0
_bytes = 0


def _encode(value):
    if isinstance(value, dict):
        lines = getattr(value, "lines", None) or {}
        if any(isinstance(k, dt.date) for k in value):
            raise TypeError("date keys would come back as text: not cached")
        return [getattr(value, "line", None), [lines.get(k) for k in value], {k: _encode(v) for k, v in value.items()}]
    if isinstance(value, list):
        lines = list(getattr(value, "lines", None) or [])
        lines += [None] * (len(value) - len(lines))
        return [getattr(value, "line", None), lines[:len(value)], [_encode(v) for v in value]]
    if isinstance(value, tuple):
        raise TypeError("tuples are not YAML data")
    if isinstance(value, dt.datetime):
        return _ext(_DATETIME, value.isoformat())
    if isinstance(value, dt.date):
        return _ext(_DATE, value.isoformat())
    return value


def _ext(code: int, text: str):
    import msgspec

    return msgspec.msgpack.Ext(code, text.encode("ascii"))


def _ext_hook(code: int, data: memoryview):
    if code == _DATE:
        return dt.date.fromisoformat(bytes(data).decode("ascii"))
    if code == _DATETIME:
        return dt.datetime.fromisoformat(bytes(data).decode("ascii"))
    raise ValueError(f"unknown extension type {code}")


_new_dict = LineDict.__new__
_new_list = LineList.__new__
_dict_update = dict.update
_list_extend = list.extend


def _decode(node: list):
    line, lines, body = node
    if type(body) is dict:
        for k, v in body.items():
            if type(v) is list:
                body[k] = _decode(v)
        d = _new_dict(LineDict)
        _dict_update(d, body)
        d.lines = dict(zip(body, lines))
        d.line = line
        return d
    out = _new_list(LineList)
    _list_extend(out, [_decode(v) if type(v) is list else v for v in body])
    out.lines = list(lines)
    out.line = line
    return out


try:  # the built-in BLAKE2: no OpenSSL load (~3 ms, hashlib) on a command's start-up
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover - CPython built without it
    from hashlib import blake2b as _blake2b


def _key(data: bytes) -> list:
    """The cache key of a file whose bytes are ``data``: the format version, the size, and a
    128-bit BLAKE2b digest of the bytes."""
    return [VERSION, len(data), _blake2b(data, digest_size=16).digest()]


def cache_root() -> Path | None:
    configured = os.environ.get("DBF_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "dbf"


_folders: dict[tuple, str] = {}


def _season_cache(season_dir: Path, root: Path) -> str:
    """The cache folder of one season: a hash of its absolute path, under ``root``."""
    try:  # the built-in SHA-1: no OpenSSL load (~2 ms) when nothing else needs hashlib
        from _sha1 import sha1
    except ImportError:  # pragma: no cover - CPython built without it
        from hashlib import sha1

    digest = sha1(str(season_dir.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return os.path.join(root, digest)


def _folder(season_dir: Path) -> str | None:
    env = (os.environ.get("DBF_CACHE_DIR"), os.environ.get("XDG_CACHE_HOME"))
    key = (season_dir, env) if season_dir.is_absolute() else (season_dir, env, os.getcwd())
    folder = _folders.get(key)
    if folder is None:
        root = cache_root()
        if root is None:
            return None
        folder = _folders[key] = _season_cache(season_dir, root)
    return folder


def cache_path(season_dir: Path, rel: str) -> Path | None:
    folder = _folder(season_dir)
    return None if folder is None else Path(folder, rel + ".mp")


_decoder = None


def _get_decoder():
    global _decoder
    if _decoder is None:
        import msgspec

        _decoder = msgspec.msgpack.Decoder(ext_hook=_ext_hook)
    return _decoder


def load(season_dir: Path, rel: str, data: bytes) -> YamlDoc | None:
    """The cached document of the file ``rel`` whose bytes are now ``data``, if those are the
    bytes that were cached, else None."""
    global _loads, _bytes
    folder = _folder(season_dir)
    if folder is None:
        return None
    try:
        with open(os.path.join(folder, rel + ".mp"), "rb") as f:
            raw = f.read()
        key, tree = _get_decoder().decode(raw)
    except Exception:  # noqa: BLE001 - missing, unreadable or not ours: parse the file instead
        return None
    if key != _key(data):
        return None
    _loads += 1
    _bytes += len(raw)
    if _loads >= _BULK_AFTER or _bytes >= _BULK_BYTES:
        gen0, gen1, gen2 = gc.get_threshold()
        if 0 < gen0 < _BULK_GEN0:
            gc.set_threshold(_BULK_GEN0, gen1, gen2)
    try:
        return YamlDoc(_decode(tree) if type(tree) is list else tree, rel)
    except (IndexError, TypeError, ValueError, AttributeError, RecursionError):
        return None


def save(season_dir: Path, rel: str, data: bytes, doc: YamlDoc) -> None:
    """Cache a parsed document; failures are ignored (the cache is only an accelerator)."""
    import msgspec

    try:
        target = cache_path(season_dir, rel)
        if target is None:
            return
        raw = msgspec.msgpack.encode([_key(data), _encode(doc.data)])
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_bytes(raw)
        os.replace(tmp, target)
    except (OSError, TypeError, ValueError, OverflowError, RecursionError, msgspec.EncodeError):
        pass


_TOML_SCALARS = (str, int, float, bool, dt.date)   # dt.datetime is a dt.date


def _plain(value) -> bool:
    """Only what comes back exactly: no TOML local times (they would return as text)."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return isinstance(value, _TOML_SCALARS) and not (isinstance(value, dt.datetime) and value.tzinfo is not None)


def toml(base: Path, rel: str, data: bytes, text: str) -> dict:
    """``text`` (the TOML file ``base/rel``, whose bytes are ``data``) parsed: from the cache when
    the bytes are unchanged, else by :mod:`tomllib` (imported only then, ~3 ms), cached for next
    time. A malformed file raises :class:`tomllib.TOMLDecodeError` as ``tomllib.loads`` does."""
    doc = load(base, rel, data)
    if doc is not None and isinstance(doc.data, dict):
        return doc.data
    import tomllib

    parsed = tomllib.loads(text)
    if _plain(parsed):
        save(base, rel, data, YamlDoc(parsed, rel))
    return parsed


# --------------------------------------------------------------------------- values read from a file
#: what ``load_value`` returns when nothing usable is cached
MISSING = object()
_stamp: list = []
_value_decoders: dict = {}


def _code_stamp() -> bytes:
    """A digest of the size and mtime of every module that reads values (``dbfcli/*.py``,
    ``rules/``, ``store/``; about 0.4 ms): a cached *value* (what a reader made of a file) is
    only as good as the code that made it, so a changed dbf misses."""
    if not _stamp:
        package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        parts = []
        for sub in ("", "rules", "store"):
            with os.scandir(os.path.join(package, sub)) as entries:
                parts += sorted(f"{sub}/{e.name}:{e.stat().st_size}:{e.stat().st_mtime_ns}"
                                for e in entries if e.name.endswith(".py"))
        _stamp.append(_blake2b("\n".join([package] + parts).encode("utf-8", "surrogateescape"), digest_size=16).digest())
    return _stamp[0]


def _value_file(season_dir: Path, rel: str, name: str) -> str | None:
    folder = _folder(season_dir)
    return None if folder is None else os.path.join(folder, f"{rel}.{name}.value.mp")


def load_value(season_dir: Path, rel: str, name: str, data: bytes, type_):
    """The value ``name`` (a reader's result of type ``type_``, decoded as such in C) cached for
    the file ``rel`` whose bytes are now ``data``, by this same code; else :data:`MISSING`."""
    import msgspec

    path = _value_file(season_dir, rel, name)
    if path is None:
        return MISSING
    try:
        decoder = _value_decoders.get(type_)
        if decoder is None:   # a decoder is made once per type: making one costs more than a decode
            decoder = _value_decoders[type_] = msgspec.msgpack.Decoder(tuple[list, bytes, type_])
        with open(path, "rb") as f:
            key, stamp, value = decoder.decode(f.read())
    except Exception:  # noqa: BLE001 - missing, unreadable or not ours: read the file instead
        return MISSING
    return value if key == _key(data) and stamp == _code_stamp() else MISSING


def save_value(season_dir: Path, rel: str, name: str, data: bytes, value) -> None:
    """Cache a reader's value of the file ``rel`` (bytes ``data``); failures are ignored."""
    import msgspec

    path = _value_file(season_dir, rel, name)
    if path is None:
        return
    try:
        raw = msgspec.msgpack.encode((_key(data), _code_stamp(), value))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            f.write(raw)
        os.replace(tmp, path)
    except (OSError, TypeError, ValueError, OverflowError, msgspec.EncodeError):
        pass
