"""Parse a result sheet (YAML, docs/interface.md "Result sheet") into
:class:`dbfcli.rules.sheet.validate.Sheet`, with the line of every field.

``parse_sheet(text, file)`` returns ``(Sheet | None, [Problem])``; problems of
form have ``rule=None`` (a malformed file: exit 2), never an exception.
Line numbers come from PyYAML's node marks (1-based).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from dbfcli.rules.dates import RANGE_HINT, date_of, datetime_of
from dbfcli.rules.ids import whole_number
from dbfcli.rules.cup.outcome import Score
from dbfcli.rules.problems import Problem, Where
from dbfcli.rules.sheet.validate import Sheet, SheetPlayer, SheetSide

from ..rules.value import MutableValue
from ..rules.problems import Msg

TOP_KEYS = {"match", "played_on", "start", "submitted_at", "segments", "total_points", "extra_segments",
            "home", "away", "signed_by", "agreement", "schema", "finished_at", "notes"}
SIDE_KEYS = {"team", "players", "up", "ferries", "fee_paid_kr", "natural_pairs"}
PLAYER_KEYS = {"id", "boards", "substitute", "name", "club", "division", "opponent_allowed"}
SEGMENT_KEYS = {"boards", "imps", "total_points"}
FERRIES = {"storebaelt", "kattegat", "oestersoeen"}
#: Law 78B (the IMP scale of §1.5.10): a board is worth at most 24 IMPs
MAX_IMPS_PER_BOARD = 24
#: §1.5.9: a cup match is 40 boards (48 from the quarter-final); no segment or player can have more
#: than a generous cap of boards (the rules then check the exact count)
MAX_BOARDS = 200
#: §1.5.4: the longest trip in Denmark earns some 20 distance UP, +14 +7 +3 for the ferries and
#: 6 for the stage; a claim above this cap is a typing error, never a trip
MAX_UP = 100
#: any other whole number of a sheet (member numbers, kroner): at most 9 digits
MAX_NUMBER = 999_999_999


class Node(MutableValue):
    """A YAML value with its 1-based line; ``value`` holds Nodes inside dicts/lists."""

    value: Any
    line: int


def _node(value, line: int | None) -> Node:
    from dbfcli.store.yamlio import LineDict, LineList

    if isinstance(value, LineDict):
        return Node({str(k): _node(v, value.lines.get(k, value.line)) for k, v in value.items()}, line or value.line or 1)
    if isinstance(value, LineList):
        return Node([_node(v, value.lines[i] if i < len(value.lines) else value.line) for i, v in enumerate(value)],
                    line or value.line or 1)
    return Node(value, line or 1)


def load_tree(text: str | bytes, file: str | None = None, doc: Any = None) -> tuple[Node | None, list[Problem]]:
    """The YAML document as a :class:`Node` tree (via the safe loader of
    :mod:`dbfcli.store.yamlio`: no tags, anchors or duplicate keys), or its problems. ``doc``:
    the :class:`~dbfcli.store.yamlio.YamlDoc` of ``text`` under ``file``, when the caller has
    parsed it already (``dbf serve`` reads the match a sheet names first): not parsed again."""
    from dbfcli.store.yamlio import YamlLoadError, parse_yaml

    if doc is None:
        try:
            doc = parse_yaml(text, file or "<sheet>")
        except YamlLoadError as exc:
            return None, list(exc.problems)
    if doc.data is None:
        return None, [Problem.error(None, Msg('the file is empty'), Where(file, None), code="format.sheet")]
    return _node(doc.data, getattr(doc.data, "line", 1)), []


class _Parser:
    def __init__(self, file: str | None):
        self.file = file
        self.problems: list[Problem] = []

    def w(self, node: Node | None) -> Where:
        return Where(self.file, node.line if node is not None else None)

    def bad(self, node: Node | None, message: str, hint: str | None = None, code: str = "format.sheet") -> None:
        self.problems.append(Problem.error(None, message, self.w(node), hint, code=code))

    def keys(self, node: Node, allowed: set[str], what: str) -> None:
        for k, v in node.value.items():
            if k not in allowed:
                self.bad(v, Msg("unknown key '{}' in {}", k, what), hint=Msg("allowed: {}", ", ".join(sorted(allowed))))

    def int_(self, node: Node | None, what: str, default=None, lo: int = -MAX_NUMBER, hi: int = MAX_NUMBER,
             rule: str | None = None):
        if node is None:
            return default
        v = node.value
        if isinstance(v, bool) or not isinstance(v, int):
            if isinstance(v, str) and whole_number(v.strip()) is not None:   # ASCII digits only
                v = whole_number(v.strip())
            else:
                self.bad(node, Msg('{} must be a whole number, not {}', what, _short(plain(node))))
                return default
        if not lo <= v <= hi:
            if hi == float("inf"):   # issue 27: a bound as a person writes it, never "-999999999-inf"
                self.problems.append(Problem.error(rule, Msg('{} must be {} or more, not {}', what, f'{lo:,}',
                                                             _short(v)),
                                                   self.w(node), code="format.sheet"))
            else:
                self.problems.append(Problem.error(rule, Msg('{} must be {}-{}, not {}', what, f'{lo:,}',
                                                             f'{hi:,}', _short(v)),
                                                   self.w(node), code="format.sheet"))
            return default
        return v

    def text(self, node: Node | None, what: str) -> str | None:
        """A scalar as text (``None`` when absent or null); a list or mapping is malformed."""
        if node is None or node.value is None:
            return None
        if isinstance(node.value, (dict, list)):
            kind = Msg('a list') if isinstance(node.value, list) else Msg('a mapping')
            self.bad(node, Msg('{} must be a single value, not {}: {}', what, kind, f'{plain(node)!r}'))
            return None
        return str(node.value)

    def pair(self, node: Node | None, what: str, nonnegative: bool = False, hi: float = MAX_NUMBER):
        if node is None:
            return None
        if not isinstance(node.value, list) or len(node.value) != 2:
            self.bad(node, Msg('{} must be a pair [home, away]', what))
            return None
        raw = [x.value for x in node.value]
        if nonnegative and any(isinstance(x, int) and not isinstance(x, bool) and x < 0 for x in raw):
            self.bad(node, Msg('{} are the IMPs each team won, 0 or more, not [{}, {}]', what, _short(raw[0]),
                               _short(raw[1])))
            return None
        a, b = (self.int_(x, what, lo=0 if nonnegative else -MAX_NUMBER, hi=hi) for x in node.value)
        return None if a is None or b is None else (a, b)

    def imps_bound(self, node: Node, imps, boards: int, what: str):
        """Law 78B via §1.5.10: a segment of N boards gives a team at most 24 x N IMPs."""
        top = MAX_IMPS_PER_BOARD * boards
        if imps is not None and any(x > top for x in imps):
            self.problems.append(Problem.error(
                "1.5.10", Msg('{}: {} IMPs in {}; a board is worth at most {} IMPs (Law 78B), so '
                              'at most {}', what, _short(max(imps)), Msg.counted(boards, "board"), MAX_IMPS_PER_BOARD,
                              top), self.w(node), code="result.imps-bound"))
            return None
        return imps

    def segment(self, node: Node, default_boards: int, what: str) -> Score | None:
        if isinstance(node.value, list):
            imps = self.imps_bound(node, self.pair(node, f"{what} IMPs", nonnegative=True, hi=float("inf")),
                                   default_boards, what)
            return None if imps is None else Score(default_boards, imps, None, self.w(node))
        if isinstance(node.value, dict):
            self.keys(node, SEGMENT_KEYS, what)
            if "imps" not in node.value:
                self.bad(node, Msg('{} needs imps: [home, away]', what))
            boards = self.int_(node.value.get("boards"), f"{what} boards", default_boards, lo=1, hi=MAX_BOARDS,
                               rule="1.5.9")
            imps = self.imps_bound(node, self.pair(node.value.get("imps"), f"{what} imps", nonnegative=True,
                                                   hi=float("inf")), boards, what)
            tp = self.pair(node.value.get("total_points"), f"{what} total_points")
            return None if imps is None else Score(boards, imps, tp, self.w(node))
        self.bad(node, Msg('{} must be [home, away] or {{boards: 8, imps: [home, away]}}', what))
        return None

    def segments(self, node: Node | None, default_boards: int, what: str) -> tuple[Score, ...]:
        if node is None or node.value is None:
            return ()
        if not isinstance(node.value, list):
            self.bad(node, Msg('{} must be a list', what))
            return ()
        out = [self.segment(n, default_boards, f"{what}[{i + 1}]") for i, n in enumerate(node.value)]
        return tuple(s for s in out if s is not None)

    def player(self, node: Node, side: str) -> SheetPlayer | None:
        if not isinstance(node.value, dict):
            self.bad(node, Msg('{}: a player is {{id: <member number>, boards: <n>}}', side))
            return None
        self.keys(node, PLAYER_KEYS, f"{side} player")
        v = node.value
        pid = self.int_(v.get("id"), "player id", lo=1)
        if "id" not in v:
            self.bad(node, Msg('{}: a player row needs id', side))
        if "boards" not in v:
            self.bad(node, Msg('{}: player {} needs boards (§1.5.14)', side, pid))
        boards = self.int_(v.get("boards"), "boards", 0, lo=0, hi=MAX_BOARDS, rule="1.5.14")
        sub = v.get("substitute")
        name = self.text(v.get("name"), f"{side}: player {pid} name")
        if pid is None:
            return None
        return SheetPlayer(
            id=pid, boards=boards, substitute=bool(sub.value) if sub else False,
            name=name,
            club=self.int_(v.get("club"), "club"), division=self.int_(v.get("division"), "division"),
            opponent_allowed=bool(v["opponent_allowed"].value) if "opponent_allowed" in v else False,
            where=self.w(node))

    def side_players(self, players_node: Node | None, name: str) -> list[SheetPlayer]:
        """``<side>.players``: a list of players."""
        if players_node is None or players_node.value is None:
            return []
        if not isinstance(players_node.value, list):
            self.bad(players_node, Msg('{}.players must be a list', name))
            return []
        return [p for p in (self.player(n, name) for n in players_node.value) if p is not None]

    def side_ferries(self, ferries_node: Node | None, name: str) -> tuple[str, ...]:
        """``<side>.ferries``: the §1.5.4 ferries crossed (one, or a list)."""
        if ferries_node is None or not ferries_node.value:
            return ()
        vals = ferries_node.value if isinstance(ferries_node.value, list) else [ferries_node]
        ferries = tuple(self.text(f, f"{name}.ferries") or "" for f in vals)
        for f in ferries:
            if f and f not in FERRIES:
                self.bad(ferries_node, Msg("unknown ferry '{}'", f), hint=Msg('storebaelt, kattegat, oestersoeen'))
        return ferries

    def side_pairs(self, pairs_node: Node | None, name: str) -> tuple[tuple[int, int], ...]:
        """``<side>.natural_pairs`` (§1.5.1.2): a list of pairs of member numbers."""
        if pairs_node is None:
            return ()
        natural_pairs, bad = _pairs(pairs_node)
        if bad:
            self.bad(pairs_node, Msg('{}.natural_pairs is a list of pairs [[id, id], ...] of member '
                                     'numbers', name))
        return natural_pairs

    def side(self, node: Node | None, name: str, top: Node) -> SheetSide:
        if node is None or not isinstance(node.value, dict):
            self.bad(node or top, Msg('the sheet needs {}: with team: and players:', name))
            return SheetSide("", (), where=self.w(node or top))
        self.keys(node, SIDE_KEYS, name)
        v = node.value
        team = v.get("team")
        team_id = self.text(team, f"{name}.team")
        if team is None or team.value in (None, ""):
            self.bad(node, Msg('{} needs team: <team id>', name))
        players = self.side_players(v.get("players"), name)
        ferries_node = v.get("ferries")
        ferries = self.side_ferries(ferries_node, name)
        natural_pairs = self.side_pairs(v.get("natural_pairs"), name)
        return SheetSide(
            team=team_id or "",
            players=tuple(players), up=self.int_(v.get("up"), f"{name}.up", lo=0, hi=MAX_UP, rule="1.5.4"),
            ferries=ferries,
            fee_paid_kr=self.int_(v.get("fee_paid_kr"), "fee_paid_kr", lo=0, rule="1.5.15"),
            where=self.w(team or node), up_where=self.w(v.get("up")) if "up" in v else None,
            ferries_where=self.w(ferries_node) if ferries_node is not None else None,
            natural_pairs=natural_pairs)


def _pairs(node: Node) -> tuple[tuple[tuple[int, int], ...], bool]:
    """``natural_pairs: [[a, b], ...]`` (§1.5.1.2) -> ((a, b), ...); ``bad`` when the shape is wrong."""
    if node.value is None:
        return (), False
    if not isinstance(node.value, list):
        return (), True
    out = []
    for item in node.value:
        vals = item.value if isinstance(item.value, list) else None
        if not vals or len(vals) != 2 or not all(isinstance(v.value, int) and not isinstance(v.value, bool)
                                                 for v in vals):
            return tuple(out), True
        out.append((vals[0].value, vals[1].value))
    return tuple(out), False


def _date(p: _Parser, node: Node | None) -> dt.date | None:
    if node is None or node.value is None:
        return None
    day = date_of(node.value)
    if day is None:
        p.bad(node, Msg('played_on must be {}, not {}', RANGE_HINT, f'{plain(node)!r}'))
    return day


def _datetime(p: _Parser, node: Node | None) -> dt.datetime | None:
    if node is None or node.value is None:
        return None
    when = datetime_of(node.value)
    if when is None:
        p.bad(node, Msg('submitted_at must be a date and time YYYY-MM-DDTHH:MM in the years 1900-2999, '
                        'not {}', f'{plain(node)!r}'))
    return when


def _time(p: _Parser, node: Node | None) -> str | None:
    if node is None or node.value is None:
        return None
    v = node.value
    if isinstance(v, int) and not isinstance(v, bool):   # YAML 1.1 reads 13:00 as 780 (base 60)
        return f"{v // 60:02d}:{v % 60:02d}"
    s = str(v)
    try:
        hh, mm = s.split(":")
        if 0 <= int(hh) < 24 and 0 <= int(mm) < 60:
            return f"{int(hh):02d}:{int(mm):02d}"
    except ValueError:
        pass
    p.bad(node, Msg('start must be a time HH:MM, not {}', f'{plain(node)!r}'))
    return None


def _finished(p: _Parser, node: Node | None, played_on: dt.date | None, start: str | None) -> dt.datetime | None:
    """§1.5.14 ``finished_at``: a date and time, or a time HH:MM on ``played_on`` (the next day
    when it is earlier than the sheet's ``start``: play went on past midnight)."""
    if node is None or node.value is None:
        return None
    v = node.value
    if isinstance(v, (dt.date, dt.datetime)) or (isinstance(v, str) and len(v.strip()) > 5):
        when = datetime_of(v)
        if when is None:
            p.bad(node, Msg('finished_at must be a time HH:MM or a date and time YYYY-MM-DDTHH:MM, not {}',
                            f'{plain(node)!r}'))
        return when
    hhmm = _time(_Parser(p.file), node)          # the time form; its own message below
    if hhmm is None:
        p.bad(node, Msg('finished_at must be a time HH:MM or a date and time YYYY-MM-DDTHH:MM, not {}',
                        f'{plain(node)!r}'))
        return None
    if played_on is None:
        p.bad(node, Msg('finished_at as a time needs played_on (or give the date and time YYYY-MM-DDTHH:MM)'))
        return None
    hh, mm = (int(x) for x in hhmm.split(":"))
    end = dt.datetime.combine(played_on, dt.time(hh, mm))
    if start is not None and hhmm < start:
        end += dt.timedelta(days=1)
    return end


def parse_sheet(text: str | bytes, file: str | None = None, doc: Any = None) -> tuple[Sheet | None, list[Problem]]:
    """A result sheet from YAML text, with every problem of form (rule ``None``).

    >>> s, ps = parse_sheet("match: C1-001\\nsegments: [[1, 2]]\\nhome: {team: A, players: []}\\n"
    ...                     "away: {team: B, players: [{id: 7, boards: 8}]}\\n", "s.yaml")
    >>> s.match, s.away.players[0].where.line, ps
    ('C1-001', 4, [])
    """
    root, load_problems = load_tree(text, file, doc)
    if root is None:
        return None, load_problems
    return sheet_of_tree(root, file)


def sheet_of_tree(root: Node, file: str | None = None) -> tuple[Sheet | None, list[Problem]]:
    """:func:`parse_sheet` of a tree :func:`load_tree` read (the tree is kept in the record too:
    a batch of sheets reads each file once)."""
    p = _Parser(file)
    if not isinstance(root.value, dict):
        return None, [Problem.error(None, Msg('a result sheet is a mapping (match:, segments:, home:, away:)'),
                                    Where(file, root.line), code="format.sheet")]
    v = root.value
    p.keys(root, TOP_KEYS, "the sheet")
    match = v.get("match")
    if match is None or match.value in (None, ""):
        p.bad(root, Msg('the sheet needs match: <match id>'))
    if "segments" not in v:
        p.bad(root, Msg('the sheet needs segments: [[home IMPs, away IMPs], ...]'))
    agreement = v.get("agreement")
    signed = v.get("signed_by")
    sheet = Sheet(
        match=p.text(match, "match") or "",
        home=p.side(v.get("home"), "home", root),
        away=p.side(v.get("away"), "away", root),
        segments=p.segments(v.get("segments"), 8, "segments"),
        played_on=_date(p, v.get("played_on")),
        start=_time(p, v.get("start")),
        submitted_at=_datetime(p, v.get("submitted_at")),
        total_points=p.pair(v.get("total_points"), "total_points"),
        extra_segments=p.segments(v.get("extra_segments"), 4, "extra_segments"),
        signed_by=p.int_(signed, "signed_by") if signed is not None else None,
        agreement=p.text(agreement, "agreement"),
        finished_at=_finished(p, v.get("finished_at"), date_of(v["played_on"].value) if v.get("played_on") else None,
                              _time(_Parser(file), v.get("start"))),
        file=file,
        lines=tuple((k, n.line) for k, n in v.items()),
    )
    return sheet, p.problems


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def plain(node: Node | None):
    """A Node tree back to plain Python values."""
    if node is None:
        return None
    if isinstance(node.value, dict):
        return {k: plain(v) for k, v in node.value.items()}
    if isinstance(node.value, list):
        return [plain(v) for v in node.value]
    return node.value
