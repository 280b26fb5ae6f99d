"""Reading and writing YAML safely, with the line of every key and item.

- libyaml (``CSafeLoader``) where available, the pure-Python loader otherwise.
- Only plain data: tags such as ``!!python/object`` are refused (safe loader),
  and so are anchors and aliases (``&a`` / ``*a``): no dbf file needs them and
  they are how "billion laughs" bombs are built.
- Duplicated keys are reported, not silently overwritten.
- Files above :data:`MAX_BYTES` are refused before parsing.

Mappings load as :class:`LineDict` and sequences as :class:`LineList`: plain
``dict``/``list`` subclasses that also remember the line of each key/item, so
a later check can say ``file:line`` (:meth:`YamlDoc.line`).
"""

from __future__ import annotations

import functools
from typing import Any

from ..rules.problems import Msg, Problem, Where
from ..rules.value import MutableValue

MAX_BYTES = 8 * 1024 * 1024
#: the deepest nesting of mappings and lists a dbf file may hold (the deepest dbf format, a
#: system card, needs 6); deeper input is refused before any reader walks it recursively
MAX_DEPTH = 32

#: the tags a dbf file may hold, plain or explicit: every other (``!!set``, ``!!omap``,
#: ``!!pairs``, ``!!binary``, ``!!python/...``) is refused with its line
_TAGS = frozenset(f"tag:yaml.org,2002:{t}" for t in ("map", "seq", "str", "int", "float", "bool", "null",
                                                     "timestamp"))

# PyYAML is imported on the first parse or dump, not with this module: a command whose
# files all come from the parse cache (store/cache.py) never pays its import (~15 ms).


class LineDict(dict):
    """A dict that knows the line of each key (1-based) and its own line."""

    __slots__ = ("lines", "line")

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.lines: dict = {}
        self.line: int | None = None


class LineList(list):
    """A list that knows the line of each item (1-based) and its own line."""

    __slots__ = ("lines", "line")

    def __init__(self, *a):
        super().__init__(*a)
        self.lines: list[int] = []
        self.line: int | None = None


#: what building a value from parsed data can raise (``int(.inf)``, ``x["id"]`` of a list,
#: ``date.fromisoformat("2026-11-31")``): every reader of a state file turns these into a problem
#: at the file and line it was reading, never an internal error (issue 16.1)
VALUE_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError)


def state_date(value: Any, what: str) -> "dt.date | None":
    """A date of a state file (YAML's own ``2026-12-13`` or ISO text) as a ``date``, None for
    none; outside the years 1900-2999 (:mod:`dbfcli.rules.dates`, docs/readings/bounds.md) or
    not a date, ValueError. A hand edit's ``9999-12-31`` is so refused by the reader, at its
    file and line, instead of overflowing the date arithmetic of deadlines later (issue 16.1)."""
    from ..rules.dates import RANGE_HINT, date_of

    if value is None:
        return None
    day = date_of(value)
    if day is None:
        shown = value.isoformat() if hasattr(value, "isoformat") else repr(value)
        raise ValueError(Msg('{}: {} is not {}', what, shown, RANGE_HINT))
    return day


