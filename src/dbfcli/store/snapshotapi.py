"""The snapshot API (issue 13.1): :class:`Snapshot`, the one door through which ``cli/``,
``publish/`` and ``web/`` read season state, lazily, each part once, through the one reader
of each kind of file (the table of :mod:`dbfcli.store.snapshot`, which assembles and checks
the snapshot's values and re-exports this module's names)."""

from __future__ import annotations

from typing import Any, Callable

from ..rules.problems import Problem
from ..rules.seasonstate import CupState
from .season import SeasonStore, StoreError


def _read(reader: Callable[..., Any], *args, empty: Any = None) -> tuple[Any, list[Problem]]:
    """``reader(*args)`` as ``(value, problems)``: an unreadable file (StoreError) is its problems."""
    try:
        out = reader(*args)
    except StoreError as exc:
        return empty, list(exc.problems)
    *values, problems = out if isinstance(out, tuple) else (out, [])
    return (values[0] if len(values) == 1 else tuple(values)), list(problems)


#: the parts of the cup, each one kind of state file
CUP_PARTS = frozenset(("teams", "additions", "withdrawals", "draws", "schedule", "records", "travel", "contacts",
                       "payments"))
#: what the season invariants read
INVARIANT_PARTS = frozenset(("teams", "additions", "withdrawals", "draws", "schedule", "records", "travel"))


#: each part of the cup: (module, reader, what an unreadable file reads as)
_CUP_READERS = {
    "teams": ("teams", "load_cup_teams", ()), "additions": ("cup.results", "load_additions", ()),
    "withdrawals": ("cup.results", "load_withdrawals", ()), "draws": ("cup.draws", "load_draws", ({}, {})),
    "schedule": ("cup.draws", "load_schedule", ({}, {})), "records": ("cup.results", "load_cup_records", []),
    "travel": ("cup.results", "load_travel_claims", []), "contacts": ("cup.results", "load_contacts", {}),
    "payments": ("cup.results", "load_payments", ()),
}

#: the cup parts that a method of their own reads too (``draws()``, ``schedule()``, ...): one
#: read for both (a captain's check asked for the draws twice, through each door)
_SHARED_KEYS = {"teams": ("cup_teams", False), "additions": "additions", "withdrawals": "withdrawals",
                "draws": "draws", "schedule": "schedule", "records": "cup_records", "travel": "travel_claims",
                "contacts": "contacts"}


def _cup_state(part: Callable[[str], Any]) -> CupState:
    """The CupState of the parts ``part(name)`` gives (an unread part: its empty value)."""
    draws, pools = part("draws")
    schedule, where = part("schedule")
    return CupState(teams=tuple(part("teams")), additions=tuple(part("additions")),
                    withdrawals=tuple(part("withdrawals")), draws=draws, pools=pools, schedule=schedule,
                    schedule_where=where, records=tuple(part("records")), travel=tuple(part("travel")),
                    contacts=part("contacts"), paid=tuple(part("payments")))


