"""A hosting provider or provisioning tool the project moved away from: a deploy through the old provider's client,
whose configuration a commit deleted while adding the new provider's, names the new one (the client's ``--dir`` is
what it uploads, not where it reads its configuration); a provisioning command whose program is gone names the
command the docs give for the same hosts, matched through the parts of its paths (``inventory/lab`` and
``inventory/lab.py``). Invented projects and tools."""

from __future__ import annotations

from pathlib import Path

from swtest import git, hook, pre_bash, reply
from test_premises import stub_bin, write


def _decide(repo: Path, command: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    data = reply(hook(pre_bash("claude", repo, command), repo, env=env))
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


def test_a_deploy_to_the_provider_the_project_left_names_the_new_one(git_repo: Path) -> None:
    write(git_repo, {"vercel.json": '{"outputDirectory": "dist"}\n', "site/index.html": "<p>hi</p>\n"})
    git(git_repo, "rm", "-q", "vercel.json")
    write(git_repo, {"fly.toml": 'app = "guides"\n[http_service]\n  internal_port = 8080\n'})
    kind, reason = _decide(git_repo, "vercel deploy --prod --dir dist")
    assert kind == "deny", reason
    assert "fly" in reason and "vercel.json" in reason


def test_a_removed_provisioning_tool_names_the_documented_command_for_the_same_hosts(git_repo: Path,
                                                                                  tmp_path: Path) -> None:
    env = stub_bin(tmp_path, "mgmtctl", "exit 0")
    write(git_repo, {"hosts/lab": "[lab]\nbench-1\n", "play.yml": "- hosts: lab\n"})
    git(git_repo, "rm", "-q", "hosts/lab", "play.yml")
    write(git_repo, {"hosts/lab.py": "lab = ['bench-1']\n", "ops/converge.py": "print('x')\n",
                     "docs/hosts.md": "# Hosts\n\nThe lab benches are configured with `mgmtctl apply hosts/lab.py "
                                      "ops/converge.py` since October.\n"})
    kind, reason = _decide(git_repo, "saltwater-playbook -i hosts/lab play.yml", env)
    assert kind == "deny", reason
    assert "`mgmtctl apply hosts/lab.py ops/converge.py`" in reason
