"""Reading the journal (one file per write under ``SEASON/journal/``)."""

from __future__ import annotations

from .season import JOURNAL, SeasonStore, journal_order


def read_journal(store: SeasonStore) -> list[dict]:
    """All journal entries, oldest first, each with its ``file`` (relative path).

    Oldest by the sequence number in the file name (``000042-<stamp>-<pid>.yaml``), never
    by the clock: two TDs sharing a season through git may have clocks apart (issue 16).
    Entries written before sequence numbers (``<stamp>-<pid>.yaml``) come first, by name."""
    entries = []
    for rel in sorted(store.list(JOURNAL), key=journal_order):
        doc = store.read_yaml(rel)
        if isinstance(doc.data, dict) and "changes" in doc.data:
            entry = dict(doc.data)
            entry["file"] = rel
            entries.append(entry)
    return entries


def plan_undo(store: SeasonStore) -> tuple[dict, dict[str, str | None], list[str]]:
    """What `dbf undo` would restore: ``(entry, {file: old text or None}, problems)``.

    Refuses (problems) when there is nothing to undo, when a file's content is no
    longer what that write left (edited by hand since), or when the old content was
    too large to keep in the journal.
    """
    from .season import sha256

    entries = read_journal(store)
    if not entries:
        return {}, {}, ["nothing to undo: the journal is empty"]
    entry = entries[-1]
    restore: dict[str, str | None] = {}
    problems = []
    for change in entry["changes"]:
        rel = change["file"]
        if sha256(store.read_bytes(rel)) != change["after_sha256"]:
            problems.append(f"{rel} was changed after `{entry['command']}` (by hand?); dbf will not undo over it")
            continue
        if change["action"] != "create" and change.get("before") is None:
            problems.append(f"the journal did not keep the old {rel} (too large); cannot undo")
            continue
        restore[rel] = change.get("before") if change["action"] != "create" else None
    return entry, restore, problems
