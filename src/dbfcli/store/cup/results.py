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

from dbfcli.rules.cup.gp import format_gp, parse_gp
from dbfcli.rules.model import CupMatch, Player
from dbfcli.rules.problems import Problem, Where
from dbfcli.rules.cup.records import Addition, Appearance, Join, RecordedMatch
from ...rules.problems import Msg

if TYPE_CHECKING:
    from dbfcli.rules.sheet.validate import Sheet

from ...rules.ids import is_file_id
from ...rules.value import Value, field
from ..yamlio import VALUE_ERRORS, state_date
from ..season import SeasonStore, StoreError

SCHEMA = 1
MATCHES = "cup/matches"
ADDITIONS = "cup/additions.yaml"
TRAVEL = "cup/travel"
DIV_MATCHES = "divisions/matches"




def match_file(match_id: str) -> str:
    if not is_file_id(match_id):
        raise StoreError(Msg('not a match id: {}', f'{match_id!r}'), hint=Msg('ids look like C3-007 or 1div-R01-03'), code="format.id")
    return f"{MATCHES}/{match_id}.yaml"


def division_match_file(match_id: str) -> str:
    if not is_file_id(match_id):
        raise StoreError(Msg('not a match id: {}', f'{match_id!r}'), code="format.id")
    return f"{DIV_MATCHES}/{match_id}.yaml"


def _bad(rel: str, line, message: str, code: str = "format.result") -> Problem:
    return Problem.error(None, message, Where(rel, line), code=code)


# --------------------------------------------------------------------------- additions
def load_additions(store: SeasonStore) -> tuple[tuple[Addition, ...], list[Problem]]:
    """§1.5.11: ``cup/additions.yaml``: ``additions: [{team, round, announced_on, player: {id, name, club, division}}]``."""
    doc = store.read_yaml(ADDITIONS, required=False)
    if doc is None or not doc.data:
        return (), []
    rows = doc.data.get("additions") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list) and not (isinstance(doc.data, dict) and rows is None):
        return (), [_bad(ADDITIONS, doc.line(), Msg("expected 'additions:' with a list of additions"), code="format.additions")]
    out: list[Addition] = []
    problems: list[Problem] = []
    for i, a in enumerate(rows or ()):
        try:
            p = a["player"]
            when = state_date(a.get("announced_on"), "announced_on")
            out.append(Addition(str(a["team"]), Player(int(p["id"]), str(p.get("name", "")), p.get("club"),
                                                       p.get("division")), int(a["round"]), when,
                                doc.where("additions", i)))
        except VALUE_ERRORS as exc:
            problems.append(_bad(ADDITIONS, doc.line("additions", i),
                                 Msg('an addition needs team, round, announced_on and player {{id, name}} ({})', exc),
                                 code="format.additions"))
    return tuple(out), problems


WITHDRAWALS = "cup/withdrawals.yaml"


def load_withdrawals(store: SeasonStore) -> tuple[tuple, list[Problem]]:
    """§1.5.11: ``cup/withdrawals.yaml``: ``withdrawals: [{team, player, round, on, note}]``
    (``dbf cup withdraw-player``)."""
    from dbfcli.rules.cup.records import Withdrawal

    doc = store.read_yaml(WITHDRAWALS, required=False)
    if doc is None or not doc.data:
        return (), []
    rows = doc.data.get("withdrawals") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list) and not (isinstance(doc.data, dict) and rows is None):
        return (), [_bad(WITHDRAWALS, doc.line(), Msg("expected 'withdrawals:' with a list of withdrawn players"),
                         code="format.additions")]
    out, problems = [], []
    for i, w in enumerate(rows or ()):
        try:
            on = state_date(w.get("on"), "on")
            out.append(Withdrawal(str(w["team"]), int(w["player"]), int(w["round"]), on, str(w.get("note") or ""),
                                  doc.where("withdrawals", i)))
        except VALUE_ERRORS as exc:
            problems.append(_bad(WITHDRAWALS, doc.line("withdrawals", i),
                                 Msg('a withdrawal needs team, player, round and on ({})', exc), code="format.additions"))
    return tuple(out), problems


