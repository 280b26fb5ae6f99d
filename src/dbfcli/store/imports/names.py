"""The names map of ``dbf result import`` (docs/formats/import.md): a name as a scoring program
writes it -> member number (§1.5.14: who played is named), for handles that never fit a roster.

``--names FILE`` gives one (YAML: ``names: {"zz_top77": 123456, ...}``, or the mapping at top
level); the season keeps what was used in ``SEASON/imports/names.yaml`` (``schema: 1``), so the
next import of the same team needs no ``--names``. A map given on the command line wins over
the season's for the names it has.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...rules.problems import Msg, Problem, Where
from ..yamlio import YamlLoadError, dump_yaml, parse_yaml, read_input

#: the season's names map, relative to the season folder
SEASON_NAMES = "imports/names.yaml"


def _names_of(data: Any, file: str) -> tuple[dict[str, int], list[Problem]]:
    """The map in a parsed document (``names:`` or the top level), or why it is not one."""
    if isinstance(data, dict) and "names" in data:
        data = data["names"]
    if not isinstance(data, dict):
        return {}, [Problem.error(None, Msg('the names map is not a YAML map of name to member number'), Where(file, 1),
                                  hint=Msg('names: {{"BildeD": 123456}}'), code="format.yaml")]
    out: dict[str, int] = {}
    for name, number in data.items():
        if name == "schema":
            continue
        if not isinstance(number, int) or isinstance(number, bool) or number <= 0:
            return {}, [Problem.error(None, Msg('names map: {} -> {} is not a member number', f'{name!r}',
                                                f'{number!r}'),
                                      Where(file, None), hint=Msg('names: {{"BildeD": 123456}}'), code="format.yaml")]
        out[str(name).strip()] = number
    return out, []


def read_names(path: Path) -> tuple[dict[str, int], list[Problem]]:
    """The names map in ``path`` (``--names FILE``)."""
    file = str(path)
    try:
        return names_of_bytes(read_input(path, file), file)
    except YamlLoadError as exc:
        return {}, list(exc.problems)


def names_of_bytes(data: bytes, file: str) -> tuple[dict[str, int], list[Problem]]:
    """The names map in the bytes of a ``--names`` file (``file``: its name in every problem)."""
    try:
        doc = parse_yaml(data, file)
    except YamlLoadError as exc:
        return {}, list(exc.problems)
    return _names_of(doc.data, file)


def season_names(store) -> tuple[dict[str, int], list[Problem]]:
    """The season's names map (empty when it has none)."""
    path = store.path(SEASON_NAMES)
    if not Path(path).exists():
        return {}, []
    return read_names(Path(path))


def names_text(names: dict[str, int]) -> str:
    """The season's names map as written."""
    return dump_yaml({"schema": 1, "names": dict(sorted(names.items()))},
                     header="names as scoring programs write them -> member number (dbf result import --names)")

