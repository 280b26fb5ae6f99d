"""`dbf result blank` (issue 17): pre-filled sheets with everything dbf knows; a script fills in
only the IMPs and the boards of a whole round, and every sheet passes `dbf result check` and is
recorded (§1.5.4, §1.5.9, §1.5.14)."""

from __future__ import annotations

import re

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"


def _fill(text: str) -> str:
    """What a captain fills in, and nothing else: the first segment's IMPs and each player's boards."""
    text = text.replace("  - [0, 0]", "  - [31, 17]", 1)
    for side in ("home", "away"):
        block = re.search(rf"^{side}:\n(.*?)(?=^\S)", text, flags=re.M | re.S).group(1)
        rows = re.findall(r"boards: 0", block)
        n = len(rows)
        shares = {4: [40] * 4, 5: [40, 40, 40, 20, 20], 6: [40, 40, 20, 20, 20, 20]}[n]
        filled = block
        for b in shares:
            filled = filled.replace("boards: 0}", f"boards: {b}}}", 1)
        text = text.replace(block, filled)
    return text


def test_1_5_14_a_round_of_blanks_filled_by_script_is_recorded(example, tmp_path):
    r = run_dbf("draw", "cup", "--round", "1", "--seed", "2026")
    assert r.exit_code == 0, r.stderr
    out = tmp_path / "blanks"
    r = run_dbf("result", "blank", "--round", "1", "--out", out, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    facts = r.json["sheets"]
    assert len(facts) == len(list(out.glob("*.yaml"))) >= 2
    for f in facts:
        assert f["boards"] == 40 and f["segments"] == 5 and f["deadline"] and f["home"]["players"]
    for path in sorted(out.glob("*.yaml")):
        path.write_text(_fill(path.read_text(encoding="utf-8")), encoding="utf-8")
        r = run_dbf("result", "check", path, "--json")
        assert r.exit_code == 0, (path.name, r.stdout)
        assert r.json["warnings"] == [], (path.name, r.json["warnings"])
    for path in sorted(out.glob("*.yaml")):
        assert run_dbf("result", "submit", path).exit_code == 0
    recorded = list((example / SEASON / "cup" / "matches").glob("*.yaml"))
    assert len(recorded) == len(facts)


def test_1_5_4_blank_carries_the_computed_up_and_the_deadline(example, tmp_path):
    run_dbf("draw", "cup", "--round", "1", "--seed", "2026")
    schedule = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"]
    first = schedule[0]
    r = run_dbf("result", "blank", first["id"], "--out", tmp_path, "--json")
    assert r.exit_code == 0
    (f,) = r.json["sheets"]
    assert f["up"] == first["up"] and f["home"]["team"] == first["home"] and f["date"] == first["date"]
    doc = yaml.safe_load((tmp_path / f"{first['id']}.yaml").read_text())
    assert doc["away"]["up"] == first["up"] and doc["match"] == first["id"] and len(doc["segments"]) == 5


def test_blank_html_is_one_escaped_a4_page_per_match(example, tmp_path):
    run_dbf("draw", "cup", "--round", "1", "--seed", "2026")
    teams = example / SEASON / "cup" / "teams.yaml"
    teams.write_text(teams.read_text(encoding="utf-8").replace("Lis Kjær", "Lis <b>Kjær</b>"), encoding="utf-8")
    r = run_dbf("result", "blank", "--round", "1", "--format", "html", "--out", tmp_path, "--json")
    assert r.exit_code == 0, r.stdout
    html = (tmp_path / "round-01.html").read_text(encoding="utf-8")
    assert html.count('<section class="sheet">') == len(r.json["sheets"])
    assert "@page { size: A4" in html and "<b>Kjær</b>" not in html and "&lt;b&gt;Kjær&lt;/b&gt;" in html


def test_blank_of_an_undrawn_round_or_unknown_match_is_exit_2_and_writes_nothing(example, tmp_path):
    before = snapshot(tmp_path)
    assert run_dbf("result", "blank", "--round", "3", "--out", tmp_path / "x").exit_code == 2
    assert run_dbf("result", "blank", "C1-999", "--out", tmp_path / "x").exit_code == 2
    assert run_dbf("result", "blank", "--out", tmp_path / "x").exit_code == 2
    assert snapshot(tmp_path) == before


def test_blank_dry_run_writes_nothing(example, tmp_path):
    run_dbf("draw", "cup", "--round", "1", "--seed", "2026")
    r = run_dbf("result", "blank", "--round", "1", "--out", tmp_path / "b", "--dry-run", "--json")
    assert r.exit_code == 0 and r.json["dry_run"] and not (tmp_path / "b").exists()
