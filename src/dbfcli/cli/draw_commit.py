"""``dbf draw commit`` and ``dbf draw verify`` (issue 30): a cup draw anyone can verify.

Before the draw, ``dbf draw commit --round N`` makes a fresh secret, keeps it in
``SEASON/.draw-secrets`` (never in git or the published site) and records a commitment to it,
the season, the round and the field as it will be drawn (``cup/commitments/round-NN.yaml``,
published by ``dbf publish``). ``dbf draw cup --round N`` then draws with that secret (mixed
with ``--beacon``), reveals it in the draw file, and ``dbf draw verify`` recomputes the draw
(docs/readings/draw.md, "Draws anyone can verify").
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..rules.problems import Problem
from .common import RUN, DryRunOpt, JsonOpt, RuleBroken, UsageProblem, check, command, command_line, emit, fail, \
    load_snapshot

BeaconSourceOpt = Annotated[Optional[str], typer.Option(
    "--beacon-source", help="A public random value the draw will be mixed with, named before the commit and "
                            "unknown at it (e.g. 'drand quicknet round 12345678').")]
RoundOpt = Annotated[int, typer.Option("--round", min=1, max=9, help="Cup round 1-9 (3 = 1/64 final, 9 = final).")]
CommitForceOpt = Annotated[bool, typer.Option("--force", help="Replace a commitment not drawn yet (the old one is "
                                                              "published as withdrawn, its secret revealed).")]


class DrawInputs:
    """What the draw of a round reads: the cup teams, the field as it will be drawn, the draws
    recorded, the schedule's agreements."""

    __slots__ = ("teams", "field", "draws", "agreements")

    def __init__(self, teams, field: dict, draws: dict, agreements: dict):
        self.teams, self.field, self.draws, self.agreements = teams, field, draws, agreements


def draw_inputs(snap, settings, round_: int, force: bool) -> DrawInputs:
    """The field of cup round ``round_`` (§1.5.2, §1.5.3, §1.5.16: the entry rounds, clubs and
    pools, the earlier draws, their winners, the dispensations (§1.5.6) and, for round 2, the
    round-1 walkovers (§1.5.2)); a round that may
    not be drawn (again) is refused (§1.5.16, exit 2)."""
    from ..rules.drawproof import cup_field
    from ..rules.matchstate import redraw_refusal
    from ..rules.draw import pools_kept

    teams, entry, clubs, pool_of, field_problems = snap.cup_field(settings)
    check(field_problems)
    draws, recorded_pools, problems = snap.draws()
    winners, _, result_rounds, more = snap.cup_results()
    check(problems + more)
    refusal = redraw_refusal(draws, result_rounds, round_, force)   # §1.5.16
    if refusal is not None:
        raise UsageProblem([refusal])
    pool_of = pools_kept(pool_of, recorded_pools, round_)   # §1.5.2
    agreements, _, more = snap.schedule()
    check(more)
    dispensed = {mid for mid, a in agreements.items() if a.dispensation}   # §1.5.6: may wait (§1.5.16)
    field = cup_field(season=snap.season, round_no=round_, entry=entry, clubs=clubs, pool_of=pool_of,
                      earlier={r: d for r, d in draws.items() if r < round_}, winners=winners,
                      dispensations=dispensed, walkovers=walkovers_of(snap, round_))
    return DrawInputs(teams, field, draws, agreements)


def draw_field(field: dict, seed: int, reveal=None):
    """Draw the field with ``seed`` by the committed algorithm (the current one without a
    commitment): the outcome, or exit 1/2 with the problems (§1.5.2, §1.5.3, §1.5.16)."""
    from ..rules.drawproof import CUP_ALGORITHM, run

    got, problems = run(reveal.algorithm if reveal is not None else CUP_ALGORITHM, field, seed)
    if got is None:
        refuse_draw(problems)
    return got["outcome"], problems


