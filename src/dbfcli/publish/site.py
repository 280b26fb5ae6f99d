"""The season's static website (issue 7, issue 18.1/18.6; §1.5.16: results available to the press).

Two halves:

* :func:`pages` turns a :class:`~dbfcli.publish.gather.SeasonData` into page contexts
  (plain dicts of strings and numbers): pure, no I/O, no templates.
* :func:`render_site` renders them with Jinja2 (autoescape on: a team called
  ``<script>`` is shown as text) into one HTML file per page plus ``style.css``, and writes
  each team's calendar (``team-ID.ics``, :func:`team_calendars`).

A team is shown as ``{"id", "name", "href"}`` (a link to its page ``team-ID.html``) in every
table, list and in the bracket. Jinja2 is imported only in :func:`render_site`, so other
commands never load it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from ..i18n import clock, decimal, division_name, local_stamp, pool_name, round_name, t, word
from ..rules.cup.gp import format_gp
from ..rules.text import page_value
from .bracket import CHAMPION, BMatch, BRound, layout, short
from .gather import CupResult, SeasonData

FIRST_NATIONAL = 3
BRACKET_FROM = 6          # the round of 16 (1/8 final): the bracket picture starts here (issue 18.1)
FINAL = 9
NEUTRAL_ROUNDS = (8, 9)   # §1.5.7 semi-finals and final at DBF's venue
MARK_CLASS = {"promoted": "up", "play-off": "up", "relegated": "down", "runner-up play-off": "maybe"}
MONTHS_SHORT_DA = ("jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec.")
MONTHS_SHORT_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DAYS_DA = ("man.", "tirs.", "ons.", "tors.", "fre.", "lør.", "søn.")
DAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


@dataclass(frozen=True)
class Page:
    file: str
    template: str
    title: str
    context: dict


# ----------------------------------------------------------------------------- helpers
def team_file(team_id: str) -> str:
    """The page of a team: ``team-KBH-1.html`` (characters other than letters, digits, ``-`` and
    ``_`` become ``_``, so an id never leaves the folder or breaks a link).

    >>> team_file("KBH-1"), team_file("../x y")
    ('team-KBH-1.html', 'team-___x_y.html')
    """
    return f"team-{re.sub(r'[^A-Za-z0-9_-]', '_', team_id)}.html"


def team_ics(team_id: str) -> str:
    return team_file(team_id)[:-5] + ".ics"


def round_file(rnd: int) -> str:
    return f"round-{rnd:02d}.html"


def day(d: dt.date | None, lang: str) -> str:
    """A match day as Danes (or the English) write it in a table: ``søn. 31. jan. 2027``.

    >>> day(dt.date(2027, 1, 31), "da"), day(dt.date(2027, 1, 31), "en"), day(None, "en")
    ('søn. 31. jan. 2027', 'Sun 31 Jan 2027', '')
    """
    if d is None:
        return ""
    if lang == "da":
        return f"{DAYS_DA[d.weekday()]} {d.day}. {MONTHS_SHORT_DA[d.month - 1]} {d.year}"
    return f"{DAYS_EN[d.weekday()]} {d.day} {MONTHS_SHORT_EN[d.month - 1]} {d.year}"


def shared_ranks(values: list) -> list[int]:
    """Ranks of values already sorted best first; equal values share a rank (1, 1, 3).

    >>> shared_ranks([9, 7, 7, 5]), shared_ranks([])
    ([1, 2, 2, 4], [])
    """
    out: list[int] = []
    for i, v in enumerate(values):
        out.append(out[-1] if i and v == values[i - 1] else i + 1)
    return out


def number(value, lang: str, places: int = 2) -> str:
    """A decimal number with the language's separator (``74,18`` in Danish).

    >>> number(74.183, "da"), number(5, "en")
    ('74,18', '5.00')
    """
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if lang == "da" else text


def _cap(text: str) -> str:
    """The first letter upper case, the rest as it is (``1/8 final`` -> ``1/8 final``, ``final`` -> ``Final``)."""
    return text[:1].upper() + text[1:]


def _imps_text(r, a: str, b: str) -> str:
    """A recorded match's IMPs as ``a``-``b`` ("31-27"), else its result as :func:`_score` gives it."""
    ia, ib = r.imps_of(a), r.imps_of(b)
    return f"{ia}-{ib}" if ia is not None and ib is not None else _score(r)


def _score(r: CupResult | None) -> str:
    if r is None:
        return ""
    if r.kind != "result" or r.imps is None:
        return t("walkover", None)
    return f"{r.imps[0]}-{r.imps[1]}"


