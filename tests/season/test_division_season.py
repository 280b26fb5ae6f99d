"""The division season through the real CLI (issue 15, "A season test").

All four divisions of the example: entry (`dbf division enter`), schedules (`dbf schedule DIV
--freeze`), all 264 matches as result sheets (`dbf result submit`), standings with ties broken
at every level -- VP, mini-league (2div), IMP quotient (3div-a), IMP difference (3div-b) and lots
(2div nos. 2-3 §1.1.3.2, 1div nos. 3-4 §1.1.2.8) --, the 1st-division play-off with the choice
(§1.1.2.8), carry-over (§1.1.2.10), a home lot (§1.1.2.9) and an extra round (§1.1.2.11), the
3rd-division runners-up match (§1.1.4.2), the east qualification (§1.1.5.2), and the rollover
(§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3) with 0-3 vacancies in 2div and 1-2 in 3div, each next
season accepted by `dbf check` and undone again. `dbf check` runs after every command that
writes (and after every round of sheets). The paths taken are printed (pytest -s shows them).
"""

from __future__ import annotations

import re

import pytest
import yaml

from dbftest import run_dbf
from divseasonkit import entry_order
from test_divisions_end_to_end import _east_teams_file
from test_result import sheet_text

SEASON, NEXT = "2026-27", "2027-28"
DIVS = ("1div", "2div", "3div-a", "3div-b")
BLITZ = (190, 40)           # a margin far past the blitz: 20-0 whatever the board count
PATHS: list[str] = []


def path(text: str) -> None:
    PATHS.append(text)
    print(f"  path: {text}")


def check_ok(what: str) -> dict:
    r = run_dbf("check", "--json")
    assert r.exit_code == 0 and r.json["errors"] == [], f"after {what}: {r.stdout}"
    return r.json


def ok(*args):
    r = run_dbf(*args)
    assert r.exit_code == 0, f"dbf {' '.join(map(str, args))}: {r.stdout}{r.stderr}"
    return r


# --- the results, designed ------------------------------------------------------------------


def vp(home, away, boards):
    from dbfcli.rules.divisions.vp import WBF20, match_vp

    return match_vp(WBF20, home, away, boards)


def designed(orders, rounds, boards):
    """IMPs [home, away] per match id: the entry order by strength (3 IMPs a place), and:

    * 1div AAL-A = ROS-A, 2div ESB-A = FYN-A: level on everything (lots);
    * 2div LYN-B and RIS-A: equal VP, LYN-B won their match (mini-league);
    * 3div-a nos. 5-6: equal VP and mini-league, one has 10 IMPs more on both sides (quotient);
    * 3div-b nos. 5-6: equal VP, mini-league and quotient, one has twice the IMPs (difference).
    """
    level = {"1div": [("AAL-A", "ROS-A")], "2div": [("ESB-A", "FYN-A"), ("LYN-B", "RIS-A")],
             "3div-a": [tuple(orders["3div-a"][4:6])], "3div-b": [tuple(orders["3div-b"][4:6])]}
    out = {}
    for div in DIVS:
        s = {t: -i for i, t in enumerate(orders[div])}
        for a, b in level[div]:
            s[b] = s[a]
        imps = {}
        for rnd in rounds[div]:
            for m in rnd["matches"]:
                if m["away"]:
                    d = (s[m["home"]] - s[m["away"]]) * 3
                    imps[m["id"]] = [40 + max(d, 0), 40 + max(-d, 0)]
        by_pair = {frozenset((m["home"], m["away"])): m for r in rounds[div] for m in r["matches"] if m["away"]}
        weakest = orders[div][-1]

        def put(x, y, x_imps, y_imps):
            m = by_pair[frozenset((x, y))]
            imps[m["id"]] = [x_imps, y_imps] if m["home"] == x else [y_imps, x_imps]

        def get(x, y):
            m = by_pair[frozenset((x, y))]
            h, a = imps[m["id"]]
            return (h, a) if m["home"] == x else (a, h)

        b = boards[div]
        if div == "2div":                      # mini-league: LYN-B beats RIS-A by m, RIS-A gains it back v the weakest
            x, y = "LYN-B", "RIS-A"
            base = get(y, weakest)
            found = next(((m, d) for m in range(2, 40) for d in range(base[0] - base[1] + 1, 150)
                          if vp(40 + d, 40, b)[0] - vp(*base, b)[0] == 2 * vp(40 + m, 40, b)[0] - 2000), None)
            assert found, "no exact mini-league design"
            m, d = found
            put(x, y, 40 + m, 40)
            put(y, weakest, 40 + d, 40)
        if div == "3div-a":                    # quotient: 10 IMPs more both ways in one match, same margin
            x, _ = level[div][0]
            h, a = get(x, weakest)
            put(x, weakest, h + 10, a + 10)
        if div == "3div-b":                    # difference: both blitz the weakest; x's match doubles its IMPs
            x, y = level[div][0]
            put(x, weakest, *BLITZ)
            put(y, weakest, *BLITZ)
            f = sum(get(x, t)[0] for t in orders[div] if t != x)
            g = sum(get(x, t)[1] for t in orders[div] if t != x)
            put(x, weakest, BLITZ[0] + f, BLITZ[1] + g)
            assert vp(BLITZ[0] + f, BLITZ[1] + g, b)[0] == vp(*BLITZ, b)[0] == 2000
        out.update(imps)
    return out


