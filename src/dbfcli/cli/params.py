"""Usage metavars and shell completion for every command's parameters (issue 18.9).

``command()`` in ``common.py`` calls :func:`dress` on each command function: a parameter
without a metavar gets one by its name (``FILE``, ``DIV``, ``MATCH``, ``POSTCODE``) or its
option (``--round N``, ``--today DATE``), never Typer's ``{file}``/``<str>``/``<int range>``;
and a parameter that names a division, team or match completes in the shell from the
season's files, read cheaply (no YAML parse, no validation: a line scan of the files).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any, Callable, get_args, get_origin

#: Argument name -> metavar.
ARGUMENTS = {
    "file": "FILE", "div": "DIV", "team": "TEAM", "match": "MATCH", "match_id": "MATCH",
    "frm": "POSTCODE", "to": "POSTCODE", "card_file": "CARD", "old": "OLD", "new": "NEW",
    "player": "MEMBER", "imps": "IMPS", "points": "POINTS", "what": "ROUND|DIV",
    "action": "ACTION", "target": "TEAM|MATCH",
}
#: Option -> metavar.
OPTIONS = {
    "--round": "N", "--seed": "SEED", "--out": "PATH", "--today": "DATE", "--sent": "DATE",
    "--play": "DATE", "--date": "DATE", "--announced-on": "DATE", "--season": "SEASON",
    "--to": "SEASON", "--ics": "FILE", "--zones": "N", "--withdrawn": "TEAM", "--team": "TEAM",
    "--home": "TEAM", "--away": "TEAM", "--vacancy": "TEAM", "--winner": "MATCH=TEAM",
    "--weekend": "N", "--venue": "POSTCODE", "--time": "HH:MM", "--smtp": "HOST:PORT",
    "--segments": "N", "--scale": "SCALE", "--reservation": "KR", "--qualifiers": "FILE",
    "--pair": "MEMBER MEMBER", "--now": "WHEN", "--name": "NAME", "--membership": "WEST EAST",
    "--lineups": "FILE", "--last": "N", "--imps": "HOME AWAY", "--id": "MEMBER", "--history": "FILE",
    "--half": "A-B", "--extra": "A-B", "--from": "ADDRESS", "--division": "N", "--dispensation": "WHY",
    "--days": "N", "--club": "CLUB", "--boards": "N", "--persons": "N", "--dir": "DIR",
    "--lock-timeout": "SECONDS", "--note": "TEXT",
}
#: Parameter names whose values are ids the shell can complete.
DIVISION_PARAMS = {"div"}
TEAM_PARAMS = {"team", "withdrawn", "home", "away", "vacancy"}
MATCH_PARAMS = {"match", "match_id"}


def dress(fn: Callable) -> None:
    """Give ``fn``'s Typer parameters their metavars and completion (in place)."""
    try:
        sig = inspect.signature(fn, eval_str=True)
    except (TypeError, ValueError, NameError):
        return
    # The annotations as objects from now on (they are strings under `from __future__ import
    # annotations`, and each evaluation of a string would make a new, undressed ParameterInfo).
    annotations = getattr(fn, "__annotations__", None)
    for name, param in sig.parameters.items():
        if isinstance(annotations, dict) and param.annotation is not inspect.Parameter.empty:
            annotations[name] = param.annotation
        info = _info(param.annotation) or (param.default if _is_info(param.default) else None)
        if info is None:
            continue
        if getattr(info, "metavar", None) is None:
            _dress_metavar(info, name, param)
        if getattr(info, "autocompletion", None) is None and getattr(info, "shell_complete", None) is None:
            _dress_completion(info, name)


def _dress_metavar(info, name: str, param: inspect.Parameter) -> None:
    """An argument's metavar by its name; an option's by its ``--flag``, else by its type."""
    kind = type(info).__name__
    if kind == "ArgumentInfo":
        info.metavar = ARGUMENTS.get(name, name.upper())
    elif kind == "OptionInfo":
        decls = [d for d in (*(info.param_decls or ()), info.default)
                 if isinstance(d, str) and d.startswith("--")]
        metavar = next((OPTIONS[d] for d in decls if d in OPTIONS), None)
        if metavar is None and not _is_flag(param.annotation):
            metavar = _by_type(param.annotation)
        if metavar:
            info.metavar = metavar


