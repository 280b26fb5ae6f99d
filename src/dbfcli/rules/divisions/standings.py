"""Division standings: VP per match, ranking with tie-breaks, and the marks of §1.1.

Each recorded match gives both teams VP on the season's scale (default WBF 20-VP, see
:mod:`dbfcli.rules.divisions.vp`) from its IMP totals and its own board count. The table ranks by:

1. **VP** (all matches played);
2. **mini-league VP**: VP in the matches played among the teams still tied;
3. **IMP quotient**: IMPs for / IMPs against over all matches (exact fractions; against 0
   ranks above any quotient);
4. **IMP difference** over all matches;
5. still tied: **lots** (§1.1.3.2), drawn by the TD and recorded with ``dbf lot`` (a
   :class:`~dbfcli.rules.lots.DrawnLot` keyed by the division and the tied teams): the drawn
   order ranks them. Until it is drawn the teams share the rank, are listed in entry (seeding)
   order, and once every match is recorded the tie is a pending lot (:func:`pending_lots`)
   when it decides something: a mark, or in 1div the order of the top 4 (§1.1.2.8 the choice,
   §1.1.2.10 the carry-over).

Whenever a step splits a tied group, every part still tied of two or more teams starts again
at step 2 with a mini-league of just those teams (the regulations give no order; this is the
reading of docs/readings/divisions-standings.md).

Marks (positions in the listing; mid-season they show the current places):

* 1div: 1-4 ``play-off`` (§1.1.2.5); the last 2 ``relegated`` (§1.1.3.3: 1st division's last
  two play 2nd division next season).
* 2div: 1-2 ``promoted`` (§1.1.3.2); the last 3 ``relegated`` (§1.1.4.3).
* 3div-a/b: 1 ``promoted`` (§1.1.4.2); 2 ``runner-up play-off`` (§1.1.4.2); places 10 and
  below ``relegated`` (§1.1.4.3: next season's 3rd division keeps only places 3-9 of each
  group and the play-off loser).

>>> from dbfcli.rules.model import Division, Team
>>> d = Division("2div", tuple(Team(t, t, 1, 1, "5000") for t in ("A", "B", "C")))
>>> table, problems = standings(d, [DivResult("2div-R01-01", 1, "A", "B", 50, 20, 36)])
>>> [(r.rank, r.team, r.played, r.vp) for r in table.rows], problems
([(1, 'A', 1, 1500), (2, 'B', 1, 500), (3, 'C', 0, 0)], [])
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..lots import DrawnLot, PendingLot, find_lot
from ..model import Division, all_play_all_rule
from ..problems import Msg, Problem, Where
from ..value import Located, MutableValue, Value, field, replace
from .vp import WBF20, VPScale, match_vp

if TYPE_CHECKING:
    from .roundrobin import Round

#: The tie-break steps after VP, in order (names used in rows and JSON).
STEPS = ("vp", "mini-league", "imp-quotient", "imp-difference")
ALL_PLAY_ALL_RULE = {n: all_play_all_rule(n) for n in (1, 2, 3)}   # rules.model.all_play_all_rule


class DivResult(Located):
    """One recorded division match: IMP totals (all segments) and its board count."""

    match_id: str
    round: int
    home: str
    away: str
    imps_home: int
    imps_away: int
    boards: int
    where: Where | None = None


class Mark(Value):
    """A place mark: ``play-off``, ``promoted``, ``runner-up play-off`` or ``relegated``."""

    name: str
    rule: str


class Row(Value):
    """One team's line. ``vp`` in hundredths. ``tie_break`` names the step that put this team
    below the team above it when both have the same VP (None when VP decided); ``lots`` is
    True when that step is the TD's draw."""

    rank: int
    team: str
    played: int
    won: int
    drawn: int
    lost: int
    imps_for: int
    imps_against: int
    vp: int
    marks: tuple[Mark, ...] = ()
    tie_break: str | None = None
    lots: bool = False
    lot_drawn: bool = False

    @property
    def imp_quotient(self) -> Fraction | None:
        return None if self.imps_against == 0 else Fraction(self.imps_for, self.imps_against)


