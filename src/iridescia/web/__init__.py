"""The web face: every registered game in the browser (solo, hot-seat, online, with bots).

Layers, bottom up: ``storage`` (SQLite / ``storage_pg`` PostgreSQL: game records and state-hash
snapshots; ``storage_changes``: a change of the seats and its note, one conditional write),
``plugin`` and ``games`` (what each game gives the web face: how its events and actions read,
its result, its lobby options; found by the game's name), ``notes`` (names and chat lines
checked, the notes as clients read them), ``absence`` (when an absent player holds a table up),
``table_spec`` (a table request checked: seats, private or public, clock, absence rule),
``tables`` (a live game with seats, version and the undo rule), ``protocol`` (messages, limits,
encoding), ``broadcast`` (what each connection is sent, and replays, redacted alike), ``pubsub``
(change notices between processes through a Redis stream), ``slots`` (the tables a process
holds, kept the same as storage whatever notice is lost; expiry of abandoned tables), ``seats``
(invites, names, chat, bots for absent players, votes), ``service`` (apply exactly once, action
ids, bots and automata on the server, restart recovery), ``catalog`` (what the lobby learns
about the games), ``limits`` (what one client address may open and send, and the Origin check),
``settings`` (every setting, declared once), ``oplog`` (the operator's access and event log),
``connection`` (a table's WebSocket), ``app`` (Starlette REST, the health check and the static
client in ``static/``) and ``server`` (``iridescia serve``); ``testing`` runs real server
processes for the tests and benchmarks. Nothing here imports into the rules: games are found
through ``iridescia.games`` and used through the core contract and their package APIs.
"""
