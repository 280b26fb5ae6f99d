"""The season snapshot's values (issue 13.1): frozen, keyword-only records of what the
season folder holds. ``store/snapshot.py`` reads them (one reader per kind of file); rules
(:mod:`dbfcli.rules.invariants`, :mod:`dbfcli.rules.cup.matchstate`) take them.

>>> cup = CupState(teams=(), draws={})
>>> cup.drawn_match("C1-001") is None, cup.payments
(True, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .value import Value

if TYPE_CHECKING:
    from .model import CupMatch, Division, Team
    from .settings import Settings


class CupState(Value, kw_only=True):
    """The cup of one season, as recorded."""

    teams: tuple = ()                 # Team
    additions: tuple = ()             # Addition (§1.5.11)
    withdrawals: tuple = ()           # Withdrawal (§1.5.11, dbf cup withdraw-player)
    draws: dict = {}                  # round -> CupDraw (§1.5.16)
    pools: dict = {}                  # round -> {team: pool} (§1.5.2, rounds 1-2)
    schedule: dict = {}               # match id -> Agreement (§1.5.6, §1.5.8)
    schedule_where: dict = {}         # match id -> Where
    records: tuple = ()               # CupRecord: results and walkovers
    travel: tuple = ()                # Refund: travel claims (§1.5.17)
    paid: tuple = ()                  # Payment recorded by `dbf fees pay` (§1.5.15)
    contacts: dict = {}               # member id -> e-mail

    def team(self, team_id: str) -> "Team | None":
        return next((t for t in self.teams if t.id == team_id), None)

    def drawn_match(self, match_id: str) -> "CupMatch | None":
        """The drawn match of that id in any recorded draw, else None."""
        for d in self.draws.values():
            m = d.match(match_id)
            if m is not None:
                return m
        return None

    def record(self, match_id: str) -> "object | None":
        return next((r for r in self.records if r.match.match == match_id), None)

    @property
    def payments(self) -> tuple:
        """Fees enclosed with recorded sheets (§1.5.14) and paid apart (`dbf fees pay`), as :class:`dbfcli.rules.cup.fees.Payment`."""
        from .cup.fees import Payment
        from .problems import Msg

        return tuple(Payment(t, r.match.round + 1, kr, Msg("enclosed with the sheet of {}", r.match.match))
                     for r in self.records for t, kr in r.fee_paid.items()) + tuple(self.paid)


class DivisionState(Value, kw_only=True):
    """One division: its teams, its frozen schedule (None until frozen), its recorded matches."""

    id: str
    division: "Division | None" = None
    frozen: tuple | None = None       # Round, as stored in divisions/schedule-DIV.yaml
    frozen_teams: tuple | None = None
    schedule_unreadable: bool = False  # divisions/schedule-DIV.yaml is there but cannot be read
    results: tuple = ()               # DivResult


class PlayoffRecord(Value, kw_only=True):
    """``divisions/playoff.yaml`` as recorded: the choice (§1.1.2.8), the seed of its lots, and
    each match's teams and result (§1.1.2.7, §1.1.4.2), with the place of each."""
    seed: int | None = None
    results_known_on: object = None   # datetime.date
    choice: str | None = None
    chosen_on: object = None          # datetime.date
    results: dict = {}                # match id -> ((team, team), PlayoffResult)
    wheres: dict = {}                 # match id, and "choice" -> Where
    where: object = None              # the file's Where


class StandingsState(Value, kw_only=True):
    """What the play-off and the lots are checked against (the standings invariants of
    :mod:`dbfcli.rules.invariants`): the divisions, the VP scale, the lots and the play-off."""
    divisions: dict = {}              # division id -> DivisionState
    scale: object = None              # VPScale; None: the built-in WBF 20-VP scale
    lots: tuple = ()                  # DrawnLot, as recorded in divisions/lots.yaml
    lot_wheres: tuple = ()            # the place of each lot
    playoff: PlayoffRecord | None = None


class Season(Value, kw_only=True):
    """The whole season folder as values."""

    season: str
    settings: "Settings"
    cup: CupState
    divisions: dict                   # division id -> DivisionState
    systems: tuple = ()               # Registration (§2.10)
    trophy: tuple = ()                # Final (§1.5.1), DIR/trophy.yaml
