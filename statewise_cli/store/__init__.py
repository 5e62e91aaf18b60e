"""The per-repository SQLite store: the only package that runs SQL."""
