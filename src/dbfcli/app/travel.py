"""The cup's travel refunds as a use case (§1.5.17, §7.2, §1.5.4): :func:`claim_travel`
(``dbf travel claim MATCH --team TEAM --zones N``), a team's claim for a drawn match: the fares
beyond 11 DSB zones (§7.2.1), the Bornholm ferry (§7.2.2), the overnight allowance from the
quarter-final (§1.5.4); one file per claim, ``cup/travel/MATCH-TEAM.yaml``, one journaled write
(a new claim for the same match and team replaces it). The amounts and who may claim are
``rules.cup.travel``'s."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, RuleBroken, UsageProblem, fail, outcome_noting, refuse
from .session import Session


class TravelClaim(Value, kw_only=True):
    """``dbf travel claim MATCH --team TEAM --zones N [--persons P] [--reservation KR]
    [--one-way] [--bornholm]``: ``persons`` None: the team's players on the recorded sheet, else
    4 (§1.5.11); ``reservation`` kr per person and trip; ``one_way`` one trip, else two."""

    match: str
    team: str
    zones: int
    persons: int | None = None
    reservation: int = 0
    one_way: bool = False
    bornholm: bool = False
    dry_run: bool = False


class ClaimedTravel(MutableValue, kw_only=True):
    """What :func:`claim_travel` recorded: the ``claim`` (``rules.cup.travel.Claim``: fares,
    overnight allowance, total), the match's ``round``, where the persons come from
    (``persons_from``: option, sheet, default) and the ``file`` it is kept in."""

    claim: Any
    round: int
    persons_from: str
    file: str


def travelled_match(draws: Any, records: Any, match: str, team: str) -> Any:
    """The drawn match ``match`` that ``team`` travelled to: refused (exit 2) for an unknown match,
    a team not in it, or a pending place (§1.5.16: who travels is not known yet)."""
    from ..rules.cup.matchstate import allowed, match_state

    state = match_state(draws, {r.match.match: r.match for r in records}, {}, match)
    if state is None:
        fail(Msg('unknown match {}: no drawn cup match has that id', match), hint="dbf schedule cup --round N",
             code="unknown.match")
    waiting = allowed(state, "travel")   # §1.5.16: a pending place -- who travels is not known yet
    if waiting:
        raise UsageProblem(waiting)
    found = state.match
    if team not in found.teams:
        fail(Msg('{} does not play {} ({} v {})', team, match, found.teams[0], found.teams[1]), code="unknown.team")
    return found


def _trip_km(snap: Any, settings: Any, found: Any, team: str) -> int | None:
    """``team``'s km to the venue of ``found`` as `dbf schedule cup` has it (§1.5.4; None when
    unknown, or for a team the schedule has not travelling)."""
    _, rows, _ = snap.scheduled(settings, found.round)
    row = next((s for s in rows if s.id == found.id), None)
    km = row.travel.get(team, (None, None))[0] if row else None
    return None if km is None else int(km)


def claim_travel(session: Session, request: TravelClaim) -> Outcome:
    """``dbf travel claim MATCH --team TEAM --zones N`` (§1.5.17, §7.2, §1.5.4): refused for a
    team not in the cup or the match, an unknown match or a pending place (exit 2), and by
    ``rules.cup.travel.claim_warnings`` (exit 1: the home team before the semi-finals, unless the
    match was played elsewhere, §1.5.8; a trip of 0 km); a match with no recorded result yet is a
    warning (§1.5.14). One journaled write. ``doc``: the claim; ``plan``: :class:`ClaimedTravel`."""
    return outcome_noting(_claim_travel, session, request)


def _claim_travel(session: Session, req: TravelClaim, notes: list[Problem]) -> Outcome:
    from ..rules.cup.travel import claim_persons, claim_warnings, played_elsewhere, travel_claim
    from ..store.cup.results import travel_claim_data, travel_file

    match, team = req.match, req.team
    snap = session.snap
    settings = snap.settings()
    cup_teams, problems = snap.cup_teams()
    draws, _, more = snap.draws()
    records, more2 = snap.cup_records()
    notes += refuse(problems + more + more2)
    own = next((t for t in cup_teams if t.id == team), None)
    if own is None:
        fail(Msg('unknown cup team {}', team), hint=Msg('see `dbf cup teams`'), code="unknown.team")
    found = travelled_match(draws, records, match, team)
    recorded = [r.match for r in records]
    agreements, _, more3 = snap.schedule()
    notes += refuse(more3)
    agreed = agreements.get(match)
    km = _trip_km(snap, settings, found, team)
    warnings = claim_warnings(recorded, match, team, found.round,
                              played_elsewhere(agreed.venue if agreed else None, own.postcode), km)
    persons, persons_from = claim_persons(req.persons, recorded, match, team)
    result, more = travel_claim(team, match, found.round, persons, req.zones, settings.travel,
                                reservation_kr=req.reservation, trips=1 if req.one_way else 2,
                                bornholm=req.bornholm, up=settings.cup.up, km=km)
    notes += refuse(more + warnings)
    if result is None:   # no claim without an error of its own (refused above)
        raise RuleBroken(more)
    rel = travel_file(match, team)
    with snap.store.transaction(session.actor, Msg("travel claim {} {}: {} kr", match, team, result.total),
                                req.dry_run, session.lock_timeout) as tx:
        tx.write_yaml(rel, travel_claim_data(result, found.round, persons_from,
                                             dt.datetime.now().replace(microsecond=0)),
                      header=f"travel claim {match} {team} (dbf travel claim; §1.5.17, §7.2, §1.5.4)")
        changes = tx.changes()
    doc = {"ok": True, **result.to_json(), "round": found.round, "persons_from": persons_from,
           "recorded": not req.dry_run, "dry_run": req.dry_run, "warnings": [w.to_json() for w in warnings],
           "changes": [{"file": f, "action": a} for f, a in changes]}
    return Outcome(doc=doc, notes=list(notes), written=not req.dry_run, show="claimed",
                   plan=ClaimedTravel(claim=result, round=found.round, persons_from=persons_from, file=rel))


__all__ = ["ClaimedTravel", "TravelClaim", "claim_travel", "travelled_match"]
