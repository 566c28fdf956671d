"""Appointment slots: the office's calendar (zone, weekdays, closed dates, capacity) and which slots are free."""
