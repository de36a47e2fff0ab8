"""Qt user interface of Wordbler (the only package that imports Qt)."""

from ._refcount_guard import install as _install_refcount_guard

_install_refcount_guard()
