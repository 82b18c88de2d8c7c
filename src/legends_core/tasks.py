"""Tasks: the steps of play, kept as data on the game's stack.

Resolving anything in Stratego Legends can stop half-way for a decision (the opponent picks a
piece to lose in the middle of your attack). So the kernel never calls back into players: it
keeps a stack of small frozen :class:`Task` objects. The top task runs; a task that needs a
player's answer is a decision and stays on top until :meth:`Engine.answer <legends_core.Engine.answer>` is given
one of its options. Tasks hold only plain data (ints, strings, tuples, dicts of those), so a
game can be copied, saved and resumed at any decision.

Tasks scheduled while one step runs are run after it, in the order they were scheduled and
before anything scheduled earlier (depth first), which is the order the rules read in.

Powers do not usually define tasks: they ask questions with ``game.ask(..., then=fn)`` where
``fn`` is a module-level function marked with :func:`continuation`, and ``game.later(fn)`` to
run something after what is already scheduled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, TypeVar, cast

import attrs

from .actions import Action
from .errors import PositionError, short

TASK_TYPES: dict[str, type[Task]] = {}
T = TypeVar("T", bound="Task")
CONTINUATIONS: dict[str, Callable[..., Any]] = {}
#: Builders of tasks that are not a plain call of their class (a response window is built
#: once and shared): registered with :func:`builder` by the module that defines the task.
BUILDERS: dict[str, Callable[..., Task]] = {}


class Asker(Protocol):
    """What the generic tasks below need of the game (the :class:`~legends_core.Engine`, which
    sits above the tasks)."""

    def emit_choice(self, player: int, about: str, value: str, public: bool = False) -> None:
        ...


def task(name: str, *, decision: bool = False) -> Callable[[type[T]], type[T]]:
    """Class decorator: register an (attrs frozen) task class under ``name``."""
    def register(cls: type[T]) -> type[T]:
        cls.name = name
        cls.decision = decision
        if name in TASK_TYPES and TASK_TYPES[name].__qualname__ != cls.__qualname__:
            raise ValueError(f"task name {name!r} is already used")
        TASK_TYPES[name] = cls
        return cls
    return register


def builder(name: str) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Register ``fn`` as the way to build the task ``name`` (see :func:`new_task`)."""
    def register(fn: Callable[..., T]) -> Callable[..., T]:
        BUILDERS[name] = fn
        return fn
    return register


def new_task(name: str, *args: Any) -> Task:
    """The task registered as ``name``, built from ``args``.

    The state's changes schedule attacks, strikes, windows and death curses this way, by
    name as a saved game does: those procedures of play sit above the state, which must not
    import them (they register themselves when :mod:`legends_core` loads).
    """
    make = BUILDERS.get(name)
    return make(*args) if make is not None else TASK_TYPES[name](*args)


