"""The site for a player (issue 18.1, 18.6): a page per team linked from every table and from
the bracket; division pages with fixtures to come, VP per match and a cross-table; shared ranks;
Danish division names; "36 of 66"; clubs by name; the final at a neutral venue; the trophy's
team; the footer time in Copenhagen time; the hide-s columns of docs/publishing.md."""

from __future__ import annotations

import datetime as dt
import re
from html.parser import HTMLParser

import yaml

from simulate import EVIL


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.hrefs += [v for k, v in attrs if k == "href" and v]


def hrefs(path) -> list[str]:
    p = _Links()
    p.feed(path.read_text(encoding="utf-8"))
    return p.hrefs


def html(path) -> str:
    return path.read_text(encoding="utf-8")


def test_every_team_has_a_page_linked_from_every_table_and_the_bracket(played_dir, site):
    season = played_dir / "2026-27"
    cup = [t["id"] for t in yaml.safe_load((season / "cup/teams.yaml").read_text(encoding="utf-8"))["teams"]]
    for tid in cup:
        assert (site / f"team-{tid}.html").is_file()
    linked = {h for page in ("teams.html", "up-gp.html", "bracket.html", "round-03.html", "division-1div.html",
                             "pools.html") for h in hrefs(site / page) if h.startswith("team-")}
    assert {f"team-{tid}.html" for tid in cup} <= linked | {h for p in site.glob("round-0[12].html") for h in hrefs(p)}
    svg = html(site / "bracket.html").split("<svg", 1)[1].split("</svg>", 1)[0]
    final = yaml.safe_load((season / "cup/matches/C9-001.yaml").read_text(encoding="utf-8"))
    for tid in final["teams"]:
        assert f'<a href="team-{tid}.html">' in svg                      # the bracket links its teams
    assert '<a href="round-09.html#C9-001">' in svg                      # and its matches


def test_team_page_shows_path_next_match_players_up_and_gp(played_dir, site, half_dir, tmp_path, dbf):
    season = played_dir / "2026-27"
    final = yaml.safe_load((season / "cup/matches/C9-001.yaml").read_text(encoding="utf-8"))
    page = html(site / f"team-{final['winner']}.html")
    assert 'id="path"' in page and "C9-001" in page and "Cup winner" in page
    teams = yaml.safe_load((season / "cup/teams.yaml").read_text(encoding="utf-8"))["teams"]
    team = next(t for t in teams if t["id"] == final["winner"])
    for p in team["players"]:
        assert p["name"] in page and f">{p['id']}<" in page                # players with member numbers
    assert 'id="up"' in page and "GP" in page
    loser = html(site / f"team-{final['loser']}.html")
    assert "Out in the final" in loser
    # half-way: a team still in the cup is shown its next match (drawn, not played) or the next round
    out = tmp_path / "half"
    assert dbf("--dir", half_dir, "publish", "--out", out).exit_code == 0
    alive = [p for p in out.glob("team-*.html") if 'id="cup"' in html(p) and "Out in the" not in html(p)]
    assert alive and all('id="next"' in html(p) or "Next match" in html(p) for p in alive)


def test_1_1_division_page_has_fixtures_vp_per_match_and_a_cross_table(played_dir, site):
    page = html(site / "division-1div.html")
    assert 'id="fixtures"' in page and "Round 4" in page and "Sat 7 Nov 2026" in page and "10:00" in page
    assert "to be announced" in page                       # no venue set in season.toml
    rec = yaml.safe_load((played_dir / "2026-27/divisions/matches/1div-R01-01.yaml").read_text(encoding="utf-8"))
    from dbfcli.rules.divisions.vp import WBF20, format_vp, match_vp

    vh, va = match_vp(WBF20, rec["imps"][0], rec["imps"][1], rec["boards"])
    row = re.search(r'<tr id="1div-R01-01">(.*?)</tr>', page, re.S).group(1)
    assert f"{rec['imps'][0]}-{rec['imps'][1]}" in row and f"{vh / 100:.2f}-{va / 100:.2f}" in row
    cross = re.search(r'<table class="cross" id="cross">(.*?)</table>', page, re.S).group(1)
    assert cross.count("<tr>") == 13 and cross.count('class="num small self"') == 12
    assert "18 of 66 matches" in page


def test_shared_ranks_for_equal_gp_and_up(site):
    """Equal totals share a rank (1, 1, 3): the simulated cup gives several players the same GP."""
    page = html(site / "up-gp.html")
    gp = re.search(r'<table id="gp">(.*?)</table>', page, re.S).group(1)
    rows = re.findall(r'<tr><td class="num">(\d+)</td>.*?<td class="num">([\d.]+)</td></tr>', gp)
    ranks, totals = [int(r) for r, _ in rows], [g for _, g in rows]
    assert len(set(totals)) < len(totals)                       # there are ties
    for i in range(1, len(rows)):
        assert ranks[i] == (ranks[i - 1] if totals[i] == totals[i - 1] else i + 1)


