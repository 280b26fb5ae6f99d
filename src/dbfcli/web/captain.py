"""The captain's form and the sheet it stands for (issue 19), without Starlette: the match a
sheet names (for the token check before anything else) and a JSON sheet as the YAML dbf
reads. Where the granted match stands and what a captain may do are use cases of the
application layer (:mod:`dbfcli.app.captains`)."""

from __future__ import annotations

import json
from typing import Any



def sheet_match(body: bytes) -> tuple[str | None, Any]:
    """``(match, document)``: the ``match`` a sheet names (for the token check before anything
    else), or None; and its YAML document (store.yamlio), handed on to the check so that the
    sheet is parsed once (None when it is not a mapping: the check then says why)."""
    from ..store.servefiles import SHEET_LABEL
    from ..store.yamlio import YamlLoadError, parse_yaml

    try:
        doc = parse_yaml(body, SHEET_LABEL)
    except (YamlLoadError, ValueError, RecursionError):
        return None, None
    if not isinstance(doc.data, dict):
        return None, None
    match = doc.data.get("match")
    return (str(match) if isinstance(match, (str, int)) else None), doc


def json_to_yaml(body: bytes) -> bytes | None:
    """A JSON sheet as the YAML ``dbf result`` reads (JSON is not quite YAML 1.1: re-written
    with JSON strings, which are YAML double-quoted scalars). None when not JSON."""
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        return None
    return (_yaml_value(doc, 0) + "\n").encode("utf-8")


def _yaml_value(v: Any, depth: int) -> str:
    if depth > 40:
        raise ValueError("too deep")
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {_yaml_value(x, depth + 1)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ", ".join(_yaml_value(x, depth + 1) for x in v) + "]"
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return json.dumps(v)
    return json.dumps(str(v), ensure_ascii=False)
