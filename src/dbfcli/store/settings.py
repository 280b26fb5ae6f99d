"""``season.toml``: the commented default and reading it into :class:`Settings`."""

from __future__ import annotations

import datetime as dt
import os
import re
from typing import Any

from ..rules.problems import Problem, Where
from ..rules.settings import (
    CupSettings,
    DivisionSettings,
    PlayoffSettings,
    Settings,
    SystemSettings,
    TravelSettings,
    UPSettings,
)
from .season import SeasonStore, StoreError

SCHEMA = 1


def _saturday_on_or_after(day: dt.date) -> dt.date:
    return day + dt.timedelta(days=(5 - day.weekday()) % 7)


def _sunday_on_or_after(day: dt.date) -> dt.date:
    return day + dt.timedelta(days=(6 - day.weekday()) % 7)


def _division_section(div: str, note: str, boards: int, weekends: str, base: int, pool: int) -> str:
    head = f"[divisions.{div}]"
    lines = [f"{head:<34}# {note}", f"boards = {boards}" + (" " * 23 + "# 36 with screens, 40 without" if div == "1div" else ""),
             f"weekends = [{weekends}]", "rounds_per_weekend = [3, 3, 3, 2]",
             f"fee_base_kr = {base}" + ("                # §1.1.1.3 per team" if div == "1div" else ""),
             f"fee_travel_pool_kr = {pool}" + ("         # §1.1.1.3 per team, to the travel refund pool" if div == "1div" else "")]
    return "\n".join(lines) + "\n"


def default_season_toml(season: str) -> str:
    """The commented ``season.toml`` that ``dbf init`` writes for season ``YYYY-YY``.

    Dates follow a normal DBF season: divisions on four weekends October-March,
    cup rounds on Sundays from December to the final weekend in May.
    """
    y = int(season[:4])
    sun = lambda m, d, yr=y: _sunday_on_or_after(dt.date(yr, m, d)).isoformat()  # noqa: E731
    sat = lambda m, d, yr=y: _saturday_on_or_after(dt.date(yr, m, d)).isoformat()  # noqa: E731
    n = y + 1
    match_days = [sun(12, 7), sun(1, 4, n), sun(1, 25, n), sun(2, 15, n), sun(3, 8, n), sun(3, 29, n), sun(4, 19, n)]
    weekends = lambda a, b, c, d: ", ".join(f'"{x}"' for x in (a, b, c, d))  # noqa: E731
    w1 = weekends(sat(10, 3), sat(11, 7), sat(1, 9, n), sat(2, 20, n))
    w2 = weekends(sat(10, 10), sat(11, 14), sat(1, 16, n), sat(2, 27, n))
    w3 = weekends(sat(10, 17), sat(11, 21), sat(1, 23, n), sat(3, 6, n))
    division_sections = "\n".join(
        _division_section(div, note, boards, weeks, base, pool) for div, note, boards, weeks, base, pool in (
            ("1div", "§1.1.2.1 12 teams, all-play-all over 4 weekends", 36, w1, 2500, 1500),
            ("2div", "§1.1.3.1", 36, w2, 2000, 1500),
            ("3div-a", "§1.1.4.1 group west", 40, w3, 1500, 1000),
            ("3div-b", "§1.1.4.1 group east", 40, w3, 1500, 1000)))
    return f'''# Season settings for {season}: everything the regulations leave to the season.
# Each setting names the paragraph of the regulations (DBF 6.1.1) it belongs to.
# Dates are ISO (YYYY-MM-DD). Amounts are whole kroner.
schema = {SCHEMA}
season = "{season}"

[cup]
fee_per_player_round_kr = 60      # §1.5.15 entry fee per player per round
start_time = "13:00"              # §1.5.6 start when the captains do not agree
sheet_deadline_hours = 18         # §1.5.14 result sheet due this long after the match
final_weekend = "{sat(5, 15, n)}"   # §1.5.7 Saturday: semi-finals; Sunday: final
final_venue = "5000"              # §1.5.7 postcode of the venue DBF chose
pools = 3                         # §1.5.2 one pool east, two west of the Great Belt

[cup.match_days]                  # §1.5.6 official match day of each round (Bridge Almanac)
1 = "{match_days[0]}"
2 = "{match_days[1]}"
3 = "{match_days[2]}"
4 = "{match_days[3]}"
5 = "{match_days[4]}"
6 = "{match_days[5]}"
7 = "{match_days[6]}"

[cup.entry_round]                 # §1.5.3 round in which teams with players of each division enter
1 = 4                             # 1st division -> 1/32 final
2 = 3                             # 2nd division -> 1/64 final
3 = 3                             # 3rd division -> 1/64 final

[cup.up]                          # §1.5.4 travel points (UP)
km_per_up = 30                    # 1 UP per commenced 30 km
storebaelt = 3                    # Great Belt
kattegat = 7                      # Kattegat ferry
oestersoeen = 14                  # the Baltic (Bornholm)
storebaelt_bridge_counts = true   # reading: the Great Belt bridge earns the Storebælt UP (docs/readings)
overnight_allowance_kr = 160      # per person, quarter-final, semi-final and final

[cup.up.stage_bonus]              # §1.5.4 extra UP for travel to the quarter-final, semi-final, final
7 = 3
8 = 6
9 = 6

[divisions]
vp_scale = "wbf-20"               # WBF 20-VP continuous (no scale in the rules: docs/readings/)

{division_sections}
[playoff]                         # §1.1.2.5-11, §1.1.4.2
date = "{sat(3, 20, n)}"            # Saturday of the 1st-division play-off weekend
choice_days = 8                   # §1.1.2.8 the winner picks its semi-final opponent within 8 days
third_division_match_date = "{sat(3, 20, n)}"  # §1.1.4.2 normally with the DM final

[systems]                         # §1.1.1.2, §1.5.1.1, §2.10.5
description_deadline = "{sat(9, 1)}"
late_fine_per_week_kr = 100       # §1.1.1.2 per commenced week
hum_notice_days = 7               # §1.5.1.1 / §2.10.5 HUM cards at least a week before the match
hum_copies = 4                    # §2.10.5

[travel]                          # §1.5.17, §7.2
free_zones = 11                   # §7.2.1 refund only for the journey beyond 11 DSB zones
bornholm_ferry_kr = 436           # §7.2.2 Rønne-Copenhagen, 2nd class incl. cheapest berth

[travel.zone_prices_kr]           # DSB single fare by number of zones (season's price list)
1 = 24
2 = 24
3 = 36
4 = 48
5 = 60
6 = 72
7 = 84
8 = 96
9 = 108
10 = 120
11 = 132
12 = 144
13 = 156
14 = 168
15 = 180
20 = 228
25 = 276
30 = 324
40 = 372
50 = 396
60 = 420
'''


