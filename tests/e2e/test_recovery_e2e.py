"""Pre-action recovery end to end through the real Claude Code and Codex binaries.

The scripted model server plays the benchmark's memory-following planner
(``benchmarks/statewise/planner.py``): on every request it reads the memory in its context (the
memory file the agent loaded and statewise's ``[statewise memory]`` digest), learns from every deny
reason among the tool results, and proposes the next action — so the replanned action in the
second request is computed from what the hook told the model, not scripted in advance. The worlds
are the benchmark's (real git repos, a local bare remote with a pre-receive hook, offline
stand-ins for pnpm/npm and real pyenv interpreters on PATH). Assertions are on real effects
(remote heads, files, which command ran) and on what the model server received.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import agents
import pytest
from model_server import ModelServer, Text, ToolCall, apply_patch, bash, tool_results

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks" / "statewise"))

from planner import Planner
from worlds import build, env_for, git

STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")
MAX_TURNS = 5


def _strings(obj: Any) -> list[str]:
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in _strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _strings(v)]
    return []


class PlannerServer(ModelServer):
    """A model server whose next turn is the planner's proposal, computed from the request body."""

    def __init__(self, agent: str, plan: str, slot: str, params: dict[str, Any], before_turn: Any = None) -> None:
        super().__init__(())
        self.agent, self.plan, self.slot, self.params = agent, plan, slot, params
        self.before_turn = before_turn  # the developer, acting between turns (answers a clarification)
        self.proposals: list[str] = []

    def _take_turn(self, api: Any) -> tuple[Any, str | None]:
        with self._lock:
            body = self.requests[-1].body
            turn = self._next(body)
            call_id = None
            if isinstance(turn, ToolCall):
                n = next(self._ids)
                call_id = f"toolu_e2e_{n:04d}" if api == "anthropic" else f"call_e2e_{n:04d}"
            return turn, call_id

    def _next(self, body: Any) -> Any:
        planner = Planner("", self.plan, self.slot, dict(self.params))
        text = "\n".join(_strings(body.get("system", "")) + _strings(body.get("instructions", ""))
                         + _strings(body.get("messages", [])) + _strings(body.get("input", [])))
        planner.read_memory_file(text)
        planner.read_records(text)
        results = list(tool_results(body).values())
        for result in results:
            if self.before_turn is not None:
                self.before_turn(result)
            if "statewise" in result:
                planner.learn_from_deny(result)
            if '"records"' in result and "{" in result:  # Codex prefixes exit code and wall time
                planner.read_inspect_json(result[result.index("{"):result.rindex("}") + 1])
        last = results[-1] if results else None
        if len(self.proposals) >= MAX_TURNS:
            return Text("giving up")
        if last is not None and "statewise" not in last and '"records"' not in last:
            return Text("done")
        if last is not None and "statewise answer" in last and '"records"' not in last:
            return self._record(bash(f"{STATEWISE} inspect-memory --json", description="Re-read memory"))
        proposal = planner.propose()
        if proposal is None:
            return Text("stopping: the task would act on a protected branch")
        if proposal.kind == "bash":
            return self._record(bash(proposal.command, description="planned from memory"))
        if self.agent == "codex":
            lines = "\n".join("+" + line for line in proposal.append.rstrip("\n").split("\n"))
            return self._record(apply_patch(f"*** Begin Patch\n*** Update File: {proposal.path}\n@@\n{lines}\n*** End Patch\n"))
        return self._record(bash(f"printf %s {json.dumps(proposal.append)} >> {proposal.path}", description="edit"))

    def _record(self, turn: ToolCall) -> ToolCall:
        self.proposals.append(turn.input.get("command") or turn.input.get("input") or "")
        return turn


# --- fixtures ------------------------------------------------------------------------------------


