"""The web face: every registered game in the browser (solo, hot-seat, online, with bots).

Layers, bottom up: ``storage`` (SQLite / ``storage_pg`` PostgreSQL: game records and state-hash
snapshots), ``plugin`` and ``games`` (what each game gives the web face: how its events and
actions read, its result, its lobby options; found by the game's name), ``tables`` (a live game
with seats, version and the undo rule), ``protocol`` (messages, limits, encoding),
``broadcast`` (what each connection is sent, and replays, redacted alike), ``pubsub`` (change
notices between processes through a Redis stream), ``slots`` (the tables a process holds, kept
the same as storage whatever notice is lost; expiry of abandoned tables), ``service`` (apply
exactly once, action ids, bots and automata on the server, restart recovery), ``catalog`` (what
the lobby learns about the games), ``limits`` (what one client address may open and send, and
the Origin check), ``settings`` (every setting, declared once), ``app`` (Starlette REST +
WebSocket + the static client in ``static/``) and ``server`` (``iridescia serve``); ``testing``
runs real server processes for the tests and benchmarks. Nothing here imports into the rules:
games are found through ``iridescia.games`` and used through the core contract and their package
APIs.
"""
