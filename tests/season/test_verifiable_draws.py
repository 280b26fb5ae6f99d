"""Issue 30: a whole cup whose every draw is committed, drawn and verified, through the real CLI.

A field of 60 cup teams (the example's generator; the divisions' teams seeded into rounds 3 and
4, §1.5.3) is entered; for every round of the cup: `dbf draw commit` (round 4 names a beacon
source), `dbf publish` shows the commitment and holds no secret, `dbf notify commitment` mails
it, `dbf draw cup` reveals the secret, `dbf draw verify --round N` recomputes the draw, and the
round is played by walkovers (§1.5.15) -- one round-1 match waits with a dispensation, so round 2
is drawn with its winner as a pending place (§1.5.16 with §1.5.6) and the field committed holds
that dispensation. `dbf check` accepts the season after every write. At the end every published
bundle is copied to a folder of its own and verified there, with no season folder, and a
tampered copy fails.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf
from test_cup_season import sheet

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
BEACON_ROUND = 4   # the first national round of this field (round 3 has no match, §1.5.3)


class Cup:
    def __init__(self, root: Path):
        self.root = root

    def run(self, *args, expect=0):
        r = run_dbf("--dir", self.root, *args, "--json")
        assert r.exit_code == expect, (args, r.stdout, r.stderr)
        return r.json

    def write(self, *args, expect=0):
        doc = self.run(*args, expect=expect)
        c = run_dbf("--dir", self.root, "check", "--json")
        assert c.exit_code == 0, (args, c.stdout)
        return doc

    def secret(self, subject: str) -> str:
        lines = (self.root / SEASON / ".draw-secrets").read_text().split("\n")[1:]
        return dict(line.split() for line in lines if line)[subject]


def _enter(cup: Cup, tmp: Path) -> None:
    sys.path.insert(0, str(REPO / "tools"))
    import make_example as ex

    season = ex.build_season(seed=30, n_cup=60)
    cup.write("init", "--season", SEASON)
    for div, teams in season.divisions.items():
        f = tmp / f"{div}.yaml"
        f.write_text(ex.dump_teams({"schema": 1, "division": div, "teams": [t.entry(False) for t in teams]}))
        cup.write("division", "enter", div, f)
    f = tmp / "cup-teams.yaml"
    f.write_text(ex.dump_teams({"schema": 1, "teams": [t.entry(True) for t in season.cup]}))
    cup.write("cup", "enter", f)


def _commit(cup: Cup, round_no: int, tmp: Path) -> dict | None:
    """Commit round ``round_no``; None for a round the field skips (§1.5.3). The site shows the
    commitment and holds no secret; the captains get it by mail."""
    extra = ("--beacon-source", "drand quicknet round 9000001") if round_no == BEACON_ROUND else ()
    r = run_dbf("--dir", cup.root, "draw", "commit", "--round", str(round_no), *extra, "--json")
    if r.exit_code == 1 and any(e["rule"] == "1.5.3" for e in r.json["errors"]):
        return None
    assert r.exit_code == 0, r.stdout
    assert run_dbf("--dir", cup.root, "check").exit_code == 0
    site = tmp / f"site-before-{round_no}"
    cup.run("publish", "--out", site)
    secret = cup.secret(f"cup-round-{round_no:02d}")
    assert r.json["commitment"] in (site / "draws.html").read_text()
    assert all(secret.encode() not in f.read_bytes() for f in site.rglob("*") if f.is_file())
    mail = cup.run("notify", "commitment", "--round", str(round_no), "--out", tmp / f"mail-{round_no}")
    assert mail["messages"] > 0 and mail["commitment"] == r.json["commitment"]
    return r.json


def _play(cup: Cup, round_no: int, waiting: list[str], tmp: Path, only: str | None = None) -> None:
    """Every match of the round, as scheduled: round 1 by result sheets the home team wins (a
    round-1 walkover winner would not have played, §1.5.2), one of them waiting with a
    dispensation (§1.5.6) until round 2 is drawn; later rounds by walkover of the away team
    (§1.5.15)."""
    teams = {t["id"]: t for t in yaml.safe_load((cup.root / SEASON / "cup" / "teams.yaml").read_text())["teams"]}
    for m in cup.run("schedule", "cup", "--round", str(round_no))["matches"]:
        if only is not None and m["id"] != only:
            continue
        if round_no == 1 and not waiting:
            cup.write("schedule", "cup", "set", m["id"], "--date", "2027-01-20", "--dispensation",
                      "a player selected for DBF's junior team; the opponents accept")
            waiting.append(m["id"])
        elif round_no == 1:
            f = tmp / f"{m['id']}.yaml"
            f.write_text(sheet(m["id"], 1, teams[m["home"]], teams[m["away"]], m["date"], f"{m['date']}T21:00",
                               (50, 20), up_away=m["travel"].get(m["away"], {}).get("up")))
            cup.write("result", "submit", f)
        else:
            cup.write("result", "walkover", m["id"], "--withdrawn", m["away"])


def test_30_1_5_16_every_round_of_a_cup_committed_drawn_and_verified(tmp_path, monkeypatch):
    monkeypatch.delenv("DBF_DIR", raising=False)
    monkeypatch.delenv("DBF_SEASON", raising=False)
    cup = Cup(tmp_path / "tournaments")
    _enter(cup, tmp_path)
    waiting: list[str] = []
    drawn_rounds = []
    for round_no in range(1, 10):
        commitment = _commit(cup, round_no, tmp_path)
        if commitment is None:
            continue
        beacon = ("--beacon", "5f2d8b1c0e") if round_no == BEACON_ROUND else ()
        draw = cup.write("draw", "cup", "--round", str(round_no), *beacon)
        assert draw["proof"]["commitment"] == commitment["commitment"]
        assert draw["proof"]["secret"] == cup.secret(f"cup-round-{round_no:02d}")
        verified = cup.run("draw", "verify", "--round", str(round_no))
        assert verified["verified"] and verified["commitment"] == commitment["commitment"]
        drawn_rounds.append(round_no)
        if round_no == 2:     # §1.5.16 with §1.5.6: the waiting match's winner was drawn as a place
            place = f"pending: {waiting[0]}"
            assert any(place in m["teams"] for m in draw["matches"]) or place in draw["byes"], draw
            _play(cup, 1, waiting, tmp_path, only=waiting[0])     # the waiting match is played: the place is filled
            again = cup.run("draw", "cup", "--round", "2", "--force", "--dry-run", expect=1)
            assert [e["code"] for e in again["errors"]] == ["draw.field-changed"]   # round 1 is no longer as committed
            assert cup.run("draw", "verify", "--round", "2")["verified"]            # the draw made still verifies
        _play(cup, round_no, waiting, tmp_path)
    assert drawn_rounds[-1] == 9 and len(drawn_rounds) >= 6, drawn_rounds
    assert cup.run("trophy")["holder"]
    # every draw verifies from the published bundle alone, in a folder of its own
    site = tmp_path / "site"
    cup.run("publish", "--out", site)
    bundles = sorted(site.glob("verify-cup-round-*.json"))
    assert [int(b.stem[-2:]) for b in bundles] == drawn_rounds
    captain = tmp_path / "captain"
    captain.mkdir()
    monkeypatch.chdir(captain)
    for b in bundles:
        copy = captain / b.name
        shutil.copy(b, copy)
        r = run_dbf("draw", "verify", "--bundle", copy, "--json")
        assert r.exit_code == 0 and r.json["verified"], (b.name, r.stdout)
    doc = json.loads((captain / bundles[0].name).read_text())
    doc["draw"]["matches"][0]["teams"].reverse()        # the home team drawn first (§1.5.5) changed
    (captain / "tampered.json").write_text(json.dumps(doc))
    r = run_dbf("draw", "verify", "--bundle", captain / "tampered.json", "--json")
    assert r.exit_code == 1 and [e["code"] for e in r.json["errors"]] == ["draw.verify-match"], r.stdout
