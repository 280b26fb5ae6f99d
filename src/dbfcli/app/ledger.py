"""The cup's ledgers as use cases, read from the recorded matches (``cup/matches/*.yaml``):
:func:`up_ledger` (``dbf up``: UP credited, §1.5.4), :func:`gp_ledger` (``dbf gp``: guldpoint,
§1.5.10, §1.5.14 penalties applied) and :func:`fee_ledger` (``dbf fees``: fees and fines,
§1.5.11, §1.5.12, §1.5.15; the travel refunds, §1.5.17). Each reads and writes nothing else;
a payment received is :func:`dbfcli.app.fees.pay`."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, outcome_noting, refuse, unknown_cup_team
from .session import Session
from .when import day_of


class UpRequest(Value, kw_only=True):
    """``dbf up [TEAM]``: ``team`` only this cup team's credits."""

    team: str | None = None


class UpLedger(MutableValue, kw_only=True):
    """``dbf up``'s ledger (§1.5.4): ``totals`` team -> UP, ``rows`` each credit (round, match,
    team, UP, the sheet's file), in the order the sheets were recorded."""

    totals: dict[str, int]
    rows: list[dict[str, Any]]


class GpRequest(Value, kw_only=True):
    """``dbf gp [PLAYER]``: ``player`` only this member number; ``shares`` the shares match by
    match too (the JSON only: about 19,000 on 4,096 teams)."""

    player: int | None = None
    shares: bool = False


class GpLedger(MutableValue, kw_only=True):
    """``dbf gp``'s ledger (§1.5.10): ``totals`` member number -> hundredths of a guldpoint,
    ``names`` member number -> name (the roster's, else an added player's, §1.5.11, or a
    substitute's named on a sheet, §1.5.12), ``rows`` the shares match by match (when asked)."""

    totals: dict[int, int]
    names: dict[int, str]
    rows: list[dict[str, Any]]


class FeesRequest(Value, kw_only=True):
    """``dbf fees [TEAM]``: ``team`` only this team's ledger (and its charges); ``today``
    (YYYY-MM-DD, default: today) the day what is overdue is seen on (§1.5.15)."""

    team: str | None = None
    today: str | None = None


class FeeLedger(MutableValue, kw_only=True):
    """``dbf fees``'s ledger (§1.5.15): ``state`` the store's fee state (ledgers, dues,
    refunds), ``chosen`` the ledgers shown (team -> ledger), ``fee`` kr per player and round,
    ``day`` the day seen on, ``now`` the moment a charge is overdue against."""

    state: Any
    chosen: dict[str, Any]
    fee: int
    day: dt.date
    now: dt.datetime


# --------------------------------------------------------------------------- UP, §1.5.4
def up_ledger(session: Session, request: UpRequest) -> Outcome:
    """``dbf up [TEAM]`` (§1.5.4): the UP credited per team, each from a recorded sheet; refused
    (exit 2) for a team not in the cup. ``doc``: ``teams`` (totals) and ``rounds`` (each credit);
    ``plan``: :class:`UpLedger`."""
    return outcome_noting(_up_ledger, session, request)


def _up_ledger(session: Session, request: UpRequest, notes: list[Problem]) -> Outcome:
    snap, team = session.snap, request.team
    teams, _, problems = snap.cup_team_names()
    credits, more = snap.up_credits()
    notes += refuse(problems + more)
    if team is not None and team not in teams:
        unknown_cup_team(team)
    totals = {t: 0 for t in teams} if team is None else {team: 0}
    rows = []
    for rel, round_no, match, up in credits:
        for tid, value in up.items():
            if team is None or tid == team:
                totals[tid] = totals.get(tid, 0) + value
                rows.append({"round": round_no, "match": match, "team": tid, "up": value, "file": rel})
    return Outcome(doc={"teams": totals, "rounds": rows}, notes=list(notes), show="up",
                   plan=UpLedger(totals=totals, rows=rows))


# --------------------------------------------------------------------------- guldpoint, §1.5.10
def gp_ledger(session: Session, request: GpRequest) -> Outcome:
    """``dbf gp [PLAYER]`` (§1.5.10; §1.5.14 penalties applied): the guldpoint of each player
    of this season's cup (a player asked for and awarded none: 0). ``doc``: ``players`` (GP),
    ``total``, ``matches`` (the shares, when asked); ``plan``: :class:`GpLedger`."""
    return outcome_noting(_gp_ledger, session, request)


