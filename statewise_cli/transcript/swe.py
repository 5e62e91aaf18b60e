"""SWE-agent ``.traj``: ``{trajectory: [{action, observation, thought, response}], history, info}``."""

from __future__ import annotations

import json

from statewise_cli.actions.diff import symbols_in
from statewise_cli.actions.normalize import code_writes, describe_call, helper_script, scratch_script
from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.transcript.model import SWE_AGENT, Action, Edit, Observation, Step, Trajectory, as_text
from statewise_cli.transcript.steps import action_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_EDIT = Pattern(r"^edit (\d+):(\d+)")
_EXIT = Pattern(r"(?i)(?:exit code|exited with code)[: ]+(\d+)")
_ERROR = Pattern(r"(?m)Your proposed edit has introduced new syntax error|^Error|command not found")
# An editor that changed nothing says so: SWE-agent 1.x's ``str_replace_editor`` (an ``old_str`` not found or
# not unique, a bad path or line, ``create`` over an existing file, nothing to undo) and the windowed editors'
# linter ("Your changes have NOT been applied").
_EDITOR_REFUSED = Pattern(r"(?im)no replacement was performed|did not appear verbatim|multiple occurrences of old_str|"
                          r"your changes have not been applied|cannot overwrite files|no edit history found|"
                          r"^invalid `\w+` (?:parameter|value)|^the path \S+ does not exist|is not an absolute path|"
                          r"new syntax error|^error: |^unrecognized arguments|^usage: str_replace")
# Where the agent works, as the prompts state it: SWE-agent 0.x's "(Current directory: /repo)" in every prompt,
# 1.x's "<uploaded_files>\n/testbed\n</uploaded_files>" or "… a python code repository in the directory /testbed".
_CWD = Pattern(r"\(Current directory: (/[^)\s]*)\)")
_WORKDIR = Pattern(r"<uploaded_files>\s*(/[^\s<]*)\s*</uploaded_files>|(?:in|at) the directory (/[\w./-]*\w)")
# SWE-agent 1.x's editor tool (Anthropic's ``str_replace_based_edit_tool`` by another name)
_EDITOR_TOOLS = ("str_replace_editor", "str_replace_based_edit_tool")
# ``cat -n`` snippet lines of the editor's reply: "   118\t    return x"
_SNIPPET = Pattern(r"(?m)^\s*(\d+)\t(.*)$")
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


def _words(text: str) -> list[str]:
    """A tool command line as its words; SWE-agent quotes each argument of a tool call like a shell."""
    import shlex

    try:
        return shlex.split(text)
    except ValueError:  # an unbalanced quote: words as written
        return text.split()


def _options(words: list[str]) -> tuple[list[str], dict[str, str]]:
    """(positional words, ``--key value`` / ``--key=value`` options) of a tool command's arguments."""
    pos: list[str] = []
    opts: dict[str, str] = {}
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith("--") and len(w) > 2:
            key, eq, value = w[2:].partition("=")
            if eq:
                opts[key] = value
                i += 1
            else:
                opts[key] = words[i + 1] if i + 1 < len(words) else ""
                i += 2
            continue
        pos.append(w)
        i += 1
    return pos, opts


def _view_range(text: str | None) -> tuple[int, int] | None:
    numbers = [int(n) for n in "".join(c if c.isdigit() or c == "-" else " " for c in text or "").split()
               if n.lstrip("-").isdigit()]
    if len(numbers) >= 2 and numbers[0] > 0:
        return (numbers[0], numbers[1] if numbers[1] >= numbers[0] else numbers[0] + 99)
    return None


def _snippet_range(observation: str, new: str) -> tuple[int, int] | None:
    """The lines an editor change wrote, from the numbered snippet the editor shows after it: where the first
    line of the new text stands (the whole snippet when it cannot be found)."""
    rows = [(int(m.group(1)), m.group(2)) for m in _SNIPPET.finditer(observation)]
    if not rows:
        return None
    lines = new.splitlines()
    first = next((ln.strip() for ln in lines if ln.strip()), None)
    if first:
        for number, text in rows:
            if text.strip() == first:
                return (number, number + max(len(lines), 1) - 1)
    return (rows[0][0], rows[-1][0])


