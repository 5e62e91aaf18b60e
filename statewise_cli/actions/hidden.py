"""Routes by which a command runs code, or writes the guard's files, that its own words do not show: an archive
extracted by an interpreter's standard-library tool, a nested agent started with a home that holds no hook, escapes
that spell a memory-file line, a tool's configuration found through the environment, a launcher's shim, a
development container's host-side commands. Imported by the normalizer only for the programs concerned (none of
this is on the hook's hot path for an ordinary command)."""

from __future__ import annotations

import os

from statewise_cli.fast.lazy_re import Pattern

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path
if TYPE_CHECKING:
    from typing import Any

# --------------------------------------------------------------------------------------------- escapes


def decode_escapes(text: str) -> str:
    """``text`` with the backslash escapes ``printf``'s format and ``%b``, ``echo -e`` and ``$'…'`` turn into
    characters (``\\n``, ``\\x6e``, ``\\0156``, ``\\156``, ``\\u006e``) decoded; unknown escapes stay as written."""
    if "\\" not in text:
        return text
    from statewise_cli.actions.shell import _ansi_escape

    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            if text[i + 1] == "0" and i + 2 < len(text) and text[i + 2] in "01234567":
                i += 1  # `\0NNN` (printf %b, echo -e): the digits after the zero
            ch, j = _ansi_escape(text, i + 1)
            out.append(ch)
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


# --------------------------------------------------------------------------------------------- archives
# Standard-library modules of an interpreter that extract an archive from the command line: `python -m zipfile -e
# ARCHIVE DIR`, `python -m tarfile -e ARCHIVE [DIR]`.
_EXTRACTING_MODULES = {"zipfile": ("-e", "--extract"), "tarfile": ("-e", "--extract")}


def module_extraction(module: str, args: tuple[str, ...]) -> tuple[str, str] | None:
    """(archive, directory) of an interpreter module run as an extractor, else None."""
    options = _EXTRACTING_MODULES.get(module)
    if not options:
        return None
    for i, arg in enumerate(args):
        if arg in options:
            rest = [a for a in args[i + 1:] if not a.startswith("-")]
            if not rest:
                return None
            return rest[0], rest[1] if len(rest) > 1 else "."
        if arg.startswith("--extract="):
            rest = [a for a in args[i + 1:] if not a.startswith("-")]
            return arg.partition("=")[2], rest[0] if rest else "."
    return None


def other_extraction(name: str, args: tuple[str, ...]) -> tuple[str, str] | None:
    """(archive, directory) of the extractors beside tar/unzip/cpio: ``7z x|e ARCHIVE [-oDIR]``, ``jar x[f] ARCHIVE``
    (into the current directory), ``bsdunzip``/``ditto -x``, ``unrar x|e ARCHIVE [DIR]``, ``ar x ARCHIVE``; the archive
    is "" when the check cannot tell which it is."""
    if name in ("7z", "7za", "7zr", "7zz"):
        words = [a for a in args if not a.startswith("-")]
        if words[:1] not in (["x"], ["e"]):
            return None
        out = [a[2:] for a in args if a.startswith("-o")]
        return (words[1] if len(words) > 1 else ""), (out[-1] if out else ".")
    if name == "jar" and args:
        mode = args[0].lstrip("-")
        if args[0].startswith("--extract") or (args[0][:1] != "-" or len(args[0]) > 1) and "x" in mode \
                and not args[0].startswith("--"):
            rest = [a for a in args[1:] if not a.startswith("-")]
            archive = next((a.partition("=")[2] for a in args if a.startswith("--file=")), "")
            if not archive and "f" in mode and rest:
                archive = rest[0]
            return archive, "."
        return None
    if name in ("unrar", "unar"):
        words = [a for a in args if not a.startswith("-")]
        if name == "unrar":
            if words[:1] not in (["x"], ["e"]):
                return None
            words = words[1:]
        out = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "-o"] if name == "unar" else words[1:2]
        return (words[0] if words else ""), (out[-1] if out else ".")
    if name == "bsdunzip":
        words = [a for a in args if not a.startswith("-")]
        dirs = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "-d"]
        return (words[0] if words else ""), (dirs[-1] if dirs else ".")
    if name == "ar" and args and not args[0].startswith("--") and "x" in args[0].lstrip("-"):
        return (args[1] if len(args) > 1 else ""), "."
    return None


# --------------------------------------------------------------------------------------------- nested agents
def _holds_hook(paths: list[str]) -> bool:
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                if "statewise" in fh.read(256_000):
                    return True
        except OSError:
            continue
    return False


