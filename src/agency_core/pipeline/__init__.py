"""Recruitment pipeline: stages, documents and the departure gate."""
