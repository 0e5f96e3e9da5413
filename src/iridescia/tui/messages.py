"""The message catalog of the terminal front: every sentence and label the player reads.

Strings are ``str.format`` templates keyed by a stable dotted name. ``CATALOGS`` maps a language
code (``--lang``) to its table; English is complete and is the fallback for any key another
language has not translated yet, so a French or Japanese table can be added one key at a time.
Card names (relics, objectives, items) come from the rules data and are English; a catalog may
override an item name with ``item.name.<key>``. The engine's own prompts are English too.

Limits: no plural forms beyond what the templates spell out; no right-to-left support.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    # ---------------------------------------------------------------- vocabulary
    "seat": "Seat {n}",
    "seat.rhom": "Rhom",
    "colour.amethyst": "amethyst",
    "colour.citrine": "citrine",
    "colour.emerald": "emerald",
    "colour.sapphire": "sapphire",
    "colour.rainbow": "rainbow",
    "colour.iridia": "Iridia",
    "region.desert": "Desert",
    "region.canyon": "Canyon",
    "region.forest": "Forest",
    "region.ruins": "Ruins",
    "region.castle": "Castle",
    "n.coins.one": "{n} coin",
    "n.coins.other": "{n} coins",
    "n.points.one": "{n} point",
    "n.points.other": "{n} points",
    "n.stone.one": "{n} stone die",
    "n.stone.other": "{n} stone dice",
    "bonus.stone_die": "+stone die",
    "token.iridia_stone": "Iridia Stone",
    "token.throne": "Throne",
    "token.scepter": "Scepter",
    "token.banner": "Banner",
    "type.jewelry": "Jewelry",
    "type.tech": "Tech",
    "type.lore": "Lore",
    "type.iridia": "Iridia",
    "lead.wild": "wild",
    "where.off": "off board",
    "where.castle": "Castle",
    "where.hex": "hex {hex}",
    "kind.human": "human",
    "kind.rhom": "automa",
    "item.short.cauldron": "2 gems -> 1 of any colour",
    "item.short.book": "reserve any relic",
    "item.short.cart": "mining successes x2",
    "item.short.elixir": "an extra turn",
    "item.short.libation": "re-roll dice / roll market",
    "item.short.jackhammer": "a die +-1",
    "item.short.dynamite": "a die +-1 or +-2",
    "item.short.axe": "+1 gem of a held colour",
    "item.short.pickaxe": "+1 gem of a nearby tile",
    "item.short.swapping": "swap with an explorer",
    "item.short.catapult": "jump two spaces",
    "item.short.well": "roll: 1 gem <= high die",
    "obj.most_coins": "most coins",
    "obj.most_tiles": "most {colour} tiles",
    "obj.relic_each_lead": "a relic of each lead gem",
    "obj.most_relics_lead": "most {colour}-lead relics",
    "obj.relics_at_least": "{n} or more relics",
    "obj.most_relics_type": "most {type} relics",
    "obj.relic_each_type": "a Jewelry, a Tech and a Lore relic",
    # ---------------------------------------------------------------- screen
    "title": "Gems of Iridescia",
    "title.info": "turn {turn} - {who}",
    "title.to_act": "{seat} to act",
    "title.over": "game over",
    "title.rhom": "turn {turn} - the Rhom plays",
    "title.replay": "Replay {step}/{total}",
    "panel.market": "Market",
    "panel.supply": "Supply",
    "panel.stone": "stone dice {n}",
    "panel.relics": "Relic row (deck {count}, next lead: {lead})",
    "panel.relics_empty": "Relic row (deck empty)",
    "panel.items": "Item market (deck {count})",
    "panel.players": "Players",
    "panel.log": "Log",
    "panel.objectives": "Your objectives",
    "panel.decision": "{seat}: {prompt}",
    "panel.waiting": "{seat} is thinking: {prompt}",
    "panel.roll": "Latest roll ({kind}):",
    "panel.roll.locked": "(locked)",
    "panel.no_actions": "(no actions)",
    "panel.legend": "face down: region colour; face up: gem +bonus (c coins, p points, "
    "sd stone die); BAR barricade",
    "panel.rhom": "Rhom",
    "panel.rhom.deck": "deck {count}",
    "panel.rhom.vane": "weathervane {arrow}",
    "panel.rhom.barricades": "{left} of {max} barricades left",
    "panel.rhom.last": "last card {card}: {icon}, reveal {order}",
    "panel.rhom_turn": "Rhom's turn {number}",
    "panel.rhom_turn.first": "Rhom's first turn",
    "vane.left": "left",
    "vane.right": "right",
    "icon.merchant": "Merchant",
    "icon.2x": "2x",
    "icon.3x": "3x",
    "icon.barricade": "Barricade",
    "rhom.points.relics": "relics {n}",
    "rhom.points.tile_bonus": "bonus {n}",
    "rhom.points.iridia_stone": "Stone {n}",
    "rhom.points.token": "token {n}",
    "rhom.points.merchant": "merchant {n}",
    "rhom.points.overflow": "overflow {n}",
    "col.seat": "Seat",
    "col.where": "At",
    "col.coins": "Coins",
    "col.cargo": "Cargo A C E S",
    "col.stone": "Stone",
    "col.items": "Items",
    "col.tiles": "Tiles A C E S",
    "col.relics": "Relics",
    "col.reserved": "Book",
    "col.points": "Pts",
    "col.token": "Token",
    "relic.cost": "cost",
    "gloss.mine": "{colour} {target}+",
    "gloss.stone": ", +{n} stone",
    "gloss.sell": "+{coins}c",
    "gloss.give": "to {seat}",
    "gloss.swap": "with {seat}",
    "gloss.end": "end actions",
    "gloss.done": "finish turn",
    "gloss.cost": "{cost}c",
    # ---------------------------------------------------------------- scores
    "score.title": "Final scores",
    "score.relics": "Relic points",
    "score.tile_bonus": "Tile bonus",
    "score.iridia_stone": "Iridia Stone",
    "score.token": "Royalty token",
    "score.gems": "Gems",
    "score.relic_sets": "Relic sets",
    "score.tile_sets": "Tile sets",
    "score.objective": "Objective",
    "score.merchant": "Merchant (Rhom)",
    "score.overflow": "Overflow (Rhom)",
    "score.total": "Total",
    "score.place": "Place",
    "score.objective_name": "Objective card",
    "score.done": "✓",
    "score.missed": "✗",
    "score.winner": "Winner: {seats}",
    "score.winners": "Winners (shared): {seats}",
    "score.places": "Places: {places}",
    "score.solo.win": "You win ({you} to {rhom}).",
    "score.solo.loss": "The Rhom wins ({rhom} to {you}).",
    "score.solo.draw": "Draw ({you} to {rhom}, tie-breaks equal).",
    # ---------------------------------------------------------------- play loop
    "seed.chosen": "Seed {seed} (replay this game with --seed {seed})",
    "prompt.action": "{seat} [{range}, help]> ",
    "prompt.handoff": "Pass to {seat} - press Enter",
    "prompt.rhom": "Rhom's turn - press Enter ",
    "rhom.turn_header": "Rhom's turn {number}:",
    "prompt.quit_save": "Save before quitting? (y/n, or a file name) ",
    "prompt.replay": "[Enter] next, b back, q quit, number = jump > ",
    "input.empty": "Type an action number ({range}) or an action text; 'help' lists commands.",
    "input.bad_number": "There is no action {n}: choose {range}.",
    "input.unknown": "'{text}' is not an action or a command. {hint}",
    "input.illegal": "'{text}' is not legal now. {hint}",
    "input.hint": "Choose a number ({range}), e.g. 1 = '{first}'.",
    "input.ended": "Input ended; leaving the game.",
    "save.done": "Game saved to {path}.",
    "save.failed": "Could not save to {path}: {error}",
    "quit.done": "Game left unfinished.",
    "load.done": "Resumed {path} after {actions} actions.",
    "load.failed": "Cannot load {path}: {error}",
    "bot.moves": "{seat} ({bot}): {action}",
    "log.more": "Last {n} of {total} events:",
    "help": (
        "Type the number of an action, or its text (e.g. 'reveal 23', 'sell emerald 2').\n"
        "Commands:\n"
        "  help          this help\n"
        "  log [N]       show the last N log entries (default 40)\n"
        "  redraw        draw the screen again\n"
        "  save [path]   save the game record (default {path})\n"
        "  quit          leave the game (you will be asked whether to save)\n"
        "Board: hexes show their number; face-down tiles take their region's colour; face-up\n"
        "tiles show their gem (A C E S, Rbw rainbow, Irid Iridia) and bonus (+2c coins,\n"
        "+3p points, +sd stone die); BAR is a barricade of the Rhom. @1..@4 are explorers,\n"
        "@R the Rhom."
    ),
    # ---------------------------------------------------------------- replay
    "replay.start": "Replay of a {players}-player game, seed {seed}, {total} actions.",
    "replay.next": "Next: {seat} plays '{action}'",
    "replay.end": "End of the record.",
    "replay.bad": "Press Enter, 'b', 'q' or a step number 0-{total}.",
    "replay.at_start": "Already at the start.",
    # ---------------------------------------------------------------- events
    "ev.setup": "New game: {players} players; {first} starts.",
    "ev.turn.normal": "-- Turn {number}: {seat} --",
    "ev.turn.extra": "-- Turn {number}: {seat} (extra turn) --",
    "ev.turn.remove": "-- Turn {number}: {seat} removes a tile from the Castle --",
    "ev.turn_skipped": "{seat} skips the turn: nothing left to remove.",
    "ev.blocked": "{seat} is blocked at {where}.",
    "ev.collect": "{seat} collects {tile} from hex {hex}.",
    "ev.stone_returned": "{seat} returns {count} to the supply.",
    "ev.market": "Market {colour}: {before} -> {after} ({reason}).",
    "ev.market_crash": "Market {colour}: {before} -> {after}, a market crash ({reason}).",
    "ev.castle": "{seat} reaches the Castle and takes the {token} ({points} points).",
    "ev.castle.none": "{seat} reaches the Castle; no royalty token is left.",
    "ev.game_over": "The game is over.",
    "ev.extra_turn": "{seat} takes an extra turn.",
    "ev.move": "{seat} moves to hex {hex}.",
    "ev.reveal": "{seat} reveals hex {hex}: {tile}.",
    "ev.coins": "{seat} gains {count} ({reason}).",
    "ev.points": "{seat} scores {count} ({reason}).",
    "ev.stone_die": "{seat} takes a stone die.",
    "ev.stone_die.none": "{seat} finds no stone die left in the supply.",
    "ev.iridia_stone": "{seat} takes the Iridia Stone ({points} points)!",
    "ev.objective_discarded": "{seat} discards the objective {objective}.",
    "ev.objective_discarded.hidden": "{seat} discards a secret objective.",
    "ev.colour_chosen": "{seat} chooses {colour} for this tile.",
    "ev.tile_discarded": "{seat} discards {tile} from the victory pile.",
    "ev.placed": "{seat} restarts from hex {hex}.",
    "ev.give": "{seat} gives one {colour} to {to}.",
    "ev.end_actions": "{seat} ends the optional actions.",
    "ev.buy": "{seat} buys {item} for {cost} coins (slot {slot}).",
    "ev.sell": "{seat} sells {count} {colour} for {coins}.",
    "ev.restore": "{seat} restores {relic} ({points} points).",
    "ev.relic_dealt": "{relic} joins the relic row.",
    "ev.remove": "{seat} removes {tile} from hex {hex}.",
    "ev.remove.hidden": "{seat} removes the face-down tile on hex {hex}.",
    "ev.gain": "{seat} gains {count} {colour} ({reason}).",
    "ev.supply_short": "The supply is short of {missing} {colour} for {seat}.",
    "ev.return": "{seat} returns {count} {colour} ({reason}).",
    "ev.item_reshuffle": "The item discard ({cards} cards) is shuffled into a new deck.",
    "ev.item_market_refresh": "The item market is refreshed: {items}.",
    "ev.play": "{seat} plays {item}.",
    "ev.swap": "{seat} swaps places with {other}, now on {where}.",
    "ev.catapult": "{seat} catapults to hex {hex}.",
    "ev.well_nothing": "{seat} takes no gem from the Wishing Well.",
    "ev.reserve": "{seat} reserves {relic} ({source}).",
    "ev.reserve.row": "from the row",
    "ev.reserve.deck": "from the deck",
    "ev.pickaxe": "{seat} picks hex {hex} for the Pickaxe: {colour}.",
    "ev.mine": "{seat} mines {colour} at {target}+: rolls {faces} -> {successes} ok.",
    "ev.die": "{seat} changes die {die}: {before} -> {after} ({reason}).",
    "ev.roll_locked": "{seat}'s latest roll can no longer be changed.",
    "ev.well_roll": "{seat} rolls the Wishing Well: {faces}.",
    "ev.turn.rhom": "-- Turn {number}: {seat} --",
    "ev.rhom_card": "{seat} draws card {card}: {icon}, reveal {order}; weathervane {vane}.",
    "ev.rhom_dice.first turn": "{seat} rolls {faces}: the row-1 tiles to reveal.",
    "ev.rhom_dice.merchant": "{seat} rolls {faces} for the Merchant.",
    "ev.rhom_dice.barricade": "{seat} rolls {faces} for the barricade.",
    "ev.rhom_dice.stone die": "{seat} rolls the stone die: {faces}.",
    "ev.rhom_dice": "{seat} rolls {faces} ({reason}).",
    "ev.rhom_choice": "{seat} chooses hex {hex} ({reason}; demand {demand}).",
    "ev.rhom_overflow": "{seat} returns {count} {colour} (hold full): +{points} points.",
    "ev.rhom_merchant": "{seat} takes {item} from slot {slot}: +{points} points.",
    "ev.rhom_merchant.none": "{seat} finds no item to take in the market.",
    "ev.rhom_barricade": "{seat} places a barricade on hex {hex} (row {row}, counted {count}).",
    "ev.rhom_barricade.none": "{seat} places no barricade ({reason}).",
    "ev.rhom_reshuffle": "The Rhom's discard ({cards} cards) is shuffled into a new deck.",
    "ev.rhom_stuck": "{seat} has no tile to move onto and ends its turn.",
    "ev.unknown": "{seat}: {kind} {data}",
    "table": "the table",
    # ---------------------------------------------------------------- event reasons
    "reason.tile bonus": "tile bonus",
    "reason.collect": "tile collected",
    "reason.mining": "mining",
    "reason.pickaxe": "Pickaxe",
    "reason.arrival": "arrival",
    "reason.die changed to a failure": "die now fails",
    "reason.wishing well": "Wishing Well",
    "reason.cauldron": "Cauldron",
    "reason.axe": "Axe",
    "reason.libation": "Libation",
    "reason.jackhammer": "Jackhammer",
    "reason.dynamite": "Dynamite",
    "reason.cargo limit": "cargo limit",
    "reason.sell": "sold",
    "reason.restore": "relic restored",
    "reason.stone die": "stone die",
    "reason.rhom hold full": "hold full",
    "reason.only choice": "only choice",
    "reason.the Iridia tile": "the Iridia tile",
    "reason.most demanded colour it lacks": "most demanded colour it lacks",
    "reason.most demanded colour": "most demanded colour",
    "reason.only rainbows": "only rainbows left",
    "reason.ignored": "ignored: the explorer has finished or all 6 are out",
    "reason.never in the Castle row": "never in the Castle row",
    "reason.no tile left in that row": "no tile left in that row",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN}


def languages() -> list[str]:
    """The language codes ``--lang`` accepts."""
    return sorted(CATALOGS)


class Messages:
    """Look up and fill templates in one language, falling back to English per key."""

    def __init__(self, lang: str = "en", rhom: int | None = None) -> None:
        if lang not in CATALOGS:
            raise ValueError(f"unknown language {lang!r}; available: {', '.join(languages())}")
        self.lang = lang
        self.rhom = rhom  # the Rhom automa's seat, named "Rhom" instead of "Seat N"
        self._table = CATALOGS[lang]

    def with_rhom(self, rhom: int | None) -> Messages:
        """The same catalog for a game whose Rhom sits at seat ``rhom`` (None: no Rhom)."""
        return Messages(self.lang, rhom)

    def has(self, key: str) -> bool:
        return key in self._table or key in EN

    def __call__(self, key: str, /, **values: Any) -> str:
        """The template ``key`` filled with ``values`` (the key itself if it is unknown)."""
        template = self._table.get(key, EN.get(key, key))
        return template.format(**values) if values else template

    def get(self, key: str, default: str) -> str:
        """The template ``key`` unfilled, or ``default`` when no catalog has it."""
        return self._table.get(key, EN.get(key, default))

    def seat(self, seat: int) -> str:
        """The name of a 0-based seat ("Seat 1", or "Rhom" for the automa's seat)."""
        if seat == self.rhom:
            return self("seat.rhom")
        return self("seat", n=seat + 1)

    def count(self, noun: str, n: int) -> str:
        """``n`` and a noun in the right number (``1 coin``, ``2 coins``), from the
        ``n.<noun>.one`` / ``n.<noun>.other`` templates."""
        return self(f"n.{noun}.{'one' if n == 1 else 'other'}", n=n)

    def colour(self, name: str) -> str:
        return self.get(f"colour.{name}", name)

    def reason(self, text: str) -> str:
        return self.get(f"reason.{text}", text)
