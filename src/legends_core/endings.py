"""Games that end by a player's choice: a resignation, a loss on time, a draw by agreement.

These are not moves: the rules never offer them, and a seat may resign at any moment, even
while another seat is deciding. :meth:`Game.resign <legends_core.Game.resign>`,
:meth:`Game.lose_on_time <legends_core.Game.lose_on_time>` and
:meth:`Game.agree_draw <legends_core.Game.agree_draw>` end a game this way; each is an
:class:`Ending` given to :meth:`Game.end <legends_core.Game.end>`, the one mechanism.

A game record keeps an ending as the last entry of its ``actions`` list, in a notation of its
own that no action can have (an action begins with a square, ``choose``, ``swap`` or
``pass``):

==================  ================================================
entry               meaning
==================  ================================================
``resign blue``     blue resigns: the other side wins
``timeout blue``    blue ran out of time on a clock: the other side wins
``draw agreed``     the players agreed to a draw: nobody wins
==================  ================================================

>>> from legends_core import Ending
>>> Ending.read("resign blue").reason
'blue resigned'
>>> str(Ending.draw())
'draw agreed'
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import NotationError, short
from .rulings import ruling

RULINGS = (
    ruling("Games ended by choice",
           "The rulebook says nothing of giving up or agreeing to a draw; we allow both, as "
           "every game between people does. A seat may resign at any moment, also while "
           "another seat decides, and its whole side loses (in a team game the other side "
           "wins together). A seat out of time on a clock kept by the host loses the same "
           "way. An agreed draw ends the game with no winner; the program hosting the game "
           "gathers the players' agreement, the rules engine takes its word."),
    ruling("Clocks and response windows",
           "A host that keeps clocks runs a seat's clock only while that seat is asked a "
           "decision everybody knows it is asked: its turn's action and the setup. With "
           "auto-pass, a seat is asked in a response window only when it can do more than "
           "pass, which depends on its hidden pieces, so a clock running in windows would tell "
           "the others about them. The clocks stand still in windows; ``legends serve`` keeps "
           "its clocks this way."),
)

#: The kinds of ending: a resignation, a loss on time, a draw by agreement.
KINDS = ("resign", "timeout", "draw")


class Ending(NamedTuple):
    """How a game was ended by choice: ``kind`` (one of :data:`KINDS`) and, for a
    resignation or a loss on time, the ``seat`` that loses."""

    kind: str
    seat: str = ""

    @classmethod
    def resign(cls, seat: str) -> Ending:
        """``seat`` resigns."""
        return cls("resign", seat)

    @classmethod
    def timeout(cls, seat: str) -> Ending:
        """``seat`` has used up its time."""
        return cls("timeout", seat)

    @classmethod
    def draw(cls) -> Ending:
        """The players agree to a draw."""
        return cls("draw")

    @property
    def reason(self) -> str:
        """Why the game ended, in words (the game's :attr:`~legends_core.Game.reason`)."""
        if self.kind == "resign":
            return f"{self.seat} resigned"
        if self.kind == "timeout":
            return f"{self.seat} lost on time"
        return "drawn by agreement"

    def __str__(self) -> str:
        return "draw agreed" if self.kind == "draw" else f"{self.kind} {self.seat}"

    @classmethod
    def read(cls, text: str) -> Ending:
        """Read an ending's notation (see the table above).

        :raises NotationError: ``text`` is not an ending.
        """
        found = cls.parse(text)
        if found is None:
            raise NotationError(f"{short(text)} is not an ending: expected 'resign SEAT', "
                                "'timeout SEAT' or 'draw agreed'")
        return found

    @classmethod
    def parse(cls, text: object) -> Ending | None:
        """The ending ``text`` names, or ``None`` when it does not begin with an ending's
        word (it may then be an action).

        :raises NotationError: it begins with an ending's word but is malformed.
        """
        if not isinstance(text, str):
            return None
        words = text.split()
        if not words or words[0].lower() not in KINDS:
            return None
        kind = words[0].lower()
        if kind == "draw":
            if len(words) != 2 or words[1].lower() != "agreed":
                raise NotationError(f"{short(text)}: a draw by agreement is written "
                                    "'draw agreed'")
            return cls.draw()
        if len(words) != 2 or len(words[1]) > 100:
            raise NotationError(f"{short(text)}: expected '{kind} SEAT', e.g. '{kind} blue'")
        return cls(kind, words[1])
