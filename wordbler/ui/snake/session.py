"""The round's session: takes the board's intents, calls the engine, tells the widgets.

Widgets emit intent (a tile pressed, entered, a key typed) and render what the session's
signals say; the rules live in :mod:`wordbler.snake` (:class:`~wordbler.snake.Selection`,
:class:`~wordbler.snake.SnakeGame`).  The session also runs the round's tick (a QTimer
reading the game's clock: no sleeps), the autosave and the high scores.

Mouse rules (a drag and tile-by-tile clicks share them)
    * press on a tile: start a path there, or extend the path when the tile is a free
      neighbour of its last tile (or step back when it is the one before the last);
    * a press that becomes a drag (the pointer reaches another tile with the button held)
      starts a new word on the pressed tile: only clicks extend a path tile by tile (a tile
      left lit by a click, or by a drag let go too early, was glued onto the next word:
      B + ALLOTTED was played as BALLOTTED);
    * moving with the button held onto tiles adds them; back onto the previous tile takes
      the last one off;
    * release after a drag submits the word; release after a plain click keeps the path,
      and a click on the path's last tile submits it;
    * right click, Esc: drop the path.
Keys: letters build the word along any path spelling it (keeping the lit tiles where the
word still fits them), Backspace takes a letter off, Enter submits.
"""

from __future__ import annotations

import datetime as _dt
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from wordbler.snake import (Phase, Preview, Selection, SnakeGame, SnakeWords, Step, Submission,
                            Verdict)
from wordbler.snake.board import TYPED_AS
from wordbler.snake.storage import (HighScores, ScoreEntry, StorageError, remove_autosave,
                                    save_round, table_key)

TICK_MS = 100
AUTOSAVE_EVERY_S = 5.0


