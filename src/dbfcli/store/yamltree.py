"""The line-numbered tree built straight from libyaml's events (issue 13, speed).

PyYAML's loader makes a node object for every value (libyaml's composer asks the Python
resolver for the tag of each scalar), then walks the nodes again with generator-based
constructors: about 25 us a value, 3.7 s of CPU for a 4,096-team ``cup/teams.yaml``.
This module reads the parser's events (made in C) and builds :class:`~.yamlio.LineDict` /
:class:`~.yamlio.LineList` in one loop, resolving each plain scalar once per distinct text
with PyYAML's own resolver table and constructors (the same values: ``0123`` is octal,
``yes`` is ``True``, ``2026-11-14`` a date).

It only takes the plain case: block or flow mappings and sequences of untagged scalars,
no anchor, alias, explicit tag, complex key, merge key, duplicate key, nesting past
``MAX_DEPTH`` or value a constructor refuses. On anything else it raises :class:`Unsure`,
and :func:`~.yamlio.parse_yaml` parses the text again with the full loader, which accepts
or refuses it with the same message and line as before: every refusal is the full
loader's, so a hand-edited file is reported exactly as it always was.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

#: the tags this builder builds (every other, ``merge``, ``value``, ``yaml``, is the full
#: loader's to accept or refuse)
_PLAIN_TAGS = ("str", "int", "float", "bool", "null", "timestamp")


class Unsure(Exception):
    """The text is not of the plain kind this builder takes: parse it with the full loader."""


#: the most plain scalar texts remembered (a 4,096-team season has about 60,000 distinct ones)
MEMO_SIZE = 200_000


def scalar_reader(loader_class) -> tuple[Callable[[str], Any], dict[str, Any]]:
    """A function from a plain (unquoted) scalar's text to its value, as the full loader would
    resolve and construct it (raises :class:`Unsure` where it cannot). The value depends on
    the text alone, so it is remembered per text for the process (ints, dates and text are
    immutable; floats are not shared: ``.nan`` is not equal to itself)."""
    import yaml

    if loader_class.yaml_path_resolvers:   # pragma: no cover - nothing in dbf adds them
        raise Unsure("path resolvers")
    table = loader_class.yaml_implicit_resolvers
    wildcard = table.get(None, [])
    by_head = {head: resolvers + wildcard for head, resolvers in table.items() if head is not None}
    default = loader_class.DEFAULT_SCALAR_TAG
    build = {f"tag:yaml.org,2002:{t}": loader_class.yaml_constructors[f"tag:yaml.org,2002:{t}"]
             for t in _PLAIN_TAGS}
    floats, ints = "tag:yaml.org,2002:float", "tag:yaml.org,2002:int"
    constructor = loader_class("")
    constructor.dispose()
    node = yaml.ScalarNode
    seen: dict[str, Any] = {}

    def resolve(value: str) -> str:
        for candidate, regexp in by_head.get(value[:1], wildcard):
            if regexp.match(value):
                return candidate
        return default

    def read(value: str) -> Any:
        tag = resolve(value)
        if tag == default:
            out = value
        elif tag == ints and value.isdigit() and value.isascii() and (value[0] != "0" or value == "0"):
            out = int(value)   # what construct_yaml_int gives a plain decimal, without a node
        elif tag in build:
            try:
                out = build[tag](constructor, node(tag, value))
            except Exception:   # noqa: BLE001 - the full loader says why, at its line
                raise Unsure(value) from None
        else:
            raise Unsure(tag)
        if tag != floats:
            if len(seen) >= MEMO_SIZE:
                seen.clear()
            seen[value] = out
        return out

    return read, seen


@functools.lru_cache(maxsize=None)
def _reader(loader_class):
    return scalar_reader(loader_class)


def build_tree(loader, loader_class, max_depth: int, line_dict: type, line_list: type) -> Any:
    """The document of ``loader``'s stream as a tree of ``line_dict``/``line_list`` (each with
    its own line and the line of each key/item, 1-based); ``None`` for an empty stream.
    Raises :class:`Unsure` where the full loader must decide, libyaml's own error where the
    text is not YAML (the caller parses again with the full loader, which says it the same way)."""
    import yaml

    get = loader.get_event
    get()   # StreamStartEvent
    if type(get()) is yaml.StreamEndEvent:
        return None
    build = _Builder(get, _reader(loader_class), max_depth, line_dict, line_list, yaml)
    root = build.node(get(), 1)
    if type(get()) is not yaml.DocumentEndEvent or type(get()) is not yaml.StreamEndEvent:
        raise Unsure("more than one document")   # the full loader refuses it
    return root


_MISS = object()


class _Builder:
    """One document's containers, each read to its end event by :meth:`mapping` or
    :meth:`sequence` (recursion is bounded: past ``max_depth`` the full loader decides)."""

    def __init__(self, get, reader, max_depth: int, line_dict: type, line_list: type, yaml):
        self.get = get
        self.read, self.seen = reader
        self.max_depth = max_depth
        self.line_dict, self.line_list = line_dict, line_list
        self.scalar = yaml.ScalarEvent
        self.mapping_start, self.mapping_end = yaml.MappingStartEvent, yaml.MappingEndEvent
        self.sequence_start, self.sequence_end = yaml.SequenceStartEvent, yaml.SequenceEndEvent

    def node(self, event, depth: int) -> Any:
        """The value that begins with ``event`` (``depth``: the nesting of a container there)."""
        if type(event) is self.scalar:
            return self.value(event)
        if event.anchor is not None or event.tag is not None or depth > self.max_depth:
            raise Unsure("anchor, tag or depth")
        if type(event) is self.mapping_start:
            return self.mapping(event, depth)
        if type(event) is self.sequence_start:
            return self.sequence(event, depth)
        raise Unsure("alias")   # an AliasEvent: the full loader refuses it

    def value(self, event) -> Any:
        """A scalar: resolved and built as the full loader would (plain), or its text (quoted)."""
        if event.anchor is not None or event.tag is not None:
            raise Unsure("anchor or tag")
        if not event.implicit[0]:
            return event.value
        value = self.seen.get(event.value, _MISS)
        return self.read(event.value) if value is _MISS else value

    def mapping(self, start, depth: int):
        out = self.line_dict.__new__(self.line_dict)
        out.line = start.start_mark.line + 1
        out.lines = lines = {}
        get, scalar, end, node, value = self.get, self.scalar, self.mapping_end, self.node, self.value
        while True:
            event = get()
            kind = type(event)
            if kind is end:
                return out
            if kind is not scalar:
                raise Unsure("a complex key, or an alias as a key")
            key = value(event)
            if key in out:
                raise Unsure("a duplicated key")
            lines[key] = event.start_mark.line + 1
            event = get()
            out[key] = value(event) if type(event) is scalar else node(event, depth + 1)

    def sequence(self, start, depth: int):
        out = self.line_list.__new__(self.line_list)
        out.line = start.start_mark.line + 1
        out.lines = lines = []
        get, scalar, end, node, value = self.get, self.scalar, self.sequence_end, self.node, self.value
        while True:
            event = get()
            kind = type(event)
            if kind is end:
                return out
            lines.append(event.start_mark.line + 1)
            out.append(value(event) if kind is scalar else node(event, depth + 1))
