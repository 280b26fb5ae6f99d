"""Cup draws and the cup schedule on disk (§1.5.2, §1.5.6, §1.5.8, §1.5.16).

``cup/draws/round-NN.yaml``::

    schema: 1
    round: 1
    seed: 8141...            # random.Random(seed) reproduces the draw
    drawn_at: 2026-12-14T20:00:00+00:00
    drawn_order: [KBH-3, ODE-1, ...]
    matches:
    - {id: C1-001, pool: east, teams: [KBH-3, ODE-1]}   # teams[0] drawn first (§1.5.5)
    byes: [AAR-2]
    pools: {KBH-3: east, ...}   # rounds 1-2: every pool team's pool (round 2 is drawn in them)
    proof: {algorithm, commitment, field, secret, beacon_source, beacon}   # a committed draw (issue 30)

``cup/schedule.yaml`` (what the captains agreed or the TD set, §1.5.6/§1.5.8/§1.5.16)::

    schema: 1
    matches:
      C1-001: {date: 2026-12-12, time: "10:00", venue: "5000", dispensation: "..."}

Recorded results ``cup/matches/<MATCH>.yaml`` are read for ``match``,
``round``, ``winner`` and ``up`` only (docs/sheets.md has the full contract).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING, Any

from ...rules.model import CupDraw, CupMatch
from ...rules.problems import Msg, Problem, Where
from ..yamlio import VALUE_ERRORS, state_date
from ..season import SeasonStore, StoreError

if TYPE_CHECKING:
    from ...rules.cup.home import Agreement

SCHEMA = 1
DRAWS = "cup/draws"
SCHEDULE = "cup/schedule.yaml"
MATCHES = "cup/matches"
_ROUND_FILE = re.compile(r"round-(\d+)\.yaml$")
_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")


def draw_file(round_no: int) -> str:
    return f"{DRAWS}/round-{round_no:02d}.yaml"


NOTICES = "cup/notices"


def notice_file(round_no: int) -> str:
    """``cup/notices/draw-NN.yaml``: `dbf notify draw --round N` sent the draw (§1.5.16)."""
    return f"{NOTICES}/draw-{round_no:02d}.yaml"


def notice_data(round_no: int, messages: int, how: str, sent_at: dt.datetime) -> dict:
    return {"schema": SCHEMA, "round": round_no, "messages": messages, "how": how,
            "sent_at": sent_at.isoformat(timespec="seconds")}


def draw_sent_rounds(store: SeasonStore) -> frozenset[int]:
    """§1.5.16: the rounds whose draw `dbf notify draw` has sent (a file it cannot read: not sent)."""
    out = set()
    for rel in store.list(NOTICES):
        try:
            doc = store.read_yaml(rel)
            if isinstance(doc.data, dict) and isinstance(doc.data.get("round"), int):
                out.add(doc.data["round"])
        except StoreError:
            continue
    return frozenset(out)


def draw_data(draw: CupDraw, pools: dict[str, str] | None = None, drawn_at: dt.datetime | None = None,
              proof: dict | None = None) -> dict:
    """The draw file's document; ``proof``: what a committed draw reveals (issue 30, store.drawproof)."""
    doc: dict[str, Any] = {"schema": SCHEMA, "round": draw.round, "seed": draw.seed}
    if drawn_at is not None:
        doc["drawn_at"] = drawn_at.isoformat(timespec="seconds")
    doc["drawn_order"] = list(draw.drawn_order)
    doc["matches"] = [{"id": m.id, "pool": m.pool, "teams": list(m.teams)} for m in draw.matches]
    doc["byes"] = list(draw.byes)
    if pools:
        doc["pools"] = dict(sorted(pools.items()))
    if proof:
        doc["proof"] = dict(proof)
    return doc


def _bad(rel: str, line: int | None, message: str, hint: str | None = None, code: str = "format.draw") -> Problem:
    return Problem.error(None, message, Where(rel, line), hint, code=code)


def _match_id(value: Any) -> str:
    """A drawn match's id: one that may name its file (issue 27: a mapping there became a path
    outside the season under `dbf deadlines`, which check passed)."""
    from ...rules.ids import is_file_id

    if not is_file_id(value):
        raise ValueError(Msg('match id {} is not an id like C1-001', repr(value)))
    return str(value)


