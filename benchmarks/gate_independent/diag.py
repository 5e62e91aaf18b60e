"""Replay one trajectory up to (and including the PreToolUse/Stop of) commitment K, keep the copy, and
print `statewise evidence --json` for that session: which conditions the gate compiled and which
events satisfied them. Diagnosis only; not used for scoring.

    python benchmarks/gate_independent/diag.py TRAJECTORY_ID K [claude|codex] [index|noindex] [rollout]
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import repos
import run

tid, k = sys.argv[1], int(sys.argv[2])
agent = sys.argv[3] if len(sys.argv) > 3 else "claude"
indexed = (sys.argv[4] if len(sys.argv) > 4 else "index") == "index"
run.ROLLOUT[0] = "rollout" in sys.argv[5:]
traj = json.loads((run.HERE / "recorded" / f"{tid}.json").read_text())
tmp = Path(tempfile.mkdtemp(prefix="gateset-diag-"))
hooks = run.registered_hooks(tmp)
repos.build(traj["repo"], tmp / "templates" / traj["repo"])
repo = run.prepare_repo(tmp / "templates" / traj["repo"], traj["repo"], tmp / "case" / "r")
env = run.isolated_env(tmp / "case" / "env")
if indexed:
    subprocess.run([run.STATEWISE, "index"], cwd=repo, env=env, capture_output=True, check=True)
s = run.Session(agent, repo, env, hooks[agent], tmp / "case")
p = s.common("SessionStart"); p["source"] = "startup"; s.call(p)
p = s.common("UserPromptSubmit"); p["prompt"] = traj["task"]; s.call(p)
for step in traj["steps"][:k]:
    s.step(step, final=False)
print("decision:", s.step(traj["steps"][k], final=True))
out = subprocess.run([run.STATEWISE, "evidence", "--session", s.sid, "--json"], cwd=repo, env=env,
                     capture_output=True, text=True, check=False)
print(out.stdout or out.stderr)
print("kept in", tmp)
