"""The qualification to the 3rd division as use cases (§1.1.5.1-2).

:func:`enter_east` (``dbf qualification east enter FILE``), :func:`east_schedule` (``east
schedule``), :func:`record_east` (``east result MATCH --imps A B``), :func:`east_standings`
(``east standings``), :func:`enter_west` (``west enter FILE``), :func:`qualifiers`
(``qualification qualifiers``: the file ``dbf season rollover --qualifiers`` reads). The field,
the schedule, the WBF scale and the places are ``rules.divisions.qualification``; the state is
``qualification/east.yaml`` and ``qualification/west.yaml`` (``store.divisions.playoff``). A
file the user names (``--out``) is made here as bytes: the face writes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, outcome_noting, refuse
from .session import Session

EAST_HEADER = "east qualification tournament (§1.1.5.2, dbf qualification east)"


class EastEntry(Value, kw_only=True):
    """``dbf qualification east enter FILE [--agreed]`` (§1.1.5.2: 1 + 2 + 3 unless agreed)."""

    file: Path
    agreed: bool = False
    dry_run: bool = False


class EastResult(Value, kw_only=True):
    """``dbf qualification east result MATCH --imps A B``: IMPs home first (24 boards, §1.1.5.2)."""

    match: str
    imps: tuple[int, int]
    dry_run: bool = False


class WestEntry(Value, kw_only=True):
    """``dbf qualification west enter FILE``: Kreds IV's teams, best first (§1.1.5.2)."""

    file: Path
    dry_run: bool = False


class QualifiersRequest(Value, kw_only=True):
    """``dbf qualification qualifiers [--membership W E] [--out FILE]`` (§1.1.5.1: the members
    west and east of the Great Belt decide the 6 places)."""

    membership: tuple[int, int] | None = None
    out: Path | None = None


class EastView(MutableValue, kw_only=True):
    """The east tournament as :func:`east_schedule` or :func:`east_standings` shows it: its teams'
    names by id, the schedule (rounds of (match, home, away)), the rows of the table; ``entered``
    False before its teams are entered (an empty table)."""

    entered: bool
    names: dict[str, str]
    schedule: list[Any]
    rows: list[Any]


class QualifiersFile(MutableValue, kw_only=True):
    """What :func:`qualifiers` made: the document, the teams that qualify, the places (west,
    east), the document as YAML (``text``) and as the file ``--out`` names (``data``, with its
    header; None without ``--out``)."""

    doc: dict[str, Any]
    qualified: list[str]
    places: tuple[int, int]
    text: str
    data: bytes | None = None


def _east(snap: Any, notes: list[Problem], required: bool = True) -> Any:
    """The east tournament through the snapshot (exit 2 when it is not entered and ``required``)."""
    ef, problems = snap.east()
    notes += refuse(problems)
    if ef is None and required:
        fail(Msg('no east tournament entered'), hint="dbf qualification east enter FILE", code="state.not-entered")
    return ef


def _table(ef: Any) -> tuple[Any, Any, list[Problem]]:
    """:func:`dbfcli.rules.divisions.qualification.east_table` of the east tournament (§1.1.5.2)."""
    from ..rules.divisions.qualification import east_table

    rows, schedule, problems = east_table([t.id for t in ef.teams], ef.results)
    return rows, schedule, list(problems)


def _matches(schedule: Any) -> int:
    """The matches of the east schedule (a bye is none)."""
    return sum(1 for rnd in schedule for _, _, a in rnd if a)


def _not_entered(doc: dict[str, Any], notes: list[Problem]) -> Outcome:
    """The east tournament's table before its teams are entered (§1.1.5.2): empty, with a
    warning that names what to do, exit 0 (issue 28)."""
    warning = Problem.warning("1.1.5.2", Msg('no east tournament entered'), hint="dbf qualification east enter FILE",
                              code="state.not-entered")
    notes.append(warning)
    doc["warnings"] = [warning.to_json()]
    return Outcome(doc=doc, notes=list(notes), plan=EastView(entered=False, names={}, schedule=[], rows=[]),
                   show="empty")


