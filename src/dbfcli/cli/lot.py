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
"""

from __future__ import annotations

import re
from typing import Annotated, Optional

import typer

from .common import RUN, DryRunOpt, JsonOpt, check, command, command_line, emit, fail, load_snapshot
from ..rules.problems import Msg

KeyArg = Annotated[str, typer.Argument(help="What the lot decides: a division (2div), a play-off match (1div-SF1, "
                                            "3div-PO) or a vacancy match (3div-PO3, Q-PO1).")]
ByOpt = Annotated[str, typer.Option("--by", help="Who drew the lot (the TD).")]
WitnessOpt = Annotated[list[str], typer.Option("--witness", help="Who witnessed the draw; repeat for more.")]
AtOpt = Annotated[Optional[str], typer.Option("--at", help="When it was drawn (YYYY-MM-DDTHH:MM; default: now, UTC).")]
#: rollover matches a lot may replace when it is too late to play them (§1.1.1.1)
VACANCY_MATCH = re.compile(r"^(3div-PO\d+|Q-PO\d+(-\d+)?)$")


def _ids(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _known_teams(snap) -> dict[str, str]:
    """lower-case id -> id, of every division team of the season."""
    divisions, _ = snap.divisions()
    return {t.id.lower(): t.id for d in divisions.values() for t in d.teams}


def _normalise(ids: list[str], known: dict[str, str], strict: bool) -> list[str]:
    from ..rules.problems import Problem

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
        from .common import UsageProblem

        raise UsageProblem(problems)
    return out


def _target(snap, key: str, teams: list[str] | None):
    """The lot to draw: ``(key, rule, teams, what)``; exit 1 when nothing is to be drawn for KEY."""
    pending, _ = snap.pending_lots()
    lots, problems = snap.lots()
    check([p for p in problems if p.rule is None])
    mine = [p for p in pending if p.key.lower() == key.lower()]
    known = _known_teams(snap)
    if teams is not None:
        teams = _normalise(teams, known, strict=not key.upper().startswith("Q-PO"))
    chosen = _pending_chosen(key, mine, teams)
    if chosen is not None:
        return chosen.key, chosen.rule, tuple(chosen.teams), chosen.what
    _refuse_drawn(key, lots, teams)
    if VACANCY_MATCH.match(key):
        if teams is None:
            fail(Msg('{}: name the two teams of the vacancy match with --teams A,B', key), code="usage.missing")
        return key, "1.1.1.1", tuple(sorted(teams)), f"the vacancy place of {key}, too late for a match"
    _refuse_no_lot(key, teams)
    fail(Msg('unknown lot {}', f'{key!r}'), hint=Msg('a division (2div), a play-off match (1div-SF1, 3div-PO) or a '
                                          'vacancy match (3div-PO3, Q-PO1); dbf lot list'), code="unknown.match")


def _pending_chosen(key: str, mine: list, teams: list[str] | None):
    """The pending lot of KEY among ``teams`` (or the only one); exit 2 when several and none named."""
    if teams is not None:
        if len(set(teams)) < 2:
            fail(Msg('a lot is drawn among two teams or more'), hint=Msg('--teams A,B'), code="usage.option")
        return next((p for p in mine if set(p.teams) == set(teams)), None)
    if len(mine) > 1:
        fail(Msg('{} has {} pending lots: say which with --teams', key, len(mine)),
             hint=Msg.join('; ', (",".join(p.teams) for p in mine)), code="usage.missing")
    return mine[0] if mine else None


def _refuse_drawn(key: str, lots, teams: list[str] | None) -> None:
    """Exit 1 when the lot is recorded already: a lot is drawn once."""
    from ..rules.problems import Problem

    done = [x for x in lots if x.key.lower() == key.lower() and (teams is None or set(x.teams) == set(teams))]
    if done:
        x = done[0]
        check([Problem.error(x.rule, Msg('the lot {} among {} was drawn on {} by {}: {}; a lot is drawn '
                                         'once', x.key, ', '.join(x.teams), x.drawn_at, x.drawn_by,
                                         ', '.join(x.order)),
                             hint=f"dbf lot remove {x.key} --teams {','.join(x.teams)} takes it back if it was "
                                  "recorded by mistake")])


def _refuse_no_lot(key: str, teams: list[str] | None) -> None:
    """Exit 1 for a division (the paragraph of the places its table decides: §1.1.2.5, §1.1.3.2,
    §1.1.4.2) or a play-off match (§1.1.2.9, §1.1.4.2) with no lot to draw."""
    from ..rules.problems import Problem
    from ..rules.standings import standings_lot_rule

    if key in ("1div", "2div", "3div-a", "3div-b"):
        tied = Msg(' among {}', ', '.join(teams)) if teams else ""
        check([Problem.error(standings_lot_rule(key), Msg('no lot to draw in {}{}: lots break only a tie '
                                                          'of the final table that every tie-break leaves '
                                                          'and that decides a place', key, tied),
                             hint="dbf lot list shows the pending lots")])
    if key in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO"):
        from ..rules.playoff import home_rule

        rule = home_rule(key)
        check([Problem.error(rule, Msg('no lot to draw for {}: its home is decided (the round-robin '
                                       'match, a recorded seed), or the match is not paired yet', key), hint="dbf playoff 1div")])


def _when(at: Optional[str]) -> str:
    import datetime as dt

    if at is None:
        return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    try:
        dt.datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        fail(Msg('--at {} is not a date and time (YYYY-MM-DDTHH:MM)', f'{at!r}'), code="usage.option")
    return at


def _save(snap, lot, verb: str, dry_run: bool) -> None:
    from ..i18n import t as tr
    from ..store.lots import LOTS, lot_to_data, lots_data

    with snap.store.transaction(command_line(), f"lot {lot.key}: {', '.join(lot.order)}", dry_run,
                                RUN.lock_timeout) as tx:
        lots, _ = snap.lots()
        tx.write_yaml(LOTS, lots_data([*lots, lot]), header="lots drawn in the divisions (dbf lot)")
    doc = {"ok": True, "lot": lot_to_data(lot), "dry_run": dry_run}
    emit(doc, lambda o: o.line(tr("lot_saved", rule=lot.rule, lot=lot.key, how=tr(f"lot_how:{verb}"), by=lot.drawn_by,
                                  witnesses=", ".join(lot.witnesses), order=", ".join(lot.order))
                               + (tr("lot_seed_note", seed=lot.seed) if lot.seed is not None else "")
                               + (tr("dry_run_nothing") if dry_run else "")))


def _witnesses(by: str, witness: list[str]) -> tuple[str, tuple[str, ...]]:
    if not by.strip():
        fail(Msg('--by: who drew the lot'), code="usage.missing")
    names = tuple(w.strip() for w in witness if w.strip())
    if not names:
        fail(Msg('--witness: who witnessed the draw (dbf records a witness for every lot; no paragraph of '
                 '§1.1 names one: docs/readings/divisions-standings.md)'), hint=Msg('--witness NAME'), code="usage.missing")
    return by.strip(), names


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
        from ..store.lots import lot_to_data

        snap = load_snapshot()
        pending, _ = snap.pending_lots()
        lots, problems = snap.lots()
        check([p for p in problems if p.rule is None])
        doc = {"pending": [p.to_json() for p in pending], "recorded": [lot_to_data(x) for x in lots]}

        def human(o):
            from ..i18n import problem_text, t as tr

            for p in pending:
                o.line(tr("lot_line_pending", rule=p.rule, lot=p.key, what=problem_text(p.what), teams=", ".join(p.teams),
                          command=p.command()))
            for x in lots:
                o.line(tr("lot_line_drawn", rule=x.rule, lot=x.key, order=", ".join(x.order), at=x.drawn_at,
                          by=x.drawn_by, witnesses=", ".join(x.witnesses)))
            if not pending and not lots:
                o.line(tr("lot_none"))

        emit(doc, human)

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
        from ..rules.lots import DrawnLot, draw_order
        from .lot_commit import lot_seed

        name, names = _witnesses(by, witness)
        snap = load_snapshot()
        key_, rule, pool, _ = _target(snap, key, _ids(teams) if teams else None)
        seed, reveal = lot_seed(snap, key_, rule, pool, beacon)
        order = draw_order(pool, seed)
        _save(snap, DrawnLot(key_, rule, tuple(sorted(pool)), order, name, names, _when(at), seed,
                             reveal.data() if reveal is not None else None), "dbf", dry_run)

    from .lot_commit import register_commit

    register_commit(lot, _target, _ids)

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
        _remove(key, teams, dry_run)

    @command(lot, "record", writes=True)
    def record(key: KeyArg, by: ByOpt,
               order: Annotated[str, typer.Option("--order", help="The drawn order, first drawn first: A,B[,C].")],
               witness: WitnessOpt = [],  # noqa: B006
               at: AtOpt = None, dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Record a lot the TD drew by hand: the order drawn (first = better place / home / goes up).

        Example: dbf lot record 2div --order KBH-A,ALL-B --by "Jens Hansen" --witness "Anne Holm" --at 2027-03-01T19:30
        """
        from ..rules.lots import DrawnLot

        name, names = _witnesses(by, witness)
        snap = load_snapshot()
        drawn = _ids(order)
        key_, rule, pool, _ = _target(snap, key, drawn)
        from .lot_commit import refuse_hand_drawn

        refuse_hand_drawn(snap, key_, rule, pool)   # issue 30: a committed lot is drawn by dbf
        drawn = _normalise(drawn, _known_teams(snap), strict=not key.upper().startswith("Q-PO"))
        _save(snap, DrawnLot(key_, rule, tuple(sorted(pool)), tuple(drawn), name, names, _when(at)), "hand", dry_run)


