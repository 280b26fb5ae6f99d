"""Who a name at the table is: a name as scoring software writes it matched to a roster (§1.5.14).

Pure. A file names a player by member number, full name, surname only (``Zmudzinski``),
initials (``Holm O``), in either order (``Kjær, Lis``), with Danish letters written out
(æ as ae, ø as oe, å as aa) or accents dropped, or by a handle of surname and initial
(``BildeD``, ``dbilde``). A roster name is "Given names Surname", or "Surname, Given names"
with a comma. What fits:

1. the member number the file gives, when it is on the roster and the name does not name
   somebody else;
2. the names map (``--names``, kept per season): the name exactly as the file writes it;
3. the same words, whatever the case, accents, letters and order -- when exactly one
   roster member has them;
4. else one looser fit, taken only when exactly one member fits and shown (``how``): the
   surname only or part of the name with the surname, initials for the given names, a
   handle. Two or more fits are ambiguous and list every candidate; none is unknown and
   lists the near ones. Never a guess.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Iterable, Mapping, NamedTuple

from ..problems import Msg

_FOLD = {"æ": "ae", "ø": "oe", "å": "aa", "ß": "ss", "đ": "d", "ł": "l", "þ": "th", "ð": "d", "ı": "i"}


def _fold(text: str) -> list[str]:
    """Folded words in order: case, accents, Danish letters and their spellings (ae, oe, aa),
    punctuation do not matter."""
    text = "".join(_FOLD.get(c, c) for c in text.casefold())
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("oe", "o").replace("aa", "a").replace("ae", "a")
    return "".join(c if c.isalnum() else " " for c in text).split()


def words(name: str) -> list[str]:
    """A name's folded words, given names first, the surname last ("Kjær, Lis" -> lis, kjar)."""
    if "," in name:
        surname, _, given = name.partition(",")
        return _fold(given) + _fold(surname)
    return _fold(name)


def name_key(name: str) -> tuple[str, ...]:
    """A name as sorted folded words: case, accents, Danish letters and word order do not matter.

    >>> name_key("Kjær, Lis") == name_key("LIS KJAER"), name_key("Søren Ærø") == name_key("soren aro")
    (True, True)
    """
    return tuple(sorted(words(name)))


def _initials(file_tokens: tuple[str, ...], roster_tokens: tuple[str, ...]) -> bool:
    """The file gives initials for some words (``Gloyer A`` for ``Anna Gloyer``)."""
    if len(file_tokens) != len(roster_tokens) or not any(len(t) == 1 for t in file_tokens):
        return False
    rest = list(roster_tokens)
    for t in sorted(file_tokens, key=len, reverse=True):
        hit = next((r for r in rest if r == t or (len(t) == 1 and r.startswith(t))), None)
        if hit is None:
            return False
        rest.remove(hit)
    return True


def _part(file_words: list[str], roster_words: list[str]) -> bool:
    """Part of the name with the surname (``Zmudzinski``, ``Lars Blakset`` for Lars Ulrik Blakset)."""
    if not file_words or len(file_words) >= len(roster_words) or roster_words[-1] not in file_words:
        return False
    rest = list(roster_words)
    for w in file_words:
        if w not in rest:
            return False
        rest.remove(w)
    return True


def _handle(file_words: list[str], roster_words: list[str]) -> bool:
    """One word that is surname and first initial or given name, either way round (``BildeD``,
    ``dbilde``, ``Delmonte`` for Del'Monte)."""
    if len(file_words) != 1 or len(roster_words) < 2:
        return False
    w, given = file_words[0], roster_words[0]
    initials = "".join(x[0] for x in roster_words[:-1])
    for surname in {roster_words[-1], "".join(roster_words[1:])}:
        if w in (surname, surname + given[0], given[0] + surname, given + surname, surname + given,
                 initials + surname, surname + initials):
            return True
    return False


def _abbreviation(name: str, file_words: list[str], roster_words: list[str]) -> bool:
    """A surname cut short with a full stop (``Zimmerm.`` for Pierre Zimmermann, as vugraph
    operators write a long name): at least 4 letters, the start of the roster's surname."""
    return (name.strip().endswith(".") and len(file_words) == 1 and len(file_words[0]) >= 4
            and len(roster_words) >= 2 and roster_words[-1].startswith(file_words[0]) and roster_words[-1] != file_words[0])


def loose_fit(name: str, roster_name: str) -> str | None:
    """How a file's name fits a roster name short of the same words: ``surname``, ``initials``,
    ``handle``; None when it does not.

    >>> loose_fit("Zmudzinski", "Adam Żmudziński"), loose_fit("BildeD", "Dennis Bilde"), loose_fit("Holm O", "Ole Holm")
    ('surname', 'handle', 'initials')
    >>> loose_fit("Zimmerm.", "Pierre Zimmermann"), loose_fit("Zimm", "Pierre Zimmermann")
    ('abbreviated surname', None)
    """
    fw, rw = words(name), words(roster_name)
    if _part(fw, rw):
        return "surname"
    if _initials(tuple(sorted(fw)), tuple(sorted(rw))):
        return "initials"
    if _handle(fw, rw):
        return "handle"
    if _abbreviation(name, fw, rw):
        return "abbreviated surname"
    return None


class Fit(NamedTuple):
    """A name matched: ``player`` (None when not), ``how`` a loose fit was made (None for a
    member number, the names map or the same words) and ``why`` not (naming candidates)."""

    player: object | None
    how: str | None = None
    why: str | None = None


def _list(players: Iterable[Any]) -> str:
    return ", ".join(f"{p.id} {p.name} ({p.team})" for p in players)


def _by_number(name: str, number: int, roster: list[Any], exact: list[Any]) -> Fit | None:
    """The member whose number the file gives, unless the name names somebody else."""
    by_number = [p for p in roster if p.id == number]
    if not by_number:
        return None
    if exact and by_number[0] not in exact:
        return Fit(None, why=Msg("{} has member number {} ({}, {}) but the name is {}", repr(name), number,
                                 by_number[0].name, by_number[0].team, _list(exact)))
    return Fit(by_number[0])


def _loose(name: str, roster: list[Any]) -> Fit:
    """One loose fit taken; several ambiguous; none unknown, with the near candidates."""
    loose = [(p, how) for p in roster for how in (loose_fit(name, p.name),) if how]
    if len(loose) == 1:
        return Fit(loose[0][0], loose[0][1])
    if loose:
        return Fit(None, why=Msg("{} is ambiguous: {}", repr(name), _list(p for p, _ in loose)))
    key = set(name_key(name))
    near = sorted({p for p in roster if key & set(name_key(p.name))}, key=lambda p: p.id)
    more = Msg("; near: {}", _list(near)) if near else ""
    return Fit(None, why=Msg("{} is on neither team's roster{}", repr(name), more))


def fit_name(name: str, number: int | None, roster: Iterable[Any], known: Mapping[str, int] | None = None) -> Fit:
    """The roster member (``id``, ``name``, ``team``) a name at the table is, or why not (§1.5.14)."""
    roster = list(roster)
    if known and name.strip() in known and number is None:
        number = known[name.strip()]
    key = name_key(name)
    exact = [p for p in roster if key and name_key(p.name) == key]
    if number is not None:
        fit = _by_number(name, number, roster, exact)
        if fit is not None:
            return fit
    if len(exact) == 1:
        return Fit(exact[0])
    if exact:
        return Fit(None, why=Msg("{} is ambiguous: {}", repr(name), _list(exact)))
    return _loose(name, roster)
