"""A cup match's life as an explicit state (issue 13.4), and the one place that says what a
command may do with it (§1.5.15, §1.5.16).

::

    drawn ──(dbf schedule cup set)──> scheduled ──(result submit)──> recorded ──(amend)──> recorded
      │                                  │                              │
      └──────────(result walkover)───────┴────────> walkover            └─> locked: a later round is
                                                                            drawn, or the final recorded

``played`` is not a state of its own: a match is known to be played when its sheet comes in
(``recorded``). An amended sheet stays ``recorded`` (the journal keeps the earlier one).

>>> from .model import CupDraw, CupMatch
>>> draws = {1: CupDraw(1, 7, (CupMatch("C1-001", 1, ("A", "B")),))}
>>> s = match_state(draws, {}, {}, "C1-001")
>>> s.stage, [p.rule for p in allowed(s, "walkover")], [p.rule for p in allowed(s, "amend")]
('drawn', [], [None])
>>> [p.rule for p in allowed(match_state(draws, {}, {}, "C1-009"), "submit")]
['1.5.16']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .draw_pending import unresolved
from ..model import LAST_ROUND, CupMatch
from ..problems import Msg, Problem, Where
from ..value import Value

if TYPE_CHECKING:
    from ..model import CupDraw
    from .home import Agreement
    from .records import RecordedMatch

#: what a command may ask of a match
ACTIONS = ("submit", "amend", "walkover", "travel", "schedule")


class MatchState(Value, kw_only=True):
    """Where one drawn cup match stands. ``stage``: drawn, scheduled, recorded, walkover;
    ``locked_by``: the later round drawn (or, for the final, its own round once recorded) --
    a locked match keeps its winner (§1.5.16)."""

    match: CupMatch
    stage: str
    winner: str | None = None
    loser: str | None = None
    agreed: object | None = None          # rules.cup.home.Agreement (date, time, venue, dispensation)
    locked_by: int | None = None
    next_round: tuple[str, ...] = ()      # the teams of the next drawn round (matches and byes)

    @property
    def locked(self) -> bool:
        return self.locked_by is not None

    @property
    def dispensation(self) -> str | None:
        return getattr(self.agreed, "dispensation", None)


def _stage(rec: RecordedMatch | None, agreed: Agreement | None) -> str:
    """drawn, scheduled (an agreed date or a dispensation), recorded or walkover."""
    if rec is not None:
        return "walkover" if rec.kind == "walkover" else "recorded"
    return "scheduled" if agreed is not None and (agreed.date or agreed.dispensation) else "drawn"


def _lock(draws: Mapping[int, CupDraw], match: CupMatch, recorded: bool) -> tuple[int | None, CupDraw | None]:
    """(the round that locks ``match`` -- the next round drawn, or the final's own once it is
    recorded (§1.5.16) --, the next round's draw or None)."""
    later = sorted(r for r in draws if r > match.round)
    if later:
        return later[0], draws[later[0]]
    return (match.round if recorded and match.round >= LAST_ROUND else None), None


def match_state(draws: Mapping[int, CupDraw], records: Mapping[str, RecordedMatch],
                agreements: Mapping[str, Agreement], match_id: str,
                match: CupMatch | None = None) -> MatchState | None:
    """The state of ``match_id`` from the draws (round -> CupDraw), the recorded matches
    (match id -> RecordedMatch) and the agreements (match id -> Agreement); None when no
    recorded draw has that match (``match``: the drawn match, when the caller has it)."""
    if match is None:
        match = next((m for d in draws.values() for m in d.matches if m.id == match_id), None)
    if match is None:
        return None
    rec = records.get(match_id)
    agreed = agreements.get(match_id)
    locked, nxt = _lock(draws, match, rec is not None)
    teams = () if nxt is None else _drawn_with(nxt, match_id)
    return MatchState(match=match, stage=_stage(rec, agreed), winner=None if rec is None else rec.winner,
                      loser=None if rec is None else rec.loser, agreed=agreed, locked_by=locked, next_round=teams)


def _drawn_with(draw: CupDraw, match_id: str) -> tuple[str, ...]:
    """The teams of ``draw`` (matches and byes), less a pending place drawn for ``match_id``:
    that place follows the match's winner, so an amendment may change it (§1.5.16); the
    season invariants refuse it once the place's own match is recorded."""
    teams = [t for m in draw.matches for t, mid in zip(m.teams, m.pending or (None, None)) if mid != match_id]
    return tuple(teams + [t for t, mid in zip(draw.byes, draw.bye_pending or (None,) * len(draw.byes))
                          if mid != match_id])


def allowed(state: MatchState | None, action: str, *, match_id: str | None = None, winner: str | None = None,
            where: Where | None = None, sheet: str | None = None) -> list[Problem]:
    """Why ``action`` may not be done to the match (``[]``: it may). ``match_id``: the id asked
    for when ``state`` is None; ``winner``: the winner an amendment would record; ``sheet``:
    the sheet file named in hints.

    * every action: the match is in a recorded draw (§1.5.16);
    * ``submit``, ``walkover``, ``travel``: both its teams are known -- a pending place
      ("winner of C1-032", §1.5.16 with §1.5.6) is filled once that match is recorded;
    * ``submit``, ``walkover``: it is not recorded yet (a different result needs ``amend``);
    * ``amend``: it is recorded, and once the next round is drawn with the old winner the
      winner does not change -- unless the new winner is moved into its place there
      (``--move-to-next-round``, rules.cup.winnermove, §1.5.16).
    """
    if action not in ACTIONS:
        raise ValueError(f"unknown action {action!r}")
    if state is None:
        return [Problem.error("1.5.16", Msg('match {} is not in any recorded draw', match_id), where,
                              Msg('use the id printed by `dbf draw cup` / `dbf schedule cup`'), code="unknown.match")]
    mid = state.match.id
    recorded = state.stage in ("recorded", "walkover")
    waits = unresolved(state.match)
    if waits and action in ("submit", "walkover", "travel"):
        return [Problem.error("1.5.16", Msg('{} has a pending place: its team is the winner of {}, not '
                                            'known until that result is recorded', mid, ', '.join(waits)), where,
                              Msg('record the result of {} first (dbf result submit)', waits[0]), code="state.pending-place")]
    if action == "submit" and recorded:
        return [Problem.error(None, Msg('{} is already recorded with a different sheet', mid), where,
                              f"dbf result amend {sheet or 'SHEET'}", code="state.already-recorded")]
    if action == "walkover" and recorded:
        return [Problem.error(None, Msg('{} is already recorded', mid), where,
                              Msg('if the recorded result is wrong: `dbf result amend SHEET` replaces it, '
                                  'or `dbf undo` if it was the last write (see `dbf log`)'), code="state.already-recorded")]
    if action == "amend":
        if not recorded:
            return [Problem.error(None, Msg('{} is not recorded; use `dbf result submit`', mid), where,
                                  code="state.not-recorded")]
        if winner != state.winner and state.locked_by is not None and state.winner in state.next_round:
            return [Problem.error(None, Msg('the amendment makes {} the winner of {}, but round {} is '
                                            'already drawn with {}', winner, mid, state.locked_by,
                                            state.winner), where,
                                  Msg("`dbf result amend {} --move-to-next-round` puts {} in its place while that match "
                                      "has no result (§1.5.16)", _named(sheet), winner), code="state.already-drawn")]
    return []


def _named(sheet: str | None) -> str:
    """The sheet a hint names (``SHEET`` when the caller did not say)."""
    return sheet or "SHEET"


def redraw_refusal(draws: Mapping[int, CupDraw], result_rounds: set[int] | frozenset[int], round_no: int,
                   force: bool) -> Problem | None:
    """§1.5.16: may round ``round_no`` be drawn (again)? A round with results is never
    redrawn; a drawn round only with ``force``; never once a later round is drawn.

    >>> redraw_refusal({}, set(), 1, False) is None
    True
    >>> redraw_refusal({1: None}, set(), 1, False).hint
    'add --force to redraw it (only while it has no results)'
    """
    if round_no in result_rounds:
        return Problem.error("1.5.16", Msg('cup round {} already has results; a round with results is '
                                           'never redrawn', round_no), code="state.has-results")
    if round_no in draws and not force:
        seed = getattr(draws[round_no], "seed", None)
        return Problem.error("1.5.16", Msg('cup round {} is already drawn (seed {})', round_no, seed),
                             hint=Msg('add --force to redraw it (only while it has no results)'), code="state.already-drawn")
    later = sorted(r for r in draws if r > round_no)
    if later:
        return Problem.error("1.5.16", Msg('cup round {} is already drawn; round {} cannot be redrawn',
                                           later[0], round_no),
                             code="state.already-drawn")
    return None


def walkover_fees(state: MatchState, winner: str, withdrawn: str, players: int, fee_kr: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """§1.5.15: a walkover's fine and fees: the withdrawing team is fined the opponents' fee
    for the round (``players`` of the winner times the round fee); the winner pays no fee for
    the next round (none after the final, ``LAST_ROUND``).

    >>> from .model import CupMatch
    >>> s = MatchState(match=CupMatch("C9-001", 9, ("A", "B")), stage="drawn")
    >>> walkover_fees(s, "A", "B", 5, 100)
    ({'team': 'B', 'players': 5, 'amount_kr': 500, 'why': "the opponents' fee for round 9 (§1.5.15)"}, {})
    """
    r = state.match.round
    fine = {"team": withdrawn, "players": players, "amount_kr": players * fee_kr,
            "why": f"the opponents' fee for round {r} (§1.5.15)"}
    fees = {} if r >= LAST_ROUND else {winner: {"round": r + 1, "players": 0, "amount_kr": 0, "waived": True}}
    return fine, fees
