"""``dbf export usebio``: a cup round or a division as USEBIO 1.3 XML for the federation
(issue 18): teams, players with their DBF member numbers, matches and scores, GP as master
points (§1.5.10). The XML is built by :mod:`dbfcli.publish.usebio`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import command, JsonOpt
from .invocation import RUN
from .output import emit
from .usecase import render, session

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
        from ..app.export import UsebioRequest, usebio_export
        from ..i18n import t

        outcome = usebio_export(session(), UsebioRequest(round=round_, division=division,
                                                          out=str(out) if out else None))
        if outcome.refused:
            render(outcome)
        xml, doc = outcome.plan.xml, outcome.doc
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