def _recorded(snap, key: str, teams: Optional[str]):
    """The one recorded lot of KEY (among ``--teams``): exit 2 when there is none, or several and
    ``--teams`` does not say which."""
    lots, problems = snap.lots()
    check([p for p in problems if p.rule is None])
    wanted = None if teams is None else {t.lower() for t in _ids(teams)}
    mine = [x for x in lots if x.key.lower() == key.lower()
            and (wanted is None or {t.lower() for t in x.teams} == wanted)]
    if not mine:
        fail(Msg('no lot {}{} is recorded', key, Msg(' among {}', teams) if teams else ''), hint="dbf lot list shows the recorded lots",
             code="unknown.lot")
    if len(mine) > 1:
        fail(Msg('{} has {} recorded lots: say which with --teams', key, len(mine)),
             hint=Msg.join('; ', (",".join(x.teams) for x in mine)), code="usage.missing")
    return lots, mine[0]


def _remove(key: str, teams: Optional[str], dry_run: bool) -> None:
    """Take the lot KEY back: refused (exit 1) where next season was built with it, or where the
    standings invariants break without it (a play-off result on its home lot, §1.1.2.9/§1.1.4.2,
    or on the order it gave the top 4, §1.1.2.8): the write commits only if nothing breaks."""
    from ..i18n import t as tr
    from ..store.lots import LOTS, lot_removal_refusals, lot_to_data, lots_data

    snap = load_snapshot()
    lots, lot = _recorded(snap, key, teams)
    check(lot_removal_refusals(snap, lot))
    with snap.store.transaction(command_line(), f"lot {lot.key} removed: {', '.join(lot.order)}", dry_run,
                                RUN.lock_timeout) as tx:
        tx.write_yaml(LOTS, lots_data([x for x in lots if x is not lot]), header="lots drawn in the divisions (dbf lot)")
    emit({"ok": True, "removed": lot_to_data(lot), "dry_run": dry_run},
         lambda o: o.line(tr("lot_removed", rule=lot.rule, lot=lot.key, teams=", ".join(lot.teams))
                          + (tr("dry_run_nothing") if dry_run else "")))
