"""Recorded division matches (``divisions/matches/<match>.yaml``) and VP table files.

A recorded division match (written by ``dbf result submit`` for a division sheet)::

    schema: 1
    match: 1div-R01-03
    division: 1div
    round: 1
    home: ODE-A
    away: GEN-A
    boards: 36
    imps: [84, 61]          # totals, all segments
    ...                     # more keys (segments, players, ...) are allowed

A VP table file (``vp_scale = "vp/club.yaml"`` in season.toml, path inside the season)::

    schema: 1
    name: club 20-VP bands
    total: 20               # optional, VP of a whole match
    table:                  # from this IMP margin on, the winner gets this VP
      0: 10
      3: 11
      8: 12.5
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import msgspec

from ..rules.model import DIVISIONS
from ..rules.problems import Problem
from ..rules.standings import DivResult
from ..rules.vp import VPScale, builtin_scale, table_scale
from .schema import convert
from .season import SeasonStore, StoreError
from .yamlio import YamlDoc

MATCHES = "divisions/matches"
SCHEMA = 1


class DivMatchIn(msgspec.Struct):
    """The keys standings need; every other key of the file is left alone."""

    match: str
    round: int
    home: str
    away: str
    boards: int
    imps: tuple[int, int]
    division: str | None = None
    schema: int = SCHEMA


class VPTableIn(msgspec.Struct, forbid_unknown_fields=True):
    table: dict[int, float | int | str]
    name: str | None = None
    total: float | int = 20
    schema: int = SCHEMA


def match_division(match_id: str) -> str | None:
    """``1div-R01-03`` -> ``1div``; None if the id names no division."""
    head = match_id.rsplit("-R", 1)[0]
    return head if head in DIVISIONS else None


def parse_div_match(doc: YamlDoc) -> tuple[DivResult | None, str | None, list[Problem]]:
    """One recorded match file -> ``(result, division, problems)``."""
    if not isinstance(doc.data, dict):
        return None, None, [Problem.error(None, "a recorded division match is a YAML mapping", doc.where())]
    parsed, problems = convert(doc, DivMatchIn)
    if parsed is None:
        return None, None, problems
    if parsed.schema != SCHEMA:
        return None, None, [Problem.error(None, f"schema {parsed.schema}: this dbf reads schema {SCHEMA}",
                                          doc.where("schema"))]
    division = parsed.division or match_division(parsed.match)
    if division is not None and match_division(parsed.match) not in (None, division):
        problems.append(Problem.error(None, f"match {parsed.match} is not a {division} match", doc.where("match")))
    name = doc.file.rsplit("/", 1)[-1]
    if name != f"{parsed.match}.yaml":
        problems.append(Problem.warning(None, f"file {name} holds match {parsed.match}", doc.where("match"),
                                        hint=f"name it {parsed.match}.yaml"))
    result = DivResult(parsed.match, parsed.round, parsed.home, parsed.away, parsed.imps[0], parsed.imps[1],
                       parsed.boards, doc.where("match"))
    return result, division, problems


def load_div_results(store: SeasonStore, division_id: str) -> tuple[list[DivResult], list[Problem]]:
    """The recorded matches of one division, in file order, and every problem found.

    A malformed file is reported (not raised) so that all of them are listed at once."""
    results: list[DivResult] = []
    problems: list[Problem] = []
    for rel in store.list(MATCHES):
        try:
            doc = store.read_yaml(rel)
        except StoreError as exc:
            problems += exc.problems
            continue
        result, division, found = parse_div_match(doc)
        if division not in (None, division_id):
            continue
        problems += found
        if result is not None and division == division_id:
            results.append(result)
    return results, problems


def _hundredths(value, where, problems: list[Problem]) -> int | None:
    try:
        d = Decimal(str(value)) * 100
    except InvalidOperation:
        problems.append(Problem.error(None, f"VP {value!r} is not a number", where))
        return None
    if d != d.to_integral_value():
        problems.append(Problem.error(None, f"VP {value} has more than 2 decimals", where))
        return None
    return int(d)


def load_vp_scale(store: SeasonStore, name: str) -> tuple[VPScale | None, list[Problem]]:
    """``"wbf-20"`` -> the WBF scale; otherwise ``name`` is a VP table file in the season."""
    scale = builtin_scale(name)
    if scale is not None:
        return scale, []
    try:
        doc = store.read_yaml(name, required=False)
    except StoreError as exc:
        return None, exc.problems
    if doc is None:
        return None, [Problem.error(None, f"vp_scale = {name!r}: no such scale and no such file in the season",
                                    hint='use "wbf-20" or the path of a VP table file, e.g. "vp/club.yaml"')]
    parsed, problems = convert(doc, VPTableIn)
    if parsed is None:
        return None, problems
    total = _hundredths(parsed.total, doc.where("total"), problems)
    table = {}
    for margin, vp in parsed.table.items():
        h = _hundredths(vp, doc.where("table", margin), problems)
        if h is not None:
            table[margin] = h
    if problems or total is None:
        return None, problems
    return table_scale(parsed.name or name, table, total, doc.where("table"))
