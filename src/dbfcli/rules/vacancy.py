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

from typing import Collection, Mapping, Sequence

from .playoff import Lot, draw_lot
from .problems import Problem
from .value import Value, field


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

    def to_json(self) -> dict:
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


def _count(n: int) -> str:
    return {1: "one vacancy", 2: "two vacancies", 3: "three vacancies"}.get(n, f"{n} vacancies")


def fill_from_pairs(slots: int, pairs: Sequence[tuple[str | None, str | None]], *, match_ids: Sequence[str],
                    ordinary: int, rule: str, target: str, seed: int,
                    unavailable: Collection[str] = (), decided: Mapping[str, str] | None = None,
                    too_late_for_match: bool = False, loser_to: str | None = None) -> Fill:
    """Fill ``slots`` places of ``target`` from ``pairs`` (§1.1.1.1, §1.1.4.2).

    ``ordinary`` is how many of the slots are the ordinary promotion (1 for the
    §1.1.4.2 runners-up match, 0 for the qualification); the rest are
    vacancies. ``decided`` maps match ids to recorded winners. A match that
    is neither decided nor (as a vacancy match) replaced by lots because it is
    ``too_late_for_match`` is returned as pending.
    """
    decided = decided or {}
    promoted: list[str] = []
    steps: list[Step] = []
    pending: list[PendingMatch] = []
    lots: list[Lot] = []
    problems: list[Problem] = []
    losers: list[str] = []
    vacancies = slots - ordinary
    if vacancies > 0:
        steps.append(Step(rule, f"{target}: {_count(vacancies)} to fill from {len(pairs)} pair(s) of candidates"))
    left = slots
    for i, pair in enumerate(pairs):
        if left <= 0:
            break
        mid = match_ids[i] if i < len(match_ids) else f"{match_ids[-1]}-{i + 1}"
        named = [t for t in pair if t is not None]
        cands = [t for t in named if t not in unavailable]
        for t in named:
            if t in unavailable:
                steps.append(Step(rule, f"{t} is dissolved or already placed higher: skipped"))
        if not cands:
            continue
        if left >= len(cands):
            promoted += cands
            left -= len(cands)
            if len(cands) == 2:
                unneeded = f"; the match {mid} is not needed" if i == 0 and ordinary and mid not in decided else ""
                if mid in decided and ordinary and i == 0:
                    unneeded = f"; the result of {mid} does not matter"
                steps.append(Step(rule, f"{target}: {_count(vacancies)}: both {cands[0]} and {cands[1]} go up{unneeded}"))
            else:
                steps.append(Step(rule, f"{target}: {cands[0]} goes up without a match (the other team of its pair is not available)"))
            continue
        # one place, two candidates: a match
        a, b = cands
        is_ordinary = ordinary == 1 and slots == 1 and i == 0
        match_rule = "1.1.4.2" if is_ordinary else rule
        winner = decided.get(mid)
        if winner is not None and winner not in cands:
            problems.append(Problem.error(match_rule, f"the recorded winner of {mid}, {winner}, is not one of {a} and {b}"))
            winner = None
        if winner is not None:
            steps.append(Step(match_rule, f"{target}: {winner} won the match {mid} against {a if winner == b else b} and goes up"))
        elif too_late_for_match and not is_ordinary:
            lot = draw_lot(rule, mid, seed, cands)
            lots.append(lot)
            winner = lot.drawn
            steps.append(Step(rule, f"{target}: too late to arrange the match {mid} between {a} and {b}: lots drawn (seed {seed}): {winner} goes up"))
        else:
            what = "the runners-up match" if is_ordinary else "a vacancy match"
            steps.append(Step(match_rule, f"{target}: {what} {mid} between {a} and {b} is needed; its winner goes up"))
            pending.append(PendingMatch(mid, match_rule, (a, b), target, loser_to))
            problems.append(Problem.error(match_rule, f"the rollover waits for {mid}: {a} v {b} (winner to {target})",
                                          hint="record the winner, or if it is too late for a match, draw lots"))
        if winner is not None:
            promoted.append(winner)
            losers.append(b if winner == a else a)
        left = 0
    return Fill(tuple(promoted), tuple(steps), tuple(pending), tuple(lots), tuple(problems), left, tuple(losers))
