"""The cup's fees as a use case (§1.5.15): :func:`pay` (``dbf fees pay TEAM AMOUNT --on
DATE``), money received from a team, recorded in ``cup/payments.yaml`` as its own journaled
write; it settles the team's oldest charges first (``rules.cup.fees``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import Value
from .outcome import Outcome, fail, outcome_noting, refuse, unknown_cup_team
from .session import Session


class Payment(Value, kw_only=True):
    """``dbf fees pay TEAM AMOUNT --on DATE``, as given: ``amount`` whole kroner as text
    (``300`` or ``300 kr``), ``on`` the day it was received (YYYY-MM-DD), ``round`` the round
    it is for (default: the team's last), ``note`` (e.g. the bank reference)."""

    team: str | None
    amount: str | None
    on: str | None
    note: str = ""
    round: int | None = None
    dry_run: bool = False


def payment_args(team: str | None, amount: str | None, on: str | None) -> tuple[str, dt.date, str]:
    """(the team, the day, the whole kroner as text) of ``dbf fees pay TEAM AMOUNT --on DATE``; exit 2 on
    what is missing or malformed (§1.5.15: whole kroner above 0)."""
    from ..rules.dates import date_of

    if team is None or amount is None:
        fail(Msg('dbf fees pay needs TEAM and AMOUNT'), hint="dbf fees pay ODE-1 300 --on 2027-01-12", code="usage.missing")
    if on is None:
        fail(Msg('dbf fees pay needs --on DATE, the day the money was received'), code="usage.missing")
    day = date_of(on)
    if day is None:
        fail(Msg('--on {} is not a date (YYYY-MM-DD)', f'{on!r}'), code="usage.option")
    kr = amount.strip().removesuffix("kr").strip()
    if not kr.isascii() or not kr.isdigit() or int(kr) <= 0 or int(kr) > 10**7:
        fail(Msg('AMOUNT {} is not a whole number of kroner above 0', f'{amount!r}'), code="usage.option",
             hint=Msg('fees are whole kroner (§1.5.15); take back a wrong payment with dbf undo'))
    return team, day, kr


def pay(session: Session, payment: Payment) -> Outcome:
    """``dbf fees pay TEAM AMOUNT --on DATE`` (§1.5.15): money received from a cup team, one
    journal entry (``dbf undo`` takes it back); refused for a team not in the cup. ``doc``: the
    payment recorded (or, with ``dry_run``, planned)."""
    return outcome_noting(_pay, session, payment)


def _pay(session: Session, payment: Payment, notes: list[Problem]) -> Outcome:
    from ..rules.cup.fees import rounds_in
    from ..store.cup.results import PAYMENTS, payment_row

    dry_run = payment.dry_run
    team, day, kr = payment_args(payment.team, payment.amount, payment.on)
    snap = session.snap
    store = snap.store
    with store.transaction(session.actor, Msg("{} paid {} kr on {} (§1.5.15)", team, int(kr), day.isoformat()), dry_run,
                           session.lock_timeout) as tx:
        cup, problems = snap.cup(frozenset(("teams", "draws", "records", "payments")))
        notes += refuse(problems)
        if team not in {t.id for t in cup.teams}:
            unknown_cup_team(team)
        rounds = rounds_in(team, cup.draws, [r.match for r in cup.records])
        round_no = payment.round or (rounds[-1] if rounds else 1)
        rows = [*snap.payment_rows(), payment_row(team, int(kr), day, round_no, payment.note)]
        tx.write_yaml(PAYMENTS, {"schema": 1, "payments": rows},
                      header="money received from cup teams (§1.5.15; dbf fees pay)")
        changes = tx.changes()
    doc: dict[str, Any] = {"ok": True, "team": team, "amount_kr": int(kr), "on": day.isoformat(), "round": round_no,
                           "note": payment.note, "dry_run": dry_run,
                           "changes": [{"file": f, "action": a} for f, a in changes]}
    return Outcome(doc=doc, notes=list(notes), written=not dry_run, show="paid")


__all__ = ["Payment", "pay", "payment_args"]
