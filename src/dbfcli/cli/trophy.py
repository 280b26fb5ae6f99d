"""``dbf trophy``: the cup's challenge trophy (§1.5.1) from the history of finals."""

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


def register(app: typer.Typer) -> None:
    @command(app, "trophy")
    def trophy(
        history: Annotated[Optional[Path], typer.Option("--history", help="Finals file (default DIR/trophy.yaml).")] = None,
        json_: JsonOpt = False,
    ) -> None:
        """The challenge trophy (§1.5.1): who holds it, who is closest to winning it
        outright (3 finals in a row or 5 in all), and every outright win so far.

        Example: dbf trophy --history finals.yaml --json
        """
        from ..rules.trophy import new_outright, trophy_status
        from ..store.season import resolve_dir

        path = history if history is not None else resolve_dir(RUN.dir) / HISTORY
        finals = read_history(path, required=history is not None)
        status, problems = trophy_status(finals)
        check(problems)
        ordered = sorted(finals, key=lambda f: f.season)
        latest = new_outright(ordered[:-1], ordered[-1]) if ordered else None
        doc = {**status.to_json(), "finals": len(finals),
               "announcement": latest.to_json() if latest else None}

        def human(out):
            if latest:
                out.line(f"§1.5.1: {latest.name or latest.captain} has won trophy no. {latest.trophy} outright "
                         f"({latest.how}) with the final of {latest.season}")
            h = status.holder
            out.line(f"trophy no. {status.trophy}: " + (f"held by {h.name or h.captain}" if h else "no holder yet"))
            if status.standings:
                out.table(None, ["captain", "name", "finals", "in a row", "needs"],
                          [(r.captain, r.name, r.wins, r.streak, r.needed) for r in status.standings],
                          justify=["right", "left", "right", "right", "right"])
            for o in status.outright:
                out.line(f"won outright: trophy no. {o.trophy}, {o.season}, {o.name or o.captain} ({o.how})")

        emit(doc, human)
