"""``dbfcli.app.imports`` called directly: a scoring program's file (bytes in) made a result
sheet (§1.5.9, §1.5.10, §1.5.14), what is left to confirm (§1.5.4 the UP, §1.5.14 who signed),
the face's writer called with the sheet, and with ``submit`` the sheet recorded by
``app.sheets.submit_sheet``; refusals asserted by § and code."""

from __future__ import annotations

import pytest
import yaml

from dbfcli.app.imports import ImportRequest, MatchFile, NamesFile, import_sheet
from dbfcli.rules.problems import Problem
from dbfcli.rules.sheet.scores import left_to_confirm
from dbftest import snapshot
from pbnkit import team_match_pbn
from test_result_import import drawn_match

SEASON = "2026-27"


@pytest.fixture
def drawn(example):
    """C1-001 KBH-1 v KBH-3 drawn (tests/cli/test_result_import.py drawn_match); the teams."""
    return drawn_match(example)[1]


def _pbn(teams, boards=40, home=None, away=None) -> MatchFile:
    h = home or [p["name"] for p in teams["KBH-1"]["players"]]
    a = away or [p["name"] for p in teams["KBH-3"]["players"]]
    text = team_match_pbn(h[:2], a[:2], h[2:4], a[2:4], boards=boards)
    return MatchFile(label="match.pbn", fmt="pbn", data=text.encode("utf-8"))


class Files:
    """The face's writer, recorded."""

    def __init__(self):
        self.written: dict[str, bytes] = {}

    def __call__(self, target, data):
        self.written[target] = data


def test_1_5_14_the_sheet_built_leaves_the_up_and_the_signature_to_confirm(session, drawn, example):
    files, before = Files(), snapshot(example)
    with session() as s:
        out = import_sheet(s, ImportRequest(file=_pbn(drawn), match="C1-001"), files)
    assert not out.refused and out.show == "imported" and not out.written and snapshot(example) == before
    assert sorted((p["rule"], p["code"]) for p in out.doc["to_confirm"]) == [("1.5.14", "sheet.signature"),
                                                                              ("1.5.4", "sheet.up-claim")]
    assert out.doc["boards"] == 40 and out.doc["sheet"] == "C1-001.yaml" and out.doc["written"]
    assert list(files.written) == ["C1-001.yaml"] and files.written["C1-001.yaml"] == out.plan.text.encode()
    assert "match: C1-001" in out.plan.text and not out.plan.submitted


def test_a_dry_run_hands_nothing_to_the_writer(session, drawn):
    files = Files()
    with session() as s:
        out = import_sheet(s, ImportRequest(file=_pbn(drawn), match="C1-001", dry_run=True), files)
    assert not out.refused and files.written == {} and not out.doc["written"] and out.doc["dry_run"]


def test_1_5_9_a_short_match_is_refused_its_draft_written_with_out(ids, session, drawn):
    files = Files()
    with session() as s:
        out = import_sheet(s, ImportRequest(file=_pbn(drawn, boards=32), match="C1-001"), files)
    assert out.exit == 1 and ("1.5.9", "sheet.boards") in ids(out) and files.written == {}
    with session() as s:
        out = import_sheet(s, ImportRequest(file=_pbn(drawn, boards=32), match="C1-001", out="d.yaml"), files)
    assert out.exit == 1 and out.doc["draft"] and list(files.written) == ["d.yaml"]
    with session() as s:   # §1.5.9: the captains agreed 32 boards
        ok = import_sheet(s, ImportRequest(file=_pbn(drawn, boards=32), match="C1-001", agreed=32), Files())
    assert not ok.refused and ok.doc["agreed_boards"] == 32


def test_1_5_14_submit_records_the_sheet_in_one_write(session, drawn, example):
    captain = drawn["KBH-1"]["captain"]
    with session() as s:
        out = import_sheet(s, ImportRequest(file=_pbn(drawn), match="C1-001", up=0, signed_by=captain, submit=True),
                           Files())
    assert not out.refused and out.written and out.show == "recorded" and out.plan.submitted
    assert out.doc["match"] == "C1-001" and ("1.5.14", "sheet.signature") not in [
        (p["rule"], p["code"]) for p in out.plan.doc["to_confirm"]]
    assert (example / SEASON / "cup" / "matches" / "C1-001.yaml").exists()


def test_1_5_16_a_match_not_drawn_and_a_file_that_is_not_pbn(ids, session, drawn):
    with session() as s:
        assert ids(import_sheet(s, ImportRequest(file=_pbn(drawn), match="C9-001"), Files())) == [
            ("1.5.16", "unknown.match")]
    bad = MatchFile(label="bad.pbn", fmt="pbn", data=b"garbage\n")
    with session() as s:
        out = import_sheet(s, ImportRequest(file=bad, match="C1-001"), Files())
    assert out.exit == 2 and out.problems


