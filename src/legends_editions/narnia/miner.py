"""The Miners: rank 3, five a side; the only pieces that can clear Spring or Winter Magic."""

from ..common.pieces import kind
from ..common.powers import MINER

KIND = kind(3008, "Miner", 3, count=5, powers=[MINER],
            text="Rank 3. A Miner that attacks the enemy's immovable magic (Spring Magic or "
                 "Winter Magic) removes it and takes its square.")
