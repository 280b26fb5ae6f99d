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

from typing import Iterable, Mapping

from .imps import imps
from .names import fit_name
from ..problems import Msg, Problem, Where
from .contracts import Contract, ns_score
from ..value import Located, Value

SEAT_NAMES = {"N": Msg("North"), "E": Msg("East"), "S": Msg("South"), "W": Msg("West")}


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
    ((member number, boards), ...) in the order they first sat; ``fits``: member number ->
    the name the file wrote and how it was fitted (surname, initials, handle, names map),
    for the players not named as on the roster."""

    home: str
    away: str
    boards: tuple[BoardResult, ...]
    segments: tuple[tuple[int, tuple[int, int]], ...]
    players: Mapping[str, tuple[tuple[int, int], ...]]
    group: str | None = None
    fits: Mapping[int, str] = {}

    @property
    def imps(self) -> tuple[int, int]:
        return (sum(s[1][0] for s in self.segments), sum(s[1][1] for s in self.segments))


#: who is vulnerable, as a keyed word of a message (rules.scoring.contracts: None, NS, EW, Both)
_VULNERABLE = {"None": Msg("None"), "Both": Msg("Both")}

def match_name(name: str, number: int | None, roster: Iterable[RosterPlayer],
               known: Mapping[str, int] | None = None) -> tuple[RosterPlayer | None, str | None]:
    """The roster member a name at the table is (§1.5.14: who played is named), or why not
    (:func:`dbfcli.rules.scoring.names.fit_name`: number, the names map, the name, a unique loose fit).

    >>> r = [RosterPlayer(1, "Lis Kjær", "A"), RosterPlayer(2, "Ole Holm", "B"), RosterPlayer(3, "Ole Holm", "A")]
    >>> match_name("kjaer lis", None, r)[0].id, match_name("Ole Holm", None, r)[1]
    (1, "'Ole Holm' is ambiguous: 2 Ole Holm (B), 3 Ole Holm (A)")
    """
    fit = fit_name(name, number, roster, known)
    return fit.player, fit.why   # type: ignore[return-value]


def _list(players: Iterable[RosterPlayer]) -> str:
    return ", ".join(f"{p.id} {p.name} ({p.team})" for p in players)


def groups(tables: Iterable[TableResult]) -> list[str | None]:
    """The matches a file holds, in file order (``group`` labels; ``[None]`` for one unlabelled)."""
    out: list[str | None] = []
    for t in tables:
        if t.group not in out:
            out.append(t.group)
    return out


def _all_on_rosters(tables: tuple[TableResult, ...], group: str | None, roster: tuple[RosterPlayer, ...],
                    known: Mapping[str, int] | None = None) -> bool:
    """Every player seated at the tables of ``group`` is found on the two teams' rosters."""
    seats = {(n, no) for t in tables if t.group == group for n, no in zip(t.seats, t.numbers)}
    return all(match_name(n, no, roster, known)[0] is not None for n, no in seats)


def _same_match(label: str, wanted: str) -> bool:
    """``wanted`` names the match ``label`` in either order ("India v Denmark" for "Denmark v India")."""
    def sides(text: str) -> list[str]:
        return sorted(x.strip().casefold() for x in text.split(" v ", 1))
    return label.casefold() == wanted.casefold() or sides(label) == sides(wanted)


#: matches a refusal lists, one a line, before it says how many more there are
LISTED = 10


def listed(labels: Iterable[object]) -> str:
    """The matches of a file one a line, the first :data:`LISTED`, then how many more."""
    labels = [str(g) for g in labels]
    shown = "".join(f"\n  {g}" for g in labels[:LISTED])
    return Msg("{}\n  ... and {} more", shown, len(labels) - LISTED) if len(labels) > LISTED else shown


def pick_group(tables: tuple[TableResult, ...], roster: tuple[RosterPlayer, ...],
               wanted: str | None = None, known: Mapping[str, int] | None = None) -> tuple[str | None, list[Problem]]:
    """The one match of a file of many whose players are the two teams' (or ``wanted``, by
    its label in either order, case-insensitive); a problem when none or several fit, listing
    the candidates one a line (the first ten, then how many more)."""
    labels = groups(tables)
    if wanted is not None:
        hit = [g for g in labels if g is not None and _same_match(g, wanted)]
        if not hit:
            return None, [Problem.error(None, Msg("the file has no match {}; it has {}:{}", repr(wanted), len(labels), listed(labels)),
                                        hint=Msg('name the match as the file labels it, either team first'),
                                        code="format.import")]
        return hit[0], []
    if len(labels) == 1:
        return labels[0], []
    fits = [g for g in labels if _all_on_rosters(tables, g, roster, known)]
    if len(fits) == 1:
        return fits[0], []
    text = (Msg('the file holds {} matches and none of them has only players of the two teams:{}', len(labels),
                listed(labels)) if not fits else
            Msg('the file holds {} matches and several have only players of the two teams:{}', len(labels),
                listed(fits)))
    return None, [Problem.error(None, text,
                                hint=Msg("name the match with --pick 'HOME v AWAY' as the file labels it"), code="format.import")]


