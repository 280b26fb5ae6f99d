"""Calendars (issue 18.3): one style for the cup and the divisions (PRODID, UID, calendar name),
times in Europe/Copenhagen with a VTIMEZONE, LOCATION with town (and street where DIR/clubs.yaml
knows it), text in the run's language, division events at their time and venue, `--team ID`,
and a calendar per team on the site. Every file is parsed back with icalendar."""

from __future__ import annotations

import datetime as dt

import pytest
from icalendar import Calendar

from dbfcli.store.ics import PRODID

TZ = "Europe/Copenhagen"


def parse(path):
    cal = Calendar.from_ical(path.read_bytes())
    return cal, [c for c in cal.walk("VEVENT")]


def test_1_5_6_cup_and_division_calendars_share_one_style(played, dbf, tmp_path):
    cup, div = tmp_path / "cup.ics", tmp_path / "div.ics"
    assert dbf("schedule", "cup", "--round", "3", "--ics", cup).exit_code == 0
    assert dbf("schedule", "1div", "--ics", div).exit_code == 0
    (ccal, cev), (dcal, dev) = parse(cup), parse(div)
    assert str(ccal["prodid"]) == str(dcal["prodid"]) == PRODID
    assert str(ccal["x-wr-calname"]) == "DBF 2026-27: Cup, 1/64 final"
    assert str(dcal["x-wr-calname"]) == "DBF 2026-27: 1st division"
    for e in cev + dev:
        assert str(e["uid"]).endswith(".2026-27@dbf")
        start = e.decoded("dtstart")
        assert isinstance(start, dt.datetime) and str(start.tzinfo) == TZ      # not floating, not all-day
        assert e["dtstart"].params["TZID"] == TZ
    for cal in (ccal, dcal):
        tzs = [c for c in cal.walk("VTIMEZONE")]
        assert [str(z["tzid"]) for z in tzs] == [TZ]
    # §1.5.6: the official day at 13:00 local time; the venue is the home captain's postcode and town
    first = min(cev, key=lambda e: str(e["uid"]))
    assert first.decoded("dtstart").strftime("%Y-%m-%d %H:%M %Z") == "2027-01-31 13:00 CET"
    assert not str(first["location"]).startswith("postcode") and str(first["location"])[:4].isdigit()


def test_1_1_2_1_division_events_have_their_time_and_venue(played, dbf, tmp_path):
    """Rounds of a weekend day follow each other from 10:00 (36 boards: 4 h 30, then a break of
    30 minutes; docs/readings/publishing-calendars.md), at the weekend's venue when set."""
    toml = played / "2026-27/season.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'weekends = ["2026-10-03", "2026-11-07", "2027-01-09", "2027-02-20"]',
        'weekends = ["2026-10-03", "2026-11-07", "2027-01-09", "2027-02-20"]\nvenues = ["5000", "8000", "5000", "2100"]', 1),
        encoding="utf-8")
    (played / "clubs.yaml").write_text("schema: 1\nvenues:\n  '5000': Bridgecentret, Vesterbro 10\n", encoding="utf-8")
    f = tmp_path / "1div.ics"
    assert dbf("schedule", "1div", "--ics", f).exit_code == 0
    _, events = parse(f)
    by_uid = {str(e["uid"]).split(".")[0]: e for e in events}
    r1, r2, r3 = by_uid["1div-R01-01"], by_uid["1div-R02-01"], by_uid["1div-R03-01"]
    clock = lambda e, k: e.decoded(k).strftime("%Y-%m-%d %H:%M")  # noqa: E731
    assert (clock(r1, "dtstart"), clock(r1, "dtend")) == ("2026-10-03 10:00", "2026-10-03 14:30")
    assert clock(r2, "dtstart") == "2026-10-03 15:00" and clock(r3, "dtstart") == "2026-10-04 10:00"
    assert str(r1["location"]) == "Bridgecentret, Vesterbro 10, 5000 Odense C"      # street where known
    assert str(by_uid["1div-R04-01"]["location"]) == "8000 Aarhus C"                   # else postcode and town


