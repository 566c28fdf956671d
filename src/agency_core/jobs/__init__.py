"""Job postings: the form's rules, the public board, JobPosting data and job alerts."""
