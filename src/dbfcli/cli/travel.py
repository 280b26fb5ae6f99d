"""``dbf travel``: travel refunds (§1.5.17, §7.2) and overnight allowance (§1.5.4),
recorded per claim in ``cup/travel/<MATCH>-<TEAM>.yaml`` and shown by ``dbf fees``."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr, word
from .common import check, command, command_line, DryRunOpt, fail, JsonOpt, load_snapshot, UsageProblem
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

def register(app: typer.Typer) -> None:
    travel = typer.Typer(help="Travel refunds in the cup (§1.5.17, §7.2, §1.5.4).", no_args_is_help=True)
    app.add_typer(travel, name="travel")

    @travel.callback()
    def _travel() -> None:
        """Travel refunds in the cup."""

    @command(travel, "claim", writes=True)
    def claim(
        match: Annotated[str, typer.Argument(help="Cup match id, e.g. C7-002.")],
        team: Annotated[str, typer.Option("--team", help="The travelling team.")],
        zones: Annotated[int, typer.Option("--zones", help="DSB zones one way (from Copenhagen with --bornholm).")],
        persons: Annotated[Optional[int], typer.Option(
            "--persons", help="Players who travelled (default: the team's players on the recorded sheet, else 4).")] = None,
        reservation: Annotated[int, typer.Option("--reservation", help="Seat reservation per person and trip, kr.")] = 0,
        one_way: Annotated[bool, typer.Option("--one-way", help="Only one trip (default: there and back).")] = False,
        bornholm: Annotated[bool, typer.Option("--bornholm", help="§7.2.2: ferry Rønne-Copenhagen, then DSB.")] = False,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Record a team's travel claim: train/ship fares beyond 11 DSB zones (§7.2.1), the
        Bornholm ferry (§7.2.2), and 160 kr per person overnight allowance for the
        quarter-final, semi-final and final (§1.5.4). Whole kroner. One file per claim,
        cup/travel/MATCH-TEAM.yaml (a new claim for the same match and team replaces it;
        the journal keeps the old one); `dbf fees` lists it as a refund.

        Example: dbf travel claim C7-002 --team ODE-1 --zones 24 --persons 5
        """
        import datetime as dt

        from ..rules.cup.travel import claim_persons, claim_warnings, travel_claim
        from ..store.cup.results import travel_claim_data, travel_file

        snap = load_snapshot()
        store = snap.store
        settings = snap.settings()
        cup_teams, problems = snap.cup_teams()
        draws, _, more = snap.draws()
        records, more2 = snap.cup_records()
        check(problems + more + more2)
        if team not in {t.id for t in cup_teams}:
            fail(Msg('unknown cup team {}', team), hint=Msg('see `dbf cup teams`'), code="unknown.team")
        found = _travelled_match(draws, records, match, team)
        recorded = [r.match for r in records]
        agreements, _, more3 = snap.schedule()
        check(more3)
        elsewhere, km = _played_elsewhere(agreements.get(match), cup_teams, team), _trip_km(snap, settings, found, team)
        warnings = claim_warnings(recorded, match, team, found.round, elsewhere, km)
        persons, persons_from = claim_persons(persons, recorded, match, team)
        result, more = travel_claim(team, match, found.round, persons, zones, settings.travel,
                                    reservation_kr=reservation, trips=1 if one_way else 2,
                                    bornholm=bornholm, up=settings.cup.up, km=km)
        check(more + warnings)
        rel = travel_file(match, team)
        with store.transaction(command_line(), Msg("travel claim {} {}: {} kr", match, team, result.total), dry_run,
                               RUN.lock_timeout) as tx:
            tx.write_yaml(rel, travel_claim_data(result, found.round, persons_from,
                                                 dt.datetime.now().replace(microsecond=0)),
                          header=f"travel claim {match} {team} (dbf travel claim; §1.5.17, §7.2, §1.5.4)")
            changes = tx.changes()
        doc = {"ok": True, **result.to_json(), "round": found.round, "persons_from": persons_from,
               "recorded": not dry_run, "dry_run": dry_run, "warnings": [w.to_json() for w in warnings],
               "changes": [{"file": f, "action": a} for f, a in changes]}

        def human(out):
            out.table(tr("travel_title", team=team, match=match), heads("item", "kr"), [
                (tr("travel_fares", persons=count(result.persons, "person", en_plural=True), from_=word("persons", persons_from),
                    trips=count(result.trips, "trip", en_plural=True), fare=result.fare_each,
                    reservation=result.reservation_each), result.travel),
                (tr("travel_overnight"), result.overnight),
                (tr("total_row"), result.total)], justify=["left", "right"])
            out.line(tr("recorded_file", verb=tr("verb:would record" if dry_run else "verb:recorded"), file=rel))

        emit(doc, human)


def _travelled_match(draws, records, match: str, team: str):
    """The drawn match ``match`` that ``team`` travelled to: exit 2 for an unknown match, a team
    not in it, or a pending place (§1.5.16: who travels is not known yet)."""
    from ..rules.cup.matchstate import allowed, match_state

    state = match_state(draws, {r.match.match: r.match for r in records}, {}, match)
    if state is None:
        fail(Msg('unknown match {}: no drawn cup match has that id', match), hint="dbf schedule cup --round N", code="unknown.match")
    waiting = allowed(state, "travel")   # §1.5.16: a pending place -- who travels is not known yet
    if waiting:
        raise UsageProblem(waiting)
    found = state.match
    if team not in found.teams:
        fail(Msg('{} does not play {} ({} v {})', team, match, found.teams[0], found.teams[1]), code="unknown.team")
    return found


def _played_elsewhere(agreed, cup_teams, team: str) -> bool:
    """Whether the match was agreed at a venue other than the team's own postcode."""
    home_team = next((t for t in cup_teams if t.id == team), None)
    return bool(agreed and agreed.venue and home_team and agreed.venue != home_team.postcode)


def _trip_km(snap, settings, found, team: str):
    """``team``'s km to the venue of ``found`` as `dbf schedule cup` has it (§1.5.4; None when
    unknown, or for a team the schedule has not travelling)."""
    _, rows, _ = snap.scheduled(settings, found.round)
    row = next((s for s in rows if s.id == found.id), None)
    km = row.travel.get(team, (None, None))[0] if row else None
    return None if km is None else int(km)