def walkovers_of(snap, round_: int) -> frozenset[str]:
    """The round-1 matches recorded as walkovers, for round 2's draw (§1.5.2: their winners have
    not played); the full records are read only then, for their kind (a record the full reader
    refuses is `dbf check`'s to report: the draw takes its winner from the lenient projection)."""
    if round_ != 2:
        return frozenset()
    records, _ = snap.cup_records()
    return frozenset(r.match.match for r in records if r.match.kind == "walkover" and r.match.round == 1)


def refuse_draw(problems) -> None:
    """No draw: exit 2 for a round drawn out of order (§1.5.16), else exit 1 with the rule broken."""
    order = [p for p in problems if p.rule == "1.5.16"]
    if order:
        raise UsageProblem(order)
    raise RuleBroken(problems)


def committed_seed(snap, round_: int, field: dict, seed: int | None, beacon: str | None):
    """``(seed, Reveal or None)`` of the draw of cup round ``round_``: without a commitment the
    ``--seed`` (or a fresh one from os.urandom), as before issue 30; after one, the seed its
    secret and the beacon give, refused (exit 1) when ``--seed`` is not the secret, the field
    has changed since the commit or this folder does not hold the secret."""
    from ..rules.drawproof import cup_subject

    commits, problems = snap.draw_commitments()
    check(problems)
    c = commits.get(round_)
    if c is None:
        if beacon is not None:
            fail("--beacon goes with a commitment that names a beacon source",
                 hint="dbf draw commit --round N --beacon-source TEXT, before the draw", code="usage.option")
        if seed is None:
            import os

            seed = int.from_bytes(os.urandom(8), "big") >> 1
        return seed, None
    return reveal_for(snap, c, field, seed, beacon, f"cup round {round_}", cup_subject(round_))


def reveal_for(snap, c, field: dict, seed: int | None, beacon: str | None, what: str, subject: str):
    """The :class:`Reveal` of a committed draw (cup round or lot): the secret this folder keeps
    opens the commitment, ``--seed`` (if given) is that secret, the beacon is given exactly when
    the commitment names a source, and the field is the one committed."""
    from ..rules.drawproof import Reveal, commitment, digest, rule_of, seed_of

    rule = rule_of(c.field)
    secret = snap.draw_secret(subject)
    if secret is None or commitment(secret, season=c.season, subject=c.subject, field_digest=c.field_digest,
                                    algorithm=c.algorithm, beacon_source=c.beacon_source) != c.commitment:
        raise RuleBroken([Problem.error(rule, f"{what} is committed ({c.commitment}), but this season folder does not "
                                              "hold the secret that opens the commitment",
                                        hint="draw where the commitment was made, or commit again with --force "
                                             "(published; the old commitment is listed as withdrawn)",
                                        code="draw.secret-missing")])
    if seed is not None and seed != int(secret, 16):
        raise RuleBroken([Problem.error(rule, f"--seed {seed} is not the secret committed for {what}: a committed "
                                              "draw is drawn with its secret", hint="leave out --seed",
                                        code="draw.seed-not-committed")])
    if c.beacon_source is not None and beacon is None:
        fail(f"the commitment of {what} names the beacon source {c.beacon_source!r}: give its value with --beacon",
             code="usage.missing")
    if c.beacon_source is None and beacon is not None:
        fail(f"--beacon: the commitment of {what} names no beacon source", code="usage.option")
    now = digest(field)
    if now != c.field_digest:
        changed = sorted(k for k in set(field) | set(c.field) if field.get(k) != c.field.get(k))
        raise RuleBroken([Problem.error(rule, f"the field of {what} has changed since its commitment "
                                              f"({', '.join(changed)}): it is not the field committed",
                                        hint="commit again with --force: a new commitment, published, the old one "
                                             "withdrawn with its secret revealed", code="draw.field-changed")])
    return seed_of(secret, beacon), Reveal(c.commitment, secret, beacon, c.beacon_source, c.field_digest, c.algorithm,
                                           seed_of(secret, beacon))


