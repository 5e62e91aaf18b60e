"""The protection floor of a repository's ``.statewise.toml``: what it protected when the hook last read it.

``.statewise.toml`` is a file in the work tree. The hook denies every write of it it can see, but a file can change by
routes no check sees (a program nobody modelled, a merge or checkout that takes another branch's copy, a deletion).
So the hook keeps, outside the repository (``$STATEWISE_HOME/floors/``), the protection the file gave the last time
it was read — the invariants it leaves on, the paths it does not open, ``hook.on_error``, the protected branches and
the ``[permissions]`` rules — and at every call compares. A file that protects as much or more becomes the new floor;
one that lowers any of these is not obeyed there: the settings keep the floor's stricter value and an incident
records the change (``config-lowered``). A developer who meant it runs ``statewise doctor --accept-store`` in their
own terminal, which makes the file as it is the floor.

Hook path: ``os`` only; the floor is a few lines of text (no json).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from statewise_cli.config.settings import Settings

_FIELDS = ("disable_invariants", "writable_paths", "on_error", "protected_branches", "deny", "ask")


def floor_path(repo_root: str, env: Mapping[str, str]) -> str:
    from statewise_cli.config.paths import state_home
    from statewise_cli.fast.sha256 import sha256

    digest = sha256(os.path.realpath(repo_root).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    return os.path.join(state_home(env), "floors", digest)


def protection(repo_root: str) -> dict[str, tuple[str, ...] | None]:
    """What the repository's ``.statewise.toml`` alone sets of what protects (absent file: nothing)."""
    from statewise_cli.config.paths import load_toml
    from statewise_cli.config.settings import REPO_FILE

    data = load_toml(os.path.join(repo_root, REPO_FILE)) or {}

    def table(name: str) -> dict[str, Any]:
        value = data.get(name)
        return value if isinstance(value, dict) else {}

    policy, hook, perms = table("policy"), table("hook"), table("permissions")

    def strs(value: Any) -> tuple[str, ...]:
        return tuple(sorted(str(v) for v in value)) if isinstance(value, list) else ()

    branches = policy.get("protected_branches")
    return {
        "disable_invariants": strs(policy.get("disable_invariants")),
        "writable_paths": strs(policy.get("writable_paths")),
        "on_error": (str(hook["on_error"]),) if "on_error" in hook else (),
        "protected_branches": strs(branches) if isinstance(branches, list) else None,
        "deny": strs(perms.get("deny")),
        "ask": strs(perms.get("ask")),
    }


def read(path: str) -> dict[str, tuple[str, ...] | None] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return None
    out: dict[str, tuple[str, ...] | None] = {}
    for line in lines:
        key, _, rest = line.partition("\t")
        if key in _FIELDS:
            out[key] = None if rest == "\x00" else tuple(v for v in rest.split("\t") if v)
    return out if set(out) == set(_FIELDS) else None


def write(path: str, values: Mapping[str, tuple[str, ...] | None]) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        for key in _FIELDS:
            value = values.get(key)
            fh.write(key + "\t" + ("\x00" if value is None else "\t".join(value)) + "\n")
    os.replace(tmp, path)


def lowered(floor: Mapping[str, tuple[str, ...] | None], now: Mapping[str, tuple[str, ...] | None]) -> list[str]:
    """How ``now`` protects less than ``floor``, one phrase per lowering (empty: as much or more)."""
    out = []
    for key in ("disable_invariants", "writable_paths"):
        added = sorted(set(now[key] or ()) - set(floor[key] or ()))
        if added:
            out.append(f"policy.{key} adds {', '.join(added)}")
    if (now["on_error"] or ("guard",))[0] == "allow" and (floor["on_error"] or ("guard",))[0] != "allow":
        out.append("hook.on_error = \"allow\"")
    if floor["protected_branches"] is not None:
        gone = sorted(set(floor["protected_branches"]) - set(now["protected_branches"] or ()))
        if gone or now["protected_branches"] is None:
            out.append(f"policy.protected_branches drops {', '.join(gone) or 'the list'}")
    for key in ("deny", "ask"):
        gone = sorted(set(floor[key] or ()) - set(now[key] or ()))
        if gone:
            out.append(f"permissions.{key} drops {', '.join(gone)}")
    return out


def hold(settings: Settings, repo_root: str | None, env: Mapping[str, str]) -> tuple[Settings, list[str]]:
    """``settings`` with no protection below the floor of the repository's ``.statewise.toml``, and what the file
    lowered (not obeyed). The floor rises with the file; it is never lowered here."""
    from statewise_cli.config.settings import REPO_FILE

    if not repo_root:
        return settings, []
    path = floor_path(repo_root, env)
    exists = os.path.exists(os.path.join(repo_root, REPO_FILE))
    if not exists and not os.path.exists(path):
        return settings, []
    now = protection(repo_root)
    floor = read(path)
    if floor is None:
        write(path, now)
        return settings, []
    changes = lowered(floor, now)
    if not changes:
        if floor != now:
            write(path, now)
        return settings, []
    policy, hook, perms = settings.policy, settings.hook, settings.permissions
    added_disabled = set(now["disable_invariants"] or ()) - set(floor["disable_invariants"] or ())
    added_writable = set(now["writable_paths"] or ()) - set(floor["writable_paths"] or ())
    branches = policy.protected_branches
    if floor["protected_branches"] is not None:
        branches = tuple(dict.fromkeys((*(branches or ()), *floor["protected_branches"])))
    on_error = hook.on_error
    if on_error == "allow" and (floor["on_error"] or ("guard",))[0] != "allow":
        on_error = (floor["on_error"] or ("guard",))[0]
    settings = settings.replace(
        policy=policy.replace(
            disable_invariants=tuple(i for i in policy.disable_invariants if i not in added_disabled),
            writable_paths=tuple(w for w in policy.writable_paths if w not in added_writable),
            protected_branches=branches),
        hook=hook.replace(on_error=on_error),
        permissions=perms.replace(deny=tuple(dict.fromkeys((*perms.deny, *(floor["deny"] or ())))),
                                  ask=tuple(dict.fromkeys((*perms.ask, *(floor["ask"] or ()))))))
    return settings, changes


def accept(repo_root: str, env: Mapping[str, str]) -> None:
    """``doctor --accept-store``: the repository's ``.statewise.toml`` as it is now becomes the floor."""
    write(floor_path(repo_root, env), protection(repo_root))
