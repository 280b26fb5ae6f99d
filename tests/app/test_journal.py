"""``dbf undo`` and ``dbf check`` as use cases (issue 24): :mod:`dbfcli.app.journal` called
directly on the example season."""

from __future__ import annotations

from dbftest import run_dbf

from dbfcli.app.journal import UndoRequest, check_season, undo


def test_a_write_taken_back_whole_and_journaled(session, example):
    """§1.5.16: the draw of round 1 undone: its file gone, the undo itself an entry of the journal."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    draw = example / "2026-27" / "cup" / "draws" / "round-01.yaml"
    with session() as s:
        out = undo(s, UndoRequest())
    assert not out.refused and out.written and out.plan.files == ["cup/draws/round-01.yaml"]
    assert not draw.exists()
    with session() as s:
        assert undo(s, UndoRequest(dry_run=True)).plan.entry["message"].startswith("undo: ")


def test_an_undo_over_a_hand_edit_is_refused_and_changes_nothing(session, example, ids):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    draw = example / "2026-27" / "cup" / "draws" / "round-01.yaml"
    draw.write_text(draw.read_text(encoding="utf-8") + "# by hand\n", encoding="utf-8")
    before = draw.read_bytes()
    with session() as s:
        out = undo(s, UndoRequest())
    assert out.exit == 2 and ids(out) == [(None, "state.cannot-undo")] and draw.read_bytes() == before


def test_check_finds_what_a_hand_edit_broke(session, example):
    """A hand edit (an unknown key in cup/teams.yaml, format.schema): dbf check finds it; never a refusal."""
    with session(write=False) as s:
        clean = check_season(s)
    assert not clean.refused and not clean.plan.errors and clean.doc["ok"] is True
    teams = example / "2026-27" / "cup" / "teams.yaml"
    teams.write_text(teams.read_text(encoding="utf-8").replace("schema: 1", "schema: 1\nbogus: 1", 1), encoding="utf-8")
    with session(write=False) as s:
        broken = check_season(s)
    assert not broken.refused and broken.plan.errors and broken.doc["ok"] is False
    assert {p.code for p in broken.plan.errors} <= {p["code"] for p in broken.doc["errors"]}


def test_the_journal_read_oldest_first_and_the_last_n(session):
    from dbfcli.app.history import LogRequest, journal_view

    for seed in ("7", "8"):
        assert run_dbf("draw", "cup", "--round", "1", "--seed", seed, *(["--force"] if seed == "8" else [])).exit_code in (0, 2)
    with session(write=False) as s:
        every = journal_view(s, LogRequest())
        last = journal_view(s, LogRequest(last=1))
    assert every.plan.entries and last.plan.entries == every.plan.entries[-1:]
    assert [e["message"] for e in every.doc["entries"]] == [e.get("message", "") for e in every.plan.entries]
