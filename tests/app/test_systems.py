"""``dbfcli.app.systems`` called directly: a card classified (HUM, §2.10.11; Åbent forsvar,
§2.10.17; its supplement, §2.10.4), registered for a pair (§2.10), a change checked (§1.1.1.2);
refusals asserted by their (§, code)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dbfcli.app.session import Session
from dbfcli.app.systems import CardChange, CardFile, CardRegistration, check_card, check_change, register_card
from dbftest import snapshot
from test_result import SEASON, cup_teams

CARDS = Path(__file__).resolve().parents[2] / "examples" / "systems"


def _card(name: str, text: str | None = None) -> CardFile:
    data = (CARDS / name).read_bytes() if text is None else text.encode()
    return CardFile(label=name, data=data)


def _unread() -> Session:
    """A session whose season must not be read (checking a card reads none)."""
    return Session(actor="pytest", opener=lambda: pytest.fail("the season was read"))


def test_2_10_11_check_classifies_a_hum_card():
    out = check_card(_unread(), _card("strong-pass.yaml"))
    assert not out.refused and not out.written and out.show == "classified"
    assert out.plan.cls.hum and out.doc["file"] == "strong-pass.yaml"
    assert {r.rule for r in out.plan.cls.reasons} == {"2.10.11a", "2.10.11b", "2.10.11c"}


def test_2_10_11_a_strong_club_is_no_hum():
    out = check_card(_unread(), _card("precision.yaml"))
    assert not out.refused and not out.plan.cls.hum and out.plan.card.name == "Precision"


def test_2_10_4_a_long_supplement_of_a_hum_card_is_refused_with_its_class(ids):
    text = (CARDS / "strong-pass.yaml").read_text(encoding="utf-8").replace("supplement_pages: 2", "supplement_pages: 9")
    out = check_card(_unread(), _card("long.yaml", text))
    assert ids(out) == [("2.10.4", "system.supplement-pages")] and out.exit == 1
    assert out.doc["card"] and out.json()["ok"] is False


def test_a_malformed_card_is_refused_with_its_line(ids):
    out = check_card(_unread(), CardFile(label="x.yaml", data=b"name: X\nopenings: [\n"))
    assert ids(out) == [(None, "format.yaml")] and out.exit == 2 and out.problems[0].where.line == 3


def test_a_card_that_could_not_be_read_is_refused(ids):
    from dbfcli.rules.problems import Problem

    unread = CardFile(label="x.yaml", problems=(Problem.error(None, "cannot read x.yaml", code="io.cannot-read"),))
    assert ids(check_card(_unread(), unread)) == [(None, "io.cannot-read")]
    change = CardChange(old=unread, new=_card("standard.yaml"), sent="2026-10-01", play="2026-11-07")
    assert ids(check_change(_unread(), change)) == [(None, "io.cannot-read")]


def test_1_1_1_2a_a_change_towards_easier_defence_is_allowed():
    out = check_change(_unread(), CardChange(old=_card("strong-pass.yaml"), new=_card("standard.yaml"),
                                             sent="2026-10-01", play="2026-11-07"))
    assert not out.refused and out.plan.warnings == [] and out.doc["old"]["hum"] and not out.doc["new"]["hum"]


@pytest.mark.parametrize("old, new, sent, expected", [
    ("standard.yaml", "strong-pass.yaml", "2026-10-01", [("1.1.1.2a", "system.change")]),      # towards HUM
    ("standard.yaml", "precision.yaml", "2026-11-01", [("1.1.1.2a", "system.change-late")]),   # not a month before
])
def test_1_1_1_2a_a_change_refused(ids, old, new, sent, expected):
    out = check_change(_unread(), CardChange(old=_card(old), new=_card(new), sent=sent, play="2026-11-07"))
    assert ids(out) == expected and out.exit == 1 and out.doc["ok"] is True   # the document so far


def test_1_1_1_2_a_bad_date_is_refused(ids):
    out = check_change(_unread(), CardChange(old=_card("standard.yaml"), new=_card("precision.yaml"),
                                             sent="2026-10-01", play="20261107"))
    assert ids(out) == [(None, "usage.option")] and out.exit == 2


def test_2_10_register_a_pair_s_card(session, example):
    kbh1 = [p["id"] for p in cup_teams(example)["KBH-1"]["players"]]
    crlf = (CARDS / "standard.yaml").read_text(encoding="utf-8").replace("\n", "\r\n")
    with session() as s:
        out = register_card(s, CardRegistration(team="KBH-1", card=_card("standard.yaml", crlf),
                                                pair=(kbh1[0], kbh1[1]), sent="2026-11-01"))
    assert not out.refused and out.written and out.show == "registered"
    assert out.plan.file == f"systems/cards/KBH-1-{min(kbh1[:2])}-{max(kbh1[:2])}.yaml"
    assert out.doc["registration"]["team"] == "KBH-1" and out.doc["hum"] is False
    kept = (example / SEASON / out.plan.file).read_bytes()
    assert b"\r" not in kept and kept.decode("utf-8") == crlf.replace("\r\n", "\n")
    registry = yaml.safe_load((example / SEASON / "systems" / "registry.yaml").read_text(encoding="utf-8"))
    assert "KBH-1" in str(registry)


@pytest.mark.parametrize("team, pair, expected", [
    ("NOPE", (1, 2), [(None, "unknown.team")]),
    ("KBH-1", "one", [(None, "unknown.player")]),
    ("KBH-1", "twice", [(None, "unknown.player")]),
])
def test_2_10_register_refusals(ids, session, example, team, pair, expected):
    kbh1 = [p["id"] for p in cup_teams(example)["KBH-1"]["players"]]
    pair = {"one": (kbh1[0], 1), "twice": (kbh1[0], kbh1[0])}.get(pair, pair)
    before = snapshot(example)
    with session() as s:
        out = register_card(s, CardRegistration(team=team, card=_card("precision.yaml"), pair=pair))
    assert ids(out) == expected and out.exit == 2 and snapshot(example) == before


def test_2_10_register_a_malformed_card_is_refused_before_the_season_is_read(ids):
    out = register_card(_unread(), CardRegistration(team="KBH-1", card=CardFile(label="x.yaml", data=b"openings: [\n"),
                                                    pair=(1, 2)))
    assert [c for _, c in ids(out)] == ["format.yaml"] and out.exit == 2


def test_1_5_3_the_division_rosters_are_computed_once_a_snapshot(session, monkeypatch):
    """§1.5.3, §1.5.13: the sheet check's season and its HUM context (the teams seeded as division
    teams) take the division rosters of the one snapshot: read and computed once, not twice."""
    import dbfcli.rules.cup.roster as roster
    import dbfcli.store.teams as teams
    from dbfcli.store.sheetcontext import load_sheet_season

    calls = {"players": 0, "divisions": 0}
    players, load = roster.division_players, teams.load_divisions

    def counted_players(divisions):
        calls["players"] += 1
        return players(divisions)

    def counted_load(store):
        calls["divisions"] += 1
        return load(store)

    monkeypatch.setattr(roster, "division_players", counted_players)
    monkeypatch.setattr(teams, "load_divisions", counted_load)
    with session(write=False) as s:
        season = load_sheet_season(s.snap)
        _, seeded = s.snap.hum_context(season.settings, season.cup.teams)
        _, again = s.snap.hum_context(season.settings, season.cup.teams)
        assert season.division_players == s.snap.division_roster() and seeded == again
    assert calls == {"players": 1, "divisions": 1}
