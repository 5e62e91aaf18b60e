"""The hook entry: one payload in, the agent's answer out, inside one guard (the hot path)."""
