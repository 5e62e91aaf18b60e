"""Split a shell command line into the simple commands it would run.

Sees through composition (``&&``, ``||``, ``;``, pipes, subshells, newlines),
command substitution (``$(…)`` and backticks, also inside double quotes),
heredocs fed to a shell, and wrappers (``bash -c``, ``env VAR=x``, leading
assignments, ``sudo``, ``time``, ``nohup``, ``xargs``, ``timeout``, ``eval`` …), so
``sh -c 'git push -f origin main'`` is seen as the push it is. Pure Python and no
``re`` / ``shlex`` at import: the hook pays nothing to import it.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any
else:
    Any = object

from statewise_cli.fast.lazy_re import Pattern
from statewise_cli.fast.struct import Struct

SEPARATORS = {";", "&", "&&", "||", "|", "|&", "\n", "(", ")", ";;", ";&", "{", "}"}
REDIRECTS = {">", ">>", "<", "<<", "<<-", "<<<", ">&", "<&", "&>", "&>>", ">|", "<>"}
SHELLS = {"bash", "sh", "zsh", "dash", "ksh", "ash", "fish"}
MAX_DEPTH = 6
# shlex is quadratic on very long words: past this size a command is not parsed but
# judged by its words alone (heredoc bodies do not count; they are cut out first).
MAX_PARSE_CHARS = 32 * 1024
# Reserved words that open or continue a compound command: the command follows them.
LEADING_RESERVED = {"if", "then", "else", "elif", "do", "while", "until", "!", "time", "{"}
# Words that end a compound command or start a header that is not itself a command.
NOT_COMMANDS = {"fi", "done", "esac", "}", "for", "select", "case", "in", "function"}

_HEREDOC = r"<<(-?)\s*(['\"]?)([A-Za-z0-9_.\-]+)\2"  # compiled only when a command has ``<<``


# commands whose `NAME=value` arguments are assignments (tracked as written, expanded where they are read)
_DECLARATION_WORDS = frozenset({"export", "local", "declare", "typeset", "readonly", "alias", "env", "let"})


def _is_assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    name = name.removesuffix("+")  # `X+=more` appends
    return bool(eq) and name.isidentifier() and name.isascii()


def _env_entry(word: str) -> bool:
    """A word ``env`` puts into the environment: any NAME=VALUE before the program, whatever NAME's characters
    (``BASH_FUNC_f%%=() { …; }`` is a function bash imports)."""
    name, eq, _ = word.partition("=")
    return bool(eq) and bool(name) and "/" not in name


class SimpleCommand(Struct):
    argv: tuple[str, ...]
    redirects: tuple[tuple[str, str], ...] = ()  # (operator, target)
    wrappers: tuple[str, ...] = ()  # what it was unwrapped from, outermost first
    heredocs: tuple[str, ...] = ()  # the bodies of its ``<<`` heredocs, in order (its standard input)
    # The directory it runs in, relative to the caller's (``cd``, ``pushd``, ``env -C`` before it on
    # the line): "" for the caller's own; a word with ``$`` when it cannot be known.
    cwd: str = ""
    assigns: tuple[tuple[str, str], ...] = ()  # ``NAME=value`` it runs with (``A=1 cmd``, ``env A=1 cmd``)
    stdin: tuple[str, ...] = ()  # the argv of the command piped into it (``find . | xargs rm``), if any
    # Text the line hands it without the check computing the exact form: what an earlier stage of its pipeline was
    # fed and may pass on (``echo '…' | tee log | prog``, ``… | grep x | prog``), the output of a process
    # substitution it is handed as a file (``prog <(printf '…')``, ``prog < <(echo '…')``)
    carried: tuple[str, ...] = ()


class ParseError(ValueError):
    pass


def _basename(word: str) -> str:
    return word.rsplit("/", 1)[-1]


def _extract_heredocs(text: str) -> tuple[str, list[str]]:
    """Cut heredoc bodies out of ``text``; ``<<EOF`` becomes ``<< __HEREDOC_n__``."""
    if "<<" not in text:
        return text, []
    import re  # only for heredocs: ``re`` costs ~13 ms to import
    bodies: list[str] = []
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        pending: list[tuple[str, bool]] = []
        quoted: list[bool] = []

        def repl(m: Any, pending: list[tuple[str, bool]] = pending, line: str = line, quoted: list[bool] = quoted) -> str:
            if m.group(0).startswith("<<<"):
                return m.group(0)
            before = line[:m.start()]
            if before.rfind("((") > before.rfind("))"):
                return m.group(0)  # `$((1<<3))`, `(( n <<= 2 ))`: a shift in arithmetic, not a here-document
            pending.append((m.group(3), m.group(1) == "-"))
            quoted.append(bool(m.group(2)))
            return f"<< __HEREDOC_{len(bodies) + len(pending) - 1}__"

        # ``<<<`` is a here-string, not a heredoc: leave it alone.
        line = re.sub(r"<<<|" + _HEREDOC, lambda m: m.group(0) if m.group(0) == "<<<" else repl(m), line)
        out.append(line)
        i += 1
        for n, (delimiter, strip_tabs) in enumerate(pending):
            body: list[str] = []
            while i < len(lines):
                candidate = lines[i].lstrip("\t") if strip_tabs else lines[i]
                i += 1
                if candidate == delimiter:
                    break
                body.append(lines[i - 1])
            bodies.append(QuotedBody("\n".join(body)) if quoted[n] else "\n".join(body))
            if not quoted[n] and ("$(" in bodies[-1] or "`" in bodies[-1]):
                # an unquoted delimiter: the shell expands the body as it opens the here-document, and the command
                # substitutions in it run then, whatever the command does with its input — judged as a command
                # that expands the same text (before the line's command, as the shell runs them)
                for sub in _heredoc_substitutions(bodies[-1]):
                    out.insert(len(out) - 1, f": {sub}")
    return "\n".join(out), bodies


class QuotedBody(str):
    """The body of a here-document whose delimiter is quoted whole (``<<'EOF'``, ``<<"EOF"``): the shell opening it
    expands nothing in it, so a shell reading it gets the text as written."""


def _heredoc_substitutions(body: str) -> list[str]:
    """The command substitutions of an unquoted here-document's body, each as the shell runs it: ``$(…)`` to its
    matching parenthesis (quotes inside it are the inner command's own) and ```…``` to the next unescaped backquote.
    A substitution that does not close is returned to the end of the body, so the line reads as unfinished (never as a
    harmless word). Outside them a backslash escapes ``$``, a backquote and itself; a quote is an ordinary character."""
    subs: list[str] = []
    i, n = 0, len(body)
    while i < n:
        ch = body[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "`":
            j = i + 1
            while j < n and body[j] != "`":
                j += 2 if body[j] == "\\" else 1
            subs.append(body[i:j + 1] if j < n else body[i:])
            i = j + 1
            continue
        if body.startswith("$(", i):
            depth, j, quote = 0, i + 1, ""
            while j < n:
                c = body[j]
                if quote:
                    if c == "\\" and quote == '"':
                        j += 2
                        continue
                    if c == quote:
                        quote = ""
                elif c == "\\":
                    j += 2
                    continue
                elif c in ("'", '"'):
                    quote = c
                elif c == "(":
                    depth += 1
                elif c == ")":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            subs.append(body[i:j + 1] if j < n else body[i:])
            i = j + 1
            continue
        i += 1
    return subs


_PUNCT = frozenset("();<>|&\n")
_BLANK = frozenset(" \t\r")
# The shell's operators, longest first: a run of operator characters is split into these, so
# ``ls;(rm -rf x)`` is ``;`` and ``(`` (shlex kept ``;(`` as one token and hid the command).
_OPERATORS = (";;&", "&>>", "<<<", "<<-", "&&", "||", ";;", ";&", "|&", "&>", ">>", "<<", "<&", ">&", ">|", "<>",
              "|", "&", ";", "(", ")", "<", ">", "\n")


def _split_operators(run: str) -> list[str]:
    out, i = [], 0
    while i < len(run):
        op = next(o for o in _OPERATORS if run.startswith(o, i))
        out.append(op)
        i += len(op)
    return out


def _closing(text: str, i: int, opening: str, closing: str) -> int:
    """Index just past the ``closing`` that balances the ``opening`` at ``text[i]`` (quotes skipped),
    or len(text) when there is none."""
    depth, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c in "'\"":
            j = text.find(c, i + 1)
            i = n if j == -1 else j + 1
            continue
        if c == opening:
            depth += 1
        elif c == closing:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


# Marks an assignment whose value is a process substitution written right after it (`NAME=<(…)`, the shell's
# `/dev/fd/N`); only the command splitter asks for the mark
PROCSUB_VALUE = "\x00<()"


def _tokens(text: str, mark: bool = False) -> list[str]:
    """Words and operator runs, POSIX quoting: what ``shlex.shlex(text, posix=True,
    punctuation_chars="();<>|&\\n")`` with whitespace splitting gives, except where the shell
    differs from it: ``#`` starts a comment only at the start of a word and the comment ends
    before the newline (shlex ends it after, gluing the next line to this command); a
    backslash-newline is a line continuation (shlex keeps the newline in a word); a run of
    operator characters is split into the shell's operators; ``${…}`` and ``$(…)`` are part of one
    word with their spaces, operators and ``#``; ``$'…'`` honours its backslash escapes. Written out because ``shlex``
    imports ``re`` (~13 ms of the hook's start-up)."""
    out: list[str] = []
    n, i = len(text), 0
    while i < n:
        c = text[i]
        # the word after `=~` inside `[[ … ]]` is a regular expression: its parentheses and `|` are part of it
        regex = bool(out) and out[-1] == "=~" and _in_condition(out)
        if c in _BLANK:
            i += 1
        elif c == "\\" and text.startswith("\\\n", i):
            i += 2
        elif c == "#":
            j = text.find("\n", i)
            i = n if j == -1 else j
        elif c in _PUNCT and not (regex and c in "(|"):
            j = i + 1
            while j < n and text[j] in _PUNCT:
                j += 1
            out.extend(_split_operators(text[i:j]))
            i = j
        else:
            word: list[str] = []
            quoted = False
            bare = False  # an expansion outside quotes: the shell splits what it gives into words
            while i < n:
                c = text[i]
                if c == "(" and not quoted and word and "".join(word).endswith("=") and _is_assignment("".join(word)):
                    # `b=(one two)`: an array assignment is one word, its elements inside the parentheses
                    j = _closing(text, i, "(", ")")
                    word.append(text[i:j])
                    i = j
                    continue
                if regex and c == "(":
                    j = _closing(text, i, "(", ")")
                    word.append(text[i:j])
                    i = j
                    continue
                if regex and c == "|":
                    word.append(c)
                    i += 1
                    continue
                if c in _BLANK or c in _PUNCT:
                    break
                if c == "$" and text.startswith("${", i):  # parameter expansion: spaces and # inside
                    j = _closing(text, i + 1, "{", "}")
                    word.append(text[i:j])
                    i = j
                    bare = True
                elif c == "$" and text.startswith("$(", i):  # a substitution is part of its word
                    j = _closing(text, i + 1, "(", ")")
                    word.append(text[i:j])
                    i = j
                    bare = True
                elif c == "$" and text.startswith("$'", i):  # ANSI-C quoting: its escapes decoded, \' does not end it
                    quoted = True
                    j = i + 2
                    while j < n and text[j] != "'":
                        if text[j] == "\\" and j + 1 < n:
                            decoded, j = _ansi_escape(text, j + 1)
                            word.append(decoded)
                            continue
                        word.append(text[j])
                        j += 1
                    if j >= n:
                        raise ParseError("No closing quotation")
                    word.append("")
                    i = j + 1
                elif c == "'":
                    quoted = True
                    j = text.find("'", i + 1)
                    if j == -1:
                        raise ParseError("No closing quotation")
                    word.append(text[i + 1:j])
                    i = j + 1
                elif c == '"':
                    quoted = True
                    i += 1
                    while True:
                        if i >= n:
                            raise ParseError("No closing quotation")
                        c = text[i]
                        if c == '"':
                            i += 1
                            break
                        if c == "$" and text.startswith("$(", i) and not text.startswith("$((", i):
                            # a substitution inside double quotes is a script of its own: its quotes are its own
                            j = _closing(text, i + 1, "(", ")")
                            if text[j - 1:j] == ")":
                                word.append(text[i:j])
                                i = j
                                continue
                        if c == "\\":
                            if i + 1 >= n:
                                raise ParseError("No escaped character")
                            nxt = text[i + 1]
                            if nxt != "\n":  # a line continuation disappears, also in quotes
                                word.append(nxt if nxt in '"\\' else "\\" + nxt)
                            i += 2
                            continue
                        word.append(c)
                        i += 1
                    word.append("")  # quoted: even "" is a word
                elif c == "\\":
                    if i + 1 >= n:
                        raise ParseError("No escaped character")
                    if text[i + 1] != "\n":
                        word.append(text[i + 1])
                    i += 2
                else:
                    if c == "$" and i + 1 < n and (text[i + 1].isalnum() or text[i + 1] in "_@*["):
                        bare = True
                    word.append(c)
                    i += 1
            joined = "".join(word)
            if not quoted and joined.isdigit() and i < n and text[i] in "<>":
                continue  # ``2>file``: a file descriptor number, not an argument (``2 >file`` is one)
            if mark and joined.endswith("=") and _is_assignment(joined) and text.startswith(("<(", ">("), i):
                joined += PROCSUB_VALUE  # `BASH_ENV=<(…)`: the substitution is the assignment's value, not a word
            if quoted and (joined in SEPARATORS or joined in REDIRECTS or regex):
                out.append(Quoted(joined))
            else:
                out.append((Mixed(joined) if quoted else Bare(joined)) if bare else joined)
    return out


def _in_condition(out: list[str]) -> bool:
    """Whether the words so far leave a `[[` open."""
    for w in reversed(out):
        if w == "]]":
            return False
        if w == "[[":
            return True
    return False


class Quoted(str):
    """A quoted word that reads like an operator (``xargs -d ';'``, ``echo '|'``, ``tr '<' '>'``): a word, never a
    separator or a redirection."""

    __slots__ = ()


class Bare(str):
    """A word with an expansion outside quotes (``$x``, ``${b}/c``, ``$(cmd)``): the shell splits what the expansion
    gives into words at IFS's characters (``x='-rf /home'; rm $x`` runs ``rm -rf /home``)."""

    __slots__ = ()


class Mixed(str):
    """A word with an expansion outside quotes and a quoted part (``"a b"$e``): the shell splits only what the
    expansion gives, which the joined text no longer tells apart."""

    __slots__ = ()


def _operator(tok: str) -> bool:
    return type(tok) is str


_ESCAPES = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
            "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def _ansi_escape(text: str, i: int) -> tuple[str, int]:
    """The character a ``$'…'`` escape at ``text[i]`` (just past the backslash) stands for, and where
    the escape ends: ``\\n``, ``\\x6d``, ``\\155``, ``\\u006d``, ``\\cA``."""
    c = text[i]
    if c in _ESCAPES:
        return _ESCAPES[c], i + 1
    digits, base, width = "", 0, 0
    if c in "01234567":
        base, width, start = 8, 3, i
    elif c == "x":
        base, width, start = 16, 2, i + 1
    elif c == "u":
        base, width, start = 16, 4, i + 1
    elif c == "U":
        base, width, start = 16, 8, i + 1
    elif c == "c" and i + 1 < len(text):
        return chr(ord(text[i + 1]) & 0x1F), i + 2
    else:
        return "\\" + c, i + 1
    j = start
    allowed = "01234567" if base == 8 else "0123456789abcdefABCDEF"
    while j < len(text) and j - start < width and text[j] in allowed:
        digits += text[j]
        j += 1
    if not digits:
        return "\\" + c, i + 1
    try:
        return chr(int(digits, base)), j
    except (ValueError, OverflowError):
        return "", j


def _substitutions(word: str) -> list[str]:
    """The inner scripts of ``$(…)`` and backticks inside one word."""
    found: list[str] = []
    i = 0
    while i < len(word):
        if word.startswith("$(", i) and not word.startswith("$((", i):
            depth, j = 1, i + 2
            while j < len(word) and depth:
                depth += {"(": 1, ")": -1}.get(word[j], 0)
                j += 1
            found.append(word[i + 2 : j - 1])
            i = j
        elif word[i] == "`":
            j = word.find("`", i + 1)
            if j == -1:
                break
            found.append(word[i + 1 : j])
            i = j + 1
        else:
            i += 1
    return found


def _skip_options(argv: list[str], with_value: set[str], start: int = 1) -> int:
    i = start
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "-":
        if argv[i] == "--":
            return i + 1
        if argv[i] in with_value:
            i += 1
        i += 1
    return i


def _unwrap(argv: list[str]) -> tuple[list[str], str | None, str | None, str]:
    """Strip one wrapper: returns (rest, wrapper name, script for a nested parse, directory it runs in)."""
    while argv and (_is_assignment(argv[0]) or argv[0] in LEADING_RESERVED):
        # the reserved word `time` takes one option of its own, `-p` (POSIX output format), before the pipeline
        argv = argv[2:] if argv[0] == "time" and argv[1:2] == ["-p"] else argv[1:]
    if argv and argv[0] in NOT_COMMANDS:
        return [], None, None, ""
    if not argv:
        return argv, None, None, ""
    name = _basename(argv[0])
    if name in ("sudo", "doas"):
        return argv[_skip_options(argv, {"-u", "-g", "-h", "-p", "-C", "-D", "-R", "-T", "-U", "--user", "--group"}):], name, None, ""
    if name == "env":
        i, chdir = 1, ""
        while i < len(argv):
            if argv[i] in ("-C", "--chdir") and i + 1 < len(argv):
                chdir = _join_dir(chdir, argv[i + 1])
                i += 2
            elif argv[i].startswith("--chdir="):
                chdir = _join_dir(chdir, argv[i][8:])
                i += 1
            elif argv[i] in ("-u", "--unset"):
                i += 2
            elif argv[i] in ("-S", "--split-string") and i + 1 < len(argv):
                return argv[i + 2 :], name, argv[i + 1], chdir
            elif argv[i].startswith("-") or _env_entry(argv[i]):
                i += 1
            else:
                break
        return argv[i:], name, None, chdir
    if name == "command" and any(a in ("-v", "-V") for a in argv[1:_skip_options(argv, set())]):
        return argv, None, None, ""  # `command -v git` prints where git is: it runs nothing
    if name == "exec":  # `exec -a NAME CMD…`: NAME is only the process's argv[0]; CMD is what runs
        combined = {a for a in argv[1:] if a.startswith("-") and not a.startswith("--") and a.endswith("a")}
        return argv[_skip_options(argv, {"-a"} | combined):], name, None, ""
    if name == "time":  # GNU time: `-o FILE`/`--output FILE` (written), `-f FORMAT` take a value
        return argv[_skip_options(argv, {"-o", "--output", "-f", "--format"}):], name, None, ""
    if name in ("nohup", "command", "builtin", "chronic", "unbuffer", "caffeinate"):
        return argv[_skip_options(argv, set()):], name, None, ""
    if name == "busybox" and len(argv) > 1 and not argv[1].startswith("-"):
        return argv[1:], name, None, ""
    if name in ("chrt", "taskset"):
        # `chrt [opts] PRIORITY CMD…`, `taskset [opts] MASK CMD…`: one operand before the command (none with -p: a pid)
        i = _skip_options(argv, {"-T", "-P", "-D", "--sched-runtime", "--sched-period", "--sched-deadline"})
        if any(a in ("-p", "--pid") or (a.startswith("-") and not a.startswith("--") and "p" in a) for a in argv[1:i]):
            return argv, None, None, ""
        return argv[i + 1 if i < len(argv) and argv[i] != "--" else i:], name, None, ""
    if name == "setarch" and len(argv) > 1 and not argv[1].startswith("-"):
        # `setarch ARCH [-R -L -3 …] [CMD…]` (util-linux): the command runs with another personality, as itself
        rest = argv[1:]
        return rest[_skip_options(rest, set()):], name, None, ""
    if name == "chroot":
        # `chroot [--userspec=U:G] [--groups=G] [--skip-chdir] NEWROOT [CMD…]`: with the root itself as NEWROOT the
        # command sees the same files (from `/`, or from here with --skip-chdir): it is judged as run directly.
        # Any other root maps every path of the command under it: left to the reading of an unmodelled program
        i = _skip_options(argv, {"--userspec", "--groups"})
        if i + 1 < len(argv) and argv[i].strip("/") == "" and argv[i].startswith("/"):
            return argv[i + 1 :], name, None, "" if "--skip-chdir" in argv[1:i] else "/"
        return argv, None, None, ""
    if name in ("nice", "ionice", "stdbuf"):
        return argv[_skip_options(argv, {"-n", "-c", "-o", "-e", "-i", "--adjustment"}):], name, None, ""
    if name == "timeout":
        i = _skip_options(argv, {"-s", "--signal", "-k", "--kill-after"})
        return argv[i + 1 :], name, None, ""
    if name == "watch":  # runs its arguments through `sh -c` (or directly with -x)
        i = _skip_options(argv, {"-n", "--interval", "-d", "-q", "--equexit", "-s", "--shotsdir"})
        if any(a in ("-x", "--exec") for a in argv[1:i]):
            return argv[i:], name, None, ""
        return [], name, " ".join(argv[i:]), ""
    if name == "flock":
        i = _skip_options(argv, {"-w", "--timeout", "-E", "-c"})
        if "-c" in argv[:i]:
            return [], name, argv[argv.index("-c") + 1], ""
        return argv[i + 1 :], name, None, ""
    if name == "eval":
        return [], name, " ".join(argv[1:]), ""
    if name == "trap":  # `trap 'CMD' EXIT`: CMD runs later, when the shell exits or gets the signal
        i = 2 if argv[1:2] == ["--"] else 1
        if len(argv) > i + 1 and argv[i] not in ("-", "") and not argv[i].startswith("-"):
            return [], name, argv[i], ""
        return argv, None, None, ""
    if name in SHELLS:
        script = _shell_script(argv)
        if script is not None:
            return [], name, script, ""
        return argv, None, None, ""
    if name in _PLAIN_WRAPPERS:
        return argv[_skip_options(argv, _PLAIN_WRAPPERS[name]):], name, None, ""
    if name == "script":  # util-linux `script -c CMD [file]`: CMD runs through a shell
        # and script writes its typescript (the operand, else ./typescript) and any log file it is told to keep:
        # they stay on the line as a `tee` of those files
        logs = ("-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing")
        command, files, j = None, [], 1
        while j < len(argv):
            arg = argv[j]
            if arg in ("-c", "--command") and j + 1 < len(argv):
                command, j = argv[j + 1], j + 2
                continue
            if arg.startswith("--command="):
                command = arg[10:]
            elif arg in logs and j + 1 < len(argv):
                files.append(argv[j + 1])
                j += 1
            elif arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
                command = arg[arg.index("c") + 1:] or (argv[j + 1] if j + 1 < len(argv) else "")
                j += 0 if arg[arg.index("c") + 1:] else 1
            elif not arg.startswith("-"):
                files.append(arg)
            j += 1
        if command is None:
            return argv, None, None, ""
        return ["tee", "-a", *(files or ["typescript"])], name, command, ""
    if name in ("su", "runuser", "sg"):  # `su -c CMD`, `runuser -u user -- cmd`, `sg group -c CMD`
        for i, arg in enumerate(argv[1:], 1):
            if arg in ("-c", "--command", "--session-command") and i + 1 < len(argv):
                return [], name, argv[i + 1], ""
            if arg.startswith(("--command=", "--session-command=")):
                return [], name, arg.partition("=")[2], ""
        if name == "runuser" and "--" in argv:
            return argv[argv.index("--") + 1:], name, None, ""
        if name == "sg" and len(argv) > 2:
            return [], name, " ".join(argv[2:]), ""
        return argv, None, None, ""
    return _documented_launcher(argv, name)


def _documented_launcher(argv: list[str], name: str) -> tuple[list[str], str | None, str | None, str]:
    """A program its manual page documents as running another program (statewise_cli/actions/wrappers_table.py,
    generated from the pages: ``nsenter [options] [program [arguments]]``, ``setpriv [options] program
    [arguments]``, ``newgrp [-] [group]``): its options are skipped (an option that takes a value with the value),
    then the operands its synopsis puts before the program; the rest is the command it runs, judged as if run
    directly. Where the page says a shell starts when no program is given (nsenter, unshare, newgrp), that shell reads
    the commands on its standard input (``printf … | newgrp grp``), as ``sh`` does."""
    from statewise_cli.actions.wrappers_table import WRAPPERS

    entry = WRAPPERS.get(name)
    if entry is None:
        return argv, None, None, ""
    values, operands, commands, shell = entry
    i = 1
    while i < len(argv) and argv[i].startswith("-"):
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        option, eq, value = arg.partition("=")
        if option in commands:
            script = value if eq else (argv[i + 1] if i + 1 < len(argv) else "")
            return [], name, script, ""
        i += 2 if arg in values else 1
    i += operands
    rest = argv[i:]
    if rest:
        return rest, name, None, ""
    if shell:
        return ["sh"], name, None, ""
    return argv, None, None, ""


# Programs that run the rest of their command line as a command, with the options that take a value.
# Wrappers' options whose value is a file the wrapper writes.
_WRAPPER_OUTPUT: dict[str, tuple[str, ...]] = {"strace": ("-o", "--output"), "ltrace": ("-o", "--output"),
                                               "valgrind": ("--log-file", "--xml-file"), "time": ("-o", "--output")}
_PLAIN_WRAPPERS: dict[str, set[str]] = {
    "setsid": set(), "coproc": set(), "fakeroot": {"-l", "--lib", "--faked", "-s", "-i"}, "pkexec": {"--user"},
    "torsocks": {"-u", "-p", "-a", "-P", "--user", "--pass", "--address", "--port"}, "proxychains": {"-f"},
    "proxychains4": {"-f"}, "catchsegv": set(), "dbus-run-session": {"--config-file", "--dbus-daemon"},
    "firejail": set(), "unshare": {"--propagation", "--setgroups", "--map-user", "--map-group"},
    "strace": {"-o", "-e", "-p", "-s", "-u", "-E", "-P", "-a", "-b", "-I", "-X", "-O", "-S"},
    "ltrace": {"-o", "-e", "-p", "-s", "-u", "-a", "-n", "-l", "-x", "-L"}, "valgrind": set(),
    "systemd-run": {"-p", "-u", "-E", "-M", "-H", "--unit", "--property", "--setenv", "--description", "--slice",
                    "--uid", "--gid", "--working-directory", "--machine", "--host"},
    "xvfb-run": {"-n", "-s", "-e", "-f", "-p", "--server-num", "--server-args", "--error-file", "--auth-file"},
    "faketime": {"-f", "-m"}, "unbuffer": set(), "chronic": set(), "ifne": set(), "nohup": set(),
    # util-linux's setarch under an architecture's name: `linux64 [-R …] CMD…` runs CMD with that personality
    "linux32": set(), "linux64": set(), "i386": set(), "x86_64": set(), "uname26": set(),
}


def _shell_script(argv: list[str]) -> str | None:
    """The script a shell runs from its command line (``bash -euo pipefail -c 'x'``, ``sh -c -- 'x'``),
    or None when it runs a file or its standard input. With ``-c`` the first operand is the script."""
    found = _shell_script_at(argv)
    return None if found is None else (argv[found] if found < len(argv) else "")


def _shell_positional(argv: list[str], variables: dict[str, str] | None) -> dict[str, str] | None:
    """The variables a ``-c`` script sees for the words after it: ``$0``, ``$1`` … and ``$@``."""
    at = _shell_script_at(argv)
    if at is None or at + 1 >= len(argv):
        return variables
    args = argv[at + 1:]
    out = dict(variables or {})
    out.update({str(k): v for k, v in enumerate(args[:10])})
    out["@"] = "\x1f".join(args[1:])
    if len(args) <= 10:
        out["#"] = str(len(args) - 1)
    return out


def _shell_script_at(argv: list[str]) -> int | None:
    i, command = 1, False
    while i < len(argv):
        arg = argv[i]
        if arg in ("--", "-"):
            i += 1
            break
        if arg in ("--rcfile", "--init-file"):
            i += 2
            continue
        if arg.startswith("--"):
            i += 1
            continue
        if arg[:1] in "-+" and len(arg) > 1:
            i += 1
            for letter in arg[1:]:
                if letter in "oO":  # `-o pipefail`, `-euo pipefail`: the option's value is the next word
                    i += 1
                elif letter == "c":
                    command = True
            continue
        break
    return i if command else None


def _cut_backticks(text: str) -> tuple[str, list[str]]:
    """Cut backtick substitutions out (outside single quotes); they are parsed on their own."""
    if "`" not in text:
        return text, []
    out: list[str] = []
    inner: list[str] = []
    i, quote = 0, ""
    while i < len(text):
        ch = text[i]
        if ch == "\\" and quote != "'" and i + 1 < len(text):
            out.append(text[i : i + 2])
            i += 2
            continue
        if ch == "#" and not quote and (i == 0 or text[i - 1] in " \t\n;&|()"):
            end = text.find("\n", i)  # a comment: a backtick in it is no substitution
            end = len(text) if end == -1 else end
            out.append(text[i:end])
            i = end
            continue
        if ch in ("'", '"') and (not quote or quote == ch):
            quote = "" if quote else ch
        elif ch == "`" and quote != "'":
            end = text.find("`", i + 1)
            if end == -1:
                raise ParseError("unbalanced backtick")
            inner.append(text[i + 1 : end])
            value = _substitution_value(text[i + 1 : end], {})  # `echo push`: its output is knowable
            out.append("__SUBST__" if value is None else _literal(value, quote == '"'))
            i = end + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out), inner


def _reads_commands(argv: tuple[str, ...]) -> bool:
    """A shell or interpreter given no script: it runs the commands its standard input carries."""
    if not argv:
        return False
    name = argv[0].rsplit("/", 1)[-1]
    if name not in SHELLS and name not in ("python", "python3", "node", "perl", "ruby", "php", "lua", "tclsh"):
        return False
    return all(a.startswith("-") and a not in ("-c", "-e", "-E") for a in argv[1:]) or "-s" in argv[1:]


def _quote_word(word: str) -> str:
    """``word`` as one shell word (an alias text that names it); ``$`` kept so an unknown word stays unknown."""
    return "".join(c if c.isalnum() or c in "/._-$" else "\\" + c for c in word)


def _literal(value: str, in_double_quotes: bool) -> str:
    """``value`` written so the lexer reads it back as the words an unquoted (or double-quoted)
    substitution of it makes: split at blanks, every other character literal."""
    if in_double_quotes:
        return "".join("\\" + c if c in '"\\$`' else c for c in value)
    return " ".join("".join(c if c.isalnum() else "\\" + c for c in w) for w in value.split())


# ---------------------------------------------------------------- what the shell would expand
def _join_dir(cwd: str, target: str) -> str:
    """``cd target`` from ``cwd`` (relative to the caller's directory; "" is the caller's own)."""
    if target.startswith("/"):
        return target
    if "$" in cwd:
        return cwd
    return target if not cwd else cwd.rstrip("/") + "/" + target


# A variable name no shell can set: stored once a command that may change the repository's state (anything but a
# directory change or a plain read) has run earlier on the line; git's answers are then not the hook's to give.
RAN = "\x00ran"
WROTE = "\x00wrote"
# bash's tables of aliases and hashed programs, written as arrays (`BASH_ALIASES[x]=…`, `BASH_CMDS[x]=…`), and the key
# of an alias whose name the check could not compute
_TABLE_ARRAYS = ("BASH_ALIASES[", "BASH_CMDS[")
_ANY_ALIAS = "\0any"
_STATELESS = frozenset({"cd", "pushd", "popd", "chdir", "echo", "printf", "true", ":", "test", "[", "pwd"})
_GIT_QUERIES = frozenset({"status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "describe",
                          "cat-file", "for-each-ref", "show-ref", "rev-list", "merge-base"})


_TABLE_NAMES = ("BASH_ALIASES", "BASH_CMDS")
# builtins that only show or remove entries of the tables (a removed alias leaves the word its ordinary meaning)
_TABLE_READERS = frozenset({"echo", "printf", "unset", "test", "[", "[["})


def _changes_command_words(words: list[str], expanded: list[str]) -> bool:
    """Whether a simple command may change what a later command word means in a form the alias model does not
    compute: a word that names bash's alias or hash table other than as an expansion (`$BASH_ALIASES`, `${…}`) or
    the one modelled assignment (`BASH_ALIASES[name]=text` as the whole command), or `enable -f` loading a builtin."""
    if not words:
        return False
    if expanded and expanded[0] == "enable" and any(w == "-f" or (w[:1] == "-" and "f" in w[1:] and w[1:2] != "-")
                                                    for w in expanded[1:]):
        return True
    if not any(t in w for w in words for t in _TABLE_NAMES):
        return False
    head = words[0]
    if head in _TABLE_READERS and not (head == "printf" and "-v" in words[1:]):
        return False
    if head in ("declare", "typeset", "local") and any(w.startswith("-") and "p" in w for w in words[1:]):
        return False  # `declare -p BASH_ALIASES` prints the table
    modelled = 0
    for w in words:
        if w.startswith(_TABLE_ARRAYS) and "]=" in w and w is words[modelled]:
            modelled += 1  # the modelled `BASH_ALIASES[name]=text` assignments at the head of the command
            continue
        for t in _TABLE_NAMES:
            at = w.find(t)
            while at >= 0:
                before = w[:at].rstrip("{!#")
                if not before.endswith("$"):
                    return True  # a write, a name reference or an evaluated assignment of the table
                at = w.find(t, at + 1)
    return False


def _regex_match(words: list[str], expanded: list[str], variables: dict[str, str]) -> None:
    """`[[ WORD =~ REGEX ]]` sets ``BASH_REMATCH``: computed when both sides are known, the expression is one the
    check reads the way bash's POSIX matcher does (no alternation, class names, back-references or escapes of
    letters; not quoted, which would make it a literal string) and the match runs to the end of WORD (there the
    leftmost-longest match and Python's greedy one agree). Otherwise the elements are unknown."""
    for key in [k for k in variables if k == "BASH_REMATCH" or k.startswith("BASH_REMATCH[")]:
        del variables[key]
    at = words.index("=~")
    if at < 1 or at + 1 >= len(words) or "=~" not in expanded:
        return
    k = expanded.index("=~")
    if k < 1 or k + 1 >= len(expanded) or expanded[k + 2:k + 3] != ["]]"] or len(expanded) != k + 3:
        return
    lhs, pattern = expanded[k - 1], expanded[k + 1]
    raw = words[at + 1]
    if isinstance(raw, Quoted) or unknown(lhs) or "\n" in lhs or "__SUBST__" in pattern or "`" in pattern or any(
            pattern[j] == "$" and (pattern[j + 1:j + 2].isalnum() or pattern[j + 1:j + 2] in ("_", "{", "(", "'"))
            for j in range(len(pattern))):
        return  # a side only the running shell knows (`$` alone is the end anchor)
    if "|" in pattern or "[:" in pattern or "[=" in pattern or "[." in pattern or "(?" in pattern or "{" in pattern \
            or any(pattern[j] == "\\" and pattern[j + 1:j + 2].isalnum() for j in range(len(pattern))) \
            or any(q in pattern for q in ("*?", "+?", "??")):
        return
    import re

    try:
        m = re.search(pattern, lhs)
    except (re.error, RecursionError):
        return
    if m is None or m.end() != len(lhs):
        return
    variables["BASH_REMATCH"] = m.group(0)
    for g in range(len(m.groups()) + 1):
        variables[f"BASH_REMATCH[{g}]"] = m.group(g) or ""


def _leaves_state(argv: tuple[str, ...]) -> bool:
    """A command that changes no repository state: a directory change, a print, a git read with no option."""
    if not argv:
        return True
    if argv[0] in _STATELESS:
        return True
    return argv[0] == "git" and len(argv) > 1 and argv[1] in _GIT_QUERIES and not any(unknown(a) for a in argv)


def unknown(word: str) -> bool:
    """Whether a word (after :func:`expand_word`) still holds something only the running shell knows."""
    return "$" in word or "__SUBST__" in word or "`" in word


def _home() -> str:
    import os

    return os.environ.get("HOME") or "$HOME"


def _star_separator(variables: dict[str, str]) -> str | None:
    """What ``"${a[*]}"`` and ``"$*"`` put between the elements: IFS's first character (nothing for an empty IFS, a
    blank when IFS is unset); None when the line gave IFS a value the check cannot know."""
    ifs = variables.get("IFS")
    if ifs is None:
        return " "
    return None if unknown(ifs) else ifs[:1]


def _variable(name: str, variables: dict[str, str]) -> str | None:
    if name in variables:
        return variables[name]
    if name in ("HOME", "USER", "LOGNAME", "TMPDIR", "SHELL", "PATH") or name.startswith(("XDG_", "CLAUDE_", "CODEX_")):
        import os

        value = os.environ.get(name)
        if value is not None:
            return value
        return "/tmp" if name == "TMPDIR" else None
    return None


def _temp_dir(variables: dict[str, str]) -> str:
    return _variable("TMPDIR", variables) or "/tmp"


def _substitution_value(inner: str, variables: dict[str, str]) -> str | None:
    """The output of a ``$(…)`` whose output is knowable: ``echo``/``printf`` of literal words, ``mktemp``,
    git's answer to where the repository is or which branch it is on (:mod:`statewise_cli.actions.gitqueries`), and
    a pipeline of text filters over literal words (:mod:`statewise_cli.actions.fold`)."""
    if "~" in inner and any(inner[k - 1:k] in ("", " ", "\t", "=", ":") and inner[k + 1:k + 2] not in ("", " ", "/")
                            for k in range(len(inner)) if inner[k] == "~"):
        return None  # `~+`, `~-`, `~user`: the directories bash puts there are not computed here
    if "$" in inner and "`" not in inner and (known := _with_known_words(inner, variables)) is not None:
        inner = known  # `$(echo $b | tr A-Z a-z)`: the words it runs with, written out
    value = _plain_substitution_value(inner, variables)
    if value is None and _foldable(inner):
        from statewise_cli.actions.fold import evaluate

        # a selector reads the files it names only while nothing in the line has run before it
        pwd = variables.get("PWD") if RAN not in variables and WROTE not in variables else None
        texts = {k[len(FILE_TEXT):]: v for k, v in variables.items() if k.startswith(FILE_TEXT)}
        value = evaluate(inner, _git_answerer(variables), pwd if pwd and pwd.startswith("/") else None, texts,
                         variables.get("PWD"))
    return value


def _with_known_words(inner: str, variables: dict[str, str]) -> str | None:
    """``inner`` (the text of a ``$(…)``) with each word that holds an expansion replaced by its known value, quoted,
    when every such value is one word whichever way it was quoted (no blank, no IFS character, no pattern character,
    not empty); None otherwise (the substitution stays unknown)."""
    if "IFS" in variables or len(inner) > 4096:
        return None
    try:
        tokens = _tokens(inner, mark=True)
    except ParseError:
        return None
    out: list[str] = []
    for t in tokens:
        if _operator(t) and (t in SEPARATORS or t in REDIRECTS):
            if t in ("(", ")", "{", "}", "&"):
                return None  # a subshell, a group, a background job: not written out
            out.append(t)
            continue
        if "$" not in t:
            if any(c in t for c in "*?[{~"):
                return None  # a pattern, braces or a tilde the shell may expand (the lexer keeps no quoting)
            out.append(_quote(t))
            continue
        values = expand_word(t, variables)
        if len(values) != 1 or not values[0] or unknown(values[0]) or any(
                c in values[0] for c in " \t\n*?[\x00"):
            return None
        out.append(_quote(values[0]))
    return " ".join(out)


# Files the line wrote with text it shows (``printf 'x' > f``), by absolute path: a key per file in the variables
FILE_TEXT = "\x00file:"
# what a `. FILE` the check could not read ran: the environment of every later command may hold any variable
SOURCED_UNREAD = "\x00sourced"
# builtins and programs that change no file's text (the shell's options and variables, a file's mode): a text the line
# wrote before them is still the file's text after them
_TEXT_KEEPING = frozenset({"set", "shopt", "export", "declare", "typeset", "local", "readonly", "unset", "chmod"})


def _note_written_text(made: list[SimpleCommand], variables: dict[str, str], before_next: bool) -> None:
    """Keep the text a ``printf``/``echo`` of literal words writes to a named file (``>``), so a program the line runs
    afterwards reading it is computed over that text (``before_next``: the write ends before the next command starts,
    not in a pipe or in the background). Any other command that may change state forgets every such text (it may
    have rewritten the file)."""
    for cmd in made:
        writes = [(op, t) for op, t in cmd.redirects if op[:1] == ">" or op in ("<>", "&>", "&>>")]
        pwd = variables.get("PWD")
        if before_next and cmd.argv and cmd.argv[0] in ("printf", "echo") and len(writes) == 1 and writes[0][0] == ">" \
                and not any(unknown(w) for w in cmd.argv) and not unknown(writes[0][1]) \
                and (pwd or writes[0][1].startswith("/")) and not cmd.wrappers and not cmd.stdin:
            import posixpath

            from statewise_cli.actions.fold import run

            text = run(list(cmd.argv), None)
            path = posixpath.normpath(posixpath.join(pwd or "/", writes[0][1]))
            if text is not None:
                variables[FILE_TEXT + path] = text
            else:
                variables.pop(FILE_TEXT + path, None)
        elif writes or not (_leaves_state(cmd.argv) or cmd.argv[0] in _TEXT_KEEPING):
            for key in [k for k in variables if k.startswith(FILE_TEXT)]:
                del variables[key]


def _sourced_operand(sourcing: list[str], expanded: list[str], variables: dict[str, str], cwd: str) -> str | None:
    """The absolute file ``. FILE`` reads when the check can name it (a path with a slash, known words, no arguments
    after it, no prefix assignment), else None."""
    import os
    import posixpath

    words = [w for w in expanded if not _is_assignment(w)]
    if len(words) != len(expanded) or len(sourcing) != len(words):
        return None
    while words[:1] in (["builtin"], ["command"]):
        words = words[1:]
    operands = words[1:]
    if operands[:1] == ["--"]:
        operands = operands[1:]
    if len(operands) != 1 or unknown(operands[0]) or "/" not in operands[0] or "$" in cwd:
        return None
    path = os.path.expanduser(operands[0]) if operands[0].startswith("~/") else operands[0]
    base = variables.get("PWD") or os.path.join(os.getcwd(), cwd)
    return posixpath.normpath(posixpath.join(base, path))


def _sourced_anything(sourcing: list[str], expanded: list[str], variables: dict[str, str], cwd: str) -> bool:
    """Whether ``. FILE`` may set anything: False only for a file the check names that is not there and that nothing
    earlier on the line may have made (the builtin fails; nothing is read)."""
    import os

    full = _sourced_operand(sourcing, expanded, variables, cwd)
    return full is None or WROTE in variables or RAN in variables or os.path.lexists(full)


def _history_file(cmd: SimpleCommand, variables: dict[str, str]) -> SimpleCommand:
    """``history -a``/``-w`` (also ``-n``/``-r``) without a file name: the builtin appends to (or writes, reads) the
    file ``$HISTFILE`` names, written out as its operand — the value the line gave it, else ``$HISTFILE`` itself
    (not known here)."""
    if not cmd.argv or cmd.argv[0] != "history" or len(cmd.argv) < 2:
        return cmd
    opts = [a for a in cmd.argv[1:] if a.startswith("-") and a != "--"]
    letters = "".join(o[1:] for o in opts)
    if not set(letters) & set("awnr") or set(letters) & set("sp") or any(
            not a.startswith("-") for a in cmd.argv[1:]):
        return cmd
    return cmd.replace(argv=cmd.argv + (variables.get("HISTFILE", "$HISTFILE"),))


def _foldable(inner: str) -> bool:
    """Whether ``inner`` may be a pipeline of the text filters :mod:`statewise_cli.actions.fold` computes (checked
    before that module is imported)."""
    words = inner.lstrip().split(" ", 8)
    while len(words) > 1 and _is_assignment(words[0]):
        words = words[1:]  # `VAR=value prog …`: the program's environment
    head = words[0].rsplit("/", 1)[-1]
    if head == "git" and words[1:2] and (words[1] in ("check-ref-format", "stripspace", "column")
                                         or words[1:3] == ["rev-parse", "--sq-quote"]):
        return True  # git's text commands (fold.pure_form)
    if head.startswith("python") and words[1:2] == ["-m"] and words[2:3] and \
            words[2].split("<", 1)[0] in ("encodings.rot_13", "quopri", "base64"):
        return True  # the standard library's codec modules (fold.pure_form)
    if head == "yes" and "|" in inner:
        return True  # `yes WORD | head -n N` (fold computes yes only into head)
    return head in _FOLDERS or (head == "git" and "|" in inner)


def _git_answerer(variables: dict[str, str]) -> Any:
    pwd = variables.get("PWD")
    if not pwd or RAN in variables:
        return None

    def answer_git(words: list[str]) -> str | None:
        from statewise_cli.actions.gitqueries import answer

        return answer(words, pwd)

    return answer_git


# The programs statewise_cli.actions.fold computes (kept here so the parser need not import it to ask).
_FOLDERS = frozenset({"echo", "printf", "cat", "base64", "base32", "basenc", "xxd", "openssl", "rev", "tr", "cut", "head",
                      "tail", "tac", "sed", "awk", "gawk", "mawk", "nawk", "gettext", "ngettext", "expr",
                      "systemd-escape", "fold", "tsort", "colrm", "paste", "comm", "zcat", "gzcat", "xzcat", "lzcat",
                      "bzcat", "jq", "gojq", "jaq", "tomlq", "c++filt", "llvm-undname", "getopt", "xq", "xq-python",
                      "pkg-config", "dpkg-parsechangelog", "col", "colcrt", "pr", "eqn", "neqn", "geqn", "tbl", "gtbl",
                      "pic", "gpic", "soelim", "gsoelim", "hexdump", "hd", "uncompress", "lz4", "lz4c", "lz4cat", "unlz4",
                      "gunzip", "gzip", "basename", "dirname", "sort", "uniq", "dos2unix", "unix2dos", "expand", "iconv",
                      "strings", "nl", "shuf", "tee", "seq", "bc", "compgen", "date", "systemd-path", "numfmt",
                      "grep"})
_FILTERS = _FOLDERS - {"systemd-path", "numfmt", "echo", "printf", "expr", "systemd-escape", "comm", "zcat", "gzcat", "xzcat", "lzcat", "bzcat",
                       "basename", "dirname", "tee", "seq", "compgen", "date",
                       "getopt", "pkg-config", "dpkg-parsechangelog"}


# Programs whose standard output never holds the text they read (a count, a digest): nothing is passed on
_DIGESTS = frozenset({"wc", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum",
                      "sum", "true", "false", ":"})
_STDOUT_AWAY = (">", ">>", ">|", "1>", "1>>", "&>", "&>>")


def _passed_on(cmd: SimpleCommand, bodies: list[str]) -> tuple[str, ...]:
    """The text a pipeline stage whose output is not computed may pass on to the next stage: what it is fed (echo or
    printf piped in, a here-string, a here-document, text carried to it). Nothing when its output is a count or
    digest, or goes elsewhere by a redirection."""
    if not cmd.argv or _basename(cmd.argv[0]) in _DIGESTS or any(op in _STDOUT_AWAY for op, _ in cmd.redirects):
        return ()
    fed: list[str] = list(cmd.carried)
    shown = _stdin_text(cmd.stdin) if cmd.stdin else None
    if shown:
        fed.append(shown)
    for op, target in cmd.redirects:
        if op == "<<<" and not unknown(target):
            fed.append(target)
        elif op.startswith("<<") and op != "<<<":
            index = _heredoc_index(target)
            if index is not None and index < len(bodies):
                fed.append(bodies[index])
    return tuple(t for t in fed if t.strip())[:8]


def _with_carried(made: list[SimpleCommand], stdin: tuple[str, ...], carried: tuple[str, ...],
                  handed: tuple[str, ...]) -> list[SimpleCommand]:
    """The commands of a stage with the text the line hands them: the carried text to the one the pipe feeds, a
    process substitution's output to the one it is a word or an input of."""
    out: list[SimpleCommand] = []
    for c in made:
        extra: tuple[str, ...] = ()
        if carried and stdin and c.stdin == stdin:
            extra += carried
        if handed and ("$(<(…))" in c.argv or any(w.endswith("$(<(…))") for w in c.argv)
                       or ("<", "(…)") in c.redirects):
            extra += handed
        out.append(c.replace(carried=(*c.carried, *extra)[:8]) if extra else c)
    return out


def _folded_stdin(argv: tuple[str, ...], stdin: tuple[str, ...], redirects: tuple[tuple[str, str], ...],
                  bodies: list[str]) -> tuple[str, ...] | None:
    """A text filter fed known text (a pipe from echo/printf or a folded filter, a here-string, a here-document):
    its output, as the argv of a ``printf`` that shows it to the next command of the pipeline; None otherwise."""
    if not argv or _basename(argv[0]) not in _FILTERS or any(unknown(w) for w in argv):
        return None
    fed: str | None = _stdin_text(stdin) if stdin else None
    for op, target in redirects:
        if op == "<<<" and not unknown(target):
            fed = target + "\n"
        elif op.startswith("<<") and op != "<<<":
            index = _heredoc_index(target)
            fed = bodies[index] if index is not None and index < len(bodies) else None
        elif op in ("<", "<>") or op.startswith(">") and target not in ("/dev/null",):
            return None
    if fed is None:
        return None
    from statewise_cli.actions.fold import run

    out = run(list(argv), fed)
    return ("printf", "%s", out) if out is not None and "\ue000" not in out else None


def _plain_substitution_value(inner: str, variables: dict[str, str]) -> str | None:
    if inner.lstrip().startswith("git ") and variables.get("PWD") and RAN not in variables \
            and inner.count("'") % 2 == 0 and not any(c in "".join(inner.split("'")[::2]) for c in "|;&<>`$()*?[\\\n") \
            and not any(c in inner for c in "`$\\\n"):
        # (what single quotes hold is literal: a format or a ref pattern, `--format='%(refname:short)' 'refs/heads/x*'`)
        from statewise_cli.actions.gitqueries import answer

        try:
            return answer(_tokens(inner), variables["PWD"])
        except ParseError:
            return None
    if not inner.strip() or any(c in inner for c in "|;&<>`$(){}*?[\\\n"):
        return None
    try:
        words = _tokens(inner)  # quotes as the shell reads them: `printf 'git push'` is one word
    except ParseError:
        return None
    if not words:
        return None
    if words[0] == "echo" and not any(w.startswith("-") for w in words[1:2]):
        return " ".join(words[1:])
    if (words[0] == "which" and len(words) == 2 or words[:2] == ["command", "-v"] and len(words) == 3) \
            and not words[-1].startswith("-"):
        return words[-1]  # `$(which python)`: a path to that program (the program is what the checks need)
    if words[0] == "printf":
        # the format is reused while items remain (`printf '%s' ma in` writes `main`); the shell drops the
        # output's trailing newlines; a conversion printf's model does not know leaves the output unknown
        shown = _stdin_text(tuple(words)) if len(words) >= 2 and not words[1].startswith("-") else None
        return shown.rstrip("\n") if shown is not None else None
    if words in (["pwd"], ["pwd", "-L"]) and variables.get("PWD"):
        return variables["PWD"]  # `$(pwd)`: the directory the command runs in, as `$PWD` (when known)
    if words[0] == "mktemp":
        tmp, template, directory = _temp_dir(variables), "tmp.XXXXXXXXXX", ""
        i = 1
        while i < len(words):
            w = words[i]
            if w in ("-p", "--tmpdir") and i + 1 < len(words):
                directory, i = words[i + 1], i + 2
                continue
            if w.startswith("--tmpdir="):
                directory = w[9:]
            elif w in ("-t",) or w.startswith("-"):
                directory = directory or tmp
            else:
                template = w
            i += 1
        if "/" in template or (not directory and template != "tmp.XXXXXXXXXX"):
            return template
        return (directory or tmp).rstrip("/") + "/" + template
    return None


def _strip_pattern(value: str, op: str) -> str:
    """``${NAME%pat}``, ``%%``, ``#``, ``##``: ``value`` with the shortest/longest matching suffix/prefix removed."""
    from fnmatch import fnmatchcase

    longest = op[:2] in ("%%", "##")
    pattern = op[2:] if longest else op[1:]
    cuts = range(len(value) + 1)
    if op[0] == "%":
        for k in (cuts if longest else reversed(cuts)):
            if fnmatchcase(value[k:], pattern):
                return value[:k]
    else:
        for k in (reversed(cuts) if longest else cuts):
            if fnmatchcase(value[:k], pattern):
                return value[k:]
    return value


def _expand_parameters(word: str, variables: dict[str, str]) -> str:
    """``~``, ``$NAME``, ``${NAME}``, ``${NAME:-default}`` and knowable ``$(…)`` replaced; the rest kept
    (it keeps its ``$``: :func:`unknown`)."""
    if word.startswith("~") and (len(word) == 1 or word[1] == "/"):
        word = _home() + word[1:]
    elif word.startswith("~") and "/" not in word[:1]:
        import os

        expanded = os.path.expanduser(word)
        word = expanded if expanded != word else "$" + word
    if "$" not in word:
        return word
    out: list[str] = []
    i, n = 0, len(word)
    while i < n:
        c = word[i]
        if c != "$" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        nxt = word[i + 1]
        if nxt == "{":
            j = _closing(word, i + 1, "{", "}")
            body = word[i + 2 : j - 1]
            name = ""
            k = 0
            while k < len(body) and (body[k].isalnum() or body[k] == "_"):
                k += 1
            name, op = body[:k], body[k:]
            value = _variable(name, variables) if name and name.isidentifier() else None
            if name.isdigit() and not op:
                value = variables.get(str(int(name)))  # `${1}`, `${10}`: a positional parameter the line set
            elif body == "#":
                value = variables.get("#")  # `${#}`: how many positional parameters
            elif body == "!#" and variables.get("#", "0") not in ("", "0") and variables["#"].isdigit():
                value = variables.get(variables["#"])  # `${!#}`: the last positional parameter
                name, op = (body, "") if value is not None else (name, op)
            elif not name and body[:2] in ("@:", "*:") and "@" in variables and "#" in variables:
                # `${@:2}`, `${*: -1}`, `${@:1:2}`: a slice of the positional parameters (an offset of 0 holds `$0`)
                part = _positional_slice(body[2:], variables)
                value = None if part is None else " ".join(part)
                name, op = (body, "") if value is not None else (name, op)
            if not name and body[:1] in ("#", "!") and body[1:].isidentifier() and body[1:].isascii():
                # `${#b}`: the length of a known value; `${!r}`: the value of the variable a known value names
                held = _variable(body[1:], variables)
                if body[0] == "#" and held is not None:
                    name, op, value = body[1:], "", str(len(held))
                elif body[0] == "!" and held is not None and held.isidentifier() and held.isascii():
                    name, op, value = held, "", _variable(held, variables)
            if op[-2:-1] == "@" and op[-1:] in ("Q", "K", "A", "P") and name and (
                    shown := _transformation(name, op, variables)) is not None:
                op, value = "", shown  # `${v@Q}`, `${h[@]@K}`: the quoted rendering of a known value
            if op[:4] in ("[@]:", "[*]:") and name.isidentifier() and (
                    elements := _array_slice(name, op[4:], variables)) is not None and (
                    op[1] == "@" or _star_separator(variables) is not None):
                # `${s[@]:1:2}` inside a word: the elements in the slice (`[*]` joined by IFS's first character)
                op, value = "", (" " if op[1] == "@" else _star_separator(variables) or "").join(elements)
            if op[:1] == "[" and op[-1:] == "]" and op[1:-1] not in ("@", "*") and name.isidentifier():
                # `${b[1]}`, `${b[i+1]}`, `${m[key]}`: an element of an array the line assigned (unknown otherwise)
                key = _subscript(name, op[1:-1], variables)
                value = variables.get(f"{name}[{key}]") if key is not None else None
                op = "" if value is not None else op
            if op == "" and value is not None:
                out.append(value)
            elif op[:1] in ("%", "#") and value is not None and not unknown(op):
                out.append(_strip_pattern(value, op))  # `${PWD%/*}`: the real parent
            elif op[:2] in (":+",) or op[:1] == "+":
                # `${b:+alt}` / `${b+alt}`: alt when b is set (and, with the colon, not empty), else nothing
                alternative = op[2:] if op[:1] == ":" else op[1:]
                if value is None and name in variables:
                    value = variables[name]
                if value is None:
                    out.append(word[i:j])  # whether it is set is known only when the line runs
                else:
                    out.append(_expand_parameters(alternative, variables) if (value or op[:1] != ":") else "")
            elif op[:1] == "/" and value is not None and (replaced := _replaced(value, op[1:])) is not None:
                out.append(replaced)  # `${b/x/y}`, `${b//x/y}`, `${b/#x/y}`, `${b/%x/y}`: a literal pattern replaced
            elif op == "@E" and value is not None:
                from statewise_cli.actions.hidden import decode_escapes

                out.append(decode_escapes(value))  # `${o@E}`: the value with its backslash escapes, as `$'…'` expands
            elif op[:1] in ("^", ",", "~", "@") and value is not None and (changed := _case_changed(value, op)) is not None:
                out.append(changed)  # `${b^^}`, `${b,,}`, `${b@L}`: the known value in another case
            elif (op[:1] == ":" and op[1:2] not in ("-", "=", "+", "?") and value is not None
                  and (sliced := _substring(value, op[1:], variables)) is not None):
                out.append(sliced)  # `${b:2}`, `${b:1:4}`, `${b: -4}`: a slice of a known value
            elif op[:2] in (":-", ":=") or op[:1] in ("-", "="):
                default = op[2:] if op[:1] == ":" else op[1:]
                out.append(value if value is not None and (value or op[:1] != ":") else _expand_parameters(default, variables))
            else:
                out.append(word[i:j])
            i = j
        elif nxt == "(" and word.startswith("$((", i) and (j := _closing(word, i + 1, "(", ")")) <= n \
                and word[j - 2:j] == "))" and _closing(word, i + 2, "(", ")") == j - 1:
            out.append(_arithmetic(word[i + 3:j - 2], variables, word[i:j]))  # `$((n+1))`: shell arithmetic
            i = j
        elif nxt == "[" and (j := _closing(word, i + 1, "[", "]")) <= n and word[j - 1:j] == "]":
            out.append(_arithmetic(word[i + 2:j - 1], variables, word[i:j]))  # `$[n+1]`: bash's older arithmetic form
            i = j
        elif nxt == "(" and not word.startswith("$((", i):
            j = _closing(word, i + 1, "(", ")")
            value = _substitution_value(word[i + 2 : j - 1], variables)
            out.append(value if value is not None else word[i:j])
            i = j
        elif nxt == "#":  # `$#`: how many positional parameters, when the line set them
            value = variables.get("#")
            out.append(value if value is not None else word[i:i + 2])
            i += 2
        elif nxt.isdigit() or nxt in "@*":  # `$1`, `$@` of a `-c` script given its words
            value = variables.get(nxt if nxt != "*" else "@")
            if value is not None and nxt in "@*":
                joiner = " " if nxt == "@" else _star_separator(variables)
                value = value.replace("\x1f", joiner) if joiner is not None else None  # `"$*"`: IFS's first
            out.append(value if value is not None else word[i:i + 2])
            i += 2
        elif nxt.isalpha() or nxt == "_":
            j = i + 1
            while j < n and (word[j].isalnum() or word[j] == "_"):
                j += 1
            value = _variable(word[i + 1 : j], variables)
            out.append(value if value is not None else word[i:j])
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _arithmetic(body: str, variables: dict[str, str], written: str) -> str:
    """``$((body))``: its parameters expanded, then bash's arithmetic (:mod:`statewise_cli.actions.arith`) computed when
    every operand is known; ``written`` (unknown) otherwise. The names it assigns (``$((n+=1))``) become unknown to
    the line's later words: a word may be expanded more than once, and a value kept must never be stale."""
    inner = _expand_parameters(body, variables) if "$" in body else body
    if unknown(inner) or "`" in inner:
        return written
    from statewise_cli.actions.arith import evaluate, lvalues

    value, assigned, touched = evaluate(inner, variables)
    if lvalues(inner):
        for name in set(assigned) | touched:
            variables.pop(name, None)
    return value if value is not None else written


_ATTRS = "\x00attrs:"  # in a line's variables: the attributes `declare` gave a name (`l`, `u`, `i`, `n`)
# in a line's variables while the command being read may run any number of times (a loop or branch body, after `&&`):
# a value built from the name's own value (`n+=1`, `let n++`, `x=$((x+1))`) is not computed there
_REPEATED = "\x00repeated"
# in a line's variables while the command being read may not run (after `&&`/`||`): an assignment there holds for the
# commands joined to it by `&&` (they run only if it ran) and is unknown after the chain ends
_TENTATIVE = "\x00tentative"
_DECLARERS = frozenset({"export", "declare", "local", "readonly", "typeset"})
_READERS = frozenset({"read", "readarray", "mapfile"})
# Builtins that set or unset variables by name: the check computes what it can and forgets the rest, so that a name
# never keeps a value the shell has replaced (`b=topic; read b <<< main` pushes main)
_VARIABLE_BUILTINS = _DECLARERS | _READERS | frozenset({"unset", "printf", "let", "getopts"})
# Words before a builtin that still runs it in this shell: reserved words of a compound command, `command`, `builtin`.
_BUILTIN_PREFIXES = frozenset({"while", "until", "if", "then", "else", "elif", "do", "!", "time", "{", "command",
                               "builtin"})


def _forget_all(variables: dict[str, str], lists: dict[str, list[str]]) -> None:
    """A builtin set a variable whose name only the running shell knows: every value the line set is unknown now."""
    for key in [k for k in variables if not k.startswith("\x00") and k != "PWD"]:
        variables.pop(key)
    lists.clear()
    variables["IFS"] = "${IFS}"  # IFS among them: where later expansions split is unknown, never the default


# A word that reads IFS and sets nothing (`$IFS`, `${IFS}`, `${#IFS}`, `${IFS:-x}`, `${IFS+x}`, `${IFS:?}`)
_IFS_READ = Pattern(r"\$IFS(?![\w\[])|\$\{#?IFS(?::?[-+?][^}]*)?\}")
_IFS_NAME = Pattern(r"(?<![\w$])IFS(?!\w)")


def _may_set_ifs(words: list[str], certain: bool) -> bool:
    """Whether a simple command may leave IFS with a value other than the one the tracking kept: any word naming IFS
    other than by reading it (`for IFS in :`, `local IFS`, `export IFS=:`, `${IFS:=:}`, `read IFS`, `printf -v IFS`)
    — except a prefix assignment for one command (`IFS=: read …`), which does not outlast it, and an `unset IFS` that
    surely runs (the default again)."""
    k = 0
    while k < len(words) and words[k] in LEADING_RESERVED:
        k += 1
    rest = words[k:]
    j = 0
    while j < len(rest) and _is_assignment(rest[j]):
        j += 1
    if j < len(rest) and rest[j] not in _DECLARATION_WORDS and j:
        if rest[j] in _IFS_PREFIX_OUTLASTS and any(w.startswith(("IFS=", "IFS+=")) for w in rest[:j]):
            return True  # `IFS=: eval '…'`, `IFS=: . f.sh`: the code it runs splits at that IFS (and a special
            # builtin keeps the assignment)
        rest = rest[j:]  # `IFS=: read -r a b`: the prefix is this command's own environment
    if certain and rest[:1] == ["unset"] and all(w in ("-v", "--") or not w.startswith("-") for w in rest[1:]):
        return False  # (`unset -n IFS`, `unset -f IFS` leave the variable as it was)
    return any(_IFS_NAME.search(_IFS_READ.sub("", w)) for w in rest)


# Commands a prefix `IFS=…` outlasts or that run code under it: eval and the dot command run shell code with that IFS,
# and POSIX's special builtins keep a prefix assignment after they return
_IFS_PREFIX_OUTLASTS = frozenset({"eval", "source", ".", ":", "export", "readonly", "set", "shift", "trap", "unset",
                                  "exec", "return", "break", "continue", "times", "command", "builtin"})


def _with_attributes(value: str, attrs: str, variables: dict[str, str] | None = None) -> str | None:
    """A value assigned to a name `declare` gave attributes: ``-l`` lowers it, ``-u`` raises it, ``-i`` evaluates it as
    arithmetic (:mod:`statewise_cli.actions.arith`; None: unknown)."""
    if "i" in attrs:
        text = value.strip()
        digits = text.removeprefix("-")
        if digits.isdigit() and (digits == "0" or not digits.startswith("0")):
            return str(int(text))
        if unknown(text):
            return None
        from statewise_cli.actions.arith import evaluate, lvalues

        if lvalues(text):
            return None  # `declare -i n='m=1'`: assigns m too; left unknown
        return evaluate(text, variables or {})[0]
    if "l" in attrs:
        return value.lower()
    if "u" in attrs:
        return value.upper()
    return value


def _tentative_sets(state: dict[str, Any], variables: dict[str, str], lists: dict[str, list[str]], words: list[str],
                    redirects: list[tuple[str, str]], bodies: list[str], piped: bool, assign: Any, *rest: Any) -> None:
    """:func:`_builtin_sets` for a builtin that may not run (after ``&&``/``||``) but not many times: what it sets holds
    for the commands joined to it by ``&&`` (they run only if it ran, as for ``b=x``), and the names are forgotten when
    the chain ends; in a loop or branch body the builtin's own rule (unknown) stands."""
    if _TENTATIVE not in variables or _REPEATED in variables:
        _builtin_sets(words, redirects, bodies, variables, lists, piped, assign, *rest)
        return
    before = (dict(variables), {k: list(v) for k, v in lists.items()})
    variables.pop(_TENTATIVE)
    try:
        _builtin_sets(words, redirects, bodies, variables, lists, piped, assign, *rest)
    finally:
        variables[_TENTATIVE] = "1"
    changed = {k for k in set(variables) | set(before[0]) if variables.get(k) != before[0].get(k)}
    changed |= {k for k in set(lists) | set(before[1]) if lists.get(k) != before[1].get(k)}
    for key in changed:
        if not key.startswith("\x00"):
            state.setdefault("tentative", set()).add(key.partition("[")[0])


def _builtin_sets(words: list[str], redirects: list[tuple[str, str]], bodies: list[str], variables: dict[str, str],
                  lists: dict[str, list[str]], piped: bool, assign: Any, procout: str | None = None,
                  ifs_for: str | None = None, piped_text: str | None = None) -> None:
    """What a builtin that sets variables does to the line's known values: ``declare``/``local``/``typeset``/``export``/
    ``readonly`` with options (``-l``/``-u`` change the case of what is assigned, ``-i`` makes it arithmetic, ``-n`` a
    reference to another name), ``read``/``readarray``/``mapfile`` fed a here-string or a here-document, ``printf -v``,
    ``unset``, ``let`` and ``getopts``. A value the check cannot compute is forgotten (unknown), never kept stale."""
    uncertain = _REPEATED in variables or _TENTATIVE in variables  # it may not run, or run many times
    name = words[0]
    if name in _DECLARERS:
        flags, removed = "", ""
        for w in words[1:]:
            if w[:1] in ("-", "+") and not _is_assignment(w) and len(w) > 1:
                if w[0] == "-":
                    flags += w[1:]
                else:
                    removed += w[1:]
                continue
            target = w.partition("=")[0].removesuffix("+")
            if not target.isidentifier() or not target.isascii():
                _forget_all(variables, lists)  # `declare "$n=main"`: a name only the shell knows
                continue
            if "f" in flags or "F" in flags or "p" in flags:
                continue  # functions, or a listing: no variable changes
            attrs = "".join(c for c in variables.get(_ATTRS + target, "") + flags if c in "luinA" and c not in removed)
            if "l" in flags:
                attrs = attrs.replace("u", "")
            if "u" in flags:
                attrs = attrs.replace("l", "")
            if attrs:
                variables[_ATTRS + target] = "".join(dict.fromkeys(attrs))
            else:
                variables.pop(_ATTRS + target, None)
            if "n" in attrs:
                _forget_all(variables, lists)  # a name reference: what it names is read and set through it
                continue
            if _is_assignment(w):
                assign(w)  # with the attributes just given (`declare -l b=MAIN` is `main`)
        return
    if name == "unset":
        functions = False
        for w in words[1:]:
            if w in ("-f",):
                functions = True
            elif w in ("-v", "-n"):
                continue
            elif w.isidentifier() and w.isascii():
                if not functions:
                    variables.pop(w, None)
                    lists.pop(w, None)
                    for key in [k for k in variables if k.startswith(w + "[")]:
                        variables.pop(key)
            elif not w.startswith("-"):
                _forget_all(variables, lists)
        return
    if name == "printf":
        if len(words) > 2 and words[1] == "-v":
            target = words[2]
            printed = [v for w in words[3 + (words[3:4] == ["--"]):] for v in expand_word(w, variables)]
            shown = _stdin_text(("printf", *printed)) if printed and not any(
                unknown(v) for v in printed) else None
            if shown is None and printed and not any(unknown(v) for v in printed) and "%" in printed[0]:
                from statewise_cli.actions.fold import run as fold_run

                # every conversion printf's own model computes: `printf -v q %q WORD` (WORD quoted for the shell),
                # `%x`, `%(TEXT)T` (a time format without conversions prints TEXT)
                shown = fold_run(["printf", *printed], None)
            if target.isidentifier() and target.isascii() and shown is not None and _ATTRS + target not in variables \
                    and not uncertain:
                variables[target] = shown
                lists.pop(target, None)
            elif target.isidentifier() and target.isascii():
                variables.pop(target, None)
                lists.pop(target, None)
            else:
                _forget_all(variables, lists)  # `printf -v "$n"`, `printf -v 'b[1]'`
        return
    if name == "let" and len(words) > 1 and not uncertain and _let(words[1:], variables, lists):
        return  # `let b=1+2 c=b*2`: each argument an arithmetic expression, computed in order
    if name == "getopts" and not uncertain and _getopts_first(words[1:], variables):
        return  # `getopts b: o -b feature`: the first option of literal arguments, computed as bash does
    if name in ("let", "getopts"):
        # arithmetic the check cannot compute and getopts's option variables: what they may set is unknown
        import re

        for w in words[1:]:
            for ident in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", w):
                variables.pop(ident, None)
                lists.pop(ident, None)
        if "$" in " ".join(words[1:]):
            _forget_all(variables, lists)
        for ident in ("OPTARG", "OPTIND"):
            variables.pop(ident, None)
        return
    # read / readarray / mapfile
    options_with_value = set("adinNptu") if name == "read" else set("dnOsuCc")
    flags = ""
    values: dict[str, str] = {}
    names: list[str] = []

    k = 1
    while k < len(words):
        w = words[k]
        if w.startswith("-") and len(w) > 1 and not names:
            j = 1
            while j < len(w):
                c = w[j]
                flags += c
                if c in options_with_value:
                    values[c] = w[j + 1:] if j + 1 < len(w) else (words[k + 1] if k + 1 < len(words) else "")
                    if j + 1 >= len(w):
                        k += 1
                    break
                j += 1
        else:
            names.append(w)
        k += 1
    array = name != "read" or "a" in flags
    if name == "read" and "a" in flags:
        names = [values.get("a", "")]
    if not names:
        names = ["MAPFILE" if array else "REPLY"]
    if any(not (n.isidentifier() and n.isascii()) for n in names):
        _forget_all(variables, lists)
        return
    fed: str | None = None
    for op, target in redirects:
        if op == "<<<":
            expanded = expand_word(target, variables)
            fed = expanded[0] + "\n" if len(expanded) == 1 and not unknown(expanded[0]) else None
        elif op.startswith("<<"):
            index = _heredoc_index(target)
            body = bodies[index] if index is not None and index < len(bodies) else None
            fed = body if body is not None and not any(c in body for c in "$`\\") else None
        elif op == "<" and target == "(…)":
            # `< <(printf …)`: the output, whose trailing newline is not known (`echo` ends with one, `printf` may
            # not): read at another delimiter (`mapfile -d ,`, `read -d ''`) its last field is one of two words, so
            # the values read are not known; at newlines the two readings agree
            other = "d" in flags and values.get("d", "\n")[:1] != "\n"
            fed = procout + "\n" if procout is not None and not unknown(procout) and not other else None
        elif op in ("<", "<>", "<&"):
            fed = None
    simple = (set(flags) <= {"t", "d"} if name != "read" else set(flags) <= set("rasdnNpt"))
    ifs = ifs_for if ifs_for is not None else variables.get("IFS")
    for n in names:
        variables.pop(n, None)
        lists.pop(n, None)
        for key in [x for x in variables if x.startswith(n + "[")]:
            variables.pop(key)
        if n == "IFS":
            variables["IFS"] = "${IFS}"  # set from input the check may not see: unknown, never the default
    if fed is None and piped_text is not None:
        fed, piped = piped_text, False  # `shopt -s lastpipe; printf … | read b`: the last stage runs in this shell
    if fed is None or piped or not simple or uncertain or (name != "read" and ifs is not None and ifs.strip(" \t\n")) or any(
            _ATTRS + n in variables for n in names):
        return  # input the check does not see (a file, a pipe's subshell, a process), or options it does not model
    if name == "read":
        fields = _read_fields(fed, flags, values, len(names), array, " \t\n" if ifs is None else ifs)
        if fields is None:
            return
        if array:
            for element in [x for x in variables if x == names[0] or x.startswith(names[0] + "[")]:
                variables.pop(element)  # `read -a` replaces the whole array
            for i, field in enumerate(fields):
                variables[f"{names[0]}[{i}]"] = field
            if fields:
                variables[names[0]] = fields[0]
            variables[f"{names[0]}[@]"] = "\x1f".join(fields)  # every element, checked again where it is expanded
            return
        for n, field in zip(names, fields):
            variables[n] = field
        return
    if "t" not in flags:
        return  # each element keeps its newline: left unknown
    delimiter = (values.get("d", "")[:1] or "\x00") if "d" in flags else "\n"  # `mapfile -d , -t`
    lines = fed.split(delimiter)
    if lines and lines[-1] == "":
        lines.pop()
    for i, element in enumerate(lines):
        variables[f"{names[0]}[{i}]"] = element
    if lines:
        variables[names[0]] = lines[0]


def _positional_slice(spec: str, variables: dict[str, str]) -> list[str] | None:
    """``${@:OFFSET}`` / ``${@:OFFSET:LENGTH}`` (OFFSET and LENGTH arithmetic): the positional parameters in the
    slice; None when it reaches ``$0`` or is not computed (bash's error for a negative length included)."""
    params = variables["@"].split("\x1f") if variables["@"] else []
    if len(params) != int(variables["#"]):
        return None  # an empty parameter: the joined form cannot tell
    offset_text, colon, length_text = spec.partition(":")
    numbers = _slice_numbers(offset_text, length_text if colon else None, variables)
    if numbers is None:
        return None
    offset = numbers[0]
    if offset == 0 or (offset < 0 and -offset > len(params)):
        return None if offset == 0 else []  # `$0` is not known; before the first: bash gives nothing
    start = offset - 1 if offset > 0 else len(params) + offset
    if len(numbers) == 1:
        return params[start:]
    if numbers[1] < 0:
        return None
    return params[start:start + numbers[1]]


def _arithmetic_number(part: str, variables: dict[str, str]) -> int | None:
    """An offset or length written as bash arithmetic (``$[9-1]``, ``$((n+1))``, ``n``; empty is 0), computed from
    the line's known values; None when not computed or when it assigns."""
    from statewise_cli.actions.arith import evaluate, lvalues

    text = _expand_parameters(part, variables) if "$" in part else part
    if unknown(text) or lvalues(text):
        return None
    value = evaluate(text, variables)[0] if text.strip() else "0"
    return None if value is None else int(value)


def _slice_numbers(offset: str, length: str | None, variables: dict[str, str]) -> list[int] | None:
    """The OFFSET (and LENGTH) of a slice, each bash arithmetic (:func:`_arithmetic_number`); None if either is not
    computed."""
    numbers = [_arithmetic_number(part, variables) for part in ((offset,) if length is None else (offset, length))]
    return None if any(n is None for n in numbers) else [n for n in numbers if n is not None]


def _set_positional(expanded: list[str], variables: dict[str, str], certain: bool) -> None:
    """``set -- a b``, ``set a b`` and ``shift [N]``: the positional parameters the line now has (``$1``, ``$@``,
    ``$#``), when the command surely runs in this shell with known words; otherwise none of them is known."""
    new: list[str] | None = None
    if expanded[0] == "set":
        k = 1
        while k < len(expanded) and expanded[k][:1] in ("-", "+") and expanded[k] not in ("--", "-", "+") \
                and "o" not in expanded[k]:
            k += 1  # `set -e -- a`: flags, then the parameters
        if k >= len(expanded):
            return  # only options: the parameters stay as they were
        if expanded[k] in ("--", "-"):
            new = expanded[k + 1:]  # (`set -`, as `set --`, also ends the options)
        elif expanded[k][:1] not in ("-", "+"):
            new = expanded[k:]  # `set a b`: the first word that is not an option starts the parameters
    elif expanded[0] == "shift" and "@" in variables and "#" in variables:
        count = expanded[1] if len(expanded) > 1 else "1"
        params = variables["@"].split("\x1f") if variables["@"] else []
        if count.isdigit() and len(expanded) <= 2 and len(params) == int(variables["#"]):
            new = params[int(count):] if int(count) <= len(params) else params
    known = certain and new is not None and not any(unknown(w) or any(c in w for c in "*?[") for w in new)
    for key in [k for k in variables if k.isdigit() and k != "0"] + ["@", "*", "#"]:
        variables.pop(key, None)
    if known and new is not None:
        variables["@"] = "\x1f".join(new)
        variables["#"] = str(len(new))
        for n, w in enumerate(new, 1):
            variables[str(n)] = w


_COMPOUND_OPEN = frozenset({"if", "for", "while", "until", "select", "case", "function"})
_COMPOUND_CLOSE = frozenset({"fi", "done", "esac"})


def _last_argument(words: list[str], expanded: list[str], variables: dict[str, str], apart: bool,
                   state: dict[str, Any]) -> None:
    """Bash's ``$_``: the last word of the simple command run before, as expanded. Kept only when the command surely
    ran in this shell and its last word is known (a top-level command: not a pipeline stage, a background job, a
    subshell, a loop or a branch body, nor one after ``&&``/``||`` that may not have run); unknown otherwise."""
    nest = state.get("nest", 0)
    if words and words[0] in _COMPOUND_OPEN:
        nest += 1
    if words and (words[0] in _COMPOUND_CLOSE or words[-1] in _COMPOUND_CLOSE):
        nest = max(nest - 1, 0)
    state["nest"] = nest
    last = expanded[-1] if expanded else None
    if (apart or nest or state.get("maybe") or not words or words[0] in LEADING_RESERVED or words[0] in NOT_COMMANDS
            or words[0] in ("[[", "((")  # compound commands: bash leaves `$_` as it was
            or words[-1] in _COMPOUND_CLOSE or all(_is_assignment(w) or _element_assignment(w) for w in words)
            or last is None
            or unknown(last) or any(c in last for c in "*?[") or _ANY_ALIAS in state["aliases"]):
        variables.pop("_", None)
    else:
        variables["_"] = last


def _read_word(text: str, ifs: str) -> tuple[str, str]:
    """One field of ``read``'s input (bash's get_word_from_string): up to the next IFS character, then the IFS
    whitespace after it, at most one IFS character that is not whitespace, and the IFS whitespace after that."""
    white = "".join(c for c in ifs if c in " \t\n")
    i = 0
    while i < len(text) and text[i] not in ifs:
        i += 1
    word, j = text[:i], i
    while j < len(text) and text[j] in white:
        j += 1
    if j < len(text) and text[j] in ifs and text[j] not in white:
        j += 1
        while j < len(text) and text[j] in white:
            j += 1
    return word, text[j:]


def _getopts_first(args: list[str], variables: dict[str, str]) -> bool:
    """bash's ``getopts OPTSTRING NAME ARG…`` on its first call (OPTIND unset): when ARG's first word is an option the
    string lists, NAME gets its letter, OPTARG its argument (the rest of the word, else the next word) and OPTIND the
    index after them. True when computed; anything else (a later call, an unknown letter, a missing argument, words
    the shell expands) is left to the caller, which forgets what getopts may set."""
    if len(args) < 3 or "OPTIND" in variables or any(c in w for w in args for c in "$`\\'\"*?[{~"):
        return False
    spec, target, rest = args[0], args[1], args[2:]
    if not (target.isidentifier() and target.isascii()) or spec.startswith(":"):
        return False
    first = rest[0]
    if len(first) < 2 or first[0] != "-" or first == "--" or first[1] == ":":
        return False
    letter = first[1]
    at = spec.find(letter)
    if at < 0:
        return False
    if at + 1 < len(spec) and spec[at + 1] == ":":
        if len(first) > 2:
            value, index = first[2:], 2
        elif len(rest) > 1:
            value, index = rest[1], 3
        else:
            return False
        variables["OPTARG"] = value
    else:
        if len(first) > 2:
            return False  # bundled letters: a later call reads the next one
        variables.pop("OPTARG", None)
        index = 2
    variables[target] = letter
    variables["OPTIND"] = str(index)
    return True


def _read_fields(fed: str, flags: str, values: dict[str, str], count: int, array: bool, ifs: str) -> list[str] | None:
    """The values ``read`` gives its names for input ``fed`` (bash's read builtin): one line up to the delimiter
    (``-d``; a newline by default, ``-d ''`` a NUL), at most ``-n`` characters, split at IFS — leading and trailing IFS
    whitespace dropped, the last name taking the rest of the line (with its trailing IFS whitespace dropped) unless
    only one field is left, which it takes without its delimiter. None: not computed
    (a backslash without ``-r``, a count that is not a number). ``-N COUNT``: exactly the first COUNT characters
    (fewer at the end of the input), delimiters included and not split at IFS, all to the first name."""
    if "N" in flags:
        limit = values.get("N", "")
        if array or not limit.isdigit() or "\x00" in fed:
            return None
        chunk = fed[:int(limit)]
        if "\\" in chunk and "r" not in flags:
            return None
        return [chunk] + [""] * (count - 1)
    if "\x00" in fed and "d" not in flags:
        return None
    delimiter = "\n"
    if "d" in flags:
        delimiter = values.get("d", "")[:1] or "\x00"
    line = fed.split(delimiter, 1)[0]
    if "n" in flags:
        limit = values.get("n", "")
        if not limit.isdigit():
            return None
        line = line[:int(limit)] if int(limit) else line
    if "\\" in line and "r" not in flags:
        return None  # backslash escapes and continuation lines: not computed
    white = "".join(c for c in ifs if c in " \t\n")
    text = line.lstrip(white)
    if array:
        out: list[str] = []
        while text:
            word, text = _read_word(text, ifs)
            out.append(word)
        return out
    fields: list[str] = []
    for _ in range(count - 1):
        word, text = _read_word(text, ifs)
        fields.append(word)
    if not text:
        return fields + [""]
    word, rest = _read_word(text, ifs)
    return fields + [word if not rest else text.rstrip(white)]


def _arithmetic_command(tokens: list[str], i: int, state: dict[str, Any]) -> int | None:
    """``(( EXPRESSION ))`` at ``tokens[i]``: bash's arithmetic command. When the expression is computed, its
    assignments are made (or, where the command may run any number of times — a loop, a branch, after ``&&`` — the
    names it assigns become unknown) and the index past its ``))`` is returned; None: read as before (a nested
    subshell whose assignments are all forgotten)."""
    k, level = i + 2, 0
    while k < len(tokens):
        t = tokens[k]
        if _operator(t) and t == "(":
            level += 1
        elif _operator(t) and t == ")":
            if level == 0:
                break
            level -= 1
        elif _operator(t) and t in (";", "\n", ";;", "{", "}"):
            return None
        k += 1
    if k + 1 >= len(tokens) or not (_operator(tokens[k + 1]) and tokens[k + 1] == ")"):
        return None
    variables, lists = state["vars"], state["lists"]
    text = " ".join(tokens[i + 2:k])
    if "`" in text or "__SUBST__" in text or "__HEREDOC_" in text or "'" in text or '"' in text:
        return None
    if "$" in text:
        text = _expand_parameters(text, variables)
        if unknown(text):
            return None
    from statewise_cli.actions.arith import evaluate, lvalues

    value, assigned, touched = evaluate(text, variables)
    if value is None:
        return None
    variables.pop("_", None)
    certain = not (state.get("nest") or state.get("maybe"))
    for name, number in assigned.items():
        lists.pop(name, None)
        if certain and _ATTRS + name not in variables:
            variables[name] = str(number)
        else:
            variables.pop(name, None)
    if not certain and lvalues(text):
        for name in touched | set(evaluate(text, {})[2]):
            variables.pop(name, None)
    return k + 2


def _subscript(name: str, sub: str, variables: dict[str, str]) -> str | None:
    """The key ``NAME[SUB]`` stands for: SUB expanded, for an associative array (``declare -A``); its arithmetic value
    for an indexed one (a negative index, counted from the end, is not computed). None: not known."""
    text = _expand_parameters(sub, variables) if "$" in sub or "~" in sub else sub
    if unknown(text) or "`" in text:
        return None
    if "A" in variables.get(_ATTRS + name, ""):
        return text if "\x00" not in text else None
    if text.strip().isdigit():
        return str(int(text))
    from statewise_cli.actions.arith import evaluate, lvalues

    if lvalues(text):
        return None
    value = evaluate(text, variables)[0] if text.strip() else None
    return value if value is not None and not value.startswith("-") else None


def _element_assignment(word: str) -> bool:
    """``NAME[SUB]=VALUE`` (or ``+=``): an assignment to one element of an array."""
    name, bracket, rest = word.partition("[")
    return bool(bracket) and name.isidentifier() and name.isascii() and ("]=" in rest or "]+=" in rest)


def _assign_element(word: str, variables: dict[str, str], lists: dict[str, list[str]]) -> None:
    """``a[1]=main``: the element's new value when its subscript and value are known; otherwise every element of the
    array (and the name) is unknown from here."""
    name, _, rest = word.partition("[")
    depth, k = 1, 0
    while k < len(rest) and depth:
        depth += rest[k] == "["
        depth -= rest[k] == "]"
        k += 1
    sub, tail = rest[:k - 1], rest[k:]
    append = tail.startswith("+=")
    value = tail[2:] if append else tail[1:]
    lists.pop(name, None)
    if _REPEATED in variables or _TENTATIVE in variables:
        sub = "$unknown"  # `false && a[0]=x`, `for …; do a[0]+=x; done`: the element's value is not known
    key = _subscript(name, sub, variables) if tail[:1] in ("=", "+") else None
    values = expand_word(value, variables) if value else [""]
    known = " ".join(values) if key is not None and not any(unknown(v) for v in values) else None
    if known is not None and append:
        old = variables.get(f"{name}[{key}]")
        known = None if old is None or "i" in variables.get(_ATTRS + name, "") else old + known
    if known is None or any(c in variables.get(_ATTRS + name, "") for c in "ilun"):
        for element in [x for x in variables if x == name or x.startswith(name + "[")]:
            variables.pop(element)
        return
    variables[f"{name}[{key}]"] = known
    if key == "0":
        variables[name] = known  # `$a` is `${a[0]}`


def _kept_when_uncertain(name: str, words: list[str], state: dict[str, Any]) -> bool:
    """A name whose assignment is tracked even where it may not run: a variable a later command's environment holds
    (exported on the line, or one the check reads from the hook's environment such as PATH and HOME): forgetting it
    would hide it from the commands after it."""
    return (name in state.get("exported", ()) or words[:1] == ["export"] or (
        words[:1] in (["declare"], ["typeset"], ["local"], ["readonly"]) and any(
            w.startswith("-") and "x" in w for w in words[1:])) or name in (
        "HOME", "USER", "LOGNAME", "TMPDIR", "SHELL", "PATH", "PWD") or name.startswith(("XDG_", "CLAUDE_", "CODEX_")))


def _let(args: list[str], variables: dict[str, str], lists: dict[str, list[str]]) -> bool:
    """``let EXPR…``: each argument expanded to one word and evaluated in order, its assignments made. False (nothing
    changed) when any is not computed: the caller forgets every name they mention."""
    from statewise_cli.actions.arith import evaluate

    scratch = {k: v for k, v in variables.items() if not k.startswith(_ATTRS)}
    updates: dict[str, str] = {}
    for w in args:
        expanded = expand_word(w, scratch)
        if len(expanded) != 1 or unknown(expanded[0]):
            return False
        value, assigned, _ = evaluate(expanded[0], scratch)
        if value is None or any(_ATTRS + n in variables or n in lists for n in assigned):
            return False  # a name with attributes (case, reference) or a loop's list: not modelled here
        for n, v in assigned.items():
            scratch[n] = updates[n] = str(v)
    variables.update(updates)
    return True


def _replaced(value: str, spec: str) -> str | None:
    """Bash's pattern substitution of a known value of at most 256 characters (``spec``: what follows the first ``/`` —
    ``/pat/rep`` replaces every match, ``#pat/rep`` one at the start, ``%pat/rep`` one at the end, ``pat/rep`` the first), with ``*`` and
    ``?`` in the pattern and the longest match at the earliest place; None for any other form (a bracket or extended
    pattern, an expansion or a backslash in either part, ``&`` in the replacement)."""
    from fnmatch import fnmatchcase

    mode = spec[:1] if spec[:1] in ("/", "#", "%") else ""
    pattern, _, replacement = spec[len(mode):].partition("/")
    if len(value) > 256 or len(pattern) > 64:
        return None  # the search is quadratic: a long value is left unknown rather than slow the hook
    if not pattern or any(c in pattern + replacement for c in "$`\\[]()&'\"") or "{" in pattern:
        return None
    if mode == "#":
        for end in range(len(value), -1, -1):
            if fnmatchcase(value[:end], pattern):
                return replacement + value[end:]
        return value
    if mode == "%":
        for start in range(len(value) + 1):
            if fnmatchcase(value[start:], pattern):
                return value[:start] + replacement
        return value
    out, start = [], 0
    while start <= len(value):
        match = next((end for end in range(len(value), start, -1) if fnmatchcase(value[start:end], pattern)), None)
        if match is None:
            if start < len(value):
                out.append(value[start])
            start += 1
            continue
        out.append(replacement)
        start = match
        if mode != "/":
            out.append(value[start:])
            return "".join(out)
    return "".join(out)


def _case_changed(value: str, op: str) -> str | None:
    """Bash's case modification ``${NAME^^}``, ``${NAME,,}``, ``${NAME^}``, ``${NAME,}``, ``${NAME~~}``, ``${NAME~}`` (an
    optional pattern of one character: only matching characters change) and ``${NAME@U}``, ``@L``, ``@u``; None for any
    other operator."""
    transforms = {"@U": ("^^", ""), "@L": (",,", ""), "@u": ("^", "")}
    if op in transforms:
        op, pattern = transforms[op]
    else:
        cut = 2 if op[:2] in ("^^", ",,", "~~") else 1
        op, pattern = op[:cut], op[cut:]
        if op not in ("^^", ",,", "~~", "^", ",", "~") or unknown(pattern):
            return None
    from fnmatch import fnmatchcase

    def change(c: str) -> str:
        if pattern and not fnmatchcase(c, pattern):
            return c
        if op[0] == "^":
            return c.upper()
        if op[0] == ",":
            return c.lower()
        return c.swapcase()

    if len(op) == 2:
        return "".join(change(c) for c in value)
    return change(value[:1]) + value[1:] if value else value


def _substring(value: str, spec: str, variables: dict[str, str] | None = None) -> str | None:
    """Bash's substring expansion ``${NAME:OFFSET}`` / ``${NAME:OFFSET:LENGTH}`` (a negative offset is written after a
    space or in parentheses, a negative length counts from the end). OFFSET and LENGTH are arithmetic (``$[9-1]``,
    ``$((n+1))``, ``i``) computed from the line's known values; None when not computed: the word stays unknown."""
    parts = spec.split(":")
    if len(parts) > 2:
        return None
    numbers: list[int] = []
    for part in parts:
        text = part.strip()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1].strip()
        if text.removeprefix("-").isdigit() and text.removeprefix("-").startswith("0") and len(text.removeprefix("-")) > 1:
            try:
                text = str(int(text, 8))  # bash reads a leading 0 as octal (`${b:010}` starts at 8)
            except ValueError:
                return None  # `08`: bash's error
        if not text.removeprefix("-").isdigit():
            if variables is None or not text:
                return None
            computed = _arithmetic_number(text, variables)
            if computed is None:
                return None
            text = str(computed)
        numbers.append(int(text))
    offset = numbers[0]
    start = max(len(value) + offset, 0) if offset < 0 else min(offset, len(value))
    if len(numbers) == 1:
        return value[start:]
    length = numbers[1]
    end = start + length if length >= 0 else len(value) + length
    if end < start:
        return None  # bash reports an error ("substring expression < 0"): the command does not run as written
    return value[start:end]


