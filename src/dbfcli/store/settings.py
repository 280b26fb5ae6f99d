"""``season.toml``: the commented default and reading it into :class:`Settings`."""

from __future__ import annotations

import datetime as dt
import os
import re
from typing import Any

from ..rules.dates import RANGE_HINT, date_of
from ..rules.ids import whole_number
from ..rules.problems import Msg, Problem, Where
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
#: THE defaults of every setting (issue 24: one home per policy): the field defaults of
#: :mod:`dbfcli.rules.settings`' value objects. The reader fills a missing key from them and
#: the commented ``season.toml`` of ``dbf init`` is written from them.
DEFAULTS = Settings()
DIVISION_DEFAULTS = DivisionSettings()
#: The season's prices are facts of its price list, not defaults: ``dbf init`` writes this
#: season's DSB fares and Bornholm ferry fare (§7.2), while a season.toml without them reads 0
#: / none, and a claim that needs a missing price is refused (§1.5.17, §7.2.2) rather than guessed.
BORNHOLM_FARE_KR = 436


def _saturday_on_or_after(day: dt.date) -> dt.date:
    return day + dt.timedelta(days=(5 - day.weekday()) % 7)


def _sunday_on_or_after(day: dt.date) -> dt.date:
    return day + dt.timedelta(days=(6 - day.weekday()) % 7)


def _division_section(div: str, note: str, boards: int, weekends: str, base: int, pool: int) -> str:
    head = f"[divisions.{div}]"
    lines = [f"{head:<34}# {note}", f"boards = {boards}" + (" " * 23 + "# 36 with screens, 40 without" if div == "1div" else ""),
             f"weekends = [{weekends}]", "rounds_per_weekend = [" + ", ".join(map(str, DIVISION_DEFAULTS.rounds_per_weekend)) + "]",
             f"fee_base_kr = {base}" + ("                # §1.1.1.3 per team" if div == "1div" else ""),
             f"fee_travel_pool_kr = {pool}" + ("         # §1.1.1.3 per team, to the travel refund pool" if div == "1div" else "")]
    return "\n".join(lines) + "\n"


#: The commented ``season.toml`` (``dbf init``); the dates and division sections are filled in
#: by :func:`default_season_toml`.
_SEASON_TOML = """# Season settings for {season}: everything the regulations leave to the season.
# Each setting names the paragraph of the regulations (DBF 6.1.1) it belongs to.
# Dates are ISO (YYYY-MM-DD). Amounts are whole kroner.
schema = {schema}
season = "{season}"

[cup]
fee_per_player_round_kr = {d.cup.fee_per_player_round_kr}      # §1.5.15 entry fee per player per round
start_time = "{d.cup.start_time}"              # §1.5.6 start when the captains do not agree
sheet_deadline_hours = {d.cup.sheet_deadline_hours}         # §1.5.14 result sheet due this long after the match
final_weekend = "{final_weekend}"   # §1.5.7 Saturday: semi-finals; Sunday: final
final_venue = "5000"              # §1.5.7 postcode of the venue DBF chose
pools = {d.cup.pools}                         # §1.5.2 one pool east, two west of the Great Belt

[cup.match_days]                  # §1.5.6 official match day of each round (Bridge Almanac)
1 = "{day1}"
2 = "{day2}"
3 = "{day3}"
4 = "{day4}"
5 = "{day5}"
6 = "{day6}"
7 = "{day7}"

[cup.entry_round]                 # §1.5.3 round in which teams with players of each division enter
1 = {entry[1]}                             # 1st division -> 1/32 final
2 = {entry[2]}                             # 2nd division -> 1/64 final
3 = {entry[3]}                             # 3rd division -> 1/64 final

[cup.up]                          # §1.5.4 travel points (UP)
km_per_up = {d.cup.up.km_per_up}                    # 1 UP per commenced 30 km
storebaelt = {d.cup.up.storebaelt}                    # Great Belt
kattegat = {d.cup.up.kattegat}                      # Kattegat ferry
oestersoeen = {d.cup.up.oestersoeen}                  # the Baltic (Bornholm)
storebaelt_bridge_counts = {bridge}   # reading: the Great Belt bridge earns the Storebælt UP (docs/readings)
overnight_allowance_kr = {d.cup.up.overnight_allowance_kr}      # per person, quarter-final, semi-final and final

[cup.up.stage_bonus]              # §1.5.4 extra UP for travel to the quarter-final, semi-final, final
7 = {bonus[7]}
8 = {bonus[8]}
9 = {bonus[9]}

[divisions]
vp_scale = "{d.vp_scale}"               # WBF 20-VP continuous (no scale in the rules: docs/readings/)

{division_sections}
[playoff]                         # §1.1.2.5-11, §1.1.4.2
date = "{playoff_day}"            # Saturday of the 1st-division play-off weekend
choice_days = {d.playoff.choice_days}                   # §1.1.2.8 the winner picks its semi-final opponent within 8 days
third_division_match_date = "{playoff_day}"  # §1.1.4.2 normally with the DM final

[systems]                         # §1.1.1.2, §1.5.1.1, §2.10.5
description_deadline = "{description_deadline}"
late_fine_per_week_kr = {d.systems.late_fine_per_week_kr}       # §1.1.1.2 per commenced week
hum_notice_days = {d.systems.hum_notice_days}               # §1.5.1.1 / §2.10.5 HUM cards at least a week before the match
hum_copies = {d.systems.hum_copies}                    # §2.10.5

[travel]                          # §1.5.17, §7.2
free_zones = {d.travel.free_zones}                   # §7.2.1 refund only for the journey beyond 11 DSB zones
bornholm_ferry_kr = {bornholm_fare}           # §7.2.2 Rønne-Copenhagen, 2nd class incl. cheapest berth

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
"""

