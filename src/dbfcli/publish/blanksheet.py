"""Printable blank result sheets (``dbf result blank --format html``): one A4 page per match,
print CSS, rendered with Jinja2 with autoescaping (a team or player name is text, never HTML).

The printed sheet is Danish, for the captains who fill it in by hand: the round's name
("1/64-finale"), the day ("søndag 31. januar 2027 kl. 13.00"), the deadline and the crossings
("Storebælt") as a Dane writes them; the facts themselves (``--json``) are language-neutral."""

from __future__ import annotations


def danish_sheet(f: dict) -> dict:
    """The facts of one sheet with the words the Danish page shows."""
    import datetime as dt

    from ..i18n import clock, crossing_name, danish_moment, division_name, long_date, round_name

    when = ""
    if f["date"]:
        when = long_date(dt.date.fromisoformat(f["date"]), "da", weekday=True)
        when += f" kl. {clock(f['time'], 'da')}" if f["time"] else ""
    return {**f, "round_name": round_name(f["round"], "da"), "when": when,
            "division_name": division_name(f["division"], "da") if f.get("division") else "",
            "deadline_da": danish_moment(f["deadline"]) if f["deadline"] else "",
            "ferry_names": [crossing_name(x, "da") for x in f["ferries"]]}


def render_blank_sheets(sheets: list[dict], season: str) -> str:
    """One HTML document, one page per sheet (the facts of :func:`dbfcli.store.cup.blanks.blank_facts`)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    from ..rules.text import page_value

    env = Environment(loader=PackageLoader("dbfcli.publish", "templates"),
                      autoescape=select_autoescape(["html", "j2"], default=True), finalize=page_value)
    return env.get_template("blank-sheet.html.j2").render(sheets=[danish_sheet(f) for f in sheets], season=season)
