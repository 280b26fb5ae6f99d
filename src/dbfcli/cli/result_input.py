"""``dbf result import`` and ``dbf result blank``: the TD's input (issue 17).

``import`` turns what a scoring program wrote (PBN, LIN, USEBIO, CSV) into a result
sheet: the command reads the file, makes one call of the application layer
(:func:`dbfcli.app.imports.import_sheet`: the sheet built, checked, and with ``--submit``
recorded) and renders the outcome. ``blank`` renders the pre-filled sheets
:func:`dbfcli.app.blanks.write_blank_sheets` wrote. These commands sit
on the ``result`` group (``attach``, called by :mod:`.result`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from .common import command, DryRunOpt, fail, JsonOpt
from .invocation import RUN
from .usecase import render, session
from ..rules.problems import Msg

#: the ``dbf result`` group (cli/result_pending.py runs ``submit``/``amend`` through it)
_RESULT_GROUP: list = []

# --------------------------------------------------------------------------- import
FormatOpt = Annotated[str | None, typer.Option("--format", help="pbn, lin, usebio or csv (else by the file's suffix).")]


def _import(file: Path, match_id: str, fmt: str | None, out: Path | None, submit: bool, pick: str | None,
            up: int | None, signed_by: int | None, segment_boards: int | None, dry_run: bool,
            names_file: Path | None = None, agreed: int | None = None) -> None:
    """``dbf result import``: the file read, one call of :func:`dbfcli.app.imports.import_sheet`,
    rendered (with ``--submit`` as ``dbf result submit`` renders the sheet recorded)."""
    from ..app.imports import ImportRequest, import_sheet, read_match_input, read_names_input
    from ..i18n import current_lang

    request = ImportRequest(file=read_match_input(file, fmt), match=match_id, out=None if out is None else str(out),
                            pick=pick, up=up, signed_by=signed_by, segment_boards=segment_boards, agreed=agreed,
                            names=None if names_file is None else read_names_input(names_file), submit=submit,
                            lang=current_lang(), dry_run=dry_run)
    outcome = import_sheet(session(), request, lambda target, data: _write_sheet(Path(target), file, data))
    _shown(outcome)


def _shown(outcome) -> None:
    """An import on the terminal: the match, segments, players, what is left to confirm and the
    sheet written; a refused sheet (its draft written, said so); or the sheet recorded."""
    from .common import print_problems, report

    plan = outcome.plan
    if plan is not None and plan.submitted:
        if not RUN.json:
            if plan.notes:
                print_problems(plan.notes)
            _human_import(plan.doc)
        from .result_show import render as render_sheet

        render_sheet(outcome)
        return
    if outcome.refused and outcome.doc.get("draft") and not RUN.json:
        from ..i18n import t as tr

        if outcome.notes:
            print_problems(outcome.notes)
        sys.stderr.write(tr("import_draft", file=outcome.doc["sheet"]) + "\n")
        report(outcome.problems, outcome.doc)
    render(outcome, lambda o: _human_import(outcome.doc, o))


def _write_sheet(target: Path, file: Path, data: bytes) -> None:
    """Write the sheet to ``target`` (``--out``), never over the file imported (exit 2)."""
    from .common import write_out

    if target.exists() and target.resolve() == file.resolve():
        fail(Msg('--out {} is the file being imported', target), code="usage.conflict")
    write_out(target, data)


def _human_import(doc: dict, out=None) -> None:
    from ..i18n import count, heads, problem_text, t as tr
    from .output import Out

    out = out or Out()
    out.line(tr("import_line", match=doc["match"], home=doc["home"], h=doc["imps"][0], a=doc["imps"][1],
                away=doc["away"], boards=count(doc["boards"], "board"), file=doc["file"], fmt=doc["format"].upper()))
    out.table(tr("import_segments"), heads("segment", "boards") + [doc["home"], doc["away"]],
              [(i + 1, s["boards"], s["imps"][0], s["imps"][1]) for i, s in enumerate(doc["segments"])],
              justify=["right", "right", "right", "right"])
    out.table(tr("import_players"), heads("team", "member", "name", "boards"),
              [(t, p["id"], p["name"] or "", p["boards"]) for t in (doc["home"], doc["away"])
               for p in doc["players"][t]], justify=["left", "right", "left", "right"])
    for p in doc["to_confirm"]:
        out.line(tr("import_confirm", rule=p["rule"], message=problem_text(p["message"])))
    if doc.get("up_computed") is not None:
        out.line(tr("import_up", up=doc["up_computed"], team=doc["away"]))
    for p in doc["errors"] + doc["warnings"]:
        out.line(f"{p['severity']}{' §' + p['rule'] if p.get('rule') else ''}: {p['message']}")
    out.line(tr("would_write" if doc["dry_run"] else "wrote_file", file=doc["sheet"]))


def attach(result: typer.Typer) -> None:
    """Register ``import`` and ``blank`` on the ``dbf result`` group."""
    _RESULT_GROUP[:] = [result]
    _attach_blank(result)

    @command(result, "import", writes=lambda kw: (kw["submit"] or kw["names"] is not None) and not kw["dry_run"])
    def import_cmd(
        file: Annotated[Path, typer.Argument(help="The scoring program's file: PBN, LIN, USEBIO XML or CSV.")],
        match: Annotated[str, typer.Option("--match", help="The match id, e.g. C3-007 or 1div-R01-03.")],
        format: FormatOpt = None,
        out: Annotated[Path | None, typer.Option("--out", help="Where to write the sheet (default MATCH.yaml here).")] = None,
        submit: Annotated[bool, typer.Option("--submit", help="Then submit the sheet (dbf result submit).")] = False,
        pick: Annotated[str | None, typer.Option("--pick", help="In a file of many matches, the one to take, "
                                                                 "as the file labels it ('AUSTRIA v DENMARK').")] = None,
        up: Annotated[int | None, typer.Option("--up", help="The UP of the away team's trip, as confirmed (§1.5.4).")] = None,
        signed_by: Annotated[int | None, typer.Option("--signed-by", help="Member number of who signed (§1.5.14).")] = None,
        segment_boards: Annotated[int | None, typer.Option("--segment-boards", min=1,
                                                           help="Boards a segment (default 8, §1.5.9).")] = None,
        names: Annotated[Path | None, typer.Option("--names", help="YAML map: a name as the file writes it -> "
                                                   "member number; kept in the season (imports/names.yaml).")] = None,
        agreed_boards: Annotated[int | None, typer.Option("--agreed-boards", min=1, help="The boards the captains "
                                                          "agreed (§1.5.9, through the quarter-final).")] = None,
        dry_run: DryRunOpt = False, json_: JsonOpt = False,
    ) -> None:
        """Turn a scoring program's file into a result sheet (§1.5.9, §1.5.10, §1.5.14).

        Scores each board at both tables (contracts scored by the bridge scoring table,
        checked against the scores the file states), IMPs per board by the WBF table and
        per segment, and the boards each player played from who sat where; names are
        matched to the rosters (member number where the file has one). Reports what it
        could not know (the UP of the trip, who signed). Formats: docs/formats/import.md.

        Example: dbf result import round1.pbn --match C1-001 --out C1-001.yaml
        """
        _import(file, match, format, out, submit, pick, up, signed_by, segment_boards, dry_run, names, agreed_boards)


# --------------------------------------------------------------------------- blank
def _blank(match_ids: list[str], round_no: int | None, out_dir: Path | None, fmt: str, dry_run: bool) -> None:
    """``dbf result blank``: one call of :func:`dbfcli.app.blanks.write_blank_sheets` (the sheets
    written by the store), rendered: the table of the sheets and each file written."""
    from ..app.blanks import BlankRequest, write_blank_sheets

    outcome = write_blank_sheets(session(), BlankRequest(matches=tuple(match_ids), round=round_no, out=out_dir,
                                                         format=fmt, dry_run=dry_run))

    def human(o):
        from ..i18n import heads, t as tr

        plan = outcome.plan
        o.table(tr("blank_title"), heads("match", "home", "away", "date", "boards", "UP", "due"),
                [(f["match"], f["home"]["team"], f["away"]["team"], f["date"] or "", f["boards"],
                  "" if f["up"] is None else f["up"], (f["deadline"] or "").replace("T", " ")) for f in plan.facts])
        for p in plan.files:
            o.line(tr("would_write" if dry_run else "wrote_file", file=p))

    render(outcome, human)


def _attach_blank(result: typer.Typer) -> None:
    @command(result, "blank")
    def blank_cmd(
        matches: Annotated[list[str] | None, typer.Argument(metavar="[MATCH]...", help="Match ids, e.g. C1-001.")] = None,
        round_: Annotated[int | None, typer.Option("--round", min=1, max=9, help="Every match of this cup round.")] = None,
        out: Annotated[Path | None, typer.Option("--out", help="Folder to write into (default: here).")] = None,
        format: Annotated[str, typer.Option("--format", help="yaml (one sheet per match) or html (printable, "
                                                             "one A4 page per match).")] = "yaml",
        dry_run: DryRunOpt = False, json_: JsonOpt = False,
    ) -> None:
        """Pre-filled result sheets: one per match with all dbf knows (§1.5.4-§1.5.14).

        Match id, round, date and time, venue, both rosters with additions, segments and
        boards (§1.5.9), the UP dbf computes for the away team's trip (§1.5.4), natural_pairs
        where a HUM pair plays (§1.5.1.2), the §1.5.14 deadline, and comments saying what to
        fill in: the IMPs and the boards each player played. --format html prints one A4
        page per match for captains who fill it in by hand.

        Example: dbf result blank --round 1 --out sheets/
        """
        _blank(list(matches or []), round_, out, format, dry_run)
