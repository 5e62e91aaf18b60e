"""Every element of an array ``read -a`` filled (``"${w[@]}"``) and the last positional parameter (``${!#}``), expanded
where the line makes them knowable; an array changed after ``read -a`` stays unknown, so a push it may name gets the
protected answer. Invented command lines."""

from __future__ import annotations

import pytest

from statewise_cli.actions.normalize import normalize_shell


def _pushes(command: str) -> list[tuple[str, str, str]]:
    return [(a.operation, a.target, a.unknown) for a in normalize_shell(command, "topic")
            if a.operation.startswith("git.") or a.unknown]


@pytest.mark.parametrize(("command", "target"), [
    ("read -ra w <<< 'push -q origin topic'; git \"${w[@]}\"", "topic"),
    ("read -ra w <<< 'push -f origin main'; git \"${w[@]}\"", "main"),
    ("read -r -a w <<< 'origin main'; git push -f \"${w[@]}\"", "main"),
    ("set -- origin topic; git push -q \"$1\" \"${!#}\"", "topic"),
    ("set -- origin topic main; git push -f origin \"${!#}\"", "main"),
    ("set -- origin main; shift; git push -f origin \"${!#}\"", "main"),
])
def test_known_arrays_and_the_last_positional_are_expanded(command: str, target: str) -> None:
    found = _pushes(command)
    assert ("git.push", target, "") in found, found


@pytest.mark.parametrize("command", [
    "read -ra w <<< 'status'; w[1]=push; git \"${w[@]}\" origin main",
    "read -ra w <<< 'push origin topic'; w[2]=main; git \"${w[@]}\"",
    "read -ra w <<< 'push origin topic'; w+=(main); git \"${w[@]}\"",
    "git push -f origin \"${!#}\"",
    "git \"${w[@]}\"",
])
def test_an_array_changed_after_read_or_never_filled_stays_unknown(command: str) -> None:
    found = _pushes(command)
    assert found and all(t in ("?", "git") or u for _, t, u in found), found
    assert not any(op == "git.push" and t in ("topic", "main") and not u for op, t, u in found), found
