"""The web app: play Gems of Iridescia in the browser (solo, hot-seat, online, with bots).

Layers, bottom up: ``storage`` (SQLite / ``storage_pg`` PostgreSQL: game records and state-hash
snapshots), ``tables`` (a live game with seats, version and the undo rule), ``service`` (apply
exactly once, bots and the Rhom on the server, broadcasts, restart recovery), ``pubsub``
(change notices between processes through Redis), ``protocol`` (messages and limits), ``app``
(Starlette REST + WebSocket + the static client in ``static/``) and ``server`` (``iridescia
serve``); ``testing`` runs real server processes for the tests and benchmarks. Nothing here
imports into the rules; the engine is used through ``iridescia.Game``.
"""
