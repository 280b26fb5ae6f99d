"""Press reports as a use case: :func:`press_report` (``dbf press``): a cup round's results, its
upsets by seeding (§1.5.3) and the next round's draw, or a division weekend's results and table
(§1.5.16: the TD makes results available to the press), as Markdown ready to paste into an
e-mail, composed by :mod:`dbfcli.publish.press`. It reads and writes nothing else; the text is
what the face prints or writes."""

from __future__ import annotations

from typing import Any, Callable

from ..rules.problems import Msg
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, not_drawn, outcome_of
from .session import Session


class PressRequest(Value, kw_only=True):
    """``dbf press WHAT [--weekend N]``: ``what`` a cup round 1-9 or a division id (with
    ``weekend``); ``lang`` the report's language; ``out`` the file the face writes (in the document)."""

    what: str
    weekend: int | None = None
    lang: str = "en"
    out: str | None = None


class PressText(MutableValue, kw_only=True):
    """The report (Markdown)."""

    text: str


def press_report(session: Session, request: PressRequest) -> Outcome:
    """Refused (exit 2) for a round that does not exist, one not drawn (§1.5.16), an unknown
    division, a division without ``--weekend`` or with a weekend it does not have (§1.1.2.1).
    ``doc``: as ``--json`` prints it (the text in it); ``plan``: :class:`PressText`."""
    return outcome_of(_press, session, request)


def _press(session: Session, request: PressRequest) -> Outcome:
    from ..publish.gather import load_season

    data = load_season(session.snap)
    what = request.what
    if what.isdigit():
        rnd = int(what)
        if not 1 <= rnd <= 9:
            fail(Msg('cup round {} does not exist (1-9)', rnd), code="unknown.round")
        text, doc = _cup(data, rnd, request.lang)
    else:
        if request.weekend is None:
            fail(Msg('{}: give --weekend N for a division report', what), hint=f"dbf press {what} --weekend 1",
                 code="usage.missing")
        text, doc = _division(data, what, request.weekend, request.lang)
    return Outcome(doc={"ok": True, **doc, "text": text, "out": request.out}, plan=PressText(text=text))


def _cup(data: Any, rnd: int, lang: str) -> tuple[str, dict[str, Any]]:
    from ..publish.press import cup_round_report, is_upset
    from ..rules.cup.entry import team_divisions
    from ..rules.cup.roster import division_players

    draw = data.draws.get(rnd)
    if draw is None:
        not_drawn(rnd, "1.5.16")
    roster = division_players(data.divisions)

    def level(team_id: str) -> int | None:
        team = data.cup_teams.get(team_id)
        divs = team_divisions(team, roster) if team else frozenset()
        return min(divs) if divs else None

    results: list[Any] = []
    open_: list[str] = []
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
                                      "upset": is_upset(m)} for m in results],
           "open": open_, "next_round": nxt,
           "next_draw": [{"match": f.id, "home": f.home, "away": f.away, "venue": f.venue, "date": f.date,
                          "time": f.time} for f in fixtures]}
    return text, doc


def _press_match(data: Any, m: Any, r: Any, level: Callable[[str], int | None]) -> Any:
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


def _next_fixtures(data: Any, nxt: int) -> tuple[list[Any], list[str]]:
    """The next drawn round's fixtures (home, away, venue, date, time) and its byes."""
    from ..publish.gather import place_name, schedule_round
    from ..publish.press import PressFixture
    from ..rules.cup.home import seating_sides

    sched, _ = schedule_round(data, nxt)
    fixtures: list[Any] = []
    for s in sched:
        home, away, _ = seating_sides(s)   # §1.5.5/§1.5.13/§1.5.7: the one answer
        fixtures.append(PressFixture(s.id, data.team_name(home), data.team_name(away), place_name(s.venue),
                                     s.date.isoformat() if s.date else "", s.time or ""))
    return fixtures, [data.team_name(b) for b in data.draws[nxt].byes]


def _division(data: Any, div_id: str, weekend: int, lang: str) -> tuple[str, dict[str, Any]]:
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
