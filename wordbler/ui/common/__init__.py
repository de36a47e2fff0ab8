"""Widgets, theme and helpers shared by the games' windows."""