def _written_by(path: str, body: str, root: str | None) -> tuple[str | None, tuple[str, ...]]:
    """(role, files it writes) of a file an editor writes: a scratch script of the agent's own is a ``script``,
    a ``fix-script`` when its code writes other files (run later, those are the change); else no role."""
    if not scratch_script(path, root):
        return None, ()
    writes = tuple(p for p in code_writes(body) if p != path)
    return ("fix-script" if writes or helper_script(path, root) == "fix" else "script"), writes


def editor_action(tool: str, text: str, root: str | None, observation: str = "",
                  arguments: dict[str, Any] | None = None) -> Action:
    """A call of SWE-agent 1.x's file editor (``str_replace_editor view|create|str_replace|insert|undo_edit``),
    as the command line SWE-agent records or as the tool call's arguments: ``view`` reads, ``undo_edit`` reverts
    the file, the others write it through the one normalizer (as Claude's Edit and Write would)."""
    if arguments is None:
        pos, opts = _options(_words(text)[1:])
        sub = opts.get("command") or (pos[0] if pos else "")
        path = opts.get("path") or (pos[1] if len(pos) > 1 else "")
    else:
        opts = {k: v if isinstance(v, str) else json.dumps(v) for k, v in arguments.items()}
        sub, path = opts.get("command", ""), opts.get("path", "")
    rel = _rel(path, root)
    if sub == "view" or not path:
        return Action(tool, text, "read", None, (), rel or None, _view_range(opts.get("view_range")), None)
    if sub == "undo_edit":
        return Action(tool, text, "command", None, (), rel, None, None, "revert", None, (rel,))
    ranges: tuple[tuple[int, int], ...] = ()
    if sub == "create":
        body = opts.get("file_text", "")
        call = describe_call("Write", {"file_path": rel, "content": body}, root=root)
        ranges = ((1, max(len(body.splitlines()), 1)),)
    elif sub == "insert":
        body = opts.get("new_str", opts.get("text", ""))
        call = describe_call("Edit", {"file_path": rel, "old_string": "", "new_string": body}, root=root)
        after = opts.get("insert_line", "")
        if after.isdigit():
            ranges = ((int(after) + 1, int(after) + max(len(body.splitlines()), 1)),)
    else:  # str_replace, and any writing subcommand a variant adds
        body = opts.get("new_str", "")
        call = describe_call("Edit", {"file_path": rel, "old_string": opts.get("old_str", ""), "new_string": body},
                             root=root)
        shown = _snippet_range(observation, body)
        ranges = (shown,) if shown else ()
    action = action_of(tool, text, call)
    edits = action.edits or (Edit(path=rel, op="add" if sub == "create" else "update", text=body),)
    edits = tuple(e.replace(ranges=ranges) if ranges and not e.ranges else e for e in edits)
    role, writes = _written_by(rel, body, root)
    return action.replace(kind="edit", edits=edits, path=rel, role=role or action.role, writes=writes or action.writes)


# the environment's own output headers: an action that starts with one is output the model wrote itself (an
# invented file listing or prompt), sent to the shell by mistake; it observes and changes nothing
_INVENTED_OUTPUT = Pattern(r"^(?:\[File: .+\(\d+ lines total\)\]|\(Open file: .*\)|\(Current directory: .*\)|"
                           r"File updated\. Please review)")