def agent_home_unguarded(assigns: tuple[tuple[str, str], ...], name: str, cwd: str | None) -> str:
    """Why a nested agent run steps around the guard by the home it is given (``CODEX_HOME=/tmp/x codex exec``,
    ``CLAUDE_CONFIG_DIR=/tmp/y claude -p``): a fresh home holds neither the hook nor the setting that enables it, so
    the nested agent's tool calls run unchecked. A home whose configuration registers statewise stays allowed; one
    only the shell knows gets the protected answer. "" when the run keeps its guard."""
    from statewise_cli.actions.shell import unknown

    variables = {"codex": ("CODEX_HOME",), "claude": ("CLAUDE_CONFIG_DIR",)}.get(name, ())
    for key, value in assigns:
        if key not in variables:
            continue
        if unknown(value):
            return f"{key} gives the nested {name} run a home only the shell knows, which may hold no statewise hook"
        home = os.path.expanduser(value)
        if not os.path.isabs(home):
            home = os.path.join(cwd or ".", home)
        if os.path.realpath(home) == os.path.realpath(os.path.expanduser("~/.codex" if name == "codex" else "~/.claude")):
            continue
        files = ["hooks.json", "config.toml"] if name == "codex" else ["settings.json", "settings.local.json"]
        paths = [os.path.join(home, f) for f in files]
        # The home itself must register the hook: statewise installed as a plugin or in the user's settings lives
        # there, and a fresh home has not accepted the project's own settings (nor, for Codex, switched its hooks
        # feature on), so the project's files are not counted
        if not _holds_hook(paths):
            return (f"{key}={value} starts the nested {name} run with a home that does not register statewise's hook, "
                    "so its tool calls run unchecked")
    return ""


# --------------------------------------------------------------------------------------------- configuration read from
# the environment: a program that takes its options from a file the environment points at
def curl_config_files(assigns: tuple[tuple[str, str], ...], args: tuple[str, ...]) -> list[str]:
    """The configuration files curl reads its options from: ``-K``/``--config FILE`` and, unless ``-q`` comes first,
    ``.curlrc`` (or ``_curlrc``) under ``CURL_HOME``, ``XDG_CONFIG_HOME`` and ``HOME`` as the command sets them."""
    files = [args[k + 1] for k, a in enumerate(args[:-1]) if a in ("-K", "--config")]
    files += [a.partition("=")[2] for a in args if a.startswith("--config=")]
    files += [a[2:] for a in args if a.startswith("-K") and len(a) > 2]
    if args[:1] in (("-q",), ("--disable",)):
        return files
    env = dict(assigns)
    for key, sub in (("CURL_HOME", ""), ("XDG_CONFIG_HOME", ""), ("HOME", "")):
        if env.get(key):
            files += [os.path.join(env[key], sub, ".curlrc"), os.path.join(env[key], sub, "_curlrc")]
    return files


# curl options whose value is a file curl writes
_CURL_WRITES = ("output", "o", "dump-header", "D", "trace", "trace-ascii", "cookie-jar", "c", "stderr", "libcurl",
                "etag-save", "hsts", "alt-svc", "output-dir")


def curl_config_writes(text: str) -> list[str]:
    """The files a curl configuration's options write (``output = "~/.bashrc"``, ``-o x``, ``dump-header=f``)."""
    out: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, value = line, ""
        for sep in ("=", ":", " ", "\t"):
            if sep in line:
                key, _, value = line.partition(sep)
                break
        key = key.strip().lstrip("-")
        value = value.strip().lstrip("=:").strip().strip('"').strip("'")
        if key in _CURL_WRITES and value:
            out.append(value)
    return out


# --------------------------------------------------------------------------------------------- development containers
_DEVCONTAINER_FILES = (".devcontainer/devcontainer.json", ".devcontainer.json")


def devcontainer_files(args: tuple[str, ...]) -> list[str]:
    """The configuration a ``devcontainer up|build|run-user-commands`` reads: ``--config FILE`` or the files under
    ``--workspace-folder DIR`` (the current directory when not given)."""
    words = [a for a in args if not a.startswith("-")]
    if not words or words[0] not in ("up", "build", "run-user-commands", "set-up", "exec"):
        return []
    config = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "--config"]
    config += [a.partition("=")[2] for a in args if a.startswith("--config=")]
    if config:
        return config
    folder = [args[k + 1] for k, a in enumerate(args[:-1]) if a == "--workspace-folder"]
    folder += [a.partition("=")[2] for a in args if a.startswith("--workspace-folder=")]
    base = folder[-1] if folder else "."
    return [os.path.join(base, f) for f in _DEVCONTAINER_FILES]


