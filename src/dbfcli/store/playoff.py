"""Files of the play-off and the rollover inputs.

* ``divisions/matches/<id>.yaml``: recorded division matches, read as
  :class:`~dbfcli.rules.standings.DivResult` (short form ``imps: [home, away]``
  with ``boards``, or a result sheet's ``segments``).
* ``divisions/playoff.yaml``: the §1.1.2.8 choice, the lot seed and the
  recorded play-off results (schema 1)::

      schema: 1
      seed: 202627
      results_known_on: 2027-02-21     # optional, default: day after the last 1div weekend
      choice: {team: KBH-2, chosen_on: 2027-02-25}
      results:
        1div-SF1: {teams: [ODE-1, KBH-2], halves: [[30, 20], [10, 12], [40, 40], [5, 9]], extra_rounds: []}

* the qualifiers file of ``dbf season rollover --qualifiers`` (§1.1.5)::

      schema: 1
      membership: {west: 5200, east: 4800}   # optional, §1.1.5.1
      west: [W1, W2, W3, W4]                 # Kreds IV, best first
      east_direct: [K2]                      # Kreds II's place
      east_tournament: [E1, E2, E3]          # the east tournament, best first
      teams: [...]                           # every team named above, teams-file form
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from ..rules.model import Team
from ..rules.playoff import Half, PlayoffResult
from ..rules.problems import Problem, Where
from ..rules.standings import DivResult
from .season import SeasonStore, StoreError
from .yamlio import LineDict, YamlDoc, YamlLoadError, parse_yaml

PLAYOFF = "divisions/playoff.yaml"
MATCHES = "divisions/matches"
SCHEMA = 1


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_int(v) is not None for v in value):
        return (value[0], value[1])
    return None


def _side_team(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("team")
    return str(value) if value is not None else None


def load_division_results(store: SeasonStore, division_id: str) -> tuple[list[DivResult], list[Problem]]:
    """The recorded matches of one division (files whose ``division`` or id prefix matches)."""
    results: list[DivResult] = []
    problems: list[Problem] = []
    for rel in store.list(MATCHES):
        doc = store.read_yaml(rel)
        data = doc.data if isinstance(doc.data, dict) else {}
        mid = str(data.get("match") or rel.rsplit("/", 1)[-1][:-5])
        div = data.get("division") or mid.rsplit("-R", 1)[0]
        if div != division_id:
            continue
        home, away = _side_team(data.get("home")), _side_team(data.get("away"))
        imps = _pair(data.get("imps"))
        boards = _int(data.get("boards"))
        if imps is None and isinstance(data.get("segments"), list):
            seg_imps, seg_boards = [0, 0], 0
            for seg in data["segments"]:
                pair = _pair(seg.get("imps") if isinstance(seg, dict) else seg)
                if pair is None:
                    seg_imps = None
                    break
                seg_imps[0] += pair[0]
                seg_imps[1] += pair[1]
                seg_boards += (_int(seg.get("boards")) if isinstance(seg, dict) else None) or 0
            imps = tuple(seg_imps) if seg_imps is not None else None
            boards = boards or seg_boards or None
        rnd = _int(data.get("round")) or 0
        if not home or not away or imps is None:
            problems.append(Problem.error(None, f"{rel}: needs home, away and imps: [home, away]", Where(rel, 1)))
            continue
        if boards is None:
            boards = 36
        results.append(DivResult(mid, rnd, home, away, imps[0], imps[1], boards, Where(rel, 1)))
    return results, problems


@dataclass
class PlayoffFile:
    """``divisions/playoff.yaml``."""

    seed: int | None = None
    results_known_on: dt.date | None = None
    choice: str | None = None
    chosen_on: dt.date | None = None
    results: dict[str, tuple[tuple[str, str], PlayoffResult]] = field(default_factory=dict)


def _date(value: Any, what: str, doc: YamlDoc, *path) -> tuple[dt.date | None, list[Problem]]:
    if value is None:
        return None, []
    if isinstance(value, dt.date):
        return value, []
    try:
        return dt.date.fromisoformat(str(value)), []
    except ValueError:
        return None, [Problem.error(None, f"{what} {value!r} is not a date (YYYY-MM-DD)", doc.where(*path))]


def load_playoff(store: SeasonStore) -> tuple[PlayoffFile, list[Problem]]:
    doc = store.read_yaml(PLAYOFF, required=False)
    pf = PlayoffFile()
    if doc is None or doc.data is None:
        return pf, []
    data = doc.data if isinstance(doc.data, dict) else {}
    problems: list[Problem] = []
    pf.seed = _int(data.get("seed"))
    pf.results_known_on, p = _date(data.get("results_known_on"), "results_known_on", doc, "results_known_on")
    problems += p
    choice = data.get("choice") or {}
    if isinstance(choice, dict) and choice.get("team"):
        pf.choice = str(choice["team"])
        pf.chosen_on, p = _date(choice.get("chosen_on"), "chosen_on", doc, "choice", "chosen_on")
        problems += p
    for mid, rec in (data.get("results") or {}).items():
        teams = rec.get("teams") if isinstance(rec, dict) else None
        halves = [_pair(h) for h in (rec.get("halves") or [])] if isinstance(rec, dict) else [None]
        extra = [_pair(h) for h in (rec.get("extra_rounds") or [])] if isinstance(rec, dict) else []
        if not (isinstance(teams, list) and len(teams) == 2) or None in halves or None in extra:
            problems.append(Problem.error(None, f"play-off result {mid}: needs teams: [a, b], halves: [[a, b], ...]",
                                          doc.where("results", mid)))
            continue
        pf.results[str(mid)] = ((str(teams[0]), str(teams[1])),
                                PlayoffResult(str(mid), tuple(Half(h) for h in halves), tuple(Half(h, 4) for h in extra)))
    return pf, problems


def playoff_data(pf: PlayoffFile) -> dict:
    data: dict = {"schema": SCHEMA}
    if pf.seed is not None:
        data["seed"] = pf.seed
    if pf.results_known_on is not None:
        data["results_known_on"] = pf.results_known_on.isoformat()
    if pf.choice is not None:
        data["choice"] = {"team": pf.choice, "chosen_on": pf.chosen_on.isoformat() if pf.chosen_on else None}
    data["results"] = {mid: {"teams": list(teams), "halves": [list(h.imps) for h in r.halves],
                             "extra_rounds": [list(h.imps) for h in r.extra_rounds]}
                       for mid, (teams, r) in pf.results.items()}
    return data


@dataclass
class QualifiersFile:
    west: tuple[str, ...] = ()
    east_direct: tuple[str, ...] = ()
    east_tournament: tuple[str, ...] = ()
    membership: tuple[int, int] | None = None
    current: tuple[int, int] = (3, 3)
    teams: tuple[Team, ...] = ()


def read_qualifiers(path) -> tuple[QualifiersFile, list[Problem]]:
    """The qualifiers file (§1.1.5); :class:`StoreError` if unreadable."""
    from .teams import parse_teams_yaml

    try:
        doc = parse_yaml(path.read_bytes(), str(path))
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from None
    except YamlLoadError as exc:
        raise StoreError(exc.problems) from None
    data = doc.data if isinstance(doc.data, dict) else None
    if data is None:
        raise StoreError([Problem.error(None, "expected a mapping with west, east_direct, east_tournament, teams",
                                        Where(str(path), 1))])
    q = QualifiersFile()
    problems: list[Problem] = []
    for key in ("west", "east_direct", "east_tournament"):
        value = data.get(key) or []
        if not isinstance(value, list):
            problems.append(Problem.error(None, f"{key} must be a list of team ids", doc.where(key)))
            continue
        setattr(q, key, tuple(str(v) for v in value))
    m = data.get("membership")
    if isinstance(m, dict) and _int(m.get("west")) is not None and _int(m.get("east")) is not None:
        q.membership = (m["west"], m["east"])
    elif m is not None:
        problems.append(Problem.error(None, "membership must be {west: N, east: N}", doc.where("membership")))
    c = _pair(data.get("current_split"))
    if c is not None:
        q.current = c
    sub = LineDict(schema=data.get("schema", SCHEMA), teams=data.get("teams") or [])
    sub.lines = {k: data.lines.get(k) for k in ("schema", "teams")} if isinstance(data, LineDict) else {}
    sub.line = getattr(data, "line", None)
    teams, _, p = parse_teams_yaml(YamlDoc(sub, doc.file, doc.text))
    problems += p
    q.teams = teams
    known = {t.id for t in teams}
    for t in q.west + q.east_direct + q.east_tournament:
        if t not in known:
            problems.append(Problem.error("1.1.4.3", f"qualifier {t} has no team record under teams:", doc.where("teams"),
                                          hint="add the team (name, captain, club, postcode, players)"))
    return q, problems
