"""The shell: init, cup/division enter, check, log, exit codes, --json, the lock (issue 2)."""

import subprocess
import sys
import textwrap

import pytest

from dbftest import run_dbf, snapshot
from dbfcli.cli.app import app

GOOD_TEAMS = """\
teams:
  - id: ODE-1
    name: Odense Lynet
    captain: 100234
    club: 4100
    postcode: "5000"
    players:
      - {id: 100234, name: Anne Holm, club: 4100}
      - {id: 100235, name: Bo Lind, club: 4100}
      - {id: 100236, name: Carl Dam, club: 4100}
      - {id: 100237, name: Dorte Ravn, club: 4100}
  - name: Aarhus Stjerne
    captain: 200111
    club: 8000
    postcode: 8000
    players:
      - {id: 200111, name: Eva Krog, club: 8000}
      - {id: 200112, name: Finn Lund, club: 8000}
      - {id: 200113, name: Gitte Mø, club: 8000}
      - {id: 200114, name: Hans Bech, club: 8000}
"""

BAD_TEAMS = """\
teams:
  - id: BIG-1
    name: Too Many
    captain: 1
    club: 4100
    postcode: "5000"
    players:
      - {id: 1, name: A}
      - {id: 2, name: B}
      - {id: 3, name: C}
      - {id: 4, name: D}
      - {id: 5, name: E}
      - {id: 6, name: F}
      - {id: 7, name: G}
  - id: NOWHERE-1
    name: Nowhere
    captain: 11
    club: 4100
    postcode: "9999"
    players:
      - {id: 11, name: K}
      - {id: 12, name: L}
      - {id: 13, name: M}
      - {id: 1, name: A}
"""


def _all_commands(group=None, prefix=()):
    import typer.main

    group = group or typer.main.get_command(app)
    for name, cmd in group.commands.items():
        if hasattr(cmd, "commands"):
            yield from _all_commands(cmd, prefix + (name,))
        else:
            yield prefix + (name,), cmd


@pytest.mark.parametrize("path", [p for p, _ in _all_commands()], ids=" ".join)
def test_every_command_help_has_an_example(path):
    result = run_dbf(*path, "--help")
    assert result.exit_code == 0
    assert "Example:" in result.stdout, f"`dbf {' '.join(path)} --help` has no example"


def test_root_help_and_version():
    assert "Example:" in run_dbf("--help").stdout
    out = run_dbf("--version").stdout
    assert "GeoNames" in out and "CC BY 4.0" in out


def test_init_twice_is_refused(empty_season):
    before = snapshot(empty_season)
    result = run_dbf("init", "--season", "2026-27")
    assert result.exit_code == 2 and "already exists" in result.stderr
    assert snapshot(empty_season) == before


def test_init_json(tmp_path, monkeypatch):
    monkeypatch.setenv("DBF_DIR", str(tmp_path))
    result = run_dbf("init", "--season", "2027-28", "--json")
    assert result.exit_code == 0 and result.json["season"] == "2027-28"
    assert (tmp_path / "2027-28" / "season.toml").is_file()
    assert run_dbf("check").exit_code == 0


