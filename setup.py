"""Build configuration that pyproject.toml cannot express: the package list, and the
optional compiled grid search.

Every package under ``wordbler/`` is found (each game and its window are packages of their
own), and the bundled data folders at the top of the repository install inside the package
(``dictionaries/`` as ``wordbler.dictionaries``, ``resources/`` as ``wordbler.resources``;
see ``package-dir`` in pyproject.toml).

``wordbler.lexicon._gridsearch`` is the word tools' grid search in C.  It is optional: when
no C compiler is at hand the build goes on without it, and ``wordbler.lexicon.search`` runs
the pure-Python search, which gives the same results.  In a source checkout, build it in
place with ``python setup.py build_ext --inplace``.
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
        )
    ],
)
