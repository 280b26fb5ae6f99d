"""``dbf seating``: who seats first in each segment and, with line-ups, the §1.5.13 checks; home and
away from the schedule (rules.cup.home.seating_sides, §1.5.5/§1.5.13/§1.5.7)."""

from __future__ import annotations

from ..rules.ids import cup_round_of
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, problem_text, t as tr
from .common import check, command, CsvDialectOpt, CsvOpt, fail, JsonOpt, load_snapshot
from .output import emit
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
        from ..rules.cup.seating import seating_order
        snap = load_snapshot()
        round_no = cup_round_of(match)
        notes = []
        row = _scheduled(snap, match, round_no)
        home, away = _sides(match, row, home, away, notes)
        hum = _hum_pairs(snap, row, home, away)
        n = segments or (6 if round_no and round_no >= 7 else 5)
        order = seating_order(n, home, away)
        problems, checked = [], None
        if lineups is not None:
            problems, checked = _checked_lineups(lineups, n, no_consecutive, hum[home], hum[away])
        doc = {"match": match, "home": home, "away": away, "notes": notes,
               "segments": [{"segment": s, "seats_first": f, "seats_last": l} for s, f, l in order],
               "lineups_checked": checked}
        check(problems, doc)

        def human(out):
            out.table(tr("seating_title", match=match, home=home, away=away),
                      heads("segment", "seats first", "seats last"),
                      order, justify=["right", "left", "left"])
            for note in notes:
                out.line(problem_text(note))
            if checked is not None:
                out.line(tr("lineups_ok", segments=count(checked, "segment", en_plural=True)))

        emit(doc, human)


def _scheduled(snap, match: str, round_no: int | None):
    """The match as `dbf schedule cup` has it (rules.cup.home.schedule_match), None when it is in
    no recorded draw; exit 2 while a place is pending (§1.5.16: a team is not known yet)."""
    if round_no is None:
        return None
    _, rows, _ = snap.scheduled(snap.settings(), round_no)
    row = next((r for r in rows if r.id == match), None)
    if row is not None and row.pending:   # §1.5.16: a team is the winner of a match not played yet
        fail(Msg('{} has a pending place: a team is the winner of {}, not known yet', match,
                 ', '.join(row.pending)),
             rule="1.5.16", hint=Msg('record the result of {} first', row.pending[0]), code="state.pending-place")
    return row


def _sides(match: str, row, home: str | None, away: str | None, notes: list) -> tuple[str, str]:
    """Home and away: §1.5.5/§1.5.13/§1.5.7 as the schedule decides them (rules.cup.home.seating_sides,
    the one answer; its reason is a note), unless ``--home``/``--away`` say otherwise (a note then
    says what the schedule has). Exit 2 for a match not drawn without both, or a team not in it."""
    from ..rules.cup.home import seating_sides

    if row is None:
        if not (home and away):
            fail(Msg('match {} is not in a recorded draw', match), hint=Msg('give --home TEAM --away TEAM'), code="unknown.match")
        return home, away
    sched_home, sched_away, why = seating_sides(row)
    teams = row.teams
    if (home or away) not in (None, *teams) or (away or home) not in (None, *teams):
        fail(Msg('{} does not play {} ({})', home or away, match, ' v '.join(teams)), code="unknown.team")
    given_home = home or (teams[1] if away == teams[0] else teams[0] if away else None)
    if given_home is None or given_home == sched_home:
        notes.append(why)
        return sched_home, sched_away
    notes.append(Msg('--home {}: the schedule has {} at home ({})', given_home, sched_home, why))
    return given_home, teams[1] if teams[0] == given_home else teams[0]


def _hum_pairs(snap, row, home: str, away: str) -> dict:
    """Each team's pairs that play HUM in the match (§1.5.13: they may be met every segment): the
    schedule's HUM verdicts (§1.5.1.2, §2.10.5); for a match in no draw, the registered HUM pairs."""
    if row is not None:
        return {t: frozenset(frozenset(v.pair) for v in row.hum if v.team == t and v.allowed) for t in (home, away)}
    regs, _ = snap.registry()
    return {t: frozenset(frozenset(r.pair) for r in regs if r.team == t and r.hum) for t in (home, away)}


def _checked_lineups(lineups, n: int, no_consecutive: bool, home_hum, away_hum) -> tuple[list, int]:
    """§1.5.13 the line-ups of ``--lineups`` checked (unchanged pairs; HUM pairs may be met every
    segment): (the problems, the segments checked)."""
    from ..rules.cup.seating import check_lineups

    lus, demanded, ordinary = read_lineups(lineups)
    problems = check_lineups(lus, ordinary_segments=ordinary or n,
                             no_consecutive_demanded=no_consecutive or demanded,
                             home_hum_pairs=home_hum, away_hum_pairs=away_hum)
    return problems, len(lus)
