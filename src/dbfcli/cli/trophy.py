"""``dbf trophy``: the cup's challenge trophy (§1.5.1) from the history of finals and the
finals recorded in the season folders (round 9 of ``cup/matches``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import RUN, JsonOpt, check, command, emit, fail

HISTORY = "trophy.yaml"   # in the tournaments folder (DIR): it spans seasons


def read_history(path: Path, required: bool):
    """``finals: [{season, captain, name}]`` -> [Final] (exit 2 for a malformed file)."""
    from ..rules.problems import Problem
    from ..rules.trophy import Final
    from ..store.yamlio import YamlLoadError, parse_yaml
    from .common import UsageProblem

    if not path.is_file():
        if required:
            fail(f"no trophy history {path}", hint="a YAML file: finals: [{season: 2025-26, captain: 100234, name: ...}]")
        return []
    try:
        doc = parse_yaml(path.read_bytes(), str(path))
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    rows = doc.data.get("finals") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list):
        fail(f"{path}: expected a list 'finals'", where=doc.where())
    finals, problems = [], []
    for i, row in enumerate(rows):
        where = doc.where("finals", i)
        if not isinstance(row, dict) or "season" not in row or not isinstance(row.get("captain"), int):
            problems.append(Problem.error(None, "a final needs season and captain (member number)", where))
            continue
        finals.append(Final(str(row["season"]), row["captain"], str(row.get("name") or ""), where))
    if problems:
        raise UsageProblem(problems)
    return finals


def recorded_finals(root: Path):
    """§1.5.1: the final of every season folder in ``root`` that has one recorded
    (``cup/matches/*.yaml`` of round 9 with a winner): the winning team's captain."""
    from ..rules.problems import Where
    from ..rules.trophy import Final
    from ..store.cupresults import load_round_records
    from ..store.season import SEASON_NAME, SeasonStore
    from ..store.teams import load_cup_teams

    finals, problems = [], []
    if not root.is_dir():
        return finals, problems
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and SEASON_NAME.match(p.name)):
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
                from ..rules.problems import Problem

                problems.append(Problem.error("1.5.1", f"the final {rec.match.match} of {folder.name} was won by "
                                              f"{rec.match.winner}, which is not a cup team of that season", where))
                continue
            captain = team.player(team.captain)
            name = captain.name if captain is not None and captain.name else team.name
            finals.append(Final(folder.name, team.captain, name, where, "recorded"))
    return finals, problems


def register(app: typer.Typer) -> None:
    @command(app, "trophy")
    def trophy(
        history: Annotated[Optional[Path], typer.Option("--history", help="Finals file (default DIR/trophy.yaml).")] = None,
        json_: JsonOpt = False,
    ) -> None:
        """The challenge trophy (§1.5.1): who holds it, who is closest to winning it
        outright (3 finals in a row or 5 in all), and every outright win so far.

        The finals are those of the history file (DIR/trophy.yaml, or --history) and
        the finals recorded in every season folder (the captain of the team that won
        round 9).

        Example: dbf trophy --history finals.yaml --json
        """
        from ..rules.trophy import merge_finals, new_outright, trophy_status
        from ..store.season import resolve_dir

        root = resolve_dir(RUN.dir)
        path = history if history is not None else root / HISTORY
        imported = read_history(path, required=history is not None)
        recorded, problems = recorded_finals(root)
        finals, more = merge_finals(imported, recorded)
        status, more2 = trophy_status(finals)
        check(problems + more + more2)
        ordered = sorted(finals, key=lambda f: f.season)
        latest = new_outright(ordered[:-1], ordered[-1]) if ordered else None
        doc = {**status.to_json(), "finals": len(finals), "history": [f.to_json() for f in ordered],
               "announcement": latest.to_json() if latest else None}

        def human(out):
            if latest:
                out.line(f"§1.5.1: {latest.name or latest.captain} has won trophy no. {latest.trophy} outright "
                         f"({latest.how}) with the final of {latest.season}")
            rec = [f for f in ordered if f.source == "recorded"]
            if rec:
                out.line("recorded finals: " + ", ".join(f"{f.season} {f.name or f.captain}" for f in rec))
            h = status.holder
            out.line(f"trophy no. {status.trophy}: " + (f"held by {h.name or h.captain}" if h else "no holder yet"))
            if status.standings:
                out.table(None, ["captain", "name", "finals", "in a row", "needs"],
                          [(r.captain, r.name, r.wins, r.streak, r.needed) for r in status.standings],
                          justify=["right", "left", "right", "right", "right"])
            for o in status.outright:
                out.line(f"won outright: trophy no. {o.trophy}, {o.season}, {o.name or o.captain} ({o.how})")

        emit(doc, human)
