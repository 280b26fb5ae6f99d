"""``dbf standings DIV`` as a use case (issue 24): :func:`dbfcli.app.standings.standings_view`
called directly on the example season (the divisions entered, no match recorded yet)."""

from __future__ import annotations

from dbfcli.app.standings import StandingsRequest, standings_view


def test_1_1_2_1_the_table_of_a_division_before_any_match(session):
    """§1.1.2.1: every team of the division in the table, nothing played, the table not final."""
    with session(write=False) as s:
        out = standings_view(s, StandingsRequest(division="1div"))
    assert not out.refused and out.exit == 0
    view = out.plan
    assert len(view.table.rows) == 12 and all(r.played == 0 and r.vp == 0 for r in view.table.rows)
    assert not view.table.complete and out.doc["matches_played"] == 0
    assert [r["team"] for r in out.doc["rows"]] == [r.team for r in view.table.rows]
    assert set(view.names) == {r.team for r in view.table.rows}


def test_1_1_2_1_a_round_the_schedule_does_not_have_is_refused(session, ids):
    with session(write=False) as s:
        out = standings_view(s, StandingsRequest(division="1div", after_round=99))
    assert out.exit == 2 and ids(out) == [(None, "usage.option")]


def test_an_unknown_division_is_refused_before_the_season_is_read(session, ids):
    opened = []

    class Untouched:
        @property
        def snap(self):
            opened.append(True)
            raise AssertionError("the season was read")

    out = standings_view(Untouched(), StandingsRequest(division="4div"))   # type: ignore[arg-type]
    assert out.exit == 2 and ids(out) == [(None, "unknown.division")] and not opened
