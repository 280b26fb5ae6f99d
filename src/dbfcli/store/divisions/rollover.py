"""Next season as `dbf season rollover` would build it (§1.1.1.1, §1.1.2.2, §1.1.3.2-3,
§1.1.4.1-3, §1.1.5): this season's final orders and play-off, the qualifiers file, the
rule core's :func:`dbfcli.rules.divisions.rollover.rollover` and the 3rd division split by the
teams' postcodes. Returns the plan and problems; the CLI writes the new season.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from ...rules.problems import Msg, Problem
from ...rules.value import MutableValue, field
from ..season import SeasonStore


class RolloverPlan(MutableValue):
    """What the rollover would write: ``new`` maps ``1div``, ``2div``, ``3div-a``, ``3div-b`` to
    team ids in seeding order, ``doc`` is the command's JSON document, ``steps`` the reasoning."""

    source: str                                   # this season
    target: SeasonStore                           # the new season (not yet written)
    seed: int
    vacancies: list[str]
    doc: dict[str, Any]
    steps: list[Any] = field(default_factory=list)
    new: dict[str, tuple[str, ...]] = field(default_factory=dict)
    teams: dict[str, Any] = field(default_factory=dict)   # id -> Team, this season's and the qualifiers'
    unused_winners: list[str] = field(default_factory=list)   # --winner keys of no match of this rollover

    def division_teams(self, division: str) -> list:
        """The Team records of a new division, in seeding order."""
        return [self.teams[t] for t in self.new[division]]


def next_season(season: str) -> str:
    """The season after ``season``: ``2026-27`` -> ``2027-28``."""
    first = int(season[:4]) + 1
    return f"{first}-{(first + 1) % 100:02d}"


def new_season_refusal(store: SeasonStore, to: str) -> Problem | None:
    """Why ``--to`` cannot be the new season (exit 2), or None: not of the form ``2027-28``,
    not the season after this one, or a season folder that already holds a season (a folder
    without season.toml -- what an undone or interrupted rollover may leave -- is not one)."""
    from ...rules.ids import SeasonId

    if SeasonId.get(to) is None:
        return Problem.error(None, Msg('season {} is not of the form 2027-28 (two consecutive years)',
                                       f'{to!r}'), code="format.id")
    if to == store.season:
        return Problem.error(None, Msg('--to names this season; give the next one'), code="usage.option")
    if SeasonId.get(store.season) is not None and to != next_season(store.season):
        return Problem.error(None, Msg('--to {}: a rollover builds the season after {}, {}', to, store.season,
                                       next_season(store.season)), hint=Msg('--to {}',
                                                                            next_season(store.season)),
                             code="usage.option")
    target = SeasonStore(store.root, to)
    if target.dir.exists() and (target.dir / "season.toml").exists():
        return Problem.error(None, Msg('season {} already exists: {}', to, target.dir), hint=Msg('remove it or pick another --to'),
                             code="state.exists")
    return None


class _Inputs(MutableValue):
    """What the rollover reads from this season (:func:`_season_inputs`)."""

    orders: dict
    first: tuple
    teams: dict
    decided: dict
    seed: int | None
    lots: list
    problems: list
    blocked: bool = False