def withdrawals_data(withdrawals) -> dict:
    """``cup/withdrawals.yaml`` from :class:`Withdrawal` values (what :func:`load_withdrawals` reads)."""
    return {"schema": SCHEMA, "withdrawals": [
        {"team": w.team, "player": w.player, "round": w.round, "on": w.on.isoformat() if w.on else None,
         "note": w.note} for w in withdrawals]}


PAYMENTS = "cup/payments.yaml"


def load_payments(store: SeasonStore) -> tuple[tuple, list[Problem]]:
    """§1.5.15: ``cup/payments.yaml``: ``payments: [{team, amount_kr, on, round, note}]``
    (``dbf fees pay``), as :class:`dbfcli.rules.cup.fees.Payment`."""
    doc = store.read_yaml(PAYMENTS, required=False)
    if doc is None or not doc.data:
        return (), []
    rows = doc.data.get("payments") if isinstance(doc.data, dict) else None
    if not isinstance(rows, list) and not (isinstance(doc.data, dict) and rows is None):
        return (), [_bad(PAYMENTS, doc.line(), Msg("expected 'payments:' with a list of payments"), code="format.payments")]
    out, problems = [], []
    for i, p in enumerate(rows or ()):
        try:
            out.append(_payment(p))
        except VALUE_ERRORS as exc:
            problems.append(_bad(PAYMENTS, doc.line("payments", i),
                                 Msg('a payment needs team, amount_kr (whole kroner) and on ({})', exc),
                                 code="format.payments"))
    return tuple(out), problems


def _payment(p: Any):
    """One row of ``payments:`` as a :class:`dbfcli.rules.cup.fees.Payment`; raises one of
    ``VALUE_ERRORS`` when it is malformed."""
    from dbfcli.rules.cup.fees import Payment

    on = state_date(p["on"], "on")
    amount = p["amount_kr"]
    if not isinstance(on, dt.date) or isinstance(amount, bool) or not isinstance(amount, int):
        raise TypeError("amount_kr: whole kroner; on: a date")
    note = str(p.get("note") or "")
    return Payment(str(p["team"]), int(p.get("round") or 1), amount,
                   Msg("paid {}: {}", on.isoformat(), note) if note else Msg("paid {}", on.isoformat()), on)


def payment_row(team: str, amount_kr: int, on: dt.date, round_no: int, note: str) -> dict:
    """One row of ``cup/payments.yaml`` (what :func:`load_payments` reads)."""
    return {"team": team, "amount_kr": amount_kr, "on": on.isoformat(), "round": round_no, "note": note}


CONTACTS = "cup/contacts.yaml"
_EMAIL = re.compile(r"[^\s@<>,;]+@[^\s@<>,;]+")


def load_contacts(store: SeasonStore) -> tuple[dict[int, str], list[Problem]]:
    """``cup/contacts.yaml``: ``contacts: {member id: e-mail}`` (kept by the TD; ``dbf notify``,
    ``dbf publish``). A malformed file is an error; an entry that is not a member number and
    an address is a warning and left out."""
    doc = store.read_yaml(CONTACTS, required=False)
    if doc is None or doc.data is None:
        return {}, []
    rows = doc.data.get("contacts") if isinstance(doc.data, dict) else None
    if not isinstance(rows, dict):
        if isinstance(doc.data, dict) and rows is None:
            return {}, []
        return {}, [_bad(CONTACTS, doc.line(), Msg("expected 'contacts:' mapping member numbers to e-mail addresses"),
                         code="format.contacts")]
    out: dict[int, str] = {}
    problems: list[Problem] = []
    for k, v in rows.items():
        try:
            member = int(k)
        except VALUE_ERRORS:
            member = None
        if member is not None and isinstance(v, str) and _EMAIL.fullmatch(v.strip()):
            out[member] = v.strip()
        else:
            problems.append(Problem.warning(None, Msg('contact {}: {} is not a member number and an e-mail address', f'{k!r}', f'{v!r}'),
                                            doc.where("contacts", k), Msg('MEMBER_ID: name@example.dk'),
                                            code="format.contacts"))
    return out, problems


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
    if not is_file_id(match_id) or not is_file_id(team):
        raise StoreError(Msg('not a match and team id: {} {}', f'{match_id!r}', f'{team!r}'), code="format.id")
    return f"{TRAVEL}/{match_id}-{team}.yaml"


