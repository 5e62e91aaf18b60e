"""Pre-action recovery (StateWise): attribution, contracts, resolution and repair, the state-action check."""
