"""SHA-256 without ``hashlib``: it loads OpenSSL (~4-5 ms), a tenth of the hook's budget, and the
interpreter's builtin sha256 gives the same digest. ``hashlib`` remains the fallback."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def sha256(data: bytes) -> Any:
    try:
        from _sha256 import sha256 as builtin  # type: ignore[import-not-found]  # CPython 3.11
    except ImportError:
        try:
            from _sha2 import sha256 as builtin  # type: ignore[import-not-found]  # CPython 3.12+
        except ImportError:
            from hashlib import sha256 as builtin
    return builtin(data)
