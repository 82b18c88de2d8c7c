"""Adapters for AI research: fixed action ids, observation tensors, and environments for
PettingZoo, Gymnasium and OpenSpiel (each an optional extra: ``legends[pettingzoo]``,
``legends[gymnasium]``, ``legends[openspiel]``).

The kernel never imports this package. Its modules import their library when imported, so
``import legends.envs`` alone needs nothing beyond the core.
"""
