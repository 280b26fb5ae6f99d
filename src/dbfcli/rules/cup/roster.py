"""Checks of registered teams: sizes, captains, players on two teams, postcodes.

Used by ``dbf cup enter``, ``dbf division enter`` and ``dbf check``.

>>> from dbfcli.rules.model import Player, Team
>>> big = Team("A", "A", 1, 10, "5000", tuple(Player(i, f"P{i}") for i in range(1, 8)))
>>> [p.rule for p in check_cup_teams([big], {"5000"})]
['1.5.11']
"""

from __future__ import annotations

from collections import defaultdict
from typing import Container, Iterable, Mapping

from ..model import DIVISIONS, Division, Team, all_play_all_rule
from ..problems import Msg, Problem

MIN_PLAYERS, MAX_PLAYERS = 4, 6  # §1.5.11


def check_team(team: Team, postcodes: Container[str], *, cup: bool = True) -> list[Problem]:
    """One team on its own: §1.5.11 4-6 players (cup), the captain is a player,
    the captain's postcode is a Danish postcode (§1.5.8 venue), no player twice."""
    problems: list[Problem] = []
    n = len(team.players)
    if cup and not MIN_PLAYERS <= n <= MAX_PLAYERS:
        problems.append(Problem.error("1.5.11", Msg('team {} has {}; a cup team has 4-6', team.id, Msg.counted(n, "player")),
                                      team.where, hint=Msg('a team of 4-5 may add players up to 6 (§1.5.11)'),
                                      code="roster.team-size"))
    elif not cup and n < MIN_PLAYERS:
        problems.append(Problem.error("1.1.2.1", Msg('team {} has {}; a team needs at least 4 to '
                                                     'play', team.id, Msg.counted(n, "player")),
                                      team.where, code="roster.team-size"))
    if team.player(team.captain) is None:
        problems.append(Problem.error("1.5.14", Msg('captain {} of team {} is not one of its players',
                                                    team.captain, team.id),
                                      team.where, hint=Msg('the captain signs the result sheet; list them '
                                                           'as a player'), code="roster.captain"))
    else:
        cap = team.player(team.captain)
        if cap is not None and cap.club is not None and cap.club != team.club:
            problems.append(Problem.warning("1.5.2", Msg("team {}: club {} differs from captain {}'s club "
                                                         "{}; the captain's club decides (§1.5.2)", team.id,
                                                         team.club, cap.id, cap.club),
                                            team.where, code="roster.club"))
    if team.postcode not in postcodes:
        problems.append(Problem.error("1.5.8", Msg('team {}: unknown postcode {}', team.id,
                                                   f'{team.postcode!r}'), team.where,
                                      hint=Msg("the captain's address decides the venue (§1.5.8); use a "
                                               'Danish postcode'), code="roster.postcode"))
    seen: set[int] = set()
    for p in team.players:
        if p.id in seen:
            problems.append(Problem.error("1.5.11", Msg('player {} is listed twice on team {}', p.id, team.id), p.where,
                                          code="roster.player-twice"))
        seen.add(p.id)
        if p.division is not None and p.division not in (1, 2, 3):
            problems.append(Problem.error("1.5.3", Msg('player {}: division {}; divisions are 1, 2, 3', p.id,
                                                       p.division),
                                          p.where, code="roster.division"))
    return problems


def duplicate_team_ids(teams: Iterable[Team]) -> list[Problem]:
    """A team id used twice (in a teams file or the cup): one error per repeat, naming the first."""
    problems: list[Problem] = []
    first: dict[str, Team] = {}
    for t in teams:
        if t.id in first:
            problems.append(Problem.error(None, Msg('team id {} is used twice', t.id), t.where,
                                          hint=Msg('first at {}', first[t.id].where), code="format.duplicate"))
        first.setdefault(t.id, t)
    return problems


