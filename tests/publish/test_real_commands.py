"""`dbf publish` and `dbf press` on state made by the real commands: `dbf draw cup` and
`dbf result submit` for every match of a 16-team cup up to the final (§1.5.2-§1.5.16).

Durability is not under test here, so fsync is switched off to keep the test fast.
"""

from __future__ import annotations

import datetime as dt
import random
import re

import pytest
import yaml

SEASON = "2026-27"
FIELD = 16


def _sheet(match: str, home: dict, away: dict, round_no: int, imps: tuple[int, int], day: dt.date) -> str:
    boards = 40 if round_no <= 6 else 48
    segs = [[imps[0], imps[1]]] + [[0, 0]] * (boards // 8 - 1)

    def rows(team):
        ids = [p["id"] for p in team["players"]]
        rest = len(ids) - 3
        share = [boards // rest + (1 if k < boards % rest else 0) for k in range(rest)]
        return "\n".join(f"    - {{id: {i}, boards: {b}}}" for i, b in zip(ids, [boards] * 3 + share))

    return (f"match: {match}\nplayed_on: {day.isoformat()}\nsubmitted_at: {day.isoformat()}T20:00\n"
            f"segments: {segs}\n"
            f"home:\n  team: {home['id']}\n  players:\n{rows(home)}\n"
            f"away:\n  team: {away['id']}\n  players:\n{rows(away)}\n"
            f"signed_by: {home['players'][0]['id']}\n")


@pytest.fixture
def cup_played(example, dbf, tmp_path, monkeypatch):
    monkeypatch.setattr("os.fsync", lambda fd: None)
    path = example / SEASON / "cup" / "teams.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["teams"] = doc["teams"][:FIELD]
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    teams = {t["id"]: t for t in doc["teams"]}
    settings = __import__("tomllib").loads((example / SEASON / "season.toml").read_text(encoding="utf-8"))
    days = {int(k): dt.date.fromisoformat(v) for k, v in settings["cup"]["match_days"].items()}
    weekend = dt.date.fromisoformat(settings["cup"]["final_weekend"])
    days.update({8: weekend, 9: weekend + dt.timedelta(days=1)})
    rng = random.Random(7)
    drawn = []
    for rnd in range(1, 10):
        r = dbf("draw", "cup", "--round", rnd, "--seed", 40 + rnd, "--json")
        if r.exit_code == 1 and "is not played in this cup" in r.stdout:
            continue
        assert r.exit_code == 0, r.stdout + r.stderr
        drawn.append(rnd)
        for m in r.json["matches"]:
            home, away = m["teams"]          # no UP noted anywhere: the team drawn first is home (§1.5.5)
            imps = (rng.randint(0, 60), rng.randint(0, 60))
            if imps[0] == imps[1]:
                imps = (imps[0] + 1, imps[1])
            sheet = tmp_path / f"{m['id']}.yaml"
            sheet.write_text(_sheet(m["id"], teams[home], teams[away], rnd, imps, days[rnd]), encoding="utf-8")
            s = dbf("result", "submit", sheet, "--json")
            assert s.exit_code == 0, s.stdout + s.stderr
    return {"dir": example, "teams": teams, "rounds": drawn}


def test_site_and_press_from_real_commands(cup_played, dbf, tmp_path):
    root = cup_played["dir"] / SEASON
    final = yaml.safe_load((root / "cup/matches/C9-001.yaml").read_text(encoding="utf-8"))
    names = {k: v["name"] for k, v in cup_played["teams"].items()}
    out = tmp_path / "site"
    r = dbf("publish", "--out", out, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    html = (out / "bracket.html").read_text(encoding="utf-8")
    box = re.search(r'<g class="box match" data-match="C9-001">(.*?)</g>', html, re.S).group(1)
    for team in final["teams"]:
        assert f'data-team="{team}"' in box
    champion = re.search(r'id="champion">.*?<strong>(.*?)</strong>', html).group(1)
    assert re.sub(r"<[^>]+>", "", champion) == names[final["winner"]]
    assert f'href="team-{final["winner"]}.html"' in champion        # the champion links to its team page
    # the final's score is in its box, once per team (issue 18.1: no label repeated on the connector)
    scores = re.findall(r'class="score"[^>]*>(\d+)</text>', box)
    assert sorted(int(x) for x in scores) == sorted(final["imps"])
    for rnd in cup_played["rounds"]:
        assert (out / f"round-{rnd:02d}.html").is_file()
    press = dbf("press", "9", "--json")
    assert press.exit_code == 0
    assert press.json["results"][0]["winner"] == names[final["winner"]]
    assert f"**{names[final['winner']]}**" in press.json["text"]
