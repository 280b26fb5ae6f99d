"""The application layer: one function per use case, under both faces of dbf.

``cli/`` (the typer skin) and ``web/`` (the captains' app) call these functions; neither calls
the other. A use case takes a :class:`~dbfcli.app.session.Session` (the season's locked
snapshot, who asks, the lock wait) and typed arguments, and returns an
:class:`~dbfcli.app.outcome.Outcome`: the JSON document ``--json`` prints, the problems found
(errors and warnings, each with its § or code), whether anything was written, and the exit
code those problems give (:func:`dbfcli.app.outcome.exit_code`, the one place).

Nothing here imports typer, rich, Starlette or a template: text is rendered by the face from
the problems' ids and the document (docs/ARCHITECTURE.md, "The application layer").
"""