def _braces(word: str) -> list[str]:
    """Brace expansion of one word: ``{main,}`` → ``main`` and ``""``; ``a{b,c}d`` → ``abd acd``."""
    start = 0
    while True:
        i = word.find("{", start)
        if i == -1:
            return [word]
        if i > 0 and word[i - 1] == "$":
            start = _closing(word, i, "{", "}")
            continue
        j = _closing(word, i, "{", "}")
        if j > len(word) or word[j - 1] != "}":
            return [word]
        parts, depth, last = [], 0, i + 1
        for k in range(i + 1, j - 1):
            ch = word[k]
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(word[last:k])
                last = k + 1
        if not parts:
            sequence = _sequence(word[i + 1:j - 1])  # `{1..3}`, `{a..e..2}`
            if sequence is None:
                start = j
                continue
            parts = sequence
        else:
            parts.append(word[last : j - 1])
        if len(parts) > 64:
            return ["$" + word]  # more words than the check reads: unknown, never cut short
        out: list[str] = []
        for part in parts:
            out.extend(_braces(word[:i] + part + word[j:]))
        return out if len(out) <= 64 else ["$" + word]  # more words than the check reads: unknown, not cut short


def _sequence(body: str) -> list[str] | None:
    """Bash's sequence expression ``{X..Y[..INCR]}``: integers (zero-padded to one width when either end starts with
    a zero) or single letters, from X to Y by the increment's size; None when ``body`` is not one."""
    fields = body.split("..")
    if len(fields) not in (2, 3) or not all(fields):
        return None
    step_text = fields[2] if len(fields) == 3 else "1"
    if not step_text.lstrip("-").isdigit() or not step_text.isascii():
        return None
    step = abs(int(step_text)) or 1
    x, y = fields[0], fields[1]
    if len(x) == 1 and len(y) == 1 and x.isascii() and y.isascii() and x.isalpha() and y.isalpha():
        a, b = ord(x), ord(y)
        letters = [chr(c) for c in range(a, b + (1 if b >= a else -1), step if b >= a else -step)]
        return [""] * 65 if "\\" in letters else letters  # a backslash (`{Z..a}`): quote removal empties it
    if not all(f.lstrip("-").isdigit() and f.isascii() and f.count("-") <= 1 for f in (x, y)):
        return None
    a, b = int(x), int(y)
    values = range(a, b + (1 if b >= a else -1), step if b >= a else -step)
    if len(values) > 64:
        return [""] * 65
    width = max(len(x), len(y)) if (x.lstrip("-")[:1] == "0" and len(x.lstrip("-")) > 1) or (
        y.lstrip("-")[:1] == "0" and len(y.lstrip("-")) > 1) else 0
    if width and (a < 0 or b < 0):
        return None  # a padded negative sequence: not computed
    return [str(v).zfill(width) for v in values]


