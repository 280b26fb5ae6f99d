"""Issue 25: one answer to "who is at home", held over a whole cup season. After each round is
drawn and scheduled, every command that names home and away says the same for every match:
`dbf schedule cup` (home, away, neutral), `dbf seating`, `dbf result blank` (the sheet's home
and away), `dbf notify draw` (each captain told home, away or DBF's venue), the site (`dbf
publish`: the round page lists home first); the sheet check's expected home is held by the
sheets themselves (a sheet written the schedule's way has no §1.5.5/§1.5.7 warning, the same
sheet with the sides swapped has one: :func:`swapped_sheet_warns`)."""

from __future__ import annotations

import email
import re
from email import policy


def rows_known(sched: dict) -> list[dict]:
    """The scheduled matches whose teams are known (a pending place, §1.5.16, decides nothing)."""
    return [s for s in sched.values() if not s.get("pending")]


def agree_after_round(cup, round_no: int, sched: dict) -> int:
    """Every command naming home and away agrees with the schedule for every match of the round;
    returns how many matches were compared."""
    rows = rows_known(sched)
    want = {s["id"]: (s["home"], s["away"]) for s in rows}
    for s in rows:                                                   # §1.5.13 seating
        seat = cup.json("seating", s["id"])
        assert (seat["home"], seat["away"]) == want[s["id"]], (round_no, s, seat)
        assert seat["segments"][0]["seats_first"] == s["away"]
    blanks = cup.json("result", "blank", "--round", str(round_no), "--out", cup.tmp / f"blank-{round_no}")
    got = {f["match"]: (f["home"]["team"], f["away"]["team"]) for f in blanks["sheets"]}
    assert got == want, round_no                                     # the blank sheet
    _mail_agrees(cup, round_no, sched, want)
    _site_agrees(cup, round_no, want)
    return len(rows)


def _mail_agrees(cup, round_no: int, sched: dict, want: dict) -> None:
    """`dbf notify draw`: each captain of a known team is told home or away (DBF's venue in the
    semi-finals and final, §1.5.7), as the schedule has it."""
    out = cup.tmp / f"mail-{round_no}"
    cup.write("notify", "draw", "--round", str(round_no), "--out", out, "--no-sheet")
    told = 0
    for path in sorted(out.glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        mid, team = msg["X-DBF-Match"], msg["X-DBF-Team"]
        if mid not in want:
            continue
        body = msg.get_body(preferencelist=("plain",)).get_content()
        if sched[mid]["neutral"]:
            assert "venue chosen by DBF" in body, (mid, team)
        elif team == want[mid][0]:
            assert "You are the home team" in body, (mid, team)
        else:
            assert team == want[mid][1] and "You are the away team" in body, (mid, team)
        told += 1
    assert told >= len(want), (round_no, told, len(want))


def _site_agrees(cup, round_no: int, want: dict) -> None:
    """The site's round page lists each match home first, away second, as scheduled."""
    site = cup.tmp / "site"
    cup.dbf("publish", "--out", site)
    page = next(p for p in site.rglob("*.html") if f'<tr id="{next(iter(want))}">' in p.read_text(encoding="utf-8"))
    html = page.read_text(encoding="utf-8")
    for mid, (home, away) in want.items():
        row = re.search(rf'<tr id="{re.escape(mid)}">(.*?)</tr>', html, flags=re.S).group(1)
        h, a = (f'team-{re.sub(r"[^A-Za-z0-9_-]", "_", t)}.html"' for t in (home, away))
        assert h in row and a in row and row.index(h) < row.index(a), (mid, home, away, row[:300])


def swapped_sheet_warns(cup, text: str, home: str, away: str, rule: str) -> None:
    """The sheet check's expected home (rules.cup.home.sheet_home): the sheet written with the
    schedule's sides has no ``rule`` warning; with the sides swapped it has (§1.5.5, or §1.5.7
    at DBF's venue)."""
    right = cup.dbf("result", "check", cup.file("right.yaml", text), "--json", ok=False).json
    assert rule not in {w["rule"] for w in right.get("warnings", [])}, right
    swapped = re.sub(r"^home:\n  team: (\S+)", "home:\n  team: @AWAY@", text, count=1, flags=re.M)
    swapped = re.sub(r"^away:\n  team: (\S+)", f"away:\n  team: {home}", swapped, count=1, flags=re.M)
    swapped = swapped.replace("@AWAY@", away, 1)
    got = cup.dbf("result", "check", cup.file("swapped.yaml", swapped), "--json", ok=False).json
    assert rule in {w["rule"] for w in got.get("warnings", []) + got.get("errors", [])}, got
