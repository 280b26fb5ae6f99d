"""The divisions' lots as use cases (§1.1.3.2, §1.1.2.5, §1.1.2.9, §1.1.4.2, §1.1.1.1; issue 30).

:func:`list_lots` (``dbf lot list``), :func:`draw_lot` (``dbf lot draw``: dbf draws, the seed
recorded), :func:`record_lot` (``dbf lot record``: the TD drew by hand), :func:`remove_lot`
(``dbf lot remove``), :func:`commit_lot` and :func:`verify_lot` (``dbf lot commit|verify``: a
lot anyone can verify, by the protocol of the cup draw, :mod:`dbfcli.app.draws`).

A lot is named by its KEY: a division (a standings tie: ``2div``), a play-off match (home in
section 1: ``1div-SF1``, ``3div-PO``) or a rollover vacancy match drawn instead of played
(§1.1.1.1: ``3div-PO3``, ``Q-PO1``). State: ``divisions/lots.yaml``. The order a seed gives is
``rules.lots.draw_order``; which lots are pending is the standings' and play-off's rules.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import Value
from .outcome import Outcome, UsageProblem, fail, outcome_noting, refuse
from .session import Session

#: rollover matches a lot may replace when it is too late to play them (§1.1.1.1)
VACANCY_MATCH = re.compile(r"^(3div-PO\d+|Q-PO\d+(-\d+)?)$")


class LotRequest(Value, kw_only=True):
    """``dbf lot draw|record KEY``: ``teams`` drawn among (``None``: the pending lot's; for a
    hand-drawn lot, the ``order`` drawn), who drew it (``by``), the ``witnesses``, when (``at``,
    ``YYYY-MM-DDTHH:MM``; default now, UTC), the ``beacon``'s value of a committed lot."""

    key: str
    by: str
    witnesses: tuple[str, ...] = ()
    teams: tuple[str, ...] | None = None
    order: tuple[str, ...] = ()
    at: str | None = None
    beacon: str | None = None
    dry_run: bool = False


class Target(Value):
    """The lot to draw: its key as the season spells it, its §, the teams, what it decides."""

    key: str
    rule: str
    teams: tuple[str, ...]
    what: Any


# --------------------------------------------------------------------------- which lot
def _known_teams(snap: Any) -> dict[str, str]:
    """lower-case id -> id, of every division team of the season."""
    divisions, _ = snap.divisions()
    return {t.id.lower(): t.id for d in divisions.values() for t in d.teams}


def _normalise(ids: Sequence[str], known: dict[str, str], strict: bool) -> list[str]:
    out, problems = [], []
    for t in ids:
        if t.lower() in known:
            out.append(known[t.lower()])
        elif strict:
            import difflib

            near = difflib.get_close_matches(t.lower(), list(known), n=1)
            problems.append(Problem.error(None, Msg('unknown team {}', f'{t!r}'),
                                          hint=Msg('did you mean {}?', known[near[0]]) if near else Msg('see dbf division teams DIV'),
                                          code="unknown.team"))
        else:
            out.append(t)
    if problems:
        raise UsageProblem(problems)
    return out


def _lots(snap: Any, notes: list[Problem]) -> list[Any]:
    """The recorded lots (their file's problems of form refuse; its § problems are `dbf check`'s)."""
    lots, problems = snap.lots()
    notes += refuse([p for p in problems if p.rule is None])
    return list(lots)


def target(snap: Any, key: str, teams: Sequence[str] | None, notes: list[Problem]) -> Target:
    """The lot to draw; exit 1 when nothing is to be drawn for KEY, 2 when KEY is unknown."""
    pending, _ = snap.pending_lots()
    lots = _lots(snap, notes)
    mine = [p for p in pending if p.key.lower() == key.lower()]
    known = _known_teams(snap)
    if teams is not None:
        teams = _normalise(teams, known, strict=not key.upper().startswith("Q-PO"))
    chosen = _pending_chosen(key, mine, teams)
    if chosen is not None:
        return Target(chosen.key, chosen.rule, tuple(chosen.teams), chosen.what)
    notes += _refuse_drawn(key, lots, teams)
    if VACANCY_MATCH.match(key):
        if teams is None:
            fail(Msg('{}: name the two teams of the vacancy match with --teams A,B', key), code="usage.missing")
        return Target(key, "1.1.1.1", tuple(sorted(teams)), f"the vacancy place of {key}, too late for a match")
    _refuse_no_lot(key, teams)
    fail(Msg('unknown lot {}', f'{key!r}'), hint=Msg('a division (2div), a play-off match (1div-SF1, 3div-PO) or a '
                                          'vacancy match (3div-PO3, Q-PO1); dbf lot list'), code="unknown.match")