def test_index_says_n_of_m_and_division_names(site, played_dir, tmp_path, dbf):
    page = html(site / "index.html")
    assert "18 of 66 matches" in page and "1st division" in page and "3rd division west" in page
    assert re.search(r"\b\d+ of \d+\b", page)
    out = tmp_path / "da"
    assert dbf("--dir", played_dir, "--lang", "da", "publish", "--out", out).exit_code == 0
    da = html(out / "index.html")
    assert "18 af 66 kampe" in da and "3. division vest" in da and "3. division øst" in da
    assert "<h1>1. division</h1>" in html(out / "division-1div.html")
    assert "Division 1div" not in da


def test_footer_time_is_copenhagen_local_with_its_zone(site, played_dir, tmp_path, dbf):
    foot = re.search(r"<footer>(.*?)</footer>", html(site / "index.html"), re.S).group(1)
    assert re.search(r"Updated <time datetime=\"[\d-]+T[\d:]+\+00:00\">\d+ [A-Z][a-z]+ \d{4} at \d\d:\d\d CES?T</time>", foot)
    from dbfcli.i18n import local_stamp

    assert local_stamp(dt.datetime(2026, 12, 1, 6, 59, tzinfo=dt.timezone.utc), "da") == \
        "1. december 2026 kl. 07.59 CET"
    out = tmp_path / "da"
    assert dbf("--dir", played_dir, "--lang", "da", "publish", "--out", out).exit_code == 0
    assert re.search(r"Opdateret <time[^>]*>\d+\. [a-zæøå]+ \d{4} kl\. \d\d\.\d\d CES?T</time>", html(out / "index.html"))


def test_1_5_7_final_page_says_neutral_venue_not_home_away_km_up(site):
    page = html(site / "round-09.html")
    assert 'id="neutral"' in page and "neutral venue" in page.lower()
    head = re.search(r"<thead>(.*?)</thead>", page, re.S).group(1)
    assert ">Home<" not in head and ">Away<" not in head and ">km<" not in head and ">UP<" not in head
    assert ">Home<" in html(site / "round-03.html")


def test_1_5_1_trophy_history_lists_the_team(played_dir, site, played, dbf, tmp_path):
    final = yaml.safe_load((played_dir / "2026-27/cup/matches/C9-001.yaml").read_text(encoding="utf-8"))
    rows = re.search(r'<table id="finals">(.*?)</table>', html(site / "trophy.html"), re.S).group(1)
    assert f'href="team-{final["winner"]}.html"' in rows and ">Team<" in rows
    (played / "trophy.yaml").write_text("schema: 1\nfinals:\n  - {season: 2025-26, captain: 1, name: Anne Holm, "
                                        "team: Team Holm}\n", encoding="utf-8")
    out = tmp_path / "site"
    assert dbf("publish", "--out", out).exit_code == 0
    assert "Team Holm" in html(out / "trophy.html")


def test_clubs_by_name_where_known_else_number(played, dbf, tmp_path):
    teams = yaml.safe_load((played / "2026-27/cup/teams.yaml").read_text(encoding="utf-8"))["teams"]
    named, unnamed = teams[0], next(t for t in teams if t["club"] != teams[0]["club"])
    (played / "clubs.yaml").write_text(f"schema: 1\nclubs:\n  {named['club']}: Bridgeklubben Øst & Vest\n",
                                       encoding="utf-8")
    out = tmp_path / "site"
    assert dbf("publish", "--out", out).exit_code == 0
    page = html(out / "teams.html")
    assert "Bridgeklubben Øst &amp; Vest" in page and f">{unnamed['club']}<" in page
    assert "Bridgeklubben Øst &amp; Vest" in html(out / f"team-{named['id']}.html")


def test_hide_s_columns_keep_the_imps_on_a_phone(site):
    """docs/publishing.md: less important columns hide below 600 px; the IMPs column never does."""
    for name in ("round-03.html", "round-09.html", "division-1div.html"):
        page = html(site / name)
        assert 'class="hide-s' in page or 'hide-s"' in page
        for th in re.findall(r"<th[^>]*>IMPs</th>", page):
            assert "hide-s" not in th


def test_hostile_team_name_escaped_on_its_page_and_everywhere(site):
    page = site / "team-KBH-1.html"
    text = html(page)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script" not in text.lower()
    for p in site.glob("team-*.html"):
        assert "<script" not in html(p).lower()
    assert EVIL not in html(site / "bracket.html")
