"""legends: the programs built on the rules kernel.

Computer players (:mod:`legends.ai`), research environments (:mod:`legends.envs`), the play
server (:mod:`legends.web`), the command line (:mod:`legends.cli`), SVG pictures
(:mod:`legends.svg`) and batch simulations (:mod:`legends.simulate`). They reach a game only
through the kernel's player-side API (and the referee tools through its named referee API);
an import contract checked in CI keeps it so (see the "Two layers" page of the docs).
"""
