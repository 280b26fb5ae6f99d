"""Cup fees: round fees, additions, joined substitutes, walkover fines
(§1.5.11, §1.5.12, §1.5.14, §1.5.15).

- §1.5.15: the fee is an amount per player per round
  (``CupSettings.fee_per_player_round_kr``). A team's first round (round 1,
  or its entry round §1.5.3) is paid with the entry; every later round with
  the sheet of the match won before it (§1.5.14).
- §1.5.11: an added player pays from the round he enters, and every later round.
- §1.5.12: a substitute who joins (second appearance) pays from the round he
  first substituted.
- §1.5.15: a team that withdraws without playing pays a fine equal to its
  opponents' fee for that round; the opponents advance and pay no fee for
  the next round.
- §1.5.17, §7.2, §1.5.4: recorded travel claims (``dbf travel claim``) are
  refunds DBF owes the team; they are listed apart (``refunds_kr``) and do not
  change the fee balance; ``net_kr`` = balance - refunds.

Readings (docs/readings/sheets.md): a team owes the fee for every round it is
in (drawn into a match or given a bye, or, before the draw, having won the
round before); the number of players is counted per round. §1.5.3: not for a
round it holds a bye in because it is seeded into the next (docs/readings/seeded-fees.md).

>>> from .model import Player, Team
>>> t = Team("A", "A", 1, 10, "5000", tuple(Player(i, str(i)) for i in (1, 2, 3, 4)))
>>> team_players_in_round(t, 3, (), ())
4
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Callable, Iterable, Mapping

from ..model import LAST_ROUND, CupDraw, Team
from ..problems import Msg, Problem, Where
from .records import Addition, Join, RecordedMatch, Withdrawal
from ..value import Value


class Payment(Value):
    """Money received from ``team`` towards round ``round`` (e.g. enclosed with a sheet, or
    recorded by ``dbf fees pay`` with the day ``on`` it was received)."""

    team: str
    round: int
    amount_kr: int
    source: str = ""
    on: dt.date | None = None


class Refund(Value):
    """A recorded travel claim (§1.5.17, §7.2) with overnight allowance (§1.5.4):
    DBF owes ``team`` ``amount_kr`` for travelling to ``match`` in ``round``."""

    team: str
    round: int
    match: str
    amount_kr: int
    persons: int = 0
    note: str = ""
    #: the state file it was read from (``cup/travel/C7-001-KBH-3.yaml``), named by its problems
    file: str = ""


class FeeRow(Value):
    """One line of a team's ledger. ``kind``: ``fee`` (round fee, §1.5.15),
    ``waived`` (advanced by walkover, §1.5.15), ``fine`` (withdrew, §1.5.15),
    ``paid`` (a payment; ``amount_kr`` is what was received), ``refund`` (a travel
    claim DBF pays the team, §1.5.17)."""

    round: int
    kind: str
    players: int
    amount_kr: int
    note: str = ""


class TeamLedger(Value):
    team: str
    rows: tuple[FeeRow, ...] = ()

    @property
    def owed_kr(self) -> int:
        """Round fees due (waived rounds are 0)."""
        return sum(r.amount_kr for r in self.rows if r.kind == "fee")

    @property
    def fines_kr(self) -> int:
        return sum(r.amount_kr for r in self.rows if r.kind == "fine")

    @property
    def paid_kr(self) -> int:
        return sum(r.amount_kr for r in self.rows if r.kind == "paid")

    @property
    def balance_kr(self) -> int:
        """What the team still owes in fees and fines (negative: paid too much)."""
        return self.owed_kr + self.fines_kr - self.paid_kr

    @property
    def refunds_kr(self) -> int:
        """Travel refunds and overnight allowance DBF owes the team (§1.5.17, §1.5.4)."""
        return sum(r.amount_kr for r in self.rows if r.kind == "refund")

    @property
    def net_kr(self) -> int:
        """Fee balance less refunds: positive, the team pays DBF; negative, DBF pays the team."""
        return self.balance_kr - self.refunds_kr

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "owed_kr": self.owed_kr, "paid_kr": self.paid_kr, "fines_kr": self.fines_kr,
                "balance_kr": self.balance_kr, "refunds_kr": self.refunds_kr, "net_kr": self.net_kr,
                "rows": [{"round": r.round, "kind": r.kind, "players": r.players, "amount_kr": r.amount_kr,
                          "note": r.note} for r in self.rows]}


def team_players_in_round(team: Team, round_no: int, additions: Iterable[Addition], joins: Iterable[Join],
                          withdrawals: Iterable[Withdrawal] = ()) -> int:
    """§1.5.11, §1.5.12: players a team pays for in ``round_no``: its roster, the
    additions from their round on, joined substitutes from their first round, less the
    players the TD withdrew from their round on (``dbf cup withdraw-player``)."""
    from .records import withdrawn_from

    ids = set(team.player_ids)
    ids |= {a.player.id for a in additions if a.team == team.id and a.round <= round_no}
    ids |= {j.player for j in joins if j.team == team.id and j.first_round <= round_no}
    return len(ids - withdrawn_from(withdrawals, team.id, round_no))


def rounds_in(team_id: str, draws: Mapping[int, CupDraw], recorded: Iterable[RecordedMatch]) -> list[int]:
    """The rounds ``team_id`` is in: drawn (match or bye by lot), and the next round after a
    win or a bye while no later round is drawn yet (a round without matches is skipped
    by the draw, so the next round is "the next one drawn"). §1.5.3 with §1.5.15: a round in
    which the team holds a bye because it is seeded into the next round is not one of them
    (:meth:`CupDraw.seeded_bye`, docs/readings/seeded-fees.md): it enters, and pays, from the next.

    >>> d = {1: CupDraw(1, 0, (), byes=("A",))}
    >>> rounds_in("A", d, ()), rounds_in("A", {**d, 3: CupDraw(3, 0, (), byes=("A",))}, ())
    ([1, 2], [1, 3, 4])
    >>> rounds_in("S", {3: CupDraw(3, 0, (), byes=("S", "B"), drawn_order=("B",))}, ())
    [4]
    """
    rounds: set[int] = set()
    last_drawn = max(draws, default=0)
    for r, d in draws.items():
        if d.seeded_bye(team_id):
            if r == last_drawn and r < LAST_ROUND:
                rounds.add(r + 1)
        elif team_id in d.byes or any(team_id in m.teams for m in d.matches):
            rounds.add(r)
            if team_id in d.byes and r == last_drawn and r < LAST_ROUND:
                rounds.add(r + 1)
    for m in recorded:
        if m.winner == team_id and m.round == last_drawn and m.round < LAST_ROUND:
            rounds.add(m.round + 1)
    return sorted(rounds)


def next_round_fee(team: Team, round_no: int, fee_kr: int, additions: Iterable[Addition] = (),
                   joins: Iterable[Join] = (), walkover: bool = False,
                   withdrawals: Iterable[Withdrawal] = ()) -> FeeRow:
    """§1.5.14/§1.5.15: the fee ``team`` encloses with the sheet of its win in
    ``round_no``: players x fee for round ``round_no + 1``, 0 after a walkover.

    >>> from .model import Player, Team
    >>> t = Team("A", "A", 1, 10, "5000", tuple(Player(i, str(i)) for i in (1, 2, 3, 4, 5)))
    >>> next_round_fee(t, 2, 60)
    FeeRow(round=3, kind='fee', players=5, amount_kr=300, note='round fee with the sheet of round 2')
    >>> next_round_fee(t, 2, 60, walkover=True).amount_kr
    0
    """
    n = team_players_in_round(team, round_no + 1, additions, joins, withdrawals)
    if walkover:
        return FeeRow(round_no + 1, "waived", n, 0, Msg('advanced by walkover in round {} (§1.5.15)', round_no))
    return FeeRow(round_no + 1, "fee", n, n * fee_kr, Msg('round fee with the sheet of round {}', round_no))


#: what decides a team's players in a round: its additions, joined substitutes, withdrawals
_Players = tuple[tuple[Addition, ...], tuple[Join, ...], tuple[Withdrawal, ...]]


def _round_fees(team: Team, fee_kr: int, draws: Mapping[int, CupDraw], recorded: tuple[RecordedMatch, ...], entry_paid: bool,
                players: _Players) -> list[FeeRow]:
    """§1.5.15: the fee of each round the team plays (waived after a walkover win, the first
    paid with the entry for the players entered); §1.5.14 the others due with the sheet."""
    additions, joins, withdrawals = players
    rows: list[FeeRow] = []
    walkover_wins = {m.round for m in recorded if m.kind == "walkover" and m.winner == team.id}
    in_rounds = rounds_in(team.id, draws, recorded)
    for i, r in enumerate(in_rounds):
        n = team_players_in_round(team, r, additions, joins, withdrawals)
        prev = in_rounds[i - 1] if i else None
        if prev in walkover_wins:
            rows.append(FeeRow(r, "waived", n, 0, Msg('advanced by walkover in round {} (§1.5.15)', prev)))
            continue
        note = Msg('paid with the entry (§1.5.15)') if i == 0 else Msg('due with the sheet of round {} '
                                                                  '(§1.5.14)', prev)
        rows.append(FeeRow(r, "fee", n, n * fee_kr, note))
        if i == 0 and entry_paid:   # §1.5.15: the players entered; §1.5.11: an addition pays its own fee
            entered = len(team.player_ids)
            rows.append(FeeRow(r, "paid", entered, entered * fee_kr, Msg('with the entry')))
    return rows


def _walkover_fines(team: Team, fee_kr: int, recorded: tuple[RecordedMatch, ...], teams: Mapping[str, Team],
                    players: _Players) -> list[FeeRow]:
    """§1.5.15: a team that withdrew pays its opponents' fee for the round."""
    additions, joins, withdrawals = players
    rows = []
    for m in recorded:
        if m.kind == "walkover" and m.loser == team.id and m.winner in teams:
            n = team_players_in_round(teams[m.winner or ""], m.round, additions, joins, withdrawals)
            rows.append(FeeRow(m.round, "fine", n, n * fee_kr,
                               Msg("withdrew from {}: the opponents' fee for the round (§1.5.15)", m.match)))
    return rows


