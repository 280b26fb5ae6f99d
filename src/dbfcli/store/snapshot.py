"""The season as one typed snapshot (issue 13.1): every kind of state file read by exactly
one reader, assembled into frozen, keyword-only values.

=========================  =====================================  ==========================
state file                 the one reader                         in the snapshot
=========================  =====================================  ==========================
season.toml                store.settings.load_settings_checked   ``Season.settings``
cup/teams.yaml             store.teams.load_cup_teams              ``CupState.teams``
cup/additions.yaml         store.cup.results.load_additions         ``CupState.additions``
cup/withdrawals.yaml       store.cup.results.load_withdrawals       ``CupState.withdrawals``
cup/contacts.yaml          store.cup.results.load_contacts          ``CupState.contacts``
cup/draws/round-NN.yaml    store.cup.draws.load_draws                ``CupState.draws``, ``pools``
cup/schedule.yaml          store.cup.draws.load_schedule             ``CupState.schedule``
cup/matches/*.yaml         store.cup.results.load_cup_records       ``CupState.records``
cup/travel/*.yaml          store.cup.results.load_travel_claims     ``CupState.travel``
cup/payments.yaml          store.cup.results.load_payments          ``CupState.paid``
divisions/DIV.yaml         store.teams.load_division               ``DivisionState.division``
divisions/schedule-*.yaml  store.divisions.results.load_frozen            ``DivisionState.frozen``
divisions/matches/*.yaml   store.divisions.results.load_div_results       ``DivisionState.results``
systems/registry.yaml      store.systems.load_registry             ``Season.systems``
DIR/trophy.yaml            store.cup.trophy.read_history               ``Season.trophy``
DIR/clubs.yaml             store.clubs.load_clubs                  ``Snapshot.clubs()``
serve/matches, pending     store.servefiles                        ``Snapshot.captain_files()``
=========================  =====================================  ==========================

(The play-off, rollover and qualification files are read by store/divisions/playoff.py; the journal by
store/journal.py.) :class:`Snapshot` is the one door to all of them for ``cli/``,
``publish/`` and ``web/``: lazy, each part read once, under the lock the command holds. A load returns ``(value, problems)`` and never raises: an unreadable file
is a problem (exit 2 at the CLI), the part it belongs to is read as empty. Parts load apart
(:func:`load_cup`, :func:`load_division_state`) so that a command reads only what it needs;
:func:`load_season` reads them all (``dbf check``).

``dbf check`` runs this module's :func:`check_season`: every reader above that no other
checker runs, then every season invariant (:mod:`dbfcli.rules.invariants`) over the
snapshot, the cup's and each division's -- so a file any command rejects is rejected by
``dbf check`` too. A write is refused when it would break one: the cup's by the command
(:func:`refusals`), the divisions' by every transaction that writes a division file
(:func:`division_refusals`, from :meth:`dbfcli.store.season.Transaction.commit`).
"""

from __future__ import annotations

from typing import Iterable

from ..rules.problems import Problem
from ..rules.seasonstate import CupState, DivisionState, Season
from .divisions import standingsstate
from .season import COMMIT_CHECKS, SeasonStore, StoreError
from .snapshotapi import CUP_PARTS, INVARIANT_PARTS, Snapshot, _read, as_snapshot  # noqa: F401 - the API, here too

__all__ = ["CupState", "DivisionState", "Season", "Snapshot", "load_cup", "load_division_state", "load_season", "check_season"]


def load_cup(store: SeasonStore, *, parts: frozenset[str] = CUP_PARTS) -> tuple[CupState, list[Problem]]:
    """The cup part of the snapshot: every cup file named in ``parts`` (default all), each
    through its one reader; the others are left empty."""
    return Snapshot(store).cup(parts)


