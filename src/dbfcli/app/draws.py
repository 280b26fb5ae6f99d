"""Cup draws as use cases (§1.5.2, §1.5.3, §1.5.16; issue 30, draws anyone can verify).

:func:`draw_round` (``dbf draw cup --round N``) draws a cup round by lot and records it;
:func:`commit_round` (``dbf draw commit``) records a commitment to the draw before it;
:func:`verify_draw` (``dbf draw verify``) recomputes a committed draw. Whether a seed is the
committed secret, whether the field is the one committed, and what a new commitment is, are
decided here (:func:`committed_seed`, :func:`reveal_for`, :func:`new_commitment`), for the
divisions' lots too (:mod:`dbfcli.app.lots`). The draw itself is ``dbfcli.rules.cup.draw`` /
``dbfcli.rules.cup.drawproof``; the field is assembled from the season's snapshot.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, RuleBroken, UsageProblem, fail, outcome_noting, refuse
from .session import Session


class DrawRequest(Value, kw_only=True):
    """``dbf draw cup --round N``: ``seed`` (default: a fresh one, or the committed secret),
    ``beacon`` (the value of the beacon a commitment names), ``force`` (redraw a round without
    results, or draw while a sheet of the previous round waits for the TD, §1.5.16)."""

    round: int
    seed: int | None = None
    beacon: str | None = None
    force: bool = False
    dry_run: bool = False


class DrawPlan(MutableValue, kw_only=True):
    """What :func:`draw_round` decided: the round, its seed, the draw (``rules.model.CupDraw``),
    the cup teams' names by id, and the :class:`~dbfcli.rules.cup.drawproof.Reveal` of a committed
    draw (``None`` without a commitment)."""

    round: int
    seed: int
    draw: Any
    names: dict[str, str]
    reveal: Any = None


class CommitPlan(MutableValue, kw_only=True):
    """What a commit decided: the ``commitment`` (``rules.cup.drawproof.Commitment``) and what it
    commits to, as the messages name it (``what``: "cup round 3", "the lot 2div")."""

    commitment: Any
    what: str


class DrawInputs(MutableValue, kw_only=True):
    """What the draw of a round reads: the cup teams, the field as it will be drawn, the draws
    recorded, the schedule's agreements."""

    teams: Any
    field: dict[str, Any]
    draws: dict[int, Any]
    agreements: dict[str, Any]


# --------------------------------------------------------------------------- the field
def draw_inputs(snap: Any, settings: Any, round_: int, force: bool, notes: list[Problem]) -> DrawInputs:
    """The field of cup round ``round_`` (§1.5.2, §1.5.3, §1.5.16: the entry rounds, clubs and
    pools, the earlier draws, their winners, the dispensations (§1.5.6) and, for round 2, the
    round-1 walkovers (§1.5.2)); a round that may not be drawn (again) is refused (§1.5.16,
    exit 2). The warnings found on the way go to ``notes``."""
    from ..rules.cup.draw import pools_kept
    from ..rules.cup.drawproof import cup_field
    from ..rules.cup.matchstate import redraw_refusal

    teams, entry, clubs, pool_of, field_problems = snap.cup_field(settings)
    notes += refuse(field_problems)
    draws, recorded_pools, problems = snap.draws()
    winners, _, result_rounds, more = snap.cup_results()
    notes += refuse(problems + more)
    refusal = redraw_refusal(draws, result_rounds, round_, force)   # §1.5.16
    if refusal is not None:
        raise UsageProblem([refusal])
    pool_of = pools_kept(pool_of, recorded_pools, round_)   # §1.5.2
    agreements, _, more = snap.schedule()
    notes += refuse(more)
    dispensed = {mid for mid, a in agreements.items() if a.dispensation}   # §1.5.6: may wait (§1.5.16)
    field = cup_field(season=snap.season, round_no=round_, entry=entry, clubs=clubs, pool_of=pool_of,
                      earlier={r: d for r, d in draws.items() if r < round_}, winners=winners,
                      dispensations=dispensed, walkovers=walkovers_of(snap, round_))
    return DrawInputs(teams=teams, field=field, draws=draws, agreements=agreements)


