"""A division's roster replaced (§1.1.2.3, with §1.1.2.1, §1.1.3.1, §1.1.4.1): what a new roster
may not leave behind."""

from __future__ import annotations

from typing import Iterable

from ..model import Team, all_play_all_rule
from ..problems import Msg, Problem
from .standings import DivResult


def orphaned_results(division: str, teams: Iterable[Team], results: Iterable[DivResult]) -> list[Problem]:
    """§1.1.2.1 (§1.1.3.1, §1.1.4.1): recorded matches count in the all-play-all of the teams
    that played them. A new roster of ``division`` (``dbf division enter``) without a team that
    has recorded matches would orphan them (standings, play-off and check would break): one
    error per such team, ``div.results-orphaned``, naming its matches (the first three)."""
    keep = {t.id for t in teams}
    lost: dict[str, list[str]] = {}
    for r in results:
        for side in (r.home, r.away):
            if side not in keep:
                lost.setdefault(side, []).append(r.match_id)
    rule = all_play_all_rule(division)
    return [Problem.error(rule, Msg('{} has {} recorded {} match ({}{}) and is not in the new roster: the results would be orphaned'
                                    if len(ids) == 1 else '{} has {} recorded {} matches ({}{}) and is not in the new '
                                    'roster: the results would be orphaned', team, len(ids), division,
                                    ', '.join(sorted(ids)[:3]), ' ...' if len(ids) > 3 else ''),
                          hint=Msg('keep {} in the file (a renamed team keeps its id), '
                                   'or remove its recorded matches first', team),
                          code="div.results-orphaned")
            for team, ids in sorted(lost.items())]


__all__ = ["orphaned_results"]
