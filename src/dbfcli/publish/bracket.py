"""The cup bracket as a picture: positions of boxes and lines, as pure functions.

The cup is drawn afresh every round (§1.5.16), so the tree is not known in advance:
it is rebuilt from the recorded draws. Each column is one national round (3 = 1/64
final ... 9 = final). A column holds *entries*: drawn matches and byes (§1.5.3: teams
seeded to round 4 hold byes in round 3). An entry of round r is fed by the entries of
round r-1 its teams came from. Rows are ordered from the last drawn round backwards,
so that feeders sit next to each other and lines never cross; rounds not drawn yet are
shown as empty boxes pairing neighbouring entries (a placeholder: the real draw is random).

Input: :class:`BRound` values (rules data, already gathered); output: a :class:`Layout`
with absolute coordinates for an SVG (no I/O, no templates).

>>> r3 = BRound(3, (BMatch("C3-001", ("A", "B"), "A", (30, 12)), BMatch("C3-002", ("C", "D"), "D", (5, 40))))
>>> r4 = BRound(4, (BMatch("C4-001", ("D", "A")),))
>>> lay = layout([r3, r4])
>>> [(b.round, b.teams, b.y) for b in lay.boxes]
[(3, ('C', 'D'), 16), (3, ('A', 'B'), 72), (4, ('D', 'A'), 44)]
>>> [ln.label for ln in lay.lines]
['40-5', '30-12']
"""

from __future__ import annotations

from dataclasses import dataclass, field

BOX_W = 196        # width of a match box (five columns, round of 16 to the winner, fit 1280 px)
ROW_H = 20         # one team line in a box
BOX_H = 2 * ROW_H  # a match box: two team lines
UNIT = 56          # vertical space of one first-column entry
GAP = 44           # horizontal gap between columns (the connector lines run here)
MARGIN = 8
HEADER = 0         # column headings are drawn by the template above the picture
FINAL = 9          # the cup final (model.ROUND_NAMES)
CHAMPION = 10      # the column after the final: the cup winner


@dataclass(frozen=True, slots=True)
class BMatch:
    """A drawn match: ``teams`` in draw order, ``imps`` in the same order (None until played),
    ``winner`` once decided, ``note`` e.g. ``w.o.``; ``carry`` = carry-over per team (play-off)."""

    id: str
    teams: tuple[str, str]
    winner: str | None = None
    imps: tuple[int, int] | None = None
    note: str | None = None
    carry: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class BRound:
    """One round's column: its matches, its byes, and how many places it has (0: just the drawn ones)."""

    round: int
    matches: tuple[BMatch, ...] = ()
    byes: tuple[str, ...] = ()
    places: int = 0


@dataclass(frozen=True, slots=True)
class Box:
    """A box to draw: a match (two teams), a bye (one team) or an empty placeholder."""

    round: int
    column: int
    kind: str                          # "match" | "bye" | "empty" | "champion" (after the final)
    match_id: str | None
    teams: tuple[str | None, ...]
    scores: tuple[str, ...]            # printed right of each team ("" when none)
    winner: str | None
    x: int
    y: int                             # top
    w: int = BOX_W
    h: int = BOX_H

    @property
    def cy(self) -> int:
        return self.y + self.h // 2


@dataclass(frozen=True, slots=True)
class Line:
    """A connector from a feeder box (left) to the box it feeds (right): a polyline.
    ``label`` is the feeder's score, printed on the line; ``won`` marks the winner's path."""

    points: tuple[tuple[int, int], ...]
    label: str
    won: bool
    label_x: int
    label_y: int


@dataclass(frozen=True, slots=True)
class Layout:
    boxes: tuple[Box, ...]
    lines: tuple[Line, ...]
    columns: tuple[tuple[int, int], ...]   # (round, x) of each column, for headings
    width: int
    height: int


@dataclass
class _Entry:
    round: int
    kind: str
    match: BMatch | None = None
    bye: str | None = None
    feeders: list["_Entry"] = field(default_factory=list)
    y: float = 0.0

    @property
    def teams(self) -> tuple[str | None, ...]:
        if self.match is not None:
            return self.match.teams
        return (self.bye,) if self.kind in ("bye", "champion") else (None, None)

    @property
    def through(self) -> str | None:
        """The team this entry sends to the next round (None while undecided)."""
        if self.kind == "bye":
            return self.bye
        return self.match.winner if self.match is not None else None


def score_label(match: BMatch) -> str:
    """The score printed on the winner's line: winner's IMPs first (``40-5``), or the note.

    >>> score_label(BMatch("x", ("A", "B"), "B", (12, 30))), score_label(BMatch("x", ("A", "B"), "A", note="w.o."))
    ('30-12', 'w.o.')
    >>> score_label(BMatch("x", ("A", "B")))
    ''
    """
    if match.note:
        return match.note
    if match.imps is None:
        return ""
    a, b = match.imps
    return f"{b}-{a}" if match.winner == match.teams[1] else f"{a}-{b}"


