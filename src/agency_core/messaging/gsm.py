"""GSM-7 text: what an SMS can carry without switching to UCS-2, and how many parts it takes."""

from __future__ import annotations

import unicodedata
from enum import StrEnum
from typing import Final

_BASIC: Final = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
_EXTENDED: Final = frozenset("^{}\\[~]|€\f")
_REPLACEMENTS: Final = {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "..."}
_LETTERS: Final = {"ɛ": "e", "Ɛ": "E", "ɔ": "o", "Ɔ": "O", "ŋ": "ng", "Ŋ": "Ng", "ƒ": "f", "ʋ": "v", "Ʋ": "V"}
"""Letters of Ghanaian languages (Akan, Ewe, Ga) that Unicode does not decompose to a Latin one."""

SINGLE_PART: Final = 160
MULTI_PART: Final = 153
UCS2_SINGLE_PART: Final = 70
UCS2_MULTI_PART: Final = 67


class Encoding(StrEnum):
    GSM7 = "GSM-7"
    UCS2 = "UCS-2"


def is_gsm7(text: str) -> bool:
    return all(ch in _BASIC or ch in _EXTENDED for ch in text)


def to_gsm7(text: str) -> str:
    """``text`` with every character outside GSM-7 replaced by its closest GSM-7 form
    (accents dropped, curly quotes straightened) or by ``?``."""
    out: list[str] = []
    for ch in text:
        if ch in _BASIC or ch in _EXTENDED:
            out.append(ch)
            continue
        ch = _REPLACEMENTS.get(ch, ch)
        base = "".join(b for b in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(b))
        out.append(base if base and is_gsm7(base) else "?")
    return "".join(out)


def _transliterated(word: str) -> str:
    out = []
    for ch in word:
        ch = _LETTERS.get(ch, _REPLACEMENTS.get(ch, ch))
        out.append("".join(b for b in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(b)))
    return "".join(out)


def gsm7_name(name: str) -> str:
    """A person's name as a text can carry it: each word transliterated (``Ọbɛng`` -> ``Obeng``);
    a word that still has a letter GSM-7 lacks (``王``, ``Ана``) is left out, never sent as ``?``."""
    words = (_transliterated(word) for word in name.split())
    return " ".join(word for word in words if word and is_gsm7(word))


def septets(text: str) -> int:
    return sum(2 if ch in _EXTENDED else 1 for ch in text)


def encoding(text: str) -> Encoding:
    """GSM-7 when every character has a GSM-7 form; one character outside it makes the whole text UCS-2."""
    return Encoding.GSM7 if is_gsm7(text) else Encoding.UCS2


def ucs2_units(text: str) -> int:
    """UTF-16 code units: a character beyond the Basic Multilingual Plane (an emoji) takes two."""
    return len(text.encode("utf-16-le")) // 2


def sms_parts(text: str) -> int:
    """How many SMS parts ``text`` needs: in GSM-7, 160 septets alone and 153 per part when split (an
    extension character such as ``€`` or ``{`` takes two); in UCS-2, 70 units alone and 67 per part."""
    if is_gsm7(text):
        length, single, multi = septets(text), SINGLE_PART, MULTI_PART
    else:
        length, single, multi = ucs2_units(text), UCS2_SINGLE_PART, UCS2_MULTI_PART
    return 1 if length <= single else -(-length // multi)