def expand_word(word: str, variables: dict[str, str] | None = None) -> list[str]:
    """The words the shell makes of ``word``: braces, ``~``, knowable parameters and substitutions.
    A part only the running shell knows stays as written, with its ``$`` (see :func:`unknown`)."""
    if not word or ("$" not in word and "~" not in word and "{" not in word):
        return [word]
    if word in ("$@", "${@}") and variables and "@" in variables:  # "$@": one word per argument
        return [w for w in variables["@"].split("\x1f") if w] if variables["@"] else []
    if word.startswith(("${@:", "${*:")) and word.endswith("}") and variables and "@" in variables \
            and "#" in variables and _closing(word, 1, "{", "}") == len(word):
        sliced = _positional_slice(word[4:-1], variables)  # `"${@:2}"`: one word per argument in the slice
        if sliced is not None:
            return [w for w in sliced if w]
    if word in ("$#", "${#}") and variables and "#" in variables:
        return [variables["#"]]
    if word.startswith("${") and word.endswith("}") and variables and ("[@]:" in word or "[*]:" in word) \
            and _closing(word, 1, "{", "}") == len(word):
        name, _, spec = word[2:-1].partition("[")
        sliced = _array_slice(name, spec[3:], variables) if spec[1:3] == "]:" else None
        joiner = " " if spec[:1] == "@" else _star_separator(variables)
        if sliced is not None and joiner is not None:  # `"${s[@]:1:2}"`: one word per element in the slice
            return [w for w in sliced if w] if spec[:1] == "@" else [joiner.join(sliced)]
    if word.startswith("${") and word.endswith(("[@]}", "[*]}")) and variables and word[2:-4].isidentifier():
        # `"${w[@]}"`: one word per element of an array `read -a` filled or a list assigned whole
        arrays = _all_elements(word[2:-4], variables)
        whole = [v for _, v in arrays[0]] if arrays is not None else None
        joiner = " " if word.endswith("[@]}") else _star_separator(variables)
        if whole is not None and joiner is not None:
            # `"${w[*]}"`: one word, the elements joined by IFS's first character
            return [w for w in whole if w] if word.endswith("[@]}") else [joiner.join(whole)]
    words = _braces(word) if "{" in word and " " not in word and ("," in word or ".." in word) else [word]
    out = [_expand_parameters(w, variables or {}) for w in words]
    if "$" in word and all(not w.strip() for w in out):
        # An expansion the shell knows is empty leaves no word (unquoted, which the lexer no longer
        # tells apart): `$(echo) git push …` runs `git push …`. Quoted, it would be an empty command
        # name and nothing would run; reading the rest is the careful side.
        return []
    return [w for w in out if w] if len(out) > 1 else out


