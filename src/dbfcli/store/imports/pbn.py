"""Read a PBN file (Portable Bridge Notation 1.0-2.1) into the tables of team matches.

``read_pbn(text, file)`` returns ``([TableResult], [Problem])``: one
:class:`dbfcli.rules.scoring.teammatch.TableResult` per game (board at one table), with
its line. What real scoring programs write is taken as it is:

* tag pairs ``[Name "value"]``; the sections after a tag (auction, play,
  tables) and ``{...}`` / ``;`` commentary are skipped;
* ``"#"`` copies the previous game's value (PBN 1.0, §4.8 "tag value
  inheritance"), and a game that omits ``Board``, ``Deal``, ``Vulnerable``,
  ``Dealer``, ``Event``, ``HomeTeam``, ``VisitTeam`` or ``Date`` takes them from
  the game before (the second room of a vugraph conversion);
* the seats (``North`` ... ``West``) are carried forward per room, as an
  archive states them once per segment (rpbridge.net: on the segment's first
  board in each room): a game with ``Board`` is the board's first room, the
  game after it without ``Board`` its second (or the ``Room`` tag says which);
  a seat a game omits is the one of the same room's game before, until a new
  segment (``Stage``, ``HomeTeam`` or ``VisitTeam`` stated) starts; a seat
  never stated is left empty and named as missing ("board 18: no North
  given", :mod:`dbfcli.rules.scoring.teammatch`);
* ``Contract`` ``Pass`` is a passed-out board; ``Result`` is the tricks taken by
  declarer; ``Score`` ``NS 420`` / ``EW -50`` / ``NS 420 EW -420`` (a bare number
  is read as North-South's); ``ScoreIMP`` ``NS 4 EW -4`` the IMPs of the NS pair's
  team (RealBridge);
* ``Vulnerable``, else the board number's vulnerability;
* names ``Anna Berg#12345`` carry a number after ``#``, used as a member number
  when it is one (:func:`dbfcli.rules.scoring.teammatch.match_name`);
* ``HomeTeam``/``VisitTeam`` label the match (``AUSTRIA v DENMARK``: the two in
  alphabetical order), so a file of a whole round of matches can be picked from.

A file of a pairs or individual event (``Competition``, ``Scoring``
match points) is refused: it records no team match.
"""

from __future__ import annotations

import re

from ...rules.problems import Msg, Problem, Where
from ...rules.scoring.contracts import board_vulnerability, parse_contract, parse_vulnerability
from ...rules.scoring.teammatch import TableResult

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_INHERIT = ("Board", "Deal", "Vulnerable", "Dealer", "Event", "HomeTeam", "VisitTeam", "Date", "Stage", "Round")
_SEATS = ("North", "East", "South", "West")


def _games(text: str):
    """Yield (first line, {tag: (value, line)}) per game: tags until a blank line."""
    tags: dict[str, tuple[str, int]] = {}
    first = None
    depth = 0
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if depth:
            depth += line.count("{") - line.count("}")
            continue
        if line.startswith("%") or line.startswith(";"):
            continue
        if line.startswith("{"):
            depth = line.count("{") - line.count("}")
            continue
        if not line:
            if tags:
                yield first, tags
            tags, first = {}, None
            continue
        m = _TAG.match(line)
        if m:
            name, value = m.group(1), m.group(2).replace('\\"', '"')
            if name not in tags:   # §3.3: a repeated tag (RealBridge's second Dealer) is ignored
                tags[name] = (value, no)
            first = first or no
    if tags:
        yield first, tags


def _score(value: str) -> int | None:
    parts = value.split()
    if len(parts) == 1:
        return int(parts[0])
    vals = dict(zip(parts[0::2], parts[1::2]))
    if "NS" in vals:
        return int(vals["NS"])
    if "EW" in vals:
        return -int(vals["EW"])
    raise ValueError(value)


def _name(value: str) -> tuple[str, int | None]:
    if "#" in value:
        name, _, num = value.rpartition("#")
        return name.strip(), int(num) if num.strip().isdigit() else None
    return value.strip(), None


def _label(home: str | None, visit: str | None) -> str | None:
    if not home and not visit:
        return None
    a, b = sorted((home or "?", visit or "?"))
    return f"{a} v {b}"


def _inherit(tags: dict[str, tuple[str, int]], prev: dict[str, tuple[str, int]]) -> dict[str, str]:
    """Fill ``tags`` in place from the game before (``"#"`` copies, omitted tags of
    ``_INHERIT``; PBN §4.8) and return its values by name."""
    for name, (value, line) in list(tags.items()):
        if value == "#" and name in prev:
            tags[name] = (prev[name][0], line)
    for name in _INHERIT:
        if name not in tags and name in prev:
            tags[name] = prev[name]
    return {k: v for k, (v, _) in tags.items()}