def proof_doc(round_: int | None, reveal, key: str | None = None) -> dict:
    """The ``proof`` of a committed draw's JSON document: what it reveals, and how to check it."""
    how = f"dbf draw verify --round {round_}" if round_ is not None else f"dbf lot verify {key}"
    return {"commitment": reveal.commitment, "secret": reveal.secret, "beacon_source": reveal.beacon_source,
            "beacon": reveal.beacon, "field": reveal.field_digest, "algorithm": reveal.algorithm, "verify": how}


def new_commitment(snap, subject: str, field: dict, algorithm: str, beacon_source: str | None, old):
    """``(Commitment, secret)``: a fresh secret and the commitment to it; ``old``, a commitment
    it replaces, goes into ``withdrawn`` with its secret revealed."""
    import datetime as dt
    import secrets

    from ..rules.drawproof import Commitment, commitment, digest

    if beacon_source is not None and (not beacon_source.strip() or len(beacon_source) > 200
                                      or any(ord(ch) < 32 for ch in beacon_source)):
        fail("--beacon-source is one line of text, at most 200 characters",
             hint="--beacon-source 'drand quicknet round 12345678'", code="usage.option")
    now = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    secret = secrets.token_hex(32)
    withdrawn = ()
    if old is not None:
        withdrawn = (*old.withdrawn, {"commitment": old.commitment, "field_digest": old.field_digest,
                                      "committed_at": old.committed_at, "withdrawn_at": now,
                                      "secret": snap.draw_secret(old.subject)})
    digest_ = digest(field)
    c = Commitment(subject, snap.season, commitment(secret, season=snap.season, subject=subject, field_digest=digest_,
                                                    algorithm=algorithm, beacon_source=beacon_source),
                   digest_, algorithm, beacon_source, now, field, withdrawn)
    return c, secret


def refuse_committed(what: str, rule: str, old) -> None:
    """Exit 2 when ``what`` is committed already and --force is not given."""
    if old is not None:
        raise UsageProblem([Problem.error(rule, f"{what} is committed already ({old.commitment}, {old.committed_at})",
                                          hint="--force replaces it while it is not drawn: the new commitment is "
                                               "published, the old one listed as withdrawn with its secret",
                                          code="state.committed")])


def emit_commitment(c, dry_run: bool, changes, what: str) -> None:
    """Print the commitment (``--json``: the commitment document) of a new commit."""
    from ..i18n import t as tr

    doc = {**c.public(), "withdrawn": len(c.withdrawn), "dry_run": dry_run,
           "changes": [{"file": f, "action": a} for f, a in changes]}

    def human(out):
        out.line(tr("committed_draw", what=what, commitment=c.commitment, field=c.field_digest,
                    algorithm=c.algorithm))
        if c.beacon_source:
            out.line(tr("committed_beacon", source=c.beacon_source))
        if dry_run:
            out.line(tr("dry_run_nothing").strip())

    emit(doc, human)


