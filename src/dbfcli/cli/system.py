"""``dbf system``: system cards -- classify (§2.10.11, §2.10.17), register, change (§1.1.1.2)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import heads, problem_text, t as tr
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt
from .usecase import render, session

CardArg = Annotated[Path, typer.Argument(help="System card, YAML (docs/system-card.md).")]


def card_of(path: Path):
    """A card named on the command line as :class:`dbfcli.app.systems.CardFile`: its bytes, or
    the problems of reading it (the use case refuses them, exit 2)."""
    from ..app.systems import CardFile
    from ..store.yamlio import YamlLoadError, read_input

    try:
        return CardFile(label=str(path), data=read_input(path))
    except YamlLoadError as exc:
        return CardFile(label=str(path), problems=tuple(exc.problems))


def _human(card, cls, out) -> None:
    kinds = [k for k, on in (("HUM (§2.10.11)", cls.hum), ("Åbent forsvar (§2.10.17)", cls.open_defence)) if on]
    out.line(f"{card.name}: {(' ' + tr('and') + ' ').join(kinds) if kinds else tr('system_natural')}")
    if cls.reasons:
        out.table(None, heads("§", "bid", "why"), [(r.rule, r.bid, problem_text(r.message)) for r in cls.reasons])


def register(app: typer.Typer) -> None:
    system = typer.Typer(help="System cards: HUM (§2.10.11), Åbent forsvar (§2.10.17), changes (§1.1.1.2).",
                         no_args_is_help=True)
    app.add_typer(system, name="system")

    @command(system, "check")
    def check_card(card_file: CardArg, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Classify a system card: HUM (§2.10.11 a-c) and Åbent forsvar (§2.10.17 1-3).

        The classification is a report (exit 0 whatever the class); a malformed
        card exits 2 with file:line; a supplement longer than §2.10.4 allows exits 1.

        Example: dbf system check examples/systems/precision.yaml --json
        """
        from ..app.systems import check_card as checked

        outcome = checked(session(), card_of(card_file))
        render(outcome, lambda out: _human(outcome.plan.card, outcome.plan.cls, out))

    @command(system, "register", writes=True)
    def register_card(
        team: Annotated[str, typer.Argument(help="Team id (cup or division).")],
        card_file: CardArg,
        pair: Annotated[tuple[int, int], typer.Option("--pair", help="The two players' member numbers.")],
        sent: Annotated[Optional[str], typer.Option("--sent", help="Date the card was sent (YYYY-MM-DD).")] = None,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Record which card a pair plays (SEASON/systems/), classified on the way in.

        The team must exist and both players must be on it.

        Example: dbf system register ODE-1 precision.yaml --pair 100234 100235 --sent 2026-11-01
        """
        from ..app.systems import CardRegistration, register_card as registered

        outcome = registered(session(), CardRegistration(team=team, card=card_of(card_file), pair=pair, sent=sent,
                                                         dry_run=dry_run))
        plan = outcome.plan
        render(outcome, lambda out: (_human(plan.card, plan.cls, out),
                                     out.line(tr("system_registered",
                                                 verb=tr("verb:would register" if dry_run else "verb:registered"),
                                                 file=plan.file, team=team, a=pair[0], b=pair[1]))))

    @command(system, "change")
    def change(
        old: Annotated[Path, typer.Argument(help="The card sent first.")],
        new: Annotated[Path, typer.Argument(help="The proposed card.")],
        sent: Annotated[str, typer.Option("--sent", help="Date the new card is sent (YYYY-MM-DD).")],
        play: Annotated[str, typer.Option("--play", help="Date of the first session it is played (YYYY-MM-DD).")],
        json_: JsonOpt = False,
    ) -> None:
        """Check a system change by §1.1.1.2a: only towards easier defence
        (HUM -> natural; Åbent forsvar removed, never added), sent a month before.

        Exit 1 when the change is not allowed; a warning (§1.1.1.2b) when the TD must judge.

        Example: dbf system change old.yaml new.yaml --sent 2026-10-01 --play 2026-11-07
        """
        from ..app.systems import CardChange, check_change

        outcome = check_change(session(), CardChange(old=card_of(old), new=card_of(new), sent=sent, play=play))
        plan = outcome.plan
        render(outcome, lambda out: out.line(tr("system_change_ok", old=plan.old.name, new=plan.new.name)
                                             + (tr("see_warning") if plan.warnings else "")))
