"""Job postings: the Job record, the form's rules, the public board, JobPosting data and job alerts."""
