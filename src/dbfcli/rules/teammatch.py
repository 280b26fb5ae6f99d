"""A team match read from scoring software, scored board by board (§1.5.9, §1.5.10, §1.5.14).

The importers (PBN, LIN, USEBIO, CSV; ``dbf result import``) read the tables a
file records as :class:`TableResult` values; this module, pure, turns them into
what a result sheet needs:

* every name at the table matched to a member of the two teams' rosters
  (:func:`match_name`: member number where the file has one, else the name,
  tolerant of case, accents and the order of first and last name); an unknown
  or ambiguous name is a problem naming the candidates, never a guess;
* which team sat North-South at each table (both N and S of one team, E and W
  of the other), so every board needs exactly two tables, one each way round;
* each table's score from its contract (:mod:`.scoring`), checked against the
  score the file states; the board's IMPs by the WBF table (:mod:`.imps`);
* IMPs per segment (boards in order, ``segment_boards`` a segment, §1.5.9)
  and boards per player (§1.5.14: each side's boards are 4 x the boards).

Problems here are of the file (``rule`` None: the import is refused, exit 2).
"""

from __future__ import annotations

import unicodedata
from typing import Iterable, Mapping

from .imps import imps
from .problems import Problem, Where
from .scoring import Contract, ns_score
from .value import Located, Value

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


class TableResult(Located):
    """One board at one table as the file records it. ``seats``: the names N, E, S, W
    (``numbers``: member numbers where the file has them); ``contract`` None and
    ``passed`` True for a passed-out board; ``stated_ns``: the NS score the file
    states (None if it states none); ``stated_imps``: the IMPs it states for the
    NS pair's team at this table; ``group``: the match within a file of many
    (e.g. "AUSTRIA v DENMARK"); ``room``: Open/Closed where the file says."""

    board: int
    seats: tuple[str, str, str, str]
    vulnerability: str
    contract: Contract | None = None
    declarer: str | None = None
    tricks: int | None = None
    passed: bool = False
    stated_ns: int | None = None
    stated_imps: int | None = None
    numbers: tuple[int | None, int | None, int | None, int | None] = (None, None, None, None)
    group: str | None = None
    room: str | None = None
    where: Where | None = None


class RosterPlayer(Value):
    """A player who may sit for a team in this match: roster or addition (§1.5.11)."""

    id: int
    name: str
    team: str


class BoardResult(Value):
    """One board of the match: the NS score where the home team sat NS (``home_ns``) and
    where the away team sat NS (``away_ns``), and the IMPs won by home and away."""

    board: int
    home_ns: int
    away_ns: int
    imps: tuple[int, int]


class ImportedMatch(Value):
    """What a file says about a match: ``boards`` in order, ``segments`` [home, away]
    IMPs per segment with the number of boards of each, ``players`` per team:
    ((member number, boards), ...) in the order they first sat."""

    home: str
    away: str
    boards: tuple[BoardResult, ...]
    segments: tuple[tuple[int, tuple[int, int]], ...]
    players: Mapping[str, tuple[tuple[int, int], ...]]
    group: str | None = None

    @property
    def imps(self) -> tuple[int, int]:
        return (sum(s[1][0] for s in self.segments), sum(s[1][1] for s in self.segments))


