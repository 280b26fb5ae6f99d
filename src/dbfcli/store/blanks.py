"""Pre-filled result sheets (``dbf result blank``, issue 17): everything dbf knows about a cup
match, written as the sheet the winning captain fills in (docs/sheets.md).

:func:`blank_facts` gathers, for one scheduled match, what the sheet carries: match id,
round, date and time (§1.5.6), venue (§1.5.8), both teams with their rosters and the
additions announced for the round (§1.5.11), the boards and segments (§1.5.9), the UP the
tool computes for the away team's trip and its ferries (§1.5.4), the HUM pairs
(``natural_pairs``, §1.5.1.2) and the §1.5.14 deadline. :func:`blank_yaml` renders them
with comments saying what to fill in; the HTML sheet is in :mod:`dbfcli.publish.blanksheet`.
"""

from __future__ import annotations

import datetime as dt


def blank_facts(s, teams: dict, additions, settings, route_ferries: dict, hum_pairs: dict,
                withdrawals=()) -> dict:
    """The facts of one blank sheet as plain data (also the ``--json`` of ``dbf result blank``).
    ``s``: a :class:`dbfcli.rules.home.ScheduledMatch`; ``hum_pairs``: team -> registered HUM pairs.
    A player the TD withdrew from the team by this round (§1.5.11, ``dbf cup withdraw-player``)
    is not on its list: he may not play for it any more."""
    from ..rules.home import seating_sides
    from ..rules.model import ROUND_NAMES
    from ..rules.records import withdrawn_from
    from ..rules.sheet_scores import SEGMENT_BOARDS, match_boards, sheet_due

    home, away, _ = seating_sides(s)   # §1.5.5/§1.5.13/§1.5.7: the one answer to who is at home
    boards = match_boards(s.round)

    def roster(tid):
        team = teams.get(tid)
        gone = withdrawn_from(withdrawals, tid, s.round)
        rows = [{"id": p.id, "name": p.name} for p in (team.players if team else ()) if p.id not in gone]
        for a in additions:
            if a.team == tid and a.round <= s.round and all(r["id"] != a.player.id for r in rows):
                rows.append({"id": a.player.id, "name": a.player.name, "addition": True})
        return rows

    start = None
    deadline = None
    if s.date is not None:
        hh, mm = s.time.split(":")
        start = dt.datetime.combine(s.date, dt.time(int(hh), int(mm)))
        deadline = sheet_due(start, boards, settings.cup.sheet_deadline_hours)   # §1.5.14
    home_team = teams.get(home)
    return {
        "match": s.id, "round": s.round, "round_name": ROUND_NAMES.get(s.round, f"round {s.round}"),
        "date": s.date.isoformat() if s.date else None, "weekday": s.date.strftime("%A") if s.date else None,
        "time": s.time, "venue_postcode": s.venue, "neutral": s.neutral,
        "boards": boards, "segments": boards // SEGMENT_BOARDS, "segment_boards": SEGMENT_BOARDS,
        "home": {"team": home, "name": home_team.name if home_team else home, "players": roster(home),
                 "captain": home_team.captain if home_team else None},
        "away": {"team": away, "name": teams[away].name if away in teams else away, "players": roster(away),
                 "captain": teams[away].captain if away in teams else None},
        "up": s.up, "distance_km": s.distance_km, "ferries": list(route_ferries.get(away, ())),
        "hum_pairs": {t: [list(p) for p in hum_pairs.get(t, ())] for t in (home, away) if hum_pairs.get(t)},
        "hum_barred": _hum_barred(s.hum),
        "deadline": deadline.isoformat(timespec="minutes") if deadline else None,
        "deadline_hours": settings.cup.sheet_deadline_hours,
    }


#: a division match on the form and the blank sheet: two halves (docs/readings/division-results.md)
DIVISION_HALVES = 2


def division_blank_facts(m, date, teams: dict, boards: int, division: str) -> dict:
    """The facts of a division match's blank sheet (§1.1.2.1, §1.1.3.1, §1.1.4.1), in the shape
    of :func:`blank_facts`: ``m`` a :class:`dbfcli.rules.roundrobin.DivMatch` (its home and away
    as the schedule has them, §2.2), ``date`` its round's date, ``boards`` the division's 36 (with
    screens) or 40 (without), in two halves; the home team's postcode is the venue. No UP, HUM
    pairs or §1.5.14 deadline: those are the cup's (docs/readings/division-results.md)."""
    from ..rules.model import all_play_all_rule

    def side(tid):
        team = teams.get(tid)
        return {"team": tid, "name": team.name if team else tid,
                "players": [{"id": p.id, "name": p.name} for p in (team.players if team else ())],
                "captain": team.captain if team else None}

    home = teams.get(m.home)
    return {
        "match": m.id, "kind": "division", "division": division, "rule": all_play_all_rule(division),
        "round": m.round, "round_name": f"round {m.round}",
        "date": date.isoformat() if date else None, "weekday": date.strftime("%A") if date else None,
        "time": None, "venue_postcode": home.postcode if home else None, "neutral": False,
        "boards": boards, "segments": DIVISION_HALVES, "segment_boards": boards // DIVISION_HALVES,
        "home": side(m.home), "away": side(m.away),
        "up": None, "distance_km": None, "ferries": [], "hum_pairs": {}, "hum_barred": {},
        "deadline": None, "deadline_hours": None,
    }


def _hum_barred(verdicts) -> dict[str, list[dict]]:
    """§1.5.1.2, §2.10.5: team -> its registered HUM pairs that may NOT play their HUM system in
    this match (the schedule's verdicts, rules.home.hum_verdicts), each with the § and why: the
    sheet names them as natural pairs from the start (issue 25)."""
    out: dict[str, list[dict]] = {}
    for v in verdicts:
        if not v.allowed:
            out.setdefault(v.team, []).append({"pair": list(v.pair), "rule": v.rule, "why": v.why})
    return out