def draw_field(field: dict[str, Any], seed: int, reveal: Any = None) -> tuple[Any, list[Problem]]:
    """Draw the field with ``seed`` by the committed algorithm (the current one without a
    commitment): the outcome, or exit 1/2 with the problems (§1.5.2, §1.5.3, §1.5.16)."""
    from ..rules.cup.drawproof import CUP_ALGORITHM, run

    got, problems = run(reveal.algorithm if reveal is not None else CUP_ALGORITHM, field, seed)
    if got is None:
        refuse_draw(problems)
    assert got is not None
    return got["outcome"], problems


def walkovers_of(snap: Any, round_: int) -> frozenset[str]:
    """The round-1 matches recorded as walkovers, for round 2's draw (§1.5.2: their winners have
    not played); the full records are read only then, for their kind (a record the full reader
    refuses is `dbf check`'s to report: the draw takes its winner from the lenient projection)."""
    if round_ != 2:
        return frozenset()
    records, _ = snap.cup_records()
    return frozenset(r.match.match for r in records if r.match.kind == "walkover" and r.match.round == 1)


def refuse_draw(problems: Sequence[Problem]) -> None:
    """No draw: exit 2 for a round drawn out of order (§1.5.16), else exit 1 with the rule broken."""
    order = [p for p in problems if p.rule == "1.5.16"]
    if order:
        raise UsageProblem(order)
    raise RuleBroken(list(problems))


# --------------------------------------------------------------------------- commitments (issue 30)
def committed_seed(snap: Any, round_: int, field: dict[str, Any], seed: int | None, beacon: str | None,
                   notes: list[Problem]) -> tuple[int, Any]:
    """``(seed, Reveal or None)`` of the draw of cup round ``round_``: without a commitment the
    ``--seed`` (or a fresh one from os.urandom), as before issue 30; after one, the seed its
    secret and the beacon give, refused (exit 1) when ``--seed`` is not the secret, the field
    has changed since the commit or this folder does not hold the secret."""
    from ..rules.cup.drawproof import cup_subject

    commits, problems = snap.draw_commitments()
    notes += refuse(problems)
    c = commits.get(round_)
    if c is None:
        if beacon is not None:
            fail(Msg('--beacon goes with a commitment that names a beacon source'),
                 hint=Msg("dbf draw commit --round N --beacon-source TEXT, before the draw"), code="usage.option")
        if seed is None:
            import os

            seed = int.from_bytes(os.urandom(8), "big") >> 1
        return seed, None
    return reveal_for(snap, c, field, seed, beacon, f"cup round {round_}", cup_subject(round_))


def reveal_for(snap: Any, c: Any, field: dict[str, Any], seed: int | None, beacon: str | None, what: str,
               subject: str) -> tuple[int, Any]:
    """The :class:`Reveal` of a committed draw (cup round or lot): the secret this folder keeps
    opens the commitment, ``--seed`` (if given) is that secret, the beacon is given exactly when
    the commitment names a source, and the field is the one committed."""
    from ..rules.cup.drawproof import Reveal, commitment, digest, rule_of, seed_of

    rule = rule_of(c.field)
    secret = snap.draw_secret(subject)
    if secret is None or commitment(secret, season=c.season, subject=c.subject, field_digest=c.field_digest,
                                    algorithm=c.algorithm, beacon_source=c.beacon_source) != c.commitment:
        raise RuleBroken([Problem.error(rule, Msg('{} is committed ({}), but this season folder does not '
                                                  'hold the secret that opens the commitment', what,
                                                  c.commitment),
                                        hint=Msg('draw where the commitment was made, or commit again '
                                                 'with --force (published; the old commitment is listed '
                                                 'as withdrawn)'),
                                        code="draw.secret-missing")])
    if seed is not None and seed != int(secret, 16):
        raise RuleBroken([Problem.error(rule, Msg('--seed {} is not the secret committed for {}: a '
                                                  'committed draw is drawn with its secret', seed, what), hint=Msg('leave out --seed'),
                                        code="draw.seed-not-committed")])
    if c.beacon_source is not None and beacon is None:
        fail(Msg('the commitment of {} names the beacon source {}: give its value with --beacon', what,
                 f'{c.beacon_source!r}'),
             code="usage.missing")
    if c.beacon_source is None and beacon is not None:
        fail(Msg('--beacon: the commitment of {} names no beacon source', what), code="usage.option")
    now = digest(field)
    if now != c.field_digest:
        changed = sorted(k for k in set(field) | set(c.field) if field.get(k) != c.field.get(k))
        raise RuleBroken([Problem.error(rule, Msg('the field of {} has changed since its commitment ({}): '
                                                  'it is not the field committed', what, ', '.join(changed)),
                                        hint=Msg('commit again with --force: a new commitment, published, '
                                                 'the old one withdrawn with its secret revealed'), code="draw.field-changed")])
    seed_ = seed_of(secret, beacon)
    return seed_, Reveal(c.commitment, secret, beacon, c.beacon_source, c.field_digest, c.algorithm, seed_)