def load_draws(store: SeasonStore) -> tuple[dict[int, CupDraw], dict[int, dict[str, str]], list[Problem]]:
    """Every recorded draw, the pools recorded with each (rounds 1-2), and the problems found.
    Each file is read once a process while it is unchanged (``SeasonStore.read_parsed``: a
    ``dbf serve`` request reads the draws without parsing them again)."""
    draws: dict[int, CupDraw] = {}
    pools: dict[int, dict[str, str]] = {}
    problems: list[Problem] = []
    for rel in store.list(DRAWS):
        if not _ROUND_FILE.search(rel):
            continue
        got = store.read_parsed(rel, _draw_of)
        if isinstance(got, Problem):
            problems.append(got)
            continue
        draw, pooled = got
        draws[draw.round] = draw
        pools[draw.round] = dict(pooled)
    return _filled(store, draws), pools, problems


def _draw_of(doc) -> tuple[CupDraw, tuple[tuple[str, str], ...]] | Problem:
    """One draw file's draw and its pools, or the problem of a malformed one (values nobody
    changes: kept for the process by ``read_parsed``)."""
    d = doc.data
    try:
        r = int(d["round"])
        matches = tuple(CupMatch(_match_id(m["id"]), r, (str(m["teams"][0]), str(m["teams"][1])),
                                 None if m.get("pool") is None else str(m["pool"]))
                        for m in d.get("matches") or ())
        draw = CupDraw(r, int(d.get("seed") or 0), matches, tuple(str(b) for b in d.get("byes") or ()),
                       tuple(str(t) for t in d.get("drawn_order") or ()))
        return draw, tuple((str(k), str(v)) for k, v in (d.get("pools") or {}).items())
    except VALUE_ERRORS as exc:
        return _bad(doc.file, getattr(d, "line", None), Msg('malformed draw file ({}: {})', type(exc).__name__, exc),
                    Msg('a draw file has round, seed, drawn_order, matches [{{id, pool, teams}}], byes'))


def _filled(store: SeasonStore, draws: dict[int, CupDraw]) -> dict[int, CupDraw]:
    """The draws with each pending place (``pending: C1-032``, §1.5.16 with §1.5.6) filled by
    the winner recorded in ``cup/matches/C1-032.yaml``, when there is one."""
    from ...rules.cup.draw_pending import fill_draw, places_named

    named = [mid for d in draws.values() for mid in places_named(d)]
    if not named:
        return draws
    winners = _winners_of(store, named)
    return {r: fill_draw(d, winners) for r, d in draws.items()}


def _winners_of(store: SeasonStore, named: list[str]) -> dict[str, str]:
    """The winner recorded for each match of ``named`` that has a readable record."""
    from ...rules.ids import cup_round_of
    from ..season import StoreError

    winners: dict[str, str] = {}
    for mid in named:
        if cup_round_of(mid) is None:
            continue                          # the invariant draw.pending-place names it
        try:
            doc = store.read_yaml(f"{MATCHES}/{mid}.yaml", required=False)
        except StoreError:
            continue                          # an unreadable record is load_results' to report
        data = doc.data if doc is not None else None
        if isinstance(data, dict) and data.get("match") == mid and isinstance(data.get("winner"), str):
            winners[mid] = data["winner"]     # a malformed record is load_results' to report
    return winners


_ROUND_FILE = re.compile(r"round-(\d+)\.yaml$")


def recorded_draws(store: SeasonStore) -> dict[int, list[tuple[str, tuple[str, ...]]]]:
    """Recorded draws: round -> [(match id, teams)] (tolerant of the draw file's extra keys)."""
    from ...rules.ids import is_file_id

    out: dict[int, list[tuple[str, tuple[str, ...]]]] = {}
    for rel in store.list("cup/draws"):
        m = _ROUND_FILE.search(rel)
        doc = store.read_yaml(rel, required=False)
        data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
        round_no = data.get("round") or (int(m.group(1)) if m else None)
        if not isinstance(round_no, int):
            continue
        matches = []
        rows = data.get("matches")
        for row in rows if isinstance(rows, list) else []:   # a malformed draw is load_draws' to report
            teams = row.get("teams") if isinstance(row, dict) else None
            if isinstance(row, dict) and is_file_id(row.get("id")):   # else load_draws' to report
                matches.append((str(row["id"]), tuple(str(t) for t in teams) if isinstance(teams, list) else ()))
        out[round_no] = matches
    return _filled_rows(store, out)


def _filled_rows(store: SeasonStore, draws: dict[int, list[tuple[str, tuple[str, ...]]]]):
    """:func:`recorded_draws` with each pending place that has a recorded winner filled (§1.5.16)."""
    from ...rules.cup.draw_pending import awaited

    named = [mid for rows in draws.values() for _, teams in rows for mid in map(awaited, teams) if mid]
    if not named:
        return draws
    winners = _winners_of(store, named)
    return {r: [(mid, tuple(winners.get(awaited(t) or "", t) for t in teams)) for mid, teams in rows]
            for r, rows in draws.items()}


