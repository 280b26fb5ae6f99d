"""The cup's teams as use cases (§1.5.3, §1.5.11, §1.5.12): :func:`enter_cup_teams` (``dbf cup
enter FILE``: the teams registered, one journaled write of ``cup/teams.yaml``), :func:`cup_teams`
(``dbf cup teams``: each team with its entry round and players), :func:`add_player` (``dbf cup
add-player``, §1.5.11: ``cup/additions.yaml``) and :func:`withdraw_player` (``dbf cup
withdraw-player``, §1.5.11 with §1.5.12: ``cup/withdrawals.yaml``). The entry file is given as
bytes (:class:`EntryFile`, read by the face) and checked before the season is read; what may
be recorded is decided by ``rules.cup.roster`` and ``rules.sheet.players``."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_noting, refuse, unknown_cup_team
from .session import Session
from .when import day_of

#: the parts of the cup a team's players are made of (§1.5.11, §1.5.12)
PLAYER_PARTS = frozenset(("teams", "additions", "withdrawals", "records"))


class EntryFile(Value, kw_only=True):
    """A TD's teams file as given (docs/interface.md): ``label`` its name in every problem (the
    path as typed), ``name`` its file name (the journal's), ``csv`` CSV, else YAML, ``data``
    its bytes, or the ``problems`` of reading it (raised where the use case reads the file)."""

    label: str
    name: str
    csv: bool
    data: bytes = b""
    problems: tuple[Problem, ...] = ()


def entry_teams(file: EntryFile) -> tuple[tuple[Any, ...], str | None, list[Problem]]:
    """The teams of an entry file, the division it declares, its problems
    (``store.teams.parse_entry_file``); a file that could not be read, or is no text, is
    refused (exit 2)."""
    from ..store.season import StoreError
    from ..store.teams import parse_entry_file

    if file.problems:
        raise StoreError([*file.problems])
    return parse_entry_file(file.data, file.label, file.csv)


class CupEntry(Value, kw_only=True):
    """``dbf cup enter FILE [--dry-run]``."""

    file: EntryFile
    dry_run: bool = False


class CupEntered(MutableValue, kw_only=True):
    """What :func:`enter_cup_teams` registered: ``entered`` teams of the file, ``added`` new
    ids of them, ``total`` teams of the cup after it."""

    entered: int
    added: int
    total: int


class PlayerAddition(Value, kw_only=True):
    """``dbf cup add-player TEAM --round N --id ID --name NAME [--club C] [--division D]
    [--announced-on DATE]`` (§1.5.11; ``announced_on`` YYYY-MM-DD, default today)."""

    team: str
    round: int
    player: int
    name: str
    club: int | None = None
    division: int | None = None
    announced_on: str | None = None
    dry_run: bool = False


class PlayerWithdrawal(Value, kw_only=True):
    """``dbf cup withdraw-player TEAM MEMBER [--round N] [--on DATE] [--note TEXT]`` (§1.5.11;
    ``round`` None: the team's next round)."""

    team: str
    player: int
    round: int | None = None
    on: str | None = None
    note: str = ""
    dry_run: bool = False


class CupTeams(MutableValue, kw_only=True):
    """``dbf cup teams``' view: the ``season``, its ``teams``, each team's entry round
    (``rounds``, §1.5.3) and number of players (``players``, §1.5.11/§1.5.12)."""

    season: str
    teams: tuple[Any, ...]
    rounds: dict[str, int]
    players: dict[str, int]


def _changes(changes: Any) -> list[dict[str, Any]]:
    return [{"file": f, "action": a} for f, a in changes]


# --------------------------------------------------------------------------- dbf cup enter
def enter_cup_teams(session: Session, entry: CupEntry) -> Outcome:
    """``dbf cup enter FILE`` (§1.5.11, §1.5.8, §1.5.12a): the file's teams registered, a team
    re-entered by its id updated; the file is checked before the season is read (a team id
    twice is refused: the last would silently replace the first), the whole cup after the
    update (4-6 players, the captain, postcodes, no player on two teams). One journaled write.
    ``doc``: added, updated, the cup's teams; ``plan``: :class:`CupEntered`."""
    return outcome_noting(_enter_cup_teams, session, entry)


def _enter_cup_teams(session: Session, entry: CupEntry, notes: list[Problem]) -> Outcome:
    from ..rules.cup.roster import check_cup_teams, duplicate_team_ids
    from ..store.geodata import load_postcodes
    from ..store.teams import CUP_TEAMS, teams_file_data

    file, dry_run = entry.file, entry.dry_run
    new, _, problems = entry_teams(file)
    notes += refuse(problems + duplicate_team_ids(new))
    snap = session.snap
    with snap.store.transaction(session.actor, Msg("entered {} cup teams from {}", len(new), file.name), dry_run,
                                session.lock_timeout) as tx:
        old, problems = snap.cup_teams()
        notes += refuse(problems)
        merged = {t.id: t for t in old}
        added = sum(t.id not in merged for t in new)
        merged.update({t.id: t for t in new})
        notes += refuse(check_cup_teams(merged.values(), load_postcodes()))
        tx.write_yaml(CUP_TEAMS, teams_file_data(merged.values()), header="cup teams (dbf cup enter)")
        changes = tx.changes()
    doc = {"ok": True, "added": added, "updated": len(new) - added, "teams": len(merged), "dry_run": dry_run,
           "changes": _changes(changes)}
    return Outcome(doc=doc, notes=list(notes), written=not dry_run, show="entered",
                   plan=CupEntered(entered=len(new), added=added, total=len(merged)))


# --------------------------------------------------------------------------- dbf cup teams
def cup_teams(session: Session) -> Outcome:
    """``dbf cup teams`` (§1.5.3, §1.5.11, §1.5.12): each team with its club, postcode, entry
    round and players: the roster, additions and joined substitutes, less those withdrawn.
    ``doc``: the teams; ``plan``: :class:`CupTeams`."""
    return outcome_noting(_cup_teams, session)


def _cup_teams(session: Session, notes: list[Problem]) -> Outcome:
    from ..rules.cup.entry import entry_rounds
    from ..rules.cup.roster import division_players
    from ..rules.sheet.players import team_players

    snap = session.snap
    settings = snap.settings()
    cup, problems = snap.cup(PLAYER_PARTS)
    divisions, more = snap.divisions()
    rounds, entry_problems = entry_rounds(cup.teams, settings.cup.entry_round, division_players(divisions))
    notes += refuse(problems + more + entry_problems)
    joins = [j for r in cup.records for j in r.joins]
    # §1.5.11/§1.5.12: the team's players are its roster, its additions and joined substitutes,
    # less those withdrawn (dbf cup withdraw-player)
    count = {t.id: len(team_players(t, cup.additions, joins, cup.withdrawals)) for t in cup.teams}
    doc = {"teams": [
        {"id": t.id, "name": t.name, "club": t.club, "postcode": t.postcode, "entry_round": rounds[t.id],
         "captain": t.captain,
         "players": [{"id": p.id, "name": p.name, "club": p.club, "division": p.division} for p in t.players],
         "added": [{"id": a.player.id, "name": a.player.name, "round": a.round}
                   for a in cup.additions if a.team == t.id],
         "joined": [{"id": j.player, "first_round": j.first_round} for j in joins if j.team == t.id],
         "withdrawn": [{"id": w.player, "round": w.round} for w in cup.withdrawals if w.team == t.id],
         "player_count": count[t.id]}
        for t in cup.teams]}
    return Outcome(doc=doc, notes=list(notes), show="teams",
                   plan=CupTeams(season=snap.season, teams=tuple(cup.teams), rounds=rounds, players=count))


# --------------------------------------------------------------------------- dbf cup add-player
def add_player(session: Session, addition: PlayerAddition) -> Outcome:
    """``dbf cup add-player`` (§1.5.11): a team of 4-5 adds a player from a round, told to the
    TD before its match; refused for an unknown team (exit 2), a player already on it (exit 2),
    and by ``rules.sheet.players.addition_problems`` (exit 1: more than 6 players, §1.5.11; on
    another cup team, §1.5.12a; told after the match; the team out). One journaled write of
    ``cup/additions.yaml``. ``doc``: the addition with its warnings."""
    return outcome_noting(_add_player, session, addition)


def _add_player(session: Session, req: PlayerAddition, notes: list[Problem]) -> Outcome:
    from ..rules.cup.records import Addition
    from ..rules.model import Player
    from ..rules.sheet.players import addition_problems
    from ..store.cup.results import ADDITIONS, additions_data

    team, day = req.team, day_of(req.announced_on)
    snap = session.snap
    settings = snap.settings()
    with snap.store.transaction(session.actor, Msg("{} adds player {} from cup round {}", team, req.player, req.round),
                                req.dry_run, session.lock_timeout) as tx:
        teams, problems = snap.cup_teams()
        additions, more = snap.additions()
        records, more2 = snap.cup_records()
        withdrawals, more3 = snap.withdrawals()
        notes += refuse(problems + more + more2 + more3)
        by_id = {t.id: t for t in teams}
        if team not in by_id:
            unknown_cup_team(team)
        if req.player in by_id[team].player_ids or any(a.team == team and a.player.id == req.player for a in additions):
            fail(Msg('player {} is already on {}', req.player, team), code="state.already-recorded")
        new = Addition(team, Player(req.player, req.name, req.club, req.division), req.round, day)
        joins = [j for r in records for j in r.joins]
        warns = refuse(addition_problems(new, by_id, additions, [r.match for r in records], joins,
                                         snap.team_match_day(settings, team, req.round), settings.cup.entry_round,
                                         withdrawals))
        notes += warns
        tx.write_yaml(ADDITIONS, additions_data(list(additions) + [new]),
                      header="players added to cup teams before a match (§1.5.11; dbf cup add-player)")
        changes = tx.changes()
    doc = {"ok": True, "team": team, "round": req.round,
           "player": {"id": req.player, "name": req.name, "club": req.club, "division": req.division},
           "announced_on": day.isoformat(), "dry_run": req.dry_run, "warnings": [w.to_json() for w in warns],
           "changes": _changes(changes)}
    return Outcome(doc=doc, notes=list(notes), written=not req.dry_run, show="added", plan=new)


# --------------------------------------------------------------------------- dbf cup withdraw-player
def next_round(team: str, recorded: Any) -> int:
    """§1.5.11: the round a player is withdrawn from when none is given: the team's round after
    its last recorded match (1 before any), at most the final's (9)."""
    return min(max((m.round for m in recorded if team in (m.home, m.away)), default=0) + 1, 9)


def withdraw_player(session: Session, withdrawal: PlayerWithdrawal) -> Outcome:
    """``dbf cup withdraw-player`` (§1.5.11 with §1.5.12): a player who has not played taken
    off a team from a round (default: its next, :func:`next_round`), so a substitute may join
    or a player be added; refused for an unknown team (exit 2) and by
    ``rules.sheet.players.withdrawal_problems`` (he has played, the team is out, the round's
    match recorded, fewer than 4 players left: exit 1; a player not on the team: exit 2). One
    journaled write of ``cup/withdrawals.yaml``. ``doc``: the withdrawal."""
    return outcome_noting(_withdraw_player, session, withdrawal)


def _withdraw_player(session: Session, req: PlayerWithdrawal, notes: list[Problem]) -> Outcome:
    from ..rules.cup.records import Withdrawal
    from ..rules.sheet.players import withdrawal_problems
    from ..store.cup.results import WITHDRAWALS, withdrawals_data

    team, day = req.team, day_of(req.on)
    snap = session.snap
    with snap.store.transaction(session.actor, Msg("{}: player {} withdrawn (§1.5.11)", team, req.player),
                                req.dry_run, session.lock_timeout) as tx:
        state, problems = snap.cup(PLAYER_PARTS)
        notes += refuse(problems)
        by_id = {t.id: t for t in state.teams}
        if team not in by_id:
            unknown_cup_team(team)
        recorded = [r.match for r in state.records]
        new = Withdrawal(team, req.player, min(req.round, 9) if req.round is not None else next_round(team, recorded),
                         day, req.note)
        joins = [j for r in state.records for j in r.joins]
        notes += refuse(withdrawal_problems(new, by_id[team], state.additions, recorded, joins, state.withdrawals))
        tx.write_yaml(WITHDRAWALS, withdrawals_data(list(state.withdrawals) + [new]),
                      header="players withdrawn from cup teams before they played (§1.5.11; "
                             "dbf cup withdraw-player)")
        changes = tx.changes()
    doc = {"ok": True, "team": team, "player": req.player, "round": new.round, "on": day.isoformat(),
           "note": req.note, "dry_run": req.dry_run, "changes": _changes(changes)}
    return Outcome(doc=doc, notes=list(notes), written=not req.dry_run, show="withdrawn", plan=new)


__all__ = ["CupEntered", "CupEntry", "CupTeams", "EntryFile", "PlayerAddition", "PlayerWithdrawal", "add_player",
           "cup_teams", "enter_cup_teams", "entry_teams", "next_round", "withdraw_player"]
