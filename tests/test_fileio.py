"""The shared bounded reader and atomic writer (wordbler/fileio.py) every file reader uses."""

import os
from pathlib import Path

import pytest

from wordbler.fileio import (ReadRefused, read_bounded, set_aside, write_atomic,
                             write_json_atomic)


def test_a_regular_file_within_the_limit_is_read(tmp_path):
    p = tmp_path / "f"
    p.write_bytes(b"x" * 10)
    assert read_bounded(p, 10) == b"x" * 10


@pytest.mark.parametrize("kind", ["folder", "special", "too_large", "os"])
def test_each_refusal_has_its_kind_and_never_blocks(tmp_path, kind):
    p = tmp_path / "f"
    if kind == "folder":
        p.mkdir()
    elif kind == "special":
        os.mkfifo(p)  # no writer: a blocking open would wait for ever
    elif kind == "too_large":
        p.write_bytes(b"x" * 11)
    with pytest.raises(ReadRefused) as e:
        read_bounded(p, 10)
    assert e.value.kind == kind
    if kind == "too_large":
        assert (e.value.size, e.value.limit) == (11, 10)
    if kind == "os":
        assert isinstance(e.value.error, FileNotFoundError)


def test_a_device_is_refused_unread():
    with pytest.raises(ReadRefused) as e:
        read_bounded("/dev/zero", 10)
    assert e.value.kind == "special"


def test_atomic_writes_replace_a_link_instead_of_following_it(tmp_path):
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    link = tmp_path / "save.json"
    link.symlink_to(target)
    write_json_atomic(link, {"a": "ё"})
    assert target.read_text() == "keep" and not link.is_symlink()
    assert link.read_text(encoding="utf-8") == '{\n "a": "ё"\n}'
    write_atomic(tmp_path / "new" / "f.bin", b"\x00")  # the folder is made
    assert (tmp_path / "new" / "f.bin").read_bytes() == b"\x00"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["elsewhere", "new", "save.json"]


def test_set_aside_never_replaces_a_file_set_aside_before(tmp_path):
    path = tmp_path / "save.json"
    kept = []
    for n in range(3):
        path.write_text(f"bad {n}")
        kept.append(set_aside(path, ".bad"))
        assert not path.exists()
    assert [os.path.basename(k) for k in kept] == ["save.json.bad", "save.json.2.bad",
                                                    "save.json.3.bad"]
    assert [Path(k).read_text() for k in kept] == ["bad 0", "bad 1", "bad 2"]
    path.write_text("other base")
    assert set_aside(path, ".corrupt", tmp_path / "save") == str(tmp_path / "save.corrupt")
    with pytest.raises(OSError):
        set_aside(tmp_path / "missing.json", ".bad")


def test_a_file_where_a_folder_should_be_is_named(tmp_path):
    from wordbler.fileio import write_atomic

    (tmp_path / "notes").write_text("x", encoding="utf-8")
    for target in (tmp_path / "notes" / "a.gcg", tmp_path / "notes" / "b" / "c" / "a.gcg"):
        with pytest.raises(NotADirectoryError) as got:
            write_atomic(target, b"data")
        assert got.value.strerror == f"{tmp_path / 'notes'} is a file, not a folder"
        assert got.value.filename == str(target)
    assert (tmp_path / "notes").read_text(encoding="utf-8") == "x"
    write_atomic(tmp_path / "new" / "folders" / "a.gcg", b"data")  # missing folders are made
    assert (tmp_path / "new" / "folders" / "a.gcg").read_bytes() == b"data"
