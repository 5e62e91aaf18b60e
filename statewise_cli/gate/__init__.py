"""The evidence gate (ECLoop): evidence state, task conditions, holds; the repository index."""
