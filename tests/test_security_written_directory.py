"""A directory handed to a program the shell model does not know, after the same line wrote files under it: a runner
of every file in a directory (`run-parts`), a loader of a plugin folder, any tool given a folder to work through. The
files the line wrote there are judged like files the program is handed, so a protected action in them gets the
protected answer; harmless files stay allowed. Inputs are invented here (neighbours of the class, not taken from an
evaluation set)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged


@pytest.mark.parametrize("command", [
    ("mkdir -p /tmp/hooks.d && printf '#!/bin/sh\\ngit push --force origin main\\n' > /tmp/hooks.d/10-sync && "
    "chmod +x /tmp/hooks.d/10-sync && run-parts /tmp/hooks.d"),
    "mkdir -p plugins && printf 'git push -f origin main\\n' > plugins/ship.sh && pluginhost --dir plugins",
    "mkdir -p plugins && printf 'git push -f origin main\\n' > plugins/ship.sh && pluginhost --dir=plugins/",
    "mkdir -p jobs && echo 'git push --force origin HEAD:main' > jobs/a && jobrunner jobs",
])
def test_a_protected_action_in_a_file_written_under_a_handed_directory_is_judged(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    ("mkdir -p /tmp/hooks.d && printf '#!/bin/sh\\necho ready\\n' > /tmp/hooks.d/10-ok && chmod +x /tmp/hooks.d/10-ok && "
    "run-parts /tmp/hooks.d"),
    "mkdir -p plugins && printf 'git push origin feature\\n' > plugins/ship.sh && pluginhost --dir plugins",
    "mkdir -p jobs && echo 'git status' > jobs/a && jobrunner jobs",
])
def test_harmless_files_under_a_handed_directory_stay_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command
