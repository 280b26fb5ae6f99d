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
    ``s``: a :class:`dbfcli.rules.cup.home.ScheduledMatch`; ``hum_pairs``: team -> registered HUM pairs.
    A player the TD withdrew from the team by this round (§1.5.11, ``dbf cup withdraw-player``)
    is not on its list: he may not play for it any more."""
    from ...rules.cup.home import seating_sides
    from ...rules.model import ROUND_NAMES
    from ...rules.cup.records import withdrawn_from
    from ...rules.sheet.scores import SEGMENT_BOARDS, match_boards, sheet_due

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
    of :func:`blank_facts`: ``m`` a :class:`dbfcli.rules.divisions.roundrobin.DivMatch` (its home and away
    as the schedule has them, §2.2), ``date`` its round's date, ``boards`` the division's 36 (with
    screens) or 40 (without), in two halves; the home team's postcode is the venue. No UP, HUM
    pairs or §1.5.14 deadline: those are the cup's (docs/readings/division-results.md)."""
    from ...rules.model import all_play_all_rule

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
    this match (the schedule's verdicts, rules.cup.home.hum_verdicts), each with the § and why: the
    sheet names them as natural pairs from the start (issue 25)."""
    out: dict[str, list[dict]] = {}
    for v in verdicts:
        if not v.allowed:
            out.setdefault(v.team, []).append({"pair": list(v.pair), "rule": v.rule, "why": v.why})
    return out


#: The comments of the blank YAML sheet, English and Danish (issue 28: `dbf notify draw` attaches
#: it to a Danish captain's mail); the keys and values of the sheet itself are the sheet format's.
TEXTS: dict[str, tuple[str, str]] = {
    "title": ("# Result sheet {match}, cup {round_name} (round {round}): pre-filled by dbf result blank.",
              "# Resultatblanket {match}, pokalturneringens {round_name} ({round}. runde): forudfyldt af dbf result blank."),
    "teams": ("# {home} ({home_name}) v {away} ({away_name}), {when}, {venue} (§1.5.6, §1.5.8).",
              "# {home} ({home_name}) – {away} ({away_name}), {when}, {venue} (§1.5.6, §1.5.8)."),
    "no_date": ("date not known", "dato ikke kendt"),
    "no_venue": ("venue not known", "spillested ikke kendt"),
    "venue": ("postcode {postcode}", "postnr. {postcode}"),
    "due": ("# The winning team sends it to the TD within {hours} hours of the match{by} (§1.5.14).",
            "# Det vindende hold sender den til turneringslederen inden {hours} timer efter kampen{by} (§1.5.14)."),
    "due_by": (": by {deadline}", ", dvs. senest {deadline}"),
    "fill": ("# Fill in: the IMPs of each segment [home, away]; the boards each player played (delete the\n"
             "# rows of those who did not play); a substitute (§1.5.12) as a row with substitute: true,\n"
             "# name: and club:; check up: and signed_by:.",
             "# Udfyld: IMP i hver sektion [hjemme, ude]; de spil, hver spiller spillede (slet rækkerne\n"
             "# for dem, der ikke spillede); en substitut (§1.5.12) som en række med substitute: true,\n"
             "# name: og club:; kontrollér up: og signed_by:."),
    "segments": ("# {segments} segments of {segment_boards} boards = {boards} boards (§1.5.9): [home IMPs, away IMPs]",
                 "# {segments} sektioner à {segment_boards} spil = {boards} spil (§1.5.9): [IMP hjemme, IMP ude]"),
    "up": ("# §1.5.4: the UP dbf computes for the trip{km}; correct it if the trip was different",
           "# §1.5.4: de UP, dbf beregner for rejsen{km}; ret tallet, hvis rejsen var en anden"),
    "ferries": ("# §1.5.4: the crossings of the route", "# §1.5.4: rutens overfarter ({names})"),
    "hum_barred": ("# §1.5.1.2: may NOT play HUM in this match, so they play a natural system: {why}",
                   "# §1.5.1.2: må IKKE spille HUM i denne kamp og spiller derfor et naturligt system: {why}"),
    "hum": ("# §1.5.1.2: HUM pairs {pairs}; list a pair here [[a, b]] if it played a natural system",
            "# §1.5.1.2: HUM-par {pairs}; skriv et par her [[a, b]], hvis det spillede et naturligt system"),
    "players": ("# boards each played (§1.5.14): a side's boards add up to 4 x the match's boards",
                "# spil hver spiller spillede (§1.5.14): et holds spil giver tilsammen 4 x kampens spil"),
    "addition": ("  (addition, §1.5.11)", "  (suppleret, §1.5.11)"),
    "signed": ("# §1.5.14: the home captain; change it if another player signed",
               "# §1.5.14: hjemmeholdkaptajnen; ret nummeret, hvis en anden spiller skrev under"),
    "unsigned": ("# signed_by: <member number>   # §1.5.14", "# signed_by: <medlemsnummer>   # §1.5.14"),
}


def _text(key: str, da: bool, **fields) -> str:
    return TEXTS[key][da].format(**fields)


def _hum_lines(f: dict, team: str, da: bool = False) -> list[str]:
    """The ``natural_pairs:`` line of ``team``'s side: §1.5.1.2 its pairs barred from HUM here
    listed already (they play a natural system), else an empty list to fill in."""
    from ...i18n import problem_text

    barred = f.get("hum_barred", {}).get(team, [])
    if barred:
        listed = ", ".join(f"[{a}, {b}]" for a, b in (x["pair"] for x in barred))
        why = "; ".join(f"{x['pair'][0]}-{x['pair'][1]}: {problem_text(x['why'], 'da' if da else 'en')} (§{x['rule']})"
                        for x in barred)
        return [f"  natural_pairs: [{listed}]   {_text('hum_barred', da, why=why)}"]
    if team in f["hum_pairs"]:
        pairs = ", ".join(f"{a}-{b}" for a, b in f["hum_pairs"][team])
        return [f"  natural_pairs: []   {_text('hum', da, pairs=pairs)}"]
    return []


def _players(rows, da: bool = False) -> list[str]:
    out = []
    for p in rows:
        note = _text("addition", da) if p.get("addition") else ""
        out.append(f"    - {{id: {p['id']}, boards: 0}}   # {p['name']}{note}")
    return out


#: The comments of a division match's blank sheet, English and Danish.
DIVISION_TEXTS: dict[str, tuple[str, str]] = {
    "title": ("# Result sheet {match}, {division} round {round}: pre-filled by dbf result blank.",
              "# Resultatblanket {match}, {division} {round}. runde: forudfyldt af dbf result blank."),
    "teams": ("# {home} ({home_name}) v {away} ({away_name}), {date}.",
              "# {home} ({home_name}) – {away} ({away_name}), {date}."),
    "fill": ("# A match is {boards} boards this season (§{rule}: 36 with screens, 40 without); fill in the IMPs\n"
             "# of each half [home, away] and the boards each player played (delete the rows of those who\n"
             "# did not play); a substitute (§2.11) as a row with substitute: true, name: and club:.",
             "# En kamp er {boards} spil i denne sæson (§{rule}: 36 med skærme, 40 uden); udfyld IMP\n"
             "# i hver halvleg [hjemme, ude] og de spil, hver spiller spillede (slet rækkerne for dem,\n"
             "# der ikke spillede); en substitut (§2.11) som en række med substitute: true, name: og club:."),
    "segments": ("# {segments} halves of {half} boards = {boards} boards (§{rule})",
                 "# {segments} halvlege à {half} spil = {boards} spil (§{rule})"),
    "players": ("# boards each played: a side's boards add up to 4 x {boards}",
                "# spil hver spiller spillede: et holds spil giver tilsammen 4 x {boards}"),
    "signed": ("# the home captain; change it if another player signed",
               "# hjemmeholdkaptajnen; ret nummeret, hvis en anden spiller skrev under"),
}


def division_blank_yaml(f: dict, da: bool = False) -> str:
    """A division match's blank sheet as YAML with comments (§1.1.2.1, §1.1.3.1, §1.1.4.1)."""
    from ...i18n import division_name, long_date

    def text(key: str, **fields) -> str:
        return DIVISION_TEXTS[key][da].format(**fields)

    half = f["segment_boards"]
    date = f["date"] or _text("no_date", da)
    if da and f["date"]:
        date = long_date(dt.date.fromisoformat(f["date"]), "da", weekday=True)
    lines = [
        text("title", match=f["match"], division=division_name(f["division"], "da") if da else f["division"],
             round=f["round"]),
        text("teams", home=f["home"]["team"], home_name=f["home"]["name"], away=f["away"]["team"],
             away_name=f["away"]["name"], date=date),
        text("fill", boards=f["boards"], rule=f["rule"]),
        f"match: {f['match']}",
    ]
    if f["date"]:
        lines.append(f"played_on: {f['date']}")
    lines.append("segments:   " + text("segments", segments=f["segments"], half=half, boards=f["boards"], rule=f["rule"]))
    lines += [f"  - {{boards: {half}, imps: [0, 0]}}"] * f["segments"]
    for side in ("home", "away"):
        d = f[side]
        lines += [f"{side}:", f"  team: {d['team']}   # {d['name']}", "  players:   " + text("players", boards=f["boards"])]
        lines += _players(d["players"], da)
    if f["home"]["captain"] is not None:
        lines.append(f"signed_by: {f['home']['captain']}   " + text("signed"))
    return "\n".join(lines) + "\n"


def _when(f: dict, da: bool) -> str:
    """When the match is played: ``Sunday 2027-01-31 13:00`` / ``søndag 31. januar 2027 kl. 13.00``."""
    from ...i18n import clock, long_date

    if not f["date"]:
        return _text("no_date", da)
    if not da:
        return f"{f['weekday']} {f['date']} {f['time']}"
    return f"{long_date(dt.date.fromisoformat(f['date']), 'da', weekday=True)} kl. {clock(f['time'], 'da')}"


def _head(f: dict, da: bool) -> list[str]:
    from ...i18n import danish_moment, round_name

    venue = _text("venue", da, postcode=f["venue_postcode"]) if f["venue_postcode"] else _text("no_venue", da)
    deadline = (danish_moment(f["deadline"]) if da else f["deadline"].replace("T", " ")) if f["deadline"] else ""
    return [
        _text("title", da, match=f["match"], round=f["round"],
              round_name=round_name(f["round"], "da") if da else f["round_name"]),
        _text("teams", da, home=f["home"]["team"], home_name=f["home"]["name"], away=f["away"]["team"],
              away_name=f["away"]["name"], when=_when(f, da), venue=venue),
        _text("due", da, hours=f["deadline_hours"], by=_text("due_by", da, deadline=deadline) if deadline else ""),
        _text("fill", da),
    ]


def _away_trip(f: dict, da: bool) -> list[str]:
    from ...i18n import crossing_name, decimal

    km = f" ({decimal(format(f['distance_km'], 'g'), 'da' if da else 'en')} km)" if f.get("distance_km") is not None else ""
    lines = [f"  up: {f['up'] if f['up'] is not None else 0}   {_text('up', da, km=km)}"]
    if f["ferries"]:
        names = ", ".join(crossing_name(x, "da") for x in f["ferries"])
        lines.append(f"  ferries: [{', '.join(f['ferries'])}]   {_text('ferries', da, names=names)}")
    return lines


def blank_yaml(f: dict, lang: str | None = None) -> str:
    """The blank sheet as YAML with comments: what is known, and what to fill in; the comments
    in ``lang`` (default: this run's language), the sheet's keys and values as the format has them."""
    from ...i18n import current_lang

    da = (lang or current_lang()).lower().startswith("da")
    if f.get("kind") == "division":
        return division_blank_yaml(f, da)
    lines = [*_head(f, da), f"match: {f['match']}"]
    if f["date"]:
        lines.append(f"played_on: {f['date']}")
        lines.append(f'start: "{f["time"]}"')
    lines.append("segments:   " + _text("segments", da, segments=f["segments"], segment_boards=f["segment_boards"],
                                        boards=f["boards"]))
    lines += ["  - [0, 0]"] * f["segments"]
    for side in ("home", "away"):
        d = f[side]
        lines.append(f"{side}:")
        lines.append(f"  team: {d['team']}   # {d['name']}")
        if side == "away" and not f["neutral"]:
            lines += _away_trip(f, da)
        lines += _hum_lines(f, d["team"], da)
        lines.append("  players:   " + _text("players", da))
        lines += _players(d["players"], da)
    captain = f["home"]["captain"]
    lines.append(f"signed_by: {captain}   {_text('signed', da)}" if captain is not None else _text("unsigned", da))
    return "\n".join(lines) + "\n"
