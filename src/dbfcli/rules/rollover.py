"""Next season's divisions from this season's results (§1.1.1.1, §1.1.2.2, §1.1.3.2-3, §1.1.4.2-3).

Plain inputs: the final order of each division (team ids, best first; for
the 1st division the ranking after the play-off, see
:func:`dbfcli.rules.playoff.final_order`), the qualification lists
(:class:`~dbfcli.rules.qualification.Qualifiers`), the recorded winners of
the deciding matches (``"3div-PO"`` = §1.1.4.2 runners-up match,
``"3div-PO3"`` = vacancy match between the third-placed, ``"Q-PO1"`` = west
no. 4 v east no. 3 ...) and the dissolved teams.

The result lists every step of the reasoning (:class:`Step`), the new
``1div``/``2div``/``3div`` (24 teams, split into groups by
:mod:`dbfcli.rules.groups`) in seeding order, pending matches, lots and
problems. Seeding order (our reading, docs/readings/playoff-rollover.md):
teams from a higher division first; within a division by last season's
rank; the two 3rd-division groups interleaved by rank (group a first);
qualifiers last, interleaved west/east by rank.
"""

from __future__ import annotations

from typing import Collection, Mapping, Sequence

from .playoff import Lot
from .problems import Problem
from .qualification import Qualifiers
from .vacancy import Fill, PendingMatch, Step, fill_from_pairs
from .value import Value, field

SIZES = {"1div": 12, "2div": 12, "3div": 24}
GROUP_SIZE = 12


class SeasonResult(Value):
    """This season's final orders (best first) and qualification."""

    first: tuple[str, ...]
    second: tuple[str, ...]
    third_a: tuple[str, ...]
    third_b: tuple[str, ...]
    qualifiers: Qualifiers = field(default_factory=Qualifiers)


class Rollover(Value):
    """Next season: ``divisions`` maps ``1div``, ``2div``, ``3div`` to team ids in seeding order."""

    steps: tuple[Step, ...]
    divisions: Mapping[str, tuple[str, ...]]
    pending: tuple[PendingMatch, ...] = ()
    lots: tuple[Lot, ...] = ()
    problems: tuple[Problem, ...] = ()
    out: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.pending and all(len(self.divisions[d]) == n for d, n in SIZES.items())

    def to_json(self) -> dict:
        return {
            "divisions": {d: list(t) for d, t in self.divisions.items()},
            "steps": [{"rule": s.rule, "text": s.text} for s in self.steps],
            "pending": [p.to_json() for p in self.pending],
            "lots": [{"rule": l.rule, "key": l.key, "seed": l.seed, "candidates": list(l.candidates), "drawn": l.drawn}
                     for l in self.lots],
            "out": list(self.out),
            "errors": [p.to_json() for p in self.problems if p.is_error],
            "warnings": [p.to_json() for p in self.problems if not p.is_error],
        }


def _origins(r: SeasonResult) -> dict[str, tuple[int, int, int, str]]:
    """team -> (tier, place, group, label) for seeding and messages."""
    out: dict[str, tuple[int, int, int, str]] = {}
    for tier, group, name, order in ((0, 0, "1div", r.first), (1, 0, "2div", r.second),
                                     (2, 0, "3div-a", r.third_a), (2, 1, "3div-b", r.third_b)):
        for i, t in enumerate(order):
            out.setdefault(t, (tier, i + 1, group, f"{name} no. {i + 1}"))
    q = r.qualifiers
    for t in q.west + q.east_ranked():
        area, rank = q.rank(t)
        out.setdefault(t, (3, rank, 0 if area == "west" else 1, f"qualification {area} no. {rank}"))
    return out


