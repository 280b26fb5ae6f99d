"""Issue 15.6: `dbf season rollover` killed (kill -9) at any moment leaves either no new season or
the whole of it, and running it again then works (store/newseason.py: the new season is one
transaction in a hidden staging folder, renamed into place in one step).

Each run kills a real `dbf` process: at a fault point of the write (``DBF_FAULT=kill:POINT#n``,
n drawn, so any file of the new season, its journal entry, the folder's rename or `dbf.toml`) or by
SIGKILL after a random delay. DBF_ROLLOVER_KILLS runs (CI: 4).
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dbftest import run_dbf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))

from divkit import HALVES, qualifiers_file, write_results  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("DBF_ROLLOVER_KILLS", "4"))
POINTS = ["stage", "write", "after-temp-write", "before-rename", "after-pending", "between-files", "before-journal",
          "before-season-rename", "before-current"]
NEW = "2027-28"


def _new_season(root: Path) -> dict[str, bytes] | None:
    """The new season's files (not the lock, not the journal's names: their stamps differ), or None."""
    folder = root / NEW
    if not folder.exists():
        return None
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and p.name != ".dbf.lock":
            rel = str(p.relative_to(folder))
            out["journal/ENTRY" if rel.startswith("journal/") else rel] = b"" if rel.startswith("journal/") else p.read_bytes()
    return out


def _current(root: Path) -> str:
    import tomllib

    return tomllib.loads((root / "dbf.toml").read_text(encoding="utf-8")).get("current", "")


def _rollover(root: Path, q: Path, env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "dbfcli", "--dir", str(root), "season", "rollover", "--to", NEW,
                             "--qualifiers", str(q)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """The example season played to its end, and the season a rollover from it makes."""
    base = tmp_path_factory.mktemp("rollkill")
    root = base / "finished"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    (root / "dbf.toml").write_text('current = "2026-27"\n', encoding="utf-8")
    write_results(root)
    assert run_dbf("--dir", root, "playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    assert run_dbf("--dir", root, "lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0   # §1.1.4.2
    for m in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO"):
        assert run_dbf("--dir", root, "playoff", "3div" if m == "3div-PO" else "1div", "result", m, *HALVES).exit_code == 0
    q = qualifiers_file(base / "q.yaml")
    ref = base / "reference"
    shutil.copytree(root, ref)
    env = dict(os.environ, DBF_CACHE_DIR=str(base / "cache"))
    assert _rollover(ref, q, env).wait() == 0
    return root, q, _new_season(ref), env


def _killed_once(finished, rng: random.Random, i: int, tmp: Path) -> str:
    root, q, whole, env = finished
    folder = tmp / f"run{i}"
    shutil.copytree(root, folder)
    how = rng.choice(POINTS + ["signal", "signal"])
    run_env = dict(env)
    if how != "signal":
        run_env["DBF_FAULT"] = f"kill:{how}#{rng.randint(1, 9)}"
    proc = _rollover(folder, q, run_env)
    if how == "signal":
        time.sleep(rng.uniform(0.2, 2.5))
        try:
            proc.send_signal(signal.SIGKILL)
        except ProcessLookupError:
            pass
    code = proc.wait()
    after = _new_season(folder)
    # wholly before or wholly after: no season folder at all, or the whole season
    assert after is None or after == whole, (how, code, sorted(set(after or ()) ^ set(whole)))
    assert _current(folder) in ("2026-27", NEW) and (after is not None or _current(folder) == "2026-27"), how
    assert run_dbf("--dir", folder, "--season", "2026-27", "check").exit_code == 0
    if after is not None:
        assert run_dbf("--dir", folder, "--season", NEW, "check").exit_code == 0
    # run it again: it works, and ends with the whole season, made current, and no staging folder
    again = subprocess.run([sys.executable, "-m", "dbfcli", "--dir", str(folder), "--season", "2026-27", "season",
                            "rollover", "--to", NEW,
                            "--qualifiers", str(q)], env=env, capture_output=True, text=True)
    assert again.returncode == 0, (how, again.stderr)
    assert _new_season(folder) == whole and _current(folder) == NEW, how
    assert [p.name for p in folder.iterdir() if p.name.startswith(".")] == [], how
    shutil.rmtree(folder)
    return "before" if after is None else "after"


def test_1_1_2_2_rollover_killed_at_random_moments_leaves_no_season_or_a_whole_one(finished, tmp_path):
    """Issue 15.6 (§1.1.2.2, the rollover): kill -9 at random moments, then a re-run."""
    rng = random.Random(15_6)
    seen = [_killed_once(finished, rng, i, tmp_path) for i in range(KILLS)]
    print(f"rollover kills: {KILLS} runs, {seen.count('before')} left no season, {seen.count('after')} a whole one")
    assert len(seen) == KILLS


def test_rollover_kill_fault_before_the_folder_rename_leaves_no_season(finished, tmp_path):
    """Issue 15.6: killed when every file is written but the folder not yet renamed: no 2027-28,
    only the hidden staging folder, which `dbf` does not take for a season; a re-run removes it."""
    root, q, whole, env = finished
    folder = tmp_path / "t"
    shutil.copytree(root, folder)
    assert _rollover(folder, q, dict(env, DBF_FAULT="kill:before-season-rename")).wait() == 137
    assert not (folder / NEW).exists() and (folder / f".{NEW}.new" / "season.toml").exists()
    assert run_dbf("--dir", folder, "check").exit_code == 0
    assert run_dbf("--dir", folder, "--season", NEW, "check").exit_code == 2     # unknown season
    assert run_dbf("--dir", folder, "season", "rollover", "--to", NEW, "--qualifiers", q).exit_code == 0
    assert _new_season(folder) == whole and not (folder / f".{NEW}.new").exists()


def test_rollover_killed_after_the_rename_is_made_current_by_a_rerun(finished, tmp_path):
    """Issue 15.6/15.10: killed after the new season is in place but before `dbf.toml` names it:
    the season is whole; the re-run finds exactly what it would write and makes it current."""
    root, q, whole, env = finished
    folder = tmp_path / "t"
    shutil.copytree(root, folder)
    code = _rollover(folder, q, dict(env, DBF_FAULT="kill:before-current")).wait()
    assert code == 137 and _new_season(folder) == whole and _current(folder) == "2026-27"
    r = run_dbf("--dir", folder, "--season", "2026-27", "season", "rollover", "--to", NEW, "--qualifiers", q, "--json")
    assert r.exit_code == 0 and r.json["current"] == NEW and _current(folder) == NEW
    # once something is written in the new season, it is no longer "the rollover's": refused
    (folder / NEW / "divisions" / "1div.yaml").write_text("# edited\n" + (folder / NEW / "divisions" / "1div.yaml")
                                                          .read_text(encoding="utf-8"), encoding="utf-8")
    r = run_dbf("--dir", folder, "--season", "2026-27", "season", "rollover", "--to", NEW, "--qualifiers", q, "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "state.exists"
