"""``dbf lot commit`` and ``dbf lot verify`` (issue 30): the divisions' lots anyone can verify
(§1.1.3.2, §1.1.2.9, §1.1.4.2, §1.1.1.1), by the protocol of the cup draw (cli/draw_commit.py):
a commitment before (``divisions/lot-commitments.yaml``, the secret in ``SEASON/.draw-secrets``),
the secret revealed in the recorded lot, and a recomputation after."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import RUN, DryRunOpt, JsonOpt, UsageProblem, check, command, command_line, fail, load_snapshot
from .draw_commit import BeaconSourceOpt, CommitForceOpt
from ..rules.problems import Msg

LotKeyArg = Annotated[Optional[str], typer.Argument(help="What the lot decides: a division (2div), a play-off match "
                                                         "(1div-SF1, 3div-PO) or a vacancy match (3div-PO3, Q-PO1).")]
TeamsOpt = Annotated[Optional[str], typer.Option("--teams", help="The teams drawn among, A,B[,C] (default: the "
                                                                 "pending lot's).")]


def _commitment_of(snap, subject: str):
    commits, problems = snap.lot_commitments()
    check(problems)
    return commits, next((c for c in commits if c.subject == subject), None)


def lot_seed(snap, key: str, rule: str, pool, beacon: str | None):
    """``(seed, Reveal or None)`` of the lot: a fresh 63-bit seed from the operating system
    without a commitment (as before issue 30); after one, the seed of the committed secret
    (and the beacon), refused as the cup draw's is (app/draws.reveal_for)."""
    from ..rules.drawproof import lot_field, lot_subject
    from ..app.draws import reveal_for

    subject = lot_subject(key, pool)
    _, c = _commitment_of(snap, subject)
    if c is None:
        if beacon is not None:
            fail(Msg('--beacon goes with a commitment that names a beacon source'),
                 hint="dbf lot commit KEY --beacon-source TEXT, before the draw", code="usage.option")
        import secrets

        return secrets.randbits(63), None
    field = lot_field(season=snap.season, key=key, rule=rule, teams=pool)
    return reveal_for(snap, c, field, None, beacon, f"the lot {key}", subject)


def refuse_hand_drawn(snap, key: str, rule: str, pool) -> None:
    """A committed lot is drawn by dbf with its secret (`dbf lot draw`), never recorded by hand."""
    from ..rules.drawproof import lot_subject
    from ..rules.problems import Problem

    _, c = _commitment_of(snap, lot_subject(key, pool))
    if c is not None:
        raise UsageProblem([Problem.error(rule, Msg('the lot {} is committed ({}): dbf draws it with the '
                                                    'committed secret', key, c.commitment), hint=f"dbf lot draw {key} --by NAME --witness NAME",
                                          code="state.committed")])


def register_commit(lot: typer.Typer, target, ids) -> None:
    """``dbf lot commit`` and ``dbf lot verify`` on the ``lot`` noun (``target``: cli/lot.py's
    lot chooser, ``ids``: its list parser)."""

    @command(lot, "commit", writes=True)
    def commit(key: LotKeyArg, teams: TeamsOpt = None, beacon_source: BeaconSourceOpt = None,
               force: CommitForceOpt = False, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Before dbf draws the lot KEY: a fresh secret, kept in SEASON/.draw-secrets (never in
        git or the site), and a commitment to it, the season, the lot and its teams, recorded in
        divisions/lot-commitments.yaml and published (dbf publish). `dbf lot draw KEY` then
        draws with the secret and reveals it; `dbf lot verify KEY` checks it.

        Example: dbf lot commit 2div --beacon-source "drand quicknet round 12345678"
        """
        from ..rules.drawproof import LOT_ALGORITHM, lot_field, lot_subject
        from ..store.drawproof import LOT_COMMITMENTS, lot_commitments_data, write_draw_secret
        from ..app.draws import commitment_doc, new_commitment, refuse_committed
        from ..app.outcome import Outcome
        from .draw_commit import show_commitment

        if key is None:
            fail(Msg('name the lot: KEY'), hint="dbf lot list", code="usage.missing")
        snap = load_snapshot()
        key_, rule, pool, _ = target(snap, key, ids(teams) if teams else None)   # a drawn lot: refused
        subject = lot_subject(key_, pool)
        commits, old = _commitment_of(snap, subject)
        if not force:
            refuse_committed(f"the lot {key_}", rule, old)
        field = lot_field(season=snap.season, key=key_, rule=rule, teams=pool)
        c, secret = new_commitment(snap, subject, field, LOT_ALGORITHM, beacon_source, old)
        with snap.store.transaction(command_line(), f"committed to the lot {key_} ({c.commitment})", dry_run,
                                    RUN.lock_timeout) as tx:
            tx.write_yaml(LOT_COMMITMENTS, lot_commitments_data([*(x for x in commits if x.subject != subject), c]),
                          header="commitments to the lots of the divisions (dbf lot commit); each lot reveals its secret")
            if not dry_run:
                write_draw_secret(snap.store.dir, subject, secret)
            changes = tx.changes()
        show_commitment(Outcome(doc=commitment_doc(c, dry_run, changes), plan=c), f"the lot {key_}")

    @command(lot, "verify")
    def verify(key: LotKeyArg = None, teams: TeamsOpt = None,
               bundle: Annotated[Optional[Path], typer.Option("--bundle", help="A verification bundle (verify-lot-*.json "
                                                              "of the published site); no season folder needed.")] = None,
               json_: JsonOpt = False) -> None:
        """Recompute a committed lot from its teams, secret and beacon, check the secret against
        the commitment and the teams against the field committed: exit 0 when it verifies, 1
        naming what differs (the order, the secret, the field).

        Example: dbf lot verify 2div   |   dbf lot verify --bundle site/verify-lot-2div-ALL-B-KBH-A.json
        """
        from ..app.draws import bundle_of, verified
        from ..app.outcome import outcome_of
        from .draw_commit import show_verified

        if (key is None) == (bundle is None):
            fail(Msg('give KEY (a lot of this season) or --bundle FILE (a published bundle)'),
                 hint="dbf lot verify 2div", code="usage.missing")
        data, problems = bundle_of(bundle) if bundle is not None else _season_lot(key, ids(teams) if teams else None)
        show_verified(outcome_of(verified, data, problems))


def _season_lot(key: str, teams):
    """The bundle of the committed lot KEY (among ``teams``) of this season, and what fails."""
    from ..rules.drawproof import bundle
    from ..rules.drawproof import reveal_problems
    from ..rules.drawverify import verify
    from ..store.lots import lot_reveal

    snap = load_snapshot()
    lots, problems = snap.lots()
    check([p for p in problems if p.rule is None])
    mine = [x for x in lots if x.key.lower() == key.lower() and (teams is None or set(x.teams) == set(teams))]
    if not mine:
        fail(Msg('no lot {} is recorded', key), hint="dbf lot list", code="unknown.match")
    got = lot_reveal(mine[0])
    commits, _ = _commitment_of(snap, "")
    c = next((x for x in commits if got is not None and x.subject == got[0]), None)
    if got is None or c is None:
        fail(Msg('the lot {} was drawn without a commitment: there is nothing to verify (its seed replays '
                 'it)', mine[0].key),
             hint="dbf lot commit KEY before dbf lot draw KEY", code="state.not-committed")
    data = bundle(c, got[1])
    return data, reveal_problems(c, got[1]) + verify(data)
