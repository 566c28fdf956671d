"""The Firestore store: the same ports as SQLite, one collection per record."""
