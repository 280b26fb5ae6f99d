"""Write a PBN file of a team match (both rooms), as a scoring program exports it (tests only)."""

from __future__ import annotations

from dbfcli.rules.scoring.contracts import board_vulnerability, ns_score, parse_contract

# (contract, declarer, tricks) cycled over the boards: open room, closed room
RESULTS = [
    (("4S", "N", 10), ("4S", "S", 9)), (("3NT", "E", 9), ("3NT", "W", 9)), (("2H", "S", 8), ("3Hx", "E", 7)),
    (("Pass", None, None), ("1NT", "N", 6)), (("6D", "W", 12), ("5D", "E", 12)), (("4Hx", "N", 9), ("4H", "S", 10)),
    (("3C", "E", 9), ("2S", "N", 7)), (("7NT", "S", 13), ("6NT", "N", 13)),
]


def team_match_pbn(home_open: list[str], away_open: list[str], home_closed: list[str], away_closed: list[str],
                   boards: int = 40, first: int = 1, home_team: str = "HOME", away_team: str = "AWAY",
                   skip: tuple[tuple[int, str], ...] = (), rooms=("Open", "Closed")) -> str:
    """``home_open``: [N, S] of the home team in the open room (it sits NS there); ``away_open``: [E, W];
    in the closed room the away team sits NS (``away_closed`` [N, S], ``home_closed`` [E, W])."""
    out = ["% PBN 2.1", "% EXPORT", ""]
    for b in range(first, first + boards):
        for room, (contract, dec, tricks) in zip(("Open", "Closed"), RESULTS[(b - first) % len(RESULTS)]):
            if room not in rooms or (b, room) in skip:
                continue
            if room == "Open":
                n, s, e, w = home_open[0], home_open[1], away_open[0], away_open[1]
            else:
                n, s, e, w = away_closed[0], away_closed[1], home_closed[0], home_closed[1]
            vul = board_vulnerability(b)
            c = parse_contract(contract)
            score = ns_score(c, dec, vul, tricks)
            out += [f'[Event "DBF cup"]', '[Site "Odense"]', '[Date "2026.12.13"]', f'[Board "{b}"]',
                    f'[West "{w}"]', f'[North "{n}"]', f'[East "{e}"]', f'[South "{s}"]', '[Dealer "N"]',
                    f'[Vulnerable "{vul}"]', f'[Declarer "{dec or ""}"]', f'[Contract "{contract}"]',
                    f'[Result "{tricks if tricks is not None else ""}"]', f'[HomeTeam "{home_team}"]',
                    f'[Room "{room}"]', f'[Score "NS {score}"]', f'[VisitTeam "{away_team}"]', ""]
    return "\n".join(out)