def _not_teams(get: dict[str, str], where: Where) -> Problem | None:
    """The refusal of a pairs, individual or match-point game: it records no team match."""
    comp = get.get("Competition", "").casefold()
    scoring = get.get("Scoring", "").casefold()
    if comp in ("pairs", "individuals", "individual") or scoring.startswith("matchpoint") or scoring.startswith("mp"):
        return Problem.error(None, Msg('the file is of a {} event ({}), not a team match',
                                       get.get('Competition') or Msg('match-point'),
                                       get.get('Event', Msg('no event name'))), where,
                             hint=Msg('export the team match (both rooms) from the scoring program'), code="format.import")
    return None


def _board(get: dict[str, str], where: Where) -> int | Problem:
    """The game's board number, or why it has none."""
    if "Board" not in get:
        return Problem.error(None, Msg('a game without a Board tag'), where, code="format.import")
    try:
        return int(get["Board"])
    except ValueError:
        return Problem.error(None, Msg('Board {} is not a board number', f"{get['Board']!r}"), where, code="format.import")


def _stated(get: dict[str, str], tag: str) -> int | None:
    """The NS figure of a ``Score`` / ``ScoreIMP`` tag, None if absent; ``ValueError`` if unreadable."""
    return _score(get[tag].strip()) if get.get(tag, "").strip() else None


def _table(get: dict[str, str], board: int, where: Where) -> TableResult | Problem:
    """One played game (it has a ``Contract`` tag) as a table, or why it cannot be read."""
    contract_text = get["Contract"].strip()
    seats = [_name(get.get(s, "")) for s in _SEATS]
    try:
        vul = parse_vulnerability(get["Vulnerable"]) if "Vulnerable" in get else board_vulnerability(board)
        contract = parse_contract(contract_text) if contract_text else None
        passed = bool(contract_text) and contract is None
        result = get.get("Result", "").strip()
        tricks = int(result) if result and not passed else None
        stated, stated_imps = _stated(get, "Score"), _stated(get, "ScoreIMP")
    except ValueError as exc:
        return Problem.error(None, Msg('board {}: cannot read the result ({})', board, exc), where, code="io.cannot-read")
    if not contract_text:
        return Problem.error(None, Msg('board {}: no contract (was the board played?)', board), where, code="format.import")
    declarer = get.get("Declarer", "").strip().upper() or None
    if contract is not None and declarer not in ("N", "E", "S", "W"):
        return Problem.error(None, Msg('board {}: declarer {} is not N, E, S or W', board, f'{declarer!r}'), where, code="format.import")
    return TableResult(
        board=board, seats=tuple(n for n, _ in seats), vulnerability=vul, contract=contract,
        declarer=declarer if contract is not None else None, tricks=tricks, passed=passed, stated_ns=stated,
        stated_imps=stated_imps, numbers=tuple(n for _, n in seats),
        group=_label(get.get("HomeTeam"), get.get("VisitTeam")), room=get.get("Room"), where=where)


class _RoomSeats:
    """The seats last stated in each room of the segment being read (archive convention)."""

    def __init__(self) -> None:
        self.by_room: dict[str, dict[str, tuple[str, int]]] = {}
        self.slot = 0

    def carry(self, tags: dict[str, tuple[str, int]], own: set[str]) -> None:
        """Fill the seats ``tags`` omits from the same room's game before; ``own``: the tags the
        game itself states (before any inheritance)."""
        if own & {"Stage", "HomeTeam", "VisitTeam"}:
            self.by_room.clear()
        self.slot = 0 if "Board" in own else self.slot + 1
        room = tags["Room"][0].casefold() if "Room" in tags else str(self.slot)
        stated = self.by_room.setdefault(room, {})
        for seat in _SEATS:
            if seat in own and tags[seat][0].strip():
                stated[seat] = tags[seat]
            elif seat in stated and not tags.get(seat, ("", 0))[0].strip():
                tags[seat] = stated[seat]


def read_pbn(text: str, file: str) -> tuple[list[TableResult], list[Problem]]:
    """The tables a PBN file records, or the problems (``file:line``) why it is no team match."""
    out: list[TableResult] = []
    problems: list[Problem] = []
    prev: dict[str, tuple[str, int]] = {}
    rooms = _RoomSeats()
    for first, tags in _games(text):
        where = Where(file, first)
        own = set(tags)
        _inherit(tags, prev)
        rooms.carry(tags, own)
        get = {k: v for k, (v, _) in tags.items()}
        prev = dict(tags)
        refused = _not_teams(get, where)
        if refused is not None:
            return [], [refused]
        board = _board(get, where)
        if isinstance(board, Problem):
            problems.append(board)
            continue
        if "Contract" not in get:
            continue   # a deal without a result (a hand record)
        got = _table(get, board, where)
        (problems if isinstance(got, Problem) else out).append(got)
    if not out and not problems:
        problems.append(Problem.error(None, Msg('the file records no played board (no Contract tag)'), Where(file, None), code="format.import"))
    return out, problems
