"""Rulings: the readings we chose where a text or the rulebook leaves a question open.

Rulings are data, declared in exactly two places, and :func:`all_rulings` collects both (the
docs build the rulings page from it, and a test checks that nothing ruling-like is written
anywhere else):

* a piece's own rulings: ``piece(..., rulings=["...", ...])`` in its module;
* the rulings of a kernel module or of a shared building block: a module-level ``RULINGS``
  tuple of :func:`ruling` values, next to the code that carries them out::

      from legends_core import ruling

      RULINGS = (
          ruling("Castles in forced choices",
                 "A player forced to destroy one of their pieces never picks the castle, ..."),
      )

Docstrings and comments describe behaviour only; where they need to point at a ruling they
say "see the ruling on <topic>", naming the topic of a declared one.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType
from typing import TYPE_CHECKING

import attrs

from .editions import lookups

if TYPE_CHECKING:  # imported late at run time: every kernel module imports this one
    from .registry import Catalogue

#: The attribute a module declares its rulings in.
ATTRIBUTE = "RULINGS"


@attrs.frozen
class Ruling:
    """One ruling: a short ``topic`` and the reading chosen, with its reason (``text``).

    ``source`` says where it is declared: a module's name, or ``"#37 Tiera"`` for a piece's
    own ruling (then ``piece`` is the collector number). :func:`~legends_core.rulings.all_rulings` fills both in.
    """

    topic: str
    text: str
    source: str = ""
    piece: int | None = None

    @property
    def kernel(self) -> bool:
        """Declared by the kernel (a module of :mod:`legends_core`)."""
        return self.source.split(".")[0] == "legends_core"


def ruling(topic: str, text: str) -> Ruling:
    """A ruling for a module's ``RULINGS``: ``topic`` names the question, ``text`` gives the
    reading chosen and why, in full sentences."""
    return Ruling(" ".join(topic.split()), " ".join(text.split()))


def declared(module: ModuleType) -> list[Ruling]:
    """The rulings ``module`` declares in ``RULINGS``, each marked with the module's name."""
    found = getattr(module, ATTRIBUTE, ())
    out = []
    for r in found:
        if not isinstance(r, Ruling):
            raise TypeError(f"{module.__name__}.{ATTRIBUTE} holds {r!r}: use ruling(topic, text)")
        out.append(attrs.evolve(r, source=module.__name__))
    return out


#: Packages that need optional extras (the web server, the research adapters): never searched,
#: so the kernel works, and lists its rulings, without them. They declare no rulings.
OPTIONAL = frozenset({"legends.web", "legends.envs"})


def modules(package: ModuleType) -> list[ModuleType]:
    """``package`` and every module below it, imported, in name order (``__main__`` skipped:
    importing it would run a program; so are the :data:`OPTIONAL` packages)."""
    found = [package]
    path = getattr(package, "__path__", None)
    if path is not None:
        for info in sorted(pkgutil.iter_modules(path, package.__name__ + "."),
                           key=lambda m: m.name):
            if info.name.rsplit(".", 1)[-1] == "__main__" or info.name in OPTIONAL:
                continue
            module = importlib.import_module(info.name)
            found.extend(modules(module) if info.ispkg else [module])
    return found


def pack_packages(cat: Catalogue) -> list[ModuleType]:
    """The top-level packages of the plugin packs in ``cat`` (a pack given as an object
    counts by the module that defines its class)."""
    names: set[str] = set()
    for _, plugin in cat.plugin_manager.list_name_plugin():
        if plugin is None:
            continue
        name = plugin.__name__ if inspect.ismodule(plugin) else type(plugin).__module__
        names.add(name.split(".")[0])
    return [importlib.import_module(n) for n in sorted(names)]


def all_rulings(cat: Catalogue | None = None) -> list[Ruling]:
    """Every ruling: the kernel's, then those of the packs' modules (shared building blocks),
    then each piece's own in collector-number order. This is what the rulings page shows."""
    from .registry import catalogue

    cat = catalogue() if cat is None else cat
    kernel = [r for m in modules(importlib.import_module("legends_core")) for r in declared(m)]
    blocks = [r for pkg in pack_packages(cat) for m in modules(pkg) for r in declared(m)]
    pieces = [Ruling(f"#{t.number} {t.name}", text, f"#{t.number} {t.name}", t.number)
              for n in sorted(cat) for t in (cat[n],) for text in t.rulings]
    return kernel + blocks + pieces


def ruleset_rulings(name: str) -> list[Ruling]:
    """The rulings of one ruleset: its own modules' (the packages its
    :class:`~legends_core.ruleset.Ruleset` lists), then its pieces' own. For Stratego Legends,
    :func:`all_rulings`. The kernel's rulings hold for every ruleset and are not repeated."""
    catalogue_for, get_ruleset = lookups().catalogue_for, lookups().get_ruleset
    rs = get_ruleset(name)
    if rs.name == "legends":
        return all_rulings()
    own = [r for pkg in rs.packages for m in modules(importlib.import_module(pkg))
           for r in declared(m)]
    cat = catalogue_for(rs)
    pieces = [Ruling(f"#{t.number} {t.name}", text, f"#{t.number} {t.name}", t.number)
              for n in sorted(cat) for t in (cat[n],) for text in t.rulings]
    return own + pieces
