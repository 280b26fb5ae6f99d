"""The console script: the garbage collector is held back only while modules are imported."""

import gc
import sys


def test_the_command_runs_with_the_collector_on_and_the_imports_frozen(monkeypatch):
    import dbfcli.cli.app as app
    from dbfcli.cli import entry

    seen = {}

    def fake_main():
        seen["enabled"] = gc.isenabled()
        seen["frozen"] = gc.get_freeze_count()

    monkeypatch.setattr(app, "main", fake_main)
    try:
        entry.main()
    finally:
        gc.unfreeze()
    assert seen["enabled"] is True and seen["frozen"] > 0


def test_python_dash_m_dbfcli_runs_a_command():
    from dbftest import run_dbf_process

    done = run_dbf_process("vp", "12", "--boards", "36", timeout=60)
    assert done.returncode == 0, done.stderr
    assert "12 IMPs in 36 boards" in done.stdout
