"""``AGENCY_FILE_STORAGE`` and ``AGENCY_FILES_BUCKET``: the disk by default, a bucket when asked; a missing or
misspelt setting stops the start, naming it."""

from __future__ import annotations

import pytest

from app.settings import Settings, SettingsError
from tests.support.production import production


def test_files_stay_on_the_disk_by_default() -> None:
    storage = Settings.from_env(production()).file_storage
    assert (storage.kind, storage.in_bucket, storage.bucket) == ("disk", False, "")


def test_a_bucket_is_chosen_with_its_name() -> None:
    env = production(
        AGENCY_FILE_STORAGE="Cloud-Storage", AGENCY_FILES_BUCKET="vandy-files", GOOGLE_CLOUD_PROJECT="vandy"
    )
    storage = Settings.from_env(env).file_storage
    assert (storage.kind, storage.in_bucket, storage.bucket, storage.project) == (
        "cloud-storage",
        True,
        "vandy-files",
        "vandy",
    )


def test_a_bucket_without_its_name_stops_the_start_naming_the_setting() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(production(AGENCY_FILE_STORAGE="cloud-storage"))
    assert str(refused.value) == (
        "AGENCY_FILES_BUCKET (the bucket's name) is required when AGENCY_FILE_STORAGE=cloud-storage"
    )


def test_an_unknown_kind_of_storage_stops_the_start_naming_it() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(production(AGENCY_FILE_STORAGE="gcs"))
    assert str(refused.value) == "AGENCY_FILE_STORAGE must be disk or cloud-storage, not 'gcs'"


def test_a_name_that_is_no_bucket_name_is_refused() -> None:
    with pytest.raises(SettingsError, match="AGENCY_FILES_BUCKET is not a bucket name"):
        Settings.from_env(production(AGENCY_FILE_STORAGE="cloud-storage", AGENCY_FILES_BUCKET="gs://Vandy Files"))


def test_a_misspelt_bucket_setting_stops_a_production_start() -> None:
    with pytest.raises(SettingsError) as refused:
        Settings.from_env(production(AGENCY_FILE_STORAGE="cloud-storage", AGENCY_FILE_BUCKET="vandy-files"))
    assert str(refused.value).startswith("Unknown setting AGENCY_FILE_BUCKET: a misspelt name?")