def _memo(data: SeasonData, key: str, make: Callable[[], object]):
    """One computation per season read (a team page per team would otherwise redo the plan,
    the fixtures and the standings for every team)."""
    cache = data.__dict__.setdefault("_site_cache", {})
    if key not in cache:
        cache[key] = make()
    return cache[key]


class _Refs:
    """Team references for the templates: ``{"id", "name", "href"}``."""

    def __init__(self, data: SeasonData):
        self.data = data
        self.known = _memo(data, "known", lambda: set(data.all_teams()))

    def __call__(self, team_id: str | None) -> dict:
        if not team_id:
            return {"id": "", "name": "", "href": ""}
        return {"id": team_id, "name": self.data.team_name(team_id),
                "href": team_file(team_id) if team_id in self.known else ""}


def _bmatch(data: SeasonData, m, r: CupResult | None) -> BMatch:
    imps = None
    if r is not None and r.imps is not None:
        imps = (r.imps_of(m.teams[0]), r.imps_of(m.teams[1]))
        if None in imps:
            imps = r.imps
    return BMatch(m.id, m.teams, r.winner if r else None, imps,
                  None if r is None or r.kind == "result" else "w.o.")


def pool_of(data: SeasonData) -> dict[str, str]:
    """Pools of rounds 1-2 (§1.5.2): as drawn when round 1 is recorded, else from geography (rules.cup.pools)."""
    drawn = dict(data.pools) or {team: m.pool for d in data.draws.values() if d.round <= 2
                                 for m in d.matches for team in m.teams if m.pool}
    from ..rules.geography import side_of
    from ..rules.cup.pools import split_pools
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


def national_rounds(data: SeasonData) -> list[int]:
    """The national rounds the cup plan plays (normally 3-9; rules.cup.bracket.plan_cup)."""
    return list(_memo(data, "national", lambda: _national_rounds(data)))


def _national_rounds(data: SeasonData) -> list[int]:
    from ..rules.cup.bracket import plan_cup

    played = list(range(FIRST_NATIONAL, 10))
    if data.cup_teams:
        plan, _ = plan_cup(data.entry, pool_of(data), {t.id: t.club for t in data.cup_teams.values()})
        if plan is not None:
            played = [r for r in plan.played_rounds if r >= plan.first_national_round]
    return played


def bracket_rounds(data: SeasonData, start: int | None = None) -> list[BRound]:
    """The national rounds from ``start`` (default: all of them) as bracket columns."""
    from ..rules.cup.bracket import places

    rounds = []
    for rnd in national_rounds(data):
        if start is not None and rnd < start:
            continue
        d = data.draws.get(rnd)
        if d is None:
            rounds.append(BRound(rnd, places=places(rnd)))
        else:
            rounds.append(BRound(rnd, tuple(_bmatch(data, m, data.results.get(m.id)) for m in d.matches),
                                 d.byes, places(rnd)))
    return rounds


def _round_list(data: SeasonData, rnd: int, ref: _Refs, lang: str, in_bracket: bool) -> dict:
    """One national round as a list: each match with both teams (linked), the score, the winner."""
    d = data.draws.get(rnd)
    matches = []
    for m in d.matches if d else ():
        r = data.results.get(m.id)
        a, b = m.teams
        score = "" if r is None else _imps_text(r, a, b)
        matches.append({"id": m.id, "a": ref(a), "b": ref(b), "score": score,
                        "winner": r.winner if r else None})
    return {"round": rnd, "name": round_name(rnd, lang), "file": round_file(rnd) if d else "",
            "matches": matches, "byes": [ref(x) for x in (d.byes if d else ())], "drawn": d is not None,
            "in_bracket": in_bracket}


def bracket_context(data: SeasonData, lang: str) -> dict:
    """The bracket from the round of 16 (§1.5.16 draws; issue 18.1: it fits a 1280 px screen),
    every national round also as a linked list (the earlier ones only as lists on a wide screen)."""
    ref = _Refs(data)
    national = national_rounds(data)
    start = max([BRACKET_FROM] + [r for r in national[:1]])
    lay = layout(bracket_rounds(data, start))
    boxes = [_bracket_box(data, b, ref) for b in lay.boxes]
    lines = [{"points": " ".join(f"{x},{y}" for x, y in ln.points), "won": ln.won} for ln in lay.lines]
    columns = [{"x": x, "name": _cap(t("winner", lang) if r == CHAMPION else round_name(r, lang))} for r, x in lay.columns]
    champion, finalists = _final_teams(data, ref)
    lists = [_round_list(data, r, ref, lang, r >= start) for r in national]
    return {"boxes": boxes, "lines": lines, "columns": columns, "width": lay.width, "height": lay.height,
            "champion": champion, "finalists": finalists, "lists": lists, "start_name": round_name(start, lang)}


