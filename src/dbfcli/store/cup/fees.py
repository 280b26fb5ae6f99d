"""The cup's fee ledgers with their §1.5.15 dates, read from the season for `dbf fees` and
`dbf deadlines`: teams, draws, agreed dates, recorded matches, additions, withdrawals, travel
claims and payments (enclosed with sheets, `dbf fees pay`). The ledgers and dates are decided
by :mod:`dbfcli.rules.cup.fees`."""

from __future__ import annotations

import datetime as dt

from ...rules.value import Value


class FeeState(Value, kw_only=True):
    """``ledgers``: team id -> TeamLedger; ``dues``: team id -> [FeeDue] (oldest first);
    ``refunds``: the travel claims; ``problems``: of the files read."""

    ledgers: dict = {}
    dues: dict = {}
    refunds: tuple = ()
    problems: tuple = ()


#: the parts of the cup the ledgers are made of (:meth:`dbfcli.store.snapshot.Snapshot.cup`)
FEE_PARTS = frozenset(("teams", "additions", "withdrawals", "draws", "schedule", "records", "travel", "payments"))


def fee_state(cup, settings, today: dt.date | None = None, problems=()) -> FeeState:
    """Every team's ledger and charges from the snapshot's ``cup`` (its parts ``FEE_PARTS``
    read; ``problems``: of reading them); payments recorded after ``today`` are left out."""
    from ...rules.cup.fees import after_bye, fee_due_times, fine_due_times, ledgers, outstanding, rounds_in
    from ...rules.cup.home import match_start

    teams = {t.id: t for t in cup.teams}
    records = sorted(cup.records, key=lambda r: (r.match.round, r.match.match))
    matches = [r.match for r in records]
    payments = [p for p in cup.payments if today is None or p.on is None or p.on <= today]
    joins = [j for r in records for j in r.joins]
    fee = settings.cup.fee_per_player_round_kr
    all_ = ledgers(teams, fee, cup.draws, matches, cup.additions, joins, payments, refunds=cup.travel,
                   withdrawals=cup.withdrawals)

    def start_of(round_no, match_id):
        return match_start(round_no, settings.cup, cup.schedule.get(match_id) if match_id else None)

    hours = settings.cup.sheet_deadline_hours
    dues = {}
    for tid, led in all_.items():
        in_rounds = rounds_in(tid, cup.draws, matches)
        times = fee_due_times(tid, in_rounds, cup.draws, start_of, hours)
        lost = {m.round: m.match for m in matches if m.kind == "walkover" and m.loser == tid}
        dues[tid] = outstanding(led, times, fine_due_times(lost, start_of, hours), after_bye(tid, in_rounds, cup.draws))
    return FeeState(ledgers=all_, dues=dues, refunds=tuple(cup.travel), problems=tuple(problems))
