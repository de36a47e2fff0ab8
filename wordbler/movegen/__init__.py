"""Move generation: lexicon graph and move search."""
