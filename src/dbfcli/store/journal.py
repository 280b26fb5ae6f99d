"""Reading the journal (one file per write under ``SEASON/journal/``)."""

from __future__ import annotations

from .season import JOURNAL, SeasonStore


def read_journal(store: SeasonStore) -> list[dict]:
    """All journal entries, oldest first, each with its ``file`` (relative path)."""
    entries = []
    for rel in store.list(JOURNAL):
        doc = store.read_yaml(rel)
        if isinstance(doc.data, dict) and "changes" in doc.data:
            entry = dict(doc.data)
            entry["file"] = rel
            entries.append(entry)
    return entries
