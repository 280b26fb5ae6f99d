"""Files of the play-off and the rollover inputs.

* ``divisions/matches/<id>.yaml``: recorded division matches, read as
  :class:`~dbfcli.rules.divisions.standings.DivResult` (short form ``imps: [home, away]``
  with ``boards``, or a result sheet's ``segments``).
* ``divisions/playoff.yaml``: the §1.1.2.8 choice, the lot seed and the
  recorded play-off results (schema 1)::

      schema: 1
      seed: 202627
      results_known_on: 2027-02-21     # optional, default: day after the last 1div weekend
      choice: {team: KBH-2, chosen_on: 2027-02-25}
      results:
        1div-SF1: {teams: [ODE-1, KBH-2], halves: [[30, 20], [10, 12], [40, 40], [5, 9]], extra_rounds: []}

* the qualifiers file of ``dbf season rollover --qualifiers`` (§1.1.5)::

      schema: 1
      membership: {west: 5200, east: 4800}   # optional, §1.1.5.1
      west: [W1, W2, W3, W4]                 # Kreds IV, best first
      east_direct: [K2]                      # Kreds II's place
      east_tournament: [E1, E2, E3]          # the east tournament, best first
      teams: [...]                           # every team named above, teams-file form
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from ...rules.model import Team
from ...rules.problems import Msg, Problem, Where
from ...rules.divisions.standings import DivResult
from ...rules.value import MutableValue, field
from ..season import SeasonStore, StoreError
from ..yamlio import LineDict, YamlDoc, YamlLoadError, parse_yaml

if TYPE_CHECKING:
    from ...rules.divisions.playoff import PlayoffResult

PLAYOFF = "divisions/playoff.yaml"
MATCHES = "divisions/matches"
SCHEMA = 1


#: the largest IMPs a half may hold as read (store/sheets.py's MAX_NUMBER: nine digits); a hand
#: edit of 10**29 IMPs overflowed the one-decimal display (issue 27, bench/fuzz_state.py)
MAX_IMPS = 999_999_999


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_int(v) is not None and -MAX_IMPS <= v <= MAX_IMPS
                                                                    for v in value):
        return (value[0], value[1])
    return None


def _side_team(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("team")
    return str(value) if value is not None else None


def load_division_results(store: SeasonStore, division_id: str) -> tuple[list[DivResult], list[Problem]]:
    """The recorded matches of one division, read as ``dbf standings`` reads them
    (:func:`dbfcli.store.divisions.results.load_div_results`)."""
    from .results import load_div_results

    return load_div_results(store, division_id)


def division_table(store: SeasonStore, division_id: str):
    """``(division, standings, results, problems)`` of one division on the season's VP scale,
    checked against its (frozen) schedule: the play-off and the rollover rank as `dbf standings`."""
    from ...rules.divisions.standings import check_against_schedule, standings
    from ...rules.divisions.vp import WBF20
    from .results import load_vp_scale, season_schedule
    from ..settings import load_settings
    from ..teams import load_division

    settings = load_settings(store)
    division, problems = load_division(store, division_id)
    if division is None or not division.teams:
        raise StoreError(Msg('{} has no teams', division_id), hint=f"dbf division enter {division_id} FILE", code="state.not-entered")
    scale, p = load_vp_scale(store, settings.vp_scale)
    problems += p
    results, p = load_division_results(store, division_id)
    problems += p
    problems += check_against_schedule(results, season_schedule(store, division, settings.division(division_id)))
    from .lots import load_lots

    table, p = standings(division, results, scale or WBF20, load_lots(store)[0])   # the file's own problems: dbf check
    return division, table, results, problems + p


class PlayoffFile(MutableValue):
    """``divisions/playoff.yaml``."""

    seed: int | None = None
    results_known_on: dt.date | None = None
    choice: str | None = None
    chosen_on: dt.date | None = None
    results: dict[str, tuple[tuple[str, str], PlayoffResult]] = field(default_factory=dict)


def _date(value: Any, what: str, doc: YamlDoc, *path) -> tuple[dt.date | None, list[Problem]]:
    if value is None:
        return None, []
    from ...rules.dates import RANGE_HINT, date_of

    day = date_of(value)
    if day is None:
        return None, [Problem.error(None, Msg('{} {} is not {}', what, f'{value!r}', RANGE_HINT), doc.where(*path), code="format.playoff")]
    return day, []


def load_playoff(store: SeasonStore) -> tuple[PlayoffFile, list[Problem]]:
    doc = store.read_yaml(PLAYOFF, required=False)
    pf = PlayoffFile()
    if doc is None or doc.data is None:
        return pf, []
    data = doc.data if isinstance(doc.data, dict) else {}
    problems: list[Problem] = []
    pf.seed = _int(data.get("seed"))
    pf.results_known_on, p = _date(data.get("results_known_on"), "results_known_on", doc, "results_known_on")
    problems += p
    choice = data.get("choice") or {}
    if isinstance(choice, dict) and choice.get("team"):
        pf.choice = str(choice["team"])
        pf.chosen_on, p = _date(choice.get("chosen_on"), "chosen_on", doc, "choice", "chosen_on")
        problems += p
    pf.results, p = _playoff_results(data, doc)
    return pf, problems + p


def _playoff_results(data: dict, doc: YamlDoc):
    """``results:`` of the play-off file: match id -> ((team, team), PlayoffResult), and the problems."""
    problems: list[Problem] = []
    results = data.get("results") or {}
    if not isinstance(results, dict):    # a hand edit (issue 16.1): a problem at its line, not an internal error
        problems.append(Problem.error(None, Msg('results: a mapping of match id to {{teams, halves, '
                                                'extra_rounds}}'),
                                      doc.where("results"), code="format.playoff"))
        results = {}
    out: dict[str, tuple[tuple[str, str], PlayoffResult]] = {}
    for mid, rec in results.items():
        got = _playoff_result(str(mid), rec)
        if got is None:
            problems.append(Problem.error(None, Msg('play-off result {}: needs teams: [a, b], halves: '
                                                    '[[a, b], ...]', mid),
                                          doc.where("results", mid), code="format.playoff"))
            continue
        out[str(mid)] = got
    return out, problems


def _rows(rec: dict, key: str) -> list:
    """``halves`` or ``extra_rounds`` of a result: a list; anything else one malformed row
    (a number there reached a loop as an internal error: issue 27, bench/fuzz_state.py)."""
    rows = rec.get(key) or []
    return rows if isinstance(rows, list) else [None]


def _playoff_result(mid: str, rec: Any):
    """One recorded play-off match ``{teams, halves, extra_rounds}``: ((team, team), PlayoffResult),
    None when malformed."""
    from ...rules.divisions.playoff import Half, PlayoffResult

    teams = rec.get("teams") if isinstance(rec, dict) else None
    halves = [_pair(h) for h in _rows(rec, "halves")] if isinstance(rec, dict) else [None]
    extra = [_pair(h) for h in _rows(rec, "extra_rounds")] if isinstance(rec, dict) else []
    if not (isinstance(teams, list) and len(teams) == 2) or None in halves or None in extra:
        return None
    return ((str(teams[0]), str(teams[1])),
            PlayoffResult(mid, tuple(Half(h) for h in halves), tuple(Half(h, 4) for h in extra)))


def playoff_data(pf: PlayoffFile) -> dict:
    data: dict = {"schema": SCHEMA}
    if pf.seed is not None:
        data["seed"] = pf.seed
    if pf.results_known_on is not None:
        data["results_known_on"] = pf.results_known_on.isoformat()
    if pf.choice is not None:
        data["choice"] = {"team": pf.choice, "chosen_on": pf.chosen_on.isoformat() if pf.chosen_on else None}
    data["results"] = {mid: {"teams": list(teams), "halves": [list(h.imps) for h in r.halves],
                             "extra_rounds": [list(h.imps) for h in r.extra_rounds]}
                       for mid, (teams, r) in pf.results.items()}
    return data


class QualifiersFile(MutableValue):
    west: tuple[str, ...] = ()
    east_direct: tuple[str, ...] = ()
    east_tournament: tuple[str, ...] = ()
    membership: tuple[int, int] | None = None
    current: tuple[int, int] = (3, 3)
    teams: tuple[Team, ...] = ()


def read_qualifiers(path) -> tuple[QualifiersFile, list[Problem]]:
    """The qualifiers file (§1.1.5); :class:`StoreError` if unreadable."""
    try:
        doc = parse_yaml(path.read_bytes(), str(path))
    except OSError as exc:
        raise StoreError(Msg('cannot read {}: {}', path, exc.strerror), code="io.cannot-read") from None
    except YamlLoadError as exc:
        raise StoreError(exc.problems) from None
    data = doc.data if isinstance(doc.data, dict) else None
    if data is None:
        raise StoreError([Problem.error(None, Msg('expected a mapping with west, east_direct, '
                                                  'east_tournament, teams'),
                                        Where(str(path), 1), code="format.qualifiers")])
    q = QualifiersFile()
    problems = _qualifier_places(q, data, doc)
    c = _pair(data.get("current_split"))
    if c is not None:
        q.current = c
    q.teams, p = _qualifier_teams(data, doc)
    problems += p
    known = {t.id for t in q.teams}
    for t in q.west + q.east_direct + q.east_tournament:
        if t not in known:
            problems.append(Problem.error("1.1.4.3", Msg('qualifier {} has no team record under teams:', t), doc.where("teams"),
                                          hint=Msg('add the team (name, captain, club, postcode, players)'),
                                          code="qualify.no-team"))
    return q, problems


def _qualifier_places(q: QualifiersFile, data: dict, doc: YamlDoc) -> list[Problem]:
    """``west``, ``east_direct``, ``east_tournament`` (lists of team ids) and ``membership``
    (§1.1.5.1) into ``q``; the problems of each."""
    problems: list[Problem] = []
    for key in ("west", "east_direct", "east_tournament"):
        value = data.get(key) or []
        if not isinstance(value, list):
            problems.append(Problem.error(None, Msg('{} must be a list of team ids', key), doc.where(key), code="format.qualifiers"))
            continue
        setattr(q, key, tuple(str(v) for v in value))
    m = data.get("membership")
    if isinstance(m, dict) and _int(m.get("west")) is not None and _int(m.get("east")) is not None:
        q.membership = (m["west"], m["east"])
    elif m is not None:
        problems.append(Problem.error(None, Msg('membership must be {{west: N, east: N}}'), doc.where("membership"), code="format.qualifiers"))
    return problems


def _qualifier_teams(data: dict, doc: YamlDoc):
    """``teams:`` of the qualifiers file, read as a teams file (its lines kept): (teams, problems)."""
    from ..teams import parse_teams_yaml

    sub = LineDict(schema=data.get("schema", SCHEMA), teams=data.get("teams") or [])
    sub.lines = {k: data.lines.get(k) for k in ("schema", "teams")} if isinstance(data, LineDict) else {}
    sub.line = getattr(data, "line", None)
    teams, _, p = parse_teams_yaml(YamlDoc(sub, doc.file, doc.text))
    return teams, p


ROLLOVER = "divisions/rollover.yaml"


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: the form of ``divisions/playoff.yaml`` (its record against the final
    table -- the choice §1.1.2.8, the teams §1.1.2.5/§1.1.2.6/§1.1.4.2, each result's structure
    §1.1.2.7/§1.1.4.2, carry-over §1.1.2.10 and decision §1.1.2.11 -- is the standings
    invariant ``playoff.carry-over``, run by store/divisions/standingsstate.py and on every write),
    ``divisions/rollover.yaml`` (its form, its lots) and the qualification files (§1.1.5.2)."""
    problems = _check_rollover_record(store)
    east, p = load_east(store)
    problems += p
    if east is not None and not p:
        problems += check_east(east, Where(EAST, 1))
    problems += load_west(store)[1]
    doc = store.read_yaml(PLAYOFF, required=False)
    if doc is None:
        return problems
    pf, p = load_playoff(store)
    problems += p
    if not isinstance(doc.data, dict):
        return problems + [Problem.error(None, Msg('the play-off file is a YAML mapping'), doc.where(), code="format.playoff")]
    # the recorded matches against the final table: the standings invariant playoff.carry-over
    # (rules/invariants.py), which `dbf check` runs through store/divisions/standingsstate.py
    return problems