class Standings(Value):
    division: str
    rows: tuple[Row, ...]
    rounds_played: int
    matches_played: int
    matches_total: int

    @property
    def complete(self) -> bool:
        return self.matches_played == self.matches_total

    def row(self, team: str) -> Row | None:
        return next((r for r in self.rows if r.team == team), None)


def division_marks(division_id: str, teams: int) -> dict[int, Mark]:
    """Marks by position (1-based) for a division of ``teams`` teams.

    >>> sorted((p, m.name) for p, m in division_marks("3div-b", 12).items())
    [(1, 'promoted'), (2, 'runner-up play-off'), (10, 'relegated'), (11, 'relegated'), (12, 'relegated')]
    """
    marks: dict[int, Mark] = {}
    if division_id == "1div":
        marks.update({p: Mark("play-off", "1.1.2.5") for p in range(1, min(4, teams) + 1)})
        bottom = range(max(5, teams - 1), teams + 1)
        marks.update({p: Mark("relegated", "1.1.3.3") for p in bottom})
    elif division_id == "2div":
        marks.update({p: Mark("promoted", "1.1.3.2") for p in range(1, min(2, teams) + 1)})
        marks.update({p: Mark("relegated", "1.1.4.3") for p in range(max(3, teams - 2), teams + 1)})
    elif division_id.startswith("3div"):
        marks[1] = Mark("promoted", "1.1.4.2")
        if teams >= 2:
            marks[2] = Mark("runner-up play-off", "1.1.4.2")
        marks.update({p: Mark("relegated", "1.1.4.3") for p in range(10, teams + 1)})
    return {p: m for p, m in marks.items() if 1 <= p <= teams}


#: the paragraph naming the places a division's final table decides, cited when a lot is asked
#: for a division as a whole: the 1st division's top 4 (§1.1.2.5), the 2nd division's best two
#: (§1.1.3.2), each 3rd-division group's winner and runner-up (§1.1.4.2)
_TABLE_RULE = {"1div": "1.1.2.5", "2div": "1.1.3.2"}


def standings_lot_rule(division_id: str) -> str:
    """The division's own paragraph for a lot among tied teams of its final table (a pending
    lot cites the § of the mark it decides, :func:`pending_lots`).

    >>> standings_lot_rule("1div"), standings_lot_rule("2div"), standings_lot_rule("3div-b")
    ('1.1.2.5', '1.1.3.2', '1.1.4.2')
    """
    return _TABLE_RULE.get(division_id, "1.1.4.2")


def check_results(division: Division, results: Iterable[DivResult]) -> tuple[list[DivResult], list[Problem]]:
    """The results fit to count, and a problem for each one that is not (all of them listed):
    the all-play-all (§1.1.2.1, §1.1.3.1, §1.1.4.1 by division) -- two teams of the division, once
    a pair, once a round each -- non-negative IMPs, and the boards (36 or 40, else a warning)."""
    rule = ALL_PLAY_ALL_RULE[division.number]
    seen = _Seen({t.id for t in division.teams})
    good: list[DivResult] = []
    problems: list[Problem] = []
    for r in results:
        bad = _pairing_problems(rule, division.id, r, seen) + _score_problems(rule, r)
        if r.boards > 0 and r.boards not in (36, 40):
            problems.append(Problem.warning(rule, Msg('{}: {}; a division match is 36 boards with '
                                                      'screens, 40 without', r.match_id, Msg.counted(r.boards, "board")), r.where,
                                            code="div.boards"))
        seen.ids.add(r.match_id)
        if bad:
            problems += bad
            continue
        seen.pairs[frozenset((r.home, r.away))] = r.match_id
        seen.busy[(r.round, r.home)] = seen.busy[(r.round, r.away)] = r.match_id
        good.append(r)
    return good, problems


class _Seen(MutableValue):
    """What :func:`check_results` has counted so far: the division's teams, the match ids, the
    pairs (to their match) and each team's round (to its match)."""

    teams: set[str]
    ids: set[str] = field(default_factory=set)
    pairs: dict[frozenset[str], str] = field(default_factory=dict)
    busy: dict[tuple[int, str], str] = field(default_factory=dict)