# --------------------------------------------------------------------------- the east tournament
def enter_east(session: Session, entry: EastEntry) -> Outcome:
    """``dbf qualification east enter FILE`` (§1.1.5.2): the field (1 Bornholm, 2 Copenhagen, 3
    Kreds II, unless agreed) and Kreds II's direct team; the file is checked before the season
    is read; refused once results are recorded (the schedule follows the entry order). One
    journaled write. ``doc``: the teams, their regions, the direct team(s)."""
    return outcome_noting(_enter_east, session, entry)


def _enter_east(session: Session, entry: EastEntry, notes: list[Problem]) -> Outcome:
    from ..store.divisions.playoff import EAST, check_east, east_data, parse_east, read_entry

    ef, problems = parse_east(read_entry(entry.file, "teams file"))
    notes += refuse(problems)
    ef.agreed = ef.agreed or entry.agreed
    ef.results = {}
    if not ef.teams:
        fail(Msg('no teams under teams:'), hint=Msg("the tournament's field, each with region:"),
             code="format.qualification")
    doc = {"ok": True, "teams": [{"id": t.id, "name": t.name, "region": ef.regions.get(t.id)} for t in ef.teams],
           "direct": [t.id for t in ef.direct], "agreed": ef.agreed, "dry_run": entry.dry_run}
    notes += refuse(check_east(ef), doc)
    snap = session.snap
    with snap.store.transaction(session.actor, Msg("east qualification: teams entered"), entry.dry_run,
                                session.lock_timeout) as tx:
        old = _east(snap, notes, required=False)
        if old is not None and old.results:
            fail(Msg('{} is recorded; the field can no longer change' if len(old.results) == 1 else
                     '{} are recorded; the field can no longer change', Msg.counted(len(old.results), "east result")),
                 hint=Msg('undo the results first (dbf undo)'), code="state.already-recorded")
        tx.write_yaml(EAST, east_data(ef), header=EAST_HEADER)
    return Outcome(doc=doc, notes=list(notes), written=not entry.dry_run, plan=ef, show="entered")


def east_schedule(session: Session) -> Outcome:
    """``dbf qualification east schedule`` (§1.1.5.2): the all-play-all, 5 rounds of 24-board
    matches (circle method over the entry order); an empty one with a warning before the teams
    are entered. ``doc``: the rounds with the IMPs recorded; ``plan``: :class:`EastView`."""
    return outcome_noting(_east_schedule, session)


