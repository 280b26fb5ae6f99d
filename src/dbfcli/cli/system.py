"""``dbf system``: system cards -- classify (§2.10.11, §2.10.17), register, change (§1.1.1.2)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..i18n import heads, problem_text, t as tr
from .common import check, command, command_line, CsvDialectOpt, CsvOpt, DryRunOpt, fail, JsonOpt, load_snapshot
from .invocation import RUN
from .output import emit
from ..rules.problems import Msg

CardArg = Annotated[Path, typer.Argument(help="System card, YAML (docs/system-card.md).")]


def read_card(path: Path):
    """Parse a card file (exit 2 with file:line for a malformed card)."""
    from ..rules.systems.cards import classify
    from ..store.systems import card_from_dict
    from ..store.yamlio import YamlLoadError, parse_yaml
    from .common import UsageProblem

    from ..store.yamlio import read_input

    try:
        doc = parse_yaml(read_input(path), str(path))
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    card, problems = card_from_dict(doc.data, str(path), lambda p: doc.line(*p))
    if card is not None:
        cls, more = classify(card)
        problems += more
    if card is None or any(p.is_error for p in problems):
        raise UsageProblem(problems)
    return card, cls


def _date(value: str | None, option: str) -> dt.date | None:
    if value is None:
        return None
    from ..rules.dates import RANGE_HINT, date_of

    day = date_of(value)
    if day is None:
        fail(Msg('{} {} is not {}', option, f'{value!r}', RANGE_HINT), code="usage.option")
    return day


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
        from ..rules.systems.changes import supplement_problems

        card, cls = read_card(card_file)
        doc = {"card": card.name, "file": str(card_file), **cls.to_json()}
        check([p.at(card.where) for p in supplement_problems(card.supplement_pages, cls.hum)], doc)
        emit(doc, lambda out: _human(card, cls, out))

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
        from ..store.systems import REGISTRY, Registration, card_file_name, register as add, registry_doc

        card, cls = read_card(card_file)
        sent_day = _date(sent, "--sent")
        snap = load_snapshot()
        store = snap.store
        cup, p1 = snap.cup_teams()
        divisions, p2 = snap.divisions()
        teams = {t.id: t for t in cup} | {t.id: t for d in divisions.values() for t in d.teams}
        if team not in teams:
            fail(Msg('unknown team {}', team), hint=Msg('see `dbf cup teams` or `dbf division teams DIV`'), code="unknown.team")
        missing = [p for p in pair if p not in teams[team].player_ids]
        if missing or pair[0] == pair[1]:
            fail(Msg('--pair {} {}: {} {} not two players of {}', pair[0], pair[1],
                     ', '.join(map(str, missing)) or 'the same player twice',
                     'is' if len(missing) == 1 else 'are', team), code="unknown.player")
        rel = card_file_name(team, pair)
        with store.transaction(command_line(), Msg("registered system card of {} pair {}-{}", team, pair[0], pair[1]),
                               dry_run, RUN.lock_timeout) as tx:
            regs, problems = snap.registry()
            check(problems)
            reg = Registration(team, (pair[0], pair[1]), rel, sent_day, cls.hum, cls.open_defence)
            tx.write_text(rel, card_file.read_text(encoding="utf-8"))
            tx.write_yaml(REGISTRY, registry_doc(add(regs, reg)), header="system cards (dbf system register)")
            changes = tx.changes()
        doc = {"ok": True, "dry_run": dry_run, "registration": reg.to_doc(), **cls.to_json(),
               "changes": [{"file": f, "action": a} for f, a in changes]}
        emit(doc, lambda out: (_human(card, cls, out),
                               out.line(tr("system_registered",
                                           verb=tr("verb:would register" if dry_run else "verb:registered"),
                                           file=rel, team=team, a=pair[0], b=pair[1]))))

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
        from ..rules.systems.changes import change_problems

        old_card, old_cls = read_card(old)
        new_card, new_cls = read_card(new)
        problems = change_problems(old_card, new_card, _date(sent, "--sent"), _date(play, "--play"))
        doc = {"ok": True, "old": old_cls.to_json(), "new": new_cls.to_json(),
               "warnings": [p.to_json() for p in problems if not p.is_error]}
        check(problems, doc)
        emit(doc, lambda out: out.line(tr("system_change_ok", old=old_card.name, new=new_card.name)
                                       + (tr("see_warning") if problems else "")))