def _season_inputs(store: SeasonStore, decided: Mapping[str, str], seed: int | None) -> _Inputs:
    """This season's final orders (with recorded lots, §1.1.3.2), the 1st-division play-off
    (§1.1.2.4), the recorded runners-up match (§1.1.4.2: a recorded result decides; a
    ``--winner`` that contradicts it is an error) and the lots."""
    from .lots import load_lots
    from .playoffstate import division_orders, playoff_state
    from ..teams import load_divisions

    orders, problems = division_orders(store)
    divisions, p = load_divisions(store)
    problems += p
    teams = {t.id: t for d in divisions.values() for t in d.teams}
    po1 = playoff_state(store, seed)
    inputs = _Inputs(orders, orders["1div"], teams, dict(decided), seed if seed is not None else po1["seed"],
                     load_lots(store)[0], problems)
    if po1.get("blocked"):
        inputs.problems, inputs.blocked = list(po1["problems"]), True
        return inputs
    problems += [x for x in po1["problems"] if x.is_error]
    if po1.get("champion"):
        inputs.first = po1["final_order"]
    else:
        problems.append(Problem.warning("1.1.2.4", Msg('the 1st-division play-off is not finished: 1div '
                                                       'is seeded by the round robin'),
                                        code="rollover.playoff-unfinished"))
    po3 = playoff_state(store, seed, div="3div")
    if po3.get("blocked"):
        inputs.problems, inputs.blocked = list(po3["problems"]), True
        return inputs
    rec = po3["decisions"].get("3div-PO")
    if rec and rec[1] is not None:
        given = inputs.decided.get("3div-PO")
        if given is not None and given.lower() != rec[1].winner.lower():
            problems.append(Problem.error("1.1.4.2", Msg('3div-PO is recorded: {} won {}; --winner '
                                                         '3div-PO={} cannot override a recorded result',
                                                         rec[1].winner,
                                                         '-'.join(str(x) for x in rec[0].imps()), given), hint=Msg('drop --winner 3div-PO, or correct the '
                                                                                 'recorded result (dbf playoff 3div '
                                                                                 'result 3div-PO ...)'),
                                          code="rollover.winner-recorded"))
        inputs.decided["3div-PO"] = rec[1].winner
    return inputs


def _qualifiers(path: Path, teams: dict, problems: list) -> tuple[Any, list]:
    """The qualifiers file (§1.1.5) as :class:`~dbfcli.rules.divisions.qualification.Qualifiers`, with the
    §1.1.5.1 allocation of places when membership is given; its teams join ``teams``."""
    from ...rules.divisions.qualification import Qualifiers, allocate_places
    from ...rules.divisions.vacancy import Step
    from .playoff import read_qualifiers

    qf, p = read_qualifiers(path)
    problems += p
    teams.update({t.id: t for t in qf.teams})
    places, steps = qf.current, []
    if qf.membership is not None:
        alloc = allocate_places(*qf.membership, current=qf.current)
        places = (alloc.west, alloc.east)
        steps.append(Step("1.1.5.1", Msg('qualification places: west {}, east {} ({})', places[0], places[1],
                                         alloc.reason)))
    return Qualifiers(qf.west, qf.east_tournament, qf.east_direct, places[0], places[1]), steps


def _hinted(r, problems: list) -> None:
    """The rollover's problems, a match it waits for with the command that records it."""
    from ...rules.value import replace

    waits = {pm.id: pm for pm in r.pending}
    for x in r.problems:
        pm = next((waits[k] for k in waits if f"waits for {k}:" in x.message), None)
        if pm is not None:
            how = ("dbf playoff 3div result 3div-PO --half A-B ..." if pm.id == "3div-PO"
                   else Msg('--winner {}=TEAM, or --too-late-for-match and a lot (dbf lot draw {} ...)', pm.id,
                            pm.id))
            x = replace(x, hint=how)
        problems.append(x)


def road_distance(teams: Mapping[str, Any], store: SeasonStore | None = None):
    """``(coords, distance, problems)`` for the §1.1.4.1 split: each team's place (captain's
    postcode) and the road km between two teams by the cup's road model (`dbf distance`), with
    the season's ``distances.csv`` of known km (docs/formats/distances-csv.md) when ``store``
    has one; memoised per pair of postcodes."""
    from ...rules.geography import road_route
    from ..geodata import load_postcodes, road_table

    table, problems = road_table(store) if store is not None else (load_postcodes(), [])
    coords, memo = {}, {}
    for t, team in teams.items():
        pt = table.point(team.postcode)
        if pt is not None:
            coords[t] = (pt.lat, pt.lon)

    def distance(a: str, b: str) -> float:
        key = tuple(sorted((teams[a].postcode, teams[b].postcode)))
        if key not in memo:
            route = road_route(table, *key)
            memo[key] = route.km if route is not None else _straight(coords[a], coords[b])
        return memo[key]

    return coords, distance, problems


