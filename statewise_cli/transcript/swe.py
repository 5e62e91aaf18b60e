"""SWE-agent ``.traj``: ``{trajectory: [{action, observation, thought, response}], history, info}``."""

from __future__ import annotations

import json

from statewise_cli.actions.diff import symbols_in
from statewise_cli.actions.normalize import describe_call, scratch_script
from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.transcript.model import SWE_AGENT, Action, Edit, Observation, Step, Trajectory, as_text
from statewise_cli.transcript.steps import action_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_EDIT = Pattern(r"^edit (\d+):(\d+)")
_EXIT = Pattern(r"(?i)(?:exit code|exited with code)[: ]+(\d+)")
_ERROR = Pattern(r"(?m)Your proposed edit has introduced new syntax error|^Error|command not found")
_CWD = Pattern(r"\(Current directory: (/[^)\s]*)\)")
# The editor names the file it shows or changed by its absolute path: "[File: /repo/src/A.java (120 lines total)]".
_SHOWN = Pattern(r"\[File: (/[^\s\]]+) \(\d+ lines total\)\]")
# Multi-role agents built on SWE-agent (CodeR) hand work between roles with commands that run nothing in the
# repository: a plan, a role's verdict, a budget exit. Their observations are the roles' prose, not output.
_CONTROL = ("plan", "succeed", "fail", "exit_cost", "exit_context", "exit_format", "exit_api", "exit_error")
# Search tools outside plain SWE-agent (CodeR's code-search and web-search tools): they read, never change.
_SEARCH_TOOLS = ("rover_search_method", "rover_search_class", "rover_search_code", "rover_search_code_in_file",
                 "stackoverflow_search", "similar_issue_search")


def _rel(path: str, root: str | None) -> str:
    if root and path.startswith(root.rstrip("/") + "/"):
        return path[len(root.rstrip("/")) + 1:]
    return path


def _script_role(path: str, root: str | None) -> str | None:
    """``"script"`` when an editor command writes a scratch script of the agent's own (``reproduce.py`` at the
    top of the repository, anything under /tmp): writing it changes no repository code."""
    return "script" if scratch_script(_rel(path, root)) else None


def swe_action(text: str, open_file: str | None, cwd: str | None = None) -> Action:
    first = text.strip().splitlines()[0] if text.strip() else ""
    words = first.split()
    tool = words[0] if words else ""
    if tool == "submit":
        return Action(tool, text, "submit", None, (), None, None, None)
    if tool in _CONTROL:
        return Action(tool, text, "other", None, (), None, None, None)
    if tool in _SEARCH_TOOLS:
        return Action(tool, text, "search", None, (), None, None, " ".join(words[1:]) or None)
    if tool in ("open", "goto", "scroll_down", "scroll_up"):
        path = words[1] if tool == "open" and len(words) > 1 else open_file
        line = int(words[-1]) if tool in ("open", "goto") and len(words) > 1 and words[-1].isdigit() else None
        return Action(tool, text, "read", None, (), path, (line, line + 99) if line else None, None)
    if tool in ("search_dir", "search_file", "find_file"):
        return Action(tool, text, "search", None, (), words[2] if len(words) > 2 else None, None,
                      words[1] if len(words) > 1 else None)
    m = _EDIT.match(first)
    if m and open_file:
        body = text.split("\n", 1)[1] if "\n" in text else ""
        body = body.rsplit("end_of_edit", 1)[0]
        edit = Edit(path=open_file, op="update", ranges=((int(m.group(1)), int(m.group(2))),),
                    symbols=symbols_in(body), text="\n".join("+" + ln for ln in body.splitlines()))
        return Action("edit", text, "edit", None, (edit,), open_file, None, None, _script_role(open_file, cwd))
    if tool == "create" and len(words) > 1:
        return Action(tool, text, "edit", None, (Edit(path=words[1], op="add", ranges=((1, 1),)),), words[1],
                      None, None, _script_role(words[1], cwd))
    if tool == "str_replace_editor" and len(words) > 2:
        sub, path = words[1], words[2]
        if sub == "view":
            return Action(tool, text, "read", None, (), path, None, None)
        return Action(tool, text, "edit", None, (Edit(path=path, op="update", symbols=symbols_in(text), text=text),),
                      path, None, None, _script_role(path, cwd))
    return action_of("bash", text, describe_call("bash", text, command=text, root=cwd), text)