class World:
    def __init__(self, root: Path, spec: dict[str, Any], home: agents.AgentHome, memory: str, agent: str) -> None:
        self.root, self.spec, self.home, self.agent = root, spec, home, agent
        self.facts = build(root, spec)
        self.repo = root / "repo"
        world_env = env_for(root, spec)
        path = f"{root / 'bin'}:{os.path.dirname(sys.executable)}:{os.environ.get('PATH', '')}"
        self.env = {k: v for k, v in world_env.items() if k not in ("HOME", "PATH")}
        self.env["PATH"] = path
        home.set_login_path(path)  # Codex runs commands in a login shell
        memory_file = "CLAUDE.md" if agent == "claude" else "AGENTS.md"
        (self.repo / memory_file).write_text("# Project notes\n\n" + memory)
        git(self.repo, "add", memory_file)
        git(self.repo, "commit", "-q", "-m", "memory")
        self.cli_env = {**os.environ, **self.env, "HOME": str(home.home),
                        "CLAUDE_CONFIG_DIR": str(home.claude_config_dir), "CODEX_HOME": str(home.codex_home)}
        # Claude on the committed form (`statewise hook` from PATH, which holds this venv's bin here).
        scope = "project" if agent == "claude" else "user"
        self.statewise("install-hook", "--agent", agent, "--scope", scope)

    def statewise(self, *args: str) -> str:
        proc = subprocess.run([STATEWISE, *args], cwd=self.repo, env=self.cli_env, capture_output=True, text=True,
                              timeout=60, check=False)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    def run(self, server: ModelServer, task: str) -> None:
        if self.agent == "claude":
            agents.run_claude(self.repo, task, server, home=self.home, extra_env=self.env).check()
        else:
            agents.run_codex(self.repo, task, server, home=self.home, extra_env=self.env).check()

    def remote(self, ref: str) -> str | None:
        proc = subprocess.run(["git", "rev-parse", "--verify", "-q", f"refs/heads/{ref}"], cwd=self.root / "origin.git",
                              capture_output=True, text=True, check=False)
        return proc.stdout.strip() or None

    def log(self, name: str) -> str:
        path = self.root / name
        return path.read_text() if path.exists() else ""


@pytest.fixture(autouse=True)
def action_time_recovery(monkeypatch: pytest.MonkeyPatch) -> None:
    """These scenarios pin recovery *at the action*: the stale record reaches the agent, the
    proposal is denied with guidance, the agent replans. Verifying the digest's records before
    they are handed out (on by default) would repair them first, so it is off here; the
    benchmark (benchmarks/statewise) measures the default."""
    monkeypatch.setenv("STATEWISE_VERIFY_ON_RETRIEVAL", "0")


@pytest.fixture
def world_factory(agent_home: agents.AgentHome, tmp_path: Path) -> Any:
    def make(spec: dict[str, Any], memory: str, agent: str) -> World:
        return World(tmp_path / "world", spec, agent_home, memory, agent)
    return make


PNPM = {"files": {
    "package.json": '{"name": "web", "version": "1.0.0", "packageManager": "pnpm@9.0.0", "scripts": {"test": "node test.js"}}',
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    "test.js": 'const ua = process.env.npm_config_user_agent || "";\n'
               'if (!ua.startsWith("pnpm/")) { console.error("only-allow pnpm"); process.exit(1); }\n'
               'require("fs").writeFileSync(".test-passed", ua);\n'}}


def _denied_then(server: PlannerServer, first: str, second: str) -> str:
    """The deny reason of the first call, after asserting the replanned call came from it."""
    assert len(server.proposals) >= 2, server.proposals
    assert first in server.proposals[0] and second in server.proposals[1], server.proposals
    reason = server.tool_result(server.tool_call_ids[0]) or ""
    assert "statewise" in reason, reason
    # The digest reached the model before it acted.
    assert server.find("[statewise memory]"), "the memory digest never reached the model"
    return reason


