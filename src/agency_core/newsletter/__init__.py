"""The newsletter: double opt-in subscriptions, issues staff write and send through the outbox."""