def _own_history(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The history's messages about this run: a demonstration (``is_demo``, a solved example task in another
    repository, shown before the real one) names another task and another working directory."""
    return [h for h in data.get("history") or [] if isinstance(h, dict) and not h.get("is_demo")]


def parse_swe_traj(data: dict[str, Any], source: str | None = None) -> Trajectory:
    steps = []
    open_file = None
    info = data.get("info") or {}
    cwd = info.get("cwd") if isinstance(info.get("cwd"), str) else None
    if cwd is None:  # SWE-agent states the working directory in every prompt: "(Current directory: /repo)"
        for h in _own_history(data):
            m = _CWD.search(as_text(h.get("content")))
            if m and m.group(1) != "/":
                cwd = m.group(1)
                break
    for n, entry in enumerate(data.get("trajectory") or [], 1):
        text = str(entry.get("action", ""))
        obs = str(entry.get("observation", ""))
        m = _SHOWN.search(obs)
        # the path as the editor resolved it, relative to the repository: `open A.java` after `cd src/main/java/x`
        # is src/main/java/x/A.java (a path outside the known repository is left as the agent wrote it)
        shown = _rel(m.group(1), cwd) if m and cwd and m.group(1).startswith(cwd.rstrip("/") + "/") else None
        if shown and text.strip().startswith(("open ", "create ")):
            first, _, rest = text.strip().partition("\n")
            words = first.split()
            text = " ".join([words[0], shown, *words[2:]]) + ("\n" + rest if rest else "")
        action = swe_action(text, open_file, cwd)
        if action.tool == "open" or action.kind == "edit" and action.tool == "create":
            open_file = action.path
        if shown and action.tool in ("open", "goto", "scroll_down", "scroll_up", "edit", "create"):
            open_file = shown
        m = _EXIT.search(obs)
        code = int(m.group(1)) if m else None
        is_error = bool(_ERROR.search(obs))
        thought = str(entry.get("thought") or entry.get("response") or "")
        steps.append(Step(n, thought, action, Observation(obs, code, is_error), None))
    task = ""
    for h in _own_history(data):
        if h.get("role") == "user":
            task = as_text(h.get("content"))
            break
    submission = info.get("submission")
    return Trajectory(SWE_AGENT, tuple(steps), task, cwd, info.get("instance_id"), source,
                      submission if isinstance(submission, str) else None)


# ------------------------------------------------------------------ mini-swe-agent
_BASH_BLOCK = Pattern(r"(?s)```bash\s*\n(.*?)\n```")  # the harness's own action regex
_RETURNCODE = Pattern(r"<returncode>\s*(-?\d+)\s*</returncode>")
_OUTPUT = Pattern(r"(?s)<output>\n?(.*?)</output>")
FORMAT_ERROR = "Please always provide EXACTLY ONE action"


def is_mini_swe(data: Any) -> bool:
    """A mini-swe-agent trajectory: ``{messages: [{role, content}], trajectory_format: "mini-swe-agent-…"}``."""
    return (isinstance(data, dict) and isinstance(data.get("messages"), list)
            and (str(data.get("trajectory_format", "")).startswith("mini-swe-agent") or "trajectory" not in data))


def _mini_observation(text: str) -> Observation:
    m = _RETURNCODE.search(text)
    code = int(m.group(1)) if m else None
    out = _OUTPUT.search(text)
    body = out.group(1) if out else text
    if FORMAT_ERROR in text[:200]:
        return Observation(text, None, True)
    return Observation(body, code, False)


def _tool_commands(message: dict[str, Any]) -> list[str] | None:
    """The bash commands of a tool-calling assistant message (mini-swe-agent 2.x: ``tool_calls`` with a
    ``command`` argument), or None for a message without tool calls (the text format)."""
    calls = message.get("tool_calls")
    if not isinstance(calls, list) or not calls:
        return None
    commands = []
    for call in calls:
        fn = call.get("function") if isinstance(call, dict) else None
        args = fn.get("arguments") if isinstance(fn, dict) else None
        if isinstance(args, str):
            try:
                args = json.loads(args)
            except ValueError:
                args = {"command": args}
        command = args.get("command") if isinstance(args, dict) else None
        if isinstance(command, str):
            commands.append(command)
    return commands


def parse_mini_swe(data: dict[str, Any], source: str | None = None) -> Trajectory:
    """mini-swe-agent: a step is one ``assistant`` message (counted from 1); its observation is the next
    ``user`` message. A message the harness rejected for its format (no or several ```bash blocks) is a step
    of kind ``other`` whose observation is an error: it ran nothing."""
    info = data.get("info") or {}
    env = ((info.get("config") or {}).get("environment") or {}) if isinstance(info.get("config"), dict) else {}
    cwd = env.get("cwd") if isinstance(env, dict) and isinstance(env.get("cwd"), str) else None
    messages = [m for m in data.get("messages") or [] if isinstance(m, dict)]
    task = ""
    steps: list[Step] = []
    for i, m in enumerate(messages):
        role, text = m.get("role"), as_text(m.get("content"))
        if role == "user" and not task and not steps:
            task = text
        if role != "assistant":
            continue
        calls = _tool_commands(m)
        # the observation: the next ``user`` message (text format) or the next ``tool`` message(s) (tool calling)
        nxt = messages[i + 1] if i + 1 < len(messages) and messages[i + 1].get("role") in ("user", "tool") else None
        obs_text = as_text(nxt.get("content")) if nxt else None
        if calls is not None:  # tool calling: the action is the ``command`` of the bash call; the text is thought
            blocks, thought = calls, text
        else:
            blocks = _BASH_BLOCK.findall(text)
            first = _BASH_BLOCK.search(text)
            thought = text[:first.start()] if first else text
        if len(blocks) != 1 or (obs_text is not None and FORMAT_ERROR in obs_text[:200]):
            action = Action("format-error", text, "other", None, (), None, None, None)
            obs = Observation(obs_text, None, True) if obs_text is not None else None
        else:
            command = blocks[0]
            if "COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT" in command:
                action = Action("submit", command, "submit", command, (), None, None, None)
            else:
                action = action_of("bash", command, describe_call("bash", command, command=command, root=cwd), command)
            obs = _mini_observation(obs_text) if obs_text is not None else None
        steps.append(Step(len(steps) + 1, thought.strip(), action, obs, None))
    submission = info.get("submission")
    if not isinstance(submission, str):  # mini-swe-agent 2.x ends with an ``exit`` message holding the diff
        submission = next((as_text(m.get("content")) for m in reversed(messages) if m.get("role") == "exit"), None)
    return Trajectory(SWE_AGENT, tuple(steps), task, cwd, data.get("instance_id") or info.get("instance_id"), source,
                      submission if isinstance(submission, str) else None)