class SnakeSession(QObject):
    selection_changed = Signal()
    word_played = Signal(object)        # Submission
    time_changed = Signal()
    phase_changed = Signal()            # a turn began / paused / resumed / ended
    round_finished = Signal(object)     # Results
    message = Signal(str)
    save_error_changed = Signal()       # save_error set or cleared (the window keeps it in view)

    def __init__(self, game: SnakeGame, words: SnakeWords, code: str, *,
                 autosave_path: Path | None = None, highscores: HighScores | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.game = game
        self.words = words
        self.code = code
        self.autosave_path = autosave_path
        self.highscores = highscores
        self.selection = Selection(game.deal.board)
        self.typed = ""                   # letters typed (the path follows them)
        self.typed_path_missing = False   # typed letters no path spells
        self.places: dict[int, int | None] = {}
        self.results = None
        self.last_saved_elapsed = -1e9
        self.save_error: str | None = None
        self.save_error_short = ""       # a few words for the status bar ("Is a directory")
        self._press_on_last = False
        self._dragged = False
        self._pressed = None    # the tile pressed, until the press becomes a drag or ends
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.tick)
        self._last_shown = None
        if game.phase is Phase.PLAYING:
            self._timer.start()

    # ---- what the widgets read -------------------------------------------------------------
    @property
    def board(self):
        return self.game.deal.board

    @property
    def path(self) -> tuple:
        return self.selection.cells

    @property
    def preview(self) -> Preview:
        return self.game.preview(self.selection.cells)

    @property
    def current_text(self) -> str:
        """The word as built so far (typed letters not on the board included)."""
        if self.typed_path_missing:
            return self.typed
        return self.selection.text

    @property
    def playing(self) -> bool:
        return self.game.phase is Phase.PLAYING

    # ---- mouse intents ---------------------------------------------------------------------
    def press(self, cell) -> None:
        if not self.playing:
            return
        sel = self.selection
        self._dragged = False
        self._pressed = cell
        self._drop_typing()
        if sel and cell == sel.last:
            self._press_on_last = True
            return
        self._press_on_last = False
        if sel and (sel.can_extend(cell) or (len(sel) >= 2 and cell == sel.cells[-2])):
            sel.touch(cell)
        else:
            sel.clear()
            sel.touch(cell)
        self.selection_changed.emit()

    def enter(self, cell) -> None:
        if not self.playing:
            return
        sel = self.selection
        restarted = False
        if self._pressed is not None:
            # the press becomes a drag: a new word from the pressed tile
            pressed, self._pressed = self._pressed, None
            self._press_on_last = False  # a drag from the last tile does not play the path
            if sel.cells != (pressed,):
                sel.clear()
                sel.touch(pressed)
                restarted = True
        step = sel.touch(cell)
        moved = step in (Step.ADDED, Step.BACKTRACKED, Step.STARTED)
        if moved:
            self._dragged = True
            self._press_on_last = False
        if moved or restarted:
            self.selection_changed.emit()

    def release(self) -> None:
        self._pressed = None
        if not self.playing:
            return
        if self._dragged or self._press_on_last:
            self._dragged = self._press_on_last = False
            self.submit()

    def clear(self) -> None:
        self.selection.clear()
        self._drop_typing()
        self.selection_changed.emit()

    # ---- keys ----------------------------------------------------------------------------------
    def type_text(self, text: str) -> None:
        if not self.playing:
            return
        alphabet = self.words.alphabet
        letters = alphabet.try_normalise(text)
        if not letters:
            self.message.emit(self.tr("{text!r} is not a letter of the {name} alphabet").format(text=text, name=alphabet.name))
            return
        base = self.typed if (self.typed or self.typed_path_missing) else self.selection.text
        self._set_typed(base + letters)

    def backspace(self) -> None:
        if not self.playing:
            return
        base = self.typed if (self.typed or self.typed_path_missing) else self.selection.text
        if not base:
            return
        self._set_typed(base[:-1])

    def _set_typed(self, text: str) -> None:
        self.typed = text
        prefer = self.selection.cells
        typed_as = TYPED_AS.get(self.words.alphabet.code)
        path = self.board.find_path(text, prefer=prefer, partial=True,
                                    typed_as=typed_as) if text else ()
        if path is None:
            self.typed_path_missing = True
            self.selection.clear()
        else:
            self.typed_path_missing = False
            self.selection.set(path)
        self.selection_changed.emit()

    def _drop_typing(self) -> None:
        self.typed = ""
        self.typed_path_missing = False

    # ---- submitting ------------------------------------------------------------------------------
    def submit(self) -> Submission | None:
        """Play the path (or the typed word); the outcome goes to ``word_played``."""
        if not self.playing:
            return None
        if self.typed_path_missing:
            word = self.typed
            self.clear()
            sub = Submission(Verdict.BAD_PATH, word)
            self.word_played.emit(sub)
            return sub
        path = self.selection.cells
        if not path:
            return None
        if self.typed and len(self.board.spell(path)) != len(self.typed):
            # a typed Q lit the QU tile: the word typed is not complete (the length, not the
            # letters: a Ё tile typed as Е spells the same word)
            word = self.typed
            self.clear()
            sub = Submission(Verdict.NOT_A_WORD, word, path)
            self.word_played.emit(sub)
            return sub
        sub = self.game.submit(path)
        self.selection.clear()
        self._drop_typing()
        self.selection_changed.emit()
        self.word_played.emit(sub)
        if sub.verdict is Verdict.TIME_UP:
            self._turn_over()
        elif sub.accepted:
            self.autosave()
        return sub

    def submit_text(self, text: str) -> Submission | None:
        self._set_typed(self.words.alphabet.try_normalise(text) or "")
        return self.submit()

    # ---- turns ---------------------------------------------------------------------------------
    def begin_turn(self) -> None:
        if self.game.phase is not Phase.READY:
            return
        self.game.begin_turn()
        self.clear()
        self._timer.start()
        self.autosave(force=True)
        self.phase_changed.emit()
        self.time_changed.emit()

    def pause(self) -> None:
        if self.game.phase is not Phase.PLAYING:
            return
        if self.game.pause():
            self._timer.stop()
            self.clear()
            self.autosave(force=True)
            self.phase_changed.emit()
        else:               # the time ran out just now
            self._turn_over()

    def resume(self) -> None:
        if self.game.resume():
            self._timer.start()
            self.phase_changed.emit()
            self.time_changed.emit()

    def toggle_pause(self) -> None:
        if self.game.phase is Phase.PAUSED:
            self.resume()
        elif self.game.phase is Phase.PLAYING:
            self.pause()

    def end_turn(self) -> None:
        if self.game.phase in (Phase.PLAYING, Phase.PAUSED):
            self.game.end_turn()
            self._turn_over()

    def tick(self) -> None:
        """Read the clock: the shown time, the end of the turn, the periodic autosave."""
        if self.game.poll():
            self._turn_over()
            return
        remaining = self.game.remaining
        shown = None if remaining is None else int(remaining + 0.999)
        if shown != self._last_shown:
            self._last_shown = shown
            self.time_changed.emit()
        if self.game.timer.elapsed - self.last_saved_elapsed >= AUTOSAVE_EVERY_S:
            self.autosave()

    def _turn_over(self) -> None:
        self._timer.stop()
        self.selection.clear()
        self._drop_typing()
        self.selection_changed.emit()
        if self.game.finished:
            self._finish()
        else:
            self.autosave(force=True)
        self.phase_changed.emit()

    def _finish(self) -> None:
        self.results = self.game.results()
        self._record_high_scores()
        if self.autosave_path is not None:
            try:
                remove_autosave(self.autosave_path)
            except OSError as e:
                self.save_error = f"could not remove the autosave: {e}"
            else:
                if self.save_error is not None:  # the round is over: nothing left to save
                    self.save_error = None
                    self.save_error_changed.emit()
        self.round_finished.emit(self.results)

    # ---- hints -----------------------------------------------------------------------------------
    def hints(self):
        self.game.mark_hinted()
        return self.game.hints()

    # ---- files -------------------------------------------------------------------------------------
    def autosave(self, force: bool = False) -> bool:
        """Write the round if it has started and is not over (an unplayed deal never
        replaces a saved round)."""
        if self.autosave_path is None or not self.game.started or self.game.finished:
            return False
        try:
            save_round(self.game, self.words, self.autosave_path)
        except (OSError, TypeError, ValueError) as e:
            if self.save_error is None:
                self.message.emit(self.tr("Could not save the round: {error}").format(error=e))
            if self.save_error != str(e):
                self.save_error = str(e)
                self.save_error_short = getattr(e, "strerror", None) or type(e).__name__
                self.save_error_changed.emit()
            return False
        if self.save_error is not None:
            self.save_error = None
            self.save_error_changed.emit()
        self.last_saved_elapsed = self.game.timer.elapsed
        return True

    def _record_high_scores(self) -> None:
        hs = self.highscores
        if hs is None or self.results is None:
            return
        spec = self.game.deal.spec
        tag = None if self.words.bundled else self.words.content_hash[:4].upper()
        key = table_key(spec.lang, spec.cols, spec.rows, tag)
        today = _dt.date.today().isoformat()
        n = len(self.results.players)
        entries = {}
        for pr in self.results.players:
            entry = ScoreEntry(pr.name, pr.score, len(pr.words), round(pr.percent, 1), today,
                               self.code, pr.hinted, n)
            if hs.add(key, entry) is not None:
                entries[pr.index] = entry
        # places once every player is in (a later, better score moves an earlier one down)
        table = hs.tables.get(key, [])
        for pr in self.results.players:
            e = entries.get(pr.index)
            self.places[pr.index] = next((i for i, x in enumerate(table) if x is e), None)
        if any(v is not None for v in self.places.values()):
            try:
                hs.save()
            except (OSError, StorageError) as e:
                self.message.emit(self.tr("Could not save the high scores: {error}").format(error=e))
        self.table_key = key

    def stop(self) -> None:
        """The window is closing: save where the round is."""
        self._timer.stop()
        if self.game.phase is Phase.PLAYING:
            self.game.pause()
        self.autosave(force=True)


def monotonic() -> float:
    return time.monotonic()
