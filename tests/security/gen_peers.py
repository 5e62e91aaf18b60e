"""Extract the peers' public test cases that fall in statewise's promised scope -> fixtures/security/peers.jsonl.

Sources (mirrors made with the project's `fetch`; commits recorded per case):
  Dicklesworthstone/destructive_command_guard: tests/corpus/**/*.toml ([[case]] command/expected),
      tests/e2e/fixtures/commands/{dangerous,safe}.txt (one command a line), tests/fixtures/{destructive,safe}_commands.yaml
  kenryu42/claude-code-safety-net: tests/**/*.test.ts, every assertBlocked('…') / assertAllowed('…') with a literal command

Scope = statewise's promises: push/force/delete of a protected branch, destruction of uncommitted work,
recursive rm and writes outside the repository. Each kept case is relabelled for statewise in the harness
state (the peer's own verdict is kept as ``peer_expected``):
  * ``master`` is rewritten to ``main`` (the protected branch of the harness state);
  * a push is ``deny`` when it can update main (names main/HEAD/@, no refspec while main is checked out,
    --all/--mirror/wildcards), ``allow`` when it names only other branches;
  * reset --hard / clean -f / checkout -- . / checkout -f / switch -f / restore (worktree) / stash drop|clear /
    checkout-index -f are ``deny`` (the state has uncommitted work), their dry-run / --staged forms ``allow``;
  * recursive rm (and find -delete / -exec rm) is ``deny`` when a target lies outside the repository
    (absolute paths, ``~``, ``$HOME``, ``..``, temp dirs — statewise, unlike the peers, makes no temp-dir
    exception), ``deny`` for the whole worktree (``*``, ``.``), ``allow`` for an in-repo subdirectory.
Cases that need the peer's own configuration (custom rules, env toggles, worktree mode) are dropped.
"""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path

MIRRORS = Path("/work/.mirror")
OUT = Path(__file__).resolve().parent.parent.parent / "fixtures" / "security" / "peers.jsonl"
DCG = "Dicklesworthstone/destructive_command_guard"
SN = "kenryu42/claude-code-safety-net"


def git(repo: str, *args: str) -> str:
    d = MIRRORS / repo.replace("/", "+") / "repo"
    return subprocess.run(["git", "--git-dir", str(d / ".git") if (d / ".git").exists() else str(d), *args],
                          capture_output=True, text=True, check=True).stdout


def head(repo: str) -> str:
    return git(repo, "rev-parse", "HEAD").strip()


def files(repo: str) -> list[str]:
    return git(repo, "ls-tree", "-r", "--name-only", "HEAD").splitlines()


def show(repo: str, path: str) -> str:
    return git(repo, "show", f"HEAD:{path}")


# ------------------------------------------------------------------ raw extraction
def dcg_cases() -> tuple[list[dict], dict[str, int]]:
    out, counts = [], {}
    for path in files(DCG):
        got: list[tuple[str, str]] = []
        if path.startswith("tests/corpus/") and path.endswith(".toml"):
            data = tomllib.loads(show(DCG, path))
            for c in data.get("case", []):
                if "command" in c:
                    got.append((c["command"], c.get("expected", "any")))
        elif path in ("tests/e2e/fixtures/commands/dangerous.txt", "tests/e2e/fixtures/commands/safe.txt"):
            exp = "deny" if "dangerous" in path else "allow"
            for line in show(DCG, path).splitlines():
                if line.strip() and not line.lstrip().startswith("#"):
                    got.append((line.strip(), exp))
        elif path in ("tests/fixtures/destructive_commands.yaml", "tests/fixtures/safe_commands.yaml"):
            exp = "deny" if "destructive" in path else "allow"
            for line in show(DCG, path).splitlines():  # `  - command: "…"` lines (no YAML dependency)
                m = re.match(r"^\s*-\s*command:\s*(.+?)\s*$", line)
                if m:
                    v = m.group(1)
                    if v.startswith('"'):
                        v, _ = json.JSONDecoder().raw_decode(v)  # ignore a trailing `# comment`
                    else:
                        v = v.split(" #")[0].strip("'")
                    got.append((v, exp))
        if got:
            counts[path] = len(got)
            out += [{"command": c, "peer_expected": e, "path": path} for c, e in got]
    return out, counts


