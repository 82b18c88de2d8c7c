"""How a computer player answers a draw offer: the one rule the web server and ``legends play``
share.

The rule: **a computer player declines every draw offer.** It plays every game to its end,
so that a result against the computer always says who played better. The answer is a function
of the computer's own knowledge only (here it does not even need it), so offering a draw tells
the person nothing about the hidden pieces.
"""

from __future__ import annotations

from legends_core import Knowledge


def computer_accepts_draw(knowledge: Knowledge) -> bool:
    """Does the computer player holding ``knowledge`` accept a draw offered to it? Never
    (see the module's rule)."""
    return False
