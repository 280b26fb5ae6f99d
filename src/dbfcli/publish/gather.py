"""Everything the site, the press report and the e-mails show, read from the season folder.

This is store code (it reads files); it hands plain rule values to ``site.py``,
``press.py`` and ``mail.py``. It reads through the store modules of each kind of file:

* draws and ``cup/schedule.yaml``: :mod:`dbfcli.store.cupdraw`
* recorded cup matches: :mod:`dbfcli.store.cupresults` (``imps``/``teams`` from the record's data)
* division matches and the VP scale: :mod:`dbfcli.store.divresults` (what `dbf standings` uses)
* the play-off: :func:`dbfcli.store.playoffstate.playoff_state` (as ``dbf playoff`` shows it)
* ``cup/contacts.yaml``  {schema, contacts: {member_id: e-mail}} (optional; new with issue 7)
* ``DIR/trophy.yaml``    {schema, finals: [{season, captain, name}]} (the file `dbf trophy` reads)

A malformed YAML file is a :class:`StoreError` (exit 2); a file with the wrong shape is
reported as a Problem by its store module and left out (the site still builds).
"""

from __future__ import annotations


from dataclasses import dataclass, field
from typing import Any, Mapping

from ..rules.model import CupDraw, Division, Team
from ..rules.problems import Problem
from ..rules.settings import Settings
from ..rules.standings import DivResult
from ..rules.value import replace
from ..store.season import SeasonStore


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
    vp_scale: Any = None                                     # rules.vp.VPScale of season.toml
    playoffs: dict[str, dict] = field(default_factory=dict)  # "1div"/"3div" -> `dbf playoff --json` document
    hum_pairs: list[Any] = field(default_factory=list)       # registered HUM pairs (§1.5.13, §1.5.1.2)
    road: Any = None                                         # postcode table with distances.csv (§1.5.4)
    clubs: dict[int, str] = field(default_factory=dict)      # club number -> name (DIR/clubs.yaml, optional)
    streets: dict[str, str] = field(default_factory=dict)    # venue postcode -> street address (DIR/clubs.yaml)
    trophy_teams: dict[str, str] = field(default_factory=dict)  # season -> winning team's name (trophy.yaml `team:`)
    div_rounds: dict[str, Any] = field(default_factory=dict)  # division -> stored (frozen) schedule, when there is one
    lots: list[Any] = field(default_factory=list)            # recorded lots (divisions/lots.yaml, §1.1.3.2)
    _tables: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def standings(self, div_id: str):
        """The table of division ``div_id`` ranked exactly as `dbf standings` ranks it: the one
        rule function :func:`dbfcli.rules.standings.standings` on the season's VP scale, with the
        recorded lots (§1.1.3.2). The site, its team pages and the USEBIO export all read it here."""
        if div_id not in self._tables:
            from ..rules.standings import standings
            from ..rules.vp import WBF20

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
        from ..rules.home import up_credited_before

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


def load_draws(store: SeasonStore) -> tuple[dict[int, CupDraw], dict[str, str], list[Problem]]:
    """Every recorded cup draw and the pools recorded with rounds 1-2 (store.cupdraw)."""
    from ..store.cupdraw import load_draws as _load

    draws, pools, problems = _load(store)
    pool_of: dict[str, str] = {}
    for r in sorted(pools):
        pool_of.update(pools[r])
    return draws, pool_of, problems


def load_cup_results(store: SeasonStore) -> tuple[dict[str, CupResult], list[Problem]]:
    """Every recorded cup result sheet and walkover (store.cupresults; docs/sheets.md keys)."""
    from ..store.cupresults import load_cup_records

    records, problems = load_cup_records(store)
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


def load_div_results(store: SeasonStore, divisions) -> tuple[dict[str, list[DivResult]], list[Problem]]:
    """Every recorded division match (store.divresults, as `dbf standings` reads them), by division."""
    from ..store.divresults import load_div_results as _load

    out: dict[str, list[DivResult]] = {}
    problems: list[Problem] = []
    for div_id in divisions:
        out[div_id], p = _load(store, div_id)
        problems += p
    return out, problems


def load_contacts(store: SeasonStore) -> dict[int, str]:
    """``cup/contacts.yaml``: member id -> e-mail address, kept by the TD (the teams file has none);
    read by :func:`dbfcli.store.cupresults.load_contacts` (a malformed file: exit 2)."""
    from ..store.cupresults import load_contacts as read_contacts
    from ..store.season import StoreError

    contacts, problems = read_contacts(store)
    if any(p.is_error for p in problems):
        raise StoreError([p for p in problems if p.is_error])
    return contacts


def load_agreements(store: SeasonStore) -> tuple[dict[str, Any], list[Problem]]:
    """``cup/schedule.yaml``: agreed date, time, venue per match (store.cupdraw.load_schedule)."""
    from ..store.cupdraw import load_schedule

    agreements, _, problems = load_schedule(store)
    return agreements, problems


CLUBS = "clubs.yaml"   # in the tournaments folder (DIR): club names and venue streets, optional