def _bracket_box(data: SeasonData, b, ref) -> dict:
    """One box of the bracket: its place, its match's link, a row per team (short and full name,
    score, won or lost)."""
    name = data.team_name
    return {
        "x": b.x, "y": b.y, "w": b.w, "h": b.h, "kind": b.kind, "match": b.match_id or "",
        "href": f"{round_file(b.round)}#{b.match_id}" if b.match_id else "",
        "rows": [{"name": short(name(team), 22) if team else "", "full": name(team) if team else "", "id": team or "",
                  "href": ref(team)["href"] if team else "",
                  "score": b.scores[i] if i < len(b.scores) else "", "won": team is not None and team == b.winner,
                  "lost": b.winner is not None and team != b.winner}
                 for i, team in enumerate(b.teams)],
    }


def _final_teams(data: SeasonData, ref) -> tuple[dict | None, list]:
    """(the champion once the final is recorded, the finalists once it is drawn)."""
    champion = None
    final = data.draws.get(FINAL)
    if final and final.matches and final.matches[0].id in data.results:
        champion = ref(data.results[final.matches[0].id].winner)
    finalists = [ref(x) for x in final.matches[0].teams] if final and final.matches else []
    return champion, finalists


def _venue(data: SeasonData, postcode: str | None) -> str:
    from ..store.geodata import load_postcodes

    if not postcode:
        return ""
    pt = load_postcodes().point(postcode)
    place = f"{postcode} {pt.name}" if pt else postcode
    street = data.streets.get(postcode)
    return f"{street}, {place}" if street else place


def _pending_note(s, lang: str) -> str:
    """§1.5.16 with §1.5.5: a match with a pending place says that home and away wait for the
    awaited result ("" for every other match)."""
    from ..i18n import t

    pending = getattr(s, "pending", ()) if s else ()
    return t("home_pending", lang, match=", ".join(pending)) if pending else ""


def round_context(data: SeasonData, rnd: int, schedule: list, lang: str) -> dict:
    """Draw and schedule of one round: home, away, venue, date, time, UP, result (§1.5.5-§1.5.8);
    the semi-finals and the final at DBF's neutral venue (§1.5.7): no home, km or UP."""
    ref = _Refs(data)
    d = data.draws[rnd]
    sched = {s.id: s for s in schedule}
    rows = [_round_row(data, m, sched.get(m.id), lang, ref) for m in d.matches]
    neutral = bool(rows) and all(x["neutral"] for x in rows) or (rnd in NEUTRAL_ROUNDS and not schedule)
    from .proofs import round_proof

    return {"round": rnd, "name": round_name(rnd, lang), "rows": rows, "seed": d.seed, "neutral": neutral,
            "byes": [ref(b) for b in d.byes], "proof": round_proof(data, rnd)}


def _round_row(data: SeasonData, m, s, lang: str, ref) -> dict:
    """One match of the round: home and away (as scheduled, else as drawn), venue, date, time,
    km and UP (§1.5.4), the IMPs and winner once recorded."""
    from ..rules.cup.home import seating_sides

    r = data.results.get(m.id)
    home, away = seating_sides(s)[:2] if s else m.teams   # §1.5.5/§1.5.13/§1.5.7: the one answer
    imps = "" if r is None else _imps_text(r, home, away)
    return {"id": m.id, "pool": pool_name(m.pool, lang) if m.pool else "", "home": ref(home), "away": ref(away),
            **_schedule_cells(data, s, lang), "imps": imps,
            "winner": r.winner if r and r.winner else "", "pending": _pending_note(s, lang)}


def _schedule_cells(data: SeasonData, s, lang: str) -> dict:
    """A scheduled match's neutral venue, venue, date, time, km and UP ("" where unknown)."""
    return {"neutral": bool(s and s.neutral), "venue": _venue(data, s.venue if s else None),
            "date": day(s.date if s else None, lang), "iso": s.date.isoformat() if s and s.date else "",
            "time": clock(s.time, lang) if s and s.time else "",
            "km": "" if not s or s.distance_km is None else f"{s.distance_km:.0f}",
            "up": "" if not s or s.up is None else s.up}