def _pending_chosen(key: str, mine: list[Any], teams: Sequence[str] | None) -> Any:
    """The pending lot of KEY among ``teams`` (or the only one); exit 2 when several and none named."""
    if teams is not None:
        if len(set(teams)) < 2:
            fail(Msg('a lot is drawn among two teams or more'), hint=Msg('--teams A,B'), code="usage.option")
        return next((p for p in mine if set(p.teams) == set(teams)), None)
    if len(mine) > 1:
        fail(Msg('{} has {} pending lots: say which with --teams', key, len(mine)),
             hint=Msg.join('; ', (",".join(p.teams) for p in mine)), code="usage.missing")
    return mine[0] if mine else None


def _refuse_drawn(key: str, lots: list[Any], teams: Sequence[str] | None) -> list[Problem]:
    """Exit 1 when the lot is recorded already: a lot is drawn once."""
    done = [x for x in lots if x.key.lower() == key.lower() and (teams is None or set(x.teams) == set(teams))]
    if done:
        x = done[0]
        return refuse([Problem.error(x.rule, Msg('the lot {} among {} was drawn on {} by {}: {}; a lot is drawn '
                                                 'once', x.key, ', '.join(x.teams), x.drawn_at, x.drawn_by,
                                                 ', '.join(x.order)),
                                     hint=Msg("dbf lot remove {} --teams {} takes it back if it was recorded by mistake",
                                              x.key, ','.join(x.teams)), code="lot.already-drawn")])
    return []


def _refuse_no_lot(key: str, teams: Sequence[str] | None) -> None:
    """Exit 1 for a division (the paragraph of the places its table decides: §1.1.2.5, §1.1.3.2,
    §1.1.4.2) or a play-off match (§1.1.2.9, §1.1.4.2) with no lot to draw."""
    from ..rules.divisions.standings import standings_lot_rule

    if key in ("1div", "2div", "3div-a", "3div-b"):
        tied = Msg(' among {}', ', '.join(teams)) if teams else ""
        refuse([Problem.error(standings_lot_rule(key), Msg('no lot to draw in {}{}: lots break only a tie '
                                                           'of the final table that every tie-break leaves '
                                                           'and that decides a place', key, tied),
                              hint=Msg("dbf lot list shows the pending lots"), code="lot.nothing-to-draw")])
    if key in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO"):
        from ..rules.divisions.playoff import home_rule

        rule = home_rule(key)
        refuse([Problem.error(rule, Msg('no lot to draw for {}: its home is decided (the round-robin '
                                        'match, a recorded seed), or the match is not paired yet', key),
                              hint="dbf playoff 1div", code="lot.nothing-to-draw")])


def _when(at: str | None) -> str:
    import datetime as dt

    if at is None:
        return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    try:
        dt.datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        fail(Msg('--at {} is not a date and time (YYYY-MM-DDTHH:MM)', f'{at!r}'), code="usage.option")
    return at


def _witnesses(by: str, witness: Sequence[str]) -> tuple[str, tuple[str, ...]]:
    if not by.strip():
        fail(Msg('--by: who drew the lot'), code="usage.missing")
    names = tuple(w.strip() for w in witness if w.strip())
    if not names:
        fail(Msg('--witness: who witnessed the draw (dbf records a witness for every lot; no paragraph of '
                 '§1.1 names one: docs/readings/divisions-standings.md)'), hint=Msg('--witness NAME'), code="usage.missing")
    return by.strip(), names


# --------------------------------------------------------------------------- commitments (issue 30)
def _commitment_of(snap: Any, subject: str, notes: list[Problem]) -> tuple[list[Any], Any]:
    commits, problems = snap.lot_commitments()
    notes += refuse(problems)
    return commits, next((c for c in commits if c.subject == subject), None)


