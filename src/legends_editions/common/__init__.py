"""Building blocks the Stratego editions share: board, pieces, powers, rules, setup."""
