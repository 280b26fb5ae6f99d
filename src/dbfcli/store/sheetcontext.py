"""What a result sheet is checked against, read from the season (§1.5.4, §1.5.5, §1.5.1.2,
§1.5.11, §1.5.12): teams, draws, other records, additions, HUM pairs, the expected home team
and the UP the tool computes for the trip."""

from __future__ import annotations

import datetime as dt

from .season import SeasonStore


def cup_context(store: SeasonStore, sheet, now: dt.datetime, exclude: str | None = None):
    """Load everything a cup sheet is checked against (``exclude``: the match being amended):
    ``(CupContext, the drawn match or None, the other records, problems of the season's files)``;
    with problems, nothing more is computed."""
    from ..rules.home import HumPair, home_away
    from ..rules.roster import division_players
    from ..rules.sheet import CupContext
    from .cupdraw import load_schedule
    from .cupresults import load_additions, load_cup_records, load_draws
    from .settings import load_settings
    from .systems import load_registry
    from .teams import load_cup_teams, load_divisions

    settings = load_settings(store)
    teams, problems = load_cup_teams(store)
    divisions, more = load_divisions(store)
    draws, more2 = load_draws(store)
    records, more3 = load_cup_records(store)
    additions, more4 = load_additions(store)
    problems = problems + more + more2 + more3 + more4
    if any(p.is_error for p in problems):
        return None, None, records, problems
    records = [r for r in records if r.match.match != exclude]
    team_map = {t.id: t for t in teams}
    ctx = CupContext(team_map, draws, settings, tuple(r.match for r in records), additions,
                     division_players(divisions), {}, None, now)
    m = ctx.find_match(sheet.match)
    if m is None:
        return ctx, None, records, problems
    regs, _ = load_registry(store)
    hum_pairs = tuple(HumPair(r.team, r.pair, r.sent) for r in regs if r.hum and r.team in m.teams)
    totals = up_totals(records, before_round=m.round)
    expected_home = home_away(m, totals, {h.team for h in hum_pairs})[0] if m.round < 8 else None
    computed, ferries = computed_trips(sheet, m, team_map, settings)
    agreements, _, _ = load_schedule(store)
    from ..rules.value import replace

    from ..rules.home import official_day

    agreed = agreements.get(m.id)
    scheduled_on = (agreed.date if agreed and agreed.date else None) or official_day(m.round, settings.cup)
    return replace(ctx, computed_up=computed, expected_home=expected_home, hum_pairs=hum_pairs,
                   scheduled_on=scheduled_on, route_ferries=ferries), m, records, problems


def up_totals(records, before_round: int | None = None) -> dict[str, int]:
    """§1.5.5 reading: UP credited in all earlier rounds of this season's cup."""
    from ..rules.home import up_credited_before

    return up_credited_before(((r.match.round, r.up) for r in records), before_round or 10**9)


def computed_trips(sheet, match, teams, settings) -> tuple[dict[str, tuple[int, str]], dict[str, tuple[str, ...]]]:
    """§1.5.4: the UP the tool computes for each team of the sheet and the UP crossings of each
    travelling team's route (:func:`dbfcli.rules.up.match_trips`; the sheet's home is the venue)."""
    from ..rules.up import match_trips
    from .geodata import load_postcodes

    return match_trips(load_postcodes(), sheet.home.team, sheet.away.team, match.round,
                       {t: team.postcode for t, team in teams.items()}, settings.cup.up, settings.cup.final_venue)
