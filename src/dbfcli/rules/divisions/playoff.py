"""The 1st-division play-off (§1.1.2.4-11) and the 3rd-division runners-up match (§1.1.4.2).

Plain inputs only: the round-robin order of a division as a sequence of team
ids (index 0 = winner) and the round-robin match between two teams as a
:class:`MutualResult`. Carry-over is exact (:class:`fractions.Fraction`);
:func:`show_imps` rounds once, for display, to one decimal half up.

>>> order = ("A", "B", "C", "D")
>>> m = MutualResult("B", "C", 20, 13)          # B (2nd) beat C (3rd) by 7
>>> carry_over(m, order)[0]["B"]
Fraction(7, 2)
>>> m = MutualResult("B", "C", 13, 20)          # C (3rd) beat B (2nd) by 7
>>> carry_over(m, order)[0]["C"], show_imps(carry_over(m, order)[0]["C"])
(Fraction(7, 3), '2.3')
"""

from __future__ import annotations

import datetime as dt
import random
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from ..problems import Msg, Problem
from ..value import Value, field, replace

if TYPE_CHECKING:
    from ..lots import DrawnLot, PendingLot
    from ..problems import Where

SEMI, FINAL, RUNNERS_UP = "semi-final", "final", "3div-runners-up"
SF1, SF2, F1, PO3 = "1div-SF1", "1div-SF2", "1div-F", "3div-PO"
HALF_BOARDS = 16        # §1.1.2.7, §1.1.4.2: halves of 16 boards
EXTRA_BOARDS = 4        # §1.1.2.11: extra rounds of 4 boards
HIGHER, LOWER = Fraction(1, 2), Fraction(1, 3)   # §1.1.2.10: 50 %, 33 1/3 %


class MutualResult(Value):
    """The round-robin match between two teams, as IMPs scored by each."""

    team_a: str
    team_b: str
    imps_a: int | Fraction
    imps_b: int | Fraction

    @property
    def winner(self) -> str | None:
        if self.imps_a == self.imps_b:
            return None
        return self.team_a if self.imps_a > self.imps_b else self.team_b

    @property
    def loser(self) -> str | None:
        w = self.winner
        return None if w is None else (self.team_b if w == self.team_a else self.team_a)

    @property
    def margin(self) -> Fraction:
        return abs(Fraction(self.imps_a) - Fraction(self.imps_b))

    def involves(self, a: str, b: str) -> bool:
        return {self.team_a, self.team_b} == {a, b}


class Lot(Value):
    """A recorded drawing of lots: reproducible from ``seed`` and ``key``."""

    rule: str
    key: str
    seed: int | None
    candidates: tuple[str, ...]
    drawn: str

    def __str__(self) -> str:
        how = "drawn by hand" if self.seed is None else f"seed {self.seed}"
        return f"lot §{self.rule} ({self.key}, {how}): {self.drawn} drawn from {', '.join(self.candidates)}"


def recorded_lot(rule: str, key: str, teams: Sequence[str], lots: "Iterable[DrawnLot]" = ()) -> Lot | None:
    """The lot recorded with ``dbf lot`` (a :class:`~dbfcli.rules.lots.DrawnLot`) deciding
    ``key`` among ``teams``, as a :class:`Lot` whose ``drawn`` is the first drawn; None if none."""
    from ..lots import find_lot

    lot = find_lot(lots, key, teams)
    if lot is None:
        return None
    return Lot(lot.rule or rule, key, lot.seed, tuple(sorted(teams)), lot.first)


def exact(value: Fraction | int) -> str:
    """An exact number for JSON: ``"7/3"``, ``"7/2"``, ``"5"``, ``"0"`` (docs/interface.md: a
    carry-over is a fraction string; ``carry_over_shown`` is the 1-decimal display).

    >>> exact(Fraction(7, 3)), exact(Fraction(10, 2)), exact(0)
    ('7/3', '5', '0')
    """
    return str(Fraction(value))


