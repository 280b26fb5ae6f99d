"""§1.5.16 with §1.5.14: what the captains sent over ``dbf serve`` that waits for the TD (a
dispute of a recorded sheet, a sheet whose only errors are of form) and the draw of the next
round (issue 26). Round N is drawn on the results of round N-1, and once it is drawn those
results are closed (§1.5.16): a dispute accepted after the draw could no longer change the
winner who went on. So the draw of round N waits while anything of round N-1 waits for the
TD's decision (``dbf result accept|reject``); ``--force`` overrides, and the journal says so.

Pure: the items are the snapshot's ``pending_items()`` (dicts with ``match``, ``reason``,
``by``, ``at``), as ``dbf result pending --json`` shows them.

>>> items = [{"match": "C1-004", "reason": "dispute", "by": "KBH-3", "at": "2026-12-13T21:04:00"}]
>>> [(p.rule, p.severity) for p in blocking_draw(items, 2)], blocking_draw(items, 3)
([('1.5.16', 'error')], [])
>>> waiting_notes(items)[0].rule
'1.5.14'
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .ids import cup_round_of
from .problems import Problem, Where

REASONS = {"dispute": "a dispute of the recorded sheet", "form": "a sheet with errors of form only"}


def _what(item: Mapping) -> str:
    reason = REASONS.get(str(item.get("reason")), REASONS["form"])
    when = str(item.get("at") or "")[:16].replace("T", " ")
    return f"{reason} from the captain of {item.get('by')}, sent {when}"


def waiting_for_round(items: Iterable[Mapping], round_no: int) -> list[Mapping]:
    """The items of cup round ``round_no``'s matches."""
    return [i for i in items if cup_round_of(i.get("match")) == round_no]


def blocking_draw(items: Iterable[Mapping], round_no: int) -> list[Problem]:
    """§1.5.16: an error for each item of round ``round_no - 1`` that waits for the TD, naming
    the match; empty when round ``round_no`` may be drawn."""
    return [Problem.error("1.5.16", f"round {round_no} cannot be drawn while {i['match']} waits for the TD: "
                                    f"{_what(i)}", Where(str(i.get("file") or "serve/pending"), None),
                          f"decide it first (dbf result accept {i['match']} or dbf result reject {i['match']}), "
                          "or draw with --force")
            for i in waiting_for_round(items, round_no - 1)]


def waiting_notes(items: Iterable[Mapping]) -> list[Problem]:
    """``dbf check`` and ``dbf deadlines``: a warning (§1.5.14) for each item that waits."""
    return [Problem.warning("1.5.14", f"{i['match']} waits for the TD: {_what(i)}",
                            Where(str(i.get("file") or "serve/pending"), None),
                            f"dbf result pending; dbf result accept {i['match']} or dbf result reject {i['match']}")
            for i in items]


def forced_note(items: Iterable[Mapping], round_no: int) -> str:
    """What waited when a draw was forced past it, for the journal ("" when nothing waited)."""
    waiting = waiting_for_round(items, round_no - 1)
    if not waiting:
        return ""
    return ", ".join(
        f"{i['match']} ({i.get('reason')} from {i.get('by')})" for i in waiting)
