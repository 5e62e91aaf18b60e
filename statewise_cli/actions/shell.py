"""Split a shell command line into the simple commands it would run.

Sees through composition (``&&``, ``||``, ``;``, pipes, subshells, newlines),
command substitution (``$(…)`` and backticks, also inside double quotes),
heredocs fed to a shell, and wrappers (``bash -c``, ``env VAR=x``, leading
assignments, ``sudo``, ``time``, ``nohup``, ``xargs``, ``timeout``, ``eval`` …), so
``sh -c 'git push -f origin main'`` is seen as the push it is. Pure Python and no
``re`` / ``shlex`` at import: the hook pays nothing to import it.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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


def _is_assignment(word: str) -> bool:
    name, eq, _ = word.partition("=")
    return bool(eq) and name.isidentifier() and name.isascii()


class SimpleCommand(Struct):
    argv: tuple[str, ...]
    redirects: tuple[tuple[str, str], ...] = ()  # (operator, target)
    wrappers: tuple[str, ...] = ()  # what it was unwrapped from, outermost first
    heredocs: tuple[str, ...] = ()  # the bodies of its ``<<`` heredocs, in order (its standard input)


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

        def repl(m: Any, pending: list[tuple[str, bool]] = pending) -> str:
            if m.group(0).startswith("<<<"):
                return m.group(0)
            pending.append((m.group(3), m.group(1) == "-"))
            return f"<< __HEREDOC_{len(bodies) + len(pending) - 1}__"

        # ``<<<`` is a here-string, not a heredoc: leave it alone.
        line = re.sub(r"<<<|" + _HEREDOC, lambda m: m.group(0) if m.group(0) == "<<<" else repl(m), line)
        out.append(line)
        i += 1
        for delimiter, strip_tabs in pending:
            body: list[str] = []
            while i < len(lines):
                candidate = lines[i].lstrip("\t") if strip_tabs else lines[i]
                i += 1
                if candidate == delimiter:
                    break
                body.append(lines[i - 1])
            bodies.append("\n".join(body))
    return "\n".join(out), bodies


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


def _tokens(text: str) -> list[str]:
    """Words and operator runs, POSIX quoting: what ``shlex.shlex(text, posix=True,
    punctuation_chars="();<>|&\\n")`` with whitespace splitting gives, except where the shell
    differs from it: ``#`` starts a comment only at the start of a word and the comment ends
    before the newline (shlex ends it after, gluing the next line to this command); a
    backslash-newline is a line continuation (shlex keeps the newline in a word); a run of
    operator characters is split into the shell's operators; ``${…}`` is one word with its
    spaces and ``#``; ``$'…'`` honours its backslash escapes. Written out because ``shlex``
    imports ``re`` (~13 ms of the hook's start-up)."""
    out: list[str] = []
    n, i = len(text), 0
    while i < n:
        c = text[i]
        if c in _BLANK:
            i += 1
        elif c == "\\" and text.startswith("\\\n", i):
            i += 2
        elif c == "#":
            j = text.find("\n", i)
            i = n if j == -1 else j
        elif c in _PUNCT:
            j = i + 1
            while j < n and text[j] in _PUNCT:
                j += 1
            out.extend(_split_operators(text[i:j]))
            i = j
        else:
            word: list[str] = []
            while i < n:
                c = text[i]
                if c in _BLANK or c in _PUNCT:
                    break
                if c == "$" and text.startswith("${", i):  # parameter expansion: spaces and # inside
                    j = _closing(text, i + 1, "{", "}")
                    word.append(text[i:j])
                    i = j
                elif c == "$" and text.startswith("$'", i):  # ANSI-C quoting: \' does not end it
                    j = i + 2
                    while j < n and text[j] != "'":
                        if text[j] == "\\" and j + 1 < n:
                            word.append(text[j + 1])
                            j += 2
                            continue
                        word.append(text[j])
                        j += 1
                    if j >= n:
                        raise ParseError("No closing quotation")
                    word.append("")
                    i = j + 1
                elif c == "'":
                    j = text.find("'", i + 1)
                    if j == -1:
                        raise ParseError("No closing quotation")
                    word.append(text[i + 1:j])
                    i = j + 1
                elif c == '"':
                    i += 1
                    while True:
                        if i >= n:
                            raise ParseError("No closing quotation")
                        c = text[i]
                        if c == '"':
                            i += 1
                            break
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
                    word.append(c)
                    i += 1
            out.append("".join(word))
    return out


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


def _unwrap(argv: list[str]) -> tuple[list[str], str | None, str | None]:
    """Strip one wrapper: returns (rest, wrapper name, script for a nested parse)."""
    while argv and (_is_assignment(argv[0]) or argv[0] in LEADING_RESERVED):
        argv = argv[1:]
    if argv and argv[0] in NOT_COMMANDS:
        return [], None, None
    if not argv:
        return argv, None, None
    name = _basename(argv[0])
    if name in ("sudo", "doas"):
        return argv[_skip_options(argv, {"-u", "-g", "-h", "-p", "-C", "-D", "-R", "-T", "-U", "--user", "--group"}):], name, None
    if name == "env":
        i = 1
        while i < len(argv):
            if argv[i] in ("-u", "--unset", "-C", "--chdir"):
                i += 2
            elif argv[i] in ("-S", "--split-string") and i + 1 < len(argv):
                return argv[i + 2 :], name, argv[i + 1]
            elif argv[i].startswith("-") or _is_assignment(argv[i]):
                i += 1
            else:
                break
        return argv[i:], name, None
    if name in ("time", "nohup", "command", "exec", "builtin", "chronic", "unbuffer", "caffeinate"):
        return argv[_skip_options(argv, set()):], name, None
    if name in ("nice", "ionice", "stdbuf", "chrt", "taskset"):
        return argv[_skip_options(argv, {"-n", "-c", "-o", "-e", "-i", "--adjustment"}):], name, None
    if name == "timeout":
        i = _skip_options(argv, {"-s", "--signal", "-k", "--kill-after"})
        return argv[i + 1 :], name, None
    if name == "xargs":
        i = _skip_options(
            argv, {"-I", "-i", "-n", "-P", "-d", "-a", "-E", "-L", "-s", "--max-args", "--max-procs", "--delimiter", "--arg-file", "--replace"}
        )
        return argv[i:], name, None
    if name == "flock":
        i = _skip_options(argv, {"-w", "--timeout", "-E", "-c"})
        if "-c" in argv[:i]:
            return [], name, argv[argv.index("-c") + 1]
        return argv[i + 1 :], name, None
    if name == "eval":
        return [], name, " ".join(argv[1:])
    if name in SHELLS:
        i = 1
        while i < len(argv):
            arg = argv[i]
            if arg in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
                i += 2  # options that take a value: `bash -o pipefail -c '…'`
                continue
            if arg.startswith("-") and not arg.startswith("--") and "c" in arg[1:]:
                return [], name, argv[i + 1] if i + 1 < len(argv) else ""
            if not arg.startswith(("-", "+")):
                break
            i += 1
    return argv, None, None


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
        if ch in ("'", '"') and (not quote or quote == ch):
            quote = "" if quote else ch
        elif ch == "`" and quote != "'":
            end = text.find("`", i + 1)
            if end == -1:
                raise ParseError("unbalanced backtick")
            inner.append(text[i + 1 : end])
            out.append("__SUBST__")
            i = end + 1
            continue
        out.append(ch)
        i += 1
    return "".join(out), inner


def split_commands(text: str, _depth: int = 0, _wrappers: tuple[str, ...] = ()) -> list[SimpleCommand]:
    """Every simple command ``text`` runs, wrappers removed, nested scripts expanded."""
    if _depth > MAX_DEPTH:
        raise ParseError("command nests too deeply to check")
    text, bodies = _extract_heredocs(text)  # backslash-newline: _tokens joins the lines as the shell does
    if len(text) > MAX_PARSE_CHARS:
        raise ParseError(f"command longer than {MAX_PARSE_CHARS // 1024} KiB")
    text, substituted = _cut_backticks(text)
    result: list[SimpleCommand] = []
    for inner in substituted:
        result.extend(split_commands(inner, _depth + 1, _wrappers + ("``",)))
    words: list[str] = []
    redirects: list[tuple[str, str]] = []

    def flush() -> None:
        if words or redirects:
            result.extend(_expand(list(words), tuple(redirects), bodies, _depth, _wrappers))
        words.clear()
        redirects.clear()

    tokens = _tokens(text)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in SEPARATORS:
            if words and words[-1] == "$" and tok == "(":
                words.pop()  # ``$(`` split by the lexer: a substitution, parsed as a subshell
            flush()
        elif tok in REDIRECTS or (tok.endswith((">", "<")) and set(tok) <= set("<>&|")):
            if words and words[-1].isdigit():
                words.pop()  # ``2>`` — the fd number is not an argument
            target = tokens[i + 1] if i + 1 < len(tokens) else ""
            if target == "(":  # process substitution ``>(…)`` / ``<(…)``: its commands run too
                redirects.append((tok, "(…)"))
                flush()
                i += 1
                continue
            redirects.append((tok, target))
            i += 1
        else:
            for inner in _substitutions(tok):
                result.extend(split_commands(inner, _depth + 1, _wrappers + ("$()",)))
            words.append(tok)
        i += 1
    flush()
    return result


def _heredoc_bodies(redirects: tuple[tuple[str, str], ...], bodies: list[str]) -> list[str]:
    found = []
    for op, target in redirects:
        if op.startswith("<<") and op != "<<<" and target.startswith("__HEREDOC_"):
            index = int(target.strip("_").split("_")[-1])
            if index < len(bodies):
                found.append(bodies[index])
    return found


def _expand(
    argv: list[str], redirects: tuple[tuple[str, str], ...], bodies: list[str], depth: int, wrappers: tuple[str, ...]
) -> list[SimpleCommand]:
    chain = list(wrappers)
    docs = tuple(_heredoc_bodies(redirects, bodies)) if bodies else ()
    while True:
        rest, wrapper, script = _unwrap(argv)
        if wrapper is None:
            argv = rest  # leading assignments are gone even without a wrapper
            break
        chain.append(wrapper)
        if script is not None:
            nested = split_commands(script, depth + 1, tuple(chain)) if script.strip() else []
            return nested + ([SimpleCommand(tuple(rest), redirects, tuple(chain), docs)] if rest else [])
        argv = rest
    out = [SimpleCommand(tuple(argv), redirects, tuple(chain), docs)] if argv or redirects else []
    # A heredoc fed to a bare shell is a script: ``bash <<EOF … EOF``.
    if argv and _basename(argv[0]) in SHELLS:
        for op, target in redirects:
            if op.startswith("<<") and target.startswith("__HEREDOC_"):
                index = int(target.strip("_").split("_")[-1])
                if index < len(bodies):
                    out.extend(split_commands(bodies[index], depth + 1, tuple(chain) + (argv[0],)))
    return out
