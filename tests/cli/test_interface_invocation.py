"""docs/interface.md "Invocation": where DIR and SEASON come from, plain output off a terminal,
the lock timeout's default, and no traceback unless ``DBF_DEBUG=1``.

Each test names the contract point it pins (docs/interface-conformance.md).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dbftest import run_dbf, team_yaml

REPO = Path(__file__).resolve().parents[2]


def _teams(*args: str) -> int:
    r = run_dbf(*args, "cup", "teams", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return len(r.json["teams"])


def test_dir_defaults_to_tournaments_in_the_working_folder(tmp_path, monkeypatch):
    """DIR: neither --dir nor $DBF_DIR -> ./tournaments (the shipped example works from a clone)."""
    shutil.copytree(REPO / "tournaments", tmp_path / "tournaments",
                    ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    monkeypatch.delenv("DBF_DIR", raising=False)
    monkeypatch.delenv("DBF_SEASON", raising=False)
    monkeypatch.chdir(tmp_path)
    assert _teams() == 160


def test_dir_option_before_dbf_dir(example, tmp_path, monkeypatch):
    """DIR: --dir wins over $DBF_DIR, which wins over ./tournaments."""
    monkeypatch.chdir(tmp_path)   # ./tournaments is the example copy too: make it empty
    other = tmp_path / "other"
    assert run_dbf("--dir", other, "init", "--season", "2026-27").exit_code == 0
    assert _teams() == 160                      # $DBF_DIR (the example fixture sets it)
    assert _teams("--dir", other) == 0          # --dir beats $DBF_DIR
    monkeypatch.setenv("DBF_DIR", str(other))
    assert _teams() == 0


def test_season_order_option_env_current_newest(example, monkeypatch):
    """SEASON: --season, else $DBF_SEASON, else `current` of DIR/dbf.toml, else the newest folder."""
    assert run_dbf("init", "--season", "2027-28").exit_code == 0
    assert _teams() == 160                                   # current = "2026-27" in dbf.toml
    monkeypatch.setenv("DBF_SEASON", "2027-28")
    assert _teams() == 0                                     # $DBF_SEASON beats current
    assert _teams("--season", "2026-27") == 160              # --season beats $DBF_SEASON
    monkeypatch.delenv("DBF_SEASON")
    toml = example / "dbf.toml"
    toml.write_text("\n".join(line for line in toml.read_text().splitlines()
                              if not line.startswith("current")) + "\n")
    assert _teams() == 0                                     # no current: the newest folder
    toml.unlink()
    assert _teams() == 0


def test_unknown_season_is_exit_2(example):
    """Exit 2: unknown season (a well-formed name without a folder, and a malformed name)."""
    for season in ("2031-32", "26-27"):
        r = run_dbf("--season", season, "standings", "1div", "--json")
        assert r.exit_code == 2 and r.json["ok"] is False and r.json["errors"][0]["rule"] is None
        assert r.json["errors"][0]["code"] in ("unknown.season", "format.id")


@pytest.mark.parametrize("argv", [["standings", "1div"], ["cup", "teams"], ["schedule", "1div"],
                                  ["vp", "12"], ["distance", "5000", "2100"], ["deadlines"]],
                         ids=" ".join)
def test_plain_output_when_stdout_is_not_a_terminal(example, argv):
    """Without --json, off a terminal: no colour codes and no box art."""
    r = run_dbf(*argv)
    assert r.exit_code == 0, r.stderr
    for text in (r.stdout, r.stderr):
        assert "\x1b[" not in text
        assert not set(text) & set("┃│┏┓┗┛━─┡┩╇╋┼"), text[:300]


def test_lock_timeout_defaults_to_10_seconds():
    """`--lock-timeout` (exit 3 after waiting), default 10 s."""
    from typer.main import get_command

    from dbfcli.cli.app import app
    from dbfcli.cli.invocation import RUN

    (param,) = [p for p in get_command(app).params if p.name == "lock_timeout"]
    assert param.default == 10.0
    assert run_dbf("vp", "3").exit_code == 0 and RUN.lock_timeout == 10.0


def test_no_traceback_unless_dbf_debug(example, monkeypatch):
    """Never a Python traceback, unless DBF_DEBUG=1 (then the exception propagates)."""
    import dbfcli.cli.common as common

    def boom(*_a, **_k):
        raise RuntimeError("an unforeseen failure")

    import dbfcli.store.season as season_store

    monkeypatch.setattr(season_store, "resolve_season", boom)
    monkeypatch.delenv("DBF_DEBUG", raising=False)
    r = run_dbf("cup", "teams", internal_error_expected=True)
    assert r.exit_code == 2 and "Traceback" not in r.stdout + r.stderr
    assert "internal error" in r.stderr and "DBF_DEBUG=1" in r.stderr
    j = run_dbf("cup", "teams", "--json", internal_error_expected=True)
    assert j.exit_code == 2 and j.json["ok"] is False and j.json["errors"][0]["rule"] is None
    assert j.json["errors"][0]["code"] == "internal.error"
    monkeypatch.setenv("DBF_DEBUG", "1")
    with pytest.raises(RuntimeError):
        run_dbf("cup", "teams")


def test_exit_1_only_when_every_error_names_its_section(empty_season, tmp_path):
    """Exit 1: every broken rule listed, each with its §; an error without a § (a team id
    twice: a malformed file) makes it exit 2, with every problem still listed."""
    from dbftest import snapshot

    f = tmp_path / "teams.yaml"
    f.write_text("teams:\n" + team_yaml("ODE-1", "Big", 1000, n=7), encoding="utf-8")
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.11"]
    f.write_text("teams:\n" + team_yaml("ODE-1", "Big", 1000, n=7) + team_yaml("ODE-1", "Again", 2000), encoding="utf-8")
    before = snapshot(empty_season)
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 2 and r.json["ok"] is False
    assert any(e["rule"] is None and e["code"] == "format.duplicate" for e in r.json["errors"])
    assert snapshot(empty_season) == before
    human = run_dbf("cup", "enter", f)
    assert human.exit_code == 2 and "used twice" in human.stderr