def _east_schedule(session: Session, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.qualification import EAST_BOARDS

    ef = _east(session.snap, notes, required=False)
    if ef is None:
        return _not_entered({"boards": EAST_BOARDS, "rounds": []}, notes)
    _, schedule, _ = _table(ef)
    doc = {"boards": EAST_BOARDS,
           "rounds": [{"round": r, "matches": [{"id": mid, "home": h, "away": a, "imps": list(ef.results[mid])
                                                if mid in ef.results else None} for mid, h, a in rnd]}
                      for r, rnd in enumerate(schedule, 1)]}
    return Outcome(doc=doc, notes=list(notes), show="schedule",
                   plan=EastView(entered=True, names={t.id: t.name for t in ef.teams}, schedule=list(schedule), rows=[]))


def record_east(session: Session, result: EastResult) -> Outcome:
    """``dbf qualification east result MATCH --imps A B`` (§1.1.5.2): one match of 24 boards,
    home first; re-recording a match replaces its result. One journaled write. ``doc``: the
    match, its teams, the IMPs and the VP of the WBF 20-VP scale (exact, §1.1.5.2)."""
    return outcome_noting(_record_east, session, result)


def _record_east(session: Session, result: EastResult, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.qualification import EAST_BOARDS, wbf_vp
    from ..store.divisions.playoff import EAST, east_data

    imps, match = result.imps, result.match
    if min(imps) < 0:
        fail(Msg('IMPs are whole numbers >= 0'), code="usage.option")
    snap = session.snap
    with snap.store.transaction(session.actor, Msg("east qualification: {}", match), result.dry_run,
                                session.lock_timeout) as tx:
        ef = _east(snap, notes)
        _, schedule, _ = _table(ef)
        found = {mid: (h, a) for rnd in schedule for mid, h, a in rnd}
        if match not in found or found[match][1] is None:
            fail(Msg('no match {} in the east tournament', match), hint="dbf qualification east schedule",
                 code="unknown.match")
        ef.results[match] = (imps[0], imps[1])
        tx.write_yaml(EAST, east_data(ef), header=EAST_HEADER)
    home, away = found[match]
    w, lo = wbf_vp(abs(imps[0] - imps[1]), EAST_BOARDS)
    vp = (w, lo) if imps[0] >= imps[1] else (lo, w)
    doc = {"ok": True, "match": match, "home": home, "away": away, "imps": list(imps),
           "vp": [float(vp[0]), float(vp[1])], "dry_run": result.dry_run}
    return Outcome(doc=doc, notes=list(notes), written=not result.dry_run, plan=vp, show="recorded")


def east_standings(session: Session) -> Outcome:
    """``dbf qualification east standings`` (§1.1.5.2): VP by the WBF 20-VP scale for 24 boards,
    then IMP difference, then the mutual match; teams still level are flagged for lots, and
    warned of only once the tournament is complete (mid-tournament they are no news). ``doc``:
    the table; ``plan``: :class:`EastView`."""
    return outcome_noting(_east_standings, session)


def _east_standings(session: Session, notes: list[Problem]) -> Outcome:
    ef = _east(session.snap, notes, required=False)
    if ef is None:
        return _not_entered({"boards": 24, "matches_played": 0, "matches_total": 0, "complete": False, "rows": []},
                            notes)
    rows, schedule, problems = _table(ef)
    total = _matches(schedule)
    names = {t.id: t.name for t in ef.teams}
    doc = {"boards": 24, "matches_played": len(ef.results), "matches_total": total,
           "complete": len(ef.results) >= total,
           "rows": [{"rank": r.rank, "team": r.team, "name": names[r.team], "region": ef.regions.get(r.team),
                     "played": r.played, "imps_for": r.imps_for, "imps_against": r.imps_against,
                     "vp": round(float(r.vp), 2), "tied": r.tied} for r in rows]}
    if not doc["complete"]:   # §1.1.5.2: level teams mid-tournament are no news; lots only at the end
        problems = [p for p in problems if p.is_error]
    warnings = refuse(problems, doc)
    notes += warnings
    doc["warnings"] = [p.to_json() for p in warnings]
    return Outcome(doc=doc, notes=list(notes), show="standings",
                   plan=EastView(entered=True, names=names, schedule=list(schedule), rows=list(rows)))


# --------------------------------------------------------------------------- the west, the qualifiers
def enter_west(session: Session, entry: WestEntry) -> Outcome:
    """``dbf qualification west enter FILE`` (§1.1.5.2: Kreds IV finds the three west teams; the
    4th and on are the reserves of §1.1.1.1): its teams in ranking order, best first; the file
    is checked before the season is read. One journaled write."""
    return outcome_noting(_enter_west, session, entry)


def _enter_west(session: Session, entry: WestEntry, notes: list[Problem]) -> Outcome:
    from ..store.divisions.playoff import WEST, read_entry
    from ..store.teams import parse_teams_yaml, teams_file_data

    teams, _, problems = parse_teams_yaml(read_entry(entry.file, "teams file"))
    notes += refuse(problems)
    if not teams:
        fail(Msg('no teams under teams:'), code="format.qualification")
    store = session.store
    with store.transaction(session.actor, Msg("west qualification: Kreds IV's ranking"), entry.dry_run,
                           session.lock_timeout) as tx:
        tx.write_yaml(WEST, teams_file_data(teams), header="Kreds IV's qualifiers, best first (§1.1.5.2)")
    return Outcome(doc={"ok": True, "west": [t.id for t in teams], "dry_run": entry.dry_run}, notes=list(notes),
                   written=not entry.dry_run, plan=teams, show="entered")


def qualifiers(session: Session, request: QualifiersRequest) -> Outcome:
    """``dbf qualification qualifiers`` (§1.1.5.1-2): Kreds IV's ranking (west), Kreds II's direct
    team and the east tournament's final ranking, with a team record for each; the places west
    and east by the membership (§1.1.5.1; default 3 + 3). Refused (exit 1) while the east
    tournament is not complete (§1.1.5.2), exit 2 without the east or the west entered.
    ``plan``: :class:`QualifiersFile`."""
    return outcome_noting(_qualifiers, session, request)


def _qualifiers(session: Session, request: QualifiersRequest, notes: list[Problem]) -> Outcome:
    from ..rules.divisions.qualification import Qualifiers, allocate_places
    from ..store.yamlio import dump_yaml

    snap, membership = session.snap, request.membership
    ef = _east(snap, notes)
    west, problems = snap.west()
    notes += refuse(problems)
    if west is None:
        fail(Msg("Kreds IV's teams are not entered"), hint="dbf qualification west enter FILE", code="state.not-entered")
    rows, schedule, problems = _table(ef)
    problems += _east_complete(ef, schedule)
    places = (3, 3)
    if membership is not None:
        alloc = allocate_places(*membership)
        places = (alloc.west, alloc.east)
    q = Qualifiers(tuple(t.id for t in west), tuple(r.team for r in rows), tuple(t.id for t in ef.direct), *places)
    problems += q.check()
    doc = _qualifiers_doc(q, membership, west + ef.direct + ef.teams)
    notes += refuse(problems, {"qualifiers": doc})
    qualified = [t for t, _, _ in q.qualified()]
    made = QualifiersFile(doc=doc, qualified=qualified, places=places, text=dump_yaml(doc))
    if request.out is not None:
        made.data = dump_yaml(doc, "qualifiers for dbf season rollover --qualifiers (§1.1.5)").encode()
    out = {"ok": True, "qualified": qualified, "places": {"west": places[0], "east": places[1]},
           "file": None if request.out is None else str(request.out), "qualifiers": doc}
    return Outcome(doc=out, notes=list(notes), plan=made, show="qualifiers")


def _east_complete(ef: Any, schedule: Any) -> list[Problem]:
    """§1.1.5.2: the east tournament's ranking is final only when every match is played."""
    total = _matches(schedule)
    if len(ef.results) >= total:
        return []
    return [Problem.error("1.1.5.2", Msg('the east tournament is not complete ({} of {} matches)',
                                         len(ef.results), total), hint="dbf qualification east result MATCH --imps A B",
                          code="qualify.incomplete")]


def _qualifiers_doc(q: Any, membership: tuple[int, int] | None, teams: Sequence[Any]) -> dict[str, Any]:
    """The qualifiers file's document (docs/readings/playoff-rollover.md)."""
    from ..store.teams import team_to_data

    doc: dict[str, Any] = {"schema": 1}
    if membership is not None:
        doc["membership"] = {"west": membership[0], "east": membership[1]}
    doc.update(west=list(q.west), east_direct=list(q.east_direct), east_tournament=list(q.east_tournament),
               teams=[team_to_data(t) for t in teams])
    return doc


__all__ = ["EastEntry", "EastResult", "EastView", "QualifiersFile", "QualifiersRequest", "WestEntry", "east_schedule",
           "east_standings", "enter_east", "enter_west", "qualifiers", "record_east"]