def team_ledger(team: Team, fee_kr: int, draws: Mapping[int, CupDraw], recorded: Iterable[RecordedMatch],
                teams: Mapping[str, Team], additions: Iterable[Addition] = (), joins: Iterable[Join] = (),
                payments: Iterable[Payment] = (), entry_paid: bool = True,
                refunds: Iterable[Refund] = (), withdrawals: Iterable[Withdrawal] = ()) -> TeamLedger:
    """§1.5.11, §1.5.12, §1.5.15: one team's ledger; §1.5.17 its travel refunds.

    ``entry_paid``: the first round's fee was paid with the entry (§1.5.15;
    the secretariat takes it with the registration) -- for the players entered, not for a
    player added before the first match (§1.5.11: "Der betales rundegebyr for nye spillere"),
    whose fee is still owed."""
    recorded = tuple(recorded)
    players = (tuple(additions), tuple(joins), tuple(withdrawals))
    rows = _round_fees(team, fee_kr, draws, recorded, entry_paid, players)
    rows += _walkover_fines(team, fee_kr, recorded, teams, players)
    rows += [FeeRow(p.round, "paid", 0, p.amount_kr, p.source) for p in payments if p.team == team.id]
    rows += [FeeRow(f.round, "refund", f.persons, f.amount_kr, f.note or Msg("travel to {} (§1.5.17)", f.match))
             for f in refunds if f.team == team.id]
    rows.sort(key=lambda r: (r.round, ("fee", "waived", "fine", "paid", "refund").index(r.kind)))
    return TeamLedger(team.id, tuple(rows))


