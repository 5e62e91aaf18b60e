"""Hook installation for Claude Code and Codex, and the health checks of ``statewise doctor``."""
