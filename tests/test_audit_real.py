"""``statewise audit`` on bash-only sessions (mini-swe-agent), the failure's in-repo code, the always-named step,
the step numbering, and the LLM investigator only when the user configured it (with a deterministic fallback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest

from statewise_cli import transcript
from statewise_cli.actions.normalize import code_writes, describe_call, edit_rejected, helper_script
from statewise_cli.audit import investigate as audit
from statewise_cli.audit.signals import parse_failure

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT / "fixtures" / "audit_real"
STATEWISE = os.path.join(os.path.dirname(sys.executable), "statewise")

REPORT = """# SWE-bench report
## FAIL_TO_PASS failing (1)
FAILED test_parse (utils_tests.test_http.HttpDateTests)
## FAIL_TO_PASS passing (0)

## PASS_TO_PASS failing (0)
## PASS_TO_PASS passing (12)
"""


def bash(cmd: str) -> str:
    return f"THOUGHT: next.\n\n```bash\n{cmd}\n```"


def obs(output: str, rc: int = 0) -> str:
    return f"<returncode>{rc}</returncode>\n<output>\n{output}</output>"


def mini_traj(tmp_path: Path, turns: list[tuple[str, str | None]], submission: str = "") -> Path:
    """A mini-swe-agent trajectory: (assistant text, observation or None) per step."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful assistant."},
                                      {"role": "user", "content": "<pr_description>Fix parse_http_date.</pr_description>"}]
    for text, seen in turns:
        messages.append({"role": "assistant", "content": text})
        if seen is not None:
            messages.append({"role": "user", "content": seen})
    data = {"trajectory_format": "mini-swe-agent-1", "instance_id": "x",
            "info": {"submission": submission, "config": {"environment": {"cwd": "/testbed"}}}, "messages": messages}
    path = tmp_path / "x.traj.json"
    path.write_text(json.dumps(data))
    return path


DIFF = "diff --git a/django/utils/http.py b/django/utils/http.py\n--- a/django/utils/http.py\n+++ b/django/utils/http.py\n"
FIX_SCRIPT = """cat <<'EOF' > update_http.py
path = 'django/utils/http.py'
with open(path) as f:
    text = f.read()
with open(path, 'w') as f:
    f.write(text.replace('year += 1900', 'year += 2000'))
EOF"""


# ------------------------------------------------------------------ the normalizer decides what a shell call does
def test_shell_edits_helper_scripts_and_reproductions_come_from_the_normalizer() -> None:
    sed = describe_call("bash", "sed -i 's/a = 1/a = 2/' pkg/mod.py", command="sed -i 's/a = 1/a = 2/' pkg/mod.py")
    assert sed.kind == "edit" and sed.edits[0].paths == ("pkg/mod.py",) and "+a = 2" in sed.edits[0].body
    heredoc = describe_call("bash", "cat > pkg/mod.py <<'EOF'\nx = 1\nEOF", command="cat > pkg/mod.py <<'EOF'\nx = 1\nEOF")
    assert heredoc.kind == "edit" and heredoc.role is None
    script = describe_call("bash", FIX_SCRIPT, command=FIX_SCRIPT, root="/testbed")
    assert (script.role, script.script, script.writes) == ("fix-script", "update_http.py", ("django/utils/http.py",))
    run = describe_call("bash", "python3 update_http.py", command="python3 update_http.py")
    assert (run.role, run.script) == ("fix-run", "update_http.py")
    repro = describe_call("bash", "python reproduce_issue.py", command="python reproduce_issue.py")
    assert repro.role == "reproduction"
    inline = "python3 - <<'EOF'\nopen('pkg/mod.py', 'w').write('x')\nEOF"
    assert describe_call("bash", inline, command=inline).kind == "edit"
    revert = describe_call("bash", "git checkout pkg/mod.py", command="git checkout pkg/mod.py")
    assert (revert.role, revert.writes) == ("revert", ("pkg/mod.py",))
    assert describe_call("bash", "python3 tests/runtests.py utils_tests", command="python3 tests/runtests.py utils_tests").kind == "test"
    assert helper_script("fix_it.py") == "fix" and helper_script("pkg/fix_it.py") is None
    assert code_writes("print(open('a.py').read())") == ()