def ledgers(teams: Mapping[str, Team], fee_kr: int, draws: Mapping[int, CupDraw], recorded: Iterable[RecordedMatch],
            additions: Iterable[Addition] = (), joins: Iterable[Join] = (), payments: Iterable[Payment] = (),
            entry_paid: bool = True, refunds: Iterable[Refund] = (), withdrawals: Iterable[Withdrawal] = ()
            ) -> dict[str, TeamLedger]:
    """Every team's ledger, by team id."""
    recorded, additions, joins, payments = tuple(recorded), tuple(additions), tuple(joins), tuple(payments)
    refunds = tuple(refunds)
    withdrawals = tuple(withdrawals)
    return {tid: team_ledger(t, fee_kr, draws, recorded, teams, additions, joins, payments, entry_paid, refunds,
                             withdrawals)
            for tid, t in teams.items()}


class FeeDue(Value):
    """One charge of a team's ledger with its §1.5.15 date: ``kind`` ``fee`` or ``fine``,
    ``due`` (None: undated), ``outstanding_kr`` after the team's payments, oldest charge first."""

    team: str
    round: int
    kind: str
    amount_kr: int
    due: dt.datetime | None
    outstanding_kr: int
    how: str = ""     # how to pay it when no sheet carries it (after a bye, :func:`bye_fee_how`)

    def overdue(self, now: dt.datetime) -> bool:
        return self.outstanding_kr > 0 and self.due is not None and self.due < now

    def to_json(self, now: dt.datetime) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "amount_kr": self.amount_kr,
                "due": self.due.isoformat() if self.due else None, "outstanding_kr": self.outstanding_kr,
                "overdue": self.overdue(now), "how": self.how}


