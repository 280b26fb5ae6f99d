"""Summaries: the few fields a report needs from many state files, cached per folder.

``dbf up`` needs match, round and UP from every recorded sheet; ``dbf gp`` the GP
shares. Reading 4,000 whole sheets (even from the parse cache) costs about a second;
a summary keeps, for each file, only what one report extracts, in one cache file
per folder and report, keyed by each file's size, mtime and inode. A changed,
added or removed file is seen by its stat; only changed files are read again.

The cache lives beside the parse cache (``dbfcli.store.cache``), outside the season
folder, and holds plain data only. An extractor that fails on a file is not cached:
the caller's full loader reports the problem with its line.
"""

from __future__ import annotations

import functools
import os
import re
from typing import Any, Callable

from . import cache
from .season import SeasonStore
from .snapshotcache import note_stat

VERSION = 2   # 2: the ctime in the key (issue 16.6: a same-size edit that restores the mtime moves the ctime)
_MISSING = object()


def _key(st: os.stat_result) -> list:
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


# Both patterns are searched in b"\n" + text: a pattern that begins with a literal newline is
# found by a fast scan, where "^" with re.M is tried at every byte (three times slower).
#: a top-level key's line (the key is group 1)
_TOP_KEY = re.compile(rb"\n([A-Za-z_][A-Za-z0-9_]*):")
#: a line that is neither indented, blank, a comment, an item of a top-level sequence
#: (``- x``) nor a top-level plain key: the text is not a plain block mapping
_NOT_PLAIN = re.compile(rb"\n(?![ \t\n#]|- |-[ \t]*(?:\n|\Z)|[A-Za-z_][A-Za-z0-9_]*:|\Z)")


def top_blocks(text: bytes, keys: frozenset[str], skip: bool = False) -> bytes | None:
    r"""The lines of the top-level entries ``keys`` of a block-style YAML mapping (each key's
    line and the lines after it up to the next top-level key, unchanged), or None when the
    text is not such a mapping of plain keys (then the whole file is parsed); ``skip``: every
    entry but ``keys``. A report that needs three keys of a recorded sheet parses those, not
    the 1,000 nodes of the kept sheet. Only the top-level lines are looked at in Python.

    >>> top_blocks(b"a: 1\nb:\n- x\nc:\n  d: 2\n", frozenset({"a", "c"}))
    b'a: 1\nc:\n  d: 2\n'
    >>> top_blocks(b"a: 1\nb:\n- x\n", frozenset({"b"}), skip=True)
    b'a: 1\n'
    >>> top_blocks(b"---\na: 1\n", frozenset({"a"})) is None
    True
    """
    text = b"\n" + text
    if b"\r" in text or _NOT_PLAIN.search(text):   # \r: old Mac or Windows line ends
        return None
    parts = _TOP_KEY.split(text)   # [before the first key, key, its lines, key, its lines, ...]
    wanted = _as_bytes(keys)
    out = b"\n".join(key + b":" + body for key, body in zip(parts[1::2], parts[2::2]) if (key in wanted) != skip)
    return out if out.endswith(b"\n") or not out else out + b"\n"


@functools.lru_cache(maxsize=32)
def _as_bytes(keys: frozenset[str]) -> frozenset[bytes]:
    return frozenset(k.encode("ascii") for k in keys)


def _extract_fast(path: str, rel: str, keys: frozenset[str], skip: bool,
                  extract: Callable[[Any], Any]) -> Any:
    """``extract`` over only the top-level ``keys`` of the file ``rel`` at ``path`` (found by
    scanning its folder, no overlay over it: read as it is) (:func:`top_blocks`); raises
    when that is not possible, and the caller parses the whole file."""
    from .yamlio import parse_yaml

    with open(path, "rb") as f:
        cut = top_blocks(f.read(), keys, skip)
    if cut is None:
        raise ValueError("not a plain block mapping")
    return extract(parse_yaml(cut, rel).data)


