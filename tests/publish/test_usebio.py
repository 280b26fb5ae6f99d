"""`dbf export usebio` (issue 18): USEBIO 1.3 XML of a cup round or a division, valid against
the USEBIO DTD (tests/data/usebio_v1_3.dtd, validated with lxml), with the DBF member numbers,
the scores and the GP awarded (§1.5.10) as master points; names escaped."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from simulate import EVIL

lxml = pytest.importorskip("lxml.etree", reason="lxml (a test extra) validates the DTD")
DTD = Path(__file__).resolve().parents[1] / "data" / "usebio_v1_3.dtd"


def validate(xml: bytes):
    dtd = lxml.DTD(str(DTD))
    doc = lxml.fromstring(xml)
    assert dtd.validate(doc), dtd.error_log.filter_from_errors()
    return doc


def test_1_5_10_cup_round_export_is_valid_usebio_with_member_numbers_scores_and_gp(played, dbf, tmp_path):
    out = tmp_path / "c3.xml"
    r = dbf("export", "usebio", "--round", "3", "--out", out, "--json")
    assert r.exit_code == 0, r.stderr
    raw = out.read_bytes()
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_3.dtd">')
    doc = validate(raw)
    assert doc.get("Version") == "1.3"
    season = played / "2026-27"
    teams = {t["id"]: t for t in yaml.safe_load((season / "cup/teams.yaml").read_text(encoding="utf-8"))["teams"]}
    draw = yaml.safe_load((season / "cup/draws/round-03.yaml").read_text(encoding="utf-8"))
    matches = doc.findall("EVENT/MATCH")
    assert len(matches) == len(draw["matches"]) == r.json["matches"]
    # every player of every team of the round, by DBF member number
    ids = {int(x.text) for x in doc.iterfind("EVENT/PARTICIPANTS/TEAM/PLAYER/NATIONAL_ID_NUMBER")}
    in_round = {x for m in draw["matches"] for x in m["teams"]} | set(draw["byes"])
    assert ids == {p["id"] for tid in in_round for p in teams[tid]["players"]}
    # the scores of a match, by team number, as recorded
    number = {t.findtext("TEAM_NAME"): t.findtext("TEAM_NUMBER") for t in doc.iterfind("EVENT/PARTICIPANTS/TEAM")}
    first = next(m for m in matches if m.get("MATCH_ID") == draw["matches"][0]["id"])
    rec = yaml.safe_load((season / f"cup/matches/{first.get('MATCH_ID')}.yaml").read_text(encoding="utf-8"))
    a, b = rec["teams"]
    assert first.findtext("TEAM") == number[teams[a]["name"]] and first.findtext("OPPOSING_TEAM") == number[teams[b]["name"]]
    imps = dict(zip((rec["home"], rec["away"]), rec["imps"]))
    assert (int(first.findtext("TEAM_SCORE")), int(first.findtext("OPPOSING_TEAM_SCORE"))) == (imps[a], imps[b])
    # §1.5.10: the GP of the round, per player, as master points of type GP
    gp = {}
    for m in draw["matches"]:
        for pid, v in yaml.safe_load((season / f"cup/matches/{m['id']}.yaml").read_text(encoding="utf-8"))["gp"].items():
            gp[int(pid)] = gp.get(int(pid), 0) + round(float(v) * 100)
    shown = {int(p.findtext("NATIONAL_ID_NUMBER")): round(float(p.findtext("MASTER_POINTS/MASTER_POINTS_AWARDED")) * 100)
             for p in doc.iterfind("EVENT/PARTICIPANTS/TEAM/PLAYER") if p.find("MASTER_POINTS") is not None}
    assert shown == {k: v for k, v in gp.items() if v}
    assert {x.text for x in doc.iterfind(".//MASTER_POINT_TYPE")} == {"GP"}


def test_division_export_has_places_vp_and_every_recorded_match(played, dbf):
    r = dbf("export", "usebio", "--division", "1div")
    assert r.exit_code == 0, r.stderr
    doc = validate(r.stdout.encode("utf-8"))
    rows = doc.findall("EVENT/PARTICIPANTS/TEAM")
    assert len(rows) == 12 and [int(x.findtext("PLACE")) for x in rows] == sorted(int(x.findtext("PLACE")) for x in rows)
    assert len(doc.findall("EVENT/MATCH")) == len(list((played / "2026-27/divisions/matches").glob("1div-*.yaml")))
    st = dbf("standings", "1div", "--json").json
    assert [float(x.findtext("TOTAL_SCORE")) for x in rows] == [float(row["vp"]) for row in st["rows"]]


def test_hostile_names_are_escaped_and_the_xml_still_valid(played, dbf):
    """A team called <script> (conftest) and a player name with XML specials and a control
    character: escaped by xml.etree, the control character dropped, the document valid."""
    teams = played / "2026-27/cup/teams.yaml"
    data = yaml.safe_load(teams.read_text(encoding="utf-8"))
    evil = next(t for t in data["teams"] if t["name"] == EVIL)
    evil["players"][0]["name"] = 'Ann & "Bo" <x> \x01'
    teams.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    rnd = next(n for n in range(1, 10) if evil["id"] in (played / f"2026-27/cup/draws/round-{n:02d}.yaml").read_text())
    r = dbf("export", "usebio", "--round", str(rnd))
    assert r.exit_code == 0, r.stderr
    assert "&lt;script&gt;" in r.stdout and "<script>" not in r.stdout
    doc = validate(r.stdout.encode("utf-8"))
    names = {x.text for x in doc.iterfind(".//TEAM_NAME")} | {x.text for x in doc.iterfind(".//PLAYER_NAME")}
    assert EVIL in names and 'Ann & "Bo" <x> ' in names


def test_the_dtd_check_can_fail():
    """The control: a document the DTD forbids (a MATCH without its teams) is rejected."""
    dtd = lxml.DTD(str(DTD))
    bad = lxml.fromstring(b'<USEBIO Version="1.3"><EVENT EVENT_TYPE="KNOCKOUT"><EVENT_DESCRIPTION>x</EVENT_DESCRIPTION>'
                          b'<PROGRAM_NAME>dbf</PROGRAM_NAME><PROGRAM_VERSION>1</PROGRAM_VERSION>'
                          b'<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD><PARTICIPANTS><TEAM>1</TEAM></PARTICIPANTS>'
                          b'<MATCH><ROUND_NUMBER>1</ROUND_NUMBER></MATCH></EVENT></USEBIO>')
    assert not dtd.validate(bad)


@pytest.mark.parametrize("args", [(), ("--round", "3", "--division", "1div"), ("--division", "9div")],
                         ids=["neither", "both", "unknown division"])
def test_export_usage_errors_exit_2(played, dbf, args):
    assert dbf("export", "usebio", *args).exit_code == 2


def test_export_of_a_round_not_drawn_exit_2(half_played, dbf):
    r = dbf("export", "usebio", "--round", "7", "--json")
    assert r.exit_code == 2 and "has not been drawn" in r.json["errors"][0]["message"]
