"""``dbf standings DIV``: the division table from the recorded matches: IMPs, VP, rank,
tie-breaks and the marks of §1.1.2.5, §1.1.3.2-3, §1.1.4.2-3."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import command, CsvDialectOpt, CsvOpt, JsonOpt, print_problems
from .invocation import RUN
from .output import num, write_csv
from .usecase import render, session

DivArg = Annotated[str, typer.Argument(help="Division: 1div, 2div, 3div-a or 3div-b.")]


def register(app: typer.Typer) -> None:
    @command(app, "standings")
    def standings_(div: DivArg,
                   after_round: Annotated[Optional[int], typer.Option("--round", help="The table after round N (later rounds left out).")] = None,
                   json_: JsonOpt = False, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None) -> None:
        """DIV's table: played, won/drawn/lost, IMPs, VP, rank and marks (play-off, promoted,
        runner-up play-off, relegated), from the matches recorded so far.

        VP per match on the season's scale (`vp_scale`, default the WBF 20-VP continuous
        scale) with the match's own boards. Ties: VP, mini-league VP among the tied teams,
        IMP quotient, IMP difference, then lots (docs/readings/divisions-standings.md).

        Example: dbf standings 1div --round 6 --json
        """
        from ..app.standings import StandingsRequest, standings_view
        from ..rules.divisions.vp import format_vp

        outcome = standings_view(session(), StandingsRequest(division=div, after_round=after_round))
        if csv and not (json_ or RUN.json) and not outcome.refused:
            if outcome.notes:
                print_problems(outcome.notes)
            _write_standings_csv(outcome.plan.table, outcome.plan.names)
            return
        view = outcome.plan

        def human(out) -> None:
            from ..i18n import count, division_name, t, word

            table, names = view.table, view.names
            state = t("state_final") if table.complete else t(
                "state_after", rounds=count(table.rounds_played, "round"), played=table.matches_played, total=table.matches_total)
            out.table(t("standings_title", div=division_name(div), season=view.season, state=state, scale=view.scale),
                      ["#", t("team"), t("name"), t("col_played"), t("col_won"), t("col_drawn"), t("col_lost"),
                       t("imps_plus"), t("imps_minus"), t("vp"), "", t("tie_break")],
                      [(f"{r.rank}{'=' if r.lots else ''}", r.team, names[r.team], r.played, r.won, r.drawn, r.lost,
                        r.imps_for, r.imps_against, num(format_vp(r.vp)), ", ".join(t(m.name) for m in r.marks),
                        word("tiebreak", r.tie_break)) for r in table.rows],
                      justify=["right", "left", "left", "right", "right", "right", "right", "right", "right", "right",
                               "left", "left"])

        render(outcome, human)


def _write_standings_csv(table, names: dict) -> None:
    """``--csv``: one row per team."""
    from ..rules.divisions.vp import format_vp

    write_csv(["rank", "team", "name", "played", "won", "drawn", "lost", "imps_for", "imps_against", "vp",
               "marks"],
              [(r.rank, r.team, names[r.team], r.played, r.won, r.drawn, r.lost, r.imps_for, r.imps_against,
                num(format_vp(r.vp)), " ".join(m.name for m in r.marks)) for r in table.rows])
