"""Build configuration that pyproject.toml cannot express: the package list.

Every package under ``wordbler/`` is found (each game and its window are packages of their
own), and the bundled data folders at the top of the repository install inside the package
(``dictionaries/`` as ``wordbler.dictionaries``, ``resources/`` as ``wordbler.resources``;
see ``package-dir`` in pyproject.toml).
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["wordbler", "wordbler.*"])
    + ["wordbler.dictionaries", "wordbler.resources"],
)