def draw_lot(rule: str, key: str, seed: int, candidates: Sequence[str]) -> Lot:
    """Draw one of ``candidates`` with ``random.Random(f"{seed}:{key}")``.

    The key makes each lot independent of the order in which lots are drawn.
    The candidates are sorted first, so the result does not depend on how
    the caller listed them.

    >>> draw_lot("1.1.2.9", "1div-SF1", 7, ["B", "A"]) == draw_lot("1.1.2.9", "1div-SF1", 7, ["A", "B"])
    True
    """
    pool = tuple(sorted(candidates))
    drawn = random.Random(f"{seed}:{key}").choice(pool)
    return Lot(rule, key, seed, pool, drawn)


class PlayoffMatch(Value):
    """One play-off match. ``teams`` = (a, b), a the better placed in the
    round robin (for the 3rd-division match: group a's runner-up first).
    ``carry_over`` maps each team to the IMPs it starts with (§1.1.2.10);
    ``home_section_1`` is home in section 1 and away in section 2
    (§1.1.2.9); ``lot`` is set when lots decided it; ``home_section_1`` is None while the lot
    for it is pending (no lot recorded with ``dbf lot``, no seed given)."""

    id: str
    stage: str
    teams: tuple[str, str]
    carry_over: Mapping[str, Fraction] = field(default_factory=dict)
    home_section_1: str | None = None
    lot: Lot | None = None
    sections: int = 2
    halves_per_section: int = 2
    boards_per_half: int = HALF_BOARDS

    @property
    def boards(self) -> int:
        return self.sections * self.halves_per_section * self.boards_per_half

    @property
    def home_section_2(self) -> str | None:
        if self.home_section_1 is None:
            return None
        return self.other(self.home_section_1)

    def other(self, team: str) -> str:
        return self.teams[1] if team == self.teams[0] else self.teams[0]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "stage": self.stage,
            "teams": list(self.teams),
            "carry_over": {t: exact(self.carry_over.get(t, 0)) for t in self.teams},
            "carry_over_shown": {t: show_imps(self.carry_over.get(t, Fraction(0))) for t in self.teams},
            "home_section_1": self.home_section_1,
            "boards": self.boards,
            "lot": None if self.lot is None else {"seed": self.lot.seed, "key": self.lot.key, "drawn": self.lot.drawn},
            "lot_pending": self.home_section_1 is None,
        }