# --- a round through the captains' links (issue 26) -----------------------------------------

WEB_ROUND = ("1div", 1)


def _round_through_links(folder, div, rnd, imps, boards) -> int:
    """Issue 26 (docs/readings/division-results.md): a division round played through `dbf serve`:
    `dbf serve links --division DIV --round N`, each match's sheet sent from one captain's link
    by the web app in-process (home and away captains in turn: either may send), the other
    captain's confirm, and the standings showing the round at once, each team's VP the real
    scale's for its IMPs (§1.1.2.1)."""
    from test_serve_division import division_form
    from webkit import client, csrf_of

    links = ok("serve", "links", "--division", div, "--round", str(rnd["round"]), "--json").json["links"]
    token = {(l["match"], l["team"]): l["token"] for l in links}
    c = client(folder)
    played = [m for m in rnd["matches"] if m["away"]]
    for i, m in enumerate(played):
        sender, other = (m["home"], m["away"]) if i % 2 == 0 else (m["away"], m["home"])
        page = c.get(f"/s/{token[(m['id'], sender)]}").text
        form = division_form(page, imps=tuple(str(x) for x in imps[m["id"]]), boards=str(boards))
        r = c.post(f"/s/{token[(m['id'], sender)]}", data=dict(form, action="send"))
        assert r.status_code == 200 and 'id="receipt"' in r.text, r.text[-2000:]
        page = c.get(f"/s/{token[(m['id'], other)]}").text
        assert 'id="confirm"' in page
        r = c.post(f"/s/{token[(m['id'], other)]}", data={"csrf": csrf_of(page), "action": "confirm"})
        assert r.status_code == 200
        sent = yaml.safe_load((folder / SEASON / "serve" / "matches" / f"{m['id']}.yaml").read_text(encoding="utf-8"))
        assert (sent["sent_by"], sent["confirmed_by"]) == (sender, other)
    table = rows(div)
    for m in played:
        h, a = vp(*imps[m["id"]], boards)
        assert (table[m["home"]]["vp"], table[m["away"]]["vp"]) == (h / 100, a / 100), m
        assert table[m["home"]]["played"] == table[m["away"]]["played"] == 1
    log = ok("log", "--json").json["entries"]
    assert sum(e["command"].startswith("web: captain of") and "confirm" not in e["command"] for e in log) == len(played)
    path(f"{div} round {rnd['round']}: {len(played)} sheets sent from the captains' links (dbf serve), "
         "each confirmed by the other captain, the standings at once")
    return len(played)


# --- the season -----------------------------------------------------------------------------


