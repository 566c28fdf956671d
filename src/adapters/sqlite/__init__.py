"""The embedded default store: one SQLite file under ``AGENCY_DATA_DIR``."""
