"""A parse cache for state files: YAML parsed once, then read back in microseconds.

``$DBF_CACHE_DIR`` (else ``$XDG_CACHE_HOME/dbf``, else ``~/.cache/dbf``) holds
each parsed document (with its line numbers) as msgpack, keyed by the source
file's size, mtime and inode. Any change to the file (by dbf or by hand)
misses the cache and the file is parsed again. The cache is derived data
outside the season folder: safe to delete, never committed, written
atomically without the season lock (two writers write the same bytes);
``DBF_CACHE_DIR=off`` turns it off. It holds only plain data (no pickle): a crafted cache file can at
worst be rejected, never run code.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
from pathlib import Path

from .yamlio import LineDict, LineList, YamlDoc

VERSION = 1


def _encode(value):
    if isinstance(value, dict):
        lines = getattr(value, "lines", {})
        return ["d", getattr(value, "line", None), [[k, lines.get(k), _encode(v)] for k, v in value.items()]]
    if isinstance(value, list):
        lines = getattr(value, "lines", [])
        return ["l", getattr(value, "line", None),
                [[lines[i] if i < len(lines) else None, _encode(v)] for i, v in enumerate(value)]]
    if isinstance(value, dt.datetime):
        return ["T", value.isoformat()]
    if isinstance(value, dt.date):
        return ["D", value.isoformat()]
    return value


def _decode(value):
    if isinstance(value, list):
        if value[0] == "D":
            return dt.date.fromisoformat(value[1])
        if value[0] == "T":
            return dt.datetime.fromisoformat(value[1])
        if value[0] == "d":
            d = LineDict()
            d.line = value[1]
            for k, line, v in value[2]:
                d[k] = _decode(v)
                d.lines[k] = line
            return d
        out = LineList()
        out.line = value[1]
        for line, v in value[2]:
            out.append(_decode(v))
            out.lines.append(line)
        return out
    return value


def _key(st: os.stat_result) -> list:
    return [VERSION, st.st_size, st.st_mtime_ns, st.st_ino]


def cache_root() -> Path | None:
    configured = os.environ.get("DBF_CACHE_DIR")
    if configured == "off":
        return None
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "dbf"


@functools.lru_cache(maxsize=8)
def _season_cache(season_dir: Path, root: Path) -> Path:
    import hashlib

    return root / hashlib.sha1(str(season_dir.resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:16]


def cache_path(season_dir: Path, rel: str) -> Path | None:
    root = cache_root()
    if root is None:
        return None
    return _season_cache(season_dir, root) / (rel + ".mp")


def load(season_dir: Path, rel: str, st: os.stat_result) -> YamlDoc | None:
    """The cached document if the file is unchanged since it was cached, else None."""
    import msgspec

    path = cache_path(season_dir, rel)
    if path is None:
        return None
    try:
        raw = path.read_bytes()
        key, tree = msgspec.msgpack.decode(raw)
    except (OSError, ValueError, TypeError, msgspec.DecodeError):
        return None
    if key != _key(st):
        return None
    try:
        return YamlDoc(_decode(tree), rel)
    except (IndexError, TypeError, ValueError):
        return None


def save(season_dir: Path, rel: str, st: os.stat_result, doc: YamlDoc) -> None:
    """Cache a parsed document; failures are ignored (the cache is only an accelerator)."""
    import msgspec

    try:
        target = cache_path(season_dir, rel)
        if target is None:
            return
        raw = msgspec.msgpack.encode([_key(st), _encode(doc.data)])
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_bytes(raw)
        os.replace(tmp, target)
    except (OSError, TypeError, msgspec.EncodeError):
        pass
