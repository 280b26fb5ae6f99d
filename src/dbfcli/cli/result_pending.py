"""``dbf result pending|accept|reject``: what the captains sent over ``dbf serve`` that waits
for the TD (issue 19): a sheet whose only errors are of form (§1.5.14) or the other captain's
dispute of the recorded sheet. These commands sit on the ``result`` group (``attach``).

Each command is one call of :mod:`dbfcli.app.pending`: ``accept MATCH`` records the waiting
sheet as ``dbf result submit --accept-with-penalty`` does for a sheet with errors of form (1 GP
less per winning player, §1.5.14), as ``dbf result amend`` for a dispute (the disputed sheet
replaces the recorded one), received when the captain sent it. ``reject
MATCH`` keeps what is recorded and drops the waiting sheet. Both are journaled; the captains'
pages show the outcome.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import t as tr
from .common import command, CsvOpt, DryRunOpt, JsonOpt
from .usecase import render, session

MatchArg = Annotated[str, typer.Argument(metavar="MATCH", help="Match id, e.g. C3-007.")]


def change_lines(match: str, changes: list[dict]) -> list[str]:
    """The changes as lines for a person (``dbf result pending``, ``accept --dry-run``)."""
    return [tr("pending_change", match=match, what=tr("change:" + c["what"]), recorded=c["recorded"] or "-",
               disputed=c["disputed"] or "-") for c in changes]


def attach(result: typer.Typer) -> None:
    @command(result, "pending", writes=True)   # the lock: what a dispute changes is a dry run of accept
    def pending(csv: CsvOpt = False, json_: JsonOpt = False) -> None:
        """What the captains sent over `dbf serve` that waits for the TD: sheets whose only
        errors are of form (§1.5.14) and disputes of a recorded sheet.

        Example: dbf result pending
        """
        from ..app.pending import pending_view

        outcome = pending_view(session())

        def human(out):
            from ..i18n import heads

            items, changes = outcome.plan.items, outcome.plan.changes
            if not items and not out.csv:   # CSV: the header row even when nothing waits
                out.line(tr("pending_none"))
                return
            out.table(None, heads("match", "reason", "by", "sent", "note"),
                      [(i["match"], i.get("reason"), i.get("by"), str(i.get("at", ""))[:16].replace("T", " "),
                        (i.get("note") or "")[:60]) for i in items])
            for match, found in changes.items():   # issue 26: what the dispute would change
                for line in change_lines(match, found) or [tr("pending_no_change", match=match)]:
                    out.line(line)
        render(outcome, human)

    @command(result, "accept", writes=True)
    def accept(match_id: MatchArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Record what waits for MATCH: a sheet with only errors of form with the §1.5.14
        penalty (as `result submit --accept-with-penalty`), or a dispute's sheet in place of
        the recorded one (as `result amend`).

        Example: dbf result accept C3-007
        """
        from ..app.pending import PendingRequest, accept_pending
        from .result_show import render as render_sheet

        outcome = accept_pending(session(), PendingRequest(match=match_id, dry_run=dry_run))
        if not dry_run or outcome.refused:
            render_sheet(outcome)
            return

        def human(out):
            item = outcome.plan.item
            out.line(tr("pending_would_accept", match=item["match"], team=item.get("by")))
            for line in change_lines(item["match"], outcome.plan.changes):
                out.line("  " + line)
        render(outcome, human)

    @command(result, "reject", writes=True)
    def reject(match_id: MatchArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Keep what is recorded for MATCH and drop what a captain sent for a decision.

        Example: dbf result reject C3-007
        """
        from ..app.pending import PendingRequest, reject_pending

        outcome = reject_pending(session(), PendingRequest(match=match_id, dry_run=dry_run))
        render(outcome, lambda out: out.line(tr("pending_would_reject" if dry_run else "pending_rejected",
                                                match=outcome.plan["match"], team=outcome.plan.get("by"))))
