"""legends_editions: the other editions of Stratego on the same kernel.

Each edition is a :class:`~legends_core.ruleset.Ruleset` (configuration plus rule plugins)
and a piece pack, one module per piece kind, in its own package:

* ``classic`` -- classic Stratego (``"classic"``), which Game 1 of the Narnia edition plays by;
* ``ultimate`` -- Ultimate Stratego, Lightning (``"ultimate-lightning"``) and Campaign
  (``"ultimate-campaign"``);
* ``narnia`` -- Stratego: The Chronicles of Narnia, Game 1 (``"narnia-1"``) and Game 2
  (``"narnia-2"``).

``common`` holds what they share: the 10x10 board, the placement setup, the pieces' powers
(a Scout's run, the Spy's strike, Bombs) and the rule plugins (taking the flag, ties, rescues,
reserves). Every package is registered in the ``legends.rulesets`` entry-point group and its
pieces in a group of its own (``legends.pieces.classic`` ...), so the Stratego Legends catalogue
is untouched.
"""
