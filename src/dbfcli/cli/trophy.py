"""``dbf trophy``: the cup's challenge trophy (§1.5.1) from the history of finals and the
finals recorded in the season folders (round 9 of ``cup/matches``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import heads, t as tr
from .common import command, CsvDialectOpt, CsvOpt, JsonOpt
from .invocation import RUN
from .usecase import render, session


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
        from ..app.trophy import TrophyRequest, trophy as trophy_of

        outcome = trophy_of(session(), TrophyRequest(dir=RUN.dir, history=history))
        if outcome.refused:
            render(outcome)
        status, ordered, latest = outcome.plan.status, outcome.plan.finals, outcome.plan.latest

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

        render(outcome, human)
