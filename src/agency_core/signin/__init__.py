"""Admin sign-in: identity and role rules, sessions, throttling, the sign-in use case."""
