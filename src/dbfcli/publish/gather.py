"""Everything the site, the press report and the e-mails show, read from the season folder.

It reads nothing itself: every file comes through the season's snapshot
(:class:`dbfcli.store.snapshot.Snapshot`, issue 13.1), and it hands plain rule values to
``site.py``, ``press.py`` and ``mail.py``. What it takes, and the store reader behind each:

* draws and ``cup/schedule.yaml``: :mod:`dbfcli.store.cup.draws`
* recorded cup matches: :mod:`dbfcli.store.cup.results` (``imps``/``teams`` from the record's data)
* division matches and the VP scale: :mod:`dbfcli.store.divisions.results` (what `dbf standings` uses)
* the play-off: :func:`dbfcli.store.divisions.playoffstate.playoff_state` (as ``dbf playoff`` shows it)
* ``cup/contacts.yaml``  {schema, contacts: {member_id: e-mail}} (optional; new with issue 7)
* ``DIR/trophy.yaml``    {schema, finals: [{season, captain, name}]} (the file `dbf trophy` reads)
* ``DIR/clubs.yaml``     club names and venue streets (:mod:`dbfcli.store.clubs`)

A malformed YAML file is a :class:`StoreError` (exit 2); a file with the wrong shape is
reported as a Problem by its store module and left out (the site still builds).
"""

from __future__ import annotations


from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from ..rules.model import CupDraw, Division, Team
from ..rules.problems import Problem
from ..rules.settings import Settings
from ..rules.divisions.standings import DivResult
from ..rules.value import replace
from ..store.season import SeasonStore

if TYPE_CHECKING:
    from ..store.snapshot import Snapshot


@dataclass(frozen=True, slots=True)
class CupResult:
    """A recorded cup match (result or walkover). ``imps`` is (home, away)."""

    match: str
    round: int
    kind: str
    teams: tuple[str, str]
    home: str | None
    away: str | None
    winner: str | None
    loser: str | None
    imps: tuple[int, int] | None
    boards: int | None
    up: Mapping[str, int]
    gp: Mapping[int, int]          # member id -> hundredths of a GP
    decided_by: str | None = None  # §1.5.10: "imps", "total_points" or "extra"
    extra_imps: tuple[int, int] | None = None

    def imps_of(self, team: str) -> int | None:
        if self.imps is None:
            return None
        if team == self.home:
            return self.imps[0]
        if team == self.away:
            return self.imps[1]
        return None


@dataclass
class SeasonData:
    """One season, as read: teams, draws, results, settings."""

    season: str
    settings: Settings
    cup_teams: dict[str, Team]
    entry: dict[str, int]
    divisions: dict[str, Division]
    draws: dict[int, CupDraw]
    results: dict[str, CupResult]
    div_results: dict[str, list[DivResult]]
    agreements: dict[str, Any] = field(default_factory=dict)
    contacts: dict[int, str] = field(default_factory=dict)
    finals: list[Any] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    pools: dict[str, str] = field(default_factory=dict)      # team -> pool, as recorded with rounds 1-2
    vp_scale: Any = None                                     # rules.divisions.vp.VPScale of season.toml
    playoffs: dict[str, dict] = field(default_factory=dict)  # "1div"/"3div" -> `dbf playoff --json` document
    hum_pairs: list[Any] = field(default_factory=list)       # registered HUM pairs (§1.5.13, §1.5.1.2)
    road: Any = None                                         # postcode table with distances.csv (§1.5.4)
    clubs: dict[int, str] = field(default_factory=dict)      # club number -> name (DIR/clubs.yaml, optional)
    streets: dict[str, str] = field(default_factory=dict)    # venue postcode -> street address (DIR/clubs.yaml)
    trophy_teams: dict[str, str] = field(default_factory=dict)  # season -> winning team's name (trophy.yaml `team:`)
    div_rounds: dict[str, Any] = field(default_factory=dict)  # division -> stored (frozen) schedule, when there is one
    lots: list[Any] = field(default_factory=list)            # recorded lots (divisions/lots.yaml, §1.1.3.2)
    commitments: dict[int, Any] = field(default_factory=dict)  # cup round -> Commitment (issue 30, store.drawproof)
    reveals: dict[int, Any] = field(default_factory=dict)      # cup round -> Reveal of its committed draw
    lot_commitments: list[Any] = field(default_factory=list)   # the lots' commitments
    _tables: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def standings(self, div_id: str):
        """The table of division ``div_id`` ranked exactly as `dbf standings` ranks it: the one
        rule function :func:`dbfcli.rules.divisions.standings.standings` on the season's VP scale, with the
        recorded lots (§1.1.3.2). The site, its team pages and the USEBIO export all read it here."""
        if div_id not in self._tables:
            from ..rules.divisions.standings import standings
            from ..rules.divisions.vp import WBF20

            self._tables[div_id] = standings(self.divisions[div_id], self.div_results.get(div_id, []),
                                             self.vp_scale or WBF20, self.lots)
        return self._tables[div_id]

    def club_name(self, club: int | None) -> str:
        """A club by its name where DIR/clubs.yaml knows it, else by its DBF number."""
        if club is None:
            return ""
        return self.clubs.get(club) or str(club)

    def all_teams(self) -> dict[str, Team]:
        """Every team of the season by id: cup teams, then division teams not in the cup."""
        out = dict(self.cup_teams)
        for d in self.divisions.values():
            for team in d.teams:
                out.setdefault(team.id, team)
        return out

    def division_of(self, team_id: str) -> str | None:
        for div_id, d in self.divisions.items():
            if any(x.id == team_id for x in d.teams):
                return div_id
        return None

    @property
    def winners(self) -> dict[str, str]:
        return {m: r.winner for m, r in self.results.items() if r.winner}

    def team_name(self, team_id: str | None) -> str:
        if team_id is None:
            return ""
        t = self.cup_teams.get(team_id)
        if t is None:
            for d in self.divisions.values():
                for dt_ in d.teams:
                    if dt_.id == team_id:
                        return dt_.name
        if t is None:
            from ..i18n import team_label

            return team_label(team_id)   # a pending place of the draw: "winner of C1-032" (§1.5.16)
        return t.name

    def up_totals(self, before_round: int) -> dict[str, int]:
        """UP credited in the rounds before ``before_round`` (§1.5.5 reading: UP in total so far)."""
        from ..rules.cup.home import up_credited_before

        return up_credited_before(((r.round, r.up) for r in self.results.values()), before_round)

    def gp_totals(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for r in self.results.values():
            for pid, h in r.gp.items():
                out[pid] = out.get(pid, 0) + h
        return out


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_int(v) is not None for v in value):
        return int(value[0]), int(value[1])
    return None


