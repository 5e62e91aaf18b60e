"""Constant folding of computed words: the output of a command whose output is fixed by its literal input.

A word built by ``$(…)``, backticks or a pipe from programs that only transform the text they are given — decoders
(``base64 -d``, ``base32 -d``, ``basenc -d``, ``xxd -r``, ``openssl base64 -d``), ``printf`` and ``echo`` with their
escapes, ``rev``, ``tr``, ``cut``, ``head``/``tail`` by count, ``sed`` with a literal substitution script, ``awk``
printing fields, a message-catalogue lookup (``gettext``) that has no catalogue to look in — is computed here, in
process, bounded in size. What cannot be computed stays unknown (None), and the checks give an unknown word the
protected answer. The decision names no program a case uses: it is a table of the *grammar* of text filters (what
each prints for a given input), and any program or option not in it leaves the word unknown.

Imported only when a command line holds a pipe or a substitution through one of these programs (not at hook start).
"""

from __future__ import annotations

from typing import Any

MAX_TEXT = 64 * 1024  # larger inputs or outputs are not computed
_REGEX_TEXT = 4096  # sed/awk regular expressions run on at most this much text

# The programs this module computes (the parser asks before importing it).
FOLDERS = frozenset({"echo", "printf", "cat", "base64", "base32", "basenc", "xxd", "openssl", "rev", "tr", "cut", "head",
                     "tail", "tac", "sed", "awk", "gawk", "mawk", "nawk", "gettext", "ngettext", "fold", "expr",
                     "systemd-escape", "tsort"} | {"colrm", "paste", "comm", "zcat", "gzcat", "xzcat", "lzcat", "bzcat",
                                                  "jq", "gojq", "jaq", "tomlq"}
           | {"c++filt", "llvm-undname", "getopt", "xq", "xq-python", "pkg-config", "dpkg-parsechangelog"}
           | {"col", "colcrt", "pr", "eqn", "neqn", "geqn", "tbl", "gtbl", "pic", "gpic", "soelim", "gsoelim",
              "hexdump", "hd", "uncompress", "lz4", "lz4c", "lz4cat", "unlz4", "gunzip", "gzip"}
           | {"basename", "dirname", "sort", "uniq", "dos2unix", "unix2dos", "expand", "iconv", "strings", "nl", "shuf",
              "tee"}
           | {"seq", "bc", "compgen", "date", "systemd-path", "numfmt", "grep"})
# Programs that are pure text filters in one documented form only (computed by :func:`pure_form`): a standard-library
# codec module run with ``python3 -m`` (``encodings.rot_13``, ``quopri``, ``base64``, ``uu``-free), and git's
# text commands that read no repository (``check-ref-format --branch``/``--normalize`` of a plain name,
# ``stripspace``, ``column``); ``git config --default V --get KEY`` is answered by git itself (gitqueries).
PURE_FORMS = frozenset({"python3", "python", "git"})
_PYTHON_NAME = "python"  # python, python3, python3.11 (the module's behaviour is the same in every 3.x)
_PURE_MODULES = frozenset({"encodings.rot_13", "quopri", "base64"})
_PURE_GIT = frozenset({"check-ref-format", "stripspace", "column"})
# Selectors (a table of grammar facts): programs whose output is chosen from their inputs (columns, fields, lines
# merged, a compressed file's text, a value stored under a path of a structured file). With the files they read known
# (the line ran nothing before them, so the files are what is on disk now), their output is computed exactly here.
SELECTORS = frozenset({"grep", "colrm", "paste", "comm", "zcat", "gzcat", "xzcat", "lzcat", "bzcat", "jq", "gojq", "jaq", "tomlq",
                       "cat", "xq", "xq-python"})


