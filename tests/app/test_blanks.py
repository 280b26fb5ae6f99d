"""``dbfcli.app.blanks.write_blank_sheets`` called directly: ``dbf result blank`` (§1.5.4-§1.5.14,
§1.5.16), the pre-filled sheets written by the store into the folder the user named, never
through a link (issue 16.3); refusals asserted by their (rule, code), never their text."""

from __future__ import annotations

import pytest
import yaml

from dbfcli.app.blanks import BlankRequest, write_blank_sheets
from dbfcli.app.session import Session
from dbftest import run_dbf, snapshot


@pytest.fixture
def drawn(example):
    """Round 1 of the example's cup drawn."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "2026").exit_code == 0
    return example


def test_1_5_14_a_round_of_blanks_is_written_one_yaml_a_match(session, drawn, tmp_path):
    before = snapshot(drawn)
    out = tmp_path / "sheets"
    with session(write=False) as s:
        outcome = write_blank_sheets(s, BlankRequest(round=1, out=out))
    assert not outcome.refused and not outcome.written and outcome.show == "blank"
    plan = outcome.plan
    assert [p.name for p in plan.files] == [f"{f['match']}.yaml" for f in plan.facts]
    assert sorted(out.iterdir()) == sorted(plan.files) and outcome.doc["files"] == [str(p) for p in plan.files]
    first = yaml.safe_load(plan.files[0].read_text(encoding="utf-8"))
    assert first["match"] == plan.facts[0]["match"]
    assert snapshot(drawn) == before                          # nothing of the season changes


def test_1_5_14_html_is_one_printable_file_and_a_dry_run_writes_nothing(session, drawn, tmp_path):
    out = tmp_path / "print"
    with session(write=False) as s:
        dry = write_blank_sheets(s, BlankRequest(round=1, out=out, format="html", dry_run=True))
    assert [p.name for p in dry.plan.files] == ["round-01.html"] and not out.exists()
    with session(write=False) as s:
        done = write_blank_sheets(s, BlankRequest(round=1, out=out, format="html"))
    assert [p.name for p in out.iterdir()] == ["round-01.html"] and done.doc["dry_run"] is False


@pytest.mark.parametrize("request_, code", [
    (BlankRequest(round=1, format="pdf"), "usage.option"),
    (BlankRequest(), "usage.conflict"),
    (BlankRequest(matches=("C1-001",), round=1), "usage.conflict"),
])
def test_an_option_is_refused_before_the_season_is_read(request_, code, ids):
    def opener():
        raise AssertionError("the season was read")

    outcome = write_blank_sheets(Session(actor="pytest", opener=opener), request_)
    assert ids(outcome) == [(None, code)] and outcome.exit == 2


def test_1_5_16_no_blank_for_a_round_not_drawn_or_a_match_in_no_draw(session, drawn, ids, tmp_path):
    out = tmp_path / "sheets"
    with session(write=False) as s:
        assert ids(write_blank_sheets(s, BlankRequest(round=3, out=out))) == [(None, "state.not-drawn")]
        assert ids(write_blank_sheets(s, BlankRequest(matches=("C9-999",), out=out))) == [("1.5.16", "unknown.match")]
    assert not out.exists()


def test_16_3_out_a_symbolic_link_is_refused(session, drawn, ids, tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    with session(write=False) as s:
        outcome = write_blank_sheets(s, BlankRequest(round=1, out=tmp_path / "link"))
    assert ids(outcome) == [(None, "io.link")] and outcome.exit == 2
    assert list((tmp_path / "elsewhere").iterdir()) == []
