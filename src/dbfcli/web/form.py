"""The sheet form (issue 19): what ``dbf result blank`` knows becomes the form's starting point,
what the captain fills in becomes a result sheet in the documented YAML form
(docs/interface.md "Result sheet"), and each problem ``dbf result check`` finds on a line of
that YAML is put back next to the field the line came from.

No rule here: a value the captain typed is written into the sheet as typed (a number as a
number, anything else as a quoted string), and the sheet's own parser and rules judge it.
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping

SUBSTITUTE_ROWS = 2
_INT = re.compile(r"-?\d{1,9}\Z")


def _scalar(text: str) -> str:
    """A typed value as YAML: an integer as it is, anything else a quoted string (so that the
    sheet parser, not the form, says what is wrong with it)."""
    text = (text or "").strip()
    return text if _INT.match(text) else json.dumps(text, ensure_ascii=False)


def initial(facts: dict) -> dict:
    """The form's values from the blank sheet's facts (``store.cup.blanks.blank_facts``): nobody
    ticked yet, no IMPs yet, the computed UP, the home captain as signatory."""
    values: dict[str, str] = {"played_on": facts.get("date") or "", "start": facts.get("time") or "",
                              "signed_by": str(facts["home"].get("captain") or "")}
    if facts.get("up") is not None and not facts.get("neutral"):
        values["away_up"] = str(facts["up"])
    return values


def from_sheet(facts: dict, sheet: Mapping) -> dict:
    """The form's values from a sheet (the recorded one, for a dispute)."""
    values = initial(facts)
    for key in ("played_on", "start"):
        values[key] = str(sheet.get(key) or values[key])
    values["signed_by"] = str(sheet.get("signed_by") or "")
    _scores_from(values, sheet)
    for side in ("home", "away"):
        got = sheet.get(side)
        s = got if isinstance(got, dict) else {}
        if side == "away" and s.get("up") is not None:
            values["away_up"] = str(s.get("up"))
        _players_from(values, side, [str(p["id"]) for p in facts[side]["players"]], s.get("players") or [])
        if s.get("natural_pairs"):
            values[f"{side}_np"] = ", ".join("-".join(str(x) for x in pair) for pair in s["natural_pairs"])
    return values


def _scores_from(values: dict, sheet: Mapping) -> None:
    """The IMPs of each segment and the total points of a sheet into the form's values."""
    for i, seg in enumerate(sheet.get("segments") or []):
        imps = seg.get("imps") if isinstance(seg, dict) else seg
        if isinstance(imps, list) and len(imps) == 2:
            values[f"seg{i}_h"], values[f"seg{i}_a"] = str(imps[0]), str(imps[1])
    tp = sheet.get("total_points")
    if isinstance(tp, list) and len(tp) == 2:
        values["total_h"], values["total_a"] = str(tp[0]), str(tp[1])


def _players_from(values: dict, side: str, roster: list[str], players: list) -> None:
    """Tick the roster players of a sheet's side; the others fill the substitute rows."""
    k = 0
    for p in players:
        if not isinstance(p, dict):
            continue
        pid = str(p.get("id"))
        if pid in roster and not p.get("substitute"):
            j = roster.index(pid)
            values[f"{side}_p{j}_played"] = "on"
            values[f"{side}_p{j}_boards"] = str(p.get("boards", ""))
        elif k < SUBSTITUTE_ROWS:
            for key in ("id", "name", "club", "boards"):
                values[f"{side}_s{k}_{key}"] = str(p.get(key) or "")
            k += 1


def sheet_yaml(facts: dict, form: Mapping[str, str]) -> tuple[str, dict[int, str]]:
    """The sheet the form says, as YAML, and which field each line came from (line -> field)."""
    lines: list[str] = []
    where: dict[int, str] = {}

    def put(text: str, field: str | None = None) -> None:
        lines.append(text)
        if field:
            where[len(lines)] = field

    put(f"match: {json.dumps(facts['match'])}")
    if form.get("played_on", "").strip():
        put(f"played_on: {_scalar(form['played_on'])}" if not re.fullmatch(r"\d{4}-\d\d-\d\d", form["played_on"].strip())
            else f"played_on: {form['played_on'].strip()}", "played_on")
    if form.get("start", "").strip():
        put(f"start: {json.dumps(form['start'].strip())}", "start")
    put("segments:", "segments")
    for i in range(facts["segments"]):
        imps = f"[{_scalar(form.get(f'seg{i}_h', ''))}, {_scalar(form.get(f'seg{i}_a', ''))}]"
        if facts.get("kind") == "division":   # halves of 18 or 20 boards (docs/readings/division-results.md)
            put(f"  - {{boards: {int(facts['segment_boards'])}, imps: {imps}}}", f"seg{i}")
        else:
            put(f"  - {imps}", f"seg{i}")
    if form.get("total_h", "").strip() or form.get("total_a", "").strip():
        put(f"total_points: [{_scalar(form.get('total_h', ''))}, {_scalar(form.get('total_a', ''))}]", "total")
    for side in ("home", "away"):
        _side(facts, form, side, put)
    if form.get("signed_by", "").strip():
        put(f"signed_by: {_scalar(form['signed_by'])}", "signed_by")
    return "\n".join(lines) + "\n", where


