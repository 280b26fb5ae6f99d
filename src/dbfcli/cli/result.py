"""``dbf result``: result sheets (§1.5.9-§1.5.15, §2.11; divisions §1.1.2.1).

``check`` validates, ``submit`` validates and records, ``amend`` replaces a
recorded sheet, ``walkover`` records a team withdrawing (§1.5.15). Each command
parses its options, makes one call of the application layer (:mod:`dbfcli.app.sheets`)
and renders the outcome; the rules live in ``dbfcli.rules.sheet.validate*``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..i18n import t as tr
from .common import command, DryRunOpt, JsonOpt
from .invocation import RUN
from .output import emit
from .result_show import _session, now_of as _now, record_sheet, render

FileArg = Annotated[Path, typer.Argument(help="Result sheet, YAML (docs/interface.md \"Result sheet\").")]
FilesArg = Annotated[list[Path], typer.Argument(
    metavar="FILE... | DIR", help="Result sheets, YAML (docs/interface.md \"Result sheet\"), or a folder of them "
                                  "(its *.yaml in name order): each is also checked against the others.")]
AllOrNothingOpt = Annotated[bool, typer.Option("--all-or-nothing",
                                               help="With many sheets: record none unless every one is valid.")]
NowOpt = Annotated[str | None, typer.Option("--now", help="When the sheet was received, if the sheet has no "
                                            "submitted_at (YYYY-MM-DDTHH:MM; default: now).")]
MoveOpt = Annotated[bool, typer.Option("--move-to-next-round",
                                       help="§1.5.16: a new winner takes the old winner's place in the next round "
                                            "drawn, while that match has no result.")]
PenaltyOpt = Annotated[bool, typer.Option("--accept-with-penalty",
                                          help="Record a sheet whose only errors are of form (§1.5.14): "
                                               "1 GP less per winning player.")]


# --------------------------------------------------------------------------- commands
def register(app: typer.Typer) -> None:
    result = typer.Typer(help="Result sheets (§1.5.9-§1.5.15, §2.11): check, submit, amend, walkover.",
                         no_args_is_help=True)
    app.add_typer(result, name="result")
    from .result_input import attach  # import, blank (issue 17): their own module on this group

    attach(result)
    from .result_pending import attach as attach_pending   # pending, accept, reject (issue 19)

    attach_pending(result)

    @command(result, "check")
    def check_cmd(file: FilesArg, now: NowOpt = None, json_: JsonOpt = False) -> None:
        """Validate result sheets; record nothing. Every problem is listed with file:line and §.

        Many sheets (or a folder): a summary table, each sheet also checked against the
        others (§1.5.12a: nobody plays for two teams in one round; one sheet a match).

        Example: dbf result check C3-007.yaml --json   |   dbf result check sheets/
        """
        from .result_batch import many, run_batch

        if many(file):
            run_batch(file, False, False, False, False, _now(now))
            return
        from ..app.sheets import check_sheet, read_sheet_file

        text = read_sheet_file(file[0])
        render(check_sheet(_session(), text, _now(now)))

    @command(result, "submit", writes=True)
    def submit(file: FilesArg, accept_with_penalty: PenaltyOpt = False, dry_run: DryRunOpt = False,
               now: NowOpt = None, all_or_nothing: AllOrNothingOpt = False, json_: JsonOpt = False) -> None:
        """Validate result sheets and record each one only if valid (§1.5.9-§1.5.15, §2.11).

        A sheet whose only errors are of form (§1.5.14) is recorded with
        --accept-with-penalty (1 GP less per winning player). Resubmitting the
        same sheet changes nothing; a different sheet for a recorded match needs
        `dbf result amend`. Many sheets (or a folder: a whole round): one lock and
        one read of the season, each sheet also checked against the others
        (§1.5.12a), each valid one recorded as its own write (`dbf log`, `dbf undo`),
        a summary table, exit 1 if any was rejected; --all-or-nothing records none
        unless all are valid.

        Example: dbf result submit C3-007.yaml --json   |   dbf result submit sheets/
        """
        from .result_batch import many, run_batch

        if many(file):
            run_batch(file, True, accept_with_penalty, dry_run, all_or_nothing, _now(now))
            return
        record_sheet(file[0], now, accept_with_penalty, dry_run, amend=False)

    @command(result, "amend", writes=True)
    def amend(file: FileArg, accept_with_penalty: PenaltyOpt = False, dry_run: DryRunOpt = False,
              now: NowOpt = None, move: MoveOpt = False, json_: JsonOpt = False) -> None:
        """Replace the recorded sheet of a match with FILE (validated like submit).

        Refused when the amendment changes the winner and the next round is already drawn,
        unless --move-to-next-round (§1.5.16): the new winner then takes the old winner's
        place in the next round's match (or bye) while that match has no result (refused,
        exit 1, when it has one); the draw, schedule and home team follow, and the journal
        says so.

        Example: dbf result amend C3-007.yaml --move-to-next-round
        """
        from ..app.sheets import Extra

        record_sheet(file, now, accept_with_penalty, dry_run, amend=True, extra=Extra(move_to_next_round=move))

    @command(result, "walkover", writes=True)
    def walkover_cmd(match_id: Annotated[str, typer.Argument(metavar="MATCH", help="Match id, e.g. C3-007.")],
                     withdrawn: Annotated[str, typer.Option("--withdrawn", help="The team that withdrew.")],
                     dry_run: DryRunOpt = False, now: NowOpt = None, json_: JsonOpt = False) -> None:
        """Record a walkover (§1.5.15): the withdrawing team is fined the opponents' fee for
        the round; the opponents advance and pay no fee for the next round.

        Example: dbf result walkover C3-007 --withdrawn ODE-1
        """
        from ..app.sheets import record_walkover

        outcome = record_walkover(_session(), match_id, withdrawn, _now(now), dry_run)
        if outcome.refused:
            render(outcome)
        doc = outcome.doc
        if outcome.notes and not RUN.json:
            from .common import print_problems

            print_problems(outcome.notes)
        emit(doc, lambda out: out.line(tr("walkover_would" if dry_run else "walkover_line", match=doc["match"],
                                          winner=doc["winner"], team=withdrawn, kr=doc["fine"]["amount_kr"])))