def _pairing_problems(rule: str, division_id: str, r: DivResult, seen: _Seen) -> list[Problem]:
    """The all-play-all's problems of one result: a team not in the division, a team against
    itself, a match id twice, a pair that met already, a team with two matches in a round."""
    bad = [Problem.error(rule, Msg('{}: team {} is not in {}', r.match_id, f'{side!r}', division_id), r.where,
                         hint=Msg('see `dbf division teams {}`', division_id), code="div.result-teams")
           for side in (r.home, r.away) if side not in seen.teams]
    if r.home == r.away:
        return bad + [Problem.error(rule, Msg('{}: {} cannot play itself', r.match_id, r.home), r.where,
                                    code="div.result-teams")] + (
            [Problem.error(rule, Msg('{} is recorded twice', r.match_id), r.where,
                           code="div.record-once")] if r.match_id in seen.ids else [])
    if r.match_id in seen.ids:
        bad.append(Problem.error(rule, Msg('{} is recorded twice', r.match_id), r.where, code="div.record-once"))
    pair = frozenset((r.home, r.away))
    if pair in seen.pairs:
        bad.append(Problem.error(rule, Msg('{} and {} meet once in the all-play-all; already recorded as '
                                           '{}', r.home, r.away, seen.pairs[pair]), r.where,
                                 code="div.pair-meets-as-scheduled"))
    bad += [Problem.error(rule, Msg('{}: {} already plays {} in round {}', r.match_id, side,
                                    seen.busy[(r.round, side)], r.round),
                          r.where,
                          code="div.team-once-a-round") for side in (r.home, r.away) if (r.round, side) in seen.busy]
    return bad


def _score_problems(rule: str, r: DivResult) -> list[Problem]:
    """IMP totals below zero (a malformed file), no boards at all (the rule of the division)."""
    bad = []
    if r.imps_home < 0 or r.imps_away < 0:
        bad.append(Problem.error(None, Msg('{}: IMP totals are >= 0, not {}-{}', r.match_id, r.imps_home,
                                           r.imps_away), r.where,
                                 code="format.result"))
    if r.boards <= 0:
        bad.append(Problem.error(rule, Msg('{}: {} boards; a match has boards', r.match_id, r.boards), r.where,
                                 code="div.result-figures"))
    return bad


class _Tally(MutableValue):
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    imps_for: int = 0
    imps_against: int = 0
    vp: int = 0


class _Ranker(MutableValue):
    """The ranking of one table (:func:`standings`): the tallies, each match's VP, the entry
    order (the last resort while a lot is pending) and the recorded lots."""

    division_id: str
    tally: "dict[str, _Tally]"
    match_vps: list[tuple[str, str, int, int]]
    order_index: dict[str, int]
    lots: tuple[DrawnLot, ...]
    final: bool                      # every match recorded: a lot may break a tie

    def mini_league(self, group: Iterable[str]) -> dict[str, int]:
        """§ (none; docs/readings/divisions-standings.md): VP in the matches among ``group``."""
        out = dict.fromkeys(group, 0)
        for home, away, vh, va in self.match_vps:
            if home in out and away in out:
                out[home] += vh
                out[away] += va
        return out

    def quotient(self, team: str) -> tuple[int, Fraction]:
        t = self.tally[team]
        if t.imps_against == 0:
            return (1, Fraction(t.imps_for)) if t.imps_for else (0, Fraction(1))
        return (0, Fraction(t.imps_for, t.imps_against))

    def key(self, step: str, group: list[str]) -> Callable[[str], Any]:
        if step == "vp":
            return lambda team: self.tally[team].vp
        if step == "mini-league":
            return self.mini_league(group).__getitem__
        if step == "imp-quotient":
            return self.quotient
        return lambda team: self.tally[team].imps_for - self.tally[team].imps_against

    def order(self, group: list[str], first: int) -> tuple[list[str], list[str | None]]:
        """Teams best first, and for each boundary the step that decided it (``"lots"`` pending,
        ``"drawn"`` by a recorded lot, §1.1.3.2)."""
        if len(group) == 1:
            return group, []
        for s in range(first, len(STEPS)):
            key = self.key(STEPS[s], group)
            values = sorted({key(t) for t in group}, reverse=True)
            if len(values) > 1:
                return self._split(group, key, values, STEPS[s])
        lot = find_lot(self.lots, self.division_id, group) if self.final else None
        if lot is not None:
            return list(lot.order), ["drawn"] * (len(group) - 1)
        return sorted(group, key=self.order_index.__getitem__), ["lots"] * (len(group) - 1)

    def _split(self, group: list[str], key: Callable[[str], Any], values: list[Any],
               step: str) -> tuple[list[str], list[str | None]]:
        """The group in blocks of equal ``key``; each block of two or more starts again at the
        mini-league (docs/readings/divisions-standings.md)."""
        teams: list[str] = []
        bounds: list[str | None] = []
        for i, value in enumerate(values):
            block = sorted((t for t in group if key(t) == value), key=self.order_index.__getitem__)
            sub_teams, sub_bounds = self.order(block, 1) if len(block) > 1 else (block, [])
            if i:
                bounds.append(step)
            teams += sub_teams
            bounds += sub_bounds
        return teams, bounds


