"""Texts and their delivery: SMS and e-mail texts, who is notified of what, the outbox worker."""
