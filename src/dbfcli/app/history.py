"""The journal read as a use case: :func:`journal_view` (``dbf log``: every write to the season,
oldest first; when, which command, what it did, which files)."""

from __future__ import annotations

from typing import Any

from ..rules.value import MutableValue, Value
from .outcome import Outcome, outcome_of
from .session import Session


class LogRequest(Value, kw_only=True):
    """``dbf log [-n N]``: ``last`` only the last N writes (0: all)."""

    last: int = 0


class JournalView(MutableValue, kw_only=True):
    """The entries shown (the journal's, each with its ``file``), oldest first, and the season."""

    entries: list[dict[str, Any]]
    season: str


def journal_view(session: Session, request: LogRequest) -> Outcome:
    """``dbf log``: a hand-edited entry the journal's reader refuses is exit 2 with its file and
    line (store/journal.py). ``doc``: the entries as ``--json`` prints them (the English
    ``message`` as written); ``plan``: :class:`JournalView` (a face shows each entry's text from
    its key, store/journal.py ``journal_message``)."""
    return outcome_of(_journal_view, session, request)


def _journal_view(session: Session, request: LogRequest) -> Outcome:
    snap = session.snap
    entries = list(snap.journal())
    if request.last:
        entries = entries[-request.last:]
    doc = {"season": snap.season, "entries": [
        {"at": e["at"], "command": e["command"], "message": e.get("message", ""), "user": e.get("user"),
         "file": e["file"], "changes": [{"file": c["file"], "action": c["action"]} for c in e["changes"]]}
        for e in entries]}
    return Outcome(doc=doc, plan=JournalView(entries=entries, season=snap.season))