def show_imps(value: Fraction | int) -> str:
    """Display rule: one decimal, rounded half up (away from zero).
    Decisions always use the exact value.

    >>> show_imps(Fraction(7, 3)), show_imps(Fraction(1, 20)), show_imps(Fraction(-1, 20)), show_imps(5)
    ('2.3', '0.1', '-0.1', '5.0')
    """
    f = Fraction(value)
    d = Decimal(f.numerator) / Decimal(f.denominator)
    return str(d.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def find_mutual(results: Iterable[MutualResult], a: str, b: str) -> MutualResult | None:
    for r in results:
        if r.involves(a, b):
            return r
    return None


def carry_over(mutual: MutualResult | None, order: Sequence[str], teams: tuple[str, str] | None = None,
               provisional: bool = False) -> tuple[dict[str, Fraction], list[Problem]]:
    """§1.1.2.10: IMPs carried from the teams' round-robin match into a play-off match.

    50 % of the IMP difference if the winner of that match finished higher in
    the round robin than the loser, 33 1/3 % if lower; a drawn match carries
    nothing. The loser of the mutual match carries 0.

    A missing round-robin result is an error, or only a warning while the round
    robin is still being played (``provisional``: the pairing may yet change).
    """
    if mutual is None:
        between = Msg('{} and {}', teams[0], teams[1]) if teams else Msg('the two play-off teams')
        message = Msg('no round-robin result between {}; carry-over unknown', between)
        if provisional:
            return {}, [Problem.warning("1.1.2.10", message, hint=Msg('it is known once their round-robin '
                                                                      'match is recorded'), code="playoff.carry-over")]
        return {}, [Problem.error("1.1.2.10", message, hint=Msg('record the round-robin match first'),
                                  code="playoff.carry-over")]
    zero = {mutual.team_a: Fraction(0), mutual.team_b: Fraction(0)}
    winner, loser = mutual.winner, mutual.loser
    if winner is None:
        return zero, []
    missing = [t for t in (winner, loser) if t not in order]
    if missing:
        return zero, [Problem.error("1.1.2.10", Msg('{} not in the round-robin order; carry-over unknown',
                                                    ', '.join(str(t) for t in missing)), code="playoff.carry-over")]
    share = HIGHER if order.index(winner) < order.index(loser) else LOWER
    zero[winner] = share * mutual.margin
    return zero, []


def home_section_1(match_id: str, teams: tuple[str, str], mutual: MutualResult | None, seed: int | None,
                   rule: str = "1.1.2.9", lots: "Iterable[DrawnLot]" = ()) -> tuple[str | None, Lot | None]:
    """§1.1.2.9: the winner of the round-robin match is home in section 1 and
    away in section 2; a drawn (or missing) mutual match → lots: the lot recorded with
    ``dbf lot`` for ``match_id``, else one drawn from a seed the TD gave; with neither the lot
    is pending and home is None."""
    if mutual is not None and mutual.winner is not None:
        return mutual.winner, None
    lot = recorded_lot(rule, match_id, teams, lots)
    if lot is None and seed is not None:
        lot = draw_lot(rule, match_id, seed, teams)
    return (None, None) if lot is None else (lot.drawn, lot)


def home_rule(match_id: str) -> str:
    """The paragraph that decides home in ``match_id``: §1.1.4.2 for the runners-up match (by lot,
    our reading), §1.1.2.9 for the 1st division's play-off."""
    return "1.1.4.2" if match_id == PO3 else "1.1.2.9"


def teams_fixed(match_id: str, *, complete: bool, open_lots: "Sequence[PendingLot]" = (), status: str | None = None) -> bool:
    """Whether the teams of a play-off match are final, so that the lot for its home can be drawn
    (§1.1.2.9, §1.1.4.2): the round robin complete (§1.1.2.5, §1.1.4.2), no standings lot pending
    among the places that play (``open_lots``), and for a semi-final the pairing chosen or fallen
    to the default (§1.1.2.8 ``status``). The final exists only once both semi-finals are decided.

    >>> teams_fixed(SF1, complete=True, status="provisional"), teams_fixed(SF1, complete=True, status="chosen")
    (False, True)
    >>> teams_fixed(PO3, complete=False), teams_fixed(F1, complete=True)
    (False, True)
    """
    if not complete or open_lots:
        return False
    return status in ("chosen", "default") if match_id in (SF1, SF2) else True


def home_lots_due(matches: Iterable[PlayoffMatch], fixed: Callable[[str], bool]) -> "tuple[PendingLot, ...]":
    """§1.1.2.9, §1.1.4.2: the lot to draw for home in each match whose teams are fixed
    (``fixed(match_id)``, :func:`teams_fixed`) and whose home no round-robin result decides, as
    :class:`~dbfcli.rules.lots.PendingLot` values. A match not paired for good needs no lot yet."""
    from ..lots import PendingLot

    return tuple(PendingLot(m.id, home_rule(m.id), tuple(sorted(m.teams)), Msg('home in section 1 of {}', m.id))
                 for m in matches if m.home_section_1 is None and fixed(m.id))


def home_lot_warning(lot: "PendingLot") -> Problem:
    """The warning for a home lot still to draw (a :func:`home_lots_due` value), with its command."""
    return Problem.warning(lot.rule, Msg('{}: home in section 1 is decided by lot, not drawn yet', lot.key), hint=lot.command(),
                           code="playoff.home-lot-not-drawn")


def open_order_lots(pending: "Iterable[PendingLot]", order: Sequence[str], places: int) -> "tuple[PendingLot, ...]":
    """The pending standings lots (:func:`dbfcli.rules.divisions.standings.pending_lots`) that decide who
    holds one of the first ``places`` of ``order``: the 1st division's top 4 (§1.1.2.5, §1.1.2.8),
    a 3rd-division group's winner and runner-up (§1.1.4.2). Until each is drawn the play-off is
    provisional; a lot further down (relegation) changes nothing in it."""
    top = set(order[:places])
    return tuple(lot for lot in pending if top & set(lot.teams))


def home_before_result(match: PlayoffMatch) -> list[Problem]:
    """§1.1.2.9 (§1.1.4.2): home in section 1 decides where the teams sit and who is away in an
    extra round (§1.1.2.11), so it is known before the match is played: a result of a match whose
    home lot is not drawn is refused (docs/readings/playoff-rollover.md)."""
    if match.home_section_1 is not None:
        return []
    teams = ",".join(sorted(match.teams))
    return [Problem.error(home_rule(match.id), Msg('{}: home in section 1 is decided by lot and the lot '
                                                   'is not drawn; a result is recorded only after the lot',
                                                   match.id),
                          hint=Msg("dbf lot draw {} --teams {} --by NAME --witness NAME (or dbf lot record ... --order "
                                   "HOME,AWAY for a lot drawn by hand before the match)", match.id, teams),
                          code="playoff.home-lot-not-drawn")]


def results_known_on(recorded: dt.date | None, weekends: Sequence[dt.date]) -> dt.date | None:
    """§1.1.2.8 "at resultatet af grundspillet foreligger": the day the TD recorded in the play-off
    file (``results_known_on``), else the day after the last round-robin weekend; None without
    weekends. The one answer for the play-off commands and the play-off invariant.

    >>> results_known_on(None, (dt.date(2027, 2, 20),)), results_known_on(dt.date(2027, 2, 25), ())
    (datetime.date(2027, 2, 21), datetime.date(2027, 2, 25))
    """
    return recorded or (weekends[-1] + dt.timedelta(days=1) if weekends else None)


def choice_deadline(results_known_on: dt.date, choice_days: int = 8) -> dt.date:
    """§1.1.2.8: the last day the round-robin winner may name its semi-final opponent."""
    return results_known_on + dt.timedelta(days=choice_days)


class SemiFinalPairing(Value):
    """§1.1.2.8: ``status`` is "chosen", "default" (no choice by the deadline:
    no. 1 plays no. 4) or "provisional" (no choice yet, deadline not passed)."""

    pairs: tuple[tuple[str, str], tuple[str, str]]
    status: str
    opponent: str
    deadline: dt.date | None = None


def semi_final_pairing(order: Sequence[str], choice: str | None = None, *, chosen_on: dt.date | None = None,
                       results_known_on: dt.date | None = None, today: dt.date | None = None,
                       choice_days: int = 8) -> tuple[SemiFinalPairing | None, list[Problem]]:
    """§1.1.2.5, §1.1.2.8: the semi-finals from the round-robin order.

    The top 4 play (§1.1.2.5). No. 1 picks its opponent among nos. 2-4
    within ``choice_days`` days of the round-robin result; a choice made
    after the deadline does not count and no. 1 plays no. 4.
    ``today`` (default: ``chosen_on``) decides whether the deadline passed.
    """
    problems: list[Problem] = []
    if len(order) < 4 or len(set(order[:4])) < 4:
        return None, [Problem.error("1.1.2.5", Msg('the play-off needs 4 different teams; the round-robin '
                                                   'order has {}', len(set(order[:4]))), code="playoff.teams")]
    top = tuple(order[:4])
    deadline = None if results_known_on is None else choice_deadline(results_known_on, choice_days)
    status = "provisional"
    opponent = top[3]
    if choice is not None:
        if choice not in top[1:]:
            problems.append(Problem.error("1.1.2.8", Msg('{} chose {}, who is not among nos. 2-4 ({})', top[0],
                                                         choice, ', '.join(top[1:])), code="playoff.choice"))
        elif deadline is not None and chosen_on is not None and chosen_on > deadline:
            problems.append(Problem.error(
                "1.1.2.8", Msg('the choice of {} on {} came after the deadline {}; {} plays no. 4, {}', choice,
                               chosen_on, deadline, top[0], top[3]), code="playoff.choice-late"))
            status = "default"
        else:
            opponent, status = choice, "chosen"
    else:
        now = today or chosen_on
        if deadline is not None and now is not None and now > deadline:
            status = "default"
    rest = tuple(t for t in top[1:] if t != opponent)
    return SemiFinalPairing(((top[0], opponent), (rest[0], rest[1])), status, opponent, deadline), problems


def make_match(match_id: str, stage: str, teams: tuple[str, str], order: Sequence[str],
               mutual: Iterable[MutualResult], seed: int | None, provisional: bool = False,
               lots: "Iterable[DrawnLot]" = ()) -> tuple[PlayoffMatch, list[Problem]]:
    """One 1st-division play-off match with carry-over (§1.1.2.10) and the
    home team of section 1 (§1.1.2.9). ``teams`` is put in round-robin order."""
    a, b = sorted(teams, key=lambda t: order.index(t) if t in order else len(order))
    m = find_mutual(mutual, a, b)
    co, problems = carry_over(m, order, (a, b), provisional)
    problems = [replace(p, message=Msg("{}: {}", match_id, p.message)) for p in problems]
    home, lot = home_section_1(match_id, (a, b), m, seed, lots=lots)
    return PlayoffMatch(match_id, stage, (a, b), co or {a: Fraction(0), b: Fraction(0)}, home, lot), problems


def first_division_playoff(order: Sequence[str], mutual: Iterable[MutualResult], seed: int | None,
                           pairing: SemiFinalPairing, finalists: tuple[str, str] | None = None,
                           provisional: bool = False, lots: "Iterable[DrawnLot]" = ()) -> tuple[tuple[PlayoffMatch, ...], list[Problem]]:
    """§1.1.2.5-10: the two semi-finals (Saturday) and, once both winners are
    known (``finalists``), the final (Sunday). No match for 3rd place (§1.1.2.6).
    ``provisional``: the round robin is not complete (a missing mutual result is a warning)."""
    mutual = tuple(mutual)
    matches, problems = [], []
    for mid, pair in ((SF1, pairing.pairs[0]), (SF2, pairing.pairs[1])):
        m, p = make_match(mid, SEMI, pair, order, mutual, seed, provisional, lots)
        matches.append(m)
        problems += p
    if finalists is not None:
        m, p = make_match(F1, FINAL, finalists, order, mutual, seed, provisional, lots)
        matches.append(m)
        problems += p
    return tuple(matches), problems


def runners_up_match(runner_up_a: str, runner_up_b: str, seed: int | None, lots: "Iterable[DrawnLot]" = ()) -> PlayoffMatch:
    """§1.1.4.2: the match between the runners-up of the two 3rd-division
    groups: 4 halves of 16 boards, no carry-over (the teams did not meet),
    home by lot (our reading: the lot makes one team home for the whole match;
    it is shown as home in "section 1", the match having a single section).
    """
    home, lot = home_section_1(PO3, (runner_up_a, runner_up_b), None, seed, "1.1.4.2", lots)
    return PlayoffMatch(PO3, RUNNERS_UP, (runner_up_a, runner_up_b),
                        {runner_up_a: Fraction(0), runner_up_b: Fraction(0)}, home, lot,
                        sections=1, halves_per_section=4)


# --- results and the winner (§1.1.2.7, §1.1.2.11, §1.1.4.2) -------------------------------------


class Half(Value):
    """One half (or extra round): IMPs in the match's team order ``(teams[0], teams[1])``."""

    imps: tuple[int, int]
    boards: int = HALF_BOARDS
    section: int | None = None


class PlayoffResult(Value):
    """A play-off result: the ordinary halves in order, then 4-board extra rounds (§1.1.2.11)."""

    match_id: str
    halves: tuple[Half, ...]
    extra_rounds: tuple[Half, ...] = ()

    def imps(self) -> tuple[int, int]:
        return (sum(h.imps[0] for h in self.halves), sum(h.imps[1] for h in self.halves))


class Decision(Value):
    """Who won a play-off match, and why (§1.1.2.11).

    ``decided_by``: "imps" (IMPs incl. carry-over), "match" (tie incl.
    carry-over, decided by the play-off match itself without carry-over) or
    "extra round N". ``extra_rounds`` lists, per extra round played, the away
    team and the line-up instruction."""

    winner: str
    loser: str
    totals: Mapping[str, Fraction]
    decided_by: str
    extra_rounds: tuple[tuple[int, str, str], ...] = ()


def _structure_rule(match: PlayoffMatch) -> str:
    return "1.1.4.2" if match.stage == RUNNERS_UP else "1.1.2.7"


def check_result(match: PlayoffMatch, result: PlayoffResult) -> list[Problem]:
    """§1.1.2.7 (1st division: 2 sections × 2 halves × 16 boards) or §1.1.4.2
    (3rd division: 4 halves × 16 boards), and 4-board extra rounds (§1.1.2.11)."""
    rule = _structure_rule(match)
    problems: list[Problem] = []
    want = match.sections * match.halves_per_section
    if result.match_id != match.id:
        problems.append(Problem.error(None, Msg('result is for {}, not {}', result.match_id, match.id), code="format.playoff"))
    if len(result.halves) != want:
        halves = Msg.counted(match.halves_per_section, "half")
        shape = Msg('{} sections of {}', match.sections, halves) if match.sections > 1 else halves
        problems.append(Problem.error(rule, Msg('{}: {} recorded; the match is {} of {} ({})', match.id,
                                                Msg.counted(len(result.halves), "half"), shape,
                                                Msg.counted(match.boards_per_half, "board"),
                                                Msg.counted(match.boards, "board")), code="playoff.halves"))
    for i, h in enumerate(result.halves, 1):
        if h.boards != match.boards_per_half:
            problems.append(Problem.error(rule, Msg('{}: half {} has {}; every half has {}', match.id,
                                                    i, Msg.counted(h.boards, "board"), match.boards_per_half),
                                          code="playoff.half-boards"))
        expected_section = (i - 1) // match.halves_per_section + 1
        if h.section is not None and h.section != expected_section:
            problems.append(Problem.error(rule, Msg('{}: half {} is marked section {}; it belongs to '
                                                    'section {}', match.id, i, h.section, expected_section),
                                          code="playoff.half-section"))
    for i, h in enumerate(result.extra_rounds, 1):
        if h.boards != EXTRA_BOARDS:
            problems.append(Problem.error("1.1.2.11", Msg('{}: extra round {} has {}; extra rounds '
                                                          'have {}', match.id, i, Msg.counted(h.boards, "board"),
                                                          EXTRA_BOARDS), code="playoff.extra-boards"))
    for h in result.halves + result.extra_rounds:
        if min(h.imps) < 0:
            problems.append(Problem.error(None, Msg('{}: IMPs cannot be negative ({}-{})', match.id, h.imps[0],
                                                    h.imps[1]), code="format.playoff"))
    return problems


def extra_round_line_up(match: PlayoffMatch, rounds: int) -> tuple[tuple[int, str, str], ...]:
    """§1.1.2.11: who is away in each extra round and how the pairs sit.

    The away team is the team away at the end of the ordinary match (section 2's
    away team = section 1's home team; in a single-section match the team not
    at home). In the 1st extra round the pairs that ended the match continue
    in the same line-up; from the 2nd on the away team's pairs switch places
    every round."""
    home = match.home_section_1 or match.teams[0]
    away = home if match.sections % 2 == 0 else match.other(home)
    out = []
    for n in range(1, rounds + 1):
        note = ("pairs that ended the match continue in the same line-up" if n == 1
                else f"{away}'s pairs switch places")
        out.append((n, away, note))
    return tuple(out)


def decide(match: PlayoffMatch, result: PlayoffResult) -> tuple[Decision | None, list[Problem]]:
    """§1.1.2.11: the winner of a play-off match.

    Most IMPs including carry-over wins; on a tie, the winner of the play-off
    match itself (without carry-over); still tied: 4-board extra rounds until
    one is won. Returns ``None`` and a problem while undecided.
    Applied to the 3rd-division match too (our reading; it has no carry-over).
    """
    problems = check_result(match, result)
    a, b = match.teams
    raw = result.imps()
    totals = {a: raw[0] + match.carry_over.get(a, Fraction(0)), b: raw[1] + match.carry_over.get(b, Fraction(0))}
    decided_by, winner = None, None
    if totals[a] != totals[b]:
        winner, decided_by = (a if totals[a] > totals[b] else b), "imps"
    elif raw[0] != raw[1]:
        winner, decided_by = (a if raw[0] > raw[1] else b), "match"
    played = 0
    if winner is not None and result.extra_rounds:
        problems.append(Problem.error("1.1.2.11", Msg('{}: extra rounds recorded, but the match was '
                                                      'decided without them', match.id),
                                      code="playoff.extra-not-needed"))
    if winner is None:
        for n, h in enumerate(result.extra_rounds, 1):
            played = n
            if h.imps[0] != h.imps[1]:
                winner, decided_by = (a if h.imps[0] > h.imps[1] else b), f"extra round {n}"
                break
        if winner is not None and played < len(result.extra_rounds):
            problems.append(Problem.error("1.1.2.11", Msg('{}: {} recorded after extra '
                                                          'round {} decided the match', match.id,
                                                          Msg.counted(len(result.extra_rounds) - played, "extra round"), played),
                                          code="playoff.extra-not-needed"))
    if winner is None:
        nxt = len(result.extra_rounds) + 1
        (_, away, note), = extra_round_line_up(match, nxt)[-1:]
        problems.append(Problem.error("1.1.2.11", Msg('{} is tied {}-{}: play extra round {} of 4 boards '
                                                      '({} away; {})', match.id, show_imps(totals[a]),
                                                      show_imps(totals[b]), nxt, away, note),
                                      code="playoff.still-tied"))
        return None, problems
    loser = match.other(winner)
    return Decision(winner, loser, totals, decided_by or "imps", extra_round_line_up(match, played)), problems


def final_order(order: Sequence[str], semis: Sequence[Decision], final: Decision | None) -> tuple[str, ...]:
    """The final ranking of the 1st division after the play-off (our reading for
    §1.1.2.2/§1.1.2.3 seeding): champion (§1.1.2.4), runner-up, then the two
    semi-final losers in round-robin order (no 3rd-place match, §1.1.2.6),
    then places 5-12 as in the round robin. Without a final, the round-robin order."""
    if final is None or len(semis) != 2:
        return tuple(order)
    losers = sorted((s.loser for s in semis), key=order.index)
    top = (final.winner, final.loser, *losers)
    return top + tuple(t for t in order if t not in top)


class _Bracket(Value):
    """What ``check_recorded`` checks each recorded match against."""

    order: tuple[str, ...]
    top: tuple[str, ...]
    mutual: tuple[MutualResult, ...]
    seed: int | None
    lots: "tuple[DrawnLot, ...]"
    complete: bool
    pairing: "SemiFinalPairing | None"
    runners_up: tuple[str, str] | None


_RANK = {SF1: 0, SF2: 1, F1: 2, PO3: 3}


def check_recorded(order: Sequence[str], mutual: Iterable[MutualResult], seed: int | None,
                   results: Mapping[str, tuple[tuple[str, str], PlayoffResult]], *, choice: str | None = None,
                   chosen_on: dt.date | None = None, results_known_on: dt.date | None = None, choice_days: int = 8,
                   complete: bool = True, runners_up: tuple[str, str] | None = None,
                   where: "Mapping[str, Where] | None" = None, lots: "Iterable[DrawnLot]" = ()) -> list[Problem]:
    """``dbf check`` of the play-off file: the choice (§1.1.2.8: among nos. 2-4, by the
    deadline), the teams of every recorded match (§1.1.2.5 top 4, §1.1.2.8 the pairing, §1.1.2.6
    the final between the semi-final winners and no 3rd-place match, §1.1.4.2 the runners-up),
    each result's structure and decision (§1.1.2.7, §1.1.4.2, §1.1.2.11), and that its home lot
    was drawn (§1.1.2.9, §1.1.4.2: :func:`home_before_result`)."""
    where = where or {}
    problems: list[Problem] = []
    pairing, p = semi_final_pairing(order, choice, chosen_on=chosen_on, results_known_on=results_known_on,
                                    choice_days=choice_days)
    problems += [x.at(where.get("choice")) for x in p]
    bracket = _Bracket(order=tuple(order), top=tuple(order[:4]), mutual=tuple(mutual), seed=seed, lots=tuple(lots),
                       complete=complete, pairing=pairing, runners_up=runners_up)
    winners: dict[str, str] = {}
    for mid in sorted(results, key=lambda m: (_RANK.get(m, 9), m)):
        teams, res = results[mid]
        at = where.get(mid)
        match, p = _recorded_match(mid, teams, bracket, winners)
        problems += [x.at(at) for x in p]
        if match is None:
            continue
        problems += [x.at(at) for x in home_before_result(match)]
        decision, p = decide(match, _oriented(res, teams, match))
        problems += [x.at(at) for x in p]
        if decision is not None:
            winners[mid] = decision.winner
    return problems


def _oriented(res: PlayoffResult, teams: Sequence[str], match: PlayoffMatch) -> PlayoffResult:
    """The result with its IMPs in the match's order of teams."""
    if tuple(teams) == match.teams:
        return res
    def flip(hs: Iterable[Half]) -> tuple[Half, ...]:
        return tuple(Half((h.imps[1], h.imps[0]), h.boards, h.section) for h in hs)
    return PlayoffResult(res.match_id, flip(res.halves), flip(res.extra_rounds))


def _recorded_match(mid: str, teams: tuple[str, str], b: _Bracket,
                    winners: Mapping[str, str]) -> tuple[PlayoffMatch | None, list[Problem]]:
    """(the play-off match ``mid`` should be, or None, the problems of the teams recorded in it):
    §1.1.2.6 no match for 3rd place, §1.1.4.2 the runners-up, else the 1st division's."""
    if mid not in _RANK:
        return None, [Problem.error("1.1.2.6", Msg('{}: not a play-off match (1div-SF1, 1div-SF2, 1div-F, '
                                                   '3div-PO); there is no match for 3rd place', mid),
                                    code="playoff.not-a-match")]
    if mid != PO3:
        return _first_division_match(mid, teams, b, winners)
    if b.runners_up is None:
        return None, []
    if set(teams) != set(b.runners_up):
        return None, [Problem.error("1.1.4.2", Msg("{}: {} recorded; the groups' runners-up are {}", mid,
                                                   ' v '.join(teams), ' and '.join(b.runners_up)),
                                    code="playoff.runners-up")]
    return runners_up_match(b.runners_up[0], b.runners_up[1], b.seed, b.lots), []


def _wrong_pairing(mid: str, teams: tuple[str, str], b: _Bracket, winners: Mapping[str, str]) -> Problem | None:
    """§1.1.2.6 the final between the semi-final winners, §1.1.2.8 the semi-final pairing."""
    if mid == F1:
        if SF1 not in winners or SF2 not in winners:
            return Problem.error("1.1.2.6", Msg('{}: the final is recorded before both semi-finals are '
                                                'decided', mid), code="playoff.final-too-early")
        if set(teams) != {winners[SF1], winners[SF2]}:
            return Problem.error("1.1.2.6", Msg('{}: the final is between the semi-final winners {} and '
                                                '{}', mid, winners[SF1], winners[SF2]), code="playoff.final-teams")
    elif b.pairing is not None and set(teams) != set(b.pairing.pairs[_RANK[mid]]):
        return Problem.error("1.1.2.8", Msg('{}: {} recorded; the semi-final is {} ({})', mid,
                                            ' v '.join(teams), ' v '.join(b.pairing.pairs[_RANK[mid]]),
                                            b.pairing.status), code="playoff.semi-final-teams")
    return None


def _first_division_match(mid: str, teams: tuple[str, str], b: _Bracket,
                          winners: Mapping[str, str]) -> tuple[PlayoffMatch | None, list[Problem]]:
    """§1.1.2.5 the top 4 after the round robin, then the pairing: (the match, or None, the problems)."""
    outside = [t for t in teams if t not in b.top]
    if outside:
        return None, [Problem.error("1.1.2.5", Msg('{}: {} not in the top 4 after the round robin ({})', mid,
                                                   ', '.join(outside), ', '.join(b.top)), code="playoff.top-four")]
    problems = [] if b.complete else [Problem.warning("1.1.2.5", Msg('{}: recorded before the round robin is '
                                                                     'complete', mid),
                                                      code="playoff.round-robin-incomplete")]
    wrong = _wrong_pairing(mid, teams, b, winners)
    if wrong is not None:
        return None, problems + [wrong]
    match, p = make_match(mid, FINAL if mid == F1 else SEMI, teams, b.order, b.mutual, b.seed, lots=b.lots)
    return match, problems + list(p)