_COMPLETE = "[\x00]"  # `NAME[\x00]` in a line's variables: NAME's elements were all assigned from a known list


def _array_slice(name: str, spec: str, variables: dict[str, str]) -> list[str] | None:
    """``${NAME[@]:OFFSET}`` / ``${NAME[@]:OFFSET:LENGTH}`` of an indexed array known whole (OFFSET and LENGTH
    arithmetic): the elements whose index is at least OFFSET (from the end when negative), LENGTH of them; None when
    not computed (an associative array, a negative length: bash's error)."""
    if not name.isidentifier():
        return None
    arrays = _all_elements(name, variables)
    if arrays is None or arrays[1]:
        return None
    offset_text, colon, length_text = spec.partition(":")
    numbers = _slice_numbers(offset_text, length_text if colon else None, variables)
    if numbers is None:
        return None
    pairs = [(int(k), v) for k, v in arrays[0]]
    top = pairs[-1][0] + 1 if pairs else 0
    start = numbers[0] if numbers[0] >= 0 else top + numbers[0]
    if start < 0:
        return []  # before the first element: bash gives nothing
    chosen = [v for k, v in pairs if k >= start]
    if len(numbers) == 1:
        return chosen
    return None if numbers[1] < 0 else chosen[:numbers[1]]


def _all_elements(name: str, variables: dict[str, str]) -> tuple[list[tuple[str, str]], bool] | None:
    """(key, value) of every element of array NAME in bash's order, and whether it is associative: an array `read -a`
    filled (:func:`_whole_array`) or one assigned from a list whose elements were all computed (``b=(x "y z")``,
    ``declare -A h=([k]=v)``), with any element assigned since. An associative array of more than one element is
    not computed (bash lists its keys in hash order). None: not known."""
    whole = _whole_array(name, variables)
    if whole is not None:
        return [(str(i), v) for i, v in enumerate(whole)], False
    kind = variables.get(name + _COMPLETE)
    if kind is None:
        return None
    associative = kind == "A"
    pairs: list[tuple[str, str]] = []
    for key, value in variables.items():
        if key.startswith(name + "[") and key.endswith("]") and key != name + _COMPLETE and key != name + "[@]":
            pairs.append((key[len(name) + 1:-1], value))
    if associative:
        return (pairs, True) if len(pairs) <= 1 else None
    if not all(k.isdigit() for k, _ in pairs):
        return None
    return sorted(pairs, key=lambda kv: int(kv[0])), False