# --------------------------------------------------------------------------------------------- launchers' shims
def package_bin_runs(name: str, args: tuple[str, ...]) -> list[str]:
    """The project executables a package launcher runs from ``node_modules/.bin`` (``npm exec X``, ``npx X``,
    ``pnpm exec X``, ``yarn exec X``, ``yarn X`` / ``pnpm X`` for a name no built-in command has), read like
    scripts: a shim written there runs as the named tool."""
    rest = list(args)
    if name in ("npm", "pnpm", "yarn", "bun"):
        words = [a for a in rest if not a.startswith("-")]
        if not words or words[0] not in ("exec", "x", "dlx") or name == "pnpm" and words[0] == "dlx":
            return []
        rest = rest[rest.index(words[0]) + 1:]
    elif name not in ("npx", "pnpx", "bunx"):
        return []
    if "--" in rest:
        rest = rest[rest.index("--") + 1:]
    program = next((a for a in rest if not a.startswith("-")), "")
    if not program or "/" in program or "@" in program[1:]:
        return []
    return [f"node_modules/.bin/{program}"]


def python_user_site(assigns: tuple[tuple[str, str], ...]) -> list[str]:
    """``usercustomize.py`` (and ``sitecustomize.py``) in the user site directory a ``PYTHONUSERBASE`` the command
    sets points Python at: the interpreter imports it at start-up, whatever the program."""
    import sys

    env = dict(assigns)
    base = env.get("PYTHONUSERBASE")
    if not base:
        return []
    out: list[str] = []
    site = os.path.join(base, "lib")
    try:
        versions = [d for d in os.listdir(site) if d.startswith("python")]
    except OSError:
        versions = [f"python{sys.version_info[0]}.{sys.version_info[1]}"]
    for version in versions[:6]:
        for f in ("usercustomize.py", "sitecustomize.py"):
            out.append(os.path.join(site, version, "site-packages", f))
    return out


def json_commands(text: str, keys: tuple[str, ...]) -> list[str]:
    """The command strings (or argv lists, joined) under ``keys`` of a JSON (or JSON-with-comments) object, at any
    depth: a development container's ``initializeCommand``."""
    from statewise_cli.fast import jsonfast as json

    try:
        data: Any = json.loads(text)
    except ValueError:
        import re

        stripped = re.sub(r"(?m)^\s*//.*$", "", text)
        try:
            data = json.loads(stripped)
        except ValueError:
            return ["\x00"]  # not readable: the caller answers as protected
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if k in keys:
                    add(v)
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    def add(v: Any) -> None:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, list) and all(isinstance(w, str) for w in v):
            import shlex

            out.append(" ".join(shlex.quote(w) for w in v))
        elif isinstance(v, dict):
            for w in v.values():
                add(w)

    walk(data)
    return out


def printed_text(line: str) -> str:
    """What the ``echo``/``printf`` commands of a shell line print, as they print it (items put into the format,
    escapes decoded): the text a memory file gets from ``printf '%s%s\\n' 'main is n' 'ot protected' >> CLAUDE.md``."""
    from statewise_cli.actions.shell import ParseError, _stdin_text, split_commands

    try:
        commands = split_commands(line)
    except (ParseError, ValueError, RecursionError):
        return ""
    out: list[str] = []
    for cmd in commands:
        if cmd.argv and cmd.argv[0].rsplit("/", 1)[-1] in ("echo", "printf"):
            argv = cmd.argv
            if argv[0].endswith("printf") and len(argv) > 2 and argv[1] == "--":
                argv = argv[:1] + argv[2:]
            shown = _stdin_text(tuple(argv))
            if shown:
                out.append(decode_escapes(shown))
    return "\n".join(out)


def make_file_writes(text: str) -> list[str]:
    """Shell lines that write what a makefile's ``$(file >NAME,TEXT)`` / ``$(file >>NAME)`` calls write (make
    evaluates them while it reads the makefile, ``make -n`` included): ``: >> NAME``."""
    import shlex

    out: list[str] = []
    for opener in ("$(file ", "${file "):
        start = text.find(opener)
        while start != -1 and len(out) < 32:
            rest = text[start + len(opener):].lstrip()
            if rest.startswith(">"):
                name = rest.lstrip(">").lstrip()
                end = min([i for i in (name.find(","), name.find(")"), name.find("}"), name.find("\n")) if i >= 0]
                          or [len(name)])
                target = name[:end].strip()
                if target:
                    out.append(f": >> {shlex.quote(target) if '$' not in target else target}")
            start = text.find(opener, start + 1)
    return out


# --------------------------------------------------------------------------------------------- program files by option
_PROGRAM_FILE_LIMIT = 64 * 1024


