"""The designer's simulation and balance tools: batch games between bots, reports, tournaments.

- :mod:`iridescia.sim.config`: what a run plays (``SimConfig``) and its validation.
- :mod:`iridescia.sim.play`: one game from start to end, turned into result rows; the chunk
  function every backend runs.
- :mod:`iridescia.sim.backends`: in-process, process-pool and Ray execution, with progress.
- :mod:`iridescia.sim.output`: the run directory (``results.jsonl``/``.csv``, ``games.jsonl``,
  ``meta.json``, ``records.jsonl``, ``errors.jsonl``), written and read back.
- :mod:`iridescia.sim.report`, :mod:`iridescia.sim.tournament`: the HTML report and the
  round-robin tournament with OpenSkill ratings.
- :mod:`iridescia.sim.commands`: the ``simulate``, ``report`` and ``tournament`` subcommands.

Nothing here is imported by the rules; the package uses only the public forward model
(``iridescia.Game``), the bots registry and the static card tables. Importing this package
imports none of its modules (matplotlib, openskill and ray load only when a command needs them).
"""
