"""The latency tricks of the hot path, in one place: JSON on the C accelerator, patterns compiled on
first use, globs and sha256 without `re`/OpenSSL, a slotted value class without dataclasses."""
