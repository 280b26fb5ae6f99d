"""``dbf result pending|accept|reject``: what the captains sent over ``dbf serve`` that waits
for the TD (issue 19): a sheet whose only errors are of form (§1.5.14) or the other captain's
dispute of the recorded sheet. These commands sit on the ``result`` group (``attach``).

``accept MATCH`` records the waiting sheet with the existing commands: ``dbf result submit
--accept-with-penalty`` for a sheet with errors of form (1 GP less per winning player,
§1.5.14), ``dbf result amend`` for a dispute (the disputed sheet replaces the recorded one);
``--now`` is when the captain sent it. ``reject MATCH`` keeps what is recorded and drops the
waiting sheet. Both are journaled; the captains' pages show the outcome.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer

from ..i18n import t as tr
from .common import command, command_line, CsvOpt, DryRunOpt, fail, JsonOpt, load_store
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

MatchArg = Annotated[str, typer.Argument(metavar="MATCH", help="Match id, e.g. C3-007.")]


def open_items(store) -> list[dict]:
    """The waiting items, oldest first (store.servefiles, through the season's snapshot): a
    sheet with form errors whose match has been recorded since no longer waits."""
    from ..store.snapshot import as_snapshot

    return as_snapshot(store).pending_items()


def _item(store, match_id: str) -> dict:
    item = next((i for i in open_items(store) if i["match"].lower() == match_id.lower()), None)
    if item is None:
        fail(Msg('nothing from the captains waits for a decision on {}', match_id), hint="dbf result pending",
             code="unknown.match")
    return item


def _rejected(item: dict) -> Msg:
    """The journal's text of a rejected waiting sheet (a sheet with form errors, §1.5.14, or a dispute)."""
    if item.get("reason") == "form":
        return Msg("rejected the form sheet of {} from {}", item["match"], item.get("by"))
    if item.get("reason") == "dispute":
        return Msg("rejected the dispute sheet of {} from {}", item["match"], item.get("by"))
    return Msg("rejected the {} sheet of {} from {}", item.get("reason"), item["match"], item.get("by"))


def _drop(store, item: dict, message: str, dry_run: bool) -> None:
    with store.transaction(command_line(), message, dry_run, RUN.lock_timeout) as tx:
        tx.delete(item["file"])


def _accepting(store, item: dict, dry_run: bool):
    """The Outcome of recording the waiting sheet (:func:`dbfcli.app.sheets.submit_sheet`):
    ``--accept-with-penalty`` for a sheet with errors of form (§1.5.14), an amendment for a
    dispute; ``--now`` is when the captain sent it; ``dry_run``: nothing written."""
    from ..app.session import Session
    from ..app.sheets import Extra, SheetText, submit_sheet
    from ..rules.dates import datetime_of
    from ..store.snapshot import as_snapshot

    amend = item.get("reason") == "dispute"
    text = SheetText(data=str(item.get("sheet_text") or "").encode("utf-8"), label=f"{item['match']}.yaml")
    when = datetime_of(str(item.get("at", ""))[:16]) or dt.datetime.now().replace(microsecond=0)
    session = Session(actor=command_line(), lock_timeout=RUN.lock_timeout, snapshot=as_snapshot(store))
    return submit_sheet(session, text, when, penalty=not amend, amend=amend, dry_run=dry_run,
                        extra=Extra(settles=item["file"]))


def changes_of(store, item: dict) -> list[dict]:
    """What accepting ``item`` would change (winner, IMPs, GP, UP; rules.cup.waiting.sheet_changes):
    against the recorded sheet for a dispute, against nothing for a sheet not recorded yet;
    empty when the waiting sheet would be refused (``accept`` then says why)."""
    from ..rules.cup.waiting import sheet_changes
    from ..store.snapshot import as_snapshot

    outcome = _accepting(store, item, dry_run=True)
    if outcome.problems:
        return []
    rec, _, _ = as_snapshot(store).captain_files(item["match"], True)   # the recorded match (store.servefiles)
    return sheet_changes(rec.data if rec is not None and isinstance(rec.data, dict) else {}, outcome.doc)


def change_lines(match: str, changes: list[dict]) -> list[str]:
    """The changes as lines for a person (``dbf result pending``, ``accept --dry-run``)."""
    return [tr("pending_change", match=match, what=tr("change:" + c["what"]), recorded=c["recorded"] or "-",
               disputed=c["disputed"] or "-") for c in changes]


def _record(store, item: dict, dry_run: bool = False) -> None:
    """The waiting sheet recorded as ``dbf result submit --accept-with-penalty`` (a sheet with
    errors of form, §1.5.14) or ``dbf result amend`` (a dispute) records it, and the waiting
    file removed, in ONE write (:func:`dbfcli.app.sheets.submit_sheet`): one journal entry,
    which ``dbf undo`` takes back whole. ``--now`` is when the captain sent it."""
    from .result_show import render

    render(_accepting(store, item, dry_run))


def attach(result: typer.Typer) -> None:
    @command(result, "pending", writes=True)   # the lock: what a dispute changes is a dry run of accept
    def pending(csv: CsvOpt = False, json_: JsonOpt = False) -> None:
        """What the captains sent over `dbf serve` that waits for the TD: sheets whose only
        errors are of form (§1.5.14) and disputes of a recorded sheet.

        Example: dbf result pending
        """
        store = load_store()
        items = open_items(store)
        from ..store.servefiles import PENDING_KEYS

        changes = {i["match"]: changes_of(store, i) for i in items if i.get("reason") == "dispute"}
        doc = {"ok": True, "pending": [dict({k: i.get(k) for k in PENDING_KEYS}, **(
            {"changes": changes[i["match"]]} if i["match"] in changes else {})) for i in items],
               "errors": [], "warnings": []}

        def human(out):
            from ..i18n import heads

            if not items and not out.csv:   # CSV: the header row even when nothing waits
                out.line(tr("pending_none"))
                return
            out.table(None, heads("match", "reason", "by", "sent", "note"),
                      [(i["match"], i.get("reason"), i.get("by"), str(i.get("at", ""))[:16].replace("T", " "),
                        (i.get("note") or "")[:60]) for i in items])
            for match, found in changes.items():   # issue 26: what the dispute would change
                for line in change_lines(match, found) or [tr("pending_no_change", match=match)]:
                    out.line(line)
        emit(doc, human)

    @command(result, "accept", writes=True)
    def accept(match_id: MatchArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Record what waits for MATCH: a sheet with only errors of form with the §1.5.14
        penalty (as `result submit --accept-with-penalty`), or a dispute's sheet in place of
        the recorded one (as `result amend`).

        Example: dbf result accept C3-007
        """
        store = load_store()
        item = _item(store, match_id)
        if dry_run:
            changes = changes_of(store, item)

            def human(out):
                out.line(tr("pending_would_accept", match=item["match"], team=item.get("by")))
                for line in change_lines(item["match"], changes):
                    out.line("  " + line)
            emit({"ok": True, "match": item["match"], "reason": item.get("reason"), "dry_run": True,
                  "changes": changes, "errors": [], "warnings": []}, human)
            return
        _record(store, item)

    @command(result, "reject", writes=True)
    def reject(match_id: MatchArg, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Keep what is recorded for MATCH and drop what a captain sent for a decision.

        Example: dbf result reject C3-007
        """
        store = load_store()
        item = _item(store, match_id)
        _drop(store, item, _rejected(item), dry_run)
        emit({"ok": True, "match": item["match"], "reason": item.get("reason"), "rejected": True, "dry_run": dry_run,
              "errors": [], "warnings": []},
             lambda out: out.line(tr("pending_would_reject" if dry_run else "pending_rejected", match=item["match"],
                                     team=item.get("by"))))