def _transformation(name: str, op: str, variables: dict[str, str]) -> str | None:
    """``${NAME@Q}``, ``${NAME@K}``, ``${NAME@A}``, ``${NAME@P}`` of a known value, and ``${NAME[@]@K}``/``@Q``/``@A``
    of a known array, as one word (:mod:`statewise_cli.actions.quoting`); None: not computed."""
    whole = op[:3] in ("[@]", "[*]")
    code = op[-1]
    if not (op[-2:-1] == "@" and code in "QKAP" and op[:-2] in ("", "[@]", "[*]")):
        return None
    if not name.isidentifier() or not name.isascii():
        return None
    from statewise_cli.actions import quoting

    attrs = variables.get(_ATTRS + name, "")
    if whole:
        arrays = _all_elements(name, variables)
        if arrays is None or code == "P":
            return None
        return quoting.transformed(code, name, None, arrays[0], arrays[1], attrs)
    if any(k.startswith(name + "[") for k in variables) or "A" in attrs:
        return None  # an array (its first element's rendering differs by form): not computed
    if code == "A" and (name not in variables or attrs not in ("", "i", "l", "u")):
        return None  # a name from the environment is exported (`declare -x`): not computed
    return quoting.transformed(code, name, _variable(name, variables), None, False, attrs)


def _whole_array(name: str, variables: dict[str, str]) -> list[str] | None:
    """Every element of the array ``read -a`` filled, when nothing changed it since: the elements it wrote are still
    there with the same values, no element was added after them and ``$name`` is still the first; else None."""
    marked = variables.get(f"{name}[@]")
    if marked is None:
        return None
    fields = marked.split("\x1f") if marked else []
    now = [variables.get(f"{name}[{i}]") for i in range(len(fields))]
    if now != fields or f"{name}[{len(fields)}]" in variables or (fields and variables.get(name) != fields[0]):
        return None
    if any(k.startswith(name + "[") and k[len(name) + 1:-1] not in {str(i) for i in range(len(fields))} | {"@"}
           for k in variables):
        return None  # an element under another subscript
    return fields


_BASE = "\x00pwd"  # in a line's variables: the absolute directory the line starts in (no shell name can clash)


# A statement that leaves the same state however many times it runs in a row: a no-op (`:`, `true`, `command :`,
# `builtin :`) or an assignment of a literal (`x=1`, `declare -i n=2`), written with no quote, expansion or other shell
# syntax, with the separator after it (`;`, a newline, `&&`, `||`: `S && S && rest` runs `rest` exactly when `S && rest`
# does, the statement being the same each time).
_IDEMPOTENT = (r"\s*(?:(?:(?:command|builtin)[ \t]+)?(?::|true)(?:[ \t]+[\w.,:/@%+=-]+)*|(?:(?:declare|typeset|local|export|readonly)"
               r"(?:[ \t]+[-+][a-zA-Z]+)*[ \t]+)?[A-Za-z_]\w*=[\w.,:/@%+-]*|let[ \t]+[A-Za-z_]\w*=[0-9]+)[ \t]*(?:[;\n]|&&|\|\|)")
# Lines longer than this are read with their repeated idempotent statements once (a line of thousands of the same
# statement is analysed within the hook's budget); shorter ones as written.
_COLLAPSE_FROM = 8 * 1024


def _collapse_repeats(text: str) -> str:
    """``text`` with each run of the same idempotent statement written many times in a row (`:; :; :; …`,
    `declare -i n=1; declare -i n=1; …`) read once: the shell ends in the same state, and a line padded that way past
    the size limit is read like the short line it is."""
    import re

    if re.search(r"['\"`]|<<|\\(?!\n)", text):
        # a run inside quotes, after a backslash or in a here-document is data (a value a later `${s:N:M}` or
        # `eval` reads by its length and offsets), not statements: read as written, the size limit holds the line
        return text
    text = re.sub(r"(?:^|(?<=[;\n&|]))(" + _IDEMPOTENT + r")(?:\1)+", lambda m: m.group(1), text)
    if len(text) > MAX_PARSE_CHARS and not any(q in text for q in ("'", '"', "<<", "`", "#")):
        # bash(1): a backslash-newline outside quotes is removed (the line continues), and `:` / `true` do nothing
        # beyond expanding their arguments and performing redirections: literal words they are given are dropped
        # (`true \<newline> : \<newline> : …` padded past the size limit is the short line `true`)
        joined = text.replace("\\\n", " ")
        text = re.sub(r"(?:^|(?<=[;\n&|(]))(\s*(?:true|:))((?:[ \t]+[\w.,:/@%+=-]+)+)(?=[ \t]*(?:$|[;\n&|)]))",
                      lambda m: m.group(1), joined)
    return _collapse_compound_repeats(text) if len(text) > MAX_PARSE_CHARS else text


_OPENERS = {"for": "done", "while": "done", "until": "done", "select": "done", "if": "fi", "{": "}"}
_PREFIX_KEYWORDS = frozenset({"do", "then", "else", "elif", "if", "while", "until", "!", "{"})


def _no_op_statement(statement: str, depth: list[int]) -> bool:
    """Whether ``statement`` (text between two `;` or newlines) is built only of control keywords, no-ops (`:`,
    `true`, `false`) with literal words, literal assignments and `for NAME in LITERALS`: running it changes no state
    but a variable set to a literal. ``depth``: the open compound statements, updated."""
    import re

    if re.fullmatch(r"\s*[A-Za-z_]\w*=\((?:[ \t]*[\w.,:/@%+-]+)*[ \t]*\)\s*", statement):
        return True  # `s=(a b c)`: an array assigned literal elements
    words = statement.split()
    if words[:1] in ([":"], ["true"]) and all(_inert_expansion(w) for w in words[1:]):
        return True  # `: ${h^^}`, `: ${s[@]:1:1}`: the arguments are expanded and dropped, nothing assigned
    if any(not re.fullmatch(r"[\w.,:/@%+=-]+|[{}!]", w) for w in words):
        return False
    while words and words[0] in _PREFIX_KEYWORDS:
        if words[0] in _OPENERS:
            depth[0] += 1
        words = words[1:]
    if not words:
        return True
    head = words[0]
    if head in ("done", "fi", "}"):
        depth[0] -= 1
        return len(words) == 1
    if head == "for":
        depth[0] += 1
        return len(words) >= 2 and re.fullmatch(r"[A-Za-z_]\w*", words[1]) is not None and (
            len(words) == 2 or words[2] == "in")
    if head in (":", "true", "false"):
        return all("=" not in w for w in words[1:])
    return all(re.fullmatch(r"[A-Za-z_]\w*=[\w.,:/@%+-]*", w) for w in words)


def _inert_expansion(word: str) -> bool:
    """A word whose expansion changes no state: literal, or parameter expansions (``${h^^}``, ``${s[@]:1:1}``, ``$x``)
    and arithmetic with no assignment (``=``, ``++``, ``--``), no substitution, no ``${x?}`` exit and no prompt
    expansion (``@P`` may run substitutions)."""
    if any(t in word for t in ("=", "?", "`", "++", "--", "@P", "'", '"', "\\", "<", ">", "|", "&", ";")):
        return False
    if "$(" in word.replace("$((", ""):
        return False
    return bool(word) and all(c.isalnum() or c in "_.,:/@%+-${}[]()#!^~*" for c in word)


def _collapse_compound_repeats(text: str) -> str:
    """Runs of the same unit of up to eight statements written many times in a row, when the unit is balanced and
    built only of no-op statements (:func:`_no_op_statement`: `for i in 1; do :; done; …`, `if true; then :; fi; …`),
    read once: the shell ends in the same state whichever number of times it runs."""
    import re

    parts = re.split(r"([;\n])", text)
    statements = [(parts[k], parts[k + 1] if k + 1 < len(parts) else "") for k in range(0, len(parts), 2)]
    keys = [(body.strip(" \t"), sep) for body, sep in statements]
    plain: list[bool] = []
    for body, _ in statements:
        plain.append(_no_op_statement(body, [0]))
    out: list[tuple[str, str]] = []
    i = 0
    n = len(statements)
    while i < n:
        done = False
        for period in range(1, 9):
            unit = keys[i:i + period]
            if len(unit) < period or not all(plain[i:i + period]):
                continue
            depth = [0]
            if not all(_no_op_statement(b, depth) and depth[0] >= 0 for b, _ in unit) or depth[0] != 0:
                continue
            j = i + period
            while j + period <= n and keys[j:j + period] == unit:
                j += period
            if j - i >= 2 * period:
                out.extend(statements[i:i + period])
                i = j
                done = True
                break
        if not done:
            out.append(statements[i])
            i += 1
    return "".join(body + sep for body, sep in out)


# `while read [-r] NAME…; do BODY; done <<< WORD`: a here-string of one line feeds the loop once — the read sets its
# names from WORD, BODY runs, the next read meets the end of input. The loop is read as `read … <<< WORD; BODY`, so the
# names have the values the shell gives them inside the loop (after it, the read that met the end of input has
# emptied them: read here as input the check does not see). Only a literal word of one line, a body with no loop or
# `done` of its own; anything else is left as it is (the names stay unknown there).
_WHILE_READ = Pattern(r"""(?<![\w$-])while[ \t]+((?:IFS=\S*[ \t]+)?read(?:[ \t]+-[A-Za-z]+)*(?:[ \t]+[A-Za-z_]\w*)+)[ \t]*;[ \t]*"""
                      r"""do[ \t]+((?:(?!\b(?:done|do|while|until|for|select)\b)[^\n`\\])*?)[ \t]*;?[ \t]*done[ \t]*<<<[ \t]*"""
                      r"""([\w./@%+,:=-]+|'[^'\n]*'|"[^"$`\\\n]*")(?=[ \t]*(?:$|[;&|\n)]))""")