def _check_rollover_record(store: SeasonStore) -> list[Problem]:
    """``divisions/rollover.yaml`` (written by ``dbf season rollover``): schema 1, ``from``,
    ``seed``, ``vacancies``, ``steps`` (each with a ``rule`` and ``text``) and ``lots`` whose
    drawn team is one of the candidates (§1.1.1.1)."""
    doc = store.read_yaml(ROLLOVER, required=False)
    if doc is None:
        return []
    data = doc.data
    if not isinstance(data, dict):
        return [Problem.error(None, Msg('the rollover record is a YAML mapping'), doc.where(), code="format.rollover")]
    problems = _rollover_keys(data, doc)
    for i, step in enumerate(data.get("steps") or []):
        if not (isinstance(step, dict) and isinstance(step.get("text"), str)):
            problems.append(Problem.error(None, Msg('steps[{}]: expected {{rule, text}}', i), doc.where("steps", i), code="format.rollover"))
    for i, lot in enumerate(data.get("lots") or []):
        if not isinstance(lot, dict) or lot.get("drawn") not in (lot.get("candidates") or []):
            problems.append(Problem.error("1.1.1.1", Msg('lots[{}]: the drawn team is not one of the '
                                                         'candidates', i),
                                          doc.where("lots", i), code="lot.candidates"))
    return problems