def proof_doc(round_: int | None, reveal: Any, key: str | None = None) -> dict[str, Any]:
    """The ``proof`` of a committed draw's JSON document: what it reveals, and how to check it."""
    how = f"dbf draw verify --round {round_}" if round_ is not None else f"dbf lot verify {key}"
    return {"commitment": reveal.commitment, "secret": reveal.secret, "beacon_source": reveal.beacon_source,
            "beacon": reveal.beacon, "field": reveal.field_digest, "algorithm": reveal.algorithm, "verify": how}


def new_commitment(snap: Any, subject: str, field: dict[str, Any], algorithm: str, beacon_source: str | None,
                   old: Any) -> tuple[Any, str]:
    """``(Commitment, secret)``: a fresh secret and the commitment to it; ``old``, a commitment
    it replaces, goes into ``withdrawn`` with its secret revealed."""
    import datetime as dt
    import secrets

    from ..rules.cup.drawproof import Commitment, commitment, digest

    if beacon_source is not None and (not beacon_source.strip() or len(beacon_source) > 200
                                      or any(ord(ch) < 32 for ch in beacon_source)):
        fail(Msg('--beacon-source is one line of text, at most 200 characters'),
             hint=Msg("--beacon-source 'drand quicknet round 12345678'"), code="usage.option")
    now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    secret = secrets.token_hex(32)
    withdrawn: tuple[Any, ...] = ()
    if old is not None:
        withdrawn = (*old.withdrawn, {"commitment": old.commitment, "field_digest": old.field_digest,
                                      "committed_at": old.committed_at, "withdrawn_at": now,
                                      "secret": snap.draw_secret(old.subject)})
    digest_ = digest(field)
    c = Commitment(subject, snap.season, commitment(secret, season=snap.season, subject=subject, field_digest=digest_,
                                                    algorithm=algorithm, beacon_source=beacon_source),
                   digest_, algorithm, beacon_source, now, field, withdrawn)
    return c, secret


def refuse_committed(what: str, rule: str, old: Any) -> None:
    """Exit 2 when ``what`` is committed already and --force is not given."""
    if old is not None:
        raise UsageProblem([Problem.error(rule, Msg('{} is committed already ({}, {})', what, old.commitment,
                                                    old.committed_at),
                                          hint=Msg('--force replaces it while it is not drawn: the new '
                                                   'commitment is published, the old one listed as '
                                                   'withdrawn with its secret'),
                                          code="state.committed")])


def committed(c: Any, what: str, dry_run: bool, changes: Sequence[tuple[str, str]], notes: list[Problem]) -> Outcome:
    """The outcome of a new commitment (``dbf draw commit``, ``dbf lot commit``): its ``--json``
    document, the :class:`CommitPlan`."""
    doc = {**c.public(), "withdrawn": len(c.withdrawn), "dry_run": dry_run,
           "changes": [{"file": f, "action": a} for f, a in changes]}
    return Outcome(doc=doc, notes=list(notes), written=not dry_run, show="committed",
                   plan=CommitPlan(commitment=c, what=what))


# --------------------------------------------------------------------------- use cases
def draw_round(session: Session, request: DrawRequest) -> Outcome:
    """``dbf draw cup --round N``: draw a cup round by lot and record it in
    ``cup/draws/round-NN.yaml`` (§1.5.2, §1.5.3, §1.5.16), written or, with ``dry_run``,
    planned; refused while a sheet of the previous round waits for the TD unless ``force``
    (§1.5.16). ``plan``: the :class:`DrawPlan`; ``doc``: the ``--json`` document."""
    return outcome_noting(_draw_round, session, request)