#: ``start_of(round, match id or None)``: a match's start (agreed, else the official day; None: undated)
StartOf = Callable[[int, str | None], dt.datetime | None]


def fee_due_times(team_id: str, in_rounds: list[int], draws: Mapping[int, CupDraw], start_of: StartOf, hours: int
                  ) -> dict[int, dt.datetime | None]:
    """§1.5.15 with §1.5.14 (reading, docs/readings/sheets.md): when ``team_id``'s fee for
    each round it is in is due. ``start_of(round, match id or None)``: the match's start
    (agreed, else the official day at the start time; None: undated).

    - its first round (the entry round, §1.5.3): with the entry, so before play: the start of
      its match of that round (a player added for that round pays by then, §1.5.11);
    - a later round: with the sheet of its match of the round before, ``hours`` after the end
      of play (§1.5.14); after a **bye** there is no sheet: the same time after the end of
      play on that round's official day (``start_of(round, None)``)."""
    from ..sheet.scores import match_boards, sheet_due

    def match_of(r: int) -> str | None:
        d = draws.get(r)
        return next((m.id for m in d.matches if team_id in m.teams), None) if d else None

    out: dict[int, dt.datetime | None] = {}
    for i, r in enumerate(in_rounds):
        if i == 0:
            out[r] = start_of(r, match_of(r))
            continue
        prev = in_rounds[i - 1]
        out[r] = sheet_due(start_of(prev, match_of(prev)), match_boards(prev), hours)
    return out


def after_bye(team_id: str, in_rounds: list[int], draws: Mapping[int, CupDraw]) -> dict[int, int]:
    """Round -> the round before it in which ``team_id`` had a bye: the fee of that round has no
    sheet to be enclosed with (§1.5.14/§1.5.15; the team's first round is paid with the entry).

    >>> d = {2: CupDraw(2, 0, (), byes=("A",), drawn_order=("A",))}
    >>> after_bye("A", [1, 2, 3], d)
    {3: 2}
    """
    out = {}
    for prev, r in zip(in_rounds, in_rounds[1:]):
        d = draws.get(prev)
        if d is not None and team_id in d.byes:
            out[r] = prev
    return out


def bye_fee_how(team_id: str, round_no: int, bye_round: int, amount_kr: int) -> str:
    """§1.5.15 (reading, docs/readings/sheets.md): how a fee due after a bye is paid -- there
    is no sheet to enclose it with, so it is paid to DBF's secretariat as round 1's fee is,
    by the time the round's sheets are due, and the TD records it."""
    return Msg("{} had a bye in round {}, so no sheet carries its round {} fee: pay {} kr to DBF's secretariat "
               "by the date due, as the entry fee is paid (§1.5.15); the TD records it with dbf fees pay {} {} "
               "--on DATE", team_id, bye_round, round_no, amount_kr, team_id, amount_kr)


def fine_due_times(walkovers_lost: Mapping[int, str], start_of: StartOf, hours: int) -> dict[int, dt.datetime | None]:
    """§1.5.15 (reading): a walkover fine (round -> the match withdrawn from) is due when the
    match's sheet would have been, ``hours`` after the end of play of its start."""
    from ..sheet.scores import match_boards, sheet_due

    out: dict[int, dt.datetime | None] = {}
    for r, mid in walkovers_lost.items():
        out[r] = sheet_due(start_of(r, mid), match_boards(r), hours)
    return out