def _unroll_while_read(text: str) -> str:
    """``text`` with each loop :data:`_WHILE_READ` matches read as the one pass it makes."""
    # (the read that ends the loop meets the end of input: its names are not the word any more after the loop)
    return _WHILE_READ.sub(lambda m: f"{m.group(1)} <<< {m.group(3)}; {m.group(2)}; {m.group(1)} < /dev/null", text)


def split_commands(text: str, _depth: int = 0, _wrappers: tuple[str, ...] = (), _cwd: str = "",
                   _vars: dict[str, str] | None = None, pwd: str | None = None,
                   _final: dict[str, Any] | None = None) -> list[SimpleCommand]:
    """Every simple command ``text`` runs, wrappers removed, nested scripts expanded, words expanded
    where their value is knowable and ``cd`` followed (``_cwd``: where ``text`` starts). ``pwd``: the
    caller's absolute directory, when known: ``$PWD`` is then the absolute directory each command runs in
    (otherwise it stays a word only the running shell knows)."""
    if _depth > MAX_DEPTH:
        raise ParseError("command nests too deeply to check")
    if len(text) > MAX_PARSE_CHARS and text.lstrip().startswith("#"):
        # comment lines at the start of a script (no quote or here-document can be open there; a comment ends at its
        # newline whatever it holds) run nothing: the size limit is for what the shell would run
        lines = text.split("\n")
        k = 0
        while k < len(lines) and (lines[k].lstrip().startswith("#") or not lines[k].strip()):
            k += 1
        text = "\n".join(lines[k:])
    text, bodies = _extract_heredocs(text)  # backslash-newline: _tokens joins the lines as the shell does
    if len(text) > _COLLAPSE_FROM:
        text = _collapse_repeats(text)
    if len(text) > MAX_PARSE_CHARS:
        raise ParseError(f"command longer than {MAX_PARSE_CHARS // 1024} KiB")
    if "<<<" in text and "while" in text:
        text = _unroll_while_read(text)
    text, substituted = _cut_backticks(text)
    state: dict[str, Any] = {"cwd": _cwd, "vars": dict(_vars or {}), "lists": {}, "stdin": (), "aliases": {}}
    if pwd and pwd.startswith("/") and "$" not in pwd:
        state["vars"][_BASE] = pwd

    def track_pwd() -> None:
        base = state["vars"].get(_BASE)
        if base is not None and "$" not in state["cwd"]:
            import posixpath

            state["vars"]["PWD"] = posixpath.normpath(posixpath.join(base, state["cwd"]))
        else:
            state["vars"].pop("PWD", None)  # a `cd` the check cannot follow: `$PWD` is unknown from here

    if _BASE in state["vars"]:
        track_pwd()
    stack: list[dict[str, Any]] = []
    result: list[SimpleCommand] = []
    for inner in substituted:
        result.extend(split_commands(inner, _depth + 1, _wrappers + ("``",), _cwd, _vars))
    words: list[str] = []
    redirects: list[tuple[str, str]] = []

    def flush(separator: str) -> None:
        ifs_words = [str(w) for w in words] if any("IFS" in w for w in words) else None
        certain = not (stack or state["stdin"] or separator in ("|", "|&", "&") or state.get("nest")
                       or state.get("maybe"))
        _flush(separator)
        if ifs_words is not None and any(w in ("readonly", "-r", "-rx", "-xr") or (w.startswith("-") and "r" in w
                                          and ifs_words[:1] in (["declare"], ["typeset"], ["local"]))
                                         for w in ifs_words):
            state["ifs_readonly"] = True  # a later `unset IFS` fails: IFS keeps the value it was given
        if ifs_words is not None and _may_set_ifs(ifs_words, certain and not state.get("ifs_readonly")) and (
                "IFS" not in state["vars"] or "IFS" in state["lists"]):
            # IFS set in a form the tracking does not follow (a loop variable, a declaration, an assignment in a branch,
            # `${IFS:=…}`): where later expansions split is unknown — never the default
            state["vars"]["IFS"] = "${IFS}"
            state["lists"].pop("IFS", None)

    def _flush(separator: str) -> None:
        stdin = state["stdin"]
        state["stdin"] = ()
        carried_in: tuple[str, ...] = state.pop("carried", ())
        handed: tuple[str, ...] = state.pop("handed", ())
        if words or redirects:
            variables, lists = state["vars"], state["lists"]

            def assign(w: str) -> None:
                """`NAME=value` (or `NAME+=more`): later words see the value, with the case or integer attribute a
                `declare` gave NAME."""
                name, _, value = w.partition("=")
                attrs = variables.get(_ATTRS + name.removesuffix("+"), "")
                if "n" in attrs:
                    _forget_all(variables, lists)  # a name reference: the variable it names changes, unknown here
                    return
                if name == "PWD":  # the line sets it itself: no longer the directory the check follows
                    variables.pop(_BASE, None)

                for key in [k for k in variables if k.startswith(name.removesuffix("+") + "[")]:
                    variables.pop(key)  # the array's elements, replaced or gone
                if value.startswith("(") and value.endswith(")") and not name.endswith("+"):
                    # `b=(one "two words")`: each element as the shell expands it, read as `${b[N]}`; `$b` is
                    # the first; an element that expands to several words or to none leaves the rest unknown
                    try:
                        tokens = _tokens(value[1:-1])
                    except ParseError:
                        tokens = []
                    index = 0
                    for token in tokens:
                        # `([k]=v …)`: an element under its subscript (a key of an associative array, an index
                        # computed by arithmetic), else the next index; a key or value not known stops here
                        sub, element = None, token
                        if token.startswith("[") and "]=" in token:
                            sub, _, element = token[1:].partition("]=")
                        elif "A" in attrs:
                            break  # bash's `(key value …)` pairs: not computed
                        values = expand_word(element, variables) if element else [""]
                        if sub is None and isinstance(token, Bare) and len(values) == 1 and any(
                                c in values[0] for c in " \t\n") and not unknown(values[0]):
                            # `a=($x)`: the expansion is split into elements at blanks
                            for part in values[0].split():
                                variables[f"{name}[{index}]"] = part
                                index += 1
                            continue
                        if isinstance(token, Mixed) and any(c in v for v in values for c in " \t\n"):
                            break  # `a=("x y"$z)`: where it splits is not known
                        key = _subscript(name, sub, variables) if sub is not None else str(index)
                        if key is None or len(values) != 1 or unknown(values[0]) or any(c in values[0] for c in "*?["):
                            break  # (a pattern may be a list of file names: the array is not known whole)
                        variables[f"{name}[{key}]"] = values[0]
                        index = int(key) + 1 if key.lstrip("-").isdigit() and "A" not in attrs else index
                    else:
                        # every element computed: the array is known whole (`${b[@]@K}`, `"${b[@]}"`) until an
                        # element is changed in a way the check does not compute (which drops this mark with them)
                        variables[f"{name}{_COMPLETE}"] = "A" if "A" in attrs else "a"
                    if f"{name}[0]" in variables:
                        variables[name] = variables[f"{name}[0]"]
                    else:
                        variables.pop(name, None)
                    lists.pop(name, None)
                    return
                known: str | None = " ".join(expand_word(value, variables)) if value else ""
                base = name.removesuffix("+")
                if state.get("allexport") is not None and base.isidentifier() and base not in ("PATH", "PWD"):
                    # under `set -a` every assignment gives the name the export attribute, its value new or not
                    state.setdefault("exported", set()).add(base)
                if _TENTATIVE in variables and not _kept_when_uncertain(base, words, state):
                    state.setdefault("tentative", set()).add(base)  # `a && b=x && push $b`: x until the chain ends
                if _REPEATED in variables and not _kept_when_uncertain(base, words, state):
                    # `false && b=x`, `for …; do b=x; done`, `if …; then b=x; fi`: the old value or the new one, or
                    # one built any number of times: not known (a name a later command's environment holds keeps the
                    # tracking it had; the new value is kept for an `export` after it, as at the end of a chain)
                    if known and not name.endswith("+") and base.isidentifier():
                        state.setdefault("maybe_env", {})[base] = known
                    for key in [k for k in variables if k == base or k.startswith(base + "[")]:
                        variables.pop(key)
                    lists.pop(base, None)
                    return
                if name.endswith("+"):  # `c+=x`: appended to what is known, else still unknown
                    name = name[:-1]
                    if name not in variables or ("i" in attrs and (unknown(known or "") or unknown(variables[name]))):
                        variables.pop(name, None)
                        lists.pop(name, None)
                        return
                    # an integer variable adds (`declare -i n=1; n+=2` is 3); any other appends
                    known = f"{variables[name]}+({known or 0})" if "i" in attrs else variables[name] + (known or "")
                known = _with_attributes(known or "", attrs, variables) if attrs else known
                lists.pop(name, None)
                if known is None:
                    variables.pop(name, None)  # `declare -i n; n=1+2`: arithmetic the check does not do
                    return
                variables[name] = known

            assigned = words[1:] if words and words[0] in ("export", "declare", "local", "readonly", "typeset") else words
            elements_only = False
            if state.get("nest"):
                variables[_REPEATED] = "1"
            else:
                variables.pop(_REPEATED, None)
            if state.get("maybe"):
                variables[_TENTATIVE] = "1"
                if state.get("or_before"):
                    variables[_REPEATED] = "1"  # after a `||` in the list: ran, or not, whatever runs after it
            else:
                variables.pop(_TENTATIVE, None)
            # the builtin behind reserved words and prefixes (`while read b`, `if read b`, `command read b`,
            # `IFS= read -r b`): it sets variables all the same
            k = 0
            while k < len(words) - 1 and (words[k] in _BUILTIN_PREFIXES or (
                    _is_assignment(words[k]) and words[k + 1] in _VARIABLE_BUILTINS)):
                k += 1
            called = words[k:]
            # `shopt -s lastpipe`: the last stage of a pipeline runs in this shell (bash without job control, as a
            # hook's shell is), so a `read` there sets its names from what the stage before prints
            last_stage = None
            if called and called[0] in _READERS and stdin and state.get("lastpipe") and not stack \
                    and separator not in ("|", "|&", "&") and not any(w in ("while", "until") for w in words[:k]) \
                    and not any(unknown(w) for w in stdin) and _basename(stdin[0]) in _FOLDERS:
                from statewise_cli.actions.fold import run

                last_stage = run(list(stdin), None)
            if k and called and called[0] in _VARIABLE_BUILTINS:
                prefix = [w.partition("=") for w in words[:k] if _is_assignment(w)]
                ifs_values = [expand_word(v, variables) if v else [""] for n, _, v in prefix if n == "IFS"]
                if prefix and (called[0] != "read" or len(ifs_values) != len(prefix) or len(ifs_values[-1]) != 1
                               or unknown(ifs_values[-1][0])):
                    # a prefix other than a known `IFS=…` for `read`: what it changes for the builtin is not modelled:
                    # the names it sets are unknown (read as if fed nothing the check sees)
                    _tentative_sets(state, variables, lists, called, [], [], True, assign, None)
                else:
                    # `IFS=: read -r a b <<< …`: read splits at the IFS the prefix gives it, for this command only
                    _tentative_sets(state, variables, lists, called, redirects, bodies, bool(stdin), assign,
                                    state.get("procout"), ifs_values[-1][0] if prefix else None, last_stage)
            elif words and words[0] in _VARIABLE_BUILTINS and (len(words) > 1 or words[0] in _READERS) and not all(
                    _is_assignment(w) for w in assigned):
                _tentative_sets(state, variables, lists, words, redirects, bodies, bool(stdin), assign,
                                state.get("procout"), None, last_stage)
            elif assigned and all(_is_assignment(w) for w in assigned):  # `X=value`: later words see it
                for w in assigned:
                    assign(w)
            elif k and called and all(_is_assignment(w) or _element_assignment(w) for w in called) \
                    and all(w in LEADING_RESERVED for w in words[:k]):  # (`command b=x` runs a program `b=x`)
                # `do b=main`, `then b=main`, `! b=x`: assignments behind a reserved word run all the same (in a loop
                # or a branch body their value is not known afterwards: see assign)
                elements_only = True
                for w in called:
                    if _is_assignment(w):
                        assign(w)
                    else:
                        _assign_element(w, variables, lists)
            elif words and words is assigned and all(_is_assignment(w) or _element_assignment(w) for w in words):
                # `a[1]=main`, `m[key]+=x`: an element assigned (its value known or forgotten, never kept stale)
                elements_only = True
                for w in words:
                    if _is_assignment(w):
                        assign(w)
                    else:
                        _assign_element(w, variables, lists)
            if len(words) > 2 and words[0] in ("for", "select") and words[2] == "in" and words[1].isidentifier():
                # `for d in a b; do … $d`; `select d in a b; do … $d`: one of the listed words (or empty)
                values = [v for w in words[3:] for v in expand_word(w, variables)]
                if values and len(values) <= 16:
                    lists[words[1]] = values
                    variables.pop(words[1], None)
            expanded: list[str] = []
            ifs = variables.get("IFS")
            split_on = "".join(c for c in ifs if c not in " \t\n") if ifs and not unknown(ifs) else ""
            for w in words:
                for each in _loop_values(w, lists):
                    # a `NAME=value` word is an assignment only before the command name (kept as written for the
                    # variable tracking); after it, an argument the shell expands (`--mount src=$(pwd),dst=/w`)
                    argument = (_is_assignment(each) and any(not _is_assignment(x) for x in expanded)
                                and expanded[0] not in _DECLARATION_WORDS)
                    values = expand_word(each, variables) if argument or not _is_assignment(each) else [each]
                    if ifs and unknown(ifs) and "$" in w and not _is_assignment(each):
                        # IFS holds a value only the running shell knows: where an expansion splits is its to know
                        values = [each]
                    elif split_on and "$" in w and not _is_assignment(each) and isinstance(w, Mixed) and any(
                            ch in v for v in values for ch in split_on):
                        # `"a:b"$c` under `IFS=:`: only what the expansion gives is split, which the joined text no
                        # longer tells apart: the word is the shell's to know
                        values = [each]
                    elif split_on and "$" in w and not _is_assignment(each) and isinstance(w, Bare):
                        # `IFS=,; c="rm,-rf,x"; $c`: an expansion outside quotes is split into words at IFS's
                        # characters (`"$c"` keeps one word)
                        for ch in split_on:
                            values = [part for v in values for part in v.split(ch)]
                        values = [v for v in values if v]
                    if (isinstance(w, Bare) and not _is_assignment(each) and (ifs is None or any(c in ifs for c in " \t\n"))
                            and any(" " in v or "\t" in v or "\n" in v for v in values)
                            and not any(unknown(v) for v in values)):
                        # `x='-rf /home'; rm $x`, `g='push origin main'; git $g`: an expansion outside quotes is split
                        # into words at blanks (`"$x"` keeps one word)
                        values = [part for v in values for part in v.split()]
                    elif (isinstance(w, Mixed) and not _is_assignment(each)
                          and any(" " in v or "\t" in v or "\n" in v for v in values)):
                        # `"a b"$e`: where the shell splits it depends on which part the blanks came from, which the
                        # joined word no longer shows: the word is the shell's to know
                        values = [each]
                    elif (not expanded and w.startswith("$") and not w.startswith("$(") and not _is_assignment(each)
                            and (ifs is None or any(c in ifs for c in " \t\n"))
                            and any(" " in v or "\t" in v for v in values) and not any(unknown(v) for v in values)):
                        # `c='git push -f origin main'; $c`: a variable the line set, expanded as the command word, is
                        # split into words at blanks (`"$c"` would run a program named by the whole value: none exists)
                        values = [part for v in values for part in v.split()]
                    elif (expanded[:1] == ["git"] and w.startswith("$(") and (ifs is None or " " in ifs)
                          and any(" " in v or "\t" in v for v in values) and not any(unknown(v) for v in values)):
                        # `git checkout $(echo -- .)`: unquoted, the shell splits a substitution's output into words
                        # (`-- .`, a discard); quoted it would be one word git rejects. The lexer no longer tells the
                        # two apart, and git's words are read the split way (the careful side of a discard)
                        values = [part for v in values for part in v.split()]
                    expanded.extend(values)
            aliases = state["aliases"]
            if _ANY_ALIAS not in aliases and _changes_command_words(words, expanded):
                # a write of bash's alias or hash table in a form not modelled below (`BASH_ALIASES+=(…)`, `declare -A
                # BASH_ALIASES=(…)`, `printf -v 'BASH_CMDS[g]'`, `read 'BASH_ALIASES[x]'`, a name reference to the
                # table, `eval` of an assignment), or a builtin loaded from a shared object (`enable -f`): any later
                # command word may stand for something else — each is unknown (the protected answer)
                aliases[_ANY_ALIAS] = "$unknown"
            while expanded and expanded[0].startswith(_TABLE_ARRAYS) and "]=" in expanded[0]:
                # bash's own tables written as arrays: `BASH_ALIASES[gp]='git push'` defines an alias and
                # `BASH_CMDS[g]=/usr/bin/git` hashes a program for a name, as `alias` and `hash -p` do
                table, _, rest = expanded.pop(0).partition("[")
                name, _, value = rest.partition("]=")
                name = name.strip("'\"")
                if unknown(name):
                    aliases[_ANY_ALIAS] = "$unknown"  # a name the check cannot compute: any command word may be it
                elif table == "BASH_CMDS":
                    aliases[name] = _quote_word(value)
                else:
                    aliases[name] = value
            if expanded and expanded[0] == "alias":
                for definition in expanded[1:]:
                    name, eq, value = definition.partition("=")
                    if eq and name:
                        aliases[name] = value
            elif expanded and expanded[0] == "hash" and "-p" in expanded[1:]:
                # `hash -p PATH NAME…`: NAME runs the program at PATH from here on, as an alias to it would
                k = expanded.index("-p")
                if k + 2 < len(expanded) + 1 and k + 1 < len(expanded):
                    for name in expanded[k + 2:]:
                        if not name.startswith("-"):
                            aliases[name] = _quote_word(expanded[k + 1])
            elif expanded and expanded[0] in aliases:
                # an alias defined earlier on the line (`shopt -s expand_aliases; alias x=…; x …`) is its text
                try:
                    expanded = [t for t in _tokens(aliases[expanded[0]]) if t not in SEPARATORS] + expanded[1:]
                except ParseError:
                    expanded = ["$" + expanded[0]] + expanded[1:]
            elif expanded and _ANY_ALIAS in aliases and expanded[0] not in ("shopt", "set", "unset", "echo", "printf"):
                expanded = ["$" + expanded[0]] + expanded[1:]  # it may be the alias whose name was not computed
            if "=~" in words and "[[" in expanded:
                _regex_match(words, expanded[expanded.index("[["):], variables)
            targets = tuple((op, " ".join(expand_word(t, variables)) if not op.startswith("<<") else t) for op, t in redirects)
            if elements_only:
                expanded = []  # assignments only: no command runs
            _last_argument(words, expanded, variables, bool(stack) or bool(stdin) or separator in ("|", "|&", "&"),
                           state)
            if expanded[:2] == ["shopt", "-s"] and "lastpipe" in expanded[2:]:
                state["lastpipe"] = not (stack or stdin or state.get("nest") or state.get("maybe"))
            elif expanded[:1] == ["shopt"] and "lastpipe" in expanded or (expanded[:1] == ["set"] and any(
                    w.startswith("-") and "m" in w for w in expanded[1:])):
                state["lastpipe"] = False  # turned off, or job control on (`set -m`): a pipeline's stages are subshells
            if expanded and expanded[0] in ("set", "shift") and (len(expanded) > 1 or expanded[0] == "shift"):
                _set_positional(expanded, variables, not (stack or stdin or separator in ("|", "|&", "&")
                                                          or state.get("nest") or state.get("maybe")))
            state["maybe"] = separator in ("&&", "||")  # the next command may not run
            if separator in ("&&", "||"):
                # a `||` earlier in the and-or list: a later command may run although one after the `||` did not
                # (`true || b=x && push $b` pushes the old b): what such a command assigns is not known after it
                state["or_before"] = state.get("or_before", False) or separator == "||"
            elif separator not in ("|", "|&"):
                state["or_before"] = False
            evaluated: dict[str, Any] = {}
            made = _expand(expanded, targets, bodies, _depth, _wrappers, state["cwd"], variables, stdin, evaluated)
            made = [_history_file(c, variables) for c in made]
            made = _with_exported(made, words, state, variables)
            if carried_in or handed:
                made = _with_carried(made, stdin, carried_in, handed)
            result.extend(made)
            if words[:1] == ["unset"] and state.get("maybe_env") and not any(w[:1] == "-" and set(w[1:]) - {"v"} for w in words[1:]):
                for w in words[1:]:
                    state["maybe_env"].pop(w, None)  # `unset NAME`: no value of the line's is left to export
            sourcing = list(words)
            while sourcing[:1] in (["builtin"], ["command"]):
                sourcing = sourcing[1:]  # `builtin . FILE`, `command source FILE`: the builtin all the same
                while sourcing[:1] in (["-p"], ["--"]):
                    sourcing = sourcing[1:]  # `command -p . FILE`, `builtin -- . FILE`
            if sourcing[:1] in (["source"], ["."]) and words[:1] != sourcing[:1] and not evaluated:
                # (the forms with a prefix word are the builtin too: what it may set is forgotten as below)
                _forget_all(variables, lists)
            # A sourced file's text is not read in place: what the shell reads at that moment can differ from what is
            # on disk or what the line wrote (an earlier command may rewrite it, a write may fail under `set -C`, go
            # to a directory or /dev/null, `return` ends it early, `local` fails outside a function), so what it
            # sets is unknown to the check
            if sourcing[:1] in (["source"], ["."]) and separator not in ("|", "|&", "&") and _sourced_anything(
                    sourcing, expanded, variables, state["cwd"]):
                # a file the check does not read runs in this shell: any variable it exports reaches the git
                # commands after it (an editor, a diff or ssh program, git's own configuration) — they are judged
                # as running what only the shell knows
                variables[SOURCED_UNREAD] = " ".join(sourcing[1:])[:120] or "?"
            if words and (words[0] in ("source", ".", "eval") or evaluated):
                certain = not (stack or stdin or separator in ("|", "|&", "&") or state.get("nest")
                               or state.get("maybe"))
                if evaluated.get("cwd") is not None and evaluated["cwd"] != state["cwd"]:
                    # `eval "cd .."`: the text runs in this shell, so its `cd` moves the rest of the line
                    state["cwd"] = evaluated["cwd"]
                    track_pwd()
                if evaluated.get("vars") is not None and certain and evaluated.get("plain"):
                    # `eval` of text the check knows whole runs it in this shell: what it sets is what reading that
                    # text here sets (`eval "set -- ${h[@]@K}"` sets the positional parameters)
                    kept = {k: v for k, v in variables.items() if k in (_BASE,)}
                    variables.clear()
                    variables.update(evaluated["vars"])
                    variables.update(kept)
                    lists.clear()
                    lists.update(evaluated["lists"])
                else:
                    # a script sourced or a string evaluated in this shell may set any variable: none is known after it
                    _forget_all(variables, lists)
            if RAN not in variables and any(not _leaves_state(c.argv) for c in made):
                variables[RAN] = "1"
            _note_written_text(made, variables, separator not in ("&", "|", "|&"))
            if WROTE not in variables and any(op[:1] == ">" or op in ("<>", "&>", "&>>") for c in made
                                              for op, t in c.redirects if t != "/dev/null"):
                variables[WROTE] = "1"  # a file was written before: what a later command reads is not what is on disk
            sure = separator == "&&" and bool(made) and not state.get("or_before") and not state.get("nest")
            for cmd in made:
                if cmd.argv and cmd.argv[0] in ("cd", "pushd", "popd", "chdir") and cmd.wrappers != _wrappers and (
                        cmd.wrappers[:len(_wrappers)] == _wrappers
                        and set(cmd.wrappers[len(_wrappers):]) <= {"builtin", "command"}):
                    # `builtin cd DIR`, `command cd DIR`: the builtin itself, run in this shell — where it leaves the
                    # rest of the line is not followed here (in a pipeline or in the background it moves nothing, into
                    # a file it fails): the directory is unknown from here on
                    state["cwd"] = "$OLDPWD"
                    track_pwd()
                    sure = False
                elif cmd.argv and cmd.argv[0] in ("cd", "pushd", "popd", "chdir") and cmd.wrappers == _wrappers:
                    before = state["cwd"]
                    state["cwd"] = _cd_stacked(cmd.argv, state, _cdpath_set(cmd, variables))
                    track_pwd()
                    sure = sure and _cd_succeeds(cmd, before, state["cwd"])
                else:
                    sure = sure and (_always_succeeds(cmd) or _mkdir_succeeds(cmd, state["cwd"]))
            if sure:
                # `cd DIR && b=x; push $b` with DIR a directory here: the `cd` succeeds, so what follows the `&&`
                # runs exactly as it would with no `cd` before it (the directory context changes no verdict)
                state["maybe"] = False
            if separator in ("|", "|&") and made:
                folded = _folded_stdin(made[-1].argv, stdin, made[-1].redirects, bodies) \
                    if _basename(made[-1].argv[0] if made[-1].argv else "") in _FILTERS else None
                state["stdin"] = folded or made[-1].argv
                if not folded:
                    # what the stage was fed may reach the next one (a filter whose output is not computed passes
                    # it on): carried, for the next program to be judged as if fed it
                    state["carried"] = _passed_on(made[-1], bodies)
        words.clear()
        redirects.clear()
        state.pop("procout", None)
        if separator != "&&" and state.get("tentative"):
            # the `&&` chain that may not have run ends: what it assigned is the old value or the new one
            for name in state.pop("tentative"):
                if name in state["vars"] and name not in state["lists"]:
                    # the new value is one the environment of a later command may get through an `export` (or
                    # `set -a`) after it: kept for that (the old one is the caller's own, passed on anyway)
                    state.setdefault("maybe_env", {})[name] = state["vars"][name]
                for key in [k for k in state["vars"] if k == name or k.startswith(name + "[")]:
                    state["vars"].pop(key)
                state["lists"].pop(name, None)

    tokens = _tokens(text, mark=True)
    if "function" in tokens or any(tokens[k] == "(" and tokens[k + 1] == ")" for k in range(len(tokens) - 1)):
        state["nest"] = 1 << 16  # a function defined on the line may run anywhere: `$_` is not followed
    arithmetic: list[int] = []
    i = 0
    while True:
        while i < len(tokens):
            tok = tokens[i]
            if tok in SEPARATORS and _operator(tok):
                if words and words[-1] == "$" and tok == "(":
                    words.pop()  # ``$(`` split by the lexer: a substitution, parsed as a subshell
                flush(tok)
                if state.get("splice") is not None:
                    spliced = _tokens("{ " + state.pop("splice") + "\n}" + (" &&\n" if tok == "&&" else "\n"), mark=True)
                    if "function" in spliced or any(spliced[k] == "(" and spliced[k + 1] == ")"
                                                    for k in range(len(spliced) - 1)):
                        state["nest"] = 1 << 16  # a function the sourced text defines may run anywhere after it
                    tokens[i + 1:i + 1] = spliced
                    i += 1
                    continue
                if tok == "(" and tokens[i + 1:i + 2] == ["("] and not words \
                        and (after := _arithmetic_command(tokens, i, state)) is not None:
                    i = after  # `(( n = n * 2 ))`: computed, its assignments made
                    continue
                if tok == "(":  # a subshell: its `cd` and assignments end with it
                    if tokens[i + 1:i + 2] == ["("] and not words:
                        arithmetic.append(len(stack))  # `(( b = 3 ))`: arithmetic in this shell, not a subshell
                    stack.append({"cwd": state["cwd"], "vars": dict(state["vars"]), "lists": dict(state["lists"]),
                                  "dirs": list(state.get("dirs", ())), "oldpwd": state.get("oldpwd")})
                elif tok == ")" and stack:
                    ran = state["vars"].get(RAN)
                    state.update(stack.pop())
                    if ran:
                        state["vars"][RAN] = ran  # what ran in a subshell ran
                    if arithmetic and arithmetic[-1] == len(stack):
                        arithmetic.pop()
                        _forget_all(state["vars"], state["lists"])  # what it assigned is not computed
            elif _operator(tok) and (tok in REDIRECTS or (tok.endswith((">", "<")) and set(tok) <= set("<>&|"))):
                target = tokens[i + 1] if i + 1 < len(tokens) else ""
                redirected = target in ("<", ">") and tokens[i + 2:i + 3] == ["("]  # ``< <(…)``: a process substitution
                if redirected or target == "(":
                    # ``<(…)`` / ``>(…)``: its commands run too; the command around it goes on after it (``xargs -a
                    # <(echo x) rm``), with the substitution as a word (or, after ``<``, as what it reads)
                    start = i + (3 if redirected else 2)
                    k, level = start, 1
                    while k < len(tokens) and level:
                        level += tokens[k] == "("
                        level -= tokens[k] == ")"
                        k += 1
                    inner = " ".join(t if (t in SEPARATORS or t in REDIRECTS) and _operator(t) else _quote(t)
                                     for t in tokens[start:k - 1])
                    try:
                        substituted_cmds = split_commands(inner, _depth + 1, _wrappers + ("<()",), state["cwd"], state["vars"])
                        if (tok.endswith(">") if not redirected else target == ">") and any(
                                _reads_commands(c.argv) for c in substituted_cmds):
                            # `exec 3> >(sh)`: a shell reading whatever the line writes to it later runs it
                            substituted_cmds.append(SimpleCommand(("$(>(…))",), (), _wrappers, (), state["cwd"]))
                        result.extend(substituted_cmds)
                    except ParseError:
                        result.append(SimpleCommand(("$(<(…))",), (), _wrappers, (), state["cwd"]))
                    if (target == "<") if redirected else (tok == "<"):
                        # `prog <(printf '…')`, `prog < <(echo '…')`: the command is handed the substitution's output
                        shown = _substitution_value(inner, state["vars"])
                        if shown is not None and not unknown(shown) and shown.strip():
                            state["handed"] = (*state.get("handed", ()), shown)[:8]
                    if redirected:
                        redirects.append((tok, "(…)"))
                        if tok == "<" and target == "<":
                            # what `< <(printf …)` feeds a builtin reader (`readarray`, `read`), when knowable
                            state["procout"] = _substitution_value(inner, state["vars"])
                    elif words and words[-1].endswith(PROCSUB_VALUE):
                        # `NAME=<(…)`: the variable names the substitution's output. A shell started with it in
                        # `BASH_ENV` / `ENV` runs that output first, whichever program starts the shell: a computed output
                        # is judged as the script it is; any other value is a command word only the shell knows
                        name = words[-1][:-len(PROCSUB_VALUE) - 1]
                        script = _substitution_value(inner, state["vars"]) if tok == "<" and name in ("BASH_ENV", "ENV") \
                            else None
                        if script is not None:
                            words[-1] = f"{name}={PROCSUB_VALUE}"
                            if script.strip():
                                result.extend(split_commands(script, _depth + 1, _wrappers + ("bash",), state["cwd"],
                                                             state["vars"]))
                        else:
                            words[-1] = f"{name}="
                            words.append("$(<(…))")
                    else:
                        words.append("$(<(…))")
                    i = k
                    continue
                redirects.append((tok, target))
                i += 1
            else:
                for inner in _substitutions(tok):
                    result.extend(split_commands(inner, _depth + 1, _wrappers + ("$()",), state["cwd"], state["vars"]))
                words.append(tok)
            i += 1
        flush("")
        if state.get("splice") is None:
            break
        tokens.extend(_tokens("{ " + state.pop("splice") + "\n}", mark=True))  # a `. FILE` the line ends with
        if "function" in tokens or any(tokens[k] == "(" and tokens[k + 1] == ")" for k in range(len(tokens) - 1)):
            state["nest"] = 1 << 16
    if _final is not None:
        _final.update(vars=state["vars"], lists=state["lists"], cwd=state["cwd"])
    return result