@pytest.fixture
def season(example, tmp_path):
    teams = {}
    for div in DIVS:                                            # entry, in seeding order (§1.1.2.3)
        src = example / SEASON / "divisions" / f"{div}.yaml"
        entry = tmp_path / f"entry-{div}.yaml"
        entry.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
        ok("division", "enter", div, entry)
        teams.update({t["id"]: t for t in yaml.safe_load(entry.read_text(encoding="utf-8"))["teams"]})
    check_ok("division enter")
    path("entry: 4 divisions entered in seeding order")
    rounds, boards = {}, {}
    for div in DIVS:
        doc = ok("schedule", div, "--freeze", "--json").json
        rounds[div], boards[div] = doc["rounds"], doc["boards"]
    check_ok("schedule --freeze")
    path("schedules: 4 all-play-alls frozen, 11 rounds each")
    orders = {div: entry_order(example, div) for div in DIVS}
    imps = designed(orders, rounds, boards)
    n = 0
    for div in DIVS:
        for rnd in rounds[div]:
            if (div, rnd["round"]) == WEB_ROUND:                        # issue 26: sent by the captains
                n += _round_through_links(example, div, rnd, imps, boards[div])
                check_ok(f"{div} round {rnd['round']} over dbf serve")
                continue
            folder = tmp_path / f"{div}-round-{rnd['round']:02d}"      # a round's sheets, one command (issue 17)
            folder.mkdir()
            for m in rnd["matches"]:
                if not m["away"]:
                    continue
                (folder / f"{m['id']}.yaml").write_text(sheet_text(
                    m["id"], teams[m["home"]], teams[m["away"]], 1, boards=boards[div], imps=imps[m["id"]],
                    played_on=rnd["date"], submitted_at=f"{rnd['date']}T22:00"), encoding="utf-8")
            r = ok("result", "submit", folder, "--json")
            assert r.json["rejected"] == 0 and r.json["recorded"] == len(list(folder.glob("*.yaml")))
            n += r.json["recorded"]
            check_ok(f"{div} round {rnd['round']}")
    assert n == 264
    path("results: 264 division sheets submitted, a round in one command, dbf check after each round")
    return example, tmp_path, orders, teams, rounds


def _mid_season_and_mail(folder, tmp, teams, rounds):
    """Issue 25.11, 25.12, 25.15 on the finished round robin: no play-off home lot before the
    pairing is fixed; the weekend mail dates the Sunday round on the Sunday, no cup §1.5.6; a
    sheet naming a player off the roster is a §2.11 error (exit 1)."""
    import email
    from email import policy

    po = ok("playoff", "1div", "--today", "2027-02-22", "--json").json
    assert po["pairing"]["status"] == "provisional" and not any(m["lot_pending"] for m in po["matches"])
    out = tmp / "mail-1div-w1"
    ok("notify", "division", "1div", "--weekend", "1", "--out", out)
    sunday = rounds["1div"][2]["date"]
    body = email.message_from_bytes(sorted(out.glob("*.eml"))[0].read_bytes(),
                                    policy=policy.default).get_body(("plain",)).get_content()
    assert f"Round 3, Sunday {sunday}" in body and "§1.5.6" not in body
    m = rounds["2div"][0]["matches"][0]
    away = dict(teams[m["away"]], players=[dict(teams[m["away"]]["players"][0], id=999999)]
                + teams[m["away"]]["players"][1:])
    sheet = tmp / "off-roster.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], away, 1, boards=36, played_on=rounds["2div"][0]["date"]),
                     encoding="utf-8")
    r = run_dbf("result", "check", sheet, "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["2.11"]
    path("no play-off home lot before the pairing; weekend mail dates round 3 on Sunday; off-roster player §2.11")


def _untie_by_amend(folder, tmp, teams, rounds):
    """Issue 25.16: an amend that unties the drawn 2div lot is refused with `dbf lot remove`; the
    lot is removed (its own write), the amend recorded, and 2div no longer needs a lot."""
    rnd, m = next((r, m) for r in rounds["2div"] for m in r["matches"] if {m["home"], m["away"]} == {"ESB-A", "FYN-A"})
    sheet = tmp / f"{m['id']}-amended.yaml"
    imps = (52, 40) if m["home"] == "ESB-A" else (40, 52)
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, boards=36, imps=imps,
                                played_on=rnd["date"], submitted_at=f"{rnd['date']}T23:00"), encoding="utf-8")
    r = run_dbf("result", "amend", sheet, "--json")
    assert r.exit_code == 1 and any("dbf lot remove 2div" in (e["hint"] or "") for e in r.json["errors"]), r.json
    ok("lot", "remove", "2div")
    check_ok("lot remove 2div")
    ok("result", "amend", sheet)
    check_ok("amend of the untied match")
    two = rows("2div")
    assert two["ESB-A"]["rank"] == 2 and two["FYN-A"]["rank"] == 3 and not two["ESB-A"]["lots"]
    assert "2div" not in {p["key"] for p in ok("lot", "list", "--json").json["pending"]}
    path("an amend that unties the 2div lot: refused, dbf lot remove, amend recorded, no lot needed")


