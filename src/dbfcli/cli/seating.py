"""``dbf seating``: who seats first in each segment and, with line-ups, the §1.5.13 checks."""

from __future__ import annotations

from ..rules.ids import cup_round_of
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import count, heads, problem_text, t as tr
from .common import CsvDialectOpt, CsvOpt, JsonOpt, check, command, emit, fail, load_snapshot



def _pairs(value, where, problems):
    from ..rules.problems import Problem

    ok = (isinstance(value, list) and all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, int) for x in p)
                                          for p in value))
    if not ok:
        problems.append(Problem.error(None, "a side is a list of pairs: [[id, id], [id, id]]", where, code="format.seating"))
        return ()
    return tuple(frozenset(p) for p in value)


def read_lineups(path: Path):
    """``segments: [{home: [[a, b], [c, d]], away: [...]}]`` (+ no_consecutive, ordinary_segments)."""
    from ..rules.seating import Lineup
    from ..store.yamlio import YamlLoadError, parse_yaml, read_input
    from .common import UsageProblem

    try:
        doc = parse_yaml(read_input(path), str(path))
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    data = doc.data if isinstance(doc.data, dict) else {}
    rows = data.get("segments")
    if not isinstance(rows, list):
        fail(f"{path}: expected a list 'segments'", where=doc.where(), code="format.seating")
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
        home: Annotated[Optional[str], typer.Option("--home", help="The home team (default: from the draw).")] = None,
        away: Annotated[Optional[str], typer.Option("--away", help="The away team (default: from the draw).")] = None,
        segments: Annotated[Optional[int], typer.Option("--segments", help="Segments (default 5; 6 from the quarter-final).")] = None,
        lineups: Annotated[Optional[Path], typer.Option("--lineups", help="Line-ups per segment (YAML) to check.")] = None,
        no_consecutive: Annotated[bool, typer.Option("--no-consecutive", help="A captain demanded: unchanged pairs not in consecutive segments.")] = False,
        csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False,
    ) -> None:
        """Seating order (§1.5.13: away first in odd segments, last in even) and, with
        --lineups, the checks on unchanged pairs (consecutive segments, at most three meetings;
        HUM pairs may be met every segment). A team with a HUM pair (registered with
        `dbf system register`) is always away (§1.5.13).

        Example: dbf seating C3-007 --lineups lineups.yaml
        """
        from ..rules.draw_pending import awaited
        from ..rules.seating import seating_order
        snap = load_snapshot()
        round_no = cup_round_of(match)
        teams = next((t for ms in snap.recorded_draws().values() for mid, t in ms if mid == match), None)
        waits = [w for w in map(awaited, teams or ()) if w]
        if waits:   # §1.5.16: a team is the winner of a match not played yet; §1.5.13 home/away wait too
            fail(f"{match} has a pending place: a team is the winner of {', '.join(waits)}, not known yet",
                 rule="1.5.16", hint=f"record the result of {waits[0]} first", code="state.pending-place")
        notes = []
        if not (home and away):
            home, away = _home_and_away(match, teams, home, away, notes)
        home, away, hum = _hum_seats(snap, home, away, notes)
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


def _home_and_away(match: str, teams, home: str | None, away: str | None, notes: list[str]) -> tuple[str, str]:
    """Home and away from the draw when ``--home``/``--away`` do not give both (§1.5.5: on equal
    UP the team drawn first; a note says so); exit 2 for a match not drawn or a team not in it."""
    if not teams or len(teams) != 2:
        fail(f"match {match} is not in a recorded draw", hint="give --home TEAM --away TEAM", code="unknown.match")
    if (home or away) not in (None, *teams):
        fail(f"{home or away} does not play {match} ({' v '.join(teams)})", code="unknown.team")
    if home:
        return home, teams[1] if teams[0] == home else teams[0]
    if away:
        return teams[1] if teams[0] == away else teams[0], away
    notes.append("home by draw order (§1.5.5 on equal UP); give --home when the UP totals differ")
    return teams[0], teams[1]


def _hum_seats(snap, home: str, away: str, notes: list[str]):
    """(home, away, each team's registered HUM pairs): §1.5.13, a team with a HUM pair against
    one without is the away team (a note says so)."""
    from ..rules.systems_change import hum_forces_away

    regs, _ = snap.registry()
    hum = {t: frozenset(frozenset(r.pair) for r in regs if r.team == t and r.hum) for t in (home, away)}
    if hum_forces_away(bool(hum[home]), bool(hum[away])):
        home, away = away, home
        notes.append(f"§1.5.13: {away} has a HUM pair and is the away team")
    return home, away, hum


def _checked_lineups(lineups, n: int, no_consecutive: bool, home_hum, away_hum) -> tuple[list, int]:
    """§1.5.13 the line-ups of ``--lineups`` checked (unchanged pairs; HUM pairs may be met every
    segment): (the problems, the segments checked)."""
    from ..rules.seating import check_lineups

    lus, demanded, ordinary = read_lineups(lineups)
    problems = check_lineups(lus, ordinary_segments=ordinary or n,
                             no_consecutive_demanded=no_consecutive or demanded,
                             home_hum_pairs=home_hum, away_hum_pairs=away_hum)
    return problems, len(lus)
