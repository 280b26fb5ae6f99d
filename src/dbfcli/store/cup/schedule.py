"""A drawn cup round as scheduled (§1.5.4-§1.5.8, §1.5.13, §1.5.16): each match's home team,
venue, date, time and UP, from the draw, the recorded results, the agreements of
``cup/schedule.yaml`` and the HUM registrations. Used by `dbf schedule cup`."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..snapshotapi import Snapshot


def scheduled(snap: "Snapshot", settings, round_no: int):
    """Every match of a drawn round of the season snapshot ``snap``, scheduled: ``(round's
    draw, [ScheduledMatch], problems)``; ``(None, [], problems)`` when the round has not been
    drawn."""
    from ...rules.cup.home import schedule_match
    from .draws import load_draws, load_results, load_schedule, up_before
    from ..teams import load_cup_teams

    store = snap.store
    teams, problems = load_cup_teams(store)
    draws, _, more = load_draws(store)
    winners, up, _, more2 = load_results(store)
    agreements, where, more3 = load_schedule(store)
    problems += more + more2 + more3
    if round_no not in draws:
        return None, [], problems
    postcodes = {t.id: t.postcode for t in teams}
    totals = up_before(up, round_no)
    from ...rules.cup.up import trip_function
    from ..geodata import road_table

    road, more4 = road_table(store)   # §1.5.4 with the season's known road distances
    problems += more4
    trip_of = trip_function(road, settings.cup.up)
    hum_pairs, division_teams = snap.hum_context(settings, teams)
    rows = []
    for m in draws[round_no].matches:
        s, p = schedule_match(m, settings.cup, postcodes, totals, agreements.get(m.id), trip_of, hum_pairs=hum_pairs,
                              division_teams=division_teams, notice_days=settings.systems.hum_notice_days,
                              recorded=m.id in winners)
        rows.append(s)
        problems += [x.at(where.get(m.id)) if x.where is None else x for x in p]
    return draws[round_no], rows, problems
