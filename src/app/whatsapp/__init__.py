"""The WhatsApp channel's HTTP side: Meta's signed webhook (issue 48)."""
