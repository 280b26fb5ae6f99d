"""``dbf press``: a short press report of a cup round or a division weekend (§1.5.16)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import command, JsonOpt
from .usecase import render, session

WhatArg = Annotated[str, typer.Argument(help="Cup round 1-9, or a division id (1div, 2div, 3div-a, 3div-b) with --weekend.")]
WeekendOpt = Annotated[Optional[int], typer.Option("--weekend", help="Division weekend 1-4 (with a division id).")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Also write the report to this file.")]


def register(app: typer.Typer) -> None:
    @command(app, "press")
    def press(what: WhatArg, weekend: WeekendOpt = None, out: OutOpt = None, json_: JsonOpt = False) -> None:
        """A short press report (Markdown, ready to paste into an e-mail): a cup round's results,
        upsets by seeding (§1.5.3) and the next round's draw; or a division weekend's results and
        standings (§1.5.16: results available to the press).

        Example: dbf press 3    |    dbf --lang da press 2div --weekend 1
        """
        import sys

        from ..app.press import PressRequest, press_report
        from ..i18n import current_lang

        outcome = press_report(session(), PressRequest(what=what, weekend=weekend, lang=current_lang(),
                                                       out=str(out) if out else None))
        if outcome.refused:
            render(outcome)
        text = outcome.plan.text
        if out is not None:
            from .common import write_out

            write_out(out, text.encode("utf-8"))
        render(outcome, lambda o: sys.stdout.write(text))
