"""Reading the journal (one file per write under ``SEASON/journal/``)."""

from __future__ import annotations

from ..rules.problems import Msg, Problem
from .season import JOURNAL, SeasonStore, StoreError, journal_order

#: the actions a journal entry's change may record
ACTIONS = ("create", "update", "delete")


def read_journal(store: SeasonStore) -> list[dict]:
    """All journal entries, oldest first, each with its ``file`` (relative path).

    Oldest by the sequence number in the file name (``000042-<stamp>-<pid>.yaml``), never
    by the clock: two TDs sharing a season through git may have clocks apart (issue 16).
    Entries written before sequence numbers (``<stamp>-<pid>.yaml``) come first, by name."""
    entries, problems = [], []
    for rel in sorted(store.list(JOURNAL), key=journal_order):
        doc = store.read_yaml(rel)
        if isinstance(doc.data, dict) and "changes" in doc.data:
            found = entry_problems(doc)
            problems += found
            if not found:
                entries.append(dict(doc.data, file=rel))
    if problems:    # a hand-edited entry: named with its line (exit 2), never an internal error (issue 16.1)
        raise StoreError(problems)
    return entries


def journal_message(entry: dict) -> str:
    """What a journal entry did, as a person reads it: the keyed text of ``message_keyed``
    (store/season.py ``keyed_data``: shown in the reader's language from its key) when it says
    exactly the entry's ``message``; else the ``message`` as written (an entry from before keyed
    journal texts, or one edited by hand)."""
    message = str(entry.get("message") or "")
    keyed = _msg_of(entry.get("message_keyed"), 0)
    return keyed if keyed is not None and keyed == message else message


def _msg_of(node: object, depth: int) -> Msg | None:
    """The :class:`Msg` a journal's ``{key, args}`` stands for, or None when it is no such thing."""
    if depth > 8 or not isinstance(node, dict) or not isinstance(node.get("key"), str) \
            or not isinstance(node.get("args"), list):
        return None
    args: list[str] = []
    for a in node["args"]:
        inner = _msg_of(a, depth + 1) if isinstance(a, dict) else a if isinstance(a, str) else None
        if inner is None:
            return None
        args.append(inner)
    try:
        return Msg(node["key"], *args)
    except (IndexError, KeyError, ValueError):   # a key whose {} do not fit its values (a hand edit)
        return None


def entry_problems(doc) -> list[Problem]:
    """What is wrong with the shape of one journal entry (docs/formats/journal.md): ``at`` and
    ``command`` texts, ``changes`` a list of ``{file, action}`` with a known action."""
    def bad(what: Msg, *path) -> Problem:
        return Problem.error(None, Msg('journal entry: {}', what), doc.where(*path), code="format.schema",
                             hint=Msg('a journal entry is written by dbf; restore it from git or a backup'))

    data = doc.data
    out = [bad(Msg('{} is a text', key), key) for key in ("at", "command") if not isinstance(data.get(key), str)]
    changes = data.get("changes")
    if not isinstance(changes, list):
        return out + [bad(Msg('changes is a list of {{file, action}}'), "changes")]
    for i, c in enumerate(changes):
        if not isinstance(c, dict) or not isinstance(c.get("file"), str) or c.get("action") not in ACTIONS:
            out.append(bad(Msg('changes[{}] is {{file, action}} with action one of {}', i, ', '.join(ACTIONS)), "changes", i))
    return out


def plan_undo(store: SeasonStore) -> tuple[dict, dict[str, str | None], list[str]]:
    """What `dbf undo` would restore: ``(entry, {file: old text or None}, problems)``.

    Refuses (problems) when there is nothing to undo, when a file's content is no
    longer what that write left (edited by hand since), or when the old content was
    too large to keep in the journal.
    """
    from .season import sha256

    entries = read_journal(store)
    if not entries:
        return {}, {}, [Msg("nothing to undo: the journal is empty")]
    entry = entries[-1]
    restore: dict[str, str | None] = {}
    problems: list[str] = []
    for change in entry["changes"]:
        rel = change["file"]
        if sha256(store.read_bytes(rel)) != change.get("after_sha256"):
            problems.append(Msg("{} was changed after `{}` (by hand?); dbf will not undo over it", rel, entry["command"]))
            continue
        if change["action"] != "create" and change.get("before") is None:
            problems.append(Msg("the journal did not keep the old {} (too large); cannot undo", rel))
            continue
        restore[rel] = change.get("before") if change["action"] != "create" else None
    return entry, restore, problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: every journal entry through the one reader ``dbf log`` and ``dbf undo``
    use (:func:`read_journal`), so an entry they would refuse (malformed YAML, nesting past
    the limit, not UTF-8, ``at:`` a number) fails ``check`` too, with its file and line
    (issue 27)."""
    try:
        read_journal(store)
    except StoreError as exc:
        return list(exc.problems)
    return []
