"""The board game's window, dialogs and widgets.

=================  ==========================================================================
``startup``        :class:`Startup`: ``--open``, the resume offer (``--resume``), a new game.
``files``          :class:`FileController`: File menu, open / save / recent, unsaved changes.
``autosave``       :class:`Autosaver` (atomic writes in a worker), resume offer, corrupt files
                   set aside.
``replay_view``    :class:`ReplayView` / :class:`ReplayWindow`: a record move by move.
``scripted``       a test-only hook: a window plays a script of intents (kill-and-resume test).
``setup``          :class:`SetupDialog`: players (name, mascot by drag and drop with undo,
                   human/computer), rules preset, dictionary with inline errors.
``config``         :class:`GameConfig` (what a new game is made of), lexicon loading.
``mainwindow``     :class:`MainWindow` (menus, dialogs, ``_connect_signals``), :class:`Table`
                   (board, rack, side panel), :class:`HandoffPanel` (between turns).
``session``        :class:`GameSession`: intents, queries, undoable tile moves
                   (:class:`MoveTileCommand`, :class:`ReorderRackCommand`), ``apply_move``.
``board``          :class:`BoardWidget` (QGridLayout of 225 :class:`SquareWidget`), cursor.
``rack``           :class:`RackWidget` with :class:`RackTile` s.
``panels``         player panels, mascot view, the bag.
``tiles``          painting a tile (:func:`paint_tile`, :class:`TileFace`, :class:`TileView`).
``animation``      :class:`Animator`: QPropertyAnimation flights and the bag's shake; speeds.
``dialogs``        wildcard chooser, score history, scoreboard, game over, about.
``computer``       :class:`ComputerRunner`: computer turns in a QThreadPool worker.
``moveindex``      :class:`MoveIndex`: the move generator built or loaded in a worker, with
                   progress; shared by computer and hints; cancellable jobs.
``hints``          :class:`HintPanel` and :class:`HintController`: the best moves for the rack.
``thinking``       :class:`ThinkingIndicator`: a computer is thinking; build progress.
``mime``           the drag payloads ``application/x-wordbler-tile`` and ``-mascot``.
``theme``          colours and fonts.
``texts``          the wording of refusals, previews and recaps.
=================  ==========================================================================
"""
