"""Read a BBO VuGraph LIN file into the tables of a team match.

``read_lin(text, file)`` returns ``([TableResult], [Problem])``. A LIN file is
``key|value|`` pairs; what a team match needs:

* ``vg|event,segment,scoring,first board,last board,team 1,carry-over,team 2,carry-over|``:
  scoring ``I`` (IMPs) is a team match; ``P`` (match points) or ``B``
  (board-a-match) is refused;
* ``pn|S,W,N,E,S,W,N,E|``: the players of the open room, then the closed room
  (a later ``pn`` applies from the next board on);
* ``rs|...|``: the result of each board, open then closed, boards in order from
  the first: ``4HE=``, ``3NW+1``, ``4SWx-4`` (level, strain, declarer, ``x``/``xx``,
  ``=``/``+n``/``-n``); ``PASS`` or ``P`` a passed-out board; an empty entry a
  board not played there;
* ``qx|o46|`` / ``qx|c46|`` the board and room that follow, ``sv|`` its
  vulnerability (``o``, ``n``, ``e``, ``b``; else by the board number).

LIN has no scores: each contract is scored with :mod:`dbfcli.rules.scoring.contracts`.
"""

from __future__ import annotations

import re

from ...rules.problems import Msg, Problem, Where
from ...rules.scoring.contracts import board_vulnerability, parse_contract, parse_vulnerability
from ...rules.scoring.teammatch import TableResult

_RESULT = re.compile(r"^([1-7])(NT|[CDHSN])([NESW])?(X{0,2})([NESW])?(=|[+-]\d{1,2})$", re.I)
_PASSED = ("P", "PASS", "PASSED", "AP")


def _pairs(text: str):
    """(key, value, line) in file order."""
    from bisect import bisect_right

    newlines = [i for i, c in enumerate(text) if c == "\n"]
    return [(m.group(1).lower(), m.group(2), bisect_right(newlines, m.start()) + 1)
            for m in re.finditer(r"([A-Za-z]{2})\|([^|]*)\|", text)]


def parse_result(text: str) -> tuple[object, str | None, int | None]:
    """``4SWx-4`` -> (Contract 4SX, ``W``, 6 tricks); ``PASS`` -> (None, None, None).
    Raises ``ValueError`` on anything else."""
    s = text.strip().upper()
    if s in _PASSED:
        return None, None, None
    m = _RESULT.match(s)
    if not m:
        raise ValueError(Msg('not a result: {}', repr(text)))
    level, strain, dec1, risk, dec2, res = m.groups()
    declarer = dec1 or dec2
    if declarer is None:
        raise ValueError(Msg('no declarer in {}', repr(text)))
    contract = parse_contract(f"{level}{strain}{risk}")
    tricks = int(level) + 6 + (0 if res == "=" else int(res))
    if not 0 <= tricks <= 13:
        raise ValueError(Msg('{} makes {} tricks', repr(text), tricks))
    return contract, declarer, tricks


def _event(vg, file: str) -> tuple[int | None, str | None, Problem | None]:
    """The ``vg|`` line: (first board, ``team 1 v team 2``, the refusal of a non-IMP event)."""
    if vg is None:
        return None, None, None
    f = vg[0].split(",")
    scoring = f[2].strip().upper() if len(f) > 2 else ""
    if scoring and scoring != "I":
        kind = {"P": Msg("pairs (match points)"), "B": "board-a-match"}.get(scoring) or Msg("scoring {}", repr(scoring))
        return None, None, Problem.error(None, Msg('the file is of a {} event ({}), not a team match '
                                                   'scored in IMPs', kind, f[0]), Where(file, vg[1]), code="format.import")
    first_board = int(f[3]) if len(f) > 3 and f[3].strip().isdigit() else None
    label = f"{f[5].strip()} v {f[7].strip()}" if len(f) > 7 else None
    return first_board, label, None


def _markers(pairs) -> tuple[list[str], dict[tuple[int, str], tuple[list[str], str | None, int]]]:
    """(the last ``pn|`` names, board and room -> (names, vulnerability, line)) from the qx markers in order."""
    names: list[str] = []
    seen: dict[tuple[int, str], tuple[list[str], str | None, int]] = {}
    current: tuple[int, str] | None = None
    for key, value, line in pairs:
        if key == "pn":
            names = [n.strip() for n in value.split(",")]
        elif key == "qx":
            m = re.match(r"^([oc])(\d+)$", value.strip())
            if m:
                current = (int(m.group(2)), m.group(1))
                seen[current] = (names, None, line)
        elif key == "sv" and current is not None:
            seen[current] = (seen[current][0], value, seen[current][2])
    return names, seen


def _table(entry: str, board: int, room: str, marked, label: str | None, file: str) -> TableResult | Problem:
    """One ``rs|`` entry at one table, its players and vulnerability from ``marked`` (names, sv, line)."""
    pn, sv, line = marked
    where = Where(file, line)
    offset = 0 if room == "o" else 4
    if len(pn) < offset + 4:
        return Problem.error(None, Msg('board {}: the pn| line names no players for the {} room', board,
                                       Msg('open') if room == 'o' else Msg('closed')), where, code="format.import")
    s, w, n, e = pn[offset:offset + 4]
    try:
        contract, declarer, tricks = parse_result(entry)
        vul = parse_vulnerability(sv) if sv else board_vulnerability(board)
    except ValueError as exc:
        return Problem.error(None, Msg('board {}: {}', board, exc), where, code="format.import")
    return TableResult(board=board, seats=(n, e, s, w), vulnerability=vul, contract=contract,
                       declarer=declarer, tricks=tricks, passed=contract is None, group=label,
                       room="Open" if room == "o" else "Closed", where=where)


def read_lin(text: str, file: str) -> tuple[list[TableResult], list[Problem]]:
    """The tables of the team match a LIN file records, or the problems why it is none."""
    pairs = _pairs(text)
    vg = next(((v, line) for k, v, line in pairs if k == "vg"), None)
    first_board, label, refused = _event(vg, file)
    if refused is not None:
        return [], [refused]
    rs = next(((v, line) for k, v, line in pairs if k == "rs"), None)
    if rs is None:
        return [], [Problem.error(None, Msg('the file has no results (no rs| line)'), Where(file, None), code="format.import")]
    names, seen = _markers(pairs)
    if first_board is None:
        first_board = min((b for b, _ in seen), default=1)
    problems: list[Problem] = []
    out: list[TableResult] = []
    results = rs[0].split(",")
    if len(results) % 2:
        results.append("")
    for i, entry in enumerate(results):
        board, room = first_board + i // 2, "o" if i % 2 == 0 else "c"
        if not entry.strip():
            continue
        marked = seen.get((board, room)) or (names, None, rs[1])
        got = _table(entry, board, room, marked, label, file)
        (problems if isinstance(got, Problem) else out).append(got)
    return out, problems
