"""Gems of Iridescia: data, state, actions, rules, scoring and views (the pure rules core)."""