def _straight(a, b) -> float:
    from ...rules.divisions.groups import great_circle_km

    return great_circle_km(a, b)


def _split(store: SeasonStore, r, teams: dict, blocked: bool, problems: list, steps: list) -> tuple[Any, dict]:
    """§1.1.4.1: the 3rd division in two geographic groups by road km; ``(split, new divisions)``."""
    from ...rules.divisions.groups import split_groups
    from ...rules.divisions.vacancy import Step

    new = {"1div": r.divisions["1div"], "2div": r.divisions["2div"]}
    if not r.divisions["3div"] or blocked:
        return None, new
    known = {t: teams[t] for t in r.divisions["3div"] if t in teams}
    coords, distance, p = road_distance(known, store)
    problems += p
    if any(x.is_error for x in p):
        return None, new
    split, p = split_groups(r.divisions["3div"], coords, distance)
    problems += p
    if split is not None:
        new.update(split.groups())
        steps.append(Step("1.1.4.1", Msg('3div split by geography (least within-group road km, every pair '
                                         'of a group meets once): 3div-a (west) {} km, 3div-b (east) {} '
                                         'km', f'{split.travel_west:.0f}', f'{split.travel_east:.0f}')))
    return split, new


def rollover_plan(store: SeasonStore, to: str, qualifiers: Path, vacancies: Sequence[str],
                  decided: Mapping[str, str], *, too_late_for_match: bool = False,
                  too_late_to_promote: bool = False, seed: int | None = None,
                  dry_run: bool = False) -> tuple[RolloverPlan | None, list[Problem]]:
    """Next season ``to`` from this season's results: ``(plan, problems)``.

    ``decided`` maps deciding matches to their winners (``--winner``); the recorded
    runners-up match (§1.1.4.2) decides when it is recorded (a ``--winner`` against it is an
    error). 1div is seeded by the play-off when it is finished, else by the round robin with a
    §1.1.2.4 warning. A lot is the one recorded with ``dbf lot``, else drawn from the ``seed``
    the TD gave. ``(None, problems)`` when the 1st-division play-off cannot be paired yet
    (§1.1.2.5, §1.1.2.8). ``plan.unused_winners``: ``--winner`` keys no match of this rollover
    has (a usage error). An unreadable file raises :class:`StoreError`.
    """
    from ...rules.divisions.rollover import SeasonResult, rollover

    given = dict(decided)
    inputs = _season_inputs(store, given, seed)
    if inputs.blocked:
        return None, inputs.problems
    problems, teams = inputs.problems, inputs.teams
    q, steps = _qualifiers(qualifiers, teams, problems)
    canon = {t.lower(): t for t in teams}            # team ids are case-insensitive (docs/interface.md)
    inputs.decided = {k: canon.get(v.lower(), v) for k, v in inputs.decided.items()}
    o = inputs.orders
    r = rollover(SeasonResult(inputs.first, o["2div"], o["3div-a"], o["3div-b"], q), vacancies, decided=inputs.decided,
                 too_late_for_match=too_late_for_match, too_late_to_promote=too_late_to_promote, seed=inputs.seed,
                 lots=inputs.lots)
    _hinted(r, problems)
    steps += list(r.steps)
    split, new = _split(store, r, teams, any(x.is_error for x in problems), problems, steps)
    doc = r.to_json()
    doc.update({"from": store.season, "to": to, "seed": inputs.seed, "dry_run": dry_run,
                "steps": [{"rule": s.rule, "text": s.text} for s in steps],
                "new_divisions": {d: list(v) for d, v in new.items()},
                "travel_km": None if split is None else {"3div-a": round(split.travel_west, 1),
                                                         "3div-b": round(split.travel_east, 1)},
                "distance": "road"})
    missing = [t for d in new.values() for t in d if t not in teams]
    if missing:
        problems.append(Problem.error(None, Msg('no team record for {}', ', '.join(missing)), code="unknown.team"))
    plan = RolloverPlan(store.season, SeasonStore(store.root, to), inputs.seed, list(vacancies), doc, steps, new, teams)
    plan.unused_winners = sorted(k for k in given if k not in r.matches)
    return plan, problems