def pools_context(data: SeasonData, lang: str) -> dict:
    from ..i18n import pool_name

    ref = _Refs(data)
    rounds = []
    for rnd in (1, 2):
        d = data.draws.get(rnd)
        if d is None:
            continue
        by_pool: dict[str, list] = {}
        for m in d.matches:
            r = data.results.get(m.id)
            by_pool.setdefault(pool_name(m.pool, lang) if m.pool else "-", []).append({
                "id": m.id, "a": ref(m.teams[0]), "b": ref(m.teams[1]),
                "score": "" if r is None else (f"{r.imps_of(m.teams[0])}-{r.imps_of(m.teams[1])}" if r.imps else _score(r)),
                "winner": r.winner if r and r.winner else ""})
        rounds.append({"round": rnd, "name": round_name(rnd, lang), "file": round_file(rnd),
                       "pools": sorted(by_pool.items()), "byes": [ref(b) for b in d.byes]})
    return {"rounds": rounds}


def _players(data: SeasonData) -> dict[int, tuple[str, str]]:
    """member id -> (name, team id) of every cup player (first team listed)."""
    player: dict[int, tuple[str, str]] = {}
    for team in data.cup_teams.values():
        for p in team.players:
            player.setdefault(p.id, (p.name, team.id))
    return player


def up_gp_context(data: SeasonData, lang: str) -> dict:
    """UP credited per team (§1.5.4) and GP per player (§1.5.10), equal totals sharing a rank."""
    ref = _Refs(data)
    ups = data.up_totals(99)
    up_rows = sorted(((n, data.team_name(team), team) for team, n in ups.items()), key=lambda x: (-x[0], x[1]))
    player = _players(data)
    gps = data.gp_totals()
    gp_rows = sorted(((h, *player.get(pid, (str(pid), "")), pid) for pid, h in gps.items()),
                     key=lambda x: (-x[0], x[1], x[3]))
    up_ranks = shared_ranks([r[0] for r in up_rows])
    gp_ranks = shared_ranks([r[0] for r in gp_rows])
    return {"up": [{"rank": k, "team": ref(tid), "up": n} for k, (n, _name, tid) in zip(up_ranks, up_rows)],
            "gp": [{"rank": k, "player": name, "member": pid, "team": ref(team) if team else ref(None),
                    "gp": format_gp(h).replace(".", ",") if lang == "da" else format_gp(h)}
                   for k, (h, name, team, pid) in zip(gp_ranks, gp_rows)]}


def _playoff_cards(doc: dict | None, ref: _Refs, lang: str = "en") -> list[dict]:
    """`dbf playoff --json` matches as cards: teams, carry-over (§1.1.2.10), home in section 1
    (§1.1.2.9), totals and winner when played."""
    if not doc:
        return []
    cards = []
    for m in doc.get("matches", []):
        shown = m.get("carry_over_shown") or {}
        totals = m.get("totals_shown") or {}
        cards.append({"id": m["id"], "stage": word("stage", m["stage"], lang), "winner": m.get("winner") or "",
                      "home": m.get("home_section_1") or "",
                      "teams": [{"team": ref(x), "carry": decimal(shown.get(x, "0.0"), lang),
                                 "total": decimal(str(totals.get(x, "")), lang),
                                 "won": x == m.get("winner")} for x in m["teams"]]})
    return cards


def _div_rounds(data: SeasonData, div_id: str):
    from ..rules.divisions.roundrobin import division_schedule

    rounds = data.div_rounds.get(div_id)
    if rounds is None:
        rounds = division_schedule(data.divisions[div_id], data.settings.division(div_id))
    return rounds


def division_fixtures(data: SeasonData, div_id: str, lang: str) -> list[dict]:
    """Every match of the division's schedule with its date, time and venue (rules.divisions.daytimes,
    rules.divisions.roundrobin.round_venues) and its result when recorded (IMPs, VP per match)."""
    return _memo(data, f"fixtures:{div_id}:{lang}", lambda: _division_fixtures(data, div_id, lang))


