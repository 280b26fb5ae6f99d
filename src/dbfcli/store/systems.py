"""System card files (docs/system-card.md) -> :class:`dbfcli.rules.systems.cards.Card`.

``card_from_dict`` turns the parsed YAML into frozen value objects and lists
every format problem, each at ``file:line`` when the loader gave lines;
``load_card`` reads a file. The registry of which pair plays which card lives
in ``SEASON/systems/registry.yaml`` (``load_registry``/``registry_doc``).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from dbfcli.rules.problems import Problem, Where

from ..rules.value import Value
from .yamlio import VALUE_ERRORS
from ..rules.problems import Msg

if TYPE_CHECKING:  # the card model is imported where a card is parsed (start-up of other commands)
    from dbfcli.rules.systems.cards import Card, Variant

LineOf = Callable[[tuple], "int | None"]
_VARIANT_KEYS = {"hcp", "shape", "suits", "strong", "name", "balanced"}
_HCP_RE = re.compile(r"^\s*(\d+)\s*(?:(\+)|-\s*(\d+))?\s*$")


def _no_lines(path: tuple) -> None:
    return None


def card_from_dict(doc: Any, file: str | None = None, line_of: LineOf | None = None) -> tuple[Card | None, list[Problem]]:
    """Build a Card from a parsed card document; all problems listed (rule None: format)."""
    from dbfcli.rules.systems.cards import Card

    line_of = line_of or _no_lines
    out: list[Problem] = []

    def where(*path: Any) -> Where:
        for n in range(len(path), -1, -1):
            line = line_of(tuple(path[:n]))
            if line is not None:
                return Where(file, line)
        return Where(file, None)

    if not isinstance(doc, Mapping):
        return None, [Problem.error(None, Msg("a system card is a mapping with 'name' and 'openings'"), where(), code="format.system")]
    unknown = set(doc) - {"schema", "name", "openings", "overcalls", "supplement_pages", "pair", "notes"}
    for key in sorted(map(str, unknown)):
        out.append(Problem.error(None, Msg('unknown key {} in a system card', f'{key!r}'), where(key),
                                 hint=Msg('keys: name, openings, overcalls, supplement_pages'), code="format.system"))
    name = _card_name(doc, file, where, out)
    openings = _openings(doc, where, out)
    overcalls = _overcalls(doc, where, out)
    pages = doc.get("supplement_pages")
    if pages is not None and (not isinstance(pages, int) or isinstance(pages, bool) or pages < 0):
        out.append(Problem.error(None, Msg('supplement_pages is a whole number of A4 pages (§2.10.4)'),
                                 where("supplement_pages"), code="format.system"))
        pages = None
    return Card(name, tuple(openings), tuple(overcalls), pages, where()), out


def _card_name(doc: Mapping, file: str | None, where: Callable[..., Where], out: list[Problem]) -> str:
    name = doc.get("name")
    if name is not None and not isinstance(name, (str, int)):
        out.append(Problem.error(None, Msg('name is one line of text, not {}', type(name).__name__), where("name"),
                                 hint=Msg('name: "Standard Nordic"'), code="format.system"))
        name = None
    return str(name or (Path(file).stem if file else "card"))


def _openings(doc: Mapping, where: Callable[..., Where], out: list[Problem]) -> list:
    """The card's ``openings``: bid -> hand variants."""
    from dbfcli.rules.systems.cards import Bid, Call

    openings = []
    raw = doc.get("openings") or {}
    if not isinstance(raw, Mapping):
        out.append(Problem.error(None, Msg("'openings' maps bids (pass, 1C, 2D, ...) to hand variants"), where("openings"), code="format.system"))
        raw = {}
    for key, val in raw.items():
        call = Call.parse(key)
        if call is None:
            out.append(Problem.error(None, Msg('{} is not a bid', f'{key!r}'), where("openings", key), hint=Msg('pass, 1C .. 7NT'), code="format.system"))
            continue
        openings.append(Bid(call, _variants(val, ("openings", key), where, out), None, where("openings", key)))
    return openings