def rollover_data(plan: RolloverPlan) -> dict:
    """``divisions/rollover.yaml`` of the new season: how its divisions were built."""
    return {"schema": 1, "from": plan.source, "seed": plan.seed, "vacancies": list(plan.vacancies),
            "steps": plan.doc["steps"], "lots": plan.doc["lots"]}


def rollover_files(plan: RolloverPlan) -> dict[str, str]:
    """The files of the new season, relative to its folder, and their text: season.toml of
    defaults, each division's teams in seeding order, an empty cup, ``divisions/rollover.yaml``."""
    from ..settings import default_season_toml
    from ..teams import division_file, teams_file_data
    from ..yamlio import dump_yaml

    to = plan.target.season
    files = {"season.toml": default_season_toml(to)}
    for d in plan.new:
        files[division_file(d)] = dump_yaml(teams_file_data(plan.division_teams(d), d),
                                            f"{d} teams in seeding order (dbf season rollover from {plan.source})")
    files["cup/teams.yaml"] = dump_yaml({"schema": 1, "teams": []}, "cup teams (dbf cup enter)")
    files["divisions/rollover.yaml"] = dump_yaml(rollover_data(plan), f"how {to}'s divisions were built (dbf season rollover)")
    return files


def already_built(target: SeasonStore, files: Mapping[str, str]) -> bool:
    """Is ``target`` exactly the season these files make, with nothing written since (its journal
    holds one entry, the rollover's)? What a rollover killed after its rename leaves (issue 15.6)."""
    from ..season import JOURNAL

    if not (target.dir / "season.toml").is_file() or len(target.list(JOURNAL)) != 1:
        return False
    return all(target.read_bytes(rel) == text.encode("utf-8") for rel, text in files.items())


def set_current(root: Path, season: str) -> bool:
    """§ none (docs/interface.md ``dbf.toml``): make ``season`` current in ``DIR/dbf.toml``; the line
    ``current = "..."`` is replaced (or added), the rest of the file kept. False when unchanged."""
    import re

    from ..atomic import atomic_write

    path = root / "dbf.toml"
    if not path.exists():          # no dbf.toml: the newest season folder is current anyway
        return False
    text = path.read_text(encoding="utf-8")
    line = f'current = "{season}"'
    pattern = re.compile(r'^current\s*=\s*"[^"]*"', re.M)
    new = pattern.sub(line, text, count=1) if pattern.search(text) else line + "\n" + text
    if new == text:
        return False
    atomic_write(path, new.encode("utf-8"))
    return True


def made_from(entry: dict) -> str | None:
    """The season a journal entry made its season from: its ``made_from`` (docs/formats/journal.md);
    an entry written before that key existed said it only in its message, ``rollover A -> B``,
    which is read for such an entry alone."""
    source = entry.get("made_from")
    if isinstance(source, str):
        return source
    words = str(entry.get("message") or "").split()
    return words[1] if "made_from" not in entry and len(words) == 4 and words[0] == "rollover" else None


def after_undo(store: SeasonStore, entry: dict) -> str | None:
    """After `dbf undo` of a rollover (the new season's first write): the season folder is
    empty of state, so it is removed and the season it came from made current again
    (issue 15.6). Returns the season made current, or None when ``entry`` was no rollover."""
    import shutil

    source = made_from(entry)
    if source is None or (store.dir / "season.toml").exists():
        return None
    shutil.rmtree(store.dir, ignore_errors=True)
    if (store.root / "dbf.toml").exists() and (store.root / source).is_dir():
        set_current(store.root, source)
    return source
