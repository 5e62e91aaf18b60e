"""A commit that swapped the package an environment installs, written as a JSON or YAML string value
(``"postCreateCommand": "apt-get install -y x"``): the quotes around the command do not hide the swap. Invented
examples."""
from __future__ import annotations

from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide, stub_bin


def _commit(repo: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    commit_all(repo, message)


@pytest.mark.parametrize("agent", AGENTS)
def test_a_swapped_package_in_a_json_string(agent: str, git_repo: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", stub_bin(tmp_path, "triplog", "exit 0")["PATH"])
    _commit(git_repo, {".devcontainer/devcontainer.json": "{\n  \"image\": \"debian:12\",\n  \"postCreateCommand\": "
                                                          "\"apt-get install -y logbook\"\n}\n"}, "Tooling")
    _commit(git_repo, {".devcontainer/devcontainer.json": "{\n  \"image\": \"debian:13\",\n  \"// note\": \"logbook was "
                                                          "dropped with the old office software\",\n  "
                                                          "\"postCreateCommand\": \"apt-get install -y triplog\"\n}\n"},
            "Records: triplog for the new office software")
    kind, reason = decide(agent, git_repo, "logbook add --boat b1 --trip river")
    assert kind == "deny", reason
    assert "triplog" in reason.split("Safe alternative:", 1)[1], reason