def _overcalls(doc: Mapping, where: Callable[..., Where], out: list[Problem]) -> list:
    """The card's ``overcalls``: opening -> bid -> hand variants."""
    from dbfcli.rules.systems.cards import Bid, Call

    overcalls = []
    raw = doc.get("overcalls") or {}
    if not isinstance(raw, Mapping):
        out.append(Problem.error(None, Msg("'overcalls' maps an opening (1C, 1x, 1NT) to bids and their "
                                           'variants'),
                                 where("overcalls"), code="format.system"))
        raw = {}
    for over, bids in raw.items():
        if not isinstance(bids, Mapping):
            out.append(Problem.error(None, Msg('overcalls over {} map bids to variants', over), where("overcalls", over), code="format.system"))
            continue
        for key, val in bids.items():
            call = Call.parse(key)
            if call is None:
                out.append(Problem.error(None, Msg('{} is not a bid', f'{key!r}'), where("overcalls", over, key), code="format.system"))
                continue
            path = ("overcalls", over, key)
            overcalls.append(Bid(call, _variants(val, path, where, out), str(over), where(*path)))
    return overcalls


def _variants(val: Any, path: tuple, where: Callable[..., Where], out: list[Problem]) -> tuple[Variant, ...]:
    items = val if isinstance(val, list) else [val]
    result = []
    for i, item in enumerate(items):
        vpath = path + ((i,) if isinstance(val, list) else ())
        v = _variant(item, vpath, where, out)
        if v is not None:
            result.append(v)
    return tuple(result)


def parse_hcp(value: Any) -> tuple[int, int] | None:
    """``[11, 15]``, ``"11-15"``, ``"16+"`` or ``12`` (exactly) -> (min, max).

    >>> parse_hcp("16+"), parse_hcp([6, 10]), parse_hcp("x")
    ((16, 37), (6, 10), None)
    """
    from dbfcli.rules.systems.cards import MAX_HCP

    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value, value
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(x, int) for x in value):
        return int(value[0]), int(value[1])
    if isinstance(value, str):
        m = _HCP_RE.match(value)
        if m:
            lo = int(m.group(1))
            return (lo, MAX_HCP) if m.group(2) else (lo, int(m.group(3))) if m.group(3) else (lo, lo)
    return None


def _shape(item: Mapping, path: tuple, where: Callable[..., Where], out: list[Problem]) -> str:
    from dbfcli.rules.systems.cards import SHAPES

    shape = item.get("shape", "any")
    if "balanced" in item:   # shorthand: balanced: true/false
        shape = "balanced" if item["balanced"] else "unbalanced"
    if shape not in SHAPES:
        out.append(Problem.error(None, Msg('shape {} is unknown', f'{shape!r}'), where(*path, "shape"), hint=Msg.join(', ', (SHAPES)), code="format.system"))
        shape = "any"
    return shape


def _promises(item: Mapping, path: tuple, where: Callable[..., Where], out: list[Problem]) -> list:
    """``suits``: a suit (``C``; ``H|S`` one of them) -> the least number of cards."""
    from dbfcli.rules.systems.cards import SUITS, Promise

    promises = []
    suits = item.get("suits") or {}
    if not isinstance(suits, Mapping):
        out.append(Problem.error(None, Msg("suits maps a suit (C, D, H, S; 'H|S' = one of them) to a "
                                           'minimum length'),
                                 where(*path, "suits"), code="format.system"))
        suits = {}
    for key, n in suits.items():
        names = tuple(s.strip().upper() for s in str(key).replace("/", "|").split("|"))
        if not all(s in SUITS for s in names) or not isinstance(n, int) or isinstance(n, bool):
            out.append(Problem.error(None, Msg("suits: {}: {} must be a suit (C, D, H, S or 'H|S') and a "
                                               'number of cards', key, f'{n!r}'), where(*path, "suits", key), code="format.system"))
            continue
        promises.append(Promise(names, n))
    return promises