#: The divisions of ``season.toml``: (division, note, boards, weekend set, base fee, travel pool).
_DIVISIONS = (
    ("1div", "§1.1.2.1 12 teams, all-play-all over 4 weekends", 36, 0, 2500, 1500),
    ("2div", "§1.1.3.1", 36, 1, 2000, 1500),
    ("3div-a", "§1.1.4.1 group west", 40, 2, 1500, 1000),
    ("3div-b", "§1.1.4.1 group east", 40, 2, 1500, 1000),
)


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
    sets = (weekends(sat(10, 3), sat(11, 7), sat(1, 9, n), sat(2, 20, n)),
            weekends(sat(10, 10), sat(11, 14), sat(1, 16, n), sat(2, 27, n)),
            weekends(sat(10, 17), sat(11, 21), sat(1, 23, n), sat(3, 6, n)))
    division_sections = "\n".join(_division_section(div, note, boards, sets[w], base, pool)
                                  for div, note, boards, w, base, pool in _DIVISIONS)
    return _SEASON_TOML.format(
        season=season, schema=SCHEMA, final_weekend=sat(5, 15, n), playoff_day=sat(3, 20, n),
        description_deadline=sat(9, 1), division_sections=division_sections,
        d=DEFAULTS, entry=DEFAULTS.cup.entry_round, bonus=DEFAULTS.cup.up.stage_bonus,
        bridge=str(DEFAULTS.cup.up.storebaelt_bridge_counts).lower(), bornholm_fare=BORNHOLM_FARE_KR,
        **{f"day{k}": day for k, day in enumerate(match_days, start=1)})


def _line_of(text: str, key: str) -> int | None:
    pat = re.compile(rf"^\s*\"?{re.escape(str(key))}\"?\s*=", re.M)
    m = pat.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else None


#: the largest whole number a setting may hold unless its own bound is smaller (kroner, points):
#: far above any real value, far below what date and money arithmetic can overflow on
_CAP = 1_000_000


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _date(value: Any, name: str, problems: list, where) -> dt.date | None:
    if value is None:
        return None
    day = date_of(value)
    if day is None:
        problems.append(Problem.error(None, Msg('{}: {} is not {}', name, _show(value), RANGE_HINT), where(name), code="format.settings"))
    return day