def load_division_state(store: SeasonStore, division_id: str, settings) -> tuple[DivisionState, list[Problem]]:
    """One division's part of the snapshot (``settings``: the season's Settings)."""
    from .divisions.results import load_div_results, load_frozen
    from .teams import load_division

    division, problems = _read(load_division, store, division_id)
    frozen = frozen_teams = None
    unreadable = False
    if division is not None:
        (frozen, frozen_teams), p = _read(load_frozen, store, division_id, settings.division(division_id),
                                          empty=(None, None))
        problems += p
        unreadable = frozen is None and any(x.is_error for x in p)
    results, p = _read(load_div_results, store, division_id, empty=[])
    return DivisionState(id=division_id, division=division, frozen=frozen, frozen_teams=frozen_teams,
                         schedule_unreadable=unreadable, results=tuple(results)), problems + p


def load_season(store: SeasonStore) -> tuple[Season, list[Problem]]:
    """The whole season: ``(Season, problems of every file)``."""
    from ..rules.model import DIVISIONS
    from .settings import load_settings_checked
    from .systems import load_registry
    from .cup.trophy import HISTORY, read_history

    settings, problems = load_settings_checked(store)
    cup, p = load_cup(store)
    problems += p
    divisions = {}
    for div in DIVISIONS:
        divisions[div], p = load_division_state(store, div, settings)
        problems += p
    systems, p = _read(load_registry, store, empty=[])
    problems += p
    finals, p = read_history(store.root / HISTORY)
    problems += p
    return Season(season=store.season, settings=settings, cup=cup, divisions=divisions, systems=tuple(systems),
                  trophy=tuple(finals or ())), problems


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: the readers of the cup files and of ``DIR/trophy.yaml`` (the teams,
    settings, divisions, systems and play-off files have their own checkers), then every
    season invariant of :mod:`dbfcli.rules.invariants` over the cup."""
    from ..rules.invariants import check_cup, check_divisions
    from .settings import load_settings
    from .cup.trophy import HISTORY, read_history

    from ..rules.value import replace
    from .teams import load_cup_teams

    from .cup.results import summary_problems

    cup, problems = load_cup(store, parts=CUP_PARTS - {"teams"})     # the teams file: teams.check_season
    problems += summary_problems(store)       # the kept sheets, as dbf up and dbf gp read them
    teams, _ = _read(load_cup_teams, store, empty=())   # its problems are teams.check_season's
    cup = replace(cup, teams=tuple(teams or ()))
    problems += read_history(store.root / HISTORY)[1]
    try:
        settings = load_settings(store)
    except StoreError:
        return problems          # season.toml's problems: settings.check_season
    from ..rules.cup.draw_pending import open_place_notes
    from ..rules.cup.waiting import waiting_notes
    from .servefiles import load_pending_items

    return (problems + _undo_hints(store, check_cup(cup, settings)) + open_place_notes(cup.draws)
            + waiting_notes(load_pending_items(store))
            + check_divisions(load_divisions(store, settings), settings)
            + standingsstate.check_standings(store, settings, load_divisions))


def _undo_hints(store: SeasonStore, problems: list[Problem]) -> list[Problem]:
    """Issue 14: a hint never sends the TD to `dbf undo` when undo would refuse (the journal's
    last write did not leave the file as it is: a hand edit) or would not touch the file."""
    from ..rules.invariants import REPAIR, REPAIR_NO_UNDO
    from ..rules.value import replace
    from .journal import plan_undo

    if not any(p.hint == REPAIR for p in problems):
        return problems
    try:
        _, restore, refused = plan_undo(store)
    except StoreError:
        restore, refused = {}, ["unreadable journal"]
    out = []
    for p in problems:
        if p.hint == REPAIR and (refused or p.where is None or p.where.file not in restore):
            p = replace(p, hint=REPAIR_NO_UNDO)
        out.append(p)
    return out


def load_divisions(store: SeasonStore, settings, only: Iterable[str] | None = None) -> dict[str, DivisionState]:
    """Every division's part of the snapshot (or those in ``only``), its reading problems left
    out: the teams and division checkers report them (``dbf check``), the command reports
    them (a write). What cannot be read is empty, and its invariants hold vacuously."""
    from ..rules.model import DIVISIONS

    return {div: load_division_state(store, div, settings)[0] for div in (DIVISIONS if only is None else only)}


# --------------------------------------------------------------------------- planned writes
class OverlayStore(SeasonStore):
    """The season as it would be after a transaction's planned ``writes`` (rel -> bytes, or
    None for a delete): the files read from the writes first, else from the disk."""

    writes: dict = {}

    def read_bytes(self, rel: str) -> bytes | None:
        if rel in self.writes:
            return self.writes[rel]
        return SeasonStore.read_bytes(self, rel)

    def exists(self, rel: str) -> bool:
        if rel in self.writes:
            return self.writes[rel] is not None
        return SeasonStore.exists(self, rel)

    def overlaid(self, rel: str) -> bool:
        return rel in self.writes or SeasonStore.overlaid(self, rel)

    def list(self, folder: str, suffix: str = ".yaml") -> list[str]:
        names = set(SeasonStore.list(self, folder, suffix))
        for rel, data in self.writes.items():
            head, _, name = rel.rpartition("/")
            if head == folder and name.endswith(suffix) and not name.startswith("."):
                (names.add if data is not None else names.discard)(rel)
        return sorted(names)

    def read_yaml(self, rel: str, required: bool = True):
        if rel not in self.writes:
            return SeasonStore.read_yaml(self, rel, required)
        return self.yaml_of(rel, self.writes[rel], required)


def overlay(store: SeasonStore, writes: dict) -> OverlayStore:
    """``store`` with the planned ``writes`` laid over it."""
    return OverlayStore(root=store.root, season=store.season, writes=dict(writes))


def refusals(store: SeasonStore, writes: dict, before: CupState | None = None) -> list[Problem]:
    """Issue 13.5: the season invariants a transaction's planned ``writes`` would break (they
    hold today and not in the state the writes produce); ``[]`` when the writes touch no cup
    file. ``before``: today's cup, when the command has it loaded."""
    from ..rules.invariants import check_cup, new_breaks

    if not any(rel.startswith("cup/") for rel in writes):
        return []
    if before is None:
        before, _ = load_cup(store, parts=INVARIANT_PARTS)
    after, _ = load_cup(overlay(store, writes), parts=INVARIANT_PARTS)
    return new_breaks(check_cup(before, None), check_cup(after, None))


