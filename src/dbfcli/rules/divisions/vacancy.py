"""Filling places in pairs: §1.1.4.2 and the vacancy chains of §1.1.1.1.

Both extra-promotion chains of §1.1.1.1 take teams in *pairs of equal rank*
from two lists: for the 2nd division the two 3rd-division groups (runners-up,
then the third-placed, then the fourth ...), for the 3rd division the two
qualification areas (west no. 4 with east tournament no. 3, then the next
two ...). With ``slots`` places to fill, whole pairs go up while at least two
places are left; one place left over is decided by a match between the next
pair -- the ordinary §1.1.4.2 runners-up match when there is no vacancy --
or, when it is too late to arrange a match, by lot. A dissolved team (or one
already placed higher) is skipped; if only one team of a pair is left it goes
up without a match (walkover).

>>> r = fill_from_pairs(2, [("a2", "b2"), ("a3", "b3")], match_ids=["3div-PO", "3div-PO3"],
...                     ordinary=1, rule="1.1.1.1", target="2div", seed=0)
>>> r.promoted, [s.text for s in r.steps][1]
(('a2', 'b2'), '2div: one vacancy: both a2 and b2 go up; the match 3div-PO is not needed')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Collection, Iterable, Mapping, Sequence

from .playoff import Lot, draw_lot, recorded_lot
from ..problems import Msg, Problem
from ..value import MutableValue, Value, field

if TYPE_CHECKING:
    from ..lots import DrawnLot


class Step(Value):
    """One line of the rollover's reasoning, with the paragraph it applies."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"§{self.rule}: {self.text}"


class PendingMatch(Value):
    """A match that must be played before the rollover is complete: the
    winner goes to ``winner_to``, the loser to ``loser_to`` (or out)."""

    id: str
    rule: str
    teams: tuple[str, str]
    winner_to: str
    loser_to: str | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "rule": self.rule, "teams": list(self.teams),
                "winner_to": self.winner_to, "loser_to": self.loser_to}


class Fill(Value):
    """What :func:`fill_from_pairs` decided."""

    promoted: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    pending: tuple[PendingMatch, ...] = ()
    lots: tuple[Lot, ...] = ()
    problems: tuple[Problem, ...] = ()
    unfilled: int = 0
    match_losers: tuple[str, ...] = field(default=())
    matches: tuple[str, ...] = ()     # the matches that decide a place (where a --winner applies)
    awaiting_lots: tuple[PendingMatch, ...] = ()   # lots not drawn yet that replace a match (§1.1.1.1)


def _count(n: int) -> str:
    return {1: "one vacancy", 2: "two vacancies", 3: "three vacancies"}.get(n, f"{n} vacancies")


class _Ask(Value):
    """The parameters of one :func:`fill_from_pairs` call."""

    slots: int
    ordinary: int
    rule: str
    target: str
    seed: int | None
    unavailable: frozenset[str]
    decided: Mapping[str, str]
    too_late_for_match: bool
    loser_to: str | None
    lots: "tuple[DrawnLot, ...]" = ()


class _Filling(MutableValue):
    """What :func:`fill_from_pairs` has decided so far."""

    left: int
    promoted: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    pending: list[PendingMatch] = field(default_factory=list)
    lots: list[Lot] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    losers: list[str] = field(default_factory=list)
    matches: list[str] = field(default_factory=list)
    awaiting_lots: list[PendingMatch] = field(default_factory=list)


def fill_from_pairs(slots: int, pairs: Sequence[tuple[str | None, str | None]], *, match_ids: Sequence[str],
                    ordinary: int, rule: str, target: str, seed: int | None,
                    unavailable: Collection[str] = (), decided: Mapping[str, str] | None = None,
                    too_late_for_match: bool = False, loser_to: str | None = None, lots: "Iterable[DrawnLot]" = ()) -> Fill:
    """Fill ``slots`` places of ``target`` from ``pairs`` (§1.1.1.1, §1.1.4.2).

    ``ordinary`` is how many of the slots are the ordinary promotion (1 for the
    §1.1.4.2 runners-up match, 0 for the qualification); the rest are
    vacancies. ``decided`` maps match ids to recorded winners. A match that
    is neither decided nor (as a vacancy match) replaced by lots because it is
    ``too_late_for_match`` is returned as pending. The lot is the one recorded with ``dbf lot``
    (``lots``), else one drawn from ``seed`` when the TD gave one; with neither it is pending.
    """
    ask = _Ask(slots, ordinary, rule, target, seed, frozenset(unavailable), dict(decided or {}), too_late_for_match,
               loser_to, tuple(lots))
    st = _Filling(slots)
    vacancies = slots - ordinary
    if vacancies > 0:
        st.steps.append(Step(rule, Msg('{}: {} to fill from {} of candidates', target,
                                       _count(vacancies), Msg.counted(len(pairs), "pair"))))
    for i, pair in enumerate(pairs):
        if st.left <= 0:
            break
        mid = match_ids[i] if i < len(match_ids) else f"{match_ids[-1]}-{i + 1}"
        cands = _candidates(ask, st, pair)
        if not cands:
            continue
        if st.left >= len(cands):
            _all_up(ask, st, cands, i, mid)
            continue
        _one_place(ask, st, cands, i, mid)
        st.left = 0
    return Fill(tuple(st.promoted), tuple(st.steps), tuple(st.pending), tuple(st.lots), tuple(st.problems), st.left,
                tuple(st.losers), tuple(st.matches), tuple(st.awaiting_lots))