def as_snapshot(season: "SeasonStore | Snapshot") -> "Snapshot":
    """The season's :class:`~dbfcli.store.snapshot.Snapshot` (a store is wrapped in one)."""
    from ..store.snapshot import as_snapshot

    return as_snapshot(season)


def load_draws(snap: "SeasonStore | Snapshot") -> tuple[dict[int, CupDraw], dict[str, str], list[Problem]]:
    """Every recorded cup draw and the pools recorded with rounds 1-2 (store.cup.draws)."""
    draws, pools, problems = as_snapshot(snap).draws()
    pool_of: dict[str, str] = {}
    for r in sorted(pools):
        pool_of.update(pools[r])
    return draws, pool_of, problems


def load_cup_results(snap: "SeasonStore | Snapshot") -> tuple[dict[str, CupResult], list[Problem]]:
    """Every recorded cup result sheet and walkover (store.cup.results; docs/sheets.md keys)."""
    records, problems = as_snapshot(snap).cup_records()
    out: dict[str, CupResult] = {}
    for rec in records:
        m, d = rec.match, rec.data
        teams = d.get("teams") or (m.home, m.away)
        out[m.match] = CupResult(m.match, m.round, m.kind, (str(teams[0]), str(teams[1])), m.home, m.away,
                              None if m.winner is None else str(m.winner), None if m.loser is None else str(m.loser),
                              _pair(d.get("imps")), _int(d.get("boards")), dict(rec.up), dict(rec.gp),
                              d.get("decided_by") if isinstance(d.get("decided_by"), str) else None,
                              _pair(d.get("extra_imps")))
    return out, problems


def load_div_results(snap: "SeasonStore | Snapshot", divisions) -> tuple[dict[str, list[DivResult]], list[Problem]]:
    """Every recorded division match (store.divisions.results, as `dbf standings` reads them), by division."""
    snap = as_snapshot(snap)
    out: dict[str, list[DivResult]] = {}
    problems: list[Problem] = []
    for div_id in divisions:
        out[div_id], p = snap.div_results(div_id)
        problems += p
    return out, problems


def load_contacts(snap: "SeasonStore | Snapshot") -> dict[int, str]:
    """``cup/contacts.yaml``: member id -> e-mail address, kept by the TD (the teams file has none);
    read by :func:`dbfcli.store.cup.results.load_contacts` (a malformed file: exit 2)."""
    from ..store.season import StoreError

    contacts, problems = as_snapshot(snap).contacts()
    if any(p.is_error for p in problems):
        raise StoreError([p for p in problems if p.is_error])
    return contacts


def load_agreements(snap: "SeasonStore | Snapshot") -> tuple[dict[str, Any], list[Problem]]:
    """``cup/schedule.yaml``: agreed date, time, venue per match (store.cup.draws.load_schedule)."""
    agreements, _, problems = as_snapshot(snap).schedule()
    return agreements, problems


def load_finals(snap: "SeasonStore | Snapshot") -> tuple[list[Any], list[Any]]:
    """Cup finals of earlier seasons (``DIR/trophy.yaml``) for the trophy history (§1.5.1),
    read as ``dbf trophy`` reads them; a malformed row is reported (as a warning: the site
    is still published), not silently left out."""
    finals, problems = as_snapshot(snap).trophy()
    return list(finals or []), problems


