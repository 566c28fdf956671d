"""WhatsApp: opt-ins, the channel's message states and fallback, inbound messages (pure core)."""
