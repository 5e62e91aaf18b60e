"""The shell's own quoted renderings of a known value, as bash and git document them.

A word that is a quoted rendering of a known value — ``${v@Q}``, ``${a[@]@K}``, ``${v@A}``, ``printf %q``, ``git
rev-parse --sq-quote`` — is itself known text, and ``eval`` (or ``sh -c``) reading it back gets the value again. Each
function returns the exact text the program prints for printable ASCII values, and None for anything else (a control
character is printed in bash's ``$'…'`` form and a non-ASCII character as the locale decides: not computed, so the
word stays unknown and the checks give it the protected answer).

bash(1), "Parameter transformation": ``Q`` "a string that is the value of parameter quoted in a format that can be
reused as input"; ``K`` "a possibly-quoted version of the value of parameter, except that it prints the values of
indexed and associative arrays as a sequence of quoted key-value pairs"; ``k`` "like K, but expands the keys and
values of indexed and associative arrays to separate words after word splitting"; ``A`` "a string in the form of an
assignment statement or declare command that, if evaluated, will recreate parameter with its attributes and value";
``P`` the value expanded as a prompt string. bash's ``printf``: "%q causes printf to output the corresponding argument
in a format that can be reused as shell input". git-rev-parse(1): ``--sq-quote`` "Use git rev-parse in shell quoting
mode … the output is a single line properly quoted for consumption by shell".

Imported only when a word holds one of these forms (never on the hook's allow path otherwise).
"""

from __future__ import annotations

# printf %q (bash's sh_backslash_quote): characters quoted with a backslash anywhere in the word; `~` and `#` only
# where a word starts (there they would be expanded or start a comment)
_BACKSLASHED = frozenset(" !\"$&'()*,;<>?[\\]^`{|}")


def _printable(value: str) -> bool:
    return all(" " <= c <= "~" for c in value)


def single_quoted(value: str) -> str | None:
    """``${v@Q}``: ``'value'`` with each ``'`` written ``'\\''``."""
    if not _printable(value):
        return None
    return "'" + value.replace("'", "'\\''") + "'"


def double_quoted(value: str) -> str | None:
    """The ``"value"`` form ``@K`` and ``@A`` use for array elements: ``\\``, ``"``, ``$`` and a backtick escaped."""
    if not _printable(value):
        return None
    out = []
    for c in value:
        out.append("\\" + c if c in '\\"$`' else c)
    return '"' + "".join(out) + '"'


def printf_q(value: str) -> str | None:
    """``printf %q VALUE``: ``''`` for the empty string, else each special character behind a backslash."""
    if value == "":
        return "''"
    if not _printable(value):
        return None
    out = []
    for k, c in enumerate(value):
        if c in _BACKSLASHED or (k == 0 and c in "~#"):
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def git_sq_quote(args: list[str]) -> str | None:
    """``git rev-parse --sq-quote ARGS…``: each argument as `` 'arg'`` (a space before it), ``'`` written ``'\\''`` and
    ``!`` written ``'\\!'``, then a newline."""
    out = []
    for a in args:
        if not _printable(a):
            return None
        out.append(" '" + a.replace("'", "'\\''").replace("!", "'\\!'") + "'")
    return "".join(out) + "\n"


def transformed(op: str, name: str, value: str | None, elements: list[tuple[str, str]] | None,
                associative: bool, attrs: str) -> str | None:
    """``${NAME@OP}`` (``elements`` None: a scalar with ``value``) or ``${NAME[@]@OP}`` / ``${NAME[*]@OP}`` joined to
    one word (``elements``: the array's (key, value) pairs in bash's order). None: not computed here."""
    if elements is not None:
        if op == "K":
            parts = []
            for key, element in elements:
                quoted = double_quoted(element)
                if quoted is None or not _printable(key):
                    return None
                parts.append(f"{key} {quoted}")
            return " ".join(parts) + (" " if associative and parts else "")
        if op == "Q":
            quoted_all = [single_quoted(v) for _, v in elements]
            return None if any(q is None for q in quoted_all) else " ".join(q for q in quoted_all if q is not None)
        return None  # `${a[@]@A}` is several words (`declare`, `-a`, `a=(…)`): not computed as one
    if value is None:
        return None
    if op in ("Q", "K"):
        return single_quoted(value)
    if op == "A":
        quoted = single_quoted(value)
        if quoted is None:
            return None
        return f"declare -{attrs} {name}={quoted}" if attrs else f"{name}={quoted}"
    if op == "P":
        # prompt expansion changes backslash sequences, parameters and substitutions, and `!`: a value with none of
        # them is printed as it is
        return value if not any(c in value for c in "\\$`!") else None
    if op == "E":
        return None  # handled by the caller (bash's `$'…'` escapes)
    return None