def travel_claim_data(claim, round_no: int, persons_from: str, recorded_at: dt.datetime) -> dict:
    """The document of a recorded claim (a :class:`dbfcli.rules.cup.travel.Claim`)."""
    return {"schema": SCHEMA, "match": claim.match, "round": round_no, "team": claim.team,
            "persons": claim.persons, "persons_from": persons_from, "zones": claim.zones,
            "bornholm": claim.bornholm, "trips": claim.trips, "fare_each_kr": claim.fare_each,
            "reservation_each_kr": claim.reservation_each, "travel_kr": claim.travel,
            "overnight_kr": claim.overnight, "total_kr": claim.total,
            "recorded_at": recorded_at.isoformat(timespec="seconds")}


def load_travel_claims(store: SeasonStore) -> tuple[list, list[Problem]]:
    """Every recorded travel claim as :class:`dbfcli.rules.cup.fees.Refund` (§1.5.17, §1.5.4)."""
    from dbfcli.rules.cup.fees import Refund

    out, problems = [], []
    for rel in store.list(TRAVEL):
        doc = store.read_yaml(rel)
        d = doc.data
        try:
            out.append(Refund(str(d["team"]), int(d["round"]), str(d["match"]), int(d["total_kr"]),
                              int(d.get("persons") or 0),
                              Msg("travel to {}: fares {} kr + overnight {} kr (§1.5.17, §1.5.4)", d['match'],
                                  int(d.get('travel_kr') or 0), int(d.get('overnight_kr') or 0)), file=rel))
        except VALUE_ERRORS as exc:
            problems.append(_bad(rel, getattr(d, "line", None), Msg('malformed travel claim ({}: {})', type(exc).__name__, exc),
                                 code="format.travel"))
    return out, problems


# --------------------------------------------------------------------------- cup records
class CupRecord(Value):
    """One recorded cup match file, read back: ``data`` holds the file's fields that are not
    parsed into the other fields (``kind, teams, imps, boards, penalty, fees`` ...)."""

    rel: str
    data: dict
    match: RecordedMatch
    gp: dict[int, int] = field(default_factory=dict)
    up: dict[str, int] = field(default_factory=dict)
    joins: tuple[Join, ...] = ()
    fee_paid: dict[str, int] = field(default_factory=dict)


def _record(rel: str, d: Any) -> CupRecord:
    apps = _appearances(d)
    m = RecordedMatch(str(d["match"]), int(d["round"]), str(d["home"]), str(d["away"]), d.get("winner"),
                      d.get("loser"), str(d.get("kind", "result")), apps)
    gp = {int(k): parse_gp(v) for k, v in (d.get("gp") or {}).items()}
    up = {str(k): int(v) for k, v in (d.get("up") or {}).items()}
    joins = tuple(Join(int(j["player"]), str(j["team"]), int(j["first_round"]), int(d["round"]))
                  for j in d.get("joins") or ())
    fees = d.get("fees") or {}
    paid = {str(t): int(f["paid_kr"]) for t, f in fees.items() if isinstance(f, dict) and f.get("paid_kr")}
    return CupRecord(rel, {k: v for k, v in d.items() if k not in _PARSED}, m, gp, up, joins, paid)


def _appearances(d: Any) -> tuple[Appearance, ...]:
    """The players of a recorded match, each marked a substitute (and one the opponent
    allowed, §2.11) from ``substitutes``."""
    subs = {(str(s["team"]), int(s["player"])) for s in d.get("substitutes") or ()}
    allowed = {(str(s["team"]), int(s["player"])) for s in d.get("substitutes") or () if s.get("opponent_allowed")}
    return tuple(Appearance(int(a["player"]), str(a["team"]), (str(a["team"]), int(a["player"])) in subs,
                            int(a.get("boards") or 0), (str(a["team"]), int(a["player"])) in allowed)
                 for a in d.get("appearances") or ())