class Snapshot:
    """The season of one command, read lazily (issue 13.1): the one door through which
    ``cli/``, ``publish/`` and ``web/`` read season state (``tests/test_one_reader.py``).

    Each method reads one kind of state file through its one reader (the table of
    :mod:`dbfcli.store.snapshot`), or one assembly of store (what a command combines from
    several files), the first time it is asked for, and keeps what it read: a command reads only the parts it needs, and each
    of them once. The values are the readers' own (frozen values, tuples); the problem
    lists are copies, so a caller may extend them. A reader that raises (a malformed
    ``season.toml``: :class:`StoreError`, exit 2) raises on every call, as the reader does.

    Consistency: the CLI (``cli/common.load_snapshot``) and ``dbf serve`` hold the season
    lock from before the first read to the end of the command or request (shared for a
    reader, exclusive for a writer), so every part read later belongs to the same season
    state: no write or undo happens in between.
    """

    __slots__ = ("store", "_memo")

    def __init__(self, store: SeasonStore, memo: dict | None = None):
        """``memo``: what an earlier snapshot of the same, unchanged season read (``dbf serve``
        keeps it between requests: store.snapshotcache); else the snapshot starts empty."""
        self.store = store
        self._memo: dict = {} if memo is None else memo

    @property
    def season(self) -> str:
        return self.store.season

    def _once(self, key, reader: Callable[..., Any], *args):
        if key not in self._memo:
            self._memo[key] = reader(self.store, *args)
        return self._memo[key]

    def _pair(self, key, reader: Callable[..., Any], *args):
        """A reader's ``(value..., problems)``, the problems a fresh list."""
        *values, problems = self._once(key, reader, *args)
        return (*values, list(problems))

    # -- season.toml, the cup
    def settings_checked(self):
        """``(Settings, problems)`` of season.toml (store.settings)."""
        from .settings import load_settings_checked

        return self._pair("settings", load_settings_checked)

    def settings(self):
        """The season's Settings; a broken season.toml is a StoreError (exit 2)."""
        settings, problems = self.settings_checked()
        if any(p.is_error for p in problems):
            raise StoreError(problems)
        return settings

    def cup_part(self, name: str) -> tuple[Any, list[Problem]]:
        """One part of the cup (a key of ``CUP_PARTS``) through its reader; never raises."""
        import importlib

        if ("cup", name) not in self._memo:
            module, reader, empty = _CUP_READERS[name]
            fn = getattr(importlib.import_module(f"{__package__}.{module}"), reader)
            shared = _SHARED_KEYS.get(name)
            self._memo[("cup", name)] = _read(fn if shared is None else lambda _: self._once(shared, fn),
                                              self.store, empty=empty)
        value, problems = self._memo[("cup", name)]
        return value, list(problems)

    def cup(self, parts: frozenset[str] = CUP_PARTS) -> tuple[CupState, list[Problem]]:
        """The cup's :class:`CupState` with the ``parts`` named read, the others empty."""
        problems: list[Problem] = []

        def part(name):
            if name not in parts:
                return _CUP_READERS[name][2]
            value, p = self.cup_part(name)
            problems.extend(p)
            return value

        return _cup_state(part), problems

    def cup_teams(self, required: bool = False):
        """``(teams, problems)`` of cup/teams.yaml (store.teams.load_cup_teams)."""
        from .teams import load_cup_teams

        return self._pair(("cup_teams", required), load_cup_teams, required)

    def cup_team_names(self):
        """``(team id -> name, member id -> name, problems)``: the fast summary of cup/teams.yaml."""
        from .teams import load_cup_team_names

        return self._pair("cup_team_names", load_cup_team_names)

    def cup_records(self):
        """``(records, problems)``: every recorded cup sheet and walkover (store.cup.results)."""
        from .cup.results import load_cup_records

        return self._pair("cup_records", load_cup_records)

    def additions(self):
        from .cup.results import load_additions

        return self._pair("additions", load_additions)

    def up_credits(self):
        """The UP credited by every recorded sheet (a summary of cup/matches, §1.5.4)."""
        from .cup.results import load_up_credits

        return self._pair("up_credits", load_up_credits)

    def gp_shares(self):
        """The GP of every recorded sheet (a summary of cup/matches, §1.5.10)."""
        from .cup.results import load_gp_shares

        return self._pair("gp_shares", load_gp_shares)

    def sheet_names(self):
        """Member id -> name of every player named on a recorded sheet (a summary)."""
        from .cup.results import load_sheet_names

        return self._pair("sheet_names", load_sheet_names)

    def draws(self):
        """``(round -> CupDraw, round -> pools, problems)`` (store.cup.draws.load_draws)."""
        from .cup.draws import load_draws

        return self._pair("draws", load_draws)

    def cup_results(self):
        """``(winners, per round UP, rounds with results, problems)`` (store.cup.draws.load_results)."""
        from .cup.draws import load_results

        return self._pair("cup_results", load_results)

    def schedule(self):
        """``(match id -> Agreement, match id -> Where, problems)`` of cup/schedule.yaml."""
        from .cup.draws import load_schedule

        return self._pair("schedule", load_schedule)

    def payment_rows(self) -> list:
        """The rows of cup/payments.yaml as stored (``dbf fees pay`` appends one; the
        payments themselves: the ``payments`` part of :meth:`cup`)."""
        from .cup.results import PAYMENTS

        doc = self.store.read_yaml(PAYMENTS, required=False)
        return list((doc.data or {}).get("payments") or []) if doc is not None else []

    def withdrawals(self):
        """``(withdrawals, problems)`` of cup/withdrawals.yaml (§1.5.11)."""
        from .cup.results import load_withdrawals

        return self._pair("withdrawals", load_withdrawals)

    def travel_claims(self):
        """``(claims, problems)`` of cup/travel/*.yaml (§1.5.17)."""
        from .cup.results import load_travel_claims

        return self._pair("travel_claims", load_travel_claims)

    def team_match_day(self, settings, team: str, round_no: int):
        """The date of ``team``'s match in ``round_no``: agreed, else the official day (§1.5.6)."""
        from .cup.draws import team_match_day

        return team_match_day(self.store, settings, team, round_no)

    def contacts(self):
        from .cup.results import load_contacts

        return self._pair("contacts", load_contacts)

    # -- the divisions
    def division(self, division_id: str):
        """``(Division | None, problems)`` of divisions/DIV.yaml (store.teams.load_division)."""
        from .teams import load_division

        return self._pair(("division", division_id), load_division, division_id)

    def divisions(self):
        """``(division id -> Division, problems)`` of every entered division."""
        from .teams import load_divisions

        return self._pair("divisions", load_divisions)

    def div_results(self, division_id: str):
        """``(results, problems)``: the recorded matches of a division (store.divisions.results)."""
        from .divisions.results import load_div_results

        return self._pair(("div_results", division_id), load_div_results, division_id)

    def frozen(self, division_id: str, settings):
        """``(rounds, teams, problems)`` of divisions/schedule-DIV.yaml (None, None: not frozen)."""
        from .divisions.results import load_frozen

        return self._pair(("frozen", division_id), load_frozen, division_id, settings)

    def season_schedule(self, division, settings):
        """A division's schedule: the frozen one when stored, else the one its entry order gives."""
        from .divisions.results import season_schedule

        return self._once(("season_schedule", division.id), season_schedule, division, settings)

    def vp_scale(self, name: str):
        """``(VPScale | None, problems)``: the season's VP scale (built in or the season's table)."""
        from .divisions.results import load_vp_scale

        return self._pair(("vp_scale", name), load_vp_scale, name)

    def lots(self):
        """``(lots, problems)`` of divisions/lots.yaml (store.divisions.lots)."""
        from .divisions.lots import load_lots

        return self._pair("lots", load_lots)

    # -- systems, the tournaments folder, road distances
    def registry(self):
        """``(registrations, problems)`` of systems/registry.yaml (§2.10)."""
        from .systems import load_registry

        return self._pair("registry", load_registry)

    def draw_commitments(self):
        """``(round -> Commitment, problems)`` of cup/commitments/ (store.drawproof, issue 30)."""
        from .drawproof import load_cup_commitments

        return self._pair("draw_commitments", load_cup_commitments)

    def draw_reveals(self):
        """``(round -> Reveal, problems)``: the proof of each committed draw, its draw as recorded."""
        from .drawproof import load_cup_reveals

        return self._pair("draw_reveals", load_cup_reveals)

    def lot_commitments(self):
        """``(commitments, problems)`` of divisions/lot-commitments.yaml (store.drawproof)."""
        from .drawproof import load_lot_commitments

        return self._pair("lot_commitments", load_lot_commitments)

    def draw_secret(self, subject: str) -> str | None:
        """The secret SEASON/.draw-secrets keeps for a committed draw (never published)."""
        from .drawproof import read_draw_secret

        return read_draw_secret(self.store.dir, subject)

    def recorded_draws(self):
        """Round -> [(match id, teams)] of the recorded draws, read fast (store.cup.draws)."""
        from .cup.draws import recorded_draws

        return self._once("recorded_draws", recorded_draws)

    def pending_lots(self):
        """``(lots the season still needs, problems)`` (store.divisions.lotcheck, §1.1.3.2, §1.1.2.9)."""
        from .divisions.lotcheck import season_pending_lots

        return self._pair("pending_lots", season_pending_lots)

    def journal(self) -> list:
        """The journal's entries, oldest first (store.journal)."""
        from .journal import read_journal

        return self._once("journal", read_journal)

    def captain_files(self, match_id: str, recorded: bool):
        """``(recorded match, sent sheet, pending sheet)`` documents of one match (store.servefiles)."""
        from .servefiles import load_captain_files

        return self._once(("captain_files", match_id, recorded), load_captain_files, match_id, recorded)

    def import_names(self) -> tuple:
        """``(names map, problems)`` of ``imports/names.yaml``: the names a scoring program
        writes, each a member number (store.imports.names; ``dbf result import``, issue 28)."""
        from .imports.names import season_names

        return self._once("import_names", season_names)

    def pending_items(self) -> list:
        """The captains' sheets waiting for the TD, oldest first (store.servefiles)."""
        from .servefiles import load_pending_items

        return list(self._once("pending_items", load_pending_items))

    def division_roster(self) -> dict:
        """Member number -> division (1-3) of every player of an entered division's team
        (``rules.cup.roster.division_players``, §1.5.3), computed once from :meth:`divisions`."""
        from ..rules.cup.roster import division_players

        return self._once("division_roster", lambda store: division_players(self.divisions()[0]))

    def hum_context(self, settings, teams):
        """The registered HUM pairs and the teams seeded as division teams (§1.5.13, §1.5.3),
        from this snapshot's registry and division rosters (store.systems)."""
        from .systems import hum_context

        return hum_context(self, settings, teams)

    def trophy(self):
        """``(finals | None, problems)`` of DIR/trophy.yaml (§1.5.1)."""
        from .cup.trophy import HISTORY, read_history

        return self._pair("trophy", lambda store: read_history(store.root / HISTORY))

    def trophy_teams(self) -> dict[str, str]:
        """Season -> the winning team's name (the optional ``team:`` of DIR/trophy.yaml rows)."""
        from .cup.trophy import read_teams

        return self._once("trophy_teams", read_teams)

    def clubs(self):
        """``(club number -> name, venue postcode -> street, problems)`` of DIR/clubs.yaml."""
        from .clubs import load_clubs

        return self._pair("clubs", load_clubs)

    def road_table(self):
        """``(PostcodeTable with the season's distances.csv, problems)`` (§1.5.4)."""
        from .geodata import road_table

        return self._pair("road", road_table)

    # -- assemblies of store (each reads several files, the lock held)
    def cup_field(self, settings):
        """``(teams, entry rounds, clubs, pools, problems)``: who plays the cup (store.cup.field)."""
        from .cup.field import cup_field

        return cup_field(self.store, settings)

    def fee_state(self, settings, day):
        """The cup's fee ledgers on ``day`` (store.cup.fees, §1.5.15)."""
        from .cup.fees import FEE_PARTS, fee_state

        cup, problems = self.cup(FEE_PARTS)
        return fee_state(cup, settings, day, problems)

    def scheduled(self, settings, round_no: int):
        """``(draw, scheduled matches, problems)`` of a drawn cup round (store.cup.schedule)."""
        from .cup.schedule import scheduled

        return scheduled(self, settings, round_no)

    def deadline_sources(self, settings, now):
        """``(sources, notes, warnings)`` of ``dbf deadlines`` (store.deadlinesources)."""
        from .deadlinesources import collect

        return collect(self, settings, now)

    def east(self):
        """``(EastFile | None, problems)``: the east qualification tournament (§1.1.5.2)."""
        from .divisions.playoff import load_east

        return self._pair("east", load_east)

    def west(self):
        """``(Kreds IV's teams | None, problems)`` (§1.1.5.2)."""
        from .divisions.playoff import load_west

        return self._pair("west", load_west)

    def refreeze_refusal(self, division_id: str):
        """Why a stored schedule may not be replaced (a result is recorded), or None."""
        from .divisions.results import refreeze_refusal

        return refreeze_refusal(self.store, division_id)

    def playoff(self):
        """``(PlayoffFile, problems)`` of divisions/playoff.yaml (store.divisions.playoff)."""
        from .divisions.playoff import load_playoff

        return self._pair("playoff", load_playoff)

    def playoff_state(self, **kw):
        """The play-off as ``dbf playoff`` shows it (store.divisions.playoffstate)."""
        from .divisions.playoffstate import playoff_state

        return playoff_state(self.store, **kw)


def as_snapshot(season: "SeasonStore | Snapshot") -> Snapshot:
    """``season`` as a :class:`Snapshot` (a store is wrapped in one)."""
    return season if isinstance(season, Snapshot) else Snapshot(season)
