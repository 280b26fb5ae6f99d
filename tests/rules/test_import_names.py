"""Issue 28: names as scoring software writes them fitted to a roster's full names (§1.5.14:
who played is named), a seat the file leaves empty named as missing, --pick in either order
with its candidates one a line, and a wrong stated score reported once."""

from __future__ import annotations

import pytest

from dbfcli.rules.scoring.names import fit_name
from dbfcli.rules.scoring.contracts import parse_contract
from dbfcli.rules.scoring.teammatch import RosterPlayer, TableResult, build_match, pick_group

ROSTER = (RosterPlayer(1, "Adam Żmudziński", "A"), RosterPlayer(2, "Dennis Bilde", "A"),
          RosterPlayer(3, "Lis Kjær", "B"), RosterPlayer(4, "Ole Holm", "B"), RosterPlayer(5, "Anna Holm", "A"),
          RosterPlayer(6, "Søren Ågård", "B"), RosterPlayer(7, "Fu, Zhong", "A"))


@pytest.mark.parametrize("name,pid,how", [
    ("Zmudzinski", 1, "surname"), ("ZMUDZINSKI Adam", 1, None), ("Kjaer, Lis", 3, None), ("Lis Kjaer", 3, None),
    ("BildeD", 2, "handle"), ("dbilde", 2, "handle"), ("Holm O", 4, "initials"), ("Soeren Aagaard", 6, None),
    ("Aagaard", 6, "surname"), ("Fu", 7, "surname"), ("Kjær", 3, "surname"),
])
def test_1_5_14_a_unique_fit_is_taken_and_says_how(name, pid, how):
    fit = fit_name(name, None, ROSTER)
    assert (fit.player.id, fit.how) == (pid, how), fit.why


def test_1_5_14_an_ambiguous_fit_lists_every_candidate():
    fit = fit_name("Holm", None, ROSTER)
    assert fit.player is None and "4 Ole Holm (B)" in fit.why and "5 Anna Holm (A)" in fit.why


def test_1_5_14_the_names_map_fits_a_handle_that_never_would():
    assert fit_name("zz_top77", None, ROSTER).player is None
    assert fit_name("zz_top77", None, ROSTER, {"zz_top77": 4}).player.id == 4


def _table(board, seats, contract="4S", declarer="N", tricks=10, stated=None, group=None):
    return TableResult(board=board, seats=seats, vulnerability="None", contract=parse_contract(contract),
                       declarer=declarer, tricks=tricks, stated_ns=stated, group=group)


def test_1_5_14_a_seat_never_stated_is_named_missing():
    tables = [_table(1, ("Dennis Bilde", "Lis Kjær", "Anna Holm", "Ole Holm")),
              _table(1, ("", "Adam Żmudziński", "Søren Ågård", "Dennis Bilde"))]
    m, problems = build_match(tables, "A", "B", ROSTER)
    assert m is None and [(p.code, p.message) for p in problems] == [("format.seat-missing", "board 1: no North given")]


def test_1_5_10_a_wrong_stated_score_is_one_error_not_also_one_table_only():
    tables = [_table(1, ("Dennis Bilde", "Lis Kjær", "Anna Holm", "Ole Holm"), stated=999),
              _table(1, ("Lis Kjær", "Dennis Bilde", "Ole Holm", "Anna Holm"), declarer="E")]
    m, problems = build_match(tables, "A", "B", ROSTER)
    assert m is None and len(problems) == 1 and "states NS 999" in problems[0].message


def test_28_pick_in_either_order_and_candidates_one_a_line():
    tables = tuple(_table(1, ("a", "b", "c", "d"), group=f"T{i:02d} v U{i:02d}") for i in range(12))
    assert pick_group(tables, ROSTER, "U03 v T03") == ("T03 v U03", [])
    assert pick_group(tables, ROSTER, "u03 v t03")[0] == "T03 v U03"           # any case
    _, problems = pick_group(tables, ROSTER, "X v Y")
    lines = problems[0].message.splitlines()
    assert lines[1:11] == [f"  T{i:02d} v U{i:02d}" for i in range(10)] and lines[11] == "  ... and 2 more"
