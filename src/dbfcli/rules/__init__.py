"""The rule core: pure functions and frozen value objects, no I/O.

Nothing in this package imports typer, rich, yaml, msgspec or the store/cli
layers, and nothing here opens a file (a test enforces it). Every rule
names its paragraph of the regulations (``§1.5.12b``) in its docstring and
in the :class:`~dbfcli.rules.problems.Problem` values it returns.
"""