def _loop_values(word: str, lists: dict[str, list[str]]) -> list[str]:
    """``$d`` of ``for d in build dist`` → one word per value."""
    if not lists or "$" not in word:
        return [word]
    words = [word]
    for name, values in lists.items():
        if "$" + name in word or "${" + name + "}" in word:
            words = [_substitute(w, name, v) for w in words for v in values]
    return words


def _substitute(word: str, name: str, value: str) -> str:
    word = word.replace("${" + name + "}", value)
    out: list[str] = []
    i, key = 0, "$" + name
    while True:
        j = word.find(key, i)
        end = j + len(key)
        if j == -1:
            return "".join(out) + word[i:]
        if end < len(word) and (word[end].isalnum() or word[end] == "_"):
            out.append(word[i:end])
        else:
            out.append(word[i:j] + value)
        i = end


def _always_succeeds(cmd: SimpleCommand) -> bool:
    """``true`` or ``:`` with no redirection: its status is 0 whatever happens."""
    return cmd.argv[:1] in (("true",), (":",)) and not cmd.redirects and not cmd.wrappers


def _cd_succeeds(cmd: SimpleCommand, before: str, after: str) -> bool:
    """A ``cd``/``pushd`` with one literal operand (no ``-``, no option other than ``-L``/``-P``/``--``) to a directory
    that exists here and may be entered, with no redirection: it succeeds when the line runs."""
    if cmd.argv[0] not in ("cd", "pushd") or cmd.redirects or cmd.wrappers:
        return False
    args = [a for a in cmd.argv[1:] if a != "--"]
    if len(args) != 1 or args[0].startswith("-") or "$" in after or after.startswith("~") or unknown(args[0]):
        return False
    if not after.startswith("/") and (before and not before.startswith("/") or os.environ.get("CDPATH")):
        return False  # relative to a directory the check does not know, or looked up along CDPATH
    return os.path.isdir(after) and os.access(after, os.X_OK)


def _mkdir_succeeds(cmd: SimpleCommand, before: str) -> bool:
    """``mkdir -p DIR…`` (mkdir(1): "-p, --parents: no error if existing, make parent directories as needed") with
    literal operands, no redirection, no other option than ``-v``/``-m MODE``: it succeeds when each DIR is a
    directory here already, or its nearest existing ancestor is a directory that may be written and entered and no
    part of the path is something else (the same file-system reading :func:`_cd_succeeds` makes)."""
    if cmd.argv[:1] != ("mkdir",) or cmd.redirects or cmd.wrappers:
        return False
    parents, k = False, 1
    operands: list[str] = []
    args = cmd.argv
    while k < len(args):
        a = args[k]
        if a == "--":
            operands.extend(args[k + 1:])
            break
        if a in ("-p", "--parents"):
            parents = True
        elif a in ("-v", "--verbose", "-pv", "-vp"):
            parents = parents or "p" in a
        elif a == "-m" and k + 1 < len(args):
            k += 1
        elif a.startswith("-") and a != "-":
            return False
        else:
            operands.append(a)
        k += 1
    if not parents or not operands or before and not before.startswith("/"):
        return False
    for operand in operands:
        if unknown(operand) or operand.startswith("~"):
            return False
        path = _join_dir(before, operand) if before else operand
        if "$" in path:
            return False
        probe = os.path.abspath(path)
        if os.path.exists(probe):
            if not os.path.isdir(probe):
                return False
            continue
        parent = probe
        while not os.path.exists(parent):
            parent = os.path.dirname(parent)
        if not os.path.isdir(parent) or not os.access(parent, os.W_OK | os.X_OK):
            return False
    return True


def _cdpath_set(cmd: SimpleCommand, variables: dict[str, str]) -> bool:
    """Whether ``cd`` looks its operand up along ``CDPATH``: set for this command (``CDPATH=DIR cd x``), earlier on
    the line, or in the environment the check runs in."""
    return any(n == "CDPATH" and v for n, v in cmd.assigns) or bool(variables.get("CDPATH")) or bool(
        os.environ.get("CDPATH"))


def _cd_stacked(argv: tuple[str, ...], state: dict[str, Any], cdpath: bool = False) -> str:
    """Where a ``cd``/``pushd``/``popd`` lands, with the shell's directory stack and ``$OLDPWD`` as the line set them
    (bash(1): ``pushd DIR`` saves the current directory on the stack, ``popd`` returns to the top entry, ``cd -``
    to ``$OLDPWD``). ``popd``, ``cd -`` and an operand of the stack's own (``+N``, ``-N``) stay the directory the
    check cannot know: a failed ``cd``/``pushd``, ``dirs -c`` or an assignment to ``OLDPWD`` changes where they go."""
    before = state["cwd"]
    dirs: list[str] = state.setdefault("dirs", [])
    args = [a for a in argv[1:] if a != "--"]
    if argv[0] == "popd":
        # where `popd` returns depends on every `pushd` and `dirs` having done what they say (a failed `pushd` pushes
        # nothing, `dirs -c` clears the stack): a directory the check cannot know
        after = "$OLDPWD"
        dirs.clear()
    elif argv[0] == "pushd":
        if len(args) == 1 and not args[0].startswith(("-", "+")):
            after = _cd(argv, before, cdpath)
            dirs.append(before)
        else:
            after = "$OLDPWD"  # a rotation or a swap of the stack's entries
            dirs.clear()
    elif args == ["-"]:
        # `cd -` goes to `$OLDPWD`, which a failed `cd` leaves as it was and an assignment sets: unknown
        after = "$OLDPWD"
    else:
        after = _cd(argv, before, cdpath)
    state["oldpwd"] = before
    return after


def _cd(argv: tuple[str, ...], cwd: str, cdpath: bool = False) -> str:
    args = [a for a in argv[1:] if not (a.startswith("-") and a != "-")]
    if argv[0] == "popd" or args[:1] == ["-"] or (argv[0] == "pushd" and not args):
        return "$OLDPWD"
    if not args:
        return _home()
    if cdpath and argv[0] in ("cd", "pushd") and not args[0].startswith(("/", "./", "../", "~", "$")) and \
            args[0] not in (".", ".."):
        # `CDPATH=$HOME cd b`: a relative name is looked up in CDPATH's directories before this one (bash prints the
        # directory it picked): where the command lands is the shell's to know
        return "$CDPATH/" + args[0]
    joined = _join_dir(cwd, args[0])
    physical = any(a.startswith("-") and not a.startswith("--") and "P" in a for a in argv[1:] if a != "-")
    if physical or "$" in joined or ".." not in joined.split("/"):
        return joined  # `cd -P`: `..` is resolved as the kernel does, by the check
    import posixpath

    return posixpath.normpath(joined)  # the shell's logical `cd`: `dir/..` is the directory it started from


def _heredoc_index(target: str) -> int | None:
    """The body number of a ``__HEREDOC_n__`` placeholder at the start of a redirect's target. The word may
    run on past it (``__HEREDOC_0__\\nfrom`` when the command line held a literal backslash-n there): the
    number is still read, and a word that only looks like one is not a heredoc."""
    if not target.startswith("__HEREDOC_"):
        return None
    digits, sep, _ = target[len("__HEREDOC_"):].partition("__")
    return int(digits) if sep and digits.isdigit() else None


def _heredoc_bodies(redirects: tuple[tuple[str, str], ...], bodies: list[str]) -> list[str]:
    found = []
    for op, target in redirects:
        if op.startswith("<<") and op != "<<<":
            index = _heredoc_index(target)
            if index is not None and index < len(bodies):
                found.append(bodies[index])
    return found


def _program(word: str) -> str:
    """``git.exe``, ``C:/Git/bin/GIT.EXE`` → ``git``: the same program under Windows' name."""
    if word[-4:].lower() == ".exe":
        return _basename(word)[:-4].lower()
    return word


def _with_exported(made: list[SimpleCommand], words: list[str], state: dict[str, Any],
                   variables: dict[str, str]) -> list[SimpleCommand]:
    """``export NAME=value`` (or ``export NAME`` of a variable the line set) reaches every later command's environment:
    the commands after it run with it, as if it were written before each (``export EDITOR=cmd; tool edit``)."""
    exported: set[str] = state.setdefault("exported", set())
    if words and words[0] == "set":
        # `set -a` / `set -o allexport` (bash(1): "each variable … created or modified is given the export
        # attribute"): what the line assigns after it reaches every later command, as `export` does
        flags = words[1:]
        if any(w.startswith("-") and not w.startswith("--") and "a" in w[1:] for w in flags) or any(
                flags[k] == "-o" and flags[k + 1] == "allexport" for k in range(len(flags) - 1)):
            state["allexport"] = dict(variables)
        elif any(w.startswith("+") and "a" in w[1:] for w in flags) or any(
                flags[k] == "+o" and flags[k + 1] == "allexport" for k in range(len(flags) - 1)):
            state.pop("allexport", None)
    elif words and words[0] == "shopt" and "allexport" in words[1:]:
        # `shopt -so allexport` / `shopt -s -o allexport`: the `set -o` option by shopt's name for it
        letters = "".join(w[1:] for w in words[1:] if w.startswith("-"))
        if "o" in letters and "s" in letters and "u" not in letters:
            state["allexport"] = dict(variables)
        elif "o" in letters and "u" in letters and "s" not in letters:
            state.pop("allexport", None)
    elif words and words[0] in ("export", "declare", "typeset", "local") and (words[0] == "export" or any(
            w.startswith("-") and not w.startswith("--") and "x" in w[1:] for w in words[1:])):
        # `declare -x`, `typeset -gx`, a function's `local -x`: the export attribute, as `export` gives it
        exported.update(w.partition("=")[0] for w in words[1:] if not w.startswith("-") and w.partition("=")[0]
                        .isidentifier() and w.partition("=")[0] not in ("PATH", "PWD"))
        return made
    if state.get("allexport") is not None:
        before = state["allexport"]
        exported.update(n for n, v in variables.items() if n.isidentifier() and before.get(n) != v
                        and n not in ("PATH", "PWD"))
    unread = variables.get(SOURCED_UNREAD)
    if unread is not None:
        made = [cmd.replace(assigns=cmd.assigns + ((SOURCED_UNREAD, unread),))
                if cmd.argv and _program(_basename(cmd.argv[0])) == "git" else cmd for cmd in made]
    path = _line_path(variables)
    if not exported and not path:
        return made
    maybe: dict[str, str] = state.get("maybe_env") or {}
    out = []
    for cmd in made:
        have = {n for n, _ in cmd.assigns}
        extra = tuple((n, variables[n] if n in variables else maybe[n]) for n in sorted(exported)
                      if n not in have and (n in variables or n in maybe))
        if path and "PATH" not in have and cmd.argv and not any(w.startswith("PATH=") for w in words):
            # PATH is exported already: an entry the line put in it reaches every later command, as a
            # `PATH=DIR:$PATH prog` prefix does (a program found first in DIR is the one that runs)
            extra += (("PATH", path),)
        out.append(cmd.replace(assigns=extra + cmd.assigns) if extra and cmd.argv else cmd)
    return out


def _line_path(variables: dict[str, str]) -> str:
    """The entries the line itself added to PATH (``PATH=/x:$PATH``, ``export PATH=…``), the inherited ones left out."""
    value = variables.get("PATH")
    if not value:
        return ""
    import os

    inherited = set((os.environ.get("PATH") or "").split(":"))
    return ":".join(d for d in value.split(":") if d and d not in inherited)


