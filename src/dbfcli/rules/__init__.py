"""The rule core: pure functions and frozen value objects, no I/O.

Nothing in this package imports typer, rich, yaml or the store/cli layers,
and nothing here opens a file (a test enforces it). msgspec enters only as
the base class of the value objects (:mod:`dbfcli.rules.value`), never to
encode or decode. Every rule
names its paragraph of the regulations (``§1.5.12b``) in its docstring and
in the :class:`~dbfcli.rules.problems.Problem` values it returns.
"""
