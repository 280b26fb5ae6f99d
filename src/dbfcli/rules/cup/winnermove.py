"""§1.5.16 (issue 25): an amendment after the next draw that changes the winner.

§1.5.10: the winner goes on; §1.5.16: the TD settles disputes and is responsible for the draw.
When a sheet is amended after the next round was drawn with its old winner, the TD may move
the new winner into the old winner's place (`dbf result amend SHEET --move-to-next-round`)
as long as the old winner has not played there: the next round's match has no result yet
(docs/readings/season-model.md, "Moving a new winner on"). The draw keeps its lot: the place
was drawn for the winner of the match, and the new winner takes it; home and away, venue, UP
and fees follow from the draw (rules.cup.home, rules.cup.fees), and what the captains agreed for that
match with the old winner's captain no longer holds.

>>> from dbfcli.rules.model import CupDraw, CupMatch
>>> d3 = CupDraw(3, 1, (CupMatch("C3-001", 3, ("A", "B")),), drawn_order=("A", "B"))
>>> d4 = CupDraw(4, 2, (CupMatch("C4-001", 4, ("X", "A")),), drawn_order=("X", "A"))
>>> mv, probs = next_round_move({3: d3, 4: d4}, set(), "C3-001", "A", "B")
>>> (mv.slot, mv.old, mv.new, probs), moved_draw(d4, mv).matches[0].teams
(('C4-001', 'A', 'B', []), ('X', 'B'))
>>> next_round_move({3: d3, 4: d4}, {"C4-001"}, "C3-001", "A", "B")[1][0].rule
'1.5.16'
"""

from __future__ import annotations

from typing import Any

from collections.abc import Collection, Mapping

from ..model import CupDraw, CupMatch
from ..problems import Msg, Problem, Where
from ..value import Value, replace


class WinnerMove(Value):
    """The new winner ``new`` of ``match`` takes ``old``'s place in cup round ``round``: in match
    ``slot`` there, or in its bye (``slot`` None)."""

    match: str
    round: int
    old: str
    new: str
    slot: str | None

    def to_json(self) -> dict[str, Any]:
        return {"match": self.match, "round": self.round, "old_winner": self.old, "new_winner": self.new,
                "next_match": self.slot, "bye": self.slot is None}


def _later_rounds(draws: Mapping[int, CupDraw], round_no: int) -> list[int]:
    return sorted(r for r in draws if r > round_no)


def next_round_move(draws: Mapping[int, CupDraw], recorded: Collection[str], match_id: str, old: str | None,
                    new: str | None, where: Where | None = None) -> tuple[WinnerMove | None, list[Problem]]:
    """§1.5.16: may ``new``, the winner an amendment of ``match_id`` records, take the place of
    ``old``, the winner recorded now, in the next drawn round? ``recorded``: the ids of the
    recorded matches. ``(None, [])`` when there is nothing to move (the winner does not change,
    no later round is drawn, or it is drawn without ``old``); a §1.5.16 error (exit 1) when
    ``old`` has played there already (its next match has a result, or a round after its bye
    is drawn with it)."""
    this = next((d for d in draws.values() if d.match(match_id)), None)
    later = _later_rounds(draws, this.round) if this else []
    if not later or old is None or new is None or old == new:
        return None, []
    nxt = draws[later[0]]
    slot = next((m for m in nxt.matches if old in m.teams), None)
    if slot is None and old not in nxt.byes:
        return None, []
    refusal = _played_on(draws, later, slot, recorded, (match_id, old, new), where)
    if refusal is not None:
        return None, [refusal]
    return WinnerMove(match_id, later[0], old, new, slot.id if slot else None), []


def _played_on(draws: Mapping[int, CupDraw], later: list[int], slot: CupMatch | None, recorded: Collection[str], who: tuple[str, str, str],
               where: Where | None) -> Problem | None:
    """§1.5.16: the old winner has played on -- its next match ``slot`` has a result, or a round
    after its bye is drawn with it: the new winner can no longer take its place (exit 1)."""
    match_id, old, new = who
    played = slot is not None and slot.id in recorded
    gone_on = [r for r in later[1:] if _in_draw(draws[r], old)]
    if not (played or gone_on):
        return None
    what = Msg('{} of round {} is recorded', slot.id, later[0]) if played and slot else Msg('round {} is drawn with {}',
                                                                           gone_on[0], old)
    return Problem.error(
        "1.5.16", Msg('the amendment makes {} the winner of {}, but {} has played on: {}; the new winner '
                      'can no longer take its place', new, match_id, old, what), where,
        hint=Msg('a recorded result after the draw stands; the TD settles the rest (dbf log shows what '
                 'was recorded)'), code="result.winner-played-on")


def _in_draw(draw: CupDraw, team: str) -> bool:
    return team in draw.byes or any(team in m.teams for m in draw.matches)


def moved_draw(draw: CupDraw, move: WinnerMove) -> CupDraw:
    """The next round's draw with ``move.new`` in ``move.old``'s place: in its match (the same
    slot, so the same order: drawn first stays drawn first, §1.5.5) or its bye, and in the
    order the lots fell (``drawn_order``: the lot fell for the winner of the match)."""
    def swap(t: str) -> str:
        return move.new if t == move.old else t

    matches = tuple(replace(m, teams=(swap(m.teams[0]), swap(m.teams[1]))) if m.id == move.slot else m
                    for m in draw.matches)
    return replace(draw, matches=matches, byes=tuple(map(swap, draw.byes)),
                   drawn_order=tuple(map(swap, draw.drawn_order)))

