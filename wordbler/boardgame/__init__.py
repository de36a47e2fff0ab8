"""The crossword-tile board game: rules, board, game state, GCG records, saves, move
generation and computer players.  No Qt here."""
