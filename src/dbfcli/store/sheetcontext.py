"""What a result sheet is checked against, read from the season (§1.5.4, §1.5.5, §1.5.1.2,
§1.5.11, §1.5.12): teams, draws, other records, additions, HUM pairs, the expected home team
and the UP the tool computes for the trip; a division sheet's schedule (§1.1.2.1); what a
walkover is recorded against; the recorded match an amendment would replace, as a
:class:`~dbfcli.rules.cup.matchstate.MatchState` (§1.5.16). The cup's files come from the snapshot
(:class:`dbfcli.store.snapshot.Snapshot`): each function here takes the season's snapshot
(``snap``; a store is wrapped in one) and reads through it, so a command calling it reads
nothing itself; the decisions are in rules/ (recording, matchstate)."""

from __future__ import annotations

import datetime as dt

from ..rules.model import match_division as division_of  # the division a sheet names, else None (a cup match)
from ..rules.value import MutableValue, Value, field
from .season import SeasonStore


class CupSheetInputs(Value, kw_only=True):
    """What a cup sheet is checked against: ``ctx`` (rules.sheet.validate.CupContext; None when the
    season's files have errors), the drawn ``match`` (None when not drawn), the ``records``
    of the other matches, the ``problems`` of the season's files."""

    ctx: object = None
    match: object = None
    records: tuple = ()
    problems: tuple = ()


class SheetSeason(MutableValue, kw_only=True):
    """The season a cup sheet is checked against, read once (a batch of sheets reads it once,
    issue 17): the settings, the cup's parts (:data:`SHEET_PARTS`), the division rosters, the
    problems of those files; the registry, the HUM context and the road table are read when a
    sheet first needs them. ``extra``: the records of sheets accepted earlier in the batch."""

    store: SeasonStore
    snap: object
    settings: object
    cup: object
    division_players: dict
    problems: tuple = ()
    extra: tuple = ()
    _lazy: dict = field(default_factory=dict)

    def lazy(self, name: str, make):
        if name not in self._lazy:
            self._lazy[name] = make()
        return self._lazy[name]


def load_sheet_season(snap) -> SheetSeason:
    """Read what every cup sheet is checked against (:class:`SheetSeason`), once, through the
    season's snapshot ``snap`` (or a store)."""
    from .snapshot import as_snapshot

    snap = as_snapshot(snap)
    settings = snap.settings()
    cup, problems = snap.cup(SHEET_PARTS)
    _, more = snap.divisions()
    return SheetSeason(store=snap.store, snap=snap, settings=settings, cup=cup,
                       division_players=snap.division_roster(), problems=tuple(problems + more))


def cup_context(snap, sheet, now: dt.datetime, exclude: str | None = None) -> CupSheetInputs:
    """Load everything a cup sheet is checked against (``exclude``: the match being amended),
    from the season's snapshot ``snap`` (or a store); with problems in the season's files,
    nothing more is computed."""
    return sheet_inputs(load_sheet_season(snap), sheet, now, exclude)


