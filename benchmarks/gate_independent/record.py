"""Execute every trajectory in a fresh copy of its repository and record the real outputs.

Writes ``recorded/<id>.json`` (steps with outputs, agent-neutral), ``labels.jsonl`` (one line per
commitment) and ``split.json`` (dev / held-out by sha256 of the trajectory id). Run it before the
gate ever sees the set: ``python benchmarks/gate_independent/record.py``.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import repos
import trajectories

VENV_BIN = str(Path(sys.executable).parent)
AGENT_ENV = {"GIT_AUTHOR_NAME": "Dana Ruiz", "GIT_AUTHOR_EMAIL": "dana@example.invalid",
             "GIT_COMMITTER_NAME": "Dana Ruiz", "GIT_COMMITTER_EMAIL": "dana@example.invalid",
             "GIT_CONFIG_NOSYSTEM": "1", "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}


def agent_env() -> dict[str, str]:
    env = dict(os.environ, **AGENT_ENV)
    env["PATH"] = VENV_BIN + os.pathsep + env["PATH"]
    return env


def run_shell(cmd: str, cwd: Path) -> tuple[str, str, int]:
    p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=agent_env(), capture_output=True, text=True, timeout=120, check=False)
    return p.stdout, p.stderr, p.returncode


def codex_read_cmd(step: dict) -> str:
    if step.get("lines"):
        a, b = step["lines"]
        return f"sed -n {a},{b}p {step['path']}"
    return f"cat {step['path']}"


def grep_cmd(step: dict) -> str:
    after = f" -A{step['after']}" if step.get("after") else ""
    pat = step["pattern"].replace("'", "'\\''")
    return f"grep -rn{after} --exclude-dir=.git --exclude-dir=node_modules '{pat}' {step['path']}"


def structured_patch(old: str, new: str) -> list[dict]:
    a, b = old.splitlines(), new.splitlines()
    hunks = []
    for group in difflib.SequenceMatcher(None, a, b).get_grouped_opcodes(3):
        i1, i2, j1, j2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        lines = []
        for tag, x1, x2, y1, y2 in group:
            if tag == "equal":
                lines += [" " + s for s in a[x1:x2]]
            else:
                lines += ["-" + s for s in a[x1:x2]] + ["+" + s for s in b[y1:y2]]
        hunks.append({"oldStart": i1 + 1, "oldLines": i2 - i1, "newStart": j1 + 1, "newLines": j2 - j1, "lines": lines})
    return hunks


def apply_patch_text(path: str, old: str | None, new: str) -> str:
    if old is None:
        return "*** Begin Patch\n*** Add File: " + path + "\n" + "".join("+" + s + "\n" for s in new.splitlines()) + "*** End Patch\n"
    out = ["*** Begin Patch", f"*** Update File: {path}"]
    for hunk in structured_patch(old, new):
        out.append("@@")
        out += hunk["lines"]
    out.append("*** End Patch")
    return "\n".join(out) + "\n"


def apply_edit(repo: Path, step: dict) -> tuple[str, str]:
    path = repo / step["path"]
    original = path.read_text()
    count = original.count(step["old"])
    if count != 1:
        raise SystemExit(f"edit of {step['path']}: old_string found {count} times")
    new = original.replace(step["old"], step["new"])
    path.write_text(new)
    return original, new


def record(traj: dict, workdir: Path) -> dict:
    dest = workdir / traj["id"]
    repo = repos.build(traj["repo"], dest)
    out_steps = []
    for step in traj["steps"]:
        s = dict(step)
        op = s["op"]
        if op == "read":
            text = (repo / s["path"]).read_text()
            lines = text.splitlines(keepends=True)
            a, b = s["lines"] or (1, len(lines))
            s.update(content="".join(lines[a - 1:b]), start=a, num_lines=len(lines[a - 1:b]), total_lines=len(lines),
                     codex_cmd=codex_read_cmd(s))
            s["stdout"], s["stderr"], s["rc"] = run_shell(s["codex_cmd"], repo)
        elif op == "grep":
            s["codex_cmd"] = grep_cmd(s)
            s["stdout"], s["stderr"], s["rc"] = run_shell(s["codex_cmd"], repo)
        elif op in ("sh", "submit"):
            if s.get("synthetic"):
                s["stdout"], s["stderr"] = s.pop("output"), ""
            else:
                s["stdout"], s["stderr"], s["rc"] = run_shell(s["cmd"], repo)
                if op == "submit" and s["rc"] != 0:
                    raise SystemExit(f"{traj['id']}: {s['cmd']} failed: {s['stderr']}")
        elif op == "edit":
            original, new = apply_edit(repo, s)
            s.update(original=original, patch=structured_patch(original, new),
                     apply_patch=apply_patch_text(s["path"], original, new))
        elif op == "write":
            (repo / s["path"]).write_text(s["content"])
            s["apply_patch"] = apply_patch_text(s["path"], None, s["content"])
        for key in ("stdout", "stderr", "content"):
            if isinstance(s.get(key), str):
                s[key] = s[key].replace(str(repo), "{{REPO}}")
        out_steps.append(s)
    shutil.rmtree(dest)
    return dict(traj, steps=out_steps, lang=trajectories.LANG[traj["repo"]])


def split_of(tid: str) -> str:
    return "dev" if int(hashlib.sha256(tid.encode()).hexdigest(), 16) % 2 == 0 else "held_out"


def main() -> None:
    labels_only = sys.argv[1:] == ["--labels"]
    shard = None
    if sys.argv[1:2] == ["--shard"]:  # --shard I/N: record the missing trajectories with index % N == I
        i, n = map(int, sys.argv[2].split("/"))
        shard = {t["id"] for j, t in enumerate(trajectories.T) if j % n == i
                 and not (HERE / "recorded" / f"{t['id']}.json").exists()}
        sys.argv[1:] = sorted(shard) or ["--none"]
    only = set() if labels_only else set(sys.argv[1:])
    (HERE / "recorded").mkdir(exist_ok=True)
    labels, split = [], {"rule": "sha256(trajectory id) as an integer: even -> dev, odd -> held_out",
                         "dev": [], "held_out": []}
    with tempfile.TemporaryDirectory(prefix="gateset-rec-") as tmp:
        for traj in trajectories.T:
            split[split_of(traj["id"])].append(traj["id"])
            for i, step in enumerate(traj["steps"]):
                if "label" in step:
                    labels.append({"trajectory": traj["id"], "step": i, "op": step["op"],
                                   "kind": "edit" if step["op"] in ("edit", "write") else "submission",
                                   "label": step["label"], "condition": step["cond"],
                                   "lang": trajectories.LANG[traj["repo"]], "repo": traj["repo"],
                                   "split": split_of(traj["id"]), "note": step["note"]})
            if labels_only or (only and traj["id"] not in only):
                continue
            rec = record(traj, Path(tmp))
            (HERE / "recorded" / f"{traj['id']}.json").write_text(json.dumps(rec, indent=1, ensure_ascii=False) + "\n")
            print(traj["id"], "ok", flush=True)
    if labels_only or not only:
        with open(HERE / "labels.jsonl", "w") as fh:
            fh.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in labels)
        (HERE / "split.json").write_text(json.dumps(split, indent=1) + "\n")


if __name__ == "__main__":
    main()
