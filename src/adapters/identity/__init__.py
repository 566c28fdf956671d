"""Identity, role and session adapters for the admin sign-in (local SQLite, Firebase, Firestore)."""
