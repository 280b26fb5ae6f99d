"""What the captains sent over ``dbf serve`` that waits for the TD, as use cases (issue 19):
a sheet whose only errors are of form (§1.5.14) or the other captain's dispute of the recorded
sheet. :func:`pending_view` (``dbf result pending``: the items, and what each dispute would
change), :func:`accept_pending` (``dbf result accept MATCH``: the waiting sheet recorded by
:func:`dbfcli.app.sheets.submit_sheet`, with the §1.5.14 penalty for a sheet with errors of form,
as an amendment for a dispute, and the waiting file removed in the same write) and
:func:`reject_pending` (``dbf result reject MATCH``: what is recorded stands, the waiting file
removed; journaled)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_of
from .session import Session


class PendingRequest(Value, kw_only=True):
    """``dbf result accept|reject MATCH [--dry-run]``: ``match`` as typed (any case)."""

    match: str
    dry_run: bool = False


class PendingView(MutableValue, kw_only=True):
    """``dbf result pending``: the waiting ``items`` (oldest first, store.servefiles), and for
    each dispute what accepting it would change (``changes``, match -> changes)."""

    items: list[dict[str, Any]]
    changes: dict[str, list[dict[str, Any]]]


class WouldAccept(MutableValue, kw_only=True):
    """``dbf result accept MATCH --dry-run``: the waiting ``item`` and what accepting it would
    change (``changes``; empty when it would be refused)."""

    item: dict[str, Any]
    changes: list[dict[str, Any]]


def _item(session: Session, match_id: str) -> dict[str, Any]:
    """The waiting item of ``match_id`` (any case); refused (exit 2) when none waits."""
    items: list[dict[str, Any]] = session.snap.pending_items()
    item = next((i for i in items if i["match"].lower() == match_id.lower()), None)
    if item is None:
        fail(Msg('nothing from the captains waits for a decision on {}', match_id), hint="dbf result pending",
             code="unknown.match")
    return item


def _accepting(session: Session, item: dict[str, Any], dry_run: bool) -> Outcome:
    """The Outcome of recording the waiting sheet (:func:`dbfcli.app.sheets.submit_sheet`):
    with the penalty for a sheet with errors of form (§1.5.14), an amendment for a dispute; the
    moment the captain sent it is ``at``; the waiting file removed in the same write."""
    from ..rules.dates import datetime_of
    from .sheets import Extra, SheetText, submit_sheet

    amend = item.get("reason") == "dispute"
    text = SheetText(data=str(item.get("sheet_text") or "").encode("utf-8"), label=f"{item['match']}.yaml")
    when = datetime_of(str(item.get("at", ""))[:16]) or dt.datetime.now().replace(microsecond=0)
    return submit_sheet(session, text, when, penalty=not amend, amend=amend, dry_run=dry_run,
                        extra=Extra(settles=item["file"]))


def changes_of(session: Session, item: dict[str, Any]) -> list[dict[str, Any]]:
    """What accepting ``item`` would change (winner, IMPs, GP, UP; rules.cup.waiting.sheet_changes):
    against the recorded sheet for a dispute, against nothing for a sheet not recorded yet;
    empty when the waiting sheet would be refused (``accept`` then says why). A dry run of
    :func:`accept_pending` on the season as it is (a snapshot of its own)."""
    from ..rules.cup.waiting import sheet_changes
    from ..store.snapshot import as_snapshot

    dry = Session(actor=session.actor, lock_timeout=session.lock_timeout, snapshot=as_snapshot(session.store))
    outcome = _accepting(dry, item, dry_run=True)
    if outcome.problems:
        return []
    rec, _, _ = as_snapshot(session.store).captain_files(item["match"], True)   # the recorded match
    return sheet_changes(rec.data if rec is not None and isinstance(rec.data, dict) else {}, outcome.doc)


# --------------------------------------------------------------------------- dbf result pending
def pending_view(session: Session) -> Outcome:
    """``dbf result pending``: what waits for the TD, sheets with only errors of form (§1.5.14)
    and disputes of a recorded sheet, each dispute with what accepting it would change.
    ``plan``: :class:`PendingView`."""
    return outcome_of(_pending_view, session)


def _pending_view(session: Session) -> Outcome:
    from ..store.servefiles import PENDING_KEYS

    items: list[dict[str, Any]] = session.snap.pending_items()
    changes = {i["match"]: changes_of(session, i) for i in items if i.get("reason") == "dispute"}
    doc = {"ok": True, "pending": [dict({k: i.get(k) for k in PENDING_KEYS}, **(
        {"changes": changes[i["match"]]} if i["match"] in changes else {})) for i in items],
           "errors": [], "warnings": []}
    return Outcome(doc=doc, show="pending", plan=PendingView(items=items, changes=changes))


# --------------------------------------------------------------------------- dbf result accept
def accept_pending(session: Session, request: PendingRequest) -> Outcome:
    """``dbf result accept MATCH``: the waiting sheet recorded (the §1.5.14 penalty for a sheet
    with errors of form, 1 GP less per winning player; a dispute's sheet in place of the
    recorded one, as ``dbf result amend``) and the waiting file removed, in ONE write: the
    Outcome of :func:`dbfcli.app.sheets.submit_sheet`. With ``dry_run`` nothing is written and
    the plan is :class:`WouldAccept`. Refused (exit 2) when nothing waits for MATCH."""
    return outcome_of(_accept_pending, session, request)


def _accept_pending(session: Session, request: PendingRequest) -> Outcome:
    item = _item(session, request.match)
    if not request.dry_run:
        return _accepting(session, item, dry_run=False)
    changes = changes_of(session, item)
    return Outcome(doc={"ok": True, "match": item["match"], "reason": item.get("reason"), "dry_run": True,
                        "changes": changes, "errors": [], "warnings": []},
                   show="would-accept", plan=WouldAccept(item=item, changes=changes))


# --------------------------------------------------------------------------- dbf result reject
def _rejected(item: dict[str, Any]) -> Msg:
    """The journal's text of a rejected waiting sheet (a sheet with form errors, §1.5.14, or a dispute)."""
    if item.get("reason") == "form":
        return Msg("rejected the form sheet of {} from {}", item["match"], item.get("by"))
    if item.get("reason") == "dispute":
        return Msg("rejected the dispute sheet of {} from {}", item["match"], item.get("by"))
    return Msg("rejected the {} sheet of {} from {}", item.get("reason"), item["match"], item.get("by"))


def reject_pending(session: Session, request: PendingRequest) -> Outcome:
    """``dbf result reject MATCH``: what is recorded for MATCH stands and what a captain sent for
    a decision is dropped, one journaled write; refused (exit 2) when nothing waits for MATCH.
    ``plan``: the item rejected."""
    return outcome_of(_reject_pending, session, request)


def _reject_pending(session: Session, request: PendingRequest) -> Outcome:
    item = _item(session, request.match)
    with session.store.transaction(session.actor, _rejected(item), request.dry_run, session.lock_timeout) as tx:
        tx.delete(item["file"])
    doc = {"ok": True, "match": item["match"], "reason": item.get("reason"), "rejected": True,
           "dry_run": request.dry_run, "errors": [], "warnings": []}
    return Outcome(doc=doc, written=not request.dry_run, show="rejected", plan=item)


__all__ = ["PendingRequest", "PendingView", "WouldAccept", "accept_pending", "changes_of", "pending_view",
           "reject_pending"]