def _tallies(division: Division, good: Iterable[DivResult],
             scale: VPScale) -> "tuple[dict[str, _Tally], list[tuple[str, str, int, int]]]":
    """Each team's played/won/drawn/lost, IMPs and VP, and each match's VP."""
    tally = {t.id: _Tally() for t in division.teams}
    match_vps: list[tuple[str, str, int, int]] = []
    for r in good:
        vh, va = match_vp(scale, r.imps_home, r.imps_away, r.boards)
        match_vps.append((r.home, r.away, vh, va))
        for team, own, other, vp in ((r.home, r.imps_home, r.imps_away, vh), (r.away, r.imps_away, r.imps_home, va)):
            t = tally[team]
            t.played += 1
            t.imps_for += own
            t.imps_against += other
            t.vp += vp
            if own > other:
                t.won += 1
            elif own == other:
                t.drawn += 1
            else:
                t.lost += 1
    return tally, match_vps


def _rows(division_id: str, ranked: list[str], bounds: list[str | None], tally: "dict[str, _Tally]") -> list[Row]:
    """The rows in ranked order: a pending lot shares the rank; marks by position."""
    marks = division_marks(division_id, len(ranked))
    rows: list[Row] = []
    rank = 1
    for pos, team in enumerate(ranked, start=1):
        above = bounds[pos - 2] if pos > 1 else None
        if above != "lots":
            rank = pos
        t = tally[team]
        rows.append(Row(rank, team, t.played, t.won, t.drawn, t.lost, t.imps_for, t.imps_against, t.vp,
                        (marks[pos],) if pos in marks else (),
                        None if above in (None, "vp") else ("lots" if above == "drawn" else above), above == "lots",
                        above == "drawn"))
    return _flag_lots(rows)