def score_table(t: TableResult) -> tuple[int | None, Problem | None]:
    """The NS score of one table: from the contract (Law 77), checked against the score the
    file states; the stated score where the file gives no contract."""
    if t.passed:
        computed: int | None = 0
    elif t.contract is not None:
        if t.declarer is None or t.tricks is None:
            return None, Problem.error(None, Msg('board {}: contract {} without declarer or tricks', t.board,
                                                 t.contract),
                                       t.where, code="format.import")
        try:
            computed = ns_score(t.contract, t.declarer, t.vulnerability, t.tricks)
        except ValueError as exc:
            return None, Problem.error(None, Msg('board {}: {}', t.board, exc), t.where, code="format.import")
    else:
        computed = None
    if computed is None:
        if t.stated_ns is None:
            return None, Problem.error(None, Msg('board {}: neither a contract nor a score', t.board), t.where, code="format.import")
        return t.stated_ns, None
    if t.stated_ns is not None and t.stated_ns != computed:
        by = Msg(' by {}', t.declarer) if t.declarer else ""
        return None, Problem.error(
            None, Msg('board {}: the file states NS {}, but {}{} taking {} ({} vulnerable) scores '
                      'NS {}', t.board, t.stated_ns, t.contract or Msg('Pass'), by, Msg.counted(t.tricks or 0, "trick"),
                      _VULNERABLE.get(t.vulnerability, t.vulnerability), computed), t.where, code="format.import")
    return computed, None


def _seat_problem(t: TableResult, seat: str, name: str, why: str | None) -> Problem:
    """§1.5.14: a seat the file leaves empty is named as missing; a name not found names its candidates."""
    if not name.strip():
        return Problem.error(None, Msg('board {}: no {} given', t.board, SEAT_NAMES[seat]), t.where,
                             hint=Msg('the file names nobody in this seat, on this board or before it in '
                                      "the same room; add the name to the file's first board of the "
                                      'segment'), code="format.seat-missing")
    return Problem.error(None, Msg('board {}, {}: {}', t.board, SEAT_NAMES[seat], why), t.where,
                         hint=Msg('correct the name in the file, map it with --names FILE, or add the '
                                  'player to the team (dbf cup add-player) before importing'), code="unknown.player")


class _Tables:
    """The tables of a match sorted by board: (table, NS team, NS score) per board, the players
    of each team in the order they first sat, the boards each player played, and how a name
    was fitted where it was not the roster's (``fits``: member number -> the file's name and how)."""

    def __init__(self, home: str, away: str, roster: tuple[RosterPlayer, ...], known: Mapping[str, int] | None):
        self.by_board: dict[int, list[tuple[TableResult, str, int]]] = {}
        self.seen: dict[str, list[int]] = {home: [], away: []}
        self.boards_of: dict[int, int] = {}
        self.unknown: set[tuple[str, int | None]] = set()
        self.refused: set[int] = set()    # boards with a table that could not be scored
        self.fits: dict[int, str] = {}
        self.roster, self.known = roster, known

    def seated(self, t: TableResult, problems: list[Problem]) -> list[RosterPlayer | None]:
        """The four players of a table, N E S W, found on the rosters; a name not found is a
        problem once, where it first sits."""
        ids = []
        for seat, name, number in zip("NESW", t.seats, t.numbers):
            fit = fit_name(name, number, self.roster, self.known)
            if fit.player is None and (name, number) not in self.unknown:   # each name once, where it first sits
                self.unknown.add((name, number))
                problems.append(_seat_problem(t, seat, name, fit.why))
            if fit.player is not None and (fit.how or name.strip() in (self.known or {})):
                self.fits.setdefault(fit.player.id, f"{name.strip()}: {fit.how or 'names map'}")  # type: ignore[attr-defined]
            ids.append(fit.player)
        return ids   # type: ignore[return-value]

    def add(self, t: TableResult, problems: list[Problem]) -> None:
        """§1.5.10: one table scored, when its four players are known and NS and EW are one team each."""
        ids = [p for p in self.seated(t, problems) if p is not None]
        if len(ids) < 4:
            return
        n, e, s, w = ids
        if n.team != s.team or e.team != w.team or n.team == e.team:
            problems.append(Problem.error(
                None, Msg('board {}: North-South ({}, {}) and East-West ({}, {}) are not one team each',
                          t.board, n.name, s.name, e.name, w.name), t.where, code="format.import"))
            self.refused.add(t.board)
            return
        ns, why = score_table(t)
        if ns is None:   # score_table gives a score or, when it has none, the problem why
            problems += [why] if why is not None else []
            self.refused.add(t.board)
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
        problems.append(Problem.error(None, Msg('board {} was played at one table only', board), rows[0][0].where,
                                      hint=Msg('a team match needs each board at both tables'), code="format.import"))
        return None
    if ns_teams != sorted((home, away)):
        problems.append(Problem.error(
            None, Msg('board {} is recorded {} times with NS teams {}; a board is played once with each '
                      'team North-South', board, len(rows), ', '.join(ns_teams)), rows[0][0].where, code="format.import"))
        return None
    home_ns = next(ns for _, team, ns in rows if team == home)
    away_ns = next(ns for _, team, ns in rows if team == away)
    won = imps(home_ns - away_ns)
    for t, team, _ in rows:
        if t.stated_imps is not None and t.stated_imps != (won if team == home else -won):
            problems.append(Problem.error(
                None, Msg('board {}: the file states {} for {}; NS {} and {} at the two tables are '
                          '{}', board, Msg.counted(t.stated_imps, "IMP"), team, home_ns, away_ns, won if team == home else -won), t.where, code="format.import"))
    return BoardResult(board, home_ns, away_ns, (max(won, 0), max(-won, 0)))