# --- scenarios -----------------------------------------------------------------------------------


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_stale_npm_test_in_a_pnpm_repo_is_denied_and_the_agent_runs_pnpm_test(agent: str, world_factory: Any) -> None:
    w = world_factory(PNPM, "- Run tests with `npm test`.\n", agent)
    with PlannerServer(agent, "run", "command.test", {}) as server:
        w.run(server, "Run the test suite.")
    reason = _denied_then(server, "npm test", "pnpm test")
    assert "pnpm test" in reason and "CLAUDE.md" in reason or "AGENTS.md" in reason
    assert "pnpm test" in w.log("commands.log") and "npm test" not in w.log("commands.log").replace("pnpm test", "")
    assert (w.repo / ".test-passed").read_text().startswith("pnpm/")


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_force_push_on_stale_unprotected_main_is_denied_and_the_agent_pushes_a_feature_branch(
        agent: str, world_factory: Any) -> None:
    spec = {"local_commit": True, "amend": True, "protect": {"how": "hook", "branches": ["main"]}}
    w = world_factory(spec, "- `main` is not protected.\n", agent)
    before = w.remote("main")
    with PlannerServer(agent, "force_push", "git.branch.protected@main", {"alternative": True}) as server:
        w.run(server, "Publish the rewritten history.")
    reason = _denied_then(server, "git push --force origin main", "feature/bench")
    assert "git.branch.protected" in reason and "pull request" in reason
    assert w.remote("main") == before, "the force push reached the remote"
    assert "refs/heads/main" not in w.log("push-attempts.log")
    assert w.remote("feature/bench") == git(w.repo, "rev-parse", "HEAD")


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_an_edit_of_a_renamed_path_is_redirected_to_where_it_lives_now(agent: str, world_factory: Any) -> None:
    spec = {"files": {"src/api/handlers.py": "def index():\n    return 'hello'\n"},
            "moves": {"src/api/handlers.py": "src/server/handlers.py"}}
    w = world_factory(spec, "- The API handlers live in `src/api/handlers.py`.\n", agent)
    params = {"guess": "src/handlers.py", "append": "\n\ndef health():\n    return 'ok'\n"}
    with PlannerServer(agent, "edit", "path.api_handlers", params) as server:
        w.run(server, "Add a health endpoint to the API handlers.")
    reason = _denied_then(server, "src/api/handlers.py", "src/server/handlers.py")
    assert "src/server/handlers.py" in reason
    assert "def health" in (w.repo / "src/server/handlers.py").read_text()
    assert not (w.repo / "src/api/handlers.py").exists()


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_a_wrong_python_version_is_denied_and_the_script_runs_with_the_pinned_one(agent: str, world_factory: Any) -> None:
    spec = {"toolchain": {"pythons": ["3.10", "3.12"], "python_default": "3.10"},
            "files": {".python-version": "3.12\n",
                      "scripts/report.py": "import sys\nopen('report.txt', 'w').write('%d.%d' % sys.version_info[:2])\n"}}
    w = world_factory(spec, "- Use Python 3.10.\n", agent)
    with PlannerServer(agent, "script", "version.python", {}) as server:
        w.run(server, "Generate the report.")
    reason = _denied_then(server, "python3.10", "python3.12")
    assert "3.12" in reason and ".python-version" in reason
    assert (w.repo / "report.txt").read_text() == "3.12"


@pytest.mark.e2e
@pytest.mark.parametrize("agent", ["claude", "codex"])
def test_an_install_with_the_wrong_package_manager_is_denied_and_pnpm_adds_the_dependency(
        agent: str, world_factory: Any) -> None:
    w = world_factory(PNPM, "- Use `npm` to install dependencies.\n", agent)
    with PlannerServer(agent, "install", "package_manager", {}) as server:
        w.run(server, "Add the left-pad dependency.")
    _denied_then(server, "npm install left-pad", "pnpm add left-pad")
    assert "left-pad" in (w.repo / "package.json").read_text()
    assert not (w.repo / "package-lock.json").exists(), "npm wrote a second lockfile"


@pytest.mark.e2e
def test_an_unverifiable_deploy_target_is_a_question_on_codex_and_the_answer_is_used(world_factory: Any) -> None:
    w = world_factory({}, "", "codex")
    w.statewise("remember", "deploy.app", "demo-prod", "--source", "agent", "--authority", "agent")
    answered: list[str] = []

    def developer(result: str) -> None:  # reads the question the agent relays, answers once
        if "statewise answer deploy.app" in result and not answered:
            answered.append(w.statewise("answer", "deploy.app", "demo-staging", "--scope", "repository"))

    with PlannerServer("codex", "deploy", "deploy.app", {"guess": "demo"}, before_turn=developer) as server:
        w.run(server, "Deploy the current build.")
    first = server.tool_result(server.tool_call_ids[0]) or ""
    assert "statewise answer deploy.app" in first, first  # Codex has no "ask": a deny that asks
    assert answered
    assert server.proposals[-1].endswith("--app demo-staging"), server.proposals
    assert w.log("deployments.log").split() == ["demo-staging"]
