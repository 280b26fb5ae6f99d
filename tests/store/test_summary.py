"""Per-folder summaries (issue 9): right after every change, and never trusted blindly."""

import os

from dbfcli.store.season import SeasonStore
from dbfcli.store.summary import folder_summary


def _extract(d):
    return [d["match"], d["up"]]


def test_summary_follows_changes_additions_and_removals(tmp_path, monkeypatch):
    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    store = SeasonStore(tmp_path, "2026-27")
    folder = store.dir / "cup" / "matches"
    folder.mkdir(parents=True)
    (folder / "C1-001.yaml").write_text("match: C1-001\nup: 3\n")
    (folder / "C1-002.yaml").write_text("match: C1-002\nup: 5\n")
    found, failed = folder_summary(store, "cup/matches", "up", _extract)
    assert found == {"cup/matches/C1-001.yaml": ["C1-001", 3], "cup/matches/C1-002.yaml": ["C1-002", 5]}
    assert not failed
    (folder / "C1-002.yaml").write_text("match: C1-002\nup: 15\n")
    os.utime(folder / "C1-002.yaml", ns=(1, 1))
    (folder / "C1-001.yaml").unlink()
    (folder / "C1-003.yaml").write_text("match: C1-003\n")          # extractor fails: not cached
    found, failed = folder_summary(store, "cup/matches", "up", _extract)
    assert found == {"cup/matches/C1-002.yaml": ["C1-002", 15]}
    assert failed == ["cup/matches/C1-003.yaml"]
    for f in (tmp_path / "cache").rglob("*.summary.mp"):
        f.write_bytes(b"\x92\x01\xc1")                                # a corrupt summary is rebuilt
    assert folder_summary(store, "cup/matches", "up", _extract)[0]["cup/matches/C1-002.yaml"] == ["C1-002", 15]


def test_ledgers_agree_with_full_records(example, tmp_path):
    """`dbf up`/`dbf gp` read summaries; they must equal what the full records say (§1.5.4, §1.5.10)."""
    from dbftest import run_dbf
    from test_result import cup_teams, sheet_text

    from dbfcli.store.cup.results import load_cup_records

    assert run_dbf("draw", "cup", "--round", "1", "--seed", "9").exit_code == 0
    teams = cup_teams(example)
    for i, m in enumerate(run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][:4]):
        sheet = tmp_path / f"s{i}.yaml"
        sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]), encoding="utf-8")
        assert run_dbf("result", "submit", sheet).exit_code == 0
    records, _ = load_cup_records(SeasonStore(example, "2026-27"))
    up = run_dbf("up", "--json").json["teams"]
    for r in records:
        for team, value in r.up.items():
            assert up[team] == value
    gp = run_dbf("gp", "--json").json["players"]
    assert {int(k) for k in gp} == {p for r in records for p in r.gp}
    assert round(sum(gp.values()), 2) == round(sum(h for r in records for h in r.gp.values()) / 100, 2)


def test_summary_sees_a_same_size_edit_that_keeps_the_mtime(tmp_path, monkeypatch):
    """Issue 16.6: `touch -r` after a same-size edit; the ctime in the key still moves."""
    import time

    monkeypatch.setenv("DBF_CACHE_DIR", str(tmp_path / "cache"))
    store = SeasonStore(tmp_path, "2026-27")
    folder = store.dir / "cup" / "matches"
    folder.mkdir(parents=True)
    f = folder / "C1-001.yaml"
    f.write_text("match: C1-001\nup: 3\n")
    assert folder_summary(store, "cup/matches", "up", _extract)[0] == {"cup/matches/C1-001.yaml": ["C1-001", 3]}
    st = os.stat(f)
    time.sleep(0.01)
    f.write_text("match: C1-001\nup: 7\n")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert os.stat(f).st_size == st.st_size and os.stat(f).st_mtime_ns == st.st_mtime_ns
    assert folder_summary(store, "cup/matches", "up", _extract)[0] == {"cup/matches/C1-001.yaml": ["C1-001", 7]}
