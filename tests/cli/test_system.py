"""`dbf system check|register|change`: §2.10.11, §2.10.17, §2.10.4, §1.1.1.2."""

from pathlib import Path

import pytest
import yaml

from tests.conftest import REPO, snapshot

EX = REPO / "examples" / "systems"


@pytest.mark.parametrize("card,hum,af", [("precision", False, False), ("strong-pass", True, False),
                                         ("weak-two-suiter", False, True), ("multi", False, False)])
def test_2_10_11_system_check_json(dbf, example, card, hum, af):
    r = dbf("system", "check", EX / f"{card}.yaml", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert (doc["hum"], doc["open_defence"]) == (hum, af)
    assert all(set(x) >= {"rule", "bid", "message"} for x in doc["reasons"])


def test_system_check_human(dbf, example):
    r = dbf("system", "check", EX / "three-card-major.yaml")
    assert r.exit_code == 0 and "HUM" in r.stdout and "2.10.11c" in r.stdout


def test_malformed_card_exits_2_with_line(dbf, example, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nopenings:\n  1H:\n    hcp: 15-12\n  1Q: {hcp: 1}\n")
    r = dbf("system", "check", bad, "--json")
    assert r.exit_code == 2
    errors = r.json["errors"]
    assert {e["line"] for e in errors} == {3, 5}


def test_2_10_4_supplement_too_long_exits_1(dbf, example, tmp_path):
    card = yaml.safe_load((EX / "standard.yaml").read_text())
    card["supplement_pages"] = 2
    f = tmp_path / "long.yaml"
    f.write_text(yaml.safe_dump(card))
    r = dbf("system", "check", f, "--json")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "2.10.4"


def _team(example: Path):
    teams = yaml.safe_load((example / "2026-27" / "cup" / "teams.yaml").read_text())["teams"]
    t = teams[0]
    return t["id"], [p["id"] for p in t["players"]][:2]


def test_system_register_writes_registry(dbf, example):
    team, (a, b) = _team(example)
    r = dbf("system", "register", team, EX / "strong-pass.yaml", "--pair", a, b, "--sent", "2026-11-01", "--json")
    assert r.exit_code == 0, r.stderr
    reg = yaml.safe_load((example / "2026-27" / "systems" / "registry.yaml").read_text())
    assert reg["pairs"][0]["hum"] is True and reg["pairs"][0]["team"] == team
    assert (example / "2026-27" / reg["pairs"][0]["card"]).is_file()


def test_system_register_unknown_team_writes_nothing(dbf, example):
    before = snapshot(example)
    r = dbf("system", "register", "NOPE", EX / "standard.yaml", "--pair", 1, 2)
    assert r.exit_code == 2 and snapshot(example) == before


@pytest.mark.parametrize("old,new,code,rule", [
    ("strong-pass", "standard", 0, None),            # HUM -> natural
    ("weak-two-suiter", "standard", 0, None),        # Åbent forsvar removed
    ("standard", "weak-two-suiter", 1, "1.1.1.2a"),  # Åbent forsvar added
    ("standard", "strong-pass", 1, "1.1.1.2a"),      # becomes HUM
])
def test_1_1_1_2a_system_change(dbf, example, old, new, code, rule):
    r = dbf("system", "change", EX / f"{old}.yaml", EX / f"{new}.yaml", "--sent", "2026-10-01",
            "--play", "2026-11-07", "--json")
    assert r.exit_code == code, r.stderr
    if rule:
        assert {e["rule"] for e in r.json["errors"]} == {rule}


def test_1_1_1_2a_change_too_late(dbf, example):
    r = dbf("system", "change", EX / "strong-pass.yaml", EX / "standard.yaml", "--sent", "2026-10-20",
            "--play", "2026-11-07", "--json")
    assert r.exit_code == 1 and "month" in r.json["errors"][0]["message"]


# -- `dbf seating` (§1.5.13) and `dbf travel claim` (§1.5.17, §7.2, §1.5.4) ----------------------

def _cup_teams(example):
    return yaml.safe_load((example / "2026-27" / "cup" / "teams.yaml").read_text())["teams"]


def _draw(example, a, b):
    d = example / "2026-27" / "cup" / "draws"
    d.mkdir(parents=True, exist_ok=True)
    (d / "round-03.yaml").write_text(yaml.safe_dump({"round": 3, "matches": [{"id": "C3-001", "teams": [a, b]}]}))


def test_1_5_13_seating_order_from_draw(dbf, example):
    t = _cup_teams(example)
    _draw(example, t[0]["id"], t[1]["id"])
    r = dbf("seating", "C3-001", "--json")
    assert r.exit_code == 0, r.stderr
    segs = r.json["segments"]
    assert len(segs) == 5 and segs[0]["seats_first"] == t[1]["id"] and segs[1]["seats_first"] == t[0]["id"]


def test_1_5_13_hum_team_is_away(dbf, example):
    """§1.5.13 with §1.5.1.2/§2.10.5 (issue 25): the seating has the schedule's home team. A HUM pair
    whose card was not sent may not play HUM (§2.10.5), so §1.5.5 decides (the team drawn first);
    with the card sent in time against a division team (§1.5.1.2) its team is away, in both."""
    t = _cup_teams(example)
    rounds = {x["id"]: x["entry_round"] for x in dbf("cup", "teams", "--json").json["teams"]}
    hum = next(x for x in t if rounds[x["id"]] < 3)
    division = next(x for x in t if rounds[x["id"]] >= 3)
    _draw(example, hum["id"], division["id"])
    a, b = (p["id"] for p in hum["players"][:2])
    assert dbf("system", "register", hum["id"], EX / "strong-pass.yaml", "--pair", a, b).exit_code == 0
    sched = dbf("schedule", "cup", "--round", "3", "--json").json["matches"][0]
    r = dbf("seating", "C3-001", "--json")
    assert (r.json["home"], r.json["away"]) == (sched["home"], sched["away"]) == (hum["id"], division["id"])
    assert dbf("system", "register", hum["id"], EX / "strong-pass.yaml", "--pair", a, b, "--sent",
               "2026-11-01").exit_code == 0
    sched = dbf("schedule", "cup", "--round", "3", "--json").json["matches"][0]
    r = dbf("seating", "C3-001", "--json")
    assert (r.json["home"], r.json["away"]) == (sched["home"], sched["away"]) == (division["id"], hum["id"])


def test_1_5_13_lineups_checked(dbf, example, tmp_path):
    f = tmp_path / "l.yaml"
    seg = "  - {home: [[1, 2], [3, 4]], away: [[11, 12], [13, 14]]}\n"
    f.write_text("no_consecutive: true\nsegments:\n" + seg + seg)
    r = dbf("seating", "C3-001", "--home", "A", "--away", "B", "--lineups", f, "--json")
    assert r.exit_code == 1 and {e["rule"] for e in r.json["errors"]} == {"1.5.13"}
    assert dbf("seating", "C3-001").exit_code == 2          # no draw, no --home/--away


@pytest.mark.parametrize("args,total", [
    (["C5-001", "--zones", "20", "--persons", "4"], 4 * 2 * (228 - 132)),
    (["C7-001", "--zones", "20", "--persons", "4", "--one-way"], 4 * (228 - 132) + 4 * 160),
    (["C5-001", "--zones", "5", "--persons", "4"], 0),
])
def test_1_5_17_travel_claim(dbf, example, args, total):
    t = _cup_teams(example)
    t = [t[0], next(x for x in t if x["postcode"] != t[0]["postcode"])]   # a journey of more than 0 km (§1.5.4)
    for r in (5, 7):   # the claim's match must be drawn (more in tests/cli/test_travel_claims.py)
        d = example / "2026-27" / "cup" / "draws"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"round-{r:02d}.yaml").write_text(yaml.safe_dump(
            {"round": r, "matches": [{"id": f"C{r}-001", "teams": [t[1]["id"], t[0]["id"]]}]}))
    team = t[0]["id"]
    r = dbf("travel", "claim", *args, "--team", team, "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json["total"] == total


def test_travel_claim_unknown_team(dbf, example):
    assert dbf("travel", "claim", "C5-001", "--team", "NOPE", "--zones", "20").exit_code == 2


def test_1_5_13_1_5_5_seating_takes_home_from_the_schedule_not_the_draw_order(dbf, example, tmp_path):
    """§1.5.13 with §1.5.5 (issue 25 item 4): AAL-1 travelled in round 1 and has UP; in round 3 it
    is drawn second against KBH-2, and is at home by §1.5.5 (most UP). `dbf seating` says so (away
    KBH-2 seats first in odd segments), as `dbf schedule cup` and the blank sheet do; before, the
    seating took the draw order and had it reversed."""
    from test_result import cup_teams, sheet_text, write_draw

    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "AAL-1")])
    up = dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]["up"]
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["AAL-1"], 1, imps=(20, 30), up=up))
    assert dbf("result", "submit", f).exit_code == 0
    write_draw(example, 3, [("KBH-2", "AAL-1")])
    sched = dbf("schedule", "cup", "--round", "3", "--json").json["matches"][0]
    assert (sched["home"], sched["away"]) == ("AAL-1", "KBH-2") and sched["reason"].startswith("§1.5.5")
    seat = dbf("seating", "C3-001", "--json").json
    assert (seat["home"], seat["away"]) == ("AAL-1", "KBH-2")
    assert seat["segments"][0]["seats_first"] == "KBH-2" and seat["segments"][1]["seats_first"] == "AAL-1"
    blank = dbf("result", "blank", "C3-001", "--out", tmp_path / "b", "--json").json["sheets"][0]
    assert (blank["home"]["team"], blank["away"]["team"]) == ("AAL-1", "KBH-2")
    told = dbf("seating", "C3-001", "--home", "KBH-2", "--json").json     # the TD's override: a note says so
    assert told["home"] == "KBH-2" and any("the schedule has AAL-1 at home" in n for n in told["notes"])
