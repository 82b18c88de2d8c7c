"""Actions: every choice a player makes, as a frozen value with a short notation.

=====================  ==========================  =========================================
kind                   notation                    meaning
=====================  ==========================  =========================================
``move``               ``b2-b3``                   a standard move (an attack if b3 is held
                                                   by an enemy)
``power``              ``c3 charging c6``          use the power ``charging`` of the piece
                                                   on c3, with target squares
``choose``             ``choose d4``               answer a question: a square, a piece in a
                                                   destroyed area (``beige:2``), a name, a
                                                   terrain, ``done`` ...
``pass``               ``pass``                    decline to act in a response window
``swap``               ``swap a1 b2``              a setup switch of two of your pieces
=====================  ==========================  =========================================

Squares are named, not numbered, so an action means the same on any board and serialises as
plain text: ``Action.from_str(str(a)) == a``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import NotationError, short

#: The kinds of action (see the table above).
KINDS = ("move", "power", "choose", "pass", "swap")
#: Longest notation read (far above any real action); longer text is refused unread.
MAX_NOTATION = 200
#: Tables of actions built once each (powers here, moves and swaps in their modules) hold
#: only the engine's own offers, never text from outside, and are emptied when they reach
#: this size, so no position, however large or hostile, makes them grow without bound.
INTERN_MAX = 100_000
_POWERS: dict[tuple[str, str, tuple[str, ...]], Action] = {}


class Action(NamedTuple):
    """One decision: an immutable value (a named tuple, so hashing and comparing are fast).

    Build with the factories (:meth:`move`, :meth:`power`, ...) or :meth:`from_str`.
    """

    #: One of :data:`~legends_core.actions.KINDS`: ``"move"``, ``"power"``, ``"choose"``, ``"pass"``, ``"swap"``.
    kind: str
    #: The square of the piece that moves or uses a power; the first square of a swap.
    src: str = ""
    #: Where a move goes; the second square of a swap.
    dst: str = ""
    #: The power's key (``"flying"``, ``"oreld-the-deliverer"``), for ``power`` actions.
    key: str = ""
    #: The squares a power aims at, in order.
    targets: tuple[str, ...] = ()
    #: The answer of a ``choose`` action (a square, ``beige:2``, a name, ``done`` ...).
    value: str = ""

    # -- factories ---------------------------------------------------------------------
    @classmethod
    def move(cls, src: str, dst: str) -> Action:
        """A standard move (an attack when an enemy holds ``dst``): ``b2-b3``."""
        return cls("move", src, dst)

    @classmethod
    def power(cls, src: str, key: str, *targets: str) -> Action:
        """The power ``key`` of the piece on ``src``, aimed at ``targets``: ``c3 charging c6``."""
        # Power actions are offered again and again; each distinct one is built only once.
        k = (src, key, targets)
        act = _POWERS.get(k)
        if act is None:
            if len(_POWERS) >= INTERN_MAX:
                _POWERS.clear()
            act = _POWERS[k] = cls("power", src, "", key, targets)
        return act

    @classmethod
    def choose(cls, value: str) -> Action:
        """An answer to a question: ``choose d4``."""
        return cls("choose", value=str(value))

    @classmethod
    def pass_(cls) -> Action:
        """Decline to act: ``pass`` (the same value as :data:`~legends_core.actions.PASS`)."""
        return PASS

    @classmethod
    def swap(cls, a: str, b: str) -> Action:
        """A setup switch of two of your pieces: ``swap a1 b2``.

        Switching is symmetric, so the two squares are put in board order (by rank, then
        file): ``Action.swap("c3", "a1")`` is ``swap a1 c3``, the action setup offers.
        """
        if _board_order(b) < _board_order(a):
            a, b = b, a
        return cls("swap", src=a, dst=b)

    def canonical(self) -> Action:
        """The same action in the form the engine offers it: a swap with its squares in board
        order (see :meth:`swap`); any other action as it is."""
        if self.kind == "swap" and isinstance(self.src, str) and isinstance(self.dst, str):
            return Action.swap(self.src, self.dst)
        return self

    # -- notation ----------------------------------------------------------------------
    def __str__(self) -> str:
        k = self.kind
        if k == "move":
            return f"{self.src}-{self.dst}"
        if k == "power":
            return " ".join((self.src, self.key, *self.targets))
        if k == "choose":
            return f"choose {self.value}"
        if k == "swap":
            return f"swap {self.src} {self.dst}"
        return "pass"

    def __repr__(self) -> str:
        return f"Action.from_str({str(self)!r})"

    def notation(self) -> str:
        """The short notation (same as ``str(action)``); :meth:`from_notation` reads it."""
        return str(self)

    @classmethod
    def from_notation(cls, text: str) -> Action:
        """Read the short notation (same as :meth:`from_str`)."""
        return cls.from_str(text)

    @classmethod
    def from_str(cls, text: str) -> Action:
        """Read the short notation.

        Squares and power keys are read case-blind. Nothing read is kept, so any amount of
        hostile text costs no memory.

        :raises NotationError: the text is not an action (or longer than
            :data:`~legends_core.actions.MAX_NOTATION` characters); the message says what was wrong.
        """
        if not isinstance(text, str):
            raise NotationError(f"action notation must be text, not {type(text).__name__}")
        if len(text) > MAX_NOTATION:
            raise NotationError(f"action notation longer than {MAX_NOTATION} characters: "
                                f"{short(text)}")
        words = text.strip().split()
        if not words:
            raise NotationError("empty action notation")
        head = words[0].lower()
        if head == "pass" and len(words) == 1:
            return PASS
        if head == "choose":
            if len(words) < 2:
                raise NotationError("'choose' needs a value, e.g. 'choose d4'")
            return cls.choose(" ".join(words[1:]))
        if head == "swap":
            if len(words) != 3 or not all(_is_square(w.lower()) for w in words[1:]):
                raise NotationError("'swap' needs two squares, e.g. 'swap a1 b2'")
            return cls.swap(words[1].lower(), words[2].lower())
        if len(words) == 1 and "-" in head:
            src, _, dst = head.partition("-")
            if _is_square(src) and _is_square(dst):
                return cls.move(src, dst)
        if len(words) >= 2 and _is_square(head):
            if not all(_is_square(w.lower()) for w in words[2:]):
                raise NotationError(f"{short(text)}: power targets must be squares like 'c6'")
            # Built directly, not through the shared table of offered powers (see _POWERS).
            return cls("power", head, "", words[1].lower(), tuple(w.lower() for w in words[2:]))
        raise NotationError(
            f"cannot read {short(text)} as an action: expected 'b2-b3', 'c3 charging c6', "
            "'choose d4', 'swap a1 b2' or 'pass'"
        )

    def well_formed(self) -> bool:
        """Are all fields strings (``targets`` a tuple of them) of sensible length? Anything
        else cannot be one of the legal actions (and may not even hash)."""
        fields = (self.kind, self.src, self.dst, self.key, self.value)
        return (all(isinstance(f, str) and len(f) <= MAX_NOTATION for f in fields)
                and isinstance(self.targets, tuple) and len(self.targets) <= MAX_NOTATION
                and all(isinstance(t, str) and len(t) <= MAX_NOTATION for t in self.targets))

    # -- dict form ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The dict form: ``kind`` and the fields the action uses (read by :meth:`from_dict`)."""
        d: dict[str, Any] = {"kind": self.kind}
        for name in ("src", "dst", "key", "value"):
            v = getattr(self, name)
            if v:
                d[name] = v
        if self.targets:
            d["targets"] = list(self.targets)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Read the dict form written by :meth:`to_dict`.

        Only the fields the kind uses may be given, each a string (``targets`` a list of
        strings), and together they must read back the same as notation.

        :raises NotationError: the dict is not such an action; the message names the field.
        """
        if not isinstance(data, dict):
            raise NotationError("action: expected an object with a 'kind' field")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise NotationError(f"action.kind: {short(kind)} is not one of {', '.join(KINDS)}")
        allowed = _FIELDS[kind]
        for name in data:
            if name != "kind" and name not in allowed:
                raise NotationError(f"action.{short(name, 30)}: not a field of a {kind!r} action "
                                    f"(its fields: {', '.join(allowed) or 'none'})")
        fields: dict[str, Any] = {}
        for name in allowed:
            v = data.get(name, [] if name == "targets" else "")
            if name == "targets":
                if not isinstance(v, list) or len(v) > MAX_NOTATION or not all(
                        isinstance(t, str) for t in v):
                    raise NotationError(f"action.targets: expected a list of squares, got {short(v)}")
                v = tuple(v)
            elif not isinstance(v, str):
                raise NotationError(f"action.{name}: expected text, got {short(v)}")
            fields[name] = v
        action = cls(kind, **fields)
        if not action.well_formed():
            raise NotationError(f"action: a field is longer than {MAX_NOTATION} characters")
        try:
            again = cls.from_str(str(action))
        except NotationError as exc:
            raise NotationError(f"action: {exc}") from None
        # Notation reads squares and keys case-blind; anything else must survive unchanged.
        canon = action._replace(src=action.src.lower(), dst=action.dst.lower(),
                                key=action.key.lower(),
                                targets=tuple(t.lower() for t in action.targets))
        if again != canon:
            raise NotationError(f"action: the fields do not form one action (they read as "
                                f"{short(str(again))})")
        return again


_FIELDS: dict[str, tuple[str, ...]] = {"move": ("src", "dst"), "power": ("src", "key", "targets"),
                                       "choose": ("value",), "pass": (), "swap": ("src", "dst")}


def _board_order(name: str) -> tuple[int, int, str]:
    """Sort key of a square name in board order: rank, then file (``'b1' < 'a2'``;
    ``'z1' < 'aa1'``). Text that is not a square name sorts after every square."""
    letters = name.rstrip("0123456789")
    digits = name[len(letters):]
    if not (digits.isascii() and digits.isdigit()):
        return (1 << 30, 0, name)
    return (int(digits), len(letters), letters)


def _is_square(text: str) -> bool:
    # ASCII only: str.isdigit() also accepts digits such as '²', which no board can read.
    # One or two letters (files after 'z' are 'aa', 'ab' ...), then one or two digits.
    if not (2 <= len(text) <= 4 and text.isascii() and text[0].isalpha()):
        return False
    k = 2 if text[1].isalpha() else 1
    return 1 <= len(text) - k <= 2 and text[k:].isdigit()


#: Decline to act (in a response window, or a question that allows it).
PASS = Action("pass")
#: ``choose done``: stop (setup switches, questions that may end early).
DONE = Action("choose", value="done")
