"""The state-file fuzzer's season and commands (issues 16 and 27; the cases: statecases.py,
the edits: statemutate.py, the runs: bench/fuzz_state.py and test_fuzz_state.py).

A season with every kind of state file (teams, additions, schedule, contacts, draws, recorded
cup and division matches, travel claims, division files, the play-off, the systems registry and
cards, season.toml, dbf.toml, journal entries) is built once by real commands; the commands a
case runs on it, read-only and writing, are listed here.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from dbftest import run_dbf, snapshot  # noqa: F401 - snapshot: statecases' too

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
sys.path.insert(0, str(REPO / "tests" / "cli"))


# --------------------------------------------------------------------------- the season
def build_season(root: Path) -> dict:
    """A copy of the example season played far enough that every kind of state file exists.
    Returns facts the commands need (a drawn match, its teams, a valid sheet)."""
    from divkit import HALVES, write_results
    from test_result import cup_teams, sheet_text

    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    season = root / SEASON

    def ok(*args):
        r = run_dbf("--dir", root, *args, internal_error_expected=True)   # the caller judges
        assert r.exit_code == 0, (args, r.stdout, r.stderr)
        return r

    ok("schedule", "1div", "--freeze")
    order = write_results(root)
    ok("playoff", "1div", "choose", order["1div"][2], "--today", "2027-02-25")
    ok("playoff", "1div", "result", "1div-SF1", *HALVES)
    ok("draw", "cup", "--round", "1", "--seed", "7")
    matches = ok("schedule", "cup", "--round", "1", "--json").json["matches"]
    teams = cup_teams(root)
    first, second = matches[0], matches[1]
    text = sheet_text(first["id"], teams[first["home"]], teams[first["away"]], 1, up=first["up"])
    sheet = root.parent / "sheet.yaml"
    sheet.write_text(text, encoding="utf-8")
    ok("result", "submit", sheet, "--now", "2026-12-14T09:00")
    text2 = sheet_text(second["id"], teams[second["home"]], teams[second["away"]], 1, up=second["up"])
    sheet2 = root.parent / "sheet2.yaml"
    sheet2.write_text(text2, encoding="utf-8")
    ok("schedule", "cup", "set", second["id"], "--date", "2026-12-12", "--time", "14:00")
    ok("cup", "add-player", second["home"], "--round", "1", "--id", "990001", "--name", "Eva Berg")
    home = teams[first["home"]]
    a, b = home["players"][0]["id"], home["players"][1]["id"]
    ok("system", "register", first["home"], REPO / "examples" / "systems" / "strong-pass.yaml", "--pair", a, b,
       "--sent", "2026-11-01")
    ok("travel", "claim", first["id"], "--team", first["away"], "--zones", "20")
    captains = [t["captain"] for t in list(teams.values())[:3]]
    (season / "cup" / "contacts.yaml").write_text(
        "schema: 1\ncontacts:\n" + "".join(f"  {c}: captain{c}@example.dk\n" for c in captains), encoding="utf-8")
    (season / "distances.csv").write_text("from,to,km,note\n3700,4600,272,Rønne-Køge ferry and road\n"
                                          "8000,1050,300,route planner 2026-09-04\n", encoding="utf-8")
    assert run_dbf("--dir", root, "check").exit_code == 0
    return {"match": first["id"], "open_match": second["id"], "home": first["home"], "away": first["away"],
            "open_home": second["home"], "sheet2": sheet2, "order": order}


def state_files(root: Path) -> list[str]:
    """Every file a TD may hand-edit, relative to ``root`` (the season's and dbf.toml)."""
    out = ["dbf.toml"]
    for p in sorted((root / SEASON).rglob("*")):
        if p.is_file() and p.name != ".dbf.lock" and not p.name.startswith(".") and "site" not in p.parts:
            out.append(str(p.relative_to(root)))
    return out


def kind_of(rel: str) -> str:
    """The kind of a state file: its folder for per-item folders (matches, draws, journal...),
    else its name (``teams.yaml``, ``season.toml``), divisions' team files as one kind."""
    parts = Path(rel).parts
    if len(parts) > 3 or parts[-2:-1] in (("draws",), ("travel",), ("journal",), ("cards",)):
        return "/".join(parts[1:-1])
    if len(parts) == 3 and parts[1] == "divisions" and not parts[2].startswith(("playoff", "schedule-")):
        return "divisions/<div>.yaml"
    if len(parts) == 3 and parts[2].startswith("schedule-"):
        return "divisions/schedule-<div>.yaml"
    return "/".join(parts[1:]) or rel


def kinds(files: list[str]) -> dict[str, list[str]]:
    """The state files by kind (a case draws a kind, then a file of it: every kind alike)."""
    out: dict[str, list[str]] = {}
    for f in files:
        out.setdefault(kind_of(f), []).append(f)
    return out


# --------------------------------------------------------------------------- commands
def read_only_commands(facts: dict, out: Path) -> list[tuple[str, ...]]:
    m, home = facts["match"], facts["home"]
    return [
        ("check",), ("check", "--json"), ("cup", "teams"), ("cup", "teams", "--json"), ("division", "teams", "1div"),
        ("division", "fees"), ("schedule", "cup", "--round", "1"), ("schedule", "cup", "--round", "1", "--json"),
        ("schedule", "1div"), ("schedule", "3div-b", "--json"), ("standings", "1div"), ("standings", "2div", "--json"),
        ("up",), ("up", "--json"), ("gp",), ("gp", "--csv"), ("fees",), ("fees", home, "--json"),
        ("deadlines", "--today", "2026-12-10"), ("deadlines", "--today", "2026-12-14", "--json"), ("log",),
        ("log", "--json"), ("trophy",), ("playoff", "1div"), ("playoff", "1div", "--json"), ("seating", m),
        ("result", "check", facts["sheet2"], "--now", "2026-12-14T09:00"),
        ("result", "check", facts["sheet2"], "--now", "2026-12-14T09:00", "--json"),
        ("qualification", "qualifiers"), ("draw", "cup", "--round", "2", "--dry-run", "--seed", "3"),
    ]


def heavy_commands(out: Path) -> list[tuple[str, ...]]:
    """Read-only commands that take a second or more (drawn in one case of ten)."""
    return [("press", "1"),
            ("press", "1div", "--weekend", "1"), ("publish", "--out", str(out / "site"))]


def writing_commands(facts: dict) -> list[tuple[str, ...]]:
    return [
        ("result", "submit", facts["sheet2"], "--now", "2026-12-14T09:00"),
        ("schedule", "cup", "set", facts["open_match"], "--date", "2026-12-11"),
        ("cup", "add-player", facts["open_home"], "--round", "1", "--id", "990002", "--name", "Bo Holm"),
        ("travel", "claim", facts["match"], "--team", facts["home"], "--zones", "12"),
        ("undo",),
        ("draw", "cup", "--round", "2", "--seed", "3"),
    ]


def heavy_writers(facts: dict) -> list[tuple[str, ...]]:
    """Writing commands that take a second or more: notify draw records that the draw was sent
    (cup/notices/, §1.5.16), so it is a writer."""
    return [("notify", "draw", "--round", "1", "--out", str(Path(facts["sheet2"]).parent / "mail"))]


def run(root: Path, args) -> tuple[int, str]:
    env_before = os.environ.get("DBF_DIR")
    try:
        r = run_dbf("--dir", root, *args, internal_error_expected=True)   # the caller judges
    finally:
        if env_before is not None:
            os.environ["DBF_DIR"] = env_before
    return r.exit_code, r.stdout + r.stderr