def test_danish_text_with_lang_da(played, dbf, tmp_path):
    f = tmp_path / "da.ics"
    assert dbf("--lang", "da", "schedule", "1div", "--ics", f).exit_code == 0
    cal, events = parse(f)
    assert str(cal["x-wr-calname"]) == "DBF 2026-27: 1. division"
    e = min(events, key=lambda e: str(e["uid"]))
    assert str(e["summary"]).startswith("1. division, 1. runde: ") and "Hjemmehold" in str(e["description"])
    assert str(e["location"])[:4].isdigit()   # no venue set for the weekend: the home team's postcode and town
    c = tmp_path / "cup.ics"
    assert dbf("--lang", "da", "schedule", "cup", "--round", "9", "--ics", c).exit_code == 0
    _, (final,) = parse(c)
    assert str(final["summary"]).startswith("Pokalturneringen, finale: ")
    assert "DBF's spillested (§1.5.7)" in str(final["description"])


def test_team_option_gives_one_teams_calendar(played, dbf, tmp_path):
    f = tmp_path / "team.ics"
    r = dbf("schedule", "1div", "--ics", f, "--team", "ODE-A", "--json")
    assert r.exit_code == 0 and r.json["ics"]["events"] == 11           # 12 teams: 11 matches each
    cal, events = parse(f)
    assert len(events) == 11 and str(cal["x-wr-calname"]).startswith("DBF 2026-27: 1st division, ")
    assert dbf("schedule", "1div", "--ics", f, "--team", "NOPE").exit_code == 2
    assert dbf("schedule", "1div", "--team", "ODE-A").exit_code == 2     # --team goes with --ics
    assert dbf("schedule", "cup", "--round", "3", "--team", "ODE-A").exit_code == 2


def test_site_links_a_calendar_per_team(played_dir, site):
    pages = sorted(site.glob("team-*.html"))
    assert pages
    for page in pages:
        ics = page.with_suffix(".ics")
        assert f'href="{ics.name}"' in page.read_text(encoding="utf-8")
        cal, events = parse(ics)
        assert str(cal["prodid"]) == PRODID
        assert all(str(e.decoded("dtstart").tzinfo) == TZ for e in events)
    # a 1st-division team in the cup: its 11 division matches and its cup matches, each once
    cal, events = parse(site / "team-ODE-1.ics")
    uids = [str(e["uid"]) for e in events]
    assert len(uids) == len(set(uids)) and any(u.startswith("C") for u in uids)
    cal, events = parse(site / "team-ODE-A.ics")
    assert sum(str(e["uid"]).startswith("1div-") for e in events) == 11


@pytest.mark.parametrize("lang", ["en", "da"])
def test_site_calendar_names_the_team(played_dir, tmp_path, dbf, lang):
    out = tmp_path / lang
    assert dbf("--dir", played_dir, "--lang", lang, "publish", "--out", out).exit_code == 0
    cal, _ = parse(out / "team-ODE-A.ics")
    assert str(cal["x-wr-calname"]).startswith("DBF 2026-27: ")


def test_28_calendars_give_the_venue_as_far_as_dbf_knows_it(played, dbf, tmp_path):
    """A division match at no weekend venue is at the home team's (its postcode and town, its street
    when the teams file gives one; docs/readings/division-results.md), never "to be announced"; a cup
    match at the home team's postcode has the teams file's street too."""
    first = dbf("schedule", "1div", "--json").json["rounds"][0]["matches"][0]
    team = _with_address(played / "2026-27/divisions/1div.yaml", first["home"], "Klubhuset, Østergade 1")
    locations = _locations(dbf, tmp_path / "1div.ics", "--lang", "da", "schedule", "1div")
    assert "meddeles senere" not in locations.values()
    assert locations[first["id"]].startswith(f"Klubhuset, Østergade 1, {team['postcode']} ")
    match = next(m for m in dbf("schedule", "cup", "--round", "4", "--json").json["matches"] if m.get("home"))
    _with_address(played / "2026-27/cup/teams.yaml", match["home"], "Bridgehuset, Torvet 2")
    where = _locations(dbf, tmp_path / "cup.ics", "schedule", "cup", "--round", "4")
    assert where[match["id"]].startswith(f"Bridgehuset, Torvet 2, {match['venue_postcode']} ")


def _with_address(path, team_id: str, address: str) -> dict:
    """The teams file at ``path`` with ``team_id``'s street address set; the team."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    team = next(t for t in data["teams"] if t["id"] == team_id)
    team["address"] = address
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return team


def _locations(dbf, ics, *args) -> dict[str, str]:
    """match id -> LOCATION of the calendar ``dbf ARGS --ics FILE`` writes."""
    assert dbf(*args, "--ics", ics).exit_code == 0
    return {str(e["uid"]).split(".")[0]: str(e["location"]) for e in parse(ics)[1]}