def _up_readings(up_raw, flag) -> dict:
    """§1.5.4 readings as settings (docs/readings/geography.md): ``sea_km_count``,
    ``belt_arm_ferries``, ``kattegat_island_ferries`` of ``[cup.up]``."""
    return {key: flag(up_raw, key, default, "cup.up") for key, default in
            tuple((k, getattr(DEFAULTS.cup.up, k)) for k in ("sea_km_count", "belt_arm_ferries", "kattegat_island_ferries"))}


def _top_level(raw: dict, problems: list[Problem], where) -> str:
    """The top-level keys: ``season`` (returned) and ``lang``, the language of what people read
    when neither ``--lang`` nor ``$DBF_LANG`` names one (issue 18.5; cli/common.py reads it)."""
    if raw.get("lang", "en") not in ("en", "da"):
        problems.append(Problem.error(None, Msg('lang = {}: the language is "en" or "da"',
                                                _show(raw.get('lang'))),
                                      where("lang"), code="format.settings"))
    return str(raw.get("season", ""))


class _Reader:
    """The typed, bounded readers every value of ``season.toml`` is built through: a value of the
    wrong type (a table, text, true), out of range (-1), or not finite (inf, nan) is a problem
    with its line, never an exception (issue 16.1)."""

    def __init__(self, text: str, file: str) -> None:
        self.problems: list[Problem] = []
        self.where = lambda key: Where(file, _line_of(text, key.split(".")[-1]))  # noqa: E731

    def error(self, message: Msg, key: str, code: str = "format.settings", hint: Msg | None = None) -> None:
        self.problems.append(Problem.error(None, message, self.where(key), hint, code=code))

    def broken(self, rule: str, message: Msg, key: str, *, code: str) -> None:
        """A setting that breaks §``rule`` (exit 1; ``code`` names the kind of problem)."""
        self.problems.append(Problem.error(rule, message, self.where(key), code=code))

    def date(self, value: Any, name: str) -> dt.date | None:
        return _date(value, name, self.problems, self.where)

    def bad(self, label: str, key: str, v: Any, what: Msg, rule: str | None = None) -> None:
        # a malformed value (exit 2): the § it belongs to is named in the message, not as a broken rule;
        # the key is one value, as typed in season.toml (a word table must not translate `cup`)
        section = f" (§{rule})" if rule else ""
        self.error(Msg('{}: expected {}, got {}{}', f"{label}.{key}", what, _show(v), section), str(key))

    def whole(self, v: Any, label: str, key: str, lo: int = 0, hi: int = _CAP, rule: str | None = None) -> int | None:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            self.bad(label, key, v, Msg('a whole number {}-{}', lo, f"{hi:,}"), rule)
            return None
        return v

    def num(self, table: dict, key: str, default: int, label: str, lo: int = 0, hi: int = _CAP,
            rule: str | None = None) -> int:
        if key not in table:
            return default
        found = self.whole(table[key], label, key, lo, hi, rule)
        return default if found is None else found

    def table_of(self, parent: Any, key: str, label: str) -> dict:
        v = parent.get(key, {}) if isinstance(parent, dict) else {}
        if not isinstance(v, dict):
            self.bad(label, key, v, Msg('a table [{}]', f"{label}.{key}".lstrip(".")))
            return {}
        return v

    def int_map(self, table: Any, label: str, lo: int = 0, hi: int = _CAP, rule: str | None = None) -> dict[int, Any]:
        """``{1 = v, ...}``: keys whole numbers 1-99 (ASCII digits), values whole numbers lo-hi."""
        out = {}
        if not isinstance(table, dict):
            self.error(Msg('{}: expected a table, got {}', label, _show(table)), label)
            return out
        for k, v in table.items():
            n = whole_number(str(k))
            if n is None or not 0 <= n <= 99:
                self.error(Msg('{}: key {} is not a number 0-99', label, repr(k)), str(k))
                continue
            found = self.whole(v, label, str(k), lo, hi, rule)
            if found is not None:
                out[n] = found
        return out

    def text_of(self, table: dict, key: str, default: str | None, label: str) -> str | None:
        v = table.get(key, default)
        if v is None or isinstance(v, str):
            return v
        if isinstance(v, int) and not isinstance(v, bool):   # postcode 5000 written without quotes
            return str(v)
        self.bad(label, key, v, Msg('text'))
        return default

    def flag(self, table: dict, key: str, default: bool, label: str) -> bool:
        v = table.get(key, default)
        if not isinstance(v, bool):
            self.bad(label, key, v, Msg('true or false'))
            return default
        return v

    def dates(self, table: dict, key: str, label: str) -> tuple[dt.date, ...]:
        v = table.get(key, [])
        if not isinstance(v, list):
            self.bad(label, key, v, Msg('a list of dates'))
            return ()
        return tuple(d for d in (self.date(x, key) for x in v) if d)


