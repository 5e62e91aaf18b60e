"""Text formatters and stream decoders whose only output is standard output, computed over known input.

A program that reads text on standard input and writes only to standard output — a terminal-output cleaner (``col``,
``colcrt``), a paginator told to print no headers (``pr -t``), a troff preprocessor (``eqn``, ``tbl``, ``pic``,
``soelim``), a byte dumper (``hexdump``/``hd``), a decompressor of a format the standard library does not read
(``uncompress``'s LZW, ``lz4``'s frames) — has a value fixed by its input. This module is the grammar of what each
prints for a given input; any option or input outside it leaves the output unknown (None), and an unknown word keeps
the protected answer.

A troff preprocessor starts its output with a prologue of requests the installation supplies (its macro files): the
output here is that prologue as an opaque line (:data:`PROLOGUE`) followed by the input, and only a later selection
that drops the opaque line (``tail``, ``sed -n '$p'``) makes the pipeline's value known.

Imported by :mod:`statewise_cli.actions.fold` only when a pipeline holds one of these programs.
"""

from __future__ import annotations

MAX_TEXT = 64 * 1024

# An output line whose text the hook cannot know (a preprocessor's installation-supplied prologue). It holds
# characters no literal input carries (private use) so that any stage keeping it leaves the value unknown.
PROLOGUE = "\ue000\ue001statewise-unknown-prologue\ue001\ue000"

NAMES = frozenset({"col", "colcrt", "pr", "eqn", "neqn", "geqn", "tbl", "gtbl", "pic", "gpic", "soelim", "gsoelim",
                   "hexdump", "hd", "uncompress", "lz4", "lz4c", "lz4cat", "unlz4", "gunzip", "gzip"}
                  | {"basename", "dirname", "sort", "uniq", "dos2unix", "unix2dos", "expand", "iconv", "strings", "nl",
                     "shuf", "tee"})
# Of these, the ones that take no standard input (their operands are the text)
NO_INPUT = frozenset({"basename", "dirname"})


def _bytes(text: str) -> bytes | None:
    """The bytes of piped text made by printf escapes (one character per byte), or None when a character is not one
    byte (text decoded by an earlier stage: its bytes are not known exactly)."""
    try:
        return text.encode("latin-1")
    except UnicodeEncodeError:
        return None


def _text(data: bytes) -> str | None:
    if len(data) > MAX_TEXT:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _plain(text: str, allowed: str = "\n") -> bool:
    """Whether ``text`` holds no control character but those in ``allowed``."""
    return not any((ord(c) < 32 or ord(c) == 127) and c not in allowed for c in text)


def _expand(line: str) -> str:
    out: list[str] = []
    for c in line:
        if c == "\t":
            out.append(" " * (8 - len(out) % 8))
            out = list("".join(out))
        else:
            out.append(c)
    return "".join(out)


# ---------------------------------------------------------------- col, colcrt

