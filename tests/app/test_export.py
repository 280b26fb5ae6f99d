"""``dbf export usebio`` as a use case (issue 24): :func:`dbfcli.app.export.usebio_export`."""

from __future__ import annotations

from dbfcli.app.export import UsebioRequest, usebio_export


def test_1_1_a_division_as_usebio_xml(session):
    with session(write=False) as s:
        out = usebio_export(s, UsebioRequest(division="1div"))
    assert not out.refused and out.plan.xml.startswith(b"<?xml") and b"USEBIO" in out.plan.xml
    assert out.doc["format"] == "USEBIO 1.3" and out.doc["out"] is None


def test_1_5_16_a_round_not_drawn_is_refused(session, ids):
    with session(write=False) as s:
        out = usebio_export(s, UsebioRequest(round=1))
    assert out.exit == 2 and ids(out) == [(None, "state.not-drawn")]


def test_exactly_one_of_round_and_division(session, ids):
    with session(write=False) as s:
        assert ids(usebio_export(s, UsebioRequest(round=1, division="1div"))) == [(None, "usage.conflict")]
        assert ids(usebio_export(s, UsebioRequest())) == [(None, "usage.missing")]
