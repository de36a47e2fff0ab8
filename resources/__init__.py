"""Bundled images, icons and sounds (data only)."""