def _division_fixtures(data: SeasonData, div_id: str, lang: str) -> list[dict]:
    from ..rules.divisions.daytimes import day_slots
    from ..rules.divisions.roundrobin import round_venues
    from ..rules.divisions.vp import WBF20, match_vp

    settings = data.settings.division(div_id)
    rounds = _div_rounds(data, div_id)
    slots = day_slots([r.date for r in rounds], settings.boards)
    venues = round_venues(rounds, settings)
    played = {r.match_id: r for r in data.div_results.get(div_id, [])}
    scale = data.vp_scale or WBF20
    out = []
    for r, slot in zip(rounds, slots):
        for m in r.matches:
            res = played.get(m.id)
            vp = None
            if res is not None:
                vh, va = match_vp(scale, res.imps_home, res.imps_away, res.boards)
                vp = (vh, va) if res.home == m.home else (va, vh)
                imps = (res.imps_home, res.imps_away) if res.home == m.home else (res.imps_away, res.imps_home)
            out.append({"id": m.id, "round": r.number, "home": m.home, "away": m.away,
                        "date": day(r.date, lang), "iso": r.date.isoformat() if r.date else "",
                        "time": clock(slot[0].strftime("%H:%M"), lang) if slot else "",
                        "venue": _venue(data, venues.get(r.number)) or t("to_be_announced", lang),
                        "played": res is not None,
                        "imps": imps if res is not None else None,
                        "vp": vp})
    return out


