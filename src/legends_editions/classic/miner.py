"""The Miners: rank 3, five a side; the only pieces that can clear a Bomb."""

from ..common.pieces import kind
from ..common.powers import MINER

KIND = kind(1008, "Miner", 3, count=5, powers=[MINER],
            text="Rank 3. A Miner that attacks a Bomb removes it and takes its square.")
