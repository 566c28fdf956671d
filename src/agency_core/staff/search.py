"""Search as names are written and typed: one folding for what is stored and what is asked.

``fold`` turns text into its search form: NFKC, the Ghanaian letters Ɔ Ɛ Ŋ (and Ƒ, Ɣ, Ʋ of other
Ghanaian alphabets) as the Latin letters an English keyboard types, accents and other marks dropped,
case folded, runs of blanks as one space. So "Ɔdɔm", "ODOM" and "odom" meet as "odom".

An application's search key is its folded name, e-mail and ID with its phone number in the
international (+233241234567) and national (0241234567) forms; a query matches when each of
its words is a part of the key, or when it reads as the same phone number in any format. The
SQLite store keeps the key in a column; the Firestore store keeps the key's trigrams as tokens
and asks for one of the query's.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import phonenumbers

from agency_core.spec.forms import ApplicationForm
from agency_core.spec.validation import DEFAULT_PHONE_REGION, normalise_phone

_LETTERS: Final = str.maketrans(
    {
        "Ɔ": "o",
        "ɔ": "o",
        "Ɛ": "e",
        "ɛ": "e",
        "Ŋ": "n",
        "ŋ": "n",
        "Ƒ": "f",
        "ƒ": "f",
        "Ɣ": "g",
        "ɣ": "g",
        "Ʋ": "v",
        "ʋ": "v",
        "Ɖ": "d",
        "ɖ": "d",
        "Đ": "d",
        "đ": "d",
        "Ø": "o",
        "ø": "o",
        "Ł": "l",
        "ł": "l",
        "ß": "ss",
        "Æ": "ae",
        "æ": "ae",
        "Œ": "oe",
        "œ": "oe",
    }
)
"""Letters that are not a Latin letter plus a mark, as the Latin letters typed for them."""

_BLANKS: Final = re.compile(r"\s+")
_PHONE_PUNCTUATION: Final = re.compile(r"[\s().\-/]")
TRIGRAM: Final = 3


def fold(text: str) -> str:
    """The search form of ``text``: "Kwame  Ɔdɔm" and "KWAME ODOM" both become "kwame odom"."""
    text = unicodedata.normalize("NFKC", text).translate(_LETTERS).casefold()
    bare = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    # Casefolding and decomposing can bring back a letter of the table (e.g. NFKC of a compatibility form).
    return _BLANKS.sub(" ", unicodedata.normalize("NFC", bare.translate(_LETTERS))).strip()


@lru_cache(maxsize=4096)  # parsing a number is the key's dearest part; lists search the same ones again
def phone_forms(raw: str, region: str = DEFAULT_PHONE_REGION) -> tuple[str, ...]:
    """The forms a phone number is typed in: international (+233241234567, which holds the digits
    233241234567 typed without the +) and, for a number of ``region``, national (0241234567);
    nothing when ``raw`` is not a phone number."""
    typed = _PHONE_PUNCTUATION.sub("", raw)
    e164 = normalise_phone(typed, region) if typed else None
    if e164 is None:
        return ()
    forms = [e164]
    number = phonenumbers.parse(e164, None)
    if phonenumbers.region_code_for_number(number) == region:
        forms.append("0" + str(number.national_number))
    return tuple(forms)


def search_key(record_id: str, data: ApplicationForm, region: str = DEFAULT_PHONE_REGION) -> str:
    """What an application is found by, folded: name, e-mail, ID and the phone's digits."""
    parts = [fold(data.applicant_name), fold(data.email), fold(record_id), *phone_forms(data.phone, region)]
    return " ".join(p for p in parts if p)


def trigrams(text: str) -> set[str]:
    """Every run of three characters of each word of ``text`` (a shorter word whole)."""
    grams: set[str] = set()
    for word in text.split():
        if len(word) <= TRIGRAM:
            grams.add(word)
        grams.update(word[i : i + TRIGRAM] for i in range(len(word) - TRIGRAM + 1))
    return grams


def search_tokens(key: str) -> list[str]:
    """The tokens a Firestore document keeps for ``array-contains``: the key's trigrams, sorted."""
    return sorted(trigrams(key))


@dataclass(frozen=True, slots=True)
class Search:
    """A query as the stores use it: its folded words, or, when it reads as a phone number, its
    international form (then it finds that number, in whatever format it was typed or stored)."""

    words: tuple[str, ...]
    phone: str = ""

    @property
    def token(self) -> str | None:
        """One token every match has (of the phone's digits, or of the longest word), or ``None`` when
        the words are too short to have one: the Firestore store's ``array-contains`` filter."""
        if self.phone:
            return self.phone[-TRIGRAM:]
        if not self.words:
            return None
        longest = max(self.words, key=len)
        return longest[:TRIGRAM] if len(longest) >= TRIGRAM else None

    def matches(self, key: str) -> bool:
        if self.phone:
            return self.phone in key
        return bool(self.words) and all(word in key for word in self.words)


def search_of(q: str, region: str = DEFAULT_PHONE_REGION) -> Search:
    """``q`` folded into words; a phone number in any format also as its international digits."""
    forms = phone_forms(q, region)
    return Search(tuple(fold(q).split()), forms[0] if forms else "")