def standings(division: Division, results: Iterable[DivResult],
              scale: VPScale = WBF20, lots: Iterable[DrawnLot] = ()) -> tuple[Standings, list[Problem]]:
    """The division's table from the recorded results (any number of rounds played); a group
    tied after every tie-break is ordered by its recorded lot (§1.1.3.2) when there is one."""
    good, problems = check_results(division, results)
    tally, match_vps = _tallies(division, good, scale)
    n = len(division.teams)
    final = len(good) == n * (n - 1) // 2   # a lot breaks only the final table's ties
    ranker = _Ranker(division.id, tally, match_vps, {t.id: i for i, t in enumerate(division.teams)}, tuple(lots), final)
    ranked, bounds = ranker.order([t.id for t in division.teams], 0)
    rows = _rows(division.id, ranked, bounds, tally)
    if not good:  # nothing played yet: no tie to break by lots (the marks still say what each place means)
        rows = [Row(1, r.team, 0, 0, 0, 0, 0, 0, 0, r.marks, None, False) for r in rows]
    if final:  # a draw is only needed for the final table
        problems += _lots_problems(division.id, rows)
    table = Standings(division.id, tuple(rows), len({r.round for r in good}), len(good), n * (n - 1) // 2)
    return table, problems


def _flag_lots(rows: list[Row]) -> list[Row]:
    """The first team of a group tied to the end gets ``lots`` (``lot_drawn``) too."""
    out = list(rows)
    for i in range(len(out) - 1):
        if out[i + 1].lot_drawn and not out[i].lot_drawn and out[i + 1].rank != out[i].rank:
            out[i] = replace(out[i], lot_drawn=True)
        if out[i + 1].lots and not out[i].lots:
            r = out[i]
            out[i] = replace(r, lots=True)
    return out


def _tied_groups(rows: Sequence[Row]) -> list[tuple[int, int]]:
    """(first, last) positions, 0-based, of each group still tied after every tie-break."""
    groups, i = [], 0
    while i < len(rows):
        j = i
        while j + 1 < len(rows) and rows[j + 1].lots and rows[j + 1].rank == rows[i].rank:
            j += 1
        if j > i:
            groups.append((i, j))
        i = j + 1
    return groups


def pending_lots(division_id: str, rows: Sequence[Row]) -> list[PendingLot]:
    """§1.1.3.2: the lots still to draw in a final table: each group tied after every tie-break
    whose places carry different marks (promoted, play-off, runner-up play-off, relegated), and in
    1div a tie inside the top 4 (§1.1.2.8: no. 1 chooses; §1.1.2.10: the carry-over depends on the
    places). The places of a tie that decides nothing are shared and need no lot."""
    out = []
    for i, j in _tied_groups(rows):
        group = rows[i:j + 1]
        names = {tuple(m.name for m in r.marks) for r in group}
        teams = tuple(r.team for r in group)
        what = Msg('{} places {}-{}', division_id, i + 1, j + 1)
        if len(names) > 1:
            mark = next(m for r in group for m in r.marks)
            out.append(PendingLot(division_id, mark.rule, teams, Msg('{}: the {} place(s)', what, mark.name)))
        elif division_id == "1div" and i < 3:
            out.append(PendingLot(division_id, "1.1.2.8", teams, Msg('{}: the play-off order (the choice, '
                                                                     'the carry-over)', what)))
    return out


def _lots_problems(division_id: str, rows: Sequence[Row]) -> list[Problem]:
    """A warning for each pending lot of a final table (:func:`pending_lots`)."""
    return [Problem.warning(p.rule, Msg('{}: {} are tied after every tie-break ({}); the TD draws lots',
                                        division_id, ', '.join(p.teams), p.what),
                            hint=Msg('record the draw: {} (or dbf lot record ... --order)', p.command()),
                            code="lot.needed")
            for p in pending_lots(division_id, rows)]


def check_against_schedule(results: Iterable[DivResult], rounds: "Iterable[Round]") -> list[Problem]:
    """Each recorded match is a match of the schedule (§1.1.2.1): its id exists, its round and
    its teams are the scheduled ones (home and away swapped is only a warning).

    ``rounds`` is :func:`dbfcli.rules.divisions.roundrobin.division_schedule`'s output."""
    scheduled = {m.id: m for r in rounds for m in r.matches}
    problems: list[Problem] = []
    for r in results:
        division = r.match_id.rsplit("-R", 1)[0]
        rule = all_play_all_rule(division)
        m = scheduled.get(r.match_id)
        if m is None:
            problems.append(Problem.error(rule, Msg('{} is not a match of the schedule', r.match_id), r.where,
                                          hint=Msg('see `dbf schedule {}`', division), code="div.not-scheduled"))
            continue
        if m.away is None:
            problems.append(Problem.error(rule, Msg("{} is {}'s bye, not a match", r.match_id, m.home), r.where,
                                          code="div.not-scheduled"))
            continue
        if r.round != m.round:
            problems.append(Problem.error(rule, Msg('{} is a round {} match, not round {}', r.match_id,
                                                    m.round, r.round), r.where, code="div.wrong-round"))
        if (r.home, r.away) == (m.away, m.home):
            problems.append(Problem.warning(rule, Msg('{}: home and away swapped against the schedule ({} '
                                                      'is home)', r.match_id, m.home), r.where, code="sheet.home-away"))
        elif (r.home, r.away) != (m.home, m.away):
            problems.append(Problem.error(rule, Msg('{} is {} v {}, not {} v {}', r.match_id, m.home, m.away,
                                                    r.home, r.away), r.where, code="div.result-teams"))
    return problems