def _up(r: _Reader, cup_raw: dict) -> UPSettings:
    """``[cup.up]``: the §1.5.4 travel points."""
    up_raw = r.table_of(cup_raw, "up", "cup")
    return UPSettings(
        km_per_up=r.num(up_raw, "km_per_up", DEFAULTS.cup.up.km_per_up, "cup.up", lo=1, hi=1000, rule="1.5.4"),
        storebaelt=r.num(up_raw, "storebaelt", DEFAULTS.cup.up.storebaelt, "cup.up", hi=100, rule="1.5.4"),
        kattegat=r.num(up_raw, "kattegat", DEFAULTS.cup.up.kattegat, "cup.up", hi=100, rule="1.5.4"),
        oestersoeen=r.num(up_raw, "oestersoeen", DEFAULTS.cup.up.oestersoeen, "cup.up", hi=100, rule="1.5.4"),
        storebaelt_bridge_counts=r.flag(up_raw, "storebaelt_bridge_counts", DEFAULTS.cup.up.storebaelt_bridge_counts, "cup.up"),
        **_up_readings(up_raw, r.flag),
        stage_bonus=r.int_map(up_raw.get("stage_bonus", dict(DEFAULTS.cup.up.stage_bonus)), "cup.up.stage_bonus", hi=100, rule="1.5.4"),
        overnight_allowance_kr=r.num(up_raw, "overnight_allowance_kr", DEFAULTS.cup.up.overnight_allowance_kr, "cup.up"),
    )


def _match_days(r: _Reader, cup_raw: dict) -> dict[int, dt.date]:
    """``[cup.match_days]``: the §1.5.6 official match day of each round 1-9."""
    match_days = {}
    for k, v in r.table_of(cup_raw, "match_days", "cup").items():
        n = whole_number(str(k))
        if n is None or not 1 <= n <= 9:
            r.error(Msg('cup.match_days: key {} is not a round 1-9', repr(k)), str(k))
            continue
        d = r.date(v, str(k))
        if d:
            match_days[n] = d
    return match_days


def _entry_round(r: _Reader, cup_raw: dict) -> dict[int, int]:
    """``[cup.entry_round]``, §1.5.3: teams with players of division 1-3 enter in the 1/64 final
    (round 3) or later."""
    entry_round = r.int_map(cup_raw.get("entry_round", dict(DEFAULTS.cup.entry_round)), "cup.entry_round", hi=99)
    for division, rnd in entry_round.items():
        if division not in (1, 2, 3) or not 3 <= rnd <= 9:
            r.broken("1.5.3", Msg('cup.entry_round: division {} -> round {}; divisions are 1-3 and seeded '
                                  'teams enter in the 1/64 final (round 3) or later', division, rnd), str(division),
                     code="bracket.entry-round")
    return entry_round


