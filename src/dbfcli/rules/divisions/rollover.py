"""Next season's divisions from this season's results (§1.1.1.1, §1.1.2.2, §1.1.3.2-3, §1.1.4.2-3).

Plain inputs: the final order of each division (team ids, best first; for
the 1st division the ranking after the play-off, see
:func:`dbfcli.rules.divisions.playoff.final_order`), the qualification lists
(:class:`~dbfcli.rules.divisions.qualification.Qualifiers`), the recorded winners of
the deciding matches (``"3div-PO"`` = §1.1.4.2 runners-up match,
``"3div-PO3"`` = vacancy match between the third-placed, ``"Q-PO1"`` = west
no. 4 v east no. 3 ...) and the dissolved teams.

The result lists every step of the reasoning (:class:`Step`), the new
``1div``/``2div``/``3div`` (24 teams, split into groups by
:mod:`dbfcli.rules.divisions.groups`) in seeding order, pending matches, lots and
problems. Seeding order (our reading, docs/readings/playoff-rollover.md):
teams from a higher division first; within a division by last season's
rank; the two 3rd-division groups interleaved by rank (group a first);
qualifiers last, interleaved west/east by rank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Collection, Iterable, Mapping, Sequence

from .playoff import Lot
from ..problems import Msg, Problem
from .qualification import Qualifiers
from .vacancy import Fill, PendingMatch, Step, fill_from_pairs
from ..value import MutableValue, Value, field

if TYPE_CHECKING:
    from ..lots import DrawnLot

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
    matches: tuple[str, ...] = ()     # the matches that decide a place (3div-PO, 3div-PO3, Q-PO1 ...)

    @property
    def complete(self) -> bool:
        return not self.pending and all(len(self.divisions[d]) == n for d, n in SIZES.items())

    def to_json(self) -> dict[str, Any]:
        return {
            "divisions": {d: list(t) for d, t in self.divisions.items()},
            "steps": [{"rule": s.rule, "text": s.text} for s in self.steps],
            "pending": [p.to_json() for p in self.pending],
            "lots": [{"rule": l.rule, "key": l.key, "seed": l.seed, "candidates": list(l.candidates), "drawn": l.drawn}
                     for l in self.lots],
            "out": list(self.out),
            "matches": list(self.matches),
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
        area, rank = q.rank(t) or ("west", 0)   # t is in one of q's lists: rank() finds it
        out.setdefault(t, (3, rank, 0 if area == "west" else 1, f"qualification {area} no. {rank}"))
    return out


def _check_input(r: SeasonResult, vacancies: Collection[str], origins: Mapping[str, object]) -> list[Problem]:
    problems = []
    for name, order, size, rule in (("1div", r.first, 12, "1.1.2.1"), ("2div", r.second, 12, "1.1.3.1"),
                                    ("3div-a", r.third_a, GROUP_SIZE, "1.1.4.1"), ("3div-b", r.third_b, GROUP_SIZE, "1.1.4.1")):
        if len(order) != size:
            problems.append(Problem.error(rule, Msg('{} has {} in its final order; it has {}', name,
                                                    Msg.counted(len(order), "team"), size),
                                          code="rollover.final-order"))
    seen: dict[str, int] = {}
    for t in r.first + r.second + r.third_a + r.third_b + r.qualifiers.west + r.qualifiers.east_ranked():
        seen[t] = seen.get(t, 0) + 1
    for t, n in seen.items():
        if n > 1:
            problems.append(Problem.error(None, Msg("team {} appears {} times in the season's orders and "
                                                    'qualification', t, n), code="format.duplicate"))
    for v in vacancies:
        if v not in origins:
            problems.append(Problem.error("1.1.1.1", Msg('dissolved team {} is in no division or '
                                                         'qualification list', v),
                                          hint=Msg('check the team id'), code="rollover.dissolved-team"))
    return problems + r.qualifiers.check()


class _Build(MutableValue):
    """The rollover being built, division by division (:func:`rollover`)."""

    r: SeasonResult
    dissolved: set[str]
    origins: dict[str, tuple[int, int, int, str]]
    decided: dict[str, str]
    too_late_for_match: bool
    too_late_to_promote: bool
    seed: int | None
    recorded_lots: "tuple[DrawnLot, ...]" = ()
    problems: list[Problem] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    pending: list[PendingMatch] = field(default_factory=list)
    lots: list[Lot] = field(default_factory=list)
    placed: set[str] = field(default_factory=set)
    matches: list[str] = field(default_factory=list)
    awaiting_lots: list[PendingMatch] = field(default_factory=list)

    def label(self, t: str) -> str:
        return f"{t} ({self.origins[t][3]})" if t in self.origins else t

    def keep(self, teams: Sequence[str]) -> list[str]:
        return [t for t in teams if t not in self.dissolved and t not in self.placed]

    def names(self, teams: Sequence[str]) -> str:
        return ", ".join(self.keep(teams)) or "none"

    def absorb(self, fill: Fill) -> None:
        self.steps.extend(fill.steps)
        self.pending.extend(fill.pending)
        self.lots.extend(fill.lots)
        self.problems.extend(fill.problems)
        self.matches.extend(fill.matches)
        self.awaiting_lots.extend(fill.awaiting_lots)

    def too_late(self, division: str, n: int) -> None:
        if n > 0:
            self.steps.append(Step("1.1.1.1", Msg('{}: too late to promote an extra team for {}: the TD '
                                                  'resolves it', division, Msg.counted(n, "vacant place"))))
            self.problems.append(Problem.warning("1.1.1.1", Msg('{} is {} short and it is too '
                                                                'late to promote anyone', division, Msg.counted(n, "team")), hint=Msg('the TD resolves it, e.g. with a bye '
                                                                                       'round'), code="rollover.short"))

    def fill(self, slots: int, pairs: Sequence[tuple[str | None, str | None]], match_ids: Sequence[str], ordinary: int,
             target: str, loser_to: str | None) -> Fill:
        fill = fill_from_pairs(slots, pairs, match_ids=match_ids, ordinary=ordinary, rule="1.1.1.1", target=target,
                               seed=self.seed, unavailable=self.dissolved | self.placed, decided=self.decided,
                               too_late_for_match=self.too_late_for_match, loser_to=loser_to, lots=self.recorded_lots)
        self.absorb(fill)
        return fill


def rollover(result: SeasonResult, vacancies: Collection[str] = (), *, decided: Mapping[str, str] | None = None,
             too_late_for_match: bool = False, too_late_to_promote: bool = False, seed: int | None = None,
             lots: "Iterable[DrawnLot]" = ()) -> Rollover:
    """§1.1.2.2, §1.1.3.3, §1.1.4.3 with vacancies by §1.1.1.1.

    Built top-down, so the cascade is automatic: a team promoted because of a
    vacancy is no longer available below ("mister man sin spilleberettigelse
    i den lavere række"), which leaves a vacancy there, filled in turn. A lot that replaces a
    vacancy match too late to play is the one recorded with ``dbf lot`` (``lots``), else one
    drawn from the TD's ``seed``; with neither the rollover waits for it.
    """
    origins = _origins(result)
    b = _Build(result, set(vacancies), origins, dict(decided or {}), too_late_for_match, too_late_to_promote, seed,
               tuple(lots))
    b.problems = _check_input(result, b.dissolved, origins)
    for t in sorted(b.dissolved & set(origins), key=lambda x: origins[x][:3]):
        b.steps.append(Step("1.1.1.1", Msg('{} is dissolved: its place is vacant', b.label(t))))
    n1 = _first_division(b)
    n2, waiting2 = _second_division(b)
    n3 = _third_division(b, waiting2)
    r = result
    out = tuple(t for t in r.third_a[9:] + r.third_b[9:] if t not in b.placed and t not in b.dissolved)
    if out:
        b.steps.append(Step("1.1.4.3", Msg('out of the divisions: {} (places 10-12 of the 3div groups)',
                                           ', '.join(out))))

    def seeded(teams: list[str]) -> tuple[str, ...]:
        return tuple(sorted(teams, key=lambda t: origins.get(t, (9, 99, 9, ""))[:3]))

    divisions = {"1div": seeded(n1), "2div": seeded(n2), "3div": seeded(n3)}
    for d, teams in divisions.items():
        b.steps.append(_next_season_step(b, d, teams))
    return Rollover(tuple(b.steps), divisions, tuple(b.pending), tuple(b.lots), tuple(b.problems), out, tuple(b.matches))


def _next_season_step(b: _Build, d: str, teams: tuple[str, ...]) -> Step:
    """§1.1.2.3, §1.1.3.3, §1.1.4.3: division ``d`` next season in seeding order, with the places
    still waiting for a match or a lot (§1.1.1.1, §1.1.4.2)."""
    waiting = sum(1 for p in b.pending if d in (p.winner_to, p.loser_to))
    by_lot = sum(1 for p in b.awaiting_lots if d in (p.winner_to, p.loser_to))
    return Step({"1div": "1.1.2.3", "2div": "1.1.3.3"}.get(d, "1.1.4.3"),
                Msg('{} next season ({} teams{}{}), in seeding order: {}', d, len(teams),
                    Msg(', {} awaiting a match', waiting) if waiting else '',
                    Msg(', {} awaiting a lot', by_lot) if by_lot else '', ', '.join(teams)))


def _first_division(b: _Build) -> list[str]:
    """§1.1.2.2: places 1-10 of 1div and the best 2 of 2div; a vacancy passes to the best-placed
    non-promoted team of 2div (§1.1.1.1)."""
    r = b.r
    n1 = b.keep(r.first[:10]) + b.keep(r.second[:2])
    b.steps.append(Step("1.1.2.2", Msg('1div: places 1-10 of 1div ({}) and the best 2 of 2div ({})',
                                       ', '.join(b.keep(r.first[:10])), b.names(r.second[:2]))))
    b.placed.update(n1)
    need = SIZES["1div"] - len(n1)
    if need and b.too_late_to_promote:
        b.too_late("1div", need)
    elif need:
        for t in b.keep(r.second[2:])[:need]:
            b.steps.append(Step("1.1.1.1", Msg('1div vacancy: the place passes to {}, the best-placed '
                                               'non-promoted team of 2div; it gives up its 2div place',
                                               b.label(t))))
            n1.append(t)
            b.placed.add(t)
        if len(n1) < SIZES["1div"]:
            b.problems.append(Problem.error("1.1.1.1", Msg('1div: not enough 2div teams to fill {}',
                                                           Msg.counted(SIZES['1div'] - len(n1), "vacant place")),
                                            code="rollover.no-team-for-place"))
    return n1


def _second_division(b: _Build) -> tuple[list[str], set[str]]:
    """§1.1.3.3 and §1.1.4.2: the last 2 of 1div, places 3-9 of 2div, the 3div group winners and
    the runners-up match; vacancies: §1.1.1.1 the runners-up, then the thirds, ... Returns the
    teams and those still waiting for a match."""
    r = b.r
    winners = r.third_a[:1] + r.third_b[:1]
    fixed2 = b.keep(r.first[10:12]) + b.keep(r.second[2:9]) + b.keep(winners)
    b.steps.append(Step("1.1.3.3", Msg('2div: the last 2 of 1div ({}), places 3-9 of 2div ({}), the 3div '
                                       'group winners ({})', b.names(r.first[10:12]), b.names(r.second[2:9]),
                                       b.names(winners))))
    b.placed.update(fixed2)
    slots = SIZES["2div"] - len(fixed2)
    pairs2 = [(r.third_a[p] if p < len(r.third_a) else None, r.third_b[p] if p < len(r.third_b) else None)
              for p in range(1, GROUP_SIZE)]
    ids2 = ["3div-PO"] + [f"3div-PO{p + 1}" for p in range(2, GROUP_SIZE)]
    fill_slots = min(slots, 1) if b.too_late_to_promote else slots
    fill2 = b.fill(fill_slots, pairs2, ids2, 1, "2div", "3div")
    if b.too_late_to_promote:
        b.too_late("2div", slots - fill_slots)
    elif fill2.unfilled:
        b.problems.append(Problem.error("1.1.1.1", Msg('2div: no 3div team left for {}',
                                                       Msg.counted(fill2.unfilled, "vacant place")), code="rollover.no-team-for-place"))
    b.placed.update(fill2.promoted)
    return fixed2 + list(fill2.promoted), {t for p in fill2.pending + fill2.awaiting_lots for t in p.teams}


def _third_division(b: _Build, waiting2: set[str]) -> list[str]:
    """§1.1.4.3: the last 3 of 2div, places 2-9 of both groups not promoted, the qualifiers;
    vacancies: §1.1.1.1 west no. 4 v east no. 3, ..."""
    r, q = b.r, b.r.qualifiers
    qualified = [t for t, _, _ in q.qualified()]
    base3 = b.keep(r.second[9:12]) + b.keep(r.third_a[1:9]) + b.keep(r.third_b[1:9]) + b.keep(qualified)
    fixed3 = [t for t in base3 if t not in waiting2]
    b.steps.append(Step("1.1.4.3", Msg('3div: the last 3 of 2div ({}), places 2-9 of both 3div groups not '
                                       'promoted, and the qualifiers ({})', b.names(r.second[9:12]),
                                       b.names(qualified))))
    b.placed.update(fixed3)
    # a pair still waiting for its match or its lot (§1.1.1.1) leaves one team here: one place held
    slots3 = SIZES["3div"] - len(fixed3) - sum(1 for p in b.pending + b.awaiting_lots if p.loser_to == "3div")
    promoted: tuple[str, ...] = ()
    if slots3 > 0 and b.too_late_to_promote:
        b.too_late("3div", slots3)
    elif slots3 > 0:
        ids = [f"Q-PO{i + 1}" for i in range(max(1, len(q.reserves())))]
        fill3 = b.fill(slots3, q.reserves(), ids, 0, "3div", None)
        if fill3.unfilled:
            b.problems.append(Problem.error("1.1.1.1", Msg('3div: no qualification reserve left for {}',
                                                           Msg.counted(fill3.unfilled, "vacant place")), hint=Msg('name more reserves in the qualifiers '
                                                                                   'file'),
                                            code="rollover.no-team-for-place"))
        promoted = fill3.promoted
    b.placed.update(promoted)
    return fixed3 + list(promoted)