def lot_seed(snap: Any, key: str, rule: str, pool: tuple[str, ...], beacon: str | None,
             notes: list[Problem]) -> tuple[int, Any]:
    """``(seed, Reveal or None)`` of the lot: a fresh 63-bit seed from the operating system
    without a commitment (as before issue 30); after one, the seed of the committed secret
    (and the beacon), refused as the cup draw's is (:func:`dbfcli.app.draws.reveal_for`)."""
    from ..rules.cup.drawproof import lot_field, lot_subject
    from .draws import reveal_for

    subject = lot_subject(key, pool)
    _, c = _commitment_of(snap, subject, notes)
    if c is None:
        if beacon is not None:
            fail(Msg('--beacon goes with a commitment that names a beacon source'),
                 hint=Msg("dbf lot commit KEY --beacon-source TEXT, before the draw"), code="usage.option")
        import secrets

        return secrets.randbits(63), None
    field = lot_field(season=snap.season, key=key, rule=rule, teams=pool)
    return reveal_for(snap, c, field, None, beacon, f"the lot {key}", subject)


def _refuse_hand_drawn(snap: Any, key: str, rule: str, pool: tuple[str, ...], notes: list[Problem]) -> None:
    """A committed lot is drawn by dbf with its secret (`dbf lot draw`), never recorded by hand."""
    from ..rules.cup.drawproof import lot_subject

    _, c = _commitment_of(snap, lot_subject(key, pool), notes)
    if c is not None:
        raise UsageProblem([Problem.error(rule, Msg('the lot {} is committed ({}): dbf draws it with the '
                                                    'committed secret', key, c.commitment), hint=f"dbf lot draw {key} --by NAME --witness NAME",
                                          code="state.committed")])


# --------------------------------------------------------------------------- use cases
def list_lots(session: Session) -> Outcome:
    """``dbf lot list``: the lots still to draw (with the command that draws each) and those
    recorded. ``plan``: ``(pending, recorded)``."""
    return outcome_noting(_list_lots, session)


def _list_lots(session: Session, notes: list[Problem]) -> Outcome:
    from ..store.divisions.lots import lot_to_data

    snap = session.snap
    pending, _ = snap.pending_lots()
    lots = _lots(snap, notes)
    doc = {"pending": [p.to_json() for p in pending], "recorded": [lot_to_data(x) for x in lots]}
    return Outcome(doc=doc, notes=list(notes), show="lots", plan=(list(pending), lots))


def draw_lot(session: Session, request: LotRequest) -> Outcome:
    """``dbf lot draw KEY``: dbf draws the lot, the order from the operating system's randomness
    (a fresh seed, recorded, so ``rules.lots.draw_order(teams, seed)`` replays it) or, after
    ``dbf lot commit``, from the committed secret (and the beacon), revealed in the lot.
    ``plan``: the DrawnLot."""
    return outcome_noting(_draw_lot, session, request)


def _draw_lot(session: Session, request: LotRequest, notes: list[Problem]) -> Outcome:
    from ..rules.lots import DrawnLot, draw_order

    name, names = _witnesses(request.by, request.witnesses)
    snap = session.snap
    t = target(snap, request.key, request.teams, notes)
    seed, reveal = lot_seed(snap, t.key, t.rule, t.teams, request.beacon, notes)
    order = draw_order(t.teams, seed)
    lot = DrawnLot(t.key, t.rule, tuple(sorted(t.teams)), order, name, names, _when(request.at), seed,
                   reveal.data() if reveal is not None else None)
    return _save(session, lot, "dbf", request.dry_run, notes)


def record_lot(session: Session, request: LotRequest) -> Outcome:
    """``dbf lot record KEY --order A,B``: a lot the TD drew by hand (first = better place /
    home / goes up); refused for a committed lot (issue 30: dbf draws it). ``plan``: the DrawnLot."""
    return outcome_noting(_record_lot, session, request)