def _hum_lines(f: dict, team: str) -> list[str]:
    """The ``natural_pairs:`` line of ``team``'s side: §1.5.1.2 its pairs barred from HUM here
    listed already (they play a natural system), else an empty list to fill in."""
    barred = f.get("hum_barred", {}).get(team, [])
    if barred:
        listed = ", ".join(f"[{a}, {b}]" for a, b in (x["pair"] for x in barred))
        why = "; ".join(f"{x['pair'][0]}-{x['pair'][1]}: {x['why']} (§{x['rule']})" for x in barred)
        return [f"  natural_pairs: [{listed}]   # §1.5.1.2: may NOT play HUM in this match, so they play a natural "
                f"system: {why}"]
    if team in f["hum_pairs"]:
        pairs = ", ".join(f"{a}-{b}" for a, b in f["hum_pairs"][team])
        return [f"  natural_pairs: []   # §1.5.1.2: HUM pairs {pairs}; list a pair here [[a, b]] if it "
                "played a natural system"]
    return []


def _players(rows) -> list[str]:
    out = []
    for p in rows:
        note = "  (addition, §1.5.11)" if p.get("addition") else ""
        out.append(f"    - {{id: {p['id']}, boards: 0}}   # {p['name']}{note}")
    return out


def division_blank_yaml(f: dict) -> str:
    """A division match's blank sheet as YAML with comments (§1.1.2.1, §1.1.3.1, §1.1.4.1)."""
    half = f["segment_boards"]
    lines = [
        f"# Result sheet {f['match']}, {f['division']} round {f['round']}: pre-filled by dbf result blank.",
        f"# {f['home']['team']} ({f['home']['name']}) v {f['away']['team']} ({f['away']['name']}), "
        f"{f['date'] or 'date not known'}.",
        f"# A match is {f['boards']} boards this season (§{f['rule']}: 36 with screens, 40 without); fill in the IMPs",
        "# of each half [home, away] and the boards each player played (delete the rows of those who",
        "# did not play); a substitute (§2.11) as a row with substitute: true, name: and club:.",
        f"match: {f['match']}",
    ]
    if f["date"]:
        lines.append(f"played_on: {f['date']}")
    lines.append(f"segments:   # {f['segments']} halves of {half} boards = {f['boards']} boards (§{f['rule']})")
    lines += [f"  - {{boards: {half}, imps: [0, 0]}}"] * f["segments"]
    for side in ("home", "away"):
        d = f[side]
        lines += [f"{side}:", f"  team: {d['team']}   # {d['name']}",
                  f"  players:   # boards each played: a side's boards add up to 4 x {f['boards']}"]
        lines += _players(d["players"])
    if f["home"]["captain"] is not None:
        lines.append(f"signed_by: {f['home']['captain']}   # the home captain; change it if another player signed")
    return "\n".join(lines) + "\n"


def blank_yaml(f: dict) -> str:
    """The blank sheet as YAML with comments: what is known, and what to fill in."""
    if f.get("kind") == "division":
        return division_blank_yaml(f)
    when = f"{f['weekday']} {f['date']} {f['time']}" if f["date"] else "date not known"
    venue = f"postcode {f['venue_postcode']}" if f["venue_postcode"] else "venue not known"
    lines = [
        f"# Result sheet {f['match']}, cup {f['round_name']} (round {f['round']}): pre-filled by dbf result blank.",
        f"# {f['home']['team']} ({f['home']['name']}) v {f['away']['team']} ({f['away']['name']}), "
        f"{when}, {venue} (§1.5.6, §1.5.8).",
        f"# The winning team sends it to the TD within {f['deadline_hours']} hours of the match"
        + (f": by {f['deadline'].replace('T', ' ')}" if f["deadline"] else "") + " (§1.5.14).",
        "# Fill in: the IMPs of each segment [home, away]; the boards each player played (delete the",
        "# rows of those who did not play); a substitute (§1.5.12) as a row with substitute: true,",
        "# name: and club:; check up: and signed_by:.",
        f"match: {f['match']}",
    ]
    if f["date"]:
        lines.append(f"played_on: {f['date']}")
        lines.append(f'start: "{f["time"]}"')
    lines.append(f"segments:   # {f['segments']} segments of {f['segment_boards']} boards = {f['boards']} boards "
                 "(§1.5.9): [home IMPs, away IMPs]")
    lines += ["  - [0, 0]"] * f["segments"]
    for side in ("home", "away"):
        d = f[side]
        lines.append(f"{side}:")
        lines.append(f"  team: {d['team']}   # {d['name']}")
        if side == "away" and not f["neutral"]:
            why = f" ({f['distance_km']:g} km)" if f.get("distance_km") is not None else ""
            lines.append(f"  up: {f['up'] if f['up'] is not None else 0}   # §1.5.4: the UP dbf computes for the trip"
                         f"{why}; correct it if the trip was different")
            if f["ferries"]:
                lines.append(f"  ferries: [{', '.join(f['ferries'])}]   # §1.5.4: the crossings of the route")
        lines += _hum_lines(f, d["team"])
        lines.append("  players:   # boards each played (§1.5.14): a side's boards add up to 4 x the match's boards")
        lines += _players(d["players"])
    captain = f["home"]["captain"]
    if captain is not None:
        lines.append(f"signed_by: {captain}   # §1.5.14: the home captain; change it if another player signed")
    else:
        lines.append("# signed_by: <member number>   # §1.5.14")
    return "\n".join(lines) + "\n"
