"""``dbfcli.app.cup`` called directly: the cup's teams entered (§1.5.11, §1.5.8, §1.5.12a), listed
with their entry rounds (§1.5.3), a player added (§1.5.11) or withdrawn (§1.5.11 with §1.5.12);
refusals asserted by their (§, code)."""

from __future__ import annotations

import json

import pytest

from dbfcli.app.cup import (CupEntry, EntryFile, PlayerAddition, PlayerWithdrawal, add_player, cup_teams,
                            enter_cup_teams, next_round, withdraw_player)
from dbfcli.app.session import Session
from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams as team_docs, sheet_text, write_draw


def _players(first: int, n: int) -> list[dict]:
    return [{"id": first + i, "name": f"Spiller {i}", "club": 1010} for i in range(n)]


def _team(tid: str, players: list[dict], postcode: str = "2100") -> dict:
    return {"id": tid, "name": f"Hold {tid}", "captain": players[0]["id"], "club": 1010, "postcode": postcode,
            "players": players}


def _entry(*teams: dict) -> EntryFile:
    return EntryFile(label="teams.yaml", name="teams.yaml", csv=False, data=json.dumps({"teams": list(teams)}).encode())


def _unread() -> Session:
    """A session whose season must not be read (its opener fails the test)."""
    return Session(actor="pytest", opener=lambda: pytest.fail("the season was read"))


def test_1_5_11_enter_adds_a_team_and_updates_one_by_id(session, example):
    kbh1 = team_docs(example)["KBH-1"]
    with session() as s:
        out = enter_cup_teams(s, CupEntry(file=_entry(_team("ZZZ-1", _players(900001, 4)), kbh1)))
    assert not out.refused and out.written and out.show == "entered"
    assert (out.plan.entered, out.plan.added) == (2, 1)
    assert out.doc["added"] == 1 and out.doc["updated"] == 1 and out.doc["teams"] == out.plan.total
    assert "ZZZ-1" in team_docs(example)


def test_1_5_11_enter_dry_run_writes_nothing(session, example):
    before = snapshot(example)
    with session() as s:
        out = enter_cup_teams(s, CupEntry(file=_entry(_team("ZZZ-1", _players(900001, 4))), dry_run=True))
    assert not out.refused and not out.written and out.doc["dry_run"] is True
    assert snapshot(example) == before


def test_1_5_11_enter_refuses_a_team_id_twice_before_the_season_is_read(ids):
    twice = _entry(_team("ZZZ-1", _players(900001, 4)), _team("ZZZ-1", _players(900011, 4)))
    out = enter_cup_teams(_unread(), CupEntry(file=twice))
    assert ids(out) == [(None, "format.duplicate")] and out.exit == 2 and not out.written


def test_1_5_11_1_5_8_1_5_12a_enter_checks_the_whole_cup_after_the_update(ids, session, example):
    kbh1_player = team_docs(example)["KBH-1"]["players"][0]
    small = _team("ZZZ-2", _players(900021, 2) + [kbh1_player], postcode="9999")
    before = snapshot(example)
    with session() as s:
        out = enter_cup_teams(s, CupEntry(file=_entry(small)))
    assert ids(out) == [("1.5.11", "roster.team-size"), ("1.5.8", "roster.postcode"), ("1.5.12a", "player.two-teams")]
    assert out.exit == 1 and snapshot(example) == before


def test_enter_refuses_a_file_that_is_no_text(ids):
    bad = EntryFile(label="t.csv", name="t.csv", csv=True, data=b"id,name\n\xff\xfe\n")
    out = enter_cup_teams(_unread(), CupEntry(file=bad))
    assert ids(out) == [(None, "format.encoding")] and out.exit == 2


def test_1_5_3_cup_teams_with_entry_rounds_and_players(session, example):
    with session(False) as s:
        out = cup_teams(s)
    assert not out.refused and not out.written and out.show == "teams"
    docs = team_docs(example)
    assert [t.id for t in out.plan.teams] == list(docs) and out.plan.season == SEASON
    assert out.plan.players["KBH-2"] == len(docs["KBH-2"]["players"])
    assert {t["id"]: t["entry_round"] for t in out.doc["teams"]} == out.plan.rounds


