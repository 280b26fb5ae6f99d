"""Recorded matches: ``cup/matches/<MATCH>.yaml`` (results and walkovers),
``divisions/matches/<ID>.yaml``, the cup draws they belong to
(``cup/draws/round-NN.yaml``) and the TD's announced additions
(``cup/additions.yaml``, §1.5.11).

Other modules read the recorded files; their keys are a contract (see
docs/sheets.md): ``schema, match, round, kind, teams, home, away, winner,
loser, imps, boards, up, gp, fees, recorded_at, sheet`` (cup) and ``schema,
match, division, round, home, away, boards, imps`` (divisions).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any

from dbfcli.rules.gp import format_gp, parse_gp
from dbfcli.rules.model import CupDraw, CupMatch, Player
from dbfcli.rules.problems import Problem, Where
from dbfcli.rules.records import Addition, Appearance, Join, RecordedMatch

if TYPE_CHECKING:
    from dbfcli.rules.sheet import Sheet

from ..rules.value import Value, field
from .cupdraw import draw_file  # noqa: F401 - one definition of where draws live
from .season import SeasonStore, StoreError

SCHEMA = 1
MATCHES = "cup/matches"
ADDITIONS = "cup/additions.yaml"
TRAVEL = "cup/travel"
DIV_MATCHES = "divisions/matches"
MATCH_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$")




def match_file(match_id: str) -> str:
    if not MATCH_ID.match(match_id):
        raise StoreError(f"not a match id: {match_id!r}", hint="ids look like C3-007 or 1div-R01-03", code="format.id")
    return f"{MATCHES}/{match_id}.yaml"


def division_match_file(match_id: str) -> str:
    if not MATCH_ID.match(match_id):
        raise StoreError(f"not a match id: {match_id!r}", code="format.id")
    return f"{DIV_MATCHES}/{match_id}.yaml"


def _bad(rel: str, line, message: str, code: str = "format.result") -> Problem:
    return Problem.error(None, message, Where(rel, line), code=code)


# --------------------------------------------------------------------------- draws
def load_draws(store: SeasonStore) -> tuple[dict[int, CupDraw], list[Problem]]:
    """Every recorded draw (the draw module's reader, without the pools)."""
    from .cupdraw import load_draws as load_draws_and_pools

    draws, _pools, problems = load_draws_and_pools(store)
    return draws, problems


# --------------------------------------------------------------------------- additions
def load_additions(store: SeasonStore) -> tuple[tuple[Addition, ...], list[Problem]]:
    """§1.5.11: ``cup/additions.yaml``: ``additions: [{team, round, announced_on, player: {id, name, club, division}}]``."""
    doc = store.read_yaml(ADDITIONS, required=False)
    if doc is None or not doc.data:
        return (), []
    out: list[Addition] = []
    problems: list[Problem] = []
    for i, a in enumerate(doc.data.get("additions") or ()):
        try:
            p = a["player"]
            when = a.get("announced_on")
            if isinstance(when, str):
                when = dt.date.fromisoformat(when)
            out.append(Addition(str(a["team"]), Player(int(p["id"]), str(p.get("name", "")), p.get("club"),
                                                       p.get("division")), int(a["round"]), when,
                                doc.where("additions", i)))
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(_bad(ADDITIONS, doc.line("additions", i),
                                 f"an addition needs team, round, announced_on and player {{id, name}} ({exc})",
                                 code="format.additions"))
    return tuple(out), problems


def additions_data(additions) -> dict:
    """``cup/additions.yaml`` from :class:`Addition` values (the format :func:`load_additions` reads)."""
    rows = []
    for a in additions:
        player: dict = {"id": a.player.id, "name": a.player.name}
        if a.player.club is not None:
            player["club"] = a.player.club
        if a.player.division is not None:
            player["division"] = a.player.division
        rows.append({"team": a.team, "round": a.round,
                     "announced_on": a.announced_on.isoformat() if a.announced_on else None, "player": player})
    return {"schema": SCHEMA, "additions": rows}


# --------------------------------------------------------------------------- travel claims
def travel_file(match_id: str, team: str) -> str:
    """``cup/travel/<MATCH>-<TEAM>.yaml``: one recorded travel claim (§1.5.17)."""
    if not MATCH_ID.match(match_id) or not MATCH_ID.match(team):
        raise StoreError(f"not a match and team id: {match_id!r} {team!r}", code="format.id")
    return f"{TRAVEL}/{match_id}-{team}.yaml"


def travel_claim_data(claim, round_no: int, persons_from: str, recorded_at: dt.datetime) -> dict:
    """The document of a recorded claim (a :class:`dbfcli.rules.travel.Claim`)."""
    return {"schema": SCHEMA, "match": claim.match, "round": round_no, "team": claim.team,
            "persons": claim.persons, "persons_from": persons_from, "zones": claim.zones,
            "bornholm": claim.bornholm, "trips": claim.trips, "fare_each_kr": claim.fare_each,
            "reservation_each_kr": claim.reservation_each, "travel_kr": claim.travel,
            "overnight_kr": claim.overnight, "total_kr": claim.total,
            "recorded_at": recorded_at.isoformat(timespec="seconds")}


def load_travel_claims(store: SeasonStore) -> tuple[list, list[Problem]]:
    """Every recorded travel claim as :class:`dbfcli.rules.fees.Refund` (§1.5.17, §1.5.4)."""
    from dbfcli.rules.fees import Refund

    out, problems = [], []
    for rel in store.list(TRAVEL):
        doc = store.read_yaml(rel)
        d = doc.data
        try:
            out.append(Refund(str(d["team"]), int(d["round"]), str(d["match"]), int(d["total_kr"]),
                              int(d.get("persons") or 0),
                              f"travel to {d['match']}: fares {int(d.get('travel_kr') or 0)} kr + overnight "
                              f"{int(d.get('overnight_kr') or 0)} kr (§1.5.17, §1.5.4)"))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problems.append(_bad(rel, getattr(d, "line", None), f"malformed travel claim ({type(exc).__name__}: {exc})",
                                 code="format.travel"))
    return out, problems


# --------------------------------------------------------------------------- cup records
class CupRecord(Value):
    """One recorded cup match file, read back."""

    rel: str
    data: dict
    match: RecordedMatch
    gp: dict[int, int] = field(default_factory=dict)
    up: dict[str, int] = field(default_factory=dict)
    joins: tuple[Join, ...] = ()
    fee_paid: dict[str, int] = field(default_factory=dict)


def _record(rel: str, d: Any) -> CupRecord:
    subs = {(str(s["team"]), int(s["player"])) for s in d.get("substitutes") or ()}
    allowed = {(str(s["team"]), int(s["player"])) for s in d.get("substitutes") or () if s.get("opponent_allowed")}
    apps = tuple(Appearance(int(a["player"]), str(a["team"]), (str(a["team"]), int(a["player"])) in subs,
                            int(a.get("boards") or 0), (str(a["team"]), int(a["player"])) in allowed)
                 for a in d.get("appearances") or ())
    m = RecordedMatch(str(d["match"]), int(d["round"]), str(d["home"]), str(d["away"]), d.get("winner"),
                      d.get("loser"), str(d.get("kind", "result")), apps)
    gp = {int(k): parse_gp(v) for k, v in (d.get("gp") or {}).items()}
    up = {str(k): int(v) for k, v in (d.get("up") or {}).items()}
    joins = tuple(Join(int(j["player"]), str(j["team"]), int(j["first_round"]), int(d["round"]))
                  for j in d.get("joins") or ())
    fees = d.get("fees") or {}
    paid = {str(t): int(f["paid_kr"]) for t, f in fees.items() if isinstance(f, dict) and f.get("paid_kr")}
    return CupRecord(rel, d, m, gp, up, joins, paid)


def load_cup_records(store: SeasonStore) -> tuple[list[CupRecord], list[Problem]]:
    """Every ``cup/matches/*.yaml``, in file order."""
    out: list[CupRecord] = []
    problems: list[Problem] = []
    for rel in store.list(MATCHES):
        doc = store.read_yaml(rel)
        try:
            out.append(_record(rel, doc.data))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problems.append(_bad(rel, getattr(doc.data, "line", None),
                                 f"malformed recorded match ({type(exc).__name__}: {exc})"))
    return out, problems


def parse_cup_sheet(text: str | bytes, file: str | None = None) -> tuple[Sheet | None, list[Problem]]:
    """A result sheet (:func:`dbfcli.store.sheets.parse_sheet`), with every field's line."""
    from .sheets import parse_sheet

    return parse_sheet(text, file)


def load_round_records(store: SeasonStore, round_no: int) -> tuple[list[CupRecord], list[Problem]]:
    """The recorded matches of one round only (files ``C<round>-*.yaml``; the file
    name is the match id, which ``dbf check`` enforces) -- cheap for ``dbf trophy``."""
    out: list[CupRecord] = []
    problems: list[Problem] = []
    for rel in store.list(MATCHES):
        if not rel.rsplit("/", 1)[-1].startswith(f"C{round_no}-"):
            continue
        doc = store.read_yaml(rel)
        try:
            rec = _record(rel, doc.data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problems.append(_bad(rel, getattr(doc.data, "line", None),
                                 f"malformed recorded match ({type(exc).__name__}: {exc})"))
            continue
        if rec.match.round == round_no:
            out.append(rec)
    return out, problems


def sheet_data(text: str | bytes, file: str) -> Any:
    """The submitted sheet as plain data (kept under ``sheet:`` in the record)."""
    from .sheets import load_tree, plain

    tree, _ = load_tree(text, file)
    return plain(tree)


def cup_record_data(*, sheet: Sheet, sheet_plain: Any, check, match: CupMatch, fees: dict, penalty: bool,
                    problems_accepted: list[Problem], recorded_at: dt.datetime) -> dict:
    """The ``cup/matches/<MATCH>.yaml`` document of a validated result."""
    o = check.outcome
    home, away = sheet.home.team, sheet.away.team
    subs = set(check.substitutes)
    allowed = {(s.team, p.id) for s in sheet.sides for p in s.players if p.opponent_allowed}
    doc: dict = {
        "schema": SCHEMA,
        "match": match.id,
        "round": match.round,
        "kind": "result",
        "teams": list(match.teams),
        "home": home,
        "away": away,
        "winner": check.winner,
        "loser": check.loser,
        "imps": list(o.imps),
        "boards": sheet.boards,
    }
    if sheet.extra_segments:
        doc["extra_imps"] = list(o.extra_imps)
        doc["extra_boards"] = sheet.all_boards - sheet.boards
    doc["decided_by"] = o.decided_by
    if sheet.played_on:
        doc["played_on"] = sheet.played_on.isoformat()
    if check.up:
        doc["up"] = dict(check.up)
    doc["gp"] = {int(k): format_gp(v) for k, v in sorted(check.gp.items())}
    doc["penalty"] = penalty
    if penalty:
        doc["penalty_reasons"] = [f"§{p.rule}: {p.message}" for p in problems_accepted]
    doc["appearances"] = [{"player": p.id, "team": s.team, "boards": p.boards} for s in sheet.sides for p in s.players]
    doc["substitutes"] = [dict({"team": t, "player": pid}, **({"opponent_allowed": True} if (t, pid) in allowed else {}))
                          for t, pid in sorted(subs)]
    doc["joins"] = [{"player": j.player, "team": j.team, "first_round": j.first_round} for j in check.joins]
    doc["fees"] = fees
    doc["recorded_at"] = recorded_at.isoformat(timespec="seconds")
    doc["sheet"] = sheet_plain
    return doc


def walkover_data(match: CupMatch, withdrawn: str, winner: str, fine: dict, fees: dict,
                  recorded_at: dt.datetime) -> dict:
    """§1.5.15: ``cup/matches/<MATCH>.yaml`` of a walkover."""
    return {
        "schema": SCHEMA, "match": match.id, "round": match.round, "kind": "walkover",
        "teams": list(match.teams), "home": match.teams[0], "away": match.teams[1],
        "winner": winner, "loser": withdrawn, "withdrawn": withdrawn,
        "imps": None, "boards": 0, "gp": {}, "fine": fine, "fees": fees,
        "recorded_at": recorded_at.isoformat(timespec="seconds"),
    }


# --------------------------------------------------------------------------- division records
def division_record_data(*, sheet: Sheet, sheet_plain: Any, division: str, round_no: int, imps: tuple[int, int],
                         recorded_at: dt.datetime) -> dict:
    """``divisions/matches/<ID>.yaml`` (read by the standings)."""
    return {
        "schema": SCHEMA, "match": sheet.match, "division": division, "round": round_no,
        "home": sheet.home.team, "away": sheet.away.team, "boards": sheet.boards, "imps": list(imps),
        "segments": [list(s.imps) if s.boards == 8 else {"boards": s.boards, "imps": list(s.imps)}
                     for s in sheet.segments],
        "played_on": sheet.played_on.isoformat() if sheet.played_on else None,
        "appearances": [{"player": p.id, "team": s.team, "boards": p.boards} for s in sheet.sides for p in s.players],
        "recorded_at": recorded_at.isoformat(timespec="seconds"),
        "sheet": sheet_plain,
    }


def check_season(store: SeasonStore) -> list[Problem]:
    """``dbf check``: every recorded cup match agrees with the draw (issue 8: a hand-edited
    file that breaks invariants is found and a repair is named).

    - the match is in the draw of its round (§1.5.16), with the same teams;
    - the winner and loser are its two teams (§1.5.10);
    - the GP shared out equal the round's GP (§1.5.10), less any §1.5.14 penalty;
    - at most one record per match.
    """
    from ..rules.gp import ROUND_GP

    draws, problems = load_draws(store)
    records, more = load_cup_records(store)
    problems += more
    repair = "restore the file with `dbf undo` or from git, or re-record it with `dbf result amend`"
    seen: dict[str, str] = {}
    drawn_matches = {(d.round, dm.id): dm for d in draws.values() for dm in d.matches}  # one lookup a record
    for rec in records:
        m = rec.match
        where = Where(rec.rel, 1)
        if m.match in seen:
            problems.append(Problem.error(None, f"{m.match} is recorded twice ({seen[m.match]} and {rec.rel})", where,
                                          hint="remove one of them", code="format.duplicate"))
        seen[m.match] = rec.rel
        if not rec.rel.endswith(f"/{m.match}.yaml"):
            problems.append(Problem.error(None, f"{rec.rel} records match {m.match}; the file name must be the match id",
                                          where, hint=repair, code="format.mismatch"))
        match = drawn_matches.get((m.round, m.match))
        if match is None:
            problems.append(Problem.error("1.5.16", f"{rec.rel}: a result for {m.match}, which is not in the draw of "
                                          f"round {m.round}", where, hint=repair))
            continue
        if {m.home, m.away} != set(match.teams):
            problems.append(Problem.error("1.5.16", f"{rec.rel}: teams {m.home}/{m.away} are not the drawn teams "
                                          f"{match.teams[0]}/{match.teams[1]} of {m.match}", where, hint=repair))
        if {m.winner, m.loser} != set(match.teams):
            problems.append(Problem.error("1.5.10", f"{rec.rel}: winner {m.winner} and loser {m.loser} are not the "
                                          f"two teams of {m.match}", where, hint=repair))
        if m.kind == "result" and rec.gp:
            total = sum(rec.gp.values())
            expected = ROUND_GP[m.round] * 100
            penalty = rec.data.get("penalty")
            if total != expected and not penalty:
                problems.append(Problem.error("1.5.10", f"{rec.rel}: GP shares add up to {total / 100:.2f}; "
                                              f"round {m.round} gives {expected // 100} GP", where, hint=repair))
    return problems


# --------------------------------------------------------------------------- summaries for the ledgers
def _up_summary(d: Any) -> list:
    return [int(d["round"]), str(d["match"]), {str(k): int(v) for k, v in (d.get("up") or {}).items()}]


def _gp_summary(d: Any) -> list:
    team_of = {int(a["player"]): str(a["team"]) for a in d.get("appearances") or ()}
    return [int(d["round"]), str(d["match"]), [[int(k), parse_gp(v), team_of.get(int(k))]
                                               for k, v in (d.get("gp") or {}).items()]]


def _summaries(store: SeasonStore, name: str, extract) -> tuple[list[tuple[str, list]], list[Problem]]:
    from .summary import folder_summary

    found, failed = folder_summary(store, MATCHES, name, extract)
    problems: list[Problem] = []
    if failed:  # let the full loader say what is wrong, with the line
        _, problems = load_cup_records(store)
        problems = problems or [_bad(rel, None, "malformed recorded match") for rel in failed]
    rows = sorted(found.items(), key=lambda kv: (kv[1][0], kv[1][1]))
    return rows, problems


def load_up_credits(store: SeasonStore) -> tuple[list[tuple[str, int, str, dict[str, int]]], list[Problem]]:
    """§1.5.4: ``(file, round, match, {team: UP credited})`` of every recorded match, by round
    and match; read through a per-folder summary (fast on large seasons)."""
    rows, problems = _summaries(store, "up", _up_summary)
    return [(rel, r, m, up) for rel, (r, m, up) in rows], problems


def load_gp_shares(store: SeasonStore) -> tuple[list[tuple[str, int, str, list]], list[Problem]]:
    """§1.5.10: ``(file, round, match, [[player, GP hundredths, team], ...])`` of every recorded match."""
    rows, problems = _summaries(store, "gp", _gp_summary)
    return [(rel, r, m, shares) for rel, (r, m, shares) in rows], problems
