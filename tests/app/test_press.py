"""``dbf press`` as a use case (issue 24): :func:`dbfcli.app.press.press_report`."""

from __future__ import annotations

from dbftest import run_dbf

from dbfcli.app.press import PressRequest, press_report


def test_1_5_16_a_drawn_round_reported_with_its_open_matches(session):
    """§1.5.16: round 1 drawn, nothing played: every match open, the text says the round."""
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    with session(write=False) as s:
        out = press_report(s, PressRequest(what="1"))
    assert not out.refused and out.doc["results"] == [] and out.doc["open"]
    assert out.plan.text and out.doc["text"] == out.plan.text


def test_refusals_name_what_is_missing(session, ids):
    with session(write=False) as s:
        assert ids(press_report(s, PressRequest(what="1"))) == [("1.5.16", "state.not-drawn")]
        assert ids(press_report(s, PressRequest(what="12"))) == [(None, "unknown.round")]
        assert ids(press_report(s, PressRequest(what="1div"))) == [(None, "usage.missing")]
        assert ids(press_report(s, PressRequest(what="1div", weekend=9))) == [("1.1.2.1", "usage.option")]