def _variant(item: Any, path: tuple, where: Callable[..., Where], out: list[Problem]) -> Variant | None:
    from dbfcli.rules.systems.cards import MAX_HCP, Variant

    here = where(*path)
    if not isinstance(item, Mapping):
        out.append(Problem.error(None, Msg('a hand variant is a mapping with hcp, shape, suits'), here, code="format.system"))
        return None
    for key in sorted(map(str, set(item) - _VARIANT_KEYS)):
        out.append(Problem.error(None, Msg('unknown key {} in a hand variant', f'{key!r}'), where(*path, key),
                                 hint=Msg("keys: {}", ", ".join(sorted(_VARIANT_KEYS - {"balanced"}))), code="format.system"))
    hcp = parse_hcp(item.get("hcp", [0, MAX_HCP]))
    if hcp is None:
        out.append(Problem.error(None, Msg("hcp {}: write [min, max], 'min-max' or 'min+'",
                                           f"{item.get('hcp')!r}"),
                                 where(*path, "hcp"), code="format.system"))
        hcp = (0, MAX_HCP)
    shape = _shape(item, path, where, out)
    promises = _promises(item, path, where, out)
    strong = item.get("strong", False)
    if not isinstance(strong, bool):
        out.append(Problem.error(None, Msg('strong is true or false'), where(*path, "strong"), code="format.system"))
        strong = False
    label = item.get("name")
    if label is not None and not isinstance(label, (str, int)):
        out.append(Problem.error(None, Msg("a variant's name is one line of text, not {}",
                                           type(label).__name__),
                                 where(*path, "name"), code="format.system"))
        label = None
    return Variant(hcp, shape, tuple(promises), strong, str(label or ""), here)


# -- the registry: which pair plays which card ---------------------------------------------------


class Registration(Value):
    """A pair's registered card: ``team``, the two players, the card file
    (relative to the season's ``systems/`` folder), when it was sent and its
    classification at registration."""

    team: str
    pair: tuple[int, int]
    card: str
    sent: dt.date | None
    hum: bool
    open_defence: bool

    def to_doc(self) -> dict:
        return {"team": self.team, "pair": list(self.pair), "card": self.card,
                "sent": self.sent, "hum": self.hum, "open_defence": self.open_defence}


def registrations_from_doc(doc: Any) -> list[Registration]:
    """The ``pairs`` of ``systems/registry.yaml`` (tolerant: bad rows are skipped)."""
    out = []
    for row in (doc or {}).get("pairs") or []:
        try:
            sent = row.get("sent")
            if isinstance(sent, str):
                sent = dt.date.fromisoformat(sent)
            if sent is not None and type(sent) is not dt.date:   # a mapping, a number, a time of day too
                raise TypeError(f"sent: {sent!r} is not a date")    # (issue 27: it reached a comparison)
            out.append(Registration(str(row["team"]), (int(row["pair"][0]), int(row["pair"][1])), str(row["card"]),
                                    sent, bool(row.get("hum")), bool(row.get("open_defence"))))
        except VALUE_ERRORS:
            continue
    return out


def registry_doc(regs: list[Registration]) -> dict:
    return {"schema": 1, "pairs": [r.to_doc() for r in regs]}


def register(regs: list[Registration], new: Registration) -> list[Registration]:
    """Replace the pair's earlier registration (same team and players) or add it."""
    same = lambda r: r.team == new.team and set(r.pair) == set(new.pair)  # noqa: E731
    return [r for r in regs if not same(r)] + [new]


REGISTRY = "systems/registry.yaml"


def card_file_name(team: str, pair: tuple[int, int]) -> str:
    """Where a registered card is kept: ``systems/cards/TEAM-P1-P2.yaml`` (players sorted)."""
    a, b = sorted(pair)
    return f"systems/cards/{team}-{a}-{b}.yaml"


def load_registry(store) -> tuple[list[Registration], list[Problem]]:
    """The season's registered cards (empty when none is registered)."""
    doc = store.read_yaml(REGISTRY, required=False)
    if doc is None:
        return [], []
    if not isinstance(doc.data, Mapping) or not isinstance(doc.data.get("pairs", []), list):
        return [], [Problem.error(None, Msg("systems/registry.yaml has no list 'pairs'"), Where(REGISTRY, 1), code="format.registry")]
    return registrations_from_doc(doc.data), []


def load_registered_card(store, reg: Registration) -> tuple[Card | None, list[Problem]]:
    """The card file of a registration, parsed."""
    doc = store.read_yaml(reg.card, required=False)
    if doc is None:
        return None, [Problem.error(None, Msg('registered card {} is missing', reg.card), Where(REGISTRY), code="io.missing-file")]
    return card_from_dict(doc.data, reg.card, lambda p: doc.line(*p))


def _registered_card(store, reg: Registration, where: Where) -> tuple[Card | None, list[Problem]]:
    """:func:`load_registered_card` for ``dbf check``: a card path that cannot be read as a card
    (a folder, outside the season) is a problem of the registry's row, with its line (issue 27)."""
    from ..rules.value import replace
    from .season import StoreError

    try:
        return load_registered_card(store, reg)
    except StoreError as exc:
        return None, [p if p.where and p.where.file else replace(p, where=where) for p in exc.problems]


