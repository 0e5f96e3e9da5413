"""The designer's simulation and balance tools: batch games between bots, reports, tournaments,
for any game of the edition (``--game``), with per-game plug-ins for what only one game has.

Generic (knows no game):

- :mod:`iridescia.sim.config`: what a run plays (``SimConfig``: game, mode, seats, seeds,
  options, rules parameters) and its validation through ``match.Seating``.
- :mod:`iridescia.sim.flags`: ``--game``, ``--mode``, ``--players`` and every game's option
  flags, generated from the games' metadata.
- :mod:`iridescia.sim.play`: one game from start to end through ``match`` (seats, bots, their
  RNG), with no event log; the chunk function every backend runs.
- :mod:`iridescia.sim.plugin`: the per-game plug-in interface (``SimPlugin``), whose defaults are
  the generic columns; :mod:`iridescia.sim.columns`: the generic columns and the CSV codec.
- :mod:`iridescia.sim.backends`: in-process, process-pool and Ray execution, results handed on in
  game order, progress.
- :mod:`iridescia.sim.output`: the run directory, written as the games come and read back.
- :mod:`iridescia.sim.stats`, :mod:`iridescia.sim.html`, :mod:`iridescia.sim.report`,
  :mod:`iridescia.sim.tournament`: win rates with Wilson intervals, the HTML building blocks,
  the report and the round-robin tournament with OpenSkill ratings.
- :mod:`iridescia.sim.commands`: the ``simulate``, ``report`` and ``tournament`` subcommands.

Per game: :mod:`iridescia.sim.games` registers the plug-ins by game name
(``sim/games/iridescia.py``: Gems of Iridescia's columns, statistics and market series;
``sim/games/iridescia_report.py``: its report sections). A game without one (Gem Rush today)
simulates with the generic columns and report.

Nothing here is imported by the rules; the package uses only the game contract, the games'
package APIs, ``match`` and the bots. matplotlib, openskill and Ray load only when a figure, a
rating or the Ray backend is needed.
"""