def _gp_ledger(session: Session, request: GpRequest, notes: list[Problem]) -> Outcome:
    from ..rules.cup.gp import format_gp

    snap, player = session.snap, request.player
    _, names, problems = snap.cup_team_names()
    shares, more = snap.gp_shares()
    additions, more2 = snap.additions()
    named, more3 = snap.sheet_names()
    notes += refuse(problems + more + more2 + more3)
    # the roster's names first; added players (§1.5.11) and substitutes named on a sheet (§1.5.12)
    names = {**named, **{a.player.id: a.player.name for a in additions if a.player.name}, **names}
    totals: dict[int, int] = {}
    rows = []
    for _rel, round_no, match, gp_rows in shares:
        for pid, h, team_id in sorted(gp_rows):
            if player is not None and pid != player:
                continue
            totals[pid] = totals.get(pid, 0) + h
            if request.shares:
                rows.append({"round": round_no, "match": match, "player": pid, "name": names.get(pid, ""),
                             "team": team_id, "gp": format_gp(h)})
    if player is not None and player not in totals:
        totals[player] = 0
    doc = {"players": {str(p): round(h / 100, 2) for p, h in sorted(totals.items())},
           "total": round(sum(totals.values()) / 100, 2), "matches": rows}
    return Outcome(doc=doc, notes=list(notes), show="gp", plan=GpLedger(totals=totals, names=names, rows=rows))


# --------------------------------------------------------------------------- fees, §1.5.15
def fee_ledger(session: Session, request: FeesRequest) -> Outcome:
    """``dbf fees [TEAM]`` (§1.5.15): the ledgers (round fees per player, additions §1.5.11,
    joined substitutes §1.5.12, walkover fines), what is owed, paid, outstanding and overdue
    (past its §1.5.15 date, §1.5.14), and the travel refunds DBF owes (§1.5.17, §1.5.4); refused
    (exit 2) for a team not in the cup. ``doc``: the ledgers and totals; ``plan``:
    :class:`FeeLedger`."""
    return outcome_noting(_fee_ledger, session, request)


def _fee_ledger(session: Session, request: FeesRequest, notes: list[Problem]) -> Outcome:
    snap, team = session.snap, request.team
    day = day_of(request.today)
    now = dt.datetime.combine(day, dt.time.min) if request.today else dt.datetime.now()
    settings = snap.settings()
    state = snap.fee_state(settings, day)
    notes += refuse(list(state.problems))
    if team is not None and team not in state.ledgers:
        unknown_cup_team(team)
    fee = settings.cup.fee_per_player_round_kr
    chosen = {t: led for t, led in state.ledgers.items() if team is None or t == team}
    return Outcome(doc=fees_doc(state, chosen, fee, day, now), notes=list(notes), show="fees",
                   plan=FeeLedger(state=state, chosen=chosen, fee=fee, day=day, now=now))


def fees_doc(state: Any, chosen: dict[str, Any], fee: int, day: dt.date, now: dt.datetime) -> dict[str, Any]:
    """The ``--json`` document of ``dbf fees``: each chosen team's ledger with what is outstanding
    and overdue (§1.5.15), the totals, the travel refunds (§1.5.17)."""
    dues = {t: state.dues[t] for t in chosen}
    left = {t: sum(d.outstanding_kr for d in ds) for t, ds in dues.items()}
    late = {t: sum(d.outstanding_kr for d in ds if d.overdue(now)) for t, ds in dues.items()}
    teams_doc = {}
    for t, led in chosen.items():
        teams_doc[t] = {**led.to_json(), "outstanding_kr": left[t], "overdue_kr": late[t],
                        "charges": [d.to_json(now) for d in dues[t]]}
    return {"fee_per_player_round_kr": fee, "today": day.isoformat(), "teams": teams_doc,
            "totals": {k: sum(v[k] for v in teams_doc.values())
                       for k in ("owed_kr", "paid_kr", "fines_kr", "balance_kr", "outstanding_kr", "overdue_kr",
                                 "refunds_kr", "net_kr")},
            "refunds": [{"team": f.team, "round": f.round, "match": f.match, "persons": f.persons,
                         "amount_kr": f.amount_kr} for f in state.refunds if f.team in chosen]}


__all__ = ["FeeLedger", "FeesRequest", "GpLedger", "GpRequest", "UpLedger", "UpRequest", "fee_ledger", "fees_doc",
           "gp_ledger", "up_ledger"]