def rows(div):
    return {r["team"]: r for r in ok("standings", div, "--json").json["rows"]}


def lot(key, *more):
    ok("lot", "draw", key, "--by", "TD Jens Hansen", "--witness", "Anne Holm", *more)
    check_ok(f"lot draw {key}")


def rollover(q, *args):
    """`season rollover` to NEXT: every match it waits for gets a --winner (its first team), every
    lot it waits for is drawn; then NEXT is checked and the rollover undone."""
    args = list(args)
    for _ in range(6):
        r = run_dbf("season", "rollover", "--to", NEXT, "--qualifiers", q, *args, "--dry-run", "--json")
        if r.exit_code == 0:
            break
        assert r.exit_code == 1, r.stdout + r.stderr
        progressed = False
        for p in r.json["pending"]:
            if p["id"] != "3div-PO" and not any(a.startswith(p["id"] + "=") for a in args):
                args += ["--winner", f"{p['id']}={p['teams'][0]}"]
                progressed = True
        for e in r.json["errors"]:
            m = re.search(r"dbf lot draw (\S+) --teams (\S+)", e.get("hint") or "")
            if m:
                lot(m.group(1), "--teams", m.group(2))
                progressed = True
        assert progressed, r.json["errors"]
    r = ok("season", "rollover", "--to", NEXT, "--qualifiers", q, *args, "--json")
    nxt = run_dbf("--season", NEXT, "check", "--json")
    assert nxt.exit_code == 0 and nxt.json["errors"] == [], nxt.stdout
    for div in DIVS:
        ok("--season", NEXT, "schedule", div)
    ok("undo")
    assert not (q.parent / "tournaments" / NEXT).exists()
    check_ok("undo of the rollover")
    return r.json


