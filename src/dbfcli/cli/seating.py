"""``dbf seating``: who seats first in each segment and, with line-ups, the §1.5.13 checks; home and
away from the schedule (rules.cup.home.seating_sides, §1.5.5/§1.5.13/§1.5.7)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, problem_text, t as tr
from .common import command, CsvDialectOpt, CsvOpt, fail, JsonOpt
from .usecase import render, session
from ..rules.problems import Msg



def _pairs(value, where, problems):
    from ..rules.problems import Problem

    ok = (isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, int) for x in p)
                                          for p in value))
    if not ok:
        problems.append(Problem.error(None, Msg('a side is a list of pairs: [[id, id], [id, id]]'), where, code="format.seating"))
        return ()
    return tuple(frozenset(p) for p in value)


def read_lineups(path: Path):
    """``segments: [{home: [[a, b], [c, d]], away: [...]}]`` (+ no_consecutive, ordinary_segments)."""
    from ..rules.cup.seating import Lineup
    from ..store.yamlio import YamlLoadError, parse_yaml, read_input
    from .common import UsageProblem

    try:
        doc = parse_yaml(read_input(path), str(path))
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    data = doc.data if isinstance(doc.data, dict) else {}
    rows = data.get("segments")
    if not isinstance(rows, list):
        fail(Msg("{}: expected a list 'segments'", path), where=doc.where(), code="format.seating")
    problems, lineups = [], []
    for i, row in enumerate(rows):
        row = row if isinstance(row, dict) else {}
        where = doc.where("segments", i)
        seg = row.get("segment", i + 1)
        lineups.append(Lineup(seg, _pairs(row.get("home"), where, problems), _pairs(row.get("away"), where, problems),
                              where))
    if problems:
        raise UsageProblem(problems)
    return lineups, bool(data.get("no_consecutive")), data.get("ordinary_segments")


def register(app: typer.Typer) -> None:
    @command(app, "seating")
    def seating(
        match: Annotated[str, typer.Argument(help="Cup match id, e.g. C3-007.")],
        home: Annotated[Optional[str], typer.Option("--home", help="The home team (default: the schedule's, §1.5.5).")] = None,
        away: Annotated[Optional[str], typer.Option("--away", help="The away team (default: the schedule's, §1.5.5).")] = None,
        segments: Annotated[Optional[int], typer.Option("--segments", help="Segments (default 5; 6 from the quarter-final).")] = None,
        lineups: Annotated[Optional[Path], typer.Option("--lineups", help="Line-ups per segment (YAML) to check.")] = None,
        no_consecutive: Annotated[bool, typer.Option("--no-consecutive", help="A captain demanded: unchanged pairs not in consecutive segments.")] = False,
        csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False,
    ) -> None:
        """Seating order (§1.5.13: away first in odd segments, last in even) and, with
        --lineups, the checks on unchanged pairs (consecutive segments, at most three meetings;
        HUM pairs may be met every segment). Home and away are the ones `dbf schedule cup`
        gives (§1.5.5: most UP, on equal UP the team drawn first; §1.5.13: a team with a pair
        that may play HUM in the match, `dbf system register`, is away; §1.5.7: at DBF's venue
        the team drawn first sits as home); --home/--away override them, with a note.

        Example: dbf seating C3-007 --lineups lineups.yaml
        """
        from ..app.seating import SeatingRequest, seating as seating_of

        request = SeatingRequest(match=match, home=home, away=away, segments=segments, no_consecutive=no_consecutive)
        outcome = seating_of(session(), request, None if lineups is None else lambda: read_lineups(lineups))
        plan = outcome.plan

        def human(out):
            out.table(tr("seating_title", match=match, home=plan.home, away=plan.away),
                      heads("segment", "seats first", "seats last"),
                      plan.order, justify=["right", "left", "left"])
            for note in plan.notes:
                out.line(problem_text(note))
            if plan.checked is not None:
                out.line(tr("lineups_ok", segments=count(plan.checked, "segment", en_plural=True)))

        render(outcome, human)