class YamlLoadError(Exception):
    """A file that cannot be read as dbf YAML; carries every problem found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


@functools.lru_cache(maxsize=None)
def _yaml():
    """PyYAML and the loader/dumper classes built on it, made once per process."""
    import yaml

    try:  # libyaml: ~10x faster
        base_loader = yaml.CSafeLoader  # type: ignore[attr-defined]
        base_dumper = yaml.CSafeDumper  # type: ignore[attr-defined]
    except AttributeError:  # pragma: no cover - depends on the build
        base_loader = yaml.SafeLoader
        base_dumper = yaml.SafeDumper

    class _Loader(base_loader):  # type: ignore[misc, valid-type]
        def __init__(self, stream):
            super().__init__(stream)
            self.duplicates: list[tuple[Any, int]] = []

        def construct_object(self, node, deep=False):
            if node in self.constructed_objects or node in self.recursive_objects:
                raise yaml.constructor.ConstructorError(
                    None, None, "anchors and aliases (&name / *name) are not allowed in dbf files", node.start_mark
                )
            if node.tag not in _TAGS:
                tag = node.tag.replace("tag:yaml.org,2002:", "!!")
                raise yaml.constructor.ConstructorError(
                    None, None, f"tag not allowed in dbf files ({tag})", node.start_mark)
            try:
                return super().construct_object(node, deep)
            except yaml.YAMLError:
                raise
            except (ValueError, TypeError, KeyError, AttributeError, OverflowError, IndexError) as exc:
                # a value the tag cannot build: 2026-11-31, 25:00, +25:00, !!int x, !!bool maybe
                raise yaml.constructor.ConstructorError(
                    None, None, f"{_scalar(node)} is not a valid {_kind(node.tag)} ({_why(exc)})",
                    node.start_mark) from None

    def _depth(node, children) -> None:
        """Count the nesting as the tree is built (no recursion): refuse it past MAX_DEPTH."""
        depth = getattr(node, "dbf_depth", 1)
        if depth > MAX_DEPTH:
            raise yaml.constructor.ConstructorError(
                None, None, f"nested more than {MAX_DEPTH} levels deep (no dbf file needs that)", node.start_mark)
        for child in children:
            if not isinstance(child, yaml.ScalarNode):
                child.dbf_depth = depth + 1

    def _construct_map(loader, node):
        _depth(node, (v for _, v in node.value))
        data = LineDict()
        data.line = node.start_mark.line + 1
        yield data
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise yaml.constructor.ConstructorError(
                    None, None, "merge keys (<<) are not allowed in dbf files", key_node.start_mark
                )
            key = loader.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                raise yaml.constructor.ConstructorError(
                    None, None, "a mapping key must be a plain value", key_node.start_mark
                ) from None
            line = key_node.start_mark.line + 1
            if key in data:
                loader.duplicates.append((key, line))
            data[key] = loader.construct_object(value_node, deep=False)
            data.lines[key] = line

    def _construct_seq(loader, node):
        _depth(node, node.value)
        data = LineList()
        data.line = node.start_mark.line + 1
        yield data
        for child in node.value:
            data.append(loader.construct_object(child, deep=False))
            data.lines.append(child.start_mark.line + 1)

    _Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
    _Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)

    class _Dumper(base_dumper):  # type: ignore[misc, valid-type]
        def ignore_aliases(self, data):
            return True

    _Dumper.add_representer(LineDict, lambda dumper, data: dumper.represent_dict(dict(data)))
    _Dumper.add_representer(LineList, lambda dumper, data: dumper.represent_list(list(data)))
    # a keyed text (rules.problems.Msg) is written as the text it reads as
    _Dumper.add_multi_representer(str, lambda dumper, data: dumper.represent_str(str(data)))
    return yaml, _Loader, _Dumper


class YamlDoc(MutableValue):
    """A parsed YAML file: ``data`` plus the name to show in messages."""

    data: Any
    file: str
    text: str = ""

    def line(self, *path) -> int | None:
        """Line of the deepest key/index of ``path`` that exists (1-based)."""
        node = self.data
        found = getattr(node, "line", None)
        for key in path:
            if isinstance(node, LineDict) and key in node:
                found = node.lines.get(key, found)
                node = node[key]
            elif isinstance(node, LineList) and isinstance(key, int) and 0 <= key < len(node):
                found = node.lines[key]
                node = node[key]
            else:
                break
        return found

    def where(self, *path) -> Where:
        return Where(self.file, self.line(*path))

    def item_wheres(self, *path) -> list[Where]:
        """The place of each item of the list at ``path`` (one walk, not one per item: a
        4,096-team ``teams.yaml`` has ~20,000 players)."""
        node = self.data
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                return []
        if not isinstance(node, LineList):
            return []
        file = self.file
        return [Where(file, line) for line in node.lines]


def parse_yaml(text: str | bytes, file: str) -> YamlDoc:
    """Parse one YAML document; raise :class:`YamlLoadError` listing what is wrong.

    >>> doc = parse_yaml("a: 1\\nb:\\n  - x\\n  - y\\n", "f.yaml")
    >>> doc.data, doc.line("b", 1)
    ({'a': 1, 'b': ['x', 'y']}, 4)
    """
    text = _decoded(text, file)
    yaml, loader_class, _ = _yaml()
    data = _plain_tree(yaml, loader_class, text)
    if data is not _NOT_PLAIN:
        return YamlDoc(data, file, text)
    loader = loader_class(text)
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = exc.problem or exc.context or "malformed YAML"
        if "could not determine a constructor" in str(exc):
            what = Msg('tag not allowed in dbf files ({})', what.split('for the tag')[-1].strip())
        raise YamlLoadError(
            [Problem.error(None, Msg('malformed YAML: {}', what), Where(file, line), hint=Msg('check indentation and quoting'), code="format.yaml")]
        ) from None
    except yaml.YAMLError as exc:
        raise YamlLoadError([Problem.error(None, Msg('malformed YAML: {}', exc), Where(file), code="format.yaml")]) from None
    except RecursionError:
        raise YamlLoadError([Problem.error(None, Msg('YAML nested too deeply'), Where(file), code="format.yaml")]) from None
    finally:
        loader.dispose()
    if loader.duplicates:
        raise YamlLoadError(
            [
                Problem.error(None, Msg('key {} appears twice in the same mapping', f'{key!r}'), Where(file, line),
                              hint=Msg('remove or merge the duplicate'), code="format.yaml")
                for key, line in loader.duplicates
            ]
        )
    return YamlDoc(data, file, text)


def _decoded(text: str | bytes, file: str) -> str:
    """The text of a file to parse: at most :data:`MAX_BYTES`, UTF-8, no NUL, no BOM."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise YamlLoadError([_too_big(file, len(text))])
        if b"\x00" in text:
            raise YamlLoadError([Problem.error(None, Msg('this is a binary file, not YAML text'), Where(file), code="format.encoding")])
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise YamlLoadError(
                [Problem.error(None, Msg('not UTF-8 text (byte {})', exc.start), Where(file), hint=Msg('save the file as UTF-8'), code="format.encoding")]
            ) from None
    elif len(text) > MAX_BYTES:
        raise YamlLoadError([_too_big(file, len(text))])
    return text[1:] if text.startswith("\ufeff") else text