def test_a_script_whose_code_writes_files_is_a_fix_whatever_its_name(tmp_path: Path) -> None:
    body = "cat <<'EOF' > solution.py\nsrc = open('django/utils/http.py').read()\nopen('django/utils/http.py', 'w').write(src)\nEOF"
    written = describe_call("bash", body, command=body)
    assert (written.role, written.writes) == ("fix-script", ("django/utils/http.py",))
    both = body + "\npython solution.py"
    assert describe_call("bash", both, command=both).role == "fix-run"
    path = mini_traj(tmp_path, [
        (bash("cat <<'EOF' > scratch_notes.py\nprint(1)\nEOF"), obs("")),
        (bash(body), obs("")),
        (bash("python solution.py"), obs("")),
        (bash("git reset --hard"), obs("")),
        (bash("sed -i 's/year += 1900/year += 2000/' django/utils/http.py"), obs("")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ], submission=DIFF)
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=REPORT)
    assert diag.chosen is not None and diag.chosen.step == 5  # the change of step 2 was reset at step 4


def test_a_refused_or_failed_edit_is_rejected() -> None:
    sed = describe_call("bash", "sed -i 's/a/b/' missing.py", command="sed -i 's/a/b/' missing.py")
    assert edit_rejected(sed, "sed: can't read missing.py: No such file or directory", 2, False)
    assert not edit_rejected(sed, "", 0, False)
    assert edit_rejected(sed, "blocked by hook", None, True)


