"""The WhatsApp channel's core: opt-ins, message states, channel choice and fallback."""
