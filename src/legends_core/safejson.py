"""Bounded JSON for outside input: positions, records and files from clients we do not trust.

The standard library parses any depth (until ``RecursionError``) and any size, and code that
walks a parsed value recursively fails the same way. Everything read from outside goes through
:func:`loads` (text) or :func:`check` (an already parsed value) first, so later code may
recurse freely. Limits:

* at most :data:`MAX_TEXT` characters of JSON text;
* nesting at most :data:`MAX_DEPTH` deep, and at most :data:`MAX_VALUES` values in all;
* strings (and object keys) at most :data:`MAX_STRING` characters;
* integers below 2**256 in size; no ``NaN`` or ``Infinity``; only JSON types (``dict`` with
  string keys, ``list`` or ``tuple``, ``str``, ``int``, ``float``, ``bool``, ``None``).

Every violation is a :class:`~legends_core.errors.PositionError` naming what was read.
"""

from __future__ import annotations

import json
import math
from typing import Any

from .errors import PositionError, short

#: Characters (or bytes) of JSON text read at most.
MAX_TEXT = 16 * 1024 * 1024
#: How deep arrays and objects may nest.
MAX_DEPTH = 32
#: Values in one document at most.
MAX_VALUES = 1_000_000
#: Characters of one string or object key at most.
MAX_STRING = 10_000
#: Integers must be below 2 ** INT_BITS in size.
INT_BITS = 256


def _parse_int(text: str) -> int:
    # Checked before converting: int() of a very long digit string is slow or refused.
    if len(text) > 81:
        raise ValueError(f"integer of {len(text)} digits is too large")
    return int(text)


def _parse_constant(text: str) -> Any:
    raise ValueError(f"{text} is not allowed (not standard JSON)")


def loads(text: str | bytes, what: str) -> Any:
    """Parse JSON text within the limits; errors name ``what`` (e.g. ``"position"``)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_TEXT:
            raise PositionError(f"{what}: more than {MAX_TEXT} bytes of JSON")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PositionError(f"{what}: not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise PositionError(f"{what}: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise PositionError(f"{what}: more than {MAX_TEXT} characters of JSON")
    try:
        value = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{what}: not valid JSON ({exc.msg} at line {exc.lineno} "
                            f"column {exc.colno})") from None
    except RecursionError:
        raise PositionError(f"{what}: JSON nested more than {MAX_DEPTH} deep") from None
    except ValueError as exc:
        raise PositionError(f"{what}: not valid JSON ({short(str(exc), 80)})") from None
    check(value, what)
    return value


def load_file(path: str, what: str) -> Any:
    """Read a JSON file within the limits; errors name the file.

    :raises OSError: the file cannot be read (the message names it).
    :raises PositionError: it is not bounded JSON.
    """
    with open(path, "rb") as fh:
        raw = fh.read(MAX_TEXT + 1)
    try:
        return loads(raw, what)
    except PositionError as exc:
        raise PositionError(f"{path}: {exc}") from None


def _within_limits(value: Any) -> bool:
    """The common case, fast: is ``value`` within every limit? (No paths kept: when it is not,
    :func:`check` walks it again to name the field.)"""
    todo: list[tuple[Any, int]] = [(value, 0)]
    count = 0
    pop, push = todo.pop, todo.append
    while todo:
        v, depth = pop()
        count += 1
        t = type(v)
        if t is str:
            if len(v) > MAX_STRING:
                return False
        elif t is int:
            if v.bit_length() > INT_BITS:
                return False
        elif v is None or t is bool:
            continue
        elif t is list or t is tuple:
            if depth >= MAX_DEPTH or count + len(todo) + len(v) > MAX_VALUES:
                return False
            d = depth + 1
            for x in v:
                tx = type(x)
                if tx is str:
                    count += 1
                    if len(x) > MAX_STRING:
                        return False
                elif tx is int and x.bit_length() <= INT_BITS or x is None or tx is bool:
                    count += 1
                else:
                    push((x, d))
        elif t is dict:
            if depth >= MAX_DEPTH or count + len(todo) + len(v) > MAX_VALUES:
                return False
            d = depth + 1
            for k, x in v.items():
                if type(k) is not str or len(k) > MAX_STRING:
                    return False
                push((x, d))
        else:
            return False  # floats, subclasses and the rest: let the careful walk judge
    return True


def check(value: Any, what: str) -> None:
    """Check an already parsed value against the limits, without recursing. Errors name the
    field (``memo[0][2]``), or ``what`` for the value as a whole."""
    if _within_limits(value):
        return
    Path = tuple[Any, str | int] | None  # (parent path, key): built cheaply, named on error
    todo: list[tuple[Any, int, Path]] = [(value, 0, None)]
    count = 0
    while todo:
        v, depth, path = todo.pop()
        count += 1
        if isinstance(v, str):
            if len(v) > MAX_STRING:
                raise PositionError(f"{_name(path, what)}: a string of more than {MAX_STRING} "
                                    "characters")
        elif isinstance(v, bool) or v is None:
            pass
        elif isinstance(v, int):
            if v.bit_length() > INT_BITS:
                raise PositionError(f"{_name(path, what)}: integer too large "
                                    f"({v.bit_length()} bits)")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise PositionError(f"{_name(path, what)}: {v} is not a JSON number")
        elif isinstance(v, list | tuple | dict):  # a tuple is written as an array too
            if depth >= MAX_DEPTH:
                raise PositionError(f"{_name(path, what)}: nested more than {MAX_DEPTH} deep")
            if count + len(todo) + len(v) > MAX_VALUES:
                raise PositionError(f"{what}: more than {MAX_VALUES} values")
            if not isinstance(v, dict):
                todo.extend((x, depth + 1, (path, i)) for i, x in enumerate(v))
            else:
                for k, x in v.items():
                    if not isinstance(k, str) or len(k) > MAX_STRING:
                        raise PositionError(f"{_name(path, what)}: object key {short(k)} is not "
                                            "a short string")
                    todo.append((x, depth + 1, (path, k)))
        else:
            raise PositionError(f"{_name(path, what)}: {type(v).__name__} is not a JSON value")


def _name(path: Any, what: str) -> str:
    keys: list[str | int] = []
    while path is not None:
        path, key = path
        keys.append(key)
    if not keys:
        return what
    text = ""
    for key in reversed(keys[-8:] if len(keys) > 8 else keys):
        text += f"[{key}]" if isinstance(key, int) else f".{short(key, 30).strip(chr(39))}"
    return text.lstrip(".") + ("..." if len(keys) > 8 else "")
