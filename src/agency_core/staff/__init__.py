"""The admin area: its records and store port, status moves, settings, blog sanitising, use cases."""