def outstanding(ledger: TeamLedger, due_times: Mapping[int, dt.datetime | None],
                fine_due: Mapping[int, dt.datetime | None] = {}, byes: Mapping[int, int] = {}) -> list[FeeDue]:
    """§1.5.15: the team's charges (round fees, walkover fines) each with its date and what
    is still owed of it: the payments (with the entry, enclosed with sheets, `dbf fees pay`)
    settle the oldest charges first. A fee enclosed short leaves the rest outstanding. ``byes``
    (:func:`after_bye`): a fee after a bye says how it is paid (:func:`bye_fee_how`).

    >>> led = TeamLedger("A", (FeeRow(1, "fee", 4, 240), FeeRow(1, "paid", 4, 240), FeeRow(2, "fee", 4, 240),
    ...                        FeeRow(2, "paid", 0, 120)))
    >>> [(d.round, d.outstanding_kr) for d in outstanding(led, {})]
    [(1, 0), (2, 120)]
    """
    far = dt.datetime.max
    charges = [r for r in ledger.rows if r.kind in ("fee", "fine") and r.amount_kr > 0]
    dues = [(due_times.get(r.round) if r.kind == "fee" else fine_due.get(r.round)) for r in charges]
    order = sorted(range(len(charges)), key=lambda i: (dues[i] or far, charges[i].round))
    left = ledger.paid_kr
    out = []
    for i in order:
        r = charges[i]
        covered = min(max(left, 0), r.amount_kr)
        left -= covered
        how = bye_fee_how(ledger.team, r.round, byes[r.round], r.amount_kr) \
            if r.kind == "fee" and r.round in byes else ""
        out.append(FeeDue(ledger.team, r.round, r.kind, r.amount_kr, dues[i], r.amount_kr - covered, how))
    return out


def walkover(match_id: str, round_no: int, teams: tuple[str, str], withdrawn: str
             ) -> tuple[RecordedMatch | None, list[Problem]]:
    """§1.5.15: the recorded walkover: the other team advances, ``withdrawn`` is out.

    >>> walkover("C1-001", 1, ("A", "B"), "A")[0].winner
    'B'
    >>> walkover("C1-001", 1, ("A", "B"), "C")[1][0].message
    'C does not play C1-001 (A v B)'
    """
    if withdrawn not in teams:
        return None, [Problem.error(None, Msg('{} does not play {} ({} v {})', withdrawn, match_id, teams[0],
                                              teams[1]), code="unknown.team")]
    winner = teams[1] if withdrawn == teams[0] else teams[0]
    return RecordedMatch(match_id, round_no, teams[0], teams[1], winner, withdrawn, "walkover"), []


def check_enclosed(team_id: str, row: FeeRow, paid_kr: int | None, where: Where | None = None) -> list[Problem]:
    """§1.5.14/§1.5.15: the fee enclosed with the sheet (``fee_paid_kr``) against what is due.
    Nothing is said when the sheet does not state it.

    >>> row = FeeRow(3, "fee", 5, 300)
    >>> [p.rule for p in check_enclosed("A", row, 240)], check_enclosed("A", row, 300)
    (['1.5.15'], [])
    """
    if paid_kr is None or row.kind != "fee" or paid_kr >= row.amount_kr:
        return []
    return [Problem.warning(
        "1.5.15", Msg('{} encloses {} kr; {} kr are due for round {} ({} players x {} kr)', team_id, paid_kr,
                      row.amount_kr, row.round, row.players, row.amount_kr // max(row.players, 1)), where,
        code="fees.amount")]


class DivisionFee(Value):
    """§1.1.1.3: a division team's entry fee = a base amount per team + a per-team
    contribution to the travel refund pool, both paid with the registration."""

    team: str
    base_kr: int
    travel_pool_kr: int

    @property
    def total_kr(self) -> int:
        return self.base_kr + self.travel_pool_kr


def division_fees(team_ids: Iterable[str], base_kr: int, travel_pool_kr: int) -> tuple[list[DivisionFee], int]:
    """Each team's §1.1.1.3 entry fee, and what the division pays into the travel refund pool.

    >>> fees, pool = division_fees(["A", "B"], 2500, 1500)
    >>> [f.total_kr for f in fees], pool
    ([4000, 4000], 3000)
    """
    fees = [DivisionFee(t, base_kr, travel_pool_kr) for t in team_ids]
    return fees, sum(f.travel_pool_kr for f in fees)
