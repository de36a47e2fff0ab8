"""``wordbler``: the desktop suite.

``wordbler`` opens the start page (every game of the suite, see :mod:`wordbler.ui.start`).
The board game's options go straight to it: ``wordbler --players "Ann,Bob" [--seed N]
[--rules PRESET]`` starts a new game at once, without asking anything first (for testing and
for people in a hurry; an unfinished game stays kept, in File > Resume), ``--resume`` takes
the newest unfinished game the autosave kept, ``--open FILE`` starts with a game record (see
:mod:`wordbler.ui.boardgame.startup`).

Every option is checked before a window opens: a bad one is one line on stderr and exit
status 2 (``--rules`` too, whether or not ``--players`` is given).  A file given to ``--open``
that is not a game is also shown in a message box when someone can see it (see
:func:`wordbler.ui.boardgame.startup.interactive`); with no display at all it is checked
before Qt starts, so the answer is still that line and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from wordbler.boardgame.game import PlayerSpec
from wordbler.boardgame.rules import PRESETS, get_ruleset

from wordbler.ui.boardgame.animation import Speed
from wordbler.ui.boardgame.config import DictionaryUnavailable, GameConfig, load_lexicon


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:
        self.print_usage(sys.stderr)
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="wordbler",
                description="A suite of word games. Without options it opens the start page; "
                            "--players, --open and --resume go straight to the board game.")
    p.add_argument("--players", metavar="NAMES",
                   help='comma-separated player names, e.g. "Ann,Bob", skips the setup dialog; '
                        '"Name:LEVEL" makes a seat a computer (beginner, intermediate, strong, '
                        'expert), e.g. "Ann,Robo:strong"')
    p.add_argument("--seed", type=int, metavar="N", help="seed of the bag (the same seed deals the same tiles)")
    p.add_argument("--rules", default="standard", metavar="PRESET",
                   help=f"rules preset: {', '.join(_preset_help(r) for r in PRESETS.values())} "
                        f"(default: standard)")
    p.add_argument("--lexicon", metavar="FILE", help="word list to use instead of the bundled one")
    p.add_argument("--animation", metavar="SPEED",
                   help="animation speed: off, fast, normal, slow (default: as last chosen, else normal)")
    p.add_argument("--open", metavar="FILE", dest="open_file",
                   help="open a game record (.gcg): a saved unfinished game goes on the table "
                        "where it was, any other record opens in the replay view")
    p.add_argument("--resume", action="store_true",
                   help="resume the newest unfinished game the autosave kept, without asking")
    return p


def players_range(rules) -> str:
    """"2 players", "2-4 players"."""
    lo, hi = rules.min_players, rules.max_players
    return f"{lo} players" if lo == hi else f"{lo}-{hi} players"


def _preset_help(rules) -> str:
    return f"{rules.name} ({players_range(rules)})"


def _no_display(env=None) -> bool:
    """No display to connect to at all (X11 / Wayland systems with neither ``DISPLAY`` nor
    ``WAYLAND_DISPLAY``, and no Qt platform chosen): Qt could not even start."""
    env = os.environ if env is None else env
    if env.get("QT_QPA_PLATFORM"):
        return False  # offscreen, minimal...: Qt starts, and Startup answers
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return False


def config_from_args(args: argparse.Namespace) -> GameConfig:
    """The game the command line asks for.  ``ValueError`` with a clear message if it cannot be."""
    from wordbler.ui.boardgame.mascots import default_mascots

    names, levels = [], []
    for item in args.players.split(","):
        name, _, level = item.partition(":")
        names.append(name.strip())
        levels.append(level.strip().lower() or None)
    if any(not n for n in names):
        raise ValueError("--players: every player needs a name (e.g. --players \"Ann,Bob\")")
    if any(levels):
        from wordbler.boardgame.ai import LEVELS

        for level in filter(None, levels):
            if level not in LEVELS:
                raise ValueError(f"--players: unknown computer level {level!r}; choose one of: "
                                 f"{', '.join(LEVELS)}")
    rules = get_ruleset(args.rules)
    if not rules.min_players <= len(names) <= rules.max_players:
        raise ValueError(f"the {rules.title} rules are for {players_range(rules)}, "
                         f"not {len(names)}")
    if len({n.casefold() for n in names}) != len(names):
        raise ValueError("--players: names must be unique")
    mascots = default_mascots(len(names))
    specs = tuple(PlayerSpec(n, m, lvl) for n, m, lvl in zip(names, mascots, levels))
    try:
        lexicon, label = load_lexicon(args.lexicon)
    except DictionaryUnavailable as e:
        if args.lexicon:
            raise ValueError(f"--lexicon: {e}") from None
        lexicon, label = None, f"none ({e})"
    return GameConfig(specs, rules.name, lexicon, label, args.seed)


def translation_folders() -> list[Path]:
    """Where ``wordbler_<locale>.qm`` files are looked for, first found wins: the user's data
    folder (``translations/`` in :func:`wordbler.paths.user_data_dir`, for trying a
    translation without installing it), then the package's own ``wordbler/ui/translations``
    (none are shipped yet; see "Translating" in the README)."""
    from wordbler.paths import user_data_dir

    return [user_data_dir() / "translations", Path(__file__).resolve().with_name("translations")]


def install_translators(app, locale=None, folders: Sequence[Path] | None = None) -> list:
    """Install Wordbler's translation for ``locale`` (default: the system's,
    ``QLocale.system()``) when a ``wordbler_<locale>.qm`` exists in one of ``folders``
    (default :func:`translation_folders`), and with it Qt's own (qtbase: standard buttons,
    dialogs).  Without ours, Qt's is not installed either: the UI stays all English rather
    than English texts over "Отмена" and "Закрыть" buttons.  Returns the translators
    installed (kept on ``app`` as well, so they live as long as it)."""
    from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator

    locale = QLocale.system() if locale is None else locale
    installed = []
    for folder in (translation_folders() if folders is None else folders):
        ours = QTranslator(app)
        # os.path.isdir: False (not an error) for a folder that cannot be read
        if os.path.isdir(folder) and ours.load(locale, "wordbler", "_", str(folder)):
            installed.append(ours)
            break
    if installed:
        qt = QTranslator(app)
        if qt.load(locale, "qtbase", "_",
                   QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            installed.insert(0, qt)
    for t in installed:
        app.installTranslator(t)
    app.wordbler_translators = list(getattr(app, "wordbler_translators", [])) + installed
    return installed


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        speed = Speed.parse(args.animation) if args.animation else None
    except ValueError as e:
        print(f"wordbler: {e}", file=sys.stderr)
        return 2
    if args.open_file and args.resume:
        print("wordbler: --open and --resume cannot be used together", file=sys.stderr)
        return 2
    try:  # checked even without --players: never silently ignored
        args.rules = get_ruleset(args.rules).name
    except ValueError as e:
        print(f"wordbler: --rules: {e}", file=sys.stderr)
        return 2
    if args.open_file and _no_display():
        # no display for Qt at all: check the file before Qt would fail to start
        from wordbler.boardgame.gcg import GCGError

        from .boardgame.files import open_record

        try:
            open_record(args.open_file)
        except GCGError as e:
            print(f"wordbler: {e}", file=sys.stderr)
            return 2
    config = None
    if args.players:
        try:
            config = config_from_args(args)
        except ValueError as e:
            print(f"wordbler: {e}", file=sys.stderr)
            return 2

    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    # crisp at fractional scale factors (125 %, 150 %): Qt 6 is HiDPI aware by default
    app = QApplication.instance()
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(list(sys.argv[:1]))
    app.setApplicationName("Wordbler")
    app.setOrganizationName("Wordbler")
    install_translators(app)  # before any window is made: their texts are translated then
    settings = QSettings()
    if speed is None:
        try:
            speed = Speed.parse(str(settings.value("view/animation_speed", "normal")))
        except ValueError:
            speed = Speed.NORMAL
    from .start import Launcher

    launcher = Launcher(args, speed, settings)
    app.wordbler_launcher = launcher  # its windows live as long as the application
    if not (args.players or args.open_file or args.resume):
        launcher.show_start_page()
        return app.exec()
    # the board game at once: an opened file, the unfinished game (--resume), or a new game
    from .boardgame.startup import Startup

    start = Startup(args, speed, settings, launcher=launcher)
    launcher.startup = start
    app.wordbler_startup = start
    code = start.run(config)
    if code is not None:
        return code
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
