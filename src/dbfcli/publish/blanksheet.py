"""Printable blank result sheets (``dbf result blank --format html``): one A4 page per match,
print CSS, rendered with Jinja2 with autoescaping (a team or player name is text, never HTML)."""

from __future__ import annotations


def render_blank_sheets(sheets: list[dict], season: str) -> str:
    """One HTML document, one page per sheet (the facts of :func:`dbfcli.store.blanks.blank_facts`)."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    from ..rules.text import page_value

    env = Environment(loader=PackageLoader("dbfcli.publish", "templates"),
                      autoescape=select_autoescape(["html", "j2"], default=True), finalize=page_value)
    return env.get_template("blank-sheet.html.j2").render(sheets=sheets, season=season)
