"""Replay the recorded trajectories through the installed statewise hook and score its holds.

For every labelled commitment k of a trajectory, in a fresh copy of the repository and a fresh
session: SessionStart, UserPromptSubmit (the task), then steps 0..k-1 exactly as recorded
(PreToolUse where the installed matcher fires, the recorded effect on disk, PostToolUse /
PostToolUseFailure with the recorded output), then commitment k's PreToolUse (edits, shell
submissions) or Stop. Its decision is the measurement: held = exit code 2, or
``hookSpecificOutput.permissionDecision == "deny"``, or ``decision == "block"``. Nothing else of
the reply (no message text) is read.

    python benchmarks/gate_independent/run.py              # dev split, both index modes, both agents
    python benchmarks/gate_independent/run.py --held-out   # the frozen held-out split (run once)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import repos
from record import AGENT_ENV, VENV_BIN

STATEWISE = str(Path(VENV_BIN) / "statewise")
COMMITMENT_OPS = ("edit", "write", "submit", "stop")


# ------------------------------------------------------------------ hook registration
def isolated_env(base: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("STATEWISE_", "CLAUDE", "CODEX"))}
    for name, sub in (("HOME", "home"), ("STATEWISE_HOME", "sw-home"), ("XDG_STATE_HOME", "xdg-state"),
                      ("XDG_CONFIG_HOME", "xdg-config"), ("CLAUDE_CONFIG_DIR", "claude-config"), ("CODEX_HOME", "codex-home")):
        env[name] = str(base / sub)
        os.makedirs(env[name], exist_ok=True)
    env.update(AGENT_ENV)
    env["PATH"] = VENV_BIN + os.pathsep + os.environ["PATH"]
    # No detached background `statewise index` racing the replay: the index mode runs it up front.
    env["STATEWISE_BACKGROUND_INDEX"] = "0"
    return env


def registered_hooks(tmp: Path) -> dict[str, dict]:
    """What `statewise install-hook --scope project` registers, per agent: {event: (matcher, command)}."""
    scratch = tmp / "install-scratch"
    scratch.mkdir()
    env = isolated_env(tmp / "install-env")
    subprocess.run(["git", "init", "-q"], cwd=scratch, check=True, env=env)
    out = {}
    for agent, rel in (("claude", ".claude/settings.json"), ("codex", ".codex/hooks.json")):
        subprocess.run([STATEWISE, "install-hook", "--agent", agent, "--scope", "project"], cwd=scratch, env=env,
                       check=True, capture_output=True)
        cfg = json.loads((scratch / rel).read_text())["hooks"]
        out[agent] = {event: (groups[0].get("matcher"), groups[0]["hooks"][0]["command"]) for event, groups in cfg.items()}
    return out


def matcher_fires(matcher: str | None, tool: str) -> bool:
    return not matcher or matcher == "*" or re.fullmatch(matcher, tool) is not None


# ------------------------------------------------------------------ payloads
class Session:
    def __init__(self, agent: str, repo: Path, env: dict, hooks: dict, base: Path):
        self.agent, self.repo, self.hooks = agent, repo, hooks
        self.sid = str(uuid.uuid4())
        self.turn = str(uuid.uuid4())
        self.transcript = base / f"{self.sid}.jsonl"
        self.transcript.write_text("")
        self.env = dict(env)
        if agent == "claude":
            self.env.update(CLAUDE_PROJECT_DIR=str(repo), CLAUDECODE="1", CLAUDE_CODE_SESSION_ID=self.sid)
        self.n = 0

    def common(self, event: str) -> dict:
        p = {"session_id": self.sid, "transcript_path": str(self.transcript), "cwd": str(self.repo),
             "hook_event_name": event}
        if self.agent == "claude":
            if event != "SessionStart":
                p.update(prompt_id=self.turn, permission_mode="bypassPermissions")
            if event in ("PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop"):
                p["effort"] = {"level": "medium"}
        else:
            if event != "SessionStart":
                p["turn_id"] = self.turn
            p.update(model="gpt-5.5", permission_mode="bypassPermissions")
        return p

    def call(self, payload: dict, tool: str | None = None) -> dict:
        event = payload["hook_event_name"]
        if event not in self.hooks:
            return {"sent": False}
        matcher, command = self.hooks[event]
        if tool is not None and not matcher_fires(matcher, tool):
            return {"sent": False}
        p = subprocess.run(["bash", "-c", command], input=json.dumps(payload), cwd=self.repo, env=self.env,
                           capture_output=True, text=True, timeout=60, check=False)
        try:
            reply = json.loads(p.stdout) if p.stdout.strip() else {}
        except json.JSONDecodeError:
            reply = {}
        hso = reply.get("hookSpecificOutput") or {}
        decision = hso.get("permissionDecision") or reply.get("decision")
        held = p.returncode == 2 or decision in ("deny", "block")
        return {"sent": True, "rc": p.returncode, "decision": decision, "held": held}

    # -- tool calls
    def tool(self, step: dict) -> tuple[str, dict]:
        """(tool_name, tool_input) of a step for this agent."""
        abs_path = str(self.repo / step["path"]) if "path" in step else None
        op = step["op"]
        if self.agent == "claude":
            if op == "read":
                ti = {"file_path": abs_path}
                if step.get("lines"):
                    ti.update(offset=step["lines"][0], limit=step["lines"][1] - step["lines"][0] + 1)
                return "Read", ti
            if op == "grep":
                ti = {"pattern": step["pattern"], "path": abs_path, "output_mode": "content", "-n": True}
                if step.get("after"):
                    ti["-A"] = step["after"]
                return "Grep", ti
            if op in ("sh", "submit"):
                return "Bash", {"command": step["cmd"], "description": "Run " + step["cmd"].split()[0]}
            if op == "edit":
                return "Edit", {"file_path": abs_path, "old_string": step["old"], "new_string": step["new"],
                                "replace_all": False}
            if op == "write":
                return "Write", {"file_path": abs_path, "content": step["content"]}
        else:
            if op in ("read", "grep"):
                return "Bash", {"command": step["codex_cmd"]}
            if op in ("sh", "submit"):
                return "Bash", {"command": step["cmd"]}
            if op in ("edit", "write"):
                return "apply_patch", {"command": step["apply_patch"]}
        raise ValueError(op)

    def sub(self, text: str) -> str:
        return text.replace("{{REPO}}", str(self.repo))

    def post(self, step: dict, name: str, ti: dict, tuid: str) -> dict:
        op = step["op"]
        out, err, rc = self.sub(step.get("stdout") or ""), self.sub(step.get("stderr") or ""), step.get("rc") or 0
        event = "PostToolUse"
        if self.agent == "claude":
            if op == "read":
                resp = {"type": "text", "file": {"filePath": ti["file_path"], "content": self.sub(step["content"]),
                                                 "numLines": step["num_lines"], "startLine": step["start"],
                                                 "totalLines": step["total_lines"]}}
            elif op == "grep":
                lines = out.splitlines()
                files = sorted({ln.split(":", 1)[0] for ln in lines if ":" in ln})
                resp = {"mode": "content", "numFiles": len(files), "filenames": [], "content": out.rstrip("\n"),
                        "numLines": len(lines)}
            elif op in ("sh", "submit"):
                if rc != 0:
                    event = "PostToolUseFailure"
                    resp = None
                else:
                    resp = {"stdout": out.rstrip("\n"), "stderr": err.rstrip("\n"), "interrupted": False,
                            "isImage": False, "noOutputExpected": False}
            elif op == "edit":
                resp = {"filePath": ti["file_path"], "oldString": step["old"], "newString": step["new"],
                        "originalFile": step["original"], "structuredPatch": step["patch"], "userModified": False,
                        "replaceAll": False}
            else:
                resp = {"type": "create", "filePath": ti["file_path"], "content": step["content"],
                        "structuredPatch": [], "originalFile": None, "userModified": False}
        else:
            if op in ("edit", "write"):
                letter = "M" if op == "edit" else "A"
                resp = f"Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n{letter} {step['path']}\n"
            else:
                resp = out + err
        p = self.common(event)
        p.update(tool_name=name, tool_input=ti, tool_use_id=tuid)
        if event == "PostToolUseFailure":
            p.update(error=f"Exit code {rc}\n" + (out + err).strip(), is_interrupt=False, duration_ms=812)
        else:
            p["tool_response"] = resp
            if self.agent == "claude":
                p["duration_ms"] = 40
        return self.call(p)

    def rollout_line(self, step: dict, ti: dict, tuid: str) -> None:
        """Diagnostics only (off in the scored runs): the CommandExecution item Codex writes to its rollout."""
        out = self.sub(step.get("stdout") or "") + self.sub(step.get("stderr") or "")
        rc = step.get("rc") or 0
        item = {"type": "CommandExecution", "id": tuid, "command": ["/bin/bash", "-lc", ti["command"]],
                "cwd": "file://" + str(self.repo), "status": "completed" if rc == 0 else "failed",
                "aggregated_output": out, "exit_code": rc}
        line = {"timestamp": "2026-12-01T10:00:00.000Z", "type": "event_msg",
                "payload": {"type": "item_completed", "thread_id": self.sid, "turn_id": self.turn, "item": item}}
        with open(self.transcript, "a") as fh:
            fh.write(json.dumps(line) + "\n")

    def step(self, step: dict, final: bool) -> dict:
        """Send one step. For the final (measured) commitment only its Pre/Stop is sent."""
        self.n += 1
        if step["op"] == "stop":
            p = self.common("Stop")
            p.update(stop_hook_active=False, last_assistant_message=step.get("message", "Done."))
            if self.agent == "claude":
                p.update(background_tasks=[], session_crons=[])
            return self.call(p)
        name, ti = self.tool(step)
        tuid = (f"toolu_{self.n:04d}" if self.agent == "claude" else f"call_{self.n:04d}")
        pre = self.common("PreToolUse")
        pre.update(tool_name=name, tool_input=ti, tool_use_id=tuid)
        result = self.call(pre, tool=name)
        if final:
            return result
        apply_effect(self.repo, step, self.env)
        if ROLLOUT[0] and self.agent == "codex" and name == "Bash":
            self.rollout_line(step, ti, tuid)
        self.post(step, name, ti, tuid)
        return result


def apply_effect(repo: Path, step: dict, env: dict) -> None:
    op = step["op"]
    if op == "edit":
        path = repo / step["path"]
        text = path.read_text()
        assert text.count(step["old"]) == 1, (step["path"], step["old"])
        path.write_text(text.replace(step["old"], step["new"]))
    elif op == "write":
        (repo / step["path"]).write_text(step["content"])
    elif op in ("sh", "submit") and step.get("effect") and not step.get("synthetic"):
        subprocess.run(["bash", "-c", step["cmd"]], cwd=repo, env=env, capture_output=True, timeout=120, check=False)


# ------------------------------------------------------------------ one measured commitment
GATE_MODE = ["enforce"]
ROLLOUT = [False]  # diag.py only: also write Codex rollout CommandExecution lines (with exit codes)


def prepare_repo(templates: Path, repo_name: str, dest: Path) -> Path:
    shutil.copytree(templates, dest, symlinks=True,
                    ignore=lambda d, names: [n for n in names if d == str(templates) and not n.startswith(repo_name)])
    repo = dest / repo_name
    subprocess.run(["git", "remote", "set-url", "origin", str(dest / f"{repo_name}-origin.git")], cwd=repo, check=True)
    (repo / ".statewise.toml").write_text(f'[gate]\nmode = "{GATE_MODE[0]}"\n')
    with open(repo / ".git" / "info" / "exclude", "a") as fh:
        fh.write(".statewise.toml\n")
    return repo


def measure(traj: dict, k: int, agent: str, indexed: bool, hooks: dict, templates: Path, work: Path) -> dict:
    base = work / f"{traj['id']}-{k}-{agent}-{'ix' if indexed else 'nx'}"
    base.mkdir(parents=True)
    repo = prepare_repo(templates / traj["repo"], traj["repo"], base / "r")
    env = isolated_env(base / "env")
    if indexed:
        subprocess.run([STATEWISE, "index"], cwd=repo, env=env, capture_output=True, timeout=300, check=True)
    s = Session(agent, repo, env, hooks[agent], base)
    start = s.common("SessionStart")
    start["source"] = "startup"
    s.call(start)
    prompt = s.common("UserPromptSubmit")
    prompt["prompt"] = traj["task"]
    s.call(prompt)
    prefix_holds = []
    for i, step in enumerate(traj["steps"][:k]):
        r = s.step(step, final=False)
        if r.get("held"):
            prefix_holds.append({"step": i, "op": step["op"], "labelled": "label" in step})
    result = s.step(traj["steps"][k], final=True)
    logs = base / "env" / "xdg-state" / "statewise" / "logs"
    hook_errors = len(list(logs.glob("hook-*.log"))) if logs.is_dir() else 0
    shutil.rmtree(base, ignore_errors=True)
    step = traj["steps"][k]
    return {"trajectory": traj["id"], "step": k, "agent": agent, "indexed": indexed, "op": step["op"],
            "label": step["label"], "condition": step["cond"], "lang": traj["lang"], "held": bool(result.get("held")),
            "decision": result.get("decision"), "rc": result.get("rc"), "sent": result.get("sent", False),
            "prefix_holds": prefix_holds, "hook_error_logs": hook_errors}


# ------------------------------------------------------------------ scoring
def pct(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f}% ({a}/{b})" if b else "    – (0/0)"


def score(rows: list[dict]) -> dict:
    prem = [r for r in rows if r["label"] == "premature"]
    sup = [r for r in rows if r["label"] == "supported"]
    return {"recall": (sum(r["held"] for r in prem), len(prem)), "false_holds": (sum(r["held"] for r in sup), len(sup))}


def report(rows: list[dict], title: str) -> str:
    out = [f"== {title}"]
    s = score(rows)
    out.append(f"  all            recall {pct(*s['recall'])}   false holds {pct(*s['false_holds'])}")
    for key, values in (("agent", ("claude", "codex")), ("lang", ("python", "javascript", "typescript")),
                        ("op", ("edit", "write", "submit", "stop"))):
        for v in values:
            sub = [r for r in rows if r[key] == v]
            if sub:
                s = score(sub)
                out.append(f"  {key}={v:<11} recall {pct(*s['recall'])}   false holds {pct(*s['false_holds'])}")
    for cond in ("definition", "reproduction", "callers", "related", "coverage", "stale"):
        sub = [r for r in rows if r["condition"] == cond]
        by_lang = ", ".join(f"{lang} {sum(r['held'] for r in sub if r['lang'] == lang)}/{sum(1 for r in sub if r['lang'] == lang)}"
                            for lang in ("python", "javascript", "typescript") if any(r["lang"] == lang for r in sub))
        out.append(f"  premature:{cond:<13} recall {pct(sum(r['held'] for r in sub), len(sub))}   [{by_lang}]")
    misses = sorted({(r["trajectory"], r["step"], r["condition"]) for r in rows if r["label"] == "premature" and not r["held"]})
    falses = sorted({(r["trajectory"], r["step"]) for r in rows if r["label"] == "supported" and r["held"]})
    out.append("  missed premature (trajectory, step, condition; agent): " + (", ".join(
        f"{t}@{k} {c} [{'/'.join(sorted(r['agent'] for r in rows if r['trajectory'] == t and r['step'] == k and not r['held']))}]"
        for t, k, c in misses) or "none"))
    out.append("  held supported (trajectory, step; agent): " + (", ".join(
        f"{t}@{k} [{'/'.join(sorted(r['agent'] for r in rows if r['trajectory'] == t and r['step'] == k and r['held']))}]"
        for t, k in falses) or "none"))
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--held-out", action="store_true", help="score the frozen held-out half instead of dev")
    ap.add_argument("--mode", choices=("index", "noindex", "both"), default="both")
    ap.add_argument("--agent", choices=("claude", "codex", "both"), default="both")
    ap.add_argument("--only", action="append", help="trajectory id (repeatable)")
    ap.add_argument("--jobs", type=int, default=3)
    ap.add_argument("--json", help="write every measured row here")
    ap.add_argument("--gate-mode", default="enforce", help=argparse.SUPPRESS)  # advise: mechanics smoke test only
    args = ap.parse_args()
    GATE_MODE[0] = args.gate_mode

    split = json.loads((HERE / "split.json").read_text())
    ids = split["held_out" if args.held_out else "dev"]
    if args.only:
        ids = [i for i in ids if i in args.only]
    trajs = [json.loads((HERE / "recorded" / f"{i}.json").read_text()) for i in ids]
    agents = ("claude", "codex") if args.agent == "both" else (args.agent,)
    modes = (True, False) if args.mode == "both" else ((args.mode == "index"),)
    t0 = time.time()
    with tempfile.TemporaryDirectory(prefix="gateset-run-") as tmp:
        tmp = Path(tmp)
        hooks = registered_hooks(tmp)
        templates = tmp / "templates"
        for name in sorted({t["repo"] for t in trajs}):
            repos.build(name, templates / name)
        jobs = [(t, k, a, m) for m in modes for t in trajs for k, st in enumerate(t["steps"]) if st["op"] in COMMITMENT_OPS
                for a in agents]
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            rows = list(pool.map(lambda j: measure(*j, hooks, templates, tmp / "work"), jobs))
    wall = time.time() - t0
    name = "held-out" if args.held_out else "dev"
    print(f"split {name}: {len(trajs)} trajectories, {len(rows) // (len(agents) * len(modes))} commitments "
          f"x {len(agents)} agents x {len(modes)} modes; wall time {wall:.0f} s")
    for indexed in modes:
        sub = [r for r in rows if r["indexed"] == indexed]
        print(report(sub, f"{name}, {'repository indexed first (statewise index)' if indexed else 'no index (STATEWISE_BACKGROUND_INDEX=0)'}"))
    errs = sum(r["hook_error_logs"] for r in rows)
    if errs:
        print(f"  WARNING: the hook wrote {errs} error logs (see XDG_STATE_HOME/statewise/logs)")
    unsent = [r for r in rows if not r["sent"]]
    if unsent:
        print(f"  WARNING: {len(unsent)} commitments never reached the hook (matcher)")
    ph = [r for r in rows if any(not h["labelled"] for h in r["prefix_holds"])]
    if ph:
        print(f"  note: {len(ph)} replays saw a hold on a non-commitment step in their prefix")
    if args.json:
        Path(args.json).write_text(json.dumps({"split": name, "wall_s": round(wall, 1), "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
