"""The challenge trophy's finals (§1.5.1): the history file ``DIR/trophy.yaml`` (it spans
seasons) and the finals recorded in the season folders (round 9 of ``cup/matches``)."""

from __future__ import annotations

from pathlib import Path
from ...rules.problems import Msg

HISTORY = "trophy.yaml"   # in the tournaments folder (DIR)


def read_history(path: Path):
    """``finals: [{season, captain, name}]`` -> ``([Final], problems)``; ``(None, [])`` when
    there is no such file. Problems are of a malformed file (the CLI exits 2 on them)."""
    from ...rules.problems import Problem
    from ...rules.cup.trophy import Final
    from ..yamlio import YamlLoadError

    if not path.is_file():
        return None, []
    try:
        doc = _parsed(path)
    except YamlLoadError as exc:
        return [], list(exc.problems)
    rows = doc.data.get("finals") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list):
        return [], [Problem.error(None, Msg("{}: expected a list 'finals'", path), doc.where(), code="format.trophy")]
    finals, problems = [], []
    for i, row in enumerate(rows):
        where = doc.where("finals", i)
        if not isinstance(row, dict) or "season" not in row or not isinstance(row.get("captain"), int):
            problems.append(Problem.error(None, Msg('a final needs season and captain (member number)'), where, code="format.trophy"))
            continue
        finals.append(Final(str(row["season"]), row["captain"], str(row.get("name") or ""), where))
    return finals, problems


def read_teams(store) -> dict[str, str]:
    """The optional ``team:`` of each row of ``DIR/trophy.yaml`` (season -> team name), for the
    site's trophy page; the rows themselves are read (and checked) by :func:`read_history`."""
    from ..yamlio import YamlLoadError

    path = store.root / HISTORY
    if not path.is_file():
        return {}
    try:
        doc = _parsed(path)
    except YamlLoadError:
        return {}
    rows = doc.data.get("finals") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list):     # a malformed history is reported by read_history
        return {}
    return {str(r["season"]): str(r["team"]) for r in rows if isinstance(r, dict) and r.get("season") and r.get("team")}


def _parsed(path: Path):
    """The history file parsed, through the parse cache (store/cache.py, keyed by its bytes):
    `dbf check` and `dbf trophy` need no YAML parser when it is unchanged."""
    from .. import cache
    from ..yamlio import parse_yaml

    data = path.read_bytes()
    doc = cache.load(path.parent, path.name, data)
    if doc is not None:
        doc.file = str(path)
        return doc
    doc = parse_yaml(data, str(path))
    cache.save(path.parent, path.name, data, doc)
    return doc


def recorded_finals(root: Path):
    """§1.5.1: the final of every season folder in ``root`` that has one recorded
    (``cup/matches/*.yaml`` of round 9 with a winner): the winning team's captain."""
    from ...rules.problems import Where
    from ...rules.cup.trophy import Final
    from .results import load_round_records
    from ...rules.ids import looks_like_season
    from ..season import SeasonStore
    from ..teams import load_cup_teams

    finals, problems = [], []
    if not root.is_dir():
        return finals, problems
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and looks_like_season(p.name)):
        store = SeasonStore(root, folder.name)
        records, more = load_round_records(store, 9)
        problems += more
        won = [r for r in records if r.match.winner]
        if not won:
            continue
        teams, more = load_cup_teams(store)
        problems += more
        by_id = {t.id: t for t in teams}
        for rec in won:
            team = by_id.get(rec.match.winner)
            where = Where(f"{folder.name}/{rec.rel}", 1)
            if team is None:
                from ...rules.problems import Problem

                problems.append(Problem.error("1.5.1", Msg('the final {} of {} was won by {}, which is '
                                                           'not a cup team of that season', rec.match.match,
                                                           folder.name, rec.match.winner), where,
                                              code="trophy.history"))
                continue
            captain = team.player(team.captain)
            name = captain.name if captain is not None and captain.name else team.name
            finals.append(Final(folder.name, team.captain, name, where, "recorded"))
    return finals, problems
