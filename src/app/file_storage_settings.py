"""Where uploads and blog media are kept (``AGENCY_FILE_STORAGE``): the local disk under
``AGENCY_DATA_DIR`` (the embedded default) or one Cloud Storage bucket (``AGENCY_FILES_BUCKET``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

FILE_STORAGE_CHOICES: Final = ("disk", "cloud-storage")
_BUCKET_NAME: Final = re.compile(r"^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$")
"""Cloud Storage's bucket names: lower case letters, digits, ``-``, ``_`` and ``.``."""


class FileStorageSettingsError(ValueError):
    """A wrong file storage setting; the message is one line fit for the operator."""


@dataclass(frozen=True, slots=True)
class FileStorageSettings:
    kind: str = "disk"
    """``AGENCY_FILE_STORAGE``: ``disk`` (``AGENCY_DATA_DIR/uploads`` and ``media/blog``) or ``cloud-storage``."""
    bucket: str = ""
    """``AGENCY_FILES_BUCKET``: the bucket of ``cloud-storage`` (objects ``uploads/...`` and ``media/blog/...``)."""
    project: str = ""
    """The Google Cloud project of the client (``FIREBASE_PROJECT_ID`` or ``GOOGLE_CLOUD_PROJECT``), if any."""

    @property
    def in_bucket(self) -> bool:
        return self.kind == "cloud-storage"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> FileStorageSettings:
        raw = env.get("AGENCY_FILE_STORAGE") or "disk"
        kind = raw.strip().lower()
        if kind not in FILE_STORAGE_CHOICES:
            raise FileStorageSettingsError(f"AGENCY_FILE_STORAGE must be disk or cloud-storage, not {raw!r}")
        bucket = (env.get("AGENCY_FILES_BUCKET") or "").strip()
        if kind == "cloud-storage" and not bucket:
            raise FileStorageSettingsError(
                "AGENCY_FILES_BUCKET (the bucket's name) is required when AGENCY_FILE_STORAGE=cloud-storage"
            )
        if bucket and not _BUCKET_NAME.match(bucket):
            raise FileStorageSettingsError(f"AGENCY_FILES_BUCKET is not a bucket name: {bucket!r}")
        project = (env.get("FIREBASE_PROJECT_ID") or env.get("GOOGLE_CLOUD_PROJECT") or "").strip()
        return cls(kind=kind, bucket=bucket, project=project)