def record_of(rel: str, doc: dict) -> CupRecord:
    """The :class:`CupRecord` that reading back ``doc`` (a :func:`cup_record_data`) written at
    ``rel`` gives: a batch of sheets sees the ones it accepted before as recorded."""
    return _record(rel, _plain(doc))


#: the summary of recorded matches; bump when :class:`CupRecord` changes shape
RECORDS_SUMMARY = "records-2"


def msgspec_replace(rec, **changes):
    from ...rules.value import replace

    return replace(rec, **changes)


def _record_value(d: Any) -> CupRecord:
    """A recorded match as its :class:`CupRecord` (without the kept ``sheet``), for the summary."""
    if not isinstance(d, dict):
        raise TypeError("a recorded match is a mapping")
    return _record("", _plain(d))


#: the keys of a recorded match that :func:`_record` turns into fields (not kept twice in ``data``)
_PARSED = frozenset(("sheet", "appearances", "substitutes", "gp", "up", "joins"))


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, (dt.date, dt.datetime)):
        return v.isoformat()
    return v


def load_cup_records(store: SeasonStore) -> tuple[list[CupRecord], list[Problem]]:
    """Every ``cup/matches/*.yaml``, in file order: the one reader of recorded cup matches
    (results and walkovers). Read through a per-folder summary that keeps each file's
    :class:`CupRecord` (all but the kept ``sheet``), so a warm run decodes one cache file,
    not 4,000 parse trees."""
    from ..summary import folder_summary

    found, _ = folder_summary(store, MATCHES, RECORDS_SUMMARY, _record_value, type_=CupRecord,
                              keys=frozenset(("sheet",)), skip=True)
    out: list[CupRecord] = []
    problems: list[Problem] = []
    planned = getattr(store, "writes", None) or {}     # an OverlayStore: the planned files win
    for rel in store.list(MATCHES):
        rec = None if rel in planned else found.get(rel)
        if rec is not None:
            rec = msgspec_replace(rec, rel=rel)
        if rec is None:
            rec = _read_record(store, rel, problems)
            if rec is None:
                continue
        out.append(rec)
    return out, problems


def _read_record(store: SeasonStore, rel: str, problems: list[Problem]) -> CupRecord | None:
    """One recorded match file read and typed; a malformed one is added to ``problems`` (None)."""
    doc = store.read_yaml(rel)
    try:
        return _record(rel, doc.data)
    except VALUE_ERRORS as exc:
        problems.append(_bad(rel, getattr(doc.data, "line", None),
                             Msg('malformed recorded match ({}: {})', type(exc).__name__, exc)))
        return None


def parse_cup_sheet(text: str | bytes, file: str | None = None, doc: Any = None) -> tuple[Sheet | None, list[Problem]]:
    """A result sheet (:func:`dbfcli.store.sheets.parse_sheet`), with every field's line;
    ``doc``: its YAML document when the caller has parsed it already."""
    from ..sheets import parse_sheet

    return parse_sheet(text, file, doc)


def load_round_records(store: SeasonStore, round_no: int) -> tuple[list[CupRecord], list[Problem]]:
    """The recorded matches of one round only (files ``C<round>-*.yaml``; the file
    name is the match id, which ``dbf check`` enforces) -- cheap for ``dbf trophy``."""
    out: list[CupRecord] = []
    problems: list[Problem] = []
    for rel in store.list(MATCHES):
        if not rel.rsplit("/", 1)[-1].startswith(f"C{round_no}-"):
            continue
        rec = _read_record(store, rel, problems)
        if rec is None:
            continue
        if rec.match.round == round_no:
            out.append(rec)
    return out, problems