def load_season(season: "SeasonStore | Snapshot") -> SeasonData:
    """Read the whole season for publishing (never stops at the first problem), through the
    season's snapshot (issue 13.1)."""
    from ..rules.cup.entry import entry_rounds
    from ..rules.cup.roster import division_players

    snap = as_snapshot(season)
    settings, problems = snap.settings_checked()
    teams, p = snap.cup_teams()
    problems += p
    divisions, p = snap.divisions()
    problems += p
    entry, p = entry_rounds(teams, settings.cup.entry_round, division_players(divisions))
    problems += p
    draws, pools, p = load_draws(snap)
    problems += p
    results, p = load_cup_results(snap)
    problems += p
    div_results, p = load_div_results(snap, divisions)
    problems += p
    agreements, p = load_agreements(snap)
    problems += p
    finals, p = load_finals(snap)
    problems += [replace(x, severity="warning") for x in p]
    data = SeasonData(snap.season, settings, {t.id: t for t in teams}, entry, dict(divisions), draws, results,
                      div_results, agreements, load_contacts(snap), finals, problems, pools)
    _load_extras(snap, data, teams, divisions)
    return data


def _load_extras(snap: "Snapshot", data: SeasonData, teams, divisions) -> None:
    """What the site shows beside the cup and the tables: the VP scale, the HUM pairs, the
    play-offs, the road table, DIR/clubs.yaml, the trophy teams, the lots, the commitments of
    the draws (issue 30), the frozen schedules."""
    settings = data.settings
    data.vp_scale, p = snap.vp_scale(settings.vp_scale)
    data.hum_pairs, _ = snap.hum_context(settings, teams)
    data.problems += p
    data.playoffs = load_playoffs(snap, divisions)
    data.road, p = snap.road_table()
    data.problems += p
    data.clubs, data.streets, p = snap.clubs()
    data.problems += p
    data.trophy_teams = snap.trophy_teams()
    data.lots, p = snap.lots()
    data.problems += p
    data.commitments, p = snap.draw_commitments()
    data.problems += p
    data.reveals, p = snap.draw_reveals()
    data.problems += p
    data.lot_commitments, p = snap.lot_commitments()
    data.problems += p
    for div_id in divisions:
        rounds, _, p = snap.frozen(div_id, settings.division(div_id))
        if rounds is not None:
            data.div_rounds[div_id] = rounds
        data.problems += p


def load_playoffs(snap: "SeasonStore | Snapshot", divisions) -> dict[str, dict]:
    """The play-off as `dbf playoff` shows it (store.divisions.playoffstate: pairing, carry-over, home per
    section, recorded results): ``{"1div": doc, "3div": doc}``; a division that cannot have one yet
    is left out (its problems are `dbf playoff`'s to report)."""
    out: dict[str, dict] = {}
    from ..store.divisions.playoffstate import playoff_doc

    snap = as_snapshot(snap)
    for div, needs in (("1div", ("1div",)), ("3div", ("3div-a", "3div-b"))):
        if not all(d in divisions and len(divisions[d].teams) >= 4 for d in needs):
            continue
        try:
            st = snap.playoff_state(div=div)
            if st.get("blocked"):
                continue
            doc = playoff_doc(div, st)
            doc["complete"] = bool(st.get("complete"))
            out[div] = doc
        except Exception:  # noqa: BLE001 - the site shows what it can; `dbf playoff` explains the rest
            continue
    return out


def place_name(postcode: str | None) -> str:
    """``"6700 Esbjerg"`` for a venue postcode (the postcode alone when unknown)."""
    if not postcode:
        return ""
    from ..store.geodata import load_postcodes

    pt = load_postcodes().point(postcode)
    return f"{postcode} {pt.name}" if pt else str(postcode)


def schedule_round(data: SeasonData, round_no: int) -> tuple[list[Any], list[Problem]]:
    """Home team, venue, date, time and UP of every match of a drawn round (rules.cup.home, §1.5.5-§1.5.8,
    with the §1.5.13 HUM rule), as ``dbf schedule cup`` computes them."""
    from ..rules.cup.home import schedule_match
    from ..rules.cup.up import trip_function
    from ..store.geodata import load_postcodes

    draw = data.draws.get(round_no)
    if draw is None:
        return [], []
    trip = trip_function(data.road or load_postcodes(), data.settings.cup.up)
    division_teams = frozenset(t for t, e in data.entry.items() if e >= 3)
    postcodes = {t.id: t.postcode for t in data.cup_teams.values()}
    for d in data.divisions.values():
        for team in d.teams:
            postcodes.setdefault(team.id, team.postcode)
    totals = data.up_totals(round_no)
    out, problems = [], []
    for m in draw.matches:   # as store.cup.schedule.scheduled, without re-reading the season per round
        s, p = schedule_match(m, data.settings.cup, postcodes, totals, data.agreements.get(m.id), trip,
                              hum_pairs=data.hum_pairs, division_teams=division_teams,
                              notice_days=data.settings.systems.hum_notice_days, recorded=m.id in data.results)
        out.append(s)
        problems += p
    return out, problems
