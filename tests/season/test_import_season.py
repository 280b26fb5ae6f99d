"""Issue 28, a season played through the real CLI with a real file: the example cup season's round 1
is drawn (`dbf draw cup`), the two teams of C1-001 are given the rosters of Denmark and Poland as
`dbf cup enter` updates them (full names, Polish letters kept), and the match is recorded from the
unchanged rpbridge.net archive (tests/data/real/, 245 matches of 2012) by `dbf result import
--pick "Poland v Denmark" --submit`:

* first without the captains' agreement: the archive's 32 boards are not round 1's 40 (§1.5.9),
  exit 1, the totals in --json, and nothing written anywhere (the season byte for byte, no sheet);
* then with `--agreed-boards 32` (§1.5.9), the UP (§1.5.4) and the signature (§1.5.14): recorded,
  `dbf check` clean, the IMPs those of the test's own scorer and IMP table, GP to the winners'
  players who played (§1.5.10), the winner in round 2's field; `dbf undo` takes it back whole.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

from dbftest import run_dbf, snapshot

REPO = Path(__file__).resolve().parents[2]
ARCHIVE = REPO / "tests" / "data" / "real" / "endplay-example3-rpbridge2021.pbn"
SEASON = "2026-27"
sys.path.insert(0, str(REPO / "tests" / "store"))

import test_import_rpbridge_archive as rp  # noqa: E402  the independent scorer and the rosters


def _season(tmp_path: Path) -> Path:
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    return root


def _give_rosters(root: Path, tmp_path: Path, match: dict) -> dict[str, str]:
    """The teams of ``match`` get Denmark's and Poland's players (full names): team id -> label."""
    teams = {t["id"]: t for t in yaml.safe_load((root / SEASON / "cup" / "teams.yaml").read_text())["teams"]}
    labels = dict(zip(match["teams"], ("Denmark", "Poland")))
    out = []
    for tid, label in labels.items():
        base = 100001 if label == "Denmark" else 200001
        players = [{"id": base + i, "name": n} for i, n in enumerate(rp.TEAMS[label])]
        out.append({**teams[tid], "players": players, "captain": base})
    f = tmp_path / "rosters.yaml"
    f.write_text(yaml.safe_dump({"teams": out}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    r = run_dbf("--dir", root, "cup", "enter", f)
    assert r.exit_code == 0, r.stderr
    return labels


def test_28_1_5_9_a_cup_match_recorded_from_the_real_rpbridge_archive(tmp_path, monkeypatch):
    root = _season(tmp_path)
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert run_dbf("--dir", root, "draw", "cup", "--round", "1", "--seed", "2026").exit_code == 0
    draw = yaml.safe_load((root / SEASON / "cup" / "draws" / "round-01.yaml").read_text())
    match = draw["matches"][0]
    labels = _give_rosters(root, tmp_path, match)
    assert run_dbf("--dir", root, "check").exit_code == 0

    # §1.5.9: 32 boards without the captains' agreement: refused, the totals shown, nothing written
    before = snapshot(root)
    r = run_dbf("--dir", root, "result", "import", ARCHIVE, "--match", match["id"], "--pick", "Poland v Denmark",
                "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.9"], r.json
    assert r.json["boards"] == 32 and r.json["written"] is False
    assert snapshot(root) == before and list(here.iterdir()) == []

    # recorded with the agreement, the UP and the signature
    by_team = {labels[t]: t for t in match["teams"]}
    r = run_dbf("--dir", root, "result", "import", ARCHIVE, "--match", match["id"], "--pick", "Poland v Denmark",
                "--agreed-boards", "32", "--up", str(r.json["up_computed"]), "--signed-by", "200001",
                "--submit", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert r.json["recorded"] is True
    check = run_dbf("--dir", root, "check", "--json")
    assert check.exit_code == 0 and check.json["errors"] == [], check.json

    # the IMPs against the test's own arithmetic (Law 77 scores, the WBF table, seats by room)
    names = {n: label for label in ("Denmark", "Poland") for n in rp.TEAMS[label]}
    from dbfcli.rules.scoring.teammatch import RosterPlayer, match_name

    roster = tuple(RosterPlayer(i, n, names[n]) for i, n in enumerate(names, 1))
    seated = {s for g in rp._raw_tables("Denmark", "Poland") for k, s in g.items() if k in ("North", "East", "South", "West")}
    team_of = {s: match_name(s, None, roster)[0].team for s in seated}
    denmark, poland = rp._independent_totals("Denmark", "Poland", team_of)
    recorded = yaml.safe_load((root / SEASON / "cup" / "matches" / f"{match['id']}.yaml").read_text())
    totals = dict(zip((recorded["home"], recorded["away"]), recorded["imps"]))
    assert totals == {by_team["Denmark"]: denmark, by_team["Poland"]: poland}
    assert recorded["boards"] == 32
    winner = by_team["Denmark"] if denmark > poland else by_team["Poland"]
    assert recorded["winner"] == winner

    # §1.5.10: GP to the winners' players who played; the journal in Danish names the match
    base = 100001 if winner == by_team["Denmark"] else 200001
    assert recorded["gp"] and all(base <= int(pid) < base + 6 for pid in recorded["gp"])
    assert sum(a["boards"] for a in recorded["appearances"] if a["team"] == winner) == 4 * 32   # §1.5.14
    danish = run_dbf("--dir", root, "--lang", "da", "log", "-n", "1")
    assert match["id"] in danish.stdout and "tidspunkt" in danish.stdout
    assert run_dbf("--dir", root, "undo").exit_code == 0
    assert not (root / SEASON / "cup" / "matches" / f"{match['id']}.yaml").exists()
    assert run_dbf("--dir", root, "check").exit_code == 0