_JS_CALL = re.compile(r"assert(Blocked|Allowed)\(\s*(['\"`])((?:\\.|(?!\2).)*)\2", re.DOTALL)


def _js_unescape(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def sn_cases() -> tuple[list[dict], dict[str, int]]:
    out, counts = [], {}
    for path in files(SN):
        if not (path.startswith("tests/") and path.endswith(".test.ts")):
            continue
        text = show(SN, path)
        n = 0
        for m in _JS_CALL.finditer(text):
            n += 1
            raw = m.group(3)
            if m.group(2) == "`" and "${" in raw:
                continue  # built at run time from the test's fixtures
            # a third argument (cwd) or a surrounding withEnv()/config means the peer's own setup
            before = text[max(0, m.start() - 200):m.start()]
            tail = text[m.end():m.end() + 120].split(")")[0]
            needs_setup = "withEnv(" in before.split("test(")[-1] or "," in tail.split(",", 1)[-1] and m.group(1) == "Blocked" and tail.count(",") >= 2
            out.append({"command": _js_unescape(raw), "peer_expected": "deny" if m.group(1) == "Blocked" else "allow",
                        "path": path, "needs_setup": needs_setup or (m.group(1) == "Allowed" and "," in tail)})
        if n:
            counts[path] = n
    return out, counts


# ------------------------------------------------------------------ statewise labelling
REPO_PLACEHOLDER = "{REPO}"
_SEG = re.compile(r"(?:&&|\|\||;|\||\n|\$\(|`|\(|\)|\bthen\b|\bdo\b)")


def _outside_target(t: str) -> bool:
    t = t.strip("'\"")
    if not t or t.startswith("-"):
        return False
    if t.startswith(("/", "~", "$HOME", "${HOME}", "$TMPDIR", "${TMPDIR", "..", "$PWD/..")):
        return not t.startswith(REPO_PLACEHOLDER)
    return False


def _whole_worktree(t: str) -> bool:
    return t.strip("'\"") in ("*", ".", "./", "./*", ".*", "$PWD", "$(pwd)", "`pwd`")


_SHELLS = ("bash", "sh", "zsh", "dash", "ksh", "source", ".", "eval")


def _strip_data_heredocs(c: str) -> str:
    """Drop heredoc bodies fed to a program that does not run them (cat, grep, tee…)."""
    lines, out, i = c.split("\n"), [], 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        m = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", line.replace("<<<", "   "))
        if m:
            first = line.split()[0].rsplit("/", 1)[-1] if line.split() else ""
            if first not in _SHELLS:
                j = i + 1
                while j < len(lines) and lines[j].strip() != m.group(1):
                    j += 1
                i = j + 1
                continue
        i += 1
    return "\n".join(out)


def _segments(c: str) -> list[str]:
    """Split on unquoted ; & | newline ( ) and on $(…) / backticks that the shell would run."""
    segs, cur, q, i = [], [], None, 0
    while i < len(c):
        ch = c[i]
        if q == "'":
            cur.append(ch)
            q = None if ch == "'" else q
        elif ch == "\\" and i + 1 < len(c):
            cur.append(c[i:i + 2])
            i += 1
        elif ch == '"':
            cur.append(ch)
            q = None if q == '"' else '"'
        elif ch == "'" and q is None:
            cur.append(ch)
            q = "'"
        elif ch in ";&|\n()`" or (ch == "$" and c[i + 1:i + 2] == "("):
            segs.append("".join(cur))
            cur = []
            if q == '"':  # a command substitution inside double quotes: its content is a new segment
                q = None
        else:
            cur.append(ch)
        i += 1
    segs.append("".join(cur))
    return [x.strip() for x in segs if x.strip()]


def _words(seg: str) -> list[str]:
    import shlex
    try:
        return shlex.split(seg)
    except ValueError:
        return seg.replace("'", " ").replace('"', " ").split()


def label(cmd: str) -> tuple[str, str, list[str]] | None:
    """(class, label, damage) for statewise, or None when out of scope."""
    c = re.sub(r"\bmaster\b", "main", cmd)
    segs = _segments(_strip_data_heredocs(c))
    verdicts: list[tuple[str, str, list[str]]] = []
    for s in segs:
        words = _words(s)
        # skip wrappers / env assignments
        while words and (re.match(r"^\w+=", words[0]) or words[0] in ("sudo", "env", "command", "nohup", "time", "nice",
                                                                       "exec", "builtin", "-i", "--", "xargs")):
            words = words[1:]
        if not words:
            continue
        w0 = words[0].rsplit("/", 1)[-1].lstrip("\\")
        if w0 in ("git", "git.exe"):
            rest = words[1:]
            while rest and rest[0].startswith("-"):  # global options (-C dir, -c k=v)
                rest = rest[2:] if rest[0] in ("-C", "-c", "--git-dir", "--work-tree") else rest[1:]
            if not rest:
                continue
            sub, args = rest[0], rest[1:]
            if sub == "push":
                if "--dry-run" in args or "-n" in args:
                    verdicts.append(("protected_push", "allow", []))
                    continue
                refs = [a for a in args if not a.startswith("-")]
                flags = [a for a in args if a.startswith("-")]
                if any(f in ("--all", "--mirror") for f in flags) or len(refs) <= 1 or any(re.search(r"(^|[:+/])(main|HEAD|@)$|^\+?(main|HEAD|@)(:|$)|\*", r) for r in refs[1:]):
                    verdicts.append(("protected_push", "deny", ["remote_main"]))
                else:
                    verdicts.append(("protected_push", "allow", []))
            elif sub == "reset":
                if "--hard" in args:
                    verdicts.append(("uncommitted_work", "deny", ["uncommitted"]))
            elif sub == "clean":
                short = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
                if "n" in short or "--dry-run" in args:
                    verdicts.append(("uncommitted_work", "allow", []))
                elif "f" in short or "--force" in args:
                    verdicts.append(("uncommitted_work", "deny", ["untracked", "ignored"]))
            elif sub == "checkout":
                if "--orphan" in args or "--help" in args or any(re.fullmatch(r"-\w*[bB]\w*", a) for a in args):
                    continue
                if "--" in args and not args[args.index("--") + 1:]:
                    continue
                if "-f" in args or "--force" in args or any(re.fullmatch(r"-\w*f\w*", a) for a in args):
                    verdicts.append(("uncommitted_work", "deny", ["uncommitted"]))
                elif "--" in args or "." in args:
                    paths = args[args.index("--") + 1:] if "--" in args else [a for a in args if a == "."]
                    if paths:
                        verdicts.append(("uncommitted_work", "deny", ["uncommitted"]))
            elif sub == "switch":
                opts = args[:args.index("--")] if "--" in args else args
                if any(a in ("-f", "--force", "--discard-changes") for a in opts):
                    verdicts.append(("uncommitted_work", "deny", ["uncommitted"]))
            elif sub == "restore":
                if "--help" in args or "-h" in args:
                    continue
                if ("--staged" in args or "-S" in args) and not ("--worktree" in args or "-W" in args):
                    verdicts.append(("uncommitted_work", "allow", []))
                elif [a for a in args if not a.startswith("-")]:
                    verdicts.append(("uncommitted_work", "deny", ["uncommitted"]))
            elif sub == "stash":
                if args and args[0] in ("drop", "clear"):
                    verdicts.append(("uncommitted_work", "deny", ["stash"]))
                elif args and args[0] in ("list", "show", "push", "save", "apply", "pop") or not args:
                    verdicts.append(("uncommitted_work", "allow", []))
            elif sub == "checkout-index" and any(re.fullmatch(r"-\w*f\w*|--force", a) for a in args):
                verdicts.append(("uncommitted_work", "deny", ["uncommitted"]))
        elif w0 in ("rm", "rm.exe"):
            args = words[1:]
            short = "".join(a[1:] for a in args if a.startswith("-") and not a.startswith("--"))
            recursive = "r" in short.lower() or "--recursive" in args
            targets = [a for a in args if not a.startswith("-")]
            if not recursive or not targets:
                continue
            if any(_outside_target(t) for t in targets):
                verdicts.append(("outside_repo", "deny", ["outside_changed", "bashrc"]))
            elif any(_whole_worktree(t) or t.strip("./").split("/")[0] == "src" for t in targets):
                verdicts.append(("uncommitted_work", "deny", ["uncommitted", "untracked"]))
            else:
                verdicts.append(("outside_repo", "allow", []))
        elif w0 == "find":
            args = words[1:]
            if "-delete" in args or ("-exec" in args and "rm" in args) or ("-execdir" in args and "rm" in args):
                start = args[0] if args else "."
                filtered = any(a in ("-name", "-iname", "-path", "-type", "-newer", "-mtime", "-regex") for a in args)
                if _outside_target(start):
                    verdicts.append(("outside_repo", "deny", ["outside_changed", "bashrc"]))
                elif start in (".", "./") and not filtered:
                    verdicts.append(("uncommitted_work", "deny", ["uncommitted", "untracked"]))
                else:
                    verdicts.append(("outside_repo", "allow", []))
    if not verdicts:
        return None
    deny = [v for v in verdicts if v[1] == "deny"]
    return deny[0] if deny else verdicts[0]


_SCOPE_TEXT = re.compile(r"\bgit\b.*\b(push|reset|clean|checkout|switch|restore|stash|checkout-index)\b|\brm\b.*(-\w*[rR]|--recursive)"
                         r"|\bfind\b.*(-delete|-exec)", re.DOTALL)


# Reviewed by hand after the labeller ran: the labeller's reading is wrong for these (not executed).
MANUAL_OUT_OF_SCOPE = {
    'echo "$(( rm -rf /x ))"': "arithmetic expansion, nothing runs",
    "find . -exec echo -delete + -print": "-delete is an argument of echo",
    "find . -exec echo -delete \\; -print": "-delete is an argument of echo",
}


def main() -> None:
    import hashlib
    rows, report = [], {}
    for repo, (cases, counts) in ((DCG, dcg_cases()), (SN, sn_cases())):
        commit = head(repo)
        kept = dropped_setup = 0
        seen = set()
        for c in cases:
            if c.get("needs_setup"):
                dropped_setup += 1
                continue
            cmd = c["command"]
            if cmd in MANUAL_OUT_OF_SCOPE:
                continue
            lab = label(cmd)
            if lab is None and c["peer_expected"] == "deny" and _SCOPE_TEXT.search(cmd):
                # hidden behind a wrapper the labeller does not unwrap (bash -c, python -c, heredoc…): the text
                # names an in-scope operation and the peer blocks it -> in scope, statewise label from the text
                inner = re.findall(r"['\"](.*?)['\"]", cmd, re.DOTALL)
                for part in inner + [cmd.split("<<", 1)[-1]]:
                    lab = label(part)
                    if lab and lab[1] == "deny":
                        break
                if not lab or lab[1] != "deny":
                    lab = None
            if lab is None:
                continue
            cls, lbl, dmg = lab
            key = (cmd, lbl)
            if key in seen:
                continue
            seen.add(key)
            cid = "peer-" + ("dcg" if repo == DCG else "sn") + "-" + hashlib.sha256(f"{c['path']}\0{cmd}".encode()).hexdigest()[:10]
            rows.append({"id": cid, "class": cls, "label": lbl, "promise": "explicit" if lbl == "deny" else None,
                         "steps": [{"tool": "Bash", "command": re.sub(r"\bmaster\b", "main", cmd)}], "damage": dmg,
                         "cwd": "repo", "peer_expected": c["peer_expected"],
                         "source": f"{repo}:{c['path']}@{commit}"})
            kept += 1
        report[repo] = {"commit": commit, "cases_total": len(cases), "per_file": counts,
                        "dropped_peer_setup": dropped_setup, "kept_in_scope": kept}
    OUT.write_text("".join(json.dumps(r) + "\n" for r in rows))
    (OUT.parent / "peers_sources.json").write_text(json.dumps(report, indent=1) + "\n")
    for repo, r in report.items():
        print(repo, r["commit"][:12], "total", r["cases_total"], "kept", r["kept_in_scope"], "setup-dropped", r["dropped_peer_setup"])


if __name__ == "__main__":
    main()
