"""Files inline code changes, read from the shape of its calls rather than from a list of library functions.

A call whose name says it changes a file (its words, split at case changes and underscores, hold a verb such as
write, append, rename, move, truncate, unlink, remove, delete, copy, link, mkdir, chmod, touch, save, dump) and whose
arguments hold a literal path — or the home directory joined to a literal (already rewritten to ``'~/x'`` by the
caller) — changes that path, in whatever language and library: ``fs.truncateSync('~/.bashrc')``,
``fs.renameSync('../x/data.txt', 'y')``, ``File.rename(…)``, ``os.replace(…)``, ``Files.move(…)``, ``np.save('/x')``.
Only paths that may lie outside the project are reported (absolute, home, or climbing out with ``..``): the check
decides whether they do. A copy or link writes only its last path; a rename or move changes every path it names.

Also: the C library's ``system``/``popen`` reached through a foreign-function interface or any object
(``ctypes.CDLL(None).system(b'…')``, ``libc.system("…")``, ``Kernel.system "…"``): the literal is a shell command.
"""

from __future__ import annotations

from statewise_cli.fast.lazy_re import Pattern

_CALL = Pattern(r"""([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\(""")
_WORDS = Pattern(r"""[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+""")
_LITERAL = Pattern(r"""(?<![\w])(?:[rbuRBU]|[rR][bB]|[bB][rR])?(['"`])((?:\\.|(?!\1).)*)\1""")
_FFI_SHELL = Pattern(r"""[\w)\]]\s*\.\s*(?:system|popen|_wsystem|_popen)\s*\(\s*(?:[rbuRBU]|[bB][rR]|[rR][bB])?(['"])((?:\\.|(?!\1).)+)\1""")

# verbs of a call that changes the files it names
_CHANGES = frozenset({"write", "writes", "writelines", "append", "rename", "renames", "move", "mv", "truncate",
                      "ftruncate", "unlink", "remove", "removedirs", "delete", "rm", "rmdir", "rmtree", "rimraf",
                      "copy", "copyfile", "copytree", "cp", "link", "symlink", "mkdir", "mkdirs", "makedirs",
                      "mkdtemp", "chmod", "chown", "lchown", "touch", "save", "savefig", "dump", "utime", "utimes",
                      "replace", "shred", "emptydir", "empty", "outputfile", "ensurefile", "ensuredir",
                      "extract", "extractall", "unpack", "download", "retrieve", "urlretrieve", "archive"})
# ... of which only the last path is written (the others are read)
_LAST_ONLY = frozenset({"copy", "copyfile", "copytree", "cp", "link", "symlink", "extract", "extractall", "unpack",
                        "download", "retrieve", "urlretrieve"})
# ... and those that are also ordinary string or collection methods: only on a file-system module or path object
_AMBIGUOUS = frozenset({"replace", "remove", "delete", "append", "copy", "save", "dump", "empty", "write", "writes",
                        "writelines", "link", "move"})
_FS_RECEIVERS = ("os", "fs", "promises", "fsp", "fse", "shutil", "Deno", "File", "FileUtils", "Files", "Path", "pathlib",
                 "io", "IO", "Dir", "FileSystem", "filesystem", "np", "numpy", "pickle", "json", "torch", "joblib")
# `os.open(path, os.O_WRONLY | os.O_TRUNC)`, `fopen(path, "w")`: an open for writing by its flags or mode
_WRITE_FLAGS = Pattern(r"""\bO_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)\b|,\s*['"][rwax]?[wax+]b?\+?['"]""")
# `os.path.expanduser('~') + '/x'`, `Dir.home + '/x'`, `homedir() + "/x"`: the home directory joined to a literal
_HOME_PLUS = Pattern(r"""(?:(?:os\.path\.)?expanduser\(\s*['"]~['"]\s*\)|\bDir\.home\b|\bhomedir\(\s*\))\s*[+/]\s*['"]/?([^'"]*)['"]""")
_DELETES = frozenset({"unlink", "remove", "removedirs", "delete", "rm", "rmdir", "rmtree", "rimraf", "shred",
                      "emptydir", "empty"})


def _words(name: str) -> list[str]:
    return [w.lower() for part in name.split("_") for w in _WORDS.findall(part)] or [name.lower()]


