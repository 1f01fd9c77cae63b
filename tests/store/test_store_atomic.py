"""write_json_atomic and read_json on their own: round trips, clean failure, refused input."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from solitaire.store.atomic import (MAX_FILE_BYTES, STALE_TEMP_SECONDS, TEMP_SUFFIX, DamagedFileError,
                                    UnreadableFileError, read_json, remove_stale_temp_files, write_json_atomic)


def test_round_trip_keeps_unicode_and_numbers(tmp_path: Path) -> None:
    value = {"version": 1, "name": "لعبة ♠", "n": [0, -3, 2.5, None, True], "nested": {"a": {}}}
    path = tmp_path / "doc.json"
    write_json_atomic(path, value)
    write_json_atomic(path, value | {"n": []})
    assert read_json(path) == value | {"n": []}
    assert [p.name for p in tmp_path.iterdir()] == ["doc.json"]


def test_the_folder_is_synced_after_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[bool] = []
    real_fsync = os.fsync

    def record(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else True)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", record)
    write_json_atomic(tmp_path / "doc.json", {"a": 1})
    assert synced == [False, True]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        failing: str) -> None:
    path = tmp_path / "doc.json"
    write_json_atomic(path, {"old": True})

    def refuse(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(os, failing, refuse)
        with pytest.raises(OSError):
            write_json_atomic(path, {"new": True})
    assert read_json(path) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["doc.json"]


@pytest.mark.parametrize("value", [{"x": float("nan")}, {"x": object()}, {"x": float("inf")}])
def test_values_json_cannot_hold_raise_before_touching_the_disk(tmp_path: Path, value: object) -> None:
    with pytest.raises((TypeError, ValueError)):
        write_json_atomic(tmp_path / "doc.json", value)
    assert list(tmp_path.iterdir()) == []


def test_missing_file_is_not_damage(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_json(tmp_path / "absent.json")


@pytest.mark.parametrize("data", [b"", b"{", b"\xff\xfe{}", b"NaN", b'{"a": Infinity}', b"1e999",
                                  b"[" * 100_000 + b"]" * 100_000, b"1" * 5000, b'{"a":1} x'])
def test_unusable_content_is_damage(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(data)
    with pytest.raises(DamagedFileError):
        read_json(path)


def test_a_folder_in_place_of_the_file_is_damage(tmp_path: Path) -> None:
    (tmp_path / "doc.json").mkdir()
    with pytest.raises(DamagedFileError):
        read_json(tmp_path / "doc.json")


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    """A sparse file of 64 GiB: reading it would take minutes and all memory; refusing is instant."""
    path = tmp_path / "doc.json"
    try:
        with open(path, "wb") as file:
            file.truncate(64 << 30)
    except OSError:
        pytest.skip("this file system cannot hold a sparse 64 GiB file")
    with pytest.raises(DamagedFileError, match="larger than"):
        read_json(path)
    assert MAX_FILE_BYTES < 64 << 30


def test_stale_temp_files_are_swept_and_nothing_else(tmp_path: Path) -> None:
    keep = ["settings.json", "notes.writing.txt", "x.json.damaged-20260101-000000"]
    stale = [f".settings.json.abc123{TEMP_SUFFIX}", f".stats.json.zz{TEMP_SUFFIX}"]
    for name in keep + stale:
        (tmp_path / name).write_text("{}")
        os.utime(tmp_path / name, (1, 1))
    removed = remove_stale_temp_files(tmp_path)
    assert sorted(p.name for p in removed) == sorted(stale)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(keep)


def test_a_temp_file_of_a_write_in_flight_is_left_alone(tmp_path: Path) -> None:
    """Issue 12: a copy starting up deleted another copy's temp file mid-write, and that copy
    then could not save. Only files older than any write could take are swept."""
    young, old = tmp_path / f".stats.json.a1{TEMP_SUFFIX}", tmp_path / f".stats.json.b2{TEMP_SUFFIX}"
    young.write_text("{")
    old.write_text("{")
    age = time.time() - STALE_TEMP_SECONDS - 1
    os.utime(old, (age, age))
    assert remove_stale_temp_files(tmp_path) == [old]
    assert young.exists()


def test_a_fifo_in_place_of_a_file_is_damage_and_does_not_block(tmp_path: Path) -> None:
    """Issue 12: a FIFO named settings.json hung start-up in open()."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(tmp_path / "doc.json")
    with pytest.raises(DamagedFileError, match="not a regular file"):
        read_json(tmp_path / "doc.json")


def test_a_file_the_system_will_not_let_us_read_is_not_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12: another account's file is not damaged; it must not be set aside."""
    path = tmp_path / "doc.json"
    write_json_atomic(path, {"a": 1})
    real_open = os.open

    def refuse(name: object, *args: object, **kwargs: object) -> int:
        if Path(str(name)) == path:
            raise PermissionError(errno.EACCES, "Permission denied", str(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(UnreadableFileError):
        read_json(path)