def _rollover_keys(data: dict, doc: YamlDoc) -> list[Problem]:
    """The schema and the type of each top-level key of the rollover record."""
    problems: list[Problem] = []
    if data.get("schema") != SCHEMA:
        problems.append(Problem.error(None, Msg('schema {}: this dbf reads schema {}',
                                                f"{data.get('schema')!r}", SCHEMA),
                                      doc.where("schema"), code="format.schema-version"))
    for key, kind in (("from", str), ("seed", int), ("vacancies", list), ("steps", list), ("lots", list)):
        if key == "seed" and data.get(key) is None:    # lots recorded with `dbf lot`, no seed given
            continue
        if not isinstance(data.get(key), kind):
            problems.append(Problem.error(None, Msg('{}: expected a {}', key, kind.__name__), doc.where(key), code="format.rollover"))
    return problems


# --- the qualification to the 3rd division (§1.1.5) ---------------------------------------------
#
# ``qualification/east.yaml`` (``dbf qualification east enter FILE``; results added by
# ``dbf qualification east result``)::
#
#     schema: 1
#     agreed: false            # §1.1.5.2 the areas agreed another field than 1 + 2 + 3
#     teams:                   # the tournament's field, teams-file form + region, in entry order
#       - {id: BOR-1, name: ..., captain: ..., club: ..., postcode: "3700", region: bornholm, players: [...]}
#     direct:                  # Kreds II's own place (§1.1.5.2), same form, region kreds2
#       - {id: K2-A, ...}
#     results:                 # IMPs [home, away] per match id of `dbf qualification east schedule`
#       QE-R01-01: [52, 31]
#
# ``qualification/west.yaml`` (``dbf qualification west enter FILE``): Kreds IV's teams, best
# first (the Jutland-Funen middle series' ranking, §1.1.5.2), teams-file form.

