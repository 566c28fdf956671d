"""The admin area: its records, status moves, list filters, store ports, CSV export, blog sanitising, use cases."""
