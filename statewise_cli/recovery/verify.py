"""Verify many records at once: ``statewise verify``, ``inspect-memory --verify`` and the hook's
check of the records a memory digest is about to hand out all go through :func:`verify_all`."""

from __future__ import annotations

import time

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

from statewise_cli.recovery import resolve

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from statewise_cli.config.settings import Settings
    from statewise_cli.recovery.resolve import Resolution
    from statewise_cli.store.db import Store
    from statewise_cli.store.records import Record


def verify_all(store: Store, settings: Settings, env: Mapping[str, str], records: Iterable[Record] | None = None, *,
               timeout: float = 3.0, budget_s: float | None = None, repair_defective: bool = False) -> list[Resolution]:
    """Resolve each record (default: every active one) and persist the outcome.

    ``timeout`` bounds each verifier command; ``budget_s`` bounds the whole loop (the records not
    reached are left as they are). With ``repair_defective``, a record the evidence contradicts is
    repaired within the evidence's scope instead of only being marked defective.
    """
    ctx = resolve.context(store, env, settings, timeout=timeout)
    stop = time.perf_counter() + budget_s if budget_s is not None else None
    done: list[Resolution] = []
    for record in store.active_records() if records is None else records:
        if stop is not None and time.perf_counter() > stop:
            break
        res = resolve.resolve(store, record, ctx)
        if repair_defective and res.outcome == "defective" and res.observation is not None:
            res = resolve.repair(store, record, ctx).resolution
        else:
            resolve.record_outcome(store, res)
        done.append(res)
    return done


def retrieval_candidates(store: Store, limit: int = 25) -> list[Record]:
    """Records a memory digest hands out that have not been checked (or could not be resolved).

    Developer statements and ``policy.*`` intent are left alone: nothing observes them.
    """
    from statewise_cli.store.records import unchecked_records

    return unchecked_records(store, limit)