def _malformed_rows(n: int) -> Msg:
    """The rows of 'pairs' that are not registrations, the verb agreeing with their count."""
    return Msg("{} row of 'pairs' is malformed (each needs team, pair: [id, id], card, sent)" if n == 1 else
               "{} rows of 'pairs' are malformed (each needs team, pair: [id, id], card, sent)", n)


def check_season(store) -> list[Problem]:
    """``dbf check``: the systems registry -- rows well formed, each card file present and
    valid (§2.10), each pair on its team, the recorded HUM/Åbent forsvar flags current."""
    doc = store.read_yaml(REGISTRY, required=False)
    if doc is None:
        return []
    from ..rules.systems.cards import classify
    from .teams import load_cup_teams, load_divisions

    regs, problems = load_registry(store)
    rows = doc.data.get("pairs") or [] if isinstance(doc.data, Mapping) else []
    if not isinstance(rows, list):
        problems.append(Problem.error(None, Msg("'pairs' must be a list of rows (team, pair: [id, id], "
                                                'card, sent)'),
                                      Where(REGISTRY, doc.line("pairs")), code="format.registry"))
        return problems
    if len(regs) != len(rows):
        problems.append(Problem.error(None, _malformed_rows(len(rows) - len(regs)), Where(REGISTRY, doc.line("pairs")), code="format.registry"))
    cup, _ = load_cup_teams(store)
    divisions, _ = load_divisions(store)
    teams = {t.id: t for t in cup}
    for d in divisions.values():
        teams.update({t.id: t for t in d.teams})
    for i, reg in enumerate(regs):
        where = Where(REGISTRY, doc.line("pairs", i))
        team = teams.get(reg.team)
        if team is None:
            problems.append(Problem.error(None, Msg('registered card for unknown team {}', reg.team), where, code="unknown.team"))
        else:
            for pid in reg.pair:
                if team.player(pid) is None:
                    problems.append(Problem.error("1.1.1.2", Msg('player {} of a registered pair is not '
                                                                 'on team {}', pid, reg.team), where,
                                                  code="system.pair-not-on-team"))
        card, card_problems = _registered_card(store, reg, where)
        problems += card_problems
        if card is not None:
            found, more = classify(card)
            problems += more
            if (found.hum, found.open_defence) != (reg.hum, reg.open_defence):
                problems.append(Problem.warning("2.10.11", Msg('{}: registered as hum={}, open_defence={} '
                                                               'but the card now classifies as hum={}, '
                                                               'open_defence={}', reg.card, reg.hum,
                                                               reg.open_defence, found.hum, found.open_defence), where,
                                                hint=Msg('register the card again'), code="system.classification"))
    return problems


def hum_context(snap, settings, teams) -> tuple[list, frozenset[str]]:
    """The registered HUM pairs (§2.10.11, ``dbf system register``) and the teams seeded as
    division teams (entry round 3 or later, §1.5.3), for §1.5.13 and §1.5.1.2: from the season
    snapshot ``snap``'s registry and division rosters, read (and computed) once a snapshot."""
    from ..rules.cup.entry import entry_round
    from ..rules.cup.home import HumPair

    regs, _ = snap.registry()
    cup_ids = {t.id for t in teams}
    pairs = [HumPair(r.team, r.pair, r.sent) for r in regs if r.hum and r.team in cup_ids]
    roster = snap.division_roster()
    key = (frozenset(roster.items()), settings.cup.entry_round)
    seen = _SEEDED.get(id(teams))
    if seen is not None and seen[0] is teams and seen[1] == key:   # the same teams read (dbf serve)
        return pairs, seen[2]
    division_teams = frozenset(t.id for t in teams if entry_round(t, settings.cup.entry_round, roster) >= 3)
    if isinstance(teams, tuple):                                    # a value nobody changes
        _SEEDED.clear()
        _SEEDED[id(teams)] = (teams, key, division_teams)
    return pairs, division_teams


#: the teams seeded as division teams (§1.5.3) of the cup teams last read, by the teams' value
#: (read once a process while cup/teams.yaml is unchanged) and the rosters and settings decided by
_SEEDED: dict[int, tuple] = {}
