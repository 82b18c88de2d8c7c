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

from .errors import NotationError

KINDS = ("move", "power", "choose", "pass", "swap")
_POWERS: dict[tuple[str, str, tuple[str, ...]], Action] = {}


class Action(NamedTuple):
    """One decision: an immutable value (a named tuple, so hashing and comparing are fast).

    Build with the factories (:meth:`move`, :meth:`power`, ...) or :meth:`from_str`.
    """

    kind: str
    src: str = ""
    dst: str = ""
    key: str = ""
    targets: tuple[str, ...] = ()
    value: str = ""

    # -- factories ---------------------------------------------------------------------
    @classmethod
    def move(cls, src: str, dst: str) -> Action:
        return cls("move", src, dst)

    @classmethod
    def power(cls, src: str, key: str, *targets: str) -> Action:
        # Power actions are offered again and again; each distinct one is built only once.
        k = (src, key, targets)
        act = _POWERS.get(k)
        if act is None:
            act = _POWERS[k] = cls("power", src, "", key, targets)
        return act

    @classmethod
    def choose(cls, value: str) -> Action:
        return cls("choose", value=str(value))

    @classmethod
    def pass_(cls) -> Action:
        return PASS

    @classmethod
    def swap(cls, a: str, b: str) -> Action:
        return cls("swap", src=a, dst=b)

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
        """Read the short notation. Raises :class:`NotationError` saying what was wrong."""
        if not isinstance(text, str):
            raise NotationError(f"action notation must be text, not {type(text).__name__}")
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
            if len(words) != 3:
                raise NotationError("'swap' needs two squares, e.g. 'swap a1 b2'")
            return cls.swap(words[1].lower(), words[2].lower())
        if len(words) == 1 and "-" in head:
            src, _, dst = head.partition("-")
            if _is_square(src) and _is_square(dst):
                return cls.move(src, dst)
        if len(words) >= 2 and _is_square(head):
            if not all(_is_square(w.lower()) for w in words[2:]):
                raise NotationError(f"{text!r}: power targets must be squares like 'c6'")
            return cls.power(head, words[1].lower(), *(w.lower() for w in words[2:]))
        raise NotationError(
            f"cannot read {text!r} as an action: expected 'b2-b3', 'c3 charging c6', "
            "'choose d4', 'swap a1 b2' or 'pass'"
        )

    # -- dict form ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
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
        if not isinstance(data, dict):
            raise NotationError("action: expected an object with a 'kind' field")
        kind = data.get("kind")
        if kind not in KINDS:
            raise NotationError(f"action.kind: {kind!r} is not one of {', '.join(KINDS)}")
        try:
            return cls(kind, src=str(data.get("src", "")), dst=str(data.get("dst", "")),
                       key=str(data.get("key", "")),
                       targets=tuple(str(t) for t in data.get("targets", ())),
                       value=str(data.get("value", "")))
        except TypeError as exc:
            raise NotationError(f"action: {exc}") from None


def _is_square(text: str) -> bool:
    return 2 <= len(text) <= 3 and text[0].isalpha() and text[1:].isdigit()


PASS = Action("pass")
DONE = Action("choose", value="done")