def load_clubs(store: SeasonStore) -> tuple[dict[int, str], dict[str, str], list[Problem]]:
    """``DIR/clubs.yaml`` (optional, kept by the TD; docs/publishing.md)::

        schema: 1
        clubs:   {1010: Bridgeklubben Nord}          # DBF club number -> name
        venues:  {"5000": "Bridgecentret, Vesterbro 10"}   # postcode -> street address

    Returns ``(clubs, streets, problems)``; a malformed file is a warning (the site is still built)."""
    from ..store.yamlio import YamlLoadError, parse_yaml

    path = store.root / CLUBS
    if not path.is_file():
        return {}, {}, []
    try:
        doc = parse_yaml(path.read_bytes(), str(path))
    except YamlLoadError as exc:
        return {}, {}, [replace(p, severity="warning") for p in exc.problems]
    data = doc.data if isinstance(doc.data, dict) else {}
    given = {key: data.get(key) or {} for key in ("clubs", "venues")}
    problems = []
    if not all(isinstance(v, dict) for v in given.values()):    # checked before it is read (issue 16.1)
        given = {key: v if isinstance(v, dict) else {} for key, v in given.items()}
        problems.append(Problem.warning(None, f"{path}: expected mappings 'clubs' and 'venues'", doc.where(),
                                        code="format.schema"))
    clubs = {int(k): str(v) for k, v in given["clubs"].items() if _int(k) is not None and v}
    streets = {str(k).zfill(4): str(v) for k, v in given["venues"].items() if v}
    return clubs, streets, problems


def load_trophy_teams(store: SeasonStore) -> dict[str, str]:
    """The optional ``team:`` of each row of ``DIR/trophy.yaml`` (season -> team name), for the
    trophy page; the rows themselves are read (and checked) by :func:`load_finals`."""
    from ..store.trophy import HISTORY
    from ..store.yamlio import YamlLoadError, parse_yaml

    path = store.root / HISTORY
    if not path.is_file():
        return {}
    try:
        doc = parse_yaml(path.read_bytes(), str(path))
    except YamlLoadError:
        return {}
    rows = doc.data.get("finals") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list):     # a malformed history is reported by the trophy reader
        return {}
    return {str(r["season"]): str(r["team"]) for r in rows if isinstance(r, dict) and r.get("season") and r.get("team")}


def load_finals(store: SeasonStore) -> tuple[list[Any], list[Any]]:
    """Cup finals of earlier seasons (``DIR/trophy.yaml``) for the trophy history (§1.5.1),
    read as ``dbf trophy`` reads them; a malformed row is reported (as a warning: the site
    is still published), not silently left out."""
    from ..store.trophy import HISTORY, read_history

    finals, problems = read_history(store.root / HISTORY)
    return list(finals or []), problems


def load_season(store: SeasonStore) -> SeasonData:
    """Read the whole season for publishing (never stops at the first problem)."""
    from ..rules.entry import entry_rounds
    from ..rules.roster import division_players
    from ..store.settings import load_settings_checked
    from ..store.teams import load_cup_teams, load_divisions

    settings, problems = load_settings_checked(store)
    teams, p = load_cup_teams(store)
    problems += p
    divisions, p = load_divisions(store)
    problems += p
    entry, p = entry_rounds(teams, settings.cup.entry_round, division_players(divisions))
    problems += p
    draws, pools, p = load_draws(store)
    problems += p
    results, p = load_cup_results(store)
    problems += p
    div_results, p = load_div_results(store, divisions)
    problems += p
    agreements, p = load_agreements(store)
    problems += p
    finals, p = load_finals(store)
    problems += [replace(x, severity="warning") for x in p]
    data = SeasonData(store.season, settings, {t.id: t for t in teams}, entry, dict(divisions), draws, results,
                      div_results, agreements, load_contacts(store), finals, problems, pools)
    from ..store.divresults import load_vp_scale

    data.vp_scale, p = load_vp_scale(store, settings.vp_scale)
    from ..store.systems import hum_context

    data.hum_pairs, _ = hum_context(store, settings, teams)
    data.problems += p
    data.playoffs = load_playoffs(store, divisions)
    from ..store.geodata import road_table

    data.road, p = road_table(store)
    data.problems += p
    data.clubs, data.streets, p = load_clubs(store)
    data.problems += p
    data.trophy_teams = load_trophy_teams(store)
    from ..store.lots import load_lots

    data.lots, p = load_lots(store)
    data.problems += p
    from ..store.divresults import load_frozen

    for div_id in divisions:
        rounds, _, p = load_frozen(store, div_id, settings.division(div_id))
        if rounds is not None:
            data.div_rounds[div_id] = rounds
        data.problems += p
    return data


def load_playoffs(store: SeasonStore, divisions) -> dict[str, dict]:
    """The play-off as `dbf playoff` shows it (store.playoffstate: pairing, carry-over, home per
    section, recorded results): ``{"1div": doc, "3div": doc}``; a division that cannot have one yet
    is left out (its problems are `dbf playoff`'s to report)."""
    out: dict[str, dict] = {}
    from ..store.playoffstate import playoff_doc, playoff_state

    for div, needs in (("1div", ("1div",)), ("3div", ("3div-a", "3div-b"))):
        if not all(d in divisions and len(divisions[d].teams) >= 4 for d in needs):
            continue
        try:
            st = playoff_state(store, div=div)
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
    """Home team, venue, date, time and UP of every match of a drawn round (rules.home, §1.5.5-§1.5.8,
    with the §1.5.13 HUM rule), as ``dbf schedule cup`` computes them."""
    from ..rules.home import schedule_match
    from ..rules.up import trip_function
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
    for m in draw.matches:   # as store.cupschedule.scheduled, without re-reading the season per round
        s, p = schedule_match(m, data.settings.cup, postcodes, totals, data.agreements.get(m.id), trip,
                              hum_pairs=data.hum_pairs, division_teams=division_teams,
                              notice_days=data.settings.systems.hum_notice_days, recorded=m.id in data.results)
        out.append(s)
        problems += p
    return out, problems
