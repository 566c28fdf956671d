"""Passport numbers sealed at rest: the application's ``passportNumber`` is stored as a Fernet token
under the documents' key (``AGENCY_FILES_KEY``), and beside it an HMAC-SHA256 index of the
normalised number (upper-case, no spaces), under a key derived from the same one, so a data request
can find an application by its passport number without reading every number in clear.

A sealed value is marked (:data:`SEALED_PREFIX`), so a reader tells it from a plain one written
before sealing was on; the stores seal those at start."""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import replace

from cryptography.fernet import Fernet, InvalidToken

from agency_core.privacy.data_requests import normalise_passport
from agency_core.records import Application
from agency_core.spec.forms import spec_name
from agency_core.staff.records import ApplicationRecord

PASSPORT_FIELD = spec_name("passport_number")
"""Its stored name, in an application's ``data``."""
SEALED_PREFIX = "sealed:v1:"
_INDEX_LABEL = b"agency passport index v1"


class PassportSealer:
    def __init__(self, key: bytes | str) -> None:
        raw = key.encode() if isinstance(key, str) else key
        self._fernet = Fernet(raw)
        self._index_key = hmac.new(base64.urlsafe_b64decode(raw), _INDEX_LABEL, hashlib.sha256).digest()

    def index(self, number: str) -> str:
        """The index of a passport number ("" for none): equal for the same number in any case or spacing."""
        normalised = normalise_passport(number)
        if not normalised:
            return ""
        return hmac.new(self._index_key, normalised.encode(), hashlib.sha256).hexdigest()

    def open_value(self, value: str) -> str:
        if not value.startswith(SEALED_PREFIX):
            return value
        try:
            return self._fernet.decrypt(value.removeprefix(SEALED_PREFIX).encode()).decode()
        except InvalidToken as exc:
            raise ValueError("a passport number cannot be decrypted with AGENCY_FILES_KEY") from exc

    def seal(self, application: Application) -> tuple[Application, str]:
        """The application as stored (its passport number sealed) and the number's index ("" for none)."""
        value = application.data.passport_number
        if not value:
            return application, ""
        plain = self.open_value(value)
        token = SEALED_PREFIX + self._fernet.encrypt(plain.encode()).decode()
        return replace(application, data=replace(application.data, passport_number=token)), self.index(plain)

    def is_plain(self, data: object) -> bool:
        """Whether stored ``data`` holds a passport number not sealed yet."""
        value = data.get(PASSPORT_FIELD) if isinstance(data, dict) else None
        return isinstance(value, str) and bool(value) and not value.startswith(SEALED_PREFIX)

    def open(self, application: Application) -> Application:
        """The application as the core sees it: its passport number in clear."""
        value = application.data.passport_number
        if not value.startswith(SEALED_PREFIX):
            return application
        return replace(application, data=replace(application.data, passport_number=self.open_value(value)))

    def open_record(self, record: ApplicationRecord) -> ApplicationRecord:
        return replace(record, application=self.open(record.application))