def swe_action(text: str, open_file: str | None, cwd: str | None = None, observation: str = "") -> Action:
    first = text.strip().splitlines()[0] if text.strip() else ""
    words = first.split()
    tool = words[0] if words else ""
    if not tool:
        return Action("", text, "other", None, (), None, None, None)
    if _INVENTED_OUTPUT.match(first):
        return Action("invented-output", text, "other", None, (), None, None, None)
    if tool == "submit":
        return Action(tool, text, "submit", None, (), None, None, None)
    if tool in _CONTROL:
        return Action(tool, text, "other", None, (), None, None, None)
    if tool in _SEARCH_TOOLS:
        return Action(tool, text, "search", None, (), None, None, " ".join(words[1:]) or None)
    if tool in _EDITOR_TOOLS:
        return editor_action(tool, text, cwd, observation)
    if tool in ("open", "goto", "scroll_down", "scroll_up"):
        path = _rel(words[1], cwd) if tool == "open" and len(words) > 1 else open_file
        line = int(words[-1]) if tool in ("open", "goto") and len(words) > 1 and words[-1].isdigit() else None
        return Action(tool, text, "read", None, (), path, (line, line + 99) if line else None, None)
    if tool in ("search_dir", "search_file", "find_file"):
        return Action(tool, text, "search", None, (), _rel(words[2], cwd) if len(words) > 2 else None, None,
                      words[1] if len(words) > 1 else None)
    m = _EDIT.match(first)
    if m and open_file:
        body = text.split("\n", 1)[1] if "\n" in text else ""
        body = body.rsplit("end_of_edit", 1)[0]
        edit = Edit(path=open_file, op="update", ranges=((int(m.group(1)), int(m.group(2))),),
                    symbols=symbols_in(body), text="\n".join("+" + ln for ln in body.splitlines()))
        return Action("edit", text, "edit", None, (edit,), open_file, None, None, _script_role(open_file, cwd))
    if tool in ("edit", "insert", "append") and open_file:
        # SWE-agent 1.x's windowed editors: ``edit <search> <replace>``, ``insert <text> [<line>]``, ``append <text>``
        # change the open file; the change is the text of the arguments
        args = _words(text)[1:]
        old, new = (args[0], args[1]) if tool == "edit" and len(args) > 1 else ("", args[0] if args else "")
        call = describe_call("Edit", {"file_path": open_file, "old_string": old, "new_string": new}, root=cwd)
        action = action_of(tool, text, call)
        edits = action.edits or (Edit(path=open_file, op="update", symbols=symbols_in(new), text=new),)
        shown = _snippet_range(observation, new) if "\t" in observation else None
        edits = tuple(e.replace(ranges=(shown,)) if shown and not e.ranges else e for e in edits)
        return action.replace(kind="edit", edits=edits, path=open_file, role=_script_role(open_file, cwd))
    if tool == "create" and len(words) > 1:
        path = _rel(words[1], cwd)
        return Action(tool, text, "edit", None, (Edit(path=path, op="add", ranges=((1, 1),)),), path,
                      None, None, _script_role(path, cwd))
    return action_of("bash", text, describe_call("bash", text, command=text, root=cwd), text)


def _own_history(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The history's messages about this run: a demonstration (``is_demo``, a solved example task in another
    repository, shown before the real one) names another task and another working directory."""
    return [h for h in data.get("history") or [] if isinstance(h, dict) and not h.get("is_demo")]


def _working_dir(data: dict[str, Any]) -> str | None:
    info = data.get("info") or {}
    if isinstance(info, dict) and isinstance(info.get("cwd"), str):
        return info["cwd"]
    found = None
    for h in _own_history(data):  # "(Current directory: /repo)" wins: SWE-agent 0.x states it in every prompt
        text = as_text(h.get("content"))
        m = _CWD.search(text)
        if m and m.group(1) != "/":
            return m.group(1)
        w = _WORKDIR.search(text) if found is None and h.get("role") != "assistant" else None
        if w and (w.group(1) or w.group(2) or "/") != "/":
            found = (w.group(1) or w.group(2)).rstrip("/")
    if found is None:  # the environment's state after each turn: {"open_file": …, "working_dir": "/testbed"}
        for entry in (data.get("trajectory") or [])[:1]:
            state = entry.get("state") if isinstance(entry, dict) else None
            if isinstance(state, str):
                try:
                    state = json.loads(state)
                except ValueError:
                    state = None
            wd = state.get("working_dir") if isinstance(state, dict) else None
            if isinstance(wd, str) and wd.startswith("/") and wd != "/":
                found = wd.rstrip("/")
    return found


def _entries(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The agent's turns: ``trajectory`` (every SWE-agent version writes it); a file without one (a variant that
    keeps only the conversation) gives its turns from ``history``: each assistant message with an ``action``
    (or tool calls), observed by the message that follows it."""
    entries = [e for e in data.get("trajectory") or [] if isinstance(e, dict)]
    if entries:
        return entries
    history = _own_history(data)
    out = []
    for i, h in enumerate(history):
        if h.get("role") != "assistant":
            continue
        action = h.get("action")
        if not isinstance(action, str):
            calls = h.get("tool_calls")
            fn = calls[0].get("function") if isinstance(calls, list) and calls and isinstance(calls[0], dict) else None
            if not isinstance(fn, dict):
                continue
            args = fn.get("arguments")
            try:
                args = json.loads(args) if isinstance(args, str) else args
            except ValueError:
                args = {"command": args}
            name = str(fn.get("name") or "")
            if isinstance(args, dict) and name in _EDITOR_TOOLS:
                action = {"tool": name, "arguments": args}
            elif isinstance(args, dict):
                action = str(args.get("command", "")) if name == "bash" else \
                    " ".join([name, *(str(v) for v in args.values())]).strip()
            else:
                action = name
        nxt = history[i + 1] if i + 1 < len(history) and history[i + 1].get("role") in ("user", "tool") else None
        out.append({"action": action, "observation": as_text(nxt.get("content")) if nxt else "",
                    "thought": h.get("thought") or as_text(h.get("content"))})
    return out


