"""Issue 14, what a TD trips over, on the example played through the final (tests/publish/simulate.py):
the press report says how a tie was decided (§1.5.10) and a walkover is no upset (§1.5.15); the
final weekend's schedule shows both teams' trips and the website's final page no home/away,
km or UP (§1.5.7); schedule and publish do not repeat HUM warnings of recorded matches (§1.5.1.2)."""

from __future__ import annotations

import re

import yaml

from dbftest import run_dbf


def _round_page(site, rnd):
    return next(p for p in site.rglob("*.html") if re.search(rf"round-?0?{rnd}\b", p.name)).read_text("utf-8")


def test_1_5_7_final_page_shows_no_home_away_km_or_up(site):
    """§1.5.7: the final is at DBF's venue; both travel; no "Home/Away ... 0 km 6 UP"."""
    html = _round_page(site, 9)
    assert 'id="neutral"' in html
    head = html[html.index("<thead>"):html.index("</thead>")]
    assert ">Home<" not in head and ">UP<" not in head and ">km<" not in head


def test_1_5_7_final_weekend_schedule_shows_both_trips(played):
    """§1.5.7/§1.5.4: semi-finals and final: both teams' km and UP (the JSON has both; the table too)."""
    doc = run_dbf("schedule", "cup", "--round", "8", "--json").json
    for m in doc["matches"]:
        assert m["neutral"] and set(m["travel"]) == {m["home"], m["away"]}
    r = run_dbf("schedule", "cup", "--round", "8")
    assert r.exit_code == 0
    m = doc["matches"][0]
    ups = [str(m["travel"][t]["up"]) for t in (m["home"], m["away"])]
    assert f"{ups[0]} / {ups[1]}" in r.stdout, r.stdout


def test_1_5_10_press_says_how_a_tie_was_decided():
    """§1.5.10: "95-95" alone is no result: the report says total points or extra boards."""
    from dbfcli.publish.press import PressMatch, cup_round_report

    results = [PressMatch("C3-001", "A", "B", "95-95", decided="total_points"),
               PressMatch("C3-002", "C", "D", "38-38", decided="extra", extra="7-2"),
               PressMatch("C3-003", "E", "F", "60-20")]
    text = cup_round_report(3, "2026-27", results, [], None, [], [], "en")
    assert "95-95 (tied on IMPs, decided on total points, §1.5.10)" in text
    assert "38-38 (tied on IMPs, decided on extra boards 7-2, §1.5.10)" in text
    assert "60-20\n" in text


def test_1_5_15_a_walkover_is_no_upset():
    """§1.5.15: a pool team advancing by walkover over a 1st-division team did not beat it."""
    from dbfcli.publish.press import PressMatch, cup_round_report, is_upset

    wo = PressMatch("C4-001", "A", "B", "w.o.", None, 1, walkover=True)
    played = PressMatch("C4-002", "C", "D", "50-40", None, 1)
    assert not is_upset(wo) and is_upset(played)
    text = cup_round_report(4, "2026-27", [wo, played], [], None, [], [], "en")
    upsets = text.split("## Upsets")[1]
    assert "**C**" in upsets and "**A**" not in upsets


def test_1_5_10_press_json_names_how_each_match_was_decided(played):
    for rnd in range(1, 10):
        doc = run_dbf("press", str(rnd), "--json")
        assert doc.exit_code == 0, doc.stdout
        for res in doc.json["results"]:
            assert res["decided_by"] in ("imps", "total_points", "extra", "walkover")
            assert not (res["decided_by"] == "walkover" and res["upset"])
