"""Regenerate ``statewise_cli/actions/writers_table.py``: the options through which installed programs write a file.

For every program on ``PATH`` (and every git subcommand ``git help -a`` lists), read its documentation — the manual
page's roff source under ``/usr/share/man`` (never rendered by running the program), or, for a program with no manual
page, its ``--help`` text printed inside ``bwrap`` (read-only root, no network, a private ``/tmp``, 3 s) — and keep
the options whose own description says they name a file or directory the program writes:

- ``value``: an option with an argument (``-o FILE``, ``--output=FILE``, ``--log-file PATH``, ``--cache-dir DIR``,
  ``--save F``) whose description says the program writes, saves, logs, dumps or puts its output there;
- ``in_place``: a flag whose description says the program rewrites the files it is given (``--in-place``, ``-i``
  "edit files in place", ``-w`` "write result to (source) file", ``-m`` "modify the original input files").

Descriptions that say the option is read (``read … from FILE``, ``use FILE as the configuration``, ``input``) are
not writes. Hand review: :data:`REJECT` lists the matches read and judged wrong, each with the reason; the generated
table is committed and reviewed in its diff.

    python benchmarks/security/gen_writers_table.py               # writes statewise_cli/actions/writers_table.py
    python benchmarks/security/gen_writers_table.py --show sort    # what was read for one program
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "statewise_cli" / "actions" / "writers_table.py"
MAN_DIRS = [Path("/usr/share/man"), Path("/usr/local/share/man"), Path("/usr/local/man")]

# (program, option): matches of the description test judged wrong by reading the text, and why.
REJECT: dict[tuple[str, str], str] = {
    ("bwrap", "--file"): "a path inside the sandbox's own mount namespace (bwrap runs its command: judged as that)",
    ("bwrap", "--dir"): "a directory made inside the sandbox's namespace",
    ("bwrap", "--perms"): "an octal mode for the next --dir/--file, not a path",
    ("patch", "-R"): "--reverse, a flag: the paragraph after it speaks of the reject file",
    ("repack", "--cruft"): "a flag (packs unreachable objects into the repository's own pack directory)",
    ("gp-display-html", "--overwrite"): "the flag that lets -o replace an existing directory, not a path",
}
# (program, option): writes the description test misses, judged by reading the text, and why.
ACCEPT: dict[tuple[str, str], str] = {
    ("apply", "--build-fake-ancestor"): "\"builds a temporary index\" in <file>: the index file is written there "
                                         "(even with --check)",
}
# Programs left out: the guard has its own model of them (their writes are judged there) or their options are
# subcommand-specific in a way one flat table cannot say.
MODELLED = frozenset({"git", "sed", "perl", "cp", "mv", "install", "ln", "rm", "dd", "tee", "tar", "bsdtar", "rsync",
                      "curl", "wget", "python3", "python", "node", "bash", "sh", "dash", "zsh", "env", "sudo"})

_VERB = (r"\b(write|writes|written|writing|produce|produced|produces|save|saves|saved|saving|store|stores|stored|dump|dumps|dumped|put|puts|"
         r"place|places|log|logs|logging|append|appends|output|outputs|redirect|redirects|send|sends|emit|emits|"
         r"generate|generates|create|creates|record|records|cache|caches|copy|copies)\b")
_OBJECT = r"\b(file|files|filename|directory|dir|folder|path|pathname|location|destination|cache)\b"
_METAVAR = re.compile(r"(=|\s|\[=?)(<[^>]+>|[A-Z][A-Z0-9_-]{1,}|file|path|dir|directory|filename|outfile|output)\b")
_READS = re.compile(r"\b(read|reads|reading|load|loads|from file|input file|use .* as (the )?(config|configuration)|"
                    r"configuration file|include|source file|search|look (for|in)|certificate|key file|password)\b")
_IN_PLACE = re.compile(r"\b(modif\w*|edit\w*|rewrit\w*|writ\w*|updat\w*|chang\w*|format\w*|sort\w*|overwrit\w*|"
                       r"sav\w*|fix\w*|replac\w*)\b[^.;]{0,40}\bin[- ]place\b(?! of)|overwrite (the )?(input|original|source)|"
                       r"write (the )?results? (back )?to (the )?\(?(source|input|original)\)? ?files?|"
                       r"rewrite[sd]? (the )?(input |given )?files?")
# Options that only print help or version text, whatever their paragraph says next.
_NEVER = frozenset({"--help", "-h", "--version", "-V", "-v", "--verbose", "-?"})
# Option names that say they name an output (with a description that speaks of writing or output).
_OUTPUT_NAMES = frozenset({"o", "output", "outfile", "output-file", "out", "outdir", "output-dir", "output-directory",
                           "log-file", "logfile", "save", "cache-dir", "output-document", "dump"})
_OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z0-9?][\w.-]*)")


def roff_text(raw: str) -> str:
    """Plain text of a roff page: font escapes dropped, ``\\-`` as ``-``, request lines kept as their words."""
    out = []
    for line in raw.splitlines():
        if line.startswith(('.\\"', "'\\\"")):
            continue
        request = line.split(None, 1)[0] if line.startswith(".") else ""
        if re.fullmatch(r"\.[A-Z][a-z]", request):  # mdoc(7): `.It Fl o Ar file`, `.Pp`, `.Sh`, inline macros
            if request in (".Pp", ".Bl", ".El", ".Sh", ".Ss", ".Bd", ".Ed"):
                out.append("§" if request in (".Sh", ".Ss") else "")
                continue
            words: list[str] = []
            flag = False
            for tok in line.split()[1:]:
                if tok == "Fl":
                    flag = True
                    continue
                if re.fullmatch(r"[A-Z][a-z]", tok) or tok in ("|",):
                    continue
                words.append(("-" + tok) if flag else tok)
                flag = False
            if flag:
                words.append("-")
            text = " ".join(words)
            out.append(("  " if request != ".It" else "") + text if request != ".It" else text)
            continue
        if request in (".RS", ".RE", ".PD", ".IX", ".in", ".ft", ".nh", ".hy", ".ad", ".na", ".ne"):
            continue
        if request in (".TP", ".PP", ".P", ".LP", ".sp", ".br", ".HP", ".Sp", ".SH", ".SS", ".IP"):
            head = line.split(None, 1)
            if request == ".IP" and len(head) > 1:
                arg = head[1]
                line = arg[1:arg.index('"', 1)] if arg.startswith('"') and '"' in arg[1:] else arg.split()[0]
            else:
                out.append("§" + (head[1] if len(head) > 1 else "") if request in (".SH", ".SS") else "")
                continue
        if line.startswith((".B ", ".I ", ".BR ", ".BI ", ".IR ", ".RB ", ".RI ", ".IB ")):
            line = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
            line = line.replace('"', "")
        elif line.startswith("."):
            continue
        line = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", line)
        line = line.replace("\\-", "-").replace("\\(em", "-").replace("\\(en", "-").replace("\\ ", " ").replace("\\&", "")
        line = re.sub(r"\\[,/:%^|0]", "", line)
        line = re.sub(r"\\[*(]\S\S?|\\e", "", line)
        out.append(line)
    return "\n".join(out)


def entries(text: str) -> list[tuple[list[str], str, str]]:
    """(option names, the name of its value or "" for a flag, description) for each option paragraph of a manual
    or --help text."""
    found: list[tuple[list[str], str, str]] = []
    lines = text.splitlines()
    pending: tuple[list[str], str] = ([], "")
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if not re.match(r"-{1,2}[A-Za-z0-9?]", line):
            i += 1
            continue
        parts = re.split(r"\s{2,}|\t", line, maxsplit=1)
        spec, desc = parts[0], (parts[1] if len(parts) > 1 else "")
        j = i + 1
        body = [desc] if desc else []
        while j < len(lines) and lines[j].strip() and not re.match(r"\s*-{1,2}[A-Za-z0-9?]", lines[j]) \
                and not lines[j].startswith("§") and len(body) < 12:
            body.append(lines[j].strip())
            j += 1
        names = [n for n in _OPTION.findall(spec) if len(n) > 1]
        m = re.search(r"(?:=|\[=|\s)<?([A-Za-z][\w-]*)>?\]?\s*$", spec)
        takes = bool(m) and not m.group(1).startswith("-") if m else False
        metavar = m.group(1) if takes and m else ""
        if names and len(spec) < 120:
            if not " ".join(body).strip():
                pending = (pending[0] + names, pending[1] or metavar)  # stacked headers share the next description
            else:
                found.append((pending[0] + names, pending[1] or metavar, " ".join(body)))
                pending = ([], "")
        i = j
    return found


def other_outputs(program: str, text: str, value: set[str]) -> set[str]:
    """Output-like option names (``-o``, ``--output``…) the documentation lists with another meaning."""
    named = {n for names, _, _ in entries(text) for n in names}
    return {n for n in named if (n == "-o" or (n.startswith("--") and n[2:] in _OUTPUT_NAMES)) and n not in value}


def classify(program: str, text: str) -> tuple[set[str], set[str]]:
    value: set[str] = set()
    in_place: set[str] = set()
    for names, metavar, desc in entries(text):
        d = desc.lower()
        if not d:
            continue
        mv = re.escape(metavar.lower())
        filelike = bool(re.search(r"file|path|dir|output|^out|log|dest|target|filename|pathname|archive|image\b", metavar.lower())) \
            and metavar.lower() not in ("prefix",)
        writes = filelike and bool(
            re.search(_VERB + r"[^.;]{0,60}\b(to|in|into|at|under)\s+(the\s+|a\s+)?(named\s+|specified\s+|given\s+|specific\s+)?"
                      r"(file\s+|directory\s+)?<?" + mv + r"\b", d)
            or re.search(r"\buse\s+<?" + mv + r">?\s+to\s+(store|write|save|hold|place|put|record|log)", d)
            or re.search(r"\b" + mv + r"\b[^.;]{0,20}\bas\s+the\s+(name|output|destination|file|directory)", d)
            or re.search(r"\b(output|result|log|cache|dump)\s+(file|directory|dir)\b[^.;]{0,30}\b" + mv + r"\b", d)
            or re.search(r"\b" + mv + r"\b[^.;]{0,10}\b(is|will be)\s+(written|created|overwritten)", d))
        for n in names:
            if (program, n) in REJECT or n in _NEVER or n.endswith("."):
                continue
            if writes and not (_READS.search(d) and not re.search(r"\b(write|writes|written|save|saves|dump|dumps|output)\b", d)):
                value.add(n)
            elif not metavar and _IN_PLACE.search(d) and "dry" not in d and "do not" not in d[:40]:
                in_place.add(n)
    named = {n for names, _, _ in entries(text) for n in names}
    value |= {n for (p, n) in ACCEPT if p == program and n in named}
    return value, in_place


def _gunzip(path: Path) -> str:
    with gzip.open(path, "rt", errors="replace") as fh:
        return fh.read()


def man_page(program: str) -> str | None:
    for base in MAN_DIRS:
        for section in ("1", "8", "6"):
            for suffix in (".gz", ""):
                p = base / f"man{section}" / f"{program}.{section}{suffix}"
                if p.is_file():
                    try:
                        raw = _gunzip(p) if suffix else p.read_text(errors="replace")
                    except OSError:
                        return None
                    if raw.startswith(".so "):
                        target = raw.split()[1]
                        q = base / (target + ".gz")
                        if q.is_file():
                            raw = _gunzip(q)
                    return roff_text(raw)
    return None


def help_text(argv: list[str]) -> str:
    """``argv`` (ending in ``--help``/``-h``) run in a read-only sandbox with no network, bounded to 3 s."""
    box = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--unshare-all",
           "--die-with-parent", "--new-session", "--chdir", "/tmp"]
    try:
        proc = subprocess.run(box + argv, capture_output=True, text=True, timeout=3, stdin=subprocess.DEVNULL, check=False,
                              env={"PATH": os.environ.get("PATH", ""), "HOME": "/tmp", "LC_ALL": "C", "COLUMNS": "100",
                                   "PAGER": "cat", "GIT_PAGER": "cat"})
        return (proc.stdout + "\n" + proc.stderr)[:200_000]
    except (subprocess.TimeoutExpired, OSError):
        return ""


def programs() -> list[str]:
    names: set[str] = set()
    for d in os.environ.get("PATH", "").split(":"):
        try:
            for entry in os.scandir(d):
                if entry.is_file() and os.access(entry.path, os.X_OK) and re.fullmatch(r"[\w.+-]+", entry.name):
                    names.add(entry.name)
        except OSError:
            continue
    return sorted(names - MODELLED)


def git_subcommands() -> list[str]:
    out = subprocess.run(["git", "help", "-a"], capture_output=True, text=True, check=False).stdout
    return sorted({ln.split()[0] for ln in out.splitlines() if ln.startswith("   ") and ln.split()
                   and re.fullmatch(r"[a-z][a-z0-9-]+", ln.split()[0])})


def read(program: str) -> tuple[str, str]:
    text = man_page(program)
    if text is not None:
        return program, text
    return program, help_text([program, "--help"]) if shutil.which("bwrap") else ""


def read_git(sub: str) -> tuple[str, str]:
    text = man_page(f"git-{sub}")
    return f"git {sub}", text if text is not None else help_text(["git", sub, "-h"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--show")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if args.show:
        name, text = read_git(args.show[4:]) if args.show.startswith("git ") else read(args.show)
        for names, metavar, desc in entries(text):
            print(names, repr(metavar), desc[:150])
        print(classify(name, text))
        return 0
    with ThreadPoolExecutor(args.workers) as pool:
        texts = list(pool.map(read, programs())) + list(pool.map(read_git, git_subcommands()))
    table: dict[str, tuple[list[str], list[str]]] = {}
    other: dict[str, list[str]] = {}
    for name, text in texts:
        value, in_place = classify(name.split()[-1] if name.startswith("git ") else name, text)
        if value or in_place:
            table[name] = (sorted(value), sorted(in_place))
        elsewise = other_outputs(name, text, value)
        if elsewise:
            other[name] = sorted(elsewise)
    lines = ['"""Options through which installed programs write a file, read from their manual pages (or `--help` where',
             "a program has none). Generated by benchmarks/security/gen_writers_table.py; do not edit by hand (add a",
             'reviewed exception to that script\'s REJECT and regenerate)."""', "",
             "# program (or 'git SUBCOMMAND'): (options whose value is a file or directory it writes,",
             "#                                flags that make it rewrite the files it is given)",
             "WRITERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {"]
    for name in sorted(table):
        value, in_place = table[name]
        lines.append(f"    {name!r}: (frozenset({set(value)!r}), frozenset({set(in_place)!r})),".replace("set()", ""))
    lines.append("}")
    lines += ["", "# Output-like option names these programs document with another meaning (`ssh -o OPTION`, `mount -o`):",
              "# not writes, so the rule for an unknown program's output option does not apply to them.",
              "OTHER_OUTPUT_OPTIONS: dict[str, frozenset[str]] = {"]
    lines += [f"    {name!r}: frozenset({set(v)!r})," for name, v in sorted(other.items())]
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"{len(table)} programs with writing options ({sum(len(v[0]) for v in table.values())} value options, "
          f"{sum(len(v[1]) for v in table.values())} in-place flags) of {len(texts)} read -> {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
