"""One JSON document (docs/interface.md): with ``--json`` every command prints exactly one JSON
document on stdout -- nothing before it, nothing after it -- whether it succeeds or fails;
and a failure (exit 1 or 2) is ``{"ok": false, "errors": [{"rule", "message"}, ...]}``.

Run on a copy of the example with cup round 1 drawn and one sheet recorded. A test walks the
command tree, so a new command without a case here fails the suite.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text

REPO = Path(__file__).resolve().parents[2]
CARDS = REPO / "examples" / "systems"


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    """(DIR, context): round 1 drawn, its first match recorded, input files ready."""
    base = tmp_path_factory.mktemp("json")
    root = base / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    assert run_dbf("--dir", root, "draw", "cup", "--round", "1", "--seed", "11").exit_code == 0
    matches = run_dbf("--dir", root, "schedule", "cup", "--round", "1", "--json").json["matches"]
    teams = cup_teams(root)
    sheets = []
    for i, m in enumerate(matches[:2]):
        f = base / f"sheet-{i}.yaml"
        f.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]))
        sheets.append(f)
    r = run_dbf("--dir", root, "result", "submit", sheets[0], "--json")
    assert r.exit_code == 0, r.stdout
    bad = base / "bad-sheet.yaml"
    bad.write_text(sheets[1].read_text().replace("signed_by", "# signed_by"))
    malformed = base / "malformed.yaml"
    malformed.write_text("match: [\n")
    team = teams[matches[2]["home"]]
    entry = base / "entry.yaml"
    entry.write_text(json.dumps({"teams": [team]}))   # JSON is YAML
    div_entry = base / "div-entry.yaml"
    div_entry.write_text((root / SEASON / "divisions" / "2div.yaml").read_text())
    ctx = dict(base=base, m0=matches[0], m1=matches[1], m2=matches[2], sheet=sheets[1], bad=bad,
               malformed=malformed, entry=entry, div_entry=div_entry, team=team,
               pair=[str(p["id"]) for p in team["players"][:2]])
    return root, ctx


def ok_cases(c):
    """(argv, allowed exit codes) of every command, on the prepared season."""
    b = c["base"]
    return [
        (["check"], (0, 1)),
        (["deadlines", "--today", "2026-12-20"], (0,)),
        (["distance", "5000", "3700"], (0,)),
        (["init", "--season", "2030-31", "--dry-run"], (0,)),
        (["up"], (0,)), (["up", c["m0"]["home"]], (0,)),
        (["gp"], (0,)), (["gp", c["pair"][0]], (0, 2)),
        (["fees"], (0,)), (["fees", c["m0"]["home"]], (0,)),
        (["log"], (0,)), (["log", "-n", "1"], (0,)),
        (["playoff", "1div"], (0, 1)),
        (["lot", "list"], (0,)),
        (["lot", "draw", "2div", "--by", "TD", "--witness", "W", "--dry-run"], (0, 1)),
        (["lot", "record", "3div-PO3", "--order", "ODE-A,GEN-A", "--by", "TD", "--witness", "W", "--dry-run"], (0, 1, 2)),
        (["lot", "remove", "2div", "--dry-run"], (0, 2)),
        (["press", "1"], (0,)), (["press", "2div", "--weekend", "1"], (0, 2)),
        (["publish", "--out", b / "site"], (0,)),
        (["export", "usebio", "--round", "1"], (0,)), (["export", "usebio", "--division", "2div", "--out", b / "2div.xml"], (0,)),
        (["seating", c["m0"]["id"]], (0,)),
        (["standings", "2div"], (0,)), (["standings", "1div", "--round", "1"], (0,)),
        (["trophy"], (0,)),
        (["undo", "--dry-run"], (0,)),
        (["vp", "12"], (0,)), (["vp", "12", "--boards", "36"], (0,)),
        (["imps", "430"], (0,)),
        (["cup", "teams"], (0,)), (["cup", "enter", c["entry"], "--dry-run"], (0,)),
        (["cup", "withdraw-player", c["m2"]["home"], c["pair"][0], "--dry-run"], (0, 1)),
        (["division", "teams", "2div"], (0,)), (["division", "fees"], (0,)), (["division", "fees", "1div"], (0,)), (["division", "enter", "2div", c["div_entry"], "--dry-run"], (0,)),
        (["draw", "cup", "--round", "1", "--force", "--dry-run"], (0, 1, 2)),
        (["notify", "draw", "--round", "1", "--out", b / "mail"], (0,)),
        # issue 30: commit before, reveal after (round 2 cannot be committed yet: round 1 is open)
        (["draw", "commit", "--round", "2", "--dry-run"], (0, 1, 2)),
        (["draw", "verify", "--round", "1"], (0, 1, 2)),
        (["lot", "commit", "2div", "--dry-run"], (0, 1, 2)),
        (["lot", "verify"], (0, 1, 2)),
        (["notify", "commitment", "--round", "2", "--out", b / "mail-commit"], (0, 1, 2)),
        (["notify", "division", "2div", "--weekend", "1", "--out", b / "mail-div"], (0,)),
        (["notify", "reminders", "--out", b / "mail-rem", "--now", "2026-12-20T12:00"], (0,)),
        (["result", "blank", "--round", "1", "--out", b / "blanks", "--dry-run"], (0,)),
        (["result", "import", REPO / "tests" / "data" / "usebio-c1-001.xml", "--match", c["m1"]["id"],
          "--dry-run"], (2,)),   # the file's players are not on these teams: a clear error, as JSON
        (["result", "check", c["sheet"]], (0,)),
        (["result", "submit", c["sheet"], "--dry-run"], (0,)),
        (["result", "check", c["sheet"], c["bad"]], (1,)),                  # many sheets (issue 17)
        (["result", "submit", c["sheet"], c["malformed"], "--dry-run"], (1,)),
        (["result", "amend", c["sheet"], "--dry-run"], (2,)),   # not recorded yet: use submit
        (["result", "walkover", c["m2"]["id"], "--withdrawn", c["m2"]["away"], "--dry-run"], (0,)),
        (["schedule", "1div"], (0,)), (["schedule", "2div"], (0,)), (["schedule", "3div-a"], (0,)),
        (["schedule", "3div-b"], (0,)),
        (["schedule", "cup", "--round", "1"], (0, 1)),
        (["schedule", "cup", "set", c["m1"]["id"], "--time", "10:00", "--dry-run"], (0,)),
        (["season", "rollover", "--to", "2027-28", "--dry-run"], (0, 1, 2)),
        (["system", "check", CARDS / "precision.yaml"], (0,)),
        (["system", "register", c["team"]["id"], CARDS / "precision.yaml", "--pair", *c["pair"], "--dry-run"], (0,)),
        (["system", "change", CARDS / "three-card-major.yaml", CARDS / "standard.yaml", "--sent", "2026-10-01",
          "--play", "2026-11-07"], (0, 1)),
        (["travel", "claim", c["m0"]["id"], "--team", c["m0"]["away"], "--zones", "20", "--dry-run"], (0,)),
        (["cup", "add-player", c["team"]["id"], "--round", "2", "--id", "999001", "--name", "Per Sø", "--dry-run"],
         (0, 1)),
        (["fees", "pay", c["team"]["id"], "240", "--on", "2026-12-20", "--dry-run"], (0,)),
        # the qualification has no entries in the example: the JSON document is what is checked here
        (["qualification", "east", "enter", c["div_entry"], "--dry-run"], (0, 1, 2)),
        (["qualification", "east", "result", "QE-R01-01", "--imps", "52", "31", "--dry-run"], (0, 1, 2)),
        (["qualification", "east", "schedule"], (0, 1, 2)),
        (["qualification", "east", "standings"], (0, 1, 2)),
        (["qualification", "west", "enter", c["div_entry"], "--dry-run"], (0, 1, 2)),
        (["qualification", "qualifiers", "--membership", "5200", "4800"], (0, 1, 2)),
        # dbf serve (issue 19): the server itself is run by tests/web; here its usage error
        (["serve", "--base-url", "ftp://x"], (2,)),
        (["serve", "links", "--round", "1"], (0,)), (["serve", "rotate-secret", "--dry-run"], (0,)),
        (["result", "pending"], (0,)), (["result", "accept", c["m0"]["id"], "--dry-run"], (2,)),
        (["result", "reject", c["m0"]["id"], "--dry-run"], (2,)),
    ]


def error_cases(c):
    """Commands that must fail (exit 1 or 2), each with its JSON error document."""
    return [
        (["result", "check", c["bad"]], 1),
        (["result", "submit", c["bad"]], 1),
        (["result", "check", c["malformed"]], 2),
        (["result", "check", c["base"] / "missing.yaml"], 2),
        (["result", "walkover", "C9-999", "--withdrawn", "X"], 2),
        (["standings", "9div"], 2),
        (["division", "teams", "9div"], 2),
        (["division", "fees", "9div"], 2),
        (["--season", "1999-00", "cup", "teams"], 2),
        (["schedule", "cup", "--round", "5"], 2),
        (["schedule", "cup", "set", "C9-999", "--date", "2026-12-12"], 2),
        (["draw", "cup", "--round", "1"], 2),   # already drawn
        (["system", "check", c["malformed"]], 2),
        (["cup", "enter", c["malformed"]], 2),
        (["travel", "claim", "X", "--team", "Y", "--zones", "3", "--dry-run"], 2),
        (["seating", "C9-999"], 2),
        (["press", "9div"], 2),
        (["distance", "0000", "5000"], 2),
    ]


def _one_json(r):
    doc = json.loads(r.stdout)   # the whole of stdout: exactly one document
    assert r.stdout.strip().startswith("{") and r.stdout.rstrip().endswith("}"), r.stdout[:200]
    return doc


def _case_id(case):
    return " ".join(str(a) for a in case[0] if not str(a).startswith("/"))[:60]


def test_every_reporting_command_prints_one_json_document(season):
    root, c = season
    bad = []
    for argv, codes in ok_cases(c):
        r = run_dbf("--dir", root, *argv, "--json")
        try:
            doc = _one_json(r)
        except (ValueError, AssertionError) as exc:
            bad.append(f"{_case_id((argv, codes))}: exit {r.exit_code}, not one JSON document ({exc}): "
                       f"{r.stdout[:200]!r} {r.stderr[:200]!r}")
            continue
        if r.exit_code not in codes:
            bad.append(f"{_case_id((argv, codes))}: exit {r.exit_code} {r.stdout[:300]}")
        elif r.exit_code:
            if not (doc.get("ok") is False and doc.get("errors")):
                bad.append(f"{_case_id((argv, codes))}: exit {r.exit_code} without ok=false and errors")
    assert not bad, "\n".join(bad)


def test_errors_are_one_json_document_with_rule_and_message(season):
    root, c = season
    bad = []
    for argv, code in error_cases(c):
        r = run_dbf("--dir", root, *argv, "--json")
        try:
            doc = _one_json(r)
            assert r.exit_code == code, f"exit {r.exit_code}, wanted {code}"
            assert doc["ok"] is False and isinstance(doc["errors"], list) and doc["errors"]
            for e in doc["errors"]:
                assert {"rule", "message"} <= set(e) and isinstance(e["message"], str) and e["message"]
                assert e["rule"] is None or (isinstance(e["rule"], str) and e["rule"][0].isdigit())
        except (ValueError, AssertionError, KeyError) as exc:
            bad.append(f"{_case_id((argv, code))}: {exc}: {r.stdout[:200]!r} {r.stderr[:200]!r}")
    assert not bad, "\n".join(bad)


def test_json_is_the_same_whatever_the_language(season):
    root, c = season
    for argv in (["standings", "2div"], ["result", "check", c["bad"]], ["cup", "teams"]):
        en = run_dbf("--dir", root, *argv, "--json")
        da = run_dbf("--dir", root, "--lang", "da", *argv, "--json")
        assert en.exit_code == da.exit_code and en.json == da.json, argv


def test_global_json_flag_before_the_command(season):
    root, c = season
    r = run_dbf("--dir", root, "--json", "result", "check", c["bad"])
    assert r.exit_code == 1 and _one_json(r)["ok"] is False


def test_fail_on_overdue_is_an_error_document(season):
    root, c = season
    r = run_dbf("--dir", root, "deadlines", "--today", "2026-12-20", "--fail-on-overdue", "--json")
    assert r.exit_code == 1
    doc = _one_json(r)
    assert doc["ok"] is False and doc["errors"] and {"rule", "message"} <= set(doc["errors"][0])


def test_quiet_deadlines_still_print_one_json_document(season):
    root, c = season
    r = run_dbf("--dir", root, "deadlines", "--today", "2020-01-01", "--days", "0", "--quiet", "--json")
    assert r.exit_code == 0
    assert _one_json(r)["deadlines"] == []


@pytest.mark.parametrize("argv", [["vp", "abc"], ["standings"], ["bogus"], ["schedule", "cup", "--round", "x"]],
                         ids=" ".join)
def test_usage_errors_with_json(season, argv):
    """Usage errors are click's: the real entry point (`dbf`, cli.app.main) turns them into JSON."""
    from dbftest import run_dbf_process

    root, c = season
    r = run_dbf_process("--dir", root, *argv, "--json")
    assert r.returncode == 2, r.stdout + r.stderr
    doc = json.loads(r.stdout)
    assert doc["ok"] is False and doc["errors"][0]["message"]


def test_every_command_has_a_json_case(season):
    """Every leaf command of the app is run above (so a new one cannot skip the JSON contract)."""
    from typer.main import get_command

    from dbfcli.cli.app import full_app

    root, c = season
    leaves = set()

    def walk(cmd, path):
        subs = getattr(cmd, "commands", None)
        if subs:
            if getattr(cmd, "invoke_without_command", False) and path:
                leaves.add(" ".join(path))
            for name, sub in subs.items():
                walk(sub, path + [name])
        else:
            leaves.add(" ".join(path))

    walk(get_command(full_app()), [])
    run = set()
    for argv, _ in ok_cases(c):
        words = [str(a) for a in argv]
        for n in (3, 2, 1):
            if " ".join(words[:n]) in leaves:
                run.add(" ".join(words[:n]))
                break
    assert leaves - run == set(), f"commands without a --json case: {sorted(leaves - run)}"
