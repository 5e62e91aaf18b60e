"""Memory files in, verified records out: extraction, import, the digest, memory-file fixes, sharing."""