def _candidates(ask: _Ask, st: _Filling, pair: tuple[str | None, str | None]) -> list[str]:
    """The teams of a pair still available; a step for each one skipped."""
    named = [t for t in pair if t is not None]
    for t in named:
        if t in ask.unavailable:
            st.steps.append(Step(ask.rule, Msg('{} is dissolved or already placed higher: skipped', t)))
    return [t for t in named if t not in ask.unavailable]


def _all_up(ask: _Ask, st: _Filling, cands: list[str], i: int, mid: str) -> None:
    """As many places left as candidates: they all go up, no match."""
    st.promoted += cands
    st.left -= len(cands)
    if len(cands) == 2:
        unneeded = ""
        if i == 0 and ask.ordinary:
            unneeded = Msg('; the result of {} does not matter', mid) if mid in ask.decided else Msg('; the match {} is not needed',
                                                                                               mid)
        st.steps.append(Step(ask.rule, Msg('{}: {}: both {} and {} go up{}', ask.target,
                                           _count(ask.slots - ask.ordinary), cands[0], cands[1], unneeded)))
    else:
        st.steps.append(Step(ask.rule, Msg('{}: {} goes up without a match (the other team of its pair is '
                                           'not available)', ask.target, cands[0])))


def _one_place(ask: _Ask, st: _Filling, cands: list[str], i: int, mid: str) -> None:
    """One place, two candidates: the match's recorded winner, a lot when it is too late for a
    vacancy match (§1.1.1.1), else the match is pending."""
    a, b = cands
    is_ordinary = ask.ordinary == 1 and ask.slots == 1 and i == 0
    match_rule = "1.1.4.2" if is_ordinary else ask.rule
    st.matches.append(mid)
    winner = ask.decided.get(mid)
    if winner is not None and winner not in cands:
        st.problems.append(Problem.error(match_rule, Msg('the recorded winner of {}, {}, is not one of {} '
                                                         'and {}', mid, winner, a, b), code="rollover.winner"))
        winner = None
    if winner is not None:
        st.steps.append(Step(match_rule, Msg('{}: {} won the match {} against {} and goes up', ask.target,
                                             winner, mid, a if winner == b else b)))
    elif ask.too_late_for_match and not is_ordinary:
        winner = _by_lot(ask, st, mid, a, b)
    else:
        what = Msg('the runners-up match') if is_ordinary else Msg('a vacancy match')
        st.steps.append(Step(match_rule, Msg('{}: {} {} between {} and {} is needed; its winner goes up',
                                             ask.target, what, mid, a, b)))
        st.pending.append(PendingMatch(mid, match_rule, (a, b), ask.target, ask.loser_to))
        st.problems.append(Problem.error(match_rule, Msg('the rollover waits for {}: {} v {} (winner to '
                                                         '{})', mid, a, b, ask.target),
                                         hint=Msg('record the winner, or if it is too late for a match, '
                                                  'draw lots'), code="rollover.waits-for-match"))
    if winner is not None:
        st.promoted.append(winner)
        st.losers.append(b if winner == a else a)


def _by_lot(ask: _Ask, st: _Filling, mid: str, a: str, b: str) -> str | None:
    """§1.1.1.1 too late for the match ``mid``: the lot recorded for it, else one from the TD's seed,
    else the lot is pending (an error: the rollover waits for it)."""
    lot = recorded_lot(ask.rule, mid, (a, b), ask.lots)
    if lot is None and ask.seed is not None:
        lot = draw_lot(ask.rule, mid, ask.seed, (a, b))
    if lot is None:
        st.problems.append(Problem.error(ask.rule, Msg('too late for the match {} between {} and {}: the '
                                                       'lot that replaces it is not drawn yet', mid, a, b),
                                         hint=f"dbf lot draw {mid} --teams {a},{b} --by NAME --witness NAME",
                                         code="rollover.lot-not-drawn"))
        # one of the two goes up and the other stays: the division below counts one place for it
        # (as for a pending match), so it asks for no lot that the drawing would make needless
        st.awaiting_lots.append(PendingMatch(mid, ask.rule, (a, b), ask.target, ask.loser_to))
        return None
    st.lots.append(lot)
    how = Msg('by hand') if lot.seed is None else Msg('seed {}', lot.seed)
    st.steps.append(Step(ask.rule, Msg('{}: too late to arrange the match {} between {} and {}: lots '
                                       'drawn ({}): {} goes up', ask.target, mid, a, b, how, lot.drawn)))
    return lot.drawn