def _escapes(text: str, octal_needs_zero: bool) -> str | None:
    """Backslash escapes as printf's format (``\\NNN``) or ``%b``/``echo -e`` (``\\0NNN``) reads them."""
    out: list[str] = []
    i, n = 0, len(text)
    simple = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v", "\\": "\\", "e": "\x1b",
              "E": "\x1b", '"': '"', "'": "'"}
    while i < n:
        c = text[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        d = text[i + 1]
        if d in simple:
            out.append(simple[d])
            i += 2
        elif d == "x":
            j = i + 2
            while j < n and j < i + 4 and text[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 2:
                out.append("\\x")
                i += 2
                continue
            out.append(chr(int(text[i + 2 : j], 16)))
            i = j
        elif d in "01234567":
            start = i + 2 if (octal_needs_zero and d == "0") else i + 1
            j = start
            while j < n and j < start + 3 and text[j] in "01234567":
                j += 1
            if octal_needs_zero and d != "0":
                return None  # ``%b`` reads ``\\NNN`` as bash does and ``echo -e`` leaves it: which one writes it is not known
            out.append(chr(int(text[start:j] or "0", 8) & 0xFF))
            i = j
        elif d == "c":
            if not octal_needs_zero:
                return None  # printf's format writes ``\\c`` as it stands (bash) or stops there (others): not known
            return "".join(out)  # stops all output
        elif d in "uU":
            width = 4 if d == "u" else 8
            digits = text[i + 2 : i + 2 + width]
            if len(digits) == width and all(ch in "0123456789abcdefABCDEF" for ch in digits):
                out.append(chr(int(digits, 16)))
                i += 2 + width
            else:
                return None
        else:
            out.append("\\" + d)
            i += 2
    return "".join(out)


def _printf(args: list[str]) -> str | None:
    if not args:
        return None
    if args[0] == "--":
        args = args[1:]
    if not args or args[0].startswith("-v"):
        return None  # `printf -v NAME`: assigns, prints nothing (the variable is the shell's)
    fmt, items = args[0], list(args[1:])
    out: list[str] = []
    while True:
        used = 0
        i, n = 0, len(fmt)
        literal: list[str] = []
        while i < n:
            c = fmt[i]
            if c != "%":
                literal.append(c)
                i += 1
                continue
            if fmt[i + 1 : i + 2] == "%":
                literal.append("%")
                i += 2
                continue
            j = i + 1
            while j < n and fmt[j] in "-+ #0123456789.":
                j += 1
            if j >= n:
                return None
            spec = fmt[i + 1 : j]
            strftime = None
            if fmt[j] == "(":
                # bash's `%(FORMAT)T`: the time its argument names, formatted by strftime; a FORMAT without a
                # conversion of its own prints as it stands whatever the time (`%(main)T` is `main`)
                close = fmt.find(")", j)
                if close < 0 or fmt[close + 1 : close + 2] != "T" or "%" in fmt[j + 1 : close].replace("%%", ""):
                    return None
                strftime, j = fmt[j + 1 : close].replace("%%", "%"), close + 1
            conv = fmt[j]
            text = "".join(literal)
            decoded = _escapes(text, False)
            if decoded is None:
                return None
            out.append(decoded)
            literal = []
            item = items.pop(0) if items else None
            used += 1
            if strftime is not None:
                value = strftime
            elif conv == "s":
                value = item or ""
            elif conv == "b":
                decoded_item = _escapes(item or "", True)
                if decoded_item is None:
                    return None  # an escape the reading does not decode: the text written is not known
                value = decoded_item
            elif conv == "c":
                value = (item or "")[:1]
            elif conv == "q":
                from statewise_cli.actions.quoting import printf_q

                quoted = printf_q(item or "")
                if quoted is None:
                    return None
                value = quoted  # bash's `%q`: the argument quoted for reuse as shell input
            elif conv in "diu":
                try:
                    value = str(int(item or "0", 0))
                except ValueError:
                    return None
            elif conv in "xXo":
                try:
                    number = int(item or "0", 0)
                except ValueError:
                    return None
                value = format(number, {"x": "x", "X": "X", "o": "o"}[conv])
            else:
                return None
            if spec:
                try:
                    width = spec.lstrip("-+ #0").split(".")[0]
                    if "." in spec:
                        precision = int(spec.split(".", 1)[1] or "0")
                        if conv in "sb":
                            value = value[:precision]
                    if width:
                        pad = "0" if spec.startswith("0") and conv not in "sbc" else " "
                        value = value.ljust(int(width)) if "-" in spec else value.rjust(int(width), pad)
                except ValueError:
                    return None
            out.append(value)
            i = j + 1
        decoded = _escapes("".join(literal), False)
        if decoded is None:
            return None
        out.append(decoded)
        if not items or not used:
            break
    text = "".join(out)
    return text if len(text) <= MAX_TEXT else None


def _echo(args: list[str]) -> str | None:
    escapes, newline = False, True
    while args and len(args[0]) > 1 and args[0][0] == "-" and set(args[0][1:]) <= set("neE"):
        flags = args.pop(0)[1:]
        newline = newline and "n" not in flags
        escapes = "e" in flags if ("e" in flags or "E" in flags) else escapes
    text = " ".join(args)
    if escapes:
        decoded = _escapes(text, True)
        if decoded is None:
            return None
        text = decoded
    return text + ("\n" if newline else "")


def _decode(data: str, alphabet: str) -> str | None:
    import base64
    import binascii

    compact = "".join(data.split())
    try:
        if alphabet == "base64":
            raw = base64.b64decode(compact + "=" * (-len(compact) % 4))
        elif alphabet == "base64url":
            raw = base64.urlsafe_b64decode(compact + "=" * (-len(compact) % 4))
        elif alphabet == "base32":
            raw = base64.b32decode(compact + "=" * (-len(compact) % 8))
        elif alphabet == "base32hex":
            raw = base64.b32hexdecode(compact + "=" * (-len(compact) % 8))
        elif alphabet == "base16":
            raw = base64.b16decode(compact.upper())
        else:
            return None
    except (binascii.Error, ValueError):
        return None
    return raw.decode("utf-8", errors="replace")


def _encode(data: str, alphabet: str, wrap: int) -> str | None:
    import base64

    raw = data.encode("utf-8")
    coded = {"base64": base64.b64encode, "base64url": base64.urlsafe_b64encode, "base32": base64.b32encode,
             "base32hex": base64.b32hexencode, "base16": base64.b16encode}.get(alphabet)
    if coded is None:
        return None
    text = coded(raw).decode("ascii")
    if wrap:
        text = "\n".join(text[k : k + wrap] for k in range(0, len(text), wrap))
    return text + "\n" if text else ""


_BASENC = {"--base64": "base64", "--base64url": "base64url", "--base32": "base32", "--base32hex": "base32hex",
           "--base16": "base16"}


def _codec(name: str, args: list[str], stdin: str | None) -> str | None:
    alphabet = {"base64": "base64", "base32": "base32"}.get(name, "")
    decode, wrap = False, 76
    operands: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-d", "--decode", "-D"):
            decode = True
        elif a in ("-i", "--ignore-garbage"):
            pass
        elif a in _BASENC and name == "basenc":
            alphabet = _BASENC[a]
        elif a in ("-w", "--wrap") and i + 1 < len(args):
            try:
                wrap = int(args[i + 1])
            except ValueError:
                return None
            i += 1
        elif a.startswith("--wrap="):
            try:
                wrap = int(a[7:])
            except ValueError:
                return None
        elif a.startswith("-w") and a[2:].isdigit():
            wrap = int(a[2:])
        elif a.startswith("-") and a != "-":
            if set(a[1:]) <= set("di"):
                decode = decode or "d" in a
            else:
                return None
        else:
            operands.append(a)
        i += 1
    if operands not in ([], ["-"]) or stdin is None or not alphabet:
        return None
    return _decode(stdin, alphabet) if decode else _encode(stdin, alphabet, wrap)


def _openssl(args: list[str], stdin: str | None) -> str | None:
    words = [a for a in args if a not in ("-A",)]
    if words[:1] == ["base64"] and set(words[1:]) <= {"-d"} and "-d" in words[1:]:
        return _decode(stdin, "base64") if stdin is not None else None
    if words[:1] == ["enc"] and set(words[1:]) <= {"-d", "-base64", "-a"} and "-d" in words and (
            "-base64" in words or "-a" in words):
        return _decode(stdin, "base64") if stdin is not None else None
    return None


def _xxd(args: list[str], stdin: str | None) -> str | None:
    flags = set(args)
    if stdin is None or "-r" not in flags and "--revert" not in flags or not flags <= {"-r", "--revert", "-p", "-ps",
                                                                                       "-plain", "--plain", "-"}:
        return None
    import binascii

    if flags & {"-p", "-ps", "-plain", "--plain"}:
        digits = "".join(stdin.split())
    else:
        parts = []
        for line in stdin.splitlines():
            _offset, colon, rest = line.partition(":")
            if not colon:
                continue
            parts.append(rest.split("  ", 1)[0].replace(" ", "") if "  " in rest.lstrip() else rest.replace(" ", ""))
        digits = "".join(parts)
    try:
        return binascii.unhexlify(digits[: len(digits) // 2 * 2]).decode("utf-8", errors="replace")
    except (binascii.Error, ValueError):
        return None


def _tr_set(spec: str) -> str | None:
    text = _escapes(spec, False)
    if text is None:
        return None
    classes = {"[:lower:]": "abcdefghijklmnopqrstuvwxyz", "[:upper:]": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
               "[:digit:]": "0123456789", "[:space:]": " \t\n\r\f\v", "[:blank:]": " \t"}
    for key, value in classes.items():
        text = text.replace(key, value)
    if "[" in text and ("*" in text or ":" in text or "=" in text):
        return None  # `[c*n]`, other classes: not computed
    out: list[str] = []
    i = 0
    while i < len(text):
        if i + 2 < len(text) and text[i + 1] == "-":
            lo, hi = ord(text[i]), ord(text[i + 2])
            if hi < lo:
                return None
            out.extend(chr(c) for c in range(lo, hi + 1))
            i += 3
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _tr(args: list[str], stdin: str | None) -> str | None:
    delete = squeeze = False
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags = args.pop(0)[1:]
        if not set(flags) <= set("ds"):
            return None  # -c/-C/-t complement or truncate: not computed
        delete, squeeze = delete or "d" in flags, squeeze or "s" in flags
    if stdin is None or not args or len(args) > 2:
        return None
    first = _tr_set(args[0])
    second = _tr_set(args[1]) if len(args) == 2 else ""
    if first is None or second is None:
        return None
    if delete:
        if len(args) != 1 or squeeze:
            return None
        return "".join(c for c in stdin if c not in first)
    if squeeze and len(args) == 1:
        out: list[str] = []
        for c in stdin:
            if not (out and out[-1] == c and c in first):
                out.append(c)
        return "".join(out)
    if len(args) != 2 or squeeze or not second:
        return None
    second = second + second[-1] * max(0, len(first) - len(second))
    table: dict[int, str] = {}
    for a, b in zip(first, second):
        table[ord(a)] = b  # the last mapping of a character wins, as tr does
    return stdin.translate(table)


def _fields(spec: str) -> list[tuple[int, int]] | None:
    ranges: list[tuple[int, int]] = []
    for part in spec.split(","):
        lo, dash, hi = part.partition("-")
        try:
            a = int(lo) if lo else 1
            b = (int(hi) if hi else 1 << 30) if dash else a
        except ValueError:
            return None
        if a < 1 or b < a:
            return None
        ranges.append((a, b))
    return ranges


def _cut(args: list[str], stdin: str | None, cwd: str | None = None) -> str | None:
    delim, fields, chars, only = "\t", None, None, False
    files: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        value = args[i + 1] if i + 1 < len(args) else None
        if a in ("-d", "-f", "-c", "-b") and value is not None:
            key, i = a, i + 1
        elif a[:2] in ("-d", "-f", "-c", "-b") and len(a) > 2:
            key, value = a[:2], a[2:]
        elif a.startswith(("--delimiter=", "--fields=", "--characters=", "--bytes=")):
            key = {"--delimiter": "-d", "--fields": "-f", "--characters": "-c", "--bytes": "-b"}[a.split("=")[0]]
            value = a.partition("=")[2]
        elif a in ("-s", "--only-delimited"):
            only, key = True, ""
        elif not a.startswith("-") and cwd is not None:
            files.append(a)  # a file it reads (read only when nothing in the line ran before it)
            key = ""
        else:
            return None
        if key == "-d":
            if value is None or len(value) != 1:
                return None
            delim = value
        elif key == "-f":
            fields = _fields(value or "")
        elif key in ("-c", "-b"):
            chars = _fields(value or "")
        i += 1
    if files:
        parts = [_read_file(f, cwd) for f in files]
        stdin = None if any(p is None for p in parts) else "".join(p or "" for p in parts)
    if stdin is None or (fields is None) == (chars is None):
        return None
    lines = stdin.split("\n")
    trailing = lines[-1] == ""
    if trailing:
        lines = lines[:-1]
    out: list[str] = []
    for line in lines:
        if chars is not None:
            out.append("".join(c for k, c in enumerate(line, 1) if any(a <= k <= b for a, b in chars)))
            continue
        if delim not in line:
            if not only:
                out.append(line)
            continue
        parts = line.split(delim)
        out.append(delim.join(p for k, p in enumerate(parts, 1) if any(a <= k <= b for a, b in fields or [])))
    return "\n".join(out) + ("\n" if trailing or out else "")


def _count(args: list[str]) -> tuple[str, int, bool] | None:
    """``head``/``tail``: (unit, count, from_start) of ``-n N``, ``-c N``, ``-N``, ``-n +N``; None otherwise."""
    unit, count, plus = "n", 10, False
    i = 0
    while i < len(args):
        a = args[i]
        value = None
        if a in ("-n", "-c", "--lines", "--bytes") and i + 1 < len(args):
            value, i = args[i + 1], i + 1
            unit = "c" if a in ("-c", "--bytes") else "n"
        elif a[:2] in ("-n", "-c") and len(a) > 2:
            unit, value = a[1], a[2:]
        elif a.startswith(("--lines=", "--bytes=")):
            unit, value = ("c" if a.startswith("--bytes") else "n"), a.partition("=")[2]
        elif a[1:].isdigit() and a.startswith("-"):
            value = a[1:]
        else:
            return None
        plus = value.startswith("+")
        try:
            count = int(value.lstrip("+"))
        except ValueError:
            return None
        i += 1
    return unit, count, plus


def _head_tail(name: str, args: list[str], stdin: str | None) -> str | None:
    spec = _count(args)
    if spec is None or stdin is None or spec[1] < 0:
        return None
    unit, count, plus = spec
    if unit == "c":
        data = stdin.encode("utf-8")
        if name == "head":
            return data[:count].decode("utf-8", errors="replace") if not plus else None
        return (data[count - 1 :] if plus else data[-count:] if count else b"").decode("utf-8", errors="replace")
    lines = stdin.splitlines(keepends=True)
    if name == "head":
        return "".join(lines[:count]) if not plus else None
    return "".join(lines[count - 1 :] if plus else lines[-count:] if count else [])


def _bre_to_python(expr: str, extended: bool) -> str | None:
    """A POSIX basic (or extended) regular expression as Python's ``re`` reads it; None for what is not carried over
    (back-references in the pattern, bracket classes other than the common ones)."""
    for cls, py in (("[:alpha:]", "a-zA-Z"), ("[:digit:]", "0-9"), ("[:alnum:]", "a-zA-Z0-9"), ("[:space:]", r"\s"),
                    ("[:upper:]", "A-Z"), ("[:lower:]", "a-z"), ("[:blank:]", " \\t")):
        expr = expr.replace(cls, py)
    if "[:" in expr:
        return None
    out: list[str] = []
    i = 0
    while i < len(expr):
        c = expr[i]
        if c == "\\" and i + 1 < len(expr):
            d = expr[i + 1]
            if d.isdigit():
                return None
            if not extended and d in "(){}+?|":
                out.append(d)
            elif d in "nt":
                out.append("\\" + d)
            elif d.isalpha() and d not in "wWsSbB<>":
                out.append(d)
            elif d in "<>":
                out.append(r"\b")
            else:
                out.append("\\" + d)
            i += 2
            continue
        if c == "[":
            j = expr.find("]", i + 2 if expr[i + 1 : i + 2] in ("]", "^") else i + 1)
            if j == -1:
                return None
            out.append(expr[i : j + 1].replace("\\", "\\\\"))
            i = j + 1
            continue
        if not extended and c in "(){}+?|":
            out.append("\\" + c)
        else:
            out.append(c)
        i += 1
    return "".join(out)


def _sed_replacement(text: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            d = text[i + 1]
            out.append("\\" + d if d.isdigit() else "\n" if d == "n" else "\t" if d == "t" else d.replace("\\", "\\\\"))
            i += 2
            continue
        out.append(r"\g<0>" if c == "&" else c.replace("\\", "\\\\"))
        i += 1
    return "".join(out)


def _split_script(script: str) -> list[str] | None:
    """A sed script's commands, cut at ``;`` and newlines outside ``s``/``y`` delimiters."""
    parts: list[str] = []
    i, n = 0, len(script)
    while i < n:
        while i < n and script[i] in " \t\n;":
            i += 1
        if i >= n:
            break
        if script[i] in "sy" and i + 1 < n:
            delim = script[i + 1]
            if delim in "\\\n ":
                return None
            j, seen = i + 2, 0
            while j < n and seen < 2:
                if script[j] == "\\":
                    j += 2
                    continue
                if script[j] == delim:
                    seen += 1
                j += 1
            if seen < 2:
                return None
            while j < n and script[j] not in ";\n}":
                j += 1
            parts.append(script[i:j].strip())
            i = j
        else:
            j = i
            while j < n and script[j] not in ";\n":
                j += 1
            parts.append(script[i:j].strip())
            i = j
    return parts


def _sed_lines(first: str, last: str | None, command: str, quiet: bool, stdin: str) -> str | None:
    """sed's line-number addresses (``2p``, ``1,3d``, ``$p``, ``5q``) over ``stdin``."""
    lines = stdin.split("\n")
    ended = lines[-1] == ""
    if ended:
        lines = lines[:-1]
    count = len(lines)

    def number(word: str) -> int:
        return count if word == "$" else int(word)

    start = number(first)
    if command == "q":
        if last is not None or start < 1:
            return None
        kept = lines[:start] if not quiet else []
        return "".join(ln + "\n" for ln in kept)
    end = number(last) if last is not None else start
    if start < 1:
        return None
    out = []
    for k, line in enumerate(lines, 1):
        inside = start <= k <= end if end >= start else k == start
        if command == "p":
            if not quiet:
                out.append(line)
            if inside:
                out.append(line)
        elif not inside and not quiet:
            out.append(line)
    if not ended and out and out[-1] == lines[-1] and command != "p":
        return "\n".join(out)  # the last line had no newline: sed writes none after it
    return "".join(ln + "\n" for ln in out)


def _sed(args: list[str], stdin: str | None) -> str | None:
    import re

    scripts: list[str] = []
    extended = quiet = False
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-e", "--expression") and i + 1 < len(args):
            scripts.append(args[i + 1])
            i += 2
            continue
        if a.startswith("--expression="):
            scripts.append(a.partition("=")[2])
        elif a in ("-E", "-r", "--regexp-extended"):
            extended = True
        elif a in ("-n", "--quiet", "--silent"):
            quiet = True
        elif a.startswith("-"):
            return None  # -i, -f, -s, -z …: not a filter of standard input
        elif not scripts:
            scripts.append(a)
        else:
            return None  # a file operand: not standard input
        i += 1
    if stdin is None or not scripts or len(stdin) > _REGEX_TEXT:
        return None
    if len(scripts) == 1:
        ranged = re.fullmatch(r"\s*(\d+|\$)(?:\s*,\s*(\d+|\$))?\s*([pdq])\s*", scripts[0])
        if ranged:
            return _sed_lines(ranged.group(1), ranged.group(2), ranged.group(3), quiet, stdin)
    commands: list[tuple[str, Any, Any, bool, int]] = []
    for script in scripts:
        split = _split_script(script)
        if split is None:
            return None
        for part in split:
            if not part:
                continue
            kind, delim = part[0], part[1:2]
            if kind not in "sy" or not delim:
                return None
            pieces: list[str] = []
            cur: list[str] = []
            j = 2
            while j < len(part):
                ch = part[j]
                if ch == "\\" and j + 1 < len(part):
                    nxt = part[j + 1]
                    cur.append(nxt if nxt == delim else ch + nxt)
                    j += 2
                    continue
                if ch == delim:
                    pieces.append("".join(cur))
                    cur = []
                else:
                    cur.append(ch)
                j += 1
            flags = "".join(cur)
            if len(pieces) != 2:
                return None
            if kind == "y":
                if flags.strip() or len(pieces[0]) != len(pieces[1]):
                    return None
                commands.append(("y", pieces[0], pieces[1], False, 0))
                continue
            if not set(flags) <= set("gIip0123456789"):
                return None
            pattern = _bre_to_python(pieces[0], extended)
            if pattern is None:
                return None
            try:
                compiled = re.compile(pattern, re.IGNORECASE if ("I" in flags or "i" in flags) else 0)
            except re.error:
                return None
            digits = "".join(c for c in flags if c.isdigit())
            commands.append(("s", compiled, _sed_replacement(pieces[1]),
                             "g" in flags, int(digits) if digits else ("p" in flags) * -1))
    lines = stdin.split("\n")
    trailing = lines[-1] == ""
    if trailing:
        lines = lines[:-1]
    out: list[str] = []
    for line in lines:
        printed = False
        for kind, first, second, every, nth in commands:
            if kind == "y":
                line = line.translate({ord(a): b for a, b in zip(first, second)})
                continue
            try:
                if nth > 0:
                    matches = list(first.finditer(line))
                    if len(matches) >= nth:
                        m = matches[nth - 1]
                        line = line[: m.start()] + m.expand(second) + line[m.end() :]
                    continue
                new, count = first.subn(second, line, count=0 if every else 1)
            except (re.error, IndexError):
                return None
            line = new
            printed = printed or (nth == -1 and count > 0)
        if not quiet:
            out.append(line)
        if printed:
            out.append(line)
    return "".join(o + "\n" for o in out)


def _awk(args: list[str], stdin: str | None) -> str | None:
    """``awk [-F SEP] '{ print $N, … }'`` and ``awk 'BEGIN { print "…" }'``: fields printed, literals printed."""
    import re

    sep: str | None = None
    program = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-F" and i + 1 < len(args):
            sep, i = args[i + 1], i + 2
            continue
        if a.startswith("-F") and len(a) > 2:
            sep = a[2:]
        elif a.startswith("-"):
            return None
        elif program is None:
            program = a
        else:
            return None
        i += 1
    if program is None:
        return None
    m = re.fullmatch(r"\s*(BEGIN\s*)?\{\s*print\s+(.*?)\s*;?\s*\}\s*", program, re.DOTALL)
    if not m:
        return None
    begin, items = bool(m.group(1)), m.group(2)
    terms = [t.strip() for t in re.split(r",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", items)]
    for t in terms:
        if not re.fullmatch(r'\$(?:\d+|NF)|"[^"\\]*"', t) or (begin and t.startswith("$")):
            return None
    if begin:
        return " ".join(t[1:-1] for t in terms) + "\n"
    if stdin is None or len(stdin) > _REGEX_TEXT:
        return None
    if sep is not None and (len(sep) != 1 or sep == " "):
        if sep not in ("\\t", "\t"):
            return None
        sep = "\t"
    out: list[str] = []
    for line in stdin.splitlines():
        fields = line.split() if sep is None else line.split(sep)
        row = []
        for t in terms:
            if t.startswith('"'):
                row.append(t[1:-1])
            elif t == "$NF":
                row.append(fields[-1] if fields else "")
            else:
                k = int(t[1:])
                row.append(line if k == 0 else fields[k - 1] if k <= len(fields) else "")
        out.append(" ".join(row))
    return "".join(o + "\n" for o in out)


def _catalogue_free(domain: str | None) -> bool:
    """Whether a gettext lookup in ``domain`` finds no translation: the C locale, or no catalogue of that domain for
    the locale the environment names."""
    import os

    lang = os.environ.get("LANGUAGE") or os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get(
        "LANG") or "C"
    if lang.split(".")[0] in ("C", "POSIX", ""):
        return True
    if not domain:
        domain = os.environ.get("TEXTDOMAIN") or "messages"
    base = os.environ.get("TEXTDOMAINDIR") or "/usr/share/locale"
    for code in {lang.split(".")[0], lang.split("_")[0], *lang.split(":")}:
        if os.path.exists(os.path.join(base, code, "LC_MESSAGES", domain + ".mo")):
            return False
    return True


def _gettext(name: str, args: list[str]) -> str | None:
    domain, escapes, newline = None, False, name == "ngettext"
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        a = args[i]
        if a in ("-d", "--domain") and i + 1 < len(args):
            domain, i = args[i + 1], i + 2
            continue
        if a.startswith("--domain="):
            domain = a.partition("=")[2]
        elif a in ("-e",):
            escapes = True
        elif a in ("-E",):
            escapes = False
        elif a in ("-n",):
            newline = False
        elif a in ("-s",):
            newline = True
        elif a == "-c" or a.startswith("--context") or a in ("-h", "--help", "-V", "--version"):
            return None
        else:
            return None
        i += 1
    rest = args[i + (1 if i < len(args) and args[i] == "--" else 0) :]
    if name == "gettext":
        if len(rest) == 2 and not newline:
            domain, rest = rest[0], rest[1:]
        if not rest:
            return None
        text = " ".join(rest) if newline else rest[0] if len(rest) == 1 else None
    else:
        if len(rest) == 4:
            domain, rest = rest[0], rest[1:]
        if len(rest) != 3:
            return None
        try:
            text = rest[0] if int(rest[2]) == 1 else rest[1]
        except ValueError:
            return None
    if text is None or not _catalogue_free(domain):
        return None
    if escapes:
        text = _escapes(text, True)
        if text is None:
            return None
    return text + ("\n" if newline else "")


def _fold(args: list[str], stdin: str | None) -> str | None:
    """``fold [-b] -w N`` (also ``-wN``, ``--width=N``; 80 by default) over text piped in: each line cut into pieces
    of N characters (``-s``, breaking at blanks, is not computed)."""
    if stdin is None:
        return None
    width, i = 80, 0
    while i < len(args):
        a = args[i]
        if a in ("-w", "--width") and i + 1 < len(args) and args[i + 1].isdigit():
            width, i = int(args[i + 1]), i + 2
            continue
        if a.startswith("--width=") and a[8:].isdigit():
            width = int(a[8:])
        elif a.startswith("-w") and a[2:].isdigit():
            width = int(a[2:])
        elif a in ("-b", "--bytes") and stdin.isascii():
            pass
        else:
            return None
        i += 1
    if width < 1:
        return None
    out = []
    for line in stdin.splitlines(keepends=True):
        body, end = (line[:-1], "\n") if line.endswith("\n") else (line, "")
        pieces = [body[k:k + width] for k in range(0, len(body), width)] or [""]
        out.append("\n".join(pieces) + end)
    return "".join(out)


def _tsort(args: list[str], stdin: str | None) -> str | None:
    """``tsort`` over pairs piped in, when the order is the only one the pairs allow (a chain, or a single item as in
    ``x x``); several possible orders (the output then depends on the implementation) stay unknown."""
    if args not in ([], ["-"]) or stdin is None:
        return None
    words = stdin.split()
    if len(words) % 2 or not words:
        return None
    nodes: dict[str, set[str]] = {}
    indegree: dict[str, int] = {}
    for a, b in zip(words[::2], words[1::2]):
        for w in (a, b):
            nodes.setdefault(w, set())
            indegree.setdefault(w, 0)
        if a != b and b not in nodes[a]:
            nodes[a].add(b)
            indegree[b] += 1
    order = []
    ready = [w for w in nodes if indegree[w] == 0]
    while ready:
        if len(ready) > 1:
            return None  # more than one order is possible
        w = ready.pop()
        order.append(w)
        for n in sorted(nodes[w]):
            indegree[n] -= 1
            if indegree[n] == 0:
                ready.append(n)
    return "".join(w + "\n" for w in order) if len(order) == len(nodes) else None


def _expr(args: list[str]) -> str | None:
    """What POSIX ``expr`` prints: integer arithmetic and comparison (``+ - * / %``, ``< <= = != >= >``), ``|`` and
    ``&``, ``length``/``substr``/``index``/``match`` and ``STRING : REGEX`` (a basic regular expression anchored at
    the start), with parentheses; anything else (or a failed evaluation) stays unknown."""
    import re

    if not args or len(args) > 64 or args[:1] == ["--"] and len(args) == 1:
        return None
    if args[0] == "--":
        args = args[1:]
    pos = 0

    def number(v: str) -> int | None:
        return int(v) if re.fullmatch(r"[+-]?\d{1,18}", v) else None

    def null(v: str) -> bool:
        return v == "" or number(v) == 0

    def primary() -> str | None:
        nonlocal pos
        if pos >= len(args):
            return None
        word = args[pos]
        pos += 1
        if word == "(":
            value = alternation()
            if value is None or pos >= len(args) or args[pos] != ")":
                return None
            pos += 1
            return value
        if word == "+" and pos < len(args):  # `+ TOKEN`: the token as a string
            pos += 1
            return args[pos - 1]
        if word == "length" and pos < len(args):
            pos += 1
            return str(len(args[pos - 1]))
        if word == "substr" and pos + 2 < len(args):
            text, start, count = args[pos], number(args[pos + 1]), number(args[pos + 2])
            pos += 3
            if start is None or count is None:
                return None
            return text[start - 1:start - 1 + count] if start > 0 and count > 0 else ""
        if word == "index" and pos + 1 < len(args):
            text, chars = args[pos], args[pos + 1]
            pos += 2
            return str(next((i + 1 for i, c in enumerate(text) if c in chars), 0))
        if word == "match" and pos + 1 < len(args):
            pos += 2
            return colon(args[pos - 2], args[pos - 1])
        if word in ("length", "substr", "index", "match", "+", ")"):
            raise ValueError(word)  # a keyword without its arguments: expr's syntax error
        return word

    def colon(text: str, pattern: str) -> str | None:
        regex = _bre_to_python(pattern, False)
        if regex is None or len(text) > _REGEX_TEXT:
            return None
        try:
            m = re.match(regex, text)
        except re.error:
            return None
        if m is None:
            return "" if "\\(" in pattern else "0"
        return (m.group(1) or "") if "\\(" in pattern and m.re.groups else str(len(m.group(0)))

    def matching() -> str | None:
        nonlocal pos
        left = primary()
        while left is not None and pos < len(args) and args[pos] == ":":
            pos += 1
            if pos >= len(args):
                return None
            pos += 1
            left = colon(left, args[pos - 1])
        return left

    def arith(ops: tuple[str, ...], sub: Any) -> Any:
        def level() -> str | None:
            nonlocal pos
            left = sub()
            while left is not None and pos < len(args) and args[pos] in ops:
                op = args[pos]
                pos += 1
                right = sub()
                a, b = number(left), number(right) if right is not None else None
                if a is None or b is None or op in "/%" and b == 0:
                    return None
                value = a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else (
                    abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1) if op == "/" else
                    abs(a) % abs(b) * (1 if a >= 0 else -1))
                left = str(value)
            return left
        return level

    product = arith(("*", "/", "%"), matching)
    total = arith(("+", "-"), product)

    def comparison() -> str | None:
        nonlocal pos
        left = total()
        while left is not None and pos < len(args) and args[pos] in ("<", "<=", "=", "==", "!=", ">=", ">"):
            op = args[pos]
            pos += 1
            right = total()
            if right is None:
                return None
            a, b = number(left), number(right)
            x: Any = (a, b) if a is not None and b is not None else (left, right)
            left = str(int({"<": x[0] < x[1], "<=": x[0] <= x[1], "=": x[0] == x[1], "==": x[0] == x[1],
                            "!=": x[0] != x[1], ">=": x[0] >= x[1], ">": x[0] > x[1]}[op]))
        return left

    def conjunction() -> str | None:
        nonlocal pos
        left = comparison()
        while left is not None and pos < len(args) and args[pos] == "&":
            pos += 1
            right = comparison()
            if right is None:
                return None
            left = "0" if null(left) or null(right) else left
        return left

    def alternation() -> str | None:
        nonlocal pos
        left = conjunction()
        while left is not None and pos < len(args) and args[pos] == "|":
            pos += 1
            right = conjunction()
            if right is None:
                return None
            left = right if null(left) and not null(right) else ("0" if null(left) else left)
        return left

    try:
        value = alternation()
    except (IndexError, ValueError, OverflowError):
        return None
    return value + "\n" if value is not None and pos == len(args) else None


def _systemd_escape(args: list[str]) -> str | None:
    """What ``systemd-escape`` prints: each string escaped (``/`` → ``-``, other bytes outside ``[A-Za-z0-9:_.]`` →
    ``\\xHH``, a leading ``.`` too) or, with ``-u``/``--unescape``, unescaped; ``-p``/``--path`` strips and collapses
    slashes first; ``--suffix=``/``--template=`` add the unit's parts. Other options leave the output unknown."""
    unescape = path = False
    suffix = template = ""
    words: list[str] = []
    rest = False
    for a in args:
        if rest or not a.startswith("-") or a == "-":
            words.append(a)
        elif a == "--":
            rest = True
        elif a in ("-u", "--unescape"):
            unescape = True
        elif a in ("-p", "--path"):
            path = True
        elif a in ("-up", "-pu"):
            unescape = path = True
        elif a.startswith("--suffix="):
            suffix = a[9:]
        elif a.startswith("--template="):
            template = a[11:]
        else:
            return None
    if not words or (unescape and (suffix or template)):
        return None
    out = []
    for word in words:
        if unescape:
            import re

            text = re.sub(r"\\x([0-9a-fA-F]{2})", lambda m: chr(int(m.group(1), 16)), word.replace("-", "/"))
            out.append("/" + text.strip("/") if path else text)
            continue
        if path:
            word = "/".join(p for p in word.split("/") if p) or "/"
            if word == "/":
                out.append("-")
                continue
        shown = "".join("-" if c == "/" else c if (c.isascii() and (c.isalnum() or c in ":_.") and not (i == 0 and c == "."))
                        else "".join(f"\\x{b:02x}" for b in c.encode()) for i, c in enumerate(word))
        if template:
            at = template.find("@")
            shown = template[:at + 1] + shown + template[at + 1:] if at >= 0 else shown
        elif suffix:
            shown += "." + suffix
        out.append(shown)
    return " ".join(out) + "\n"


# The text of files the command line wrote before the substitution runs ({absolute path: text}) and the directory
# relative names start from, while :func:`evaluate` runs
_WRITTEN: dict[str, Any] = {"texts": {}, "pwd": None}


def _written_text(path: str) -> str | None:
    import posixpath

    pwd = _WRITTEN["pwd"]
    if not _WRITTEN["texts"] or not path or "$" in path or (not path.startswith("/") and not pwd):
        return None
    text: str | None = _WRITTEN["texts"].get(posixpath.normpath(posixpath.join(pwd or "/", path)))
    return text


def _read_file(path: str, cwd: str | None, binary: bool = False) -> Any:
    """The content of ``path`` (relative to ``cwd``), bounded; None when it cannot be read or ``cwd`` is unknown.
    A file the line wrote with known text before is that text."""
    import os

    known = _written_text(path)
    if known is not None:
        return known.encode("utf-8") if binary else known
    if cwd is None or not path or path == "-" or "$" in path or "`" in path or "\0" in path:
        return None
    full = os.path.join(cwd, os.path.expanduser(path))
    try:
        if not os.path.isfile(full) or os.path.getsize(full) > MAX_TEXT:
            return None
        with open(full, "rb") as fh:
            data = fh.read(MAX_TEXT + 1)
    except OSError:
        return None
    if binary:
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def _grep(args: list[str], stdin: str | None, cwd: str | None) -> str | None:
    """grep(1) over its standard input or one file: the lines that match (``-v``: that do not), or with ``-o`` each
    matched part on a line of its own; patterns basic (``-G``), extended (``-E``) or fixed (``-F``), ``-e``, ``-i``,
    ``-w``, ``-x``. Any other option, several files, or a pattern not carried over leaves the output unknown."""
    import re

    flags = set()
    patterns: list[str] = []
    operands: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            operands += args[i + 1:]
            break
        if a in ("-e", "--regexp") and i + 1 < len(args):
            patterns.append(args[i + 1])
            i += 2
            continue
        if a.startswith("--regexp="):
            patterns.append(a.partition("=")[2])
        elif a in ("--only-matching", "--fixed-strings", "--extended-regexp", "--basic-regexp", "--ignore-case",
                   "--invert-match", "--word-regexp", "--line-regexp", "--no-filename"):
            flags.add({"--only-matching": "o", "--fixed-strings": "F", "--extended-regexp": "E", "--no-filename": "h",
                       "--basic-regexp": "G", "--ignore-case": "i", "--invert-match": "v", "--word-regexp": "w",
                       "--line-regexp": "x"}[a])
        elif a.startswith("-") and len(a) > 1 and not a.startswith("--"):
            for k, c in enumerate(a[1:], 1):
                if c == "e":
                    patterns.append(a[k + 1:] or (args[i + 1] if i + 1 < len(args) else ""))
                    if not a[k + 1:]:
                        i += 1
                    break
                if c not in "oFEGivwxsh":
                    return None
                flags.add(c)
        elif a.startswith("-") and a != "-":
            return None
        else:
            operands.append(a)
        i += 1
    if not patterns:
        if not operands:
            return None
        patterns, operands = [operands[0]], operands[1:]
    if len(operands) > 1:
        return None  # each line would carry its file's name
    if operands and operands[0] != "-":
        text = _read_file(operands[0], cwd)
    else:
        text = stdin
    if text is None or len(text) > _REGEX_TEXT:
        return None
    parts: list[str] = []
    for p in patterns:
        for piece in p.split("\n"):
            if "F" in flags:
                parts.append(re.escape(piece))
            else:
                py = _bre_to_python(piece, "E" in flags)
                if py is None:
                    return None
                parts.append(py)
    body = "|".join(f"(?:{p})" for p in parts)
    if "w" in flags:
        body = rf"(?<!\w)(?:{body})(?!\w)"
    try:
        rx = re.compile(body, re.IGNORECASE if "i" in flags else 0)
    except re.error:
        return None
    out: list[str] = []
    for line in text.splitlines():
        if "o" in flags:
            if "v" in flags:
                continue
            if "x" in flags:
                out += [line] if rx.fullmatch(line) and line else []
            else:
                out += [m.group(0) for m in rx.finditer(line) if m.group(0)]
            continue
        hit = bool(rx.fullmatch(line) if "x" in flags else rx.search(line))
        if hit != ("v" in flags):
            out.append(line)
    return "".join(x + "\n" for x in out)


def _colrm(args: list[str], stdin: str | None) -> str | None:
    """``colrm [START [STOP]]``: each line of standard input without columns START..STOP (1-based)."""
    if stdin is None or len(args) > 2 or not all(a.isdigit() for a in args):
        return None
    start = int(args[0]) if args else 0
    stop = int(args[1]) if len(args) > 1 else 0
    if not start:
        return stdin
    out = [ln[:start - 1] + (ln[stop:] if stop else "") for ln in _lines(stdin)]
    return "\n".join(out) + ("\n" if out else "")


def _paste(args: list[str], stdin: str | None, cwd: str | None) -> str | None:
    """``paste [-s] [-d LIST] FILE…``: lines of the inputs merged (``-`` is standard input)."""
    serial, delims, files = False, "\t", []
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("-s") and len(a) > 2 and a[2] == "d":
            a = "-" + a[2:]  # `-sd X`, `-sdX`: the serial flag with the delimiter option
            serial = True
        if a in ("-s", "--serial"):
            serial = True
        elif a in ("-d", "--delimiters") and i + 1 < len(args):
            delims, i = args[i + 1], i + 1
        elif a.startswith("--delimiters="):
            delims = a.partition("=")[2]
        elif a.startswith("-d") and len(a) > 2:
            delims = a[2:]
        elif a.startswith("-") and a != "-":
            return None
        else:
            files.append(a)
        i += 1
    if "\\" in delims:
        return None  # escapes in the list are not computed
    files = files or ["-"]
    std = _lines(stdin) if stdin is not None else None
    columns: list[list[str]] = []
    dashes = files.count("-")
    for k, f in enumerate(files):
        if f == "-":
            if std is None:
                return None
            nth = files[:k].count("-")
            columns.append(std if serial else std[nth::dashes])
        else:
            text = _read_file(f, cwd)
            if text is None:
                return None
            columns.append(_lines(text))

    def joined(items: list[str]) -> str:
        if not delims:
            return "".join(items)
        return "".join(item + (delims[j % len(delims)] if j < len(items) - 1 else "") for j, item in enumerate(items))

    if serial:
        out = [joined(col) for col in columns]
    else:
        out = [joined([col[r] if r < len(col) else "" for col in columns]) for r in range(max(map(len, columns)))]
    return "\n".join(out) + ("\n" if out else "")


def _comm(args: list[str], cwd: str | None) -> str | None:
    """``comm [-123] A B`` over two sorted files: lines only in A, only in B, in both (tab-indented columns)."""
    hide, files = set(), []
    for a in args:
        if a.startswith("-") and len(a) > 1 and set(a[1:]) <= set("123"):
            hide |= set(a[1:])
        elif a.startswith("-") and a != "-":
            return None
        else:
            files.append(a)
    texts = [_read_file(f, cwd) for f in files]
    if len(texts) != 2 or texts[0] is None or texts[1] is None:
        return None
    a_lines, b_lines = _lines(texts[0]), _lines(texts[1])
    out: list[str] = []
    i = j = 0

    def put(col: int, line: str) -> None:
        if str(col) not in hide:
            out.append("\t" * sum(1 for c in range(1, col) if str(c) not in hide) + line)

    while i < len(a_lines) or j < len(b_lines):
        if j >= len(b_lines) or (i < len(a_lines) and a_lines[i] < b_lines[j]):
            put(1, a_lines[i])
            i += 1
        elif i >= len(a_lines) or b_lines[j] < a_lines[i]:
            put(2, b_lines[j])
            j += 1
        else:
            put(3, a_lines[i])
            i, j = i + 1, j + 1
    return "\n".join(out) + ("\n" if out else "")


_DECOMPRESSORS = {"zcat": "gzip", "gzcat": "gzip", "xzcat": "lzma", "lzcat": "lzma", "bzcat": "bz2"}


def _bounded_decompress(kind: str, data: bytes) -> bytes | None:
    """``data`` decompressed (one stream), or None when it is in no such format or holds more than MAX_TEXT bytes."""
    import zlib

    try:
        if kind == "gzip":
            d: Any = zlib.decompressobj(16 + zlib.MAX_WBITS)
            text = d.decompress(data, MAX_TEXT + 1)
        elif kind == "lzma":
            import lzma

            d = lzma.LZMADecompressor()
            text = d.decompress(data, MAX_TEXT + 1)
        else:
            import bz2

            d = bz2.BZ2Decompressor()
            text = d.decompress(data, MAX_TEXT + 1)
    except (OSError, EOFError, ValueError, zlib.error):  # not in this format: the program fails; not computed here
        return None
    return None if len(text) > MAX_TEXT else text


def _decompress(name: str, args: list[str], cwd: str | None) -> str | None:
    """``zcat``/``xzcat``/``bzcat FILE…``: the files' decompressed text."""
    files = [a for a in args if a not in ("-f", "-q", "--force", "--quiet")]
    if not files or any(f.startswith("-") for f in files):
        return None
    out = []
    for f in files:
        data = _read_file(f, cwd, binary=True)
        if data is None:
            return None
        text = _bounded_decompress(_DECOMPRESSORS[name], data)
        if text is None:
            return None
        try:
            out.append(text.decode("utf-8"))
        except UnicodeDecodeError:
            return None
    return "".join(out)


def _query_path(expr: str) -> list[Any] | None:
    """The keys and indices of a structured-data query that is a plain path (``.a.b``, ``.a[0]``, ``."k"``)."""
    import re

    if expr == ".":
        return []
    steps: list[Any] = []
    for m in re.finditer(r'\.([A-Za-z_][\w-]*)|\."([^"]*)"|\[(\d+)\]|\["([^"]*)"\]|(.)', expr):
        if m.group(5) is not None:
            return None
        steps.append(int(m.group(3)) if m.group(3) is not None else next(g for g in (m.group(1), m.group(2), m.group(4))
                                                                          if g is not None))
    return steps


def _query(name: str, args: list[str], stdin: str | None, cwd: str | None) -> str | None:
    """``jq -r PATH FILE`` (``tomlq`` on a TOML file): the value stored under a plain path."""
    import json

    raw, rest = False, []
    for a in args:
        if a in ("-r", "--raw-output", "-j", "--join-output"):
            raw = True
        elif a in ("-c", "--compact-output", "-e", "--exit-status", "-M", "--monochrome-output"):
            continue
        elif a.startswith("-"):
            return None
        else:
            rest.append(a)
    if not rest:
        return None
    steps = _query_path(rest[0])
    if steps is None or len(rest) > 2:
        return None
    text = _read_file(rest[1], cwd) if len(rest) == 2 else stdin
    if text is None:
        return None
    try:
        if name == "tomlq":
            import tomllib

            value: Any = tomllib.loads(text)
        else:
            value = json.loads(text)
    except ValueError:
        return None
    for step in steps:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            value = None
            break
    if isinstance(value, str) and raw:
        return value + "\n"
    if isinstance(value, (dict, list)):
        return None
    return json.dumps(value) + "\n"


# ---------------------------------------------------------------- symbol demangling (c++filt)
# The Itanium C++ ABI's grammar for the plain cases: a function or variable named by source names (``_Z3foov``,
# ``_ZN2ns3fooEPKci``) with builtin, pointer, reference and named parameter types. Anything else (templates,
# substitutions, special names, clones) is not computed.
_BUILTIN_TYPES = {"v": "void", "b": "bool", "c": "char", "a": "signed char", "h": "unsigned char", "s": "short",
                  "t": "unsigned short", "i": "int", "j": "unsigned int", "l": "long", "m": "unsigned long",
                  "x": "long long", "y": "unsigned long long", "f": "float", "d": "double", "e": "long double",
                  "w": "wchar_t", "z": "..."}


def _demangle(sym: str, params: bool) -> str | None:
    if not sym.startswith("_Z") or len(sym) > 1024:
        return None
    pos = 2

    def source_name() -> str | None:
        nonlocal pos
        j = pos
        while j < len(sym) and sym[j].isdigit():
            j += 1
        if j == pos or sym[pos] == "0":
            return None
        size = int(sym[pos:j])
        ident = sym[j : j + size]
        if len(ident) != size or not all(c.isalnum() or c == "_" for c in ident):
            return None
        pos = j + size
        return ident

    def name() -> str | None:
        nonlocal pos
        if sym.startswith("N", pos):
            pos += 1
            parts = []
            while pos < len(sym) and sym[pos] != "E":
                part = source_name()
                if part is None:
                    return None
                parts.append(part)
            if len(parts) < 2 or pos >= len(sym):
                return None
            pos += 1
            return "::".join(parts)
        return source_name()

    def type_() -> str | None:
        nonlocal pos
        if pos >= len(sym):
            return None
        c = sym[pos]
        if c in _BUILTIN_TYPES:
            pos += 1
            return _BUILTIN_TYPES[c]
        if c in "PRK":
            pos += 1
            inner = type_()
            if inner is None:
                return None
            if c == "K":
                return inner + " const"
            return inner + ("*" if c == "P" else "&")
        if c.isdigit() or c == "N":
            return name()
        return None

    base = name()
    if base is None:
        return None
    if pos == len(sym):
        return base  # a variable
    types: list[str] = []
    while pos < len(sym):
        t = type_()
        if t is None:
            return None
        types.append(t)
    if types == ["void"]:
        types = []
    elif "void" in types:
        return None
    return base + ("(" + ", ".join(types) + ")" if params else "")


# The Microsoft C++ ABI's plain cases (``llvm-undname``): a global function or variable named by a name and its
# scopes (``?run@@YAHXZ``, ``?f@ns@@YAXHH@Z``, ``?count@@3HA``) with builtin parameter and return types. Anything
# else (pointers, classes, templates, back references, special names) is not computed.
_MS_TYPES = {"X": "void", "D": "char", "C": "signed char", "E": "unsigned char", "F": "short", "G": "unsigned short",
             "H": "int", "I": "unsigned int", "J": "long", "K": "unsigned long", "M": "float", "N": "double",
             "O": "long double", "_N": "bool", "_J": "__int64", "_K": "unsigned __int64", "_W": "wchar_t"}
_MS_CALLS = {"A": "__cdecl", "G": "__stdcall", "I": "__fastcall", "Q": "__vectorcall"}


def _ms_demangle(sym: str) -> str | None:
    if not sym.startswith("?") or len(sym) > 1024 or "@@" not in sym:
        return None
    names, _, rest = sym[1:].partition("@@")
    parts = names.split("@")
    if not all(p and (p[0].isalpha() or p[0] == "_") and all(c.isalnum() or c == "_" for c in p) for p in parts):
        return None
    qualified = "::".join(reversed(parts))

    def types(text: str) -> tuple[list[str], str] | None:
        out: list[str] = []
        while text and text[0] not in "@Z" and not (text[0] == "X" and not out):
            key = text[:2] if text[0] == "_" else text[:1]
            if key not in _MS_TYPES or key == "X":
                return None
            out.append(_MS_TYPES[key])
            text = text[len(key):]
        return out, text

    if rest[:1] == "3" and rest[-1:] == "A":
        var = _MS_TYPES.get(rest[1:-1])
        return f"{var} {qualified}" if var and var != "void" else None
    if rest[:1] != "Y" or rest[1:2] not in _MS_CALLS or len(rest) < 5:
        return None
    call, text = _MS_CALLS[rest[1]], rest[2:]
    key = text[:2] if text[:1] == "_" else text[:1]
    if key not in _MS_TYPES:
        return None
    result, text = _MS_TYPES[key], text[len(key):]
    if text == "XZ":
        params = "void"
    else:
        parsed = types(text)
        if parsed is None or parsed[1] not in ("@Z", "ZZ") or not parsed[0]:
            return None
        params = ", ".join(parsed[0]) + (", ..." if parsed[1] == "ZZ" else "")
    return f"{result} {call} {qualified}({params})"


def _undname(args: list[str], stdin: str | None) -> str | None:
    """``llvm-undname SYMBOL…``: each symbol, then its demangled form, then an empty line (symbols read one a line when
    none is given)."""
    if any(a.startswith("-") for a in args):
        return None
    symbols = args or ([ln for ln in stdin.split("\n") if ln.strip()] if stdin is not None else None)
    if symbols is None:
        return None
    out = []
    for sym in symbols:
        d = _ms_demangle(sym.strip())
        if d is None:
            return None
        out.append(f"{sym.strip()}\n{d}\n\n")
    return "".join(out)


def _cxxfilt(args: list[str], stdin: str | None) -> str | None:
    """``c++filt [-p] [SYMBOL…]``: each mangled name (in the operands, else in the text read) demangled, the rest
    of the text as it is."""
    params, names = True, []
    for a in args:
        if a in ("-p", "--no-params"):
            params = False
        elif a in ("-n", "--no-strip-underscore", "-i", "--no-verbose", "-r", "--no-recurse-limit"):
            continue
        elif a.startswith("-"):
            return None  # `-t` demangles plain words as types, `-_` strips a prefix: not computed
        else:
            names.append(a)
    if names:
        out = []
        for sym in names:
            d = _demangle(sym, params) if sym.startswith("_Z") else sym
            if d is None:
                return None
            out.append(d)
        return "\n".join(out) + "\n"
    if stdin is None:
        return None
    pieces: list[str] = []
    i, n = 0, len(stdin)
    while i < n:
        j = i
        while j < n and (stdin[j].isalnum() or stdin[j] in "_$."):
            j += 1
        if j == i:
            pieces.append(stdin[i])
            i += 1
            continue
        word = stdin[i:j]
        if word.startswith(("_Z", "_GLOBAL_", "__Z")):
            d = _demangle(word, params)
            if d is None:
                return None  # a form not computed here (or one c++filt would leave alone)
            word = d
        pieces.append(word)
        i = j
    return "".join(pieces)


# ---------------------------------------------------------------- option parsing (util-linux getopt)
def _getopt(args: list[str]) -> str | None:
    """``getopt [-u] -o SHORT [-l LONG] -- PARAMS`` (and ``getopt SHORT PARAMS``): the parameters normalized as
    getopt prints them — options first, then ``--``, then the operands, quoted unless ``-u`` (or the old form)."""
    shorts: str | None = None
    longs: list[str] = []
    quoted, i = True, 0
    if args and not args[0].startswith("-"):  # the old form: `getopt OPTSTRING PARAMS…`, unquoted
        shorts, quoted, i = args[0], False, 1
    else:
        while i < len(args):
            a = args[i]
            value = None
            if a in ("-o", "--options", "-l", "--longoptions", "--long", "-n", "--name") and i + 1 < len(args):
                value, i = args[i + 1], i + 1
            elif a.startswith(("--options=", "--longoptions=", "--long=", "--name=")):
                a, _, value = a.partition("=")
            elif a[:2] in ("-o", "-l", "-n") and len(a) > 2:
                a, value = a[:2], a[2:]
            if value is not None:
                if a in ("-o", "--options"):
                    shorts = value
                elif a in ("-l", "--longoptions", "--long"):
                    longs += value.replace(",", " ").split()
            elif a in ("-u", "--unquoted"):
                quoted = False
            elif a in ("-q", "--quiet"):
                pass
            elif a == "--":
                i += 1
                break
            elif a.startswith("-"):
                return None  # -a, -s, -Q, -T…: not computed
            else:
                break
            i += 1
        if shorts is None:
            if i >= len(args):
                return None
            shorts, i = args[i], i + 1
    params = args[i:]
    if shorts.startswith("-"):
        return None
    stop = shorts.startswith("+")
    shorts = shorts.lstrip("+")
    takes: dict[str, int] = {}  # 0: no value, 1: required, 2: optional
    k = 0
    while k < len(shorts):
        c = shorts[k]
        if c == ":" or not c.isprintable():
            return None
        n = 2 if shorts[k + 1 : k + 3] == "::" else 1 if shorts[k + 1 : k + 2] == ":" else 0
        takes[c] = n
        k += 1 + n
    longs_take: dict[str, int] = {}
    for spec in longs:
        bare = spec.rstrip(":")
        if not bare:
            return None
        longs_take[bare] = min(len(spec) - len(bare), 2)

    def q(v: str) -> str:
        return "'" + v.replace("'", "'\\''") + "'" if quoted else v

    opts: list[str] = []
    operands: list[str] = []
    j = 0
    while j < len(params):
        p = params[j]
        if p == "--":
            operands += params[j + 1 :]
            break
        if p.startswith("--"):
            key, eq, val = p[2:].partition("=")
            hits = [n for n in longs_take if n == key] or [n for n in longs_take if n.startswith(key)]
            if len(hits) != 1:
                return None  # an unknown or ambiguous option: getopt complains
            need = longs_take[hits[0]]
            opts.append("--" + hits[0])
            if need == 0 and eq:
                return None
            if need == 1 and not eq:
                if j + 1 >= len(params):
                    return None
                val, j = params[j + 1], j + 1
                eq = "="
            if need or eq:
                opts.append(q(val if eq else ""))
        elif p.startswith("-") and p != "-":
            m = 1
            while m < len(p):
                c = p[m]
                if c not in takes:
                    return None
                opts.append("-" + c)
                if takes[c] == 1:
                    val = p[m + 1 :]
                    if not val:
                        if j + 1 >= len(params):
                            return None
                        val, j = params[j + 1], j + 1
                    opts.append(q(val))
                    break
                if takes[c] == 2:
                    opts.append(q(p[m + 1 :]))
                    break
                m += 1
        else:
            if stop:
                operands += params[j:]
                break
            operands.append(p)
        j += 1
    return "".join(" " + w for w in opts) + " --" + "".join(" " + q(w) for w in operands) + "\n"


# ---------------------------------------------------------------- XML queried as JSON (xq)
def _xml_value(elem: Any) -> Any:
    """An element as xmltodict (which xq uses) maps it: text alone is a string, attributes are ``@name`` keys,
    children are keys (a list when repeated), an empty element is null. None-of-this (namespaces, mixed text):
    raises ValueError."""
    if "{" in elem.tag:
        raise ValueError("namespace")
    out: dict[str, Any] = {"@" + k: v for k, v in elem.attrib.items()}
    if any("{" in k for k in elem.attrib):
        raise ValueError("namespace")
    text = (elem.text or "").strip()
    many = _xml_lists(elem)
    for child in elem:  # the parser keeps no comments or processing instructions: every child is an element
        if (child.tail or "").strip():
            raise ValueError("mixed content")
        value = _xml_value(child)
        if child.tag in many:
            out.setdefault(child.tag, []).append(value)
        else:
            out[child.tag] = value
    if not out:
        return text or None
    if text:
        if len(elem):
            raise ValueError("mixed content")
        out["#text"] = text
    return out


def _xml_lists(elem: Any) -> set[str]:
    seen: set[str] = set()
    many: set[str] = set()
    for child in elem:
        (many if child.tag in seen else seen).add(child.tag)
    return many


def _xq(args: list[str], stdin: str | None, cwd: str | None) -> str | None:
    """``xq -r PATH [FILE]``: the XML document read as xmltodict maps it to JSON, then the path looked up like jq."""
    import json
    import xml.etree.ElementTree as ET

    flags = [a for a in args if a.startswith("-")]
    rest = [a for a in args if not a.startswith("-")]
    if any(f in ("-x", "--xml-output", "--xml-dtd", "--xml-root", "--xml-force-list") or f.startswith("--xml")
           for f in flags) or not rest or len(rest) > 2:
        return None
    text = _read_file(rest[1], cwd) if len(rest) == 2 else stdin
    if text is None or "<!" in text:
        return None  # a document type (entities) is not computed
    try:
        root = ET.fromstring(text)
        doc = {root.tag: _xml_value(root)}
    except (ET.ParseError, ValueError):
        return None
    return _query("jq", flags + rest[:1], json.dumps(doc), None)


# ---------------------------------------------------------------- package metadata (pkg-config, dpkg-parsechangelog)
def _pc_file(package: str, env: dict[str, str]) -> str | None:
    """The text of ``PACKAGE.pc`` as pkg-config finds it first: in the ``PKG_CONFIG_PATH`` directories (before the
    system's), or None when it is not among the files known here."""
    if "/" in package or not env.get("PKG_CONFIG_PATH"):
        return None
    for folder in env["PKG_CONFIG_PATH"].split(":"):
        if folder:
            text = _read_file(folder.rstrip("/") + "/" + package + ".pc", None)
            if text is not None:
                return text
    return None


def _pkg_config(args: list[str], env: dict[str, str]) -> str | None:
    """``pkg-config --variable=NAME PKG`` / ``--modversion PKG`` over a ``.pc`` file known here."""
    want: tuple[str, str] | None = None
    packages = []
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("--variable="):
            want = ("var", a.partition("=")[2])
        elif a == "--variable" and i + 1 < len(args):
            want, i = ("var", args[i + 1]), i + 1
        elif a == "--modversion":
            want = ("field", "Version")
        elif a.startswith("-"):
            return None
        else:
            packages.append(a)
        i += 1
    if want is None or len(packages) != 1:
        return None
    text = _pc_file(packages[0], env)
    if text is None:
        return None
    variables: dict[str, str] = {}
    fields: dict[str, str] = {}

    def expand(value: str) -> str | None:
        out, k = [], 0
        while k < len(value):
            if value.startswith("${", k):
                end = value.find("}", k)
                if end < 0 or value[k + 2 : end] not in variables:
                    return None
                out.append(variables[value[k + 2 : end]])
                k = end + 1
            elif value.startswith("$$", k):
                out.append("$")
                k += 2
            else:
                out.append(value[k])
                k += 1
        return "".join(out)

    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        eq, colon = line.find("="), line.find(":")
        if eq > 0 and (colon < 0 or eq < colon) and line[:eq].strip().replace("_", "").replace(".", "").isalnum():
            value = expand(line[eq + 1 :].strip())
            if value is None:
                return None
            variables[line[:eq].strip()] = value
        elif colon > 0:
            value = expand(line[colon + 1 :].strip())
            if value is None:
                return None
            fields[line[:colon].strip()] = value
    found = variables.get(want[1]) if want[0] == "var" else fields.get(want[1])
    if want[0] == "var" and want[1] == "pcfiledir":
        return None
    return (found if found is not None else "") + "\n"


def _parsechangelog(args: list[str], cwd: str | None) -> str | None:
    """``dpkg-parsechangelog [-l FILE] -S FIELD``: a field of the newest entry's heading line
    (``SOURCE (VERSION) DISTRIBUTIONS; urgency=U``)."""
    path, field = "debian/changelog", None
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-l", "--file") and i + 1 < len(args):
            path, i = args[i + 1], i + 1
        elif a.startswith("--file="):
            path = a.partition("=")[2]
        elif a.startswith("-l") and len(a) > 2:
            path = a[2:]
        elif a in ("-S", "--show-field") and i + 1 < len(args):
            field, i = args[i + 1], i + 1
        elif a.startswith("--show-field="):
            field = a.partition("=")[2]
        else:
            return None
        i += 1
    text = _read_file(path, cwd)
    if text is None or field is None:
        return None
    head = next((ln for ln in text.splitlines() if ln.strip()), "")
    if head[:1].isspace() or "(" not in head or ")" not in head or ";" not in head:
        return None
    source, _, rest = head.partition(" (")
    version, _, rest = rest.partition(")")
    dists, _, opts = rest.partition(";")
    values = {"source": source.strip(), "version": version.strip(), "distribution": " ".join(dists.split())}
    for opt in opts.split(","):
        key, eq, val = opt.strip().partition("=")
        if eq and key.lower() == "urgency":
            values["urgency"] = val.strip()
    got = values.get(field.lower())
    if got is None or not got or any(c.isspace() for c in got if field.lower() != "distribution"):
        return None
    return got + "\n"


def _seq(args: list[str]) -> str | None:
    """GNU ``seq [-s SEP] [-w] [FIRST [INCREMENT]] LAST`` over integers (at most 10000 numbers); None for a fraction, a
    format (``-f``) or any other option."""
    separator, width = "\n", False
    while args and args[0].startswith("-") and not args[0].lstrip("-").isdigit():
        opt = args.pop(0)
        if opt in ("-s", "--separator") and args:
            separator = args.pop(0)
        elif opt.startswith("--separator="):
            separator = opt.partition("=")[2]
        elif opt.startswith("-s") and len(opt) > 2:
            separator = opt[2:]
        elif opt in ("-w", "--equal-width"):
            width = True
        elif opt == "--":
            break
        else:
            return None
    if not 1 <= len(args) <= 3 or not all(a.removeprefix("-").isdigit() and a.isascii() for a in args):
        return None
    numbers = [int(a) for a in args]
    first, step, last = (1, 1, numbers[0]) if len(numbers) == 1 else (
        (numbers[0], 1, numbers[1]) if len(numbers) == 2 else tuple(numbers))
    if step == 0:
        return None
    values = range(first, last + (1 if step > 0 else -1), step)
    if len(values) > 10000:
        return None
    if not values:
        return ""
    if width and any(v < 0 for v in (first, last)):
        return None
    size = max(len(str(first)), len(str(last))) if width else 0
    return separator.join(str(v).zfill(size) for v in values) + "\n"


def _bc(args: list[str], stdin: str | None) -> str | None:
    """POSIX ``bc`` (no ``-l``: scale 0) over a program of integer expressions — ``+ - * / % ^``, parentheses, unary
    minus binding tighter than ``^`` — one statement a line or between ``;``, each value printed on its own line.
    None for variables, functions, comparisons, a fraction, a division by zero or a value bc would wrap."""
    if stdin is None or any(a not in ("-q", "--quiet") for a in args) or len(stdin) > 4096:
        return None
    out: list[str] = []
    for statement in stdin.replace(";", "\n").split("\n"):
        text = statement.strip()
        if not text:
            continue
        if any(c not in "0123456789+-*/%^() \t" for c in text):
            return None
        tokens: list[str] = []
        i = 0
        while i < len(text):
            c = text[i]
            if c in " \t":
                i += 1
            elif c.isdigit():
                j = i
                while j < len(text) and text[j].isdigit():
                    j += 1
                tokens.append(text[i:j])
                i = j
            else:
                tokens.append(c)
                i += 1
        value = _bc_value(tokens)
        if value is None or len(str(value)) >= 69:
            return None
        out.append(f"{value}\n")
    return "".join(out)


def _bc_value(tokens: list[str]) -> int | None:
    pos = [0]

    def peek() -> str | None:
        return tokens[pos[0]] if pos[0] < len(tokens) else None

    def take() -> str:
        tok = peek()
        if tok is None:
            raise ValueError("end")
        pos[0] += 1
        return tok

    def sum_() -> int:
        value = product()
        while peek() in ("+", "-"):
            op = take()
            right = product()
            value = value + right if op == "+" else value - right
        return value

    def product() -> int:
        value = power()
        while peek() in ("*", "/", "%"):
            op = take()
            right = power()
            if op == "*":
                value *= right
                continue
            if right == 0:
                raise ValueError("divide by zero")
            q = abs(value) // abs(right)
            q = q if (value >= 0) == (right >= 0) else -q
            value = q if op == "/" else value - q * right
        return value

    def power() -> int:
        base = unary()
        if peek() == "^":
            take()
            exponent = power()
            if exponent < 0 or exponent > 256:
                raise ValueError("exponent")
            return int(base ** exponent)
        return base

    def unary() -> int:
        if peek() == "-":
            take()
            return -unary()
        tok = take()
        if tok == "(":
            value = sum_()
            if take() != ")":
                raise ValueError(")")
            return value
        if not tok.isdigit():
            raise ValueError(tok)
        return int(tok)

    try:
        value = sum_()
    except (ValueError, OverflowError):
        return None
    return value if pos[0] == len(tokens) else None


def _compgen(args: list[str]) -> str | None:
    """Bash's ``compgen -W WORDLIST [--] [WORD]``: the words of the list that start with WORD, in order, one a line.
    Only for a list of plain words (the builtin expands each word again: anything it could expand is not computed)
    split at blanks (the default IFS)."""
    if len(args) < 2 or args[0] != "-W":
        return None
    wordlist, rest = args[1], args[2:]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if len(rest) > 1 or (rest and rest[0].startswith("-") and args[2:3] != ["--"]):
        return None
    if any(c in wordlist for c in "$`~{}\\'\"*?[]!"):
        return None
    prefix = rest[0] if rest else ""
    matches = [w for w in wordlist.split() if w.startswith(prefix)]
    return "".join(w + "\n" for w in matches)


def _python_name(name: str) -> bool:
    """``python``, ``python3``, ``python3.11``: a Python 3 interpreter by its installed names."""
    rest = name[len(_PYTHON_NAME):] if name.startswith(_PYTHON_NAME) else None
    return rest is not None and (rest in ("", "3") or (rest.startswith("3.") and rest[2:].isdigit()))


# systemd-path(1)'s user and system names whose answer is the environment's (XDG base directories with their
# documented defaults under $HOME) or a fixed directory; other names (user-runtime, xdg user-dirs) are not computed.
_SYSTEMD_PATHS = {"user": ("HOME", ""), "user-configuration": ("XDG_CONFIG_HOME", ".config"),
                  "user-state-cache": ("XDG_CACHE_HOME", ".cache"), "user-shared": ("XDG_DATA_HOME", ".local/share"),
                  "user-binaries": ("", ".local/bin"), "user-library-private": ("", ".local/lib"),
                  "temporary": ("/tmp", ""), "temporary-large": ("/var/tmp", ""), "system-runtime": ("/run", "")}


def _systemd_path(args: list[str]) -> str | None:
    """``systemd-path NAME``: the directory for one known NAME (HOME and XDG variables as this process sees them,
    which the command inherits too); None for any option, several names or a name not in the table."""
    import os

    if len(args) != 1 or args[0] not in _SYSTEMD_PATHS:
        return None
    var, under = _SYSTEMD_PATHS[args[0]]
    if var.startswith("/"):
        return var + "\n"
    home = os.environ.get("HOME", "")
    value = os.environ.get(var, "") if var and var != "HOME" else ""
    if value.startswith("/"):
        return value.rstrip("/") + "\n" if value != "/" else "/\n"
    if not home.startswith("/") or any(c in home for c in "\n$`"):
        return None
    home = home.rstrip("/") or "/"
    return (home if not under else (home.rstrip("/") + "/" + under)) + "\n"


def _numfmt(args: list[str]) -> str | None:
    """numfmt(1) of integers given as operands with no scaling (``--from``/``--to`` absent or ``none``): each number as
    an integer (``007`` is ``7``), ``--suffix=S`` added to it (and accepted on input), ``--padding=N`` right-aligned
    (left with a negative N). Anything else — standard input, scaling, a format, grouping, fields — is None."""
    suffix, padding, numbers, options = "", 0, [], True
    for a in args:
        if options and a == "--":
            options = False
        elif options and a.startswith("--suffix="):
            suffix = a[len("--suffix="):]
        elif options and a in ("--to=none", "--from=none"):
            continue
        elif options and a.startswith("--padding=") and a[10:].lstrip("-").isdigit() and int(a[10:]):
            padding = int(a[10:])
        elif options and a.startswith("-"):
            return None
        else:
            numbers.append(a)
    if not numbers or not all(" " < c <= "~" for c in suffix):
        return None
    out = []
    for n in numbers:
        text = n[:-len(suffix)] if suffix and n.endswith(suffix) else n
        digits = text.removeprefix("-")
        if not digits.isdigit() or not digits.isascii() or len(digits) > 18:
            return None
        value = str(int(text)) + suffix
        out.append(value.rjust(padding) if padding > 0 else value.ljust(-padding))
    return "".join(v + "\n" for v in out)


def pure_form(words: list[str]) -> bool:
    """Whether ``words`` is one of the documented forms of :data:`PURE_FORMS` computed here (asked before running)."""
    if len(words) < 2:
        return False
    name = words[0].rsplit("/", 1)[-1]
    if _python_name(name):
        return words[1] == "-m" and len(words) > 2 and words[2] in _PURE_MODULES
    if name == "git" and words[1] == "rev-parse":
        return words[2:3] == ["--sq-quote"]
    return name == "git" and words[1] in _PURE_GIT


def _module_operands(args: list[str], flags: str) -> tuple[set[str], list[str]] | None:
    """getopt(3)-style short flags (``-d``, ``-td``) from ``flags`` then operands; None on any other option."""
    seen: set[str] = set()
    k = 0
    while k < len(args) and args[k].startswith("-") and args[k] != "-":
        if args[k] == "--":
            k += 1
            break
        if not set(args[k][1:]) <= set(flags):
            return None
        seen |= set(args[k][1:])
        k += 1
    return seen, args[k:]


def _python_module(module: str, args: list[str], stdin: str | None) -> str | None:
    """``python3 -m MODULE`` for the standard library's codec modules, as their ``__main__`` code reads its
    arguments: ``encodings.rot_13`` ignores its arguments and rot13s standard input; ``quopri [-t | -d] [file]``
    (getopt ``td``: -d decodes, -t quotes tabs, both is an error); ``base64 [-d|-e|-u|-t] [file]`` (-e, the default,
    encodes in 76-column lines, -d/-u decode, -t runs a self-test). Only standard input is read here (no operand or
    ``-``); anything else is None."""
    import io

    if stdin is None:
        return None
    if module == "encodings.rot_13":
        import codecs

        return str(codecs.encode(stdin, "rot-13"))
    parsed = _module_operands(args, "td" if module == "quopri" else "deut")
    if parsed is None:
        return None
    flags, operands = parsed
    if operands not in ([], ["-"]):
        return None
    data = stdin.encode("utf-8", "surrogateescape")
    out = io.BytesIO()
    if module == "quopri":
        import quopri

        if {"t", "d"} <= flags:
            return None  # "-t and -d are mutually exclusive" (exit 2)
        if "d" in flags:
            quopri.decode(io.BytesIO(data), out)
        else:
            quopri.encode(io.BytesIO(data), out, "t" in flags)
    else:
        import base64
        import binascii

        if "t" in flags:
            return None
        try:
            if flags & {"d", "u"}:
                base64.decode(io.BytesIO(data), out)
            else:
                base64.encode(io.BytesIO(data), out)
        except (binascii.Error, ValueError):
            return None
    try:
        return out.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        return None


_COLUMN_MODES = frozenset({"plain", "never", "column", "row", "always", "auto", "dense", "nodense"})
_REF_FORBIDDEN = frozenset(" ~^:?*[\\\x7f") | {chr(c) for c in range(32)}


def _ref_name_ok(ref: str) -> bool:
    """git-check-ref-format(1)'s rules for a full ref name (refs/…): no component starting with ``.`` or ending
    with ``.lock``, no ``..``, no control character, space, ``~ ^ : ? * [ \\``, no leading/trailing ``/`` or ``//``,
    no trailing ``.``, no ``@{``, not ``@``, at least two components."""
    if not ref or ref == "@" or ref.startswith("/") or ref.endswith(("/", ".")) or "//" in ref or ".." in ref \
            or "@{" in ref or any(c in _REF_FORBIDDEN for c in ref) or "/" not in ref:
        return False
    return all(part and not part.startswith(".") and not part.endswith(".lock") for part in ref.split("/"))


def _git_pure(args: list[str], stdin: str | None) -> str | None:
    """git's text commands that read no repository state for these forms:
    - ``check-ref-format --branch NAME``: NAME when ``refs/heads/NAME`` is a valid ref and NAME is a plain name (no
      ``@``, which git may resolve as ``@{-N}``; not starting with ``-``, not ``HEAD``), else None (git fails);
    - ``check-ref-format --normalize REF``: REF with repeated and leading slashes removed, when valid;
    - ``stripspace`` with no option: trailing whitespace (space, tab, CR) removed from each line, runs of blank lines
      collapsed to one, blank lines at the start and end dropped, a final newline (``-s``/``-c`` depend on the
      configured comment character: None);
    - ``column``: one input line is printed as it is in every layout (no ``--indent``/``--nl``/``--raw-mode``, which
      add text); several lines only with ``--mode=plain``/``--mode=never`` (one per line) — otherwise the layout
      depends on ``column.ui`` and the width: None."""
    sub, rest = (args[0], args[1:]) if args else ("", [])
    if sub == "rev-parse" and rest[:1] == ["--sq-quote"]:
        # git-rev-parse(1): "--sq-quote … the rest of the arguments are quoted for the shell" (no repository read)
        from statewise_cli.actions.quoting import git_sq_quote

        return git_sq_quote(rest[1:])
    if sub == "check-ref-format":
        if len(rest) == 2 and rest[0] == "--branch":
            name = rest[1]
            if "@" in name or name.startswith("-") or name == "HEAD" or not _ref_name_ok("refs/heads/" + name):
                return None
            return name + "\n"
        if len(rest) == 2 and rest[0] == "--normalize":
            ref = "/".join(p for p in rest[1].split("/") if p)
            if rest[1].endswith("/") or not _ref_name_ok(ref):
                return None
            return ref + "\n"
        return None
    if sub == "stripspace":
        if rest or stdin is None:
            return None
        out: list[str] = []
        blank = 0
        for line in stdin.split("\n"):
            line = line.rstrip(" \t\r")
            if not line:
                blank += 1
                continue
            if blank and out:
                out.append("")
            blank = 0
            out.append(line)
        return "".join(ln + "\n" for ln in out)
    if sub == "column":
        if stdin is None or "\r" in stdin:
            return None
        plain = False
        for a in rest:
            key, eq, value = a.partition("=")
            if key == "--mode" and eq and value and set(value.split(",")) <= _COLUMN_MODES:
                plain = plain or bool({"plain", "never"} & set(value.split(",")))
            elif not (key in ("--width", "--padding") and eq and value.isdigit()):
                return None
        items = stdin.split("\n")
        if items and items[-1] == "":
            items.pop()
        if len(items) <= 1 or plain:
            return "".join(i + "\n" for i in items)
        return None
    return None


def run(argv: list[str], stdin: str | None, cwd: str | None = None, env: dict[str, str] | None = None) -> str | None:
    """What ``argv`` writes to standard output given ``stdin`` (None when no text is piped in), or None when that is
    not computed here. ``cwd``: where a selector's files are read (None: no file is read); ``env``: the variables set
    for the program on its command line."""
    if not argv:
        return None
    name, args = argv[0].rsplit("/", 1)[-1], list(argv[1:])
    if stdin is not None and len(stdin) > MAX_TEXT:
        return None
    out: str | None
    if name == "echo":
        out = _echo(args)
    elif name == "printf":
        out = _printf(args)
    elif name == "cat":
        if set(args) <= {"-", "-u"}:
            out = stdin
        elif not any(a.startswith("-") for a in args):
            parts = [_read_file(a, cwd) for a in args]
            out = None if any(p is None for p in parts) else "".join(p or "" for p in parts)
        else:
            out = None
    elif name == "grep":
        out = _grep(args, stdin, cwd)
    elif name == "colrm":
        out = _colrm(args, stdin)
    elif name == "paste":
        out = _paste(args, stdin, cwd)
    elif name == "comm":
        out = _comm(args, cwd)
    elif name in _DECOMPRESSORS:
        out = _decompress(name, args, cwd)
    elif name in ("jq", "gojq", "jaq", "tomlq"):
        out = _query(name, args, stdin, cwd)
    elif name in ("base64", "base32", "basenc"):
        out = _codec(name, args, stdin)
    elif name == "openssl":
        out = _openssl(args, stdin)
    elif name == "xxd":
        out = _xxd(args, stdin)
    elif name == "rev":
        out = None if args or stdin is None else "".join(
            line.rstrip("\n")[::-1] + ("\n" if line.endswith("\n") else "") for line in stdin.splitlines(keepends=True))
    elif name == "tac":
        out = None if args or stdin is None else "".join(reversed(
            [ln if ln.endswith("\n") else ln + "\n" for ln in stdin.splitlines(keepends=True)]))
    elif name == "tr":
        out = _tr(args, stdin)
    elif name == "cut":
        out = _cut(args, stdin, cwd)
    elif name in ("head", "tail"):
        out = _head_tail(name, args, stdin)
    elif name == "sed":
        out = _sed(args, stdin)
    elif name in ("awk", "gawk", "mawk", "nawk"):
        out = _awk(args, stdin)
    elif name in ("gettext", "ngettext"):
        out = _gettext(name, args)
    elif name == "expr":
        out = _expr(args)
    elif name == "seq":
        out = _seq(args)
    elif name == "date":
        # `date +FORMAT` with no conversion (no `%`): the format is printed as it is, whatever the clock says
        out = args[0][1:] + "\n" if len(args) == 1 and args[0].startswith("+") and "%" not in args[0] else None
    elif name == "bc":
        out = _bc(args, stdin)
    elif name == "compgen":
        out = _compgen(args)
    elif name == "fold":
        out = _fold(args, stdin)
    elif name == "tsort":
        out = _tsort(args, stdin)
    elif name == "systemd-escape":
        out = _systemd_escape(args)
    elif name == "c++filt":
        out = _cxxfilt(args, stdin)
    elif name == "llvm-undname":
        out = _undname(args, stdin)
    elif name == "getopt":
        out = _getopt(args)
    elif name in ("xq", "xq-python"):
        out = _xq(args, stdin, cwd)
    elif name == "pkg-config":
        out = _pkg_config(args, env or {})
    elif name == "dpkg-parsechangelog":
        out = _parsechangelog(args, cwd)
    elif _python_name(name) and args[:1] == ["-m"] and len(args) > 1 and args[1] in _PURE_MODULES:
        out = _python_module(args[1], args[2:], stdin)
    elif name == "systemd-path":
        out = _systemd_path(args)
    elif name == "numfmt":
        out = _numfmt(args)
    elif name == "git" and args[:1] and (args[0] in _PURE_GIT or args[:2] == ["rev-parse", "--sq-quote"]):
        out = _git_pure(args, stdin)
    elif name in _FORMATTERS:
        from statewise_cli.actions import formatters

        out = formatters.run(name, args, stdin)
    else:
        out = None
    return out if out is None or len(out) <= MAX_TEXT else None


_FORMATTERS = frozenset({"col", "colcrt", "pr", "eqn", "neqn", "geqn", "tbl", "gtbl", "pic", "gpic", "soelim", "gsoelim",
                         "hexdump", "hd", "uncompress", "lz4", "lz4c", "lz4cat", "unlz4", "gunzip", "gzip", "basename",
                         "dirname", "sort", "uniq", "dos2unix", "unix2dos", "expand", "iconv", "strings", "nl", "shuf",
                         "tee"})
_OPAQUE = "\ue000\ue001"  # starts formatters.PROLOGUE: a line whose text is not known


def _expands(text: str) -> bool:
    """Whether ``text`` holds an expansion the shell makes (``$``, a backtick) outside single quotes."""
    quote = ""
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and quote != "'":
            i += 2
            continue
        if c == "'" and quote != '"':
            quote = "" if quote == "'" else "'"
        elif c == '"' and quote != "'":
            quote = "" if quote == '"' else '"'
        elif c in "$`" and quote != "'":
            return True
        i += 1
    return False


# Compression round trips (grammar facts): a compressor's output piped into a decompressor that reads its format is
# the compressor's input. The family of each compressor (its name compresses unless told to decompress), and the
# families each decompressing name reads (gzip's `zcat`, `gunzip` and `uncompress` also read compress's LZW).
_COMPRESSORS = {"gzip": "gzip", "pigz": "gzip", "xz": "xz", "lzma": "xz", "pixz": "xz", "bzip2": "bzip2",
                "pbzip2": "bzip2", "lbzip2": "bzip2", "zstd": "zstd", "zstdmt": "zstd", "lz4": "lz4", "lz4c": "lz4",
                "compress": "compress", "lzip": "lzip", "plzip": "lzip", "lzop": "lzop", "brotli": "brotli"}
_DECOMPRESSING = {"zcat": ("gzip", "compress"), "gzcat": ("gzip", "compress"), "gunzip": ("gzip", "compress"),
                  "uncompress": ("gzip", "compress"), "unpigz": ("gzip",), "xzcat": ("xz",), "unxz": ("xz",),
                  "lzcat": ("xz",), "unlzma": ("xz",), "bzcat": ("bzip2",), "bunzip2": ("bzip2",),
                  "zstdcat": ("zstd",), "unzstd": ("zstd",), "lz4cat": ("lz4",), "unlz4": ("lz4",),
                  "lunzip": ("lzip",)}


def _codec_stage(words: list[str]) -> tuple[tuple[str, ...], bool] | None:
    """(families, decompresses) of a pipeline stage that compresses or decompresses standard input to standard
    output with no other option (``xz``, ``gzip -c -9``, ``xz -d``, ``bzcat``, ``lz4c -z -q``), else None."""
    if not words:
        return None
    name, args = words[0].rsplit("/", 1)[-1], words[1:]
    flags = set()
    for a in args:
        if not a.startswith("-") or a == "-" or a.startswith("--"):
            if a in ("--stdout", "--decompress", "--quiet", "--force", "--compress", "--uncompress", "--keep"):
                flags.add({"--stdout": "c", "--decompress": "d", "--quiet": "q", "--force": "f", "--compress": "z",
                           "--uncompress": "d", "--keep": "k"}[a])
                continue
            return None
        flags |= set(a[1:])
    if not flags <= set("cdqfkvz0123456789") or {"d", "z"} <= flags:
        return None
    if name in _DECOMPRESSING:
        return (None if "z" in flags else (_DECOMPRESSING[name], True))
    if name in _COMPRESSORS:
        return (_COMPRESSORS[name],), "d" in flags
    return None


def _without_round_trips(stages: list[list[str]]) -> list[list[str]]:
    """The pipeline with each compressor piped straight into a decompressor of its format removed (both stages)."""
    out: list[list[str]] = []
    for words in stages:
        here = _codec_stage(words)
        before = _codec_stage(out[-1]) if out else None
        if here and here[1] and before and not before[1] and before[0][0] in here[0]:
            out.pop()
            continue
        out.append(words)
    return out


def evaluate(inner: str, answer_git: Any = None, cwd: str | None = None, texts: dict[str, str] | None = None,
             pwd: str | None = None) -> str | None:
    """The output of a substitution's script ``inner`` (trailing newlines dropped, as the shell does) when it is a
    pipeline of the programs above over literal words (a here-string may feed the first), else None.
    ``answer_git(words)``: the answer to a git query that may start the pipeline (None when it is not one).
    ``texts``: files the line wrote before with known text (absolute path: text), ``pwd`` where names start from."""
    _WRITTEN["texts"], _WRITTEN["pwd"] = texts or {}, pwd
    try:
        return _evaluate(inner, answer_git, cwd)
    finally:
        _WRITTEN["texts"], _WRITTEN["pwd"] = {}, None


def _process_substitutions(inner: str, answer_git: Any, cwd: str | None) -> str | None:
    """``inner`` with each ``<(…)`` outside quotes replaced by the file the shell hands the program (``/dev/fd/N``),
    whose text — what the substitution prints, computed like any pipeline here — the programs above then read; None
    when one of them is not computed."""
    out: list[str] = []
    quote, i, fd = "", 0, 63
    while i < len(inner):
        c = inner[i]
        if quote:
            quote = "" if c == quote else quote
            out.append(c)
            i += 1
            continue
        if c in "'\"":
            quote = c
        elif inner.startswith("<(", i) and (i == 0 or inner[i - 1] in " \t"):
            level, j = 1, i + 2
            while j < len(inner) and level:
                level += inner[j] == "("
                level -= inner[j] == ")"
                j += 1
            if level:
                return None
            printed = _evaluate(inner[i + 2:j - 1], answer_git, cwd)
            if not printed or fd < 40:
                return None
            path = f"/dev/fd/{fd}"
            _WRITTEN["texts"] = {**_WRITTEN["texts"], path: printed + "\n"}
            out.append(path)
            fd -= 1
            i = j
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _yes_line(args: list[str]) -> str | None:
    """The line ``yes ARGS`` repeats: its words joined by spaces (``y`` without any); None for an option."""
    if args[:1] == ["--"]:
        args = args[1:]
    elif any(a.startswith("-") and a != "-" for a in args):
        return None  # `--help`, `--version`, or an option yes refuses
    return " ".join(args) if args else "y"


def _evaluate(inner: str, answer_git: Any, cwd: str | None) -> str | None:
    from statewise_cli.actions.shell import SEPARATORS, ParseError, _is_assignment, _tokens

    if _expands(inner) or len(inner) > MAX_TEXT:
        return None
    if "<(" in inner:
        replaced = _process_substitutions(inner, answer_git, cwd)
        if replaced is None:
            return None
        inner = replaced
    try:
        tokens = _tokens(inner)
    except ParseError:
        return None
    stages: list[list[str]] = [[]]
    for tok in tokens:
        if tok == "|":
            stages.append([])
        elif tok in SEPARATORS:
            return None
        else:
            stages[-1].append(tok)
    stages = _without_round_trips(stages)
    text: str | None = None
    for k, words in enumerate(stages):
        if not words:
            return None
        feed: str | None = None
        if "<<<" in words:
            at = words.index("<<<")
            if at + 1 >= len(words) or k:
                return None
            feed = words[at + 1] + "\n"
            words = words[:at] + words[at + 2 :]
        if any(set(w) & set("<>") and w in ("<", ">", ">>", "<<", "&>", ">&", "<&", "2>") for w in words):
            return None
        env: dict[str, str] = {}
        while len(words) > 1 and _is_assignment(words[0]):
            key, _, value = words[0].partition("=")
            env[key] = value
            words = words[1:]
        if k == 0 and words[0] == "git" and answer_git is not None and not pure_form(words):
            shown = answer_git(words)
            if shown is None:
                return None
            text = shown + "\n"
            continue
        if k == 0 and words[0].rsplit("/", 1)[-1] == "yes" and len(stages) > 1 and stages[1][:1] == ["head"]:
            # `yes WORD… | head -n N`: N lines of the words (yes writes them until the pipe closes)
            spec, line = _count(stages[1][1:]), _yes_line(words[1:])
            if spec is None or spec[2] or line is None:
                return None
            lines = spec[1] if spec[0] == "n" else spec[1] // (len(line.encode("utf-8")) + 1) + 1
            if lines * (len(line) + 1) > MAX_TEXT:
                return None
            text = (line + "\n") * lines
            continue
        if words[0].rsplit("/", 1)[-1] not in FOLDERS and not pure_form(words):
            return None
        if text is not None and _OPAQUE in text and words[0].rsplit("/", 1)[-1] != "tail":
            return None  # only a selection of the last lines drops a line whose text is not known
        text = run(words, feed if k == 0 else text, cwd, env)
        if text is None:
            return None
    if text is not None and _OPAQUE in text:
        return None
    return text.rstrip("\n") if text is not None else None