def register_commit(draw: typer.Typer) -> None:
    """``dbf draw commit`` and ``dbf draw verify`` on the ``draw`` noun."""
    @command(draw, "commit", writes=True)
    def commit(round_: RoundOpt, beacon_source: BeaconSourceOpt = None, force: CommitForceOpt = False,
               dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Before the draw of cup round N: make a fresh secret, keep it in SEASON/.draw-secrets
        (never in git or the site), and record a commitment (SHA-256) to it, the season, the
        round and the field as it will be drawn, in cup/commitments/round-NN.yaml. Publish it
        (dbf publish, dbf notify commitment) before the draw; `dbf draw cup --round N` then
        draws with the secret and reveals it, and anyone can check the draw with `dbf draw
        verify` (§1.5.16). The round must be drawable now (§1.5.2, §1.5.3, §1.5.16).

        Example: dbf draw commit --round 3 --beacon-source "drand quicknet round 12345678"
        """
        from ..rules.drawproof import CUP_ALGORITHM, cup_subject
        from ..store.drawproof import commitment_data, commitment_file, write_draw_secret

        snap = load_snapshot()
        store = snap.store
        inputs = draw_inputs(snap, snap.settings(), round_, force=False)   # a drawn round is not committed
        draw_field(inputs.field, 0)   # the field can be drawn, else refused as the draw would be
        commits, problems = snap.draw_commitments()
        check(problems)
        old = commits.get(round_)
        if not force:
            refuse_committed(f"cup round {round_}", "1.5.16", old)
        c, secret = new_commitment(snap, cup_subject(round_), inputs.field, CUP_ALGORITHM, beacon_source, old)
        with store.transaction(command_line(), f"committed to the draw of cup round {round_} ({c.commitment})",
                               dry_run, RUN.lock_timeout) as tx:
            tx.write_yaml(commitment_file(round_), commitment_data(c),
                          header=f"the commitment to the draw of cup round {round_} (dbf draw commit); the secret "
                                 "is revealed by the draw")
            if not dry_run:   # the secret first: never a commitment without its secret
                write_draw_secret(store.dir, c.subject, secret)
            changes = tx.changes()
        emit_commitment(c, dry_run, changes, f"cup round {round_}")

    @command(draw, "verify")
    def verify(round_: Annotated[Optional[int], typer.Option("--round", min=1, max=9, help="A committed cup round of "
                                                             "this season.")] = None,
               bundle: Annotated[Optional[Path], typer.Option("--bundle", help="A verification bundle (verify-*.json "
                                                              "of the published site); no season folder needed.")] = None,
               json_: JsonOpt = False) -> None:
        """Recompute a committed draw from its field, secret and beacon with its own algorithm
        version, check the secret against the commitment and the field against its digest:
        exit 0 when it verifies, 1 naming what differs (a match, a bye, the secret, the field).

        Example: dbf draw verify --round 3   |   dbf draw verify --bundle site/verify-cup-round-03.json
        """
        if (round_ is None) == (bundle is None):
            fail("give --round N (a round of this season) or --bundle FILE (a published bundle)",
                 hint="dbf draw verify --bundle verify-cup-round-03.json", code="usage.missing")
        data, problems = bundle_of(bundle) if bundle is not None else _season_bundle(round_)
        report_verified(data, problems)


def bundle_of(path: Path):
    """A bundle file the user names, and what fails to verify in it (no season is read)."""
    from ..rules.drawverify import verify
    from ..store.drawproof import read_bundle

    data = read_bundle(path)
    return data, verify(data)


def _season_bundle(round_: int):
    """The bundle of cup round ``round_`` from this season's files, and what fails to verify:
    the draw file against the commitment file, then the bundle."""
    from ..rules.drawproof import bundle, reveal_problems
    from ..rules.drawverify import verify

    snap = load_snapshot()
    commits, problems = snap.draw_commitments()
    reveals, more = snap.draw_reveals()
    check(problems + more)
    c, r = commits.get(round_), reveals.get(round_)
    if c is None:
        fail(f"cup round {round_} has no commitment: a draw made without `dbf draw commit` cannot be verified "
             "(its seed replays it)", hint=f"dbf draw commit --round {round_} before a draw", code="state.not-committed")
    if r is None:
        fail(f"cup round {round_} is committed but not drawn yet", hint=f"dbf draw cup --round {round_}",
             code="state.not-drawn")
    data = bundle(c, r)
    return data, reveal_problems(c, r) + verify(data)


def report_verified(data: dict, problems) -> None:
    """Exit 0 with what verified, or 1 (2 for a malformed bundle) with every difference."""
    from ..i18n import t as tr

    doc = {"verified": not problems, "subject": data.get("subject"), "season": data.get("season"),
           "commitment": data.get("commitment"), "algorithm": data.get("algorithm"), "seed": data.get("seed")}
    if problems:
        raise RuleBroken(list(problems), doc)
    emit({"ok": True, **doc}, lambda o: o.line(tr("draw_verified", subject=doc["subject"], season=doc["season"],
                                                     commitment=doc["commitment"], algorithm=doc["algorithm"])))
