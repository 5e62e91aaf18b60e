"""One normalizer: what a tool call does (read, edit, run tests, push, install, ...) for every agent."""