def _entries(rounds: list[BRound]) -> list[list[_Entry]]:
    cols: list[list[_Entry]] = []
    for r in rounds:
        col = [_Entry(r.round, "match", match=m) for m in sorted(r.matches, key=lambda m: m.id)]
        col += [_Entry(r.round, "bye", bye=t) for t in sorted(r.byes)]
        if not cols and not col:
            col = [_Entry(r.round, "empty") for _ in range(r.places // 2)]
        cols.append(col)
    return cols


def _link(cols: list[list[_Entry]], rounds: list[BRound]) -> None:
    """Feeders from teams; placeholders for rounds not drawn yet (neighbours paired)."""
    for i in range(1, len(cols)):
        prev, col = cols[i - 1], cols[i]
        if not col:
            want = rounds[i].places // 2 if rounds[i].places else (len(prev) + 1) // 2
            for k in range(want):
                e = _Entry(rounds[i].round, "empty")
                e.feeders = prev[2 * k:2 * k + 2]
                col.append(e)
            continue
        by_team = {e.through: e for e in prev if e.through}
        by_any = {t: e for e in prev for t in e.teams if t}
        for e in col:
            for team in e.teams:
                f = by_team.get(team) or by_any.get(team)
                if f is not None and f not in e.feeders:
                    e.feeders.append(f)


def _order(cols: list[list[_Entry]]) -> None:
    """Reorder every column so that each entry's feeders are adjacent, from the last column back."""
    for i in range(len(cols) - 1, 0, -1):
        prev = cols[i - 1]
        seen: set[int] = set()
        ordered: list[_Entry] = []
        for e in cols[i]:
            for f in e.feeders:
                if id(f) not in seen:
                    seen.add(id(f))
                    ordered.append(f)
        ordered += [e for e in prev if id(e) not in seen]
        cols[i - 1] = ordered


def layout(rounds: list[BRound]) -> Layout:
    """Boxes and lines for the rounds given (in round order; empty rounds become placeholders)."""
    rounds = sorted(rounds, key=lambda r: r.round)
    if not rounds:
        return Layout((), (), (), 2 * MARGIN, 2 * MARGIN)
    cols = _entries(rounds)
    _link(cols, rounds)
    if rounds[-1].round == FINAL and len(cols[-1]) == 1 and cols[-1][0].kind != "bye":
        final = cols[-1][0]
        champ = _Entry(CHAMPION, "champion", bye=final.through, feeders=[final])
        cols.append([champ])
        rounds = rounds + [BRound(CHAMPION)]
    _order(cols)
    boxes: list[Box] = []
    lines: list[Line] = []
    where: dict[int, Box] = {}
    height = 0
    for c, col in enumerate(cols):
        x = MARGIN + c * (BOX_W + GAP)
        next_free = 0.0
        for k, e in enumerate(col):
            e.y = _entry_y(e, c, k, where, next_free)
            next_free = e.y + UNIT / 2 if c else 0
            box = _box(e, c, x)
            boxes.append(box)
            where[id(e)] = box
            height = max(height, box.y + box.h + MARGIN)
            lines += _feeder_lines(e, box, where)
    columns = tuple((r.round, MARGIN + c * (BOX_W + GAP)) for c, r in enumerate(rounds))
    width = MARGIN * 2 + len(cols) * BOX_W + (len(cols) - 1) * GAP
    return Layout(tuple(boxes), tuple(lines), columns, width, max(height, 2 * MARGIN))


def _entry_y(e: _Entry, c: int, k: int, where: dict[int, Box], next_free: float) -> float:
    """The centre of entry ``k`` of column ``c``: in line in the first column, else between
    its feeders placed (never above the next free place)."""
    placed = [f.y for f in e.feeders if id(f) in where]
    if c == 0:
        return k * UNIT + UNIT / 2
    if placed:
        return max(sum(placed) / len(placed), next_free)
    return max(next_free, k * UNIT + UNIT / 2)


def _box(e: _Entry, c: int, x: int) -> Box:
    """The box of a placed entry: its teams with the IMPs (or the carry-over) of its match."""
    h = ROW_H if e.kind in ("bye", "champion") else BOX_H
    top = MARGIN + int(round(e.y)) - h // 2
    m = e.match
    scores: tuple[str, ...]
    if m is not None and m.imps is not None:
        scores = (str(m.imps[0]), str(m.imps[1]))
    elif m is not None and m.carry is not None:
        scores = m.carry
    else:
        scores = tuple("" for _ in e.teams)
    return Box(e.round, c, e.kind, m.id if m else None, e.teams, scores, e.through if e.kind == "match" else None,
               x, top, BOX_W, h)


def _feeder_lines(e: _Entry, box: Box, where: dict[int, Box]) -> list[Line]:
    """The lines from each placed feeder of ``e`` to its box, labelled with the feeder's score."""
    lines = []
    for f in e.feeders:
        fb = where.get(id(f))
        if fb is None:
            continue
        x0, x1 = fb.x + fb.w, box.x
        xm = x0 + GAP // 2
        label = score_label(f.match) if f.match is not None else ""
        lines.append(Line(((x0, fb.cy), (xm, fb.cy), (xm, box.cy), (x1, box.cy)), label,
                          f.through is not None and f.through in e.teams, x0 + 4, fb.cy - 4))
    return lines


def short(name: str | None, limit: int = 27) -> str:
    """A name cut to fit a box (the full name goes in the tooltip).

    >>> short("København Blindemand"), short("x" * 40, 10)
    ('København Blindemand', 'xxxxxxxxx…')
    """
    if not name:
        return ""
    return name if len(name) <= limit else name[: limit - 1] + "…"
