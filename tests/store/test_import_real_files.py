"""Importers (issue 17) against files written by real scoring software (tests/data/README.md):
every stated score and IMP is checked against what the contracts score (Law 77) and the WBF IMP
table (§1.5.10)."""

from __future__ import annotations

from pathlib import Path

from dbfcli.rules.scoring.teammatch import RosterPlayer, build_match, groups
from dbfcli.store.imports.lin import read_lin
from dbfcli.store.imports.matchfiles import decode
from dbfcli.store.imports.pbn import read_pbn

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def _read(name):
    path = REAL / name
    reader = read_lin if name.endswith(".lin") else read_pbn
    return reader(decode(path.read_bytes()), name)


def _roster(tables):
    """Two teams A (NS at the first table) and B, from who sat where."""
    team = {}
    for t in tables:
        ns, ew = {t.seats[0], t.seats[2]}, {t.seats[1], t.seats[3]}
        a_ns = not team or any(team.get(x) == "A" for x in ns) or any(team.get(x) == "B" for x in ew)
        for x in ns:
            team[x] = "A" if a_ns else "B"
        for x in ew:
            team[x] = "B" if a_ns else "A"
    return [RosterPlayer(i + 1, n, team[n]) for i, n in enumerate(sorted(team))]


def _matches(name):
    tables, problems = _read(name)
    assert problems == []
    out = {}
    for g in groups(tables):
        ts = [t for t in tables if t.group == g]
        out[g] = build_match(ts, "A", "B", _roster(ts), 8, g)
    return out


def test_1_5_10_realbridge_every_stated_score_and_imp_agrees():
    matches = _matches("realbridge-2021-online-qual-open-r2.pbn")
    assert len(matches) == 15
    good = {g: m for g, (m, p) in matches.items() if not p}
    assert len(good) == 13 and sum(len(m.boards) for m in good.values()) == 130
    ad = good["AUSTRIA v DENMARK"]
    assert ad.segments == ((8, (18, 16)), (2, (2, 0))) and ad.imps == (20, 16)
    assert all(n == 10 for team in ad.players.values() for _, n in team) and len(ad.players["A"]) == 4


def test_import_realbridge_board_at_one_table_only_is_named():
    m, problems = _matches("realbridge-2021-online-qual-open-r2.pbn")["SWITZERLAND v TURKEY"]
    assert m is None and [p.message for p in problems] == ["board 20 was played at one table only"]
    assert problems[0].where.line > 1


def test_1_5_10_pbn_1_0_copies_and_stated_scores():
    (m, problems), = _matches("pbn10-eytc1998-r1-jgermany-jaustria.pbn").values()
    assert problems == [] and len(m.boards) == 20
    assert m.segments == ((8, (27, 47)), (8, (10, 61)), (4, (9, 0)))
    assert m.boards[0].home_ns == -50 and m.boards[0].away_ns == 420


def test_1_5_10_rpbridge_second_room_inherits_board_and_deal():
    matches = _matches("rpbridge-spingold2014-excerpt.pbn")
    assert set(matches) == {"Monaco v Schwartz", "Lavazza v Monaco"}
    m, problems = matches["Monaco v Schwartz"]
    # 6C-1 NV by N (-50) v 6SX-3 NV by E (NS +500): 550 -> 11 IMPs to the side that defended 6SX
    assert problems == [] and (m.boards[0].home_ns, m.boards[0].away_ns) == (-50, 500) and m.imps == (0, 11)


def test_1_5_10_lin_contracts_scored_by_the_table():
    (m, problems), = _matches("bbo-vugraph-14502-usbf2010-sf-a-seg4-nickell-fleisher.lin").values()
    assert problems == [] and [b.board for b in m.boards] == list(range(46, 61))
    by = {b.board: b for b in m.boards}
    assert (by[53].home_ns, by[53].away_ns, by[53].imps) == (800, -300, (15, 0))   # 4SWx-4 NV v 3NS-3 V
    assert (by[48].home_ns, by[48].away_ns, by[48].imps) == (130, 400, (0, 7))     # 4DN= v 3NN=
    assert m.imps == (30, 41) and m.segments[1][0] == 7


def test_import_pairs_event_is_refused_with_its_line():
    tables, problems = _read("ruter44-2012-01-24-klubbkveld-butler-pairs.pbn")
    assert tables == [] and len(problems) == 1 and "Pairs event" in problems[0].message
    assert problems[0].where.line == 34


def test_import_lin_of_a_pairs_event_is_refused():
    tables, problems = read_lin("vg|Club night,Session 1,P,1,24,A,0,B,0|\nrs|3NN=,4SE-1|\n", "pairs.lin")
    assert tables == [] and "pairs" in problems[0].message and problems[0].where.line == 1


def test_28_realbridge_match_not_played_is_named_not_scored_0_0():
    """ITALY v WALES: placeholder seats ("Dummy 1") and every board passed out: the match was not
    played, and the import says so (format.import) instead of a 0-0 sheet that §1.5.10 refuses."""
    m, problems = _matches("realbridge-2021-online-qual-open-r2.pbn")["ITALY v WALES"]
    assert m is None and [p.code for p in problems] == ["format.import"]
    assert "was not played" in problems[0].message and problems[0].where.line > 1
