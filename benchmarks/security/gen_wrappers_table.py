"""Regenerate ``statewise_cli/actions/wrappers_table.py``: programs that run another program given on their command
line, read from their manual pages (the roff source under ``/usr/share/man``, as gen_writers_table.py reads it).

A program is a launcher when its SYNOPSIS ends in a program to run with its arguments (``[program [arguments]]``,
``COMMAND [ARG]...``, ``<command> [command args]``) and its DESCRIPTION says it runs or executes that program. For
each, the table keeps:

- ``value``: the options whose header names a value (``-n, --adjustment=N``, ``--target <pid>``, ``-S PATH``): the
  word after them is that value, not the program;
- ``operands``: the operands the SYNOPSIS puts between the options and the program (``flock FILE command``,
  ``timeout DURATION COMMAND``, ``chroot NEWROOT [COMMAND]``, ``sg group [command]``);
- ``command``: options whose value is a command line run through a shell (``-c, --command``);
- ``shell``: the page says a shell is started when no program is given (``If program is not given, then "${SHELL}"
  is run``; ``log in to a new group``): a shell that reads its commands from standard input.

Pages whose synopsis has a sub-command rather than a program (``git <command>``), and the programs the guard models
itself, are left out (:data:`MODELLED`). The output is reviewed in its diff; :data:`REJECT` lists matches judged wrong.

    python benchmarks/security/gen_wrappers_table.py            # writes statewise_cli/actions/wrappers_table.py
    python benchmarks/security/gen_wrappers_table.py --show nsenter
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_writers_table import MAN_DIRS, entries, man_page

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "statewise_cli" / "actions" / "wrappers_table.py"

# Programs the guard reads with a model of its own (their command or script is judged there), or whose "command"
# is not a program run as given.
MODELLED = frozenset({"git", "sudo", "doas", "env", "xargs", "find", "parallel", "watch", "bash", "sh", "dash", "zsh",
                      "busybox", "ssh", "docker", "podman", "kubectl", "make", "npm", "pnpm", "yarn", "time",
                      "strace", "ltrace", "valgrind", "exec", "command", "builtin", "eval", "trap", "script",
                      "su", "runuser", "sg", "flock", "chroot", "nice", "ionice", "stdbuf", "timeout", "nohup"})
# (program): matches judged wrong by reading the page, and why.
REJECT: dict[str, str] = {
    "systemctl": "COMMAND is one of systemctl's own verbs",
    "busctl": "COMMAND is one of busctl's own verbs",
    "apt-get": "command is an apt verb",
    "dpkg-divert": "command is a dpkg-divert action",
    "blkzone": "command is one of blkzone's own verbs (report, reset, open…)",
    "llvm-cov": "command is one of llvm-cov's own tools (gcov, show, report, export)",
    "service": "COMMAND is the action given to an init script (start, stop…), not a program",
    "uclampset": "the synopsis's font escape runs the value of -M into the program (`uclamp_max] command`)",
    "systemd-run": "modelled with its own option list (its headers put flags and values in one form)",
}
# A synopsis that ends in a program and its arguments.
_SYNOPSIS_PROGRAM = re.compile(
    r"[\[<]?\s*(program|command|cmd|prog|utility|executable)\b[\]>]?\s*(\[\s*|<\s*)?"
    r"(arguments?|args?|argument\s*\.\.\.|command args|options?)\b", re.IGNORECASE)
_RUNS = re.compile(r"\b(run|runs|running|execut\w*|invok\w*|launch\w*|start\w*)\b[^.]{0,80}\b(program|command|utility)\b|"
                   r"\bwrapper around execve", re.IGNORECASE)
# A page with no program in its synopsis that starts a shell of its own (it reads its commands from standard input).
_LOGIN = re.compile(r"\b(during a login session|log in to a new group|starts? a (new )?(login )?shell)\b", re.IGNORECASE)
_SHELL_WHEN_NONE = re.compile(r"(if (no )?(program|command)[^.]{0,40}(not given|is omitted|not specified|missing)|"
                              r"\$\{?SHELL\}?|log in to a new group|login shell|interactive shell|new shell|"
                              r"default shell)", re.IGNORECASE)


def section(text: str, name: str) -> str:
    m = re.search(r"§\"?" + name + r"\"?\s*\n(.*?)(?=\n§|\Z)", text, re.DOTALL | re.IGNORECASE)
    return m.group(1) if m else ""


def read(program: str) -> dict[str, object] | None:
    text = man_page(program)
    if not text:
        return None
    synopsis = " ".join(section(text, "SYNOPSIS").split())
    description = " ".join(section(text, "DESCRIPTION").split())
    lines = [ln for ln in re.split(r"(?=\b" + re.escape(program) + r"\b)", synopsis) if ln.strip()]
    operands = None
    for line in lines:
        m = _SYNOPSIS_PROGRAM.search(line)
        if not m or not line.strip().startswith(program):
            continue
        head = line[len(program):m.start()]
        # operands between the options and the program: words that are not an option, not `[options]`
        while re.search(r"\[[^\[\]]*\]", head):
            head = re.sub(r"\[[^\[\]]*\]", " ", head)
        words = [w for w in re.split(r"\s+", head.strip()) if w and not w.startswith("-") and w not in ("|", "...")]
        operands = len(words) if operands is None else min(operands, len(words))
    login = operands is None and bool(_LOGIN.search(description))
    if login:
        line = synopsis[len(program):] if synopsis.startswith(program) else ""
        operands = len([w for w in re.findall(r"\[?([^\s\[\]]+)\]?", line) if not w.startswith("-")])
    elif operands is None or not _RUNS.search(description):
        return None
    optional = set(re.findall(r"(--?[A-Za-z0-9][\w-]*)\[=", text))
    value: set[str] = set()
    command: set[str] = set()
    for names, metavar, desc in entries(text):
        if not metavar or any(n in optional for n in names):  # `-m, --mount[=file]`: a value only after `=`
            continue
        if re.search(r"\bcommand\b", metavar, re.IGNORECASE) or re.search(r"\bpass \w+ to the (invoked )?shell|run \w+ (with|through|in) "
                                                               r"(the |a )?shell|via /bin/sh|with sh -c", desc, re.IGNORECASE):
            command.update(names)
        else:
            value.update(names)
    shell = login or bool(_SHELL_WHEN_NONE.search(description))
    return {"value": sorted(value), "operands": operands, "command": sorted(command), "shell": shell, "login": login}


def candidates() -> list[str]:
    names: set[str] = set()
    for base in MAN_DIRS:
        for sec in ("1", "8"):
            d = base / f"man{sec}"
            if d.is_dir():
                for p in d.iterdir():
                    stem = p.name.removesuffix(".gz")
                    if stem.endswith(f".{sec}"):
                        names.add(stem[: -len(sec) - 1])
    return sorted(n for n in names if n not in MODELLED and n not in REJECT and re.fullmatch(r"[\w.+-]+", n))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show")
    args = ap.parse_args()
    if args.show:
        print(read(args.show))
        return 0
    table = {}
    for name in candidates():
        found = read(name)
        if found is not None:
            table[name] = found
    lines = [
        '"""Programs that run another program named on their command line, read from their manual pages. Generated by',
        "benchmarks/security/gen_wrappers_table.py; do not edit by hand (add a reviewed exception to that script's REJECT",
        'and regenerate)."""',
        "",
        "# program: (options whose value is the next word, operands before the program, options whose value is a",
        "#           command line for a shell, whether a shell reading standard input runs when no program is given)",
        "WRAPPERS: dict[str, tuple[frozenset[str], int, frozenset[str], bool]] = {",
    ]
    for name, e in sorted(table.items()):
        v = "frozenset({" + ", ".join(repr(x) for x in e["value"]) + "})" if e["value"] else "frozenset()"  # type: ignore[union-attr]
        c = "frozenset({" + ", ".join(repr(x) for x in e["command"]) + "})" if e["command"] else "frozenset()"  # type: ignore[union-attr]
        lines.append(f"    {name!r}: ({v}, {e['operands']}, {c}, {e['shell']}),")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(table)} programs -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