def sheet_inputs(season: SheetSeason, sheet, now: dt.datetime, exclude: str | None = None) -> CupSheetInputs:
    """:func:`cup_context` on a season read once (:func:`load_sheet_season`): the records are
    the season's and those of the batch's sheets accepted before this one (``season.extra``)."""
    from ..rules.cup.home import HumPair, official_day
    from ..rules.sheet.validate import CupContext

    snap, settings, cup, problems = season.snap, season.settings, season.cup, list(season.problems) + \
        _pending_place(season.cup, sheet)   # §1.5.16: a team not known yet
    records = tuple(r for r in cup.records + season.extra if r.match.match != exclude)
    if any(p.is_error for p in problems):
        return CupSheetInputs(records=records, problems=tuple(problems))
    team_map = season.lazy("teams", lambda: {t.id: t for t in cup.teams})
    m = cup.drawn_match(sheet.match)
    base = dict(teams=team_map, draws=cup.draws, settings=settings, recorded=tuple(r.match for r in records),
                additions=cup.additions, withdrawals=cup.withdrawals, division_players=season.division_players,
                now=now)
    if m is None:
        return CupSheetInputs(ctx=CupContext(**base), records=records, problems=tuple(problems))
    regs = season.lazy("registry", lambda: snap.registry()[0])
    hum_pairs = tuple(HumPair(r.team, r.pair, r.sent) for r in regs if r.hum and r.team in m.teams)
    agreed = cup.schedule.get(m.id)
    expected_home = _expected_home(season, m, records, hum_pairs, agreed)
    road, more5 = season.lazy("road", snap.road_table)
    problems = problems + more5
    computed, ferries = computed_trips(sheet, m, team_map, settings, road)
    scheduled_on = (agreed.date if agreed and agreed.date else None) or official_day(m.round, settings.cup)
    ctx = CupContext(**base, computed_up=computed, expected_home=expected_home, hum_pairs=hum_pairs,
                     scheduled_on=scheduled_on, route_ferries=ferries, official_on=official_day(m.round, settings.cup),
                     dispensation=agreed.dispensation if agreed else None)
    return CupSheetInputs(ctx=ctx, match=m, records=records, problems=tuple(problems))


def _expected_home(season: SheetSeason, m, records, hum_pairs, agreed) -> str | None:
    """The home team the sheet is to name (:func:`dbfcli.rules.cup.home.sheet_home`: §1.5.5 with
    §1.5.13; §1.5.7 as seated at DBF's venue), from the UP of the rounds before and the HUM
    context of the season."""
    from ..rules.cup.home import sheet_home

    settings = season.settings
    _, division_teams = season.lazy("hum", lambda: season.snap.hum_context(settings, season.cup.teams))
    return sheet_home(m, settings.cup, up_totals(records, before_round=m.round), agreed, hum_pairs=hum_pairs,
                         division_teams=division_teams, notice_days=settings.systems.hum_notice_days)


def _pending_place(cup, sheet) -> list:
    """§1.5.16: a sheet for a match with a pending place ("winner of C1-032") is refused: one of
    its teams is not known until that match is recorded (rules.cup.matchstate.allowed)."""
    from ..rules.cup.matchstate import MatchState, allowed

    m = cup.drawn_match(sheet.match)
    return allowed(MatchState(match=m, stage="drawn"), "submit", where=sheet.where_of("match")) if m else []


#: the parts of the cup a sheet is checked against (not the travel claims or contacts)
SHEET_PARTS = frozenset(("teams", "additions", "withdrawals", "draws", "schedule", "records"))


def up_totals(records, before_round: int | None = None) -> dict[str, int]:
    """§1.5.5 reading: UP credited in all earlier rounds of this season's cup."""
    from ..rules.cup.home import up_credited_before

    return up_credited_before(((r.match.round, r.up) for r in records), before_round or 10**9)


def computed_trips(sheet, match, teams, settings, road=None
                   ) -> tuple[dict[str, tuple[int, str]], dict[str, tuple[str, ...]]]:
    """§1.5.4: the UP the tool computes for each team of the sheet and the UP crossings of each
    travelling team's route (:func:`dbfcli.rules.cup.up.match_trips`; the sheet's home is the venue),
    on ``road`` (the postcode table with the season's ``distances.csv``; default: the plain table)."""
    from ..rules.cup.up import match_trips
    from .geodata import load_postcodes

    return match_trips(road or load_postcodes(), sheet.home.team, sheet.away.team, match.round,
                       {t: team.postcode for t, team in teams.items()}, settings.cup.up, settings.cup.final_venue)


def computed_up(sheet, match, teams, settings) -> dict[str, tuple[int, str]]:
    """§1.5.4: the UP the tool computes for each team of the sheet (see :func:`computed_trips`)."""
    return computed_trips(sheet, match, teams, settings)[0]


