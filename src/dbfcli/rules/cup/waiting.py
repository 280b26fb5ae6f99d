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

from typing import Any, Iterable, Mapping

from ..ids import cup_round_of
from ..problems import Msg, Problem, Where

REASONS = {"dispute": "a dispute of the recorded sheet", "form": "a sheet with errors of form only"}


def _what(item: Mapping[str, Any]) -> str:
    reason = REASONS.get(str(item.get("reason")), REASONS["form"])
    when = str(item.get("at") or "")[:16].replace("T", " ")
    return f"{reason} from the captain of {item.get('by')}, sent {when}"


def waiting_for_round(items: Iterable[Mapping[str, Any]], round_no: int) -> list[Mapping[str, Any]]:
    """The items of cup round ``round_no``'s matches."""
    return [i for i in items if cup_round_of(i.get("match")) == round_no]


def blocking_draw(items: Iterable[Mapping[str, Any]], round_no: int) -> list[Problem]:
    """§1.5.16: an error for each item of round ``round_no - 1`` that waits for the TD, naming
    the match; empty when round ``round_no`` may be drawn."""
    return [Problem.error("1.5.16", Msg('round {} cannot be drawn while {} waits for the TD: {}', round_no,
                                        i['match'], _what(i)), Where(str(i.get("file") or "serve/pending"), None),
                          Msg('decide it first (dbf result accept {} or dbf result reject {}), or draw '
                              'with --force', i['match'], i['match']), code="match.waits-for-td")
            for i in waiting_for_round(items, round_no - 1)]


def waiting_notes(items: Iterable[Mapping[str, Any]]) -> list[Problem]:
    """``dbf check`` and ``dbf deadlines``: a warning (§1.5.14) for each item that waits."""
    return [Problem.warning("1.5.14", Msg('{} waits for the TD: {}', i['match'], _what(i)),
                            Where(str(i.get("file") or "serve/pending"), None),
                            Msg("dbf result pending; dbf result accept {} or dbf result reject {}", i['match'], i['match']),
                            code="match.waits-for-td")
            for i in items]


def forced_note(items: Iterable[Mapping[str, Any]], round_no: int) -> str:
    """What waited when a draw was forced past it, for the journal ("" when nothing waited)."""
    waiting = waiting_for_round(items, round_no - 1)
    if not waiting:
        return ""
    return ", ".join(
        f"{i['match']} ({i.get('reason')} from {i.get('by')})" for i in waiting)


def _gp(value: object) -> dict[str, Any]:
    from fractions import Fraction

    return {str(k): Fraction(str(v)) for k, v in (value or {}).items()} if isinstance(value, Mapping) else {}


def _gp_text(gp: dict[str, Any]) -> str:
    """``"2.00 to 329590, 1.00 to 400107"``: each player's gold points, by member number."""
    def hundredths(v: Any) -> str:
        units = round(v * 100)
        return f"{units // 100}.{units % 100:02d}"
    return ", ".join(f"{hundredths(v)} to {p}" for p, v in sorted(gp.items())) or "-"


def _winner(d: Mapping[str, Any]) -> object:
    """The winner a record or document names; a division match's record names none, so its
    winner is the side with more IMPs (§1.1.2.1, §1.1.3.1, §1.1.4.1: a level match has none).

    >>> _winner({"winner": "A-1"}), _winner({"division": "1div", "home": "A", "away": "B", "imps": [17, 31]})
    ('A-1', 'B')
    """
    imps = d.get("imps")
    if "winner" in d or not d.get("division") or not isinstance(imps, list) or len(imps) != 2 or imps[0] == imps[1]:
        return d.get("winner")
    return d.get("home") if imps[0] > imps[1] else d.get("away")


def sheet_changes(recorded: Mapping[str, Any], proposed: Mapping[str, Any]) -> list[dict[str, Any]]:
    """§1.5.14: what accepting a dispute changes: ``recorded`` is the record of the match, and
    ``proposed`` the document of the disputing sheet recorded in its place (``dbf result
    accept --dry-run``). One entry per thing that differs, ``{"what", "recorded", "disputed"}``,
    of ``winner``, ``imps``, ``gp`` (the players whose gold points differ, exact) and ``up``.

    >>> rec = {"winner": "A-1", "imps": [30, 20], "gp": {1: "2.00", 2: "1.00"}, "up": {"B-1": 1}}
    >>> new = {"winner": "B-1", "imps": [20, 30], "gp": {"3": 2.0}, "up": {"B-1": 1}}
    >>> [(c["what"], c["recorded"], c["disputed"]) for c in sheet_changes(rec, new)]
    [('winner', 'A-1', 'B-1'), ('imps', '30-20', '20-30'), ('gp', '2.00 to 1, 1.00 to 2', '2.00 to 3')]
    >>> sheet_changes(rec, dict(rec, gp={"1": 2, "2": 1.0}))
    []
    """
    out = []
    if _winner(recorded) != _winner(proposed):
        out.append({"what": "winner", "recorded": _winner(recorded), "disputed": _winner(proposed)})
    imps = ["-".join(str(x) for x in (d.get("imps") or [])) for d in (recorded, proposed)]
    if imps[0] != imps[1]:
        out.append({"what": "imps", "recorded": imps[0], "disputed": imps[1]})
    gp = [_gp(d.get("gp")) for d in (recorded, proposed)]
    if gp[0] != gp[1]:
        out.append({"what": "gp", **{side: _gp_text(g) for side, g in zip(("recorded", "disputed"), gp)}})
    up = [dict(d.get("up") or {}) for d in (recorded, proposed)]
    if up[0] != up[1]:
        out.append({"what": "up", **{side: ", ".join(f"{t} {n}" for t, n in sorted(u.items())) or "-"
                                     for side, u in zip(("recorded", "disputed"), up)}})
    return out
