"""Qt user interface of Wordbler (the only package that imports Qt)."""