def parse_swe_traj(data: dict[str, Any], source: str | None = None) -> Trajectory:
    """SWE-agent 0.x and 1.x ``.traj``. Raises ValueError for a file that holds no agent turn at all (neither a
    ``trajectory`` nor assistant actions in ``history``), saying so, rather than yielding an empty session."""
    steps = []
    open_file = None
    info = data.get("info") or {}
    info = info if isinstance(info, dict) else {}
    cwd = _working_dir(data)
    entries = _entries(data)
    if not entries and (data.get("trajectory") is None or not isinstance(data.get("trajectory"), list)):
        raise ValueError(f"{source or 'trajectory'}: an SWE-agent file without agent turns (no `trajectory` "
                         f"entries and no assistant actions in `history`; keys: {', '.join(sorted(data)[:12])})")
    for n, entry in enumerate(entries, 1):
        raw = entry.get("action", "")
        obs = as_text(entry.get("observation", ""))
        if isinstance(raw, dict):  # an editor tool call kept as its arguments
            tool = str(raw.get("tool") or _EDITOR_TOOLS[0])
            args = raw.get("arguments") if isinstance(raw.get("arguments"), dict) else {}
            action = editor_action(tool, json.dumps(args, sort_keys=True), cwd, obs, args)
            text = ""
        else:
            text = str(raw)
            m = _SHOWN.search(obs)
            # the path as the editor resolved it, relative to the repository: `open A.java` after `cd src/main/java/x`
            # is src/main/java/x/A.java (a path outside the known repository is left as the agent wrote it)
            shown = _rel(m.group(1), cwd) if m and cwd and m.group(1).startswith(cwd.rstrip("/") + "/") else None
            lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
            if shown and len(lines) > 1 and not lines[0].startswith(("edit ", "insert", "append")) \
                    and lines[-1].startswith(("open ", "create ")) and len(lines[-1].split()) == 2:
                # editor commands run by a block of shell lines (``cd dir`` ... ``create X.java``): the editor's
                # output shows what its last line did, which is the step's action on the file
                text = lines[-1]
            if shown and text.strip().startswith(("open ", "create ")):
                first, _, rest = text.strip().partition("\n")
                words = first.split()
                text = " ".join([words[0], shown, *words[2:]]) + ("\n" + rest if rest else "")
            action = swe_action(text, open_file, cwd, obs)
            if action.tool == "open" or action.kind == "edit" and action.tool == "create":
                open_file = action.path
            if shown and action.tool in ("open", "goto", "scroll_down", "scroll_up", "edit", "create"):
                open_file = shown
        m = _EXIT.search(obs)
        code = int(m.group(1)) if m else None
        is_error = bool(_ERROR.search(obs))
        if action.kind == "edit" and action.tool in (*_EDITOR_TOOLS, "edit", "insert", "append", "create"):
            is_error = is_error or bool(_EDITOR_REFUSED.search(obs[:2000]))
        elif action.tool in _EDITOR_TOOLS and action.role == "revert":
            is_error = bool(_EDITOR_REFUSED.search(obs[:2000]))
        thought = as_text(entry.get("thought") or entry.get("response") or "")
        steps.append(Step(n, thought, action, Observation(obs, code, is_error), None))
    task = ""
    for h in _own_history(data):
        if h.get("role") == "user":
            task = as_text(h.get("content"))
            break
    submission = info.get("submission")
    return Trajectory(SWE_AGENT, tuple(steps), task, cwd, info.get("instance_id") or data.get("instance_id"), source,
                      submission if isinstance(submission, str) else None)


