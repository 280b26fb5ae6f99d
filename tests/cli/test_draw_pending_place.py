"""§1.5.16 with §1.5.6 through the CLI: `dbf draw cup` draws the next round while a match with a
recorded dispensation is unplayed; its winner is a pending place ("winner of C2-001") that
schedule, notify, publish, deadlines and check show; a result of the awaited match fills it,
`dbf undo` empties it again."""

from __future__ import annotations

import email

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"
DISPENSATION = "two players selected for the DBF junior team; the opponents accept"


def season(example):
    return example / SEASON


def draw_file(example, round_no):
    return yaml.safe_load((season(example) / f"cup/draws/round-{round_no:02d}.yaml").read_text(encoding="utf-8"))


def record(example, round_no, skip=()):
    """Stand-in for `dbf result submit`: a recorded file for every match of the round (the
    team drawn first wins), but those in ``skip``."""
    folder = season(example) / "cup/matches"
    folder.mkdir(parents=True, exist_ok=True)
    for m in draw_file(example, round_no)["matches"]:
        if m["id"] in skip:
            continue
        a, b = m["teams"]
        rec = {"schema": 1, "match": m["id"], "round": round_no, "kind": "result", "teams": [a, b],
               "home": a, "away": b, "winner": a, "loser": b}
        (folder / f"{m['id']}.yaml").write_text(yaml.safe_dump(rec), encoding="utf-8")


def ok(*args):
    r = run_dbf(*args)
    assert r.exit_code == 0, (args, r.stdout, r.stderr)
    return r


def pending_round3(example):
    """Rounds 1-2 played but C2-001, which has a dispensation; round 3 drawn with its winner as
    a pending place. Returns (awaited match, its teams, the round-3 match with the place)."""
    ok("draw", "cup", "--round", "1", "--seed", "7")
    record(example, 1)
    ok("draw", "cup", "--round", "2", "--seed", "7")
    awaited = draw_file(example, 2)["matches"][0]
    record(example, 2, skip={awaited["id"]})
    ok("schedule", "cup", "set", awaited["id"], "--date", "2027-01-16", "--dispensation", DISPENSATION)
    r = ok("draw", "cup", "--round", "3", "--seed", "7", "--json")
    waiting = [m for m in r.json["matches"] if m["pending"]]
    assert len(waiting) == 1 and waiting[0]["pending"] == [awaited["id"]], r.json
    return awaited["id"], awaited["teams"], waiting[0]


def test_1_5_16_unplayed_without_dispensation_refuses_the_draw(example):
    """§1.5.16: without a dispensation an unplayed match still stops the next draw (as before)."""
    ok("draw", "cup", "--round", "1", "--seed", "7")
    record(example, 1, skip={"C1-003"})
    before = snapshot(example)
    r = run_dbf("draw", "cup", "--round", "2", "--seed", "7", "--json")
    assert r.exit_code == 2 and [(e["rule"], e["code"]) for e in r.json["errors"]] == \
        [("1.5.16", "state.round-not-finished")]
    assert snapshot(example) == before


def test_1_5_16_1_5_6_draw_with_a_pending_place_is_recorded_stably(example):
    """§1.5.16 with §1.5.6: the place is `pending: C2-001` in the draw file, "winner of C2-001"
    to a person; `dbf check` accepts the season."""
    awaited, _, m = pending_round3(example)
    saved = next(x for x in draw_file(example, 3)["matches"] if x["id"] == m["id"])
    assert f"pending: {awaited}" in saved["teams"]
    human = ok("schedule", "cup", "--round", "3").stdout
    assert f"winner of {awaited}" in human and "None" not in human
    checked = ok("check", "--json").json
    assert [w["rule"] for w in checked["warnings"] if awaited in w["message"]] == ["1.5.16"]


def test_1_5_5_schedule_decides_no_home_until_the_place_is_filled(example):
    """§1.5.5/§1.5.13: no home team is guessed for a match with a pending place; once the
    awaited result is recorded the home team is decided; `dbf undo` makes it pending again."""
    awaited, teams, m = pending_round3(example)
    rows = {x["id"]: x for x in ok("schedule", "cup", "--round", "3", "--json").json["matches"]}
    row = rows[m["id"]]
    assert (row["home"], row["away"], row["up"], row["pending"]) == (None, None, None, [awaited])
    ok("result", "walkover", awaited, "--withdrawn", teams[1])        # teams[0] goes through
    rows = {x["id"]: x for x in ok("schedule", "cup", "--round", "3", "--json").json["matches"]}
    assert {rows[m["id"]]["home"], rows[m["id"]]["away"]} == {teams[0], *(t for t in m["teams"] if "pending" not in t)}
    assert "pending" not in rows[m["id"]]
    assert ok("check").exit_code == 0
    ok("undo")
    rows = {x["id"]: x for x in ok("schedule", "cup", "--round", "3", "--json").json["matches"]}
    assert rows[m["id"]]["pending"] == [awaited]


