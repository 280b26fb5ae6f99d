"""``dbf check`` of the season's names map of imports (``SEASON/imports/names.yaml``,
docs/formats/import-names.md), read by :mod:`dbfcli.store.imports.names`, the import's own reader."""

from __future__ import annotations

from ...rules.problems import Msg, Problem, Where
from .names import SEASON_NAMES, season_names


def check_season(store) -> list[Problem]:
    """``dbf check``: the season's names map through the reader ``dbf result import`` uses
    (:func:`season_names`), so a map the import would refuse fails ``check`` too; and a member
    number the map names that is on no team of the season is a warning (a player taken off a
    team, or a number mistyped: the next import would name that player as no one on the roster)."""
    from ..snapshotapi import as_snapshot

    names, problems = season_names(store)
    if problems or not names:
        return problems
    snap = as_snapshot(store)
    teams = list(snap.cup_teams()[0]) + [t for d in snap.divisions()[0].values() for t in d.teams]
    members = {p.id for t in teams for p in t.players} | {a.player.id for a in snap.additions()[0]}
    file = str(store.path(SEASON_NAMES))
    return [Problem.warning(None, Msg('names map: {} -> {} is on no team of the season', f'{name!r}', number), Where(file, None),
                            hint=Msg('correct the number, or remove the line'), code="unknown.player")
            for name, number in sorted(names.items()) if number not in members]