# ------------------------------------------------------------------ shell edits are edits in the audit
def test_bash_only_session_names_the_step_that_wrote_the_fix_script(tmp_path: Path) -> None:
    path = mini_traj(tmp_path, [
        (bash("cat django/utils/http.py"), obs("def parse_http_date(date):\n    year += 1900\n")),
        (bash("cat <<'EOF' > reproduce_issue.py\nprint('FAIL')\nEOF"), obs("")),
        (bash("python reproduce_issue.py"), obs("FAIL\n", 1)),
        (bash(FIX_SCRIPT), obs("")),
        (bash("python3 update_http.py"), obs("")),
        (bash("python reproduce_issue.py"), obs("PASS\n")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ], submission=DIFF)
    traj = transcript.parse_file(str(path))
    assert [s.index for s in traj.steps] == list(range(1, 8))
    diag = audit.diagnose(traj, tests_text=REPORT)
    assert diag.chosen is not None and diag.chosen.step == 4  # written at 4, run at 5: the authoring step
    assert not any(c.cause == "skipped_verification" for c in diag.candidates)  # the reproduction run verified


def test_sed_edit_counts_debug_prints_test_files_and_rejected_edits_do_not(tmp_path: Path) -> None:
    path = mini_traj(tmp_path, [
        (bash("sed -i 's/x/y/' django/utils/missing.py"), obs("sed: can't read django/utils/missing.py: No such file", 2)),
        (bash("sed -i '10i\\    print(\"DEBUG\", year)' django/utils/http.py"), obs("")),
        (bash("sed -i 's/a == 1/a == 2/' tests/utils_tests/test_http.py"), obs("")),
        (bash("sed -i 's/year += 1900/year += 2000/' django/utils/http.py"), obs("")),
        (bash("sed -i '/DEBUG/d' django/utils/http.py"), obs("")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ], submission=DIFF)
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=REPORT)
    assert diag.chosen is not None and diag.chosen.step == 4


def test_a_harmless_command_not_found_is_not_the_decisive_step(tmp_path: Path) -> None:
    path = mini_traj(tmp_path, [
        (bash("pytest tests/test_http.py"), obs("bash: pytest: command not found\n", 127)),
        (bash("python tests/runtests.py utils_tests"), obs("Ran 3 tests in 0.1s\n\nOK\n")),
        (bash("sed -i 's/year += 1900/year += 2000/' django/utils/http.py"), obs("")),
        (bash("python tests/runtests.py utils_tests"), obs("Ran 3 tests in 0.1s\n\nOK\n")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ], submission=DIFF)
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.cause) == (3, "wrong_patch")


def test_reverting_a_change_after_existing_tests_failed_is_a_verification_error(tmp_path: Path) -> None:
    path = mini_traj(tmp_path, [
        (bash("sed -i 's/return args, env/return args, env or None/' django/utils/http.py"), obs("")),
        (bash("python tests/runtests.py dbshell"), obs("FAIL: test_env (dbshell.tests.T)\nRan 4 tests in 0.1s\n\nFAILED (failures=1)\n", 1)),
        (bash("git checkout django/utils/http.py"), obs("")),
        (bash("sed -i 's/if env:/if env is not None:/' django/utils/http.py"), obs("")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ], submission=DIFF)
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=REPORT)
    assert diag.chosen is not None and (diag.chosen.step, diag.chosen.phase) == (3, "verification")


def test_format_errors_are_steps_but_never_edits(tmp_path: Path) -> None:
    path = mini_traj(tmp_path, [
        ("I will think first, no command here.", "Please always provide EXACTLY ONE action in triple backticks, found 0."),
        (bash("sed -i 's/a/b/' django/utils/http.py"), obs("")),
    ])
    traj = transcript.parse_file(str(path))
    assert [s.action.kind for s in traj.steps] == ["other", "edit"]


# ------------------------------------------------------------------ implicated code is the repository's own
def test_only_frames_and_names_inside_the_repository_are_implicated() -> None:
    text = """Traceback (most recent call last):
  File "/opt/conda/envs/testbed/lib/python3.9/unittest/case.py", line 59, in testPartExecutor
  File "/opt/conda/envs/testbed/lib/python3.9/unittest/case.py", line 592, in run
  File "/opt/conda/envs/testbed/lib/python3.9/unittest/case.py", line 550, in _callTestMethod
  File "/testbed/tests/utils_tests/test_http.py", line 40, in test_parse
  File "/testbed/django/utils/http.py", line 180, in parse_http_date
  File "/usr/lib/python3/dist-packages/numpy/core/fromnumeric.py", line 3, in _wrapreduction
E   with raises(ValueError): fnmatch_lines(x); any(a.all()) ; helper_in_repo(1); not_defined_here(2)
ValueError: The truth value of an array is ambiguous. Use a.any() or a.all()
"""
    failure = parse_failure(text, "t", "/testbed", {"parse_http_date", "helper_in_repo"})
    assert failure.functions == ("parse_http_date", "helper_in_repo")
    assert failure.files == ("django/utils/http.py",)


# ------------------------------------------------------------------ a step is always named
def test_a_session_with_only_commands_still_names_a_step(tmp_path: Path) -> None:
    path = mini_traj(tmp_path, [
        (bash("grep -rn parse_http_date django"), obs("django/utils/http.py:158:def parse_http_date(date):\n")),
        (bash("python -c 'import django'"), obs("")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ])
    diag = audit.diagnose(transcript.parse_file(str(path)), tests_text=REPORT)
    assert diag.chosen is not None and 1 <= diag.chosen.step <= 3 and diag.to_json()["step_base"] == 1


# ------------------------------------------------------------------ the real set: better than its first-edit baseline
def test_dev_half_of_the_real_set_beats_the_first_edit_baseline() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import audit_eval

    rows = audit_eval.evaluate_real("dev")["rows"]
    ours = sum(r["pred"] == r["gold"] for r in rows)
    first = sum(r["first_edit"] == r["gold"] for r in rows)
    assert len(rows) == 20 and all(r["pred"] is not None for r in rows)
    assert ours >= first + 3


def test_the_eval_says_which_batches_are_development_data_and_that_none_is_waiting(capsys: Any) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import audit_eval

    assert set(audit_eval.DEVELOPMENT) | set(audit_eval.FRESH) == set(audit_eval.BATCHES)
    assert not set(audit_eval.FRESH) & set(audit_eval.DEVELOPMENT)
    if audit_eval.FRESH:  # a held-out batch is waiting: it is scored once, by hand, not here
        return
    assert audit_eval.main(["audit_eval.py", "--real", "heldout", "--batch", "fresh"]) == 2
    err = capsys.readouterr().err
    assert "no held-out batch is waiting" in err and "development" in err
    assert audit_eval.main(["audit_eval.py", "--real", "every", "--batch", "d"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("fixtures/audit_real, every labelled case, batch d (development data)")


# ------------------------------------------------------------------ the LLM investigator: configured only, falls back
class Server:
    """A scripted OpenAI-compatible chat-completions server on 127.0.0.1: submit(step) or an HTTP error."""

    def __init__(self, step: int | None = None, status: int = 200) -> None:
        self.requests: list[dict[str, Any]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                outer.requests.append(body)
                if status != 200:
                    self.send_response(status)
                    self.end_headers()
                    self.wfile.write(b'{"error": {"message": "scripted failure"}}')
                    return
                call = {"id": "c1", "type": "function", "function": {
                    "name": "submit", "arguments": json.dumps({"step": step, "justification": "scripted verdict"})}}
                reply = {"id": "r1", "object": "chat.completion", "created": 0, "model": body.get("model", "m"),
                         "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                             "role": "assistant", "content": None, "tool_calls": [call]}}]}
                data = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def case(tmp_path: Path) -> Path:
    return mini_traj(tmp_path, [
        (bash("cat django/utils/http.py"), obs("def parse_http_date(date):\n")),
        (bash("sed -i 's/year += 1900/year += 2000/' django/utils/http.py"), obs("")),
        (bash("echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT && git add -A && git diff --cached"), None),
    ], submission=DIFF)


def audit_cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([STATEWISE, "audit", *args, "--json"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, **env}, check=False)


def test_ambient_openai_variables_send_nothing(case: Path, isolated_home: dict) -> None:
    server = Server(step=1)
    try:
        proc = audit_cli(str(case), env={"OPENAI_BASE_URL": server.url, "STATEWISE_LLM_BASE_URL": server.url,
                                         "OPENAI_API_KEY": "sk-test"})
    finally:
        server.close()
    assert proc.returncode == 0, proc.stderr
    assert server.requests == [] and json.loads(proc.stdout)["by"] == "deterministic"


def test_configured_endpoint_runs_the_llm_investigator(case: Path, isolated_home: dict) -> None:
    server = Server(step=1)
    config = Path(isolated_home["STATEWISE_HOME"]) / "config.toml"
    config.write_text(f'[llm]\nbase_url = "{server.url}"\nmodel = "scripted"\napi_key_env = "MY_KEY"\n'
                      f'timeout_seconds = 5\nmax_tokens = 256\n')
    try:
        proc = audit_cli(str(case), env={"MY_KEY": "k"})
    finally:
        server.close()
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert (data["by"], data["step"]) == ("llm", 1)
    assert server.requests and server.requests[0]["model"] == "scripted" and server.requests[0]["max_tokens"] == 256


def test_llm_option_and_fallback_on_failure(case: Path, isolated_home: dict) -> None:
    server = Server(status=500)
    try:
        proc = audit_cli(str(case), "--llm", server.url, env={})
    finally:
        server.close()
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert server.requests  # it was asked
    assert data["by"] == "deterministic" and data["step"] == 2 and "llm_error" in data


def test_unreachable_endpoint_falls_back(case: Path) -> None:
    from statewise_cli.config.settings import LlmSettings

    inv = audit.investigator_for(LlmSettings(base_url="http://127.0.0.1:9/v1", timeout_seconds=2.0), {})
    diag = audit.diagnose(transcript.parse_file(str(case)), tests_text=REPORT, investigator=inv)
    assert diag.by == "deterministic" and diag.chosen is not None and diag.chosen.step == 2 and diag.llm_error


def test_a_repository_config_cannot_set_an_endpoint(tmp_path: Path, isolated_home: dict) -> None:
    from statewise_cli.config.settings import load

    (tmp_path / ".statewise.toml").write_text('[llm]\nbase_url = "http://127.0.0.1:9"\n')
    assert load(str(tmp_path), dict(os.environ)).llm.base_url is None


def test_help_says_how_steps_are_numbered() -> None:
    proc = subprocess.run([STATEWISE, "audit", "--help"], capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "COLUMNS": "200"})
    assert "numbered from 1" in proc.stdout and "step_base" in proc.stdout
