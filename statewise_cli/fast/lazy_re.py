"""Regular expressions compiled on first use.

``re`` costs ~13 ms to import (it pulls in ``enum``, ``functools``, ``collections``), and the
hook's paths mostly meet text none of their patterns is needed for. A module keeps its patterns
as ``Pattern("…")`` constants; ``re`` is imported, and the pattern compiled, when one is first used.
Flags go inline (``(?m)``, ``(?i)``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Pattern:
    __slots__ = ("compiled", "source")

    def __init__(self, source: str) -> None:
        self.source = source
        self.compiled: Any = None

    def __getattr__(self, name: str) -> Any:  # search, match, fullmatch, findall, finditer, ...
        if self.compiled is None:
            import re

            self.compiled = re.compile(self.source)
        return getattr(self.compiled, name)