def test_issue_15_the_division_season(season):
    folder, tmp, orders, teams, rounds = season
    _mid_season_and_mail(folder, tmp, teams, rounds)

    # --- standings: every tie-break step, and the lots (§1.1.3.2) ---------------------------
    two = rows("2div")
    assert two["ESB-A"]["rank"] == two["FYN-A"]["rank"] == 2 and two["ESB-A"]["lots"]
    assert two["RIS-A"]["vp"] == two["LYN-B"]["vp"] and two["RIS-A"]["tie_break"] == "mini-league"
    a = rows("3div-a")
    x, y = orders["3div-a"][4:6]
    assert a[x]["vp"] == a[y]["vp"] and "imp-quotient" in (a[x]["tie_break"], a[y]["tie_break"])
    b = rows("3div-b")
    x, y = orders["3div-b"][4:6]
    assert b[x]["vp"] == b[y]["vp"] and "imp-difference" in (b[x]["tie_break"], b[y]["tie_break"])
    path("standings: VP, mini-league (2div), IMP quotient (3div-a), IMP difference (3div-b), two ties for lots")
    pending = {p["key"]: p for p in ok("lot", "list", "--json").json["pending"]}
    assert pending["2div"]["rule"] == "1.1.3.2" and pending["1div"]["rule"] == "1.1.2.8"
    warnings = check_ok("the season's results")["warnings"]
    assert {w["rule"] for w in warnings if "lot pending" in w["message"]} >= {"1.1.3.2", "1.1.2.8"}
    east, west = _east_teams_file(tmp)                          # §1.1.5.2 the east qualification
    ok("qualification", "east", "enter", east)
    ok("qualification", "west", "enter", west)
    check_ok("qualification enter")
    field = [t["id"] for t in yaml.safe_load(east.read_text(encoding="utf-8"))["teams"]]
    for rnd in ok("qualification", "east", "schedule", "--json").json["rounds"]:
        for m in rnd["matches"]:
            d = (field.index(m["away"]) - field.index(m["home"])) * 5
            ok("qualification", "east", "result", m["id"], "--imps", str(40 + max(d, 0)), str(40 + max(-d, 0)))
    check_ok("qualification results")
    q = tmp / "qualifiers.yaml"
    assert len(ok("qualification", "qualifiers", "--out", q, "--json").json["qualified"]) == 6
    path("east qualification: 15 matches, 6 qualifiers")
    r = run_dbf("season", "rollover", "--to", NEXT, "--qualifiers", q, "--dry-run", "--json")
    assert r.exit_code == 1 and {"1.1.3.2", "1.1.2.8"} <= {e["rule"] for e in r.json["errors"]}
    path("rollover refused while the 2div and 1div lots are pending (exit 1)")
    r = run_dbf("lot", "draw", "2div", "--by", "TD", "--json")               # no paragraph names witnesses
    assert r.exit_code == 2 and [(e["rule"], e["code"]) for e in r.json["errors"]] == [(None, "usage.missing")]
    lot("2div")
    lot("1div")
    two, one = rows("2div"), rows("1div")
    assert sorted((two["ESB-A"]["rank"], two["FYN-A"]["rank"])) == [2, 3]
    assert sorted((one["AAL-A"]["rank"], one["ROS-A"]["rank"])) == [3, 4]
    path("lots drawn by dbf (OS randomness, seed recorded): 2div places 2-3, 1div places 3-4")
    _untie_by_amend(folder, tmp, teams, rounds)

    # --- the 1st-division play-off: choice, carry-over, home lot, extra round -----------------
    top = [t for t, _ in sorted(one.items(), key=lambda kv: kv[1]["rank"])][:4]
    r = ok("playoff", "1div", "choose", top[1], "--today", "2027-02-25", "--json")
    assert [w["hint"].split(" --by")[0] for w in r.json["warnings"]] == ["dbf lot draw 1div-SF2 --teams AAL-A,ROS-A"]
    check_ok("playoff choose")
    po = ok("playoff", "1div", "--json").json
    sf1, sf2 = po["matches"]
    assert sf1["teams"] == top[:2] and sf1["carry_over"][top[0]] == "3/2"        # beat no. 2 by 3, finished higher
    assert sf2["lot_pending"] and sorted(sf2["teams"]) == ["AAL-A", "ROS-A"]      # their match was drawn
    level4 = ["--half", "30-30", "--half", "10-10", "--half", "40-40", "--half", "5-5"]
    r = run_dbf("playoff", "1div", "result", "1div-SF2", *level4, "--extra", "12-3", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.1.2.9"]    # its home lot first
    lot("1div-SF2")
    path("play-off: no. 1 chose no. 2; carry-over 3/2 (50 %); home of SF2 by lot (drawn mutual match)")
    ok("playoff", "1div", "result", "1div-SF1", "--half", "30-20", "--half", "10-12", "--half", "40-40",
       "--half", "5-9")
    check_ok("1div-SF1")
    from fractions import Fraction

    sf1 = ok("playoff", "1div", "--json").json["matches"][0]                   # exact totals (§1.1.2.10)
    assert sf1["totals"][top[0]] == str(85 + Fraction(sf1["carry_over"][top[0]])) == "173/2"
    level = ["--half", "30-30", "--half", "10-10", "--half", "40-40", "--half", "5-5"]
    r = run_dbf("playoff", "1div", "result", "1div-SF2", *level)
    assert r.exit_code == 1 and "§1.1.2.11" in r.stderr                         # level: an extra round is needed
    ok("playoff", "1div", "result", "1div-SF2", *level, "--extra", "12-3")
    check_ok("1div-SF2")
    ok("playoff", "1div", "result", "1div-F", "--half", "20-30", "--half", "10-12", "--half", "40-40",
       "--half", "5-9")
    check_ok("1div-F")
    po = ok("playoff", "1div", "--json").json
    assert po["champion"] in top and po["matches"][1]["decided_by"] == "extra round 1"
    path(f"play-off: SF2 level, decided in extra round 1; champion {po['champion']}")
    third = ok("playoff", "3div", "--json").json["matches"][0]
    lot("3div-PO")
    ok("playoff", "3div", "result", "3div-PO", "--half", "20-30", "--half", "10-12", "--half", "40-40",
       "--half", "5-9")
    check_ok("3div-PO")
    winner_po = third["teams"][1]
    path(f"runners-up match: home by lot, {winner_po} won (§1.1.4.2)")

    # --- the rollovers ------------------------------------------------------------------------
    two = [t for t, _ in sorted(rows("2div").items(), key=lambda kv: kv[1]["rank"])]
    a3 = [t for t, _ in sorted(rows("3div-a").items(), key=lambda kv: kv[1]["rank"])]
    b3 = [t for t, _ in sorted(rows("3div-b").items(), key=lambda kv: kv[1]["rank"])]
    doc = rollover(q)
    assert winner_po in doc["divisions"]["2div"] and third["teams"][0] in doc["divisions"]["3div"]
    path("rollover, no vacancy: the runners-up match decides")
    vac2 = two[4:7]                                          # 2div teams at places 5-7 dissolve
    doc = rollover(q, "--vacancy", vac2[0])
    assert {a3[1], b3[1]} <= set(doc["divisions"]["2div"])
    path("rollover, 1 vacancy in 2div: both runners-up go up, 3div-PO not needed")
    doc = rollover(q, "--vacancy", vac2[0], "--vacancy", vac2[1])
    assert "3div-PO3" in doc["matches"] and len({a3[2], b3[2]} & set(doc["divisions"]["2div"])) == 1
    path("rollover, 2 vacancies in 2div: the thirds play 3div-PO3 (--winner)")
    r = run_dbf("season", "rollover", "--to", NEXT, "--qualifiers", q, "--vacancy", vac2[0], "--vacancy", vac2[1],
                "--too-late-for-match", "--dry-run", "--json")
    asked = [re.search(r"dbf lot draw (\S+)", e["hint"] or "").group(1) for e in r.json["errors"]
             if "dbf lot draw" in (e["hint"] or "")]
    assert r.exit_code == 1 and asked == ["3div-PO3"], r.json["errors"]             # no Q-PO1 (issue 25.9)
    doc = rollover(q, "--vacancy", vac2[0], "--vacancy", vac2[1], "--too-late-for-match")
    assert len(doc["divisions"]["3div"]) == 24 and "Q-PO1" not in doc["matches"]
    path("rollover, 2 vacancies in 2div too late: only the 3div-PO3 lot is asked for, then both reserves go up")
    doc = rollover(q, *[x for t in vac2 for x in ("--vacancy", t)])
    assert {a3[1], b3[1], a3[2], b3[2]} <= set(doc["divisions"]["2div"])
    path("rollover, 3 vacancies in 2div: both runners-up and both thirds go up")
    doc = rollover(q, "--vacancy", a3[4], "--too-late-for-match")
    assert doc["lots"] and doc["lots"][0]["key"].startswith("Q-PO")
    path("rollover, 1 vacancy in 3div, too late for Q-PO1: a lot (dbf lot draw) decides")
    doc = rollover(q, "--vacancy", a3[4], "--vacancy", b3[4])
    assert len(doc["divisions"]["3div"]) == 24
    path("rollover, 2 vacancies in 3div: west no. 4 and east no. 3 both go up")
    print("\n".join(["division season paths:"] + [f"  {i}. {p}" for i, p in enumerate(PATHS, 1)]))