def _segment_totals(results: list[BoardResult], segment_boards: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    """(boards, (home IMPs, away IMPs)) of each segment of ``segment_boards`` boards."""
    segments = []
    for i in range(0, len(results), segment_boards):
        chunk = results[i:i + segment_boards]
        segments.append((len(chunk), (sum(b.imps[0] for b in chunk), sum(b.imps[1] for b in chunk))))
    return tuple(segments)


def _results(tables: _Tables, home: str, away: str, problems: list[Problem]) -> list[BoardResult]:
    """The boards IMPed in order; a board with a table refused already is left out (said once)."""
    out = []
    for board in sorted(tables.by_board):
        if board not in tables.refused:
            r = _board_result(board, tables.by_board[board], home, away, problems)
            if r is not None:
                out.append(r)
    return out


def build_match(tables: Iterable[TableResult], home: str, away: str, roster: Iterable[RosterPlayer],
                segment_boards: int = 8, group: str | None = None,
                known: Mapping[str, int] | None = None) -> tuple[ImportedMatch | None, list[Problem]]:
    """Score a team match from its tables (§1.5.10: IMPs board by board, WBF table), with
    IMPs per segment and boards per player; all problems at once (each with its board and place).
    ``known``: the names map (a name as the file writes it -> member number). A board whose
    table could not be scored (a wrong stated score) is not also said to be at one table only."""
    roster, tables = tuple(roster), list(tables)
    if tables and all(t.passed for t in tables):
        return None, [_not_played(tables, group)]
    problems: list[Problem] = []
    sorted_tables = _Tables(home, away, roster, known)
    for t in tables:
        sorted_tables.add(t, problems)
    if sorted_tables.unknown:   # the tables of unknown players are left out: "one table only" would follow from it
        return None, problems
    by_board = sorted_tables.by_board
    singles = [b for b, rows in by_board.items() if len(rows) == 1]
    if singles and len(singles) == len(by_board) and not problems:
        return None, [Problem.error(None, Msg('one room is missing: every board ({}) was played at one '
                                              'table only', _ranges(sorted(singles))), hint=Msg('export both rooms (Open and Closed) of '
                                                                  'the match'), code="format.import")]
    results = _results(sorted_tables, home, away, problems)
    if problems:
        return None, problems
    if not results:
        return None, [Problem.error(None, Msg('the file records no board of this match'), code="format.import")]
    seen, boards_of = sorted_tables.seen, sorted_tables.boards_of
    players = {team: tuple((pid, boards_of[pid]) for pid in seen[team]) for team in (home, away)}
    return ImportedMatch(home, away, tuple(results), _segment_totals(results, segment_boards), players, group,
                         sorted_tables.fits), []


def _not_played(tables: list[TableResult], group: str | None) -> Problem:
    """A match whose every table is passed out was not played (RealBridge writes a match that did
    not take place so: placeholder "Dummy" seats, every board passed): said so, not scored 0-0."""
    return Problem.error(None, Msg('no board of {} was bid: every table is passed out, so the match was '
                                   'not played', group or 'this match'), tables[0].where,
                         hint=Msg('import the match that was played, or record a walkover (dbf result '
                                  'walkover)'),
                         code="format.import")


def _ranges(numbers: list[int]) -> str:
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out)
