"""The core every game and face shares: the game contract (``game``), the action value and
table (``actions``), events and their catalogue (``events``), game records (``record``), the
registry of games by name (``registry``), the seeded RNG (``rng``) and the error classes
(``errors``). It knows no game."""
