"""Employers and their job orders (demand letters): issue 46 items 1 and 2."""
