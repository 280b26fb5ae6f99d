"""The cup's challenge trophy (§1.5.1).

The trophy is won outright by the captain who first wins 3 finals in a row
or 5 finals in all. Readings (docs/readings/systems.md):

- "in a row" means consecutive finals in the recorded history (one final a
  season); a final won by anyone else breaks the streak.
- Finals count per trophy: after an outright win a new trophy starts, and
  every captain (the outright winner too) starts again from 0 finals.
- The holder is the winner of the latest final on the current trophy; a new
  trophy has no holder until its first final.
- The finals come from an imported history file and from the finals recorded
  in the season folders (the captain of the team that won round 9, a walkover
  included). The same season in both with the same captain is one final; with
  different captains it is an error (:func:`merge_finals`).

>>> h = [Final("2020-21", 1, "A"), Final("2021-22", 1, "A"), Final("2022-23", 1, "A")]
>>> s, _ = trophy_status(h)
>>> s.outright[0].captain, s.outright[0].how, s.trophy, s.holder
(1, '3 in a row', 2, None)
"""

from __future__ import annotations

from typing import Any


from ..problems import Msg, Problem, Where
from ..value import Value

IN_A_ROW = 3
IN_ALL = 5


class Final(Value):
    """A cup final: the season and the winning captain (member id and name)."""

    season: str
    captain: int
    name: str = ""
    where: Where | None = None
    source: str = "history"        # "history" (imported file) or "recorded" (the season's final)

    def to_json(self) -> dict[str, Any]:
        return {"season": self.season, "captain": self.captain, "name": self.name, "source": self.source}


class CaptainRecord(Value):
    """A captain's finals on the current trophy and how many more wins they need."""

    captain: int
    name: str
    wins: int
    streak: int
    needed: int

    def to_json(self) -> dict[str, Any]:
        return {"captain": self.captain, "name": self.name, "wins": self.wins, "streak": self.streak,
                "needed": self.needed}


class Outright(Value):
    """A trophy won outright (§1.5.1)."""

    trophy: int
    season: str
    captain: int
    name: str
    how: str

    def to_json(self) -> dict[str, Any]:
        return {"trophy": self.trophy, "season": self.season, "captain": self.captain, "name": self.name,
                "how": self.how}


class TrophyStatus(Value):
    """The current trophy (numbered from 1), its holder, the captains ranked
    by finals still needed, and every outright win so far."""

    trophy: int
    holder: CaptainRecord | None
    standings: tuple[CaptainRecord, ...]
    outright: tuple[Outright, ...]

    def to_json(self) -> dict[str, Any]:
        return {"trophy": self.trophy, "holder": self.holder.to_json() if self.holder else None,
                "standings": [r.to_json() for r in self.standings],
                "outright": [o.to_json() for o in self.outright]}


def trophy_status(finals: list[Final]) -> tuple[TrophyStatus, list[Problem]]:
    """§1.5.1: walk the finals in season order; a captain reaching 3 wins in
    a row or 5 in all wins the trophy outright and a new trophy starts."""
    problems: list[Problem] = []
    seen: dict[str, Final] = {}
    for f in finals:
        if f.season in seen:
            problems.append(Problem.error("1.5.1", Msg('season {} has two finals (captains {} and {}); '
                                                       'one final a season', f.season, seen[f.season].captain,
                                                       f.captain), f.where, code="trophy.two-finals"))
        seen[f.season] = f
    wins: dict[int, int] = {}
    names: dict[int, str] = {}
    trophy, outright = 1, []
    streak_captain, streak = None, 0
    last: int | None = None
    for f in sorted(seen.values(), key=lambda x: x.season):
        names[f.captain] = f.name or names.get(f.captain, "")
        wins[f.captain] = wins.get(f.captain, 0) + 1
        streak = streak + 1 if streak_captain == f.captain else 1
        streak_captain, last = f.captain, f.captain
        how = ("3 in a row" if streak >= IN_A_ROW else "5 in all" if wins[f.captain] >= IN_ALL else None)
        if how:
            outright.append(Outright(trophy, f.season, f.captain, names[f.captain], how))
            trophy, wins, streak_captain, streak, last = trophy + 1, {}, None, 0, None
    records = [CaptainRecord(c, names[c], n, streak if c == streak_captain else 0,
                             min(IN_ALL - n, IN_A_ROW - (streak if c == streak_captain else 0)))
               for c, n in wins.items()]
    records.sort(key=lambda r: (r.needed, -r.wins, r.name, r.captain))
    holder = next((r for r in records if r.captain == last), None)
    return TrophyStatus(trophy, holder, tuple(records), tuple(outright)), problems


def new_outright(before: list[Final], final: Final) -> Outright | None:
    """§1.5.1: the outright win that ``final`` makes, if any (to announce it)."""
    old, _ = trophy_status(before)
    new, _ = trophy_status(before + [final])
    return new.outright[-1] if len(new.outright) > len(old.outright) else None


def merge_finals(history: list[Final], recorded: list[Final]) -> tuple[list[Final], list[Problem]]:
    """§1.5.1: the history file's finals and the recorded finals, one per season, in
    season order. A season in both: the same captain is one final (the recorded
    one kept); different captains are an error naming both.

    >>> h = [Final("2024-25", 1, "A"), Final("2025-26", 2, "B")]
    >>> finals, problems = merge_finals(h, [Final("2025-26", 2, "B", source="recorded")])
    >>> [(f.season, f.source) for f in finals], problems
    ([('2024-25', 'history'), ('2025-26', 'recorded')], [])
    >>> merge_finals(h, [Final("2025-26", 3, "C", source="recorded")])[1][0].rule
    '1.5.1'
    """
    problems: list[Problem] = []
    by_season = {f.season: f for f in recorded}
    out = list(recorded)
    for f in history:
        rec = by_season.get(f.season)
        if rec is None:
            out.append(f)
        elif rec.captain != f.captain:
            problems.append(Problem.error(
                "1.5.1", Msg('season {}: the history file names captain {} ({}) as final winner, the '
                             'recorded final captain {} ({})', f.season, f.captain, f.name or '?', rec.captain,
                             rec.name or '?'), f.where,
                hint=Msg('correct the history file, or the recorded final'), code="trophy.history"))
    out.sort(key=lambda f: f.season)
    return out, problems