def division_context(data: SeasonData, div_id: str, lang: str) -> dict:
    """Standings with marks (rules.divisions.standings, the season's VP scale), fixtures to come (dates,
    times, venues), results by round with VP per match, a cross-table, and the play-off with
    carry-over (as `dbf playoff` computes it)."""
    ref = _Refs(data)
    div = data.divisions[div_id]
    table, _ = data.standings(div_id)     # as `dbf standings` ranks it, lots included (§1.1.3.2)
    rows = [{"rank": r.rank, "team": ref(r.team), "played": r.played, "won": r.won,
             "drawn": r.drawn, "lost": r.lost, "imps_for": r.imps_for, "imps_against": r.imps_against,
             "vp": number(r.vp / 100, lang), "marks": [t(m.name, lang) for m in r.marks],
             "cls": " ".join(MARK_CLASS.get(m.name, "") for m in r.marks)} for r in table.rows]
    fixtures = division_fixtures(data, div_id, lang)
    to_come: dict[int, list] = {}
    done: dict[int, list] = {}
    for f in fixtures:
        if f["away"] is None:
            continue
        (done if f["played"] else to_come).setdefault(f["round"], []).append(_fixture_shown(f, ref, lang))
    order = [r.team for r in table.rows]
    cross = _cross_table(fixtures, order, ref, lang)
    key = "1div" if div_id == "1div" else "3div" if div_id.startswith("3div") else None
    po = data.playoffs.get(key) if key else None
    n = len(div.teams)
    return {"division": div_id, "name": division_name(div_id, lang), "rows": rows,
            "rounds": sorted(done.items()), "to_come": sorted(to_come.items()), "cross": cross,
            "cross_heads": list(range(1, len(order) + 1)),
            "playoff": _playoff_cards(po, ref, lang), "playoff_complete": bool(po and po.get("complete")),
            "complete": table.complete, "played": table.matches_played,
            "total": table.matches_total or n * (n - 1) // 2}


def _fixture_shown(f: dict, ref, lang: str) -> dict:
    """A division fixture as the page shows it: teams linked, score and VP once played."""
    out = dict(f, home=ref(f["home"]), away=ref(f["away"]) if f["away"] else None)
    if f["played"]:
        out["score"] = f"{f['imps'][0]}-{f['imps'][1]}"
        out["vp_text"] = f"{number(f['vp'][0] / 100, lang)}-{number(f['vp'][1] / 100, lang)}"
    return out


def _cross_table(fixtures: list[dict], order: list[str], ref, lang: str) -> list[dict]:
    """The cross-table: the row team's IMPs and VP against each column team (standings order)."""
    cell: dict[tuple[str, str], str] = {}
    for f in fixtures:
        if f["played"] and f["away"]:
            h, a = f["home"], f["away"]
            cell[(h, a)] = f"{f['imps'][0]}-{f['imps'][1]} ({number(f['vp'][0] / 100, lang, 1)})"
            cell[(a, h)] = f"{f['imps'][1]}-{f['imps'][0]} ({number(f['vp'][1] / 100, lang, 1)})"
    return [{"team": ref(a), "n": i, "cells": [{"self": a == b, "text": cell.get((a, b), "")} for b in order]}
            for i, a in enumerate(order, 1)]


def trophy_context(data: SeasonData) -> dict:
    """The challenge trophy (§1.5.1): every final with season, winning team and captain."""
    from ..rules.cup.trophy import trophy_status

    finals = list(data.finals)
    teams = dict(data.trophy_teams)
    final = data.draws.get(FINAL)
    decided = bool(final and final.matches and final.matches[0].id in data.results)
    if decided:
        _this_seasons_final(data, data.results[final.matches[0].id].winner or "", finals, teams)
    status, _ = trophy_status(finals)
    ref = _Refs(data)
    winner_ref = ref(data.results[final.matches[0].id].winner) if decided else None
    return {"finals": [{"season": f.season, "captain": f.name or str(f.captain),
                        "team": (winner_ref if f.season == data.season and winner_ref else
                                 {"id": "", "name": teams.get(f.season, ""), "href": ""})}
                       for f in sorted(finals, key=lambda f: f.season)],
            "trophy": status.trophy,
            "holder": status.holder.name if status.holder else "",
            "standings": [r.to_json() for r in status.standings],
            "outright": [o.to_json() for o in status.outright]}


def _this_seasons_final(data: SeasonData, winner: str, finals: list, teams: dict) -> None:
    """§1.5.1: this season's recorded final among the finals (its winner's team and captain), in place."""
    from ..rules.cup.trophy import Final

    team = data.cup_teams.get(winner)
    if team is None:
        return
    teams.setdefault(data.season, team.name)
    if not any(f.season == data.season for f in finals):
        cap = team.player(team.captain)
        finals.append(Final(data.season, team.captain, cap.name if cap else str(team.captain)))


def teams_context(data: SeasonData) -> dict:
    from ..store.geodata import load_postcodes

    table = load_postcodes()
    ref = _Refs(data)
    rows = []
    for team in sorted(data.cup_teams.values(), key=lambda x: (x.name, x.id)):
        cap = team.player(team.captain)
        pt = table.point(team.postcode)
        rows.append({"team": ref(team.id), "club": data.club_name(team.club),
                     "postcode": f"{team.postcode} {pt.name}" if pt else team.postcode,
                     "captain": cap.name if cap else team.captain, "entry": data.entry.get(team.id, ""),
                     "players": ", ".join(p.name for p in team.players)})
    return {"teams": rows}


def team_context(data: SeasonData, team_id: str, schedules: dict[int, list], lang: str) -> dict:
    """One team's page: its players (member numbers, GP), club, UP credited; its way through the
    cup with the next match; its division matches played and to come (issue 18.1)."""
    from ..store.geodata import load_postcodes

    ref = _Refs(data)
    team = _memo(data, "all_teams", data.all_teams)[team_id]
    pt = load_postcodes().point(team.postcode)
    gps = data.gp_totals()
    players = [{"name": p.name, "member": p.id, "captain": p.id == team.captain,
                "gp": (format_gp(gps[p.id]).replace(".", ",") if lang == "da" else format_gp(gps[p.id]))
                if p.id in gps else ""} for p in team.players]
    in_cup = team_id in data.cup_teams
    path, next_match, status = _cup_path(data, team_id, schedules, lang, ref) if in_cup else ([], None, "")
    division = _team_division(data, team_id, lang, ref)
    ups = data.up_totals(99)
    return {"team": ref(team_id), "id": team_id, "club": data.club_name(team.club),
            "postcode": f"{team.postcode} {pt.name}" if pt else team.postcode,
            "captain": (team.player(team.captain).name if team.player(team.captain) else str(team.captain)),
            "players": players, "in_cup": in_cup, "entry": round_name(data.entry[team_id], lang) if in_cup and team_id in data.entry else "",
            "path": path, "next": next_match, "status": status, "up": ups.get(team_id, 0) if in_cup else None,
            "division": division, "ics": team_ics(team_id)}


def _cup_path(data: SeasonData, team_id: str, schedules: dict[int, list], lang: str, ref) -> tuple[list, dict | None, str]:
    """A cup team's way through the cup: (a row per round drawn -- a bye or its match --, its
    next match, its status: out in a round, the cup winner, or the next round not drawn yet)."""
    sched = {s.id: s for rows in schedules.values() for s in rows}
    path, next_match, status, out = [], None, "", False
    for rnd in sorted(data.draws):
        d = data.draws[rnd]
        if team_id in d.byes:
            path.append({"round": round_name(rnd, lang), "file": round_file(rnd), "bye": True})
            continue
        m = next((x for x in d.matches if team_id in x.teams), None)
        if m is None:
            continue
        r = data.results.get(m.id)
        row = _cup_row(data, team_id, rnd, m, sched.get(m.id), lang, ref)
        if r is not None:
            out, status = _cup_status(r, rnd, team_id, lang, out, status)
        elif next_match is None:
            next_match = row
        path.append(row)
    if not out and next_match is None and not status:
        status = _not_drawn_status(data, team_id, lang)
    return path, next_match, status


def _cup_status(r, rnd: int, team_id: str, lang: str, out: bool, status: str) -> tuple[bool, str]:
    """(out of the cup, status) after the team's recorded match of round ``rnd``."""
    if r.winner and r.winner != team_id:
        return True, t("out_in", lang, round=round_name(rnd, lang))
    if rnd == FINAL and r.winner == team_id:
        return out, t("cup_winner", lang)
    return out, status


def _not_drawn_status(data: SeasonData, team_id: str, lang: str) -> str:
    """The team's next round when it is not drawn yet (from its entry round on), or nothing."""
    later = [r for r in national_rounds(data) + [1, 2] if r not in data.draws and r >= data.entry.get(team_id, 1)]
    if not later:
        return ""
    return f"{t('next_match', lang)}: {round_name(min(later), lang)} ({t('not_drawn', lang)})"


def _cup_row(data: SeasonData, team_id: str, rnd: int, m, s, lang: str, ref) -> dict:
    """One cup match of the team's path: opponent, home/away/neutral, venue, date, time, score."""
    r = data.results.get(m.id)
    opp = m.teams[1] if m.teams[0] == team_id else m.teams[0]
    where = _pending_note(s, lang) or (t("neutral_venue", lang) if s and s.neutral else
                                       (t("at_home", lang) if s and s.home == team_id else
                                        t("away_game", lang) if s else ""))
    row = {"round": round_name(rnd, lang), "file": round_file(rnd), "id": m.id, "bye": False,
           "opponent": ref(opp), "where": where, "venue": _venue(data, s.venue if s else None),
           "date": day(s.date if s else None, lang), "time": clock(s.time, lang) if s and s.time else "",
           "score": "", "won": None}
    if r is not None:
        row["score"] = _imps_text(r, team_id, opp)
        row["won"] = r.winner == team_id
    return row


def _team_division(data: SeasonData, team_id: str, lang: str, ref) -> dict | None:
    """The team's division: its rank and VP, its matches played and to come; None when in none."""
    div_id = data.division_of(team_id)
    if div_id is None:
        return None
    table, _ = data.standings(div_id)
    row = next((r for r in table.rows if r.team == team_id), None)
    matches = [_division_item(f, team_id, lang, ref) for f in division_fixtures(data, div_id, lang)
               if team_id in (f["home"], f["away"]) and f["away"] is not None]
    return {"id": div_id, "name": division_name(div_id, lang), "file": f"division-{div_id}.html",
            "rank": row.rank if row else "", "vp": number(row.vp / 100, lang) if row else "",
            "played": [m for m in matches if m["played"]], "to_come": [m for m in matches if not m["played"]]}


def _division_item(f: dict, team_id: str, lang: str, ref) -> dict:
    """One division fixture of the team, from its side (its IMPs and VP first)."""
    home = f["home"] == team_id
    opp = f["away"] if home else f["home"]
    item = {"round": f["round"], "id": f["id"], "opponent": ref(opp),
            "where": t("at_home", lang) if home else t("away_game", lang),
            "date": f["date"], "time": f["time"], "venue": f["venue"], "played": f["played"]}
    if f["played"]:
        k = 0 if home else 1
        item["score"] = f"{f['imps'][k]}-{f['imps'][1 - k]}"
        item["vp"] = number(f["vp"][k] / 100, lang)
    return item


def pages(data: SeasonData, schedules: dict[int, list], lang: str, now: dt.datetime | None = None) -> list[Page]:
    """Every page of the site with its context (pure)."""
    from .proofs import proof_rows

    when = now or dt.datetime.now(dt.timezone.utc)
    stamp = local_stamp(when, lang)
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    iso = when.astimezone(dt.timezone.utc).isoformat(timespec="minutes")
    out = [Page("teams.html", "teams.html.j2", t("teams", lang), teams_context(data)),
           Page("bracket.html", "bracket.html.j2", t("bracket", lang), bracket_context(data, lang)),
           Page("pools.html", "pools.html.j2", t("pool_rounds", lang), pools_context(data, lang)),
           Page("up-gp.html", "up_gp.html.j2", f"{t('up', lang)} / {t('gp', lang)}", up_gp_context(data, lang)),
           Page("trophy.html", "trophy.html.j2", t("trophy", lang), trophy_context(data)),
           Page("draws.html", "draws.html.j2", t("verifiable_draws", lang), {"proofs": proof_rows(data, lang)})]
    for rnd in sorted(data.draws):
        out.append(Page(round_file(rnd), "round.html.j2", round_name(rnd, lang).capitalize(),
                        round_context(data, rnd, schedules.get(rnd, []), lang)))
    for div_id in sorted(data.divisions):
        name = division_name(div_id, lang)
        out.append(Page(f"division-{div_id}.html", "division.html.j2", name[:1].upper() + name[1:],
                        division_context(data, div_id, lang)))
    for team_id, team in sorted(data.all_teams().items()):
        out.append(Page(team_file(team_id), "team.html.j2", team.name, team_context(data, team_id, schedules, lang)))
    nav = [{"file": p.file, "title": p.title} for p in out
           if not p.file.startswith(("round-", "team-", "division-"))]
    nav += [{"file": f"division-{d}.html", "title": division_name(d, lang)} for d in sorted(data.divisions)]
    rounds = []
    for r in sorted(data.draws):
        n, m = sum(x.id in data.results for x in data.draws[r].matches), len(data.draws[r].matches)
        rounds.append({"file": round_file(r), "name": round_name(r, lang), "matches": m, "played": n,
                       "of": t("n_of_m", lang, n=n, m=m)})
    divisions = []
    for d in sorted(data.divisions):
        k = len(data.divisions[d].teams)
        total = k * (k - 1) // 2
        played = len(data.div_results.get(d, []))
        divisions.append({"file": f"division-{d}.html", "id": d, "name": division_name(d, lang), "teams": k,
                          "played": played, "of": t("n_of_m_matches", lang, n=played, m=total)})
    index = Page("index.html", "index.html.j2", t("site_title", lang, season=data.season), {
        "cup_teams": len(data.cup_teams), "rounds": rounds, "divisions": divisions})
    out.insert(0, index)
    nav.insert(0, {"file": index.file, "title": t("index", lang)})
    for p in out:
        p.context.update({"nav": nav, "season": data.season, "lang": lang, "generated": stamp, "generated_iso": iso,
                          "page_title": p.title, "current": p.file})
    return out


def team_calendars(data: SeasonData, schedules: dict[int, list], lang: str) -> dict[str, bytes]:
    """``team-ID.ics`` per team: its cup matches drawn so far and its division matches, in the
    calendar style of store.ics (TZID Europe/Copenhagen, one UID per match)."""
    from ..store.ics import calendar, calendar_name, cup_events, division_events
    from ..rules.divisions.roundrobin import round_venues

    hosts = data.all_teams()
    names = {tid: team.name for tid, team in hosts.items()}
    cup = [e for rnd in sorted(schedules)
           for e in cup_events(data.season, rnd, schedules[rnd], names, lang, data.streets, hosts)]
    div: dict[str, list] = {}
    for div_id in data.divisions:
        settings = data.settings.division(div_id)
        rounds = _div_rounds(data, div_id)
        div[div_id] = division_events(div_id, data.season, rounds, names, round_venues(rounds, settings),
                                      settings.boards, lang, data.streets, hosts)
    out = {}
    for team_id, name in sorted(names.items()):
        events = [e for e in cup if team_id in e.teams] + [e for e in div.get(data.division_of(team_id) or "", [])
                                                           if team_id in e.teams]
        events.sort(key=lambda e: e.start)
        out[team_ics(team_id)], _ = calendar(calendar_name(data.season, name, lang), events)
    return out


# ----------------------------------------------------------------------------- rendering
def environment(lang: str):
    """The Jinja2 environment: templates of this package, autoescape always on, ``t`` as a global."""
    import jinja2

    env = jinja2.Environment(loader=jinja2.PackageLoader("dbfcli.publish", "templates"),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             finalize=page_value)
    env.globals["t"] = lambda key, **kw: t(key, lang, **kw)
    return env


def render_site(site_pages: Iterable[Page], out: Path, lang: str,
                step: Callable[[str], None] | None = None, files: dict[str, bytes] | None = None) -> list[Path]:
    """Write every page, the stylesheet and ``files`` (name -> bytes, e.g. the team calendars)
    to ``out``; ``step(file)`` after each page (progress bar)."""
    from importlib import resources

    from ..store.atomic import write_inside

    env = environment(lang)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    css = resources.files("dbfcli.publish").joinpath("static/style.css").read_text(encoding="utf-8")
    # never through a link planted in the site folder (issue 16): LinkRefused, an OSError
    write_inside(out, "style.css", css.encode("utf-8"), durable=False)
    written.append(out / "style.css")
    for name, blob in (files or {}).items():
        write_inside(out, name, blob, durable=False)
        written.append(out / name)
    for p in site_pages:
        html = env.get_template(p.template).render(**p.context)
        path = out / p.file
        write_inside(out, p.file, html.encode("utf-8"), durable=False)
        written.append(path)
        if step is not None:
            step(p.file)
    return written
