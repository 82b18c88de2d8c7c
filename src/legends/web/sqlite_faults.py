"""What can go wrong with an SQLite store on disk, and the careful ways around it.

* :func:`in_words`: why a read or write failed, in words an operator can act on ("the disk is
  full"), rather than SQLite's "disk I/O error".
* :func:`header_damage`: what is wrong with the first 100 bytes of a database file.
* :func:`replay_on_copy`: whether a file and the write-ahead log beside it make a whole
  database, found out on copies of both, so the original is never written to by the trial.
* :func:`close_without_checkpoint`: close a connection without SQLite copying its
  write-ahead log into the file, for a file that was cut or damaged under the server.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable

try:
    import resource
except ImportError:  # not on Windows: no file size limit to name there
    resource = None  # type: ignore[assignment]

SQLITE_MAGIC = b"SQLite format 3\x00"
WAL_HEADER = 32                   # bytes before the first frame of a write-ahead log
LARGEST_FRAME = 24 + 65536        # a frame's header and the largest page
#: below this many free bytes, a failed write is put down to a full disk
NEARLY_FULL = 4 * LARGEST_FRAME
#: The first byte of page 1's b-tree header (at offset 100, just after the file header): the
#: schema table is a table b-tree, a leaf (13) or an interior page (5).
SCHEMA_PAGE_KINDS = (5, 13)

_OS_WORDS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is mounted read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EIO: "the disk failed (input/output error)",
}


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def no_room(path: str) -> str | None:
    """Why the store's files cannot grow, if that is plainly so (``None``: no sign of it)."""
    if resource is not None:
        limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
        if limit != resource.RLIM_INFINITY and any(
                _size(f) + LARGEST_FRAME >= limit for f in (path, path + "-wal")):
            return f"this server process may write no file larger than {limit} bytes"
    try:
        st = os.statvfs(os.path.dirname(os.path.abspath(path)))
    except (OSError, AttributeError):  # no statvfs on Windows
        return None
    if st.f_bavail * st.f_frsize < NEARLY_FULL:
        return "the disk is full"
    return None


def in_words(exc: BaseException, path: str) -> str:
    """Why an operation on the SQLite store at ``path`` failed, in one short phrase.

    SQLite reports a write the disk refused as "disk I/O error" unless the system said "no
    space" in so many words; a file that may grow no larger (a file size limit) looks the same.
    So the disk's free space and the process's file size limit are looked at to name it.
    """
    if isinstance(exc, OSError):
        if exc.errno == errno.EFBIG:
            return no_room(path) or "the file may grow no larger"
        words = _OS_WORDS.get(exc.errno or 0)
        return words or (exc.strerror or str(exc) or type(exc).__name__)
    name = getattr(exc, "sqlite_errorname", "") or ""
    said = str(exc) or name or type(exc).__name__
    if name == "SQLITE_FULL":
        return no_room(path) or "the disk is full"
    if name.startswith("SQLITE_IOERR"):
        return no_room(path) or f"the disk failed to read or write (SQLite: {said})"
    if name.startswith("SQLITE_READONLY"):
        return f"the file may not be written (SQLite: {said})"
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return f"another process holds the database too long (SQLite: {said})"
    if _damaged(exc):
        return f"the file is damaged (SQLite: {said})"
    if name.startswith("SQLITE_CANTOPEN"):
        return f"the file cannot be opened (SQLite: {said})"
    return f"SQLite: {said}"


def header_damage(header: bytes) -> str | None:
    """What is wrong with ``header``, the first 100 bytes of a file meant to hold an SQLite
    database (``None``: nothing seen). Only the fields SQLite insists on are checked."""
    if len(header) < 100:
        return f"the file is only {len(header)} bytes long"
    if not header.startswith(SQLITE_MAGIC):
        return "its first 16 bytes are not SQLite's"
    raw = int.from_bytes(header[16:18], "big")
    page = 65536 if raw == 1 else raw
    if page < 512 or page & (page - 1):
        return f"it names a page size of {raw}, which SQLite never uses"
    if header[18] not in (1, 2) or header[19] not in (1, 2):
        return "it names a file format SQLite does not have"
    if header[21:24] != b"\x40\x20\x20":
        return "its fixed payload fractions are wrong"
    return None


def has_sqlite_pages(start: bytes) -> bool:
    """Do the first bytes of a file (at least 101) look like SQLite's first page, whatever
    its header says? Tells a header damaged in place from some other file."""
    return len(start) > 100 and start[100] in SCHEMA_PAGE_KINDS


def has_log(path: str) -> bool:
    """Is there a write-ahead log beside ``path`` holding at least one frame?"""
    return _size(path + "-wal") > WAL_HEADER


def replay_on_copy(path: str, judge: Callable[[str], str | None]) -> str | None:
    """Copy ``path`` and its write-ahead log into a private folder beside it, let SQLite copy
    the log into the copy (a checkpoint), and return what ``judge`` says of the result
    (``None``: it is whole). The original and its log are only read.

    :raises OSError: the copies could not be made (the disk is full, say).
    :raises sqlite3.Error: SQLite could not replay the log on the copy (for a reason other
        than the copy being damaged, which is a judgement like any other).
    """
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.TemporaryDirectory(prefix=os.path.basename(path) + ".check-",
                                     dir=folder) as tmp:  # made readable by its owner only
        copy = os.path.join(tmp, "copy.sqlite3")
        shutil.copyfile(path, copy)
        shutil.copyfile(path + "-wal", copy + "-wal")
        db = sqlite3.connect(copy, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.DatabaseError as exc:
            if not _damaged(exc):
                raise
            return f"is damaged (SQLite: {exc})"  # the pages the log lacks are gone
        finally:
            db.close()
        return judge(copy)


def _damaged(exc: BaseException) -> bool:
    """Does SQLite say the database itself is damaged (not that the disk failed)?"""
    name = getattr(exc, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def checkpoint(path: str) -> None:
    """Copy the write-ahead log beside ``path`` into it and empty the log (call only once
    :func:`replay_on_copy` found that this makes a whole database).

    :raises sqlite3.Error: the checkpoint failed; the log is kept as it was.
    """
    db = sqlite3.connect(path, isolation_level=None)
    try:
        busy, _, _ = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy:
            raise sqlite3.OperationalError("another process is using the file")
    finally:
        db.close()


def close_without_checkpoint(db: sqlite3.Connection, path: str) -> str | None:
    """Close ``db``, whose file at ``path`` was cut or damaged in place, without SQLite copying
    the write-ahead log into it (which it does when the last connection closes, unless the
    file has moved): the file is renamed for the moment of the close, then put back. The log
    stays beside the file. Returns what went otherwise, in words (``None``: nothing)."""
    aside = f"{path}.closing-{os.getpid()}"
    try:
        os.rename(path, aside)
    except FileNotFoundError:  # removed meanwhile: SQLite sees that it moved
        db.close()
        return None
    except OSError as exc:
        db.close()
        return (f"it could not be set aside for the close ({in_words(exc, path)}), so SQLite "
                "may have copied its write-ahead log into it")
    try:
        db.close()
    finally:
        problem = _put_back(aside, path)
    return problem


def _put_back(aside: str, path: str) -> str | None:
    try:
        os.link(aside, path)  # never over a file that appeared meanwhile
    except OSError as exc:
        why = ("another file appeared in its place meanwhile"
               if isinstance(exc, FileExistsError) else in_words(exc, path))
        return f"it could not be put back after the close ({why}): it is now {aside}"
    os.unlink(aside)
    return None
