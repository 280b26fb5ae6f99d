"""The files ``dbf serve`` keeps in the season folder (issue 19): ``serve/matches/MATCH.yaml``
(a sheet a captain sent, and who confirmed it) and ``serve/pending/MATCH.yaml`` (a sheet
waiting for the TD: form errors or a dispute, ``dbf result pending``). The one reader of
each; the web app and the CLI read them through :class:`dbfcli.store.snapshot.Snapshot`."""

from __future__ import annotations

SENT = "serve/matches"
PENDING = "serve/pending"
PENDING_KEYS = ("match", "reason", "by", "at", "note")   # an item of `dbf result pending --json`
#: the name a sheet sent over the web has in every problem (never a path of the server)
SHEET_LABEL = "sheet.yaml"
#: how long a captain's note may be (the rest is cut)
NOTE_LIMIT = 2000


def sent_file(match_id: str) -> str:
    return f"{SENT}/{match_id}.yaml"


def pending_file(match_id: str) -> str:
    return f"{PENDING}/{match_id}.yaml"


def record_file(match_id: str) -> str:
    """The file a match's result is recorded in: ``cup/matches/`` for a cup match,
    ``divisions/matches/`` for a division match (§1.1.2.1, §1.1.3.1, §1.1.4.1)."""
    from ..rules.model import match_division
    from .cup.results import division_match_file, match_file

    return division_match_file(match_id) if match_division(match_id) else match_file(match_id)


def load_captain_files(store, match_id: str, recorded: bool) -> tuple:
    """``(recorded match document or None, sent document or None, pending document or None)``
    of one match, as stored (``recorded``: the match is recorded, so its file is read)."""
    rec = store.read_yaml(record_file(match_id), required=False) if recorded else None
    return rec, store.read_yaml(sent_file(match_id), required=False), \
        store.read_yaml(pending_file(match_id), required=False)


def load_pending_items(store) -> list[dict]:
    """The sheets waiting for the TD, oldest first, each its data with ``file``: a sheet with
    form errors whose match has been recorded since (by a corrected sheet) no longer waits."""
    items = []
    for rel in store.list(PENDING):
        doc = store.read_yaml(rel, required=False)
        data = doc.data if doc is not None else None
        if not isinstance(data, dict) or not isinstance(data.get("match"), str):
            continue
        if data.get("reason") == "form" and store.exists(record_file(data["match"])):
            continue
        items.append(dict(data, file=rel))
    return sorted(items, key=lambda d: str(d.get("at", "")))


def _stamp() -> str:
    import datetime as dt

    return dt.datetime.now().replace(microsecond=0).isoformat()


def sent_record(match_id: str, team: str, at: str | None = None) -> tuple[str, dict]:
    """``(file, document)`` of ``serve/matches/MATCH.yaml``: the sheet was sent by ``team``'s captain."""
    return sent_file(match_id), {"schema": 1, "match": match_id, "sent_by": team, "sent_at": at or _stamp()}


def pending_record(match_id: str, team: str, reason: str, sheet: bytes, note: str = "",
                   at: str | None = None) -> tuple[str, dict]:
    """``(file, document)`` of ``serve/pending/MATCH.yaml``: a sheet waiting for the TD."""
    from .cup.results import sheet_data

    return pending_file(match_id), {
        "schema": 1, "match": match_id, "reason": reason, "by": team, "at": at or _stamp(),
        "note": note[:NOTE_LIMIT], "sheet": sheet_data(sheet, SHEET_LABEL),
        "sheet_text": sheet.decode("utf-8", "replace")}