def _expand(
    argv: list[str], redirects: tuple[tuple[str, str], ...], bodies: list[str], depth: int, wrappers: tuple[str, ...],
    cwd: str = "", variables: dict[str, str] | None = None, stdin: tuple[str, ...] = (),
    evaluated: dict[str, Any] | None = None,
) -> list[SimpleCommand]:
    """The simple commands ``argv`` runs, wrappers removed. ``evaluated``: filled with the variables, arrays and
    directory after the text an ``eval`` runs, when that text holds no word only the running shell knows (an empty
    dict is marked when another ``eval`` form ran)."""
    chain = list(wrappers)
    docs = tuple(_heredoc_bodies(redirects, bodies)) if bodies else ()
    assigns: list[tuple[str, str]] = []
    piped: list[SimpleCommand] = []  # commands a wrapper starts itself: `strace -o '|cmd' …`
    while True:
        while argv and argv[0] in LEADING_RESERVED and not assigns:
            # `time env 'BASH_FUNC_f%%=…' bash -c f`, `! env X=1 cmd`: a reserved word before the command (bash reads
            # it before the assignments) leaves the command, its environment and its wrappers as they were
            argv = argv[2:] if argv[0] == "time" and argv[1:2] == ["-p"] else argv[1:]
        lead = 0
        while lead < len(argv) and _is_assignment(argv[lead]):
            name, _, value = argv[lead].partition("=")
            assigns.append((name, value))
            lead += 1
        if argv[lead:] and _basename(argv[lead]) == "env":
            assigns.extend(tuple(a.partition("=")[::2]) for a in argv[lead + 1:] if _env_entry(a))  # type: ignore[misc]
        if lead < len(argv):
            argv = argv[:lead] + [_program(argv[lead])] + argv[lead + 1:]
        head = _basename(argv[lead]) if lead < len(argv) else ""
        if head in ("xargs", "parallel"):
            chain.append(head)
            if not stdin:
                fed = [t for op, t in redirects if op == "<<<"] + (list(docs) if docs else [])
                if fed:
                    stdin = ("printf", "%s", fed[-1])  # `xargs cmd <<< 'items'`: the items are shown
            out: list[SimpleCommand] = []
            for item, keep_stdin in (_xargs if head == "xargs" else _parallel)(argv[lead:], stdin):
                if isinstance(item, str):
                    out.extend(split_commands(item, depth + 1, tuple(chain), cwd, variables) if item.strip() else [])
                elif item:
                    out.extend(_expand(item, redirects, bodies, depth, tuple(chain), cwd, variables,
                                       stdin if keep_stdin else ()))
            return out
        rest, wrapper, script, chdir = _unwrap(argv)
        if wrapper in _WRAPPER_OUTPUT and script is None:
            # `strace -o FILE cmd`: the wrapper writes FILE, as a redirect of the command would
            own = argv[lead + 1 : len(argv) - len(rest)]
            opts = _WRAPPER_OUTPUT[wrapper]
            for k, a in enumerate(own):
                out_file: str | None = own[k + 1] if a in opts and k + 1 < len(own) else (
                    a.partition("=")[2] if a.startswith("--") and a.partition("=")[0] in opts else (
                        a[2:] if len(a) > 2 and a[:2] in opts and not a.startswith("--") else None))
                if out_file and wrapper == "strace" and out_file[:1] in "|!":
                    # strace(1): an output file name that starts with `|` or `!` is a command the trace is piped to
                    piped.extend(split_commands(out_file[1:], depth + 1, (*chain, wrapper), cwd, variables)
                                 if out_file[1:].strip() else [])
                elif out_file:
                    redirects = redirects + ((">>", " ".join(expand_word(out_file, variables))),)
        if chdir:
            cwd = _join_dir(cwd, chdir)
        if wrapper is None:
            argv = rest  # leading assignments are gone even without a wrapper
            break
        chain.append(wrapper)
        if script is not None:
            inner = _shell_positional(argv[lead:], variables) if wrapper in SHELLS else variables
            if wrapper in ("eval", "source", ".") and any(n == "IFS" for n, _ in assigns):
                # `IFS=: eval '…'`: the code it runs splits its expansions at the IFS the prefix gives it (a value the
                # shell computes: unknown, never the default)
                given = [v for n, v in assigns if n == "IFS"][-1]
                inner = dict(inner or {})
                inner["IFS"] = given if not unknown(given) and "$" not in given and "`" not in given else "${IFS}"
            final: dict[str, Any] | None = None
            if wrapper == "eval" and evaluated is not None:
                evaluated["eval"] = True  # whatever form: the caller forgets what it cannot carry over
                if not unknown(script):
                    final = evaluated
                    evaluated["plain"] = not assigns and len(chain) == len(wrappers) + 1
            if wrapper == "eval" and stdin and script.strip():
                # `… | eval "$(…)"`: the text eval runs reads the pipe. A single command is read fed from it; a list
                # (whose commands share what is piped) is code the check does not follow: the protected answer
                if any(c in script for c in ";&|\n(){}`") or unknown(" ".join(stdin)):
                    return [SimpleCommand(("$(" + script[:80] + ")",), (), tuple(chain), (), cwd)]
                script = " ".join(_quote(w) for w in stdin) + " | " + script
                final = None
            nested = split_commands(script, depth + 1, tuple(chain), cwd, inner, _final=final) if script.strip() else []
            if wrapper in SHELLS:
                sourced = [v for n, v in assigns if n in ("BASH_ENV", "ENV") and not v.endswith(PROCSUB_VALUE)] + [
                    (variables or {}).get(n, "") for n in ("BASH_ENV", "ENV") if n not in dict(assigns)]
                # a non-interactive shell reads $BASH_ENV (sh: $ENV) before its script; `--rcfile F` / `--init-file F`
                # name the file an interactive one reads, and zsh reads `$ZDOTDIR/.zshenv` whatever it runs
                sourced += [argv[j + 1] for j in range(lead, len(argv) - 1) if argv[j] in ("--rcfile", "--init-file")]
                # an interactive shell (`-i`, `-ic`) reads its rc file, a login shell (`-l`, `--login`) its profile,
                # from the home directory the command gives it
                home = dict(assigns).get("HOME", "")
                if "$" in home:
                    known = expand_word(home, variables or {})
                    home = known[0] if len(known) == 1 and not unknown(known[0]) else home  # `HOME="$PWD/x"`
                flags = "".join(a[1:] for a in argv[lead + 1:] if a.startswith("-") and not a.startswith("--"))
                if home and not unknown(home) and _basename(wrapper) in ("bash", "sh", "dash", "ksh", "mksh", "zsh"):
                    base = home.rstrip("/")
                    if "i" in flags:
                        sourced += [f"{base}/.zshrc" if _basename(wrapper) == "zsh" else f"{base}/.bashrc"]
                    if "l" in flags or "--login" in argv[lead + 1:]:
                        sourced += [f"{base}/{f}" for f in (".bash_profile", ".bash_login", ".profile", ".zprofile")]
                elif home and _basename(wrapper) in ("bash", "sh", "dash", "ksh", "mksh", "zsh") and (
                        "i" in flags or "l" in flags or "--login" in argv[lead + 1:]):
                    # a home directory only the running shell knows: the file it reads there is not known either
                    sourced.append(f"{home.rstrip('/')}/.profile")
                zdot = dict(assigns).get("ZDOTDIR") or (variables or {}).get("ZDOTDIR", "")
                if zdot and _basename(wrapper) == "zsh":
                    sourced += [f"{zdot.rstrip('/')}/.zshenv", f"{zdot.rstrip('/')}/.zshrc"]
                nested = [SimpleCommand(("source", f), (), tuple(chain), (), cwd) for f in sourced if f] + nested
                # a function bash imports from its environment (`BASH_FUNC_ls%%=() { …; }`) replaces the command of
                # that name: its body is judged as if the script ran it
                for n, v in assigns:
                    body = v.strip()
                    if n.startswith("BASH_FUNC_") and body.startswith("()"):
                        body = body[2:].strip()
                        body = body[1:-1] if body.startswith("{") and body.endswith("}") else body
                        nested = split_commands(body, depth + 1, tuple(chain), cwd, variables) + nested
            return piped + nested + ([SimpleCommand(tuple(rest), redirects, tuple(chain), docs, cwd, tuple(assigns),
                                                    stdin)] if rest else [])
        argv = rest
    if argv:
        argv = _descriptor_script([_program(argv[0]), *argv[1:]])
    out = piped + ([SimpleCommand(tuple(argv), redirects, tuple(chain), docs, cwd, tuple(assigns), stdin)]
                   if argv or redirects else [])
    # A heredoc, a here-string or a pipe fed to a bare shell is a script: ``bash <<EOF … EOF``, ``bash <<<'…'``,
    # ``echo '…' | sh``. A script only the running shell knows (``base64 -d | sh``, ``sh < <(…)``, ``curl … | sh``)
    # is a command word only the shell knows: the checks give it the protected answer.
    deferred = bool(argv) and _basename(argv[0]) in ("at", "batch")
    if deferred and not any(a[:2] in ("-l", "-r", "-d", "-c") for a in argv[1:]):
        # `at`/`batch` run a script later: the one in `-f FILE`, or the one on their standard input
        script_file = next((argv[j + 1] for j, a in enumerate(argv[1:-1], 1) if a == "-f"), None)
        if script_file is not None:
            out.append(SimpleCommand(("sh", script_file), (), tuple(chain) + (argv[0],), (), cwd))
    if argv and (_basename(argv[0]) in SHELLS and not _shell_operands(argv) or deferred and "-f" not in argv):
        shell = tuple(chain) + (argv[0],)
        for op, target in redirects:
            index = _heredoc_index(target) if op.startswith("<<") and op != "<<<" else None
            if index is not None:
                if index < len(bodies):
                    out.extend(split_commands(bodies[index], depth + 1, shell, cwd, variables))
                    if "$" in bodies[index] or "`" in bodies[index]:
                        # what a substitution or a variable gives, the shell reading the text parses as code (`&&`, `;`
                        # in it run) when the delimiter is unquoted: the text it runs is not the one written (a quoted
                        # delimiter hands the text over as written: the shell reading it expands it, as read above)
                        out.append(SimpleCommand(("$(<<…)",), (), shell, (), cwd))
            elif op == "<<<":
                out.extend(split_commands(target, depth + 1, shell, cwd, variables))
                if "$" in target or "`" in target:
                    out.append(SimpleCommand(("$(<<<…)",), (), shell, (), cwd))  # a value the shell then parses
            elif op == "<" and target == "(…)":
                out.append(SimpleCommand(("$(<(…))",), (), shell, (), cwd))
            elif op == "<" and target and not target.startswith("__HEREDOC_"):
                out.append(SimpleCommand(("sh", target), (), shell, (), cwd))  # `sh < script.sh` runs the file
        if stdin:
            text = _stdin_text(stdin)
            if text is not None:
                out.extend(split_commands(text, depth + 1, shell, cwd, variables))
            elif len(stdin) == 3 and stdin[:2] == ("printf", "%s") and ("`" in stdin[2] or "$(" in stdin[2]):
                # text a filter passes on after the shell ran its command substitutions (an unquoted here-document
                # through `cat`): what they print is parsed as code by the shell reading it — unknown code
                out.append(SimpleCommand(("$(" + " ".join(stdin)[:80] + ")",), (), shell, (), cwd))
            elif _basename(stdin[0]) == "cat" and [a for a in stdin[1:] if not a.startswith("-")]:
                # `cat script.sh | sh` runs a file, as `sh script.sh` does
                for name in [a for a in stdin[1:] if not a.startswith("-")]:
                    out.append(SimpleCommand(("sh", name), (), shell, (), cwd))
            else:  # anything else is unknown code
                out.append(SimpleCommand(("$(" + " ".join(stdin)[:80] + ")",), (), shell, (), cwd))
    return out


def expand_argv(argv: tuple[str, ...], wrappers: tuple[str, ...] = (), cwd: str = "") -> list[SimpleCommand]:
    """The simple commands one argv runs once its wrappers are removed (``find -exec sudo rm …``,
    ``find -exec sh -c '…'``): what :func:`split_commands` does for a command it parsed itself."""
    return _expand(list(argv), (), [], 1, wrappers, cwd)


# A word standing for what a program reads on its standard input when that cannot be known.
STDIN_WORD = "${STDIN}"
_XARGS_VALUE = {"-n", "-P", "-d", "-a", "-E", "-L", "-s", "--max-args", "--max-procs", "--delimiter", "--arg-file",
                "--max-lines", "--max-chars", "--eof", "--process-slot-var"}
_PARALLEL_VALUE = {"-j", "--jobs", "-S", "--sshlogin", "--joblog", "-a", "--arg-file", "-d", "--delimiter", "--results",
                   "--timeout", "-n", "--max-args", "--tagstring", "--workdir", "--wd", "-I", "--colsep", "-C"}


def _stdin_text(stdin: tuple[str, ...]) -> str | None:
    """What ``echo``/``printf`` of literal words writes (the command piped into another), or None."""
    if not stdin or any(unknown(w) for w in stdin):
        return None
    name = _basename(stdin[0])
    if name in ("echo", "printf") and any("\\" in w for w in stdin[1:]):
        # backslash escapes (`\147`, `\x67`, `\u0067`, `%b`) are decoded exactly as echo -e / printf write them;
        # an escape printf's model does not compute leaves the text unknown
        from statewise_cli.actions.fold import run

        if name == "printf" and len(stdin) > 1:
            return run(list(stdin), None)
        args = list(stdin[1:])
        escapes = False
        while args and len(args[0]) > 1 and args[0][0] == "-" and set(args[0][1:]) <= set("neE"):
            escapes = "e" in args[0] if ("e" in args[0] or "E" in args[0]) else escapes
            args.pop(0)
        if escapes:
            shown = run(list(stdin), None)
            return shown[:-1] if shown is not None and not any("n" in a for a in stdin[1:len(stdin) - len(args)]) \
                and shown.endswith("\n") else shown
    if name == "echo":
        args, escapes = list(stdin[1:]), False
        while args and args[0] in ("-n", "-e", "-E", "-ne", "-en"):
            escapes = escapes or "e" in args[0]
            args.pop(0)
        text = " ".join(args)
        return text.replace("\\n", "\n").replace("\\t", "\t") if escapes else text
    if name == "printf" and len(stdin) > 1:
        fmt, items = stdin[1].replace("\\n", "\n").replace("\\t", "\t").replace("\\000", "\0").replace("\\0", "\0"), stdin[2:]
        if "%" not in fmt:
            return fmt
        if fmt.strip("\n") in ("%s", "%b") and fmt.count("%") == 1:
            return ("\n" if fmt.endswith("\n") else "").join(items)
        shown = _printf(fmt, items)
        if shown is None:
            from statewise_cli.actions.fold import run

            shown = run(list(stdin), None)  # the other conversions printf's model computes (`%x`, `%(TEXT)T`)
        return shown
    return None


def _printf(fmt: str, items: tuple[str, ...]) -> str | None:
    """What ``printf FMT ITEMS…`` writes when FMT holds only plain ``%s``/``%b``/``%d`` conversions (the format is
    reused while items remain, as printf does), or None for any other conversion."""
    import re

    parts = re.split(r"(%%|%[sbdi])", fmt)
    if any(p.startswith("%") and p not in ("%%", "%s", "%b", "%d", "%i") for p in parts) or "%" in "".join(
            p for p in parts if p not in ("%%", "%s", "%b", "%d", "%i")):
        return None
    slots = sum(p in ("%s", "%b", "%d", "%i") for p in parts)
    rest, out = list(items), []
    while True:
        for p in parts:
            out.append("%" if p == "%%" else (rest.pop(0) if rest else "") if p in ("%s", "%b", "%d", "%i") else p)
        if not rest or not slots:
            return "".join(out)


def _xargs(argv: list[str], stdin: tuple[str, ...]) -> list[tuple[list[str] | str, bool]]:
    """The commands ``xargs`` runs: its command with the items it reads (from ``echo``/``printf`` when
    they are knowable), one per item with ``-I``; an unknown item is :data:`STDIN_WORD`. The bool
    says whether the command still reads the pipe (its items unknown)."""
    replace, i, delimiter = None, 1, None
    while i < len(argv) and argv[i].startswith("-") and argv[i] != "-":
        arg = argv[i]
        if arg == "--":
            i += 1
            break
        if arg in ("-0", "--null"):
            delimiter = "\0"
        elif arg in ("-d", "--delimiter") and i + 1 < len(argv):
            delimiter = argv[i + 1]
        elif arg.startswith(("--delimiter=", "-d")) and arg != "-d":
            delimiter = arg.partition("=")[2] if arg.startswith("--") else arg[2:]
        if arg == "-I" and i + 1 < len(argv):
            replace, i = argv[i + 1], i + 2
            continue
        if arg.startswith("-I"):
            replace = arg[2:]
        elif arg.startswith("-i") and not arg.startswith("--"):
            replace = arg[2:] or "{}"
        elif arg.startswith("--replace"):
            replace = arg.partition("=")[2] or "{}"
        elif arg in _XARGS_VALUE:
            i += 1
        i += 1
    rest = argv[i:] or ["echo"]
    text = _stdin_text(stdin)
    if text is not None and delimiter is not None:
        # items split on the delimiter (`-0`: NUL, `-d ,`): each is one word, blanks kept inside it
        mark = {"\\n": "\n", "\\t": "\t", "\\0": "\0"}.get(delimiter, delimiter[:1] or "\n")
        if replace:
            text = "\n".join(text.split(mark))
        else:
            return [(rest + [w for w in text.split(mark) if w][:64], False)]
    if text is not None and "\0" in text and not replace:
        text = text.replace("\0", " ")  # a NUL in the items separates them as much as a blank does
    if replace:
        items = [ln for ln in text.split("\n") if ln.strip()][:16] if text is not None else [STDIN_WORD]
        return [([w.replace(replace, v) for w in rest], text is None) for v in items or [""]]
    if _basename(rest[0]) in SHELLS and _shell_script(rest) == "":
        # `… | xargs bash -c`: the script is what arrives on the pipe (read whole: the careful side)
        return [(rest + [text.strip() if text is not None else STDIN_WORD], False)]
    if text is None:
        # items only the running command knows: for a program whose operands are what it destroys
        # (`… | xargs git checkout --`, `xargs rm -f < list`) they are an unknown operand, never none
        return [(rest + [STDIN_WORD] if _basename(rest[0]) in _XARGS_TARGETS else rest, True)]
    return [(rest + text.split()[:64], False)]


_XARGS_TARGETS = {"git", "rm", "shred", "unlink", "rmdir", "truncate", "statewise", "sqlite3",
                  # programs whose first operand is the subcommand that decides what they do: a package manager's
                  # items read from a file or a pipe may be `install …`
                  "npm", "pnpm", "yarn", "bun", "cnpm", "deno", "pip", "pip3", "uv", "poetry", "pdm", "pipenv"}


def _quote(word: str) -> str:
    if word and all(c.isalnum() or c in "-_./=:,+@%{}" for c in word):
        return word
    return "'" + word.replace("'", "'\\''") + "'"


def _parallel(argv: list[str], stdin: tuple[str, ...]) -> list[tuple[list[str] | str, bool]]:
    """GNU parallel's commands: the template joined into a shell line (as parallel does, and quoted word by
    word, as the writer may have meant), each value from ``:::`` or the pipe put in quoted and as written
    (both readings are checked: the careful side)."""
    i = 1
    while i < len(argv) and argv[i].startswith("-") and argv[i] not in (":::", "::::"):
        i += 2 if argv[i] in _PARALLEL_VALUE else 1
    rest = argv[i:]
    cut = rest.index(":::") if ":::" in rest else len(rest)
    values = [v for v in rest[cut + 1:] if v not in (":::", "::::")]
    if not values:
        text = _stdin_text(stdin)
        values = [ln for ln in text.split("\n") if ln.strip()] if text is not None else [STDIN_WORD]
    templates = dict.fromkeys((" ".join(rest[:cut]), " ".join(_quote(w) for w in rest[:cut])))
    scripts = []
    for template in templates:
        for v in values[:16]:
            for q in dict.fromkeys((v if v == STDIN_WORD else _quote(v), v)):  # quoted, as parallel does; as written
                scripts.append(template.replace("{}", q) if "{}" in template else f"{template} {q}")
    return [(script, False) for script in scripts]


_STDIN_INTERPRETERS = ("python", "python3", "node", "perl", "ruby", "php", "lua", "tclsh")


def _descriptor(word: str) -> bool:
    """A path that is one of the process's open descriptors: ``/dev/stdin``, ``/dev/fd/N``, ``/proc/self/fd/N``,
    ``/proc/PID/fd/N``."""
    if word in ("/dev/stdin", "/dev/fd/0"):
        return True
    head, _, tail = word.rpartition("/")
    return tail.isdigit() and (head == "/dev/fd" or (head.startswith("/proc/") and head.endswith("/fd")))


def _descriptor_script(argv: list[str]) -> list[str]:
    """A shell or interpreter whose script is a descriptor path (``bash /dev/fd/7 7<<<'…'``, ``sh /dev/stdin``,
    ``python3 /proc/self/fd/3 3<<EOF``) reads its script from what the line feeds that descriptor: it is read as
    the shell reading its input (``bash -s``, ``python3 -``), so the here-string, here-document or pipe is the
    script. The descriptor's number is not kept: every text the line feeds the command is taken as the script."""
    name = _basename(argv[0])
    if name in SHELLS:
        if _shell_script(argv) is not None:
            return argv
        i = _shell_operand_at(argv)
        if i < len(argv) and _descriptor(argv[i]):
            return [*argv[:i], "-s", *argv[i + 1:]]
        return argv
    if name.rstrip("0123456789.") in _STDIN_INTERPRETERS:
        at = next((j for j, a in enumerate(argv[1:], 1) if not a.startswith("-")), None)
        if at is not None and _descriptor(argv[at]) and not any(a in ("-c", "-e", "-E", "-r") for a in argv[1:at]):
            return [*argv[:at], "-", *argv[at + 1:]]
    return argv


def _shell_operand_at(argv: list[str]) -> int:
    """The index of a shell's first operand (its script file), after its options and a ``--`` / ``-``; past the
    end when it has none."""
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in ("--", "-"):
            return i + 1
        if arg in ("--rcfile", "--init-file"):
            i += 2
            continue
        if arg[:1] in "-+" and len(arg) > 1:
            i += 1 + sum(1 for letter in arg[1:] if letter in "oO" and not arg.startswith("--"))
            continue
        return i
    return i


def _shell_operands(argv: list[str]) -> bool:
    """Whether a shell's command line names a script (``-c`` or a file), rather than reading its input."""
    return _shell_script(argv) is not None or _shell_operand_at(argv) < len(argv)