def inline_program_files(name: str, args: tuple[str, ...], cwd: str, stdin: str | None = None) -> tuple[str, ...] | None:
    """``args`` with the program files an ``awk -f FILE`` / ``sed -f FILE`` runs put in as the program itself (awk: the
    first operand; sed: ``-e TEXT``), so the inline-code checks read them; a file that is missing runs nothing and is
    dropped. None when a file cannot be read on the hook path (too large, or a name only the shell knows)."""
    from statewise_cli.actions.shell import unknown

    awk = name != "sed"
    texts: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        path = None
        if arg in ("-f", "--file") and i + 1 < len(args):
            path, i = args[i + 1], i + 2
        elif arg.startswith("--file="):
            path, i = arg.partition("=")[2], i + 1
        elif awk and arg.startswith("-f") and len(arg) > 2 and not arg.startswith("--"):
            path, i = arg[2:], i + 1
        else:
            rest.append(arg)
            i += 1
            continue
        if path in ("-", "/dev/stdin"):
            if stdin is None or "$" in stdin or "`" in stdin or len(stdin) > _PROGRAM_FILE_LIMIT:
                return None
            texts.append(stdin)  # the program is the one here-document the line feeds it (`mawk -W exec /dev/stdin <<'EOF'`)
            continue
        if unknown(path):
            return None
        full = os.path.join(cwd or ".", os.path.expanduser(path))
        try:
            if os.path.getsize(full) > _PROGRAM_FILE_LIMIT:
                return None
            with open(full, encoding="utf-8", errors="replace") as fh:
                texts.append(fh.read(_PROGRAM_FILE_LIMIT))
        except OSError:
            continue
    program = "\n".join(texts)
    if awk:
        # the program goes before the first operand (the options that take a value keep theirs)
        out: list[str] = []
        j = 0
        while j < len(rest) and rest[j].startswith("-") and rest[j] != "--":
            out.append(rest[j])
            if rest[j] in ("-F", "-v", "--field-separator", "--assign") and j + 1 < len(rest):
                out.append(rest[j + 1])
                j += 1
            j += 1
        if j < len(rest) and rest[j] == "--":
            j += 1
        return (*out, program, *rest[j:]) if program else (*out, "", *rest[j:])
    return ("-e", program, *rest) if program else tuple(rest)


def config_pairs(value: str) -> list[str]:
    """A ``-c key=value`` override as the dotted ``key=value`` pairs it sets, inline tables flattened
    (``features={ codex_hooks = false }`` → ``features.codex_hooks=false``), lower-cased, spaces and quotes dropped."""
    flat = value.replace(" ", "").replace("\t", "").replace('"', "").replace("'", "").lower()
    key, eq, rest = flat.partition("=")
    if not eq:
        return [flat]
    if rest.startswith("{") and rest.endswith("}"):
        out: list[str] = []
        depth, start, body = 0, 0, rest[1:-1]
        for i, c in enumerate(body + ","):
            depth += {"{": 1, "}": -1}.get(c, 0)
            if c == "," and depth == 0:
                part = body[start:i]
                start = i + 1
                if part:
                    out += config_pairs(f"{key}.{part}")
        return out
    return [flat]


# Standard-library tools that import the module their operand names (``inspect MOD[:QUALNAME]``, ``pydoc MOD``) or run
# the one ``-m`` names (``cProfile -m MOD``, ``pdb -m MOD``, ``trace --module MOD``): importing a module runs its top level.
_IMPORTING_TOOLS = ("inspect", "pydoc", "cProfile", "profile", "pdb", "trace")


def python_module_files(args: tuple[str, ...], cwd: str = "") -> list[str]:
    """The project files ``python -m MODULE …`` runs: MODULE's own file (``pkg/mod.py``, ``pkg/mod/__main__.py``, the
    packages' ``__init__.py`` on the way) and, for a standard-library tool that imports or runs another module, that
    module's files; relative to the directory the command runs in (and ``src/``)."""
    if "-m" not in args:
        return []
    k = args.index("-m")
    if k + 1 >= len(args):
        return []
    module, rest = args[k + 1], args[k + 2:]
    names = [module]
    if module in _IMPORTING_TOOLS:
        if module in ("inspect", "pydoc"):
            names += [a.split(":", 1)[0] for a in rest if not a.startswith("-")][:4]
        else:
            names += [rest[j + 1] for j, a in enumerate(rest[:-1]) if a in ("-m", "--module")]
    out: list[str] = []
    for name in names:
        if not name or not all(part.isidentifier() for part in name.split(".")):
            continue
        parts = name.split(".")
        for root in ("", "src/"):
            for i in range(1, len(parts)):
                out.append(root + "/".join(parts[:i]) + "/__init__.py")
            base = root + "/".join(parts)
            out += [base + ".py", base + "/__init__.py", base + "/__main__.py"]
    return [p for p in dict.fromkeys(out) if os.path.isfile(os.path.join(cwd or ".", p))]  # relative to ``cwd``


def awk_pipe_commands(code: str) -> list[str]:
    """The commands an awk program pipes to or reads from by literal: ``print … | "CMD"``, ``"CMD" | getline``,
    ``close("CMD")`` aside."""
    import re

    found = re.findall(r'\|\s*&?\s*"((?:[^"\\]|\\.)+)"', code) + re.findall(r'"((?:[^"\\]|\\.)+)"\s*\|\s*&?\s*getline', code)
    return list(dict.fromkeys(c.replace('\\"', '"') for c in found))


