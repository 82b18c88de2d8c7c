"""Every ``legends X --help``: each option's default shown once when it has a real one (0
included), never twice, never as ``None``, ``False`` or ``[]``."""

from __future__ import annotations

import argparse
import re

import pytest

from legends.cli import COMMANDS, build_parser, has_default


def subparsers() -> dict[str, argparse.ArgumentParser]:
    ap = build_parser()
    (action,) = (a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    return {"legends": ap, **action.choices}


def test_every_command_is_walked():
    assert set(subparsers()) == {"legends", *COMMANDS}


@pytest.mark.parametrize("name", ["legends", *COMMANDS])
def test_help_shows_each_real_default_once(name, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    parser = subparsers()[name]
    formatter = parser._get_formatter()
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        text = formatter._expand_help(action) if action.help else ""
        said = len(re.findall(r"\bdefault\b", text))
        assert said <= 1, f"{name} {action.option_strings[0]}: {text!r}"
        if has_default(action):
            assert said == 1, f"{name} {action.option_strings[0]} hides its default: {text!r}"
    page = " ".join(parser.format_help().split())
    for shown in ("default: None", "default: False", "default: []", "default: ==SUPPRESS=="):
        assert shown not in page, name


def test_zero_is_a_default_and_switches_have_none():
    serve = subparsers()["serve"]
    page = " ".join(serve.format_help().split())
    assert "see docs/server-load.rst) (default: 0)" in page  # --workers 0
    assert "a new PostgreSQL database --position" in page  # --init is a switch: no default
