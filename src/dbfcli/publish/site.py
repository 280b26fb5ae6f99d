"""The season's static website (issue 7, §1.5.16: results available to the press).

Two halves:

* :func:`pages` turns a :class:`~dbfcli.publish.gather.SeasonData` into page contexts
  (plain dicts of strings and numbers): pure, no I/O, no templates.
* :func:`render_site` renders them with Jinja2 (autoescape on: a team called
  ``<script>`` is shown as text) into one HTML file per page plus ``style.css``.

Jinja2 is imported only in :func:`render_site`, so other commands never load it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from ..i18n import round_name, t
from ..rules.gp import format_gp
from .bracket import CHAMPION, BMatch, BRound, layout, short
from .gather import CupResult, SeasonData

FIRST_NATIONAL = 3
MARK_CLASS = {"promoted": "up", "play-off": "up", "relegated": "down", "runner-up play-off": "maybe"}


@dataclass(frozen=True)
class Page:
    file: str
    template: str
    title: str
    context: dict


# ----------------------------------------------------------------------------- helpers
def _score(r: CupResult | None) -> str:
    if r is None:
        return ""
    if r.kind != "result" or r.imps is None:
        return t("walkover", None)
    return f"{r.imps[0]}-{r.imps[1]}"


def _bmatch(data: SeasonData, m, r: CupResult | None) -> BMatch:
    imps = None
    if r is not None and r.imps is not None:
        imps = (r.imps_of(m.teams[0]), r.imps_of(m.teams[1]))
        if None in imps:
            imps = r.imps
    return BMatch(m.id, m.teams, r.winner if r else None, imps,
                  None if r is None or r.kind == "result" else "w.o.")


def pool_of(data: SeasonData) -> dict[str, str]:
    """Pools of rounds 1-2 (§1.5.2): as drawn when round 1 is recorded, else from geography (rules.pools)."""
    drawn = dict(data.pools) or {team: m.pool for d in data.draws.values() if d.round <= 2
                                 for m in d.matches for team in m.teams if m.pool}
    from ..rules.geography import side_of
    from ..rules.pools import split_pools
    from ..store.geodata import load_postcodes

    table = load_postcodes()
    geo = {}
    for team in data.cup_teams.values():
        if data.entry.get(team.id, 1) <= 2 and team.id not in drawn:
            pt = table.point(team.postcode)
            if pt is not None:
                geo[team.id] = (side_of(table, team.postcode) or "west", pt.lat, pt.lon)
    out = split_pools(geo, data.settings.cup.pools) if not drawn else {}
    out.update(drawn)
    return out


def bracket_rounds(data: SeasonData) -> list[BRound]:
    """The national rounds (3-9, or from the plan's first national round) as bracket columns."""
    from ..rules.bracket import places, plan_cup

    first = FIRST_NATIONAL
    played = range(FIRST_NATIONAL, 10)
    if data.cup_teams:
        plan, _ = plan_cup(data.entry, pool_of(data), {t.id: t.club for t in data.cup_teams.values()})
        if plan is not None:
            first = plan.first_national_round
            played = [r for r in plan.played_rounds if r >= first]
    rounds = []
    for rnd in played:
        d = data.draws.get(rnd)
        if d is None:
            rounds.append(BRound(rnd, places=places(rnd)))
        else:
            rounds.append(BRound(rnd, tuple(_bmatch(data, m, data.results.get(m.id)) for m in d.matches),
                                 d.byes, places(rnd)))
    return rounds


def bracket_context(data: SeasonData, lang: str) -> dict:
    lay = layout(bracket_rounds(data))
    name = data.team_name
    boxes = [{
        "x": b.x, "y": b.y, "w": b.w, "h": b.h, "kind": b.kind, "match": b.match_id or "",
        "rows": [{"name": short(name(team)) if team else "", "full": name(team) if team else "", "id": team or "",
                  "score": b.scores[i] if i < len(b.scores) else "", "won": team is not None and team == b.winner,
                  "lost": b.winner is not None and team != b.winner}
                 for i, team in enumerate(b.teams)],
    } for b in lay.boxes]
    lines = [{"points": " ".join(f"{x},{y}" for x, y in ln.points), "label": ln.label, "won": ln.won,
              "lx": ln.label_x, "ly": ln.label_y} for ln in lay.lines]
    columns = [{"x": x, "name": t("winner", lang) if r == CHAMPION else round_name(r, lang)} for r, x in lay.columns]
    champion = None
    final = data.draws.get(9)
    if final and final.matches and final.matches[0].id in data.results:
        champion = name(data.results[final.matches[0].id].winner)
    finalists = [name(x) for x in final.matches[0].teams] if final and final.matches else []
    return {"boxes": boxes, "lines": lines, "columns": columns, "width": lay.width, "height": lay.height,
            "champion": champion, "finalists": finalists}


def round_context(data: SeasonData, rnd: int, schedule: list, lang: str) -> dict:
    """Draw and schedule of one round: home, away, venue, date, time, UP, result (§1.5.5-§1.5.8)."""
    from ..store.geodata import load_postcodes

    table = load_postcodes()
    d = data.draws[rnd]
    sched = {s.id: s for s in schedule}
    rows = []
    for m in d.matches:
        s = sched.get(m.id)
        r = data.results.get(m.id)
        home = s.home if s and s.home else m.teams[0]
        away = s.away if s and s.away else m.teams[1]
        venue = s.venue if s else None
        pt = table.point(venue) if venue else None
        imps = ""
        if r is not None:
            ih, ia = r.imps_of(home), r.imps_of(away)
            imps = f"{ih}-{ia}" if ih is not None and ia is not None else _score(r)
        rows.append({"id": m.id, "pool": m.pool or "", "home": data.team_name(home), "away": data.team_name(away),
                     "neutral": bool(s and s.neutral), "venue": f"{venue} {pt.name}" if pt else (venue or ""),
                     "date": s.date.isoformat() if s and s.date else "", "time": s.time if s else "",
                     "km": "" if not s or s.distance_km is None else f"{s.distance_km:.0f}",
                     "up": "" if not s or s.up is None else s.up, "imps": imps,
                     "winner": data.team_name(r.winner) if r and r.winner else ""})
    return {"round": rnd, "name": round_name(rnd, lang), "rows": rows, "seed": d.seed,
            "byes": [data.team_name(b) for b in d.byes]}


def pools_context(data: SeasonData, lang: str) -> dict:
    rounds = []
    for rnd in (1, 2):
        d = data.draws.get(rnd)
        if d is None:
            continue
        by_pool: dict[str, list] = {}
        for m in d.matches:
            r = data.results.get(m.id)
            by_pool.setdefault(m.pool or "-", []).append({
                "id": m.id, "a": data.team_name(m.teams[0]), "b": data.team_name(m.teams[1]),
                "score": "" if r is None else (f"{r.imps_of(m.teams[0])}-{r.imps_of(m.teams[1])}" if r.imps else _score(r)),
                "winner": data.team_name(r.winner) if r and r.winner else ""})
        rounds.append({"round": rnd, "name": round_name(rnd, lang), "pools": sorted(by_pool.items()),
                       "byes": [data.team_name(b) for b in d.byes]})
    return {"rounds": rounds}


def up_gp_context(data: SeasonData) -> dict:
    ups = data.up_totals(99)
    up_rows = sorted(((n, data.team_name(team), team) for team, n in ups.items()), key=lambda x: (-x[0], x[1]))
    player: dict[int, tuple[str, str]] = {}
    for team in data.cup_teams.values():
        for p in team.players:
            player.setdefault(p.id, (p.name, team.name))
    gps = data.gp_totals()
    gp_rows = sorted(((h, *player.get(pid, (str(pid), "")), pid) for pid, h in gps.items()),
                     key=lambda x: (-x[0], x[1], x[3]))
    return {"up": [{"rank": i, "team": name, "id": tid, "up": n} for i, (n, name, tid) in enumerate(up_rows, 1)],
            "gp": [{"rank": i, "player": name, "team": team, "id": pid, "gp": format_gp(h)}
                   for i, (h, name, team, pid) in enumerate(gp_rows, 1)]}


def _playoff_cards(doc: dict | None, names: dict[str, str]) -> list[dict]:
    """`dbf playoff --json` matches as cards: teams, carry-over (§1.1.2.10), home in section 1
    (§1.1.2.9), totals and winner when played."""
    if not doc:
        return []
    cards = []
    for m in doc.get("matches", []):
        shown = m.get("carry_over_shown") or {}
        totals = m.get("totals") or {}
        cards.append({"id": m["id"], "stage": m["stage"], "winner": names.get(m.get("winner"), m.get("winner") or ""),
                      "home": names.get(m.get("home_section_1"), m.get("home_section_1") or ""),
                      "teams": [{"name": names.get(x, x), "carry": shown.get(x, "0.0"), "total": totals.get(x, ""),
                                 "won": x == m.get("winner")} for x in m["teams"]]})
    return cards


def division_context(data: SeasonData, div_id: str, lang: str) -> dict:
    """Standings with marks (rules.standings, the season's VP scale), the results by round and
    the play-off with carry-over (as `dbf playoff` computes it)."""
    from ..rules.standings import standings
    from ..rules.vp import WBF20

    div = data.divisions[div_id]
    results = data.div_results.get(div_id, [])
    table, _ = standings(div, results, data.vp_scale or WBF20)
    names = {team.id: team.name for d in data.divisions.values() for team in d.teams}
    rows = [{"rank": r.rank, "team": names.get(r.team, r.team), "played": r.played, "won": r.won,
             "drawn": r.drawn, "lost": r.lost, "imps_for": r.imps_for, "imps_against": r.imps_against,
             "vp": f"{r.vp / 100:.2f}", "marks": [t(m.name, lang) for m in r.marks],
             "cls": " ".join(MARK_CLASS.get(m.name, "") for m in r.marks)} for r in table.rows]
    by_round: dict[int, list] = {}
    for res in sorted(results, key=lambda x: (x.round, x.match_id)):
        by_round.setdefault(res.round, []).append({"id": res.match_id, "home": names.get(res.home, res.home),
                                                   "away": names.get(res.away, res.away),
                                                   "imps": f"{res.imps_home}-{res.imps_away}"})
    key = "1div" if div_id == "1div" else "3div" if div_id.startswith("3div") else None
    po = data.playoffs.get(key) if key else None
    return {"division": div_id, "rows": rows, "rounds": sorted(by_round.items()),
            "playoff": _playoff_cards(po, names), "playoff_complete": bool(po and po.get("complete")),
            "complete": table.complete, "played": table.matches_played, "total": table.matches_total}


def trophy_context(data: SeasonData) -> dict:
    from ..rules.trophy import Final, trophy_status

    finals = list(data.finals)
    final = data.draws.get(9)
    if final and final.matches and final.matches[0].id in data.results and not any(f.season == data.season for f in finals):
        team = data.cup_teams.get(data.results[final.matches[0].id].winner or "")
        if team is not None:
            cap = team.player(team.captain)
            finals.append(Final(data.season, team.captain, cap.name if cap else str(team.captain)))
    status, _ = trophy_status(finals)
    return {"finals": [{"season": f.season, "captain": f.name or str(f.captain)} for f in sorted(finals, key=lambda f: f.season)],
            "trophy": status.trophy,
            "holder": status.holder.name if status.holder else "",
            "standings": [r.to_json() for r in status.standings],
            "outright": [o.to_json() for o in status.outright]}


def teams_context(data: SeasonData) -> dict:
    rows = []
    for team in sorted(data.cup_teams.values(), key=lambda x: (x.name, x.id)):
        cap = team.player(team.captain)
        rows.append({"id": team.id, "name": team.name, "club": team.club, "postcode": team.postcode,
                     "captain": cap.name if cap else team.captain, "entry": data.entry.get(team.id, ""),
                     "players": ", ".join(p.name for p in team.players)})
    return {"teams": rows}


def pages(data: SeasonData, schedules: dict[int, list], lang: str, now: dt.datetime | None = None) -> list[Page]:
    """Every page of the site with its context (pure)."""
    gen = (now or dt.datetime.now()).strftime("%Y-%m-%d %H:%M")
    out = [Page("teams.html", "teams.html.j2", t("teams", lang), teams_context(data)),
           Page("bracket.html", "bracket.html.j2", t("bracket", lang), bracket_context(data, lang)),
           Page("pools.html", "pools.html.j2", t("pool_rounds", lang), pools_context(data, lang)),
           Page("up-gp.html", "up_gp.html.j2", f"{t('up', lang)} / {t('gp', lang)}", up_gp_context(data)),
           Page("trophy.html", "trophy.html.j2", t("trophy", lang), trophy_context(data))]
    for rnd in sorted(data.draws):
        out.append(Page(f"round-{rnd:02d}.html", "round.html.j2", round_name(rnd, lang).capitalize(),
                        round_context(data, rnd, schedules.get(rnd, []), lang)))
    for div_id in sorted(data.divisions):
        out.append(Page(f"division-{div_id}.html", "division.html.j2", f"{t('division', lang)} {div_id}",
                        division_context(data, div_id, lang)))
    nav = [{"file": p.file, "title": p.title} for p in out if not p.file.startswith("round-")]
    index = Page("index.html", "index.html.j2", t("site_title", lang, season=data.season), {
        "cup_teams": len(data.cup_teams), "rounds": [{"file": f"round-{r:02d}.html", "name": round_name(r, lang),
                                                      "matches": len(data.draws[r].matches),
                                                      "played": sum(m.id in data.results for m in data.draws[r].matches)}
                                                     for r in sorted(data.draws)],
        "divisions": [{"file": f"division-{d}.html", "id": d, "teams": len(data.divisions[d].teams),
                       "played": len(data.div_results.get(d, []))} for d in sorted(data.divisions)]})
    out.insert(0, index)
    nav.insert(0, {"file": index.file, "title": t("index", lang)})
    for p in out:
        p.context.update({"nav": nav, "season": data.season, "lang": lang, "generated": gen, "page_title": p.title,
                          "current": p.file})
    return out


# ----------------------------------------------------------------------------- rendering
def environment(lang: str):
    """The Jinja2 environment: templates of this package, autoescape always on, ``t`` as a global."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("dbfcli.publish", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals["t"] = lambda key, **kw: t(key, lang, **kw)
    return env


def render_site(site_pages: Iterable[Page], out: Path, lang: str,
                step: Callable[[str], None] | None = None) -> list[Path]:
    """Write every page and the stylesheet to ``out``; ``step(file)`` after each page (progress bar)."""
    from importlib import resources

    env = environment(lang)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    css = resources.files("dbfcli.publish").joinpath("static/style.css").read_text(encoding="utf-8")
    (out / "style.css").write_text(css, encoding="utf-8")
    written.append(out / "style.css")
    for p in site_pages:
        html = env.get_template(p.template).render(**p.context)
        path = out / p.file
        path.write_text(html, encoding="utf-8")
        written.append(path)
        if step is not None:
            step(p.file)
    return written
