"""§1.5.3: the round in which each cup team enters.

Teams with one or more players from this season's 1st, 2nd or 3rd division
are seeded past the pool rounds: by default a 1st-division player puts the
team into round 4 (1/32 final), a 2nd- or 3rd-division player into round 3
(1/64 final). The season may set another round per division
(``CupSettings.entry_round``). Every other team enters in round 1.

A player counts as a division player when the entry file says so
(``Player.division``) or when the player is on a division roster of the
season (``roster``: player id -> division number, built by the store from the
division files). The highest division wins (1st before 2nd before 3rd); when
two divisions give different rounds, the team enters in the later round.

>>> from dbfcli.rules.model import Player, Team
>>> t = Team("ODE-1", "Odense", 1, 4100, "5000", (Player(1, "A"), Player(2, "B", division=2)))
>>> entry_round(t, {1: 4, 2: 3, 3: 3}), entry_round(t, {1: 4, 2: 3, 3: 3}, {1: 1})
(3, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..model import Team
from ..problems import Msg, Problem

#: Round of a team with no division player (§1.5.2: it plays the pools).
POOL_ENTRY_ROUND = 1


def team_divisions(team: Team, roster: Mapping[int, int] | None = None) -> frozenset[int]:
    """The division numbers (1-3) of this season that the team's players play in (§1.5.3)."""
    roster = roster or {}
    found: set[int] = set()
    for p in team.players:
        if p.division is not None:
            found.add(p.division)
        if p.id in roster:
            found.add(roster[p.id])
    return frozenset(found)


def entry_round(team: Team, entry_rounds: Mapping[int, int], roster: Mapping[int, int] | None = None) -> int:
    """The round a team enters the cup (§1.5.3): the latest round its division players give, else 1."""
    rounds = [entry_rounds[d] for d in team_divisions(team, roster) if d in entry_rounds]
    return max(rounds, default=POOL_ENTRY_ROUND)


def entry_rounds(
    teams: Iterable[Team], entry_rounds_by_division: Mapping[int, int], roster: Mapping[int, int] | None = None
) -> tuple[dict[str, int], list[Problem]]:
    """Entry round of every team (§1.5.3), with problems for settings the draw cannot honour.

    A configured entry round outside 1-9 is an error: the cup has rounds 1-9.
    A configured round 2 is allowed (the team joins its pool in round 2) but
    warned about, since §1.5.3 seeds division teams "to the 1/64 finals or later".
    """
    problems: list[Problem] = []
    for div, rnd in sorted(entry_rounds_by_division.items()):
        if not 1 <= rnd <= 9:
            problems.append(Problem.error(
                "1.5.3", Msg('entry round {} set for division {} is not a cup round (1-9)', rnd, div),
                hint=Msg('fix cup.entry_round in season.toml'), code="bracket.entry-round"))
        elif rnd < 3:
            problems.append(Problem.warning(
                "1.5.3", Msg('division {} teams enter in round {}; §1.5.3 seeds division teams to the '
                             '1/64 final (round 3) or later', div, rnd), code="bracket.entry-round-early"))
    result = {t.id: entry_round(t, entry_rounds_by_division, roster) for t in teams}
    return result, problems