# ------------------------------------------------------------------ mini-swe-agent
# The harness's action regexes across versions and configs: ```bash (1.x), ```mswea_bash_command (2.x text-based),
# <mswea_bash_command>…</mswea_bash_command> (2.x XML); ```sh/```shell of configs that name the block so.
_BASH_BLOCK = Pattern(r"(?s)```(?:bash|sh|shell|mswea_bash_command)\s*\n(.*?)\n```|"
                      r"<mswea_bash_command>\n?(.*?)\n?</mswea_bash_command>")
_RETURNCODE = Pattern(r"<returncode>\s*(-?\d+)\s*</returncode>")
_OUTPUT = Pattern(r"(?s)<output>\n?(.*?)</output>")
_HEAD_TAIL = Pattern(r"(?s)<output_head>\n?(.*?)</output_head>.*?<output_tail>\n?(.*?)</output_tail>")
FORMAT_ERROR = "Please always provide EXACTLY ONE action"
# The harness's replies to a turn it could not run (1.x and 2.x text-based, 2.x tool calling): no step ran.
_FORMAT_ERRORS = (FORMAT_ERROR, "Tool call error", "No tool calls found", "found 0 actions", "Every response needs to use")
# The commands that end a run and submit (2.x / late 1.x, early 1.x)
SUBMIT_MARKERS = ("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT", "MINI_SWE_AGENT_FINAL_OUTPUT")
# "MODIFY: Regular source code files in /testbed (this is the working directory …)"
_MINI_WORKDIR = Pattern(r"files in (/[\w./-]*\w) \(this is the working directory|(?:in|at) the directory (/[\w./-]*\w)")


def is_mini_swe(data: Any) -> bool:
    """A mini-swe-agent trajectory: ``{messages: [{role, content}], trajectory_format: "mini-swe-agent-…"}``."""
    return (isinstance(data, dict) and isinstance(data.get("messages"), list)
            and (str(data.get("trajectory_format", "")).startswith("mini-swe-agent") or "trajectory" not in data))


def _format_error(text: str) -> bool:
    head = text[:300]
    return any(marker in head for marker in _FORMAT_ERRORS)


def _mini_observation(text: str) -> Observation:
    if _format_error(text):
        return Observation(text, None, True)
    stripped = text.strip()
    if stripped.startswith("{") and '"returncode"' in stripped[:200]:  # 2.x: {"returncode": 0, "output": "…"}
        try:
            data = json.loads(stripped)
        except ValueError:
            data = None
        if isinstance(data, dict):
            code = data.get("returncode")
            body = data.get("output")
            if not isinstance(body, str):
                body = "\n".join(str(data.get(k) or "") for k in ("output_head", "output_tail"))
            if data.get("exception_info"):
                body = f"{body}\n{data['exception_info']}".strip()
            return Observation(body, code if isinstance(code, int) else None, False)
    m = _RETURNCODE.search(text)
    code = int(m.group(1)) if m else None
    out = _OUTPUT.search(text)
    if out:
        body = out.group(1)
    else:
        ht = _HEAD_TAIL.search(text)
        body = f"{ht.group(1)}\n{ht.group(2)}" if ht else text
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


