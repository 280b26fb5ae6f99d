"""Schema validation with msgspec that reports *every* problem, with its line.

msgspec stops at the first error of a conversion. :func:`convert` first
tries the whole document (fast path); when that fails it walks the declared
type: each field of a ``Struct`` and each item of a list is converted on its
own, so every broken field is reported, each at the line where it stands.
"""

from __future__ import annotations

import re
import typing
from typing import Any

import msgspec

from ..rules.problems import Msg, Problem
from .yamlio import YamlDoc

_PATH_TOKEN = re.compile(r"\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\[\"([^\"]*)\"\]")


def _msgspec_path(message: str) -> tuple[str, tuple]:
    """Split msgspec's 'Expected int, got str - at `$.a[0].b`' into text and a path."""
    text, _, at = message.partition(" - at `")
    path: list = []
    for m in _PATH_TOKEN.finditer(at.rstrip("`")):
        if m.group(1) is not None:
            path.append(m.group(1))
        elif m.group(2) is not None:
            path.append(int(m.group(2)))
        else:
            path.append(m.group(3))
    return text, tuple(path)


def _describe(path: tuple) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the file"


def convert(doc: YamlDoc, typ: Any, data: Any = None, path: tuple = ()) -> tuple[Any, list[Problem]]:
    """Convert ``data`` (default: the whole document) to ``typ``; ``(value or None, problems)``."""
    if data is None and not path:
        data = doc.data
    try:
        return msgspec.convert(data, typ, strict=False), []
    except msgspec.ValidationError as exc:
        first = str(exc)
    problems = _walk(doc, typ, data, path)
    if not problems:  # the walk found nothing more precise: report msgspec's own message
        text, sub = _msgspec_path(first)
        full = path + sub
        problems = [Problem.error(None, Msg('{}: {}', _describe(full), text), doc.where(*full), code="format.schema")]
    return None, problems


def _walk_struct(doc: YamlDoc, typ: Any, data: Any, path: tuple) -> list[Problem]:
    """A mapping against a Struct: every missing required key, every field's own problems,
    every unknown key (when the Struct forbids them)."""
    if not isinstance(data, dict):
        return [Problem.error(None, Msg('{}: expected a mapping of keys, got {}', _describe(path), _kind(data)),
                              doc.where(*path), code="format.schema")]
    problems: list[Problem] = []
    fields = msgspec.structs.fields(typ)
    names = {f.encode_name for f in fields}
    for f in fields:
        if f.encode_name not in data:
            if f.required:
                problems.append(Problem.error(None, Msg("{}: missing required key '{}'", _describe(path),
                                                        f.encode_name),
                                              doc.where(*path), hint=Msg("add '{}:'", f.encode_name), code="format.schema"))
            continue
        _, sub = convert(doc, f.type, data[f.encode_name], path + (f.encode_name,))
        problems += sub
    if getattr(typ, "__struct_config__", None) and typ.__struct_config__.forbid_unknown_fields:
        problems += [Problem.error(None, Msg("{}: unknown key '{}'", _describe(path), key), doc.where(*path, key),
                                   hint=Msg("known keys: {}", ", ".join(sorted(names))), code="format.schema")
                     for key in data if key not in names]
    return problems


def _walk(doc: YamlDoc, typ: Any, data: Any, path: tuple) -> list[Problem]:
    if isinstance(typ, type) and issubclass(typ, msgspec.Struct):
        return _walk_struct(doc, typ, data, path)
    origin = typing.get_origin(typ)
    if origin in (list, tuple) and isinstance(data, list):
        args = typing.get_args(typ)
        item_type = args[0] if args else Any
        problems = []
        for i, item in enumerate(data):
            _, sub = convert(doc, item_type, item, path + (i,))
            problems += sub
        return problems
    return []


def _kind(data: Any) -> str:
    if data is None:
        return "nothing"
    for typ, word in ((bool, "true/false"), (dict, "a mapping"), (list, "a list"), (str, "text"),
                      (int, "a number"), (float, "a number")):
        if isinstance(data, typ):
            return word
    return type(data).__name__
