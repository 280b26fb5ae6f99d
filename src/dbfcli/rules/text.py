"""Text from outside (names, notes, ids, files) as each kind of output can carry it (issues 27 and 26).

Pure functions; no I/O. A name or an id is one line of ordinary text: :func:`unsafe_chars`
finds what it may not hold (the C0 and C1 control characters, DEL, the line and paragraph
separators and the bidirectional overrides and isolates, which can redraw a terminal line or
reverse what a reader sees). :func:`shown` writes those characters as visible escapes (for a
terminal or a message that echoes input); :func:`one_line` puts a text on one line (a mail
header, a calendar name).

>>> unsafe_chars("Odense\\nX-Evil: 1\\u202e")
['\\\\n', '\\\\u202e']
>>> shown("KBH\\x1b[2J-3"), one_line("Evil\\r\\nBcc: x")
('KBH\\\\x1b[2J-3', 'Evil Bcc: x')
"""

from __future__ import annotations

#: characters that are not C0/C1 controls but redraw or reorder what is shown
_INVISIBLE_CONTROLS = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_unsafe(c: str) -> bool:
    """A control character (C0, DEL, C1), a line/paragraph separator or a bidi override/isolate."""
    o = ord(c)
    return o < 32 or 127 <= o < 160 or c in _INVISIBLE_CONTROLS


def _escape(c: str) -> str:
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if c in named:
        return named[c]
    o = ord(c)
    return f"\\x{o:02x}" if o < 256 else f"\\u{o:04x}"


def unsafe_chars(text: str) -> list[str]:
    """The unsafe characters of ``text``, each once, in order, as :func:`shown` writes them."""
    out: list[str] = []
    for c in text:
        if is_unsafe(c) and _escape(c) not in out:
            out.append(_escape(c))
    return out


def shown(text: str, keep: str = "") -> str:
    """``text`` with every unsafe character written as a visible escape (``\\n``, ``\\x1b``,
    ``\\u202e``): what a terminal, a log line or a message echoing input may print. The
    characters of ``keep`` stay as they are (``"\\n"``: a text of several lines that the
    program made, issue 26). A printable text is returned at once (``dbf gp`` shows 19,000
    names a table).

    >>> shown("one\\ntwo\\x07", keep="\\n")
    'one\\ntwo\\\\x07'
    """
    if text.isprintable() or not has_control(text):
        return text
    return "".join(_escape(c) if is_unsafe(c) and c not in keep else c for c in text)


def has_control(text: str) -> bool:
    """Whether ``text`` holds an unsafe character (what :func:`shown` escapes)."""
    return not text.isprintable() and any(is_unsafe(c) for c in text)


def page_value(value: object) -> object:
    """Every ``{{ value }}`` of a page (the Jinja environments' ``finalize``, issue 26): a
    text's control characters and bidi overrides shown as visible escapes, its line breaks
    and tabs kept (HTML white space); autoescape then escapes the text. Safe markup (an object
    with ``__html__``) stays safe markup of its own type.

    >>> page_value("Bo\\u202eloH"), page_value(3)
    ('Bo\\\\u202eloH', 3)
    """
    if isinstance(value, str) and has_control(value):
        text = shown(value, keep="\n\r\t")
        return type(value)(text) if hasattr(value, "__html__") else text
    return value


def one_line(text: str) -> str:
    """``text`` on one line: every unsafe character becomes a space, runs of spaces one."""
    return " ".join("".join(" " if is_unsafe(c) else c for c in str(text)).split())