EAST = "qualification/east.yaml"
WEST = "qualification/west.yaml"


class EastFile(MutableValue):
    teams: tuple[Team, ...] = ()
    regions: dict[str, str] = field(default_factory=dict)
    direct: tuple[Team, ...] = ()
    agreed: bool = False
    results: dict[str, tuple[int, int]] = field(default_factory=dict)


def _team_list(doc: YamlDoc, key: str, regions: dict[str, str] | None) -> tuple[tuple[Team, ...], list[Problem]]:
    """The team records under ``key`` (teams-file form); ``region:`` taken out into ``regions``."""
    from ...rules.divisions.qualification import EAST_FIELD
    from ..teams import parse_teams_yaml
    from ..yamlio import LineList

    data = doc.data
    items = data.get(key)
    if items is None:
        return (), []
    if not isinstance(items, list):
        return (), [Problem.error(None, Msg('{}: a list of teams', key), doc.where(key), code="format.qualification")]
    stripped = LineList()
    stripped.lines, stripped.line = list(getattr(items, "lines", [])), getattr(items, "line", None)
    found: list[tuple[int, object]] = []
    for i, item in enumerate(items):
        if isinstance(item, dict):
            copy = LineDict((k, v) for k, v in item.items() if k != "region")
            copy.lines, copy.line = dict(getattr(item, "lines", {})), getattr(item, "line", None)
            found.append((i, item.get("region")))
            item = copy
        stripped.append(item)
    sub = LineDict(schema=SCHEMA, teams=stripped)
    sub.lines, sub.line = {"teams": data.lines.get(key)} if isinstance(data, LineDict) else {}, getattr(data, "line", None)
    teams, _, problems = parse_teams_yaml(YamlDoc(sub, doc.file, doc.text))
    if regions is not None and len(teams) == len(items):
        for (i, region), team in zip(found, teams):
            if region not in EAST_FIELD:
                problems.append(Problem.error("1.1.5.2", Msg('{}: region: {}; give one of {}', team.id,
                                                             f'{region!r}', ', '.join(EAST_FIELD)), doc.where(key, i),
                                              code="qualify.region"))
            else:
                regions[team.id] = str(region)
    return teams, problems


