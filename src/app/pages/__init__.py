"""Server-filled public pages (the head tags and structured data of record pages)."""
