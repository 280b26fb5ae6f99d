"""A system card's text fields are text (§1.1.1.2 system descriptions): a list is a form error."""

from dbfcli.store.systems import card_from_dict


def test_a_card_name_that_is_a_list_is_a_form_error():
    card, problems = card_from_dict({"name": ["Standard", "Nordic"], "openings": {}}, "cards/x.yaml")
    assert [p.message for p in problems if p.is_error] == ["name is one line of text, not list"]


def test_a_card_name_that_is_text_is_kept():
    card, problems = card_from_dict({"name": "Standard Nordic", "openings": {}}, "cards/x.yaml")
    assert card is not None and card.name == "Standard Nordic" and not [p for p in problems if p.is_error]
