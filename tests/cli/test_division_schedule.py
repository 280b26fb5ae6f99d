"""`dbf schedule DIV`: the all-play-all of a division on the example season (§1.1.2.1,
§1.1.2.3, §1.1.3.1, §1.1.4.1)."""

import datetime as dt
from itertools import combinations

import pytest
import yaml

from dbftest import run_dbf, snapshot


def _seeding(div):
    return [t["id"] for t in run_dbf("division", "teams", div, "--json").json["teams"]]


@pytest.mark.parametrize("div", ["1div", "2div", "3div-a", "3div-b"])
def test_1_1_2_1_schedule_json_every_pair_once(example, div):
    r = run_dbf("schedule", div, "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    teams = _seeding(div)
    assert doc["division"] == div and len(doc["rounds"]) == 11
    pairs = [frozenset((m["home"], m["away"])) for rnd in doc["rounds"] for m in rnd["matches"]]
    assert set(pairs) == {frozenset(p) for p in combinations(teams, 2)} and len(pairs) == 66
    for rnd in doc["rounds"]:
        assert set(rnd) >= {"round", "date", "matches"}
        assert [m["id"] for m in rnd["matches"]] == [f"{div}-R{rnd['round']:02d}-{k:02d}" for k in range(1, 7)]


def test_1_1_2_3_seeds_meet_in_rounds_9_to_11(example):
    """§1.1.2.3: the first four of 1div's entry order (last season's 1-4) meet in rounds 9-11."""
    seeds = set(_seeding("1div")[:4])
    doc = run_dbf("schedule", "1div", "--json").json
    rounds = sorted(rnd["round"] for rnd in doc["rounds"] for m in rnd["matches"]
                    if m["home"] in seeds and m["away"] in seeds)
    assert rounds == [9, 9, 10, 10, 11, 11]


def test_1_1_2_1_dates_from_the_season_weekends(example):
    """season.toml: 1div weekends 2026-10-03, 11-07, 2027-01-09, 02-20; 3+3+3+2 rounds."""
    doc = run_dbf("schedule", "1div", "--json").json
    dates = [rnd["date"] for rnd in doc["rounds"]]
    assert dates == ["2026-10-03", "2026-10-03", "2026-10-04", "2026-11-07", "2026-11-07", "2026-11-08",
                     "2027-01-09", "2027-01-09", "2027-01-10", "2027-02-20", "2027-02-21"]
    assert doc["warnings"] == []


def test_1_1_4_1_odd_division_gets_byes(example):
    path = example / "2026-27" / "divisions" / "3div-b.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["teams"] = data["teams"][:11]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    r = run_dbf("schedule", "3div-b", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert len(doc["rounds"]) == 11
    byes = [m["home"] for rnd in doc["rounds"] for m in rnd["matches"] if m["away"] is None]
    assert sorted(byes) == sorted(t["id"] for t in data["teams"])
    assert any(w["rule"] == "1.1.4.1" and "11 teams" in w["message"] for w in doc["warnings"])


def test_schedule_csv_and_human(example):
    csv = run_dbf("schedule", "2div", "--csv").stdout.lstrip("\ufeff").splitlines()
    assert csv[0] == "round,date,match,home,away,home_name,away_name"
    assert len(csv) == 1 + 66 and csv[1].startswith("1,2026-10-10,2div-R01-01,")
    human = run_dbf("schedule", "2div")
    assert human.exit_code == 0 and "2div-R11-06" in human.stdout


def test_schedule_ics(example, tmp_path):
    from icalendar import Calendar

    target = tmp_path / "cal" / "1div.ics"
    before = snapshot(example)
    r = run_dbf("schedule", "1div", "--json", "--ics", target)
    assert r.exit_code == 0, r.stderr
    assert r.json["ics"]["events"] == 66
    cal = Calendar.from_ical(target.read_bytes())
    events = [c for c in cal.walk("VEVENT")]
    assert len(events) == 66
    first = min(events, key=lambda e: str(e["uid"]))
    assert str(first["uid"]) == "1div-R01-01.2026-27@dbf"
    start = first.decoded("dtstart")            # issue 18.3: a time in Copenhagen, not an all-day event
    assert start.date() == dt.date(2026, 10, 3) and str(start.tzinfo) == "Europe/Copenhagen"
    assert snapshot(example) == before  # the season is not written


def test_schedule_unknown_or_empty_division_exit_2(example):
    assert run_dbf("schedule", "4div").exit_code == 2
    (example / "2026-27" / "divisions" / "2div.yaml").unlink()
    r = run_dbf("schedule", "2div", "--json")
    assert r.exit_code == 2 and "no teams entered" in r.json["errors"][0]["message"]


def test_schedule_help_ends_with_an_example():
    assert "Example: dbf schedule 1div --json" in run_dbf("schedule", "1div", "--help").stdout