def _cup(r: _Reader, raw: dict) -> CupSettings:
    """``[cup]``; its ``start_time`` is HH:MM (§1.5.6)."""
    cup_raw = r.table_of(raw, "cup", "")
    up = _up(r, cup_raw)
    match_days = _match_days(r, cup_raw)
    entry_round = _entry_round(r, cup_raw)
    final_venue = r.text_of(cup_raw, "final_venue", None, "cup")
    cup = CupSettings(
        fee_per_player_round_kr=r.num(cup_raw, "fee_per_player_round_kr", DEFAULTS.cup.fee_per_player_round_kr, "cup", rule="1.5.15"),
        match_days=match_days,
        final_weekend=r.date(cup_raw.get("final_weekend"), "final_weekend"),
        final_venue=final_venue.zfill(4) if final_venue is not None else None,
        start_time=r.text_of(cup_raw, "start_time", DEFAULTS.cup.start_time, "cup") or DEFAULTS.cup.start_time,
        sheet_deadline_hours=r.num(cup_raw, "sheet_deadline_hours", DEFAULTS.cup.sheet_deadline_hours, "cup", hi=24 * 366, rule="1.5.14"),
        entry_round=entry_round,
        pools=r.num(cup_raw, "pools", DEFAULTS.cup.pools, "cup", lo=1, hi=64, rule="1.5.2"),
        up=up,
    )
    if not re.fullmatch(r"([01][0-9]|2[0-3]):[0-5][0-9]", cup.start_time):
        r.broken("1.5.6", Msg('cup.start_time {} is not HH:MM', repr(cup.start_time)), "start_time", code="match.start-time")
    return cup


def _rounds_per_weekend(r: _Reader, table: dict, label: str) -> list:
    """``rounds_per_weekend``: a list of rounds 1-11 per weekend (§1.1.2.1), else the default."""
    rounds = table.get("rounds_per_weekend", list(DIVISION_DEFAULTS.rounds_per_weekend))
    if not isinstance(rounds, list) or not rounds or \
            any(r.whole(x, label, "rounds_per_weekend", 1, 11, "1.1.2.1") is None for x in rounds):
        if not isinstance(rounds, list) or not rounds:
            r.bad(label, "rounds_per_weekend", rounds, Msg('a list of rounds per weekend, e.g. [3, 3, 3, 2]'), "1.1.2.1")
        rounds = list(DIVISION_DEFAULTS.rounds_per_weekend)
    return rounds


def _division(r: _Reader, div_id: str, table: dict) -> DivisionSettings:
    """``[divisions.<id>]``; a division match is 36 boards with screens or 40 without (§1.1.2.1)."""
    label = f"divisions.{div_id}"
    boards = r.num(table, "boards", DIVISION_DEFAULTS.boards, label, hi=1000)
    if boards not in (36, 40):
        r.broken("1.1.2.1", Msg('divisions.{}.boards = {}: a division match is 36 boards with screens or 40 '
                                'without', div_id, boards), "boards", code="div.boards")
    rounds = _rounds_per_weekend(r, table, label)
    venues = table.get("venues", [])
    if not isinstance(venues, list) or any(isinstance(v, (bool, list, dict, float)) for v in venues):
        r.bad(label, "venues", venues, Msg('a list of postcodes'))
        venues = []
    return DivisionSettings(
        boards=boards,
        weekends=r.dates(table, "weekends", label),
        rounds_per_weekend=tuple(rounds),
        venues=tuple(str(v).zfill(4) for v in venues),
        fee_base_kr=r.num(table, "fee_base_kr", DIVISION_DEFAULTS.fee_base_kr, label, rule="1.1.1.3"),
        fee_travel_pool_kr=r.num(table, "fee_travel_pool_kr", DIVISION_DEFAULTS.fee_travel_pool_kr, label, rule="1.1.1.3"),
    )


def _divisions(r: _Reader, div_raw: dict) -> dict[str, DivisionSettings]:
    """The tables of ``[divisions]``, each a known division."""
    divisions = {}
    for div_id, table in div_raw.items():
        if not isinstance(table, dict):
            continue
        if div_id not in ("1div", "2div", "3div-a", "3div-b"):
            r.error(Msg('divisions.{}: unknown division (1div, 2div, 3div-a, 3div-b)', div_id), div_id,
                    code="unknown.division")
            continue
        divisions[div_id] = _division(r, div_id, table)
    return divisions


def _playoff(r: _Reader, po: dict) -> PlayoffSettings:
    return PlayoffSettings(
        date=r.date(po.get("date"), "date"),
        choice_days=r.num(po, "choice_days", DEFAULTS.playoff.choice_days, "playoff", hi=366, rule="1.1.2.8"),
        third_division_match_date=r.date(po.get("third_division_match_date"), "third_division_match_date"),
    )


