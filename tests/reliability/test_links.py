"""Issue 16 item 3: dbf never writes through a symbolic link (a season shared through git can
bring one with a pull): a link on the way to a file it would write is an exit-2 error naming
the link, and nothing is written, inside the season or outside."""

from __future__ import annotations

import json

import pytest

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text, write_draw


@pytest.fixture
def drawn(example, tmp_path):
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3"), ("KBH-2", "AAL-1")])
    sheet = tmp_path / "C1-001.yaml"
    sheet.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1), encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    return example, sheet, elsewhere


def _refused(r, link: str) -> None:
    assert r.exit_code == 2, r.stdout + r.stderr
    assert "internal error" not in r.stdout + r.stderr
    doc = r.json
    text = json.dumps(doc["errors"])
    assert "symbolic link" in text and link in text, text


def test_16_3_directory_link_in_the_season_is_refused(drawn):
    example, sheet, elsewhere = drawn
    (example / SEASON / "cup" / "matches").symlink_to(elsewhere, target_is_directory=True)
    before = snapshot(example)
    r = run_dbf("result", "submit", sheet, "--json")
    _refused(r, "cup/matches")
    assert list(elsewhere.iterdir()) == []
    assert snapshot(example) == before
    assert not (example / SEASON / ".pending.yaml").exists()


def test_16_3_file_link_in_the_season_is_refused(drawn, tmp_path):
    example, _, elsewhere = drawn
    outside = elsewhere / "teams.yaml"
    real = example / SEASON / "cup" / "teams.yaml"
    outside.write_bytes(real.read_bytes())
    real.unlink()
    real.symlink_to(outside)
    before_outside = outside.read_bytes()
    entry = tmp_path / "entry.yaml"
    entry.write_text(json.dumps({"teams": [dict(cup_teams(example)["KBH-1"], name="Renamed")]}), encoding="utf-8")
    r = run_dbf("cup", "enter", entry, "--json")
    _refused(r, "cup/teams.yaml")
    assert outside.read_bytes() == before_outside and real.is_symlink()


def test_16_3_publish_refuses_a_planted_stylesheet_link(example, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    site = example / SEASON / "site"
    site.mkdir(exist_ok=True)
    (site / "style.css").unlink(missing_ok=True)
    (site / "style.css").symlink_to(victim)
    r = run_dbf("publish", "--json")
    _refused(r, "style.css")
    assert victim.read_text(encoding="utf-8") == "precious\n"


def test_16_3_publish_refuses_a_site_folder_link(example, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    site = example / SEASON / "site"
    if site.exists():
        import shutil

        shutil.rmtree(site)
    site.symlink_to(elsewhere, target_is_directory=True)
    r = run_dbf("publish", "--json")
    _refused(r, "site")
    assert list(elsewhere.iterdir()) == []


def test_16_3_publish_out_with_a_link_inside_is_refused(example, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (out / "style.css").symlink_to(victim)
    r = run_dbf("publish", "--out", out, "--json")
    _refused(r, "style.css")
    assert victim.read_text(encoding="utf-8") == "precious\n"
    ok = run_dbf("publish", "--out", tmp_path / "fresh", "--json")
    assert ok.exit_code == 0 and (tmp_path / "fresh" / "style.css").is_file()
