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

import os
from typing import Any, Callable

from . import cache
from .season import SeasonStore

VERSION = 1


def _key(st: os.stat_result) -> list:
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def folder_summary(store: SeasonStore, folder: str, name: str, extract: Callable[[Any], Any],
                   only: str | None = None) -> tuple[dict[str, Any], list[str]]:
    """``{rel: extract(data)}`` for every ``*.yaml`` file of ``folder`` (or the one file
    named ``only``), and the files whose extraction failed (the caller loads those fully
    to report why)."""
    base = store.path(folder)
    try:
        entries = [(f"{folder}/{e.name}", e.stat()) for e in os.scandir(base)
                   if e.name.endswith(".yaml") and not e.name.startswith(".") and e.is_file()
                   and (only is None or e.name == only)]
    except FileNotFoundError:
        return {}, []
    entries.sort()
    target = cache.cache_path(store.dir, f"{folder}.{name}.summary")
    old: dict = {}
    if target is not None:
        try:
            import msgspec

            raw = target.read_bytes()
            version, old = msgspec.msgpack.decode(raw)
            if version != VERSION or not isinstance(old, dict):
                old = {}
        except Exception:  # noqa: BLE001 - missing or not ours: rebuild
            old = {}
    out: dict[str, Any] = {}
    fresh: dict[str, list] = {}
    failed: list[str] = []
    changed = False
    for rel, st in entries:
        key = _key(st)
        hit = old.get(rel)
        if isinstance(hit, list) and len(hit) == 2 and hit[0] == key:
            out[rel] = hit[1]
            fresh[rel] = hit
            continue
        changed = True
        try:
            value = extract(store.read_yaml(rel).data)
        except Exception:  # noqa: BLE001 - reported by the caller's full loader
            failed.append(rel)
            continue
        out[rel] = value
        fresh[rel] = [key, value]
    if target is not None and (changed or len(fresh) != len(old)):
        _save(target, fresh)
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
