"""Bulk actions from the applications list: status moves with an undo window, and one message to many."""
