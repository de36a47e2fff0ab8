"""Bundled word lists (data only)."""
