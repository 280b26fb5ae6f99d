"""``dbf lot commit`` and ``dbf lot verify`` (issue 30): the divisions' lots anyone can verify
(§1.1.3.2, §1.1.2.9, §1.1.4.2, §1.1.1.1), by the protocol of the cup draw (cli/draw_commit.py):
a commitment before (``divisions/lot-commitments.yaml``, the secret in ``SEASON/.draw-secrets``),
the secret revealed in the recorded lot, and a recomputation after. The decisions are the
application layer's (:mod:`dbfcli.app.lots`); the commands parse, call and render."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import DryRunOpt, JsonOpt, command
from .draw_commit import BeaconSourceOpt, CommitForceOpt, show_commitment, show_verified
from .usecase import session

LotKeyArg = Annotated[Optional[str], typer.Argument(help="What the lot decides: a division (2div), a play-off match "
                                                         "(1div-SF1, 3div-PO) or a vacancy match (3div-PO3, Q-PO1).")]
TeamsOpt = Annotated[Optional[str], typer.Option("--teams", help="The teams drawn among, A,B[,C] (default: the "
                                                                 "pending lot's).")]


def register_commit(lot: typer.Typer, teams_of) -> None:
    """``dbf lot commit`` and ``dbf lot verify`` on the ``lot`` noun (``teams_of``: cli/lot.py's
    parser of ``--teams``)."""

    @command(lot, "commit", writes=True)
    def commit(key: LotKeyArg, teams: TeamsOpt = None, beacon_source: BeaconSourceOpt = None,
               force: CommitForceOpt = False, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Before dbf draws the lot KEY: a fresh secret, kept in SEASON/.draw-secrets (never in
        git or the site), and a commitment to it, the season, the lot and its teams, recorded in
        divisions/lot-commitments.yaml and published (dbf publish). `dbf lot draw KEY` then
        draws with the secret and reveals it; `dbf lot verify KEY` checks it.

        Example: dbf lot commit 2div --beacon-source "drand quicknet round 12345678"
        """
        from ..app.lots import commit_lot

        show_commitment(commit_lot(session(), key, teams_of(teams), beacon_source, force, dry_run))

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
        from ..app.lots import verify_lot

        show_verified(verify_lot(session(), key, teams_of(teams), bundle))