def test_28_a_names_map_given_is_kept_in_the_season(ids, session, drawn, example):
    away = ["zz_top77"] + [p["name"] for p in drawn["KBH-3"]["players"]][1:]
    f = _pbn(drawn, away=away)
    with session() as s:
        assert ("unknown.player" in {c for _, c in ids(import_sheet(s, ImportRequest(file=f, match="C1-001"),
                                                                      Files()))})
    names = NamesFile(label="names.yaml", data=f'names: {{"zz_top77": {drawn["KBH-3"]["players"][0]["id"]}}}\n'.encode())
    with session() as s:
        out = import_sheet(s, ImportRequest(file=f, match="C1-001", names=names), Files())
    assert not out.refused and out.written and "zz_top77" in (example / SEASON / "imports" / "names.yaml").read_text()
    unread = NamesFile(label="none.yaml", problems=(Problem.error(None, "cannot read", code="io.cannot-read"),))
    with session() as s:
        assert ids(import_sheet(s, ImportRequest(file=f, match="C1-001", names=unread), Files())) == [
            (None, "io.cannot-read")]


def _journal(example) -> list[dict]:
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((example / SEASON / "journal").glob("*.yaml"))]


def _mapped(drawn) -> tuple[MatchFile, NamesFile]:
    """A PBN whose first KBH-3 player is written ``zz_top77``, and the names map that says who he is."""
    away = ["zz_top77"] + [p["name"] for p in drawn["KBH-3"]["players"]][1:]
    names = NamesFile(label="names.yaml", data=f'names: {{"zz_top77": {drawn["KBH-3"]["players"][0]["id"]}}}\n'.encode())
    return _pbn(drawn, away=away), names


def _submit(drawn, f, names=None, up=0) -> ImportRequest:
    return ImportRequest(file=f, match="C1-001", up=up, signed_by=drawn["KBH-1"]["captain"], names=names, submit=True)


def test_24_submit_with_a_names_map_is_one_journal_entry_one_undo_takes_back(session, drawn, example):
    """Issue 24, "One write per use case": ``--submit --names`` records the sheet and the names map
    it used in one transaction and one journal entry; one ``dbf undo`` takes both back."""
    from dbfcli.app.journal import UndoRequest, undo

    f, names = _mapped(drawn)
    before = len(_journal(example))
    with session() as s:
        out = import_sheet(s, _submit(drawn, f, names), Files())
    assert not out.refused and out.written and out.show == "recorded" and out.plan.submitted
    entries = _journal(example)[before:]
    assert len(entries) == 1
    assert [(c["file"], c["action"]) for c in entries[0]["changes"]] == [
        ("cup/matches/C1-001.yaml", "create"), ("imports/names.yaml", "create")]
    assert {c["file"] for c in out.doc["changes"]} == {"cup/matches/C1-001.yaml", "imports/names.yaml"}
    with session() as s:
        back = undo(s, UndoRequest())
    assert not back.refused and sorted(back.plan.files) == ["cup/matches/C1-001.yaml", "imports/names.yaml"]
    assert not (example / SEASON / "cup" / "matches" / "C1-001.yaml").exists()
    assert not (example / SEASON / "imports" / "names.yaml").exists()


def test_24_a_sheet_not_recorded_keeps_no_names_map(ids, session, drawn, example):
    """Issue 24: with ``--submit``, no sheet recorded (recorded already with this sheet, or refused
    as a second sheet of a recorded match, §1.5.16) means no names map written either."""
    f, names = _mapped(drawn)
    (example / SEASON / "imports").mkdir(exist_ok=True)   # recorded first with the season's map, by hand
    (example / SEASON / "imports" / "names.yaml").write_text(
        f'schema: 1\nnames: {{"zz_top77": {drawn["KBH-3"]["players"][0]["id"]}}}\n', encoding="utf-8")
    with session() as s:
        assert not import_sheet(s, _submit(drawn, f), Files()).refused
    (example / SEASON / "imports" / "names.yaml").unlink()
    before = len(_journal(example))
    with session() as s:   # the very sheet again: nothing changed, no map kept
        again = import_sheet(s, _submit(drawn, f, names), Files())
    assert not again.refused and again.show == "already" and not again.written
    assert "state.already-recorded" in {w["code"] for w in again.doc["warnings"]}
    with session() as s:   # another sheet of the recorded match: refused, no map kept
        other = import_sheet(s, _submit(drawn, f, names, up=1), Files())
    assert other.exit == 2 and ids(other) == [(None, "state.already-recorded")]
    assert len(_journal(example)) == before and not (example / SEASON / "imports" / "names.yaml").exists()


def test_24_without_submit_the_names_map_is_the_one_write(session, drawn, example):
    """Issue 24: an import that records no sheet (no ``--submit``) keeps the names map given in one
    journal entry of its own, the import's one write; a map that adds nothing writes nothing."""
    f, names = _mapped(drawn)
    before = len(_journal(example))
    with session() as s:
        out = import_sheet(s, ImportRequest(file=f, match="C1-001", names=names), Files())
    assert not out.refused and out.written and out.show == "imported"
    entries = _journal(example)[before:]
    assert [[(c["file"], c["action"]) for c in e["changes"]] for e in entries] == [[("imports/names.yaml", "create")]]
    with session() as s:
        again = import_sheet(s, ImportRequest(file=f, match="C1-001", names=names), Files())
    assert not again.refused and not again.written and len(_journal(example)) == before + 1


def test_1_5_4_1_5_14_left_to_confirm_by_rule_and_code():
    assert left_to_confirm(Problem.error("1.5.4", "KBH-3 notes no UP", code="sheet.up-claim"))
    assert not left_to_confirm(Problem.error("1.5.4", "a ferry", code="sheet.up-ferry"))
    assert not left_to_confirm(Problem.error("1.5.14", "player 1 has 8 boards", code="sheet.player-boards"))
