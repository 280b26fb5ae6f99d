"""HUM in the cup: §1.5.13 (a team with HUM pairs against one without is always away),
§1.5.1.2 (HUM only against a division team or a HUM team), §2.10.5 / §1.5.1.1 (the card a
week before): `dbf schedule cup` says why, `dbf result check|submit` rejects a sheet on which
a HUM pair played where it was not allowed."""

from __future__ import annotations

import pytest

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw
from tests.conftest import REPO

STRONG_PASS = REPO / "examples" / "systems" / "strong-pass.yaml"
STANDARD = REPO / "examples" / "systems" / "standard.yaml"
ROUND3_DAY = "2027-01-31"   # the example's official day of round 3


def register(team: dict, card=STRONG_PASS, sent="2027-01-01", pair=None):
    a, b = pair or [p["id"] for p in team["players"][:2]]
    r = run_dbf("system", "register", team["id"], card, "--pair", a, b, "--sent", sent)
    assert r.exit_code == 0, r.stderr
    return a, b


def schedule_row(round_no=3, match="C3-001"):
    r = run_dbf("schedule", "cup", "--round", str(round_no), "--json")
    assert r.exit_code == 0, r.stderr
    return next(m for m in r.json["matches"] if m["id"] == match), r.json


def test_1_5_13_hum_team_scheduled_away_whatever_the_draw(example):
    """§1.5.13: KBH-3 is drawn first (home by §1.5.5 on equal UP) but has a HUM pair that may play
    HUM against KBH-9 (a division team, §1.5.1.2): it is away."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-9")])
    register(teams["KBH-3"])
    row, doc = schedule_row()
    assert (row["home"], row["away"]) == ("KBH-9", "KBH-3")
    assert row["reason"].startswith("§1.5.13") and "KBH-3" in row["reason"]
    assert row["venue_postcode"] == teams["KBH-9"]["postcode"]
    human = run_dbf("schedule", "cup", "--round", "3")
    assert "§1.5.13 HUM: KBH-3 away" in human.stdout


def test_1_5_13_hum_pair_not_allowed_here_leaves_1_5_5_to_decide(example):
    """§1.5.13 with §1.5.1.2 (issue 14 item 3): against KBH-1, a pool team that plays no HUM,
    KBH-3's HUM pair may not play HUM; so KBH-3 has no HUM pair in this match, and §1.5.5 makes
    it the home team (drawn first, equal UP). The pair is still flagged."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    register(teams["KBH-3"])
    row, doc = schedule_row()
    assert (row["home"], row["away"]) == ("KBH-3", "KBH-1") and row["reason"].startswith("§1.5.5")
    assert [v["allowed"] for v in row["hum"]] == [False]


def test_1_5_13_hum_away_even_with_more_up(example):
    """§1.5.13 "uanset UP": more UP credited does not make the HUM team home."""
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-3", "KBH-1")])
    folder = example / SEASON / "cup" / "matches"
    folder.mkdir(parents=True)
    (folder / "C1-001.yaml").write_text("schema: 1\nmatch: C1-001\nround: 1\nwinner: KBH-3\nloser: KBH-1\n"
                                        "up: {KBH-3: 9}\n")
    write_draw(example, 3, [("KBH-9", "KBH-3")])
    register(teams["KBH-3"])
    row, _ = schedule_row()
    assert (row["home"], row["away"]) == ("KBH-9", "KBH-3") and "9 UP" in row["reason"]


def test_1_5_13_both_teams_hum_then_1_5_5_decides(example):
    """§1.5.13 applies only when one team (not both) has HUM pairs; otherwise §1.5.5."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    register(teams["KBH-3"])
    register(teams["KBH-1"])
    row, _ = schedule_row()
    assert (row["home"], row["away"]) == ("KBH-3", "KBH-1") and row["reason"].startswith("§1.5.5")
    assert all(v["allowed"] for v in row["hum"])          # §1.5.1.2: each plays HUM itself
    assert {v["why"] for v in row["hum"]} == {"KBH-1 plays a HUM system itself", "KBH-3 plays a HUM system itself"}


def test_1_5_1_2_schedule_flags_hum_pair_not_allowed(example):
    """§1.5.1.2: against a pool team without HUM, the HUM pair may not play HUM (a warning in the schedule)."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    a, b = register(teams["KBH-3"])
    row, doc = schedule_row()
    (v,) = row["hum"]
    assert v == {"team": "KBH-3", "pair": [a, b], "allowed": False, "rule": "1.5.1.2", "why": v["why"]}
    assert any(w["rule"] == "1.5.1.2" and f"{a}-{b}" in w["message"] for w in doc["warnings"])


