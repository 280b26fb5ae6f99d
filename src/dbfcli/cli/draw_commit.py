"""``dbf draw commit`` and ``dbf draw verify`` (issue 30): a cup draw anyone can verify.

Before the draw, ``dbf draw commit --round N`` makes a fresh secret, keeps it in
``SEASON/.draw-secrets`` (never in git or the published site) and records a commitment to it,
the season, the round and the field as it will be drawn (``cup/commitments/round-NN.yaml``,
published by ``dbf publish``). ``dbf draw cup --round N`` then draws with that secret (mixed
with ``--beacon``), reveals it in the draw file, and ``dbf draw verify`` recomputes the draw
(docs/readings/draw.md, "Draws anyone can verify"). The decisions are the application
layer's (:mod:`dbfcli.app.draws`); the commands parse, call and render.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import DryRunOpt, JsonOpt, command
from .usecase import render, session

BeaconSourceOpt = Annotated[Optional[str], typer.Option(
    "--beacon-source", help="A public random value the draw will be mixed with, named before the commit and "
                            "unknown at it (e.g. 'drand quicknet round 12345678').")]
RoundOpt = Annotated[int, typer.Option("--round", min=1, max=9, help="Cup round 1-9 (3 = 1/64 final, 9 = final).")]
CommitForceOpt = Annotated[bool, typer.Option("--force", help="Replace a commitment not drawn yet (the old one is "
                                                              "published as withdrawn, its secret revealed).")]


def show_commitment(outcome) -> None:
    """A new commitment's outcome (``plan``: :class:`dbfcli.app.draws.CommitPlan`) on the
    terminal (``--json``: the commitment document)."""
    from ..i18n import t as tr

    dry_run = outcome.doc.get("dry_run")

    def human(out):
        c = outcome.plan.commitment
        out.line(tr("committed_draw", what=outcome.plan.what, commitment=c.commitment, field=c.field_digest,
                    algorithm=c.algorithm))
        if c.beacon_source:
            out.line(tr("committed_beacon", source=c.beacon_source))
        if dry_run:
            out.line(tr("dry_run_nothing").strip())

    render(outcome, human)


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
        from ..app.draws import commit_round

        show_commitment(commit_round(session(), round_, beacon_source, force, dry_run))

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
        from ..app.draws import verify_draw

        show_verified(verify_draw(session(), round_, bundle))


def show_verified(outcome) -> None:
    """A verification's outcome: exit 0 with what verified, or 1 (2 for a malformed bundle)
    with every difference."""
    from ..i18n import t as tr

    doc = outcome.doc
    render(outcome, lambda o: o.line(tr("draw_verified", subject=doc["subject"], season=doc["season"],
                                        commitment=doc["commitment"], algorithm=doc["algorithm"])))