def _draw_round(session: Session, request: DrawRequest, notes: list[Problem]) -> Outcome:
    from ..rules.cup.waiting import blocking_draw, forced_note

    round_ = request.round
    snap = session.snap
    waiting = snap.pending_items()
    if not request.force:
        notes += refuse(blocking_draw(waiting, round_))     # §1.5.16: the TD decides first (issue 26)
    inputs = draw_inputs(snap, snap.settings(), round_, request.force, notes)
    seed, reveal = committed_seed(snap, round_, inputs.field, request.seed, request.beacon, notes)
    forced = forced_note(waiting, round_)
    drew = (Msg("drew cup round {} (seed {}), forced (--force) while waiting for the TD: {}", round_, seed, forced)
            if forced else Msg("drew cup round {} (seed {})", round_, seed))
    store = snap.store
    with store.transaction(session.actor, drew, request.dry_run, session.lock_timeout) as tx:
        outcome, problems = draw_field(inputs.field, seed, reveal)
        _write_draw(tx, round_, seed, outcome, inputs.draws, inputs.agreements,
                    reveal.data() if reveal is not None else None)
        changes = tx.changes()
    d = outcome.draw
    doc = _draw_doc(round_, seed, d, request.dry_run, changes)
    if reveal is not None:
        doc["proof"] = proof_doc(round_, reveal)
    notes += refuse(problems)
    plan = DrawPlan(round=round_, seed=seed, draw=d, names={t.id: t.name for t in inputs.teams}, reveal=reveal)
    return Outcome(doc=doc, notes=list(notes), written=not request.dry_run, show="drawn", plan=plan)


def _write_draw(tx: Any, round_: int, seed: int, outcome: Any, draws: dict[int, Any], agreements: dict[str, Any],
                proof: dict[str, Any] | None) -> None:
    """The round's draw file (with the proof of a committed draw, issue 30); on a redraw, the
    agreements about the old pairings go (§1.5.16)."""
    import datetime as dt

    from ..store.cup.draws import SCHEDULE, draw_data, draw_file, schedule_data

    how = "dbf draw verify --round {} checks it".format(round_) if proof else f"seed {seed} reproduces it"
    tx.write_yaml(draw_file(round_), draw_data(outcome.draw, dict(outcome.pools) or None,
                                               dt.datetime.now(dt.timezone.utc), proof),
                  header=f"cup round {round_} drawn by lot (dbf draw cup); {how}")
    if round_ in draws:   # a redraw: agreements about the old pairings no longer hold
        old = {m.id for m in draws[round_].matches}
        if old & set(agreements):
            tx.write_yaml(SCHEDULE, schedule_data({k: v for k, v in agreements.items() if k not in old}),
                          header="cup schedule: agreed dates, times, venues, dispensations")


