"""`dbf publish`: the static site (issue 7; §1.5.16 results available to the press)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import yaml

from simulate import EVIL


class _Text(HTMLParser):
    """Every element and text of a page: proves the HTML parses and what a reader sees."""

    def __init__(self):
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def parse(path: Path) -> _Text:
    p = _Text()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def test_publish_before_any_draw_shows_teams_and_an_empty_bracket(example, dbf, tmp_path):
    out = tmp_path / "site"
    r = dbf("publish", "--out", out, "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["ok"] and "bracket.html" in doc["pages"] and (out / "style.css").is_file()
    teams = parse(out / "teams.html")
    assert "København Blindemand" in "".join(teams.text)       # a team of the example
    svg = (out / "bracket.html").read_text(encoding="utf-8")
    assert svg.count('class="box empty"') == 8 + 4 + 2 + 1   # round of 16 to the final, nothing drawn (issue 18.1)
    assert 'class="box match"' not in svg
    for page in doc["pages"]:
        html = (out / page).read_text(encoding="utf-8")
        assert '<link rel="stylesheet" href="style.css">' in html
        assert "<svg" not in html or page == "bracket.html"


def test_publish_after_the_whole_cup_shows_scores_winners_and_finalists(played_dir, site):
    played, out = played_dir, site
    final = yaml.safe_load((played / "2026-27/cup/matches/C9-001.yaml").read_text(encoding="utf-8"))
    teams = {t["id"]: t["name"] for t in yaml.safe_load((played / "2026-27/cup/teams.yaml").read_text())["teams"]}
    page = parse(out / "bracket.html")
    text = "".join(page.text)
    assert f"{teams[final['winner']]}" in text and teams[final["loser"]] in text
    html = (out / "bracket.html").read_text(encoding="utf-8")
    champion = re.search(r'id="champion">.*?<strong>(.*?)</strong>', html).group(1)
    assert re.sub(r"<[^>]+>", "", champion) == teams[final["winner"]]
    # the bracket picture: the round of 16 to the winner (issue 18.1); each score once, in its box
    svg = html[html.index("<svg"):html.index("</svg>")]
    for name in ("1/8 final", "Quarter-final", "Semi-final", "Final", "Winner"):
        assert f">{name}</text>" in svg
    assert ">1/64 final</text>" not in svg and "score-on-line" not in svg
    assert svg.count('class="team won"') == sum(1 for _ in (played / "2026-27/cup/matches").glob("C[6-9]-*.yaml"))
    # the earlier national rounds are linked lists below it
    for rnd in (3, 4, 5):
        assert f'<a href="round-{rnd:02d}.html">' in html
    rounds = sorted(p.name for p in out.glob("round-*.html"))
    assert rounds == [f"round-{n:02d}.html" for n in range(1, 10)]


def test_round_page_has_home_venue_up_and_imps(played_dir, site):
    played, out = played_dir, site
    page = parse(out / "round-03.html")
    text = " ".join(page.text)
    res = yaml.safe_load((played / "2026-27/cup/matches/C3-001.yaml").read_text(encoding="utf-8"))
    assert "C3-001" in text and f"{res['imps'][0]}-{res['imps'][1]}" in text or f"{res['imps'][1]}-{res['imps'][0]}" in text
    assert re.search(r"\b\d{4} [A-ZÆØÅ]", text)            # venue: postcode and town
    assert "Sun 31 Jan 2027" in text and "13:00" in text    # §1.5.6 official day and start
    assert '<time datetime="2027-01-31">' in (out / "round-03.html").read_text(encoding="utf-8")


def test_division_page_marks_promotion_relegation_and_playoff_carry_over(site):
    out = site
    html = (out / "division-1div.html").read_text(encoding="utf-8")
    assert html.count('<tr class="up">') == 4        # §1.1.2.5 places 1-4: play-off
    assert html.count('<tr class="down">') == 2      # §1.1.3.3 the last two
    assert "1div-SF1" in html and "1div-SF2" in html and "Carry-over" in html
    html2 = (out / "division-2div.html").read_text(encoding="utf-8")
    assert html2.count('<tr class="up">') == 2 and html2.count('<tr class="down">') == 3   # §1.1.3.2, §1.1.4.3
    html3 = (out / "division-3div-a.html").read_text(encoding="utf-8")
    assert "3div-PO" in html3                         # §1.1.4.2 runners-up match


def test_up_gp_and_trophy_pages(played_dir, site):
    played, out = played_dir, site
    gp_total = 0
    for f in (played / "2026-27/cup/matches").glob("*.yaml"):
        gp_total += sum(float(v) for v in yaml.safe_load(f.read_text())["gp"].values())
    shown = [float(x) for x in re.findall(r'<td class="num">(\d+\.\d\d)</td></tr>', (out / "up-gp.html").read_text())]
    assert round(sum(shown), 2) == round(gp_total, 2)      # every GP awarded is in the table
    trophy = " ".join(parse(out / "trophy.html").text)
    assert "2026-27" in trophy                            # §1.5.1 this season's final


def test_1_5_1_trophy_history_from_earlier_finals(played, dbf, tmp_path):
    (played / "trophy.yaml").write_text("schema: 1\nfinals:\n"
                                        "  - {season: 2024-25, captain: 1, name: Anne Holm}\n"
                                        "  - {season: 2025-26, captain: 1, name: Anne Holm}\n", encoding="utf-8")
    out = tmp_path / "site"
    assert dbf("publish", "--out", out).exit_code == 0
    text = " ".join(parse(out / "trophy.html").text)
    assert "2024-25" in text and "Anne Holm" in text and "2026-27" in text


def test_1_5_1_a_broken_trophy_row_is_reported_not_silently_left_out(played, dbf, tmp_path):
    (played / "trophy.yaml").write_text("schema: 1\nfinals:\n"
                                        "  - {season: 2024-25, captain: 1, name: Anne Holm}\n"
                                        "  - {season: 2025-26, name: no captain}\n", encoding="utf-8")
    out = tmp_path / "site"
    result = dbf("publish", "--out", out)
    assert result.exit_code == 0                         # the site is still published
    assert "trophy.yaml:4: warning [format.trophy]: a final needs season and captain" in result.stderr
    assert "2024-25" in " ".join(parse(out / "trophy.html").text)


def test_team_named_script_is_shown_as_text_everywhere(site):
    out = site
    seen = 0
    for page in out.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script" not in html.lower()
        if "&lt;script&gt;alert(1)&lt;/script&gt;" in html:
            seen += 1
        assert "script" not in parse(page).tags
    assert seen >= 2                                   # teams page and at least one round page
    assert EVIL in "".join(parse(out / "teams.html").text)


def test_danish_headings_and_same_json(played, dbf, tmp_path):
    en = dbf("publish", "--out", tmp_path / "en", "--json")
    da = dbf("--lang", "da", "publish", "--out", tmp_path / "en", "--json")
    assert en.exit_code == da.exit_code == 0
    assert en.json == da.json
    assert dbf("--lang", "da", "publish", "--out", tmp_path / "da").exit_code == 0
    html = (tmp_path / "da" / "division-1div.html").read_text(encoding="utf-8")
    assert "Placering" in html and "Hold" in html and 'lang="da"' in html
    assert "Udebanepoint (UP)" in (tmp_path / "da" / "up-gp.html").read_text(encoding="utf-8")
    assert "Hjemmehold" in (tmp_path / "da" / "round-03.html").read_text(encoding="utf-8")


def test_default_out_and_quiet_when_piped(played, dbf):
    r = dbf("publish")
    assert r.exit_code == 0
    assert (played / "2026-27" / "site" / "index.html").is_file()
    assert r.stderr == ""                              # no progress bar when not a terminal
    assert r.stdout.startswith("wrote ")


def test_jinja2_is_not_imported_by_other_commands():
    """Every noun registered (`dbf --help`) and a command run: Jinja2 and aiosmtpd stay unloaded."""
    example = Path(__file__).resolve().parents[2] / "tournaments"
    code = ("import sys\n"
            "from dbfcli.cli.app import app, main\n"
            "for args in (['--help'], ['--dir', sys.argv[1], 'cup', 'teams', '--json']):\n"
            "    try:\n"
            "        main(args)\n"
            "    except SystemExit:\n"
            "        pass\n"
            "print('RESULT', 'jinja2' in sys.modules, 'aiosmtpd' in sys.modules, 'dbfcli.cli.publish' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code, str(example)], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1].split() == ["RESULT", "False", "False", "True"]


def test_stylesheet_is_responsive_and_prints():
    css = (Path(__file__).resolve().parents[2] / "src/dbfcli/publish/static/style.css").read_text(encoding="utf-8")
    assert "@media print" in css and "@media (max-width" in css
    assert json.dumps(css)  # plain text