_NOT_PLAIN = object()


def _plain_tree(yaml, loader_class, text: str) -> Any:
    """The tree of a plain file built from libyaml's events (store/yamltree.py, several times
    faster), or ``_NOT_PLAIN`` when the full loader must read it (tags, anchors, duplicated
    keys, a value it refuses, malformed YAML: its messages and lines are the ones reported)."""
    from .yamltree import Unsure, build_tree

    loader = loader_class(text)
    try:
        return build_tree(loader, loader_class, MAX_DEPTH, LineDict, LineList)
    except (Unsure, yaml.YAMLError):
        return _NOT_PLAIN
    finally:
        loader.dispose()


def _scalar(node) -> str:
    value = node.value if isinstance(node.value, str) else "..."
    return repr(value if len(value) <= 40 else value[:40] + "...")


def _kind(tag: str) -> str:
    return {"timestamp": "date or time", "int": "whole number", "float": "number", "bool": "true/false",
            "null": "null"}.get(tag.rsplit(":", 1)[-1], tag.rsplit(":", 1)[-1])


def _why(exc: Exception) -> str:
    text = str(exc).split(",")[0].split(".")[0]
    return text if isinstance(exc, ValueError) and 0 < len(text) < 60 else "unreadable"


def read_input(path, file: str | None = None) -> bytes:
    """The bytes of an input file named on the command line, read at most to :data:`MAX_BYTES`
    (``/dev/zero`` or a huge file is refused, not read to the end); :class:`YamlLoadError` when
    it cannot be read."""
    file = file or str(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise YamlLoadError([Problem.error(None, Msg('cannot read {}: {}', file, exc.strerror or exc), Where(file),
                                           code="io.cannot-read")]) from None
    if len(data) > MAX_BYTES:
        raise YamlLoadError([Problem.error(
            None, Msg('file is more than {} bytes; dbf reads files up to {} bytes', f'{MAX_BYTES:,}',
                      f'{MAX_BYTES:,}'),
            Where(file), hint=Msg('is this the right file?'), code="format.too-large")])
    return data


def _too_big(file: str, size: int) -> Problem:
    return Problem.error(
        None, Msg('file is {} bytes; dbf reads files up to {} bytes', f'{size:,}', f'{MAX_BYTES:,}'), Where(file),
        hint=Msg('is this the right file?'), code="format.too-large"
    )




def dump_yaml(data: Any, header: str | None = None) -> str:
    """Dump plain data as readable block YAML (keys in the given order, UTF-8).

    >>> print(dump_yaml({"schema": 1, "teams": [{"id": "A", "postcode": "8000"}]}, header="example"))
    # example
    schema: 1
    teams:
    - id: A
      postcode: '8000'
    <BLANKLINE>
    """
    yaml, _, dumper = _yaml()
    body = yaml.dump(data, Dumper=dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)
    if header:
        lines = "".join(f"# {h}\n" if h else "#\n" for h in header.splitlines())
        return lines + body
    return body
