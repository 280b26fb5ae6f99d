"""``dbf press``: a short press report of a cup round or a division weekend (§1.5.16)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import command, fail, JsonOpt, load_snapshot
from .output import emit
from ..rules.problems import Msg

WhatArg = Annotated[str, typer.Argument(help="Cup round 1-9, or a division id (1div, 2div, 3div-a, 3div-b) with --weekend.")]
WeekendOpt = Annotated[Optional[int], typer.Option("--weekend", help="Division weekend 1-4 (with a division id).")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Also write the report to this file.")]


def _cup(data, rnd: int, lang: str) -> tuple[str, dict]:
    from ..publish.press import cup_round_report
    from ..rules.cup.entry import team_divisions
    from ..rules.cup.roster import division_players

    draw = data.draws.get(rnd)
    if draw is None:
        fail(Msg('cup round {} has not been drawn', rnd), rule="1.5.16", hint=f"dbf draw cup --round {rnd}", code="state.not-drawn")
    roster = division_players(data.divisions)

    def level(team_id: str) -> int | None:
        team = data.cup_teams.get(team_id)
        divs = team_divisions(team, roster) if team else frozenset()
        return min(divs) if divs else None

    results, open_ = [], []
    for m in draw.matches:
        r = data.results.get(m.id)
        if r is None or not r.winner:
            open_.append(m.id)
            continue
        results.append(_press_match(data, m, r, level))
    nxt = min((n for n in data.draws if n > rnd), default=None)
    fixtures, byes = _next_fixtures(data, nxt) if nxt is not None else ([], [])
    text = cup_round_report(rnd, data.season, results, open_, nxt, fixtures, byes, lang)
    doc = {"round": rnd, "results": [{"match": m.id, "winner": m.winner, "loser": m.loser, "score": m.score,
                                      "decided_by": m.decided or ("walkover" if m.walkover else "imps"),
                                      "upset": _is_upset(m)} for m in results],
           "open": open_, "next_round": nxt,
           "next_draw": [{"match": f.id, "home": f.home, "away": f.away, "venue": f.venue, "date": f.date,
                          "time": f.time} for f in fixtures]}
    return text, doc


def _press_match(data, m, r, level):
    """One decided match of the round for the press: winner, loser, the score (IMPs, the extra
    boards' IMPs, or w.o.), the teams' divisions and entry rounds."""
    from ..publish.press import PressMatch

    loser = r.loser or (m.teams[1] if r.winner == m.teams[0] else m.teams[0])
    extra = ""
    if r.kind == "result" and r.imps is not None:
        score = f"{r.imps_of(r.winner)}-{r.imps_of(loser)}"
        if r.extra_imps is not None:
            first = r.extra_imps if r.winner == r.home else r.extra_imps[::-1]
            extra = f"{first[0]}-{first[1]}"
    else:
        score = "w.o."
    return PressMatch(m.id, data.team_name(r.winner), data.team_name(loser), score,
                      level(r.winner), level(loser), data.entry.get(r.winner), data.entry.get(loser),
                      walkover=r.kind == "walkover",
                      decided=r.decided_by if r.decided_by in ("total_points", "extra") else "",
                      extra=extra)


def _next_fixtures(data, nxt: int) -> tuple[list, list[str]]:
    """The next drawn round's fixtures (home, away, venue, date, time) and its byes."""
    from ..publish.gather import place_name, schedule_round
    from ..publish.press import PressFixture
    from ..rules.cup.home import seating_sides

    sched, _ = schedule_round(data, nxt)
    fixtures = []
    for s in sched:
        home, away, _ = seating_sides(s)   # §1.5.5/§1.5.13/§1.5.7: the one answer
        fixtures.append(PressFixture(s.id, data.team_name(home), data.team_name(away), place_name(s.venue),
                                     s.date.isoformat() if s.date else "", s.time or ""))
    return fixtures, [data.team_name(b) for b in data.draws[nxt].byes]


def _is_upset(m) -> bool:
    from ..publish.press import is_upset

    return is_upset(m)


def _division(data, div_id: str, weekend: int, lang: str) -> tuple[str, dict]:
    from ..publish.press import division_weekend_report
    from ..publish.site import division_context
    from ..rules.divisions.roundrobin import rounds_per_weekend

    div = data.divisions.get(div_id)
    if div is None:
        fail(Msg('unknown division {}', f'{div_id!r}'), hint=Msg('one of 1div, 2div, 3div-a, 3div-b'), code="unknown.division")
    settings = data.settings.division(div_id)
    n = len(div.teams)
    total_rounds = n - 1 if n % 2 == 0 else n
    per = rounds_per_weekend(total_rounds, settings)
    if not 1 <= weekend <= len(per):
        fail(Msg('{} has weekends 1-{}, not {}', div_id, len(per), weekend), rule="1.1.2.1", code="usage.option")
    first = sum(per[:weekend - 1]) + 1
    rounds = set(range(first, first + per[weekend - 1]))
    names = {team.id: team.name for team in div.teams}
    results = sorted((r for r in data.div_results.get(div_id, []) if r.round in rounds), key=lambda r: (r.round, r.match_id))
    rows = [{"round": r.round, "match": r.match_id, "home": names.get(r.home, r.home), "away": names.get(r.away, r.away),
             "imps": f"{r.imps_home}-{r.imps_away}"} for r in results]
    upto = [r for r in data.div_results.get(div_id, []) if r.round < first + per[weekend - 1]]
    saved = data.div_results.get(div_id, [])
    data.div_results[div_id] = upto
    try:
        ctx = division_context(data, div_id, lang)
    finally:
        data.div_results[div_id] = saved
    text = division_weekend_report(div_id, weekend, rows, ctx["rows"], lang)
    doc = {"division": div_id, "weekend": weekend, "rounds": sorted(rounds), "results": rows,
           "standings": [{"rank": r["rank"], "team": r["team"]["id"] if isinstance(r["team"], dict) else r["team"],
                          "vp": r["vp"]} for r in ctx["rows"]]}
    return text, doc


def register(app: typer.Typer) -> None:
    @command(app, "press")
    def press(what: WhatArg, weekend: WeekendOpt = None, out: OutOpt = None, json_: JsonOpt = False) -> None:
        """A short press report (Markdown, ready to paste into an e-mail): a cup round's results,
        upsets by seeding (§1.5.3) and the next round's draw; or a division weekend's results and
        standings (§1.5.16: results available to the press).

        Example: dbf press 3    |    dbf --lang da press 2div --weekend 1
        """
        import sys

        from ..i18n import current_lang
        from ..publish.gather import load_season

        lang = current_lang()
        data = load_season(load_snapshot())
        if what.isdigit():
            rnd = int(what)
            if not 1 <= rnd <= 9:
                fail(Msg('cup round {} does not exist (1-9)', rnd), code="unknown.round")
            text, doc = _cup(data, rnd, lang)
        else:
            if weekend is None:
                fail(Msg('{}: give --weekend N for a division report', what), hint=f"dbf press {what} --weekend 1", code="usage.missing")
            text, doc = _division(data, what, weekend, lang)
        if out is not None:
            from .common import write_out

            write_out(out, text.encode("utf-8"))
        doc = {"ok": True, **doc, "text": text, "out": str(out) if out else None}
        emit(doc, lambda o: sys.stdout.write(text))