def division_context(snap, sheet, contexts: dict | None = None):
    """Load what a division sheet is checked against (§1.1.2.1): ``(DivisionContext or None,
    the division or None, its settings or None, problems of the teams file)``. The context is
    None when the division has no teams file, the file has errors, or the match is not in the
    division's schedule (the stored one once frozen). ``contexts``: a cache by division (a
    batch of sheets reads each division once)."""
    div = division_of(sheet.match)
    if contexts is None or div not in contexts:
        read = _division_read(snap, div)
        if contexts is None:
            return _division_ctx(read, sheet)
        contexts[div] = read
    return _division_ctx(contexts[div], sheet)


def _division_read(snap, div: str) -> tuple:
    """``(division, problems, settings, schedule rounds)`` of ``div``, read once through the
    snapshot ``snap`` (or a store)."""
    from .snapshot import as_snapshot

    snap = as_snapshot(snap)
    division, problems = snap.division(div)
    if division is None or any(p.is_error for p in problems):
        return division, problems, None, None
    dsettings = snap.settings().division(div)
    return division, problems, dsettings, snap.season_schedule(division, dsettings)


def _division_ctx(read: tuple, sheet):
    from ..rules.sheet.validate import DivisionContext

    division, problems, dsettings, rounds = read
    if rounds is None:
        return None, division, None, problems
    matches = {m.id: m for r in rounds for m in r.matches}
    if sheet.match not in matches:
        return None, division, dsettings, problems
    dates = {r.number: r.date for r in rounds if r.date is not None}
    return (DivisionContext(division_of(sheet.match), matches, {t.id: t for t in division.teams}, dsettings.boards,
                            dates=dates), division, dsettings, problems)


def walkover_context(snap, match_id: str, now: dt.datetime):
    """What a walkover (§1.5.15) is recorded against: ``(CupContext, the drawn match or None,
    the recorded matches, problems of the season's files)``, through the snapshot ``snap``."""
    from ..rules.sheet.validate import CupContext
    from .snapshot import as_snapshot

    snap = as_snapshot(snap)
    settings = snap.settings()
    cup, problems = snap.cup(frozenset(("teams", "additions", "withdrawals", "draws", "records")))
    records = list(cup.records)
    if any(p.is_error for p in problems):
        return None, None, records, problems
    ctx = CupContext(teams={t.id: t for t in cup.teams}, draws=cup.draws, settings=settings,
                     recorded=tuple(r.match for r in records), additions=cup.additions,
                     withdrawals=cup.withdrawals, now=now)
    return ctx, ctx.find_match(match_id), records, problems


def recorded_sheet(snap, rel: str):
    """The sheet kept in the recorded match file ``rel`` (None when it cannot be read back);
    ``snap``: the season's snapshot or its store."""
    from .cup.results import parse_cup_sheet
    from .snapshot import as_snapshot
    from .yamlio import dump_yaml

    old_doc = as_snapshot(snap).store.read_yaml(rel)
    old, _ = parse_cup_sheet(dump_yaml(old_doc.data.get("sheet") or {}), rel)
    return old


def amend_refusal(snap, rel: str, match, winner: str | None, draws):
    """§1.5.16: the recorded match file ``rel`` as a :class:`~dbfcli.rules.cup.matchstate.MatchState`
    and whether an amendment making ``winner`` the winner is allowed
    (:func:`dbfcli.rules.cup.matchstate.allowed`): the problem (exit 2) or None."""
    from ..rules.cup.matchstate import allowed, match_state
    from ..rules.cup.records import RecordedMatch
    from .snapshot import as_snapshot

    d = as_snapshot(snap).store.read_yaml(rel).data
    d = d if isinstance(d, dict) else {}
    old = RecordedMatch(match.id, match.round, str(d.get("home", "")), str(d.get("away", "")), d.get("winner"),
                        d.get("loser"), str(d.get("kind", "result")))
    state = match_state(draws, {match.id: old}, {}, match.id, match=match)
    refused = allowed(state, "amend", match_id=match.id, winner=winner)
    return refused[0] if refused else None