def _blocks(text: str, message: dict[str, Any]) -> list[str]:
    """The action blocks of a text-format assistant message; when the text shows none, the commands the harness
    recorded it parsed (``extra.actions``), if it kept them."""
    found = [m.group(1) if m.group(1) is not None else m.group(2) or "" for m in _BASH_BLOCK.finditer(text)]
    extra = message.get("extra")
    recorded = extra.get("actions") if isinstance(extra, dict) else None
    if not found and isinstance(recorded, list):
        found = [str(a.get("command")) for a in recorded if isinstance(a, dict) and isinstance(a.get("command"), str)]
    return found


def _mini_cwd(data: dict[str, Any], messages: list[dict[str, Any]]) -> str | None:
    info = data.get("info") or {}
    config = info.get("config") if isinstance(info, dict) else None
    env = config.get("environment") if isinstance(config, dict) else None
    if isinstance(env, dict) and isinstance(env.get("cwd"), str) and env["cwd"]:
        return env["cwd"]
    for m in messages[:3]:
        if m.get("role") in ("system", "user"):
            w = _MINI_WORKDIR.search(as_text(m.get("content")))
            if w:
                return (w.group(1) or w.group(2)).rstrip("/")
    return None


def parse_mini_swe(data: dict[str, Any], source: str | None = None) -> Trajectory:
    """mini-swe-agent: a step is one ``assistant`` message (counted from 1); its observation is the next
    ``user`` message, or the ``tool`` messages that follow it (several tool calls in one turn are one step, their
    commands run in order). A message the harness rejected for its format (no or several action blocks) is a step
    of kind ``other`` whose observation is an error: it ran nothing."""
    info = data.get("info") or {}
    info = info if isinstance(info, dict) else {}
    messages = [m for m in data.get("messages") or [] if isinstance(m, dict)]
    cwd = _mini_cwd(data, messages)
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
        replies = []
        j = i + 1
        while j < len(messages) and messages[j].get("role") == "tool":
            replies.append(as_text(messages[j].get("content")))
            j += 1
        if not replies and j < len(messages) and messages[j].get("role") == "user":
            replies.append(as_text(messages[j].get("content")))
        obs_text = "\n".join(replies) if replies else None
        if calls is not None:  # tool calling: the action is the ``command`` of the bash call; the text is thought
            blocks, thought = ["\n".join(calls)] if calls else [], text
        else:
            blocks = _blocks(text, m)
            first = _BASH_BLOCK.search(text)
            thought = text[:first.start()] if first else text
        if len(blocks) != 1 or (obs_text is not None and _format_error(obs_text)):
            action = Action("format-error", text, "other", None, (), None, None, None)
            obs = Observation(obs_text, None, True) if obs_text is not None else None
        else:
            command = blocks[0]
            if any(marker in command for marker in SUBMIT_MARKERS):
                action = Action("submit", command, "submit", command, (), None, None, None)
            else:
                action = action_of("bash", command, describe_call("bash", command, command=command, root=cwd), command)
            if obs_text is not None and len(replies) > 1:
                parts = [_mini_observation(r) for r in replies]
                codes = [p.exit_code for p in parts if p.exit_code is not None]
                obs = Observation("\n".join(p.text for p in parts), max(codes, key=abs) if codes else None,
                                  any(p.is_error for p in parts))
            else:
                obs = _mini_observation(obs_text) if obs_text is not None else None
        steps.append(Step(len(steps) + 1, thought.strip(), action, obs, None))
    submission = info.get("submission")
    if not isinstance(submission, str):  # mini-swe-agent 2.x ends with an ``exit`` message holding the diff
        submission = next((as_text(m.get("content")) for m in reversed(messages) if m.get("role") == "exit"), None)
    if not steps and messages:
        raise ValueError(f"{source or 'trajectory'}: a mini-swe-agent file with {len(messages)} messages and no "
                         "assistant turn (roles: " + ", ".join(sorted({str(m.get('role')) for m in messages})) + ")")
    return Trajectory(SWE_AGENT, tuple(steps), task, cwd, data.get("instance_id") or info.get("instance_id"), source,
                      submission if isinstance(submission, str) else None)
