"""Search folding (agency_core.staff.search): names as written and as typed, phones in any format."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agency_core.spec.forms import ApplicationForm, form_of
from agency_core.staff.search import fold, phone_forms, search_key, search_of, search_tokens

PEOPLE = {
    "VT-AKOSUA": {"firstName": "Akosua", "lastName": "Ɔdɔm", "email": "akosua@example.com", "phone": "+233241234567"},
    "VT-KWAME": {"firstName": "Kwame", "lastName": "Ɔdɔm", "email": "kodom@example.com", "phone": "0201112222"},
    "VT-ESI": {"firstName": "Esi", "lastName": "Mɛnsah", "email": "esi@example.com", "phone": "+233 55 000 1111"},
    "VT-NANA": {"firstName": "Nana", "lastName": "Aŋkrah", "email": "nana@example.com", "phone": "+971501234567"},
    "VT-JOSE": {"firstName": "José", "lastName": "Ángel Müller", "email": "Jose.Muller@Example.com", "phone": ""},
    "VT-AMA": {"firstName": "Ama", "lastName": "Owusu", "email": "ama@example.com", "phone": "0277000000"},
}


def found(q: str) -> set[str]:
    search = search_of(q)
    return {pid for pid, data in PEOPLE.items() if search.matches(search_key(pid, form_of(ApplicationForm, data)))}


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("Ɔdɔm", {"VT-AKOSUA", "VT-KWAME"}),
        ("ɔdɔm", {"VT-AKOSUA", "VT-KWAME"}),
        ("odom", {"VT-AKOSUA", "VT-KWAME"}),
        ("ODOM", {"VT-AKOSUA", "VT-KWAME"}),
        ("Odom", {"VT-AKOSUA", "VT-KWAME"}),
        ("dɔm", {"VT-AKOSUA", "VT-KWAME"}),
        ("Kwame Ɔdɔm", {"VT-KWAME"}),
        ("KWAME  ODOM", {"VT-KWAME"}),
        ("Ɔdɔm Akosua", {"VT-AKOSUA"}),
        ("Mɛnsah", {"VT-ESI"}),
        ("MENSAH", {"VT-ESI"}),
        ("ƐSI", {"VT-ESI"}),
        ("Aŋkrah", {"VT-NANA"}),
        ("ANKRAH", {"VT-NANA"}),
        ("ŊKRAH", {"VT-NANA"}),
        ("jose", {"VT-JOSE"}),
        ("JOSÉ", {"VT-JOSE"}),
        ("angel muller", {"VT-JOSE"}),
        ("Müller", {"VT-JOSE"}),
        ("ｊｏｓｅ", {"VT-JOSE"}),  # full-width letters (NFKC)
        ("jose.muller@example.com", {"VT-JOSE"}),
        ("AKOSUA@EXAMPLE.COM", {"VT-AKOSUA"}),
        ("0241234567", {"VT-AKOSUA"}),
        ("+233 24 123 4567", {"VT-AKOSUA"}),
        ("233241234567", {"VT-AKOSUA"}),
        ("024-123-4567", {"VT-AKOSUA"}),
        ("(024) 123 4567", {"VT-AKOSUA"}),
        ("+233201112222", {"VT-KWAME"}),
        ("0550001111", {"VT-ESI"}),
        ("+971 50 123 4567", {"VT-NANA"}),
        ("1234567", {"VT-AKOSUA", "VT-NANA"}),  # a part of the digits
        ("vt-esi", {"VT-ESI"}),
        ("VT-AMA", {"VT-AMA"}),
        ("nobody", set()),
        ("0244999999", set()),
    ],
)
def test_names_phones_emails_and_ids_are_found_as_typed(q: str, expected: set[str]) -> None:
    assert found(q) == expected


def test_fold_maps_ghanaian_letters_accents_and_case() -> None:
    assert fold("Kwame  Ɔdɔm") == "kwame odom"
    assert fold("ƐŊƆ ɛŋɔ") == "eno eno"
    assert fold("Adwoa Ãfúá") == "adwoa afua"
    assert fold("STRASSE Straße") == "strasse strasse"


def test_phone_forms_give_international_and_national_forms() -> None:
    assert phone_forms("+233 24 123 4567") == ("+233241234567", "0241234567")
    assert phone_forms("+971501234567") == ("+971501234567",)
    assert phone_forms("not a phone") == ()


def test_firestore_token_is_one_of_every_match() -> None:
    for q in ("Ɔdɔm", "dɔm", "Kwame Ɔdɔm", "0241234567", "akosua@example.com"):
        search = search_of(q)
        for pid, data in PEOPLE.items():
            key = search_key(pid, form_of(ApplicationForm, data))
            if search.matches(key):
                assert search.token in search_tokens(key), (q, pid)
    assert search_of("ab").token is None  # too short for a trigram: the store reads every document


GHANAIAN = "ƆɔƐɛŊŋ"
names = st.text(
    alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèáüñ" + GHANAIAN), min_size=1
)


@given(first=names, last=names)
def test_any_name_is_found_by_itself_its_upper_case_and_its_ascii_spelling(first: str, last: str) -> None:
    key = search_key("VT1", form_of(ApplicationForm, {"firstName": first, "lastName": last}))
    ascii_spelling = last.translate(str.maketrans("ƆɔƐɛŊŋ", "OoEeNn"))
    for q in (last, last.upper(), last.lower(), ascii_spelling, f"{first} {last}"):
        search = search_of(q)
        assert search.matches(key), q
        token = search.token
        assert token is None or token in search_tokens(key)


@given(st.text())
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)
