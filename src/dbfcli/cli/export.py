"""``dbf export usebio``: a cup round or a division as USEBIO 1.3 XML for the federation
(issue 18): teams, players with their DBF member numbers, matches and scores, GP as master
points (§1.5.10). The XML is built by :mod:`dbfcli.publish.usebio`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import command, fail, JsonOpt, load_snapshot
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

RoundOpt = Annotated[Optional[int], typer.Option("--round", min=1, max=9, help="Cup round 1-9 to export.")]
DivOpt = Annotated[Optional[str], typer.Option("--division", metavar="DIV", help="Division to export: 1div, 2div, 3div-a, 3div-b.")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", metavar="FILE", help="Write the XML to FILE (default: stdout).")]


def register(app: typer.Typer) -> None:
    export = typer.Typer(help="Exports for the federation: `export usebio --round N | --division DIV`.",
                         no_args_is_help=True)
    app.add_typer(export, name="export")

    @command(export, "usebio")
    def usebio(round_: RoundOpt = None, division: DivOpt = None, out: OutOpt = None, json_: JsonOpt = False) -> None:
        """A cup round or a division as USEBIO 1.3 XML: teams, players with their DBF member
        numbers (NATIONAL_ID_NUMBER), matches and IMPs, the GP awarded in the round as master
        points (§1.5.10); a division's teams with their place and VP (§1.1). Written to --out
        FILE, else printed (with --json: under "xml").

        Example: dbf export usebio --round 3 --out c3.xml   |   dbf export usebio --division 1div
        """
        from ..i18n import t
        from ..publish import usebio as ub
        from ..publish.gather import load_season, schedule_round
        from ..rules.model import DIVISIONS

        if (round_ is None) == (division is None):
            fail(Msg('give exactly one of --round N and --division DIV'), hint="dbf export usebio --round 3",
                 code="usage.conflict" if round_ is not None else "usage.missing")
        if division is not None and division not in DIVISIONS:
            fail(Msg('unknown division {}', f'{division!r}'), hint=Msg("one of {}", ", ".join(DIVISIONS)), code="unknown.division")
        data = load_season(load_snapshot())
        if round_ is not None:
            if round_ not in data.draws:
                fail(Msg('cup round {} has not been drawn', round_), hint=f"dbf draw cup --round {round_}", code="state.not-drawn")
            schedule, _ = schedule_round(data, round_)
            xml, summary = ub.cup_round(data, round_, schedule)
        else:
            if division not in data.divisions or not data.divisions[division].teams:
                fail(Msg('no teams entered in {}', division), hint=f"dbf division enter {division} FILE", code="state.not-entered")
            xml, summary = ub.division(data, division)
        doc = {"ok": True, "format": "USEBIO 1.3", "out": str(out) if out else None, **summary}
        if out is not None:
            from .common import write_out

            write_out(out, xml)
            emit(doc, lambda o: o.line(t("wrote_file", file=out)))
            return
        if RUN.json:
            doc["xml"] = xml.decode("utf-8")
            emit(doc)
            return
        import sys

        sys.stdout.write(xml.decode("utf-8"))
