"""The Manes (red): one module per piece, named by collector number and name."""

from .._collect import collect

PIECES = collect(__name__, __path__)
