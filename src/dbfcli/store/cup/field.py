"""The cup's field as the season has it (§1.5.2, §1.5.3): entry rounds, captains' clubs and
geographic pools of the cup's teams, and the rounds that field plays. Shared by
`dbf draw cup` and `dbf deadlines`."""

from __future__ import annotations

from ..season import SeasonStore


def cup_field(store: SeasonStore, settings):
    """Entry rounds (§1.5.3), captains' clubs and geographic pools (§1.5.2) of the cup's teams:
    ``(teams, entry, clubs, pool_of, problems)``; with an error among the problems (of the
    teams files or of the entry rounds) the rest is not computed (``None``)."""
    from ...rules.cup.entry import entry_rounds
    from ...rules.geography import side_of
    from ...rules.cup.pools import split_pools
    from ...rules.cup.roster import division_players
    from ..geodata import load_postcodes
    from ..teams import load_cup_teams, load_divisions

    teams, problems = load_cup_teams(store)
    divisions, more = load_divisions(store)
    entry, entry_problems = entry_rounds(teams, settings.cup.entry_round, division_players(divisions))
    problems = problems + more + entry_problems
    if any(p.is_error for p in problems):
        return teams, None, None, None, problems
    table = load_postcodes()
    geo = {}
    for t in teams:
        point, side = table.point(t.postcode), side_of(table, t.postcode)
        if entry[t.id] <= 2 and point is not None and side is not None:
            geo[t.id] = (side, point.lat, point.lon)
    return teams, entry, {t.id: t.club for t in teams}, split_pools(geo, settings.cup.pools), problems


PLAN_NOTE = "draw deadlines (§1.5.16): the cup's rounds cannot be planned; every round is listed"


def played_rounds(store: SeasonStore, settings) -> tuple[tuple[int, ...] | None, str | None, list]:
    """§1.5.2/§1.5.3: the rounds this cup's field plays (``CupPlan.played_rounds``; a small
    field skips rounds without a match, and those get no draw); (None, note) when the plan
    cannot be made (no teams, or a field that cannot be drawn). Third: the warnings about
    the field (:func:`cup_field`'s problems when none is an error)."""
    from ...rules.cup.bracket import plan_cup
    from ...rules.cup.draw import pools_kept
    from .draws import load_draws
    from ..teams import load_cup_teams

    teams, _ = load_cup_teams(store)
    if not teams:
        return None, None, []
    _, entry, clubs, pool_of, problems = cup_field(store, settings)
    if entry is None:
        return None, PLAN_NOTE, []
    _, recorded_pools, _ = load_draws(store)
    pool_of = pools_kept(pool_of, recorded_pools, 2)   # §1.5.2: the pools recorded with rounds 1-2
    plan, _ = plan_cup(entry, pool_of, clubs)
    if plan is None:
        return None, PLAN_NOTE, problems
    return plan.played_rounds, None, problems
