"""Explaining and authoring puzzles: forced cells (the backbone), next steps
with their reasons (hints), a difficulty grade, and generators of puzzles
with a unique answer (docs/guide/explain.md)."""