def check_cup_teams(teams: Iterable[Team], postcodes: Container[str]) -> list[Problem]:
    """All cup teams: each team (§1.5.11), duplicate ids, and no player on two cup
    teams (§1.5.12a: no player may represent two teams in the same round)."""
    teams = list(teams)
    problems: list[Problem] = duplicate_team_ids(teams)
    owner: dict[int, Team] = {}
    for t in teams:
        problems += check_team(t, postcodes)
        for p in t.players:
            if p.id in owner and owner[p.id].id != t.id:
                problems.append(Problem.error("1.5.12a", Msg('player {} ({}) is on cup teams {} and {}', p.id,
                                                             p.name, owner[p.id].id, t.id), p.where,
                                              hint=Msg('a player may represent only one team'),
                                              code="player.two-teams"))
            owner.setdefault(p.id, t)
    return problems


def check_divisions(divisions: Mapping[str, Division], postcodes: Container[str]) -> list[Problem]:
    """Division rosters: 12 teams each (§1.1.2.1, §1.1.3.1, §1.1.4.1), no team or player in two."""
    problems: list[Problem] = []
    team_home: dict[str, str] = {}
    player_home: dict[int, tuple[str, str]] = {}
    for div_id, div in divisions.items():
        if len(div.teams) != 12:
            rule = all_play_all_rule(div_id)
            problems.append(Problem.warning(rule, Msg('{} has {}; a division has 12', div_id,
                                                      Msg.counted(len(div.teams), "team")),
                                            div.where, hint=Msg('a bye round is scheduled when the number '
                                                                'is odd'), code="div.team-count"))
        for t in div.teams:
            problems += check_team(t, postcodes, cup=False)
            if t.id in team_home:
                problems.append(Problem.error(None, Msg('team {} is in {} and {}', t.id, team_home[t.id],
                                                        div_id), t.where, code="format.duplicate"))
            team_home.setdefault(t.id, div_id)
            for p in t.players:
                if p.id in player_home and player_home[p.id][1] != t.id:
                    other_div, other_team = player_home[p.id]
                    # §1.5.3 (and §1.5.12c) place a division player by the one division he plays in:
                    # a player is on one division team (docs/readings/divisions-standings.md)
                    problems.append(Problem.error("1.5.3", Msg('player {} is on division teams {} ({}) '
                                                               'and {} ({}); a division player plays for '
                                                               'one division team', p.id, other_team,
                                                               other_div, t.id, div_id), p.where,
                                                  code="roster.two-division-teams"))
                player_home.setdefault(p.id, (div_id, t.id))
    return problems


def division_players(divisions: Mapping[str, Division]) -> dict[int, int]:
    """Player id -> division number (1-3) from the division rosters (§1.5.3)."""
    out: dict[int, int] = {}
    for div_id, div in divisions.items():
        number = DIVISIONS[div_id]
        for t in div.teams:
            for p in t.players:
                out[p.id] = min(out.get(p.id, number), number)
    return out


def check_division_marks(teams: Iterable[Team], rosters: Mapping[int, int]) -> list[Problem]:
    """§1.5.3: a cup player's ``division`` field agrees with the division rosters."""
    problems: list[Problem] = []
    for t in teams:
        for p in t.players:
            actual = rosters.get(p.id)
            if p.division is not None and actual is not None and p.division != actual:
                problems.append(Problem.error("1.5.3", Msg('player {} on cup team {} is marked division '
                                                           '{} but plays in division {}', p.id, t.id,
                                                           p.division, actual), p.where, code="roster.division"))
            elif p.division is not None and actual is None and rosters:
                problems.append(Problem.warning("1.5.3", Msg('player {} on cup team {} is marked division '
                                                             '{} but is on no division roster', p.id, t.id,
                                                             p.division), p.where, code="roster.division"))
    return problems


def players_by_team(teams: Iterable[Team]) -> dict[str, frozenset[int]]:
    return {t.id: t.player_ids for t in teams}


def club_counts(teams: Iterable[Team]) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for t in teams:
        counts[t.club] += 1
    return dict(counts)
