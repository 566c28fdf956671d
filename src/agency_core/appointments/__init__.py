"""Appointments: the office's calendar and free slots, booking changes, reminders, the staff calendar."""
