"""The season snapshot's values (issue 13.1): frozen, keyword-only records of what the
season folder holds. ``store/snapshot.py`` reads them (one reader per kind of file); rules
(:mod:`dbfcli.rules.invariants`, :mod:`dbfcli.rules.cup.matchstate`) take them.

>>> cup = CupState(teams=(), draws={})
>>> cup.drawn_match("C1-001") is None, cup.payments
(True, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .value import Value

if TYPE_CHECKING:
    import datetime

    from .cup.fees import Payment, Refund
    from .cup.home import Agreement
    from .cup.records import Addition, Withdrawal
    from .cup.trophy import Final
    from .divisions.playoff import PlayoffResult
    from .divisions.roundrobin import Round
    from .divisions.standings import DivResult
    from .divisions.vp import VPScale
    from .lots import DrawnLot
    from .model import CupDraw, CupMatch, Division, Team
    from .problems import Where
    from .settings import Settings

#: a recorded cup sheet or walkover (``store.cup.results.CupRecord``: the store's value, read by
#: rules through its fields ``match``, ``winner``, ``fee_paid``, ``rel``, ...)
CupRecord = Any


class CupState(Value, kw_only=True):
    """The cup of one season, as recorded."""

    teams: "tuple[Team, ...]" = ()
    additions: "tuple[Addition, ...]" = ()          # §1.5.11
    withdrawals: "tuple[Withdrawal, ...]" = ()      # §1.5.11, dbf cup withdraw-player
    draws: "dict[int, CupDraw]" = {}                # round -> its draw (§1.5.16)
    pools: "dict[int, dict[str, str]]" = {}         # round -> {team: pool} (§1.5.2, rounds 1-2)
    schedule: "dict[str, Agreement]" = {}           # match id -> agreement (§1.5.6, §1.5.8)
    schedule_where: "dict[str, Where]" = {}         # match id -> where it was read
    records: "tuple[CupRecord, ...]" = ()           # results and walkovers
    travel: "tuple[Refund, ...]" = ()               # travel claims (§1.5.17)
    paid: "tuple[Payment, ...]" = ()                # recorded by `dbf fees pay` (§1.5.15)
    contacts: dict[str, str] = {}                   # member id -> e-mail

    def team(self, team_id: str) -> "Team | None":
        return next((t for t in self.teams if t.id == team_id), None)

    def drawn_match(self, match_id: str) -> "CupMatch | None":
        """The drawn match of that id in any recorded draw, else None."""
        for d in self.draws.values():
            m = d.match(match_id)
            if m is not None:
                return m
        return None

    def record(self, match_id: str) -> "CupRecord | None":
        return next((r for r in self.records if r.match.match == match_id), None)

    @property
    def payments(self) -> "tuple[Payment, ...]":
        """Fees enclosed with recorded sheets (§1.5.14) and paid apart (`dbf fees pay`), as :class:`dbfcli.rules.cup.fees.Payment`."""
        from .cup.fees import Payment
        from .problems import Msg

        return tuple(Payment(t, r.match.round + 1, kr, Msg("enclosed with the sheet of {}", r.match.match))
                     for r in self.records for t, kr in r.fee_paid.items()) + tuple(self.paid)


class DivisionState(Value, kw_only=True):
    """One division: its teams, its frozen schedule (None until frozen), its recorded matches."""

    id: str
    division: "Division | None" = None
    frozen: "tuple[Round, ...] | None" = None       # as stored in divisions/schedule-DIV.yaml
    frozen_teams: tuple[str, ...] | None = None
    schedule_unreadable: bool = False  # divisions/schedule-DIV.yaml is there but cannot be read
    results: "tuple[DivResult, ...]" = ()


class PlayoffRecord(Value, kw_only=True):
    """``divisions/playoff.yaml`` as recorded: the choice (§1.1.2.8), the seed of its lots, and
    each match's teams and result (§1.1.2.7, §1.1.4.2), with the place of each."""
    seed: int | None = None
    results_known_on: "datetime.date | None" = None
    choice: str | None = None
    chosen_on: "datetime.date | None" = None
    results: "dict[str, tuple[tuple[str, str], PlayoffResult]]" = {}   # match id -> (teams, result)
    wheres: "dict[str, Where]" = {}   # match id, and "choice" -> Where
    where: "Where | None" = None      # the file's Where


class StandingsState(Value, kw_only=True):
    """What the play-off and the lots are checked against (the standings invariants of
    :mod:`dbfcli.rules.invariants`): the divisions, the VP scale, the lots and the play-off."""
    divisions: dict[str, DivisionState] = {}
    scale: "VPScale | None" = None    # None: the built-in WBF 20-VP scale
    lots: "tuple[DrawnLot, ...]" = ()  # as recorded in divisions/lots.yaml
    lot_wheres: "tuple[Where, ...]" = ()  # the place of each lot
    playoff: PlayoffRecord | None = None


class Season(Value, kw_only=True):
    """The whole season folder as values."""

    season: str
    settings: "Settings"
    cup: CupState
    divisions: dict[str, DivisionState]
    systems: tuple[Any, ...] = ()     # store.systems.Registration (§2.10)
    trophy: "tuple[Final, ...]" = ()  # §1.5.1, DIR/trophy.yaml
