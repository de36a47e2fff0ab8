"""The board game's window, dialogs and widgets."""