# --------------------------------------------------------------------------------------------- pickles
# Modules whose callables a pickle may reference to run a command or code when it is loaded
_PICKLE_RUNNERS = (b"os", b"posix", b"nt", b"subprocess", b"builtins", b"__builtin__", b"pty", b"commands", b"runpy",
                   b"shutil", b"code", b"importlib")


def pickle_strings(data: bytes) -> tuple[bool, list[str]]:
    """(whether loading the pickle calls into a module that runs commands or code, the string constants it holds):
    ``python -m pickle FILE`` unpickles FILE, and a ``c os\\nsystem`` global with a REDUCE runs the string it gets."""
    import re

    runs = False
    for m in re.finditer(rb"c([\w.]+)\n(\w+)\n", data):  # protocol 0-1 GLOBAL
        if m.group(1).split(b".")[0] in _PICKLE_RUNNERS:
            runs = True
    strings = [s.decode("utf-8", "replace") for s in re.findall(rb"S'((?:[^'\\\n]|\\.)*)'\n", data)]
    strings += [s.decode("utf-8", "replace") for s in re.findall(rb'S"((?:[^"\\\n]|\\.)*)"\n', data)]
    strings += [s.decode("utf-8", "replace") for s in re.findall(rb"\nV([^\n]*)\n", data)]
    i = 0
    while i < len(data):  # protocol 2+: SHORT_BINUNICODE / BINUNICODE / SHORT_BINSTRING constants
        op = data[i]
        if op in (0x8C, 0x55) and i + 1 < len(data):
            n = data[i + 1]
            strings.append(data[i + 2:i + 2 + n].decode("utf-8", "replace"))
            i += 2 + n
            continue
        if op == 0x58 and i + 5 <= len(data):
            n = int.from_bytes(data[i + 1:i + 5], "little")
            if n < 65536:
                strings.append(data[i + 5:i + 5 + n].decode("utf-8", "replace"))
                i += 5 + n
                continue
        i += 1
    if not runs and b"\x93" in data:  # STACK_GLOBAL: the module name is one of the strings
        runs = any(s.split(".")[0].encode() in _PICKLE_RUNNERS for s in strings)
    return runs, strings


# --------------------------------------------------------------------------------------------- operand files
# A program the normalizer does not model (an interpreter, a preprocessor, a JIT, a test harness) may run what a file
# it is given says. The files the agent wrote (the record of written files) or that the line itself writes are read
# like a task file when they are handed to such a program: the commands they hold as literals or lines.
_HEX_ESCAPE = Pattern(r"\\(?:x)?([0-9A-Fa-f]{2})")


def operand_commands(body: str) -> list[str]:
    """The command lines a file handed to an unmodelled program shows: what code hands a shell (`system("…")`, argv
    lists, backticks), and every line, literal or literal list that starts with a program that matters (a
    preprocessor's `syscmd(git …)`, an IR's `c"git push …\\00"` string, a harness's `exec git …`). Escapes a string
    table uses (`\\0A`, `\\x20`, `\\n`) are read decoded as well."""
    from statewise_cli.actions import normalize

    variants = [body]
    if "\\" in body:
        def char(m: Any) -> str:
            code = int(m.group(1), 16)
            # a string's terminator ends it; a newline inside a command string separates commands
            return "" if code == 0 else "; " if code in (10, 13) else chr(code)

        decoded = decode_escapes(_HEX_ESCAPE.sub(char, body))
        if decoded != body:
            variants.append(decoded)
    found: list[str] = []
    for text in variants:
        shown = normalize.shell_calls(text) + normalize.backtick_calls(text) + normalize.config_commands(text)[0]
        found += [c for c in shown if c not in found]
        if len(found) > 64:
            break
    return found[:64]


# --------------------------------------------------------------------------------------------- inline code
# Inline code may reach a shell or a process API by a name no screen lists: an asynchronous API
# (`asyncio.create_subprocess_shell`), a function fetched by its name as a string (`importlib.import_module("os")`,
# `getattr(os, "sys" + "tem")`, `__import__`), a foreign-function or pseudo-terminal call. Such code is judged by the
# commands it holds as literals, whatever calls them.
_PROCESS_REACH = Pattern(
    r"(?i)importlib|__import__|getattr|globals\(\)|vars\(|\bsys\.modules|asyncio|subprocess|spawn|popen|\bpty\b|"
    r"exec[lv]p?e?\b|ctypes|cffi|pexpect|plumbum|child_process|ProcessBuilder|Runtime\b|IPC::|open3|proc_open|"
    r"pcntl_exec|\bsystem\b|Command\b|Deno\.run|Bun\.spawn|\bos\.run|\bshell\b|"
    r"['\"]\s*\|-?\s*['\"]|['\"]-\|['\"]|open\s*\(?[^;]*['\"]\s*\|")  # a pipe opened to a program (perl `open(F, "|-", …)`)
