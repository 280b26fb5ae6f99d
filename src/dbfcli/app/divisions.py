"""The divisions' teams as use cases (§1.1): :func:`enter_division` (``dbf division enter DIV
FILE``, §1.1.2.3: the roster in seeding order, one journaled write of ``divisions/DIV.yaml``),
:func:`division_teams` (``dbf division teams DIV``) and :func:`division_fees` (``dbf division
fees [DIV]``, §1.1.1.3). The entry file is an :class:`dbfcli.app.cup.EntryFile` of bytes the
face reads, checked before the season is read; what a new roster may not orphan is
``rules.divisions.roster.orphaned_results``."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg, Problem, Where
from ..rules.value import MutableValue, Value
from .cup import EntryFile, entry_teams
from .outcome import Outcome, fail, outcome_noting, refuse
from .session import Session


class DivisionEntry(Value, kw_only=True):
    """``dbf division enter DIV FILE [--dry-run]``: ``division`` as typed."""

    division: str
    file: EntryFile
    dry_run: bool = False


class DivisionTeams(MutableValue, kw_only=True):
    """``dbf division teams DIV``' view: the ``season``, the ``division`` and its ``teams`` in
    seeding order (§1.1.2.3)."""

    season: str
    division: str
    teams: tuple[Any, ...]


class DivisionFees(MutableValue, kw_only=True):
    """``dbf division fees``' view (§1.1.1.3): the ``season`` and ``rows``, per division its
    teams' fees then its total: (division, team, base kr, travel pool kr, total kr), the total
    row's team None and base kr ``""``."""

    season: str
    rows: list[tuple[str, str | None, Any, int, int]]


def division_id(value: str) -> str:
    """``value`` when it is a division id (1div, 2div, 3div-a, 3div-b), else refused (exit 2)."""
    from ..rules.model import DIVISIONS

    if value not in DIVISIONS:
        fail(Msg('unknown division {}', f'{value!r}'), hint=Msg("one of: {}", ", ".join(DIVISIONS)), code="unknown.division")
    return value


def _mismatch(declared: str, div: str, label: str) -> Problem:
    return Problem.error(None, Msg('the file says division {}, the command says {}', f'{declared!r}',
                                   f'{div!r}'), Where(label), code="format.mismatch")


# --------------------------------------------------------------------------- dbf division enter
def enter_division(session: Session, entry: DivisionEntry) -> Outcome:
    """``dbf division enter DIV FILE`` (§1.1.2.3): DIV's roster replaced by the file's teams in
    seeding order; refused for an unknown division (exit 2), a file that names another division
    (exit 2), by ``rules.cup.roster.check_divisions`` (12 teams, §1.1.2.1; captains, postcodes; no
    team or player in two divisions) and for a team with recorded matches left out (§1.1.2.1,
    ``div.results-orphaned``). The file is checked before the season is read. One journaled
    write. ``doc``: the division and its number of teams; ``plan``: the teams entered."""
    return outcome_noting(_enter_division, session, entry)


def _enter_division(session: Session, entry: DivisionEntry, notes: list[Problem]) -> Outcome:
    from ..rules.cup.roster import check_divisions
    from ..rules.divisions.roster import orphaned_results
    from ..rules.model import Division
    from ..store.geodata import load_postcodes
    from ..store.teams import division_file, teams_file_data

    div, dry_run = division_id(entry.division), entry.dry_run
    teams, declared, problems = entry_teams(entry.file)
    if declared is not None and declared != div:
        problems.append(_mismatch(declared, div, entry.file.label))
    notes += refuse(problems)
    snap = session.snap
    with snap.store.transaction(session.actor, Msg("entered {} teams in {}", len(teams), div), dry_run,
                                session.lock_timeout) as tx:
        divisions, problems = snap.divisions()
        notes += refuse(problems)
        divisions = {**divisions, div: Division(div, teams)}
        notes += refuse(check_divisions(divisions, load_postcodes()))
        results, _ = snap.div_results(div)
        notes += refuse(orphaned_results(div, teams, results))
        tx.write_yaml(division_file(div), teams_file_data(teams, div),
                      header=f"{div} teams in seeding order (dbf division enter)")
    return Outcome(doc={"ok": True, "division": div, "teams": len(teams), "dry_run": dry_run}, notes=list(notes),
                   written=not dry_run, show="entered", plan=tuple(teams))


# --------------------------------------------------------------------------- the views
def division_teams(session: Session, division: str) -> Outcome:
    """``dbf division teams DIV`` (§1.1.2.3): DIV's teams in seeding order (none before they are
    entered); an unknown division is refused (exit 2). ``plan``: :class:`DivisionTeams`."""
    return outcome_noting(_division_teams, session, division)


def _division_teams(session: Session, division: str, notes: list[Problem]) -> Outcome:
    div = division_id(division)
    snap = session.snap
    d, problems = snap.division(div)
    notes += refuse(problems)
    rows = tuple(d.teams) if d else ()
    doc = {"division": div, "teams": [
        {"id": t.id, "name": t.name, "club": t.club, "postcode": t.postcode, "captain": t.captain,
         "players": [{"id": p.id, "name": p.name, "club": p.club} for p in t.players]} for t in rows]}
    return Outcome(doc=doc, notes=list(notes), show="teams",
                   plan=DivisionTeams(season=snap.season, division=div, teams=rows))


def division_fees(session: Session, division: str | None = None) -> Outcome:
    """``dbf division fees [DIV]`` (§1.1.1.3): each team's entry fee, the base amount and its
    contribution to the travel refund pool, from season.toml, and each division's pool; all four
    divisions, or DIV (an unknown one is refused, exit 2). ``plan``: :class:`DivisionFees`."""
    return outcome_noting(_division_fees, session, division)


def _division_fees(session: Session, division: str | None, notes: list[Problem]) -> Outcome:
    from ..rules.cup.fees import division_fees as fees_of
    from ..rules.model import DIVISIONS

    snap = session.snap
    settings = snap.settings()
    doc: dict[str, Any] = {"rule": "1.1.1.3", "divisions": {}}
    rows: list[tuple[str, str | None, Any, int, int]] = []
    for d in ([division_id(division)] if division else list(DIVISIONS)):
        found, problems = snap.division(d)
        notes += refuse(problems)
        ds = settings.division(d)
        team_fees, pool = fees_of([t.id for t in found.teams] if found else [], ds.fee_base_kr, ds.fee_travel_pool_kr)
        total = sum(f.total_kr for f in team_fees)
        doc["divisions"][d] = {"teams": [{"team": f.team, "base_kr": f.base_kr, "travel_pool_kr": f.travel_pool_kr,
                                          "total_kr": f.total_kr} for f in team_fees],
                               "travel_pool_total_kr": pool, "total_kr": total}
        rows += [(d, f.team, f.base_kr, f.travel_pool_kr, f.total_kr) for f in team_fees]
        rows.append((d, None, "", pool, total))
    return Outcome(doc=doc, notes=list(notes), show="fees", plan=DivisionFees(season=snap.season, rows=rows))


__all__ = ["DivisionEntry", "DivisionFees", "DivisionTeams", "division_fees", "division_id", "division_teams",
           "enter_division"]
