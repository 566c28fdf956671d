"""Texts and their delivery: SMS and e-mail texts, the e-mail and its sender, notifications, the outbox."""