_LITERAL = Pattern(r"""(['"])((?:(?!\1)[^\\\n]|\\.)*)\1""")


def reaches_processes(code: str) -> bool:
    """Whether inline code may start a process by a route the keyword screen and the literal shell calls do not
    name: a module or function fetched by name, an asynchronous or low-level process API."""
    return bool(_PROCESS_REACH.search(code))


def literal_commands(code: str) -> list[str]:
    """The command lines inline code holds as literals: a string that starts with a program that matters or that
    holds shell syntax (a redirection, a pipe, a list of commands), and literal argv lists (``["npm", "i", "x"]``,
    ``"git", "push"`` handed word by word)."""
    from statewise_cli.actions import normalize

    found = [c for c in normalize.config_commands(code)[0]]
    for m in _LITERAL.finditer(code):
        text = decode_escapes(m.group(2))
        if " " in text.strip() and any(s in text for s in (">", "|", "&&", ";")) and text not in found:
            found.append(text)
        for line in text.splitlines() if "\n" in text else ():
            # a line printed into a shell (`print $sh "git stash clear\n"`): each line is a command
            words = line.split()
            if words and words[0].rsplit("/", 1)[-1] in normalize._NESTED_PROGRAMS and line.strip() not in found:
                found.append(line.strip())
    return found[:32]


# --------------------------------------------------------------------------------------------- awk's BEGIN commands
_AWK_PUNCT = ("++", "--", "+=", "<=", ">=", "==", "!=", "&&", "||", "{", "}", "(", ")", "[", "]", ";", ",", "=", "<",
              ">", "+", "-", "\n", "|", "!", "*", "/", "%", "?", ":", "~", "$")


def _awk_tokens(body: str) -> list[str] | None:
    """Words of an awk program: string literals as ``"`` + their decoded text, names, numbers, operators."""
    out: list[str] = []
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c in " \t\r" or (c == "\\" and body.startswith("\\\n", i)):
            i += 2 if c == "\\" else 1
        elif c == "#":
            j = body.find("\n", i)
            i = n if j == -1 else j
        elif c == '"':
            text: list[str] = []
            i += 1
            while i < n and body[i] != '"':
                if body[i] == "\\" and i + 1 < n:
                    e = body[i + 1]
                    if e not in '"\\/ntr':
                        return None  # an escape this reading does not decode
                    text.append({"n": "\n", "t": "\t", "r": "\r"}.get(e, e))
                    i += 2
                    continue
                text.append(body[i])
                i += 1
            if i >= n:
                return None
            out.append('"' + "".join(text))
            i += 1
        elif c.isalnum() or c == "_" or c == ".":
            j = i
            while j < n and (body[j].isalnum() or body[j] in "_."):
                j += 1
            out.append(body[i:j])
            i = j
        else:
            op = next((p for p in _AWK_PUNCT if body.startswith(p, i)), None)
            if op is None:
                return None
            out.append(op)
            i += len(op)
    return out


