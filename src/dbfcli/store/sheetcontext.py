"""What a result sheet is checked against, read from the season (§1.5.4, §1.5.5, §1.5.1.2,
§1.5.11, §1.5.12): teams, draws, other records, additions, HUM pairs, the expected home team
and the UP the tool computes for the trip; a division sheet's schedule (§1.1.2.1); what a
walkover is recorded against and the fees a recorded sheet carries (§1.5.14, §1.5.15); whether
an amendment may replace a recorded sheet (§1.5.16)."""

from __future__ import annotations

import datetime as dt

from ..rules.model import match_division as division_of  # the division a sheet names, else None (a cup match)
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
    from .geodata import road_table

    road, more5 = road_table(store)
    problems = problems + more5
    computed, ferries = computed_trips(sheet, m, team_map, settings, road)
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


def computed_trips(sheet, match, teams, settings, road=None
                   ) -> tuple[dict[str, tuple[int, str]], dict[str, tuple[str, ...]]]:
    """§1.5.4: the UP the tool computes for each team of the sheet and the UP crossings of each
    travelling team's route (:func:`dbfcli.rules.up.match_trips`; the sheet's home is the venue),
    on ``road`` (the postcode table with the season's ``distances.csv``; default: the plain table)."""
    from ..rules.up import match_trips
    from .geodata import load_postcodes

    return match_trips(road or load_postcodes(), sheet.home.team, sheet.away.team, match.round,
                       {t: team.postcode for t, team in teams.items()}, settings.cup.up, settings.cup.final_venue)


def computed_up(sheet, match, teams, settings) -> dict[str, tuple[int, str]]:
    """§1.5.4: the UP the tool computes for each team of the sheet (see :func:`computed_trips`)."""
    return computed_trips(sheet, match, teams, settings)[0]


def division_context(store: SeasonStore, sheet):
    """Load what a division sheet is checked against (§1.1.2.1): ``(DivisionContext or None,
    the division or None, its settings or None, problems of the teams file)``. The context is
    None when the division has no teams file, the file has errors, or the match is not in the
    division's schedule (the stored one once frozen)."""
    from ..rules.sheet import DivisionContext
    from .divresults import season_schedule
    from .settings import load_settings
    from .teams import load_division

    div = division_of(sheet.match)
    division, problems = load_division(store, div)
    if division is None or any(p.is_error for p in problems):
        return None, division, None, problems
    dsettings = load_settings(store).division(div)
    matches = {m.id: m for r in season_schedule(store, division, dsettings) for m in r.matches}
    if sheet.match not in matches:
        return None, division, dsettings, problems
    return DivisionContext(div, matches, {t.id: t for t in division.teams}, dsettings.boards), division, dsettings, problems


def next_round_fees(records, sheet, check_, match, ctx) -> dict:
    """§1.5.14/§1.5.15: the winner's fee for the next round, due with this sheet, as the
    record's ``fees`` (``{winner: {round, players, amount_kr[, paid_kr]}}``; empty after the
    final or without a winner)."""
    from ..rules.fees import next_round_fee
    from ..rules.model import LAST_ROUND

    if check_.winner is None or match.round >= LAST_ROUND or check_.winner not in ctx.teams:
        return {}
    joins = list(check_.joins) + [j for r in records for j in r.joins]
    row = next_round_fee(ctx.teams[check_.winner], match.round, ctx.settings.cup.fee_per_player_round_kr,
                         ctx.additions, joins)
    win_side = sheet.home if sheet.home.team == check_.winner else sheet.away
    doc = {"round": row.round, "players": row.players, "amount_kr": row.amount_kr}
    if win_side.fee_paid_kr is not None:
        doc["paid_kr"] = win_side.fee_paid_kr
    return {check_.winner: doc}


def fee_warnings(records, sheet, check_, match, ctx) -> list:
    """§1.5.15: a warning when the sheet states a smaller enclosed fee than is due."""
    from ..rules.fees import FeeRow, check_enclosed

    due = next_round_fees(records, sheet, check_, match, ctx).get(check_.winner)
    if not due:
        return []
    side = sheet.home if sheet.home.team == check_.winner else sheet.away
    return check_enclosed(check_.winner, FeeRow(due["round"], "fee", due["players"], due["amount_kr"]),
                          side.fee_paid_kr, side.where)


def walkover_context(store: SeasonStore, match_id: str, now: dt.datetime):
    """What a walkover (§1.5.15) is recorded against: ``(CupContext, the drawn match or None,
    the recorded matches, problems of the season's files)``."""
    from ..rules.sheet import CupContext
    from .cupresults import load_additions, load_cup_records, load_draws
    from .settings import load_settings
    from .teams import load_cup_teams

    settings = load_settings(store)
    teams, problems = load_cup_teams(store)
    draws, more = load_draws(store)
    records, more2 = load_cup_records(store)
    additions, more3 = load_additions(store)
    problems = problems + more + more2 + more3
    if any(p.is_error for p in problems):
        return None, None, records, problems
    ctx = CupContext({t.id: t for t in teams}, draws, settings, tuple(r.match for r in records), additions,
                     {}, {}, None, now)
    return ctx, ctx.find_match(match_id), records, problems


def recorded_sheet(store: SeasonStore, rel: str):
    """The sheet kept in the recorded match file ``rel`` (None when it cannot be read back)."""
    from .cupresults import parse_cup_sheet
    from .yamlio import dump_yaml

    old_doc = store.read_yaml(rel)
    old, _ = parse_cup_sheet(dump_yaml(old_doc.data.get("sheet") or {}), rel)
    return old


def amend_refusal(store: SeasonStore, rel: str, match, winner: str | None, draws):
    """§1.5.16: an amendment that changes the winner is refused once the next round is drawn
    with the old winner; the problem (exit 2) or None. ``rel``: the recorded match file."""
    from ..rules.problems import Problem

    old_winner = store.read_yaml(rel).data.get("winner")
    later = sorted(r for r in draws if r > match.round)
    nxt = draws[later[0]] if later else None
    if winner != old_winner and nxt is not None and (
            old_winner in nxt.byes or any(old_winner in m.teams for m in nxt.matches)):
        return Problem.error(None, f"the amendment makes {winner} the winner of {match.id}, but round {nxt.round} "
                                   f"is already drawn with {old_winner}",
                             hint="the TD must settle this by hand (§1.5.16)", code="state.already-drawn")
    return None
