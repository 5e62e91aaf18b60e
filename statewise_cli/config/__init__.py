"""Where statewise keeps things, and the typed settings that steer it."""
