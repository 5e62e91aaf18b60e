"""``statewise audit`` (TrajAudit): folding, failure reasoning, the earliest decisive error step."""
