"""``dbf lot``: the lots of the divisions (§1.1.3.2, §1.1.2.5, §1.1.2.9, §1.1.4.2, §1.1.1.1).

    dbf lot list [--json]                                   pending and recorded lots
    dbf lot draw KEY [--teams A,B] --by NAME --witness NAME dbf draws (OS randomness), records the seed
    dbf lot record KEY --order A,B --by NAME --witness NAME the TD drew by hand: record the order
    dbf lot remove KEY [--teams A,B]                        take a recorded lot back (journaled)
    dbf lot commit KEY [--teams A,B] [--beacon-source TEXT] before dbf draws it: a commitment (issue 30)
    dbf lot verify KEY [--teams A,B] | --bundle FILE        recompute a committed lot

KEY is a division (a standings tie: ``2div``), a play-off match (home in section 1:
``1div-SF1``, ``3div-PO``) or a rollover vacancy match drawn instead of played (§1.1.1.1:
``3div-PO3``, ``Q-PO1``). State: ``divisions/lots.yaml`` (docs/formats/division-lots.md).
Each command parses its options, makes one call of the application layer
(:mod:`dbfcli.app.lots`) and renders the outcome.
"""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import DryRunOpt, JsonOpt, command
from .usecase import render, session

KeyArg = Annotated[str, typer.Argument(help="What the lot decides: a division (2div), a play-off match (1div-SF1, "
                                            "3div-PO) or a vacancy match (3div-PO3, Q-PO1).")]
ByOpt = Annotated[str, typer.Option("--by", help="Who drew the lot (the TD).")]
WitnessOpt = Annotated[list[str], typer.Option("--witness", help="Who witnessed the draw; repeat for more.")]
AtOpt = Annotated[Optional[str], typer.Option("--at", help="When it was drawn (YYYY-MM-DDTHH:MM; default: now, UTC).")]


def _ids(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _teams(text: Optional[str]) -> tuple[str, ...] | None:
    """``--teams A,B`` as ids (``None`` when not given or empty)."""
    return tuple(_ids(text)) if text else None


def _show_saved(outcome) -> None:
    """A lot drawn or recorded (``plan``: the DrawnLot; ``show``: "dbf" or "hand")."""
    from ..i18n import t as tr

    lot, dry_run = outcome.plan, outcome.doc.get("dry_run")
    render(outcome, lambda o: o.line(tr("lot_saved", rule=lot.rule, lot=lot.key, how=tr(f"lot_how:{outcome.show}"),
                                        by=lot.drawn_by, witnesses=", ".join(lot.witnesses), order=", ".join(lot.order))
                                     + (tr("lot_seed_note", seed=lot.seed) if lot.seed is not None else "")
                                     + (tr("dry_run_nothing") if dry_run else "")))


def _show_list(o, pending, lots) -> None:
    from ..i18n import problem_text, t as tr

    for p in pending:
        o.line(tr("lot_line_pending", rule=p.rule, lot=p.key, what=problem_text(p.what), teams=", ".join(p.teams),
                  command=p.command()))
    for x in lots:
        o.line(tr("lot_line_drawn", rule=x.rule, lot=x.key, order=", ".join(x.order), at=x.drawn_at,
                  by=x.drawn_by, witnesses=", ".join(x.witnesses)))
    if not pending and not lots:
        o.line(tr("lot_none"))


def register(app: typer.Typer) -> None:
    lot = typer.Typer(help="Lots of the divisions: ties after every tie-break (§1.1.3.2), home in a play-off "
                           "match (§1.1.2.9, §1.1.4.2), a vacancy place too late for a match (§1.1.1.1).",
                      no_args_is_help=True)
    app.add_typer(lot, name="lot")

    @command(lot, "list")
    def list_(json_: JsonOpt = False) -> None:
        """The lots still to draw (with the command that draws each) and those recorded.

        Example: dbf lot list --json
        """
        from ..app.lots import list_lots

        outcome = list_lots(session())
        render(outcome, lambda o: _show_list(o, *outcome.plan))

    @command(lot, "draw", writes=True)
    def draw(key: KeyArg, by: ByOpt,
             teams: Annotated[Optional[str], typer.Option("--teams", help="The teams drawn among, A,B[,C] "
                                                          "(default: the pending lot's).")] = None,
             witness: WitnessOpt = [],  # noqa: B006
             at: AtOpt = None,
             beacon: Annotated[Optional[str], typer.Option("--beacon", help="The beacon's value, when the lot's "
                                                           "commitment names a beacon source.")] = None,
             dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """dbf draws the lot KEY: the order from the operating system's randomness (a fresh seed,
        recorded, so `rules.lots.draw_order(teams, seed)` replays it), with who and the witnesses.
        After `dbf lot commit KEY` the lot is drawn with the committed secret (and --beacon),
        revealed in the lot, and `dbf lot verify KEY` checks it.

        Example: dbf lot draw 2div --by "Jens Hansen" --witness "Anne Holm"
        """
        from ..app.lots import LotRequest, draw_lot

        _show_saved(draw_lot(session(), LotRequest(key=key, by=by, witnesses=tuple(witness), teams=_teams(teams), at=at,
                                                   beacon=beacon, dry_run=dry_run)))

    from .lot_commit import register_commit

    register_commit(lot, _teams)

    @command(lot, "remove", writes=True)
    def remove(key: KeyArg,
               teams: Annotated[Optional[str], typer.Option("--teams", help="The teams of the lot, A,B[,C] (when KEY "
                                                            "has more than one recorded lot).")] = None,
               dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Take a recorded lot back, as its own journaled write (`dbf log` shows it, `dbf undo` puts
        it back): for a lot whose tie a corrected result has broken, before the correction. Refused
        (exit 1, nothing written) while a recorded play-off result stands on it or next season was
        built with it.

        Example: dbf lot remove 2div --teams ESB-A,FYN-A
        """
        from ..app.lots import remove_lot
        from ..i18n import t as tr

        outcome = remove_lot(session(), key, tuple(_ids(teams)) if teams is not None else None, teams, dry_run)
        lot_ = outcome.plan
        render(outcome, lambda o: o.line(tr("lot_removed", rule=lot_.rule, lot=lot_.key, teams=", ".join(lot_.teams))
                                         + (tr("dry_run_nothing") if dry_run else "")))

    @command(lot, "record", writes=True)
    def record(key: KeyArg, by: ByOpt,
               order: Annotated[str, typer.Option("--order", help="The drawn order, first drawn first: A,B[,C].")],
               witness: WitnessOpt = [],  # noqa: B006
               at: AtOpt = None, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Record a lot the TD drew by hand: the order drawn (first = better place / home / goes up).

        Example: dbf lot record 2div --order KBH-A,ALL-B --by "Jens Hansen" --witness "Anne Holm" --at 2027-03-01T19:30
        """
        from ..app.lots import LotRequest, record_lot

        _show_saved(record_lot(session(), LotRequest(key=key, by=by, witnesses=tuple(witness), order=tuple(_ids(order)),
                                                     at=at, dry_run=dry_run)))
