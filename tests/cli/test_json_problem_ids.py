"""Every entry of `errors`/`warnings` of every `--json` output has its code, and its § where
a rule applies (issue 13.6, issue 24, docs/problem-codes.md); the exit code follows from them.

`dbftest.run_dbf` checks the ids of every `--json` run of the whole suite; this file runs
many commands on purpose, on the example season and on broken inputs, and pins the codes.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dbfcli.rules.problems import RULE_FAMILIES

from dbftest import problem_entries, run_dbf, team_yaml

SEASON = "2026-27"

GOOD_CARD = "name: Plain\nopenings:\n  1C:\n    - {hcp: [12, 21], shape: any}\n"


def _files(tmp_path):
    """Broken inputs, one file each."""
    files = {
        "malformed.yaml": "teams: [\n  - id: X\n",
        "binary.yaml": b"\x00\x01\x02 not yaml",
        "twice.yaml": "teams:\n" + team_yaml("ODE-1", "A", 1001) + team_yaml("ODE-1", "B", 1002),
        "bad_id.yaml": "teams:\n" + team_yaml("ODE 1!", "A", 1003),
        "unknown_match.yaml": "match: C1-999\nplayed_on: 2026-11-14\nsegments: [[1, 0]]\n"
                              "home: {team: KBH-1, players: []}\naway: {team: KBH-3, players: []}\n",
        "sheet_shape.yaml": "match: C1-001\nsegments: nonsense\n",
        "card.yaml": "name: X\nopenings:\n  9Z: []\n  1C:\n    - {hcp: [30, 2], shape: weird}\n",
        "good_card.yaml": GOOD_CARD,
        "teams.csv": "team_id,team_name\nX,Y\n",
        "seven.yaml": "teams:\n" + team_yaml("ODE-7", "Seven", 1007, n=7),
    }
    for name, text in files.items():
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return tmp_path


# (args, expected exit code, a code or § that must be among the errors, or None)
CASES = [
    (["check"], None, None),
    (["cup", "teams"], 0, None),
    (["division", "teams", "1div"], 0, None),
    (["division", "teams", "9div"], 2, "unknown.division"),
    (["standings", "1div"], None, None),
    (["standings", "9div"], 2, "unknown.division"),
    (["schedule", "1div"], None, None),
    (["schedule", "cup", "--round", "3"], 2, "state.not-drawn"),
    (["draw", "cup", "--round", "2", "--seed", "1"], 2, "state.not-drawn"),
    (["draw", "cup", "--round", "1", "--seed", "1", "--dry-run"], None, None),
    (["deadlines", "--today", "2026-13-40"], 2, "usage.option"),
    (["deadlines"], None, None),
    (["up"], None, None),
    (["up", "NOPE-1"], 2, "unknown.team"),
    (["gp"], None, None),
    (["vp", "10", "--boards", "16"], 0, None),
    (["vp", "10", "--boards", "0"], 2, "usage.option"),
    (["distance", "5000", "2100"], 0, None),
    (["distance", "0000", "2100"], 2, "unknown.postcode"),
    (["playoff", "1div"], None, None),
    (["playoff", "2div"], 2, "unknown.division"),
    (["result", "check", "{tmp}/missing.yaml"], 2, "io.cannot-read"),
    (["result", "check", "{tmp}/malformed.yaml"], 2, "format.yaml"),
    (["result", "check", "{tmp}/binary.yaml"], 2, "format.encoding"),
    (["result", "check", "{tmp}/sheet_shape.yaml"], 2, "format.sheet"),
    (["result", "check", "{tmp}/unknown_match.yaml"], 2, None),
    (["result", "walkover", "C1-999", "--withdrawn", "KBH-1"], 2, "unknown.match"),
    (["cup", "enter", "{tmp}/malformed.yaml"], 2, "format.yaml"),
    (["cup", "enter", "{tmp}/twice.yaml"], 2, "format.duplicate"),
    (["cup", "enter", "{tmp}/bad_id.yaml"], 2, "format.id"),
    (["cup", "enter", "{tmp}/teams.csv"], 2, "format.csv"),
    (["cup", "enter", "{tmp}/seven.yaml"], 1, "roster.team-size"),    # issue 24: §1.5.11 and its code
    (["system", "check", "{tmp}/card.yaml"], 2, None),
    (["system", "check", "{tmp}/good_card.yaml"], 0, None),
    (["system", "check", "{tmp}/missing.yaml"], 2, "io.cannot-read"),
    (["undo"], 2, "state.cannot-undo"),
    (["init", "--season", "2026"], 2, "format.id"),
    (["init", "--season", SEASON], 2, "state.exists"),
    (["season", "rollover", "--to", SEASON], 2, "usage.option"),
    (["--season", "1999-00", "check"], 2, "unknown.season"),
    (["travel", "claim", "C1-001", "--team", "NOPE-1", "--zones", "12"], 2, "unknown.team"),
]


@pytest.mark.parametrize("args, exit_, must", CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_every_json_problem_has_an_id(example, tmp_path, args, exit_, must):
    tmp = _files(tmp_path)
    argv = [a.replace("{tmp}", str(tmp)) for a in args] + ["--json"]
    run = run_dbf(*argv)     # run_dbf asserts that every entry has `rule` and a `code`
    assert run.exit_code != 0 or exit_ in (0, None), run.stdout
    if exit_ is not None:
        assert run.exit_code == exit_, (run.stdout, run.stderr)
    if run.exit_code in (1, 2, 3):
        doc = run.json
        assert doc["ok"] is False
        errs = doc["errors"]
        assert errs, doc
        ids = {e["code"] for e in errs} | {e["rule"] for e in errs}
        if must is not None:
            assert must in ids, errs
        if run.exit_code == 1:      # exit 1 is a broken rule: every error has its § and a rule's code
            assert all(e["rule"] and e["code"].partition(".")[0] in RULE_FAMILIES for e in errs), errs
        else:                       # exit 2: at least one error has a code of an exit-2 family
            assert any(e["code"] for e in errs), errs


def test_a_broken_season_file_is_reported_by_check_with_codes(example):
    (example / SEASON / "season.toml").write_text("this is = = not toml\n")
    (example / SEASON / "cup" / "teams.yaml").write_text("teams: [\n")
    run = run_dbf("check", "--json")
    assert run.exit_code == 2
    assert {e["code"] for e in problem_entries(run.json)} >= {"format.toml"}


def test_human_output_names_the_code(example, tmp_path):
    """On stderr a problem without a § shows its code where the § would be."""
    (tmp_path / "bad.yaml").write_text("teams: [\n")
    run = run_dbf("cup", "enter", tmp_path / "bad.yaml")
    assert run.exit_code == 2
    assert "error [format.yaml]:" in run.stderr


def test_24_a_broken_rule_has_its_code_in_json_and_only_its_section_on_stderr(example, tmp_path):
    """Issue 24: a team of 7 breaks §1.5.11; ``--json`` names it ``roster.team-size`` with the
    §, stderr says ``error §1.5.11:`` as it did before the codes (a rule's code is not shown)."""
    (tmp_path / "seven.yaml").write_text("teams:\n" + team_yaml("ODE-7", "Seven", 1007, n=7))
    doc = run_dbf("cup", "enter", tmp_path / "seven.yaml", "--json")
    assert doc.exit_code == 1
    assert [(e["rule"], e["code"]) for e in doc.json["errors"]] == [("1.5.11", "roster.team-size")]
    run = run_dbf("cup", "enter", tmp_path / "seven.yaml")
    assert run.exit_code == 1 and "error §1.5.11: team ODE-7 has 7 players" in run.stderr
    assert "roster.team-size" not in run.stderr


@pytest.mark.parametrize("args", [["check", "--no-such-option"], ["no-such-command"]], ids=" ".join)
def test_a_command_line_that_does_not_parse_is_usage_command_line(example, args):
    """click's usage errors, made JSON by the console script (not CliRunner): exit 2, a code."""
    run = subprocess.run([sys.executable, "-m", "dbfcli", *args, "--json"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2
    errs = json.loads(run.stdout)["errors"]
    assert [(e["rule"], e["code"]) for e in errs] == [(None, "usage.command-line")]