_FOLD = {"æ": "ae", "ø": "oe", "å": "aa", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i"}


def name_key(name: str) -> tuple[str, ...]:
    """A name as sorted word tokens, folded for comparison: case, accents, Danish æ/ø/å
    and their spellings ae/oe/aa, punctuation and word order do not matter.

    >>> name_key("Kjær, Lis") == name_key("LIS KJAER"), name_key("Søren Ærø") == name_key("soren aro")
    (True, True)
    """
    text = name.casefold()
    text = "".join(_FOLD.get(c, c) for c in text)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("oe", "o").replace("aa", "a").replace("ae", "a")
    words = "".join(c if c.isalnum() else " " for c in text).split()
    return tuple(sorted(words))


def _tokens_match(file_tokens: tuple[str, ...], roster_tokens: tuple[str, ...]) -> bool:
    """Equal tokens, or the file gives initials (``Gloyer A`` for ``Anna Gloyer``)."""
    if file_tokens == roster_tokens:
        return True
    if len(file_tokens) != len(roster_tokens) or not any(len(t) == 1 for t in file_tokens):
        return False
    rest = list(roster_tokens)
    for t in sorted(file_tokens, key=len, reverse=True):
        hit = next((r for r in rest if r == t or (len(t) == 1 and r.startswith(t))), None)
        if hit is None:
            return False
        rest.remove(hit)
    return True


def match_name(name: str, number: int | None, roster: Iterable[RosterPlayer]) -> tuple[RosterPlayer | None, str | None]:
    """The roster member a name at the table is (§1.5.14: who played is named), or why not.

    ``number`` (a member number the file gives) decides when it is a member of the
    roster and the name does not name somebody else; otherwise the name must match
    exactly one member. Returns ``(player, None)`` or ``(None, reason naming the candidates)``.

    >>> r = [RosterPlayer(1, "Lis Kjær", "A"), RosterPlayer(2, "Ole Holm", "B"), RosterPlayer(3, "Ole Holm", "A")]
    >>> match_name("kjaer lis", None, r)[0].id, match_name("Ole Holm", None, r)[1]
    (1, "'Ole Holm' is ambiguous: 2 Ole Holm (B), 3 Ole Holm (A)")
    """
    roster = list(roster)
    key = name_key(name)
    by_name = [p for p in roster if _tokens_match(key, name_key(p.name))] if key else []
    if number is not None:
        by_number = [p for p in roster if p.id == number]
        if by_number:
            if by_name and by_number[0] not in by_name:
                return None, (f"{name!r} has member number {number} ({by_number[0].name}, {by_number[0].team}) "
                              f"but the name is {_list(by_name)}")
            return by_number[0], None
    if len(by_name) == 1:
        return by_name[0], None
    if not by_name:
        near = sorted({p for p in roster if set(key) & set(name_key(p.name))}, key=lambda p: p.id)
        more = f"; near: {_list(near)}" if near else ""
        return None, f"{name!r} is on neither team's roster{more}"
    return None, f"{name!r} is ambiguous: {_list(by_name)}"


def _list(players) -> str:
    return ", ".join(f"{p.id} {p.name} ({p.team})" for p in players)


def groups(tables: Iterable[TableResult]) -> list[str | None]:
    """The matches a file holds, in file order (``group`` labels; ``[None]`` for one unlabelled)."""
    out: list[str | None] = []
    for t in tables:
        if t.group not in out:
            out.append(t.group)
    return out


def _all_on_rosters(tables: tuple[TableResult, ...], group: str | None, roster: tuple[RosterPlayer, ...]) -> bool:
    """Every player seated at the tables of ``group`` is found on the two teams' rosters."""
    seats = [(n, no) for t in tables if t.group == group for n, no in zip(t.seats, t.numbers)]
    return all(match_name(n, no, roster)[0] is not None for n, no in seats)


def pick_group(tables: tuple[TableResult, ...], roster: tuple[RosterPlayer, ...],
               wanted: str | None = None) -> tuple[str | None, list[Problem]]:
    """The one match of a file of many whose players are the two teams' (or ``wanted``, by
    its label, case-insensitive); a problem when none or several fit."""
    labels = groups(tables)
    if wanted is not None:
        hit = [g for g in labels if g is not None and g.casefold() == wanted.casefold()]
        if not hit:
            return None, [Problem.error(None, f"the file has no match {wanted!r}; it has: "
                                        + "; ".join(str(g) for g in labels), code="format.import")]
        return hit[0], []
    if len(labels) == 1:
        return labels[0], []
    fits = [g for g in labels if _all_on_rosters(tables, g, roster)]
    if len(fits) == 1:
        return fits[0], []
    said = "none of them has" if not fits else "several have"
    return None, [Problem.error(None, f"the file holds {len(labels)} matches and {said} only players of the two "
                                f"teams: " + "; ".join(str(g) for g in (fits or labels)),
                                hint="name the match with --pick 'HOME v AWAY' as the file labels it", code="format.import")]


def score_table(t: TableResult) -> tuple[int | None, Problem | None]:
    """The NS score of one table: from the contract (Law 77), checked against the score the
    file states; the stated score where the file gives no contract."""
    if t.passed:
        computed: int | None = 0
    elif t.contract is not None:
        if t.declarer is None or t.tricks is None:
            return None, Problem.error(None, f"board {t.board}: contract {t.contract} without declarer or tricks",
                                       t.where, code="format.import")
        try:
            computed = ns_score(t.contract, t.declarer, t.vulnerability, t.tricks)
        except ValueError as exc:
            return None, Problem.error(None, f"board {t.board}: {exc}", t.where, code="format.import")
    else:
        computed = None
    if computed is None:
        if t.stated_ns is None:
            return None, Problem.error(None, f"board {t.board}: neither a contract nor a score", t.where, code="format.import")
        return t.stated_ns, None
    if t.stated_ns is not None and t.stated_ns != computed:
        by = f" by {t.declarer}" if t.declarer else ""
        return None, Problem.error(
            None, f"board {t.board}: the file states NS {t.stated_ns}, but {t.contract or 'Pass'}{by} taking "
                  f"{t.tricks} tricks ({t.vulnerability} vulnerable) scores NS {computed}", t.where, code="format.import")
    return computed, None


def _seated_players(t: TableResult, roster: tuple[RosterPlayer, ...], unknown: set[tuple[str, int | None]],
                    problems: list[Problem]) -> list[RosterPlayer | None]:
    """The four players of a table, N E S W, found on the rosters; a name not found is a
    problem once, where it first sits (``unknown`` collects them)."""
    ids = []
    for seat, name, number in zip("NESW", t.seats, t.numbers):
        player, why = match_name(name, number, roster)
        if player is None and (name, number) not in unknown:   # each name once, where it first sits
            unknown.add((name, number))
            problems.append(Problem.error(None, f"board {t.board}, {SEAT_NAMES[seat]}: {why}", t.where,
                                          hint="correct the name in the file, or add the player to the team "
                                               "(dbf cup add-player) before importing", code="unknown.player"))
        ids.append(player)
    return ids


class _Tables:
    """The tables of a match sorted by board: (table, NS team, NS score) per board, the players
    of each team in the order they first sat, and the boards each player played."""

    def __init__(self, home: str, away: str):
        self.by_board: dict[int, list[tuple[TableResult, str, int]]] = {}
        self.seen: dict[str, list[int]] = {home: [], away: []}
        self.boards_of: dict[int, int] = {}
        self.unknown: set[tuple[str, int | None]] = set()

    def add(self, t: TableResult, roster: tuple[RosterPlayer, ...], problems: list[Problem]) -> None:
        """§1.5.10: one table scored, when its four players are known and NS and EW are one team each."""
        ids = _seated_players(t, roster, self.unknown, problems)
        if any(p is None for p in ids):
            return
        n, e, s, w = ids
        if n.team != s.team or e.team != w.team or n.team == e.team:
            problems.append(Problem.error(
                None, f"board {t.board}: North-South ({n.name}, {s.name}) and East-West ({e.name}, {w.name}) "
                      f"are not one team each", t.where, code="format.import"))
            return
        ns, why = score_table(t)
        if why is not None:
            problems.append(why)
            return
        self.by_board.setdefault(t.board, []).append((t, n.team, ns))
        for p in ids:
            if p.id not in self.boards_of:
                self.seen[p.team].append(p.id)
            self.boards_of[p.id] = self.boards_of.get(p.id, 0) + 1


def _board_result(board: int, rows: list[tuple[TableResult, str, int]], home: str, away: str,
                  problems: list[Problem]) -> BoardResult | None:
    """§1.5.10: one board played at both tables, each team North-South once, IMPed; the IMPs a
    file states are checked against the scores."""
    ns_teams = sorted(team for _, team, _ in rows)
    if len(rows) == 1:
        problems.append(Problem.error(None, f"board {board} was played at one table only", rows[0][0].where,
                                      hint="a team match needs each board at both tables", code="format.import"))
        return None
    if ns_teams != sorted((home, away)):
        problems.append(Problem.error(
            None, f"board {board} is recorded {len(rows)} times with NS teams {', '.join(ns_teams)}; "
                  f"a board is played once with each team North-South", rows[0][0].where, code="format.import"))
        return None
    home_ns = next(ns for _, team, ns in rows if team == home)
    away_ns = next(ns for _, team, ns in rows if team == away)
    won = imps(home_ns - away_ns)
    for t, team, _ in rows:
        if t.stated_imps is not None and t.stated_imps != (won if team == home else -won):
            problems.append(Problem.error(
                None, f"board {board}: the file states {t.stated_imps} IMPs for {team}; NS {home_ns} and "
                      f"{away_ns} at the two tables are {won if team == home else -won}", t.where, code="format.import"))
    return BoardResult(board, home_ns, away_ns, (max(won, 0), max(-won, 0)))


def _segment_totals(results: list[BoardResult], segment_boards: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    """(boards, (home IMPs, away IMPs)) of each segment of ``segment_boards`` boards."""
    segments = []
    for i in range(0, len(results), segment_boards):
        chunk = results[i:i + segment_boards]
        segments.append((len(chunk), (sum(b.imps[0] for b in chunk), sum(b.imps[1] for b in chunk))))
    return tuple(segments)


def build_match(tables: Iterable[TableResult], home: str, away: str, roster: Iterable[RosterPlayer],
                segment_boards: int = 8, group: str | None = None) -> tuple[ImportedMatch | None, list[Problem]]:
    """Score a team match from its tables (§1.5.10: IMPs board by board, WBF table), with
    IMPs per segment and boards per player; all problems at once (each with its board and place)."""
    roster = tuple(roster)
    problems: list[Problem] = []
    sorted_tables = _Tables(home, away)
    for t in tables:
        sorted_tables.add(t, roster, problems)
    if sorted_tables.unknown:   # the tables of unknown players are left out: "one table only" would follow from it
        return None, problems
    by_board = sorted_tables.by_board
    singles = [b for b, rows in by_board.items() if len(rows) == 1]
    if singles and len(singles) == len(by_board) and not problems:
        return None, [Problem.error(None, f"one room is missing: every board ({_ranges(sorted(singles))}) was played "
                                    "at one table only", hint="export both rooms (Open and Closed) of the match", code="format.import")]
    results = [r for board in sorted(by_board) for r in (_board_result(board, by_board[board], home, away, problems),)
               if r is not None]
    if problems:
        return None, problems
    if not results:
        return None, [Problem.error(None, "the file records no board of this match", code="format.import")]
    seen, boards_of = sorted_tables.seen, sorted_tables.boards_of
    players = {team: tuple((pid, boards_of[pid]) for pid in seen[team]) for team in (home, away)}
    return ImportedMatch(home, away, tuple(results), _segment_totals(results, segment_boards), players, group), []


def _ranges(numbers: list[int]) -> str:
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)
