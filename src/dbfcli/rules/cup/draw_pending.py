"""§1.5.16 with §1.5.6: a pending place in a cup draw, "winner of C1-032".

A match of the previous round that is not played yet because it has a recorded dispensation
(§1.5.6: a later date, players selected to represent DBF, the opponents accept) does not hold
up the next draw (§1.5.16: the draw by the Thursday after the official match day). Its
winner enters the draw as a pending place: in the draw file the string ``pending: C1-032``,
kept there for good (it is the record of what was drawn). The place is filled by the match's
recorded winner whenever the draw is read (:func:`fill`): a result, walkover or amendment
of C1-032 fills it; undoing that result empties it again. Readings: docs/readings/draw.md.

>>> p = place("C1-032")
>>> p, awaited(p), awaited("KBH-3"), label(p), label("KBH-3")
('pending: C1-032', 'C1-032', None, 'winner of C1-032', 'KBH-3')
>>> from .model import CupMatch
>>> m = fill(CupMatch("C2-001", 2, ("KBH-3", p)), {})
>>> m.teams, m.pending, unresolved(m)
(('KBH-3', 'pending: C1-032'), (None, 'C1-032'), ('C1-032',))
>>> m = fill(CupMatch("C2-001", 2, ("KBH-3", p)), {"C1-032": "ODE-1"})
>>> m.teams, m.pending, unresolved(m)
(('KBH-3', 'ODE-1'), (None, 'C1-032'), ())
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..model import CupDraw, CupMatch
from ..problems import Msg, Problem, Where
from ..value import replace

PREFIX = "pending: "


def place(match_id: str) -> str:
    """The pending place of ``match_id``'s winner, as the draw file writes it."""
    return PREFIX + match_id


def awaited(team: str) -> str | None:
    """The match a pending place waits for; None for a team id."""
    return team[len(PREFIX):] if team.startswith(PREFIX) else None


def label(team: str) -> str:
    """How a person reads a place: the team id, or "winner of C1-032"."""
    mid = awaited(team)
    return team if mid is None else f"winner of {mid}"


def unresolved(match: CupMatch) -> tuple[str, ...]:
    """The matches whose winner ``match`` still waits for (``()``: both teams known)."""
    return tuple(mid for mid in map(awaited, match.teams) if mid is not None)


def fill(match: CupMatch, winners: Mapping[str, str]) -> CupMatch:
    """``match`` as drawn (its teams as in the draw file), each pending place filled by the
    recorded winner of the match it names (``winners``: match id -> winner); ``pending``
    keeps, per slot, the match id a place was drawn for (None for a team drawn by name)."""
    pending = tuple(awaited(t) for t in match.teams)
    if not any(pending):
        return match
    teams = tuple(winners.get(mid, t) if mid else t for t, mid in zip(match.teams, pending))
    return replace(match, teams=teams, pending=pending)


def fill_draw(draw: CupDraw, winners: Mapping[str, str]) -> CupDraw:
    """Every match of ``draw`` filled (:func:`fill`)."""
    if not places_named(draw):
        return draw
    bye_pending = tuple(awaited(t) for t in draw.byes)
    byes = tuple(winners.get(mid, t) if mid else t for t, mid in zip(draw.byes, bye_pending))
    return replace(draw, matches=tuple(fill(m, winners) for m in draw.matches), byes=byes,
                   bye_pending=bye_pending if any(bye_pending) else ())


def places_named(draw: CupDraw) -> list[str]:
    """The match ids that the pending places of ``draw`` (in matches and byes) were drawn for,
    filled or not."""
    slots = [mid for m in draw.matches for mid in (m.pending or map(awaited, m.teams))]
    slots += list(draw.bye_pending or map(awaited, draw.byes))
    return [mid for mid in slots if mid]


def filled_places(draw: CupDraw) -> list[tuple[str, str]]:
    """``(awaited match, team in the place)`` of every pending place of ``draw``: the team is
    the recorded winner once filled, else still ``pending: C1-032``."""
    out = [(mid, t) for m in draw.matches for t, mid in zip(m.teams, m.pending or (None, None)) if mid]
    out += [(mid, t) for t, mid in zip(draw.byes, draw.bye_pending or ()) if mid]
    out += [(mid, t) for t in draw.byes for mid in [awaited(t)] if mid and not draw.bye_pending]
    return out


def drawn_teams(match: CupMatch) -> tuple[str, ...]:
    """The teams of ``match`` drawn by name (not through a pending place)."""
    pending = match.pending or (None, None)
    return tuple(t for t, mid in zip(match.teams, pending) if mid is None)


def open_places(draws: Iterable[CupDraw]) -> list[tuple[str, str]]:
    """``(match or "bye", awaited match)`` of every place still unresolved in ``draws``."""
    out = [(m.id, mid) for d in draws for m in d.matches for mid in unresolved(m)]
    return out + [("bye", mid) for d in draws for mid in map(awaited, d.byes) if mid]


def open_place_notes(draws: Mapping[int, CupDraw]) -> list[Problem]:
    """`dbf check`: a warning (§1.5.16) for each pending place not filled yet, so the TD sees
    what waits for which result (``draws``: round -> CupDraw, as read)."""
    out = []
    for r, d in sorted(draws.items()):
        for where, mid in open_places([d]):
            what = Msg('a bye of round {}', r) if where == "bye" else Msg('{} (round {})', where, r)
            out.append(Problem.warning("1.5.16", Msg('{} waits for the winner of {}: a pending place, '
                                                     'filled when {} is recorded', what, mid, mid), Where(f"cup/draws/round-{r:02d}.yaml", None),
                                       Msg('record the result of {} (dbf result submit); round {} is not '
                                           'drawn before', mid, r + 1), code="bracket.pending-place"))
    return out
