"""``DIR/clubs.yaml`` (optional, kept by the TD; docs/publishing.md): club names and venue
streets, for the site, the calendars and the schedules::

    schema: 1
    clubs:   {1010: Bridgeklubben Nord}          # DBF club number -> name
    venues:  {"5000": "Bridgecentret, Vesterbro 10"}   # postcode -> street address
"""

from __future__ import annotations

from typing import Any
from ..rules.problems import Msg

CLUBS = "clubs.yaml"   # in the tournaments folder (DIR)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def load_clubs(store) -> tuple[dict[int, str], dict[str, str], list]:
    """``(clubs, streets, problems)`` of ``DIR/clubs.yaml``; a malformed file is a warning
    (the site is still built), no file is ``({}, {}, [])``."""
    from ..rules.value import replace
    from .yamlio import YamlLoadError, parse_yaml

    path = store.root / CLUBS
    if not path.is_file():
        return {}, {}, []
    try:
        doc = parse_yaml(path.read_bytes(), str(path))
    except YamlLoadError as exc:
        return {}, {}, [replace(p, severity="warning") for p in exc.problems]
    return _clubs_of(doc, path)


def _clubs_of(doc, path) -> tuple[dict[int, str], dict[str, str], list]:
    """The two mappings of a parsed clubs.yaml; a wrong shape is a warning and reads as empty."""
    from ..rules.problems import Problem

    data = doc.data if isinstance(doc.data, dict) else {}
    given = {key: data.get(key) or {} for key in ("clubs", "venues")}
    problems = []
    if not all(isinstance(v, dict) for v in given.values()):    # checked before it is read (issue 16.1)
        given = {key: v if isinstance(v, dict) else {} for key, v in given.items()}
        problems.append(Problem.warning(None, Msg("{}: expected mappings 'clubs' and 'venues'", path), doc.where(),
                                        code="format.schema"))
    clubs = {int(k): str(v) for k, v in given["clubs"].items() if _int(k) is not None and v}
    streets = {str(k).zfill(4): str(v) for k, v in given["venues"].items() if v}
    return clubs, streets, problems
