"""Build configuration that pyproject.toml cannot express: the package list, and the
optional compiled grid search.

Every package under ``wordbler/`` is found (each game and its window are packages of their
own), and the bundled data folders at the top of the repository install inside the package
(``dictionaries/`` as ``wordbler.dictionaries``, ``resources/`` as ``wordbler.resources``;
see ``package-dir`` in pyproject.toml).

Three optional C extensions, each a faster copy of a pure-Python search:

* ``wordbler.lexicon._gridsearch``: the word tools' grid search (``wordbler.lexicon.search``);
* ``wordbler.boardgame.movegen._movegen``: the board game's move generator
  (``wordbler.boardgame.movegen.generator``; the computer players' simulation calls it
  thousands of times per move);
* ``wordbler.wordgrid._fill``: Word Grid's slot search (``wordbler.wordgrid.fill``; making a
  puzzle and solving one).

When no C compiler is at hand the build goes on without them, and the pure-Python code,
which gives the same results, runs instead.  In a source checkout, build them in place with
``python setup.py build_ext --inplace``.
"""

from setuptools import Extension, find_packages, setup

setup(
    packages=find_packages(include=["wordbler", "wordbler.*"])
    + ["wordbler.dictionaries", "wordbler.resources"],
    ext_modules=[
        Extension(
            "wordbler.lexicon._gridsearch",
            ["wordbler/lexicon/_gridsearch.c"],
            optional=True,
        ),
        Extension(
            "wordbler.boardgame.movegen._movegen",
            ["wordbler/boardgame/movegen/_movegen.c"],
            optional=True,
        ),
        Extension(
            "wordbler.wordgrid._fill",
            ["wordbler/wordgrid/_fill.c"],
            optional=True,
        ),
    ],
)