def _check_input(r: SeasonResult, vacancies: Collection[str], origins: Mapping) -> list[Problem]:
    problems = []
    for name, order, size, rule in (("1div", r.first, 12, "1.1.2.1"), ("2div", r.second, 12, "1.1.3.1"),
                                    ("3div-a", r.third_a, GROUP_SIZE, "1.1.4.1"), ("3div-b", r.third_b, GROUP_SIZE, "1.1.4.1")):
        if len(order) != size:
            problems.append(Problem.error(rule, f"{name} has {len(order)} teams in its final order; it has {size}"))
    seen: dict[str, int] = {}
    for t in r.first + r.second + r.third_a + r.third_b + r.qualifiers.west + r.qualifiers.east_ranked():
        seen[t] = seen.get(t, 0) + 1
    for t, n in seen.items():
        if n > 1:
            problems.append(Problem.error(None, f"team {t} appears {n} times in the season's orders and qualification", code="format.duplicate"))
    for v in vacancies:
        if v not in origins:
            problems.append(Problem.error("1.1.1.1", f"dissolved team {v} is in no division or qualification list",
                                          hint="check the team id"))
    return problems + r.qualifiers.check()


def rollover(result: SeasonResult, vacancies: Collection[str] = (), *, decided: Mapping[str, str] | None = None,
             too_late_for_match: bool = False, too_late_to_promote: bool = False, seed: int = 0) -> Rollover:
    """§1.1.2.2, §1.1.3.3, §1.1.4.3 with vacancies by §1.1.1.1.

    Built top-down, so the cascade is automatic: a team promoted because of a
    vacancy is no longer available below ("mister man sin spilleberettigelse
    i den lavere række"), which leaves a vacancy there, filled in turn.
    """
    r, decided = result, dict(decided or {})
    dissolved = set(vacancies)
    origins = _origins(r)
    problems = _check_input(r, dissolved, origins)
    steps: list[Step] = []
    pending: list[PendingMatch] = []
    lots: list[Lot] = []
    placed: set[str] = set()

    def label(t: str) -> str:
        return f"{t} ({origins[t][3]})" if t in origins else t

    def keep(teams: Sequence[str]) -> list[str]:
        return [t for t in teams if t not in dissolved and t not in placed]

    for t in sorted(dissolved & set(origins), key=lambda x: origins[x][:3]):
        steps.append(Step("1.1.1.1", f"{label(t)} is dissolved: its place is vacant"))

    def absorb(fill: Fill) -> None:
        steps.extend(fill.steps)
        pending.extend(fill.pending)
        lots.extend(fill.lots)
        problems.extend(fill.problems)

    def too_late(division: str, n: int, rule: str) -> None:
        if n > 0:
            steps.append(Step("1.1.1.1", f"{division}: too late to promote an extra team for {n} vacant place(s): the TD resolves it"))
            problems.append(Problem.warning("1.1.1.1", f"{division} is {n} team(s) short and it is too late to promote anyone",
                                            hint="the TD resolves it, e.g. with a bye round"))

    # 1st division: §1.1.2.2, vacancies: §1.1.1.1 best-placed non-promoted 2nd-division team
    n1 = keep(r.first[:10]) + keep(r.second[:2])
    steps.append(Step("1.1.2.2", f"1div: places 1-10 of 1div ({', '.join(keep(r.first[:10]))}) and the best 2 of 2div ({', '.join(keep(r.second[:2])) or 'none'})"))
    placed.update(n1)
    need = SIZES["1div"] - len(n1)
    if need and too_late_to_promote:
        too_late("1div", need, "1.1.1.1")
    elif need:
        for t in keep(r.second[2:])[:need]:
            steps.append(Step("1.1.1.1", f"1div vacancy: the place passes to {label(t)}, the best-placed non-promoted team of 2div; it gives up its 2div place"))
            n1.append(t)
            placed.add(t)
        if len(n1) < SIZES["1div"]:
            problems.append(Problem.error("1.1.1.1", f"1div: not enough 2div teams to fill {SIZES['1div'] - len(n1)} vacant place(s)"))

    # 2nd division: §1.1.3.3 and §1.1.4.2; vacancies: §1.1.1.1 the runners-up, then the thirds, ...
    fixed2 = keep(r.first[10:12]) + keep(r.second[2:9]) + keep([t for t in (r.third_a[:1] + r.third_b[:1])])
    steps.append(Step("1.1.3.3", f"2div: the last 2 of 1div ({', '.join(keep(r.first[10:12])) or 'none'}), places 3-9 of 2div "
                                 f"({', '.join(keep(r.second[2:9])) or 'none'}), the 3div group winners ({', '.join(keep(r.third_a[:1] + r.third_b[:1])) or 'none'})"))
    placed.update(fixed2)
    slots = SIZES["2div"] - len(fixed2)
    pairs2 = [(r.third_a[p] if p < len(r.third_a) else None, r.third_b[p] if p < len(r.third_b) else None)
              for p in range(1, GROUP_SIZE)]
    ids2 = ["3div-PO"] + [f"3div-PO{p + 1}" for p in range(2, GROUP_SIZE)]
    fill_slots = min(slots, 1) if too_late_to_promote else slots
    fill2 = fill_from_pairs(fill_slots, pairs2, match_ids=ids2, ordinary=1, rule="1.1.1.1", target="2div", seed=seed,
                            unavailable=dissolved | placed, decided=decided, too_late_for_match=too_late_for_match,
                            loser_to="3div")
    absorb(fill2)
    if too_late_to_promote:
        too_late("2div", slots - fill_slots, "1.1.1.1")
    elif fill2.unfilled:
        problems.append(Problem.error("1.1.1.1", f"2div: no 3div team left for {fill2.unfilled} vacant place(s)"))
    n2 = fixed2 + list(fill2.promoted)
    placed.update(fill2.promoted)
    waiting2 = {t for p in fill2.pending for t in p.teams}

    # 3rd division: §1.1.4.3; vacancies: §1.1.1.1 west no. 4 v east no. 3, ...
    q = r.qualifiers
    qualified = [t for t, _, _ in q.qualified()]
    base3 = keep(r.second[9:12]) + keep(r.third_a[1:9]) + keep(r.third_b[1:9]) + keep(qualified)
    fixed3 = [t for t in base3 if t not in waiting2]
    steps.append(Step("1.1.4.3", f"3div: the last 3 of 2div ({', '.join(keep(r.second[9:12])) or 'none'}), places 2-9 of both 3div groups"
                                 f" not promoted, and the qualifiers ({', '.join(keep(qualified)) or 'none'})"))
    placed.update(fixed3)
    slots3 = SIZES["3div"] - len(fixed3) - len(fill2.pending)
    if slots3 > 0 and too_late_to_promote:
        too_late("3div", slots3, "1.1.1.1")
        fill3 = Fill()
    elif slots3 > 0:
        fill3 = fill_from_pairs(slots3, q.reserves(), match_ids=[f"Q-PO{i + 1}" for i in range(max(1, len(q.reserves())))],
                                ordinary=0, rule="1.1.1.1", target="3div", seed=seed, unavailable=dissolved | placed,
                                decided=decided, too_late_for_match=too_late_for_match, loser_to=None)
        absorb(fill3)
        if fill3.unfilled:
            problems.append(Problem.error("1.1.1.1", f"3div: no qualification reserve left for {fill3.unfilled} vacant place(s)",
                                          hint="name more reserves in the qualifiers file"))
    else:
        fill3 = Fill()
    n3 = fixed3 + list(fill3.promoted)
    placed.update(fill3.promoted)

    out = tuple(t for t in r.third_a[9:] + r.third_b[9:] if t not in placed and t not in dissolved)
    if out:
        steps.append(Step("1.1.4.3", f"out of the divisions: {', '.join(out)} (places 10-12 of the 3div groups)"))

    def seeded(teams: list[str]) -> tuple[str, ...]:
        return tuple(sorted(teams, key=lambda t: origins.get(t, (9, 99, 9, ""))[:3]))

    divisions = {"1div": seeded(n1), "2div": seeded(n2), "3div": seeded(n3)}
    for d, teams in divisions.items():
        waiting = sum(1 for p in pending if p.winner_to == d or p.loser_to == d)
        steps.append(Step("1.1.2.3" if d == "1div" else ("1.1.3.3" if d == "2div" else "1.1.4.3"),
                          f"{d} next season ({len(teams)} teams{f', {waiting} awaiting a match' if waiting else ''}), in seeding order: {', '.join(teams)}"))
    return Rollover(tuple(steps), divisions, tuple(pending), tuple(lots), tuple(problems), out)