def awk_begin_commands(program: str, operands: tuple[str, ...], assigned: dict[str, str]) -> list[str] | None:
    """The command lines an awk program that is one ``BEGIN`` block hands ``system()``, computed from its string
    literals, its ``-v`` assignments and the words the line gives it (``ARGV``, ``ARGC``): straight-line code,
    assignments, ``for`` loops over the arguments and ``print``. A program that does anything else (reads input,
    pipes, ``getline``, functions other than ``system``, conditions, fields) gives None: unknown."""
    text = program.strip()
    if not text.startswith("BEGIN") or not text.endswith("}"):
        return None
    tokens = _awk_tokens(text[len("BEGIN"):])
    if tokens is None or tokens[:1] != ["{"] or "$" in tokens or "|" in tokens or "getline" in tokens:
        return None
    argv = ["awk", *operands]
    names: dict[str, str] = dict(assigned)
    commands: list[str] = []
    budget = [2000]

    class Unknown(Exception):
        pass

    def num(v: str) -> float:
        head = v.strip()
        try:
            return float(head) if head else 0.0
        except ValueError:
            return 0.0

    def show(x: float) -> str:
        return str(int(x)) if x == int(x) and abs(x) < 1e16 else f"{x:.6g}"

    def term(k: int) -> tuple[str, int]:
        t = tokens[k] if k < len(tokens) else ""
        if t.startswith('"'):
            return t[1:], k + 1
        if t == "(":
            v, k = expr(k + 1)
            if tokens[k:k + 1] != [")"]:
                raise Unknown
            return v, k + 1
        if t == "-":
            v, k = term(k + 1)
            return show(-num(v)), k
        if t[:1].isdigit() or (t[:1] == "." and t[1:2].isdigit()):
            return show(num(t)), k + 1
        if t == "ARGV" and tokens[k + 1:k + 2] == ["["]:
            v, k = expr(k + 2)
            if tokens[k:k + 1] != ["]"]:
                raise Unknown
            index = int(num(v))
            return (argv[index] if 0 <= index < len(argv) else ""), k + 1
        if t == "ARGC":
            return str(len(argv)), k + 1
        if t == "system" and tokens[k + 1:k + 2] == ["("]:
            v, k = expr(k + 2)
            if tokens[k:k + 1] != [")"]:
                raise Unknown
            commands.append(v)
            return "0", k + 1
        if t.isidentifier() and t not in _AWK_WORDS and tokens[k + 1:k + 2] not in (["("], ["["]):
            return names.get(t, ""), k + 1
        raise Unknown

    def additive(k: int) -> tuple[str, int]:
        v, k = term(k)
        while tokens[k:k + 1] in (["+"], ["-"]) and k + 1 < len(tokens):
            sign = tokens[k]
            w, k = term(k + 1)
            v = show(num(v) + num(w) if sign == "+" else num(v) - num(w))
        return v, k

    def expr(k: int) -> tuple[str, int]:  # concatenation of additive terms
        v, k = additive(k)
        while k < len(tokens) and (tokens[k].startswith('"') or tokens[k] in ("(", "ARGV", "ARGC") or (
                tokens[k].isidentifier() and tokens[k] not in _AWK_WORDS) or tokens[k][:1].isdigit()):
            w, k = additive(k)
            v += w
        return v, k

    def condition(k: int) -> tuple[bool, int]:
        a, k = expr(k)
        op = tokens[k] if k < len(tokens) else ""
        if op not in ("<", "<=", ">", ">=", "==", "!="):
            raise Unknown
        b, k = expr(k + 1)
        x, y = num(a), num(b)
        return {"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y, "==": x == y, "!=": x != y}[op], k

    def simple(k: int) -> int:
        t = tokens[k] if k < len(tokens) else ""
        if t.isidentifier() and t not in _AWK_WORDS and tokens[k + 1:k + 2] in (["++"], ["--"]):
            names[t] = show(num(names.get(t, "")) + (1 if tokens[k + 1] == "++" else -1))
            return k + 2
        if t.isidentifier() and t not in _AWK_WORDS and tokens[k + 1:k + 2] in (["="], ["+="]):
            v, j = expr(k + 2)
            names[t] = show(num(names.get(t, "")) + num(v)) if tokens[k + 1] == "+=" else v
            return j
        if t == "system":
            return term(k)[1]
        if t in ("print", "printf"):  # printing to standard output runs nothing; its words are computed all the same
            j = k + 1
            while j < len(tokens) and tokens[j] not in (";", "\n", "}"):
                if tokens[j] in (">", "|"):
                    raise Unknown
                j += 1
            return j
        raise Unknown

    def statement(k: int) -> int:
        budget[0] -= 1
        if budget[0] < 0 or len(commands) > 16:
            raise Unknown
        t = tokens[k] if k < len(tokens) else ""
        if t == "{":
            k += 1
            while k < len(tokens) and tokens[k] != "}":
                if tokens[k] in (";", "\n"):
                    k += 1
                    continue
                k = statement(k)
            if k >= len(tokens):
                raise Unknown
            return k + 1
        if t == "for" and tokens[k + 1:k + 2] == ["("]:
            start = simple(k + 2)
            if tokens[start:start + 1] != [";"]:
                raise Unknown
            test = start + 1
            for _ in range(len(argv) + 64):
                ok, step = condition(test)
                if tokens[step:step + 1] != [";"]:
                    raise Unknown
                after = step + 1
                while after < len(tokens) and tokens[after] != ")":  # the step runs after the body
                    after += 1
                body = after + 1
                while tokens[body:body + 1] == ["\n"]:
                    body += 1
                if not ok:
                    return _skip(tokens, body)
                statement(body)
                if simple(step + 1) != after:
                    raise Unknown
            raise Unknown
        if t == "exit":
            raise StopIteration
        return simple(k)

    try:
        end = statement(0)
        if any(t not in (";", "\n") for t in tokens[end:]):
            return None
    except StopIteration:
        pass
    except (Unknown, IndexError, RecursionError):
        return None
    return commands


_AWK_WORDS = frozenset({"BEGIN", "END", "for", "while", "do", "if", "else", "in", "exit", "next", "print", "printf",
                        "system", "getline", "function", "return", "delete", "close", "ARGV", "ARGC", "ENVIRON", "NR",
                        "NF", "FS", "OFS", "RS", "ORS", "FILENAME", "sprintf", "substr", "split", "sub", "gsub",
                        "length", "index", "match", "toupper", "tolower", "int", "rand", "srand", "fflush"})


def _skip(tokens: list[str], k: int) -> int:
    """The index after the statement starting at ``k`` (a block or one simple statement), without running it."""
    if tokens[k:k + 1] == ["{"]:
        depth = 0
        for j in range(k, len(tokens)):
            depth += tokens[j] == "{"
            depth -= tokens[j] == "}"
            if depth == 0:
                return j + 1
        return len(tokens)
    j = k
    while j < len(tokens) and tokens[j] not in (";", "\n", "}"):
        j += 1
    return j


# --------------------------------------------------------------------------------------------- literal argv lists
def _literal_at(code: str, i: int) -> tuple[str, int] | None:
    """The plain string literal starting at ``code[i]`` (no prefix, escape or interpolation) and the index after it."""
    if i >= len(code) or code[i] not in "'\"" or (i and (code[i - 1].isalnum() or code[i - 1] in "_$`")):
        return None
    end = code.find(code[i], i + 1)
    if end < 0:
        return None
    body = code[i + 1:end]
    if any(c in body for c in "\\\n$`{}%#@") or not body:
        return None
    return body, end + 1


# What ends an argv array in C-like languages
_ARGV_TERMINATORS = ("(char *)NULL", "(char*)NULL", "(char *)0", "(char*)0", "nullptr", "NULL", "None", "nil", "null",
                     "0")


def _literal_run(code: str, i: int, close: str) -> tuple[list[str], int] | None:
    """Comma-separated plain literals from ``code[i]`` to the bracket ``close`` that ends them: the words and the
    index of ``close``; None when anything else stands among them."""
    words: list[str] = []
    while True:
        while i < len(code) and code[i] in " \t":
            i += 1
        lit = _literal_at(code, i)
        if lit is None:
            return None
        words.append(lit[0])
        i = lit[1]
        while i < len(code) and code[i] in " \t":
            i += 1
        if i < len(code) and code[i] == close:
            return words, i
        if i >= len(code) or code[i] != ",":
            return None
        i += 1
        while i < len(code) and code[i] in " \t":
            i += 1
        if i < len(code) and code[i] == close:  # a trailing comma
            return words, i
        if close in "]}":
            # a list ended by a null pointer (C's `{"git", "push", NULL}`, `(char *)0`): the words before it are the argv
            for end in _ARGV_TERMINATORS:
                if code.startswith(end, i):
                    k = i + len(end)
                    while k < len(code) and code[k] in " \t":
                        k += 1
                    if code[k:k + 1] == close:
                        return words, k


def literal_argvs(code: str) -> list[tuple[int, int, tuple[str, ...]]]:
    """The argv lists inline code hands a program whole, as plain literals: a list (``["git", "push", "origin",
    "x"]``), a program and its argument list (``spawnSync("git", ["push", …])``, ``execvp("git", ["git", …])``) or a
    call's literal arguments up to its closing parenthesis (``system("git", "push", …)``, ``spawnlp(mode, "git",
    "git", …)``) — with the span of the code they take. A list or call with any computed element gives nothing: the
    words are the program's whole argv only when every one of them is shown."""
    out: list[tuple[int, int, tuple[str, ...]]] = []
    taken: set[int] = set()
    for i, c in enumerate(code):
        if c not in "([{" or i in taken:
            continue
        j = i + 1
        while j < len(code) and code[j] in " \t":
            j += 1
        if c == "{" and code[j:j + 1] not in ("'", '"'):
            continue  # an initializer list (`{"git", "push", …}` of C, Java, Zig, C#): literals only
        if c == "(" and code[j:j + 1] not in ("'", '"'):
            # `spawnlp(os.P_WAIT, "git", …)`: one computed leading argument (the mode) before the literals
            k = code.find(",", j)
            head = code[j:k].strip() if k > 0 else ""
            if not head or not all(ch.isalnum() or ch in "._" for ch in head):
                continue
            j = k + 1
        run = _literal_run(code, j, {"[": "]", "{": "}"}.get(c, ")"))
        if run is not None:
            words, end = run
            if c == "(" and len(words) > 1 and words[0].rsplit("/", 1)[-1] == words[1]:
                words = words[1:]  # `spawnlp(mode, file, arg0, …)`: the file, then the argv
            out.append((i, end + 1, tuple(words)))
            continue
        if c != "(":
            continue
        # `("git", ["push", …])`: a program, then its whole argument list
        lit = _literal_at(code, j)
        if lit is None:
            continue
        k = lit[1]
        while k < len(code) and code[k] in " \t":
            k += 1
        if code[k:k + 1] != ",":
            continue
        k += 1
        while k < len(code) and code[k] in " \t":
            k += 1
        if code[k:k + 1] != "[":
            continue
        rest = _literal_run(code, k + 1, "]")
        if rest is None:
            continue
        words, end = rest
        program = lit[0]
        argv = tuple(words) if words[0].rsplit("/", 1)[-1] == program.rsplit("/", 1)[-1] else (program, *words)
        taken.add(k)
        out.append((i, end + 1, argv))
    return out