def load_results(store: SeasonStore) -> tuple[dict[str, str], dict[int, dict[str, int]], set[int], list[Problem]]:
    """From ``cup/matches/*.yaml``: winner per match id, UP credited per round and team
    (§1.5.4/§1.5.5), the rounds that have any result, and the problems found.

    A lenient projection (``match``, ``round``, ``winner``, ``up`` only) kept beside the one
    full reader, :func:`dbfcli.store.cup.results.load_cup_records`: ``dbf draw`` and ``dbf
    schedule cup`` accept a hand-made record without ``home``/``away`` (``dbf check`` does not)."""
    winners: dict[str, str] = {}
    up: dict[int, dict[str, int]] = {}
    rounds: set[int] = set()
    problems: list[Problem] = []
    for rel in store.list(MATCHES):
        doc = store.read_yaml(rel)
        d = doc.data
        try:
            match, r = str(d["match"]), int(d["round"])
            rounds.add(r)
            if d.get("winner") is not None:
                winners[match] = str(d["winner"])
            for team, n in (d.get("up") or {}).items():
                up.setdefault(r, {})[str(team)] = up.get(r, {}).get(str(team), 0) + int(n)
        except VALUE_ERRORS as exc:
            problems.append(_bad(rel, getattr(d, "line", None),
                                 Msg('malformed recorded match ({}: {})', type(exc).__name__, exc)))
    return winners, up, rounds, problems


def up_before(up: dict[int, dict[str, int]], round_no: int) -> dict[str, int]:
    """UP in total before ``round_no`` (§1.5.5), from :func:`load_results`' UP per round."""
    from ...rules.cup.home import up_credited_before

    return up_credited_before(up.items(), round_no)


def team_match_day(store: SeasonStore, settings, team: str, round_no: int) -> dt.date | None:
    """The date of ``team``'s match in ``round_no``: agreed (cup/schedule.yaml), else the
    official day (§1.5.6)."""
    from ...rules.cup.home import official_day

    draws, _, _ = load_draws(store)
    agreements, _, _ = load_schedule(store)
    d = draws.get(round_no)
    m = next((m for m in d.matches if team in m.teams), None) if d else None
    agreed = agreements.get(m.id) if m else None
    return (agreed.date if agreed and agreed.date else None) or official_day(round_no, settings.cup)


def load_schedule(store: SeasonStore) -> tuple[dict[str, Agreement], dict[str, Where], list[Problem]]:
    """``cup/schedule.yaml``: match id -> Agreement, with the line of each entry."""
    doc = store.read_yaml(SCHEDULE, required=False)
    if doc is None or not doc.data:
        return {}, {}, []
    from ...rules.cup.home import Agreement

    out: dict[str, Agreement] = {}
    where: dict[str, Where] = {}
    problems: list[Problem] = []
    matches = doc.data.get("matches") if isinstance(doc.data, dict) else None
    if not isinstance(matches, dict):
        return {}, {}, [_bad(SCHEDULE, doc.line(), Msg("expected 'matches:' with one entry per match id"),
                                code="format.schedule")]
    for mid, e in matches.items():
        w = doc.where("matches", mid)
        where[str(mid)] = w
        try:
            e = e or {}
            time = e.get("time")
            if time is not None and not _TIME.match(str(time)):
                raise ValueError(Msg('time {} is not HH:MM', repr(time)))
            out[str(mid)] = Agreement(state_date(e.get("date"), "date"), None if time is None else str(time),
                                      None if e.get("venue") is None else str(e["venue"]).zfill(4),
                                      None if e.get("dispensation") is None else str(e["dispensation"]))
        except VALUE_ERRORS as exc:
            problems.append(Problem.error(None, Msg('{}: {}', mid, exc), w, Msg('date: YYYY-MM-DD, time: HH:MM, venue: '
                                                                        'postcode'), code="format.schedule"))
    return out, where, problems


def schedule_data(agreements: dict[str, Agreement]) -> dict:
    """The schedule file's document (entries in match id order, empty fields left out)."""
    matches: dict[str, dict] = {}
    for mid in sorted(agreements):
        a = agreements[mid]
        row = {k: v for k, v in (("date", a.date.isoformat() if a.date else None), ("time", a.time),
                                 ("venue", a.venue), ("dispensation", a.dispensation)) if v is not None}
        if row:
            matches[mid] = row
    return {"schema": SCHEMA, "matches": matches}
