"""System cards as use cases (§2.10): :func:`check_card` (``dbf system check CARD``: HUM,
§2.10.11, and Åbent forsvar, §2.10.17; the supplement's length, §2.10.4), :func:`register_card`
(``dbf system register TEAM CARD --pair A B``: which card a pair plays, the card and
``systems/registry.yaml`` in one journaled write) and :func:`check_change` (``dbf system change
OLD NEW``, §1.1.1.2). A card is a :class:`CardFile` of bytes the face reads; it is parsed and
classified (``rules.systems.cards``) before the season is read."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, UsageProblem, fail, outcome_noting, refuse
from .session import Session


class CardFile(Value, kw_only=True):
    """A system card as given (docs/system-card.md): ``label`` its name in every problem (the
    path as typed), ``data`` its bytes, or the ``problems`` of reading it."""

    label: str
    data: bytes = b""
    problems: tuple[Problem, ...] = ()


class CardRegistration(Value, kw_only=True):
    """``dbf system register TEAM CARD --pair A B [--sent DATE]``: ``team`` a cup or division
    team, ``pair`` the two players' member numbers, ``sent`` the day the card was sent
    (YYYY-MM-DD)."""

    team: str
    card: CardFile
    pair: tuple[int, int]
    sent: str | None = None
    dry_run: bool = False


class CardChange(Value, kw_only=True):
    """``dbf system change OLD NEW --sent DATE --play DATE`` (§1.1.1.2): the card sent first, the
    proposed one, the day it is sent and the day of the first session it is played."""

    old: CardFile
    new: CardFile
    sent: str
    play: str


class ClassifiedCard(MutableValue, kw_only=True):
    """A card read and classified: ``card`` (``rules.systems.cards.Card``), ``cls`` its
    ``Classification`` (HUM, §2.10.11; Åbent forsvar, §2.10.17; the reasons); with
    :func:`register_card`, ``file`` where it is kept (``systems/...``)."""

    card: Any
    cls: Any
    file: str = ""


class CheckedChange(MutableValue, kw_only=True):
    """What :func:`check_change` found: the ``old`` and ``new`` cards and the ``warnings``
    (§1.1.1.2b: the TD must judge)."""

    old: Any
    new: Any
    warnings: list[Problem]


def read_card(file: CardFile) -> tuple[Any, Any]:
    """``(card, classification)`` of a card file; refused (exit 2, with file:line) when it could
    not be read, is malformed or its bids are (``store.systems.card_from_dict``,
    ``rules.systems.cards.classify``)."""
    from ..rules.systems.cards import classify
    from ..store.systems import card_from_dict
    from ..store.yamlio import YamlLoadError, parse_yaml

    if file.problems:
        raise UsageProblem([*file.problems])
    try:
        doc = parse_yaml(file.data, file.label)
    except YamlLoadError as exc:
        raise UsageProblem(exc.problems) from None
    card, problems = card_from_dict(doc.data, file.label, lambda p: doc.line(*p))
    if card is not None:
        cls, more = classify(card)
        problems += more
    if card is None or any(p.is_error for p in problems):
        raise UsageProblem(problems)
    return card, cls


def _date(value: str | None, option: str) -> dt.date | None:
    """The day ``option`` gives (None when not given); a value that is no date is refused (exit 2)."""
    return None if value is None else _day(value, option)


def _day(value: str, option: str) -> dt.date:
    from ..rules.dates import RANGE_HINT, date_of

    day = date_of(value)
    if day is None:
        fail(Msg('{} {} is not {}', option, f'{value!r}', RANGE_HINT), code="usage.option")
    return day


# --------------------------------------------------------------------------- dbf system check
def check_card(session: Session, file: CardFile) -> Outcome:
    """``dbf system check CARD`` (§2.10.11 a-c, §2.10.17 1-3): the card classified, a report
    (exit 0 whatever the class); refused for a malformed card (exit 2) and for a supplement
    longer than §2.10.4 allows (exit 1). Reads nothing of the season. ``doc``: the card, its
    file and class; ``plan``: :class:`ClassifiedCard`."""
    return outcome_noting(_check_card, session, file)


def _check_card(session: Session, file: CardFile, notes: list[Problem]) -> Outcome:
    from ..rules.systems.changes import supplement_problems

    card, cls = read_card(file)
    doc = {"card": card.name, "file": file.label, **cls.to_json()}
    notes += refuse([p.at(card.where) for p in supplement_problems(card.supplement_pages, cls.hum)], doc)
    return Outcome(doc=doc, notes=list(notes), show="classified", plan=ClassifiedCard(card=card, cls=cls))


# --------------------------------------------------------------------------- dbf system register
def _pair_team(snap: Any, team: str, pair: tuple[int, int]) -> None:
    """Refused (exit 2) unless ``team`` is a cup or division team and ``pair`` two of its players."""
    cup, _ = snap.cup_teams()
    divisions, _ = snap.divisions()
    teams = {t.id: t for t in cup} | {t.id: t for d in divisions.values() for t in d.teams}
    if team not in teams:
        fail(Msg('unknown team {}', team), hint=Msg('see `dbf cup teams` or `dbf division teams DIV`'), code="unknown.team")
    missing = [p for p in pair if p not in teams[team].player_ids]
    if missing or pair[0] == pair[1]:
        fail(Msg('--pair {} {}: {} {} not two players of {}', pair[0], pair[1],
                 ', '.join(map(str, missing)) or 'the same player twice',
                 'is' if len(missing) == 1 else 'are', team), code="unknown.player")


def _card_text(data: bytes) -> str:
    """The card as the text it is kept as (UTF-8, its line ends made ``\\n``)."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def register_card(session: Session, request: CardRegistration) -> Outcome:
    """``dbf system register TEAM CARD --pair A B`` (§2.10): which card a pair plays, classified
    on the way in; refused for a malformed card or date (exit 2, before the season is read), an
    unknown team or a pair that is not two of its players (exit 2). The card
    (``systems/TEAM-A-B.yaml``) and the registry in one journaled write. ``doc``: the
    registration and the class; ``plan``: :class:`ClassifiedCard` with its ``file``."""
    return outcome_noting(_register_card, session, request)


