"""`dbf press`: press reports of a cup round or a division weekend (§1.5.16), upsets by seeding (§1.5.3)."""

from __future__ import annotations

import pytest
import yaml

from dbfcli.publish.press import PressFixture, PressMatch, cup_round_report, upset


@pytest.mark.parametrize("winner,loser,expected", [
    (None, 1, True),      # §1.5.3 a pool team beats a 1st-division team seeded to round 4
    (None, 3, True),
    (3, 1, True),         # 3rd-division players beat 1st-division players
    (2, 1, True),
    (1, 1, False),        # equal seeding: no upset
    (1, 3, False),        # the favourite won
    (None, None, False),  # two pool teams
    (2, None, False),
])
def test_1_5_3_upset_by_seeding(winner, loser, expected):
    assert upset(winner, loser) is expected


def test_cup_report_lists_results_upsets_and_next_draw():
    text = cup_round_report(3, "2026-27", [PressMatch("C3-001", "Odense <Lynet>", "KBH", "55-31", None, 1),
                                           PressMatch("C3-002", "A", "B", "40-20", 1, 2)],
                            ["C3-003"], 4, [PressFixture("C4-001", "Odense <Lynet>", "A", "5000 Odense C", "2027-02-21", "13:00")],
                            ["C"], "en")
    lines = text.splitlines()
    assert lines[0] == "# Cup 2026-27, 1/64 final: results"
    assert "- **Odense <Lynet>** – KBH 55-31" in lines             # plain text: no escaping
    up = lines.index("## Upsets")
    assert lines[up + 2].startswith("- **Odense <Lynet>** (no division players) – KBH (division 1 players)")
    assert "- **A**" not in "\n".join(lines[up:up + 4])              # favourite won: not an upset
    assert "## Draw of the next round: 1/32 final" in lines
    assert "- Odense <Lynet> – A (2027-02-21 13:00, 5000 Odense C)" in lines
    assert "not played yet".capitalize() + ": C3-003" in text


def test_cup_report_in_danish():
    text = cup_round_report(7, "2026-27", [PressMatch("C7-001", "A", "B", "50-10", None, 2)], [], None, [], [], "da")
    assert text.startswith("# Pokalturneringen 2026-27, kvartfinale: resultater")
    assert "## Overraskelser" in text and "spillere fra 2. division" in text


def test_press_command_on_a_played_round(half_played, dbf, tmp_path):
    root = half_played["dir"] / "2026-27"
    r = dbf("press", "3", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    draw3 = yaml.safe_load((root / "cup/draws/round-03.yaml").read_text(encoding="utf-8"))
    assert len(doc["results"]) == len(draw3["matches"]) and doc["open"] == []
    assert doc["next_round"] == 4 and len(doc["next_draw"]) == len(
        yaml.safe_load((root / "cup/draws/round-04.yaml").read_text())["matches"])
    out = tmp_path / "press.md"
    r = dbf("press", "3", "--out", out)
    assert r.exit_code == 0 and out.read_text(encoding="utf-8") == r.stdout
    assert r.stdout.count("\n- **") >= len(draw3["matches"])


def test_press_round_without_next_draw_and_errors(half_played, dbf):
    r = dbf("press", "4", "--json")
    assert r.exit_code == 0 and r.json["next_round"] is None
    assert dbf("press", "5").exit_code == 2          # §1.5.16 not drawn
    assert dbf("press", "12").exit_code == 2
    assert dbf("press", "2div").exit_code == 2       # needs --weekend
    assert dbf("press", "9div", "--weekend", "1").exit_code == 2


def test_press_division_weekend(half_played, dbf):
    r = dbf("press", "2div", "--weekend", "1", "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["rounds"] == [1, 2, 3] and {x["round"] for x in doc["results"]} == {1, 2}
    assert len(doc["standings"]) == 12
    da = dbf("--lang", "da", "press", "2div", "--weekend", "1")
    assert "## Stilling" in da.stdout and "## Runde 1" in da.stdout
    assert dbf("press", "2div", "--weekend", "9").exit_code == 2