def test_cup_enter_and_teams(empty_season, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text(GOOD_TEAMS, encoding="utf-8")
    result = run_dbf("cup", "enter", f)
    assert result.exit_code == 0, result.stderr
    doc = run_dbf("cup", "teams", "--json").json
    assert [t["id"] for t in doc["teams"]] == ["ODE-1", "AARHUS-STJERNE"]  # id made from the name
    assert doc["teams"][1]["postcode"] == "8000" and doc["teams"][0]["entry_round"] == 1
    # re-entering an id updates it
    f.write_text(GOOD_TEAMS.replace("Odense Lynet", "Odense Torden"), encoding="utf-8")
    assert run_dbf("cup", "enter", f).exit_code == 0
    doc = run_dbf("cup", "teams", "--json").json
    assert len(doc["teams"]) == 2 and doc["teams"][0]["name"] == "Odense Torden"
    log = run_dbf("log", "--json").json["entries"]
    assert [e["changes"][0]["action"] for e in log] == ["create", "create", "update"]


def test_cup_enter_csv(empty_season, tmp_path):
    f = tmp_path / "teams.csv"
    rows = ["team_id,team_name,captain,club,postcode,player_id,player_name,player_club,division"]
    rows += [f"KBH-1,København Es,101,1100,2100,{100 + i},P{i},1100," for i in range(1, 5)]
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    result = run_dbf("cup", "enter", f)
    assert result.exit_code == 0, result.stderr
    assert run_dbf("cup", "teams", "--json").json["teams"][0]["players"][3]["id"] == 104


def test_cup_enter_lists_every_problem_and_writes_nothing(empty_season, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text(BAD_TEAMS, encoding="utf-8")
    before = snapshot(empty_season)
    result = run_dbf("cup", "enter", f, "--json")
    assert result.exit_code == 1
    rules = sorted(e["rule"] for e in result.json["errors"])
    assert rules == ["1.5.11", "1.5.12a", "1.5.8"]
    assert all(e["file"] == "bad.yaml" or e["file"].endswith("bad.yaml") for e in result.json["errors"])
    assert snapshot(empty_season) == before
    human = run_dbf("cup", "enter", f)
    assert "§1.5.11" in human.stderr and "has 7 players" in human.stderr and "nothing was written" in human.stderr


def test_malformed_file_is_exit_2_with_line(empty_season, tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("teams:\n  - id: A\n   name: x\n", encoding="utf-8")
    result = run_dbf("cup", "enter", f)
    assert result.exit_code == 2
    assert "broken.yaml:3" in result.stderr and "malformed YAML" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_season_and_division(empty_season):
    assert run_dbf("--season", "1999-00", "cup", "teams").exit_code == 2
    r = run_dbf("division", "teams", "4div")
    assert r.exit_code == 2 and "unknown division" in r.stderr


def test_json_errors_shape(tmp_path):
    r = run_dbf("--dir", tmp_path / "none", "check", "--json")
    assert r.exit_code == 2
    assert r.json["ok"] is False and r.json["errors"][0]["rule"] is None
    assert r.json["errors"][0]["code"] == "io.missing-folder"


def test_lock_held_by_another_dbf_is_exit_3(empty_season, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text(GOOD_TEAMS, encoding="utf-8")
    code = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from dbfcli.store.atomic import SeasonLock
        with SeasonLock(Path({str(empty_season / '2026-27')!r}), 5):
            print("locked", flush=True)
            time.sleep(5)
    """)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        before = snapshot(empty_season)
        r = run_dbf("--lock-timeout", "0.3", "cup", "enter", f)
        assert r.exit_code == 3 and "locked" in r.stderr
        assert snapshot(empty_season) == before
    finally:
        proc.kill()
        proc.wait()


def test_dry_run_writes_nothing(empty_season, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text(GOOD_TEAMS, encoding="utf-8")
    before = snapshot(empty_season)
    r = run_dbf("cup", "enter", f, "--dry-run", "--json")
    assert r.exit_code == 0 and r.json["changes"] == [{"file": "cup/teams.yaml", "action": "create"}]
    assert snapshot(empty_season) == before


def test_undo_reverts_last_write_and_refuses_after_hand_edit(empty_season, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text(GOOD_TEAMS, encoding="utf-8")
    before = snapshot(empty_season)
    assert run_dbf("cup", "enter", f).exit_code == 0
    teams_file = empty_season / "2026-27" / "cup" / "teams.yaml"
    assert teams_file.exists()
    r = run_dbf("undo")
    assert r.exit_code == 0, r.stderr
    assert not teams_file.exists()
    after = {k: v for k, v in snapshot(empty_season).items() if not k.startswith("2026-27/journal")}
    assert after == {k: v for k, v in before.items() if not k.startswith("2026-27/journal")}
    assert run_dbf("undo").exit_code == 0 and teams_file.exists()   # undo of the undo = redo
    teams_file.write_text(teams_file.read_text() + "# hand edit\n")
    r = run_dbf("undo")
    assert r.exit_code == 2 and "[state.cannot-undo]" in r.stderr
    r = run_dbf("--lang", "da", "undo")          # a keyed text (issue 24): Danish from its key
    assert r.exit_code == 2 and "[state.cannot-undo]" in r.stderr and "manuelt" in r.stderr
    assert "by hand" not in r.stderr and "will not undo" not in r.stderr, r.stderr


def test_git_true_commits_each_write(empty_season, tmp_path):
    import shutil

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    (empty_season / "dbf.toml").write_text('current = "2026-27"\ngit = true\n', encoding="utf-8")
    f = tmp_path / "teams.yaml"
    f.write_text(GOOD_TEAMS, encoding="utf-8")
    assert run_dbf("cup", "enter", f).exit_code == 0
    log = subprocess.run(["git", "-C", str(empty_season), "log", "--format=%s"], capture_output=True, text=True)
    assert log.stdout.splitlines()[0] == "dbf: entered 2 cup teams from teams.yaml"
    files = subprocess.run(["git", "-C", str(empty_season), "show", "--name-only", "--format="],
                           capture_output=True, text=True).stdout.split()
    assert "2026-27/cup/teams.yaml" in files and any(f.startswith("2026-27/journal/") for f in files)


def test_1_1_1_3_division_entry_fee_is_base_plus_travel_pool(example):
    doc = run_dbf("division", "fees", "--json").json
    assert doc["rule"] == "1.1.1.3"
    first = doc["divisions"]["1div"]
    assert len(first["teams"]) == 12
    assert all(t["total_kr"] == t["base_kr"] + t["travel_pool_kr"] == 2500 + 1500 for t in first["teams"])
    assert first["travel_pool_total_kr"] == 12 * 1500
    assert doc["divisions"]["3div-b"]["teams"][0]["total_kr"] == 1500 + 1000