def test_1_5_1_2_schedule_hum_allowed_against_division_team(example):
    """§1.5.1.2: KBH-9 has 2nd-division players (enters in round 3, §1.5.3): HUM is allowed against it."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-9")])
    register(teams["KBH-3"])
    row, doc = schedule_row()
    (v,) = row["hum"]
    assert v["allowed"] and "division team" in v["why"] and row["away"] == "KBH-3"
    assert doc["warnings"] == []


def test_2_10_5_schedule_card_sent_late(example):
    """§2.10.5 / §1.5.1.1: a HUM card sent less than a week before the match: not allowed in that match."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-9")])
    register(teams["KBH-3"], sent="2027-01-27")
    row, _ = schedule_row()
    (v,) = row["hum"]
    assert not v["allowed"] and v["rule"] == "2.10.5" and "2027-01-24" in v["why"]


def test_1_5_13_natural_team_no_hum_note(example):
    """A natural card decides nothing: §1.5.5 as usual, no HUM flags."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    register(teams["KBH-3"], card=STANDARD)
    row, _ = schedule_row()
    assert row["home"] == "KBH-3" and row["hum"] == [] and row["reason"].startswith("§1.5.5")


# -- the result sheet ---------------------------------------------------------------------------

def _sheet(tmp_path, teams, home, away, extra_away="", played_on=ROUND3_DAY):
    text = sheet_text("C3-001", teams[home], teams[away], 3, played_on=played_on,
                      submitted_at=f"{played_on}T22:00")
    if extra_away:
        text = text.replace(f"away:\n  team: {away}\n", f"away:\n  team: {away}\n{extra_away}")
    f = tmp_path / "C3-001.yaml"
    f.write_text(text)
    return f


def test_1_5_1_2_sheet_with_disallowed_hum_pair_rejected(example, tmp_path):
    """§1.5.1.2: the HUM pair of KBH-3 played against KBH-1 (no division team, no HUM): exit 1, nothing written."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    a, b = register(teams["KBH-3"])
    f = _sheet(tmp_path, teams, "KBH-1", "KBH-3")
    before = snapshot(example)
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 1, r.stdout
    errors = r.json["errors"]
    assert [e["rule"] for e in errors] == ["1.5.1.2"] and f"{a}-{b}" in errors[0]["message"]
    assert errors[0]["line"] is not None
    assert snapshot(example) == before
    human = run_dbf("result", "check", f)
    assert human.exit_code == 1 and "§1.5.1.2" in human.stderr and "natural_pairs" in human.stderr


def test_1_5_1_2_sheet_natural_pairs_declares_no_hum(example, tmp_path):
    """§1.5.1.2 reading: `natural_pairs: [[a, b]]` says the registered pair played no HUM in this match."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    a, b = register(teams["KBH-3"])
    f = _sheet(tmp_path, teams, "KBH-1", "KBH-3", extra_away=f"  natural_pairs: [[{b}, {a}]]\n")
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    again = run_dbf("result", "submit", f, "--json")       # the recorded sheet keeps natural_pairs
    assert again.exit_code == 0 and again.json.get("already_recorded")


def test_1_5_1_2_sheet_hum_allowed_against_division_team(example, tmp_path):
    """§1.5.1.2: the same pair against a division team (KBH-9, §1.5.3) is allowed."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-9")])
    register(teams["KBH-3"])
    f = _sheet(tmp_path, teams, "KBH-9", "KBH-3")
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout
    assert not [w for w in r.json["warnings"] if w["rule"] == "1.5.5"]   # §1.5.13: KBH-3 away is expected


