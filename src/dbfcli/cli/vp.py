"""``dbf vp`` (victory points of a margin, WBF 20-VP continuous scale) and ``dbf imps``
(IMPs of a point difference, Law 78B). Both are calculators: no season is needed."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr
from .common import command, CsvDialectOpt, CsvOpt, JsonOpt
from .output import Num, write_csv
from .usecase import render, session


def register(app: typer.Typer) -> None:
    @command(app, "vp", context_settings={"ignore_unknown_options": True})
    def vp(imps: Annotated[Optional[int], typer.Argument(help="IMP margin (its sign is ignored). Leave out for the whole scale.")] = None,
           boards: Annotated[int, typer.Option("--boards", "-b", help="Boards in the match (§1.1.2.1: 36 with screens, 40 without).")] = 36,
           scale: Annotated[str, typer.Option("--scale", help='"wbf-20", "season" (the season\'s vp_scale) or a VP table file in the season.')] = "wbf-20",
           csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Victory points for an IMP margin on the WBF 20-VP continuous scale (2013).

        VP = 10 + 10(1 - t^(3M/X))/(1 - t^3), t = (sqrt 5 - 1)/2, X = 15 sqrt N, to 2 decimals,
        with the published tables' concavity correction; the loser gets 20 - winner.
        Without IMPS: the whole scale for N boards, margin 0 to the blitz. --scale picks
        another scale: "season" (season.toml's vp_scale) or a VP table file of the season.

        Example: dbf vp 21 --boards 36 --json
        """
        from ..app.calculators import VpRequest, victory_points

        outcome = victory_points(session(), VpRequest(imps=imps, boards=boards, scale=scale))
        if outcome.refused:
            render(outcome)
        plan = outcome.plan
        if plan.table is not None:
            table = plan.table
            if csv and not json_:
                write_csv(["imps", "winner", "loser"], [(m, Num(v, 2), Num(2000 - v, 2)) for m, v in enumerate(table)])
                return
            render(outcome, lambda out: out.table(tr("vp_table_title", boards=count(boards, "board", en_plural=True),
                                                     blitz=len(table) - 1),
                                                  heads("IMPs", "winner", "loser"),
                                                  [(m, Num(v, 2), Num(2000 - v, 2)) for m, v in enumerate(table)],
                                                  justify=["right", "right", "right"]))
            return
        won, lost = plan.won, plan.lost
        if csv and not json_ and scale == "wbf-20":
            write_csv(["boards", "imps", "winner", "loser"], [(boards, imps, Num(won, 2), Num(lost, 2))])
            return
        other = "" if scale == "wbf-20" else f" ({plan.scale})"
        render(outcome, lambda out: out.line(tr("vp_line", imps=count(abs(imps), "IMP"),
                                                boards=count(boards, "board", en_plural=True), won=Num(won, 2),
                                                lost=Num(lost, 2)) + other))

    @command(app, "imps", context_settings={"ignore_unknown_options": True})
    def imps_(points: Annotated[int, typer.Argument(help="Point difference on a board (negative: the other side).")],
              json_: JsonOpt = False) -> None:
        """IMPs for a point difference on one board (WBF IMP scale, Law 78B; sign kept).

        Example: dbf imps 430 --json
        """
        from ..app.calculators import ImpsRequest, board_imps

        outcome = board_imps(session(), ImpsRequest(points=points))
        plan = outcome.plan
        band = f"{plan.low}-{plan.high}" if plan.high is not None else f"{plan.low}+"
        render(outcome, lambda out: out.line(tr("imps_line", points=points, imps=count(plan.imps, "IMP", en_plural=True),
                                                band=band)))