def continuation(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Register a module-level function so a saved game can name it.

    Continuations of :meth:`~legends_core.effects.Effects.ask` take ``(game, value, data)``; those of
    :meth:`~legends_core.effects.Effects.later` take ``(game, data)``. ``data`` is the dict given when scheduling.
    """
    name = f"{fn.__module__}:{fn.__qualname__}"
    CONTINUATIONS[name] = fn
    try:
        fn.continuation_name = name  # type: ignore[attr-defined]
    except AttributeError:  # a compiled function (mypyc) takes no attributes
        _COMPILED_NAMES[fn] = name
    return fn


#: The names of compiled functions marked with :func:`continuation`.
_COMPILED_NAMES: dict[Callable[..., Any], str] = {}


def continuation_name(fn: Callable[..., Any]) -> str:
    try:
        return str(getattr(fn, "continuation_name"))  # noqa: B009 (set by @continuation)
    except AttributeError:
        name = _COMPILED_NAMES.get(fn)
        if name is None:
            raise TypeError(f"{fn!r} is not marked with @continuation") from None
        return name


class Task:
    """Base class. ``run`` does the step; decisions implement ``options`` and ``answer``.

    ``g`` is the game's :class:`~legends_core.Engine`. It is typed ``Any`` here because the
    engine sits above the tasks it holds; each task names it precisely.
    """

    name: ClassVar[str] = ""
    decision: ClassVar[bool] = False
    #: Decisions that can find themselves with no options (and are then skipped).
    may_be_empty: ClassVar[bool] = False
    #: For decisions: a short public description of what is being decided.
    prompt: ClassVar[str] = ""

    def run(self, g: Any) -> None:  # pragma: no cover - decisions never run
        raise NotImplementedError

    # Decisions only:
    player: int

    def options(self, g: Any) -> list[Action]:  # pragma: no cover
        raise NotImplementedError

    def answer(self, g: Any, action: Action) -> None:  # pragma: no cover
        raise NotImplementedError

    def describe(self, g: Any) -> str:
        """Public text of the decision (shown to every player)."""
        return self.prompt or self.name

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"task": self.name}
        for f in attrs.fields(cast(Any, type(self))):
            d[f.name] = _plain(getattr(self, f.name))
        return d

    @staticmethod
    def from_dict(data: Any) -> Task:
        """A task from its dict form (as in a saved position's ``stack``).

        :raises PositionError: an unknown task or continuation, or a field missing or of the
            wrong type.
        """
        name = data.get("task") if isinstance(data, dict) else None
        if not isinstance(name, str) or name not in TASK_TYPES:
            raise PositionError(f"stack: unknown task {short(name if isinstance(data, dict) else data)}")
        cls = TASK_TYPES[name]
        kwargs = {}
        for f in attrs.fields(cast(Any, cls)):
            if f.name not in data:
                if f.default is attrs.NOTHING:
                    raise PositionError(f"stack: task {cls.name!r} is missing field {f.name!r}")
                continue
            kwargs[f.name] = v = _frozen(data[f.name])
            if not _fits_type(v, str(f.type)):
                raise PositionError(f"stack: task {cls.name!r} field {f.name!r} has the wrong "
                                    f"type ({type(v).__name__}, expected {f.type})")
        if "then" in kwargs and kwargs["then"] not in CONTINUATIONS:
            raise PositionError(f"stack: task {cls.name!r} names unknown continuation "
                                f"{short(kwargs['then'])}")
        try:
            return cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise PositionError(f"stack: task {cls.name!r}: {short(str(exc), 80)}") from None


def _fits_type(value: Any, annotation: str) -> bool:
    """A light check of a field value against its annotation (int, str, bool, tuple, dict)."""
    head = annotation.split("[")[0].strip()
    if head == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if head == "str":
        return isinstance(value, str)
    if head == "bool":
        return isinstance(value, bool)
    if head == "tuple":
        if annotation.replace(" ", "") == "tuple[str,...]":
            return isinstance(value, tuple) and all(isinstance(x, str) for x in value)
        return isinstance(value, tuple)
    if head == "dict":
        return isinstance(value, dict)
    return True


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return {k: _frozen(x) for k, x in v.items()}
    return v


# -------------------------------------------------------------------------------------
# Generic tasks used by powers
# -------------------------------------------------------------------------------------


@task("ask", decision=True)
@attrs.frozen
class Ask(Task):
    """A question from a power: ``player`` picks one of ``choices``; then ``then`` runs.

    The question and the answer are private to ``player`` unless ``public`` (a choice the
    rules make in the open).
    """

    may_be_empty = True
    player: int
    about: str
    choices: tuple[str, ...]
    then: str
    data: dict[str, Any] = attrs.field(factory=dict)
    public: bool = False

    def options(self, g: Asker) -> list[Action]:
        return [Action.choose(v) for v in self.choices]

    def answer(self, g: Asker, action: Action) -> None:
        g.emit_choice(self.player, self.about, action.value, self.public)
        CONTINUATIONS[self.then](g, action.value, self.data)

    def describe(self, g: Asker) -> str:
        return self.about


@task("later")
@attrs.frozen
class Later(Task):
    """Run a continuation after everything scheduled before it."""

    then: str
    data: dict[str, Any] = attrs.field(factory=dict)

    def run(self, g: object) -> None:
        CONTINUATIONS[self.then](g, self.data)
