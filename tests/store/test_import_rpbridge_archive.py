"""Issue 28: a real PBN archive (rpbridge.net, 245 team matches of 2012; tests/data/README.md)
imports unchanged. It states the seats once per segment, on the segment's first board in each
room, and writes players by surname or handle (``BildeD``); the four matches tried import into
rosters of the players' full names, and their totals agree with an independent computation
here: each table scored by the test's own scorer (Law 77), each board IMPed by the test's own
copy of the WBF IMP table (§1.5.10), not by dbf's functions."""

from __future__ import annotations

from pathlib import Path

import pytest

from dbfcli.rules.scoring.teammatch import RosterPlayer, build_match, match_name, pick_group
from dbfcli.store.imports.matchfiles import decode
from dbfcli.store.imports.pbn import read_pbn

ARCHIVE = Path(__file__).resolve().parents[1] / "data" / "real" / "endplay-example3-rpbridge2021.pbn"

#: the teams as rosters of full names (the archive gives surnames or handles only; the given
#: names are the test's, the surnames as the players spell them, Polish and Swedish letters kept;
#: "Fu, Zhong": a roster writes a surname that comes first as "Surname, Given")
TEAMS = {
    "Poland": ["Cezary Balicki", "Adam Żmudziński", "Krzysztof Buras", "Grzegorz Narkiewicz", "Jacek Zaremba",
               "Piotr Zak"],
    "Sweden": ["Johan Upmark", "Fredrik Nyström", "Simon Ahlesved", "Jonas Petersson", "Per-Ola Cullin",
               "Peter Bertheau"],
    "Denmark": ["Dennis Bilde", "Jesper Graversen", "Morten Askgaard", "Gregers Bjarnarson", "Lars Blakset",
                "Peter Schaltz"],
    "India": ["Jaggy Majumdar", "Sumit Mukherjee", "Debabrata Banerjee", "Rana Datta"],
    "Amoils": ["Thomas Bessis", "Peter Bertheau", "Glen Amoils", "Daniel Wolpert", "Fu, Zhong", "Ishmael Del'Monte"],
    "Denmark (Spingold)": ["Kasper Konow", "Peter Schaltz", "Sabine Auken", "Roy Welland", "Morten Askgaard",
                           "Gregers Bjarnarson"],
}

#: the four matches tried: (as --pick names it, home, away, roster key of each side)
TRIED = [("Denmark v Poland", "Denmark", "Poland"), ("India v Denmark", "India", "Denmark"),
         ("Amoils v Denmark", "Amoils", "Denmark (Spingold)"), ("Poland v Sweden", "Poland", "Sweden")]

# ----------------------------------------------------------------------------- the test's own arithmetic
_IMP_LIMITS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
               2000, 2250, 2500, 3000, 3500, 4000]   # WBF IMP table: a difference >= each limit is one IMP more


def _imps(diff: int) -> int:
    won = sum(1 for limit in _IMP_LIMITS if abs(diff) >= limit)
    return won if diff >= 0 else -won


def _vul_of(board: int) -> str:
    return ["None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS", "All", "None",
            "NS", "EW"][(board - 1) % 16]


def _declarer_score(contract: str, tricks: int, vul: bool) -> int:
    """Law 77, the declaring side's score, written out on its own."""
    level, rest = int(contract[0]), contract[1:]
    doubled = rest.count("X") + 2 * rest.count("R")    # the archive writes a redouble "3NR"
    strain = rest.rstrip("XR")
    need = 6 + level
    if tricks < need:
        down = need - tricks
        if not doubled:
            return -(100 if vul else 50) * down
        steps = ([200] + [300] * 12) if vul else ([100, 200, 200] + [300] * 10)
        return -sum(steps[:down]) * doubled
    per = 20 if strain in ("C", "D") else 30
    trick_score = (per * level + (10 if strain in ("N", "NT") else 0)) * (2 ** doubled)
    score = trick_score + (50 * doubled)
    score += (500 if vul else 300) if trick_score >= 100 else 50
    if level == 6:
        score += 750 if vul else 500
    if level == 7:
        score += 1500 if vul else 1000
    over = tricks - need
    score += over * (per if not doubled else (200 if vul else 100) * doubled)
    return score


