"""``dbf deadlines`` as a use case (issue 24): :func:`dbfcli.app.deadlines.deadlines_view`
called directly on the example season."""

from __future__ import annotations

from dbfcli.app.deadlines import DeadlinesRequest, deadlines_view


def test_1_5_16_the_draws_due_and_the_overdue_ones_as_problems_of_their_section(session):
    """§1.5.16: seen long after the season, every open deadline is overdue; with
    ``fail_on_overdue`` the document says so, each item an error of its own §."""
    with session(write=False) as s:
        out = deadlines_view(s, DeadlinesRequest(today="2027-06-30", every=True, fail_on_overdue=True))
    assert not out.refused
    view = out.plan
    assert view.overdue and all(d.overdue for d in view.overdue)
    assert {p.code for p in view.overdue_problems} == {"deadline.overdue"}
    assert {p.rule for p in view.overdue_problems} <= {d.rule for d in view.shown}
    assert out.doc["ok"] is False and len(out.doc["errors"]) == len(view.overdue)


def test_nothing_overdue_before_the_season(session):
    with session(write=False) as s:
        out = deadlines_view(s, DeadlinesRequest(today="2026-08-01", fail_on_overdue=True))
    assert out.doc["ok"] is True and not out.plan.overdue and "errors" not in out.doc


def test_a_today_that_is_no_date_is_refused(session, ids):
    with session(write=False) as s:
        out = deadlines_view(s, DeadlinesRequest(today="someday"))
    assert out.exit == 2 and ids(out) == [(None, "usage.option")]
