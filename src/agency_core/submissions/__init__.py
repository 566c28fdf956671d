"""The public site's use cases: forms in, records and notifications out; tracking; rate limits."""