def _line_of(text: str, key: str) -> int | None:
    pat = re.compile(rf"^\s*\"?{re.escape(str(key))}\"?\s*=", re.M)
    m = pat.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


def _date(value: Any, name: str, problems: list, where) -> dt.date | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        problems.append(Problem.error(None, f"{name}: {value!r} is not a date (YYYY-MM-DD)", where(name), code="format.settings"))
        return None


def parse_settings(text: str, file: str = "season.toml", parse=None) -> tuple[Settings, list[Problem]]:
    """Read ``season.toml`` text; every problem found is returned (defaults fill the gaps).
    ``parse`` turns the text into a dict (default :func:`tomllib.loads`; the store passes
    the parse cache's)."""
    if parse is None:
        import tomllib

        parse = tomllib.loads
    try:
        raw = parse(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError
        m = re.search(r"line (\d+)", str(exc))
        return Settings(), [Problem.error(None, f"malformed TOML: {exc}", Where(file, int(m.group(1)) if m else None), code="format.toml")]
    problems: list[Problem] = []
    where = lambda key: Where(file, _line_of(text, key.split(".")[-1]))  # noqa: E731

    def num(table: dict, key: str, default: int, label: str) -> int:
        v = table.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            problems.append(Problem.error(None, f"{label}.{key}: expected a whole number ≥ 0, got {v!r}", where(key), code="format.settings"))
            return default
        return v

    def int_map(table: dict, label: str) -> dict[int, Any]:
        out = {}
        for k, v in (table or {}).items():
            try:
                out[int(k)] = v
            except ValueError:
                problems.append(Problem.error(None, f"{label}: key {k!r} is not a number", where(str(k)), code="format.settings"))
        return out

    cup_raw = raw.get("cup", {})
    up_raw = cup_raw.get("up", {})
    up = UPSettings(
        km_per_up=num(up_raw, "km_per_up", 30, "cup.up") or 30,
        storebaelt=num(up_raw, "storebaelt", 3, "cup.up"),
        kattegat=num(up_raw, "kattegat", 7, "cup.up"),
        oestersoeen=num(up_raw, "oestersoeen", 14, "cup.up"),
        storebaelt_bridge_counts=bool(up_raw.get("storebaelt_bridge_counts", True)),
        stage_bonus={k: int(v) for k, v in int_map(up_raw.get("stage_bonus", {7: 3, 8: 6, 9: 6}), "cup.up.stage_bonus").items()},
        overnight_allowance_kr=num(up_raw, "overnight_allowance_kr", 160, "cup.up"),
    )
    match_days = {}
    for r, v in int_map(cup_raw.get("match_days", {}), "cup.match_days").items():
        d = _date(v, str(r), problems, where)
        if d:
            match_days[r] = d
    entry_round = {k: int(v) for k, v in int_map(cup_raw.get("entry_round", {1: 4, 2: 3, 3: 3}), "cup.entry_round").items()}
    for division, rnd in entry_round.items():
        if division not in (1, 2, 3) or not 3 <= rnd <= 9:
            problems.append(Problem.error("1.5.3", f"cup.entry_round: division {division} -> round {rnd}; divisions are "
                                          "1-3 and seeded teams enter in the 1/64 final (round 3) or later",
                                          where(str(division))))
    cup = CupSettings(
        fee_per_player_round_kr=num(cup_raw, "fee_per_player_round_kr", 60, "cup"),
        match_days=match_days,
        final_weekend=_date(cup_raw.get("final_weekend"), "final_weekend", problems, where),
        final_venue=str(cup_raw["final_venue"]).zfill(4) if cup_raw.get("final_venue") is not None else None,
        start_time=str(cup_raw.get("start_time", "13:00")),
        sheet_deadline_hours=num(cup_raw, "sheet_deadline_hours", 18, "cup"),
        entry_round=entry_round,
        pools=num(cup_raw, "pools", 3, "cup"),
        up=up,
    )
    if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", cup.start_time):
        problems.append(Problem.error("1.5.6", f"cup.start_time {cup.start_time!r} is not HH:MM", where("start_time")))
    div_raw = raw.get("divisions", {})
    divisions = {}
    for div_id, table in div_raw.items():
        if not isinstance(table, dict):
            continue
        if div_id not in ("1div", "2div", "3div-a", "3div-b"):
            problems.append(Problem.error(None, f"divisions.{div_id}: unknown division (1div, 2div, 3div-a, 3div-b)",
                                          where(div_id), code="unknown.division"))
            continue
        boards = num(table, "boards", 36, f"divisions.{div_id}")
        if boards not in (36, 40):
            problems.append(Problem.error("1.1.2.1", f"divisions.{div_id}.boards = {boards}: a division match is 36 "
                                          "boards with screens or 40 without", where("boards")))
        weekends = tuple(d for d in (_date(v, "weekends", problems, where) for v in table.get("weekends", [])) if d)
        divisions[div_id] = DivisionSettings(
            boards=boards,
            weekends=weekends,
            rounds_per_weekend=tuple(int(x) for x in table.get("rounds_per_weekend", (3, 3, 3, 2))),
            venues=tuple(str(v).zfill(4) for v in table.get("venues", ())),
            fee_base_kr=num(table, "fee_base_kr", 0, f"divisions.{div_id}"),
            fee_travel_pool_kr=num(table, "fee_travel_pool_kr", 0, f"divisions.{div_id}"),
        )
    po = raw.get("playoff", {})
    sy = raw.get("systems", {})
    tr = raw.get("travel", {})
    settings = Settings(
        season=str(raw.get("season", "")),
        cup=cup,
        vp_scale=str(div_raw.get("vp_scale", "wbf-20")),
        divisions=divisions,
        playoff=PlayoffSettings(
            date=_date(po.get("date"), "date", problems, where),
            choice_days=num(po, "choice_days", 8, "playoff"),
            third_division_match_date=_date(po.get("third_division_match_date"), "third_division_match_date",
                                            problems, where),
        ),
        systems=SystemSettings(
            description_deadline=_date(sy.get("description_deadline"), "description_deadline", problems, where),
            late_fine_per_week_kr=num(sy, "late_fine_per_week_kr", 100, "systems"),
            hum_notice_days=num(sy, "hum_notice_days", 7, "systems"),
            hum_copies=num(sy, "hum_copies", 4, "systems"),
        ),
        travel=TravelSettings(
            free_zones=num(tr, "free_zones", 11, "travel"),
            zone_prices_kr={k: int(v) for k, v in int_map(tr.get("zone_prices_kr", {}), "travel.zone_prices_kr").items()},
            bornholm_ferry_kr=num(tr, "bornholm_ferry_kr", 0, "travel"),
        ),
    )
    schema = raw.get("schema")
    if schema != SCHEMA:
        problems.append(Problem.error(None, f"schema = {schema!r}; this dbf reads schema {SCHEMA}", where("schema"),
                                      hint=f"add 'schema = {SCHEMA}' at the top", code="format.schema-version"))
    return settings, problems


def load_settings(store: SeasonStore) -> Settings:
    """Read the season's settings; a broken ``season.toml`` is a :class:`StoreError` (exit 2)."""
    settings, problems = load_settings_checked(store)
    if any(p.is_error for p in problems):
        raise StoreError(problems)
    return settings


def load_settings_checked(store: SeasonStore) -> tuple[Settings, list[Problem]]:
    from . import cache

    try:
        st = os.stat(store.require().path("season.toml"))
    except OSError:
        st = None
    data = store.read_bytes("season.toml")
    if data is None:
        return Settings(season=store.season), [Problem.error(None, "missing season.toml", Where("season.toml"),
                                                             hint=f"run `dbf init --season {store.season}`", code="io.missing-file")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Settings(), [Problem.error(None, "season.toml is not UTF-8 text", Where("season.toml"), code="format.encoding")]
    if st is None:
        return parse_settings(text, "season.toml")
    return parse_settings(text, "season.toml", lambda t: cache.toml(store.dir, "season.toml", st, t))


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: season.toml."""
    return load_settings_checked(store)[1]
