"""The specification as data and rules: constants, form validation, upload checks, the rules export."""