def test_1_5_11_add_player_then_it_counts(session, example):
    n = len(team_docs(example)["KBH-1"]["players"])
    with session() as s:
        out = add_player(s, PlayerAddition(team="KBH-1", round=2, player=900001, name="Ny Spiller",
                                           announced_on="2026-08-01"))
    assert not out.refused and out.written and out.show == "added"
    assert (out.plan.team, out.plan.player.id, out.plan.round) == ("KBH-1", 900001, 2)
    assert out.doc["announced_on"] == "2026-08-01" and out.doc["warnings"] == []
    with session(False) as s:
        assert cup_teams(s).plan.players["KBH-1"] == n + 1


@pytest.mark.parametrize("team, player, expected", [
    ("NOPE", 900001, [(None, "unknown.team")]),
    ("KBH-1", "own", [(None, "state.already-recorded")]),
    ("KBH-1", "other", [("1.5.12a", "player.two-teams")]),
])
def test_1_5_11_1_5_12a_add_player_refusals(ids, session, example, team, player, expected):
    docs = team_docs(example)
    member = {"own": docs["KBH-1"]["players"][0]["id"], "other": docs["KBH-2"]["players"][0]["id"]}.get(player, player)
    before = snapshot(example)
    with session() as s:
        out = add_player(s, PlayerAddition(team=team, round=2, player=member, name="X", announced_on="2026-08-01"))
    assert ids(out) == expected and snapshot(example) == before


def test_1_5_11_add_player_to_more_than_six_is_refused(ids, session, example):
    docs = team_docs(example)
    five = next(t for t, d in docs.items() if len(d["players"]) == 5)
    with session() as s:
        assert not add_player(s, PlayerAddition(team=five, round=2, player=900001, name="A",
                                                announced_on="2026-08-01")).refused
    with session() as s:
        out = add_player(s, PlayerAddition(team=five, round=2, player=900002, name="B", announced_on="2026-08-01"))
    assert ids(out) == [("1.5.11", "roster.too-many-players")] and out.exit == 1


def test_add_player_a_bad_day_is_refused_before_the_season_is_read(ids):
    out = add_player(_unread(), PlayerAddition(team="KBH-1", round=2, player=1, name="A", announced_on="20260801"))
    assert ids(out) == [(None, "usage.option")] and out.exit == 2


def test_1_5_11_next_round_is_the_round_after_the_last_recorded():
    class M:
        def __init__(self, r, home, away):
            self.round, self.home, self.away = r, home, away

    assert next_round("A", []) == 1
    assert next_round("A", [M(1, "A", "B"), M(2, "C", "A"), M(3, "C", "D")]) == 3
    assert next_round("A", [M(9, "A", "B")]) == 9


def test_1_5_11_withdraw_player_from_the_next_round(session, example, tmp_path):
    docs = team_docs(example)
    write_draw(example, 1, [("KBH-1", "KBH-3")])
    sheet = tmp_path / "C1-001.yaml"
    sheet.write_text(sheet_text("C1-001", docs["KBH-1"], docs["KBH-3"], 1))
    assert run_dbf("result", "submit", sheet).exit_code == 0
    with session() as s:
        assert not add_player(s, PlayerAddition(team="KBH-1", round=2, player=900001, name="A",
                                                announced_on="2026-12-20")).refused
    with session() as s:
        out = withdraw_player(s, PlayerWithdrawal(team="KBH-1", player=900001, on="2026-12-21", note="moved"))
    assert not out.refused and out.written and out.show == "withdrawn"
    assert (out.plan.team, out.plan.player, out.plan.round) == ("KBH-1", 900001, 2)   # after C1-001
    assert out.doc["round"] == 2 and out.doc["note"] == "moved"


@pytest.mark.parametrize("team, member, expected, code", [
    ("NOPE", 1, [(None, "unknown.team")], 2),
    ("KBH-1", 123, [(None, "unknown.player")], 2),
    ("KBH-1", "first", [("1.5.11", "roster.too-few-players")], 1),   # KBH-1 has 4
])
def test_1_5_11_withdraw_player_refusals(ids, session, example, team, member, expected, code):
    docs = team_docs(example)
    assert len(docs["KBH-1"]["players"]) == 4
    member = docs["KBH-1"]["players"][0]["id"] if member == "first" else member
    before = snapshot(example)
    with session() as s:
        out = withdraw_player(s, PlayerWithdrawal(team=team, player=member, on="2026-08-02"))
    assert ids(out) == expected and out.exit == code and snapshot(example) == before
