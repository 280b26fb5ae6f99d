"""Next season as `dbf season rollover` would build it (§1.1.1.1, §1.1.2.2, §1.1.3.2-3,
§1.1.4.1-3, §1.1.5): this season's final orders and play-off, the qualifiers file, the
rule core's :func:`dbfcli.rules.rollover.rollover` and the 3rd division split by the
teams' postcodes. Returns the plan and problems; the CLI writes the new season.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from ..rules.problems import Problem
from ..rules.value import MutableValue, field
from .season import SeasonStore


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

    def division_teams(self, division: str) -> list:
        """The Team records of a new division, in seeding order."""
        return [self.teams[t] for t in self.new[division]]


def new_season_refusal(store: SeasonStore, to: str) -> Problem | None:
    """Why ``--to`` cannot be the new season (exit 2), or None: not of the form ``2027-28``,
    this season itself, or a season folder that already has files (a folder holding only the
    lock file that a --dry-run may leave is not a season)."""
    from .season import SEASON_NAME

    if not SEASON_NAME.match(to) or int(to[5:]) != (int(to[2:4]) + 1) % 100:
        return Problem.error(None, f"season {to!r} is not of the form 2027-28 (two consecutive years)", code="format.id")
    if to == store.season:
        return Problem.error(None, "--to names this season; give the next one", code="usage.option")
    target = SeasonStore(store.root, to)
    if target.dir.exists() and any(p.name != ".dbf.lock" for p in target.dir.iterdir()):
        return Problem.error(None, f"season {to} already exists: {target.dir}", hint="remove it or pick another --to", code="state.exists")
    return None


def rollover_plan(store: SeasonStore, to: str, qualifiers: Path, vacancies: Sequence[str],
                  decided: Mapping[str, str], *, too_late_for_match: bool = False,
                  too_late_to_promote: bool = False, seed: int | None = None,
                  dry_run: bool = False) -> tuple[RolloverPlan | None, list[Problem]]:
    """Next season ``to`` from this season's results: ``(plan, problems)``.

    ``decided`` maps deciding matches to their winners (``--winner``); the recorded
    runners-up match (§1.1.4.2) is added when it is decided. 1div is seeded by the play-off
    when it is finished, else by the round robin with a §1.1.2.4 warning. ``(None, problems)``
    when the 1st-division play-off cannot be paired yet (§1.1.2.5, §1.1.2.8): only the
    play-off's problems then. An unreadable file raises :class:`StoreError`.
    """
    from ..rules.groups import split_groups
    from ..rules.qualification import Qualifiers, allocate_places
    from ..rules.rollover import SeasonResult, rollover
    from ..rules.value import replace
    from ..rules.vacancy import Step
    from .geodata import load_postcodes
    from .playoff import read_qualifiers
    from .playoffstate import division_orders, playoff_state
    from .teams import load_divisions

    decided = dict(decided)
    orders, problems = division_orders(store)
    divisions, p = load_divisions(store)
    problems += p
    teams = {t.id: t for d in divisions.values() for t in d.teams}
    first = orders["1div"]
    po1 = playoff_state(store, seed)
    if po1.get("blocked"):
        return None, list(po1["problems"])
    problems += [x for x in po1["problems"] if x.is_error]
    run_seed = po1["seed"]
    if po1.get("champion"):
        first = po1["final_order"]
    else:
        problems.append(Problem.warning("1.1.2.4", "the 1st-division play-off is not finished: 1div is seeded by the round robin"))
    po3 = playoff_state(store, seed, div="3div")
    if po3.get("blocked"):
        return None, list(po3["problems"])
    rec = po3["decisions"].get("3div-PO")
    if rec and rec[1] is not None and "3div-PO" not in decided:
        decided["3div-PO"] = rec[1].winner

    qf, p = read_qualifiers(qualifiers)
    problems += p
    teams.update({t.id: t for t in qf.teams})
    places = qf.current
    if qf.membership is not None:
        alloc = allocate_places(*qf.membership, current=qf.current)
        places = (alloc.west, alloc.east)
    q = Qualifiers(qf.west, qf.east_tournament, qf.east_direct, places[0], places[1])
    result = SeasonResult(first, orders["2div"], orders["3div-a"], orders["3div-b"], q)
    r = rollover(result, vacancies, decided=decided, too_late_for_match=too_late_for_match,
                 too_late_to_promote=too_late_to_promote, seed=run_seed)

    waits = {pm.id: pm for pm in r.pending}
    for x in r.problems:
        pm = next((waits[k] for k in waits if f"waits for {k}:" in x.message), None)
        if pm is not None:
            how = ("dbf playoff 3div result 3div-PO --half A-B ..." if pm.id == "3div-PO"
                   else f"--winner {pm.id}=TEAM, or --too-late-for-match to draw lots")
            x = replace(x, hint=how)
        problems.append(x)
    steps = list(r.steps)
    if qf.membership is not None:
        steps.insert(0, Step("1.1.5.1", f"qualification places: west {places[0]}, east {places[1]} ({alloc.reason})"))

    blocked = any(x.is_error for x in problems)
    postcodes = load_postcodes()
    coords = {}
    for t in r.divisions["3div"]:
        pt = postcodes.point(teams[t].postcode) if t in teams else None
        if pt is not None:
            coords[t] = (pt.lat, pt.lon)
    split, p = split_groups(r.divisions["3div"], coords) if r.divisions["3div"] and not blocked else (None, [])
    problems += p
    new = {"1div": r.divisions["1div"], "2div": r.divisions["2div"]}
    if split is not None:
        new.update(split.groups())
        steps.append(Step("1.1.4.1", f"3div split by geography (least within-group distance): 3div-a (west) "
                                     f"{split.travel_west:.0f} km, 3div-b (east) {split.travel_east:.0f} km"))
    doc = r.to_json()
    doc.update({"from": store.season, "to": to, "seed": run_seed, "dry_run": dry_run,
                "steps": [{"rule": s.rule, "text": s.text} for s in steps],
                "new_divisions": {d: list(v) for d, v in new.items()},
                "travel_km": None if split is None else {"3div-a": round(split.travel_west, 1),
                                                         "3div-b": round(split.travel_east, 1)}})
    missing = [t for d in new.values() for t in d if t not in teams]
    if missing:
        problems.append(Problem.error(None, f"no team record for {', '.join(missing)}", code="unknown.team"))
    plan = RolloverPlan(store.season, SeasonStore(store.root, to), run_seed, list(vacancies), doc, steps, new, teams)
    return plan, problems


def rollover_data(plan: RolloverPlan) -> dict:
    """``divisions/rollover.yaml`` of the new season: how its divisions were built."""
    return {"schema": 1, "from": plan.source, "seed": plan.seed, "vacancies": list(plan.vacancies),
            "steps": plan.doc["steps"], "lots": plan.doc["lots"]}
