"""``dbf trophy``: the cup's challenge trophy (§1.5.1) from the history of finals and the
finals recorded in the season folders (round 9 of ``cup/matches``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import heads, t as tr
from .common import check, command, CsvDialectOpt, CsvOpt, fail, JsonOpt, UsageProblem
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg


def register(app: typer.Typer) -> None:
    @command(app, "trophy")
    def trophy(
        history: Annotated[Optional[Path], typer.Option("--history", help="Finals file (default DIR/trophy.yaml).")] = None,
        csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False,
    ) -> None:
        """The challenge trophy (§1.5.1): who holds it, who is closest to winning it
        outright (3 finals in a row or 5 in all), and every outright win so far.

        The finals are those of the history file (DIR/trophy.yaml, or --history) and
        the finals recorded in every season folder (the captain of the team that won
        round 9).

        Example: dbf trophy --history finals.yaml --json
        """
        from ..rules.cup.trophy import merge_finals, new_outright, trophy_status
        from ..store.season import resolve_dir
        from ..store.cup.trophy import HISTORY, read_history, recorded_finals

        root = resolve_dir(RUN.dir)
        path = history if history is not None else root / HISTORY
        imported, bad = read_history(path)
        if imported is None:
            if history is not None:
                fail(Msg('no trophy history {}', path),
                     hint=Msg('a YAML file: finals: [{{season: 2025-26, captain: 100234, name: ...}}]'), code="io.missing-file")
            imported = []
        if bad:
            raise UsageProblem(bad)
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
                out.line(tr("trophy_outright", who=latest.name or latest.captain, n=latest.trophy, how=latest.how,
                            season=latest.season))
            rec = [f for f in ordered if f.source == "recorded"]
            if rec:
                out.line(tr("recorded_finals", list=", ".join(f"{f.season} {f.name or f.captain}" for f in rec)))
            h = status.holder
            out.line(tr("trophy_no", n=status.trophy,
                        state=tr("held_by", who=h.name or h.captain) if h else tr("no_holder")))
            if status.standings or out.csv:   # CSV: the header row even when nobody has won a final
                out.table(None, heads("captain", "name", "finals", "in a row", "needs"),
                          [(r.captain, r.name, r.wins, r.streak, r.needed) for r in status.standings],
                          justify=["right", "left", "right", "right", "right"])
            for o in status.outright:
                out.line(tr("won_outright_line", n=o.trophy, season=o.season, who=o.name or o.captain, how=o.how))

        emit(doc, human)