def _touched_divisions(writes: dict) -> set[str] | None:
    """The divisions whose teams, frozen schedule or recorded matches ``writes`` change
    (``None``: all of them, for a match file whose id names no division)."""
    from ..rules.model import DIVISIONS, match_division

    out: set[str] = set()
    for rel in writes:
        head, _, name = rel.rpartition("/")
        stem = name[:-5] if name.endswith(".yaml") else name
        if head == "divisions/matches":
            div = match_division(stem)
            if div is None:
                return None
            out.add(div)
        elif head == "divisions":
            div = stem.removeprefix("schedule-")
            if div in DIVISIONS:
                out.add(div)
    return out


def division_refusals(store: SeasonStore, writes: dict) -> list[Problem]:
    """The division invariants (:data:`dbfcli.rules.invariants.DIVISION_INVARIANTS`) the
    planned ``writes`` would break in the divisions they touch: they hold today and not in
    the state the writes produce; ``[]`` when no division's teams, schedule or matches change,
    or when season.toml cannot be read (the command reports that)."""
    from ..rules.invariants import check_divisions, new_breaks
    from .settings import load_settings

    if not any(rel.startswith("divisions/") for rel in writes):
        return []
    touched = _touched_divisions(writes)
    if touched == set():
        return []
    try:
        settings = load_settings(store)
    except StoreError:
        return []
    before = check_divisions(load_divisions(store, settings, touched), settings)
    after = check_divisions(load_divisions(overlay(store, writes), settings, touched), settings)
    return new_breaks(before, after)


COMMIT_CHECKS.append(("cup", refusals))   # every transaction (store/season.py commit_checks)
COMMIT_CHECKS.append(("division", division_refusals))


def standings_refusals(store: SeasonStore, writes: dict) -> list[Problem]:
    """The play-off's and the lots' invariants a write would break (§1.1.2.10, §1.1.3.2;
    :func:`dbfcli.store.divisions.standingsstate.standings_refusals`)."""
    return standingsstate.standings_refusals(store, writes, overlay, load_divisions)


COMMIT_CHECKS.append(("standings", standings_refusals))