def sheet_data(text: str | bytes, file: str) -> Any:
    """The submitted sheet as plain data (kept under ``sheet:`` in the record)."""
    from ..sheets import load_tree, plain

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


# --------------------------------------------------------------------------- summaries for the ledgers
def _up_summary(d: Any) -> list:
    return [int(d["round"]), str(d["match"]), {str(k): int(v) for k, v in (d.get("up") or {}).items()}]


def _gp_summary(d: Any) -> list:
    team_of = {int(a["player"]): str(a["team"]) for a in d.get("appearances") or ()}
    sheet = d.get("sheet") if isinstance(d.get("sheet"), dict) else {}
    names = [[int(p["id"]), str(p["name"])] for side in ("home", "away")
             for p in ((sheet.get(side) or {}).get("players") or ()) if isinstance(p, dict) and p.get("name")]
    return [int(d["round"]), str(d["match"]), [[int(k), parse_gp(v), team_of.get(int(k))]
                                               for k, v in (d.get("gp") or {}).items()], names]


def _summaries(store: SeasonStore, name: str, extract, keys: frozenset[str]) -> tuple[list[tuple[str, list]], list[Problem]]:
    from ..summary import folder_summary

    found, failed = folder_summary(store, MATCHES, name, extract, keys=keys)
    problems: list[Problem] = []
    if failed:  # let the full loader say what is wrong, with the line
        _, problems = load_cup_records(store)
        named = {p.where.file for p in problems if p.where}
        for rel in failed:
            if rel not in named:
                problems += _whole_problems(store, rel, extract)
    rows = sorted(found.items(), key=lambda kv: (kv[1][0], kv[1][1]))
    return rows, problems


def _whole_problems(store: SeasonStore, rel: str, extract) -> list[Problem]:
    """Why a summary could not read ``rel`` that :func:`load_cup_records` (all but the kept sheet)
    passed, issue 27: the file parsed whole (a YAML error in the sheet: its line), then ``extract``."""
    try:
        doc = store.read_yaml(rel)
    except StoreError as exc:
        return list(exc.problems)
    try:
        extract(doc.data)
    except VALUE_ERRORS as exc:
        return [_bad(rel, getattr(doc.data, "line", None), Msg('malformed recorded match ({}: {})', type(exc).__name__, exc))]
    return [_bad(rel, None, Msg('malformed recorded match'))]


def summary_problems(store: SeasonStore) -> list[Problem]:
    """``dbf check`` (issue 27): the recorded matches as ``dbf up`` and ``dbf gp`` read them (with
    the kept sheet, which :func:`load_cup_records` skips). Warm: one cache file, a stat a match."""
    return load_up_credits(store)[1] + load_gp_shares(store)[1]


def load_up_credits(store: SeasonStore) -> tuple[list[tuple[str, int, str, dict[str, int]]], list[Problem]]:
    """§1.5.4: ``(file, round, match, {team: UP credited})`` of every recorded match, by round
    and match; read through a per-folder summary (fast on large seasons)."""
    rows, problems = _summaries(store, "up", _up_summary, frozenset(("match", "round", "up")))
    return [(rel, r, m, up) for rel, (r, m, up) in rows], problems


def load_gp_shares(store: SeasonStore) -> tuple[list[tuple[str, int, str, list]], list[Problem]]:
    """§1.5.10: ``(file, round, match, [[player, GP hundredths, team], ...])`` of every recorded match."""
    rows, problems = _summaries(store, "gp-2", _gp_summary, frozenset(("match", "round", "gp", "appearances", "sheet")))
    return [(rel, r, m, shares) for rel, (r, m, shares, _) in rows], problems


def load_sheet_names(store: SeasonStore) -> tuple[dict[int, str], list[Problem]]:
    """Member number -> name as the recorded sheets give it (substitutes are named there, §1.5.12)."""
    rows, problems = _summaries(store, "gp-2", _gp_summary, frozenset(("match", "round", "gp", "appearances", "sheet")))
    return {pid: name for _, (_, _, _, names) in rows for pid, name in names}, problems