def _raw_tables(label_home: str, label_away: str) -> list[dict]:
    """The archive's games of one match, read here line by line (seats carried by room)."""
    games, cur = [], {}
    for line in ARCHIVE.read_text(encoding="latin-1").splitlines() + [""]:
        line = line.strip()
        if not line:
            if cur:
                games.append(cur)
            cur = {}
        elif line.startswith("[") and '"' in line:
            name, value = line[1:].split(" ", 1)
            cur.setdefault(name, value.strip('"]'))
    out, teams, board, slot = [], None, None, 0
    for g in games:
        if "HomeTeam" in g:
            teams = (g["HomeTeam"], g["VisitTeam"])
        board, slot = (int(g["Board"]), 0) if "Board" in g else (board, slot + 1)
        if teams == (label_home, label_away) and "Contract" in g:
            out.append({"board": board, "slot": slot, **g})
    return out


def _independent_totals(home: str, away: str, roster: dict[str, str]) -> tuple[int, int]:
    """Home and away IMPs: the home team is NS in one room of each segment, seen by its players."""
    seats_by_slot: dict[int, dict] = {}
    scores: dict[int, dict[str, int]] = {}
    for g in _raw_tables(home, away):
        if "North" in g:
            seats_by_slot[g["slot"]] = g
        north = seats_by_slot[g["slot"]]["North"]
        ns_team = home if roster[north] == home else away
        c, vul = g["Contract"], g.get("Vulnerable") or _vul_of(g["board"])
        if c.upper() in ("PASS", "AP"):
            ns = 0
        else:
            by_ns = g["Declarer"] in "NS"
            side_vul = vul in ("All", "Both") or vul == ("NS" if by_ns else "EW")
            s = _declarer_score(c.replace("NT", "N"), int(g["Result"]), side_vul)
            ns = s if by_ns else -s
        scores.setdefault(g["board"], {})[ns_team] = ns
    h = a = 0
    for board in scores.values():
        won = _imps(board[home] - board[away])
        h, a = h + max(won, 0), a + max(-won, 0)
    return h, a


# ----------------------------------------------------------------------------- the tests
@pytest.fixture(scope="module")
def archive():
    tables, problems = read_pbn(decode(ARCHIVE.read_bytes()), ARCHIVE.name)
    assert problems == []
    return tables


def _roster(home: str, away_key: str, away: str) -> tuple[RosterPlayer, ...]:
    out, no = [], 1000
    for team, key in ((home, home), (away, away_key)):
        for name in TEAMS[key]:
            no += 1
            out.append(RosterPlayer(no, name, team))
    return tuple(out)


def test_28_pbn_seats_stated_once_a_segment_are_carried_by_room(archive):
    dp = [t for t in archive if t.group == "Denmark v Poland"]
    assert len(dp) == 64 and all(all(s.strip() for s in t.seats) for t in dp)
    by = {(t.board, t.seats[0]): t for t in dp}
    assert by[(18, "BildeD")].seats == ("BildeD", "Zmudzinski", "Graversen", "Balicki")        # room 1
    assert by[(18, "Narkiewicz")].seats == ("Narkiewicz", "Bjarnarson", "Buras", "Askgaard")   # room 2
    assert by[(64, "Balicki")].seats == ("Balicki", "BlaksetL", "Zmudzinski", "Schaltz")       # segment R16:4


@pytest.mark.parametrize("label,home,away_key", TRIED, ids=[t[0] for t in TRIED])
def test_1_5_10_rpbridge_match_imports_into_full_name_rosters(archive, label, home, away_key):
    away = away_key.split(" (")[0]
    roster = _roster(home, away_key, away)
    group, problems = pick_group(tuple(archive), roster, label)
    assert problems == []
    m, problems = build_match([t for t in archive if t.group == group], home, away, roster, 8, group)
    assert problems == [], [p.message for p in problems]
    team_of = {name: match_name(name, None, roster)[0].team for t in archive if t.group == group for name in t.seats}
    assert m.imps == _independent_totals(home, away, team_of)
    assert all(sum(n for _, n in team) == 4 * len(m.boards) for team in m.players.values())   # §1.5.14
