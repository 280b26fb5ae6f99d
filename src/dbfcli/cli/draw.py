"""``dbf draw cup --round N``: draw a cup round by lot and record it (§1.5.2, §1.5.3, §1.5.16).

The command parses its options, makes one call of the application layer
(:func:`dbfcli.app.draws.draw_round`) and renders the outcome."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..i18n import count, heads, pool_name, round_name, t as tr
from .common import DryRunOpt, JsonOpt, command
from .usecase import render, session

RoundOpt = Annotated[int, typer.Option("--round", min=1, max=9, help="Cup round 1-9 (3 = 1/64 final, 9 = final).")]
SeedOpt = Annotated[Optional[int], typer.Option("--seed", min=0, help="Seed of the lot (default: a fresh random one).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Redraw a drawn round that has no results yet; or draw "
                                                       "while a sheet of the previous round waits for the TD "
                                                       "(§1.5.16; the journal says so).")]
BeaconOpt = Annotated[Optional[str], typer.Option("--beacon", help="The public random value of the beacon the "
                                                                   "commitment names (e.g. a drand round's randomness).")]


def register(app: typer.Typer) -> None:
    draw = typer.Typer(help="Draws by lot: `draw cup --round N` (§1.5.2, §1.5.3, §1.5.16); `draw commit` before, `draw verify` after.", no_args_is_help=True)
    app.add_typer(draw, name="draw")

    @command(draw, "cup", writes=True)
    def cup(round_: RoundOpt, seed: SeedOpt = None, beacon: BeaconOpt = None, force: ForceOpt = False,
            dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Draw round N of the cup by lot and record it in cup/draws/round-NN.yaml.

        Rounds 1-2 are drawn in the pools (1 east, 2 west of the Great Belt), with no
        two teams of one captain's club meeting in round 1 and a match for every
        non-division team (§1.5.2); division teams enter in round 3 or 4 (§1.5.3);
        byes go by lot. The previous round must have every result, except a match
        with a recorded dispensation (§1.5.6): its winner is drawn as a pending
        place, "winner of C1-032", filled when its result is recorded. The seed is
        recorded: the same seed on the same state gives the same draw. A drawn
        round is redrawn only with --force and only while it has no results.
        While a dispute or a sheet with errors of form of the previous round waits
        for the TD (`dbf result pending`), the draw is refused (§1.5.16, exit 1);
        --force draws anyway and the journal names what waited.
        After `dbf draw commit --round N` the draw uses the committed secret (with
        --beacon when the commitment names a beacon source), reveals it in the draw
        file, and `dbf draw verify --round N` checks it.

        Example: dbf draw cup --round 1 --seed 2627
        """
        from ..app.draws import DrawRequest, draw_round

        outcome = draw_round(session(), DrawRequest(round=round_, seed=seed, beacon=beacon, force=force,
                                                    dry_run=dry_run))
        render(outcome, lambda out: _show_draw(out, outcome.plan, dry_run))

    from .draw_commit import register_commit

    register_commit(draw)


def _show_draw(out, plan, dry_run: bool) -> None:
    """A draw (:class:`dbfcli.app.draws.DrawPlan`) on the terminal: a table per pool, the byes,
    the file written and how to reproduce or verify it."""
    from ..i18n import team_label as label
    from ..store.cup.draws import draw_file

    d, names, round_, reveal = plan.draw, plan.names, plan.round, plan.reveal
    pools = sorted({m.pool for m in d.matches}, key=lambda p: (p is None, p or ""))
    for pool in pools:
        rows = [(m.id, label(m.teams[0]), names.get(m.teams[0], ""), label(m.teams[1]),
                 names.get(m.teams[1], "")) for m in d.matches if m.pool == pool]
        title = tr("cup_round_title", round=round_name(round_)) + (tr("pool_suffix", pool=pool_name(pool)) if pool else "")
        out.table(f"{title} ({count(len(rows), 'match')})", heads("match", "drawn first", "name", "second", "name"),
                  rows)
    if d.byes:
        out.line(tr("byes_line", n=len(d.byes), teams=", ".join(map(label, d.byes))))
    verb = tr("verb:would record" if dry_run else "verb:recorded")
    if reveal is None:
        out.line(tr("recorded_draw", verb=verb, file=draw_file(round_), seed=plan.seed, round=round_))
    else:
        out.line(tr("recorded_committed_draw", verb=verb, file=draw_file(round_), secret=reveal.secret,
                    commitment=reveal.commitment, round=round_))