def _systems(r: _Reader, sy: dict) -> SystemSettings:
    return SystemSettings(
        description_deadline=r.date(sy.get("description_deadline"), "description_deadline"),
        late_fine_per_week_kr=r.num(sy, "late_fine_per_week_kr", DEFAULTS.systems.late_fine_per_week_kr, "systems", rule="1.1.1.2"),
        hum_notice_days=r.num(sy, "hum_notice_days", DEFAULTS.systems.hum_notice_days, "systems", hi=366, rule="2.10.5"),
        hum_copies=r.num(sy, "hum_copies", DEFAULTS.systems.hum_copies, "systems", hi=100, rule="2.10.5"),
    )


def _travel(r: _Reader, tr: dict) -> TravelSettings:
    return TravelSettings(
        free_zones=r.num(tr, "free_zones", DEFAULTS.travel.free_zones, "travel", hi=1000, rule="7.2.1"),
        zone_prices_kr=r.int_map(tr.get("zone_prices_kr", {}), "travel.zone_prices_kr"),
        bornholm_ferry_kr=r.num(tr, "bornholm_ferry_kr", DEFAULTS.travel.bornholm_ferry_kr, "travel", rule="7.2.2"),
    )


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
        return Settings(), [Problem.error(None, Msg('malformed TOML: {}', exc), Where(file, int(m.group(1)) if m else None), code="format.toml")]
    r = _Reader(text, file)
    cup = _cup(r, raw)
    div_raw = r.table_of(raw, "divisions", "")
    divisions = _divisions(r, div_raw)
    po, sy, tr = r.table_of(raw, "playoff", ""), r.table_of(raw, "systems", ""), r.table_of(raw, "travel", "")
    settings = Settings(
        season=_top_level(raw, r.problems, r.where),
        cup=cup,
        vp_scale=r.text_of(div_raw, "vp_scale", DEFAULTS.vp_scale, "divisions") or DEFAULTS.vp_scale,
        divisions=divisions,
        playoff=_playoff(r, po),
        systems=_systems(r, sy),
        travel=_travel(r, tr),
    )
    schema = raw.get("schema")
    if schema != SCHEMA:
        r.error(Msg('schema = {}; this dbf reads schema {}', repr(schema), SCHEMA), "schema", code="format.schema-version",
                hint=Msg("add 'schema = {}' at the top", SCHEMA))
    return settings, r.problems


def load_settings(store: SeasonStore) -> Settings:
    """Read the season's settings; a broken ``season.toml`` is a :class:`StoreError` (exit 2)."""
    settings, problems = load_settings_checked(store)
    if any(p.is_error for p in problems):
        raise StoreError(problems)
    return settings


def load_settings_checked(store: SeasonStore) -> tuple[Settings, list[Problem]]:
    from . import cache

    data = store.require().read_bytes("season.toml")
    if data is None:
        return Settings(season=store.season), [Problem.error(None, Msg('missing season.toml'), Where("season.toml"),
                                                             hint=Msg('run `dbf init --season {}`',
                                                                      store.season), code="io.missing-file")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return Settings(), [Problem.error(None, Msg('season.toml is not UTF-8 text'), Where("season.toml"), code="format.encoding")]
    key = str(store.dir)
    seen = _SETTINGS_READ.get(key)
    if seen is not None and seen[0] == data:     # the same bytes: the same settings (dbf serve)
        return seen[1], list(seen[2])
    settings, problems = parse_settings(text, "season.toml", lambda t: cache.toml(store.dir, "season.toml", data, t))
    _SETTINGS_READ[key] = (data, settings, tuple(problems))
    return settings, problems


#: season folder -> (the bytes of its season.toml, the settings and problems read from them):
#: a long process (``dbf serve``) reads the file for each request and parses it once
_SETTINGS_READ: dict[str, tuple[bytes, Settings, tuple[Problem, ...]]] = {}


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: season.toml."""
    return load_settings_checked(store)[1]
