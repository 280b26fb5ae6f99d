"""Issue 15 (lots, §1.1.3.2): the published website, its team pages and the USEBIO export rank a
division exactly as `dbf standings` does, recorded lots included (one function: SeasonData.standings
-> rules.divisions.standings.standings with the season's lots)."""

from __future__ import annotations

import pytest

from dbftest import run_dbf
from divseasonkit import record_all

LEVEL = (("ESB-A", "FYN-A"),)          # 2div nos. 2 and 3 level on everything: only a lot breaks it


@pytest.fixture
def lot_drawn(example):
    record_all(example, level=LEVEL)
    r = run_dbf("lot", "record", "2div", "--order", "FYN-A,ESB-A", "--by", "Jens Hansen", "--witness", "Anne Holm",
                "--at", "2027-03-01T19:30")
    assert r.exit_code == 0, r.stderr
    return example


def _cli_ranks(div: str) -> list[tuple[int, str]]:
    r = run_dbf("standings", div, "--json")
    assert r.exit_code == 0, r.stderr
    return [(row["rank"], row["team"]) for row in r.json["rows"]]


def test_1_1_3_2_site_ranks_as_standings_with_a_recorded_lot(lot_drawn):
    from dbfcli.publish.gather import load_season
    from dbfcli.publish.site import division_context
    from dbfcli.store.season import SeasonStore

    cli = _cli_ranks("2div")
    assert [t for _, t in cli].index("FYN-A") < [t for _, t in cli].index("ESB-A")   # the lot decided
    data = load_season(SeasonStore(lot_drawn, "2026-27"))
    for div in ("1div", "2div", "3div-a", "3div-b"):
        ctx = division_context(data, div, "en")
        assert [(row["rank"], row["team"]["id"]) for row in ctx["rows"]] == _cli_ranks(div), div


def test_1_1_3_2_published_pages_and_usebio_follow_the_lot(lot_drawn, tmp_path):
    out = tmp_path / "site"
    r = run_dbf("publish", "--out", out)
    assert r.exit_code == 0, r.stderr
    page = next(p for p in out.rglob("*.html") if "2div" in p.name and "FYN" not in p.name)
    html = page.read_text(encoding="utf-8")
    assert html.index("FYN-A") < html.index("ESB-A"), page
    x = tmp_path / "2div.xml"
    r = run_dbf("export", "usebio", "--division", "2div", "--out", x)
    assert r.exit_code == 0, r.stderr
    import xml.etree.ElementTree as ET

    places = [(int(t.findtext("PLACE")), t.findtext("TEAM_NAME")) for t in ET.parse(x).getroot().iter("TEAM") if t.find("PLACE") is not None]
    names = {row["team"]: row["name"] for row in run_dbf("standings", "2div", "--json").json["rows"]}
    assert places == [(k, names[t]) for k, t in _cli_ranks("2div")], places