def _dress_completion(info, name: str) -> None:
    """The shell completion of a division, team or match parameter."""
    if name in DIVISION_PARAMS:
        info.autocompletion = complete_division
    elif name in TEAM_PARAMS:
        info.autocompletion = complete_team
    elif name in MATCH_PARAMS:
        info.autocompletion = complete_match


def _is_info(value: Any) -> bool:
    return type(value).__name__ in ("ArgumentInfo", "OptionInfo")


def _info(annotation: Any):
    for extra in getattr(annotation, "__metadata__", ()):
        if _is_info(extra):
            return extra
    return None


def _base(annotation: Any) -> Any:
    base = get_args(annotation)[0] if getattr(annotation, "__metadata__", None) else annotation
    if get_origin(base) is not None and type(None) in get_args(base):      # X | None
        base = next(a for a in get_args(base) if a is not type(None))
    return base


def _is_flag(annotation: Any) -> bool:
    return _base(annotation) is bool


def _by_type(annotation: Any) -> str | None:
    base = _base(annotation)
    if get_origin(base) in (list, tuple):
        args = [a for a in get_args(base) if a is not Ellipsis]
        return " ".join(_by_type(a) or "TEXT" for a in args[:1]) or None
    return {int: "N", float: "NUMBER", str: "TEXT", Path: "PATH"}.get(base)


# --------------------------------------------------------------------------- completion
def _season_dir(ctx: Any) -> Path | None:
    """The season folder of this command line (``--dir``, ``--season`` as typed, else the
    environment and ``dbf.toml``), without reading or validating anything else."""
    from ..store.season import resolve_dir, resolve_season

    root_ctx = ctx.find_root() if ctx is not None else None
    params = getattr(root_ctx, "params", {}) or {}
    try:
        root = resolve_dir(params.get("dir"))
        return root / resolve_season(root, params.get("season"))
    except Exception:  # noqa: BLE001 - completion never fails loudly
        return None


def _scan(paths: list[Path], pattern: re.Pattern) -> set[str]:
    found: set[str] = set()
    for path in paths:
        try:
            if path.stat().st_size > 8 * 1024 * 1024:
                continue
            found.update(pattern.findall(path.read_text(encoding="utf-8", errors="replace")))
        except OSError:
            continue
    return found


_TEAM_ID = re.compile(r"^\s*-?\s*id:\s*['\"]?([A-Za-z][A-Za-z0-9_-]*)['\"]?\s*$", re.M)
_MATCH_ID = re.compile(r"\b(C[1-9]-\d{3}|[123]div(?:-[ab])?-[A-Za-z0-9-]+|QE-R\d+-\d+)\b")


def division_ids() -> list[str]:
    from ..rules.model import DIVISIONS

    return list(DIVISIONS)


def team_ids(season: Path) -> list[str]:
    files = [season / "cup" / "teams.yaml", *sorted((season / "divisions").glob("*.yaml"))]
    return sorted(_scan([f for f in files if not f.name.startswith("schedule")], _TEAM_ID))


def match_ids(season: Path) -> list[str]:
    ids = {p.stem for p in (season / "cup" / "matches").glob("*.yaml")}
    ids |= {p.stem for p in (season / "divisions" / "matches").glob("*.yaml")}
    ids |= _scan(sorted((season / "cup" / "draws").glob("round-*.yaml")), re.compile(r"\b(C[1-9]-\d{3})\b"))
    ids |= _scan(sorted((season / "divisions").glob("schedule-*.yaml")), _MATCH_ID)
    return sorted(ids)


def _matching(values: list[str], incomplete: str) -> list[str]:
    low = (incomplete or "").lower()
    return [v for v in values if v.lower().startswith(low)]


def complete_division(ctx: Any, incomplete: str) -> list[str]:
    return _matching(division_ids(), incomplete)


def complete_team(ctx: Any, incomplete: str) -> list[str]:
    season = _season_dir(ctx)
    return _matching(team_ids(season), incomplete) if season else []


def complete_match(ctx: Any, incomplete: str) -> list[str]:
    season = _season_dir(ctx)
    return _matching(match_ids(season), incomplete) if season else []

