"""A whole cup season through the real CLI (issue 14), from `dbf init` to the trophy.

230 teams over real postcodes (the example's generator, tools/make_example.py: 97 east of the
Great Belt with Bornholm, the rest west; division teams seeded into rounds 3 and 4, §1.5.3) are
entered with `dbf cup enter` and `dbf division enter`; every round is drawn (`dbf draw cup`),
scheduled (`dbf schedule cup`) and recorded by sheets written as captains write them
(`dbf result submit`; round 1 by one `dbf result submit DIR`, issue 17), the UP noted as the
schedule computes them (§1.5.4). On the way: a walkover in round 1 and in a later round
(§1.5.15), a player added before his first match
(§1.5.11), a legal substitute (§1.5.12) and one refused (§1.5.12, §1.5.12a: his team is still in), a
late sheet (§1.5.14), a match played late without a dispensation and one with (§1.5.6), ties
decided on total points and on extra boards (§1.5.10), a HUM team (§1.5.13, §1.5.1.2), an
amendment before the next draw and one refused after it (§1.5.16), a match played after the
next round is drawn, its winner a pending place there (§1.5.16 with §1.5.6). After every command that
writes, `dbf check` must accept the season (it runs every season invariant). At the end the
ledgers add up: GP (§1.5.10), UP (§1.5.4) and fees (§1.5.15), and `dbf trophy` names the winner.

DBF_SEASON_CUP_TEAMS=N plays another field size (CI: 230).
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf
from homeaway import agree_after_round, swapped_sheet_warns

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
N_TEAMS = int(os.environ.get("DBF_SEASON_CUP_TEAMS", "230"))
#: §1.5.10 "8 GP i 1. og 2. runde; 12 i 3., 4. og 5.; 16 i 6.; 24, 48, 96" (written here, not imported)
ROUND_GP = {1: 8, 2: 8, 3: 12, 4: 12, 5: 12, 6: 16, 7: 24, 8: 48, 9: 96}
#: the round whose sheets go in by one `dbf result submit DIR` (issue 17.2)
WHOLE_ROUND = 1


def boards_of(round_no: int) -> int:
    """§1.5.9: 40 boards up to the 1/8 final, 48 from the quarter-final."""
    return 40 if round_no <= 6 else 48


class Cup:
    """The season folder and what the captains know of it; every write is followed by `dbf check`."""

    def __init__(self, root: Path, tmp: Path):
        self.root, self.tmp = root, tmp
        self.paths: dict[str, list[str]] = defaultdict(list)
        self.writes = 0

    def dbf(self, *args, ok=True):
        r = run_dbf("--dir", self.root, *args)
        if ok:
            assert r.exit_code == 0, (args, r.stdout, r.stderr)
        return r

    def json(self, *args, ok=True):
        r = self.dbf(*args, "--json", ok=ok)
        return r.json if ok else r

    def write(self, *args, expect=0):
        """A writing command, then `dbf check` on the season it left (every invariant)."""
        r = self.dbf(*args, "--json", ok=False)
        assert r.exit_code == expect, (args, (r.json or {}).get("errors") if r.stdout.startswith("{") else r.stdout,
                                       r.stderr)
        self.writes += 1
        c = self.dbf("check", "--json", ok=False)
        assert c.exit_code == 0, (args, c.stdout)
        return r.json

    def file(self, name: str, text: str) -> Path:
        path = self.tmp / name
        path.write_text(text, encoding="utf-8")
        return path

    def teams(self) -> dict[str, dict]:
        doc = yaml.safe_load((self.root / SEASON / "cup" / "teams.yaml").read_text(encoding="utf-8"))
        return {t["id"]: t for t in doc["teams"]}


def rows(players: list[dict], boards: int) -> str:
    """Who played how many boards (§1.5.14): three sit all match, the rest share the 4th seat."""
    ids = [p["id"] for p in players]
    rest = len(ids) - 3
    share = [boards // rest + (1 if k < boards % rest else 0) for k in range(rest)]
    return "\n".join(f"    - {{id: {i}, boards: {b}}}" for i, b in zip(ids, [boards] * 3 + share))


def sheet(match: str, round_no: int, home: dict, away: dict, played_on: str, submitted_at: str, imps, *,
          up_home=None, up_away=None, extra="", home_rows=None, away_rows=None, natural=()) -> str:
    """``natural``: the schedule's HUM verdicts; a pair not allowed HUM here plays natural, and the
    captain says so (``natural_pairs``, §1.5.1.2)."""
    boards = boards_of(round_no)
    segs = str([list(imps)] + [[0, 0]] * (boards // 8 - 1))
    if "extra_segments" in extra:          # §1.5.10: the players play the extra boards too
        boards += 4
    up_h = f"  up: {up_home}\n" if up_home is not None else ""
    up_a = f"  up: {up_away}\n" if up_away is not None else ""
    for v in natural:
        if not v["allowed"]:
            line = f"  natural_pairs: [{list(v['pair'])}]\n"
            if v["team"] == home["id"]:
                up_h += line
            else:
                up_a += line
    return (f"match: {match}\nplayed_on: {played_on}\nsubmitted_at: {submitted_at}\nsegments: {segs}\n{extra}"
            f"home:\n  team: {home['id']}\n{up_h}  players:\n{home_rows or rows(home['players'], boards)}\n"
            f"away:\n  team: {away['id']}\n{up_a}  players:\n{away_rows or rows(away['players'], boards)}\n"
            f"signed_by: {home['players'][0]['id']}\n")


def enter_teams(cup: Cup) -> None:
    """`dbf init`, then the entries as the TD gets them: cup teams and the four divisions."""
    sys.path.insert(0, str(REPO / "tools"))
    import make_example as ex

    season = ex.build_season(seed=2627, n_cup=N_TEAMS)
    cup.write("init", "--season", SEASON)
    for div, teams in season.divisions.items():
        f = cup.file(f"{div}.yaml", ex.dump_teams({"schema": 1, "division": div,
                                                   "teams": [t.entry(False) for t in teams]}))
        cup.write("division", "enter", div, f)
    f = cup.file("cup-teams.yaml", ex.dump_teams({"schema": 1, "teams": [t.entry(True) for t in season.cup]}))
    cup.write("cup", "enter", f)


def test_a_whole_cup_season(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("DBF_DIR", raising=False)
    monkeypatch.delenv("DBF_SEASON", raising=False)
    cup = Cup(tmp_path / "tournaments", tmp_path)
    rng = random.Random(2627)
    enter_teams(cup)
    teams = cup.teams()
    entry = Counter(t["entry_round"] for t in cup.json("cup", "teams")["teams"])
    assert len(teams) == N_TEAMS and entry[3] + entry[4] > 0          # §1.5.3: division teams seeded later
    withdrawn = withdraw_before_first_match(cup, teams)
    played_rounds = []
    gp_expected = Fraction(0)
    fresh_member = 990001
    carried: list[str] = []          # the paths of a round the small field skipped
    played: set[str] = set()         # teams whose players are on a recorded sheet (not a walkover, not a bye)
    batched: list[tuple] = []        # the sheets of WHOLE_ROUND, submitted together
    last_amendable = None
    deferred = None                  # (match, its sheet, round): played after the next draw (§1.5.6)
    walkover_winners: dict[int, list[str]] = defaultdict(list)
    plain_sheets: dict[int, dict[str, tuple]] = defaultdict(dict)   # round -> match -> (text, imps, winner)
    finalist = None                  # issue 25: the semi-finals and final are played in its town
    for round_no in range(1, 10):
        if round_no == 4 and plain_sheets[3]:
            a_dispute_holds_the_draw(cup, round_no, plain_sheets[3])
        r = cup.dbf("draw", "cup", "--round", str(round_no), "--seed", str(700 + round_no), "--json", ok=False)
        if r.exit_code == 1 and "is not played in this cup" in r.stdout:
            cup.paths["skipped rounds (§1.5.3)"].append(str(round_no))
            carried.extend(PLAN.get(round_no, ()))
            continue
        assert r.exit_code == 0, r.stdout
        assert cup.dbf("check").exit_code == 0
        draw = r.json
        if deferred is not None:     # §1.5.16 with §1.5.6: drawn with a pending place, then filled
            gp_expected += ROUND_GP[deferred[2]]
            fill_pending_place(cup, draw, round_no, deferred)
            deferred = None
        played_rounds.append(round_no)
        if round_no == 2:            # §1.5.2: a round-1 walkover winner has not played: no round-2 bye
            assert walkover_winners[1] and not set(walkover_winners[1]) & set(draw["byes"]), draw["byes"]
            cup.paths["round-1 walkover winners play round 2 (§1.5.2)"].extend(walkover_winners[1])
        if round_no == 5:
            move_a_new_winner_on(cup, draw, plain_sheets[4])
        if round_no == 8:
            finalist = semi_finals_in_a_finalists_town(cup, draw)
        if draw["byes"]:
            cup.paths["byes (§1.5.16)"].append(f"round {round_no}: {len(draw['byes'])}")
        sched = {m["id"]: m for m in cup.json("schedule", "cup", "--round", str(round_no))["matches"]}
        matches = [m for m in draw["matches"]]
        events = round_events(round_no, matches, rng, carried, played)
        if finalist:                 # the finalist plays its matches plainly, and wins them
            events = {k: v for k, v in events.items() if finalist not in next(x["teams"] for x in matches
                                                                              if x["id"] == v)}
        plain = [x["id"] for x in matches if x["id"] not in events.values()]
        if "hum" in events:
            register_hum(cup, teams, sched, events["hum"])
            sched = {m["id"]: m for m in cup.json("schedule", "cup", "--round", str(round_no))["matches"]}
            row = sched[events["hum"]]
            assert row["reason"].startswith(("§1.5.13", "§1.5.5")), row["reason"]
            cup.paths["HUM (§1.5.13)"].append(f"{row['id']}: {row['reason'][:60]}")
        cup.paths["home and away agree, every command (issue 25)"].append(
            f"round {round_no}: {agree_after_round(cup, round_no, sched)}")
        for m in matches:
            mid = m["id"]
            s = sched[mid]
            home, away = teams[s["home"]], teams[s["away"]]
            day = s["date"] or "2027-05-15"
            if events.get("walkover") == mid:
                doc = cup.write("result", "walkover", mid, "--withdrawn", away["id"])
                assert doc["winner"] == home["id"] and doc["fine"]["amount_kr"] > 0      # §1.5.15
                cup.paths["walkovers (§1.5.15)"].append(mid)
                walkover_winners[round_no].append(doc["winner"])
                continue
            waits = events.get("pending") == mid and round_no < 9     # a next round to draw meanwhile
            if events.get("dispensation") == mid or waits:
                later = _plus_days(day, 6)
                cup.write("schedule", "cup", "set", mid, "--date", later, "--dispensation",
                          "two players selected for the DBF junior team; the opponents accept")
                day = later
                cup.paths["dispensations (§1.5.6)"].append(mid)
            late_no_dispensation = events.get("late") == mid
            if late_no_dispensation:
                day = _plus_days(day, 3)
            travel = s["travel"]
            up_away = travel.get(away["id"], {}).get("up")
            up_home = travel.get(home["id"], {}).get("up") if s["neutral"] else None
            imps = (rng.randint(20, 70), rng.randint(0, 60))
            if finalist in (home["id"], away["id"]):
                imps = (60, 10) if home["id"] == finalist else (10, 60)
                stage_in_own_town(cup, s, finalist)
            if imps[0] == imps[1]:
                imps = (imps[0] + 1, imps[1])          # ties only where planned
            extra = ""
            if events.get("tie_points") == mid:
                imps, extra = (44, 44), "total_points: [5210, 5160]\n"
                cup.paths["ties on total points (§1.5.10)"].append(mid)
            elif events.get("tie_extra") == mid:
                imps, extra = (38, 38), "total_points: [4990, 4990]\nextra_segments: [{boards: 4, imps: [2, 7]}]\n"
                cup.paths["ties on extra boards (§1.5.10)"].append(mid)
            submitted = f"{day}T21:30"
            if events.get("late_sheet") == mid:
                submitted = f"{_plus_days(day, 2)}T12:00"
            if events.get("finished_late") == mid:     # §1.5.14: 18 hours from when play ended
                extra += f"finished_at: {day}T23:20\n"
                submitted = f"{_plus_days(day, 1)}T15:40"
            home_rows = away_rows = None
            if events.get("addition") == mid and len(home["players"]) < 6:
                added = {"id": fresh_member, "name": "Eva Tilføjet", "club": home["club"]}
                fresh_member += 1
                cup.write("cup", "add-player", home["id"], "--round", str(round_no), "--id", str(added["id"]),
                          "--name", added["name"], "--announced-on", _plus_days(day, -2))
                home_rows = rows(home["players"] + [added], boards_of(round_no))
                cup.paths["additions (§1.5.11)"].append(f"{mid}: {home['id']} + {added['id']}")
            if events.get("withdraw_played") == mid:     # §1.5.11: a player who has played stays
                who = home if home["id"] in played else away
                cup.write("cup", "withdraw-player", who["id"], str(who["players"][0]["id"]), expect=1)
                cup.paths["withdrawals refused, he has played (§1.5.11)"].append(f"{who['id']}")
            if events.get("substitute") == mid:
                sub = fresh_member
                fresh_member += 1
                b = boards_of(round_no)
                own = away["players"][:3]
                away_rows = rows(own, b).rsplit("\n", 0)[0] + (
                    f"\n    - {{id: {sub}, boards: {b}, substitute: true, name: Bo Vikar, club: {away['club']}}}")
                cup.paths["legal substitutes (§1.5.12)"].append(f"{mid}: {sub} for {away['id']}")
            if events.get("bad_substitute") == mid:
                other_match = next(x for x in matches if x["id"] != mid)   # its teams are still in the cup
                other = teams[other_match["teams"][0]]
                b = boards_of(round_no)
                bad_rows = rows(away["players"][:3], b) + (
                    f"\n    - {{id: {other['players'][0]['id']}, boards: {b}, substitute: true, "
                    f"name: Ulovlig Vikar, club: {other['club']}}}")
                f = cup.file(f"{mid}-bad.yaml", sheet(mid, round_no, home, away, day, submitted, imps,
                                                     up_home=up_home, up_away=up_away, extra=extra,
                                                     away_rows=bad_rows, natural=s["hum"]))
                bad = cup.dbf("result", "submit", f, "--json", ok=False)
                assert bad.exit_code == 1 and any((e["rule"] or "").startswith("1.5.12") for e in bad.json["errors"]), \
                    bad.stdout
                assert cup.dbf("check").exit_code == 0
                cup.paths["refused substitutes (§1.5.12)"].append(mid)
            text = sheet(mid, round_no, home, away, day, submitted, imps, up_home=up_home, up_away=up_away,
                         extra=extra, home_rows=home_rows, away_rows=away_rows, natural=s["hum"])
            if events.get("finished_late") == mid:
                finished_late_is_on_time(cup, mid, text)
            if waits:                # the next round is drawn before this match is played
                deferred = (mid, cup.file(f"{mid}.yaml", text), round_no)
                swap_later = (mid, text, imps)
                continue
            if round_no == WHOLE_ROUND:        # issue 17: the round's sheets go in by one command below
                (cup.tmp / f"round-{round_no}").mkdir(exist_ok=True)
                cup.file(f"round-{round_no}/{mid}.yaml", text)
                batched.append((mid, text, imps, late_no_dispensation))
                continue
            if plain and mid == plain[0]:     # the sheet check's expected home (rules.cup.home.sheet_home)
                swapped_sheet_warns(cup, text, home["id"], away["id"], "1.5.7" if s["neutral"] else "1.5.5")
            doc = cup.write("result", "submit", cup.file(f"{mid}.yaml", text))
            played.update((home["id"], away["id"]))
            if mid in plain:
                plain_sheets[round_no][mid] = (text, imps, doc["winner"])
            gp_expected += ROUND_GP[round_no]
            last_amendable = recorded(cup, events, round_no, mid, doc, text, imps, late_no_dispensation) \
                or last_amendable
        if batched:
            whole = cup.write("result", "submit", cup.tmp / f"round-{round_no}")
            assert whole["recorded"] == len(batched) and whole["rejected"] == 0, whole["errors"]
            docs = {d["match"]: d for d in whole["sheets"]}
            for mid, text, imps, late_no_dispensation in batched:
                played.update((sched[mid]["home"], sched[mid]["away"]))
                gp_expected += ROUND_GP[round_no]
                last_amendable = recorded(cup, events, round_no, mid, docs[mid], text, imps, late_no_dispensation) \
                    or last_amendable
            cup.paths["a whole round in one command (issue 17)"].append(f"round {round_no}: {len(batched)} sheets")
            batched.clear()
    # §1.5.16: the pending place's match is played: the awaited match's winner no longer changes
    mid, text, imps = swap_later
    other_wins = [0, sum(imps) + 1] if imps[0] > imps[1] else [sum(imps) + 1, 0]
    swapped = cup.file(f"{mid}-swapped.yaml", text.replace(f"segments: [[{imps[0]}, {imps[1]}]",
                                                           f"segments: [{other_wins}", 1))
    refused = cup.dbf("result", "amend", swapped, "--json", ok=False)
    assert refused.exit_code == 1 and "1.5.16" in {e["rule"] for e in refused.json["errors"]}, refused.stdout
    assert cup.dbf("check").exit_code == 0
    cup.paths["pending place (§1.5.16)"].append(f"{mid}: amendment of the winner refused once the place has played")
    # §1.5.16: once the next round is drawn, an amendment that changes the winner is refused
    mid, text, imps, round_no = last_amendable
    now = (imps[0] + 5, imps[1])     # as recorded: amended with 5 IMPs more for home (recorded())
    other_wins = [0, sum(now) + 1] if now[0] > now[1] else [sum(now) + 1, 0]   # the winner changes
    swapped = cup.file(f"{mid}-swapped.yaml", text.replace(f"segments: [[{imps[0]}, {imps[1]}]",
                                                           f"segments: [{other_wins}", 1))
    refused = cup.dbf("result", "amend", swapped, "--json", ok=False)
    assert refused.exit_code in (1, 2) and refused.json["errors"], refused.stdout
    assert cup.dbf("check").exit_code == 0
    cup.paths["amendments refused after the next draw (§1.5.16)"].append(mid)
    moved = cup.dbf("result", "amend", swapped, "--move-to-next-round", "--json", ok=False)   # it has played on
    assert moved.exit_code == 1 and [e["rule"] for e in moved.json["errors"]] == ["1.5.16"], moved.stdout
    finalist_claims(cup, finalist)
    seeded_pay_from_their_round(cup)

    # the final is recorded: the trophy has a holder (§1.5.1)
    assert played_rounds[-1] == 9
    trophy = cup.json("trophy")
    assert trophy["holder"] and trophy["history"][-1]["source"] == "recorded", trophy
    # §1.5.10: every GP of every played match went to its winners, exactly (walkovers: none)
    gp = cup.json("gp")
    per_match: dict[str, Fraction] = defaultdict(Fraction)
    for row in gp["matches"]:
        per_match[row["match"]] += Fraction(row["gp"])
    assert sum(per_match.values()) == gp_expected
    assert all(v == ROUND_GP[int(m[1])] for m, v in per_match.items()), per_match
    # §1.5.4: the UP ledger holds exactly what the sheets were credited
    up = cup.json("up")
    assert sum(up["teams"].values()) == sum(r["up"] for r in up["rounds"])
    # §1.5.15: every team has a ledger; the walkover fines are in it
    fees = cup.json("fees")["teams"]
    assert len(fees) == N_TEAMS
    # §1.5.15: a team that owes pays it with `dbf fees pay`; then it owes nothing
    owing = sorted((t for t, led in cup.json("fees", "--today", "2027-06-01")["teams"].items()
                    if led["outstanding_kr"] > 0))
    assert owing, "the sheets enclose no fee, so the winners owe"
    led = cup.json("fees", owing[0], "--today", "2027-06-01")["teams"][owing[0]]
    assert led["overdue_kr"] == led["outstanding_kr"]
    cup.write("fees", "pay", owing[0], str(led["outstanding_kr"]), "--on", "2027-05-31", "--note", "bank")
    led = cup.json("fees", owing[0], "--today", "2027-06-01")["teams"][owing[0]]
    assert (led["outstanding_kr"], led["overdue_kr"]) == (0, 0) and led["balance_kr"] <= 0
    cup.paths["payments (§1.5.15)"].append(owing[0])
    fees = cup.json("fees")["teams"]
    if withdrawn:       # §1.5.11: the withdrawn player pays no round fee
        tid, n = withdrawn
        assert {r["players"] for r in fees[tid]["rows"] if r["kind"] == "fee"} <= {n}, fees[tid]
    assert sum(1 for led in fees.values() for row in led["rows"] if row["kind"] == "fine") == \
        len(cup.paths["walkovers (§1.5.15)"])
    print("\ncup season paths:", f"{N_TEAMS} teams, rounds played {played_rounds}, {cup.writes} writes")
    for what, where in sorted(cup.paths.items()):
        print(f"  {what}: {', '.join(where)}")
    for required in ("walkovers (§1.5.15)", "dispensations (§1.5.6)", "legal substitutes (§1.5.12)",
                     "refused substitutes (§1.5.12)", "additions (§1.5.11)", "late sheets (§1.5.14)",
                     "ties on total points (§1.5.10)", "ties on extra boards (§1.5.10)",
                     "amendments before the next draw (§1.5.16)", "HUM (§1.5.13)",
                     "played late, no dispensation (§1.5.6 warning)", "withdrawn players (§1.5.11)",
                     "withdrawals refused, he has played (§1.5.11)", "payments (§1.5.15)",
                     "a whole round in one command (issue 17)", "pending place (§1.5.16)",
                     "finished late, sheet within 18 hours of the end (§1.5.14)",
                     "home and away agree, every command (issue 25)", "round-1 walkover winners play round 2 (§1.5.2)",
                     "a new winner moved on (§1.5.16)", "semi-finals and final in a finalist's town (§1.5.4, §1.5.17)",
                     "seeded teams pay from their round (§1.5.3, §1.5.15)"):
        assert cup.paths.get(required), f"the season never took the path: {required}"


def withdraw_before_first_match(cup: Cup, teams: dict) -> tuple[str, int] | None:
    """Issue 14.2, §1.5.11: the TD withdraws the 6th player of a seeded team of 6 (§1.5.3) before
    it plays; its sheets no longer name him, and it pays for 5 (§1.5.15)."""
    rounds = {t["id"]: t["entry_round"] for t in cup.json("cup", "teams")["teams"]}
    six = sorted(tid for tid, t in teams.items() if len(t["players"]) == 6 and rounds[tid] >= 3)
    if not six:
        return None
    team = teams[six[0]]
    gone = team["players"][-1]["id"]
    doc = cup.write("cup", "withdraw-player", team["id"], str(gone), "--note", "moved abroad")
    assert doc["round"] == 1
    team["players"] = team["players"][:-1]
    cup.paths["withdrawn players (§1.5.11)"].append(f"{team['id']}: {gone}")
    return team["id"], 5


def recorded(cup: Cup, events: dict, round_no: int, mid: str, doc: dict, text: str, imps, late_no_dispensation: bool):
    """What a recorded sheet's document must say (its warnings, §1.5.6, §1.5.14, §1.5.4), and the
    amendment its path asks for (§1.5.16); returns ``(mid, text, imps, round)`` once amended."""
    warned = {w["rule"] for w in doc["warnings"]}
    if late_no_dispensation:
        assert "1.5.6" in warned, doc["warnings"]
        cup.paths["played late, no dispensation (§1.5.6 warning)"].append(mid)
    elif events.get("dispensation") == mid:
        assert "1.5.6" not in warned, doc["warnings"]
    if events.get("late_sheet") == mid:
        assert "1.5.14" in warned
        cup.paths["late sheets (§1.5.14)"].append(mid)
    assert "1.5.4" not in warned, doc["warnings"]                # the UP noted as computed
    if events.get("amend") != mid:
        return None
    changed = cup.file(f"{mid}-amended.yaml", text.replace(f"segments: [[{imps[0]}, {imps[1]}]",
                                                          f"segments: [[{imps[0] + 5}, {imps[1]}]", 1))
    amended = cup.write("result", "amend", changed)
    assert amended["imps"][0] == doc["imps"][0] + 5
    cup.paths["amendments before the next draw (§1.5.16)"].append(mid)
    return (mid, text, imps, round_no)


def finished_late_is_on_time(cup: Cup, mid: str, text: str) -> None:
    """§1.5.14 (docs/readings/sheets.md): the sheet is due 18 hours after play ended. Play
    ended at 23:20 (``finished_at``) and the sheet came at 15:40 the next day: on time. Without
    ``finished_at`` the end is reckoned from the start, 7.5 minutes a board (18:00 or 19:00),
    and the same sheet is late (a warning)."""
    reckoned = cup.dbf("result", "check", cup.file(f"{mid}-no-end.yaml", text.replace("finished_at:", "# finished_at:")),
                       "--json", ok=False)
    assert "1.5.14" in {w["rule"] for w in reckoned.json["warnings"]}, reckoned.stdout
    on_time = cup.dbf("result", "check", cup.file(f"{mid}-ended.yaml", text), "--json", ok=False)
    assert on_time.exit_code == 0 and "1.5.14" not in {w["rule"] for w in on_time.json["warnings"]}, on_time.stdout
    cup.paths["finished late, sheet within 18 hours of the end (§1.5.14)"].append(mid)


def fill_pending_place(cup: Cup, draw: dict, round_no: int, deferred: tuple) -> None:
    """§1.5.16 with §1.5.6: round ``round_no`` was drawn while ``deferred``'s match waited with its
    dispensation. Its winner is a pending place: no home team yet (§1.5.5), no sheet for that
    match; then the awaited sheet is recorded, the place holds the winner, and the home team is
    decided. ``draw`` (the draw's JSON) gets the winner in the place."""
    mid, sheet_file, _ = deferred
    place = f"pending: {mid}"
    m = next(x for x in draw["matches"] if place in x["teams"])        # no byes after the first national round
    assert m["pending"] == [mid], m
    row = next(x for x in cup.json("schedule", "cup", "--round", str(round_no))["matches"] if x["id"] == m["id"])
    assert row["home"] is None and row["pending"] == [mid], row
    known = next(t for t in m["teams"] if t != place)
    refused = cup.dbf("result", "walkover", m["id"], "--withdrawn", known, "--json", ok=False)
    assert refused.exit_code == 2 and refused.json["errors"][0]["code"] == "state.pending-place", refused.stdout
    doc = cup.write("result", "submit", sheet_file)
    assert "1.5.6" not in {w["rule"] for w in doc["warnings"]}, doc["warnings"]
    m["teams"] = [doc["winner"] if t == place else t for t in m["teams"]]
    row = next(x for x in cup.json("schedule", "cup", "--round", str(round_no))["matches"] if x["id"] == m["id"])
    assert {row["home"], row["away"]} == set(m["teams"]) and "pending" not in row, row
    cup.paths["pending place (§1.5.16)"].append(f"{m['id']} waited for {mid} ({doc['winner']})")


def _plus_days(day: str, n: int) -> str:
    import datetime as dt

    return (dt.date.fromisoformat(day) + dt.timedelta(days=n)).isoformat()


#: the paths each round's matches take (a match takes at most one)
PLAN = {1: ("walkover", "addition", "late_sheet", "tie_points"),
        2: ("dispensation", "late", "substitute", "withdraw_played"),
        3: ("bad_substitute", "hum", "tie_extra", "finished_late"),
        4: ("amend", "late_sheet", "pending"),
        5: ("walkover", "tie_points"),
        6: ("tie_extra", "amend"),
        7: ("late",)}


def round_events(round_no: int, matches: list[dict], rng: random.Random, carried: list[str],
                 played: set[str] = frozenset()) -> dict:
    """Which match of the round takes which path. The paths of a round the field skips
    (§1.5.3), or that had too few matches, move on to the next round played (``carried``).
    ``withdraw_played`` (§1.5.11: a player who has played stays) takes only a match with a team
    in ``played`` (its players are on a recorded sheet): a seeded team's first match (§1.5.3),
    or a team that had a bye or a walkover, has no player who has played.
    """
    wanted = list(dict.fromkeys(carried + list(PLAN.get(round_no, ()))))
    ids = [m["id"] for m in matches]
    rng.shuffle(ids)
    teams = {m["id"]: m["teams"] for m in matches}
    events: dict[str, str] = {}
    for event in wanted:
        free = [i for i in ids if i not in events.values()
                and (event != "withdraw_played" or set(teams[i]) & played)]
        if free:
            events[event] = free[0]
    carried[:] = [e for e in wanted if e not in events]
    return events


def test_withdraw_played_waits_for_a_team_that_has_played():
    """§1.5.11, the path "a player who has played stays": a small field (DBF_SEASON_CUP_TEAMS=64)
    carries it to round 4, where both teams of a match may be seeded (§1.5.3) and have played
    nothing: it waits for a match with a team that has played, and is not given to one without."""
    match = [{"id": "C4-001", "teams": ["LYN-3", "ODE-1"]}]
    carried = ["withdraw_played"]
    assert round_events(4, match, random.Random(1), carried, {"KBH-2"}) == {"amend": "C4-001"}
    assert carried == ["withdraw_played", "late_sheet", "pending"]
    carried = ["withdraw_played"]
    assert round_events(4, match, random.Random(1), carried, {"ODE-1"}) == {"withdraw_played": "C4-001"}
    assert carried == ["amend", "late_sheet", "pending"]


def register_hum(cup: Cup, teams: dict, sched: dict, mid: str) -> None:
    """A HUM pair (§2.10.11) for the away-drawn team of ``mid``, its card sent in good time (§2.10.5)."""
    team = teams[sched[mid]["away"]]
    a, b = team["players"][0]["id"], team["players"][1]["id"]
    card = REPO / "examples" / "systems" / "strong-pass.yaml"
    cup.write("system", "register", team["id"], card, "--pair", str(a), str(b), "--sent", "2027-01-01")


def a_dispute_holds_the_draw(cup: Cup, round_no: int, sheets: dict) -> None:
    """Issue 26 (§1.5.14, §1.5.16): the other captain disputes a recorded sheet of the round
    before over `dbf serve` (a note with a terminal escape); `dbf result pending` shows it
    escaped and what accepting would change; `dbf deadlines` and `dbf check` warn; the draw is
    refused (exit 1) naming the match; the TD rejects the dispute and the draw goes on."""
    import urllib.parse
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from dbfcli.web.app import Config, create_app

    mid, (text, imps, winner) = next(iter(sheets.items()))
    loser = next(x["team"] for x in cup.json("serve", "links", "--round", str(round_no - 1))["links"]
                 if x["match"] == mid and x["team"] != winner)
    token = next(x["token"] for x in cup.json("serve", "links", "--round", str(round_no - 1))["links"]
                 if x["match"] == mid and x["team"] == loser)
    flipped = [imps[1], imps[0]] if imps[0] != imps[1] else [imps[0] + 1, imps[1]]
    disputed = text.replace(f"segments: [[{imps[0]}, {imps[1]}]", f"segments: [{flipped}", 1)
    c = TestClient(create_app(Config(cup.root, SEASON)), base_url="http://testserver")
    r = c.post("/api/v1/sheets/dispute?note=" + urllib.parse.quote("we won\x1b[2J"), content=disputed.encode(),
               headers={"Authorization": f"Bearer {token}", "Content-Type": "application/yaml"})
    assert r.status_code == 200, r.text
    pending = cup.dbf("result", "pending").stdout
    assert "\x1b" not in pending and "\\x1b[2J" in pending and f"{mid}: " in pending
    assert any(w["rule"] == "1.5.14" and mid in w["message"] for w in cup.json("check")["warnings"])
    assert any(mid in w["message"] for w in cup.json("deadlines")["warnings"])
    dry = cup.json("result", "accept", mid, "--dry-run")
    assert {"what": "winner", "recorded": winner, "disputed": loser} in dry["changes"]
    refused = cup.dbf("draw", "cup", "--round", str(round_no), "--seed", str(700 + round_no), "--json", ok=False)
    assert refused.exit_code == 1 and refused.json["errors"][0]["rule"] == "1.5.16" and mid in refused.stdout
    cup.write("result", "reject", mid)
    cup.paths["a dispute held the draw until the TD decided (§1.5.16, issue 26)"].append(f"{mid}: rejected")


def move_a_new_winner_on(cup: Cup, draw: dict, sheets: dict) -> None:
    """§1.5.16 (issue 25): round 5 is drawn; a round-4 sheet is amended so that the other team won,
    with --move-to-next-round: the new winner takes the old one's place in its round-5 match
    (``draw``, the round's JSON, follows), and the season still checks."""
    slots = {t: x for x in draw["matches"] for t in x["teams"]}
    found = next(((m, v) for m, v in sheets.items() if v[2] in slots), None)
    if found is None:   # a small field (DBF_SEASON_CUP_TEAMS=40): no round-4 winner of a plain sheet plays round 5
        assert N_TEAMS < 230, "the 230-team season always has a round-4 winner to move on"
        cup.paths["a new winner moved on (§1.5.16)"].append(f"not possible with {N_TEAMS} teams: no round-4 "
                                                           "winner of a plain sheet plays in round 5")
        return
    mid, (text, imps, _) = found
    total = imps[0] + imps[1] + 1
    flipped = [0, total] if imps[0] > imps[1] else [total, 0]
    changed = cup.file(f"{mid}-moved.yaml", text.replace(f"segments: [[{imps[0]}, {imps[1]}]", f"segments: [{flipped}", 1))
    doc = cup.write("result", "amend", changed, "--move-to-next-round")
    moved = doc["moved_to_next_round"]
    assert moved["old_winner"] != moved["new_winner"] == doc["winner"]
    x = slots[moved["old_winner"]]
    assert moved["next_match"] == x["id"]
    x["teams"] = [moved["new_winner"] if t == moved["old_winner"] else t for t in x["teams"]]
    cup.paths["a new winner moved on (§1.5.16)"].append(f"{mid} -> {x['id']}: {moved['new_winner']}")


def semi_finals_in_a_finalists_town(cup: Cup, draw: dict) -> str:
    """Issue 25: DBF holds the final weekend (§1.5.7) at the postcode of a semi-finalist, who
    goes on to win its semi-final (the season's ``final_venue`` set to its captain's postcode)."""
    finalist = draw["matches"][0]["teams"][0]
    postcode = cup.teams()[finalist]["postcode"]
    toml = cup.root / SEASON / "season.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(re.sub(r'^final_venue = "\d+"', f'final_venue = "{postcode}"', text, count=1, flags=re.M),
                    encoding="utf-8")
    assert cup.dbf("check").exit_code == 0
    return finalist


