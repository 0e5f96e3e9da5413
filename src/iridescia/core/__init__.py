"""Game-agnostic building blocks: seeded RNG, error classes and game records."""
