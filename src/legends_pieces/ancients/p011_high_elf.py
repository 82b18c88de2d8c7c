"""#11 High Elf -- green elf, strength 6."""

from legends_core import piece

from ..powers import Boost, of

PIECE = piece(
    11, "High Elf", 6, type="elf", colour="green",
    text=("Ability (once per turn): reveal the High Elf together with an Elf next to it; that "
          "Elf gets +1 for the rest of the turn."),
    powers=[Boost("high-elf", 1, target=of(type="elf"), once="turn", reveal_target=True,
                  whose="any")],
)