def _arguments(code: str, start: int) -> str:
    """The text of a call's arguments, from just after its ``(`` to the matching ``)`` (quotes respected)."""
    depth, i, quote = 0, start, ""
    while i < len(code):
        c = code[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"`":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return code[start:i]
            depth -= 1
        i += 1
    return code[start:]


def _maybe_outside(path: str) -> bool:
    if not path or "\n" in path or "://" in path or path.strip("/") == "" or " " in path.strip():
        return False
    return path.startswith(("/", "~", "../")) or "/../" in path or path == ".."


# Perl's (and Tcl's, Ruby's Kernel) built-ins called without parentheses: `unlink glob("~/x")`, `rename A, B;`
_BARE_BUILTIN = Pattern(r"""(?m)(?:^|[;{}]|\bor\b|\band\b|&&|\|\|)\s*(unlink|rename|rmdir|mkdir|truncate|chmod|chown|utime|symlink|link)"""
                        r"""\s+(?!\()([^;}\n]+)""")


def changed_paths(code: str) -> list[tuple[str, bool]]:
    """(path, deleted) for each path that may lie outside the project which a call of ``code`` changes."""
    if not any(q in code for q in "'\"`"):
        return []
    bare = [(m.group(1), m.group(2)) for m in _BARE_BUILTIN.finditer(code)] if " " in code else []
    if bare:
        code = code + "\n" + "\n".join(f"{verb}({rest})" for verb, rest in bare)
    if "(" not in code:
        return []
    if "home" in code or "expanduser" in code:
        code = _HOME_PLUS.sub(lambda h: repr("~/" + h.group(1)), code)
    found: dict[tuple[str, bool], None] = {}
    for m in _CALL.finditer(code):
        dotted = m.group(1).replace(" ", "")
        parts = dotted.split(".")
        words = set(_words(parts[-1]))
        verbs = words & _CHANGES
        on_object = m.start() > 1 and code[m.start() - 1] == "." and code[m.start() - 2] == ")"
        if not verbs and parts[-1] == "open" and _WRITE_FLAGS.search(_arguments(code, m.end())):
            verbs = {"write"}  # an open for writing (flags or mode)
            words = words | {"file"}
        if not verbs or parts[-1] in ("print", "printf", "log"):
            continue
        plain = len(parts) == 1 and not on_object and (m.start() == 0 or code[m.start() - 1] != ".")
        if verbs <= _AMBIGUOUS and not plain and not (len(parts) > 1 and parts[-2] in _FS_RECEIVERS) \
                and not any(w in words for w in ("file", "dir", "sync", "text", "bytes", "path", "lines")) \
                and not (on_object and "Path" in _receiver(code, m.start() - 2)):
            continue  # `s.replace('/', '_')`, `items.remove(x)`: a string's or a list's method
        args = _arguments(code, m.end())
        if on_object:  # `Path('../x').rename('y')`: the object's own path is changed too
            args = _receiver(code, m.start() - 2) + ", " + args
        literals = [lit.group(2) for lit in _LITERAL.finditer(args)]
        paths = [p for p in literals if _maybe_outside(p)]
        if not paths:
            continue
        if verbs <= _LAST_ONLY:
            last = [p for p in literals if p and "\n" not in p][-1:]
            paths = [p for p in last if _maybe_outside(p)]
        deleted = bool(verbs & _DELETES)
        for p in paths:
            found[(p, deleted)] = None
    return list(found)


def _receiver(code: str, close: int) -> str:
    """The call an object comes from, ``Path('x')`` of ``Path('x').rename(…)`` (``close`` is its ``)``)."""
    depth, i = 0, close
    while i >= 0:
        c = code[i]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
            if depth == 0:
                j = i
                while j > 0 and (code[j - 1].isalnum() or code[j - 1] in "_.$"):
                    j -= 1
                return code[j:close + 1]
        i -= 1
    return ""


def ffi_shell_calls(code: str) -> list[str]:
    """Shell commands handed to the C library's ``system``/``popen`` through an object (FFI handles, modules)."""
    if "system" not in code and "popen" not in code:
        return []
    return [m.group(2) for m in _FFI_SHELL.finditer(code)]


# A function that runs a shell command, named as a value rather than called (``atexit.register(os.system, '…')``,
# ``Process(target=os.system, args=('…',))``, ``map(os.system, […])``, ``functools.partial(subprocess.run, '…')``):
# the code hands it the string literals it holds, later or elsewhere.
_SHELL_FUNCTION_VALUE = Pattern(r"""\b(?:os\s*\.\s*(?:system|popen)|subprocess\s*\.\s*(?:run|call|check_call|"""
                                r"""check_output|Popen|getoutput|getstatusoutput)|commands\s*\.\s*getoutput)\b(?!\s*\()""")
# Process-spawning calls that take the program, then its argv (as a list or word by word): Python's
# ``os.spawnvp(mode, 'sh', ['sh', '-c', '…'])``, ``os.spawnlp(mode, 'sh', 'sh', '-c', '…')``, ``os.posix_spawnp``.
_SPAWN_CALL = Pattern(r"""\b(?:os\s*\.\s*)?(?:spawn[lv]p?e?|posix_spawnp?)\s*\(""")
# A spawn call's arguments that are only the code's own command-line words (and the environment, a mode): the
# program and its argv are the words the line gives the code, which the normalizer judges as a command line
_OWN_ARGV = Pattern(r"""\s*(?:(?:os\.P_\w+|os\.environ|sys\.argv\[1\]|sys\.argv\[1:\]|process\.argv\[2\]|"""
                    r"""process\.argv\.slice\(2\)|process\.argv\.slice\(3\))\s*,?\s*)+""")
_ARGV_CHANGED = Pattern(r"""\bsys\.argv\s*(?:\[[^\]]*\]\s*)?(?:=(?!=)|\+=)|\bsys\.argv\.(?:append|insert|extend|pop|remove)|"""
                        r"""\bprocess\.argv\s*(?:\[[^\]]*\]\s*)?=(?!=)|\bprocess\.argv\.(?:push|splice|unshift|shift)""")
# Perl's ``readpipe("…")`` (what backticks call) and a command given as a named argument in any language
# (``run(command => "…")`` of IPC::Cmd, ``cmd="…"``, ``command: '…'``).
_READPIPE = Pattern(r"""\breadpipe\s*\(?\s*(['"])((?:\\.|(?!\1).)+)\1""")
_COMMAND_ARGUMENT = Pattern(r"""(?<![\w$])['"]?(?:command|cmd|shell_command|command_line|cmdline)['"]?\s*(?:=>|=|:)\s*"""
                            r"""(['"])((?:\\.|(?!\1).)+)\1""")


def _call_arguments(code: str, start: int) -> str:
    """The text between the parenthesis at ``start`` and its match (or the rest of the line)."""
    depth, i = 0, start
    while i < len(code):
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return code[start + 1:i]
        elif c in "'\"":
            end = code.find(c, i + 1)
            i = end if end > 0 else len(code)
        i += 1
    return code[start + 1:]


def handed_commands(code: str) -> list[str]:
    """Shell commands inline code hands over in ways a call of a shell function does not show: a shell function
    passed as a value with the literals it gets, an argv given to a spawn call, Perl's ``readpipe``, a named
    ``command`` argument. A spawn whose argv holds no literal is an unknown command (``$(computed)``)."""
    import shlex

    found: list[str] = []
    if _SHELL_FUNCTION_VALUE.search(code):
        found += [m.group(2) for m in _LITERAL.finditer(code) if " " in m.group(2).strip() and "\n" not in m.group(2)]
    if "spawn" in code:
        for m in _SPAWN_CALL.finditer(code):
            given = _call_arguments(code, m.end() - 1)
            words = [x.group(2) for x in _LITERAL.finditer(given)]
            argv = words[1:] if len(words) > 1 else []
            if not words and _OWN_ARGV.fullmatch(given) and not _ARGV_CHANGED.search(code):
                continue  # `posix_spawnp(sys.argv[1], sys.argv[1:], os.environ)`: the line's own words, judged as a command
            found.append(shlex.join(argv) if argv else "$(computed)")
    if "readpipe" in code:
        found += [m.group(2) for m in _READPIPE.finditer(code)]
    if "cmd" in code or "command" in code:
        found += [m.group(2) for m in _COMMAND_ARGUMENT.finditer(code)]
    return list(dict.fromkeys(c.replace('\\"', '"').replace("\\'", "'") for c in found if c.strip()))
