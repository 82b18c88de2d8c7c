"""The ``legends`` command: play, simulate, run a campaign, replay, list pieces, or watch a
computer game.

Run ``legends --help``. Errors in files or arguments are reported on one line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import Any, NoReturn

from legends_core.errors import LegendsError, clip

from ..i18n import LANGUAGES, _, choose, from_environment, known, language

COMMANDS = ("game", "play", "simulate", "campaign", "replay", "pieces", "armies", "verify",
            "serve", "backup", "plugins", "bot")


def epilog() -> str:
    return _("""environment:
  LEGENDS_DISABLE_PACKS  comma-separated entry-point names of piece packs or ruleset plugins
                         to leave out, e.g. LEGENDS_DISABLE_PACKS=example
                         ('legends plugins' lists them)
  NO_COLOR               print without colour
  LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                         the language to write in, as for other programs (the first one set
                         counts), unless --lang is given""")


MAX_MESSAGE = 1000  # characters of an error line (an army report lists every fault)


def error_line(message: object) -> str:
    """One line of at most :data:`MAX_MESSAGE` characters, whatever the message holds."""
    return clip(" ".join(str(message).split()), MAX_MESSAGE)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Help that shows each option's default (when it has a real one)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        # Help that speaks of its default already says what it is.
        said = any(word in text.casefold() for word in ("default", _("default").casefold()))
        if not action.option_strings or said or not has_default(action):
            return text
        return _("{help} (default: {default})").format(help=text, default="%(default)s")


def has_default(action: argparse.Action) -> bool:
    """Whether ``--help`` should show the option's default: not for switches (``store_true``)
    nor for options that are simply absent unless given (``None``, an empty list). Compared by
    type, not ``==``, since ``0 == False``: a default of 0 is a real one."""
    default = action.default
    return not (default is None or default is argparse.SUPPRESS or isinstance(default, bool)
                or default == [])


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is reported on one line (the usage is one --help away),
    and every option's default is shown in ``--help``."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        # argparse's own words, in the language of the run (its catalogue is not ours).
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = _("show this help and exit")

    def format_usage(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups,
                            _("usage: "))
        return formatter.format_help()

    def format_help(self) -> str:
        # argparse's own, with the usage line's prefix in the language of the run
        return super().format_help().replace("usage: ", _("usage: "), 1)

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("legends: error: {message} (see '{command} --help')").format(
            message=error_line(message), command=self.prog) + "\n")


def build_parser() -> argparse.ArgumentParser:
    from . import (
        armies_cmd,
        backup_cmd,
        bot_cmd,
        campaign_cmd,
        game_cmd,
        pieces_cmd,
        play_cmd,
        plugins_cmd,
        replay_cmd,
        serve_cmd,
        simulate_cmd,
        verify_cmd,
    )

    ap = Parser(prog="legends", description=_("Stratego Legends rules engine (and other "
                "editions of Stratego). Without a command: 'legends game'."), epilog=epilog())
    ap.add_argument("--version", action="version",
                    version=f"%(prog)s {version()} ({kernel_build()})",
                    help=_("show the version and whether the kernel runs compiled, and exit"))
    ap.add_argument("--lang", metavar="CODE", type=lang_arg,
                    help=_("the language to write in: {languages} (by default the one the "
                           "environment asks for, else English)").format(
                               languages=", ".join(LANGUAGES)))
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for mod in (game_cmd, play_cmd, simulate_cmd, campaign_cmd, replay_cmd, pieces_cmd,
                armies_cmd, verify_cmd, serve_cmd, backup_cmd, plugins_cmd, bot_cmd):
        mod.add_parser(sub)
    return ap


def version() -> str:
    """The installed version of the ``legends`` distribution."""
    try:
        return metadata.version("legends")
    except metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def kernel_build() -> str:
    """Whether this process runs the compiled kernel (mypyc) or the pure Python one."""
    import legends_core

    return _("compiled kernel") if legends_core.compiled_modules() else _("pure Python kernel")


def lang_arg(text: str) -> str:
    """``--lang``: one of :data:`~legends.i18n.LANGUAGES` (``de_DE`` and ``de-AT`` are ``de``)."""
    if not known(text):
        raise argparse.ArgumentTypeError(_("{code}: choose one of {languages}").format(
            code=text[:20], languages=", ".join(LANGUAGES)))
    return choose(text)


def chosen_language(argv: Sequence[str]) -> str:
    """The language of this run: ``--lang`` (given before the command), else the
    environment's. Read before the parser is built, since its help is in that language."""
    for i, arg in enumerate(argv):
        if arg in COMMANDS or arg == "--":
            break
        if arg.startswith("--lang="):
            return choose(arg.partition("=")[2])
        if arg == "--lang" and i + 1 < len(argv):
            return choose(argv[i + 1])
    return from_environment()


def without_lang(argv: list[str]) -> list[str]:
    """``argv`` without its ``--lang`` option (already taken)."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    with language(chosen_language(args)):
        return _main(args)


def _main(argv: list[str]) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if not args.command:  # the options before it are the program's, the rest the game's
        args = ap.parse_args(["game", *without_lang(argv)])
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:
        # The reader went away ('legends game | head'): stop quietly, as other tools do; the
        # closed pipe is swapped for /dev/null so flushing at exit cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (LegendsError, OSError, ValueError, KeyError) as exc:
        print(_("legends: error: {message}").format(message=error_line(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130



if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