def _col(args: list[str], stdin: str) -> str | None:
    """``col [-b] [-x] [-f] [-h] [-p]``: overstrikes resolved (with ``-b`` the last character written in a column
    stays), carriage returns back to column 0, tabs expanded; without ``-x`` runs of spaces that reach a tab stop
    become tabs. Reverse and half line feeds, escapes and other controls are not computed."""
    flags: set[str] = set()
    for a in args:
        if not a.startswith("-") or len(a) < 2 or not set(a[1:]) <= set("bxfhp"):
            return None
        flags |= set(a[1:])
    if not _plain(stdin, "\n\t\b\r"):
        return None
    out: list[str] = []
    for line in stdin.split("\n"):
        cells: list[str] = []
        col = 0
        for c in line:
            if c == "\b":
                col = max(col - 1, 0)
            elif c == "\r":
                col = 0
            elif c == "\t":
                col = (col // 8 + 1) * 8
            else:
                while len(cells) <= col:
                    cells.append(" ")
                if cells[col] != " " and c != " " and "b" not in flags and cells[col] != c:
                    return None  # an overstrike col keeps as backspaces: not computed
                if c != " " or cells[col] == " ":
                    cells[col] = c
                col += 1
        text = "".join(cells).rstrip(" ")
        if "x" not in flags:
            text = _tabbed(text)
        out.append(text)
    return "\n".join(out)


def _tabbed(text: str) -> str:
    """Runs of two or more spaces written as tabs up to the last tab stop they reach (col's output without ``-x``)."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] != " ":
            out.append(text[i])
            i += 1
            continue
        j = i
        while j < len(text) and text[j] == " ":
            j += 1
        start = i
        while j - i >= 2 and (start // 8 + 1) * 8 <= j:
            out.append("\t")
            start = (start // 8 + 1) * 8
        out.append(" " * (j - start))
        i = j
    return "".join(out)


def _colcrt(args: list[str], stdin: str) -> str | None:
    """``colcrt [-] [-2]`` over text with no overstrikes or half line feeds: the text with tabs expanded."""
    if any(a not in ("-", "-2") for a in args) or "-2" in args or not _plain(stdin, "\n\t"):
        return None
    return "\n".join(_expand(line) for line in stdin.split("\n"))


# ---------------------------------------------------------------- pr

def _pr(args: list[str], stdin: str) -> str | None:
    """``pr -t`` (``-T``, ``--omit-header``, ``--omit-pagination``) of one column over plain text: the text."""
    omit = False
    for a in args:
        if a in ("-t", "-T", "--omit-header", "--omit-pagination"):
            omit = True
        elif a != "-":
            return None
    if not omit or not _plain(stdin, "\n\t"):
        return None
    return stdin


# ---------------------------------------------------------------- troff preprocessors

_PREPROCESSOR_OPTIONS = {"eqn": {"-C", "-N", "-R", "-r"}, "neqn": {"-C", "-N", "-R", "-r"},
                         "geqn": {"-C", "-N", "-R", "-r"}, "tbl": {"-C"}, "gtbl": {"-C"}, "pic": {"-C", "-n"},
                         "gpic": {"-C", "-n"}, "soelim": {"-C"}, "gsoelim": {"-C"}}


def _preprocessor(name: str, args: list[str], stdin: str) -> str | None:
    """A troff preprocessor over input with no request lines (nothing for it to translate): the installation's
    prologue (unknown) and then the input unchanged."""
    if any(a not in _PREPROCESSOR_OPTIONS[name] and a != "-" for a in args) or not _plain(stdin, "\n\t"):
        return None
    if any(line[:1] in (".", "'") for line in stdin.split("\n")):
        return None
    if name in ("eqn", "neqn", "geqn") and "$" in stdin:
        return None  # an inline delimiter some eqnrc sets
    return PROLOGUE + "\n" + stdin


# ---------------------------------------------------------------- hexdump

def _canonical(data: bytes) -> str:
    lines: list[str] = []
    for off in range(0, len(data), 16):
        chunk = data[off:off + 16]
        hexes = " ".join(f"{b:02x}" for b in chunk[:8])
        if len(chunk) > 8:
            hexes += "  " + " ".join(f"{b:02x}" for b in chunk[8:])
        shown = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{off:08x}  {hexes:<49} |{shown}|")
    if data:
        lines.append(f"{len(data):08x}")
    return "\n".join(lines) + "\n" if lines else ""


def _unit_format(fmt: str) -> list[tuple[str, str]] | None:
    """A hexdump format string of single-byte conversions and literal text: [(kind, text)], kind "lit" or a
    conversion (``c``, ``_p``, ``_c``, ``x``, ``X``, ``o``, ``d``, ``u`` with a width); None for any other form."""
    import re

    if not (len(fmt) >= 2 and fmt[0] == '"' and fmt[-1] == '"'):
        return None
    body = fmt[1:-1]
    parts: list[tuple[str, str]] = []
    for m in re.finditer(r'%(_[pc]|0?\d{0,2}[xXodu]|c)|%%|\\n|\\t|([^%\\]+)|(.)', body):
        if m.group(3) is not None:
            return None
        if m.group(0) == "%%":
            parts.append(("lit", "%"))
        elif m.group(0) in ("\\n", "\\t"):
            parts.append(("lit", "\n" if m.group(0) == "\\n" else "\t"))
        elif m.group(2) is not None:
            parts.append(("lit", m.group(2)))
        else:
            parts.append(("conv", m.group(1)))
    return parts


def _hexdump(name: str, args: list[str], stdin: str) -> str | None:
    """``hexdump -C`` / ``hd``, and ``hexdump -e '[N]/1 "FORMAT"'`` with single-byte conversions, of known bytes."""
    data = _bytes(stdin)
    if data is None:
        return None
    canonical, formats = name == "hd", []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-C":
            canonical = True
        elif a == "-v":
            pass
        elif a == "-e" and i + 1 < len(args):
            formats.append(args[i + 1])
            i += 1
        elif a.startswith("-e") and len(a) > 2:
            formats.append(a[2:])
        else:
            return None
        i += 1
    if canonical and not formats:
        return _canonical(data)
    if len(formats) != 1 or canonical:
        return None
    spec = formats[0].strip()
    head, _, fmt = spec.partition("/")
    if not fmt or (head and not head.isdigit()):
        return None
    size, _, fmt = fmt.strip().partition(" ")
    if size != "1":
        return None
    parts = _unit_format(fmt.strip())
    if parts is None or sum(kind == "conv" for kind, _ in parts) != 1:
        return None
    out: list[str] = []
    for b in data:
        for kind, what in parts:
            if kind == "lit":
                out.append(what)
            elif what in ("c", "_c", "_p"):
                if 32 <= b < 127:
                    out.append(chr(b))
                elif what == "_p":
                    out.append(".")
                else:
                    return None  # a control or high byte: shown in a form not computed here
            else:
                out.append(format(b, what[:-1] + ("d" if what[-1] == "u" else what[-1])))
    return "".join(out)


# ---------------------------------------------------------------- LZW (.Z) and LZ4 frames

def _unlzw(data: bytes) -> bytes | None:
    """``compress``'s LZW stream decoded while its codes are 9 bits wide (a short text: up to 256 new table
    entries, no clear code); None for anything else (not computed here)."""
    if len(data) < 3 or data[:2] != b"\x1f\x9d" or not 9 <= data[2] & 0x1F <= 16:
        return None
    block = bool(data[2] & 0x80)
    first = 257 if block else 256
    table: list[bytes] = [bytes([i]) for i in range(256)] + ([b""] if block else [])
    out = bytearray()
    pos, prev = 3 * 8, b""
    total = len(data) * 8
    while pos + 9 <= total:
        code = int.from_bytes(data[pos // 8:pos // 8 + 2].ljust(2, b"\0"), "little") >> (pos % 8) & 0x1FF
        pos += 9
        if block and code == 256:
            return None
        if code < len(table) and (code < 256 or code >= first):
            entry = table[code]
            if prev:
                table.append(prev + entry[:1])
        elif code == len(table) and prev:
            entry = prev + prev[:1]
            table.append(entry)
        else:
            return None
        out += entry
        prev = entry
        if len(table) >= 512:
            return None  # wider codes: not computed here
    if total - pos >= 8:
        return None
    return bytes(out)


def _lz4_block(src: bytes, out: bytearray) -> bool:
    i = 0
    while i < len(src):
        token = src[i]
        i += 1
        lit = token >> 4
        if lit == 15:
            while True:
                if i >= len(src):
                    return False
                lit += src[i]
                i += 1
                if src[i - 1] != 255:
                    break
        if i + lit > len(src):
            return False
        out += src[i:i + lit]
        i += lit
        if i >= len(src):
            break  # the last sequence holds literals only
        if i + 2 > len(src):
            return False
        offset = src[i] | src[i + 1] << 8
        i += 2
        length = (token & 15) + 4
        if token & 15 == 15:
            while True:
                if i >= len(src):
                    return False
                length += src[i]
                i += 1
                if src[i - 1] != 255:
                    break
        if offset == 0 or offset > len(out) or len(out) + length > MAX_TEXT:
            return False
        for _ in range(length):
            out.append(out[-offset])
    return len(out) <= MAX_TEXT


def _unlz4(data: bytes) -> bytes | None:
    """An LZ4 frame (or a legacy frame) decoded, bounded; None when it is not one."""
    out = bytearray()
    if data[:4] == b"\x02\x21\x4c\x18":  # legacy frame: compressed blocks of 8 MiB
        i = 4
        while i + 4 <= len(data):
            size = int.from_bytes(data[i:i + 4], "little")
            i += 4
            if i + size > len(data) or not _lz4_block(data[i:i + size], out):
                return None
            i += size
        return bytes(out) if i == len(data) else None
    if data[:4] != b"\x04\x22\x4d\x18" or len(data) < 7:
        return None
    flg = data[4]
    if flg >> 6 != 1:
        return None
    i = 6 + (8 if flg & 0x08 else 0) + (4 if flg & 0x01 else 0) + 1
    while True:
        if i + 4 > len(data):
            return None
        size = int.from_bytes(data[i:i + 4], "little")
        i += 4
        if size == 0:
            break
        raw, size = bool(size & 0x80000000), size & 0x7FFFFFFF
        if i + size > len(data):
            return None
        if raw:
            out += data[i:i + size]
        elif not _lz4_block(data[i:i + size], out):
            return None
        if len(out) > MAX_TEXT:
            return None
        i += size + (4 if flg & 0x10 else 0)
    i += 4 if flg & 0x04 else 0
    return bytes(out) if i == len(data) else None


_DECODE_FLAGS = {"uncompress": set("cfqv"), "gunzip": set("cfqvnN"), "gzip": set("cdfqvnN"),
                 "lz4": set("cdfqv"), "lz4c": set("cdfqv"), "lz4cat": set("fqv"), "unlz4": set("cfqv")}


def _decode(name: str, args: list[str], stdin: str) -> str | None:
    """A decompressor reading standard input and writing standard output (``uncompress``, ``gunzip -c``,
    ``gzip -dc``, ``lz4 -dc``, ``lz4cat``): the decoded text of the piped bytes."""
    flags: set[str] = set()
    for a in args:
        if a == "-" or not a.startswith("-") or a.startswith("--"):
            if a in ("-", "--stdout", "--decompress", "--force", "--quiet"):
                flags.add({"-": "", "--stdout": "c", "--decompress": "d", "--force": "f", "--quiet": "q"}[a])
                continue
            return None
        flags |= set(a[1:])
    flags.discard("")
    if not flags <= _DECODE_FLAGS[name]:
        return None
    if name in ("gzip", "lz4", "lz4c") and "d" not in flags:
        return None
    data = _bytes(stdin)
    if data is None:
        return None
    decoded: bytes | None
    if name in ("uncompress", "gunzip", "gzip"):
        decoded = _unlzw(data)
        if decoded is None and name != "uncompress":
            from statewise_cli.actions.fold import _bounded_decompress

            decoded = _bounded_decompress("gzip", data)
    else:
        decoded = _unlz4(data)
    return None if decoded is None else _text(decoded)


# ---------------------------------------------------------------- path names and line filters

def _basename(args: list[str]) -> str | None:
    """``basename NAME [SUFFIX]``, ``basename -a NAME…``, ``-s SUFFIX``."""
    suffix, multiple, names = "", False, []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-a", "--multiple"):
            multiple = True
        elif a in ("-s", "--suffix") and i + 1 < len(args):
            suffix, multiple = args[i + 1], True
            i += 1
        elif a.startswith("--suffix="):
            suffix, multiple = a.partition("=")[2], True
        elif a == "--":
            names += args[i + 1:]
            break
        elif a.startswith("-") and a != "-":
            return None
        else:
            names.append(a)
        i += 1
    if not multiple:
        if not 1 <= len(names) <= 2:
            return None
        names, suffix = names[:1], (names[1] if len(names) == 2 else "")
    out = []
    for n in names:
        base = n.rstrip("/").rsplit("/", 1)[-1] if n.strip("/") else ("/" if n else "")
        if suffix and base.endswith(suffix) and base != suffix:
            base = base[: -len(suffix)]
        out.append(base + "\n")
    return "".join(out) if names else None


def _dirname(args: list[str]) -> str | None:
    if not args or any(a.startswith("-") for a in args):
        return None
    out = []
    for n in args:
        stripped = n.rstrip("/")
        if not stripped:
            out.append("/" if n else ".")
        elif "/" not in stripped:
            out.append(".")
        else:
            out.append(stripped.rsplit("/", 1)[0].rstrip("/") or "/")
    return "".join(o + "\n" for o in out)


def _lines(stdin: str) -> list[str]:
    return stdin[:-1].split("\n") if stdin.endswith("\n") else stdin.split("\n") if stdin else []


def _sort(args: list[str], stdin: str) -> str | None:
    """``sort [-u] [-r]`` of lines whose order no locale changes (letters of one case and digits, or one line)."""
    import re

    flags: set[str] = set()
    for a in args:
        if not re.fullmatch(r"-[ur]+", a):
            return None
        flags |= set(a[1:])
    lines = _lines(stdin)
    if len(lines) > 1 and not all(re.fullmatch(r"[a-z0-9]*", ln) for ln in lines):
        return None
    lines = sorted(dict.fromkeys(lines) if "u" in flags else lines, reverse="r" in flags)
    return "".join(ln + "\n" for ln in lines)


def _uniq(args: list[str], stdin: str) -> str | None:
    if any(a not in ("-u", "-d", "--unique", "--repeated") for a in args):
        return None
    lines = _lines(stdin)
    groups: list[list[str]] = []
    for ln in lines:
        if groups and groups[-1][0] == ln:
            groups[-1].append(ln)
        else:
            groups.append([ln])
    unique = any(a in ("-u", "--unique") for a in args)
    repeated = any(a in ("-d", "--repeated") for a in args)
    kept = [g[0] for g in groups if (not unique or len(g) == 1) and (not repeated or len(g) > 1)]
    return "".join(ln + "\n" for ln in kept)


def _expand_tabs(args: list[str], stdin: str) -> str | None:
    width = 8
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-t", "--tabs") and i + 1 < len(args) and args[i + 1].isdigit():
            width = int(args[i + 1])
            i += 1
        elif a.startswith("-t") and a[2:].isdigit():
            width = int(a[2:])
        elif a.startswith("--tabs=") and a[7:].isdigit():
            width = int(a[7:])
        else:
            return None
        i += 1
    if width < 1:
        return None
    out = []
    for line in stdin.split("\n"):
        col: list[str] = []
        for c in line:
            if c == "\t":
                col.extend(" " * (width - len(col) % width))
            else:
                col.append(c)
        out.append("".join(col))
    return "\n".join(out)


_ASCII_ENCODINGS = {"utf-8", "utf8", "ascii", "us-ascii", "latin1", "iso-8859-1", "iso8859-1", "iso_8859-1",
                    "iso-8859-15", "cp1252", "windows-1252", "646", "ansi_x3.4-1968"}


def _iconv(args: list[str], stdin: str) -> str | None:
    """``iconv -f A -t B`` between encodings that write ASCII text the same way, over ASCII text: the text."""
    codes: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-f", "-t", "--from-code", "--to-code") and i + 1 < len(args):
            codes.append(args[i + 1])
            i += 1
        elif a.startswith(("--from-code=", "--to-code=")):
            codes.append(a.partition("=")[2])
        elif a.startswith(("-f", "-t")) and len(a) > 2:
            codes.append(a[2:])
        elif a not in ("-c", "-s", "--silent"):
            return None
        i += 1
    if not codes or any(c.lower().split("//")[0] not in _ASCII_ENCODINGS for c in codes) or not stdin.isascii():
        return None
    return stdin


def _strings(args: list[str], stdin: str) -> str | None:
    """``strings [-n N]`` over piped bytes: each run of at least N printable ASCII characters (tab too), a line."""
    import re

    least = 4
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-n", "--bytes") and i + 1 < len(args) and args[i + 1].isdigit():
            least = int(args[i + 1])
            i += 1
        elif a.startswith("-n") and a[2:].isdigit():
            least = int(a[2:])
        elif a.startswith("--bytes=") and a[8:].isdigit():
            least = int(a[8:])
        elif a[:1] == "-" and a[1:].isdigit():
            least = int(a[1:])
        elif a not in ("-a", "--all"):
            return None
        i += 1
    if least < 1 or _bytes(stdin) is None:
        return None
    return "".join(m.group(0) + "\n" for m in re.finditer(r"[\x20-\x7e\t]{" + str(least) + ",}", stdin))


def _nl(args: list[str], stdin: str) -> str | None:
    """``nl`` (``-b a``/``-b t``/``-b n``): lines numbered in a field of six, a tab after (empty lines unnumbered
    under ``-b t``)."""
    style = "t"
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-b", "--body-numbering") and i + 1 < len(args) and args[i + 1] in ("a", "t", "n"):
            style = args[i + 1]
            i += 1
        elif a in ("-ba", "-bt", "-bn"):
            style = a[2]
        else:
            return None
        i += 1
    out, n = [], 0
    for ln in _lines(stdin):
        if style == "a" or (style == "t" and ln.strip()):
            n += 1
            out.append(f"{n:6d}\t{ln}\n")
        else:
            out.append(f"       {ln}\n")
    return "".join(out)


def run(name: str, args: list[str], stdin: str | None) -> str | None:
    """What the formatter ``name`` writes to standard output for ``stdin``; None when not computed here (a file
    operand, an option outside the grammar, input it would not pass through)."""
    if name == "basename":
        return _basename(args)
    if name == "dirname":
        return _dirname(args)
    if stdin is None or len(stdin) > MAX_TEXT:
        return None
    if name == "sort":
        return _sort(args, stdin)
    if name == "uniq":
        return _uniq(args, stdin)
    if name in ("dos2unix", "unix2dos"):
        if any(a not in ("-q", "--quiet") for a in args):
            return None
        text = stdin.replace("\r\n", "\n")
        return text if name == "dos2unix" else text.replace("\n", "\r\n")
    if name == "expand":
        return _expand_tabs(args, stdin)
    if name == "iconv":
        return _iconv(args, stdin)
    if name == "strings":
        return _strings(args, stdin)
    if name == "nl":
        return _nl(args, stdin)
    if name == "shuf":
        return stdin if not args and len(_lines(stdin)) <= 1 else None
    if name == "tee":
        return stdin if all(a in ("/dev/null", "-a", "--append", "-i", "-p") for a in args) else None
    if name == "col":
        return _col(args, stdin)
    if name == "colcrt":
        return _colcrt(args, stdin)
    if name == "pr":
        return _pr(args, stdin)
    if name in _PREPROCESSOR_OPTIONS:
        return _preprocessor(name, args, stdin)
    if name in ("hexdump", "hd"):
        return _hexdump(name, args, stdin)
    if name in _DECODE_FLAGS:
        return _decode(name, args, stdin)
    return None