def _side(facts: dict, form: Mapping[str, str], side: str, put) -> None:
    d = facts[side]
    put(f"{side}:", side)
    put(f"  team: {json.dumps(d['team'])}", side)
    if side == "away" and form.get("away_up", "").strip():
        put(f"  up: {_scalar(form['away_up'])}", "away_up")
    if side == "away" and facts.get("ferries"):
        put(f"  ferries: [{', '.join(facts['ferries'])}]", "away_up")
    pairs = form.get(f"{side}_np", "").strip()
    if pairs:
        items = [p.strip() for p in pairs.split(",") if p.strip()]
        put(f"  natural_pairs: [{', '.join('[' + ', '.join(_scalar(x) for x in p.split('-')) + ']' for p in items)}]",
            f"{side}_np")
    put("  players:", f"{side}_players")
    for j, p in enumerate(d["players"]):
        if form.get(f"{side}_p{j}_played"):
            put(f"    - {{id: {int(p['id'])}, boards: {_scalar(form.get(f'{side}_p{j}_boards', ''))}}}", f"{side}_p{j}")
    for k in range(SUBSTITUTE_ROWS):
        row = _substitute_row(form, f"{side}_s{k}")
        if row:
            put(row, f"{side}_s{k}")


def _substitute_row(form: Mapping[str, str], f: str) -> str | None:
    """A substitute's row of the sheet (§1.5.12), or None for an empty row of the form."""
    sid = form.get(f"{f}_id", "").strip()
    name = form.get(f"{f}_name", "").strip()
    if not sid and not name:
        return None
    club = form.get(f"{f}_club", "").strip()
    return (f"    - {{id: {_scalar(sid)}, boards: {_scalar(form.get(f'{f}_boards', ''))}, substitute: true, "
            f"name: {json.dumps(name, ensure_ascii=False)}" + (f", club: {_scalar(club)}" if club else "") + "}")


def place_problems(doc: dict, where: dict[int, str]) -> tuple[dict[str, list[dict]], list[dict]]:
    """The problems of a ``dbf result check --json`` document by field (from their line), and
    those of no field (shown above the form)."""
    by_field: dict[str, list[dict]] = {}
    general: list[dict] = []
    for p in list(doc.get("errors") or []) + list(doc.get("warnings") or []):
        field = where.get(p.get("line")) if isinstance(p.get("line"), int) else None
        (by_field.setdefault(field, []) if field else general).append(p)
    return by_field, general


def rows(facts: dict, form: Mapping[str, str]) -> dict[str, Any]:
    """What the template shows: each side's roster rows with their values, and the substitute rows."""
    out: dict[str, Any] = {}
    for side in ("home", "away"):
        d = facts[side]
        out[side] = {
            "team": d["team"], "name": d["name"],
            "players": [{"j": j, "id": p["id"], "name": p["name"], "addition": bool(p.get("addition")),
                         "played": bool(form.get(f"{side}_p{j}_played")),
                         "boards": form.get(f"{side}_p{j}_boards", "")} for j, p in enumerate(d["players"])],
            "subs": [{"k": k, **{key: form.get(f"{side}_s{k}_{key}", "") for key in ("id", "name", "club", "boards")}}
                     for k in range(SUBSTITUTE_ROWS)],
            "hum": d["team"] in (facts.get("hum_pairs") or {}),
            "hum_pairs": ", ".join("-".join(str(x) for x in pr) for pr in (facts.get("hum_pairs") or {}).get(d["team"], [])),
        }
    return out


def field_names(facts: dict) -> list[str]:
    """Every input name the form has (what is read back from a post)."""
    names = ["played_on", "start", "signed_by", "away_up", "total_h", "total_a", "home_np", "away_np", "note"]
    names += [f"seg{i}_{s}" for i in range(facts["segments"]) for s in "ha"]
    for side in ("home", "away"):
        names += [f"{side}_p{j}_{k}" for j in range(len(facts[side]["players"])) for k in ("played", "boards")]
        names += [f"{side}_s{k}_{key}" for k in range(SUBSTITUTE_ROWS) for key in ("id", "name", "club", "boards")]
    return names