def test_1_5_16_no_sheet_walkover_or_blank_for_a_match_with_a_pending_place(example, tmp_path):
    """§1.5.16: a team of the match is not known yet: its sheet, a walkover, a blank sheet, a
    travel claim and the seating order (§1.5.13: who is away is not known) are refused."""
    _, _, m = pending_round3(example)
    known = next(t for t in m["teams"] if not t.startswith("pending"))
    sheet = tmp_path / "s.yaml"
    sheet.write_text(f"match: {m['id']}\nplayed_on: 2027-01-31\nsegments: [[10, 2]]\nhome:\n  team: {known}\n"
                     "  players: []\naway:\n  team: X-1\n  players: []\n", encoding="utf-8")
    before = snapshot(example)
    for args in (("result", "submit", sheet), ("result", "check", sheet),
                 ("result", "walkover", m["id"], "--withdrawn", known),
                 ("result", "blank", m["id"], "--out", tmp_path / "blank"),
                 ("travel", "claim", m["id"], "--team", known, "--zones", "20", "--persons", "4"),
                 ("seating", m["id"])):
        r = run_dbf(*args, "--json")
        assert r.exit_code == 2, (args, r.stdout)
        assert ("1.5.16", "state.pending-place") in [(e["rule"], e["code"]) for e in r.json["errors"]], r.stdout
    assert snapshot(example) == before


def test_1_5_16_next_round_refused_while_a_place_is_unresolved(example):
    """§1.5.16: round 4 is not drawn while a round-3 match still waits for its pending place,
    even with a dispensation of its own."""
    _, _, m = pending_round3(example)
    record(example, 3, skip={m["id"]})
    ok("schedule", "cup", "set", m["id"], "--date", "2027-02-06", "--dispensation", DISPENSATION)
    r = run_dbf("draw", "cup", "--round", "4", "--json")
    assert r.exit_code == 2 and [(e["rule"], e["code"]) for e in r.json["errors"]] == [("1.5.16", "state.pending-place")]


def test_1_5_16_1_5_6_the_dispensation_of_an_awaited_match_stays(example):
    """§1.5.16 with §1.5.6 (invariant draw.pending-place): clearing the dispensation that a
    pending place rests on is refused."""
    awaited, _, _ = pending_round3(example)
    before = snapshot(example)
    r = run_dbf("schedule", "cup", "set", awaited, "--clear", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.16"]
    assert snapshot(example) == before


def test_1_5_16_notify_publish_and_deadlines_show_the_pending_place(example, tmp_path):
    """§1.5.16: the known team is told its opponent is the winner of C2-001 with home and away
    to come; the site's round, bracket and team pages and `dbf deadlines` say the same."""
    awaited, _, m = pending_round3(example)
    known = next(t for t in m["teams"] if not t.startswith("pending"))
    r = ok("notify", "draw", "--round", "3", "--out", tmp_path / "mail", "--json")
    names = [p.split("/")[-1] for p in r.json["files"]]
    assert f"{m['id']}-{known}.eml" in names and not any("pending" in n for n in names)
    msg = email.message_from_bytes((tmp_path / "mail" / f"{m['id']}-{known}.eml").read_bytes())
    body = msg.get_content() if hasattr(msg, "get_content") else msg.get_payload(decode=True).decode()
    assert f"winner of {awaited}" in str(msg["Subject"]) + body and "None" not in body
    ok("publish", "--out", tmp_path / "site")
    for page in ("round-03.html", "bracket.html", f"team-{known}.html"):
        text = (tmp_path / "site" / page).read_text(encoding="utf-8")
        assert f"winner of {awaited}" in text and "pending: " not in text and "None" not in text, page
    due = ok("deadlines", "--today", "2027-01-25", "--all", "--json").json
    assert any(m["id"] in d["what"] and awaited in d["what"] for d in due["deadlines"]), due