def _record_lot(session: Session, request: LotRequest, notes: list[Problem]) -> Outcome:
    from ..rules.lots import DrawnLot

    name, names = _witnesses(request.by, request.witnesses)
    snap = session.snap
    drawn: Sequence[str] = request.order
    t = target(snap, request.key, drawn, notes)
    _refuse_hand_drawn(snap, t.key, t.rule, t.teams, notes)   # issue 30: a committed lot is drawn by dbf
    drawn = _normalise(drawn, _known_teams(snap), strict=not request.key.upper().startswith("Q-PO"))
    lot = DrawnLot(t.key, t.rule, tuple(sorted(t.teams)), tuple(drawn), name, names, _when(request.at))
    return _save(session, lot, "hand", request.dry_run, notes)


def _save(session: Session, lot: Any, verb: str, dry_run: bool, notes: list[Problem]) -> Outcome:
    from ..store.divisions.lots import LOTS, lot_to_data, lots_data

    snap = session.snap
    store = snap.store
    with store.transaction(session.actor, Msg("lot {}: {}", lot.key, ', '.join(lot.order)), dry_run,
                           session.lock_timeout) as tx:
        lots, _ = snap.lots()
        tx.write_yaml(LOTS, lots_data([*lots, lot]), header="lots drawn in the divisions (dbf lot)")
    doc = {"ok": True, "lot": lot_to_data(lot), "dry_run": dry_run}
    return Outcome(doc=doc, notes=list(notes), written=not dry_run, show=verb, plan=lot)


def remove_lot(session: Session, key: str, teams: Sequence[str] | None, teams_text: str | None,
               dry_run: bool = False) -> Outcome:
    """``dbf lot remove KEY``: take a recorded lot back, as its own journaled write; refused
    (exit 1, nothing written) where next season was built with it, or where the standings
    invariants break without it (a play-off result on its home lot, §1.1.2.9/§1.1.4.2, or on
    the order it gave the top 4, §1.1.2.8). ``teams_text``: ``--teams`` as given, for the
    messages. ``plan``: the lot removed."""
    return outcome_noting(_remove_lot, session, key, teams, teams_text, dry_run)


def _remove_lot(session: Session, key: str, teams: Sequence[str] | None, teams_text: str | None, dry_run: bool,
                notes: list[Problem]) -> Outcome:
    from ..store.divisions.lots import LOTS, lot_removal_refusals, lot_to_data, lots_data

    snap = session.snap
    lots, lot = _recorded(snap, key, teams, teams_text, notes)
    notes += refuse(lot_removal_refusals(snap, lot))
    with snap.store.transaction(session.actor, Msg("lot {} removed: {}", lot.key, ', '.join(lot.order)), dry_run,
                                session.lock_timeout) as tx:
        tx.write_yaml(LOTS, lots_data([x for x in lots if x is not lot]), header="lots drawn in the divisions (dbf lot)")
    return Outcome(doc={"ok": True, "removed": lot_to_data(lot), "dry_run": dry_run}, notes=list(notes),
                   written=not dry_run, show="removed", plan=lot)


def _recorded(snap: Any, key: str, teams: Sequence[str] | None, teams_text: str | None,
              notes: list[Problem]) -> tuple[list[Any], Any]:
    """The one recorded lot of KEY (among ``teams``): exit 2 when there is none, or several and
    ``--teams`` does not say which."""
    lots = _lots(snap, notes)
    wanted = None if teams is None else {t.lower() for t in teams}
    mine = [x for x in lots if x.key.lower() == key.lower()
            and (wanted is None or {t.lower() for t in x.teams} == wanted)]
    if not mine:
        fail(Msg('no lot {}{} is recorded', key, Msg(' among {}', teams_text) if teams_text else ''),
             hint=Msg("dbf lot list shows the recorded lots"), code="unknown.lot")
    if len(mine) > 1:
        fail(Msg('{} has {} recorded lots: say which with --teams', key, len(mine)),
             hint=Msg.join('; ', (",".join(x.teams) for x in mine)), code="usage.missing")
    return lots, mine[0]


def commit_lot(session: Session, key: str | None, teams: Sequence[str] | None, beacon_source: str | None = None,
               force: bool = False, dry_run: bool = False) -> Outcome:
    """``dbf lot commit KEY`` (issue 30): before dbf draws the lot, a fresh secret kept in
    ``SEASON/.draw-secrets`` and a commitment to it, the season, the lot and its teams
    (``divisions/lot-commitments.yaml``). ``plan``: the :class:`~dbfcli.app.draws.CommitPlan`."""
    return outcome_noting(_commit_lot, session, key, teams, beacon_source, force, dry_run)


