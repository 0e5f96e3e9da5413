"""The games built on the engine: Gems of Iridescia now, Gem Rush later."""