def stage_in_own_town(cup: Cup, row: dict, finalist: str) -> None:
    """§1.5.4/§1.5.17 (docs/readings/zero-km.md): the finalist travels 0 km to its semi-final and
    the final, so 0 UP, not the stage's 6; its opponent travels and gets them."""
    assert row["neutral"] and row["travel"][finalist] == {"km": 0, "up": 0}, row
    other = next(t for t in row["travel"] if t != finalist)
    km, up = row["travel"][other]["km"], row["travel"][other]["up"]
    assert km and km > 0 and up >= 7, row
    cup.paths["semi-finals and final in a finalist's town (§1.5.4, §1.5.17)"].append(f"{row['id']}: {finalist} 0 km")


def finalist_claims(cup: Cup, finalist: str) -> None:
    """§1.5.17: the finalist's travel claim for the final is refused (0 km: no journey, no
    overnight allowance, exit 1); its opponent's gets 160 kr a person overnight (§1.5.4)."""
    final = cup.json("schedule", "cup", "--round", "9")["matches"][0]
    other = final["away"] if final["home"] == finalist else final["home"]
    cup.write("travel", "claim", final["id"], "--team", finalist, "--zones", "1", expect=1)
    doc = cup.write("travel", "claim", final["id"], "--team", other, "--zones", "30", "--persons", "4")
    assert doc["overnight"] == 4 * 160, doc
    up = cup.json("up", finalist)
    assert all(r["up"] == 0 for r in up["rounds"] if r["round"] >= 8), up


def seeded_pay_from_their_round(cup: Cup) -> None:
    """§1.5.3/§1.5.15 (docs/readings/seeded-fees.md): a team seeded into round 4 is charged no
    round-3 fee, and no fee of a seeded team is overdue for a round it never played."""
    entry = {t["id"]: t["entry_round"] for t in cup.json("cup", "teams")["teams"]}
    fees = cup.json("fees")["teams"]
    seeded = [t for t, e in entry.items() if e == 4]
    assert seeded
    for t in seeded:
        assert not [r for r in fees[t]["rows"] if r["kind"] == "fee" and r["round"] < 4], fees[t]["rows"]
    cup.paths["seeded teams pay from their round (§1.5.3, §1.5.15)"].append(f"{len(seeded)} teams seeded to round 4")