def _commit_lot(session: Session, key: str | None, teams: Sequence[str] | None, beacon_source: str | None,
                force: bool, dry_run: bool, notes: list[Problem]) -> Outcome:
    from ..rules.cup.drawproof import LOT_ALGORITHM, lot_field, lot_subject
    from ..store.drawproof import LOT_COMMITMENTS, lot_commitments_data, write_draw_secret
    from .draws import committed, new_commitment, refuse_committed

    if key is None:
        fail(Msg('name the lot: KEY'), hint="dbf lot list", code="usage.missing")
    snap = session.snap
    t = target(snap, key, teams, notes)   # a drawn lot: refused
    subject = lot_subject(t.key, t.teams)
    commits, old = _commitment_of(snap, subject, notes)
    if not force:
        refuse_committed(f"the lot {t.key}", t.rule, old)
    field = lot_field(season=snap.season, key=t.key, rule=t.rule, teams=t.teams)
    c, secret = new_commitment(snap, subject, field, LOT_ALGORITHM, beacon_source, old)
    with snap.store.transaction(session.actor, Msg("committed to the lot {} ({})", t.key, c.commitment), dry_run,
                                session.lock_timeout) as tx:
        tx.write_yaml(LOT_COMMITMENTS, lot_commitments_data([*(x for x in commits if x.subject != subject), c]),
                      header="commitments to the lots of the divisions (dbf lot commit); each lot reveals its secret")
        if not dry_run:
            write_draw_secret(snap.store.dir, subject, secret)
        changes = tx.changes()
    return committed(c, f"the lot {t.key}", dry_run, changes, notes)


def verify_lot(session: Session, key: str | None, teams: Sequence[str] | None, bundle: Any = None) -> Outcome:
    """``dbf lot verify KEY | --bundle FILE`` (issue 30): recompute a committed lot from its
    teams, secret and beacon, and check the secret against the commitment and the teams against
    the field committed; refused (exit 1) naming what differs."""
    return outcome_noting(_verify_lot, session, key, teams, bundle)


def _verify_lot(session: Session, key: str | None, teams: Sequence[str] | None, bundle: Any,
                notes: list[Problem]) -> Outcome:
    from .draws import bundle_of, verified

    if (key is None) == (bundle is None):
        fail(Msg('give KEY (a lot of this season) or --bundle FILE (a published bundle)'),
             hint="dbf lot verify 2div", code="usage.missing")
    if bundle is not None:
        data, problems = bundle_of(bundle)
    else:
        assert key is not None
        data, problems = _season_lot(session, key, teams, notes)
    return verified(data, problems, notes)


def _season_lot(session: Session, key: str, teams: Sequence[str] | None,
                notes: list[Problem]) -> tuple[dict[str, Any], list[Problem]]:
    """The bundle of the committed lot KEY (among ``teams``) of this season, and what fails."""
    from ..rules.cup.drawproof import bundle, reveal_problems
    from ..rules.cup.drawverify import verify
    from ..store.divisions.lots import lot_reveal

    snap = session.snap
    lots = _lots(snap, notes)
    mine = [x for x in lots if x.key.lower() == key.lower() and (teams is None or set(x.teams) == set(teams))]
    if not mine:
        fail(Msg('no lot {} is recorded', key), hint="dbf lot list", code="unknown.match")
    got = lot_reveal(mine[0])
    commits, _ = _commitment_of(snap, "", notes)
    c = next((x for x in commits if got is not None and x.subject == got[0]), None)
    if got is None or c is None:
        fail(Msg('the lot {} was drawn without a commitment: there is nothing to verify (its seed replays '
                 'it)', mine[0].key),
             hint=Msg("dbf lot commit KEY before dbf lot draw KEY"), code="state.not-committed")
    data = bundle(c, got[1])
    return data, list(reveal_problems(c, got[1])) + list(verify(data))


__all__ = ["LotRequest", "list_lots", "draw_lot", "record_lot", "remove_lot", "commit_lot", "verify_lot"]