def _register_card(session: Session, req: CardRegistration, notes: list[Problem]) -> Outcome:
    from ..store.systems import REGISTRY, Registration, card_file_name, register as add, registry_doc

    card, cls = read_card(req.card)
    sent_day = _date(req.sent, "--sent")
    team, pair = req.team, req.pair
    snap = session.snap
    _pair_team(snap, team, pair)
    rel = card_file_name(team, pair)
    with snap.store.transaction(session.actor, Msg("registered system card of {} pair {}-{}", team, pair[0], pair[1]),
                                req.dry_run, session.lock_timeout) as tx:
        regs, problems = snap.registry()
        notes += refuse(problems)
        reg = Registration(team, (pair[0], pair[1]), rel, sent_day, cls.hum, cls.open_defence)
        tx.write_text(rel, _card_text(req.card.data))
        tx.write_yaml(REGISTRY, registry_doc(add(regs, reg)), header="system cards (dbf system register)")
        changes = tx.changes()
    doc = {"ok": True, "dry_run": req.dry_run, "registration": reg.to_doc(), **cls.to_json(),
           "changes": [{"file": f, "action": a} for f, a in changes]}
    return Outcome(doc=doc, notes=list(notes), written=not req.dry_run, show="registered",
                   plan=ClassifiedCard(card=card, cls=cls, file=rel))


# --------------------------------------------------------------------------- dbf system change
def check_change(session: Session, change: CardChange) -> Outcome:
    """``dbf system change OLD NEW --sent DATE --play DATE`` (§1.1.1.2a): a change only towards
    easier defence (HUM -> natural; Åbent forsvar removed, never added), sent a month before;
    refused (exit 1) when it is not allowed; a warning (§1.1.1.2b) when the TD must judge. Reads
    nothing of the season. ``plan``: :class:`CheckedChange`."""
    return outcome_noting(_check_change, session, change)


def _check_change(session: Session, change: CardChange, notes: list[Problem]) -> Outcome:
    from ..rules.systems.changes import change_problems

    old_card, old_cls = read_card(change.old)
    new_card, new_cls = read_card(change.new)
    problems = change_problems(old_card, new_card, _day(change.sent, "--sent"), _day(change.play, "--play"))
    doc = {"ok": True, "old": old_cls.to_json(), "new": new_cls.to_json(),
           "warnings": [p.to_json() for p in problems if not p.is_error]}
    warnings = refuse(problems, doc)
    notes += warnings
    return Outcome(doc=doc, notes=list(notes), show="change",
                   plan=CheckedChange(old=old_card, new=new_card, warnings=warnings))


__all__ = ["CardChange", "CardFile", "CardRegistration", "CheckedChange", "ClassifiedCard", "check_card",
           "check_change", "read_card", "register_card"]