def _draw_doc(round_: int, seed: int, d: Any, dry_run: bool, changes: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The ``--json`` document of a draw: its matches (pending places too), byes, the files written."""
    from ..rules.cup.draw_pending import unresolved

    return {"round": round_, "seed": seed,
            "matches": [{"id": m.id, "pool": m.pool, "teams": list(m.teams), "pending": list(unresolved(m))}
                        for m in d.matches],
            "byes": list(d.byes), "drawn_order": list(d.drawn_order), "dry_run": dry_run,
            "changes": [{"file": f, "action": a} for f, a in changes]}


def commit_round(session: Session, round_: int, beacon_source: str | None = None, force: bool = False,
                 dry_run: bool = False) -> Outcome:
    """``dbf draw commit --round N`` (issue 30, §1.5.16): a fresh secret kept in
    ``SEASON/.draw-secrets`` and a commitment to it, the season, the round and the field as it
    will be drawn (``cup/commitments/round-NN.yaml``); the round must be drawable now (§1.5.2,
    §1.5.3, §1.5.16). ``plan``: the :class:`CommitPlan`; ``doc``: the commitment document."""
    return outcome_noting(_commit_round, session, round_, beacon_source, force, dry_run)


def _commit_round(session: Session, round_: int, beacon_source: str | None, force: bool, dry_run: bool,
                  notes: list[Problem]) -> Outcome:
    from ..rules.cup.drawproof import CUP_ALGORITHM, cup_subject
    from ..store.drawproof import commitment_data, commitment_file, write_draw_secret

    snap = session.snap
    store = snap.store
    inputs = draw_inputs(snap, snap.settings(), round_, False, notes)   # a drawn round is not committed
    draw_field(inputs.field, 0)   # the field can be drawn, else refused as the draw would be
    commits, problems = snap.draw_commitments()
    notes += refuse(problems)
    old = commits.get(round_)
    if not force:
        refuse_committed(f"cup round {round_}", "1.5.16", old)
    c, secret = new_commitment(snap, cup_subject(round_), inputs.field, CUP_ALGORITHM, beacon_source, old)
    with store.transaction(session.actor, Msg("committed to the draw of cup round {} ({})", round_, c.commitment),
                           dry_run, session.lock_timeout) as tx:
        tx.write_yaml(commitment_file(round_), commitment_data(c),
                      header=f"the commitment to the draw of cup round {round_} (dbf draw commit); the secret "
                             "is revealed by the draw")
        if not dry_run:   # the secret first: never a commitment without its secret
            write_draw_secret(store.dir, c.subject, secret)
        changes = tx.changes()
    return committed(c, f"cup round {round_}", dry_run, changes, notes)


def verify_draw(session: Session, round_: int | None = None, bundle: Any = None) -> Outcome:
    """``dbf draw verify --round N | --bundle FILE`` (issue 30): recompute a committed draw from
    its field, secret and beacon with its own algorithm version, and check the secret against
    the commitment and the field against its digest; refused (exit 1) naming every difference.
    A bundle file is read without the season."""
    return outcome_noting(_verify_draw, session, round_, bundle)


def _verify_draw(session: Session, round_: int | None, bundle: Any, notes: list[Problem]) -> Outcome:
    if (round_ is None) == (bundle is None):
        fail(Msg('give --round N (a round of this season) or --bundle FILE (a published bundle)'),
             hint="dbf draw verify --bundle verify-cup-round-03.json", code="usage.missing")
    if bundle is not None:
        data, problems = bundle_of(bundle)
    else:
        assert round_ is not None
        data, problems = _season_bundle(session, round_, notes)
    return verified(data, problems, notes)


def bundle_of(path: Any) -> tuple[dict[str, Any], list[Problem]]:
    """A bundle file the user names, and what fails to verify in it (no season is read)."""
    from ..rules.cup.drawverify import verify
    from ..store.drawproof import read_bundle

    data = read_bundle(path)
    return data, list(verify(data))


def _season_bundle(session: Session, round_: int, notes: list[Problem]) -> tuple[dict[str, Any], list[Problem]]:
    """The bundle of cup round ``round_`` from this season's files, and what fails to verify:
    the draw file against the commitment file, then the bundle."""
    from ..rules.cup.drawproof import bundle, reveal_problems
    from ..rules.cup.drawverify import verify

    snap = session.snap
    commits, problems = snap.draw_commitments()
    reveals, more = snap.draw_reveals()
    notes += refuse(problems + more)
    c, r = commits.get(round_), reveals.get(round_)
    if c is None:
        fail(Msg('cup round {} has no commitment: a draw made without `dbf draw commit` cannot be '
                 'verified (its seed replays it)', round_), hint=Msg("dbf draw commit --round {} before a draw", round_), code="state.not-committed")
    if r is None:
        fail(Msg('cup round {} is committed but not drawn yet', round_), hint=f"dbf draw cup --round {round_}",
             code="state.not-drawn")
    data = bundle(c, r)
    return data, list(reveal_problems(c, r)) + list(verify(data))


def verified(data: dict[str, Any], problems: Sequence[Problem], notes: Sequence[Problem] = ()) -> Outcome:
    """What verified (``show`` "verified"), or a refusal, exit 1 (2 for a malformed bundle),
    with every difference and the document so far."""
    doc = {"verified": not problems, "subject": data.get("subject"), "season": data.get("season"),
           "commitment": data.get("commitment"), "algorithm": data.get("algorithm"), "seed": data.get("seed")}
    if problems:
        raise RuleBroken(list(problems), doc)
    return Outcome(doc={"ok": True, **doc}, notes=list(notes), show="verified")


__all__ = ["DrawRequest", "DrawPlan", "draw_round", "commit_round", "verify_draw", "reveal_for", "proof_doc",
           "new_commitment", "refuse_committed", "committed", "CommitPlan", "bundle_of", "verified"]