def parse_east(doc: YamlDoc) -> tuple[EastFile, list[Problem]]:
    """The east file (an entry file or the stored ``qualification/east.yaml``)."""
    ef = EastFile()
    if not isinstance(doc.data, dict):
        return ef, [Problem.error(None, Msg('expected a mapping with teams: (and direct:)'), doc.where(), code="format.qualification")]
    problems: list[Problem] = []
    unknown = set(doc.data) - {"schema", "agreed", "teams", "direct", "results"}
    if unknown:
        problems.append(Problem.error(None, Msg('unknown key(s): {}', ', '.join(sorted(map(str, unknown)))),
                                      doc.where(sorted(unknown, key=str)[0]), code="format.schema"))
    if doc.data.get("schema", SCHEMA) != SCHEMA:
        problems.append(Problem.error(None, Msg('schema {}; this dbf reads schema {}', doc.data.get('schema'),
                                                SCHEMA),
                                      doc.where("schema"), code="format.schema-version"))
    ef.agreed = bool(doc.data.get("agreed", False))
    ef.teams, p = _team_list(doc, "teams", ef.regions)
    problems += p
    ef.direct, p = _team_list(doc, "direct", ef.regions)
    problems += p
    ids = [t.id for t in ef.teams + ef.direct]
    for t in sorted({t for t in ids if ids.count(t) > 1}):
        problems.append(Problem.error("1.1.5.2", Msg('team {} is named twice', t), doc.where("teams"),
                                      code="qualify.listed-twice"))
    results = doc.data.get("results") or {}
    if not isinstance(results, dict):
        problems.append(Problem.error(None, Msg('results: a mapping MATCH: [home IMPs, away IMPs]'), doc.where("results"), code="format.qualification"))
        results = {}
    for mid, pair in results.items():
        ok = _pair(pair)
        if ok is None or min(ok) < 0:
            problems.append(Problem.error(None, Msg('results {}: [home IMPs, away IMPs], whole numbers >= '
                                                    '0', mid),
                                          doc.where("results", mid), code="format.qualification"))
        else:
            ef.results[str(mid)] = ok
    return ef, problems


def read_entry(path, what: str) -> YamlDoc:
    """A file the TD gives on the command line; :class:`StoreError` (exit 2) if unreadable."""
    try:
        return parse_yaml(path.read_bytes(), str(path))
    except OSError as exc:
        raise StoreError(Msg('cannot read {} {}: {}', what, path, exc.strerror), code="io.cannot-read") from None
    except YamlLoadError as exc:
        raise StoreError(exc.problems) from None


def load_east(store: SeasonStore) -> tuple[EastFile | None, list[Problem]]:
    doc = store.read_yaml(EAST, required=False)
    return (None, []) if doc is None else parse_east(doc)


def east_data(ef: EastFile) -> dict:
    from ..teams import team_to_data

    def rows(teams):
        return [dict(team_to_data(t), region=ef.regions.get(t.id)) for t in teams]

    data: dict = {"schema": SCHEMA, "agreed": ef.agreed, "teams": rows(ef.teams)}
    if ef.direct:
        data["direct"] = rows(ef.direct)
    data["results"] = {mid: list(v) for mid, v in ef.results.items()}
    return data


def load_west(store: SeasonStore) -> tuple[tuple[Team, ...] | None, list[Problem]]:
    from ..teams import parse_teams_yaml

    doc = store.read_yaml(WEST, required=False)
    if doc is None:
        return None, []
    teams, _, problems = parse_teams_yaml(doc)
    return teams, problems


def check_east(ef: EastFile, where: Where | None = None) -> list[Problem]:
    """The field (§1.1.5.2: 1 Bornholm, 2 Copenhagen, 3 Kreds II unless agreed), Kreds II's
    direct team(s) (region kreds2), every result a match of the schedule (24 boards, §1.1.5.2)."""
    from ...rules.divisions.qualification import check_east_field, east_schedule

    problems = [x.at(where) for x in check_east_field([(t.id, ef.regions.get(t.id, "?")) for t in ef.teams],
                                                      agreed=ef.agreed)]
    for t in ef.direct:
        if ef.regions.get(t.id) not in (None, "kreds2"):
            problems.append(Problem.error("1.1.5.2", Msg("{}: the direct place is Kreds II's; its region "
                                                         'is {}', t.id, ef.regions.get(t.id)), where,
                                          code="qualify.region"))
    scheduled = {mid for rnd in east_schedule([t.id for t in ef.teams]) for mid, _, away in rnd if away}
    for mid in ef.results:
        if mid not in scheduled:
            problems.append(Problem.error("1.1.5.2", Msg('result {} is not a match of the east '
                                                         "tournament's schedule", mid),
                                          where, hint="dbf qualification east schedule", code="qualify.result-teams"))
    return problems