def folder_summary(store: SeasonStore, folder: str, name: str, extract: Callable[[Any], Any],
                   only: str | None = None, type_: Any = None,
                   keys: frozenset[str] | None = None, skip: bool = False) -> tuple[dict[str, Any], list[str]]:
    """``{rel: extract(data)}`` for every ``*.yaml`` file of ``folder`` (or the one file
    named ``only``), and the files whose extraction failed (the caller loads those fully
    to report why). ``type_``: the type ``extract`` returns (a value object), decoded as
    such from the cache (in C, no conversion afterwards). ``keys``: the only top-level keys
    ``extract`` reads (``skip``: the keys it never reads); a file not in the cache is then
    parsed only for those (:func:`top_blocks`)."""
    if _overlaid(store, folder):
        return _uncached(store, folder, extract, only)   # an interrupted write shown as it will be
    base = store.path(folder)
    try:
        entries = [(f"{folder}/{e.name}", e.stat(), e.path) for e in os.scandir(base)
                   if e.name.endswith(".yaml") and not e.name.startswith(".") and e.is_file()
                   and (only is None or e.name == only)]
    except FileNotFoundError:
        return {}, []
    entries.sort()
    target = cache.cache_path(store.dir, f"{folder}.{name}.summary")
    old = _cached(target, type_)
    out: dict[str, Any] = {}
    fresh: dict[str, list] = {}
    failed: list[str] = []
    changed = False
    for rel, st, path in entries:
        key = _key(st)
        note_stat(path, tuple(key))   # taken as unchanged by its stat: a kept memo watches it
        hit = old.get(rel)
        if _current(hit, key):
            out[rel] = hit[1]
            fresh[rel] = hit
            continue
        changed = True
        try:
            value = _extract_fast(path, rel, keys, skip, extract) if keys else _MISSING
        except Exception:  # noqa: BLE001 - not a plain file: parse it whole
            value = _MISSING
        value = _or_whole(store, rel, extract, value)
        if value is _MISSING:   # reported by the caller's full loader
            failed.append(rel)
            continue
        out[rel] = value
        fresh[rel] = [key, value]
    if _stale(target, changed, fresh, old):
        _save(target, fresh)
    return out, failed


def _overlaid(store: SeasonStore, folder: str) -> bool:
    """Whether an interrupted write (the store's overlay) holds a file of ``folder``."""
    return bool(store.overlay) and any(rel.startswith(folder + "/") for rel in store.overlay)


def _cached(target, type_: Any) -> dict:
    """The summary kept at ``target``: ``{rel: [stat key, value]}``; {} when missing (no cache:
    ``target`` None) or not ours."""
    if target is None:
        return {}
    try:
        import msgspec

        raw = target.read_bytes()
        if type_ is None:
            version, old = msgspec.msgpack.decode(raw)
        else:
            version, old = msgspec.msgpack.decode(raw, type=tuple[int, dict[str, tuple[list[int], type_]]])
        if version != VERSION or not isinstance(old, dict):
            return {}
        return old
    except Exception:  # noqa: BLE001 - missing or not ours: rebuild
        return {}


def _stale(target, changed: bool, fresh: dict, old: dict) -> bool:
    """Whether the kept summary (at ``target``; None: no cache) is to be written again: a file
    changed, came or went."""
    return target is not None and (changed or len(fresh) != len(old))


def _current(hit: Any, key: list) -> bool:
    """Whether a kept entry ``[stat key, value]`` is of the file as it is now."""
    return isinstance(hit, (list, tuple)) and len(hit) == 2 and hit[0] == key


def _or_whole(store: SeasonStore, rel: str, extract: Callable[[Any], Any], value: Any) -> Any:
    """``value``, else ``extract`` over the whole file parsed; ``_MISSING`` when that fails."""
    if value is not _MISSING:
        return value
    try:
        return extract(store.read_yaml(rel).data)
    except Exception:  # noqa: BLE001 - reported by the caller's full loader
        return _MISSING


def _uncached(store: SeasonStore, folder: str, extract: Callable[[Any], Any],
              only: str | None) -> tuple[dict[str, Any], list[str]]:
    out: dict[str, Any] = {}
    failed: list[str] = []
    for rel in store.list(folder):
        if only is not None and rel != f"{folder}/{only}":
            continue
        try:
            out[rel] = extract(store.read_yaml(rel).data)
        except Exception:  # noqa: BLE001 - reported by the caller's full loader
            failed.append(rel)
    return out, failed


def _save(target, fresh: dict) -> None:
    import msgspec

    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_bytes(msgspec.msgpack.encode([VERSION, fresh]))
        os.replace(tmp, target)
    except (OSError, TypeError, ValueError, OverflowError, msgspec.EncodeError):
        pass