def test_2_10_5_sheet_hum_card_sent_late_rejected(example, tmp_path):
    """§2.10.5: card sent 4 days before the match: HUM not allowed in it, even against a division team."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-9")])
    register(teams["KBH-3"], sent="2027-01-27")
    f = _sheet(tmp_path, teams, "KBH-9", "KBH-3")
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["2.10.5"]


def test_1_5_1_2_pair_only_half_on_the_sheet_did_not_play_hum(example, tmp_path):
    """§1.5.1.2 reading: a registered pair with one player absent from the sheet did not play together."""
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-2", "KBH-1")])
    ids = [p["id"] for p in teams["KBH-2"]["players"]]
    register(teams["KBH-2"], pair=[ids[0], ids[4]])
    rows = "\n".join(f"    - {{id: {i}, boards: 40}}" for i in ids[:4])
    f = tmp_path / "C3-001.yaml"
    f.write_text(sheet_text("C3-001", teams["KBH-1"], teams["KBH-2"], 3, played_on=ROUND3_DAY,
                            submitted_at=f"{ROUND3_DAY}T22:00", away_rows=rows))
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout


@pytest.mark.parametrize("value", ["[[1, 2, 3]]", "x", "[[1, true]]"])
def test_natural_pairs_malformed_is_usage_error(example, tmp_path, value):
    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    f = _sheet(tmp_path, teams, "KBH-1", "KBH-3", extra_away=f"  natural_pairs: {value}\n")
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 2 and "natural_pairs" in r.stdout


def test_1_5_1_2_blank_sheet_says_the_hum_pair_may_not_play_hum_here(example, tmp_path):
    """§1.5.1.2 (issue 25): KBH-3's HUM pair may not play HUM against KBH-1 (a pool team without
    HUM). The blank sheet says so for KBH-3 -- YAML: the pair is listed in ``natural_pairs``
    already, with the §; HTML: marked on the page; JSON: ``hum_barred`` -- and the sheet, filled in
    as it comes, is not refused for HUM; KBH-1's side says nothing of HUM."""
    import re

    teams = cup_teams(example)
    write_draw(example, 3, [("KBH-3", "KBH-1")])
    a, b = register(teams["KBH-3"])
    r = run_dbf("result", "blank", "C3-001", "--out", tmp_path, "--json")
    assert r.exit_code == 0, r.stdout
    (facts,) = r.json["sheets"]
    assert [(x["pair"], x["rule"]) for x in facts["hum_barred"]["KBH-3"]] == [([int(a), int(b)], "1.5.1.2")]
    assert "KBH-1" not in facts["hum_barred"]
    text = (tmp_path / "C3-001.yaml").read_text(encoding="utf-8")
    home_side = text.split("\naway:")[0]
    assert re.search(rf"natural_pairs: \[\[{a}, {b}\]\]\s+# §1\.5\.1\.2: may NOT play HUM", home_side), home_side
    assert "natural_pairs" not in text.split("\naway:")[1]
    html_dir = tmp_path / "html"
    assert run_dbf("result", "blank", "C3-001", "--format", "html", "--out", html_dir).exit_code == 0
    html = next(html_dir.glob("*.html")).read_text(encoding="utf-8")
    assert f"{a}-{b} må ikke spille HUM i denne kamp (§1.5.1.2" in html
    filled = text.replace("  - [0, 0]", "  - [31, 17]", 1)
    for side in ("home", "away"):
        block = re.search(rf"^{side}:\n(.*?)(?=^\S)", filled, flags=re.M | re.S).group(1)
        n = block.count("boards: 0}")
        shares = {4: [40] * 4, 5: [40, 40, 40, 20, 20], 6: [40, 40, 20, 20, 20, 20]}[n]
        new = block
        for x in shares:
            new = new.replace("boards: 0}", f"boards: {x}}}", 1)
        filled = filled.replace(block, new)
    sheet = tmp_path / "filled.yaml"
    sheet.write_text(filled, encoding="utf-8")
    check = run_dbf("result", "check", sheet, "--json")
    assert "1.5.1.2" not in {e["rule"] for e in check.json.get("errors", [])}, check.stdout
