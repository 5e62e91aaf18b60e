"""Deterministic extraction of operational facts from agent memory files.

CLAUDE.md / AGENTS.md are prose for models, written by people. The extractors
walk the Markdown once — headings, fenced code blocks, inline code spans — and
pull out the facts an agent acts on: test/build/lint/format/typecheck/run/install
commands, the package manager, language versions, the default and protected
branches, where named components live, required environment variables, and git
workflow policies (developer intent). Every fact keeps the line it came from.
"""

from __future__ import annotations

import re
from typing import Any

from statewise_cli.actions.commands import command_kind, looks_like_command
from statewise_cli.fast import re_cache as rx
from statewise_cli.fast.re_cache import may_match
from statewise_cli.fast.struct import Struct

# The patterns written here go through ``rx`` (statewise_cli/fast/re_cache.py), which keeps their compiled form
# across processes: compiling them is most of a fresh import otherwise. ``re`` itself is left for the one pattern
# built from a file's text, for flags and for types.


class _lazy:
    """A pattern compiled on first use: importing this module (the hook does, to refresh memory) compiles nothing.
    A text that holds none of the pattern's needles (``rx.may_match``) is answered "no match" without a scan."""

    __slots__ = ("compiled", "flags", "needles", "source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self.source, self.flags = source, flags
        self.compiled: Any = None
        self.needles: tuple[str, ...] | None = None

    def _compile(self) -> Any:
        self.compiled = rx.compile(self.source, self.flags)
        self.needles = rx.needles(self.source, self.flags)
        return self.compiled

    def search(self, string: str, *span: int) -> Any:
        compiled = self.compiled if self.compiled is not None else self._compile()
        if self.needles is not None and not may_match(self.needles, string):
            return None
        return compiled.search(string, *span)

    def match(self, string: str, *span: int) -> Any:
        compiled = self.compiled if self.compiled is not None else self._compile()
        if self.needles is not None and not may_match(self.needles, string):
            return None
        return compiled.match(string, *span)

    def fullmatch(self, string: str, *span: int) -> Any:
        compiled = self.compiled if self.compiled is not None else self._compile()
        if self.needles is not None and not may_match(self.needles, string):
            return None
        return compiled.fullmatch(string, *span)

    def finditer(self, string: str, *span: int) -> Any:
        compiled = self.compiled if self.compiled is not None else self._compile()
        if self.needles is not None and not may_match(self.needles, string):
            return iter(())
        return compiled.finditer(string, *span)

    def findall(self, string: str, *span: int) -> Any:
        compiled = self.compiled if self.compiled is not None else self._compile()
        if self.needles is not None and not may_match(self.needles, string):
            return []
        return compiled.findall(string, *span)

    def __getattr__(self, name: str) -> Any:  # sub, split, pattern, ...
        return getattr(self.compiled if self.compiled is not None else self._compile(), name)


COMMAND_KINDS = ("test", "build", "lint", "format", "typecheck", "dev", "run", "install")
# Keys outside the core vocabulary that extraction claims (a scorer counts them only then).
CLAIMED_VERSIONS = ("python", "node", "go", "rust", "ruby", "java", "php", "elixir", "erlang", "zig")
CLAIMED_MANAGERS = ("npm", "pnpm", "yarn", "bun", "uv", "poetry", "pdm", "pipenv", "pip", "cargo", "go", "bundler",
                    "pub", "mix")

# Words that say which task a command does, checked against the line, the comment,
# the prose before a code block and the heading (nearest first).
_KIND_WORDS: list[tuple[str, Any]] = [
    # the type checkers themselves: a neutral script whose comment or table cell names one is its type check
    # (named in prose: a path or a code span that runs one, `vendor/bin/phpstan …`, is another command)
    ("typecheck", _lazy(r"\b(type[- ]?check(s|ing|er|ers)?|typing|mypy|pyright|tsc|(?:typescript|ts)\s+(?:type\s+)?check(s|ing)?)\b|(?<![\w`/.-])(vue-tsc|svelte-check|phpstan|psalm|"
                        r"dialyzer|sorbet|cargo check)\b", re.IGNORECASE)),
    ("lint", _lazy(r"\b(lint(s|ers?|ing)?|static analysis|syntax[- ]check(s|ing|er)?|clippy|eslint|ruff check|flake8|pylint|golangci|scan(s|ning)?|"
                   r"security (?:scan\w*|audit\w*|checks?)|vulnerabilit(?:y|ies)(?: scan\w*)?|"
                   r"audit(?:s|ing)?\s+(?:the\s+)?(?:\w+\s+)?(?:dependencies|deps|packages|lockfiles?))\b", re.IGNORECASE)),
    ("format", _lazy(r"\b(format(s|ter|ting)?|fmt|prettier|black|code style|coding standards?)\b", re.IGNORECASE)),
    ("test", _lazy(r"\b(tests?|testing|unit[- ]tests?|test suite|pytest|jest|vitest|spec|e2e|(?:test\s+)?coverage)\b", re.IGNORECASE)),
    ("build", _lazy(r"\b(build(s|ing)?|compil(e|es|ing)|bundle|re-?build(?:s|ing)?(?=\s+(?:the\s+)?(?:docker\s+|container\s+|oci\s+)?"
                    r"(?:images?|containers?)\b))\b", re.IGNORECASE)),
    ("install", _lazy(r"\b(install(s|ing|ation)?|set ?up|setup|bootstrap|dependencies)\b", re.IGNORECASE)),
    ("dev", _lazy(r"\b(dev (?:web ?)?servers?|development (?:web ?)?servers?|dev(?:elopment)? mode|watch mode|watch for (?:file )?changes|"
                  r"dev(?:elopment)? client|development with (?:file )?(?:watch\w*|hot[- ]reload\w*|live[- ]reload\w*)|"
                  r"start (?:the )?(?:local )?dev(?:elopment)?|"
                  # reloading on a change is what a development server does, whatever runs it
                  r"(?<!without )(?<!no )(?<!not )(?:hot|live|auto)[- ]?re(?:load|build|start)(?:s|ing|ed)?|HMR|hot module replacement|"
                  r"re(?:load|build|start)s?\s+(?:automatically\s+)?on\s+(?:file\s+|every\s+|each\s+|source\s+)?(?:changes?|save)|"
                  r"local (?:[\w-]+ )?dev(?: server)?|(?:and|with) watch(?:ing)?(?: mode)?|metro bundler|"
                  # the app started on a simulator or emulator: the development loop of a mobile app, as a dev server is
                  r"(?:run(?:s|ning)?|start(?:s|ing)?|launch(?:es|ing)?|open(?:s|ing)?)\s+(?:the\s+app\s+)?(?:on|in)\s+(?:an?\s+|the\s+)?"
                  r"(?:[\w-]+\s+){0,2}(?:simulators?|emulators?))\b", re.IGNORECASE)),
    # a heading or label that is nothing but "Running (locally)" / "How to run" / "Execution": how the program is run (a bare
    # "Run:" is as often the imperative before any command: "Run: `make test`")
    ("run", _lazy(r"^\W*(?:how to run(?:\s+it)?|running|launch(?:ing)?|execution)(?:\s+(?:locally|the\s+project))?\W*$", re.IGNORECASE)),
    # what a project ships and one runs: an app, a server, a tool, a game, a demo, a pipeline ("Running the Tool", "Run the
    # game", "Run ingestion pipelines")
    ("run", _lazy(r"\b(run(?:s|ning)? the (?:[\w.-]+ ){0,3}(app|application|server|cli|project|program|binary|example|daemon|"
                  r"service|worker|bot|tool|game|demo|pipelines?)|run(?:s|ning)? (?:[\w-]+ )?pipelines?|"
                  r"run(?:s|ning)? (?:an? |the )?(?:[\w.-]+ )?server\b|run(?:s|ning)? (?:app|application|program|binary)\b|"
                  r"run(?:ning)? (?:the |a )?(?:production |release |built )?(?:build|bundle|binary)|"
                  r"start(s|ing)?|serve|launch(?:es|ing)? (?:the )?app|"
                  # running it on one's machine, as European files say it ("para rodar localmente", "pour lancer en local")
                  r"(?:rodar|executar|ejecutar|correr|lancer|d[ée]marrer|iniciar|avviare|eseguire|starten|ausf[üu]hren)\s+"
                  r"(?:(?:o|a|el|la|le|l'|il|lo|den|die|das)\s*\w+\s+)?(?:localmente|localement|en local|lokal|in locale))\b", re.IGNORECASE)),
]
# The same task words in Chinese, Japanese and Korean labels ("**运行测试**: `pytest`", "# テスト", "린트:"): the file's
# own label in its own language (no word boundaries there; "运行" / "실행" alone - "run" - is said of tests, builds and
# scripts alike, so only starting a server or the app names the run; the build words are left out: "构建" / "ビルド"
# head build-and-release sections as often as build steps, and measured precision fell with them). Read only when the
# text holds such a character (``_CJK_CHAR``), as most do not.
_KIND_WORDS_CJK: list[tuple[str, Any]] = [
    ("typecheck", _lazy(r"类型检查|類型檢查|型チェック|型検査|타입\s?(?:체크|검사)")),
    ("lint", _lazy(r"代码检查|代碼檢查|静态检查|靜態檢查|静态分析|靜態分析|静的解析|リント|린트|린팅|정적\s?분석")),
    ("format", _lazy(r"格式化|代码格式|フォーマット|整形|포맷|포매팅")),
    ("test", _lazy(r"测试|測試|テスト|테스트")),
    ("install", _lazy(r"安装依赖|安裝依賴|安装|安裝|依赖安装|インストール|설치")),
    ("dev", _lazy(r"开发服务器|開發伺服器|开发模式|開発サーバ|開発モード|개발\s?서버|개발\s?모드")),
    ("run", _lazy(r"启动|啟動|起動|구동")),
]
_CJK_CHAR = _lazy(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")

_VERSION = _lazy(
    r"\b(?P<lang>Python|Node(?:\.js|JS)?|Go(?:lang)?|Rust|Ruby|Java|JDK|JVM|PHP|Elixir|Erlang(?:/OTP)?|OTP|Zig)\b"
    r"(?:\s*(?:(?:language\s+)?version|runtime|toolchain|SDK|engine|target)|[-_]version\s*=\s*\"?)?(?:\s*:|\s+[-–]\s|\s*\()?\s*"
    r"(?:(?:use|uses|using|requires?|needs|is|of|at least|v(?:ersion)?\.?)\s+)*"
    # "Python 3.11/3.12 only": alternatives kept as written, as a range is
    r"(?P<op>`?(?:>=|≥|=>|\^|~>|~|v\.?)?\s*)`?(?P<ver>\d+(?:\.\d+){0,2}(?:\.x)?(?:\s?[-–]\s?\d+(?:\.\d+){1,2}|(?:/\d+\.\d+(?:\.\d+)?)+)?)"
    r"(?!\w|\.\d)`?"
    r"(?P<plus>\+|\s*(?:or|and) (?:newer|later|higher|above|up)\b)?",
    re.IGNORECASE,
)
_STABLE_RUST = _lazy(r"\b(?:latest )?stable Rust\b|\bRust (?:toolchain )?(?:version\s*)?:?\s*`?stable`?|"
                     r"\bRust\b(?: 20\d\d edition| edition 20\d\d)?\s*\(\s*(?:latest\s+)?stable\s*\)", re.IGNORECASE)
# A Rust release channel other than stable: "nightly toolchain … `rust-toolchain.toml`", "Rust nightly", "uses nightly Rust".
_RUST_CHANNEL = _lazy(r"\b(?P<ch>nightly|beta)\s+(?:Rust\s+)?toolchain\b(?=.*(?:rust|rustup|cargo))|\bRust\s+(?:toolchain\s*)?:?\s*`?(?P<ch2>nightly|beta)\b|"
                      r"\b(?:uses?|requires?|needs?)\s+(?P<ch3>nightly|beta)\s+Rust\b", re.IGNORECASE)
# "Node.js: Use latest LTS", "Node (current LTS)": the long-term-support line, as "latest stable Rust" is `stable`.
# A toolchain file and the version the line says it holds (`.nvmrc` → 22.12.0, `rust-toolchain.toml` → 1.82.0, nightly).
_TOOLCHAIN_FILE = _lazy(r"(?<![\w/-])(?P<file>rust-toolchain(?:\.toml)?|\.nvmrc|\.node-version|\.python-version|\.ruby-version|"
                        r"\.go-version)`?\W{0,3}(?:\s*(?:file\s+)?(?:pins?|pinned|specifies|sets|says|holds|contains|is|=|at|to|->|→)\s*)?"
                        r"[:(]?\s*`?v?(?P<ver>\d+(?:\.\d+){1,2}|\d+(?=`)|stable|nightly|beta)(?![\w.])")
_TOOLCHAIN_FILE_LANGS = {"rust": "rust", "nvmrc": "node", "node": "node", "python": "python", "ruby": "ruby", "go": "go"}
# A language, then within its own clause the toolchain or minimum supported version that pins it ("Rust 2024 Edition
# (Toolchain: 1.95+)", "Rust, MSRV 1.80"): the version, the edition in between is none.
_LANG_TOOLCHAIN = _lazy(r"\b(?P<lang>Rust|Go(?:lang)?|Zig|Node(?:\.js)?|Python|Ruby|Elixir)\b[^.;:\n]{0,30}?[(,]?\s*\b(?:(?P<msrv>MSRV)|"
                        r"toolchain(?:\s+version)?)\b\W{0,3}(?P<op>>=|≥)?\s*`?v?(?P<ver>\d+\.\d+(?:\.\d+)?)`?(?P<plus>\+)?(?![\w.])",
                        re.IGNORECASE)
# A code comment that states what a command needs ("requires Rust 1.85+", "要求 Go >= 1.22", "minimum Node 20").
_NEEDS_WORD = _lazy(r"(?i)\b(?:requires?|required|needs?|minimum|at least)\b|要求|需要|必要")
# Cheap test before the version patterns: a line naming no language, toolchain file nor LTS line states no version.
_VERSION_HINT = _lazy(r"(?i)python|node|go|rust|ruby|java|jdk|jvm|php|elixir|erlang|otp|zig|lts|toolchain|nvmrc|-version")
# "Node: `lts/jod`", "`.nvmrc` holds `lts/*`": an nvm alias for a long-term-support line, kept as written.
_NODE_LTS_ALIAS = _lazy(r"(?<![\w/])lts/(?:\*|[a-z]+)(?![\w/])")
_NODE_LTS = _lazy(r"\bNode(?:\.js|JS)?\b\W{0,3}(?:(?:version|runtime)\W{0,3})?(?:(?:use|uses|using|requires?|the|latest|current|active|an?)\s+)*"
                  r"`?LTS\b", re.IGNORECASE)
_LANG_ALIASES = {"node.js": "node", "nodejs": "node", "golang": "go", "jdk": "java", "jvm": "java", "erlang/otp": "erlang",
                 "otp": "erlang"}
_PM_WORDS = ("npm", "pnpm", "yarn", "bun", "uv", "poetry", "pdm", "pipenv", "pip", "cargo")
_PM_USE = _lazy(
    r"\b(?:use|uses|using|we use|prefer|managed (?:with|by)|package manager(?: is|:)?|always use|only use)\s+`?(?P<pm>npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv|pip)`?\b"
    r"|`?(?P<pm2>npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv)`?\s+(?:is (?:the|our) (?:(?:preferred|default|only|official|"
    r"recommended|chosen|standard)\s+)?package manager|package manager|not (?:npm|yarn|pip|pnpm))\b"
    # "- `pnpm` - Fast, efficient package manager": a list item naming the manager, then calling it one
    r"|^\W*(?:[-*+]|\d+[.)])\s+\**`?(?P<pm5>npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv)`?\**\s*[-–—:]\s*[^.;]{0,40}?\bpackage manager\b"
    r"|\b(?:uses?|using|with) (?P<pm4>Go) modules\b"
    # "This is a pnpm monorepo", "a yarn workspace": the repository is laid out by its manager
    r"|(?:\b(?:is|as)|'s)\s+(?:a|an|the|our)\s+(?:\*\*)?`?(?P<pm7>npm|pnpm|yarn|bun|uv)`?\s+(?:monorepo|workspace)\b"
    # the runtime and the manager it is used with: "Node.js with pnpm and Prettier", "Python 3.12 via uv"
    r"|\b(?:Node(?:\.js|JS)?|Python|TypeScript|JavaScript)\s+(?:v?\d[\w.+]*\s+)?(?:with|using|via)\s+`?(?P<pm6>npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv)`?\b(?!\s+(?:scripts?|run|commands?|exec)\b)"
    r"|\b(?:not|never|don't use|do not use|instead of)\s+`?(?:npm|yarn|pip|pnpm|poetry)`?[^.;\n]{0,20}?\buse\s+`?(?P<pm3>npm|pnpm|yarn|bun|uv|poetry|pdm)`?",
    re.IGNORECASE,
)
_PM_NAMES = r"npm|pnpm|yarn|bun|uv|poetry|pdm|pipenv|pip"
# "manages dependencies with uv", "uses Poetry for dependency management", "uv for package management".
_PM_FOR_DEPS = _lazy(r"\b(?:(?:manag(?:e|es|ed|ing)|install(?:s|ed|ing)?)\s+(?:(?:its|all|the|our|project|python|js|go)\s+)*"
                     r"(?:dependencies|packages|deps|modules)\s+(?:with|using|via|through)\s+`?(?:(?P<a>" + _PM_NAMES + r")`?"
                     # "Manage dependencies with `go mod`": Go modules
                     r"|(?P<d>go)\s+mod(?:ules)?\b`?(?!\s+(?:vendor|graph|why|edit)\b))"
                     r"|`?(?P<b>" + _PM_NAMES + r")`?\s+(?:workspaces?\s+|monorepo\s+)?(?:for|to manage)\s+(?:(?:the|all|its|our|python|js)\s+)*"
                     r"(?:dependency|dependencies|package|packages|deps)\b(?:\s+management)?"
                     # "uv pour la gestion de dépendances", "pnpm para la gestión de dependencias", "uv für das Paketmanagement"
                     r"|`?(?P<e>" + _PM_NAMES + r")`?\s+(?:pour|para|per|für)\s+(?:(?:la|a|o|el|il|das|die)\s+)?(?:gestion|gestión|gestão|"
                     r"gerenciamento|gestione|Verwaltung)\s+(?:de[sl]?|das|dos|della|delle|der)\s+(?:d[ée]pendances|dependencias|"
                     r"depend[êe]ncias|dipendenze|paquets|paquetes|pacotes|pacchetti|Abhängigkeiten|Pakete)"
                     # "Python packages are provided by uv", "dependencies are managed with pnpm"
                     r"|\b(?:dependencies|packages|deps)\s+(?:are\s+)?(?:provided|managed|installed|handled|resolved)\s+(?:by|with|via|through)\s+"
                     r"`?(?P<c>" + _PM_NAMES + r")`?)\b", re.IGNORECASE)
# "Build System: Cargo": the build tool a Rust project names is its package manager (as "Build: Gradle").
_PM_BUILD_SYSTEM = _lazy(r"^(?:\W*\d+[.)])?\W*build(?:[ -]system|[ -]tool)?\W*:\W*`?cargo`?\W*(?:\(|$)", re.IGNORECASE)
# "Package Manager: npm or bun", "| Package manager | pnpm (workspaces) |": a label naming the manager(s).
_PM_LABEL = _lazy(r"^(?:\W*\d+[.)])?\W*(?:package[ -]manag(?:ers?|ement)|dependency(?:\s*/\s*\w+)?\s+(?:(?:manager|management)(?:\s+tool)?|tool))\W*"
                  r"(?:\|\s*)?(?P<rest>.*)$", re.IGNORECASE)
# "**Tech Stack**: Python 3.12, FastAPI, uv": a stack or tooling list with a package manager as one of its items.
_PM_STACK = _lazy(r"^(?:\W*\d+[.)])?\W*(?:tech(?:nology)?[ -]stack|stack|tooling|tools|toolchain|build tools?)\W*:\s*(?P<rest>.+)$", re.IGNORECASE)
# "`uv add <pkg>` to add dependencies": the file's way to add a dependency names its manager.
_PM_ADD = _lazy(r"`(?P<pm>pnpm|yarn|bun|uv|poetry|pdm|pipenv)\s+add\b[^`]*`[^.;]{0,30}?\b(?:to\s+)?add(?:s|ing)?\s+"
                r"(?:a\s+|new\s+|the\s+)*(?:dependenc(?:y|ies)|packages?|libraries|deps)\b"
                r"|\b(?:add(?:ing)?|install(?:ing)?)\s+(?:a\s+|new\s+)*(?:dependenc(?:y|ies)|packages?|deps)\b[^.;`]{0,20}?"
                r"(?:with|using|via|:)\s*`(?P<pm2>pnpm|yarn|bun|uv|poetry|pdm|pipenv)\s+add\b", re.IGNORECASE)


# ("- **UV**: Latest" in a stack-and-versions list: the manager pinned to its newest release)
_PM_PINNED = _lazy(r"^\W*(?:\d+[.)]\s*)?`?(?P<a>npm|pnpm|yarn|bun|uv|poetry|pdm)`?\W{0,3}\s*(?:version)?\s*[:=]\s*`?(?:v?\d+(?:\.\d+)+|latest\b)"
                   r"|\bpackageManager\W{1,4}(?P<b>npm|pnpm|yarn|bun)@\d", re.IGNORECASE)


# The manager stated in Chinese, Japanese or Korean: "使用 pnpm 来执行所有的包安装" (use pnpm for every package install),
# "パッケージマネージャーは pnpm", "패키지 매니저: pnpm" - named with what it does for packages, not a run-only use.
_PM_CJK = _lazy(r"(?:使用|采用|採用|统一用|統一用)\s*`?(?P<a>" + _PM_NAMES + r")`?\s*(?:来|來|作为|作為|进行|進行|管理|安装|安裝)[^。\n`]{0,12}?"
                r"(?:包|依赖|依賴)|(?:包管理(?:器|工具)|パッケージ(?:マネージャー?|管理)(?:ツール)?|패키지\s*(?:매니저|관리자|관리\s*도구))\s*"
                r"(?:は|는|은|为|為|是|:|：)?\s*`?(?P<b>" + _PM_NAMES + r")`?(?![A-Za-z0-9])")


# "… or a tool like Poetry", "or a similar tool", "or any equivalent manager": the line offers one choice among others
_PM_HEDGE = _lazy(r"(?i)\bor\s+(?:a|an|any|another|other|some)\s+(?:\w+\s+){0,2}?(?:tools?|managers?|alternatives?)\s+"
                  r"(?:like|such\s+as)\b|\bor\s+(?:a\s+)?(?:similar|equivalent)(?:\s+(?:tools?|managers?))?\b")
# an aside that gives examples: "(e.g. …)", "(for example …)", "(such as …)"
_EXAMPLE_ASIDE = _lazy(r"\((?:\s*(?:e\.g\.?|eg\.?|for example|for instance|such as)[\s,:])[^()]*(?:\)|$)", re.IGNORECASE)


def _example_aside_blanked(text: str) -> str:
    """``text`` with every parenthesised aside that gives examples ("(e.g. Node via `pnpm install`)") made blank, at
    the same length: what an example names is not what the line states."""
    return _EXAMPLE_ASIDE.sub(lambda m: " " * len(m.group(0)), text)


def _stated_managers(plain: str) -> list[str]:
    """The package managers a line states (rule (a) of the label guide): "we use pnpm", "Package manager: npm or
    bun", "uses Poetry for dependency management", a stack list naming uv, "`uv add` to add dependencies".
    A manager named inside a command span ("use `pnpm format`") states nothing: running one script is not choosing
    the manager; "use `uv run` for every command" is."""
    text = rx.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", plain)  # "[Poetry](https://…)" reads "Poetry"
    if _PM_HEDGE.search(text):
        return []  # "Use pip with requirements.txt or a tool like Poetry": the file leaves the choice open
    text = _example_aside_blanked(text)  # "(e.g. `uv` for Python)": an example of a tool, no choice made
    out: list[str] = []
    for m in _PM_USE.finditer(text):
        name = next(g for g in ("pm", "pm2", "pm3", "pm4", "pm5", "pm6", "pm7") if m.group(g))
        start, end = m.span(name)
        if rx.search(r"\b(never|not|don'?t|do not|avoid|no|instead of)\s+$", text[: m.start()], re.IGNORECASE) \
                or text[start - 1: start] == "`" and not rx.match(r"(?:\s+(?:run|exec|x))?`|@\d", text[end:]):
            continue
        out.append(m.group(name).lower())
    for m in _PM_FOR_DEPS.finditer(text):
        out.append((m.group("a") or m.group("b") or m.group("c") or m.group("d") or m.group("e")).lower())
    if _PM_BUILD_SYSTEM.match(text):
        out.append("cargo")
    if not text.isascii():
        for m in _PM_CJK.finditer(text):
            out.append((m.group("a") or m.group("b")).lower())
    pinned = _PM_PINNED.search(text)
    if pinned:  # "**pnpm**: 9.12.0 (enforced by Volta)", `"packageManager": "pnpm@9.1.0"`: the pinned manager
        out.append((pinned.group("a") or pinned.group("b")).lower())
    for m in _PM_ADD.finditer(text):
        out.append((m.group("pm") or m.group("pm2")).lower())
    if rx.match(r"(?i)^(?:\W*\d+[.)])?\W*(?:JS\s+|JavaScript\s+)?runtime\W*:\W*bun\b\W*(?:\(\s*)?(?:not|instead of|rather than)\s+`?npm",
                text):
        out.append("bun")  # "**Runtime:** Bun (not npm/node)": the runtime chosen over npm is the package manager
    label = _PM_LABEL.match(text) or _PM_STACK.match(text)
    if label and rx.search(r"(?i)(?<![\w`])(?:npm|pnpm|yarn|bun)(?:\s*/\s*(?:npm|pnpm|yarn|bun)){2,}(?![\w`])\s+\w", label.group("rest")) \
            and not rx.match(r"\W*(?:npm|pnpm|yarn|bun)\b", label.group("rest"), re.IGNORECASE):
        label = None  # "Package managers: `detect()` keeps npm/pnpm/yarn/bun handling consistent": the managers a product supports
    if label:
        items = rx.split(r"\s*(?:,|/|\||\bor\b|\band\b|\+)\s*", label.group("rest"))
        for item in items:
            word = rx.match(r"`?(" + _PM_NAMES + r")`?(?:\s|$|\()", item.strip(" *`.;"), re.IGNORECASE) \
                if label.re is _PM_LABEL.compiled else rx.fullmatch(r"`?(" + _PM_NAMES + r")`?(?:\s+(?:monorepo|workspaces?))?",
                                                                  item.strip(" *.;"), re.IGNORECASE)
            if word:
                out.append(word.group(1).lower())
    return list(dict.fromkeys(out))


_BRANCH = r"`?(?P<branch>main|master|develop|development|trunk|release(?:/[\w.*-]+)?|prod(?:uction)?)`?"
_NO_PUSH = _lazy(
    r"(?<![\w-])(never|don'?t|do not|must not|mustn't|should not|shouldn't|avoid|no|nothing|cannot|can'?t|may not|nobody|no one)\b(?!-)[^.\n]{0,40}?"
    r"\b(push(?:ed|es|ing)?|commit(?:t?ed|s|ting)?|merg(?:e|ed|es|ing)|force[- ]push(?:ed|es|ing)?|land(?:s|ed|ing)?)\b[^.\n]{0,30}?"
    r"\b(?:directly\s+)?(?:to|into|on|onto)\s+(?:the\s+)?(?:" + _BRANCH +
    # a branch of any name, written as code, that a modal forbids changes to ("nobody may push to `stable`"); a remote or
    # a file is no branch
    r"|`(?P<named>(?!(?:origin|upstream|remote|fork)`)(?![^`]*\.[A-Za-z]{1,4}`)[\w./-]+)`(?=\s+branch\b|[\s.,;:!)]|$))",
    re.IGNORECASE,
)
# What follows a statement about a branch that makes it a permission: "… on main are fine", "… is allowed".
_PERMITTED_AFTER = _lazy(r"`?\s*(?:branch\s+)?(?:is|are)\s+(?:(?:totally|perfectly|always)\s+)?(?:fine|ok|okay|allowed|permitted|"
                         r"welcome|acceptable)\b", re.IGNORECASE)


def _br(name: str) -> str:
    return r"`?(?P<" + name + r">main|master|develop|development|trunk|release(?:/[\w.*-]+)?|prod(?:uction)?)`?"


_CJK_NEG = r"(?:禁止|严禁|嚴禁|不要|不得|不能|不可|不允许|不允許|请勿|請勿|勿|절대)"
_CJK_CHANGE = r"(?:推送|提交|合并|合併|修改|更改|改动|改動|push|commit|merge|プッシュ|コミット|マージ|変更|編集|作業|푸시|커밋|병합|변경)"
# Any other wording of "no change lands on <branch> directly": "Never make changes directly on `main`", "Pushing directly
# to master is forbidden", "Direct commits to main are not allowed", "禁止直接推送到 master", "main に直接プッシュしない",
# "Никогда не пушьте в main".
_NO_DIRECT = _lazy(
    r"\b(?:never|don'?t|do not|must not|mustn't|should not|shouldn't|avoid|no|nothing|cannot|can'?t|may not|not)\b[^.\n]{0,40}?"
    r"\bdirectly\s+(?:to|on|onto|in|into)\s+(?:the\s+)?" + _br("d1") +
    r"|\b(?:push|commit|merg)\w*\s+directly\s+(?:to|on|onto|into)\s+(?:the\s+)?" + _br("d2") +
    r"(?:\s+branch)?\s+(?:is|are)\s+(?:strictly\s+)?(?:forbidden|prohibited|not allowed|blocked|disabled|disallowed|not permitted)\b"
    r"|" + _CJK_NEG + r"[^。\n]{0,12}?" + _CJK_CHANGE + r"[^。\n]{0,8}?(?:到|至|进|進|入|に|へ|to|into|on)?\s*" + _br("d3") +
    r"|" + _br("d4") + r"\s*(?:分支|ブランチ|브랜치|branch)?\s*(?:に|へ|で|에|에서|로|上)?\s*(?:直接|じかに)?\s*(?:は)?[^。\n]{0,6}?" + _CJK_CHANGE +
    r"[^。\n]{0,8}?(?:禁止|しない|しません|しては(?:いけない|ならない)|厳禁|不可|금지|하지\s?마|하지\s?않)"
    # "禁止直接在 `release` 分支上修改任何文件", "不要在 main 上提交": where the forbidden change would be made
    r"|(?:" + _CJK_NEG + r"|不)[^。\n`]{0,6}?(?:在|于|於)\s*" + _br("d7") + r"\s*(?:分支|branch)?\s*(?:上|中|里|裡)?\s*(?:直接)?\s*"
    r"(?:" + _CJK_CHANGE[3:-1] + r"|开发|開發)" +
    r"|(?<![А-Яа-яЁё])(?:никогда\s+не|не|запрещено|нельзя)\s+(?:\S+\s+){0,3}?(?:пуш\w*|запуш\w*|коммит\w*|закоммит\w*|мерд?ж\w*|"
    r"слива\w*|push|commit|merge)\s+(?:\S+\s+){0,2}?(?:напрямую\s+)?(?:в|во|на)\s+" + _br("d5") +
    # the branch itself as the object of a change a modal forbids: "Do not touch `master`.", "Never rewrite main."
    r"|\b(?:never|don'?t|do not|must not|mustn't|should not|shouldn't|may not|cannot|can'?t)\s+(?:\w+\s+){0,2}?"
    r"(?:touch|modify|change|edit|rewrite|alter|delete|reset)\s+(?:the\s+)?" + _br("d6") + r"(?:\s+branch)?(?=\s*[.;,!)](?!\w)|\s*$)",
    re.IGNORECASE)
_PROTECTED = _lazy(_BRANCH + r"\s+(?:branch\s+)?is\s+(?P<neg>not\s+|un)?protected"
                   # "the protected `preview` branch": a branch of any name the file calls protected
                   r"|\bprotected\s+`(?P<named>[\w./-]+)`\s+branch\b", re.IGNORECASE)
# "Always work on the `develop` branch, not `main`"; "Merge to `main` only through PRs - no direct pushes"
_NOT_THIS_BRANCH = _lazy(r"\bwork\w*\s+(?:on|in|from)\s+(?:the\s+)?`?[\w./-]+`?(?:\s+branch)?\s*,?\s+(?:and\s+)?not\s+(?:on\s+|in\s+)?"
                         r"(?:the\s+)?" + _BRANCH +
                         r"|\bmerg\w*\s+(?:in)?to\s+(?:the\s+)?" + _BRANCH.replace("branch>", "branch2>") +
                         r"\s+only\b[^.\n]{0,30}?\bno\s+direct\s+(?:pushe?s?|commits?)\b", re.IGNORECASE)
_MORE_BRANCHES = _lazy(r"`?(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*`?(?:main|master|develop|development|trunk|prod(?:uction)?)\b`?)+",
                       re.IGNORECASE)
# "- **`main`**: PRs required, no force push": a branch's own rules say changes reach it only through a PR.
_BRANCH_RULES = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)?`?(?P<branch>main|master|develop|development|trunk|release(?:/[\w.*-]+)?|"
                      r"prod(?:uction)?|staging)`?(?:\*\*|__)?(?:\s+branch)?\s*(?:[:\-–—]|\s\(|\*\*:)\s*(?P<rule>.+)$", re.IGNORECASE)
_PR_ONLY = _lazy(r"\b(?:PRs?|pull requests?|reviews?|approvals?)\s+(?:are\s+|is\s+)?(?:required|mandatory|only)\b|"
                 r"\b(?:requires?|needs?|only (?:via|through))\s+(?:an?\s+)?(?:PRs?|pull requests?|reviews?|approvals?)\b|"
                 r"\bprotected\b|\bno direct (?:pushe?s?|commits?)\b|"
                 r"\bdirect (?:pushe?s?|commits?)\s+(?:are\s+)?(?:not allowed|forbidden|blocked|disabled|prohibited)\b", re.IGNORECASE)
_PROTECTION_ON = _lazy(r"\bbranch protection (?:is )?(?:on|for|enabled on)\s+(?:the\s+)?" + _BRANCH, re.IGNORECASE)
_DEFAULT_BRANCH = _lazy(
    r"\b(?:default|base|main|primary|integration|target|trunk)\s+branch\s*(?:(?:in|of|for)\s+(?:this|the|our)\s+(?:repo|repository|project|codebase)\s+)?"
    r"(?:is|:|=|-)?\s*(?:the\s+)?`(?P<b1>[\w./-]+)`"
    r"|\b(?:default|base|main|primary)\s+branch\s*(?:is|:|=)\s*(?:the\s+)?(?P<b2>main|master|develop|trunk)\b"
    # the base named with what it is the base of: "The base branch for pull requests is `stable`", "Main branch for PRs: `next`"
    r"|\b(?:default|base|main|primary|integration|target)\s+branch\s+(?:for|of)\s+(?:all\s+|new\s+)?(?:PRs?|pull requests?|"
    r"merge requests?|MRs?|development|work|features?|(?:this|the)\s+(?:repo|repository|project))\s*(?:is|:|=)\s*(?:the\s+)?`(?P<b21>[\w./-]+)`"
    # where development happens: "The next release is developed on `main`", "Development happens on `develop`"
    # (a branch is "on", a directory "in": "Components are developed in `packages/ui/`" names no branch)
    r"|\b(?:is|are|gets|get)\s+developed\s+on\s+(?:the\s+)?`(?P<b22>[\w./-]*[\w-])`"
    r"|\bdevelopment\s+(?:happens|takes\s+place|is\s+done)\s+on\s+(?:the\s+)?`(?P<b23>[\w./-]*[\w-])`"
    r"|`(?P<b6>[\w./-]+)`\s+is\s+(?:the|our)\s+(?:default|base|main|primary|trunk)\s+branch\b"
    # "open a PR with `main` as its base": the branch pull requests are opened against
    r"|\b(?:PRs?|pull requests?|merge requests?|MRs?)\s+(?:with|using)\s+(?:the\s+)?`(?P<b24>[\w./-]*[\w-])`(?:\s+branch)?\s+as\s+"
    r"(?:its|the|their|a)\s+base\b"
    r"|\b(?:changes|work|PRs?|pull requests?)\s+(?:should|must)\s+(?:always\s+)?target\s+(?:the\s+)?`(?P<b7>[\w./-]+)`\s+branch\b"
    r"|\b(?:PRs?|pull requests?|merge requests?)\s+(?:should\s+|must\s+)?(?:target|go (?:in)?to|against|into)\s+(?:the\s+)?`?(?P<b3>main|master|develop|trunk|dev)`?\b"
    # a tool's base-branch setting: "`defaultBase` is set to `master`", "base_branch: `develop`"
    r"|\b(?:default|base)[-_ ]?(?:branch|base)`?\s*(?:(?:is\s+)?set\s+to|=|:)\s*`(?P<b11>[\w./-]+)`"
    r"|\bbranch(?:es)?\s+(?:created\s+|cut\s+|branched\s+)?(?:off(?:\s+of)?|from)\s+(?:the\s+|an?\s+)?(?:(?:latest|updated|up-to-date|fresh|current)\s+)?"
    r"`?(?:origin/|upstream/)?(?P<b4>main|master|develop|dev|trunk)`?"
    r"(?:`?\s*\(or\s+`?(?P<b5>main|master|develop|dev|trunk)`?\))?"
    # "Start from updated master", "begin work off the latest `main`": where work starts is the trunk
    r"|^\W*(?:\d+[.)]\s*)?(?:always\s+)?(?:start|begin)(?:\s+(?:new\s+)?work)?\s+(?:off|from)\s+(?:the\s+|an?\s+)?"
    r"(?:(?:latest|updated|up-to-date|fresh|current)\s+)?`?(?P<b8>main|master|develop|dev|trunk)`?(?:\s+branch)?\s*[.!]?\s*$"
    # "feature branch → PR → `develop`": the branch feature work is merged into
    r"|\bfeature[ -]branch(?:es)?\s*(?:→|->|=>)\s*(?:PRs?|pull requests?|MRs?)\s*(?:→|->|=>)\s*`?(?P<b9>[\w./-]+?)`?(?=[\s.,;)]|$)(?![^\n]*(?:→|->|=>))"
    # "a trunk-based development model around the `main` branch"
    r"|\btrunk[- ]based\b[^.;]{0,40}?\b(?:around|on|off|from|with|using)\s+(?:the\s+)?`?(?P<b10>[\w./-]+)`?\s+branch\b"
    # a longer flow: "feature branch → PR → CI passes → merge to master"
    r"|\bfeature[ -]branch(?:es)?\s*(?:(?:→|->|=>)[^→>\n]{1,30}?){1,5}(?:→|->|=>)\s*(?:merge[ds]?\s+(?:in)?to\s+)?"
    r"`?(?P<b12>main|master|develop|dev|trunk)`?\s*[.!]?\s*$"
    # where branches are cut, in other languages: "从 master 创建 feature branch", "main からブランチを作成", "от main"
    r"|(?:从|從|基于|基於)\s*`?(?P<b13>main|master|develop|dev|trunk)`?\s*(?:分支)?\s*(?:创建|建立|新建|切出|拉出|签出|簽出|检出|checkout|切|拉)"
    r"|`?(?P<b14>main|master|develop|dev|trunk)`?\s*(?:ブランチ|branch)?\s*から\s*[^。\n]{0,12}?(?:ブランチ|branch)"
    r"|(?<![А-Яа-яЁё])(?:ветк\w*|branch\w*)\s+(?:\S+\s+){0,2}?(?:от|из)\s+`?(?P<b15>main|master|develop|dev|trunk)`?"
    # "a git repo with the main branch as default", "develop (PR target) → staging → main", "Always work on the `develop` branch"
    r"|\b(?P<b16>main|master|develop|dev|trunk)`?\s+branch\s+as\s+(?:the\s+)?default\b"
    r"|`?(?P<b17>main|master|develop|dev|trunk)`?\s*\((?:the\s+)?(?:PR|pull request|MR|merge request)s?\s+target\)"
    r"|^\W*(?:\d+[.)]\s*)?(?:\*\*)?always\s+work\s+(?:on|in|from)\s+(?:the\s+)?`?(?P<b18>main|master|develop|dev|trunk)`?\s+branch\b"
    # "Always track `main` as the integration base", "use `develop` as the base branch"
    r"|\b(?:track|use|treat|keep)\s+(?:the\s+)?`?(?P<b19>main|master|develop|dev|trunk)`?(?:\s+branch)?\s+as\s+(?:the\s+|our\s+)?"
    r"(?:integration|default|base|trunk|main|primary)\s+(?:development\s+)?(?:branch|base|line)\b"
    # a branch-roles list: "- develop → integration branch", "- `main`: the default branch"
    r"|^\W*(?:[-*+]\s+)?`?(?P<b20>main|master|develop|dev|trunk)`?\s*(?:→|->|=>|:|\s[-–—])\s*(?:the\s+|our\s+)?"
    r"(?:integration|default|base|trunk)(?:\s+branch)?\b"
    # a branch's role in other words: "日常开发分支：`dev`" (the daily development branch), "默认分支: main", a roles table's row
    # "| `develop` | 日常开发… |" or "| `master` | …（GitHub 默认分支）|"
    r"|(?:日常开发|日常開發|默认|默認)分支\s*(?:是|为|為|[:=])?\s*`(?P<b25>[\w./-]+)`"
    r"|^\|\s*`?(?P<b26>main|master|develop|dev|trunk)`?\s*\|[^|\n]*?(?:日常开发|日常開發|默认分支|默認分支|"
    r"\b(?:default|integration)\s+branch\b)",
    re.IGNORECASE,
)
# "If currently on `develop` or `main` and about to change code, STOP": work on those branches is not allowed.
_STOP_ON = _lazy(r"\bif\s+(?:you(?:'re|\s+are)\s+)?(?:currently\s+|still\s+)?on\s+(?:the\s+)?`?(?P<branch>main|master|develop|development|"
                 r"trunk|prod(?:uction)?)`?(?P<more>(?:\s*(?:,|or|and|/)\s*`?(?:main|master|develop|development|trunk|prod(?:uction)?)`?)*)"
                 r"(?:\s+branch(?:es)?)?\b[^.;]{0,100}?\b(?:stop|do not|don'?t|never|refuse)\b", re.IGNORECASE)
_TRUNK = r"`?(?P<branch>main|master|develop|trunk)`?"
_TRUNK_TARGET = _lazy(
    r"\b(?:PRs?|pull requests?|merge requests?|MRs?)\b[^.;\n]{0,40}?\bmerg(?:e|es|ed|ing)\s+(?:(?:it|them)\s+)?(?:in)?to\s+(?:the\s+)?"
    + _TRUNK + r"(?![\w-])"
    r"|\bmerg(?:e|es|ed|ing)\s+(?:(?:it|them)\s+)?(?:in)?to\s+(?:the\s+)?" + _TRUNK.replace("branch>", "branch2>") +
    r"(?:\s+branch)?\s+(?:only\s+)?(?:through|via|with|after|by)\b[^.;\n]{0,30}?\b(?:PRs?|pull requests?|merge requests?|MRs?|reviews?)\b"
    r"|\bwork(?:s|ing)?\s+directly\s+(?:on|in)\s+(?:the\s+)?" + _TRUNK.replace("branch>", "branch3>") + r"(?![\w-])"
    r"|\b(?:open|create|submit|send|make|raise|file)\s+(?:an?\s+|the\s+|your\s+)?(?:PRs?|pull requests?|MRs?|merge requests?)\s+"
    r"(?:to|against|into|targeting)\s+(?:the\s+)?(?:" + _TRUNK.replace("branch>", "branch4>") + r"(?![\w-])"
    r"|`(?P<branch6>[\w./-]+)`(?:\s+branch)?(?=[\s,.;:)]|$))"  # "open a PR targeting `preview`": the branch PRs go to
    r"|\b(?:commit|push)\s+(?:and\s+(?:commit|push)\s+)?(?:(?:your|the|all|any)\s+)?(?:changes|work|code)?\s*(?:directly\s+)?"
    r"(?:to|into|on)\s+(?:the\s+)?" + _TRUNK.replace("branch>", "branch5>") + r"\s+branch\b"
    # the branch work is merged into: "after your changes are merged to main", "feature branches get merged into `develop`"
    # (what is pushed to a branch is no target: "changes pushed to `main` trigger a deploy")
    r"|\b(?:changes|work|code|branch(?:es)?|PRs?|pull requests?|MRs?|merge requests?|features?|fixes)\b[^.;:\n]{0,30}?"
    r"\b(?:is|are|get|gets|got|been|be)\s+(?:squash[- ]?)?merged\s+(?:back\s+)?(?:in)?to\s+(?:the\s+)?"
    + _TRUNK.replace("branch>", "branch7>") + r"(?![\w-])",
    re.IGNORECASE)
_NEGATION = _lazy(r"\b(?:never|not|no|don'?t|can'?t|cannot|avoid|nothing)\b", re.IGNORECASE)
_STRONG_DIRECTIVE = _lazy(r"\b(always|never|must|mandatory|do not|don'?t|shall not|"
                          r"before (?:any |each |every )?(?:git )?(?:commit|push|merg|PR|pull request|submit)\w*|"
                          r"not recommended|discouraged|forbidden|prohibited|not allowed)\b",
                          re.IGNORECASE)
# A heading or a lead-in whose list names the repository's directories ("Directory Structure", "Project layout", "Folders").
_DIR_HEADING = _lazy(r"(?i)\b(?:director(?:y|ies)|folders?|(?:project|repo(?:sitory)?|code(?:base)?|source|file)\s+"
                     r"(?:structure|layout|organi[sz]ation|map)|layout)\b")
# "- `bench` - performance benchmarks": a bare directory name in a code span, then what it holds.
_BARE_DIR_ITEM = _lazy(r"^\s*[-*+]\s+\*{0,2}`(?P<name>\.?[A-Za-z_][\w-]*)`\*{0,2}\s*(?:[-–—:]|\s-\s)\s*(?P<what>[^.\n`]{3,80})")
# A bare branch-name prefix (`feature/`, `bugfix/`) as a branch section or a naming rule lists them.
_BRANCH_PREFIX = _lazy(r"(?<![\w/.-])`?(?P<prefix>(?:feature|feat|fix|bugfix|hotfix|chore|release|docs|refactor|experiment|perf|"
                       r"test|ci|build|style)/)(?=`|\s|,|\)|$)")
# A new branch cut from a start point on the remote trunk: `git switch -c fix/x origin/main`, `git worktree add ../t -b t main`.
_BRANCH_START = _lazy(r"\bgit\s+(?:checkout|switch|worktree\s+add\s+\S+)\s+-[bcB]\s+\S+\s+(?:origin/|upstream/)?"
                      r"(?P<trunk>main|master|develop|trunk)\s*(?:$|#|&&|;)")
# Work kept in step with the trunk, by the git command's own grammar: `git pull --rebase origin main`, `git rebase
# origin/main`, `git merge upstream/develop`, `git fetch origin master`, `git checkout main && git pull`.
_TRUNK_SYNC = _lazy(r"\bgit\s+(?:pull(?:\s+--?[\w-]+)*\s+(?:origin|upstream)\s+|fetch\s+(?:origin|upstream)\s+|"
                    r"(?:rebase|merge)(?:\s+--?[\w-]+)*\s+(?:origin|upstream)/)(?P<trunk>main|master|develop|trunk)(?![\w./-])"
                    r"|\bgit\s+(?:checkout|switch)\s+(?P<trunk2>main|master|develop|trunk)\s*(?:&&|;)\s*git\s+pull\b")
# A branch a step creates with a placeholder for its name: `git checkout -b openhands/<short-description>`.
_NEW_BRANCH_PATTERN = _lazy(r"\bgit\s+(?:checkout|switch|worktree\s+add\b[^`\n]*?)\s+-[bcB]\s+"
                            r"(?P<pattern>[\w.-]+/(?:[\w.-]*(?:<[^>\s]+>|\{[^}\s]+\})[\w.-]*)+)")
# A branch-name pattern: `feature/description`, `fix/<issue>-<slug>`, `feat/{ticket}`.
# (a file or a link's target is no branch: "[Branching](docs/branch-rules.md)", "`docs/git.md` — branch strategy")
_BRANCH_PATTERN = _lazy(r"(?<!\]\()`?(?P<pattern>(?:feature|feat|fix|bugfix|hotfix|chore|release|docs)/(?:<[^>]+>|\{[^}]+\}|[a-z][\w-]*)"
                        r"(?:[-_](?:<[^>]+>|\{[^}]+\}|[\w]+))*)(?![\w-]*\.[A-Za-z]{1,5}(?![\w-]))`?")
_WORKFLOW_HEADING = _lazy(r"\b(git|commit(?:s|ting)?|pushing|merging|pull requests?|PRs?|merge requests?|MRs?|releas\w*|branch(es|ing)?|code review|"
                               r"contributing|version control)\b", re.IGNORECASE)
# Plain directories listed in parentheses after what they are: "External configs (nvim/, tmux/, git/, etc.)".
# "- Use `main.jsx` for app bootstrap", "- Use `/public/` for static files served by Vite": a file organisation's item.
_USE_FILE_FOR = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:Use|Keep)\s+`(?P<path>/?[\w.@-]+(?:/[\w.@-]+)*/?)`\s+(?:for|as)\s+(?:the\s+)?"
                      r"(?P<what>[a-z][\w -]{2,40}?)(?:\s+(?:served|loaded|used|read)\b|[.,;(]|$)")
# A part of the project and the directory the sentence places it in, written without a code span: "All components should
# go in src/components", "Fixtures live under tests/data/".
_PLAIN_PLACED = _lazy(r"(?P<what>\b[A-Za-z][\w-]*(?:\s+[\w-]+){0,3}?)\s+(?:should\s+|must\s+|will\s+|always\s+)*"
                      r"(?:go|goes|live|lives|belong|belongs|reside|resides|are\s+(?:located|stored|kept|placed)|"
                      r"is\s+(?:located|stored|kept|placed)|be\s+(?:located|stored|kept|placed))\s+(?:in|under|inside)\s+"
                      r"(?:the\s+)?(?P<path>[a-z_][\w.-]*(?:/[\w-][\w.-]*)+/?)(?=[\s,;:)]|\.(?:\s|$)|$)")
_PLAIN_IN_FILE = _lazy(r"(?P<what>\b[A-Za-z][\w-]*(?:\s+[\w-]+){0,3}?)\s+(?:is\s+|are\s+|lives?\s+|defined\s+)?in\s+(?:the\s+)?"
                       r"(?P<path>[a-z_][\w.-]*(?:/[\w-][\w.-]*)+\.[a-z]{1,5})(?=[\s,;:)]|\.(?:\s|$)|$)")
# "- Server (apps/server)", "- Client (apps/client)": an item naming a component, then its directory in parentheses.
# (the directory under one of a repository's usual top directories: "(authentication/authorization)" is two words)
_ITEM_PAREN_DIR = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<what>[A-Z][\w&+ -]{1,30}?)\s+\((?P<path>(?:apps?|packages|services|src|libs?|"
                        r"cmd|internal|pkg|crates|modules|plugins|tools|scripts|infra|deploy|web|frontend|backend|server|client|"
                        r"components|projects)/[\w.-]+(?:/[\w.-]+)*/?)\)\s*:?\s*$")
# A name that Korean, Japanese or Chinese text calls a folder or a directory ("lib/types 폴더", "utils/ ディレクトリ").
# (a capitalised word alone is the name of a kind, "**Lab 目錄**: `NN-kebab-case`", not a directory as written)
_CJK_DIR = _lazy(r"(?<![\w/.<>-])(?P<path>[a-z_][\w.-]*(?:/[\w.-]+)*/?|[A-Za-z_][\w.-]*(?:/[\w.-]+)+/?)\s*(?:폴더|디렉토리|디렉터리|フォルダ|ディレクトリ|文件夹|文件夾|目录|目錄)")
_PAREN_DIRS = _lazy(r"[A-Za-z]\w*\s+\((?P<dirs>[a-z_][\w.-]*/(?:\s*,\s*[a-z_][\w.-]*/)+)(?:\s*,?\s*(?:etc\.?|…|\.\.\.))?\)")
# A list item that names a placeholder directory (`src/features/[feature]/`, `apps/<app>/`, `services/{name}/`) first.
_PLACEHOLDER_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*[^*]{1,40}\*\*:?\s*)?\*{0,2}`[\w.@-]*(?:/[\w.@-]*)*/(?:\[[\w-]+\]|<[\w-]+>|\{[\w-]+\})/?`")
# A heading over the parts of the project a change must handle with care ("Sensitive Areas", "High-Risk Files").
_CAUTION_HEADING = _lazy(r"(?i)\b(?:sensitive|high[- ]risk|risky|dangerous|fragile|delicate)\s+(?:areas?|files?|paths?|zones?|"
                         r"code|parts?|modules?|spots?)\b")
_PLACEHOLDER_PARENT = "\0"
# A heading that says only "rules" takes its subject from the heading above it.
_GENERIC_HEADING = _lazy(r"\W*(?:the\s+)?(?:rules?|guidelines?|conventions?|polic(?:y|ies)|requirements?|规则|規則|ルール|규칙)\W*",
                         re.IGNORECASE)
_COMMIT_TEMPLATE = _lazy(r"\bgit commit\b.*\s-m\s+[\"']?<?(type|feat|fix|chore)>?(\([^)]*\))?!?:")
# A git/PR/release workflow rule: a workflow noun and a directive in one sentence.
# "push" as git says it: alone ("Never push"), or followed by what git pushes or where, or a function word ("push to
# `main`", "push changes", "push without review", "on every push"). Followed by another noun it is the English verb or
# a modifier: "push notifications", "push content limits", "pull over push payment patterns" name no git action.
_GIT_PUSH = (r"push(?:es|ed|ing)?(?![ \t]+(?!(?:to|directly|changes?|commits?|code|work|branch(?:es)?|tags?|main|master|develop|"
             r"trunk|origin|upstream|remote|it|them|this|that|these|those|your|the|any|anything|everything|all|without|unless|"
             r"until|before|after|only|straight|force|with|back|a|an|new|up|yet|again|first|here|there|or|and|nor|if|when|"
             r"once|on|from|into|in|so|but|manually|automatically|immediately|yourself|via|through|onto|is|are|was|will|must|"
             r"should|can|may|access|rights|permissions?|events?|triggers?|workflows?|protection|requires?)\b)[A-Za-z][\w-]*)")
_WORKFLOW = _lazy(
    r"\b((?<!pre-)commit(?:s|ted|ting)?|pull requests?|PRs?|merg(?:e|es|ed|ing)|"
    # what must hold before pushing, whatever is pushed ("Before pushing Docker changes, verify:")
    r"(?<=before )push(?:ing)?(?=\s+\w+\s+changes\b)|" + _GIT_PUSH + r"|releas(?:e|es|ing)(?!/)|rebas(?:e|ing)|"
    r"squash(?:ed|ing)?|version bumps?|bump(?:ing)? the version|"
    # bringing the trunk's changes in ("ALWAYS sync with main", "keep your branch up to date with `develop`")
    r"(?:sync(?:hroni[sz]e)?|catch\s+up|up\s+to\s+date)\s+(?:\w+\s+)?(?:with|from|against)\s+(?:the\s+)?(?:latest\s+)?`?"
    r"(?:origin/|upstream/)?(?:main|master|develop|trunk|upstream)`?(?![\w/-])|"
    # checks put into the commit hook ("Use linters in pre-commit hooks", "enforced via a pre-commit hook")
    r"(?:in|via|with|as|through|by)\s+(?:a\s+|the\s+|git\s+)*pre-?commit\s+hooks?|"
    # a version raised before a release, registered through a registry's bot ("comment `@Registrator register`"),
    # an issue opened before the work starts
    r"(?:updat|bump|increment|rais)(?:e|es|ed|ing)\s+the\s+version\b(?!\s+constraints?)|the\s+version\b[^.;]{0,40}\b(?:updated|bumped|incremented)\b|"
    r"(?i:registr(?:y|ies|ator))\w*[^.;]{0,80}\bregist(?:er|ering)\b|\bregist(?:er|ering)\b[^.;]{0,80}(?i:registr(?:y|ies|ator))|"
    r"\bregist(?:er|ering)\s+(?:a\s+)?new\s+(?:versions?|releases?)\b|"
    r"(?:create|open|file)s?\s+(?:a\s+|an\s+)?(?:new\s+|GitHub\s+|GitLab\s+)?issues?\b"
    r"(?=[^.;]{0,60}\bbefore\s+(?:starting|beginning|any\s+work|work|coding|implement\w*|development))|"
    r"\bbefore\s+(?:starting|beginning)\s+(?:\w+\s+)?(?:work|development|coding|implementation)\b[^.;]{0,60}"
    r"\b(?:create|open|file)s?\s+(?:a\s+|an\s+)?(?:new\s+|GitHub\s+|GitLab\s+)?issues?\b|"
    # publishing what the project ships: "Never publish the gem", "Do not publish to npm" ("published artifacts" describes)
    r"publish(?:es|ing)?\s+(?:(?:the|a|any|new|this)\s+){0,2}(?:gems?|crates?|packages?|releases?|versions?|images?|modules?|"
    r"librar(?:y|ies)|wheels?|artifacts?|to\s+(?:npm|pypi|crates\.io|rubygems|hex|maven|the\s+registry))\b|version (?:code|number|name)s?|coverage|CI jobs?|"
    r"CI (?:must|should) pass|CI\s+(?:must|should|has\s+to)\s+(?:run|succeed|be\s+green)\b|CI checks?|lock ?file|conventional commits?|sign[- ]off|submit(?:s|ted|ting)?|"
    # deploying the project itself ("before deploying", "deploy to production", "deployment"), not deploying a component
    # the sentence names ("Deploy Cert Manager before Argo CD", "deploy Kubernetes workloads with Terraform")
    r"deploy(?:s|ed|ing)?(?=\s*$|\s*[^\w\s`]|\s+(?:to|from|on|via|through|after|before|until|only|it|this|them|again|without|during|"
    r"directly|manually|automatically|(?:the\s+|your\s+|our\s+|a\s+|any\s+)?(?:app|application|project|site|service|changes?|"
    r"code|build|release|production|prod|staging|live)\b))|"
    # the project's output shipped ("When deploying files, always include the assets"; "deployed files" only names them)
    r"(?<![\w-])deploy(?:ing)?\s+(?:the\s+)?(?:files|artifacts?|bundles?|images?)\b|"
    # the deployment as a step of the workflow: what comes before or after it, where and how it goes ("before deployment",
    # "deployments go through Argo CD", "deployment to production requires approval"); the word naming something else -
    # the deployment docs, a deployment playbook, "works for every deployment" - is no step
    r"(?:before|after|prior\s+to|until|without|on|upon)\s+(?:(?:any|each|every|a|the|actual|production|prod|staging|live)\s+)?"
    r"deployments?\b|deployments?\s+(?:to|via|through|from|go|goes|must|should|shall|only|requires?|needs?|happens?|runs?|"
    r"pipelines?|process|flow|workflow|approvals?)\b|"
    # the environments a release goes through kept apart ("Use a separate staging environment", "Use separate stacks for
    # dev/staging/prod")
    r"separate\s+(?:(?:staging|pre-?production|preview)\s+(?:environments?|stages?|stacks?)|(?:environments?|stacks?|stages?)\s+"
    r"for\s+(?:dev|development|staging|prod|production)\b)|"
    r"checked in(?! with)|propos(?:e|es|ing)\s+(?:any\s+|a\s+|the\s+|your\s+)?changes?|(?<!the )(?<!a )(?<!any )proposed\s+changes?|"
    r"before proposing|(?:feature|topic|separate|own|new)\s+branch(?:es)?|branch(?:es)?\s+(?:names?|naming|prefix(?:es)?)|"
    # a branch as the object of a step ("Use a branch", "Branch from `main`", "Delete the branch after merge"),
    r"(?:a|the|your|each|one|this)\s+branch(?:es)?(?!\s+(?:of|name\b))|^\W*branch(?:es)?\s+(?:from|off)|"
    # a git command named in a rule ("Never use `git add .`"), the size of a change, the repository as a place
    r"git\s+(?:add|commit|push|pull|merge|rebase|checkout|switch|stash|reset|tag|cherry-pick|amend)|"
    # who runs git: "Do not run git commands yourself; present them for the user to run", "no git operations"
    r"git`?(?:\s+|-)(?:related\s+)?(?:commands?|operations?|actions?|history)|"
    # what the repository's ignore file must hold, as a rule: "`.gitignore` must include `*.tfstate`"
    r"(?<=\.)gitignore`?\s+(?:must|should|needs?\s+to|has\s+to)\s+(?:include|contain|list|ignore|cover)|"
    # what must stay listed there ("`*.tfstate` must remain in `.gitignore`")
    r"(?:must|should|needs?\s+to|has\s+to)\s+(?:remain|stay|be|go)\s+(?:listed\s+)?in\s+(?:the\s+)?`?\.gitignore\b|"
    # a branching model named by its label ("**Branching:** Use git-flow", "Branching strategy: trunk-based")
    r"branching(?:\s+(?:model|strategy|workflow))?(?=\**:)|"
    # a version raised by its field ("Bump `Chart.yaml` `version:` on every user-facing change")
    r"bump(?:s|ed|ing)?\s+[`\s]*version\b|"
    # the CI state a merge waits for ("CI green on every platform", "CI is passing before merge")
    r"CI\s+(?:is\s+|must\s+be\s+|should\s+be\s+|stays?\s+)?(?:green|passing)|"
    # what stays out of the repository ("Keep local configuration out of git", "No secrets in the repo")
    r"out(?:side)?(?:\s+of)?\s+(?:the\s+)?(?:repo|repository|git|version control)(?![\w-])|"
    # secrets the repository ignores ("store credentials in `.env` (add it to `.gitignore`)")
    r"(?:credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?|env`?\s*files?)(?:[^.;]|\.(?=\w)){0,60}?"
    r"(?:(?:to|in|into)\s+`?\.gitignore`?|gitignored|gitignore\s+(?:it|them|these|those))|"
    # secrets put into the repository by any verb ("Never add API keys or `.env` files to the repo", "Do not check in
    # credentials", "No tokens in version control")
    r"(?:credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?|private[ _-]keys?|\.env\b(?:\s+files?)?)`?[^.;]{0,60}?"
    r"\b(?:to|in|into|under|ins|im|dans\s+le|en\s+el|nel)\s+(?:the\s+|this\s+|your\s+|our\s+)?"
    r"(?:repo|repository|repositorio|repositório|dépôt|git|version control|source control|VCS|codebase)(?![\w-])|"
    # "Secrets in env or a secret manager, never VCS": where secrets never go
    r"(?:credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?)\b[^.;]{0,60}?\bnever\s+(?:in\s+|into\s+)?(?:the\s+)?"
    r"(?:repo|repository|git|version control|source control|VCS)(?![\w-])|"
    r"\bcheck(?:s|ing)?\s+in\b(?=[^.;]{0,40}\b(?:credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?|\.env)\b)|"
    r"\b(?:add|commit|check\s+in|push|upload)\w*\s+(?:any\s+|the\s+|your\s+)?(?:credentials?|secrets?|api[ _-]?keys?|tokens?|passwords?|"
    r"private[ _-]keys?|`?\.env`?(?:\s+files?)?)\b|"
    r"directly\s+(?:on|to|in|into)\s+(?:the\s+)?`?(?:main|master|develop|trunk|production(?![\w-]))|^\W*no\s+[^.]{1,40}?\s+in\s+(?:the\s+)?(?:repo|repository|git))\b",
    re.IGNORECASE,
)
_DIRECTIVE = _lazy(
    r"\b(always|must|should|never|do not|don'?t|avoid|before|prior to|ensure|keep|include|follow|only|required?|mandatory|cannot|can'?t|"
    r"prohibited|forbidden|not allowed|nothing (?:may|can|should|must)|please(?= (?:commit|push|open|create|run|use|rebase|squash)\b)|"
    r"prefer|make sure|remember to|is acceptable only|enforces|enforced|shall|refuse to|"
    # handing a step to a person: "present them for the user to run", "for the developer to review and execute"
    r"for\s+(?:the\s+)?(?:user|developer|maintainer|human|operator|me|us)\s+to\s+(?:copy|run|execute|review|approve|apply))\b|"
    r"^(use|run|create|add|raise|store|write|merge|promote|open|commit|squash|rebase|push|execute|follow|keep|include|avoid|do|"
    r"never|no|tag|"
    r"update|bump|submit|wait|link|provide|describe|explain|cite|document|mention|summari[sz]e|delete|"
    r"sign|request|assign|label|close|branch|stage|switch|"
    r"reference(?=\s+(?:\w+\s+)?(?:issue|ticket)s?(?:/(?:issue|ticket)s?)?\s+(?:numbers?|ids?|keys?)\b"
    r"|\s+(?:the\s+|any\s+|all\s+)?(?:related|relevant|linked|corresponding|open)\s+(?:issues?|tickets?)\b)|"
    r"(?:regularly|frequently|often)\s+(?:create|make|commit|push)|"
    # the team's own convention in the first person: "We use conventional commits", "We squash-merge every PR"
    r"(?<=^)we\s+(?:always\s+|only\s+)?(?:use|squash(?:-merge)?|rebase|merge|follow|require|tag|sign|write|keep|prefer|adhere|"
    r"stick)|"
    r"work(?=\s+(?:directly|only)\b))\b(?!\s+[A-Z]\w*:)|\bfollows\b|"
    r"(?:,|\bthen)\s+(?:then\s+)?(?:push|commit|create|open|rebase|merge|pull|tag|squash|add|include)\b|"
    r"\b(?:one|a single|single)\b[^.]{0,40}\bper\s+(?:commit|PR|pull request|branch)\b|\bnot recommended\b|\bis rejected\b|"
    # a purpose, then the step that serves it: "To register a new version, comment `@Bot register` on the issue"
    r"^\W*to\s+(?:register|release|publish|tag|ship|cut|submit|merge|deploy)\b[^,.;]{0,60},\s+(?!it\b|this\b|the\b|we\b|you\b|they\b)[a-z]+\b",
    re.IGNORECASE,
)
# The same rule written in another language: Chinese, Japanese, Korean and Russian workflow nouns and directives
# (German, Spanish, French and Portuguese files keep the English nouns - commit, merge, push, PR, branch - and
# add their own modal words). CJK text has no word boundaries, so these match anywhere in the clause.
_INTL_WORKFLOW = _lazy(
    r"(提交|合并|合併|合入|推送|分支|主干|主幹|拉取请求|合并请求|合併請求|发布|發佈|發布|发版|部署|变更日志|變更日誌|代码审查|代碼審查|"
    r"版本控制|版本管理|バージョン管理|버전\s?관리|\.gitignore`?\s*(?:必須|必须|需要|應該|应该|に|에)|"
    r"コミット|マージ|プッシュ|ブランチ|プルリク\w*|リリース|デプロイ|"
    r"커밋|병합|머지|푸시|브랜치|풀\s?리퀘스트|배포|릴리스|"
    # a git word as another language conjugates or compounds it ("committer", "commitear", "commitów", "Commit-Nachrichten",
    # "pushen", "mergear"), and the workflow nouns of European languages: a branch, a merge, a release, a deployment
    r"(?<![\w-])(?:commit(?!s?\b|ted\b|ting\b|tee)\w+|push(?:e|en|ear|ar|er|uj|ujesz)\b|merge(?:n|ar|er)\b)|"
    r"(?<![\w-])(?:branche|branches de|rama|ramas|ramo|Zweig|gałę\w*|gałąź|dal(?:ı|a|ına|ında)\b|"
    r"fusion(?:ner|ar|ne|ar)?\w*|pousser|poussez|pousse\b|zusammenführ\w*|unir\b|"
    r"publi(?:er|ez|car|que|ca|cação|cación|cazione|care|kuj\w*|kacj\w*)(?![\w-])|veröffentlich\w*|yayınla\w*|"
    r"déploi\w*|déploy\w*|despleg\w*|desplieg\w*|implanta(?:r|ção|ções)\b|bereitstell\w*|rilasci\w*|wydani\w*|sürüm\w*|"
    r"versión|versões|versão|versione|wersj\w*|"
    # "commit the changes" as the languages say it: "confirmar mudanças", "valider les modifications"
    r"confirm(?:ar|er)\s+(?:(?:as|os|las|los|les|suas|tus)\s+)?(?:mudanças|alterações|cambios|modificaciones|changements)|"
    r"valider\s+(?:les\s+|vos\s+)?(?:modifications|changements)|confermare\s+(?:le\s+)?modifiche|"
    r"révision de code|revisión de código|revisão de código|relecture|"
    r"demande de fusion|solicitud de (?:extracción|incorporación|fusión)|solicitação de (?:pull|merge)|"
    r"comandos? (?:de )?git|commandes? git|Git-Befehl\w*|comandi git|polece\w* git|git-commando\w*|git komut\w*)(?![\w-])|"
    r"(?<![А-Яа-яЁё])(?:за)?коммит\w*|(?<![А-Яа-яЁё])мерд?ж\w*|(?<![А-Яа-яЁё])слия\w*|(?<![А-Яа-яЁё])(?:за)?пуш\w*|"
    r"(?<![А-Яа-яЁё])пулл?[- ]?реквест\w*|(?<![А-Яа-яЁё])релиз\w*|"
    r"(?<![А-Яа-яЁё])деплой\w*|(?<![А-Яа-яЁё])выкат\w*|(?<![А-Яа-яЁё])развёрт\w*|(?<![А-Яа-яЁё])разверт\w*)", re.IGNORECASE)
_INTL_STRONG = (r"必须|必需|务必|務必|禁止|严禁|嚴禁|不要|不得|不允许|不允許|请勿|請勿|只能|一律|必ず|必須|厳禁|してはいけない|"
                r"しないこと|반드시|금지|(?<![А-Яа-яЁё])(?:всегда|никогда|нельзя|запрещ\w*|обязательн\w*|должн\w*|"
                r"необходимо)(?![А-Яа-яЁё])|\b(?:immer|niemals|nie|muss|müssen|siempre|nunca|debe|deben|toujours|jamais|"
                r"doit|doivent|sempre|deve|devem|"
                # always / never / must / required / forbidden in French, Spanish, Portuguese, German, Italian, Polish, Dutch,
                # Turkish (closed classes of words), and a negated verb ("ne … pas", "n'ajoutez pas", "no hagas", "não faça")
                r"mai|devono|dovete|bisogna|obbligatori[oa]|vietat[oa]|zawsze|nigdy|musi|musisz|należy|trzeba|zakaz\w*|"
                r"obowiązkow\w*|zabronion\w*|altijd|nooit|moet|moeten|verplicht|verboden|asla|mutlaka|zorunlu\w*|yasak\w*|"
                r"gerek(?:ir|li)|her zaman|kesinlikle|il faut|obligatoire|interdit|hay que|obligatorio|prohibido|tiene que|"
                r"tienen que|obrigatóri[oa]|proibid[oa]|tem que|têm que|é preciso|Pflicht|verboten|verpflichtend|sollen|"
                r"dürfen|darf|kein|keine|keinen|ne\s+(?:\w+\s+){1,2}(?:pas|jamais|plus)|n['’]\w+\s+(?:\w+\s+)?(?:pas|jamais|plus)|"
                r"não|non\s+\w+|nie\s+\w+|niet|geen|(?<=^)No\s+\w+)\b")
_INTL_DIRECTIVE = _lazy(_INTL_STRONG + r"|不能|不可|请|請|应该|应当|應該|應當|不应|不應|需要|统一|統一|遵循|遵守|按照|従う|守る|之前|之后|之後|以前|以后|以後|前|后|後|"
                        # a house rule stated plainly, for every case or by what it uses: "所有改动都通过 PR 合并", "每个功能在
                        # 独立分支上开发", "提交信息使用中文", "すべての変更は PR でマージ"
                        r"所有|每个|每個|每次|每一|均需|都要|都需|すべての|全ての|모든|"
                        # a Japanese rule in the plain form with its workflow noun as the topic ("コミットメッセージは英語で
                        # 書く"), a Korean one in the plain declarative ("PR로 병합한다")
                        r"(?:コミット|ブランチ|プルリク\w*|マージ|プッシュ|リリース|タグ)[^。]{0,20}は[^。]{0,30}(?:う|く|ぐ|す|つ|ぶ|む|る)。?\s*$|"
                        r"(?<!참조)(?<!참고)(?:한다|않는다)\W*$|"
                        r"(?:提交|分支|合并|合併|推送|发布|發佈|标签|標籤|版本)[^，,。；;\s]{0,6}(?:使用|采用|採用|用)|"
                        r"しない|すること|してください|ください|べき|してから|こと\W*$|ましょう|ように|하지\s?마|해야|하세요|십시오|전에|후에|"
                        # a Korean house rule in the formal declarative ("커밋 메시지는 짧게 작성합니다": we write them short),
                        r"(?<!참조)(?<!참고)(?:합니다|않습니다|합시다)\W*$|"  # not a pointer ("아래 문서를 참조합니다": see the docs)
                        r"(?<![А-Яа-яЁё])(?:не|следует|перед|только|после)(?![А-Яа-яЁё])|"
                        # before / after / only in European languages ("antes de confirmar", "avant chaque commit")
                        r"\b(?:antes\s+de|avant\s+(?:de|chaque|tout)|vor\s+(?:jedem|dem|einem)|nach\s+(?:jedem|dem)|prima\s+di|"
                        r"przed|voor\s+(?:elke|het)|önce|depois\s+de|después\s+de|après|dopo|solo|seulement|apenas|nur)\b|"
                        r"^\W*[А-ЯЁ][а-яё]+(?:ите|йте|ьте)(?![А-Яа-яЁё])", re.IGNORECASE)  # Russian imperative: "Пишите"
_INTL_STRONG_RE = _lazy(_INTL_STRONG, re.IGNORECASE)
# A rule's head verb in a Romance, Germanic, Slavic or Turkic language, by its ending: a French imperative or infinitive
# ("Utilisez", "Écrire"), a Spanish, Portuguese or Italian infinitive or imperative ("Usar", "Escreva", "Scrivi",
# "Ejecuta"), a German imperative or clause-final infinitive ("Verwende …", "… schreiben."), a Polish imperative
# ("Używaj", "Twórz"), a Turkish polite imperative ("kullanın"). Read only in text of those languages (_EURO_TEXT).
_EURO_VERB_HEAD = _lazy(r"^\W*(?:\d+[.)]\s*)?(?:\*\*)?(?!(?:Este|Esta|Ese|Esa|Cada|Para|Una|Uma|Une|Toda|Todo|Toute|Tutte|Tutti|"
                        r"Questa|Questo|Ogni|Alle|Die|Eine|Jede|Diese|Nossa|Nuestra|Sobre|Entre|Desde|Durante|Mientras|Quando|"
                        r"Cuando|Donde|Onde|Dove|Come|Como|Comme|Mais|Pero|Porque|Cette|Elle|Ele|Ella|Essa|Esse|Isso|Aqui|Aqu[ií]|"
                        r"Sempre|Mientre|Dopo|Prima|Ainda|Aussi|Avec|Apr[eè]s|Andere|Alle|Bitte|Ohne|Seite|Notre|Votre|Nuestro|"
                        r"Nosso|Ceci|Cela|Voici|Voil[aà]|Hier|Diese|Dieser|Dieses|The|These|Those|There|Here|Some|Once|While|Before|Make|"
                        r"Please|Code|Done|None|Note|Base|Core|Type|Name|Time|Case|Mode|Rule|Style|Title|Scope|Ticket)\b)[A-ZÀ-ÝŁŚŻŹĆŃÓ][a-zà-ÿąćęłńóśźżğıöşü]+(?:ez|er|ir|re|ar|are|ere|ire|a|e|i|aj|uj|ij|ijcie|jcie)\b"
                        r"|\b[a-zà-ÿäöüß]+(?:en|ern|eln)\W*$|\b[a-zğıöşüç]+(?:ın|in|un|ün|ma|me|mayın|meyin)\W*$")
_EURO_TEXT = _lazy(r"[àâçéèêëîïôûùœñãõáíóúäöüßąćęłńśźżğışÀÂÇÉÈÊÎÔÛÑÃÕÁÍÓÚÄÖÜĄĆĘŁŃŚŹŻĞİŞ]|(?i:\b(?:le|et|au|aux|ou|les|des|du|une|avec|dans|pour|los|las|del|una|"
                   r"para|uma|das|dos|der|und|mit|auf|nach|gli|della|nel|sono|dei|przed|jest|oraz|het|een|voor|niet|naar|"
                   r"için|ile|önce|sonra)\b)")
_INTL_HEADING = _lazy(r"提交|分支|发布|發佈|工作流|コミット|ブランチ|リリース|ワークフロー|커밋|브랜치|릴리스|워크플로|"
                      # the git, release and review sections of European files ("Règles de commit", "Zasady commitów",
                      # "Publicación de versiones", "Gestion des branches", "Veröffentlichung", "Revisão de código")
                      r"(?i:\bcommit(?!ments?\b)\w*|\w+commits?\b|\bbranches\b|\bramas\b|\bZweige?\b|gałęzi|\bdallar|"
                      r"\bpublication|publicación|publicação|pubblicazion\w*|veröffentlich\w*|publikacj\w*|wydani\w*|yayın\w*|"
                      r"\blanzamiento|lançamento|rilasci\w*|\bsürüm|déploiement|despliegue|implantação|bereitstellung|"
                      r"gestion des versions|control de versiones|controle de versão|versionskontrolle|versionado|"
                      r"versionamento|versionierung|versionnage|versiebeheer|revisión de código|revisão de código|"
                      r"révision de code|relecture|demandes? de fusion|fusion\w*)|"
                      r"(?<![А-Яа-яЁё])(?:коммит|мердж|мерж|слия|релиз)")
_INTL_RULES_HEADING = _lazy(r"规则|規則|规范|規範|约定|約定|ルール|規約|규칙|(?<![А-Яа-яЁё])(?:правила|обязательно)(?![А-Яа-яЁё])",
                            re.IGNORECASE)


# `git checkout -b feature/x`, `git switch -c fix/y`, `git worktree add trees/t -b feature/t`: the branch a step creates.
_NEW_BRANCH = _lazy(r"\bgit\s+(?:checkout|switch|worktree\s+add)\b[^`\n]*\s-[bcB]\s")
_COMMIT_WORD = _lazy(r"\bcommit|提交|コミット|커밋|(?<![А-Яа-яЁё])коммит", re.IGNORECASE)
_COMMIT_TYPE = _lazy(r"(?<![\w/-])(feat|fix|docs?|chore|refactor|perf|test|tests|style|build|ci|revert)(?:\([^)]*\))?!?(?=[:`,\s]|$)")


def _euro(clause: str) -> bool:
    """Words of a European language other than English in a clause (its code spans aside: `DEL` is no Spanish)."""
    return bool(_EURO_TEXT.search(rx.sub(r"`[^`]*`", " ", clause)))


def _intl_directive(clause: str) -> bool:
    """A directive written in another language: its modal and negation words, or a head verb in a European language."""
    return bool(_INTL_DIRECTIVE.search(clause) or _euro(clause) and _EURO_VERB_HEAD.search(clause))


def _commit_types_listed(text: str) -> bool:
    """Three or more conventional-commit types listed in a line (`feat:`, `fix:`, `chore:` / "feat, fix, docs")."""
    return len({m.group(1).rstrip("s") for m in _COMMIT_TYPE.finditer(text)}) >= 3


def _workflow_in(clause: str) -> re.Match[str] | None:
    """The workflow noun of a clause, in English or in another language."""
    words = _workflow_words(clause)
    return _WORKFLOW.search(words) or _INTL_WORKFLOW.search(words)


# "Deploy from `main` or `master` branch": which branch a deployment takes, a rule of the release flow
_DEPLOY_FROM = _lazy(r"(?i)^\W*deploy\w*\s+(?:only\s+)?from\s+(?:the\s+)?`?[\w/.-]+`?(?:\s+or\s+`?[\w/.-]+`?)?\s+branch(?:es)?\b")
# A flow between branches, drawn with arrows: "feature branch → PR → `develop`", "codex -> develop -> main".
_FLOW_ARROW = _lazy(r"→|->|⇒|=>|➡")
_FLOW_BRANCH = _lazy(r"\b(?:main|master|develop|development|staging|production|prod|release|trunk|feature branch(?:es)?|hotfix)\b",
                     re.IGNORECASE)
_FLOW_WORD = _lazy(r"\b(?:PRs?|pull requests?|merge[sd]?)\b", re.IGNORECASE)
# A label that names a commit, PR or branch convention ("Commit format: …", "Branch naming: …", "PR title convention: …").
_CONVENTION_LABEL = _lazy(r"^\W*(?:(?:\d+[.)]|[-*+])\s+)?\W*(?:git\s+)?(?:commit(?:\s+messages?)?|commits|PRs?|pull requests?|"
                          r"MRs?|merge requests?|branch(?:es)?)(?:\s+(?:title|name)s?)?\s+(?:format|convention|style|naming|"
                          r"pattern|template)s?\W*:\s*\S"
                          r"|^\W*(?:(?:\d+[.)]|[-*+])\s+)?\W*branch(?:es)?\s+names?\W*:\s*\S", re.IGNORECASE)
# A hook stage or a moment in the workflow labelling a command ("make tier2   # Pre-commit: tier1 + test").
_STAGE_COMMENT = _lazy(r"^\W*(?:pre-?commit|pre-?push|before (?:every |each |any )?(?:git )?(?:commit|push|PR|pull request|"
                       r"merg\w*))\b"
                       # "go vet ./...  # Static analysis (run before every commit)": the stage in the comment's aside
                       r"|\((?:run\s+|required\s+|must\s+run\s+)?before\s+(?:every|each|any)\s+(?:git\s+)?(?:commit|push|PR|pull request)\)",
                       re.IGNORECASE)


def _branch_flow(text: str) -> bool:
    """Arrows joining a branch to another branch or to a PR / merge step."""
    if not _FLOW_ARROW.search(text):
        return False
    steps = _FLOW_ARROW.split(text.replace("`", ""))
    branches = sum(1 for step in steps if _FLOW_BRANCH.search(step))
    return len(steps) >= 2 and branches >= 1 and branches + sum(1 for step in steps if _FLOW_WORD.search(step)
                                                                  and not _FLOW_BRANCH.search(step)) >= 2


def _policy_key(sentence: str) -> str:
    return f"policy.{_slug(sentence) or 'rule'}"


_PATH_SENTENCE = _lazy(
    r"(?P<what>[A-Za-z][\w /-]{2,60}?)\s+(?:lives?|are|is|resides?|sits?|can be found|are located|is located|are defined|is defined|are kept|is kept|should (?:be|live|go)|belongs?|"
    # "Pages should be created under "src/pages"": where new parts of that kind go, the path quoted either way
    r"(?:should|must)\s+(?:be\s+)?(?:created|placed|put|added|kept|stored|written)|(?:are|is)\s+(?:created|placed|stored)|"
    # where a part is declared, defined or configured ("Network subnets are declared in `network.bicep`", "the routes are
    # registered in `main.py`"), or where it comes from ("Role IDs come from `role-ids.bicep`")
    r"(?:are|is)\s+(?:declared|defined|configured|registered|pinned|wired|assembled|composed|implemented|maintained)|comes?)"
    r"\s+(?:in|under|at|inside|from)\s+(?P<q>[`\"])(?P<path>[\w./@*-]+/?)(?P=q)",
    re.IGNORECASE,
)
# A part of the project and the files it is made of: "The storage layer consists of `store.rs`, `cache.rs` and `index.rs`".
_PATH_PARTS = _lazy(r"(?P<what>[A-Za-z][\w /-]{2,50}?)\s+(?:consists?\s+of|is\s+made\s+(?:up\s+)?of|comprises|is\s+split\s+"
                    r"(?:into|across|between)|(?:is|are)\s+(?:implemented|spread)\s+(?:in|across)|lives?\s+across)\s+"
                    r"(?:the\s+(?:files?\s+)?)?`(?P<path>[\w./@-]+)`", re.IGNORECASE)
_PATH_ITEM = _lazy(r"^\s*[-*+]\s+\*{0,2}`(?P<path>[\w.@*<>-]+(?:/[\w.@*<>-]*)+/?)`\*{0,2}\s*(?:[-–—:]|\s-\s)\s*(?P<what>[^.\n]{3,80})")
_PATH_LABEL = _lazy(r"^\s*[-*+]\s+(?P<what>(?:[A-Z][\w /-]{1,40}?|[a-z][\w-]*\s[\w /-]{1,35}?)(?:\s*\([\w ,/&-]{2,40}\)[\w /-]{0,20}?)?)\s*[:：]\s*(?:Located in\s+|In\s+)?(?P<paths>`[^`]+`(?:\s*(?:,|and)\s*`[^`]+`)*|[a-z_.][\w.@-]*(?:(?:/[\w.@-]+)+/?|/)(?=\s*$))"
                    r"(?:\s*$|\s+(?:directory|directories|folder|dir)\b|\s+(?:for|with|[-–—])\s|\s*\(|"
                    # "- **Blog posts**: `content/posts` contains the posts": the label's part and what the path holds
                    r"\s+(?:contains|holds|stores|houses|keeps)\s)")
# A path written without backticks in a heading's parentheses: lower-case, a directory or a file with its extension
# ("(types/)", "(hooks/use-data.ts)"), not a stack ("(Elixir/Phoenix)")
_BARE_PATH = r"[a-z_.][\w.@-]*(?:/[\w.@-]+)*(?:/|\.[A-Za-z]{1,5})"
# "src/lib/api.ts (API client)": a bare path and, in parentheses, what it is
_BARE_PATH_DESCRIBED = r"[a-z_.][\w.@-]*(?:/[\w.@-]+)*(?:/|\.[A-Za-z]{1,5})\s*\([^()]{2,50}\)"
_PATH_LABEL_DESCRIBED = _lazy(r"^\s*[-*+]\s+(?P<what>[A-Z][\w /&-]{1,30}?)\s*:\s*(?P<rest>(?:" + _BARE_PATH_DESCRIBED
                              + r")(?:\s*(?:,|\band\b|;)\s*(?:" + _BARE_PATH_DESCRIBED + r"))*)\s*$")
_PATH_BOLD = _lazy(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*(?:\d+[.)]\s*)?(?P<what>[^*(`]{2,50}?)\s*\("
                   r"(?P<paths>`[^`]+`(?:\s*(?:,|\+|and|&)\s*`[^`]+`)*|" + _BARE_PATH + r")\):?\*\*\s*$")
_PATH_NAMED = _lazy(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*(?P<what>[^*]{2,50})\*\*\s*\((?P<paths>`[^`]+`(?:\s*,\s*`[^`]+`)*)"
                    # (and a note of its own after the path: "**Bridge Server** (`server.py`, Port 8000)")
                    r"(?:\s*[,;]\s*[^()`]*)?\)")
# "#### `cli/deps.act` - Dependency Management": a heading that is a path and the part it holds.
# (a plan's or a change log's heading says what is done to the file: "`src/types.ts` — extend types", "— Add a guard")
# "## Frontend — `web/`", "### 3. Jobs: `worker/jobs/`": a heading naming a part, then the directory it lives in
_NAMED_DIR_HEADING = _lazy(r"^(?:\d+[.)]\s*)?(?P<what>[A-Za-z][\w &/+.-]{1,40}?)\s*(?:[–—:]|\s-\s)\s*"
                           r"`(?P<path>(?!/)[\w.@-]+(?:/[\w.@-]+)*/)`\s*$")
_PATH_SPAN_HEADING = _lazy(r"^(?:\d+[.)]\s*)?`(?P<path>[^`\s]+)`\s*(?:[-–—:]|\s-\s)\s*"
                           r"(?!(?:Add|Adds|Extend|Fix|Update|Remove|Change|Modify|Create|Refactor|Rename|Move|Delete|Implement|New)\b)"
                           r"(?P<what>[A-Z][^`]{2,50})$")
# "## connect.sh — Bastion SSH + SOCKS5 proxy", "### `pa-tunnel.py` — resilient SOCKS5 tunnel": a heading that is one source
# file or script of the project, then what it is - the section describes that file (a script named alone is the file,
# not a command line).
_FILE_HEADING = _lazy(r"^(?:\d+[.)]\s*)?`?(?P<path>[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{1,10})`?\s*(?:[–—:]|\s-\s)\s*"
                      r"(?!(?:add|adds|extend|fix|update|remove|change|modify|create|refactor|rename|move|delete|implement|new|"
                      r"usage|example|examples|notes?)\b)(?P<what>[A-Za-z][^`]{2,60})$", re.IGNORECASE)
# "- Vote casting workflow (lib/screens/voting.dart)", "- ✅ CLI argument handling (lib/config/app.dart)": a list item
# naming a part, then its path, written plain in parentheses at the item's end.
_PATH_ITEM_PAREN = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:[^\w\s(]+\s*)?(?P<what>[A-Za-z][^()`:]{2,60}?)\s*"
                         r"\((?P<path>(?:[\w.@-]+/)+(?:[\w@-]+(?:\.[\w-]+)*\.[A-Za-z]{1,5})?)(?:\s+[-–—]\s+[^()]*)?\)\s*\.?\s*$")
# "- **cmd/server/main.go**: Entry point" - a path written in bold, not in backticks.
_PATH_BOLD_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\*\*(?P<path>/?[\w.@()-]+(?:/[\w.@()-]*)*/?)\*\*\s*[:\-–—]\s*(?P<what>[^.\n]{3,100})")
# "- src/components/ - UI components": a path written plain (a directory, or a file with its extension).
# `owner/name`: two words joined by a slash, neither a file nor written as a directory (no trailing slash), the first
# no conventional source directory (`src/core` is a folder wherever it is written).
_PACKAGE_PAIR = _lazy(r"(?!(?:src|lib|libs|app|apps|packages|pkg|internal|cmd|components|services|modules|tests?|docs|"
                      r"scripts|tools|config|web|server|client|api|core|crates|plugins|examples|infra|deploy)/)[a-z][\w.-]*/[a-z][\w-]*")
# The top directory of a path written anywhere with a further level, a file or a trailing slash (`tools/gen/`, `tools/x.py`).
_WRITTEN_DIR = _lazy(r"(?<![\w./@:-])([A-Za-z_][\w.-]*)/(?:(?:[\w.-]+/)+(?=[\s`*):,]|$)|[\w-]+\.[A-Za-z]{1,5}\b|(?=[\s`*):,]))")
# "src/jobs/queue.ts: the retry queue": a line that starts with a file or folder (with its directory) and says what it is.
_PATH_INVENTORY = _lazy(r"^(?P<path>(?:[\w.@-]+/)+(?:[\w@+-]+(?:\.[\w-]+)?\.[A-Za-z]{1,6})?|[\w@-]+(?:\.[\w-]+)?\.[a-z]{1,5})\s*[:：]\s+(?P<what>\S.{2,})$")
# "**Render/**: draw passes", "- **Core/Clock.h**: the clock": a bold path, upper case allowed, and what it holds.
_PATH_BOLD_PARA = _lazy(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?\*\*(?P<path>[A-Za-z_][\w.@-]*(?:/[\w.@-]+)*/?)\*\*\s*[:\-–—]\s*(?P<what>\S.{2,})")
# "**Scheduler** (Runtime/):", "**Unit tests (helpers.test.js):**": a bold name and a path without backticks.
_PATH_NAMED_BARE = _lazy(r"\*\*(?P<what>[A-Za-z][^*()]{1,48}?)\s*(?:\*\*\s*)?\((?P<path>(?:[\w.@-]+/)+|(?:[\w.@-]+/)*[\w@-]+(?:\.[a-z][\w-]*)?\.[A-Za-z]{1,5})\)")
_PATH_PLAIN_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<path>[a-z_.][\w.@-]*(?:/[\w.@-]+)*(?:/|\.[a-z]{1,5}))\s*(?::|\s[-–—→]|\s->|\s\()\s*"
                         r"(?P<what>[^.\n]{3,100})")
# "- src/a and src/a/b: scrapers", "- fastapi_app/main.py provides an API surface": a list item that opens with bare
# paths (several joined by commas / "and", or one followed by a verb of holding) and says what they hold.
_PLAIN_P = r"(?:[a-z_][\w.@-]*(?:/[\w.@-]+)+/?|[a-z_][\w.@-]*/|[a-z_][\w.@-]*\.[a-z]{1,5})"
_PATH_PLAIN_SEVERAL = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<paths>" + _PLAIN_P + r"(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
                            + _PLAIN_P + r")*)(?P<how>\s*:\s+|\s+(?:provides?|contains?|holds?|keeps?|tracks?|stores?|defines?|"
                            r"encapsulates?|implements?|handles?|houses?)\s+)(?P<what>[^\n]{3,120})")
# "crossplane/apps/     # Application manifests": an un-fenced listing line, a path and its comment.
_PATH_COMMENTED = _lazy(r"^(?P<path>[a-z_.][\w.@-]*(?:/[\w.@-]+)*/)\s+#\s+(?P<what>[^#\n]{3,100})$")
# "### CI/CD (`.github/workflows/build.yml`)" - a heading naming a component and its path.
# ("### Context Providers (in `providers/`)": where the heading's component lives, said with its preposition)
_PATH_HEADING = _lazy(r"^(?:\d+[.)]\s*)?(?P<what>[^(`]{2,50}?)\s*\((?:(?:in|under|inside|at)\s+)?(?:`(?P<path>[^`()\s]+)`|(?P<bare>" + _BARE_PATH + r"))\)\s*$"
                      r"|^`(?P<dir>[\w.@-]+(?:/[\w.@-]+)*/)`\s*(?:[-–—:]|\s-\s)\s*(?P<dwhat>[^`]{2,50})$")
_ENV_REQUIRED = _lazy(
    r"\b(required|must be (?:set|defined|provided|exported)|must (?:set|define|export)|needs? to be (?:set|defined)|"
    r"requires? (?:(?:the|these|those|following|all|several|some|a few|few|two|three|four|five|these|its|own|"
    r"runtime|server|backend|frontend|app|application)\s+)*(?:env(?:ironment)?\s+var(?:iable)?s?|variables?|secrets?)|mandatory)\b"
    r"|\b(?:requires?|needs?)\s+(?:(?:an?|the|your)\s+)?`?\.env\b"
    # "Frontend requires these in `.env.local`:": the names listed below, in the file the program reads
    r"|\b(?:requires?|needs?)\s+(?:these|those|the\s+following|following|them)\b[^.;:]{0,30}?\b(?:in|inside|within)\s+"
    r"(?:(?:an?|the|your)\s+)?`?\.env"
    # "always use / set these variables", "siempre usar dos variables de entorno": every one is to be set
    r"|\b(?:always|must)\s+(?:use|set|define|provide|configure)\b(?=[^.;]{0,30}\b(?:env(?:ironment)?\s+var|variables?\b))"
    r"|\b(?:siempre|sempre|toujours|immer)\s+(?:usar|utilizar|definir|configurar|utiliser|d[ée]finir|verwenden|setzen)\b"
    r"(?=[^.;]{0,30}\b(?:variables?|vari[áa]veis|Umgebungsvariablen)\b)"
    # "minimum configuration: `APP_KEY`, …" ("configurações mínimas", "configuración mínima"): the least that must be set
    r"|\b(?:minimum|minimal)\s+(?:required\s+)?(?:config(?:uration)?|settings|setup|variables)\b"
    r"|\b(?:configura[cç](?:õ|o)es|configuraci[óo]n(?:es)?|variables|vari[áa]veis)\s+m[íi]nim[ao]s?\b"
    r"|\b(?:requires?|needs?)\s+(?:(?:the|an?|a valid|your)\s+)?`\$?[A-Z][A-Z0-9_]{2,}`"
    r"(?:\s*(?:,|and|or|/)\s*`\$?[A-Z][A-Z0-9_]{2,}`)*(?:\s+(?:(?:env(?:ironment)?\s+)?var(?:iable)?s?|secrets?|(?:to be )?set)\b"
    # "requires `A` / `B` in the environment", "needs `TOKEN` in your shell"
    r"|\s+(?:to be\s+)?(?:set\s+)?in\s+(?:the|your)\s+(?:environment|env|shell)\b"
    r"|\s*(?:[),;]|\.(?:\s|$)|$))"
    # "set at least:" / "at minimum, set": the variables below must be set ("至少设置以下项", "最低限設定")
    r"|\bset\s+at\s+(?:least|minimum)\b|\bat\s+(?:least|minimum)\s*,?\s+set\b|至少(?:需要)?(?:设置|設置|配置)|最低限[^。\n]{0,6}設定"
    # the same in Korean, Chinese and Japanese: "환경변수 필요", "需要环境变量", "環境変数が必要"
    r"|(?:환경\s?변수|环境变量|環境變數|環境変数)[^.。\n]{0,12}?(?:필요|필수|必要|必需|必须|必須|需要)"
    r"|(?:需要|必须|必須)\s*(?:设置\s*)?(?:环境变量|環境變數)"
    # "`.env` 필수 키: `A`, `B`" (the .env file's required keys), "必須キー", "必填项"
    r"|(?:\.env\W{0,3}|환경\s?변수\s*)?(?:필수|必須|必需|必须|必填)\s*(?:키|항목|값|설정|キー|項目|变量|項|项)"
    # a variable's own note that opens with the word ("`KEY=xxx  # 必需，LLM 评分用`")
    r"|^\W*(?:必需|必须|必須|必填|필수)(?![^\W\d_])|^\W*(?:必需|必须|必須|必填|필수)[，,:：\s]"
    # "`verify.sh` refuses to run without `SCRATCH_URI`", "the server won't start without `SECRET_KEY`": what a program
    # cannot do without the variable
    r"|\b(?:refus(?:es?|ing)\s+to\s+(?:run|start|boot|launch)|(?:won'?t|will\s+not|cannot|can'?t|does\s+not|doesn'?t)\s+"
    r"(?:run|start|boot|launch)|fails?\s+to\s+(?:run|start|boot|launch)|exits?|aborts?)\s+without\s+(?:(?:a|an|the)\s+)?`\$?[A-Z][A-Z0-9_]{2,}`"
    # "requires GALAXY_API_KEY": a variable named bare, with an underscore, right after the word
    r"|\b(?:requires?|needs?)\s+(?:(?:an?|the|your)\s+)?\$?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b(?![a-z])(?!\s+or\b)",
    re.IGNORECASE)
# "not required", "no ... required", "optional": a segment that says so names no required variable.
_ENV_NOT_REQUIRED = _lazy(r"\b(not|no longer|never|isn'?t|aren'?t)\s+(?:strictly\s+)?(required|needed|mandatory)\b|"
                          r"\bno\b[^.;]{0,40}\brequired\b|\boptional(ly)?\b|^\W*(?:可选|可選|选填|選填|任意|선택)|\bif (you|needed|set|present|available)\b|"
                          # a naming convention ("prefixed with `APP_`", "the `VITE_` prefix"), not a value that is a prefix
                          r"\bprefixed\b|\bprefix(?:es)?\s+(?:with|all|every|each|them|variables?|names?)\b|"
                          r"_`?\s+prefix(?:es)?\b|\b(?:name|variable|env)\s+prefix(?:es)?\b|\bconvention\b|\bskip(s|ped)? (when|if|unless)\b|"
                          # a CI repository secret ("stored in GitHub Secrets", "a repository secret"): the pipeline's, not the project's
                          r"\b(?:stored|kept|set|configured|defined|saved)\s+(?:in|as)\s+(?:the\s+|a\s+)?(?:GitHub|GitLab|Actions|"
                          r"repository|repo|CI|pipeline)\s+(?:(?:Actions|CI)\s+)?secrets?\b|\brepository\s+secrets?\b", re.IGNORECASE)
# Where one line states several groups: "Required: `A`, `B`. Optional: `C` …" - each group is read alone.
_ENV_SEGMENT = _lazy(r"(?<=[.;])\s+(?=\S)|\s+(?=(?:\*\*)?(?:Optional|Required|Production|Development|Recommended|"
                     r"Test(?:ing)?|Deployment)\b[\w ]{0,30}:)")
# A lead-in that puts the list below it under "required" ("Required environment variables:") or not ("Optional:").
_ENV_LEAD = _lazy(r"\b(env(?:ironment)?\s+var(?:iable)?s?|variables|secrets|credentials|api keys?|\.env)\b|"
                  # the same in Spanish, Portuguese, French, Italian and German
                  r"\bvariables?\s+(?:de\s+entorno|d['’]environnement)\b|\bvari[áa]veis\s+de\s+ambiente\b|"
                  r"\bvariabili\s+d['’]ambiente\b|\bUmgebungsvariablen\b|\bcredenci(?:ais|ales)\b|"
                  r"^\W*(required|optional)\W*$", re.IGNORECASE)
_ENV_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)?`?\$?(?P<name>[A-Z][A-Z0-9_]{2,})`?(?:\*\*|__)?(?:\s*(?:[:=(\-–—（：]|$)|\s)")
_ENV_ITEM_SEVERAL = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<names>`\$?[A-Z][A-Z0-9_]{2,}`(?:\s*(?:,|and|&|/|、|，)\s*`\$?[A-Z][A-Z0-9_]{2,}`)+)"
                           r"\s*(?:[:=\-–—（：(]|$)")
# `export NAME=value` / `NAME=value` in a shell or .env block: a variable the block documents.
_ENV_ASSIGN = _lazy(r"^(?:export\s+)?(?P<name>[A-Z][A-Z0-9_]{2,})=(?:\"[^\"]*\"|'[^']*'|[^\s#]*)\s*(?:#\s*(?P<comment>.*))?$")
# a block's line that lists one variable: the name alone (quoted, as an array's element) or with what it is after a dash
_ENV_LISTED = _lazy(r"^[\"']?(?P<name>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[\"']?(?:\s*$|\s+[—–-]\s*(?P<rest>.*)$)")
_ENV_NAME = _lazy(r"`\$?([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`")
# A variable named without backticks ("requires .env with PRIVATE_KEY and RPC_URL"): only a name with an underscore.
_ENV_BARE = _lazy(r"(?<![\w$`./:-])\$?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w`(/:-]|\.\w|=\S)")
_ENV_OWN_NOTE = _lazy(r"`\$?([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`\s*\(([^()]*\b(?:required|optional)\b[^()]*)\)", re.IGNORECASE)
_ENV_LABEL_LIST = _lazy(r"^\W*required\b[^:]{0,40}:", re.IGNORECASE)
_ENV_IGNORED_NAMES = ("PATH", "HOME", "TODO", "README", "API", "URL", "NOTE", "IMPORTANT", "WARNING", "TIP")


def _env_required(text: str) -> bool | None:
    """True when the words say required, False when they say optional / not required, None when silent."""
    if _ENV_NOT_REQUIRED.search(text):
        return False
    return True if _ENV_REQUIRED.search(text) else None


def _env_names(text: str) -> list[str]:
    """The variables a sentence says are required: backticked names in a segment that says required, and names
    written bare where that segment is about variables, secrets or a ``.env`` file (or is a "Required:" list)."""
    names: list[str] = []
    for segment in _ENV_SEGMENT.split(text):
        own = _ENV_OWN_NOTE.findall(segment)
        if own:  # "`A` (required to proxy), `B` (the demo key)": each name's own note says which
            names += [name for name, note in own if _env_required(note)]
        elif _env_required(segment):
            names += _ENV_NAME.findall(segment)
            if _ENV_LEAD.search(segment) or ".env" in segment or _ENV_LABEL_LIST.search(segment):
                names += _ENV_BARE.findall(rx.sub(r"`[^`]*`", " ", segment))
            else:  # "(requires GALAXY_API_KEY)": the bare name the word governs
                names += rx.findall(r"\b(?:[Rr]equires?|[Nn]eeds?)\s+(?:(?:an?|the|your)\s+)?\$?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b(?![a-z])"
                                    r"(?!\s+or\b)", segment)  # ("requires GH_TOKEN or SSH access": either will do)
    return [n for n in dict.fromkeys(names) if not n.endswith("_") and n not in _ENV_IGNORED_NAMES]
_INLINE_CODE = _lazy(r"`([^`\n]+)`")
_FENCE = _lazy(r"^\s*(```+|~~~+)\s*([\w+-]*)")


def _fence_closes(fence: re.Match[str], line: str, marker: str) -> bool:
    """A closing fence is the opening one's character, at least as long, with nothing after it (CommonMark):
    "```bash" inside a block opens and closes nothing, so one stray fence does not swallow the rest of the file."""
    return fence.group(1)[0] == marker[0] and len(fence.group(1)) >= len(marker) \
        and not line.strip()[len(fence.group(1)):].strip()


_SHELL_LANGS = {"", "bash", "sh", "shell", "console", "zsh", "shellsession", "terminal", "cmd", "powershell", "ps1", "text", "txt"}


_FETCH = r"(?:curl|wget|fetch|aria2c|http|https|xh|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)"
_INTERP = r"(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:sh|bash|zsh|dash|ksh|fish|source|python[\d.]*|perl|ruby|node|php|iex|Invoke-Expression)"
# A command that downloads code and runs it: never a fact an agent is told to run.
_DOWNLOAD_EXEC = _lazy(
    rf"\b{_FETCH}\b[^|;&]*\|\s*{_INTERP}\b"                       # curl … | sh
    rf"|(?:^|[\s;&|(]){_INTERP}\s+(?:-\S+\s+)*<\(\s*{_FETCH}\b"     # bash <(curl …)
    rf"|\b(?:eval|{_INTERP})\b[^;&|]*?(?:\$\(|`)\s*{_FETCH}\b"        # eval "$(curl …)", sh -c "$(wget …)"
    rf"|\b(?:iex|Invoke-Expression)\b[^;&|]*\b{_FETCH}\b"             # iex (iwr …)
    rf"|\b{_FETCH}\b[^;&|]*\s-(?:o|O|-output)\s*(?P<file>\S+)[^;&|]*(?:&&|;)\s*(?:chmod\s+\+x\s+\S+\s*(?:&&|;)\s*)?"
    rf"(?:{_INTERP}\s+)?(?P=file)?(?:\./)?\S*\.(?:sh|py|pl|rb)\b",     # curl -o x.sh … && sh x.sh
    re.IGNORECASE,
)


def unsafe_command(command: str) -> str | None:
    """Why ``command`` must never be handed to an agent as a fact, or None.

    Downloading code and running it (``curl … | sh``, ``bash <(curl …)``, ``eval "$(curl …)"``,
    ``iex (iwr …)``) is not a project command whatever the prose around it says: a memory file
    that says so is either wrong or an attempt to make the agent run someone else's code.
    """
    lowered = command.lower()
    if not any(word in lowered for word in ("curl", "wget", "fetch", "aria2c", "http", "xh ", "iwr", "irm", "invoke-")):
        return None  # the cheap screen: no downloader named, no pattern run
    if _DOWNLOAD_EXEC.search(command):
        return "downloads code and runs it"
    return None


class Rejected(Struct):
    """A command a memory file states that extraction refused to turn into a fact."""

    line: int
    command: str
    reason: str
    text: str


class Fact(Struct):
    key: str
    value: Any
    type: str
    line: int
    text: str  # the source line, for messages and for detecting edits
    scope: str = "repository"
    authority: str = "document"
    # What sets this command apart from the others of its kind ("e2e", "watch", "single", "coverage",
    # "ci", "fix", "check", "minimum"): a qualified fact is never the kind's default.
    qualifier: str = ""
    # The file says this is *the* one (a "Test:" label, "the test command is", a comment naming the task):
    # the evidence a default needs when a file names several.
    explicit: bool = False
    origin: str = ""  # "" the rules; "llm" the optional LLM extractor (memory/llm.py)


class Facts(list[Fact]):
    """The facts of one file (a list), with the commands refused on the way in ``rejected``."""

    def __init__(self) -> None:
        super().__init__()
        self.rejected: list[Rejected] = []
        self.earlier: list[Fact] = []  # for the facts of one line: the file's facts above it
        self.provided: set[str] = set()  # programs the project itself provides (see ``_provided_programs``)
        self.own: set[str] = set()  # the names the project's own program goes by (see ``_own_programs``)
        # the file is about a Nuxt application, whose `generate` script (`nuxt generate`) renders the static site: its build
        self.static_site = False


# A heading that names a bin directory of the repository ("## Tools (`bin/.local/bin/`)", "### `tools/bin`"): what the
# section lists are the programs the project ships, put on the PATH.
_BIN_HEADING = _lazy(r"(?:^|[\s`(/])(?:[\w.-]+/)*bin/?(?=[`)\s]|$)")
# A list item naming one bare program and saying what it is ("- `gen-widget` - scaffolds a widget").
_PROGRAM_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\*{0,2}`(?P<name>[A-Za-z][\w.-]*)`\*{0,2}\s*(?:[-–—:]|\s-\s)\s*\S")


def _provided_programs(lines: list[str]) -> set[str]:
    """The programs a section about the project's bin directory lists: the project's own programs, run as such."""
    provided: set[str] = set()
    level_of_bin = 0  # the level of the bin-directory heading whose section is being read (0: none)
    in_fence = False
    for line in lines:
        if line.lstrip().startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        heading = rx.match(r"^(#{1,6})\s+(.*)$", line)
        if heading:
            level = len(heading.group(1))
            if level_of_bin and level <= level_of_bin:
                level_of_bin = 0
            if not level_of_bin and _BIN_HEADING.search(heading.group(2)):
                level_of_bin = level
            continue
        item = _PROGRAM_ITEM.match(line) if level_of_bin else None
        if item and "." not in item.group("name"):
            provided.add(item.group("name"))
    return provided


# The words a memory file's title carries besides the project's name ("# CLAUDE.md - git-ai", "# Weaver Agent Guide").
_TITLE_WORDS = _lazy(r"(?i)^(?:claude|agents?|gemini|copilot|codex|cursor|instructions?|guide(?:lines)?|rules|notes|project|"
                     r"repository|repo|overview|readme|md|memory|context|development|developer|for|the|a|an|and|of|to|in|"
                     r"this|about|working|with|on|documentation|docs|ai|assistant|assistants|llm|github|contributing|"
                     r"contributor|contributors|handbook|manual|reference|summary|introduction|codebase|workspace|app|"
                     r"application|service|server|tool|cli|library|package|plugin|sdk|api|web|website|site|bot|engine|"
                     r"framework|system|platform|monorepo|toolkit|core|v\d[\w.]*)$")
# The project's program named by the file: "the `quarkctl` CLI", "`acme` binary", a build's output (`go build -o bin/flux`,
# `target/release/zeta`), or a tool installed from this very checkout (`cargo install --path .` is another matter).
_OWN_NAMED = _lazy(r"(?:\b(?:this|our|project's|repository's|repo's)\s+(?:[\w-]+\s+){0,2}|\b(?:is|provides|builds|ships|produces)\s+"
                   r"(?:the|a|an|its|our)\s+(?:[\w-]+\s+){0,2})"
                   r"`(?P<a>[a-z][\w-]*)`\s+(?:CLI|command[- ]line(?:\s+(?:tool|interface|app))?|binary|executable)\b"
                   r"|\b(?:go|zig|cc|gcc|clang)\s+build\b[^`\n]*?\s-o\s+(?:\S*/)?(?P<b>[a-z][\w-]*)(?=[\s`]|$)"
                   r"|(?<![\w/])target/(?:release|debug)/(?P<c>[a-z][\w-]*)(?=[\s`)]|$)")


def _own_programs(lines: list[str]) -> set[str]:
    """The names the project's own program goes by: the file's title when it is a name (``# git-ai``, ``# Weaver``), and the
    program the file calls the project's CLI or binary or its build writes out."""
    own: set[str] = set()
    for line in lines[:12]:
        title = rx.match(r"^#\s+(?P<title>.+?)\s*$", line)
        if title:
            words = [w for w in rx.split(r"[\s:|/(),\u2013\u2014*`]+|\s-\s", title.group("title")) if w]
            names = [w for w in words if not _TITLE_WORDS.match(w.removesuffix(".md").removesuffix(".MD")) and not w.endswith(".md")
                     and rx.fullmatch(r"[A-Za-z][\w.-]*[A-Za-z0-9]", w)]
            if len(names) == 1:  # (two words, "Code Configuration", are a phrase more often than a name)
                own.add(names[0].lower())
            break
    for named in _OWN_NAMED.finditer("\n".join(lines)):
        own.add(named.group("a") or named.group("b") or named.group("c"))
    entry = {path for m in _ENTRY_POINT.finditer("\n".join(lines)) for path in [m.group("a") or m.group("b")]}
    own |= {p for path in entry for p in (path.removeprefix("./"), "./" + path.removeprefix("./"))}
    return {name for name in own if len(name) >= 2 and name not in _KNOWN_TOOLS and name not in _NOT_OWN
            and name not in _EXTRA_PROGRAMS}


# The script the file calls the project's entry point ("**CLI Entry Point**: `bin/deploy.js`", "`cli.py` - the entry
# point"): run by its path (`./bin/deploy.js status …`), it is the project's own program.
_ENTRY_POINT = _lazy(r"(?i)\b(?:main\s+|cli\s+|program\s+)?entry[ -]?points?\b[^`\n]{0,30}?`(?P<a>(?:\./)?(?:[\w.-]+/)*[\w-]+\.(?:js|mjs|cjs|ts|py|sh|rb|php|pl|ps1))`"
                     r"|`(?P<b>(?:\./)?(?:[\w.-]+/)*[\w-]+\.(?:js|mjs|cjs|ts|py|sh|rb|php|pl|ps1))`\s*(?:[-–—:(]|\bis\b)\s*"
                     r"(?:the\s+|main\s+|cli\s+|program\s+)*entry[ -]?point\b")


# Names no project's program goes by in a title: programs every project runs.
_NOT_OWN = {"git", "make", "docker", "npm", "node", "python", "go", "rust", "cargo", "java", "ruby", "php", "bash", "sh", "nix",
            "test", "tests", "build", "run", "main", "src", "lib", "bin", "cmd", "next", "react", "vue", "rails", "django",
            "flask", "laravel", "expo", "flutter", "swift", "kotlin", "android", "ios", "unity", "godot", "terraform",
            "code", "open", "vim", "nvim", "emacs", "claude", "gh", "kubectl", "helm", "aws", "gcloud", "az", "curl", "ssh"}


def _slug(text: str) -> str:
    words = rx.findall(r"[a-z0-9]+", text.lower())
    stop = {"the", "a", "an", "all", "our", "its", "their", "and", "of", "for", "files", "file", "code", "live", "lives"}
    kept = [w for w in words if w not in stop][:4]
    return "_".join(kept)


def context_kind(text: str) -> str | None:
    """The task the words name; of several, the one named first (``Build, test and lint`` → build)."""
    best: tuple[int, str] | None = None
    named: set[str] = set()
    text = rx.sub(r"(?<![\w-])--?[A-Za-z][\w-]*", " ", text)  # `--build` is a flag, not the task the words name
    for kind, pattern in (_KIND_WORDS + _KIND_WORDS_CJK if not text.isascii() and _CJK_CHAR.search(text) else _KIND_WORDS):
        found = pattern.search(text)
        if found:
            named.add(kind)
            if best is None or found.start() < best[0]:
                best = (found.start(), kind)
    if best and best[1] == "run" and "dev" in named and (rx.match(r"(?i)start|serve|launch", text[best[0]:])
                                                        or rx.search(r"(?i)\b(dev|development) server\b", text)):
        return "dev"  # "Start dev server", "Run the development server": running is what a dev server does
    if best and best[1] == "test" and "build" in named \
            and rx.match(r"(?i)test(?:s|ing)?\s+(?:the\s+|that\s+|a\s+)?(?:(?!and\b|or\b)[\w-]+\s+)?builds?"
                     r"(?=\s*[:.(]|\s*$|\s+(?:without|locally|before|first)\b)", text[best[0]:]):
        return "build"  # "Test Docker builds", "Test a build without starting it": what is tried is the build
    return best[1] if best else None


def _clean_command(text: str) -> str:
    text = text.strip()
    text = text.removeprefix("$ ").removeprefix("> ")
    if " #" in text:
        text = text.split(" #", 1)[0].rstrip()
    return text.strip()


_SHELLS = ("bash", "sh", "zsh", "pwsh", "powershell")
# Programs a memory file names beyond the ones the hook classifies (actions.commands).
_EXTRA_PROGRAMS = {"tsx", "ts-node", "celery", "rq", "arq", "dramatiq", "sidekiq", "huey_consumer", 
    "flutter", "dart", "xcodebuild", "swiftlint", "swiftformat", "swift-format", "Rscript", "R", "dotnet", "mix",
    "just", "mise", "poe", "deno", "gradlew", "./gradlew", "../gradlew", "mvnw", "./mvnw", "mvn", "tofu", "terraform", "terragrunt",
    "rubocop", "rspec", "rails", "bin/rails", "bin/rake", "bin/dev", "bin/setup", "gem", "phpunit", "vendor/bin/phpunit",
    "vendor/bin/phpstan", "phpstan", "psalm", "pint", "php-cs-fixer", "ktlint", "detekt", "clang-format", "clang-tidy",
    "elixir", "iex", "forge", "hlint", "ormolu", "fourmolu", "stylua", "luacheck", "biome", "oxlint", "staticcheck",
    "gofumpt", "goimports", "shellcheck", "rustfmt", "cargo-nextest", "pnpx", "yarnpkg", "corepack", "hatch", "tox",
    "brakeman", "bundler-audit", "ctest", "wasmkit", "bats", "pest", "cypress", "poetry", "pdm", "mkdocs", "sphinx-build",
    "uvicorn", "flask", "gunicorn", "pipenv", "conda", "mamba", "rye", "pixi", "sbt", "lein", "clojure", "ant",
    "kotlin", "kotlinc", "java", "javac", "gcc", "clang", "cc", "go", "swift", "zig", "cabal", "stack", "ghc",
    "xcrun", "govulncheck", "pip-audit", "standardrb", "eas", "markdownlint", "markdownlint-cli2", "yamllint", "hadolint",
    "actionlint", "stylelint", "runghc", "runhaskell", "pwsh", "powershell",
    # the runners and tools of other ecosystems: OCaml, Julia, Clojure, Scala, Nix, Lua, Perl, Gleam, Nim, Crystal,
    # Erlang, Racket, D, embedded (PlatformIO), Godot, Helm / Ansible / YAML configuration repositories
    "dune", "opam", "ocamlformat", "julia", "clj", "clj-kondo", "cljfmt", "bb", "scalafmt", "scala-cli", "mill",
    "nix", "home-manager", "nixos-rebuild", "darwin-rebuild", "statix", "deadnix", "nixfmt", "nixfmt-classic",
    "alejandra", "nixpkgs-fmt", "lua", "luajit", "luarocks", "busted", "selene", "lua-language-server", "perl", "prove",
    "perltidy", "perlcritic", "cpanm", "gleam", "nimble", "nim", "crystal", "shards", "rebar3", "raco", "dub",
    "pio", "platformio", "godot", "gdformat", "gdlint", "helm", "ansible-lint", "ansible-playbook", "ansible-galaxy",
    "molecule", "yamlfmt", "lamdera", "trunk", "symfony", "ameba",
    "tflint", "sqlfluff", "buf", "bazel", "bazelisk", "meson", "maturin", "elm", "elm-test", "haxe", "lake",
    # build systems addressed by target (`aspect test //...`, `buck2 build //app:main`, `pants lint ::`, `plz test`) and
    # Bazel's watcher (`ibazel run //web:devserver`)
    "aspect", "buck2", "buck", "pants", "./pants", "plz", "ibazel", "ng",
    # file watchers and development servers that restart the program on a change
    "watchexec", "nodemon", "skaffold", "tilt", "foreman", "overmind", "nuxi", "nuxt", "gatsby", "dx",
    # launchers of a Python training script across GPUs or machines
    "torchrun", "accelerate", "deepspeed",
    # ROS 2 workspaces, dbt projects, MATLAB from a shell
    "colcon", "ros2", "dbt", "matlab", "devenv", "micromamba",
    # TeX: the engines that typeset a document, the drivers and bibliography tools of their build
    # R's formatter (Posit's air); static site generators
    "air", "hugo", "zola",
    "latexmk", "pdflatex", "xelatex", "lualatex", "latex", "platex", "uplatex", "dvipdfmx", "bibtex", "biber", "tectonic",
    # the system's and a toolchain's own package managers, and CocoaPods: they install what the project needs to build
    "brew", "apt", "apt-get", "dnf", "yum", "pacman", "apk", "zypper", "choco", "winget", "scoop", "rustup", "pod",
    # linters and type checkers a file names as the program it runs (`vue-tsc --noEmit`, `phpcs src`, `cppcheck .`)
    "vue-tsc", "svelte-check", "basedpyright", "pyrefly", "phpcs", "phpcbf", "cppcheck", "cpplint", "gosec",
    "golint", "srb", "steep", "dprint", "taplo", "typos", "codespell", "cspell", "knip",
    "bandit", "pycodestyle", "pydocstyle", "autopep8", "yapf", "djlint", "scalafix", "erb_lint", "erblint", "slither",
    "solhint", "jshint", "tslint", "commitlint", "editorconfig-checker", "checkmake", "shfmt", "ruff",
}
_PREFIX = _lazy(r"^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)+")  # shell: any name=value before a command sets its environment


def _program(command: str) -> str:
    words = _PREFIX.sub("", command).split()
    while words and words[0] in ("sudo", "env", "time", "exec"):
        words = words[1:]
    return words[0] if words else ""


# The program a wrapper runs: `find … -exec fourmolu {} \;`, `… | xargs -I {} yamllint {}`,
# `docker compose exec app ./vendor/bin/phpstan analyse`, `docker exec web rake test`.
_WRAPPED = _lazy(r"^find\s.*?\s-(?:exec|execdir|ok)\s+(?P<a>[^;{}|]+?)\s*(?:\{\}|\\?;|\+|$)"
                 r"|\|\s*xargs(?:\s+(?:-[IiEdLnPs]\s*\S+|-\w+|--[\w-]+(?:=\S+)?))*\s+(?P<b>[^|;{}]+?)\s*(?:\{\}|$|\|)")
_CONTAINER_EXEC = _lazy(r"^(?:docker|podman)(?:[- ]compose)?\s+(?:-\S+\s+(?:[^-\s]\S*\s+)??)*?(?:exec|run)\s+(?P<rest>.+)$")
_CONTAINER_VALUE_FLAGS = ("-e", "--env", "-u", "--user", "-w", "--workdir", "--name", "--entrypoint", "-v", "--volume", "-p")


def _wrapped(command: str) -> str:
    """The command a wrapper runs (find -exec, xargs, a container's exec or run), or ''."""
    command = command.strip()
    match = _WRAPPED.search(command)
    if match:
        return next((g.strip() for g in match.group("a", "b") if g), "")
    detached = rx.match(r"^(?:nohup|time|exec|setsid)\s+(?P<a>[^|;&<>]+?)\s*(?:[<>]\S*\s*\S+\s*|2>&1\s*|&\s*)*$", command)
    if detached:  # `nohup ./scripts/run > /tmp/run.log 2>&1 &`: the program the shell's wrapper starts, its output redirected
        return detached.group("a").strip()
    devcontainer = rx.match(r"^devcontainer\s+exec(?:\s+--[\w-]+(?:=\S+|\s+(?!-)\S+)?)*?\s+(?P<a>(?!-)\S.*)$", command)
    if devcontainer:  # `devcontainer exec --workspace-folder . R -e "…"`: the command run in the project's dev container
        return devcontainer.group("a").strip()
    hook = rx.match(r"^(?:pre-commit|prek)\s+run\s+(?P<hook>[a-z][\w.-]*)(?P<rest>.*)$", command)
    if hook:  # `pre-commit run prettier --all-files`: the hook named after its tool
        return hook.group("hook") + rx.sub(r"\s--(?:all-files|files|hook-stage)\b(?:[= ]\S+)?", "", hook.group("rest"))
    container = _CONTAINER_EXEC.match(command)
    if not container:
        return ""
    words = container.group("rest").split()
    while words and words[0].startswith("-"):  # the exec's own options, some with a value
        flag = words.pop(0)
        if flag in _CONTAINER_VALUE_FLAGS and words:
            words.pop(0)
    return " ".join(words[1:]) if len(words) > 1 and words[1] not in ("sh", "bash", "-c") else ""


_R_CALL = _lazy(r"^(?:devtools|testthat|lintr|styler|rcmdcheck|covr|roxygen2|usethis|renv|pak|remotes)::[a-z_.]+\(.*\)\s*;?"
               r"\s*(?:#.*)?$")


_INTERPRETER_PATH = _lazy(r"^(?:[A-Za-z]:)?[\\/]?(?:[\w.~-]+[\\/])+(?P<name>python(?:\d+(?:\.\d+)?)?w?|pypy3?|node|ruby|php|perl|"
                          r"java|javaw|Rscript|julia)(?:\.exe)?(?=\s|$)|^py(?:\s+-\d(?:\.\d+)?(?:-\d+)?)?(?=\s+\S)", re.IGNORECASE)


def _posix_program(command: str) -> str:
    """`.\\gradlew.bat test`, `vendor\\bin\\phpunit`, `.\\scripts\\lint.ps1`: a program written with Windows separators is
    the same program as its `/` spelling (the command as written is what the fact keeps). An interpreter run by its path
    (`C:\\Python312\\python.exe app.py`, `.venv\\Scripts\\python -m app`) or through the Windows launcher (`py -3.12 app.py`)
    is that interpreter."""
    interpreter = _INTERPRETER_PATH.match(command)
    if interpreter and ("\\" in interpreter.group(0) or ":" in interpreter.group(0)[:2] or interpreter.group(0).startswith("py")
                        or rx.search(r"(?i)(?:^|/)(?:Scripts|python\d*)/", interpreter.group(0))):
        name = (interpreter.group("name") or "python").lower()
        return name + command[interpreter.end():]
    words = command.split(maxsplit=1)
    if not words or "\\" not in words[0] or not rx.fullmatch(r"(?:\.{1,2}\\)?[\w.-]+(?:\\[\w.-]+)*", words[0]) \
            or words[0].count("\\") == 1 and not words[0].startswith(".") \
            and words[0].split("\\")[0] not in ("bin", "scripts", "script", "tools", "tool", "vendor"):
        return command
    program = words[0].replace("\\", "/")
    return program + (" " + words[1] if len(words) > 1 else "")


def _is_command(text: str) -> bool:
    text = _unsubshell(text.strip())
    posix = _posix_program(text)
    if posix != text:
        return _is_command(posix)
    inner = _wrapped(text)
    if inner and inner != text and _is_command(inner):
        return True
    if not text or len(text) > 300 or text.endswith(":") and not rx.search(r"\s[\w./-]*::$", text) or "\n" in text \
            or text.endswith("/") and " " not in text:
        return False  # a label, a directory (Pants' `::`, every target under a directory, ends a command)
    if rx.fullmatch(r"[\w.-]+(?:\s+\+\s+[\w.-]+)+", text):
        return False  # "busted + luassert": tools named together, not a command line
    parts = _parts(text)
    if parts and parts[0] != text and rx.match(r"^\s*(cd|pushd|source|export|\.)\s", text):
        text = parts[0]  # `cd web && pnpm test`: the command after the set-up
    if looks_like_command(text) or _PREFIX.match(text) and looks_like_command(_PREFIX.sub("", text)) \
            or len(text) > 200 and looks_like_command(" ".join(text.split()[:3])):
        return True  # (a configure line with many -D flags is long, not prose)  # `A=1 B=2 uv run x`: the command after its inline environment
    program = _program(text)
    if rx.match(r"^(?:\./)?\.?venv/bin/[\w.-]+$", program) and len(text.split()) > 1:
        return True  # `.venv/bin/python -m ruff check .`: the project's virtualenv interpreter
    run = _RUN_SUBCOMMAND.match(text)
    if run and len(text.split()) >= 3 and run.group("program") not in _NOT_TASK_PROGRAMS \
            and len(text.split()) <= 12 and not rx.fullmatch(r"(?i)(a|an|the|and|or|then|to|you|we|use|run|e\.g\.?)", run.group("program")):
        return True  # `odin run .`, `acme run <file>.acme`: a tool's own runner given the project or a file to run
    if _SYSTEM_INSTALL.match(text) and program == "git":
        return True  # `git submodule update --init`: the repository's submodules checked out, a set-up step
    if rx.match(r"b\s", text) and _TARGET_TOOL.match(text):
        return True  # `b test //pkg/...`: Bazel's short alias given a target label
    if _R_CALL.match(text):
        return True  # `devtools::test()`, `testthat::test_local(filter = "x")`: an R package-development call at the R console
    if rx.match(r"^(?:~|\$HOME|\$\{HOME\})/(?:[\w.-]+/)*bin/[\w.-]+$", program) and _tool_kind(text):
        return True  # `~/go/bin/golangci-lint run`: a tool installed in the user's own bin directory, run by its path
    return program in _EXTRA_PROGRAMS or program.startswith(("./", "../", "bin/", "scripts/", "script/", "tools/", "vendor/bin/", "node_modules/.bin/")) \
        and not rx.search(r"\.(md|txt|json|toml|ya?ml|lock|cfg|ini|[jt]sx?|rb|go|rs|kt|java|cs|swift|dart|ex|exs)$", program) \
        or program.endswith(".sh") or _TASK_SCRIPT.match(text) is not None and _program(text) in _SHELLS \
        or rx.search(r"\.(?:exe|bat|cmd|ps1)$", program, re.IGNORECASE) is not None  # `Calc_tests.exe -v`, `scripts\\install.bat`


def _program_shaped(command: str) -> bool:
    """A command of a program no list knows (`t myperl`, `slack run`, `nvim --headless …`): a lower-case program name or a
    relative executable, then arguments; read only where the file's own label or comment names the task it does."""
    words = command.split()
    return len(words) >= 2 and bool(rx.fullmatch(r"[a-z][\w+-]*(?:\.(?!md|json|ya?ml|toml|txt|lock|csv|log)[a-z]+)?|\./[\w./-]+",
                                                words[0])) \
        and not words[1].endswith((":", ",")) and not rx.search(r"[.!?]$", command) and len(words) <= 12 \
        and not rx.fullmatch(r"(?i)(a|an|the|and|or|to|in|on|of|for|with|is|are|see|use|run|e\.g\.?)", words[0])


# What a command does, for the runners the hook's classifier leaves alone; checked before it.
_TOOL_KINDS: list[tuple[str, Any]] = [(k, _lazy(p)) for k, p in [
    ("typecheck", (r"(^|\s)(dialyzer|mix dialyzer|phpstan|psalm|deno check|vue-tsc|svelte-check|pyrefly check|srb tc|steep check|mypy|pyright|basedpyright|ty check|"
                  r"(npm|pnpm|yarn|bun)( run)? (typecheck|type-check|check-types|check:types|types:check|types|tsc)\b|tsc --noEmit|cargo check|nim check)")),
    ("format", (r"(^|\s)(dune fmt|dune build @fmt|ocamlformat|scalafmt|\S*sbt (.* )?scalafmt\w*|yamlfmt|nixfmt(-classic)?|alejandra|nixpkgs-fmt|(clj|clojure) .*cljfmt|cljfmt|gdformat|gleam format|sqlfluff fix|buf format|perltidy|raco fmt|crystal tool format|nimpretty|"
               r"fantomas\b|dart format|mix format|zig fmt|tofu fmt|terraform fmt|terragrunt (?:hcl)?fmt|swiftformat|swift-format|swift format|"
               r"clang-format|deno fmt|\S*gradlew\S* .*(spotless\w*|formatKotlin|ktlintFormat)|\S*mvnw? .*spotless:\w+|ktlint -F|ormolu|fourmolu|"
               r"php-cs-fixer|pint\b|air format\b|dotnet format|gofumpt|goimports|stylua|rustfmt|forge fmt|biome format|"
               r"(npm|pnpm|yarn|bun)( run)? (format|fmt|prettier)(:\S+)?\b|phpcbf|shfmt|autopep8|yapf|dprint fmt|taplo (?:fmt|format))")),
    ("lint", (r"(^|\s)(ameba\b|helm lint|ansible-lint|statix check|deadnix|lua-language-server --check|(pio|platformio) check|selene|(clj|clojure) .*:lint|clj-kondo|tflint|sqlfluff lint|buf lint|gdlint|perlcritic|elm-review|"
               r"rubocop|swiftlint|flutter analyze|dart analyze|\S*gradlew\S* .*(:lint|\blint|lintKotlin|detekt|ktlintCheck)|"
             r"ktlint\b|detekt|credo|mix credo|tofu validate|terraform validate|terragrunt (?:hcl )?validate|clang-tidy|golangci-lint run|deno lint|"
             r"biome (lint|check)|oxlint|brakeman|bundler-audit|staticcheck|hlint|shellcheck|luacheck|go vet|"
             r"(npm|pnpm|yarn|bun)( run)? lint(:\S+)?\b|composer lint|make lint\b|just lint\b|cargo clippy|eslint|"
             r"ruff check|flake8|pylint|lintr::lint|standardrb|govulncheck|pip-audit|cargo audit|(npm|pnpm|yarn) audit|"
             r"safety check|markdownlint(?:-cli2)?|yamllint|hadolint|actionlint|stylelint|"
             # linters named as the program run (`phpcs --standard=PSR12 src`, `cppcheck --enable=all .`)
             r"(?:phpcs|cppcheck|cpplint|gosec|golint|typos|codespell|cspell|knip|bandit|pycodestyle|"
             r"pydocstyle|djlint|erb_?lint|solhint|jshint|tslint|editorconfig-checker|checkmake|slither)(?=\s|$))")),
    ("test", (r"(^|\s)(colcon test\b|dbt test\b|forge (?:test|coverage)\b|matlab\s.*\bruntests\b|dune (runtest|test)\b|julia (.* )?(Pkg\.test|\S*test\S*\.jl)\b|(pio|platformio) test|\S*sbt (.* )?(test\w*|coverage)\b|lein test|(clj|clojure) -[MXA]\S*\s+(?:\S+\s+)?test\b|(clj|clojure) .*:test\b|prove\b|busted\b|gleam test|nimble test|crystal spec|rebar3 (eunit|ct)\b|raco test|elm-test|dub test|meson test|bazel test|scala-cli test|"
               r"flutter test|dart test|xcodebuild( \S+)* test\b|swift test|\S*gradlew\S* .*(\btest\w*|:test\w*|"
             r"connected\w*Test)\b|\S*mvnw? .*\b(test|verify)\b|mix test|dotnet test|zig build test|cabal test|stack test|"
             r"(bin/)?rails test|rspec|phpunit|pest\b|composer test|artisan test|manage\.py test\b|"
             r"R(?:script)?\s.*\b(?:devtools::test|testthat::test_)\w*\(|devtools::test|testthat::test_|"
             r"deno test|bun test|"
             r"just test\b|mise (run )?test|poe test|ctest|bats\b|cypress run|playwright test|"
             r"(cmake|ninja|make) (--build \S+ )?(--target|-t) (test|check|coverage)\b|"
             r"(npm|pnpm|yarn|bun)( run)? (test|e2e|spec)(:\S+)?\b|make (test|e2e|spec)[\w-]*\b|go test|cargo test|"
             r"node \S*(?:test|spec)\S*\.[cm]?js\b|"
             r"cargo nextest|pytest|py\.test|tox\b|nox\b|jest|vitest|rake test|R CMD check|nim (?:c|cpp|compile) (?:\S+ )*(?:-r|--run) (?:\S+ )*\S*test\S*\.nim\b)")),
    ("build", (r"(^|\s)(colcon build\b|"
               # a TeX document typeset (`latexmk -pdf main.tex`, `xelatex paper.tex`, `dvipdfmx main.dvi`, `bibtex out/paper`)
               r"latexmk(?!\s.*\s-[cC]\b|\s+-[cC]\b)|(?:pdf|xe|lua|up|p)?latex\s+(?:-\S+\s+)*\S+\.tex\b|dvipdfmx\s|tectonic\s|"
               r"^(?:bibtex|biber)\s|dbt build\b|dune build(?! @fmt)|helm package|nix build|home-manager build|(pio|platformio) run\s*$|\S*sbt (.* )?(compile|package|assembly)\b|lein (uberjar|compile)\b|gleam build|nimble build|crystal build|shards build|rebar3 compile|raco make|dub build|meson compile|bazel build|maturin (develop|build)|"
               r"\S*gradlew\S* .*(\bbuild|assemble\w*|:assemble\w*|jar|shadowJar|installDist|bootJar|bootWar)\b|\S*mvnw? .*\b(package|install)\b|"
              r"xcodebuild( \S+)* build\b|xcodebuild\b(?!.* test\b)|swift build|zig build(?! (test|run))|dotnet build|mix compile|"
              r"cabal build|stack build|flutter build|cmake --build|cmake -[BS]|cmake --preset|forge build|cargo build|"
              r"^(?:npx|pnpm(?: exec| dlx)?|yarn|bunx|bun x|npm exec)\s+(?!run\b)[\w@./-]+\s+build\s*$|"
              r"go build|(npm|pnpm|yarn|bun)( run)? build(:\S+)?\b|make build\b|just build\b|deno compile|R CMD build|eas build)")),
    ("install", (r"(^|\s)(dbt deps\b|(clj|clojure) -P\b|opam install|luarocks install|(terraform|tofu) init\b|nimble install|gleam deps download|rebar3 get-deps|julia (.* )?Pkg\.instantiate|lein deps|shards install|cpanm (?:-\S+ )*--installdeps|(?:conda|mamba|micromamba) env create\b|"
               r"flutter pub get|dart pub get|pub get|mix deps\.get|bundle install|gem install|"
                r"composer install|dotnet (tool )?restore|go mod (download|tidy)|(npm|pnpm|yarn|bun)( -w| --frozen-lockfile)* "
                r"(install|i|ci)\b|^(pnpm|yarn|bun)$|pip3? install|-m pip install|uv sync|uv pip install|"
                r"poetry install|pdm install|pipenv install|cargo fetch|mise install|npx playwright install|"
                r"bin/setup|renv::restore|cabal update|stack setup|uv tool install|pipx install|\S*gradlew\S* .*dependencies|"
                # installing the repository's git hooks is part of setting it up
                r"pre-commit install|(npx )?husky( install)?$|lefthook install|\S*(setup|install)[-_]?(git[-_])?hooks?(\.sh)?\b|"
                # the project's own set-up script or target: `./scripts/install.sh`, `python scripts/bootstrap.py`, `task setup`
                r"^(?:(?:bash|sh|zsh|pwsh|powershell|python3?|node|ruby)\s+)?(?:\.{0,2}[/\\])?(?:[\w.-]+[/\\])*"
                r"(?:setup|install|bootstrap)(?:[-_][\w-]+)?\.(?:sh|py|bat|cmd|ps1|rb|js)\b|"
                r"^(?:make|just|task|mise run|rake)\s+(?:setup|install|bootstrap|deps|dependencies)(?:[-:_][\w-]+)?\s*$|conan install)")),
    ("dev", (r"(^|\s)((npm|pnpm|yarn|bun)( run)? (dev|watch|develop)(:\S+)?\b|composer (run )?dev\b|make dev\b|just dev\b|bin/dev\b|"
            # a React Native / Expo app's platform scripts start the development build on a simulator or the browser
            r"(npm|pnpm|yarn|bun)( run)? (android|ios|web)\s*$|"
            # a framework's CLI through the package manager (`pnpm tauri dev`, `npx nuxi dev`): its subcommand is the task
            r"^(?:npx|pnpm(?: exec| dlx)?|yarn|bunx|bun x|npm exec)\s+(?!run\b)[\w@./-]+\s+dev\s*$|"
            # a runner target named for watching (`make tailwind-watch`, `npm run css:watch`): the development loop
            r"(make|just|task|mise run|npm run|pnpm( run)?|yarn( run)?|bun run) ([\w:-]*[-:_])?watch\b(?![\w-]*(test|spec))|"
            # a package script whose last part says dev (`yarn workers:dev`, `pnpm start:dev`): the development loop of that part
            r"(npm|pnpm|yarn|bun)( run)? (?!\w*(test|spec))\w+:dev\s*$|"
            r"symfony (server:start|serve)\b|(npm|pnpm|yarn|bun)( run)? storybook\s*$|storybook dev\b|"
            r"mix phx\.server|iex -S mix phx\.server|deno task dev|flutter run|npx expo start|expo start|"
            # a framework's development server, with reload: a dev server whatever the prose calls it
            r"(bin/)?rails (server|s)\b|manage\.py runserver|artisan serve|flask run|uvicorn\b.*--reload|fastapi dev|"
            r"ng serve|hugo serve(?:r)?\b|zola serve\b|jekyll serve|dotnet watch|cargo watch|\S*mvnw? (.* )?quarkus:dev|php -S|"
            # a watcher that restarts the program on every change, a live-reload runner: the development loop
            r"^(?:go\s+run\s+\S*)?air(?:\s+-c\s+\S+)?\s*$|watchexec\b|nodemon\b|^(?:reflex|gow|wgo)\s+|(?:node|bun|deno run|tsx)\s+(?:\S+\s+)*?--(?:watch|hot)\b|"
            r"^(?:npx\s+)?tsx\s+watch\b|(?:docker|podman)[- ]compose\s+(?:\S+\s+)*?watch\b|^tilt\s+up\b|^skaffold\s+dev\b|cargo leptos watch|"
            r"^(?:trunk|dx)\s+serve\b|(?:^|\s)wrangler\s+(?:pages\s+)?dev\b|^(?:foreman|overmind)\s+start\b.*\bProcfile\.dev\b|^(?:npx\s+)?(?:webpack(?:-cli)?\s+serve|webpack-dev-server)\b|"
            r"(?:^|\s)gatsby\s+develop\b|(?:^|\s)vue-cli-service\s+serve\b|(?:^|\s)react-native\s+start\b|"
            r"^(?:npx\s+|bunx\s+|pnpm\s+(?:exec|dlx)\s+)?vite(?:\s+(?:dev|serve))?(?:\s+--?[\w-]+(?:[= ]\S+)?)*\s*$)")),
    ("run", (r"(^|\s)(ros2 (?:launch|run)\b|dbt run\b|dune exec (?!\S*test)|julia (--\S+ )*(?!\S*test)\S+\.jl\b|godot\b|gleam run|nimble run|crystal run|\S*sbt (.* )?run\b|lein run|bazel run|perl (?:-\S+ )*(?!-)(?!\S*\.t\b)\S+\.pl\b|lua (?!-)\S+\.lua\b|"
               # a Ruby script, a built jar (`ruby examples/basic.rb`, `java -jar target/app.jar`): the program run
               r"^(?:bundle exec )?ruby (?:-\S+ )*(?!\S*(?:test|spec)\S*\.rb)(?!-)\S+\.rb\b|^java (?:-\S+ )*-jar \S+\.jar\b|"
               r"(?:make|just|task) (?:run-)?(?:examples?|demos?)\b|"
               r"(npm|pnpm|yarn|bun)( run)? (start|serve|preview)\b|(?:vite|astro|nuxi?|next)\s+(?:preview|start)\b|cargo run|go run|xcrun simctl launch|"
            r"(node|bun|deno run)( \S+)* (\./)?(dist|build|out)/\S+\.[cm]?[jt]s\b|"
            # a source file the runtime runs directly (`bun src/index.ts`, `bun run server.tsx`, `tsx src/cli.ts`)
            r"^(?:[A-Z][A-Z0-9_]*=\S*\s+)*(?:(?:npx|pnpm(?:\s+exec)?|yarn|bunx)\s+(?=tsx|ts-node))?(?:bun(?:\s+run)?|tsx|ts-node|node)\s+(?:--?[\w-]+(?:=\S+)?\s+)*"
            r"(?!\S*(?:test|spec|bench|lint|format|fmt|build|seed|migrat|generat|codegen|gen[-_.]))"
            r"(?!(?:\./)?(?:scripts?|tools?|hack|ci|bin)/)(?:\./)?[\w./-]*[\w-]\.(?:[cm]?[jt]sx?)(?=\s|$)|"
            r"^(?:bun(?:\s+run)?|tsx|deno\s+run)\s+(?:--?[\w-]+\s+)*<(?:file|script|entry|path|filename)(?:\.[jt]sx?)?>|\S*gradle(w\S*)? (.* )?([\w-]*:)*(bootRun|run|(?:[a-z]\w*)?(?:[Bb]rowser|[Dd]evelopment|[Pp]roduction|[Dd]esktop)Run)\b|"
            r"\S*mvnw? (.* )?spring-boot:run\b|swift run|zig build run|dotnet run|"
            r"python3? (?!-)(?!\S*test)\S+\.py\b|python3? -m (?!pytest|unittest|pip|venv|build|mypy|ruff|black|isort|flake8)[\w.]+|"
            r"uv run (?!pytest|mypy|ruff|black|isort|pyright|ty )\S+\.py\b|(?:torchrun|accelerate launch|deepspeed)\s(?:.*\s)?\S+\.py\b|uvicorn|gunicorn|deno run|Rscript \S+\.R\b|"
            r"make run\b|just run\b|runghc|runhaskell|cabal run|stack run|mix run\b|"
            # the project's worker or application server started by its runner (`stack exec app-exe -- …` runs the built
            # executable; a task queue's worker; a Rack server; Laravel's queue worker)
            r"stack exec\s+(?:--\s+)?(?!\S*(?:test|spec|hlint|ghci|ghc\b))\S+|(?:celery|rq|huey_consumer|faust)\s(?:.*\s)?(?:worker|beat)\b|"
            r"(?:arq|dramatiq)\s+[\w.]+|(?:bundle exec )?(?:sidekiq|puma|rackup|unicorn|thin start)\b|"
            r"php artisan (?:queue:work|queue:listen|horizon|schedule:work)\b|nim (?:c|cpp|compile) (?:\S+ )*(?:-r|--run)\b(?! (?:\S+ )*\S*test\S*\.nim\b))")),
]]
# Not a task a fact names: cleaning, deploying, publishing, docs, migrations, code generation, aggregates.
# A generic "run every check" target: an aggregate, unless the file's own label names the one task it does.
_AGGREGATE = _lazy(r"(^|\s)(make|just|task|mise run|poe|composer|mix|\S*gradlew|npm run|pnpm|yarn|bun run)\s+(all|check|checks|ci|"
                   r"quality|check-fast|precommit|pre-commit|verify|validate-all|fix|qa|precheck|pr-precheck|pr-check|ready)\s*$")
_NOT_A_TASK = _lazy(
    r"(?<![-\w])(clean(?!\s+:?[a-z])|deploy|publish|release|docs?|(?:make)?migrat\w*|seed|generate|codegen|gen|build_runner|prisma|"
    r"snapshot(?:_(?:accept|review|update)\w*)?|destroy|teardown|insta accept|doctor|anvil|changeset|bump|version|stop|shutdown|cleanup)\b|\b(simctl|adb) (install|list|boot|shutdown|erase)\b|\bupload\b|(?:\s-t|\s--target)\s+monitor\b|\bdevice monitor\b|\s--editor\b|(?<=\w-)(deploy|publish|clean)\b|\b(ecto|db)[-.:]\w+|\balembic (upgrade|downgrade|revision|stamp)\b"
    r"|(^|\s)(?:pre-commit|prek) run(?=\s+-|\s*$)|\bartisan make:\w+|(^|\s)(?:rails|ng|nest) g\b|"
    r"(^|\s)(git|gh|cp|mv|rm|mkdir|ls|cat|echo|export|source|cd|touch|open|curl|wget|ssh|"
    r"kill|chmod|brew|apt|apt-get)(?![\w-])(?!.*&&)"
    # a look at or a poke of running containers and cluster objects (`docker ps`, `docker logs x`, `docker restart x`,
    # `kubectl get pods`, `docker compose ps`): operating what runs, not a task of the project
    r"|^(?:sudo\s+)?(?:docker|podman)(?:[- ]compose)?\s+(?:ps|logs|restart|inspect|images|top|stats|kill|rm|port|events)\b"
    r"|^(?:kubectl|oc)\s+(?:get|logs|describe|top|events|port-forward)\b"
    # a look at the dependency graph (`bazel query 'deps(//...)'`, `cargo tree`, `pnpm why x`): no install
    r"|^(?:bazel(?:isk)?|b)\s+[ac]?query\b|^cargo\s+tree\b|^(?:npm|pnpm|yarn|bun)\s+(?:why|ls|list|explain)\b|^go\s+mod\s+(?:graph|why)\b"
    # accepting new golden files (`mise run test:golden-update`, `go test -update-golden`): no test run
    r"|\b(?:update[-_:]?golden|golden[-_:]?update)\w*"
    # an interactive shell (REPL) with the project loaded is no task: `iex -S mix`, `rails console`, `php artisan tinker`
    r"|\s--(?:stop|shutdown|kill)\b|^iex\b(?!.*\bphx\.server\b)|(^|\s)(?:rails|bin/rails)\s+(?:console|c)\b|\bartisan\s+tinker\b|^(?:lein|clj)\s+repl\b"
    # a benchmark or a parameter sweep (`cargo bench`, `go test -bench=.`, `pytest --benchmark-only`, `hyperfine …`,
    # `scripts/run-perf-sweep.sh`, `npm run bench:cold`): a measurement, not the build, test or lint of the project
    r"|(?<![\w.])(?:bench(?:mark)?(?:s|ing)?|sweeps?|hyperfine)(?![\w.])|(?<=[\w][-_])(?:bench(?:mark)?s?|sweeps?)(?=[-_.:\s]|$)"
    # listing what there is (`pytest --collect-only`, `go test -list .`, `jest --listTests`, `just --list`): no run of it
    r"|(?<=\s)-{1,2}list(?:[-_]\w+|Tests)?(?=[\s=]|$)|(?<=\s)--(?:collect-only|co)(?=\s|$)",
)
_EXAMPLE = _lazy(r"\b(e\.g\.|for example|for instance|i\.e\.|such as)[\s:,]*$|\((?:e\.g\.?|for example|examples?|sample)\)\W*:\W*$|"
                 r"\b(?:an? )?examples? (?:could|would|might|may) be\b[^:]*:\s*$|\byou (?:could|can|might) (?:do|run|use|try)\b[^:]*:\s*$|"
                 r"^\W*(?:(?:some|more|usage|valid|invalid|canonical|reference|good)\s+)?examples?(?:\s+(?:usage|commands?|messages?))?\W*:\W*$|"
                 # a paragraph that ends on its example: "… while saving everything to files. Example:"
                 r"[.!?]\W*\s+(?:(?:some|more|an?)\s+)?examples?\W*:\W*$", re.IGNORECASE)
_WATCH = _lazy(r"(--watch\b|:watch\b|\bwatch\b|-w\b(?!\s*install)|^ibazel\b)")
_SINGLE = _lazy(r"(<[^>]+>|\[[A-Z_ -]+\]|::(?=[\w<{])|\s-(k|t|run|m)\s|--filter\b|--grep\b|--testNamePattern|"
                     r"\s--tests\s|\s-Dtest=|\S+(_test|\.test|\.spec|Test|Tests|_spec)\.\w+|\btests?/\S+\.\w+|"
                     r"\bspec/\S+\.rb|\S+\.(py|ts|js|rb|go|exs?|kt|java)(:\d+)?\b)")
_QUALIFIERS: list[tuple[str, Any]] = [
    ("e2e", _lazy(r"\b(e2e|end[- ]to[- ]end|playwright|cypress|integration|connected\w*Test|instrumentation|acceptance)\b",
                       re.IGNORECASE)),
    ("watch", _WATCH),
    ("coverage", _lazy(r"(\bcov(erage)?\b|--cov\b|:coverage\b|-enableCodeCoverage)", re.IGNORECASE)),
    ("ci", _lazy(r"(:ci\b|\bCI=\S+|--ci\b)")),
    ("check", _lazy(r"(--check\b|--diff\b|\s-d\b|--dry-run\b|:check\b|--verify\b)")),
    ("fix", _lazy(r"(--fix\b|:fix\b|\s-a\b|\s-A\b|--write\b|-w\b)")),
    ("single", _SINGLE),
]
_QUALIFIER_WORDS = {
    "e2e": _lazy(r"\b(e2e|end[- ]to[- ]end|integration|instrumentation|acceptance|browser tests?)\b", re.IGNORECASE),
    "watch": _lazy(r"\b(watch mode|in watch|watch for changes|re-?runs? on change)\b", re.IGNORECASE),
    "coverage": _lazy(r"\bcoverage\b", re.IGNORECASE),
    "single": _lazy(r"\b(single|one|specific|particular|individual|a given|by name|a test file|one file)\b"
                         r"[\w -]{0,20}\b(tests?|files?|spec|cases?|packages?|modules?)\b", re.IGNORECASE),
    "release": _lazy(r"\b(release|production)\b", re.IGNORECASE),
}
# (a label may be written in Chinese, Japanese or Korean, and closed by a full-width colon: "**运行测试**：")
_LABEL = _lazy(r"^\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*|__)?(?P<label>[A-Za-z\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af][\w /&()+.-]{0,40}?)"
               r"(?:\*\*|__)?\s*(?:[:=：]|[-–—]\s)",
                    re.UNICODE)
_THE_COMMAND = _lazy(r"\bthe (?P<kind>test|build|lint|format|type[- ]?check|install|dev|run)(?:ing)? "
                          r"(?:command|script|task|runner) (?:is|=)\b", re.IGNORECASE)


# Words a task runner's target carries when it does the task (`make test-unit`, `just fmt`, `task lint:go`).
_KIND_HINT = {kind: _lazy(pattern, re.IGNORECASE) for kind, pattern in {
    "test": r"test|spec|check|e2e|verify",
    "build": r"build|compile|dist|bundle|package|assemble|apply",
    "lint": r"lint|vet|check|validate|analy[sz]e|clippy|credo|audit|vuln|security|scan",
    "format": r"fmt|format|pretty|style",
    "typecheck": r"type|tsc|mypy|pyright|dialyzer",
    "install": r"install|setup|bootstrap|deps|sync|restore|get\b",
    "dev": r"dev|watch|serve|start",
    "run": r"run|start|serve|server|up\b|exec",
}.items()}


_WORKSPACE_FLAGS = _lazy(r"^(?P<pm>npm|pnpm|yarn|bun)((?:\s+(?:--filter|-F|-C|--dir|--prefix|--cwd|--workspace)[= ]\S+|\s+(?:-w|-r|--recursive))+)")


# A compiled test binary run directly: `./build/tests/calc_tests`, `out/debug/Calc_tests.exe -v`, `target/unit-test`.
_TEST_BINARY = _lazy(r"(?i)^(?:[\w.-]*[_-])?(?:unit[_-]?)?tests?(?:[_-][\w-]*)?(?:\.exe)?$")


# A shell or PowerShell script of the project, run directly or through its interpreter.
_TASK_SCRIPT = _lazy(r"^(?:(?:bash|sh|zsh|pwsh|powershell)(?:\s+-\w+)*\s+)?(?:\.{0,2}[/\\])?(?:[\w.-]+[/\\])*"
                     r"(?P<name>[A-Za-z][\w-]*)\.(?:sh|ps1|bat|cmd)(?:\s|$)")
# The task a wrapper script takes as its argument: `build.ps1 run`, `./build.ps1 -Command UnitTest`, `./do.sh --task lint`.
_SCRIPT_ARGUMENT = _lazy(r"^\s*(?:(?:-Command|-Task|--task|-t)[\s=]+)?(?P<task>[A-Za-z]+)\b(?!-)")
# A package manager asked to install a named tool (its `install` subcommand followed by a package).
_TOOL_INSTALL = _lazy(r"^(?:luarocks|gem|pipx?3?|cargo|go|opam|cabal|stack|raco pkg|dotnet tool|composer global|npm (?:-g|--global))"
                      r"(?:\s+-\S+)*\s+install\s+(?:-\S+\s+)*[\w@./:-]+")
# Installing what the project needs to build with the system's package manager, a Rust toolchain's targets and components,
# CocoaPods (`pod install`: the pods a Podfile names) or the repository's submodules checked out for the first time.
_SYSTEM_INSTALL = _lazy(r"^(?:sudo\s+)?(?:(?:brew(?:\s+--cask)?|apt|apt-get|dnf|yum|zypper|choco|winget|scoop)"
                        r"(?:\s+-\S+)*\s+install\s+(?:-\S+\s+)*[\w@./:+-]+"
                        r"|(?:pacman\s+-S\w*|apk\s+add)\s+(?:-\S+\s+)*[\w@./:+-]+"
                        r"|rustup\s+(?:(?:target|component)\s+add|toolchain\s+install|install)\s+\S+"
                        r"|(?:bundle\s+exec\s+)?pod\s+install(?:\s+--[\w-]+)*\s*$"
                        r"|git\s+submodule\s+update\s+(?:--\S+\s+)*--init\b)")
_SCRIPT_TASKS = {"test": "test", "tests": "test", "lint": "lint", "linter": "lint", "linters": "lint", "build": "build",
                 "compile": "build", "format": "format", "formatter": "format", "fmt": "format", "typecheck": "typecheck"}
# A program of the project's own, named for its task, with or without an extension and through whatever interpreter runs it:
# `scripts/lint`, `./script/build`, `uv run ./run_tests.py`, `node scripts/build.mjs`, `Rscript tools/lint.R`. The name is the
# whole of what the command says about its task; it needs a directory or an extension, so a bare tool name is never read so.
_PROJECT_SCRIPT = _lazy(r"^(?:(?:uv|poetry|pdm|pipenv|hatch|bundle)\s+(?:run|exec)\s+)?"
                        r"(?:(?:bash|sh|zsh|pwsh|powershell|python[\d.]*|node|bun(?:\s+run)?|deno\s+run|ruby|perl|Rscript|julia|tsx|ts-node)"
                        r"(?:\s+-[\w-]+)*\s+)?(?P<dir>(?:\.{0,2}[/\\])?(?:[\w.-]+[/\\])*)(?P<name>[A-Za-z][\w-]*)"
                        r"(?P<ext>\.(?:sh|bash|py|js|mjs|cjs|ts|rb|R|pl|jl|ps1|bat|cmd))?(?=\s|$)")
# What such a name says the program does (`run_tests`, `lint-all`, `build`, `bootstrap`); "run" in front of a task word is no
# task of its own (`run_tests.py` tests, `scripts/run` runs the program).
_SCRIPT_NAME_TASKS = {**_SCRIPT_TASKS, "spec": "test", "specs": "test", "unittest": "test", "unittests": "test",
                      "typecheck": "typecheck", "bootstrap": "install", "setup": "install", "install": "install",
                      "dev": "dev", "watch": "dev", "e2e": "test", "integration": "test", "smoke": "test"}
# A command-line tool's own task subcommand, the convention of most toolchains (`scarb build`, `sozo test -f x`, `idf.py
# build`, `npx hardhat compile`): the subcommand names the task, whatever the tool; and a task runner told to run a task
# of that name (`mise run build`, `task test:unit`). A target flag after it (`west build -t run`) leaves the task open.
_SUBCOMMAND_TASK = _lazy(r"^(?:(?:npx|bunx|pnpm\s+(?:exec|dlx)|yarn\s+dlx|npm\s+exec)\s+)?(?P<program>[a-z][\w.-]*)\s+"
                         r"(?P<task>test|build|compile|lint|typecheck|dev)(?=\s|$)(?!\s+(?:-t|--target)\b)")
_RUNNER_TASK = _lazy(r"^(?:mise\s+(?:run|r)|task|just|poe|invoke|inv|bb|devenv\s+tasks\s+run)\s+"
                     r"(?P<task>tests?|build|compile|lint|fmt|format|typecheck)(?=[\s:]|-[a-z]+(?:\s|$)|$)")
# A tool's own `run` subcommand given what to run: the current project (`.`), a source file (`app.zig`), a placeholder for
# one (`<file>`), or nothing but flags (`tool run -- --port 1`); `tool run deploy` runs a task of the tool's, not the program.
_RUN_SUBCOMMAND = _lazy(r"^(?P<program>[a-z][\w.-]*)\s+run(?:\s+-[-\w=]+)*\s+(?:\.(?=\s|$)|(?P<file>[\w./-]+\.[a-z]{1,5})(?=\s|$)|"
                        r"<[^>\s]+>\.[a-z]{1,5}(?=\s|$)|<[\w-]*(?:file|path)[\w-]*>(?=\s|$)|--(?=\s|$))")
# A task runner or a package manager's script runner, and the name of the task it runs.
_RUNNER_NAMED_TASK = _lazy(r"^(?:(?:[A-Za-z_]\w*=\S*\s+)*(?:bundle\s+exec\s+)?(?:bin/)?rake|make|gmake|just|task|poe|invoke|inv|mise\s+(?:run|r)|(?:pdm|hatch|rye|pixi|npm|pnpm|yarn|bun|"
                           r"composer)\s+run)\s+(?P<name>[A-Za-z][\w:.-]*)(?=\s|$)(?!\s+\S+\.\w+$)")
# A task name's part that says the task's kind (first or last part: `lint-yaml`, `formula-lint`; a generic `check` is not one).
_TASK_NAME_KINDS = {"lint": "lint", "linter": "lint", "validate": "lint", "test": "test", "tests": "test", "build": "build",
                    # static analysis and security scans of the code are its linting (`make vet`, `make vulncheck`)
                    "vet": "lint", "vulcheck": "lint", "vulncheck": "lint", "seccheck": "lint", "staticcheck": "lint", "sast": "lint",
                    "fmt": "format", "format": "format", "typecheck": "typecheck", "types": "typecheck"}
# a package's start script given the name of a task to run (`npm start test.unit.run`)
_START_SCRIPT = _lazy(r"^(?:npm|pnpm|yarn|bun)\s+start\s+(?P<name>[A-Za-z][\w-]*(?:[.:][\w-]+)*)\s*$")
_SUBCOMMAND_KINDS = {"test": "test", "tests": "test", "build": "build", "compile": "build", "lint": "lint", "fmt": "format",
                     "format": "format", "typecheck": "typecheck", "dev": "dev"}
# Programs whose subcommand of that name is no task of the project's code (`docker build` builds an image, `git`, `gh`).
_NOT_TASK_PROGRAMS = ("docker", "podman", "git", "gh", "kubectl", "helm", "nix", "brew", "apt", "pip", "pip3", "uv", "npm")
# The program a build left in its output directory, run: `./zig-out/bin/app --port 1`, `./bin/Release/net8.0/calc`,
# `./target/release/tool`, `./build-linux/App`, `./cmake-build-debug/app`.
_BUILT_PROGRAM = _lazy(r"^(?:[A-Za-z_]\w*=\S*\s+)*\.?/?(?:[\w.-]+/)*?(?:zig-out|target|_build|cmake-build-[\w-]+|build(?:[-_][\w-]+)?|out|"
                       r"bin/(?:debug|release|Debug|Release))/(?:[\w.+-]+/)*[\w+-]+(?:\.exe|\.app/[\w./-]+)?(?=\s|$)")

# A project script handed to an engine or interpreter by an option (`--script res://tools/lint_scenes.gd`, `-s tools/setup.lua`).
_SCRIPT_OPTION = _lazy(r"\s(?:--script|-s)[\s=]+(?:res://|\./)?(?:[\w.-]+/)*(?P<name>[A-Za-z][\w-]*)\.[A-Za-z]{1,5}(?=\s|$)")

# A package script run by its package manager (`pnpm run ui:smoke`, `yarn app:dist`): its name, colon-separated parts.
_PM_SCRIPT = _lazy(r"^(?:npm\s+run|pnpm(?:\s+run)?|yarn(?:\s+run)?|bun\s+run)\s+(?P<name>[A-Za-z][\w-]*(?::[\w-]+)*)(?=\s|$)")

_SCRIPT_RUNS = ("run", "start", "serve", "server")


def _project_script_kind(command: str) -> str | None:
    """The task a project's own script is named for (see ``_PROJECT_SCRIPT``), or None."""
    script = _PROJECT_SCRIPT.match(command)
    if not script or not (script.group("dir") or script.group("ext")) or rx.search(r"\s(?:/|\|\||or)\s", command):
        return None  # `bin/format --check / bin/format`: two alternatives written as one, no single command
    if len(rx.findall(r"(?<!\S)[a-z]+(?!\S)", command[script.end():])) > 1:
        return None  # `bin/lint everything before pushing`: a script named in a sentence, its words are prose, no arguments
    words = [w for w in rx.split(r"[-_.]", script.group("name").lower()) if w]
    if words[:1] == ["run"] and len(words) > 1:
        words = words[1:]
    if not words or len(words) > 3 or _NOT_A_TASK.search(" ".join(words)):
        return None  # `scripts/test_data_gen.py` generates data, whatever its first word
    if len(words) == 1 and words[0] in _SCRIPT_RUNS:
        return "run"
    kind = _SCRIPT_NAME_TASKS.get(words[0])
    if kind == "dev" and len(words) > 1:
        return None  # `dev-sqlite.js`: "dev" qualifies what follows (a development database), it names no task
    if kind is None and len(words) > 1 and _SCRIPT_TASKS.get(words[-1]) in ("test", "lint", "build", "format", "typecheck"):
        return _SCRIPT_TASKS[words[-1]]  # `tools/run_unit_tests.R`, `scripts/yaml-lint.sh`: the last part names the task
    return kind


# A build system that addresses what it works on by target label (`//path/to:name`, `//...`, `::`): Bazel and its
# launchers (bazelisk, Aspect's CLI), Buck2, Pants, Please, and Bazel's watcher ibazel, which re-runs the verb on a change.
_TARGET_TOOL = _lazy(r"^(?P<tool>bazel|bazelisk|aspect|buck2?|pants|\./pants|plz|ibazel)(?:\s+--?[\w-]+(?:=\S+)?)*\s+"
                     r"(?P<verb>[a-z][\w-]*)(?P<rest>(?:\s.*)?)$"
                     # `b build //...`: the short alias many repositories give Bazel, read only with a target label
                     r"|^(?P<tool2>b)\s+(?P<verb2>build|test|run|coverage)(?P<rest2>\s+(?:\S+\s+)*//\S*.*)$")
_TARGET_VERBS = {"test": "test", "coverage": "test", "build": "build", "package": "build", "lint": "lint", "fmt": "format",
                 "format": "format", "check": "typecheck", "run": "run"}
# What a target's own name says it does, when the verb only runs it (`bazel run //tools/format`, `bazel run //:buildifier`)
_TARGET_NAME_KINDS = {"format": "format", "fmt": "format", "formatter": "format", "buildifier": "format", "prettier": "format",
                      "lint": "lint", "linter": "lint", "lints": "lint", "test": "test", "tests": "test",
                      "typecheck": "typecheck", "mypy": "typecheck", "tsc": "typecheck"}


# A monorepo task runner given a target and a project (`nx build web`, `bun nx dev server`, `nx run api:test`): the
# target's name is the task.
_MONOREPO_TARGET = _lazy(r"^(?:(?:npx|bunx|bun(?:\s+x)?|pnpm(?:\s+(?:exec|dlx))?|yarn|npm\s+exec)\s+)?nx\s+"
                         r"(?:(?P<target>test|e2e|build|lint|serve|dev|typecheck|type-check|format)\s+[\w@./-]+"
                         r"|run\s+[\w@./-]+:(?P<target2>test|e2e|build|lint|serve|dev|typecheck|type-check|format))(?=\s|$)")
_MONOREPO_TARGETS = {"test": "test", "e2e": "test", "build": "build", "lint": "lint", "serve": "dev", "dev": "dev",
                     "typecheck": "typecheck", "type-check": "typecheck", "format": "format"}


def _target_tool_kind(command: str) -> str | None:
    """The task of a build system's command that names targets: its verb's, or for `run` the task the target is named for;
    under ibazel a run or a build is the development loop (the watcher restarts it on every change)."""
    found = _TARGET_TOOL.match(command.strip())
    if not found:
        return None
    verb, tool = found.group("verb") or found.group("verb2"), found.group("tool") or found.group("tool2")
    kind = _TARGET_VERBS.get(verb)
    if kind is None or kind == "typecheck" and "pants" not in tool:
        return None
    if tool == "ibazel":
        return "test" if kind == "test" else "dev" if kind in ("run", "build") else kind
    if kind == "run":
        target = next((w for w in (found.group("rest") or found.group("rest2")).split() if w.startswith(("//", ":", "@"))), "")
        words = [w for w in rx.split(r"[^a-z0-9]+", target.lower().rsplit("//", 1)[-1]) if w]
        named = {_TARGET_NAME_KINDS[w] for w in words if w in _TARGET_NAME_KINDS}
        if len(named) == 1:
            return named.pop()  # `bazel run //tools/lint:fix` lints, `bazel run //:format` formats
    return kind


# A static-site framework's build verb that renders every page (`nuxt generate`, `nuxi generate`, `next export`): the build,
# not code generation.
_SITE_BUILD = _lazy(r"^(?:(?:npx|bunx|pnpm\s+(?:exec|dlx)|yarn|npm\s+exec)\s+)?(?:nuxt|nuxi)\s+generate\b|"
                    r"^(?:(?:npx|bunx|pnpm\s+(?:exec|dlx)|yarn|npm\s+exec)\s+)?next\s+export\b")
# A package's `generate` script said to render the site ("static site generation", "pre-render all pages", "SSG").
_SITE_GENERATE_WORDS = _lazy(r"(?i)\bstatic(?:ally)?\b[\w -]{0,25}\b(?:site|build|generat\w*|html|pages?|export|render\w*)\b|"
                             r"\bpre-?render\w*|\bSSG\b")


# The project's own flake app: `nix run`, `nix run .`, `nix run .#api`, `nix run path:.#cli -- --help` (a flake elsewhere,
# `nix run nixpkgs#hello` or `github:owner/repo`, is someone else's program).
_FLAKE_APP = _lazy(r"^nix\s+run(?:\s+--?[\w-]+(?:=\S+)?)*\s+(?:path:)?\.(?:#(?P<app>[\w.-]+))?"
                   r"(?:\s+--?[\w-]+(?:=\S+)?)*(?:\s+--(?:\s.*)?)?\s*$")


def _batch_step(command: str) -> str:
    """`sbt "clean; coverage; test"` -> `sbt test`: a tool given a quoted batch of its own steps, read as its last step."""
    batch = rx.fullmatch(r"(?P<program>[\w./-]+)\s+(?P<q>[\"'])(?P<steps>[^\"';]+(?:;[^\"';]+)+);?(?P=q)", command.strip())
    return f"{batch.group('program')} {batch.group('steps').split(';')[-1].strip()}" if batch else command


def _tool_kind(command: str) -> str | None:
    command = _posix_program(command.strip())
    last = _batch_step(command)
    if last != command:  # `sbt "clean; coverage; test"`, `mill 'clean; __.test'`: the tool runs the steps in order, the last one is the task
        return _tool_kind(last)
    target_kind = _target_tool_kind(command)
    if target_kind:
        return target_kind
    if _SITE_BUILD.match(command.strip()):
        return "build"
    monorepo = _MONOREPO_TARGET.match(command.strip()) if "nx " in command else None
    if monorepo:  # `bun nx dev server`, `pnpm nx build web`, `npx nx run api:test`: the target named is the task
        return _MONOREPO_TARGETS[monorepo.group("target") or monorepo.group("target2")]
    if rx.match(r"(?:[A-Za-z_]\w*=\S*\s+)*(?:node|bun|deno\s+run|tsx)\s+(?:\S+\s+)*?--(?:watch|hot)\b|(?:npx\s+)?tsx\s+watch\s",
                command.strip()):
        return "dev"  # `node --watch src/server.js`: the runtime restarts the program on every change
    inner = _wrapped(command)
    inner_kind = _tool_kind(inner) if inner else None
    if inner_kind:
        return inner_kind  # `find . -name '*.hs' -exec fourmolu -i {} +` formats
    command = _WORKSPACE_FLAGS.sub(r"\g<pm>", command.strip())  # `pnpm --filter web build` builds
    command = rx.sub(r"^yarn\s+workspace\s+\S+\s+(?=\S)", "yarn ", command)  # `yarn workspace web lint` lints
    if rx.match(r"(?:npm\s+run|pnpm(?:\s+run)?|yarn(?:\s+run)?|bun\s+run)\s+(?:deps|bootstrap|install:[\w:-]+)(?=\s|$)", command):
        return "install"  # a package script named for bringing dependencies in (`pnpm deps`, `npm run bootstrap`)
    named_script = _PM_SCRIPT.match(command)
    if named_script:  # a package script whose name says its task in one of its parts (`pnpm ui:smoke`, `pnpm deps:scan`)
        parts = named_script.group("name").lower().split(":")
        if len(parts) > 1 and {parts[0], parts[-1]} & {"types", "typecheck", "type-check", "tsc", "typing", "typings"} \
                and not {"build", "gen", "generate", "emit", "publish", "dist", "lint"} & set(parts):
            return "typecheck"  # `pnpm test:types`, `npm run check:tsc`, `yarn types:check`: the types part names the task
        if "smoke" in parts:
            return "test"
        if parts[0] == "knip" or parts[-1] in ("scan", "audit") and len(parts) > 1:
            return "lint"
        if "dist" in parts and parts[0] not in ("clean", "serve", "preview", "publish", "release", "upload"):
            return "build"
        if parts[0] in ("example", "examples", "demo", "demos", "sample", "samples"):
            return "run"  # `npm run example:basic`, `pnpm demo`: the project's example programs run
    # the Windows form of a build tool's wrapper script is the wrapper (`.\mvnw.cmd clean package`, `gradlew.bat build`)
    command = rx.sub(r"^(?:\.[\\/])?(mvnw|gradlew)\.(?:cmd|bat)(?=\s|$)", r"./\1", command)
    # `deno task build`, `deno run build` (a name, no file): the package's script, as `npm run build`
    command = rx.sub(r"^deno\s+(?:task|run)\s+(?=\w[\w:-]*(?:\s|$))(?![\w-]+\.\w)", "npm run ", command)
    if rx.search(r"(^|\s)artisan [\w-]+:install\b", command):
        return "install"  # `php artisan pest:install`: a package's own set-up step, whatever the package is named
    if rx.match(r"[\w./-]+\s+(?:fmt|format)(?:\s|$)", command):
        return "format"  # `golangci-lint fmt`, `trunk fmt`, `dune fmt`: a tool's own format subcommand, whatever else it does
    project_cli = rx.match(r"(?:node|php|ruby|python3?|bun)\s+(?!-)(?:\./)?[\w./-]+\s+(?P<task>test|tests|build|compile|lint|"
                           r"typecheck|fmt|format)(?=\s|$)", command)
    if project_cli:  # `node ace test`, `php bin/console lint`: the project's own CLI script given a task subcommand, as
        return _SUBCOMMAND_KINDS[project_cli.group("task")]  # `php artisan test` / `python manage.py test` are
    program = _program(command)
    if rx.search(r"[/\\]|\.exe$", program) and _TEST_BINARY.match(rx.split(r"[/\\]", program)[-1]) \
            and not program.endswith((".sh", ".py")):
        return "test"
    if _BUILT_PROGRAM.match(command):
        return "run"  # the built program run from the build's output directory
    if rx.search(r"(?:^|\s)\S*mvnw?\s(?:.*\s)?exec:(?:java|exec)\b", command):
        return "run"  # Maven's exec plugin runs the program's main class (`mvn compile exec:java`)
    if _TOOL_INSTALL.match(command) or _SYSTEM_INSTALL.match(command):
        return "install"  # `luarocks install busted`, `go install …/golangci-lint@latest`: installs a tool, runs none
    script = _TASK_SCRIPT.match(command)
    asked = _SCRIPT_ARGUMENT.match(command[script.end():]) if script else None
    if asked:  # `./build.ps1 -Command UnitTest`, `build.ps1 run`: the task a build script is told to do
        word = asked.group("task").lower()
        kind = "test" if rx.fullmatch(r"(?:unit|integration|e2e)?tests?", word) else "run" if word in ("run", "start", "serve") \
            else _SCRIPT_TASKS.get(word)
        if kind:
            return kind
    if script:  # `bash scripts/lint-all.sh <project>`, `scripts\\build.ps1`: the project's script named for its task
        task = rx.sub(r"^run[-_]", "", script.group("name").lower())
        kind = _SCRIPT_TASKS.get(rx.split(r"[-_]", task)[0])
        if kind:
            return kind
    given = _SCRIPT_OPTION.search(command)
    if given:  # `godot --headless --script res://tools/lint_scenes.gd`: the engine runs the project's script named for its task
        words = [w for w in rx.split(r"[-_.]", rx.sub(r"(?<=[a-z])(?=[A-Z])", "_", given.group("name")).lower()) if w]
        kind = _SCRIPT_NAME_TASKS.get(words[1] if words[:1] == ["run"] and len(words) > 1 else words[0])
        if kind in ("test", "lint", "build", "format", "typecheck", "install"):
            return kind
    named_for = _project_script_kind(command)
    if named_for:
        return named_for
    flake = _FLAKE_APP.match(command)
    if flake:  # `nix run .#server -- --port 8080`: the project's own flake app, named for its task or else the program run
        words = [w for w in rx.split(r"[-_:.]+", (flake.group("app") or "").lower()) if w]
        kinds = [_TASK_NAME_KINDS.get(w) or _SUBCOMMAND_KINDS.get(w) for w in words[:1] + words[-1:]]
        if words and (kinds[0] or kinds[-1]):
            return kinds[0] or kinds[-1]
        return None if words and _NOT_A_TASK.search(" ".join(words)) else "run"
    for kind, pattern in _TOOL_KINDS:
        if pattern.search(command):
            return kind
    # `./vendor/bin/pint` runs `pint`, `~/go/bin/golangci-lint run` runs `golangci-lint run`
    named = rx.sub(r"^(?:\./|~/|\$HOME/|\$\{HOME\}/)?(?:[\w.-]+/)+(?=[\w.-]+(?:\s|$))", "", command)
    if named != command and "gradlew" not in command and "mvnw" not in command:
        for kind, pattern in _TOOL_KINDS:
            if pattern.search(named):
                return kind
    known = command_kind(command)
    if known:
        return known
    # a tool no list knows, by the convention of its task subcommand (`scarb build`) or a task runner's task name; a
    # further step after it (`foo build run`) is the step's own, left to the tools that know it
    named_task = _RUNNER_NAMED_TASK.match(command)
    if named_task:  # `task formula-lint`, `pdm run lint`, `hatch run types:check`: the task's name says its kind in one part
        words = [w for w in rx.split(r"[-_:.]+", rx.sub(r"(?<=[a-z])(?=[A-Z])", "-", named_task.group("name")).lower()) if w]
        kinds = [_TASK_NAME_KINDS[w] for w in (words[0], words[-1]) if w in _TASK_NAME_KINDS]
        if kinds and len(set(kinds)) == 1 and not (kinds[0] == "build" and {"docs", "doc", "site", "image", "docker"} & set(words)):
            return kinds[0]
    run = _RUN_SUBCOMMAND.match(command)
    if run and run.group("program") not in _NOT_TASK_PROGRAMS and not _RUNNER_TASK.match(command):
        built = rx.sub(r"\.[a-z]{1,5}$", "", (run.group("file") or "").rsplit("/", 1)[-1])
        return "test" if built and _TEST_BINARY.match(rx.sub(r"(?<=[a-z])(?=[A-Z])", "_", built)) else "run"  # `x run AppTests.wasm`
    subcommand = _SUBCOMMAND_TASK.match(command) or _RUNNER_TASK.match(command)
    if subcommand and subcommand.groupdict().get("program") not in _NOT_TASK_PROGRAMS \
            and not rx.match(r"\s+(?:run|test|check|install)\b", command[subcommand.end():]) \
            and not (subcommand.group("task") == "dev" and rx.match(r"\s+(?!start\b|up\b|serve\b)[a-z]", command[subcommand.end():])):
        # `quarry dev logs`, `quarry dev shell`: commands of a `dev` group, only its `start` starts the development loop
        return _SUBCOMMAND_KINDS[subcommand.group("task")]
    return None


def _unsubshell(command: str) -> str:
    """`(cd web; pnpm test)`: the commands a subshell runs (the directory change stays inside it)."""
    inner = rx.fullmatch(r"\(\s*(?P<inner>(?:cd|pushd)\s[^()]+?)\s*\)", command.strip())
    return inner.group("inner") if inner else command


def _parts(command: str) -> list[str]:
    """The simple commands of an ``&&`` / ``;`` chain, without ``cd``, ``source``, ``export`` and env set-up."""
    # (a quoted batch, `sbt "clean; coverage; test"`, is one command of the tool that reads it)
    parts = [p.strip() for p in rx.split(r"\s*(?:&&|;|\|\|)\s*(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", _unsubshell(command)) if p.strip()]
    return [p for p in parts if not rx.match(r"^(cd|source|\.|export|set|pushd|popd)\b", p)]


def _qualifier(command: str, context: str) -> str:
    for name, pattern in _QUALIFIERS:
        if pattern.search(command):
            return name
    for name, pattern in _QUALIFIER_WORDS.items():
        if pattern.search(context):
            return name
    return ""


# Words that make the program run on one's machine the development loop: "Start local server", "Common dev run
# commands", "Development server"; a framework's own server (`mix phx.server`) under any "Development" heading.
_DEV_CONTEXT = _lazy(r"(?i)(?<![\w-])(?:(?:dev|development)\s+(?:run|server|servers|mode)|local(?:\s+(?:web|dev|development))?\s+servers?|"
                     r"develop(?:ing)?\s+locally)(?![\w-])")
_DEV_SERVER_CONTEXT = _lazy(r"(?i)(?<![\w-])(?:dev|development|local(?:\s+(?:web|dev|development))?\s+servers?|"
                            r"develop(?:ing)?\s+locally)(?![\w-])")
_PRODUCTION_CONTEXT = _lazy(r"(?i)(?<![\w-])(?:prod|production|release|--release|preview|deploy\w*|dist|built|profile)(?![\w-])")


def _classify(command: str, contexts: list[str]) -> str | None:
    if len([half for half in rx.split(r"\s+/\s+", command) if _is_command(half.strip())]) > 1:
        return None  # `npm run lint / npm run fmt`: two commands written as one, neither is the whole span
    parts = _parts(command) or [command]
    if len(parts) > 1 and rx.match(r"(terraform|tofu|terragrunt) init\b", parts[0]):
        parts = parts[1:]  # `terraform init && terraform validate`: the init readies the working directory for the task
    kinds = {k for k in (_tool_kind(p) for p in parts) if k}
    if len(kinds) > 1:
        if kinds == {"install", "run"} or kinds == {"install", "build"} or "install" in kinds and len(parts) > 2:
            kinds = {"install"}  # a set-up chain given as one step
        else:
            return None  # an aggregate of different tasks (`pnpm build && pnpm lint`): no single task
    by_command = next(iter(kinds), None)
    by_context = next((k for k in (context_kind(c) for c in contexts if c) if k), None)
    script_start = _START_SCRIPT.match(parts[0]) if by_command == "run" and len(parts) == 1 else None
    if script_start:
        # `npm start build  # compile to dist/`, `npm start test.unit.run`: a start script given a task's name runs
        # that task (a package-scripts runner), whose words or name say its kind
        first = rx.split(r"[.:]", script_start.group("name").lower())[0]
        named = _TASK_NAME_KINDS.get(first) or _SUBCOMMAND_KINDS.get(first)
        if by_context or named:
            return by_context or named
    own_script = bool(rx.match(r"\.{0,2}/?(?:[\w.-]+/)+[\w.-]+(?:\s|$)|\./[\w.-]+(?:\s|$)", command.strip()))
    if by_command in (None, "run") and any(rx.search(r"(?i)\busage\b", c) for c in (contexts if own_script else contexts[:-1]) if c) \
            and not any(context_kind(c) for c in contexts[:-1] if c):
        # a line of a "CLI Usage" block: the project's own program run, whatever the section's heading; a script of the
        # repository run by its path under a "Usage" heading is run so too
        return "run"
    if by_command == "dev" and rx.search(r"[-:_]watch\b|\s--watch\b", parts[0]) \
            and not rx.search(r"(?i)\b(?:dev|serve|server|start)\b", parts[0]):
        # `pnpm run check:watch  # watch mode for type checking`: "watch mode" says how the task runs, the other words what
        tasks = _kinds_named(" ".join(c for c in contexts if c)) & {"test", "typecheck", "lint"}
        if len(tasks) == 1:
            return tasks.pop()
    if by_command and by_context and by_command != by_context:
        # "Run `pytest` before you build" - the command's own meaning wins,
        # except for generic runners whose meaning the prose gives.
        words = parts[0].split()
        target = words[1] if len(words) > 1 else ""
        named_task = _RUNNER_NAMED_TASK.match(parts[0])
        if named_task:  # `mise run build`, `make home-build`: the task's name says its kind in its first or last part
            name_words = [w for w in rx.split(r"[-_:.]+", named_task.group("name").lower()) if w]
            if by_command in {_TASK_NAME_KINDS.get(w) for w in (name_words[0], name_words[-1])}:
                target = by_command
        # a built program run from its output directory says less than the file's words around it ("manual tests")
        generic = by_command == "run" and by_context in ("test", "dev") and _BUILT_PROGRAM.match(parts[0]) is not None \
            or _program(parts[0]) in ("make", "just", "task", "npx", "uv", "poetry", "docker", "mise", "poe", "bash", "sh") \
            and by_command in ("build", "run") and not (_program(parts[0]) in ("make", "just", "task", "mise", "poe")
                                                        and target.startswith(by_command))
        # a script named only for running (`./test/run.sh`, `scripts/all.sh`) says nothing of its task; the words do
        generic = generic or by_command == "run" and by_context in ("test", "lint", "build", "format", "typecheck") \
            and rx.search(r"(?:^|/)(?:run|all|main)(?:\.\w{1,4})?$", _program(parts[0])) is not None
        if by_command == "lint" and by_context == "format" and rx.search(r"(\s--fix\b|\s-a\b|\s--autocorrect\b|\s-A\b)", command) \
                and rx.search(r"(?i)\b(format\w*|fmt)\b", " ".join(contexts)):
            return "format"  # "Format with Standard Ruby: `standardrb --fix`": a linter's fixer the file says formats
        if by_command == "format" and by_context == "lint" and rx.search(r"(?:^|/)(?:pint|php-cs-fixer)(?:\s|$)", parts[0]):
            return "lint"  # "**Linting:** Run `./vendor/bin/pint`": a style tool that checks and fixes is what the file calls it
        if by_command == "run" and by_context == "dev":
            return "dev"  # "start the dev server": the server command is the dev command
        if by_command == "dev" and by_context in ("test", "typecheck", "lint") \
                and rx.search(r"[-:_]watch\b|\s--watch\b", parts[0]) and not rx.search(r"(?i)\b(?:dev|serve|server|start)\b", parts[0]):
            # (a build in watch mode, "auto-rebuild on changes", stays the development loop)
            return by_context  # `npm run check:watch  # Type-check in watch mode`: the task the words name, run in watch mode
        if by_command == "dev" and by_context == "run" and _FRAMEWORK_SERVER.search(command) \
                and not rx.search(r"(?i)dev|watch|reload", command) and "dev" not in (context_kind(c) for c in contexts if c):
            return "run"  # a framework's server (`manage.py runserver`) the file says runs the application
        return by_context if generic else by_command
    return by_command or by_context


# A web framework's own server: a dev server or the way to run the application, as the file's words say.
_FRAMEWORK_SERVER = _lazy(r"(^|\s)((bin/)?rails (server|s)\b|manage\.py runserver|artisan serve|flask run|php -S|mix phx\.server|flutter run)")


# A runner told which directory to work in: `npm --prefix web test`, `make -C fw`, `yarn --cwd ui`, `pnpm -C apps/x`,
# `cargo test --manifest-path engine/Cargo.toml`, `just --justfile tools/justfile` (the manifest's own directory).
_DIRECTORY_OPTION = _lazy(r"^(?:npm|pnpm|yarn|bun|make|gmake|just|task|cargo|uv|poetry|go|mvn|\./mvnw|gradle|\./gradlew)\s+"
                          r"(?:\S+\s+)*?(?:--prefix|-C|--cwd|--dir|--directory|--project-dir|-p(?=\s+\S+/))[\s=]+"
                          r"(?P<dir>[\w.@-]+(?:/[\w.@-]+)*)/?(?=\s|$)"
                          r"|\s--manifest-path[\s=]+(?P<dir2>[\w.@-]+(?:/[\w.@-]+)*)/Cargo\.toml\b")


def _cd_scope(command: str) -> str:
    match = rx.match(r"^\s*(?:cd|pushd)\s+(?P<dir>[\w./@-]+)\s*(?:&&|;)", _unsubshell(command)) \
        or _DIRECTORY_OPTION.search(command)
    if not match:
        return "repository"
    directory = (match.group("dir") or match.groupdict().get("dir2") or "").strip("/")
    while directory.startswith("./"):
        directory = directory[2:]
    if not directory or directory in (".", "..") or directory.startswith(("../", "~", "$", "/")):
        return "repository"
    return f"path:{directory}/**"


def _command_fact(command: str, contexts: list[str], number: int, text: str, facts: Facts,
                  label: str = "", explicit_context: str = "", leads: int = 1) -> Fact | None:
    """A command fact, or None: unsafe (kept aside in ``facts.rejected``), not a task, or of no known kind."""
    reason = unsafe_command(command)
    if reason:
        facts.rejected.append(Rejected(number, command, reason, text))
        return None
    core = " && ".join(_parts(command)) or command
    said = label or explicit_context
    if facts.provided and _program(core) in facts.provided and len(_parts(command)) <= 1:
        # `gen-widget --all` where the file lists `gen-widget` among the programs its bin directory ships: running the
        # project's own program, whatever task its name suggests
        return Fact("command.run", command, "command", line=number, text=text, scope=_cd_scope(command),
                    qualifier="", explicit=False)
    if facts.own and _program(core) in facts.own and len(_parts(command)) <= 1 and _tool_kind(core) in (None, "run"):
        speaking = next((kind for kind in (context_kind(c) for c in [said, *contexts[2:]] if c) if kind), None)
        if any(rx.search(r"(?i)\busage\b", c) for c in contexts if c) and "/" in _program(core) \
                and not rx.fullmatch(r"\S+\s+(?:--help|-h|help)", core):
            # a "CLI Usage" block of the project's entry-point script (`./bin/deploy.js rollback …` under "# Rollback
            # deployment"): the program's own subcommands run, whatever their words are about; a line the words give a
            # task ("# Test deployment with dry run") is that task
            usage_kind = "test" if speaking == "test" else "run"
            return Fact(f"command.{usage_kind}", command, "command", line=number, text=text, scope=_cd_scope(command),
                        qualifier="", explicit=False)
    if contexts and _FORBIDDEN_HEADING.search(contexts[-1] or ""):
        return None  # a "Never Run" / "Do not run" section lists what the agent must leave to the user
    # `npm run generate  # static site generation`: the site rendered, the build of a static site
    site_generate = bool(rx.fullmatch(r"(?:npm\s+run|pnpm(?:\s+run)?|yarn(?:\s+run)?|bun\s+run)\s+generate", core)
                         and (_SITE_GENERATE_WORDS.search(said or " ".join(c for c in contexts if c)) or facts.static_site))
    # `cmake --preset release` names a configuration, and so does a build directory (`./target/release/app`)
    # `cargo run --release -- generate --out site`: what follows `--` is the program's own arguments, not the runner's task
    own_args = rx.match(r"(?P<runner>.+?)\s--(?:\s|$)", core)
    checked = own_args.group("runner") if own_args and _tool_kind(own_args.group("runner")) == "run" else core
    described = said or " ".join(c for c in contexts[:3] if c)
    if rx.fullmatch(r"[a-z][\w+-]*\s+(?:release|debug)", checked) \
            and rx.search(r"(?i)\b(?:release|debug)\s+(?:version|build|mode|binary|configuration|config|profile)\b|\boptimi[sz]ed\b|"
                          r"\bwith\s+symbols\b", described) \
            and not rx.search(r"(?i)\b(?:github|gitlab|publish\w*|upload\w*|tag\w*|deploy\w*|ship\w*)\b", described) \
            and _kinds_named(rx.sub(r"(?i)\b(?:release|debug)\b", "", described)) == {"build"}:
        checked = checked.rsplit(" ", 1)[0] + " config"  # "`wmake release` - Build optimized release version": a configuration
    if not site_generate and _not_a_task(rx.sub(r"(?i)(?<=/)(release|debug)(?=/|\s|$)", "config",
                          rx.sub(r"(?i)(\s--?[\w-]+[= ])(release|debug)\b", r"\1config", _batch_step(checked)))):
        return None  # cleaning, publishing, docs…; `cmake --preset release` names a configuration, not a release
    aggregate_kind = ""
    if _AGGREGATE.search(core):
        words = said or " ".join(c for c in contexts[:2] if c)
        named = _kinds_named(words)
        if len(named) != 1 or rx.search(r"(?i)\b(all|every|full|complete|quality)\b[\w ]{0,20}\bchecks?\b", words) \
                or rx.search(r"(?i)\binclud(?:es|ing)\s+[^),]+,\s*[^),]+", words):  # "(includes tests, jacoco, spotless)"
            return None  # "Run all quality checks": every task at once, no single one
        aggregate_kind = named.pop()  # "`make check` for type checking": the file names the one task it does
    ahead, _, after = text.partition(f"`{command}`")
    if "`" not in ahead and rx.match(r"(?i)\W*(?:runs?|executes?|does|performs?|calls?|chains?|covers?|=|:|—|–|-)\W", after) \
            and len(_kinds_named(rx.split(r"[.;!?](?:\s|$)", after)[0])) >= 3:
        return None  # "`make verify` runs: build → lint → test": every step at once, an aggregate whatever its name
    if rx.search(r"(?i)^\W*(?:runs?\s+)?(?:all|every)\s+(?:the\s+)?(?:\w+\s+)?checks\W*$", said or ""):
        return None  # "uv run tox  # Run all checks": every check at once, whatever tool runs them
    if said and (context_kind(said) is None and rx.search(
            r"(?i)^\W*(?:[\w-]+\s+){0,2}(?:(?:database\s+)?migrations?|migrate|seed(?:ing|s)?|deploy\w*|documentation|docs)\b", said)
            or rx.search(r"(?i)\b(?:documentation|docs)\s+server\b", said) and context_kind(said) in (None, "run", "dev")):
        return None  # "Database migrations: `go run … -migrate=up`", "# Start local documentation server": no task of the code
    if rx.fullmatch(r"(?:go|uv|poetry|pdm|deno)\s+run", core):
        return None  # `go run` with nothing to run: the tool named, no command
    if rx.search(r"(?i)\b(deprecated|obsolete|no longer used)\b", f"{said} {text}"):
        return None  # "(deprecated, use `--single_gpu` instead)": a command the file retires
    if facts.own and _program(core) in facts.own and len(_parts(command)) <= 1 and _tool_kind(core) in (None, "run"):
        # `git-ai commit claude` in a file about git-ai: the project's own program run where the words say it runs, unless
        # they name another task; (read here, before the checks of other programs' commands, as it is read often)
        speaking = next((kind for kind in (context_kind(c) for c in [said, *contexts[2:]] if c) if kind), None)
        if rx.fullmatch(r"\S+\s+(?:--help|-h|help|--version|-v|version)", core) \
                or contexts and _RELEASE_ONLY.search(contexts[-1] or "") or explicit_context and _DEPLOY_WORDS.search(explicit_context):
            return None  # `git-ai --help`: a look at the program's usage; a publishing section, a deployment
        run_said = speaking is None and any(_RUN_SAID.search(c) and not _RUN_SAID_NOT.search(c) for c in [said, *contexts] if c) \
            and not any(_EXAMPLE_SAID.search(c) for c in [said, *contexts] if c)
        if speaking == "run" or run_said:
            return Fact("command.run", command, "command", line=number, text=text, scope=_cd_scope(command),
                        qualifier="", explicit=speaking == "run")
        return None
    checks = _kinds_named(rx.sub(r"(?i)\((?:requires?|needs?|needing|after|with|without|no|uses?|via)\b[^)]*\)", "", said or "")) \
        & {"test", "build", "lint", "format", "typecheck"}
    if "format" in checks and "lint" in checks:
        checks.discard("format")  # "ruff linting/formatting": one tool that does both
    joined = said or " ".join(c for c in contexts[:2] if c)
    if rx.search(r"[\w)]\s*\+\s*[\w(]", joined) and "typecheck" in _kinds_named(joined) and _tool_kind(core) is None:
        return None  # "Quick quality check (ECS + PHPStan)": several tools at once behind a script of its own
    if "typecheck" in checks and "lint" in checks and not rx.search(
            r"(?i)\blint|clippy|eslint|ruff|flake8|pylint|golangci|scan|audit", said or ""):
        checks.discard("lint")  # "Run PHPStan static analysis": a type checker's static analysis is the one task
    if len(checks) > 1 and _tool_kind(core) is None:
        return None  # "# Full pipeline (lint, build, test)": a command of its own the file says does several checks at once
    if _INFRA_LABEL.search(said or " ".join(c for c in contexts[:2] if c)) \
            and not rx.match(r"(go|cargo|swift|dotnet|zig build) run\b", core) \
            and not rx.match(r"(?:make|just|task|mise run)\s+(?:setup|install|bootstrap)\s*$", core):
        # `go run .` runs the project's own daemon; `make setup  # build, start containers, install deps` sets the project up
        return None  # "Start containers": infrastructure start-up, whatever runs it
    tasks = rx.match(r"(?P<tool>\S*gradlew?(?:\.bat)?|\S*mvnw?)\s+(?P<rest>.*)$", core)
    if tasks and not (label and context_kind(label)):
        kinds_of_tasks = {_tool_kind(f"{tasks.group('tool')} {t}") for t in tasks.group("rest").split() if not t.startswith("-")}
        if len(kinds_of_tasks - {None}) > 1 and kinds_of_tasks - {None} != {"build", "run"}:  # (`compile exec:java` runs)
            return None  # `./gradlew :app:assembleDebug test`: a build and a test in one invocation, an aggregate
    parts = _parts(command)
    if len(parts) > 1 and (len(_kinds_named(said)) > 1 or any(_tool_kind(p) for p in parts) and any(
            not _is_command(p) and _program(p) not in _SHELL_UTILITIES for p in parts)):
        return None  # "Build & run": a chain of different steps, or one that runs the built program, is no single task
    if rx.fullmatch(r"(?:npx|npm|pnpm|yarn|bun|uv|poetry|pipenv|pdm|hatch)(?:\s+(?:run|exec|x))?\s+"
                    r"(?:<[^<>]+>|\[[^\[\]]+\]|python[\d.]*|node|bash|sh)", core) \
            and not rx.fullmatch(r"bun(?:\s+run)?\s+<(?:file|path|entry|filename)[\w.-]*>", core):
        # (`bun <file>`: the runtime runs a source file, the way the file says the program is run)
        return None  # `uv run <command>`, `pnpm <script>`, `uv run python`: the runner's form, no task of the project
    if rx.match(r"\S+\s+(?:<(?:command|cmd|subcommand|target|task|script|args?|options?)>|\[(?:command|target|args?|options?)\])", core,
                re.IGNORECASE):
        return None  # `./tool.sh <command>`, `make <target>`: how to call a wrapper, no task of its own
    if explicit_context and _DEPLOY_WORDS.search(explicit_context) and (
            context_kind(explicit_context) is None
            or rx.search(r"(?i)\bbuild\w*\s*(?:&|and|\+|,|/)\s*(?:push\w*\s*(?:&|and|\+|,|/)\s*)?deploy", explicit_context)):
        return None  # "# 2. Full system deployment", "# One-off build & deploy": the command's own comment says it deploys
    if rx.match(r"(?:terraform|tofu|terragrunt|pulumi|cdk|cdktf)\b(?:\s+-\S+)*\s+(?:apply|destroy|up|deploy)\b", core) \
            and not any(context_kind(c) and not _DEPLOY_WORDS.search(c) for c in (said, *contexts[:2]) if c):
        return None  # provisioning or tearing down infrastructure (`terraform apply`) under "Testing": no task of the code
    if rx.search(r"(?:^|\s)(?:cdk|cdktf)(?:\s+-\S+)*\s+bootstrap\b", core):
        return None  # `npx cdk bootstrap aws://…`: the cloud account readied for deployments, no dependency of the code
    if rx.fullmatch(r"\S+(?:\s+\S+)?\s+(?:--version|--info|-V|version|info)", core):
        return None  # `dotnet --info`, `go version`: a look at the installed tool, not a task of the project
    if rx.fullmatch(r"[\w.-]+\s+v?\d+(?:\.\d+){1,3}(?:-[\w.]+)?", core):
        return None  # `golangci-lint 2.1.6` in a list of pinned tools: a tool and its version, no command
    if rx.search(r"(^|\s)(python[\d.]*|node|ruby|perl)\s+-[ce]\s", core) and not label:
        return None  # an inline snippet (`python -c "import x"`): a check of the set-up, not a task
    if _INFRA.search(core) or rx.search(r"docker[- ]compose\b.*\bup\b", core) and _INFRA_WORDS.search(" ".join(contexts[:2])):
        return None  # starting a database or a broker the project uses: infrastructure, not a task of the project
    if contexts and _RELEASE_ONLY.search(contexts[-1] or "") and not label and context_kind(contexts[-1]) is None \
            and not (_PRE_RELEASE_CHECKS.search(contexts[-1] or "") and _tool_kind(core) in ("lint", "test", "typecheck", "format")) \
            and not (len(contexts) >= 2 and (contexts[-2] or "").rstrip("*_ ").endswith(":")
                     and rx.match(r"(?i)\W*(?:\d+[.)]\s*)?(?:build|compile|test|install)\b", contexts[-2] or "") is not None
                     and context_kind(contexts[-2]) in ("build", "test", "install") and not _RELEASE_ONLY.search(contexts[-2])
                     and not _DEPLOY_WORDS.search(contexts[-2])):
        # a "Publishing" / "Deployment" / "Troubleshooting" section: no task an agent runs day to day (the linters and
        # tests of a "Pre-Deployment Checklist" are the project's own checks, run before it ships; a step whose own
        # lead-in names its task, "1. Build the images:" over `docker compose build`, is that task)
        return None
    wrapper_words = rx.search(r"(?i)\b(?:run|execute)s?\s+(?!these|those|the|all|any|such|other)([\w-]+)\s+commands\b",
                              said or " ".join(c for c in contexts[:2] if c))
    if wrapper_words and wrapper_words.group(1).lower() in core.lower() \
            and not (_wrapped(core) and _tool_kind(_wrapped(core))):  # (a container's exec of a known task is that task)
        return None  # "`make composer cmd=install` - Run composer commands": a wrapper shown with an example argument
    labelled = aggregate_kind or (context_kind(label) if label else None)
    if site_generate:
        labelled = "build"
    kind = labelled if labelled and (_tool_kind(core) in (None, labelled) or _program(core) in
                                     ("make", "just", "task", "mise", "poe", "bash", "sh", "tofu", "terraform", "terragrunt")
                                     # a build system's verb runs a target; the file's label says what the target does
                                     # ("Run a test: `buck2 build //path/to/tb:test_name`")
                                     or _TARGET_TOOL.match(core) and labelled in ("test", "build", "run", "dev")) \
        else _classify(command, contexts)
    if kind is None:
        return None
    if kind in ("run", "dev") and not labelled:
        # `manage.py runserver 8080` "on a specific port" after `manage.py runserver` "the development server": a variant
        # of a server the file already named keeps its kind
        earlier = next((f for f in reversed([*facts.earlier, *facts]) if f.key.split(".")[1:2] == ["dev" if kind == "run" else "run"]
                        and core.startswith(str(f.value) + " ") and rx.fullmatch(
                            r"(?:\s+(?:\d{2,5}|[\w.]+:\d{2,5}|--?(?:port|host|bind|p|b)(?:[= ]\S+)?))+", core[len(str(f.value)):])),
                       None)
        if earlier is not None:
            kind = earlier.key.split(".")[1]
    if kind == "dev" and _says_run(said) and not rx.search(r"(?i)dev|watch|serve|reload|start", core):
        kind = "run"  # `flutter run -d chrome` "Run on web browser": the program run, as its own words say
    if kind == "run" and not any(_PRODUCTION_CONTEXT.search(c) for c in [core, *contexts] if c) \
            and not any(rx.search(r"(?i)\brun(?:s|ning)?\s+the\s+(?:\w+\s+)?(?:app|application|program|binary|project)\b", c)
                        for c in contexts[:2] if c) \
            and not _says_run(said) \
            and (any(_DEV_CONTEXT.search(c) for c in contexts if c)
                 or _FRAMEWORK_SERVER.search(core) and any(_DEV_SERVER_CONTEXT.search(c) for c in contexts if c)
                 and not any(context_kind(c) == "run" for c in contexts[:2] if c)):
        # "Start local server: `php artisan serve`", `python app.py` under "Development server", "Common dev run
        # commands": the program run on one's machine while developing is the development loop
        kind = "dev"
    if kind == "install" and not labelled and _tool_kind(core) != "install" and not _KIND_HINT["install"].search(core) \
            and not any(context_kind(c) == "install" for c in contexts[:-leads] if c):
        # only the section's heading ("## Environment Setup") or a list's lead ("Typical bootstrap flow:") says set-up, and neither the command nor its own words say
        # it installs anything (`uv run app --help` as a set-up step): the command's own kind, if it has one
        kind = _tool_kind(core)
        if kind is None:
            return None
    if kind == "install" and (_DEPENDENCY_CHANGE.search(core) and not _SYSTEM_INSTALL.match(core)
                              and not _upgrade_flag_on_install(core, said or next((c for c in contexts[:1] if c), ""))
                              or rx.match(r"\W*(update|upgrade|add|remove|tidy|clean)", said or "",
                                                                          re.IGNORECASE)
                              or rx.search(r"(?i)\bafter (?:you )?(?:add|remov|chang|updat|upgrad|edit)\w*\b[^.]{0,30}"
                                           r"\b(?:dependenc|packages?|deps|imports?|go\.mod)", " ".join(contexts[:2]))
                              or rx.search(r"\bgo mod tidy\b", core) and context_kind(said or " ".join(contexts[:2])) != "install"):
        return None  # adding, removing, upgrading or tidying dependencies changes them; it is not the install step
    if kind == "install" and said and _APPLIED.match(said) \
            and not any(context_kind(c) not in (None, "install") for c in contexts[:1] if c and c != said):
        return None  # `just bootstrap` under "# Apply" / "# Dry run (no changes)": its own words say it applies configuration
        # to machines or a cluster (a deployment), and no label over it names another task ("# Build" over `tofu apply`
        # keeps its build); the set-up name alone does not install
    if kind == "install" and _NOT_DEPENDENCY_INSTALL.search(core):
        return None  # `cmake --install .`, `R CMD INSTALL .`, `cargo install --path .`: the project's own product installed
    if kind == "install" and (_INSTALL_ELSEWHERE.search(said or " ".join(c for c in contexts[:2] if c))
                              or rx.match(r"(?i)\W*(?:re)?generat\w+\b", explicit_context or "")):
        # "Show dependency tree", "Install CRD and RBAC" (into a cluster), "# Generate configure script": no dependency install
        return None
    if kind == "install" and rx.search(r"gradlew\S*\s+(?:\S+\s+)*(?:[\w-]+:)*install[A-Z]\w*", core):
        return None  # `./gradlew installDebug` puts the app on a device: a deployment, not the dependency install
    if (kind == "run" or kind == "dev" and _tool_kind(core) != "dev") and _SCRIPT_RUN.search(core) and not _run_stated(command, label or explicit_context, contexts) \
            and not _script_already_run(core, facts) and not rx.match(r"bun\s+(?:run\s+)?(?:start|serve)(?::[\w-]+)?(?:\s|$)", core):
        # (`bun run start`, `bun start`: the package's own start script, as `npm start` is; `bun scripts/report.ts` runs a
        # file, and `bun run clear` a utility script)
        return None  # a script run with no word that it runs the program: a utility (a report, a generator, a fixer)
    if not labelled and _tool_kind(core) is None and context_kind(" ".join(c for c in contexts[:-1] if c)) is None \
            and not _KIND_HINT[kind].search(core) and not (kind == "run" and rx.match(r"\.{1,2}[\\/]", core)):
        # (a program of the repository run by its path under "Running the Tool" is the program run: `./monitor.sh --all`)
        return None  # only the section heading speaks, and the command names another task (`make plan-dev` under "Testing")
    context = " ".join(c for c in contexts[:2] if c)
    # the script a project's own command runs is not one test file of many (`uv run ./run_tests.py`)
    qualifier = _qualifier(_PROJECT_SCRIPT.sub("script", core, count=1) if _project_script_kind(core) else core, label or context)
    if qualifier == "release" and kind != "build" or qualifier == "single" and kind in ("run", "dev", "install", "build"):
        qualifier = ""  # `python manage.py runserver` names a script, not one test of many
    explicit = bool(labelled == kind or (explicit_context and context_kind(explicit_context) == kind)
                    or _THE_COMMAND.search(context))
    return Fact(f"command.{kind}", command, "command", line=number, text=text, scope=_cd_scope(command),
                qualifier=qualifier, explicit=explicit)


# The words of a command's own comment or label that say it installs the project's dependencies ("Install dependencies
# with uv", "# install deps", "Set up the environment").
_INSTALLS_DEPENDENCIES = _lazy(r"(?i)\b(?:install(?:s|ing)?|set(?:s|ting)?\s+up|sync(?:s|ing)?)\b[^.;]{0,30}?"
                               r"\b(?:dependenc(?:y|ies)|deps|packages|requirements|environment|venv)\b")


def _upgrade_flag_on_install(core: str, words: str) -> bool:
    """`uv sync --upgrade --extra dev` under "# Install dependencies with uv": an install subcommand whose only sign of a
    dependency change is an upgrade flag, where the command's own words say it installs the dependencies - the
    install step, run so that it resolves the newest allowed versions. Adding, removing or updating named packages
    (`uv add x`, `npm update`, `pip install --upgrade pip`) stays a change."""
    if not _INSTALLS_DEPENDENCIES.search(words or ""):
        return False
    bare = rx.sub(r"\s--upgrade\b", "", core)
    return bare != core and not _DEPENDENCY_CHANGE.search(bare) and _tool_kind(bare) == "install" \
        and not rx.search(r"(?i)\s(?:pip|setuptools|wheel|uv|poetry)\s*$", bare)


def _says_run(words: str) -> bool:
    """Whether a command's own comment or label says it runs the program and nothing of a development loop: "Run on web
    browser", "Launch on the simulator". The file's own words decide dev versus run; a "Development" heading above them
    only names the section ("Run with hot reload" stays the development loop; "Start …" is how files name both the dev
    server and the app, so it decides nothing)."""
    return bool(words) and bool(rx.match(r"(?i)\W*(?:run|launch|open)\b", words)) \
        and not _DEV_SERVER_CONTEXT.search(words) and not _WATCH.search(words) and context_kind(words) in (None, "run")


# A MATLAB call of the test runner (`runtests`) or of the project's own `runAllTests` / `runUnitTests` function.
_MATLAB_TESTS = _lazy(r"^(?:\[?[\w, ]+\]?\s*=\s*)?(?:runtests|run[A-Z]?\w*Tests?|matlab\.unittest\.\w+(?:\.\w+)*)\s*\(.*\)\s*;?\s*(?:%.*)?$")


# A section about branch names: "Branch Naming Conventions", "Branch prefixes", "Branch 命名规范".
_BRANCH_NAMING_HEADING = _lazy(r"\bbranch(?:es)?\s+(?:nam(?:e|es|ing)|prefix(?:es)?|conventions?)\b|\bbranch(?:es)?\b.*(?:命名|命名规范|名前|이름)",
                               re.IGNORECASE)


_NAMING_RULE = _lazy(r"(?i)\bbranch(?:es)?\s+(?:names?|naming|prefix(?:es)?)\b")
# A list item that gives one kind of branch its name: the prefix or pattern in a code span first ("- `fix/*` - bug fixes",
# "- `feat/<name>` — for new features"), or after the kind's label ("- **Bug fixes**: `fix/issue-description`").
_BRANCH_KIND_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)?(?:(?P<label>[A-Za-z][\w /&-]{1,40}?)(?:\*\*|__)?\s*:\s*(?:\*\*|__)?)?"
                          r"`(?P<name>[a-z][\w-]*/(?:\*|<[^>`]+>|\{[^}`]+\}|[a-z][\w-]*(?:[-_](?:<[^>`]+>|\{[^}`]+\}|[a-z][\w-]*))*)?)`"
                          r"(?:\*\*|__)?\s*(?:$|[-–—:→(]|\s-\s|\bor\b)")
# A line of a code block that is one branch name alone (`feat/add-user-profile`), as a branch-naming section lists them.
_BRANCH_NAME_LINE = _lazy(r"(?:[a-z][\w-]*|\{[^}\s/]+\}|<[^>\s/]+>)/(?:\*|<[^>\s]+>|\{[^}\s]+\}|[a-z0-9][\w-]*)(?:[-_][\w<>{}-]+)*")


def _lead_states_rule(facts: Facts, lines: list[str], number: int, indent: int) -> bool:
    """Whether the lead-in over the list item at ``number`` ("Create short-lived branches using these prefixes:", "Use
    lowercase names with hyphens:") is itself a rule the file states: its items then illustrate that rule."""
    for at in range(number - 1, 0, -1):
        text = lines[at - 1]
        if not text.strip():
            continue
        item = _LIST_ITEM.match(text)
        if item and len(item.group("indent")) >= indent:
            continue  # a sibling (or its nested items) of the same list
        lead = rx.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", text).replace("**", "").replace("__", "").strip()
        return lead.endswith(":") and (any(f.line == at and f.key.startswith("policy.") for f in facts)
                                       or _DIRECTIVE.search(rx.sub(r"`[^`]*`", "`", lead)) is not None)
    return False


def _branch_prefixes(line: str, heading: str, table_header: list[str] | None) -> str:
    """The branch-name prefixes a line lists as a naming rule: two or more (`feature/`, `fix/`) where the line speaks of a
    prefix or a branch, or the first row of a table of prefixes under a branch section; '' otherwise."""
    prefixes = list(dict.fromkeys(m.group("prefix") for m in _BRANCH_PREFIX.finditer(line)))
    if len(prefixes) >= 2 and rx.search(r"(?i)\b(prefix(?:es|ed)?|branch(?:es)?)\b", f"{line} {heading}"):
        return ", ".join(prefixes)
    cells = _table_cells(line) if table_header else None
    if cells and prefixes and _BRANCH_PREFIX.fullmatch(cells[0].strip(" `*")) and (
            _BRANCH_NAMING_HEADING.search(heading) or any(rx.search(r"(?i)\b(prefix|branch)", c) for c in table_header or [])):
        return prefixes[0]
    return ""


def _not_a_task(core: str) -> bool:
    """Cleaning, publishing, docs…: a command of no task a fact names. A `docs` directory among a command's later
    arguments (`dotnet fantomas build.fsx src tests docs`) names what it works on, not the docs task."""
    if _SYSTEM_INSTALL.match(core.strip()) or _SITE_BUILD.match(core.strip()):
        return False  # `brew install libsodium`, `git submodule update --init`: installing what the project needs is its set-up
    if rx.match(r"\S+\s+run\s+\S*gazelle\b|aspect\s+configure\b", core.strip()):
        return True  # Bazel's BUILD-file generator (`bazel run //:gazelle`, `aspect configure`): code generation
    if rx.match(r"(?:nix\s+develop|nix-shell|(?:poetry|pipenv|hatch|pixi|devbox|flox|devenv)\s+shell)(?:\s+-[-\w]+(?:\s+[.\w#/:-]+)?)*\s*$"
                r"|nix\s+develop\s+[.\w#/:-]+\s*$", core.strip()):
        return True  # `nix develop`, `poetry shell`: entering the project's shell, no task (and no install) of its own
    if rx.match(r"(?:conda|mamba|micromamba)\s+activate\b|mkdocs\s+(?:serve|build|gh-deploy)\b", core.strip()):
        return True  # activating an environment; serving or building the documentation site
    for match in _NOT_A_TASK.finditer(core):
        if match.group(0).strip() in ("doc", "docs") and len(core[: match.start()].split()) >= 3 \
                and core[match.start() - 1: match.start()].isspace() and rx.match(r"\s|$", core[match.end():]):
            continue
        if match.group(0).strip() in ("doc", "docs") and core[match.end(): match.end() + 1] == "/" \
                and core[match.start() - 1: match.start()] in ("'", '"', " ", "!") and _tool_kind(core) in ("lint", "format"):
            continue  # `markdownlint-cli2 'docs/**/*.md'`: a linter given the docs directory's files, not the docs task
        token_start = core.rfind(" ", 0, match.start()) + 1
        token = core[token_start:].split(" ", 1)[0]
        if token_start and rx.search(r"\w\.[A-Za-z]{1,5}$", token) and "/" in token and _tool_kind(core[:token_start]) in (
                "test", "lint", "format", "typecheck"):
            continue  # `bun run test test/upload.test.ts`: a task given one file, whose name holds the word
        return True
    return False


_FORBIDDEN_HEADING = _lazy(r"^\W*(?:never|do\s+not|don'?t|must\s+not)\s+(?:run|execute|start|invoke)\b", re.IGNORECASE)


# Running a script or a module through an interpreter: the program itself, or one of the project's utilities.
_SCRIPT_RUN = _lazy(r"^(?:[A-Z][A-Z0-9_]*=\S*\s+)*(?:(?:uv|poetry|pipenv|pdm|hatch)\s+run\s+)?(?:python[\d.]*|node|bun|tsx|ts-node|"
                    r"npx tsx|deno run)\s|^(?:[A-Z][A-Z0-9_]*=\S*\s+)*(?:uv|poetry|pipenv|pdm)\s+run\s+(?!python)|"
                    r"^docker[- ]compose\b.*\bup\b")
_RUN_WORDS = _lazy(r"\b(run(s|ning)?|start(s|ing)?|launch(es|ing)?|execut(e|es|ing)|usage|serve[rs]?|entry[- ]?point|preview(s|ing)?|"
                   r"CLI|locally)\b|실행|구동|执行|執行|运行|運行|実行|起動|启动|啟動", re.IGNORECASE)
_PURPOSE = _lazy(r"^\W*(?:to|which|that)\s+(?!run|start|launch|serve|use|try|see|execute)(\w+)", re.IGNORECASE)


def _run_stated(command: str, explicit: str, contexts: list[str]) -> bool:
    """Whether the words around a script run say it runs (starts, launches) the program."""
    for text in [c for c in contexts[1:] if c and command in c][:1] if not explicit else ():  # the line that holds it
        after = text.split(command, 1)[1] if command in text else ""
        if _PURPOSE.search(after):
            return False  # "run `python scripts/get_env.py` to generate `.env`": a utility, named by what it makes
    if any(rx.search(r"(?i)\busage\b", c) for c in contexts[:-1] if c):
        return True  # a line of a "Usage" block runs the program, whatever its own comment says it does
    run_file = rx.search(r"(?:^|\s)(?:\S*/)?(?P<file>[\w.-]+\.(?:py|[cm]?js|ts|sh|rb|pl|php))(?=\s|$)", command)
    if run_file and contexts and contexts[-1] \
            and rx.match(r"\W*`?" + re.escape(run_file.group("file")) + r"`?(?:\s|$|[^\w.])", contexts[-1]):
        return True  # "## pa-tunnel.py — resilient SOCKS5 tunnel" over `python scripts/pa-tunnel.py`: the section's program run
    script = rx.search(r"(?:^|\s)(?:\S*/)?(?P<name>[A-Za-z][\w-]*)\.(?:py|[cm]?js|ts)\b", command)
    stem = rx.split(r"[_-]", script.group("name").lower())[0] if script else ""
    if len(stem) >= 4 and re.match(rf"(?i)\W*{re.escape(stem)}", explicit or "") and context_kind(explicit) in (None, "run"):
        return True  # "Training (single GPU): `python train.py --single_gpu`": the label names what the script is run for
    said = [explicit] if explicit else [c for c in contexts if c]
    if explicit and len(explicit.split()) <= 3 and rx.match(r"(?i)\W*(?:via|if|as|with|using|from|in|or|when|on)\b", explicit) \
            and not context_kind(explicit) and len(contexts) > 1 and contexts[1]:
        said.append(contexts[1])  # `python -m app  # via module` under "# Run the CLI": the short note qualifies, the block says
    if explicit and rx.fullmatch(r"(?i)\W*use\W*", explicit) and contexts and contexts[-1]:
        said.append(contexts[-1])  # "- Use: `bun <file>`" under "### Run files": the label only says to use it, the heading says what for
    return any(_RUN_WORDS.search(text) and context_kind(text) in (None, "run", "dev", "build") for text in said)


# Words that say the project's own program is run: "Usage", "Running the CLI", "Start the server".
_RUN_SAID = _lazy(r"(?i)\b(?:run(?:s|ning)?|start(?:s|ing)?|launch(?:es|ing)?|serv(?:e|es|ing)|usage)\b|\bCLI\b|"
                  r"실행|구동|执行|執行|运行|運行|実行|起動|启动|啟動")
_RUN_SAID_NOT = _lazy(r"(?i)\bquick[- ]?start|\bgetting started|\bstart(?:ing)?\s+(?:with|by|from|a\s+new|here|over|fresh)\b|"
                      r"\brun(?:s|ning)?\s+(?:all|every|the following|these|those|any|this|that|in|on|inside|before|after|when)\b")
# Words that say the commands around them are shown as examples ("### Example usage", "# e.g.", "Sample session").
_EXAMPLE_SAID = _lazy(r"(?i)\bexamples?\b|\be\.g\.|\bfor instance\b|\bsamples?\b|\bdemo(?:s|nstrat\w*)?\b|\billustrat\w*")


def _script_of(command: str) -> str:
    script = rx.search(r"(?:^|\s)(?P<path>[\w./-]*[A-Za-z][\w-]*\.(?:py|[cm]?js|ts))\b", command)
    return script.group("path").removeprefix("./") if script else ""


def _script_already_run(command: str, facts: Facts) -> bool:
    """Whether the file already runs this script as the program (`python train.py`, then `python train.py --epochs 5`):
    options only, never a subcommand of a dispatcher script (`manage.py createsuperuser`)."""
    script = _script_of(command)
    rest = command.split(script, 1)[1].strip() if script else ""
    if rest and not rest.startswith("-"):
        return False
    return bool(script) and any(f.key.startswith("command.run") and _script_of(str(f.value)) == script
                                for f in [*facts.earlier, *facts])


def _kinds_named(text: str) -> set[str]:
    """Every task the words name ("Build & run" names two)."""
    words = _KIND_WORDS + _KIND_WORDS_CJK if text and not text.isascii() and _CJK_CHAR.search(text) else _KIND_WORDS
    return {kind for kind, pattern in words if pattern.search(text)} if text else set()


_SHELL_UTILITIES = {"mkdir", "cp", "mv", "rm", "echo", "cat", "touch", "ln", "chmod", "export", "source", "cd", "set", "true",
                    "test", "sleep", "printf", "env", "sudo", "python", "python3", "node", "git"}
# Adding, removing or upgrading a dependency (`uv add x`, `npm update`, `uv lock --upgrade`, `go get`, `make update-deps`).
_DEPENDENCY_CHANGE = _lazy(r"^(?:\S+\s+){0,2}(add|remove|rm|uninstall|update|upgrade|up|outdated|lock)\b"
                           # `npm install @scope/pkg other`, `composer require vendor/pkg`: adding named packages
                           r"|^(?:npm|pnpm|yarn|bun)\s+(?:install|i)\s+(?:(?:-D|-S|-E|--save(?:-dev|-exact)?)\s+)*[@a-z][\w@/.-]*(?:\s|$)"
                           # `npm install <package>`, `pip install [package]`: the package one chooses to add, a placeholder
                           r"|^(?:npm|pnpm|yarn|bun|pip3?|uv\s+pip|python3?\s+-m\s+pip|gem|composer)\s+(?:install|i|add)\s+"
                           r"(?:(?!-r\b|-e\b|--requirement\b|--editable\b)-\S+\s+)*(?:<[^>]+>|\[[^\]]+\]|\{[^}]+\})"
                           r"|^composer\s+require\b|^mix\s+deps\.(?:update|unlock|clean)\b"
                           r"|(^|\s)go get\b|--upgrade\b|(^|\s)(make|just|task)\s+\S*(update|upgrade)\S*")


_INFRA_SERVICES = r"(db|database|postgres(ql)?|pg|mysql|mariadb|redis|mongo(db)?|kafka|zookeeper|rabbitmq|localstack|minio|elasticsearch|nats)"
# `docker compose up` in any form starts the containers the project runs in: infrastructure, not a task an agent runs.
_INFRA = _lazy(r"(?:docker|podman)[- ]compose\b.*\bup\b|\b(supabase|localstack|minikube|colima) start\b|"
               r"(^|\s)(make|just|task|npm\s+run|pnpm(?:\s+run)?|yarn(?:\s+run)?|bun\s+run)\s+(\S+[-_:])?(up|down|infra|infrastructure)"
               r"([-_:]\S+)?\s*$")
# Words that say a command starts or stops the containers, services or infrastructure the project runs on.
_INFRA_LABEL = _lazy(r"\b(start|stop|restart|run|bring up|launch)s?\b[^.]{0,30}\b(containers?|infrastructure|infra|"
                     r"docker (?:services|stack)|(?:backing|local) services|(?:beat |cron )?schedulers?|daemons?)\b|"
                     # "Start PostgreSQL in Docker", "Run Redis locally": a database or broker the project uses
                     r"\b(?:start|run|launch)s?\s+(?:the\s+|a\s+|local\s+)*" + _INFRA_SERVICES + r"\b(?:\s+(?:in|with|via)\s+docker\b|"
                     r"\s+(?:container|server|instance)\b)", re.IGNORECASE)
_INFRA_WORDS = _lazy(r"\b(start|run)s?\s+(the\s+)?" + _INFRA_SERVICES + r"\b", re.IGNORECASE)
_RELEASE_ONLY = _lazy(r"\b(publish(ing)?|deploy(ing|ment)?|releas(e|es|ing)|shipping|diagnos(is|tics?)|troubleshoot(ing)?|"
                     r"debugging|benchmark(s|ing)?|profiling)\b", re.IGNORECASE)
# "Pre-Deployment Checklist", "Before releasing": the checks that must pass before the project ships
_PRE_RELEASE_CHECKS = _lazy(r"(?i)\bpre-?(?:deploy\w*|releas\w*|publish\w*)\b|\bbefore\s+(?:\w+\s+)?(?:deploy\w*|releas\w*|publish\w*)")
_DEPLOY_WORDS = _lazy(r"\b(deploy(s|ing|ment)?|provision(s|ing)?|tear(s|ing)? ?down|clean(s|ing)? ?up|destroy(s|ing)?)\b", re.IGNORECASE)
# "GitHub Actions workflow (`ci.yml`) performs:", "CI runs these steps:": a list of what CI does.
# "Every push to `main` and every PR must run:": the checks each push or pull request sets off, the pipeline's list too.
_CI_LEAD = _lazy(r"^\W*(?:the\s+|our\s+)?(?:CI|CI/CD|GitHub Actions|GitLab CI|pipeline|(?:CI\s+)?workflows?)\b[^:.]{0,60}?"
                 r"\b(?:performs?|runs?|executes?|does|checks?)\b[^:.]{0,40}:\s*$|"
                 r"^\W*(?:every|each|all)\s+(?:push(?:es)?|PRs?|pull\s+requests?|merges?)\b[^:.]{0,80}?\b(?:must|will|shall)\s+"
                 r"(?:run|pass|trigger)\b[^:.]{0,20}:\s*$", re.IGNORECASE)
# "Ask the user which style to use:", "Choose one of:": a question's lead-in, whose items are the options it offers
_CHOICE_LEAD = _lazy(r"(?i)^\W*(?:\d+[.)]\s*)?(?:ask|prompt|query)\s+(?:the\s+(?:user|developer)\s+|them\s+)?(?:which|what|whether)\b"
                     r"[^:：]{0,80}[:：]\s*$|"
                     r"^\W*(?:\d+[.)]\s*)?(?:let\s+the\s+user\s+)?(?:choose|pick|select)\s+(?:one|between|among|from)\b[^:：]{0,60}[:：]\s*$")
# "Before deploying, verify:", "Make sure that:": a checklist lead-in, whose items state what must hold
_CHECK_LEAD = _lazy(r"(?i)\b(?:verify|ensure|make\s+sure|confirm|check(?:\s+that)?)\s*(?:that\s*)?:\s*$|\bchecklist\s*:?\s*$")
# a section about the CI pipeline ("## CI/CD Workflow Requirements", "## GitHub Actions")
_CI_SECTION = _lazy(r"(?i)\bCI\b|\bCI/CD\b|\bGitHub\s+Actions\b|\bGitLab\s+CI\b|\bworkflows?\b|\bpipelines?\b")
_INDENTED = _lazy(r"^(?: {4,}|\t)(?P<code>\S.*)$")
_BARE_AFTER_LABEL = _lazy(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?(?P<label>[A-Z][\w /&()+.-]{1,40}?)(?:\*\*|__)?\s*:\s*(?P<rest>[^`]+)$")
_PAREN = _lazy(r"\((?P<cmd>[^()`]{3,120})\)")
_TABLE_SEP = _lazy(r"^\s*\|?\s*:?-{2,}")


def _unbold(text: str) -> str:
    """The text without bold markers; a code span keeps its underscores (`__tests__`, `__init__.py`)."""
    if "`" not in text:
        return text.replace("**", "").replace("__", "")
    pieces = rx.split(r"(`[^`]*`)", text)
    return "".join(p if p.startswith("`") and p.endswith("`") and len(p) > 1 else p.replace("**", "").replace("__", "")
                   for p in pieces)


def _sentence_at(text: str, position: int) -> str:
    """The sentence of ``text`` that holds ``position`` (a wrapped list item says several things)."""
    start = 0
    for part in rx.split(r"(?<=[.;!?])\s+(?=[A-Z*`(])", text):
        if start <= position < start + len(part) + 1:
            return part
        start += len(part) + 1
    return text


def _position(line: str, value: str) -> int:
    at = line.find(f"`{value}`")
    return at if at >= 0 else line.find(value)


def _path_parent(path: str) -> str:
    return path if path.endswith("/") else ""


# "**WRONG - these will hang:**", "❌ Don't do this:", "Avoid:", "Never run these:": the lead-in of a block of what not
# to run. "Never commit without running:" introduces what to run, and is not one.
_WRONG_LEAD = _lazy(r"(?i)^\W*(?:[\u274c\U0001f6ab\u26d4\u2717\u2718]|(?:wrong|incorrect|bad|avoid|anti-?patterns?|not this)\b|"
                    r"(?:don'?t|do not|never)\s+(?:run|use|do|call|execute|type)\b(?![^:]*\b(?:without|before|until|unless|forget)\b))"
                    r"[^:]*:\W*$")
_LIST_ITEM = _lazy(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+\S")
# "- 2024-03-05: moved the build to `ocaml/`; `dune build` passes", "* **2024/03/05** — ran `make bench`": an entry of a dated
# log of past work; the commands it names are what was run once, not the project's commands.
_DATED_ENTRY = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+[*_\[(]{0,3}(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})\b")
# "## Changelog", "## Recent Changes", "### Development History", "## [1.0.1] - 2025-08-20": a section that records past
# work or releases, not how the project is built, run or checked.
_LOG_HEADING = _lazy(r"(?i)\b(change ?logs?|release notes|(?:version|development|change|commit|git|project) history|history of changes|"
                     r"recent (?:changes|updates|work|development)|session logs?|work ?logs?|progress logs?|dev(?:elopment)? logs?)\b|"
                     r"^\W*\[?v?\d+\.\d+(?:\.\d+)?\]?\s*[-–—(]\s*\d{4}-\d{2}-\d{2}")


def _continuations(lines: list[str]) -> tuple[dict[int, str], set[int]]:
    """List items wrapped over several lines, joined: {first line: the item in one line}, and the lines joined in.

    A wrapped item's sentence (a policy, a backtick span cut by the wrap) is read whole, on the item's first line.
    """
    joined: dict[int, str] = {}
    skip: set[int] = set()
    in_fence, marker = False, ""
    index = 0
    while index < len(lines):
        line = lines[index]
        fence = _FENCE.match(line)
        if fence and not in_fence:
            in_fence, marker = True, fence.group(1)
        elif fence and _fence_closes(fence, line, marker):
            in_fence = False
        item = None if in_fence else _LIST_ITEM.match(line)
        if item:
            indent = len(item.group("indent"))
            parts, nxt = [line.rstrip()], index + 1
            while nxt < len(lines) and len(parts) < 8:
                follow = lines[nxt]
                if not follow.strip() or _LIST_ITEM.match(follow) or _FENCE.match(follow) \
                        or follow.lstrip().startswith(("#", "|", ">")) or len(follow) - len(follow.lstrip()) <= indent:
                    break
                parts.append(follow.strip())
                nxt += 1
            if len(parts) > 1:
                joined[index + 1] = " ".join(parts)
                skip.update(range(index + 2, nxt + 1))
            index = nxt
            continue
        index += 1
    return joined, skip


def _relined(found: list[Fact], lines: list[str], first: int) -> list[Fact]:
    """Facts read from a wrapped list item, each on the line where what it rests on starts."""
    starts, plain = [], ""
    number = first
    while True:
        starts.append((len(plain), number))
        plain += (" " if plain else "") + _unbold(lines[number - 1].strip())
        number += 1
        if number > len(lines) or number - first >= 8 or not lines[number - 1].strip() or \
                number - 1 >= first and _LIST_ITEM.match(lines[number - 1]):
            break
    out = []
    for fact in found:
        position = -1
        if fact.key == "git.branch.protected":
            match = _NO_PUSH.search(plain) or _NO_DIRECT.search(plain) or _PROTECTED.search(plain) or _PROTECTION_ON.search(plain)
            position = match.start() if match else -1
        elif isinstance(fact.value, str):
            position = " ".join(plain.split()).find(" ".join(fact.value.split())[:40])
        if position > 0:
            line = max(n for offset, n in starts if offset <= position + 1)
            fact = fact.replace(line=line)
        out.append(fact)
    return out


def extract(text: str, *, nested: bool = False) -> Facts:
    """Every fact in one memory file, in line order (``.rejected``: the unsafe commands left out). ``nested``: the file
    lives below the repository's root (`ops/AGENTS.md`), so a path that climbs out of its directory (`../src/app.py`) is
    still a part of the repository, written from where the file stands."""
    _PARENT_PATHS[0] = nested
    try:
        return _extract(text)
    finally:
        _PARENT_PATHS[0] = False


# Whether the file being read is nested (see ``extract``): its parent-relative paths name parts of the repository.
_PARENT_PATHS = [False]


# the words of a sentence, which a command written bare on its own line does not carry
_PROSE_WORDS = _lazy(r"(?i)(?<![\w./-])(?:the|a|an|it|is|are|was|to|that|this|these|you|your|we|our|and|or|of|for|with|sure|"
                     r"when|if|then|should|must|will|can|not|be|by|on|in|at|as|from|all|any|each)(?![\w./-])")


def _bare_command(line: str) -> tuple[str, str] | None:
    """A line that is one shell command and nothing else (`npm run build`, `npm test (vitest)`): the command and the
    aside in parentheses after it, or None for prose."""
    if "`" in line or "**" in line or rx.search(r"[.:!?;,]$", line) or not rx.match(r"[a-z.][\w./-]*(?:\s|$)", line):
        return None
    aside = rx.search(r"\s+\((?P<aside>[^()]{1,60})\)$", line)
    command = line[:aside.start()] if aside else line
    words = command.split()
    if not 1 <= len(words) <= 8 or _PROSE_WORDS.search(command.split(" -- ", 1)[0]) \
            or not (_is_command(command) and _program_shaped(command)):
        return None
    return _clean_command(command), aside.group("aside") if aside else ""


# A file whose subject is deploying the project: its title, or its front matter's description, says so ("# Deployment
# Guidelines", "description: Deployment standards: …").
_DEPLOY_SUBJECT = _lazy(r"(?i)\bdeploy(?:s|ing|ments?)?\b")
# A section of what not to do ("## Anti-Patterns", "### Don'ts", "## Common Mistakes", "## What to avoid").
_PROHIBITIONS_HEADING = _lazy(r"(?i)^\W*(?:\d+[.)]\s*)?(?:deployment\s+)?(?:anti-?\s?patterns?|don'?ts|(?:common\s+)?mistakes(?:\s+to\s+avoid)?|"
                              r"(?:things\s+|what\s+)?(?:to\s+)?avoid|never|what\s+not\s+to\s+do|(?:things\s+)?not\s+to\s+do)\W*$")
# "- Commit `.env` with real secrets" under "## What Not to Do": a git act the heading forbids
_PROHIBITED_GIT_ACT = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?(?P<act>(?:commit|push|force[- ]push|merge)\b.*)$", re.IGNORECASE)
# An item stated as a prohibition: a cross mark, or led by a negation.
# (a cross marks an act - "❌ Skipping the plan before apply", "❌ No rollback plan" - as prohibited; after it a bare noun
# phrase, "❌ Long-lived feature flags", names a thing to avoid, no step of the release)
_PROHIBITED_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?(?P<rule>(?:(?:❌|🚫|⛔|✗|✘)\ufe0f?\s*)?(?i:do\s+not|don'?t|never|avoid|no)\s+\S.*|"
                         r"(?:❌|🚫|⛔|✗|✘)\ufe0f?\s*[A-Za-z]+ing\b.*)$")
# A lead-in that names the preparation before the project ships, and nothing else ("Prepare for deployment:", "Before
# deploying:", "Pre-release steps:").
_PREPARE_LEAD = _lazy(r"(?i)\W*(?:\d+[.)]\s*)?(?:prepar(?:e|ing|ation)\s+(?:for\s+)?(?:the\s+|a\s+)?(?:deploy\w*|release|production|"
                      r"launch)|before\s+(?:deploy\w*|releas\w*|going\s+live|shipping)|pre-?(?:deploy\w*|release)(?:\s+steps?)?)\W*")
# A step of it led by its verb ("Test the build locally", "Update `.vercelignore` if …", "Ensure all variables are set").
_PREPARE_STEP = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(?P<rule>(?:test|verify|ensure|update|check|confirm|make\s+sure|"
                      r"review|validate|run|back\s+up|bump|tag)\b\s*\S.*)$", re.IGNORECASE)
# A section of how the project is shipped ("## Deployment Workflow Conventions", "### Release", "## Rollback").
_DEPLOY_HEADING = _lazy(r"(?i)\b(?:deploy\w*|releas(?:e|es|ing)|roll-?outs?|roll-?backs?)\b")
# A step of it led by its verb ("Pin each artefact to its version", "Roll back by reinstalling the last release", "Keep
# setup apart from shipping"): one rule of the release each.
# (a bullet: numbered steps are a procedure's sequence, what one script or one run does)
# (a choice of how to ship - use, tag, separate, roll back, promote - not a check to run: "Verify the service is up",
# "Monitor error rates" are the steps of one deployment)
# (a prohibition there is read by the section it sits in: "Do not edit generated files" is no step of shipping)
_DEPLOY_STEP = _lazy(r"^\s*[-*+]\s+(?P<rule>(?:use|tag|separate|roll\s+back|promote|prefer)\b\s*\S.*)$", re.IGNORECASE)
# The events that start a pipeline, as a section lists them ("### Workflow Triggers", "## CI triggers").
_TRIGGER_HEADING = _lazy(r"(?i)^\W*(?:(?:ci|workflow|pipeline|build|deploy(?:ment)?)\s+)?triggers?\W*$")


def _deploy_doc(lines: list[str]) -> bool:
    """Whether the file is about deploying the project: its first top-level heading or its front matter's description
    names deployment."""
    in_front = bool(lines) and lines[0].strip() == "---"
    for number, line in enumerate(lines[:80]):
        if in_front:
            if number and line.strip() == "---":
                in_front = False
            elif rx.match(r"(?i)\s*description\s*:", line) and _DEPLOY_SUBJECT.search(line):
                return True
            continue
        if line.startswith("# "):
            return bool(_DEPLOY_SUBJECT.search(line))
    return False


def _drop_front_matter_rules(facts: Facts, lines: list[str]) -> None:
    """Leave out the rules read in the file's front matter (`description: "Use when committing … Covers branch naming,
    Conventional Commits …"`): metadata that tells the agent when the file applies, summarising the rules the body
    states, no rule of its own."""
    if not lines or lines[0].strip() != "---":
        return
    end = next((n for n, line in enumerate(lines[1:60], 2) if line.strip() == "---"), 0)
    if end:
        facts[:] = [f for f in facts if not (f.line <= end and f.key.startswith(("policy.", "git.")))]


def _extract(text: str) -> Facts:
    facts = Facts()
    lines = text.splitlines()
    heading = ""
    prose_before = ""
    in_fence = False
    fence_lang = ""
    fence_marker = ""
    block_comment = ""
    pending = ""  # a `\`-continued command line
    pending_line = 0
    parents: list[tuple[int, str]] = []  # (indent, directory) of the path list items above
    previous_blank = True
    in_indented = False
    example_lead: tuple[int, bool] | None = None  # (indent, a list item?) of an "Examples:" lead-in
    example_pending = 0  # after a paragraph lead-in: 1 the next paragraph is its example, 2 an "or" line may bring another
    ignore_lead: tuple[int, bool] | None = None  # (indent, a list item?) of "Ignored paths:", "Never edit:" lead-ins
    choice_lead: tuple[int, bool] | None = None  # (indent, a list item?) of an "Ask the user which …:" lead-in
    choice_lines: set[int] = set()  # the items under such a lead-in
    route_lead: tuple[int, bool] | None = None  # (indent, a list item?) of a "Routes:" / "Endpoints:" lead-in
    dir_lead: tuple[int, bool] | None = None  # (indent, a list item?) of a "Directory Structure:" lead-in
    doc_lead: tuple[int, bool] | None = None  # (indent, a list item?) of a "Release notes should be:" lead-in
    layer_lead: tuple[int, bool] | None = None  # (indent, a list item?) of an "Each module contains:" lead-in
    not_lead: tuple[int, bool] | None = None  # (indent, a list item?) of a "Do not:" / "Never:" lead-in
    maybe_lead: tuple[int, bool] | None = None  # (indent, a list item?) of a "(when the app exists):" lead-in
    env_lead: tuple[int, bool, bool] | None = None  # (indent, a list item?, required?) of "Required environment variables:"
    env_block: bool | None = None  # what the prose before a code block says of the variables it sets
    table_header: list[str] | None = None  # the first row of the table being read
    in_table = False
    lead_tables = 0  # tables begun since the last env lead-in
    rule_items: list[tuple[int, int]] = []  # (indent, line of a directive lead still without its rule) of the rule items above
    naming_section: str | None = None  # the heading under which a branch-naming rule was read
    heading_line = 0
    sections: list[tuple[int, str]] = []  # (level, text) of the headings above
    title: tuple[int, str] | None = None  # the file's first top-level heading: the project's name, not a section
    recipe_at = -1  # the heading line of the section whose list is a task's steps ("follow these steps:")
    example_block = False  # the last fenced command was an example (so an "Or …:" lead-in after it leads another)
    item_leads: list[tuple[int, str]] = []  # (indent, text) of the lead-ins ("- **Run tests:**") over the items below
    comment_at = 0  # the line of the fenced block's last comment
    ci_checks = False  # the section lists the checks CI must pass (its commands are the pipeline's)
    bare_ok = False  # the line before (past blank lines) was a heading or a bare command line: a command may stand alone
    joined, continued = _continuations(lines)
    facts.provided = _provided_programs(lines) if "bin" in text else set()
    facts.own = _own_programs(lines)
    facts.static_site = "uxt" in text and rx.search(r"(?i)\bnuxt(?:\.js|js)?\b", text) is not None
    roots = _span_roots(text)
    dir_roots = roots | set(_WRITTEN_DIR.findall(text))
    deploy_doc = _deploy_doc(lines)
    nested_fences = 0  # the code blocks open inside a Markdown template's block
    fence_at = 0  # the line the open code block began at
    fence_examples = False  # the open code block said "Examples:"
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if number in continued and not in_fence:
            continue  # read with the list item it continues
        line = joined.get(number, line)
        fence = _FENCE.match(line)
        if fence and in_fence and fence_lang in ("markdown", "md") and fence.group(1) == fence_marker:
            # a Markdown template's own code blocks ("```markdown" holding "```bash" … "```"): the inner fences open and
            # close inside it, as its author wrote them, and the template ends at the fence that closes it (a longer
            # outer fence, "````markdown", already holds its inner ones)
            if fence.group(2):
                nested_fences += 1
                continue
            if nested_fences and _fence_closes(fence, line, fence_marker):
                nested_fences -= 1
                continue
        if fence and (not in_fence or _fence_closes(fence, line, fence_marker)):
            if not in_fence:
                nested_fences = 0
                in_fence, fence_marker, fence_lang, block_comment = True, fence.group(1), fence.group(2).lower(), ""
                fence_at, fence_examples = number, False
                bare_ok = False
                pending = ""
                env_block = env_lead[2] if env_lead else _env_required(prose_before) if _ENV_LEAD.search(prose_before) \
                    or _ENV_REQUIRED.search(prose_before) else _env_required(heading) if _ENV_LEAD.search(heading) else None
            else:
                in_fence = False
            continue
        if in_fence:
            if fence_lang in _SHELL_LANGS or fence_lang in ("env", "dotenv"):
                assign = _ENV_ASSIGN.match(line.strip())
                if assign:
                    said = next((s for s in (_env_required(assign.group("comment") or ""), _env_required(block_comment))
                                 if s is not None), env_block)
                    if said and assign.group("name") not in _ENV_IGNORED_NAMES:
                        facts.append(Fact(f"env.{assign.group('name')}", "required", "env", line=number, text=line.strip()))
                    continue
                listed = _ENV_LISTED.match(line.strip())
                if listed and listed.group("name") not in _ENV_IGNORED_NAMES:
                    # "### Environment Variables Required" over `NAME — what it is` lines, `# Validate required variables`
                    # over a `required_vars=(` array of quoted names: each name listed is required, but one its own
                    # words call optional
                    said = _env_required(block_comment) if block_comment else None
                    if (env_block if said is None else said) and _env_required(listed.group("rest") or "") is not False:
                        facts.append(Fact(f"env.{listed.group('name')}", "required", "env", line=number, text=line.strip()))
                    continue
                if fence_lang in ("env", "dotenv") and line.strip().startswith("#"):
                    block_comment = line.strip().lstrip("# ")
            stripped = line.strip()
            if rx.search(r"→|->|⇒|=>", stripped) and rx.search(r"\b(?:main|master|develop|trunk)\b", stripped) \
                    and not _is_command(_clean_command(stripped)):
                # a branch flow drawn in a block ("develop (PR target) → staging → main"): its branch facts, as in prose
                facts.extend(f for f in _prose_facts(stripped, number, heading, no_paths=True) if f.key.startswith("git."))
                if _branch_flow(stripped):
                    facts.append(Fact(_policy_key(stripped), stripped[:200], "intent", line=number, authority="developer",
                                      text=stripped))
                continue
            if fence_lang in ("matlab", "octave") and _MATLAB_TESTS.match(stripped):
                # `results = runtests('tests');`, `runAllTests()`: the MATLAB session's way to run the test suite
                facts.append(Fact("command.test", stripped, "command", line=number, text=stripped,
                                  qualifier=_qualifier(stripped, block_comment), explicit=context_kind(heading) == "test"))
                continue
            if fence_lang not in _SHELL_LANGS and fence_lang not in ("makefile", "make", "fish", "nu", "pwsh") \
                    and not (fence_lang in ("r", "R") and (stripped.startswith("#") or _R_CALL.match(stripped))):
                continue  # (an R block's package-development calls, `devtools::test()`, are the R console's commands)
            if not stripped:
                continue
            if pending:
                stripped, number_at = pending + " " + stripped, pending_line
            else:
                number_at = number
            if stripped.endswith("\\"):
                pending, pending_line = stripped[:-1].rstrip(), number_at
                continue
            pending = ""
            if stripped.startswith(("#", "//", "REM ", "::")):
                said_here = stripped.lstrip("#/: ").removeprefix("REM ").strip()
                if rx.fullmatch(r"(?i)(?:or|alternatively|or alternatively|or equivalently|or instead|or directly)\W*", said_here):
                    continue  # "# or" between two commands: the second is another way to do what the comment above says
                block_comment, comment_at = said_here, number
                policy = _policy(block_comment, number, stripped, bool(_WORKFLOW_HEADING.search(heading)))
                if policy:
                    facts.append(policy)
                for trunk in _DEFAULT_BRANCH.finditer(block_comment) if "branch" in block_comment.lower() \
                        or rx.search(r"(?i)\b(start|begin)\b", block_comment) else ():
                    facts.append(Fact("git.default_branch", next(g for g in trunk.groups() if g), "branch_policy",
                                      line=number, text=stripped, explicit=True))
                if not _ENV_ASSIGN.match(block_comment):  # `# DATABASE_URL=…`: a commented-out placeholder
                    facts.extend(Fact(f"env.{name}", "required", "env", line=number, text=stripped)
                                 for name in _env_names(block_comment))
                if _NEEDS_WORD.search(block_comment):  # "# Build the workspace (requires Rust 1.85+)"
                    facts.extend(_version_facts(block_comment, number, stripped))
                continue
            start_point = _BRANCH_START.search(stripped) or _TRUNK_SYNC.search(stripped)
            if start_point:  # `git checkout -b feature/x origin/main`, `git pull origin main`: new work starts from the trunk
                facts.append(Fact("git.default_branch", start_point.group("trunk") or start_point.groupdict().get("trunk2"),
                                  "branch_policy", line=number, text=stripped))
            new_branch = _NEW_BRANCH_PATTERN.search(stripped)
            if new_branch and naming_section != heading:  # `git checkout -b feature/<name>`: the name a new branch takes
                facts.append(Fact("policy.branch_naming", new_branch.group("pattern"), "intent", line=number, authority="developer",
                                  text=stripped))
                naming_section = heading
            if _COMMIT_TEMPLATE.search(stripped) and not any(
                    f.key == "policy.conventional_commits" and number - 2 <= f.line < number for f in facts[-3:]):
                # (a second template right below the first restates the rule it shows)
                facts.append(Fact("policy.conventional_commits", stripped, "intent", line=number, authority="developer",
                                  text=stripped))
            if rx.match(r"git\s+(?:commit|push)\b", stripped) and comment_at and number - comment_at <= 3 \
                    and rx.match(r"(?i)(?:after|once)\s+(?:you\s+)?(?:\w+ing|each|every|a|the)\b", block_comment) \
                    and not any(f.line == comment_at and f.key.startswith("policy.") for f in facts):
                # "# After implementing a command" over `git add …` / `git commit …`: when the file commits
                facts.append(Fact("policy.commit_after_change", block_comment[:200], "intent", line=comment_at,
                                  authority="developer", text=block_comment))
                comment_at = 0
            if rx.fullmatch(r"(?i)(?:#\s*)?(?:e\.g\.|examples?|for example)\W*", stripped):
                fence_examples = True  # "Examples:" inside the block: the names below it are examples of the pattern above
            if "/" in stripped and _BRANCH_NAME_LINE.fullmatch(stripped) and _BRANCH_NAMING_HEADING.search(heading) \
                    and not fence_examples and not _EXAMPLE.search(prose_before) and not any(
                        f.key == "policy.branch_naming" and heading_line <= f.line < fence_at for f in facts):
                # "## Branch Naming" over a block of `feat/add-user-profile`, `fix/login-redirect`: the section's only
                # naming statement, one kind of branch a line
                facts.append(Fact("policy.branch_naming", stripped, "intent", line=number, authority="developer", text=stripped))
                continue
            command = _clean_command(stripped)
            comment = stripped.split(" #", 1)[1] if " #" in stripped else ""
            if comment and _is_command(command):  # `make publish  # … (requires GALAXY_API_KEY)`: what the command needs set
                facts.extend(Fact(f"env.{name}", "required", "env", line=number_at, text=stripped)
                             for name in _env_names(comment))
                if _NEEDS_WORD.search(comment):  # `make fuzz  # (requires Go 1.22+)`, not "tests for Node.js 22" (a matrix)
                    facts.extend(_version_facts(comment, number_at, stripped))
            if comment and (_STAGE_COMMENT.match(comment) or _STAGE_COMMENT.search(comment) and "(" in comment):
                # "make tier2   # Pre-commit: tier1 + test": run at that stage
                facts.append(Fact(_policy_key(comment), stripped[:200], "intent", line=number, authority="developer",
                                  text=stripped))
            # a program no list knows, in a shell block, is read where its comment or its own task subcommand
            # (`sozo build`, `idf.py build`) says what it does
            if _is_command(command) or _program(command) in facts.provided or _program(command) in facts.own \
                    or fence_lang != "text" and _program_shaped(command) and (
                    context_kind(comment) or _SUBCOMMAND_TASK.match(command) and _program(command) not in _NOT_TASK_PROGRAMS):
                output = _PATH_OUTPUT.search(comment)
                if output and _path_ok(output.group("path")):  # `bun run build  # (outputs to dist/)`
                    facts.append(Fact("path.build_output", output.group("path"), "path", line=number_at, text=stripped))
                if (_EXAMPLE.search(prose_before) or example_block and rx.match(r"(?i)\W*or\b", prose_before)) \
                        and not comment and not block_comment:
                    # (a paragraph "Or to keep the two apart:" after an example block leads another example)
                    example_block = True
                    continue
                example_block = False
                if _WRONG_LEAD.search(prose_before.replace("**", "").replace("__", "")):
                    continue  # "❌ Wrong - these block forever:" then a block: what not to run
                fact = _command_fact(command, [comment, block_comment, prose_before, heading], number_at, stripped,
                                     facts, explicit_context=comment or block_comment)
                said_kind = context_kind(comment) if fact and comment and fact.key == "command.build" else None
                if fact and said_kind in ("test", "typecheck", "lint") and _PM_SCRIPT.match(command) \
                        and not rx.search(r"(?i)\b(?:build|compil\w*|bundl\w*)\b", comment):
                    # `bun run build  # Type-check (tsc --noEmit)`: the line's comment says what the script does, whatever
                    # its name (a comment that also speaks of building leaves the name its kind)
                    fact = fact.replace(key=f"command.{said_kind}")
                if fact:
                    facts.append(fact)
                inline_env = _PREFIX.match(command)
                if fact and inline_env:  # `A=1 B=2 cmd` under "# needs these variables": the variables it sets are required
                    said = next((s for s in (_env_required(comment), _env_required(block_comment)) if s is not None), env_block)
                    facts.extend(Fact(f"env.{name}", "required", "env", line=number_at, text=stripped)
                                 for name in rx.findall(r"([A-Z][A-Z0-9_]{2,})=", inline_env.group(0))
                                 if said and name not in _ENV_IGNORED_NAMES)
            continue
        if "\uff1a" in line or "\u3001" in line:  # a full-width colon and list comma (CJK prose) read as ": " and ", "
            line = rx.sub(r"\uff1a\s*", ": ", rx.sub(r"\u3001\s*", ", ", line))
        stripped = line.strip()
        if not stripped:
            previous_blank, in_table = True, False
            continue
        indented = _INDENTED.match(line)
        if indented and (previous_blank or in_indented) and not rx.match(r"^\s*([-*+]|\d+[.)])\s", line):
            code = _clean_command(indented.group("code"))
            in_indented = True
            previous_blank = False
            if code.startswith("#"):
                block_comment = code.lstrip("# ")
                continue
            assign = _ENV_ASSIGN.match(code)
            if assign:
                said = next((s for s in (_env_required(assign.group("comment") or ""), _env_required(block_comment))
                             if s is not None), env_lead[2] if env_lead else _env_required(prose_before)
                            if _ENV_LEAD.search(prose_before) or _ENV_REQUIRED.search(prose_before) else None)
                if said and assign.group("name") not in _ENV_IGNORED_NAMES:
                    facts.append(Fact(f"env.{assign.group('name')}", "required", "env", line=number, text=code))
                continue
            if _is_command(code) and not _EXAMPLE.search(prose_before):
                fact = _command_fact(code, [block_comment, prose_before, heading], number, code, facts,
                                     explicit_context=block_comment)
                if fact:
                    facts.append(fact)
            continue
        in_indented = False
        previous_blank = False
        if stripped.startswith("#"):
            _drop_restated_heading_rule(facts, heading_line)
            item_leads = []
            heading = stripped.lstrip("# ").strip()
            level = len(stripped) - len(stripped.lstrip("#"))
            while sections and sections[-1][0] >= level:
                sections.pop()
            if sections and _GENERIC_HEADING.fullmatch(heading) and _WORKFLOW_HEADING.search(sections[-1][1]) \
                    and sections[-1] is not title:
                # "## Git Workflow" then "### Rules:": the rules of the git workflow (the file's title names the project,
                # "# sbt-release-io" then "## Conventions", not a subject its sections inherit)
                heading = f"{sections[-1][1]} / {heading}"
            sections.append((level, heading))
            if title is None and level == 1 and len(sections) == 1:
                title = sections[-1]
            # "# CI/CD Instructions" then "## Required Checks" over "- Lint: `cargo clippy …`": the checks the pipeline must
            # pass - a CI rule, and commands that say what CI runs, not the agent's tasks
            ci_checks = bool(rx.fullmatch(r"(?i)\W*required\s+(?:status\s+|ci\s+)?checks\W*", heading.replace("*", ""))
                             and any(_CI_SECTION.search(sec[1]) for sec in sections[:-1]))
            if ci_checks:
                facts.append(Fact("policy.ci_must_pass", heading[:200], "intent", line=number, authority="developer",
                                  text=stripped))
            if _HEADING_RULE.search(heading.replace("*", "")) or _RELEASE_CHECKLIST_HEADING.fullmatch(heading.replace("*", "")) \
                    or _INTL_WORKFLOW.search(heading) and _INTL_STRONG_RE.search(heading):  # "## Formatting (required before every commit)"
                facts.append(Fact(_policy_key(heading), heading[:200], "intent", line=number, authority="developer",
                                  text=stripped))
            named_path = _PATH_HEADING.match(heading)
            heading_path = named_path and (named_path.group("path") or named_path.group("bare") or named_path.group("dir"))
            if named_path and heading_path and _path_ok(heading_path) and ("/" in heading_path or named_path.group("path")
                                                                          or _CODE_FILE.search(heading_path)):
                what = named_path.group("what") or named_path.group("dwhat")
                facts.append(Fact(f"path.{_slug(what) or 'component'}", heading_path, "path", line=number, text=stripped))
            span_heading = _PATH_SPAN_HEADING.match(heading) if not named_path else None
            if span_heading and rx.search(r"/|\.[A-Za-z]{1,5}$", span_heading.group("path")) and _path_ok(span_heading.group("path")) \
                    and not _is_command(span_heading.group("path")) and not _NOT_A_COMPONENT.search(span_heading.group("what")):
                facts.append(Fact(f"path.{_slug(span_heading.group('what')) or 'component'}", span_heading.group("path"), "path",
                                  line=number, text=stripped))
            # "## Infrastructure — `infra/`": a part's name, then the directory it is (the reverse of "`infra/` — Terraform")
            named_dir = _NAMED_DIR_HEADING.match(heading) if not named_path and not span_heading and level > 1 else None
            if named_dir and _path_ok(named_dir.group("path")) and not _is_command(named_dir.group("path").rstrip("/")) \
                    and not _NOT_A_COMPONENT.search(named_dir.group("what")):
                facts.append(Fact(f"path.{_slug(named_dir.group('what')) or 'component'}", named_dir.group("path"), "path",
                                  line=number, text=stripped))
            file_heading = _FILE_HEADING.match(heading) if not named_path and not span_heading else None
            if file_heading and _CODE_FILE.search(file_heading.group("path")) and _path_ok(file_heading.group("path")) \
                    and not _SELF_DESCRIBING.match(file_heading.group("path")):
                facts.append(Fact(f"path.{_slug(file_heading.group('what')) or 'component'}", file_heading.group("path"), "path",
                                  line=number, text=stripped))
            # "## `sync-staging-db-local.sh`": a heading that is one source file or script alone - its section describes it
            # ("### `services/queue.ts` (Job Runner)": the file, and what it is in parentheses)
            lone_file = rx.fullmatch(r"(?:\d+[.)]\s*)?`(?P<path>(?:[\w.-]+/)*[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{1,10})`"
                                     r"(?:\s*\([^()`]{2,40}\))?", heading.strip()) \
                if level > 1 and not named_path and not span_heading and not file_heading else None
            # ("### `k8s-validation.yml`" under "## Workflows": a CI workflow file the section describes)
            if lone_file and (_CODE_FILE.search(lone_file.group("path")) or rx.search(r"\.ya?ml$", lone_file.group("path"))
                              and any(_CI_SECTION.search(sec[1]) for sec in sections[:-1] if sec is not title)) and _path_ok(lone_file.group("path")) \
                    and not _SELF_DESCRIBING.match(lone_file.group("path")) and not _tool_config(lone_file.group("path")):
                facts.append(Fact(f"path.{_slug(lone_file.group('path').rsplit('.', 1)[0].replace('/', ' ')) or 'component'}",
                                  lone_file.group("path"), "path", line=number, text=stripped))
            prose_before = ""
            block_comment = ""
            naming_section, heading_line = None, number
            parents = []
            heading_dir = rx.fullmatch(r"[*_`\s]*(?:\./)?(?P<dir>[\w.@-]+(?:/[\w.@-]+)*/)[*_`\s]*(?:\([^)]*\))?\s*", heading)
            if heading_dir and level > 1 and _path_ok(heading_dir.group("dir")):
                # "### `src/api/`" then "- `users.ts` — …": the files listed are in it (a title that names a directory
                # names the memory file's own folder, which the file's scope already is)
                parents = [(-1, heading_dir.group("dir"))]
                # and the section is about that directory of the project ("### migrations/" then what it holds)
                if not any(f.key.startswith("path.") and f.line == number for f in facts) \
                        and not _is_command(heading_dir.group("dir").rstrip("/")):
                    facts.append(Fact(f"path.{_slug(heading_dir.group('dir').replace('/', ' ')) or 'component'}",
                                      heading_dir.group("dir"), "path", line=number, text=stripped))
            env_lead = example_lead = ignore_lead = route_lead = dir_lead = doc_lead = layer_lead = not_lead = maybe_lead = None
            choice_lead = None
            example_pending = 0
            bare_ok = True
            continue
        indent = len(line) - len(line.lstrip())
        while parents and parents[-1][0] >= indent:
            parents.pop()
        parent = parents[-1][1] if parents else ""
        role_relative = parent == _PLACEHOLDER_PARENT
        if role_relative:
            parent = ""
        is_item = bool(_LIST_ITEM.match(line))
        cells = _table_cells(stripped) if stripped.startswith("|") else None
        if cells is not None or _TABLE_SEP.match(stripped) and stripped.startswith("|"):
            if not in_table:
                table_header, in_table = cells, True
                lead_tables += 1
                if env_lead and lead_tables > 1:
                    env_lead = None  # a lead-in covers the one table below it
        else:
            table_header, in_table = None, False
        # a group's own label under a paragraph lead-in ("The app requires these environment variables:" then "**Database:**"
        # and its list): the lead-in still covers the lists of its groups
        group_label = bool(env_lead) and not is_item and not (env_lead or (0, True))[1] and cells is None \
            and bool(rx.fullmatch(r"(?:\*\*|__)?[A-Z][\w /&().-]{1,40}:?(?:\*\*|__)?:?", stripped)) and stripped.rstrip("*_").endswith(":") \
            and not rx.search(r"(?i)\b(?:examples?|notes?|usage|e\.g)\b", stripped) \
            and bool(_ENV_ITEM.match(next((s for s in lines[number:number + 3] if s.strip()), "")))  # (the group lists variables)
        if group_label and env_lead:
            # the group's own word decides its list: "**Optional:**" under "Required variables:" leads optional ones
            group_said = _env_required(stripped)
            if group_said is not None:
                env_lead = (env_lead[0], env_lead[1], group_said)
        if env_lead and not group_label \
                and not (is_item and (indent > env_lead[0] or not env_lead[1]) or in_table and not env_lead[1]):
            env_lead = None  # the list (or table) under the lead-in has ended
        example_here = False
        if example_lead:
            if is_item and (indent > example_lead[0] or not example_lead[1]) and example_pending != 2:
                example_here, example_pending = True, 0  # the list under the lead-in
            elif example_pending and not is_item:
                # "So an example could be:" then a paragraph (and "or" and another): the paragraph is the example
                bridge = bool(rx.fullmatch(r"(?i)\W*(or|and|alternatively|or else)\W*", stripped))
                example_here = example_pending == 1 or bridge
                example_pending = 1 if bridge else 2 if example_here else 0
            else:
                example_lead, example_pending = None, 0
            if not example_here and not is_item and example_lead and not example_lead[1]:
                example_lead, example_pending = None, 0
        if ignore_lead and not (is_item and (indent > ignore_lead[0] or not ignore_lead[1])):
            ignore_lead = None
        if choice_lead and not (is_item and (indent > choice_lead[0] or not choice_lead[1])):
            choice_lead = None
        if route_lead and not (is_item and (indent > route_lead[0] or not route_lead[1])):
            route_lead = None
        if dir_lead and not (is_item and (indent > dir_lead[0] or not dir_lead[1])):
            dir_lead = None
        if doc_lead and not (is_item and (indent > doc_lead[0] or not doc_lead[1])):
            doc_lead = None
        if is_item:
            while item_leads and item_leads[-1][0] >= indent:
                item_leads.pop()
        elif stripped:
            item_leads = []
        lead = item_leads[-1][1] if item_leads and is_item else ""
        lead_text = rx.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", stripped).replace("**", "").replace("__", "").strip()
        if lead_text.endswith(":") and "`" not in lead_text and 3 <= len(lead_text) <= 60 and not cells:
            # "- **Start local server:**" or "**Development Server:**" over the items that give its commands: their label
            item_leads.append((indent if is_item else -1, lead_text.rstrip(":")))
        bare = _bare_command(stripped) if bare_ok and not is_item and cells is None and not in_table else None
        bare_ok = bare is not None
        if bare:
            # "## Quick Start" then `npm install` on a line of its own, no fence, no backticks: the section's commands
            # written bare, one a line ("npm test (vitest)": the parenthesis says what it runs)
            command, aside = bare
            fact = _command_fact(command, [aside, prose_before, heading], number, stripped, facts, explicit_context=aside)
            if fact:
                facts.append(fact)
            prose_before = stripped
            continue
        found = _prose_facts(stripped, number, heading, facts.rejected, prose_before=prose_before, parent=parent, earlier=facts,
                             item_lead=lead, doc_list=doc_lead is not None,
                             env_scope=bool(env_lead and env_lead[2]), example=example_here,
                             table_header=table_header, no_paths=ignore_lead is not None or _IGNORED.search(heading) is not None
                             or example_here, span_roots=roots, dir_roots=dir_roots)
        if _EXAMPLE.search(stripped.replace("**", "").replace("__", "")):
            example_lead, example_pending = (indent, is_item), 0 if is_item else 1
        elif stripped.endswith(":") and _CI_LEAD.search(rx.sub(r"`[^`]*`|\*\*", "", stripped)):
            example_lead, example_pending = (indent, is_item), 0  # the list of what CI runs: not the agent's commands
        if rx.search(r"(?i)\bbranch", heading) or table_header and any(rx.search(r"(?i)\b(branch|prefix)", c) for c in table_header):
            # "| `feature/` | New functionality |" under "Branch Prefixes": a branch-name prefix, not a directory
            found = [f for f in found if not (f.key.startswith("path.") and rx.fullmatch(r"[\w-]+/", str(f.value)))]
        if naming_section == heading:  # the rows under a naming rule list the same convention again
            found = [f for f in found if f.key != "policy.branch_naming"]
        branch_kind = _BRANCH_KIND_ITEM.match(stripped) if is_item and not example_here and "`" in stripped and "/" in stripped \
            else None
        if branch_kind and (rx.search(r"(?:→|->|⇒)\s*`", stripped[branch_kind.start("name"):])
                            or any(f.key.startswith("policy.") and heading_line <= f.line < number
                                   and _NAMING_RULE.search(str(f.text)) and not _LIST_ITEM.match(lines[f.line - 1])
                                   for f in facts)):
            # ("- Assets: `raw/` → `processed/`": a flow between folders; "Branch names must follow `<type>/<slug>`." above
            # the list: the section's rule is stated, its items show it)
            branch_kind = None
        if branch_kind and rx.search(r"(?i)\bbranch\b", branch_kind.group("label") or "") \
                and not rx.search(r"[<{*]|/$", branch_kind.group("name")):
            branch_kind = None  # "- Source branch: `agent/calm-otter-x1`": the one branch a task is on, no kind of branch
        if branch_kind and rx.search(r"(?i)branch", f"{heading} {branch_kind.group('label') or ''} {lead}") \
                and not any(f.key == "policy.branch_naming" for f in found) and not _lead_states_rule(facts, lines, number, indent):
            # "## Branches" then "- `feature/` — new features", "- `fix/` — bug fixes": each item names one kind of
            # branch, a naming rule of its own
            sentence = rx.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", stripped).replace("**", "").replace("__", "").strip()[:200]
            found = [f for f in found if not (f.key.startswith("path.") and str(f.value).rstrip("/*") in branch_kind.group("name"))]
            found.append(Fact("policy.branch_naming", sentence, "intent", line=number, authority="developer", text=stripped))
        if is_item and lead and ("pre" in lead.lower() or "before" in lead.lower()) and _PREPARE_LEAD.fullmatch(lead) \
                and _PREPARE_STEP.match(stripped) \
                and not any(f.key.startswith(("policy.", "command.")) for f in found):
            # "1. **Prepare for deployment:**" then "   - Test the build locally", "   - Ensure the variables are set": the
            # steps that come before the project ships, each a rule of its release
            sentence = _PREPARE_STEP.match(stripped).group("rule").strip()[:200]
            found.append(Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=stripped))
        if is_item and "rigger" in heading.lower() and _TRIGGER_HEADING.search(heading) and not _STRONG_DIRECTIVE.search(stripped):
            # "### Workflow Triggers" then "- Push to main branch", "- Tag releases": the events that start a pipeline,
            # not what to do and not the trunk work goes to
            found = [f for f in found if not f.key.startswith(("policy.", "git."))]
        prohibited_act = _PROHIBITED_GIT_ACT.match(stripped) if is_item and _PROHIBITIONS_HEADING.search(heading) else None
        if prohibited_act and not any(f.key.startswith("policy.") for f in found):
            # "## What Not to Do" then "- Commit `.env` with production URLs": the git act is forbidden
            act = prohibited_act.group("act").replace("**", "").strip()
            sentence = "Do not " + act[:1].lower() + act[1:190]
            found.append(Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=stripped))
        if is_item and deploy_doc and not any(f.key.startswith("policy.") for f in found) \
                and _PROHIBITIONS_HEADING.search(heading) and _PROHIBITED_ITEM.match(stripped):
            # a deployment guide's "## Anti-Patterns" then "- Do not skip rollback planning", "- ❌ Deploying during peak
            # hours": each item is a rule of how the project is released, whatever its words
            sentence = _PROHIBITED_ITEM.match(stripped).group("rule").lstrip("❌🚫⛔✗✘\ufe0f ").strip()[:200]
            found.append(Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=stripped))
        deploy_step = _DEPLOY_STEP.match(stripped) if is_item and deploy_doc and _DEPLOY_HEADING.search(heading) \
            and not _PROHIBITIONS_HEADING.search(heading) and not in_table else None
        if deploy_step and not any(f.key.startswith("policy.") for f in found) and not example_here:
            # a deployment guide's "## Deployment Conventions" then "- Pin each artefact to its version", "- Roll back by
            # reinstalling the last release": each step its verb leads is a rule of how the project ships
            sentence = deploy_step.group("rule").replace("**", "").replace("__", "").strip()[:200]
            found.append(Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=stripped))
        prefixes = _branch_prefixes(stripped, heading, table_header) if naming_section != heading else ""
        # a table of prefixes under "Branch prefixes": the section states the rule, read at its heading
        at = heading_line if in_table and heading_line and _BRANCH_NAMING_HEADING.search(heading) else number
        if prefixes and not any(f.key == "policy.branch_naming" for f in found):
            found.append(Fact("policy.branch_naming", prefixes, "intent", line=at, authority="developer", text=stripped))
        found = [f.replace(line=at) if f.key == "policy.branch_naming" and f.line == number else f for f in found]
        if any(f.key == "policy.branch_naming" or f.key.startswith("policy.") and _NAMING_RULE.search(str(f.value))
               for f in found):
            naming_section = heading  # one naming rule per section: the rows below list the same convention
        if choice_lead:
            choice_lines.add(number)
        if route_lead:  # "- `/metrics` - the dashboard" under "Routes:": a URL route, not a directory
            found = [f for f in found if not (f.key.startswith("path.") and rx.fullmatch(r"/[\w.-]+/?", str(f.value)))]
        if (dir_lead or _DIR_HEADING.search(heading) and not in_table) and ignore_lead is None and not _IGNORED.search(heading):
            # "- `bench` - performance benchmarks" under "Directory Structure:": a list that names directories names each
            # by its bare name, without the slash a path elsewhere in the file would carry
            named = _BARE_DIR_ITEM.match(line)
            if named and _path_ok(named.group("name") + "/") and not any(f.key.startswith("path.") for f in found):
                value = _joined(named.group("name"), parent) if parent else named.group("name")
                found.append(Fact(f"path.{_slug(named.group('what')) or 'component'}", value, "path", line=number, text=stripped))
        lead = stripped.replace("**", "").replace("__", "").rstrip()
        if rx.search(r"(?i)\b(endpoints?|routes?|URLs?)(?:\s+handlers?)?\s*(?:\([^()]*\))?\s*:$", lead):
            # ("2. **Route Handlers** (`src/routes/`):": the lead names where the handlers live, its items the routes)
            route_lead = (indent, is_item)
        if lead.endswith(":") and _DIR_HEADING.search(lead) and not _IGNORED.search(lead):
            dir_lead = (indent, is_item)
        if lead.endswith(":") and _IGNORED.search(lead):
            ignore_lead = (indent, is_item)
        if lead.endswith((":", "：")) and _CHOICE_LEAD.search(rx.sub(r"`[^`]*`", "", lead)):
            choice_lead = (indent, is_item)
        if lead.endswith(":") and rx.search(r"(?i)change\s?log|release notes|\bdocs?\b|documentation|readme|descriptions?\b|"
                                            r"\b(?:this|it|that) (?:will|does|runs)\b|prerequisites?|requirements?|\bneeds?\b|"
                                            r"\bexamples?\b|\bsupported\b|\bplatforms?\b|\bincludes?\b|\bcontains?\b", lead):
            doc_lead = (indent, is_item)  # "Release notes should be:": the list says what a document holds  # "Do not modify these directories:" - the list below names no components
        if lead.endswith((":", "：")) and (_ENV_LEAD.search(lead) or ".env" in lead):  # (a CJK colon is a colon)
            said = _env_required(lead)
            if said is None and is_item and _CHECK_LEAD.search(prose_before.replace("**", "").replace("__", "")):
                said = True  # "Before deploying, verify:" then "1. Environment variables in .env:": what must be set
            if said is not None:
                env_lead, lead_tables = (indent, is_item, said), 0
        if number in joined:
            found = _relined(found, lines, number)
        if rx.search(r"(?i)\bsecrets?\b", heading) and not rx.search(r"(?i)\benv|\.env|variabl", heading) \
                and any(_CI_SECTION.search(h) for _, h in sections):
            # "## CI/CD Workflow" then "### Required Secrets": the pipeline's repository secrets, not the project's variables
            found = [f for f in found if not f.key.startswith("env.")]
        if ci_checks:
            found = [f for f in found if not f.key.startswith("command.")]
        if _DATED_ENTRY.match(line) or _LOG_HEADING.search(heading):
            # a dated log entry or a changelog section narrates what was run once: its commands are not the project's
            found = [f for f in found if not f.key.startswith("command.")]
        if in_table and table_header and cells != table_header and any(_CATALOGUE_COLUMN.fullmatch(c) for c in table_header):
            # "| review | Code review, Git workflow | … | before commits |" under "| Skill | Purpose | When to Use |": an
            # entry of a catalogue of tools, skills or actions says what it is for, not a rule of the project
            found = [f for f in found if not f.key.startswith("policy.") or f.key == "policy.branch_naming"]
        if in_table and table_header and cells != table_header and any(_AVOID_COLUMN.fullmatch(c) for c in table_header):
            # "| `Orders.cs` | qualified names | NOT this |": a table of what to write where is a coding rule, not a map of
            # the project's components
            found = [f for f in found if not f.key.startswith("path.")]
        if recipe_at == heading_line and is_item:
            # "When asked to …, follow these steps:" then "1. Stage and commit the changed files", "- `go.mod`: update the
            # directive": the steps of one task and the files it edits, not standing rules or components of the project
            found = [f for f in found if not f.key.startswith(("policy.", "path."))]
        if lead.endswith(":") and _RECIPE_LEAD.search(lead):
            recipe_at = heading_line
        if maybe_lead and not (is_item and (indent > maybe_lead[0] or not maybe_lead[1])):
            maybe_lead = None
        if maybe_lead or _HYPOTHETICAL.search(stripped):
            # "Inspect `app/` or `spec/` if/when they appear", "Patterns to look for (when the app exists):" then a list:
            # folders the file expects some day, not parts of the repository it describes
            found = [f for f in found if not f.key.startswith("path.")]
        if lead.endswith(":") and _HYPOTHETICAL.search(lead):
            maybe_lead = (indent, is_item)
        if not_lead and not (is_item and (indent > not_lead[0] or not not_lead[1])):
            not_lead = None
        if is_item and (not_lead or _NOT_LEAD.fullmatch(heading.replace("*", "").replace("_", ""))):
            # "### DO NOT:" then "- Commit secrets or credentials", "- Touch `.github/` without a request": each item is
            # a prohibition, and a path it names is one to keep away from, not a component described
            found = [f for f in found if not f.key.startswith("path.")]
            item_text = rx.sub(r"^\s*(?:[-*+]|\d+[.)])\s+(?:[\u274c\U0001f6ab\u26d4\u2717\u2718]\ufe0f?\s*)?", "", stripped).replace("**", "").strip()
            workflow_word = _workflow_in(item_text)
            if item_text and workflow_word and not any(f.key.startswith("policy.") for f in found) and not _NEGATION.match(item_text) \
                    and not (workflow_word.group(1).lower().startswith("deploy") and workflow_word.start() > 0):
                # ("- Modify deployment configuration": what not to change, the deployment only names the files)
                rule = _policy(f"Never {item_text[0].lower()}{item_text[1:]}", number, stripped)
                if rule:
                    found.append(rule.replace(value=item_text[:200]))
        if lead.endswith(":") and _NOT_LEAD.fullmatch(lead):
            not_lead = (indent, is_item)
        if layer_lead and not (is_item and (indent > layer_lead[0] or not layer_lead[1]) or in_table):
            layer_lead = None
        if layer_lead or _DISTRIBUTIVE.search(rx.sub(r"`[^`]*`", "", heading)) or in_table and table_header and cells != table_header \
                and _DISTRIBUTIVE.search(" ".join(table_header)):
            found = [f for f in found if not (f.key.startswith("path.") and "/" not in str(f.value).rstrip("/"))]
        elif any(f.key.startswith("path.") for f in found):
            # "Every app under `apps/` has `views.py` and `urls.py`": the bare names after a distributive subject
            at = _LAYOUT_OF_EACH.search(stripped)
            # ("- `outputs.tf` - output definitions. Must exist in every module": the description says it is per module)
            every = rx.search(r"(?i)\b(?:in|for|of|to)\s+(?:each|every)\s+(?:new\s+)?(?:module|package|service|app|feature|component|"
                              r"crate|plugin|layer|domain|director(?:y|ies)|folder|stack|environment)\b", stripped)
            # ("Each metric has `lib/` and `param/`": the folders after what each part has are relative to it, too)
            found = [f for f in found if not (f.key.startswith("path.") and "/" not in str(f.value).rstrip("/") and (
                at and at.end() <= _position(stripped, str(f.value))
                and not rx.search(r"[.;!?]\s", stripped[at.end():_position(stripped, str(f.value))])  # (in the same sentence)
                # ("Every new feature requires tests in `tests/`": where they go in the repository, not a part of each)
                and not rx.search(r"(?i)\b(?:in|under|into|inside|at|to)\s+(?:the\s+)?`?$", stripped[:_position(stripped, str(f.value))])
                or every and "/" not in str(f.value) and rx.search(r"\.[A-Za-z]{1,5}$", str(f.value))))]
        # (the lead-in's own sentence: "… every verified fact lives there. Reasons:" leads reasons)
        # ("Services, each complete with `app.py`:" then "- `billing/` — …": the items are the services, the
        # apposition says what each of them holds)
        apposed = rx.match(r"(?i)^\W*(?:\d+[.)]\s*)?[a-z][\w /-]{0,40}?s\s*(?:\([^()]*\)\s*)?[,—–]\s*(?:each|every)\b",
                           rx.sub(r"`[^`]*`", "", lead))
        if lead.endswith(":") and not apposed and (_DISTRIBUTIVE.search(rx.split(r"(?<=[.!?])\s+", rx.sub(r"`[^`]*`", "", lead))[-1])
                                   or rx.search(r"`[^`]*[{<\[][\w-]+[}>\]][^`]*/`", lead) and _DISTRIBUTIVE.search(lead)):
            layer_lead = (indent, is_item)
        rule_here = any(f.key.startswith("policy.") for f in found)
        if is_item:
            while rule_items and rule_items[-1][0] >= indent:
                rule_items.pop()
            if rule_items and rule_here:
                # "- **Commit often**" then "  - Commit after each unit of work": the sub-items spell out the rule above
                lead_at = rule_items[-1][1]
                own_label = bool(rx.match(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)[^*_]{2,50}?:?(?:\*\*|__)\s*:?\s*\S", line))
                if lead_at == -1:
                    # "- **Commit Confirmation**:" then "  - NEVER commit without …", "  - Wait for the user to confirm …":
                    # the first sub-item states the rule the label names, the next ones say how to follow it; sub-items
                    # with labels of their own ("  - **Atomic Commits:** Keep …", "  - **Commit Frequently:** …") are
                    # the group's rules, one each
                    rule_items[-1] = (rule_items[-1][0], -2 if own_label else 0)
                elif lead_at == -2:
                    if not own_label:
                        found = [f for f in found if not f.key.startswith("policy.")]
                elif lead_at:
                    # "- **Never add secrets to the repository**. If you find one:" then "  - Do not commit until …": the
                    # directive lead is the rule, its workflow read from the step below it
                    first = next(f for f in found if f.key.startswith("policy."))
                    found = [f for f in found if not f.key.startswith("policy.")] + [first.replace(line=lead_at, text=stripped)]
                    rule_items[-1] = (rule_items[-1][0], 0)
                else:
                    found = [f for f in found if not f.key.startswith("policy.")]
            elif rule_here and rx.match(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)", line):
                rule_items.append((indent, 0))  # a rule written as a bold lead: the sub-items below explain it
            elif not rule_here and lead.endswith(":") and rx.match(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*|__)", line) \
                    and _STRONG_DIRECTIVE.search(rx.sub(r"`[^`]*`", "", lead)) and recipe_at != heading_line:
                rule_items.append((indent, number))
            elif not rule_here and rx.fullmatch(r"\s*(?:[-*+]|\d+[.)])\s+\*\*(?P<label>[^*]{2,40}?):?\*\*\s*:?", line) \
                    and rx.search(r"(?i)\b(git|commit\w*|push\w*|merg\w*|pull requests?|PRs?|branch\w*|releas\w*|tag\w*)\b", line):
                rule_items.append((indent, -1))
        elif stripped:
            rule_items = []
        placeholder = _PLACEHOLDER_ITEM.match(line)
        if is_item and _CAUTION_HEADING.search(heading) and found:
            # "## Sensitive Areas" then "- `src/core/auth.py`": files named for the care a change to them needs, not
            # components the file maps
            found = [f for f in found if not f.key.startswith("path.")]
        if role_relative or placeholder:
            # "- **Features**: `lib/features/[feature]/` …, each with its own" then "  - `domain/` - entities": the
            # directories of every feature, not components of the project
            found = [f for f in found if not f.key.startswith("path.")]
        if placeholder:
            parents.append((indent, _PLACEHOLDER_PARENT))
        facts.extend(found)
        item = rx.match(r"^\s*[-*+]\s+\*{0,2}`?(?P<path>[\w.@-]+(?:/[\w.@-]*)*/)`?\*{0,2}\s*[:\-–—`]", line) \
            or rx.match(r"^\s*[-*+]\s+(?P<path>[a-z_.][\w.@-]*(?:/[\w.@-]+)*/)\s*(?::|\s[-–—→])", line) \
            or rx.match(r"^\s*[-*+]\s+\*{0,2}`(?P<path>[\w@-]+(?:/[\w@-]+)+)`\*{0,2}\s*[:\-–—]", line)
        if item and _IGNORED.search(line):
            # "- `src/generated/` — Auto-generated (DO NOT EDIT)": a folder the file takes out of the work, and so the
            # files listed under it
            parents.append((indent, _PLACEHOLDER_PARENT))
        elif item:  # a directory item (`packages/ui/`, `packages/ui`): the items nested under it are inside it
            parents.append((indent, _joined(item.group("path").rstrip("/") + "/", parent)))
        # "To run the development server:" ```a``` "or" ```b```: an alternative says what the lead-in before it said
        alternative = rx.fullmatch(r"(?i)\W*(?:or|or alternatively|alternatively|or instead|or else|or equivalently)\W*", stripped)
        prose_before = prose_before if alternative and prose_before else stripped
    _drop_restated_heading_rule(facts, heading_line)
    _drop_front_matter_rules(facts, lines)
    _settings_facts(facts, lines)
    _drop_slash_commands(facts, lines)
    _artifact_rules(facts, lines)
    _drop_listed_paths(facts, lines)
    _lead_listed_files(facts, lines)
    _folder_listed_files(facts, lines)
    _drop_scaffolded_usage(facts, lines)
    _drop_provisioning_runs(facts, lines)
    # "`npm run updatetest`: Updates functional test snapshots": accepting new snapshots or golden files, no test run
    facts[:] = [f for f in facts if not (f.key.startswith("command.test") and _SNAPSHOT_UPDATE.match(
        str(f.text).partition(str(f.value))[2].lstrip("`*: —–-")))]
    # `linux/arm64` is an image platform, `"./Owned.sol"` an import string: neither a path of the repository
    facts[:] = [f for f in facts if not (f.key.startswith("path.") and (_PLATFORM.fullmatch(str(f.value)) or rx.search(r"[\"']", str(f.value))))]
    facts[:] = [f for f in facts if not (f.key.startswith("path.") and _example_path(f))]
    facts[:] = [f for f in facts if not (f.key.startswith("path.") and (_branch_path(f) or _vendored_path(f) or _identifier_path(f)
                                                                       or _read_elsewhere(f)))]
    facts[:] = [f for f in facts if not (f.key.startswith("path.") and _alias_target_path(f))]
    _drop_branch_examples(facts, lines)
    facts[:] = [f for f in facts if not (f.key.startswith("policy.") and f.type == "intent" and isinstance(f.value, str)
                                         and _stated_not_prescribed(f))]
    # "- `style`: changes that do not affect program logic": a commit type and what it is for, no rule (unless it says
    # must or always)
    facts[:] = [f for f in facts if not (f.key.startswith("policy.") and f.key != "policy.conventional_commits"
                                         and _TYPE_MEANING.match(str(f.value))
                                         and not rx.search(r"(?i)\b(?:must|always|never|should|required)\b", str(f.value)))]
    # "- Optional" under "## Body", "Scope: Optional, any word naming the area": a part the file lets one leave out, no rule
    facts[:] = [f for f in facts if not (f.key.startswith("policy.") and f.type == "intent" and _OPTIONAL_PART.match(str(f.value)))]
    # "Ask which license to use:" then "- MIT" / "- Apache-2.0": the options a question offers; none is the project's yet
    facts[:] = [f for f in facts if f.line not in choice_lines]
    _infer_package_manager(facts)
    rx.flush()  # the patterns this process compiled, for the next one
    return facts


# A step that creates a new project by name (`acme create my-bot`, `npx create-thing my-app`, `cargo new demo`), and one
# that changes into a directory (`cd my-bot`).
_SCAFFOLD = _lazy(r"(?<![\w-])(?:create(?:-[\w-]+)?|new|init|scaffold|generate)\s+(?:--?[\w-]+(?:[= ][\w.-]+)?\s+)*(?P<name>[a-z][\w.-]*)(?=`|\s|$)")
_CD_STEP = _lazy(r"(?:^|`|\s)cd\s+(?:\./)?(?P<dir>[\w.-]+)/?\s*(?:`|$|&&|;)")


def _drop_scaffolded_usage(facts: Facts, lines: list[str]) -> None:
    """The commands of a walk-through that first creates a new project and changes into it ("1. `acme create my-bot`",
    "2. `cd my-bot`", "3. `acme dev`"): they run in the project the walk-through created, not in this repository - the
    product's usage, not the repository's tasks. The walk-through ends at its block's end (a heading, a fence, prose)."""
    dropped: set[int] = set()
    for number, line in enumerate(lines, 1):
        cd = _CD_STEP.search(line)
        if not cd or number < 2:
            continue
        created = any((m := _SCAFFOLD.search(lines[i])) and m.group("name") == cd.group("dir")
                      for i in range(max(0, number - 4), number - 1))
        if not created:
            continue
        in_fence = sum(1 for text in lines[:number - 1] if rx.match(r"\s*(?:```|~~~)", text)) % 2 == 1
        for later in range(number, len(lines)):
            text = lines[later]
            if in_fence and rx.match(r"\s*(?:```|~~~)", text) or not in_fence and (
                    rx.match(r"\s*(?:#{1,6}\s|```|~~~)", text)
                    or text.strip() and not rx.match(r"\s*(?:[-*+]|\d+[.)])\s", text) and not text.startswith((" ", "\t"))):
                break
            dropped.add(later + 1)
    if dropped:
        facts[:] = [f for f in facts if not (f.key.startswith("command.") and f.line in dropped)]


# What a command's own description says when it accepts new expected output rather than checking against it.
_SNAPSHOT_UPDATE = _lazy(r"(?i)(?:updat|accept|regenerat|refresh|re-?record|rewrit|overwrit|bless)(?:e|es|ed|ing|s)?\b[^.;]{0,30}?"
                         r"\b(?:snapshots?|golden(?:\s+files?)?|baselines?|expected\s+outputs?|approved\s+files?)\b")
_PLAN_APPLY = _lazy(r"(?<![\w./-])(?P<prog>[a-z][\w.-]*)\s+(?P<verb>plan|apply)\b")


def _drop_provisioning_runs(facts: Facts, lines: list[str]) -> None:
    """A program the file drives with both `plan` and `apply` (`acme plan` to preview, then `acme apply`) provisions or
    deploys, as Terraform does: its plan, apply, approval and teardown lines are a deployment workflow, not a way to run
    the project. (A file's own label - "Test: `tofu plan`" - still gives its kind; only the unlabelled runs go.)"""
    text = "\n".join(lines)
    if " plan" not in text or " apply" not in text:
        return
    verbs: dict[str, set[str]] = {}
    for match in _PLAN_APPLY.finditer(text):
        verbs.setdefault(match.group("prog"), set()).add(match.group("verb"))
    programs = {prog for prog, seen in verbs.items() if seen == {"plan", "apply"}}
    if programs:
        facts[:] = [f for f in facts if not (f.key == "command.run" and not f.explicit and rx.match(
            r"(?P<prog>[a-z][\w.-]*)\s+(?:plan|apply|approve|review|destroy|rollback)\b", str(f.value))
            and str(f.value).split()[0] in programs)]


# A lead-in sentence that says the list below it names the project's files: "Every feature keeps its logic in one module
# of its own:", "The handlers live in these files:" (not examples, tests, docs, outputs or generated files).
_FILES_LEAD = _lazy(r"(?i)^(?!.*\b(?:e\.g|for example|for instance|such as|examples?|samples?|templates?|naming|tests?|docs?|"
                    r"documentation|generated|outputs?|logs?|ignored|gitignored|deprecated|legacy|old|removed|do not|don'?t|never)\b)"
                    r".*\bfiles?\b[^:]*:\s*$")
# The code-span names an item of such a list opens with, each perhaps with a note in parentheses, joined by "/", "," or "+":
# "- `zone-service.ts` / `zone-settings-service.ts`", "- `a.ts` (the reader) / `b.ts` — the writer".
_LEAD_ITEM = _lazy(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+(?:\*\*)?`(?P<first>[^`\s]+)`")


def _item_file_names(rest: str) -> list[str]:
    """The further names an item lists after its first one (``rest`` starts right after it): each after a separator, a
    note in (balanced) parentheses skipped on the way; the list ends at anything else (a description)."""
    names: list[str] = []
    at = 0
    while at < len(rest):
        gap = rx.match(r"\**\s*", rest[at:])
        at += gap.end() if gap else 0
        if rest.startswith("(", at):
            depth = 0
            for i in range(at, len(rest)):
                depth += {"(": 1, ")": -1}.get(rest[i], 0)
                if depth == 0:
                    at = i + 1
                    break
            else:
                return names
            continue
        following = rx.match(r"\s*(?:/|,|\+|&|\band\b)\s*(?:\*\*)?`(?P<name>[^`\s]+)`", rest[at:])
        if not following:
            return names
        names.append(following.group("name"))
        at += following.end()
    return names


def _lead_listed_files(facts: Facts, lines: list[str]) -> None:
    """The files a list names when the sentence leading into it says the list is of the project's files ("Every feature
    keeps its logic in one module of its own:" then "- `order-service.ts` — orders" and "- `user-service.ts` /
    `user-settings-service.ts`"): every code file each item opens with, with or without a description of its own. A
    lone file, placeholders (`{domain}-service.ts`), manifests and data files are left out."""
    in_fence = False
    lead_at = 0  # the line of the lead-in whose list is being read (0: none)
    listed: list[tuple[int, str, str]] = []
    indent: str | None = None

    def flush() -> None:
        if len({name for _, name, _ in listed}) >= 2:
            have = {str(f.value).lstrip("./") for f in facts if f.key.startswith("path.")}
            for number, name, text in listed:
                if name in have or any(h.endswith("/" + name) for h in have):
                    continue
                what = rx.split(r"\s[-–—:]\s|\s*\(", text.split(name, 1)[-1].lstrip("`* /"))[0] if " — " in text else ""
                slug = _slug(what) if what and "`" not in what else ""
                facts.append(Fact(f"path.{slug or _slug(name.rsplit('.', 1)[0]) or 'component'}", name, "path", line=number,
                                  text=text))
                have.add(name)
        listed.clear()

    for number, line in enumerate(lines, 1):
        if rx.match(r"\s*(```|~~~)", line):
            in_fence = not in_fence
            flush()
            lead_at, indent = 0, None
            continue
        if in_fence:
            continue
        stripped = line.strip()
        if not stripped:
            continue
        item = _LEAD_ITEM.match(line) if lead_at else None
        if lead_at and rx.match(r"\s*(?:[-*+]|\d+[.)])\s", line):
            if indent is None:
                indent = rx.match(r"\s*", line).group(0)  # type: ignore[union-attr]
            if len(rx.match(r"\s*", line).group(0)) > len(indent):  # type: ignore[union-attr]
                continue  # a sub-item: what its parent holds
            if item and not _IGNORED.search(stripped):
                rest = line[item.end():]
                for name in [item.group("first"), *_item_file_names(rest)]:
                    if "/" not in name and _CODE_FILE.search(name) and not _SELF_DESCRIBING.match(name) \
                            and not _DATA_FILE.search(name) and not rx.search(r"[{}<>\[\]*]", name) \
                            and not _NAMING_EXAMPLE.search(name) and not rx.search(r"(?i)(^|[-_.])(your|my|name|xx+)([-_.]|$)", name):
                        listed.append((number, name, stripped))
            continue
        flush()
        lead_at, indent = 0, None
        if not rx.match(r"#{1,6}\s|\s*(?:[-*+]|\d+[.)])\s|\s*\|", line) and _FILES_LEAD.match(stripped.replace("**", "")):
            lead_at = number
    flush()
    facts.sort(key=lambda f: f.line)


# "- `src/core/` — the core: `parser.ts` (reader), `lexer.ts` + `tokens.ts`, `plugins/` (…)": a folder's
# item that goes on to name the files and folders inside it, with what each is.
_FOLDER_ITEM = _lazy(r"^\s*[-*+]\s+(?:\*\*)?`(?P<dir>(?:[\w.@-]+/)+)`(?:\*\*)?\s*(?:—|–|-|:)\s*(?P<rest>.+)$")
_FOLDER_MEMBER = _lazy(r"`(?P<name>[\w-][\w.-]*\.[A-Za-z]{1,5}|[\w-][\w.-]*/)`")


def _without_asides(text: str) -> str:
    """``text`` with every (balanced) parenthesised aside taken out."""
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def _folder_listed_files(facts: Facts, lines: list[str]) -> None:
    """The files and folders a folder's list item names inside it, each with its role in parentheses ("- `src/core/` —
    the core: `parser.ts` (reader), `lexer.ts` (tokens), `plugins/` (one per format)"): each a component,
    stored under the folder. Names in the asides themselves, and those after "e.g." or "incl.", are left out."""
    in_fence = False
    for number, line in enumerate(lines, 1):
        if rx.match(r"\s*(```|~~~)", line):
            in_fence = not in_fence
            continue
        if in_fence or "`" not in line or "(" not in line:
            continue
        item = _FOLDER_ITEM.match(line)
        if not item or _IGNORED.search(line):
            continue
        rest = rx.split(r"(?i)\b(?:e\.g|incl|including|such as|for example|for instance|like)\b", item.group("rest"))[0]
        described = len(rx.findall(r"`[\w-][\w.-]*(?:\.[A-Za-z]{1,5}|/)`\s*\(", rest))
        own = rx.split(r"\.\s+(?=[A-Z])", _without_asides(rest))[0]
        names = list(dict.fromkeys(m.group("name") for m in _FOLDER_MEMBER.finditer(own)))
        if described < 2 or len(names) < 3:
            continue
        have = {str(f.value).rstrip("/") for f in facts if f.key.startswith("path.") and f.line == number}
        for name in names:
            if name.rstrip("/") in have or _SELF_DESCRIBING.match(name) or _DATA_FILE.search(name):
                continue
            facts.append(Fact(f"path.{_slug(name.rstrip('/').rsplit('.', 1)[0]) or 'component'}", _joined(name, item.group("dir")),
                              "path", line=number, text=line.strip()))
    facts.sort(key=lambda f: f.line)


# A line of a settings-style memory file (`test_command="python -m pytest"`, `docs_directory=Docs`): a lower-case key, `=`,
# a value. (Upper-case names are environment variables, set in a shell or a `.env`, not settings of the agent.)
_SETTING = _lazy(r"^(?P<key>[a-z][a-z0-9_]*)\s*=\s*(?P<value>\S.*?)\s*$")
_SETTING_COMMAND = _lazy(r"^(?:[a-z0-9]+_)*?(?P<kind>test|build|lint|format|typecheck|type_check|run|dev|install|start|serve)_"
                         r"(?:command|cmd)$")
_SETTING_DIRECTORY = _lazy(r"^(?P<what>[a-z0-9_]+?)_(?:directory|dir|folder|path)$")


def _settings_facts(facts: Facts, lines: list[str]) -> None:
    """A memory file written as settings, one `key=value` a line (three or more such lines outside code blocks): the keys
    name what each value is - a task's command (`test_command`), a language's version (`python_version`), the package
    manager, a directory of the project (`src_directory`, repeated values once), the branch prefix and the commit
    convention. Absolute paths (one machine's checkout or virtualenv) are not parts of the repository."""
    settings: list[tuple[int, str, str]] = []
    in_fence = False
    for number, line in enumerate(lines, 1):
        if rx.match(r"\s*(```|~~~)", line):
            in_fence = not in_fence
        elif not in_fence and (setting := _SETTING.match(line)):
            settings.append((number, setting.group("key"), setting.group("value")))
    if len(settings) < 3:
        return
    have = {(f.key, str(f.value)) for f in facts}
    paths = {str(f.value).strip("/") for f in facts if f.key.startswith("path.")}
    for number, key, raw in settings:
        value = raw[1:-1].strip() if len(raw) >= 2 and raw[0] == raw[-1] and raw[0] in "\"'" else raw
        text = lines[number - 1].strip()
        fact: Fact | None = None
        command = _SETTING_COMMAND.match(key)
        directory = _SETTING_DIRECTORY.match(key)
        if command and _is_command(value) and not unsafe_command(value):
            kind = {"type_check": "typecheck", "start": "run", "serve": "run"}.get(command.group("kind"), command.group("kind"))
            fact = Fact(f"command.{kind}", value, "command", line=number, text=text, explicit=True)
        elif key.endswith("_version") and key[: -len("_version")] in CLAIMED_VERSIONS \
                and rx.fullmatch(r"(?:>=|\^|~)?\d+(?:\.\d+){0,2}\+?", value):
            fact = Fact(f"version.{key[: -len('_version')]}", (">=" + value[:-1]) if value.endswith("+") else value, "version",
                        line=number, text=text)
        elif key == "package_manager" and value in _PM_WORDS + ("go",):
            fact = Fact("package_manager", value, "package_manager", line=number, text=text, explicit=True)
        elif directory and rx.fullmatch(r"\.?[\w-]+(?:/[\w.-]+)*/?", value) and value.strip("/") not in paths \
                and value not in (".", "./") and _path_ok(value.rstrip("/") + "/"):
            paths.add(value.strip("/"))
            fact = Fact(f"path.{_slug(directory.group('what').replace('_', ' ')) or 'component'}", value, "path", line=number,
                        text=text)
        elif key in ("branch_prefix", "branch_naming", "branch_pattern") and rx.fullmatch(r"[\w.{}<>-]+/?[\w.{}<>/-]*", value):
            fact = Fact("policy.branch_naming", text, "intent", line=number, authority="developer", text=text)
        elif rx.fullmatch(r"commit_(?:convention|style|format|message_format|message_style)", key):
            fact = Fact("policy.conventional_commits" if "conventional" in value.lower() else "policy.commit_message_style", text,
                        "intent", line=number, authority="developer", text=text)
        if fact and (fact.key, str(fact.value)) not in have:
            have.add((fact.key, str(fact.value)))
            facts.append(fact)
    facts.sort(key=lambda f: f.line)


# --- the guide's path condition P3: the line gives the path a role ----------------------------------------------------
# A path is a fact when the line maps a named component to it. Paths written side by side with nothing but separators
# between them form a LIST; the list has a role only when a component is located in it ("X live in A and B": a
# locative word right before the list), when a description follows it ("A, B — the services"), or when the words that
# lead into it name a component ("Integration tests: A, B"). A lead made only of the repository, a verb of having and
# a kind of item ("The repository contains A, B, C", "Key directories: A, B", "Screens: A, B", "Wichtige Ordner: A, B")
# names what the items ARE, not what they are for: no role, so none of them is stored.
_LIST_TOKEN = _lazy(r"`[^`\n]+`|(?<![\w`/.@-])(?:[\w.@-]+/[\w./@-]*|[\w@-]+\.[A-Za-z][\w]{0,4})(?![\w`/@-])")
_LIST_GAP = _lazy(r"(?i)[\s*_,;/|&+、，;]*(?:(?:and|or|as well as|und|oder|sowie|et|ou|y|e|o|i|en|и|или|а также|和|与|及|或|と|や|및|와|과)"
                  r"[\s*_,;/|&+、，]*)?")
_LIST_LOCATIVE = _lazy(r"(?i)(?:\b(?:in|into|under|inside|within|at|from|across|between|to|below|beneath|throughout|"
                       r"im|unter|innerhalb|dans|sous|en|em|no|na|nos|nas|w|we|в|во|внутри)|在|于|位于|放在|に|内|下)"
                       r"[\s*_`]*(?:(?:the|either|both|der|die|den|dem|le|la|les|el|los|las|o|os|a|as)\s+)?$")
_LIST_DESCRIBED = _lazy(r"^[\s*_)]*(?:(?:等|など|etc\.?|…|\.\.\.)\s*)?(?:[:：—–→]|\s-\s|->|=>|\((?!e\.g|etc)|(?:contain|hold|hous|are\s+for|is\s+for|store|keep|"
                        r"defin|implement|provid)\w*)\s*\S", re.IGNORECASE)
_LIST_CLAUSE_START = _lazy(r"(?:[.;!?。；！？]\s|^\s*(?:[-*+]|\d+[.)]|#+)\s)")
_LIST_KIND_TEXT = (
    # articles, quantifiers, the repository itself and verbs of having or listing
    "the a an our its this these those following key main important major core primary other top level toplevel root "
    "notable relevant essential some several all various there here it project repo repository codebase "
    "workspace monorepo tree structure layout organization organisation overview contains "
    "contain has have having includes include including consists consist comprises comprise of with is are be "
    "split divided organized organised into holds lists list see shows show named called like "
    # kinds of item
    "directories directory dirs dir folders folder subfolders subfolder subdirectories subdirectory sub files file "
    "paths path locations location screens screen pages page views view images image assets asset pictures icons "
    "entries entry items item areas area parts part sections section "
    # German, Dutch
    "der die das den dem des ein eine einen wichtige wichtigen wichtigsten haupt hauptordner projekt enthält enthalten "
    "hat gibt es sind ist folgende folgenden ordner unterordner verzeichnis verzeichnisse dateien datei struktur "
    "bildschirme seiten het de een bevat heeft mappen map bestanden "
    # French, Spanish, Portuguese, Italian
    "le la les un une des du projet contient a dossiers dossier répertoires répertoire fichiers fichier principaux "
    "principales el los las una proyecto tiene contiene carpetas carpeta directorios directorio archivos archivo "
    "estructura pantallas o os as um uma projeto tem contém pastas pasta diretórios arquivos principais telas "
    "il lo gli progetto contiene cartelle cartella file principali "
    # Russian, Polish
    "проект содержит папки папка каталоги каталог директории файлы файл структура основные экраны "
    "projekt zawiera katalogi foldery pliki")
_LIST_KIND_WORDS = frozenset(_LIST_KIND_TEXT.split())
_LIST_KIND_CJK = _lazy(r"项目|專案|项目结构|主要|关键|重要|包含|包括|有|的|目录|目錄|文件夹|資料夾|文件|檔案|结构|結構|页面|頁面|屏幕|画面|"
                       r"プロジェクト|主な|重要な|ディレクトリ|フォルダ|ファイル|構成|には|が|あります|画面|프로젝트|주요|디렉토리|디렉터리|폴더|파일|구조|"
                       r"화면|는|은|이|가|있습니다")


def _list_lead_names_nothing(lead: str) -> bool:
    """The words before a list name no component: only the repository, a verb of having and a kind of item."""
    rest = _LIST_KIND_CJK.sub(" ", lead.lower())
    words = rx.findall(r"[^\W\d_]+", rest)
    return not [w for w in words if w not in _LIST_KIND_WORDS]


def _drop_listed_paths(facts: Facts, lines: list[str]) -> None:
    by_line: dict[int, list[Fact]] = {}
    for fact in facts:
        if fact.key.startswith("path.") and 0 < fact.line <= len(lines):
            by_line.setdefault(fact.line, []).append(fact)
    drop: set[int] = set()
    if not by_line:
        return
    headings: list[str] = []  # the heading above each line
    current = ""
    for text in lines:
        headings.append(current)
        if text.startswith("#") and rx.match(r"#{1,6}\s", text):
            current = text
    for number, found in by_line.items():
        line = lines[number - 1]
        heading = headings[number - 1]
        heading_names = bool(heading) and not _list_lead_names_nothing(rx.sub(r"^#+\s*|\d+(?:\.\d+)*[.)]?\s", "", heading))
        if line.lstrip().startswith("|"):
            # a table row: its other cells say what the path is; a row of paths and nothing else says nothing
            cells = [c.strip(" *_") for c in line.strip().strip("|").split("|")]
            values = {str(f.value).strip("./") for f in found}
            other = [c for c in cells if c.strip("`").strip("./") not in values]
            if not heading_names and all(_list_lead_names_nothing(c) for c in other):
                drop.update(id(f) for f in found)
            continue
        alone = rx.fullmatch(r"\s*(?:[-*+]|\d+[.)])\s+[*_`\s]*([^\s`*]+)[*_`\s]*[.,;]?\s*", line)
        following = lines[number] if number < len(lines) else ""
        following_item = rx.match(r"\s*(?:[-*+]|\d+[.)])\s", following) is not None
        if alone and not heading_names and len(found) == 1 \
                and (following_item or number >= 2 and rx.match(r"\s*(?:[-*+]|\d+[.)])\s", lines[number - 2])):
            # a list item that is nothing but the path, among items like it (not a directory whose items follow
            # nested): under a heading that names no component ("Screens", "Project structure") it has no role
            item_indent = len(line) - len(line.lstrip())
            next_indent = len(following) - len(following.lstrip()) if following_item else 0
            above = number - 2
            while above >= 0 and (not lines[above].strip() or rx.match(r"\s*(?:[-*+]|\d+[.)])\s", lines[above])):
                above -= 1
            lead_in = lines[above] if above >= 0 and not rx.match(r"#{1,6}\s", lines[above]) else ""
            if next_indent <= item_indent and _list_lead_names_nothing(lead_in):
                drop.update(id(f) for f in found)
        tokens = list(_LIST_TOKEN.finditer(line))
        runs: list[list[Any]] = []
        for token in tokens:
            if runs and _LIST_GAP.fullmatch(line[runs[-1][-1].end():token.start()]):
                runs[-1].append(token)
            else:
                runs.append([token])
        for run in runs:
            if len(run) < 2:
                continue
            start, end = run[0].start(), run[-1].end()
            before = line[:start]
            clause = [m.end() for m in _LIST_CLAUSE_START.finditer(before)]
            lead = before[clause[-1] if clause else 0:]
            lead = lead.rsplit("(", 1)[0] if lead.rstrip().endswith("(") else lead
            tail = line[end:]
            values = {token.group(0).strip("`").strip("./") for token in run}
            last = rx.findall(r"[^\W\d_]+", before.lower())
            if rx.match(r"[\s,]*(?:etc\.?|and so on|…|\.\.\.)[\s*_]*(?:\)|[.;]?\s*$)", tail) and last and last[-1] in _LIST_KIND_WORDS \
                    or rx.search(r"\(\s*$", before) and rx.match(r"[\s,]*(?:etc\.?|…)?\s*\)", tail) \
                    and rx.match(r"\s*(?:[-*+]|\d+[.)])\s+[*_]*`?[\w.@-]+/", line):
                # "folder structure (`src/domain/`, `src/utils/`, etc.)": examples of a kind of item (a component's "External
                # configs (nvim/, git/, etc.)" are its members); "- `flake/` - builders (`a.nix`, `b.nix`)":
                # the contents of the item's own directory, which has the role
                drop.update(id(f) for f in found if str(f.value).strip("./") in values
                            or str(f.value).rsplit("/", 1)[-1].strip("./") in values and "/" in str(f.value))
                continue
            if _LIST_LOCATIVE.search(before) or _LIST_DESCRIBED.match(tail):
                continue
            if not rx.search(r"[^\W\d_]", rx.sub(r"(?i)^\W*(?:[-*+>]|\d+[.)])?\W*(?:the|die|der|das|le|la|les|el|los|las)?\W*$", "",
                                                lead)):
                # the list opens its clause: a predicate after it ("A, B and C each have …", "A and B manage …") says
                # what they are for, unless the next word is a kind of item ("The A, B subfolders named …")
                first = rx.match(r"\W*([^\W\d_]+)", tail)
                if first and first.group(1).lower() not in _LIST_KIND_WORDS:
                    continue
                if number >= 2 and rx.match(r"\s+\S", line) and lines[number - 2].strip() \
                        and not rx.search(r"[.!?:。！？：]\s*$", lines[number - 2]):
                    continue  # the sentence began on the line above: its lead is there
            if not rx.search(r"[.!?。！？]", tail) and number < len(lines) and lines[number].strip() \
                    and rx.match(r"(?:\s*>)?\s+(?![-*+]\s|\d+[.)]\s)\S", lines[number]):
                continue  # the sentence goes on on the next line: what it says of the list is there
            if not _list_lead_names_nothing(lead):
                continue
            if heading_names:
                continue  # "## Email client" over "**Files:** A, B": the section names the component the files make up
            drop.update(id(f) for f in found if str(f.value).strip("./") in values)
    if drop:
        facts[:] = [f for f in facts if id(f) not in drop]


def _branch_path(fact: Fact) -> bool:
    """`feature/login` "is the current branch", "switch to `release/2.0`", "the `develop/` branch": the line calls the name
    a branch, so it names no directory."""
    span = re.escape(str(fact.value))
    # built from the file's own text: compiled by ``re`` for this process, never kept in the persistent cache
    return re.search(r"(?i)`" + span + r"`\s*(?:\*\*)?\s*(?:(?:is|are)\s+(?:the|our|a|an)\s+(?:[\w-]+\s+){0,2})?branch(?:es)?\b|"
                     r"\bbranch(?:es)?\s+(?:named\s+|called\s+)?`" + span + r"`|"
                     r"\b(?:switch(?:ing)?|check(?:ing)?\s*out|checkout|rebas(?:e|ing)\s+(?:on(?:to)?|against)|merg(?:e|ing)\s+"
                     r"(?:in)?to|branch(?:ing)?\s+off(?:\s+of)?|cut\s+from)\s+(?:the\s+)?`" + span + r"`", fact.text) is not None


# `feat/1234-add-dark-mode`, `fix/login-timeout`: a work branch's name, its kind then a slug
_BRANCH_NAME_SHAPE = _lazy(r"(?:feature|feat|fix|bugfix|hotfix|chore|docs|refactor|release|perf|test|ci|build|style)/"
                           r"(?:\d+[-_])?[a-z0-9]+(?:[-_.][a-z0-9]+)*/?")
_BRANCH_SECTION = _lazy(r"(?i)\bbranch(?:es|ing)?\b|分支|ブランチ|브랜치")


def _drop_branch_examples(facts: Facts, lines: list[str]) -> None:
    """Leave out the branch names a branch section shows ("### Branch Types" then "| `fix` | Bug fix |
    `fix/5678-null-pointer` |"): under a heading that speaks of branches a name shaped like a work branch names no
    directory."""
    shaped = [f for f in facts if f.key.startswith("path.") and _BRANCH_NAME_SHAPE.fullmatch(str(f.value))]
    if not shaped:
        return
    headings: list[tuple[int, str]] = []
    under: dict[int, bool] = {}
    wanted = {f.line for f in shaped}
    for number, raw in enumerate(lines, 1):
        heading = rx.match(r"^(#{1,6})\s+(?P<text>.+?)\s*#*$", raw.strip())
        if heading:
            level = len(heading.group(1))
            while headings and headings[-1][0] >= level:
                headings.pop()
            headings.append((level, heading.group("text")))
        if number in wanted:
            under[number] = any(_BRANCH_SECTION.search(t) for _, t in headings)
    # (or the line's own words name a branch: "| Branch for feature | `feature/order-export` |" - a work-branch prefix,
    # not one a directory of the tree is as often called, `docs/`, `test/`, `build/`)
    said = {n for n in wanted if rx.search(r"(?i)\bbranch(?:es)?\b", rx.sub(r"`[^`]*`", "", lines[n - 1]))}
    drop = {id(f) for f in shaped if under.get(f.line) or f.line in said
            and rx.match(r"(?:feature|feat|fix|bugfix|hotfix|chore|refactor|release)/", str(f.value))}
    if drop:
        facts[:] = [f for f in facts if id(f) not in drop]


def _read_elsewhere(fact: Fact) -> bool:
    """A nested file's `../` path named as something to read or to match, not a part it works on: "Reference the Go
    (`../go/`) driver for patterns", "Keep the list aligned with `../spec/markers.json`", "`../x/` — a reference
    implementation" (what to read is no component)."""
    value = str(fact.value)
    if not value.startswith("../") or f"`{value}`" not in fact.text:
        return False
    before, after = fact.text.split(f"`{value}`", 1)
    # (the words of this path's own clause: not another span's note, "`../caddy/Caddyfile` (the sibling this mirrors), `…`")
    clause = rx.sub(r"\([^()]*\)", " ", rx.split(r"(?<=[.;!?])\s", before)[-1])
    clause = clause if "`" not in clause else clause.rsplit("`", 1)[-1] if not clause.rstrip().endswith("(") else clause
    return bool(rx.search(r"(?i)\b(?:reference|see|read|consult|compare\s+(?:with|to|against)|aligned\s+with|in\s+sync\s+with|"
                          r"port(?:ed)?\s+from)\b", clause)
                or rx.match(r"(?i)[^.;]{0,40}\breference\s+implementations?\b", after))


def _vendored_path(fact: Fact) -> bool:
    """"- `vendor/` - third-party dependencies (vendored)": code the project carries from elsewhere, not one of its parts."""
    text = fact.text.split(f"`{fact.value}`", 1)[-1] if f"`{fact.value}`" in fact.text else ""
    if not str(fact.value).endswith("/") and rx.search(r"(?i)(?:^|/)third[_-]?party/.", str(fact.value)):
        return True  # `../pkg/thirdparty/json.hpp`: a file inside a vendored directory (the directory may be a part)
    return str(fact.value).endswith("/") and rx.search(r"(?i)\b(?:third[- ]party|vendored|vendoring|external\s+(?:code|libraries|"
                                                      r"dependencies|deps)|upstream\s+cop(?:y|ies))\b", text[:120]) is not None


# Words that make what follows an illustration: "an example model", "e.g.", "for instance", "a sample controller".
_EXAMPLE_WORDS = _lazy(r"(?i)(?<![\w/.-])(?:e\.\s?g\.?|for instance|(?:an?|the|some)\s+(?:[\w-]+\s+)?(?:example|sample)s?|"
                       r"examples?|samples?|such as|hypothetical|illustrat\w*)(?![\w/.-])")


# Kinds of names that are identifiers in another system, written with a slash: a Helm chart (`repo/chart`), a container
# image (`org/image`), a GitHub repository or action (`owner/repo`), a model (`org/model`), a Homebrew tap.
_IDENTIFIER_KIND = _lazy(r"(?i)\b(?:(?:helm\s+)?chart|(?:container|docker|base|OCI)\s+images?|image|(?:github|upstream|remote)\s+repo(?:sitory)?|"
                         r"(?:homebrew\s+)?tap)\s*[:=]?\s*$")


def _identifier_path(fact: Fact) -> bool:
    """A slash-written name the line labels as an identifier of another system ("Chart: `projectnessie/nessie`", "image
    `org/app`", "upstream repo `owner/name`"): no extension, no trailing slash, and a kind word right before it. It names a
    chart, an image or a repository elsewhere, not a directory of this one."""
    value = str(fact.value)
    if value.endswith("/") or value.count("/") != 1 or rx.search(r"\.[A-Za-z]{1,5}$", value):
        return False
    text = fact.text.replace("**", "").replace("__", "")
    at = text.find(value)
    if at < 0:
        return False
    before = rx.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", text[:at]).rstrip("`'\" ")
    return _IDENTIFIER_KIND.search(before) is not None


# An import alias (`@/lib`, `@`, `~/components`, `$fonts`, `#utils/*`, `@kernel/*`) mapped to the directory it stands for:
# "`@/lib` → `./src/lib`", "`$fonts` → `resources/static/fonts`". The line configures how imports resolve; the directory is
# named as an alias target, not as a component.
_ALIAS_TARGET = _lazy(r"`(?:[@~#$][\w-]*(?:/[\w*-]*)*|[@~#$]?[\w-]+(?:/[\w-]+)*/\*)`\s*(?:→|->|=>|⇒|:)\s*`?$")


def _alias_target_path(fact: Fact) -> bool:
    text = fact.text.replace("**", "")
    at = text.find(str(fact.value))
    return at > 0 and _ALIAS_TARGET.search(text[:at]) is not None


def _example_path(fact: Fact) -> bool:
    """A path the file shows as an example of a kind of file ("an example model lives at `app/Models/Post.php`",
    "- Example controller: `…`", "e.g. `src/routes/users.ts`"): the illustration of a convention, not a component. A path
    that is itself the examples (`examples/`, `samples/basic.rs`) stays."""
    value = str(fact.value)
    if rx.search(r"(?i)example|sample|demo", value):
        return False
    text = fact.text.replace("**", "")
    at = text.find(value)
    if at < 0:
        return False
    replaced = rx.match(r"`?\*{0,2}\s*(?:\([^()]*\)\s*)?(?:instead of|rather than|in place of)\s+(?:`(?P<alt>[^`]+)`|(?P<word>\S+))",
                        text[at + len(value):])
    if replaced and (replaced.group("alt") and replaced.group("alt").split()[0] == value.rstrip("/").rsplit("/", 1)[-1]
                     or replaced.group("word") and rx.match(r"(?i)(?:snake|camel|kebab|pascal)[_-]?case", replaced.group("word"))):
        # "`bin/rails` instead of `rails`": which program to run; "`shell-scripts/` instead of snake_case": a naming rule
        return True
    if "/" not in value and text[at - 2: at] in ("(`", "( ") and rx.search(
            r"(?i)\b(?:pascal|camel|kebab|snake|screaming)[ _-]?case\b", rx.split(r"(?<=[.;!?])\s", text[:at])[-1]):
        return True  # "Use PascalCase for component files (`ChatContainer.jsx`)": the name shows the naming rule
    clause = rx.split(r"(?<=[.;!?])\s|\s[—–]\s|\|", rx.sub(r"\([^()]*\)", " ", text[:at]))[-1]
    # the words right before the path (a label "Example model:", "e.g.", "a sample handler looks like"), not an
    # example named earlier in the sentence about something else
    return _EXAMPLE_WORDS.search(" ".join(clause.split()[-5:])) is not None


def _drop_restated_heading_rule(facts: Facts, heading_line: int) -> None:
    """"## Mandatory before commit" then, right below, "- `make check` - all must pass": the section's first item states
    the rule, the heading only titles it."""
    at = next((i for i, f in enumerate(facts) if f.line == heading_line and f.key.startswith("policy.")), None)
    # ("## Pre-Deployment Checklist" then "ALWAYS verify these before deploying:": the lead-in states it)
    checklist = at is not None and _RELEASE_CHECKLIST_HEADING.fullmatch(str(facts[at].value).replace("*", "")) is not None
    # ("## Before Merging" then "Always rebase on the base branch before merging:": the sentence below names the same git
    # act, so it is the rule the short title only names)
    act = _HEADING_ACT.search(str(facts[at].value)) if at is not None and len(str(facts[at].value).split()) <= 4 else None
    if at is not None and any(heading_line < f.line <= heading_line + 2 and f.key.startswith("policy.")
                              and (checklist or rx.search(r"(?i)\b(?:must|should|to)\s+(?:all\s+)?(?:pass|succeed)\b",
                                                          str(f.value))
                                   or act and rx.search(r"(?i)\b" + act.group("act")[:5], str(f.value)))
                              for f in facts[at + 1:]):
        del facts[at]


# a rule's value that only says its part may be left out ("Optional", "Body: Optional", "Scope: Optional, can be any word")
_OPTIONAL_PART = _lazy(r"(?i)^\W*(?:[\w -]{1,30}\W*[:：]\s*)?\(?optional\)?(?:\s*$|[,.;]\s*(?:(?:it\s+)?can|may)\b"
                       r"(?!.*\b(?:must|should|shall|always|never|required)\b).*$)")
# the git act a section's title names ("Pre-Commit Gate", "Before Pushing", "Merging")
_HEADING_ACT = _lazy(r"(?i)\b(?:pre-?)?(?P<act>commit|push|merg|rebas|releas|tag)(?:s|es|e|ed|ing|ting|ging)?\b")


# What a commit or a pull request is made of: its message, title, body, template, assignee, the language it is written in.
_GIT_SUBJECT = (r"commit|pull[- ]requests?|PRs?|merge requests?|MRs?|コミット|プルリクエスト|커밋|풀\s?리퀘스트|提交|合并请求|拉取请求|"
                r"(?<![А-Яа-яЁё])(?:коммит|пулл?-?реквест)")
_GIT_ASPECT_WORDS = r"messages?|titles?|body|bodies|descriptions?|summary|template|formats?|assignees?|reviewers?|language"
_GIT_ASPECT = (r"メッセージ|タイトル|本文|説明|形式|フォーマット|テンプレート|메시지|타이틀|제목|본문|설명|형식|템플릿|담당자|리뷰어|"
               r"信息|消息|标题|標題|描述|正文|格式|模板|сообщени\w*|заголов\w*|описани\w*|формат\w*|шаблон\w*")
# a heading that names the commit message ("Commit Messages", "Commit Message Guidelines", "Conventional Commits")
_COMMIT_MESSAGE_HEADING = _lazy(r"(?i)\bcommit\s+messages?\b|\bconventional\s+commits?\b|\bcommit\s+(?:format|style|conventions?)\b")
# a document's title naming the commit message in Chinese, Japanese or Korean ("# Git 提交信息生成指南")
_CJK_MESSAGE_TITLE = _lazy(r"提交(?:信息|消息|说明|說明|规范|規範)|コミット\s*メッセージ|커밋\s*메시지")
# a document's title that names the commit ("# Git Commit - Guide", "# Git 提交信息生成指南"): its rules sections are the
# commit message's rules
_COMMIT_TITLE = _lazy(r"(?i)\bgit\s+commits?\b|^\W*commits?\b")
# "3. Create commit message", "- Commit messages:": an item whose nested items are the message's rules
_MESSAGE_LEAD = _lazy(r"(?i)(?:(?:create|write|compose|draft)\s+(?:the\s+|a\s+)?)?commit\s+messages?\s*:?")
# a heading that names a part of a commit message ("Message shape", "Subject line", "Body", "Scope")
_MESSAGE_PART_HEADING = _lazy(r"(?i)\b(?:messages?|subjects?(?:\s+lines?)?|headers?|titles?|body|bodies|scopes?|shape|layout|"
                              r"summary|descriptions?|wording|language)\b")
# a heading whose items are the rules of what the heading above names ("Rules and Best Practices", "Guidelines")
_MESSAGE_RULES_HEADING = _lazy(r"(?i)\b(?:rules?|guidelines?|best\s+practices?|conventions?|standards?)\b|"
                               r"规则|規則|规范|規範|要求|注意事项|注意事項|约定|約定|ルール|規約|注意点|규칙|규약|주의")
# a section that lists examples, the allowed types or what a practice brings, not rules
_NOT_RULES_HEADING = _lazy(r"(?i)\b(?:examples?|types?|benefits?|why|breaking\s+changes?|validation|tools?|setup|hooks?|"
                          r"footers?|trailers?|tips?|strateg(?:y|ies)|troubleshooting)\b|示例|範例|例子|类型|類型|种类|種類|"
                          r"タイプ|種別|例|유형|종류|예시")
# "Good: `Add the dashboard`", "❌ `updates`": an item that shows a message, not a rule for one
_SHOWN_ITEM = _lazy(r"(?i)^\W*(?:good|bad|correct|incorrect|wrong|right|better|worse|examples?|e\.g\.)\b\W*:|^\W*(?:✅|❌|✔|✗|✘)")
# "❌ 不要罗列具体文件名", "✅ Use active voice": a mark before words (not before a message shown in quotes or code)
_MARKED_RULE = _lazy(r"^\W*(?:✅|❌|✔|✗|✘)\ufe0f?\s*(?![`\"'“「]|(?i:good|bad|correct|incorrect|wrong|right|better|worse|examples?)\b)"
                     r"(?:[A-Za-z]{2,}|[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])")
# a sentence that directs, as a commit-message document writes its rules in prose
_PROSE_RULE = _lazy(r"^(?:(?:\*\*|__)[^*_]{1,30}(?:\*\*|__)\s*[:：]?\s*)?(?:(?:But|And|Also|So)\s+)?(?:Use|Do\s+not|Don'?t|Never|Always|Avoid|Reference|Keep|"
                    r"Must(?:\s+not)?\s+be|Inspect|Review|Check|"
                    r"Include|Write|Start|Begin|End|Separate|Wrap|Limit|Prefer|Append|Prefix|Mention|Link|Describe|Explain|"
                    r"Sign|List|Put|Make\s+sure|Ensure)\b(?!\s*:)", re.IGNORECASE)


def _intl_strong_line(text: str) -> re.Match[str] | None:
    """A CJK sentence with a strong directive ("类型标签必须用尖括号包围"): must, never, do not."""
    return _INTL_STRONG_RE.search(text) if len(_CJK_CHAR.findall(text)) >= 6 else None


# "Signing is not mandatory at this stage", "签名非强制": what the item leaves optional is no rule
_OPTIONAL_SAID = _lazy(r"(?i)\bnot\s+(?:required|mandatory|enforced)\b|非强制|不强制|非強制|不強制|任意です|필수가?\s*아닙")


# words two neighbouring rules share without restating each other
_RESTATED_NOT = frozenset(("with", "from", "that", "this", "into", "when", "your", "each", "only", "must", "should", "have",
                           "than", "they", "them", "then", "also", "will", "what", "which", "there", "their", "line", "lines"))
# "- type: event", "- pattern: \"*\"": a key and its one value, written as data (a YAML list), no rule
_DATA_ITEM = _lazy(r"[a-z_][\w-]*:\s*[\w./*\"'|>-]*")
# "Before committing, confirm the following:", "Conditions to meet before a commit:": a lead that is the rule, its items
# the checklist that carries it out
_CHECKLIST_LEAD = _lazy(r"(?i)\b(?:confirm|verify|check(?:list)?|conditions?)\b|确认|確認|확인|条件|條件|检查|檢查|自检|チェック|점검")
_TYPE_MEANING = _lazy(r"^\W*(?:feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert)\W*(?:\([^)]*\))?\W*:\s+[A-Za-z]")
# the parts of a commit message a rule may be about
_MESSAGE_PARTS = frozenset(("header", "subject", "title", "body", "footer", "footers", "scope", "type", "description", "summary",
                            "trailer", "trailers"))
# "feat: a new feature", "`fix` - a bug fix": an item naming a commit type
_TYPE_ITEM = _lazy(r"(?i)^\W*(?:feat|fix|docs|style|refactor|perf|test|tests|build|ci|chore|revert|wip|hotfix|release)\W*(?:\(|:|\s[-–—]\s|$)")
_ARTIFACT_HEADING = _lazy(r"(?i)(?<![\w/.-])(?:" + _GIT_ASPECT_WORDS + r")(?![\w/.-])|(?:" + _GIT_ASPECT + r")")
_ARTIFACT_SUBJECT = _lazy(r"(?i)(?<![\w/.-])(?:" + _GIT_SUBJECT + r")(?![\w/.-])|コミット|プルリクエスト|커밋|提交")
# "Write in **Japanese** for the following:", "以下の項目について必ず日本語で記述": a lead-in naming the language of the items below.
_LANGUAGE = (r"English|Japanese|Korean|Chinese|German|French|Spanish|Portuguese|Russian|Englisch|Deutsch|"
             r"日本語|英語|英文|中文|中国語|简体中文|한국어|한글|영어|영문")
_LANGUAGE_LEAD = _lazy(r"(?i)(?:\b(?:in|auf)\s+(?:\*\*|__)?(?P<a>" + _LANGUAGE + r")\b|(?P<b>日本語|英語|英文|中文|中国語|简体中文|한국어|한글|영어|영문))"
                       r"(?:(?!\.\s).)*?(?:(?:following|these|items?|below)\b[^.]{0,20}:?\s*$|:\s*$)"
                       r"|(?:以下|下列|다음)(?:(?!。).)*(?P<c>日本語|英語|英文|中文|中国語|简体中文|한국어|한글|영어|영문)")
_LANGUAGE_DIRECTIVE = _lazy(r"(?i)\b(?:must|always|should|shall|use|write|written|respond|answer)\b|必ず|必须|必須|务必|반드시|항상|"
                            r"してください|で記述|で回答|で書|用|使用|로\s*작성|으로\s*작성")
# "- PR descriptions contain a summary and the checks run", "- Pull-Request-Titel sind auf Deutsch": a part of a pull
# request or a commit, and what it is or holds - the convention the project keeps
_PART_STATEMENT = _lazy(r"(?i)^(?:(?:PRs?|pull[- ]requests?|merge[- ]requests?|MRs?)(?:[- ](?:descriptions?|titles?|bodies|body|"
                        r"summar(?:y|ies)|beschreibung(?:en)?|titel))|commit[- ]messages?|commit[- ]nachrichten)\s+"
                        r"(?:must|should|shall|always|never|are|is|contain|include|follow|use|start|end|reference|list|"
                        r"sind|enthalten|folgen|müssen|sollen|beginnen|nennen)\b")
_BODY_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<text>\S.*)$")
# "**Title:** clear, imperative", "**提交信息：** 使用中文": a bold label, then what it says
_PART_LABEL = _lazy(r"^(?:\*\*|__)(?P<label>[^*_:：]{2,30}?)\s*[:：]?\s*(?:\*\*|__)\s*[:：]?\s*(?P<rest>\S.{2,})$")
# "Body must include:", "PR description should contain:", "Include in commit message:": a lead-in whose nested items are
# what that part of a commit or a pull request holds, one rule each
_PART_LEAD = _lazy(r"(?i)(?:(?:the\s+|each\s+|every\s+)?(?:(?:commit|PRs?|pull[- ]requests?|merge[- ]requests?|MRs?)\s+)?"
                   r"(?P<part>messages?|titles?|body|bodies|descriptions?|summary)\s+(?:must|should|shall|needs?\s+to|has\s+to)?\s*"
                   r"(?:include|contain|list|cover|mention|have)s?|include\s+(?:in|with)\s+(?:the\s+|each\s+|every\s+|your\s+)?"
                   r"(?:commit\s+messages?|(?:PR|pull[- ]request)\s+(?:descriptions?|body|bodies)))\s*:")
_AI_TRAILER = _lazy(r"(?i)^\s*Co-Authored-By:\s*\S")


def _nests_items(lines: list[str], number: int, indent: int) -> bool:
    """Whether the next line with text after line ``number`` is a list item indented deeper than ``indent``: the item at
    ``number`` leads a nested list ("3. Create commit message" then "   - Focus on why"), not one entry of a list."""
    following = next((text for text in lines[number:] if text.strip()), "")
    return bool(_BODY_ITEM.match(following)) and len(following) - len(following.lstrip()) > indent


def _artifact_rules(facts: Facts, lines: list[str]) -> None:
    """Rules written by their place rather than by a directive: the first line under a heading that names a part of a
    commit or a pull request ("### PR Title Format" then "`[type] summary`", "### 커밋 메시지" then "- 한글로 작성"), the
    items under a lead-in that names the language they are written in ("Write in Japanese for the following:" then
    "- Pull request titles"), and the co-author trailer a commit message template carries."""
    stated = {f.line for f in facts if f.key.startswith("policy.")}
    added: list[Fact] = []

    def aspect_of(text: str) -> str:
        return "pr_assignee" if rx.search(r"(?i)assignee|담당자", text) \
            else "pr_title_format" if rx.search(r"(?i)\btitles?\b|titel\b|タイトル|타이틀|제목|标题|標題|заголов", text) \
            else "commit_message_style" if rx.search(r"(?i)\bmessages?\b|nachricht|メッセージ|메시지|信息|消息|сообщени", text) \
            else "pr_description" if rx.search(r"(?i)\b(?:body|bodies|descriptions?|summary)\b|beschreibung|本文|説明|본문|설명|描述|正文|описани", text) \
            else ""

    def add(number: int, value: str, text: str, near: int = 1, aspect: str = "") -> None:
        if any(abs(number - t) <= near for t in stated) or any(f.line == number for f in added):
            return  # a rule the file's words already gave
        subject, _, body = value.partition(": ")
        aspect = aspect or ("ai_attribution" if _AI_TRAILER.search(body)
                            else aspect_of(subject) or aspect_of(value) or _slug(value) or "rule")
        added.append(Fact(f"policy.{aspect}", value[:200], "intent", line=number, authority="developer", text=text))

    def part_named(body: str) -> str:
        # "### Scope" then "- **Required**: Must always be present.": the rule is the part's ("Scope: Required: …"), not
        # one the section above it, on another part, says in the same words
        part = rx.sub(r"^\W*(?:\d+[.)]\s*)?", "", headings[-1][1]).strip(" *_:") if headings else ""
        if not part or len(part.split()) > 3 or not _MESSAGE_PART_HEADING.search(part) and not rx.search(r"(?i)\b(?:types?|footers?|trailers?)\b", part) \
                or part.lower() in body.lower():
            return body
        return f"{part}: {body}"

    headings: list[tuple[int, str]] = []  # (level, text) of the headings above
    fence = ""
    fence_heading = ""  # the artifact heading a fenced block sits under ("### Commit message format")
    artifact: tuple[str, int] | None = None  # (heading text, its line) whose first body line is still to be read
    language: tuple[str, int] | None = None  # (language, indent) of a lead-in whose items are being read
    previous = ""  # the last line of prose read
    fence_at = 0
    rules_indent: int | None = -1  # the indent of a commit-message rules section's items (-1: not in one; None: none read)
    message_lead: int | None = None  # the indent of an item that leads the commit message's rules
    items_aspect = "commit_message_style"  # what the rules read in the section or under the lead are rules of
    rules_paused = False  # a lead-in within the section ("**Benefits:**") says its items are no rules
    rules_said: list[tuple[int, set[str]]] = []  # (line, words) of the rules read there: a rule restated next to itself is one
    commit_doc = False  # under the title of a document about commit messages (not in its examples)
    sub_lead: int | None = None  # the indent of a labelled item in the section ("1. **Subject Line**:") whose nested items are rules
    title_at = -1  # the line of the last heading read
    items_subject = ""  # the prose lead-in over the section's items ("Description must be:")
    directive_only = False  # a section on the message's types or footer: only what says must is a rule
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if stripped and not fence and not stripped.startswith(("```", "~~~")):
            previous = stripped
        if fence:
            if stripped.startswith(fence):
                fence = ""
                continue
            if fence_heading and _AI_TRAILER.match(stripped) and not rx.search(r"\[[A-Z][A-Z_]+\]", stripped) \
                    and not any(fence_at - 3 <= t <= number for t in stated):
                add(number, f"{fence_heading}: {stripped}", stripped)  # a message template that carries the trailer
            if artifact and stripped:
                add(number, f"{artifact[0]}: {stripped}", stripped)
                artifact = None
            continue
        opener = rx.match(r"^(`{3,}|~{3,})", stripped)
        if opener:
            fence, fence_at = opener.group(1), number
            heading_text = " ".join(t for _, t in headings[-2:])
            # (a template the prose before it forbids - "MUST NOT include:" - carries no rule to follow)
            fence_heading = headings[-1][1] if headings and _ARTIFACT_SUBJECT.search(heading_text) \
                and rx.search(r"(?i)\bcommit|커밋|コミット|提交|коммит", heading_text) \
                and not _NEGATION.search(previous) and not rx.search(r"금지|禁止|しない|不要", previous) else ""
            continue
        heading = rx.match(r"^(#{1,6})\s+(?P<text>.+?)\s*#*$", stripped)
        if heading:
            level = len(heading.group(1))
            text = heading.group("text").replace("**", "").strip()
            if headings and headings[-1][0] == level and title_at == number - 1:
                # "# Instructions for commit messages" then "# (written in English)": one title written over two heading
                # lines, the second going on with the first
                text = f"{headings[-1][1]} {text}"
            title_at = number
            while headings and headings[-1][0] >= level:
                headings.pop()
            parent = headings[-1][1] if headings else ""
            headings.append((level, text))
            # ("## Body Examples" then "**Simple list:**": what follows shows, it does not rule)
            artifact = (text, number) if _ARTIFACT_HEADING.search(text) and not rx.search(r"(?i)\bexamples?\b|示例|例子|예시", text) and (
                _ARTIFACT_SUBJECT.search(text) or _ARTIFACT_SUBJECT.search(parent)) and len(text) <= 60 else None
            language = None
            # "## Commit Messages" then "### Subject Rules" / "### Scope", a commit file's "## Rules and Best Practices":
            # the items of the section are the commit message's rules, one each, however tersely put ("Imperative mood")
            # (the title counts when a section under it names rules: "## Rules" then "### 2. Scope"; a title that names
            # the commit alone, "# Git Commit - Guide", counts there too)
            ruled = _MESSAGE_RULES_HEADING.search(text) or any(lvl > 1 and _MESSAGE_RULES_HEADING.search(t)
                                                                for lvl, t in headings)
            # (a title alone counts for the items right under it: "# Commit Format" then "- Title: short imperative
            # summary"; a title that names git rules counts for a section that names the commit: "# Git Rules" then
            # "## Commits")
            # (and a title that names the message's rules, "# Commit Message Guidelines", counts for every section under it)
            ruled = ruled or any(lvl == 1 and _COMMIT_MESSAGE_HEADING.search(t) and _MESSAGE_RULES_HEADING.search(t)
                                 for lvl, t in headings)
            named = [t for lvl, t in headings if lvl > 1 or ruled or level == 1]
            git_rules = any(lvl == 1 and _MESSAGE_RULES_HEADING.search(t) and rx.search(r"(?i)\bgit\b", t) for lvl, t in headings) \
                and any(lvl > 1 and (_COMMIT_TITLE.search(t) or rx.search(r"コミット|커밋|提交|(?i:\bcommits?\b)", t))
                        for lvl, t in headings)
            # ("# Git commit messages" then "## Message shape": a section on a part of the message, under a title that
            # names the message, holds that part's rules)
            part_section = level > 1 and _MESSAGE_PART_HEADING.search(text) is not None \
                and any(lvl == 1 and _COMMIT_MESSAGE_HEADING.search(t) for lvl, t in headings)
            rules_indent = None if (part_section or git_rules or any(_COMMIT_MESSAGE_HEADING.search(t) for t in named)
                                    or any(lvl > 1 and _GENERIC_HEADING.fullmatch(t) for lvl, t in headings)
                                    and any(lvl == 1 and _COMMIT_TITLE.search(t) for lvl, t in headings)
                                    or ruled and any(lvl == 1 and _CJK_MESSAGE_TITLE.search(t) for lvl, t in headings)) \
                and not _NOT_RULES_HEADING.search(text) else -1
            # ("## Rules" then "### Type" / "### Footer length": a part the message rules name; its items list the types
            # or show the part, and only an item that says must or at most is a rule of it)
            directive_only = rules_indent == -1 and not rx.search(r"(?i)\bexamples?\b|\bbenefits?\b|\bwhy\b|\btips?\b", text) \
                and bool(rx.fullmatch(r"(?i)\W*(?:\d+[.)]\s*)?\W*(?:(?:commit|subject|header|body|footer|scope)\s+)?"
                                      r"(?:types?|footers?|trailers?)(?:\s+(?:length|format|rules?))?\W*", text)) \
                and (ruled or part_section) and any(_COMMIT_MESSAGE_HEADING.search(t) for lvl, t in headings)
            sub_lead = None
            commit_doc = any(lvl == 1 and (_COMMIT_MESSAGE_HEADING.search(t) or _CJK_MESSAGE_TITLE.search(t))
                             for lvl, t in headings) \
                and not rx.search(r"(?i)\bexamples?\b|示例|範例|例子|예시", text)
            rules_paused = False
            items_subject = ""
            message_lead = None
            continue
        item = _BODY_ITEM.match(raw)
        indent = len(raw) - len(raw.lstrip())
        if item and message_lead is not None and indent <= message_lead:
            message_lead, rules_indent = None, -1  # the items under "3. Create commit message" have ended
            items_aspect = "commit_message_style"
        part_lead = _PART_LEAD.fullmatch(item.group("text").replace("**", "").replace("__", "").strip()) \
            if item and rules_indent == -1 else None
        lead_aspect = ""
        if part_lead:
            # "- **Body** must include:", "3. Include in commit message:": the part named, of the commit or the pull
            # request the lead (or the heading above it) speaks of
            subject = part_lead.group(0) if _ARTIFACT_SUBJECT.search(part_lead.group(0)) \
                else " ".join(t for _, t in headings[-2:])
            if _ARTIFACT_SUBJECT.search(subject):
                pull = rx.search(r"(?i)\b(?:PRs?|pull[- ]requests?|merge[- ]requests?|MRs?)\b", subject) \
                    and not rx.search(r"(?i)\bcommit", part_lead.group(0))
                part = (part_lead.group("part") or "").lower()
                lead_aspect = "commit_message_style" if not pull else \
                    "pr_title_format" if "title" in part else "pr_description"
        if item and rules_indent == -1 and (_MESSAGE_LEAD.fullmatch(item.group("text").replace("**", "").strip())
                                            or lead_aspect) and _nests_items(lines, number, indent):
            # "3. Create commit message" then its nested items: the message's rules (the lead alone names no rule)
            message_lead, rules_indent = indent, None
            items_aspect = lead_aspect or "commit_message_style"
            facts[:] = [f for f in facts if not (f.line == number and f.key.startswith("policy."))]
            stated.discard(number)
            continue
        if directive_only and item and indent == len(lines[number - 1]) - len(lines[number - 1].lstrip()) \
                and rx.search(r"(?i)\b(?:must|required|never|always|maximum|at most)\b", item.group("text")) \
                and not item.group("text").rstrip("*_ ").endswith(":") and not _TYPE_ITEM.match(item.group("text").replace("**", "")):
            body = item.group("text").replace("**", "").replace("__", "").strip()
            add(number, part_named(body), stripped, near=0, aspect="commit_message_style")
        prose_rule = commit_doc and stripped and not item and not stripped.startswith((">", "|", "<", "!", "[")) \
            and (_PROSE_RULE.match(stripped) or _intl_strong_line(stripped)) is not None and len(stripped) <= 200
        if prose_rule:
            # a commit-message document's sentence that directs ("Use `chore(deps)` for dependency updates.",
            # "Reference issues using GitHub syntax:"), wherever in the document, is one of its rules
            sentence = stripped.replace("**", "").replace("__", "")
            add(number, sentence, stripped, near=0, aspect=aspect_of(sentence) or "commit_message_style")
        elif commit_doc and item and rules_indent == -1 and not _nests_items(lines, number, indent):
            # and so is a list item that directs the same way ("- Do not rewrite history", "- Review the diff before
            # committing"), in a section of its own that names no rules
            body = item.group("text").replace("**", "").replace("__", "").strip()
            if _PROSE_RULE.match(body) and not body.endswith(":") and len(body) <= 200 and not _EXAMPLE.search(body) \
                    and not _SHOWN_ITEM.match(body):
                pulled = rx.search(r"(?i)\b(?:PRs?|pull[- ]requests?|merge[- ]requests?|MRs?)\b", body)
                add(number, body, stripped, near=0, aspect=aspect_of(body) if pulled else "commit_message_style")
        if rules_indent != -1 and stripped and not item:
            lead_in = stripped.replace("**", "").replace("__", "").rstrip()
            if lead_in.endswith((":", "：")):  # "**Benefits:**", "**Other commit types:**" within the section: what its items are
                # (a lead that is a rule of its own, "Append the issue number using this priority:", leaves its items
                # the steps that carry it out; a lead that asks to confirm what its items list, "Before committing,
                # confirm the following:", is the rule, its items the checklist)
                rules_paused = bool(_NOT_RULES_HEADING.search(lead_in) or _EXAMPLE.search(lead_in) or prose_rule
                                    or _CHECKLIST_LEAD.search(lead_in))
                # ("Description must be:" then "- in imperative form": the lead names what the items are rules of)
                items_subject = lead_in if not rules_paused and len(lead_in.split()) <= 5 else ""
            else:
                items_subject = ""
        if item and sub_lead is not None and indent <= sub_lead:
            sub_lead = None
        nested_rule = item is not None and sub_lead is not None and indent > sub_lead
        if rules_indent != -1 and stripped and item and (rules_indent is None or indent <= rules_indent or nested_rule) \
                and indent > (message_lead if message_lead is not None else -1) and not rules_paused:
            if not nested_rule:
                rules_indent = indent
            body = rx.sub(r"^\[[ xX]\]\s*", "", item.group("text").replace("**", "").replace("__", "").strip())
            body = body[:-1] + ":" if body.endswith("：") else body
            # (only a bare label leads: "6. Scope conventions - Use scope to specify:" is a rule its items illustrate)
            if body.endswith(":") and not nested_rule and not _EXAMPLE.search(body) and len(body.split()) <= 4 \
                    and not rx.search(r"(?i)\b(?:types?|examples?|benefits?|tips?)\b", body) and not _CHECKLIST_LEAD.search(body) \
                    and _nests_items(lines, number, indent):
                sub_lead = indent  # "1. **Subject Line**:" then "   - Maximum 72 characters": the part's rules
                # (the lead names the part, no rule of its own: "Include in commit message:")
                facts[:] = [f for f in facts if not (f.line == number and f.key.startswith("policy.") and str(f.value).endswith(":"))]
                stated.discard(number)
            said = {w.lower() for w in rx.findall(r"[A-Za-z]{4,}|\d+", body)} - _RESTATED_NOT
            shown_mark = _SHOWN_ITEM.match(body)
            if shown_mark and _MARKED_RULE.match(body):
                shown_mark = None  # "❌ Do not list file names": a rule marked, not a message shown
            # (a rule on another part of the message, "The footer should be wrapped at 100" after "The body should be
            # wrapped at 100", is a rule of its own)
            parts = said & _MESSAGE_PARTS
            restated = any((number - at <= 2 and len(said & words) >= 2 or number - at <= 2 and said & words & set(
                rx.findall(r"\d+", body))) and not (parts and words & _MESSAGE_PARTS and parts != words & _MESSAGE_PARTS)
                for at, words in rules_said)
            listed_types = len(rx.findall(r"(?i)\b(?:feat|fix|docs|style|refactor|perf|test|chore|ci|build|revert)\b", body))
            shown_form = rx.fullmatch(r"[^:：`\d]{2,25}[:：]\s*`[^`]+`\W*", body)  # "Bug fixes: `fix REQ-1 …`": a form shown
            described = rx.match(r"(?i)(?:the|this|these|it|there)\s", body) and len(body.split()) >= 6 \
                and not rx.search(r"(?i)\b(?:must|should|shall|always|never|required)\b", body)  # "The scope provides context"
            if (not body.endswith(":") or rx.match(r"[^:]{3,40}\s[-–—]\s", body)) and not _TYPE_ITEM.match(body) \
                    and not described and not _OPTIONAL_SAID.search(body) \
                    and listed_types < 3 and not shown_form \
                    and not shown_mark and (rx.search(r"[A-Za-z]{3}", body) or len(_CJK_CHAR.findall(body)) >= 3) \
                    and not body.startswith("`") and not _DATA_ITEM.fullmatch(body) \
                    and len(body) <= 200 and not restated:
                add(number, f"{items_subject} {body}" if items_subject and body[:1].islower() else part_named(body), stripped, near=0,
                    aspect=items_aspect)
            rules_said.append((number, said))
        if not stripped or rx.fullmatch(r"[-*_=]{3,}", stripped):
            continue
        if artifact:
            body = _BODY_ITEM.match(raw)
            if body:
                stripped = body.group("text")
            if not stripped.startswith(">") and not stripped.endswith(":") and len(stripped) <= 200 \
                    and not rx.match(r"^\W*(?:e\.g\.|example|for example|예시|例)", stripped, re.IGNORECASE):
                add(number, f"{artifact[0]}: {stripped}", stripped)
            artifact = None
        item = _BODY_ITEM.match(raw)
        if item and _PART_STATEMENT.match(item.group("text").replace("**", "")):
            add(number, item.group("text").replace("**", "")[:200], stripped, near=0)  # "- PR descriptions contain the checks run"
        part_label = _PART_LABEL.match(item.group("text")) if item else None
        if part_label and part_label.group("rest").rstrip("*_ ").endswith((":", "：")):
            part_label = None  # "2. **Body** (optional):": a lead whose nested items say how
        if part_label and _ARTIFACT_HEADING.search(part_label.group("label")) and (
                _ARTIFACT_SUBJECT.search(part_label.group("label"))
                or _ARTIFACT_SUBJECT.search(" ".join(t for _, t in headings[-2:]))) \
                and not rx.match(r"(?i)\W*(?:e\.g\.|example|for example)", part_label.group("rest")):
            # "- **提交信息：** 使用中文，简洁说明", "- **Title:** clear, imperative" under "### Open a pull request": a part of a
            # commit or a pull request the label names, and how it is written
            label = part_label.group("label").strip()
            subject = label if _ARTIFACT_SUBJECT.search(label) else " ".join(t for _, t in headings[-2:])
            pull = rx.search(r"(?i)\b(?:PRs?|pull[- ]requests?|merge[- ]requests?|MRs?)\b|プルリクエスト|풀\s?리퀘스트|合并请求|拉取请求",
                             subject) and not rx.search(r"(?i)\bcommit|コミット|커밋|提交", label)
            aspect = ("pr_title_format" if rx.search(r"(?i)titles?|タイトル|타이틀|제목|标题|標題", label) else "pr_description") \
                if pull else "commit_message_style"
            add(number, f"{label}: {part_label.group('rest')}"[:200], stripped, near=0, aspect=aspect)
        if language and item and len(raw) - len(raw.lstrip()) >= language[1]:
            body = item.group("text").replace("**", "")
            if _ARTIFACT_SUBJECT.search(body) and _ARTIFACT_HEADING.search(body) \
                    and not rx.search(r"(?i)\breview|レビュー|리뷰|审查|評審", body):
                # the item alone ("- Commit messages") says less than the lead-in it completes
                facts[:] = [f for f in facts if not (f.line == number and f.key.startswith("policy."))]
                stated.discard(number)
                add(number, f"{body.rstrip('.')} in {language[0]}", stripped, near=0)
            continue
        language = None
        lead = _LANGUAGE_LEAD.search(stripped.replace("**", "").replace("__", ""))
        if lead and _LANGUAGE_DIRECTIVE.search(stripped):
            language = (next(g for g in lead.group("a", "b", "c") if g), len(raw) - len(raw.lstrip()))
    facts.extend(added)
    facts.sort(key=lambda f: f.line)


_PLATFORM = _lazy(r"(?i)(?:linux|darwin|windows|freebsd|android|ios|wasi?|js)/(?:amd64|arm64|386|arm(?:/v[5-8])?|x86_64|aarch64|"
                  r"riscv64|ppc64le|s390x|wasm)")


# An agent's slash command (`/spec:status`, `/review-plan`, `/deliver auto`) is written like a top-level directory.
_SLASH_TOKEN = _lazy(r"^/[\w-]+(?::[\w-]+)*$")
_SLASH_WORDS = _lazy(r"\b(?:skills?|slash[- ]commands?|(?:custom|claude|agent|available)\s+commands?|commands?\s*\(|"
                     r"(?:use|run|invoke|call)\s+(?:the\s+)?`/)", re.IGNORECASE)


def _drop_slash_commands(facts: Facts, lines: list[str]) -> None:
    """Leave out the `/name` "paths" the file uses as slash commands: a namespaced `/a:b`, a `/name` the file also
    writes with an argument (`/deliver auto`), or one named on a line, or under a lead-in or heading, that speaks of
    skills or commands. A `/name` elsewhere (a `/docs` directory in a layout list) stays."""
    tokens = {str(f.value) for f in facts if f.key.startswith("path.") and _SLASH_TOKEN.match(str(f.value))}
    if not tokens:
        return
    commands = {t for t in tokens if ":" in t}
    for match in rx.finditer(r"`(/[\w-]+(?::[\w-]+)*)\s+[^`]+`", "\n".join(lines)):
        commands.add(match.group(1))  # `/deliver auto`: a command given an argument
    section = False  # under a heading or lead-in that speaks of skills or commands
    for raw in lines:
        stripped = raw.strip()
        if stripped.startswith("#"):
            section = bool(_SLASH_WORDS.search(stripped))
        elif stripped.replace("*", "").rstrip().endswith(":") and not rx.match(r"[-*+]|\d+[.)]", stripped):
            section = section or bool(_SLASH_WORDS.search(stripped))
        if section or _SLASH_WORDS.search(stripped):
            commands.update(t for t in rx.findall(r"`(/[\w-]+(?::[\w-]+)*)`", stripped) if t in tokens)
    if commands:
        facts[:] = [f for f in facts if not (f.key.startswith("path.") and str(f.value) in commands)]


_INSTALL_MANAGER = [
    (_lazy(r"(^|&&\s*|;\s*)(pnpm)(\s+-\S+)*\s+(install|i)\b"), "pnpm"),
    (_lazy(r"(^|&&\s*|;\s*)(yarn)(\s+-\S+)*(\s+install\b|$)"), "yarn"),
    (_lazy(r"(^|&&\s*|;\s*)(bun)(\s+-\S+)*\s+(install|i)\b"), "bun"),
    (_lazy(r"(^|&&\s*|;\s*)(npm)(\s+-\S+)*\s+(install|i|ci)(?!\s+-g)\b"), "npm"),
    (_lazy(r"(^|&&\s*|;\s*)(uv sync|uv pip install)\b"), "uv"),
    (_lazy(r"(^|&&\s*|;\s*)poetry install\b"), "poetry"),
    (_lazy(r"(^|&&\s*|;\s*)pdm install\b"), "pdm"),
    (_lazy(r"(^|&&\s*|;\s*)pipenv install\b"), "pipenv"),
    (_lazy(r"(^|&&\s*|;\s*)(\S*/)?((python3?|py) -m )?(\S*/)?pip3? install\s+(-\S+\s+)*(-e\s+|-r\s+|\.|\S*requirements)"), "pip"),
    (_lazy(r"(^|&&\s*|;\s*)go mod (download|tidy)\b"), "go"),
    (_lazy(r"(^|&&\s*|;\s*)bundle install\b"), "bundler"),
    (_lazy(r"(^|&&\s*|;\s*|\s--\s+)(flutter|dart) pub get\b"), "pub"),  # (`mise exec -- flutter pub get`: a tool-version wrapper)
    (_lazy(r"(^|&&\s*|;\s*)mix deps\.get\b"), "mix"),
]


_PM_FAMILY = {"npm": "js", "pnpm": "js", "yarn": "js", "bun": "js", "uv": "python", "pip": "python", "poetry": "python",
              "pdm": "python", "pipenv": "python"}


def _infer_package_manager(facts: Facts) -> None:
    """The package manager of the file's dependency-install command (when the prose did not state one)."""
    stated = {(f.scope, _PM_FAMILY.get(str(f.value), str(f.value))) for f in facts if f.key == "package_manager"}
    for fact in list(facts):
        if not fact.key.startswith("command.install"):
            continue
        for pattern, manager in _INSTALL_MANAGER:
            family = _PM_FAMILY.get(manager, manager)
            if (fact.scope, family) not in stated and pattern.search(str(fact.value)):
                facts.append(Fact("package_manager", manager, "package_manager", line=fact.line, text=fact.text,
                                  scope=fact.scope))
                stated.add((fact.scope, family))
                break


def _label_of(line: str) -> str:
    match = _LABEL.match(line.replace("`", "\x00", 1).split("\x00", 1)[0] + ("`" if "`" in line else ""))
    return match.group("label").strip() if match else ""


def _table_cells(line: str) -> list[str] | None:
    if not line.startswith("|") or _TABLE_SEP.match(line):
        return None
    return [c.strip() for c in line.strip().strip("|").split("|")]


# Tools that do nothing useful without a subcommand: named alone in prose they are mentions.
_NEEDS_SUBCOMMAND = {"npm", "pnpm", "bun", "uv", "poetry", "pdm", "pipenv", "cargo", "go", "mix", "dotnet", "golangci-lint",
                     "docker", "git", "gh", "kubectl", "terraform", "tofu", "terragrunt", "bundle", "rails", "bin/rails", "deno",
                     "flutter",
                     "dart", "swift", "composer", "pip", "pip3", "pipx", "npx", "gem", "helm", "wrangler", "supabase",
                     # a tool's command group named without its command ("Manage dependencies with `go mod`")
                     "go mod"}


def _inline_commands(line: str, plain: str, number: int, heading: str, prose_before: str, facts_rejected: list[Rejected],
                     found: list[Fact], earlier: list[Fact] | None = None, lead: str = "") -> None:
    sink = Facts()
    sink.earlier = earlier or []
    sink.static_site = isinstance(earlier, Facts) and earlier.static_site
    sink.own = earlier.own if isinstance(earlier, Facts) else set()
    label = _label_of(plain)
    cells = _table_cells(line)
    spans = list(rx.finditer(r"`([^`\n]+)`", line))
    for match in spans:
        span = match.group(1)
        # `./run.sh [FILE] (optional)`: a note in words written inside the span says how to read it, it is not an argument
        command = rx.sub(r"\s+\((?:optional|recommended|required|default|preferred|slow|fast)\)$", "", _clean_command(span),
                         flags=re.IGNORECASE)
        table_kind = context_kind(next((c for c in cells if c and "`" not in c), "")) or context_kind(heading) \
            if cells and len(spans) == 1 and _program_shaped(command) else None
        if (not (_is_command(command) or table_kind in ("lint", "test", "format", "typecheck", "build")
                # a check the code must pass, named by its tool ("All Ansible files must pass `ansible-lint`")
                or "pass" in line[max(0, match.start() - 12): match.start()]
                and rx.search(r"(?i)\b(?:must|should|has to|have to|needs? to)\s+pass\s*$", line[: match.start()].replace("**", ""))
                and rx.fullmatch(r"[a-z][\w+.-]*(?:\s+[^\s`]+)*", command) and _tool_kind(command) in ("lint", "format", "typecheck")
                # the project's own program given a subcommand or options (`git-ai commit claude`)
                or len(command.split()) >= 2 and _program(command) in sink.own
                # a row of a tools table ("| DCM | `dcm analyze packages` |" under "Linting Tools"): the row's tool run
                or len(spans) == 1 and line[: match.start()].replace("**", "").strip().endswith(":")
                and context_kind(label) and _program_shaped(command)
                and rx.match(r"(?i)\W*(?:run|start|execute|launch|test|build|compile|lint|format|fmt|check|install|set ?up|serve|"
                             r"type[- ]?check|运行|運行|执行|執行|启动|啟動|実行|起動|실행|测试|測試|テスト|테스트|构建|構建|编译|編譯|ビルド|빌드|"
                             r"代码检查|代碼檢查|格式化|安装|安裝|インストール|설치)", label)) \
                or (command.split()[:1] == [command] and len(spans) > 1
                    # (a project program by its path, offered with an alternative, in place of another, or after "run")
                    and not ("/" in _posix_program(command) and (rx.match(r"\s*(?:or|\|\|)\s*`|\s+(?:instead of|rather than)\s+`", line[match.end():])
                                                 or rx.search(r"(?i)\b(?:run|use|execute|call)\s*$|`\s*(?:or|\|\|)\s*$", line[: match.start()])))
                    and not (context_kind(label) and _tool_kind(command) in (None, context_kind(label))
                             and rx.search(r"(?i)(?::|\b(?:use|run))\s*$", line[: match.start()].replace("**", "")))) \
                or rx.search(r"(?i)\b(?:press|hit|type|key)\s*$", line[: match.start()])) \
                and not _described_entry(command, line, match):
            if len(spans) == 1 and rx.fullmatch(r"\W*(?:[-*+]|\d+[.)])?\s*\**", line[: match.start()]) \
                    and rx.fullmatch(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+", command) and command not in _KNOWN_TOOLS \
                    and _DESCRIBED_RUN.match(line[match.end():].lstrip("*")):
                # "- `acme-demo` - Run the spam detection example": the project's entry point, led by its name
                found.append(Fact("command.run", command, "command", line=number, text=line, scope="repository",
                                  qualifier="", explicit=False))
            # a command, or the one span of an item whose label names the task ("**Run tests**: `t app`"); a lone program
            # is one where the item's label names the task and the span follows its colon or "use" ("**Test:** Use `pytest`")
            continue
        before = line[: match.start()].replace("**", "")
        clause = rx.split(r"[.;!?]\s", before)[-1]
        tool_used = rx.search(r"(?i)\b(?:we|you)\s+(?:use|run)\s+(?P<tool>[\w.-]+(?:\s[\w.-]+)?)\s+like\s*$", clause)
        if tool_used and rx.match(r"(?:[A-Za-z_]\w*=\S*\s+)*" + re.escape(tool_used.group("tool")) + r"(?:\s|$)", command) \
                and not rx.search(r"(?i)\b(?:not|never|don'?t|avoid)\b", clause):
            before = before[: len(before) - len(clause)] + clause[: tool_used.start()]  # "we use swift test like `swift test`": how
        if prose_before and not rx.search(r"[.:!?]\s*$", prose_before) and not rx.match(r"\s*(?:[-*+]|\d+[.)])\s", line) \
                and rx.search(r"(?i)\b(?:do not|don'?t|never|must not|should not)\s+(?:run|use|call|execute|invoke)\b[^.`]{0,40}$",
                              prose_before) and not rx.search(r"[.!?](?:\s|$)", before):
            continue  # "Do NOT run commands directly" / "via `docker run`, `python3 -m pytest`": a prohibition wrapped over lines
        if rx.search(r"\b(e\.g\.?|i\.e\.?|for example|example:|ex\.:?|eg:|such as|like|instead of|not|never|don'?t|avoid|wrong|incorrect|"
                     # the same said in other languages ("ej. `cmd`", "z. B. `cmd`", "par exemple `cmd`")
                     r"(?:p\.\s?)?ej\.|por ejemplo|por exemplo|z\.\s?B\.|zum Beispiel|par exemple|p\.\s?ex\.|per esempio|ad es\.)"
                     r"[\s,(]*$|\bnot\s+(?:by|via|with|through|using|from)\s*$|\b(?:do not|don'?t|never|must not|should not|avoid)\s+(?:run|use|call|execute|invoke)(?:ning)?\s*$",
                     before, re.IGNORECASE):
            continue  # an example, or a command the file says not to run
        if any(aside.start() < match.start() < aside.end() for aside in _EXAMPLE_ASIDE.finditer(line)):
            continue  # "Install dependencies (e.g. Node via `pnpm install` or the project's script)": an example
        if rx.search(r"(?i)\b(?:do not|don'?t|never|must not|should not|avoid)\s+(?:run|use|call|execute|invoke|start)(?:ning)?\s+"
                     r"(?:(?!without\b|before\b|after\b|until\b|unless\b|except\b|but\b|instead\b|other\b|outside\b|than\b)[\w-]+\s+){0,3}"
                     r"(?:`[^`]+`\s*(?:,\s*or|,\s*and|,|or|and)\s*)*$", before):
            continue  # "Do not run parallel `dune build`, `dune test` or …": the commands of a prohibition, not steps to take
        if rx.search(r"\b(CI|the pipeline|GitHub Actions|(?:the|all|every|our) workflows?|workflows|CI jobs?)\s+"
                     r"(uses?|runs?|executes?)\b[^`]{0,40}$", before):
            continue  # what CI runs, not what the agent is told to run
        # (the clause the command sits in: "…: those rules still fail in CI" after a colon is another clause's CI)
        said_after = rx.split(r"[:,—–]", rx.sub(r"\([^()]*\)", " ", rx.split(r"[.;!?](?:\s|$)", line[match.end():])[0]))[0]
        if rx.search(r"\b(?:in|on|during)\s+(?:the\s+)?(?:every\s+|each\s+)?(?:CI|CI/CD)(?:\s+(?:runs?|jobs?|pipelines?|builds?))?\b",
                     said_after) and not rx.search(r"(?i)\blocal(?:ly)?\b|\bbefore\b", f"{clause} {said_after}"):
            continue  # "Use `npm audit` and `pip audit` in CI for …", "Run `ruff check` on every CI run": the pipeline's step
        if rx.search(r"(?i)\b(?:during|upon|on|whenever|at)\s+(?:each\s+|every\s+|any\s+|a\s+)?(?:`[^`]+`\s*(?:/|,|or|and)\s*)*$", before) \
                and not rx.search(r"(?i)\b(?:run|execute|use|try|type|invoke|call)\s+(?:it\s+|them\s+)?$", before):
            continue  # "runs automatically via `postinstall` during `pnpm i`", "set by the `prepare` script on `npm install`":
            # the command names the moment something else happens, the file does not offer it as a step
        if rx.match(r"\s+(supports?|allows?|lets|accepts?|provides?|handles?|does(?:n'?t)?|won'?t|can(?:not|'t)?|will)\b",
                    line[match.end():]) and rx.search(r"\b(via|through|with|using|by)\s*$", before, re.IGNORECASE):
            continue  # "Running tests via `dotnet run` supports filters": what a tool does, not a step to take
        if rx.match(r"\s+(?:processes|process(?:es)?\b|spawns|leaves|leaks|hangs|orphans)\b", line[match.end():]) \
                or rx.search(r"(?i)\b(?:orphaned|stuck|lingering|zombie|kills?|stops?)\s*$", before):
            continue  # "kills orphaned `dotnet watch` processes", "`dotnet build` spawns node processes": its processes, not a step
        if rx.match(r"(?i)\s+(?:invocation|call|line|entry|recipe)\s+(?:in|inside|of)\s+(?:the\s+)?`?(?:[\w.-]+/)*"
                    r"(?:Makefile|justfile|Procfile|Dockerfile|package\.json|[\w.-]+\.(?:ya?ml|toml|json|sh|mk))\b", line[match.end():]):
            continue  # "the `uvicorn --port 9900` invocation in the `Makefile`": what a file holds, not a step to take
        if rx.search(r"(?i)\b(?:instead of|rather than|in place of)\s+(?:`[^`]+`\s*(?:,\s*or|,\s*and|,|or|and|/)\s*)+$", before):
            continue  # "Use `bun install` instead of `npm install` or `yarn install`": the replaced ones, every one of them
        if rx.search(r"(?i)\b(?:no|not|never|n't)\s+(?:any\s+)?need\s+to\s+(?:run|use|call|execute|install)?\s*"
                     r"(?:`[^`]+`\s*(?:,\s*or|,\s*and|,|or|and)\s*)*$|\b(?:not necessary|unnecessary)\s+to\s+(?:run|use)\s*"
                     r"(?:`[^`]+`\s*(?:,\s*or|,\s*and|,|or|and)\s*)*$", before):
            continue  # "no need to run `npm install` or `npm run build`": commands the file says the project does without
        if rx.search(r"(?i)\b(?:there\s+is|there's|there\s+are|has|have)\s+no\s*$", before) \
                and rx.match(r"\s+(?:script|command|target|task|recipe)s?\b", line[match.end():]):
            continue  # "There is no `npm test` script": a command the file says the project lacks
        if rx.search(r"(?i)\bnot\s+(?:part of|included in|run by|covered by)\b[^`]{0,30}$", before):
            continue  # "they are not part of the default `go test ./...`": what the file says a command leaves out
        if rx.search(r"(^|\s)(\.\.\.|…)(\s|$)", command) and not label:
            continue  # `uv run ...`: a placeholder for any command, not one to run
        if rx.search(r"\b(?:pass(?:es|ed)?|forwards?|appends?|adds?)\b[^.`]{0,20}`[^`]+`\s+to\s+(?:`[^`]+`\s*(?:,|and|or)\s*)*$", before) \
                or rx.search(r"(?i)\b(?:do not|don'?t|never)\s+(?:rely on|use|call|invoke)\s*$", before):
            continue  # "passes `--flag` to `swift run`", "Do not rely on `python3 -m x`": not a step to take
        if rx.search(r"\b(?:that|which)\s*$", before) and rx.match(
                r"\s+(?:will\s+|would\s+|can\s+)?(?:enforces?|uses?|reads?|applies|apply|picks? up|honou?rs?)\b", line[match.end():]):
            continue  # "rules that `dotnet format` will enforce": what a file configures, not a step to take
        if rx.search(r"\b(functionality of|equivalent (?:of|to)|similar to|wrappers? (?:around|for)|alternative to|replacement for|"
                     r"drop-in for)\s+(?:`[^`]+`\s*(?:,|or|and)\s*)*$", before, re.IGNORECASE):
            continue  # "combines the functionality of `cargo install`, `cargo binstall`": what a tool does, not a step
        if rx.search(r"\b(e\.g\.?|i\.e\.?|for example|examples?:|such as|like)[\s,:]+`[^`]+`(?:\s*(?:,|or|and)\s*(?:(?!run\b|use\b|call\b)[a-z]+\s+)?`[^`]+`)*"
                     r"\s*(?:,|or|and)\s*(?:(?!run\b|use\b|call\b)[a-z]+\s+)?$",
                     before, re.IGNORECASE):
            continue  # the next command of an example list ("commands like `a` or `b`")
        # "`bin/dev` or `bin/rails server` - Start the development server": the description after the alternatives
        tail = rx.sub(r"^(?:\s*(?:or|,|/|\|\|)\s*`[^`\n]+`)+", "", line[match.end():])
        if len(command.split()) == 1 and not _described_entry(command, line, match) \
                and (not rx.search(r"\b(run|use|execute|with|via)\s*$|\b(?:must|should|has to|have to|needs? to)\s+"
                                                        r"pass\s*$", before, re.IGNORECASE)
                                          and context_kind(label) is None and not _DESCRIBED_RUN.match(tail)
                                          and not _described_task(command, tail)
                                          and not ("/" in command and tail != line[match.end():]
                                                   and context_kind(rx.sub(r"^\W+", "", tail)))
                                          # "`php artisan test` or `vendor\bin\phpunit`": a project program offered
                                          # as the alternative of a command
                                          and not ("/" in _posix_program(command) and rx.search(r"`\s*(?:or|\|\|)\s*$", before)
                                                   and len(rx.sub(r"`[^`]*`", " ", plain).split()) <= 4)
                                          and not _described_tool(command, before, line[match.end():])
                                          or rx.match(
                                              r"\s*(commands?|targets?|tasks?|scripts?|recipes?)\b", line[match.end():])):
            continue  # a bare tool name in prose ("use `make` commands"): a mention, not an invocation
        words = command.split()
        if "/" not in words[0] and "(" not in words[0] and all(w.startswith("-") for w in words[1:]) \
                and not (_tool_kind(command) == "test"
                         and rx.match(r"(?i)\s+to\s+(?:run|execute)\s+(?:the\s+|all\s+)?(?:unit\s+)?tests\b", line[match.end():])) and (
                rx.search(r"\b(use|uses|using)\s*$", before, re.IGNORECASE)
                and (len(words) == 1 or rx.match(r"\s*(?:,|and)\s*`", line[match.end():]))
                or len(words) == 1 and rx.search(r"\b(with|via|by)\s*$", before, re.IGNORECASE)
                and not rx.search(r"(?i)\b(run|execute)\b", before)):
            continue  # "Use `gofmt -s` and `goimports`", "Format code with `black`": a guideline names tools it runs not
        if len(words) == 2 and not label and words[0] in _TOOLCHAINS and words[1] in ("fmt", "format", "validate", "vet") \
                and rx.search(r"\b(use|uses|using)\s*$", before, re.IGNORECASE) \
                and rx.match(r"\s+(?:to|for)\s", line[match.end():]):
            continue  # "Use `go fmt` for formatting", "Use `terraform validate` to check": a toolchain's own checker named
            # for what it does ("Use `go fmt` before committing" is a step of the workflow, and stays)
        if command in _NEEDS_SUBCOMMAND or rx.fullmatch(r"\S+ (add|remove)", command) \
                or command in _PM_WORDS and rx.search(r"\b(use|using)\s*$", before, re.IGNORECASE):
            continue  # `pnpm`, `golangci-lint`, `uv add`, "use `yarn`": a tool named, not a command it runs
        row_label = ""
        if cells:
            row_label = next((c for c in cells if c and "`" not in c), "")
            if table_kind and not context_kind(row_label) and not _tool_kind(command):
                row_label = heading  # a tools table under "Linting Tools": the heading says what each row's command does
        own = _SEGMENT_LABEL.search(before.replace("`", "")) if rx.search(r"[|;]|\)\s*,", before) else None
        span_label = own.group("label").strip() if own else label  # "Clean: `a` | Format: `b`": b's label is Format
        between = before.rsplit("`", 1)[1] if "`" in before else ""
        nearest = [between] if context_kind(between) else []  # "install `uv sync`; build `uv build`": the word right before
        # the line's prose without its code spans first: a runner's own word (`mise run build`) names no task; the whole
        # line only after it, for a command whose words alone say its task (`sbt core/test`)
        prose = rx.sub(r"`[^`\n]+`", " ", plain)
        replaced = rx.match(r"\s+(?:instead of|rather than|in place of)\s+`([^`\n]+)`", line[match.end():])
        replaced_kind = _tool_kind(_clean_command(replaced.group(1))) if replaced and _tool_kind(command) is None else None
        if replaced_kind:  # "Use `./start_server.sh` instead of `mix phx.server`": the wrapper does the task of what it replaces
            nearest = [_KIND_PHRASES[replaced_kind]] + nearest
        # (the words of the other code spans on the line name their own commands, not this one: "`task init`,
        # `task bootstrap:apps`")
        own_plain = rx.sub(r"`([^`\n]+)`", lambda m, span=span: m.group(0) if m.group(1) == span else "` `", plain) \
            if len(spans) > 1 else plain
        fact = _command_fact(command, nearest + [(rx.sub(r"`[^`\n]+`", "` `", before) if "`" in before else before)[-80:], prose, own_plain,
                                                 *([lead] if lead else []), heading], number, line, sink, leads=2 if lead else 1,
                             label=_KIND_PHRASES[replaced_kind] if replaced_kind else
                             row_label or (span_label if len(spans) == 1 or before.strip().endswith(":") else ""),
                             explicit_context=_KIND_PHRASES[replaced_kind] if replaced_kind else row_label or span_label)
        if fact:
            found.append(fact)
    facts_rejected.extend(sink.rejected)


# Language toolchains whose formatter or validator is one of their own subcommands (`go fmt`, `terraform validate`): a
# guideline that says to use it names the tool, as "Format code with `black`" does, rather than the project's command.
_TOOLCHAINS = frozenset({"go", "dart", "flutter", "terraform", "terragrunt", "tofu", "packer", "deno", "zig", "gleam", "mix",
                         "cargo", "swift", "dotnet", "buf", "nomad", "elm", "crystal", "v", "odin", "roc"})


# Installing the project's own product (a library's headers, an R package, a binary crate, an opam package without
# --deps-only), not the dependencies it needs.
# A command's own words saying it applies configuration, provisions, or rehearses that ("Apply", "Dry run (no changes)").
_APPLIED = _lazy(r"(?i)^\W*(?:apply|applies|applying|provision\w*|dry[- ]run)\b")
_NOT_DEPENDENCY_INSTALL = _lazy(r"(?:^|\s)cmake\s+--install\b|\bR\s+CMD\s+INSTALL\b|\bcargo\s+install\s+(?:\S+\s+)*--path\b|"
                                r"^opam\s+install\s+\.(?!.*--deps-only)|"
                                # a chart released into a cluster (`helm install <release> <chart>`, `helm upgrade --install`,
                                # with or without `--dry-run`): a deployment, not the project's dependencies
                                r"^helm\s+(?:install|upgrade\s+(?:\S+\s+)*?--install)\b")
# Words saying an install-looking command shows the dependencies, or installs into a cluster or onto a device.
_INSTALL_ELSEWHERE = _lazy(r"(?i)\b(?:show|shows|print|prints|list|lists|display|analy[sz]es?|inspect|view)\s+(?:the\s+|all\s+)?"
                           r"(?:\w+\s+)?(?:dependenc\w*|deps)\b|\b(?:dependency|deps)\s+(?:tree|graph)\b|"
                           r"\b(?:CRDs?|RBAC|into the cluster|on the cluster|to the cluster|onto (?:the |a )?device)\b")
# Words that name each task, for a command whose task is given by another command it stands in for.
_KIND_PHRASES = {"dev": "start the dev server", "run": "run the app", "test": "run the tests", "build": "build",
                 "lint": "lint", "format": "format", "typecheck": "type check", "install": "install dependencies"}


# What a command list's entry says its command does, led by the task's verb ("- `wmake debug` - Build debug version").
_ENTRY_TASK = _lazy(r"(?i)\s*(?:[-–—:]|\s-\s)\s*(?:run|build|compile|test|lint|format|type-?check|install|start|serve|launch)"
                    r"(?:s|es)?\b")


def _described_entry(command: str, line: str, match: re.Match[str]) -> bool:
    """"- `wmake` or `wmake release` - Build optimized release version": an entry of a command list whose program no list
    knows, opened by the command (and its alternatives) and followed by the task it does, led by the task's verb. A lone
    program name counts when an alternative beside it runs the same program with arguments."""
    if not rx.fullmatch(r"\s*(?:[-*+]|\d+[.)])\s+(?:`[^`\n]+`\s*(?:or|,|/|\|\|)\s*)*", line[: match.start()]):
        return False
    alternatives = rx.match(r"(?:\s*(?:or|,|/|\|\|)\s*`[^`\n]+`)+", line[match.end():])
    if not _ENTRY_TASK.match(line[match.end() + (alternatives.end() if alternatives else 0):]):
        return False
    words = command.split()
    if len(words) == 1:
        others = rx.findall(r"`([^`\n]+)`", alternatives.group(0)) if alternatives else []
        before = rx.findall(r"`([^`\n]+)`", line[: match.start()])
        return bool(rx.fullmatch(r"[a-z][\w+-]*", command)) and any(o.split()[:1] == words and len(o.split()) > 1
                                                                   for o in others + before)
    return _program_shaped(command) and all(rx.fullmatch(r"[\w:.=/-]+", w) for w in words[1:])


def _described_task(command: str, after: str) -> bool:
    """"- `bin/pest`: Run the full test suite": a project executable (a path) the item says does one task."""
    described = rx.match(r"\s*(?:[-–—:]|\s-\s)\s*(?P<what>[^.;]{3,80})", after)
    return "/" in command and bool(described) and len(_kinds_named(described.group("what") if described else "")) == 1


def _described_tool(command: str, before: str, after: str) -> bool:
    """"- `ansible-lint` — validates the roles": a list item that opens with a program whose own name says its task, then
    says what running it does: an entry of a command list. An inventory of a toolchain ("- `hlint` - Static analysis for
    Haskell") names what each tool is, not a step to run."""
    return bool(rx.fullmatch(r"\s*(?:[-*+]|\d+[.)])\s+", before)) and _tool_kind(command) is not None and bool(rx.match(
        r"(?i)\s*(?:[-–—:]|\s-\s)\s*(?:runs?|checks?|validates?|lints?|formats?|reformats?|builds?|tests?|compiles?|"
        r"verif(?:y|ies)|analy[sz]es?|scans?|fix(?:es)?|type-?checks?|enforces?)\b", after))


# "- `./app` - Run the compiled program": an executable the list item says what running it does
_DESCRIBED_RUN = _lazy(r"\s*(?:[-–—:]|\s-\s)\s*(?:run|start|launch|execute)s?\s+(?:the\s+|a\s+|an\s+)?(?:[\w.-]+\s+){0,2}"
                       r"(?:app|application|program|binary|server|service|cli|tool|examples?|demos?|samples?)\b", re.IGNORECASE)


# The label right before a span in a line of several ("… | Format check: `x`", "…; Lint: `y`").
_SEGMENT_LABEL = _lazy(r"(?:^|[|;]|\),)\s*(?:[-*+]\s+)?(?:\*\*|__)?(?P<label>[A-Za-z][\w /&()+.-]{0,40}?)(?:\*\*|__)?\s*:\s*$")


def _bare_commands(line: str, plain: str, number: int, heading: str, found: list[Fact], rejected: list[Rejected]) -> None:
    """Commands written without backticks: ``(bin/rails test)``, ``Testing: tofu validate and tofu plan``,
    ``Test: cargo test; Lint: cargo clippy``."""
    sink = Facts()
    candidates: list[tuple[str, str]] = []
    for match in _PAREN.finditer(plain):
        if rx.search(r",\s+[a-z]+(?:,|\s*$)", match.group("cmd")):
            continue  # "(cargo test, build, clippy)": the tasks listed one after another in prose, no command line
        candidates.append((match.group("cmd"), plain[: match.start()]))
    # segments: "Test: a; Lint: b", and a sentence that opens with its own label ("… per its config. Run: tool .")
    for segment in rx.split(r"\s*[;|]\s+(?=[A-Za-z][\w ]{1,30}:)|(?<=[a-z)]\.)\s+(?=[A-Z][a-z]{1,12}:\s)", plain):
        labelled = _BARE_AFTER_LABEL.match(segment[:1].upper() + segment[1:])
        if labelled:
            # a sentence's full stop goes, not the current directory a command is given (`tool .`)
            rest = rx.sub(r"(?<=[^\s/.])\.+$", "", rx.sub(r"\s*\([^)]*\)", "", labelled.group("rest")).strip())
            # (not inside quotes: `pytest -k "temporal or leakage" -v` is one command)
            quoted = rx.findall(r"\"[^\"]*\"|'[^']*'", rest)
            held = rx.sub(r"\"[^\"]*\"|'[^']*'", "\x00", rest)
            parts = rx.split(r"\s+(?:and|or|then|,|/)\s+|\s*,\s*", held)
            for i, part in enumerate(parts):
                while "\x00" in part and quoted:
                    part = part.replace("\x00", quoted.pop(0), 1)
                parts[i] = part
            labels = labelled.group("label").split("/")
            # "Lint/format: npm run lint / npm run fmt": as many tasks in the label as commands after it, in that order
            for i, part in enumerate(parts):
                candidates.append((part, labels[i] if len(labels) == len(parts) > 1 else labelled.group("label")))
    # "- deno task build: Build the project", "uv sync --dev    # Install dependencies" (no fence): a command, then what it does
    described = rx.match(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<cmd>[a-z.][^`:#()]*?[^\s:]):\s+(?P<what>[A-Za-z][^`]*)$", line) \
        or rx.match(r"^\s*(?P<cmd>[a-z.][^`#|()]*?[^\s:])\s{2,}#\s+(?P<what>[A-Za-z][^`]*)$", line)
    if described and (context_kind(described.group("what")) or _tool_kind(described.group("cmd"))):
        candidates.append((described.group("cmd"), described.group("what")))
    whole = rx.match(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<cmd>[^`]+?)\s*$", line)
    if whole and _tool_kind(whole.group("cmd")) and not rx.search(r"[A-Z][a-z]+\s+[a-z]+\s+[a-z]+\s", whole.group("cmd")):
        candidates.append((whole.group("cmd"), ""))  # `1. uv run ruff check .`: a list item that is only a command
    if whole and rx.search(r"(?i)\bcommands?\b", heading):
        # "- bin/format --check / bin/format" under "Useful commands": the project's own scripts, named for their task
        for part in rx.split(r"\s+/\s+", whole.group("cmd").strip()):
            script = rx.match(r"(?:\./)?(?:bin|scripts?|tools)/(?P<name>[\w-]+)(?:\.sh)?(?:\s+[\w-]+){0,2}$", part.strip())
            if script and context_kind(script.group("name")) and unsafe_command(part.strip()) is None:
                fact = _command_fact(part.strip(), [script.group("name"), plain, heading], number, line, sink,
                                     label=script.group("name"), explicit_context=script.group("name"))
                if fact:
                    found.append(fact)
    if not whole and "`" not in line and rx.search(r"(?i)\b(?:commands?|usage|build\w*|test\w*|development|scripts?|tasks?)\b",
                                                  heading):
        # "## Commands" then the lines `cargo test` / `cargo clippy` written bare, one a line: each line a command
        bare = rx.sub(r"^\$\s+", "", line.strip())
        if 2 <= len(bare.split()) <= 10 and _is_command(bare) and _tool_kind(bare) and "#" not in bare \
                and not rx.search(r"(?<![./])[.!?:]$|\b(?:the|a|an|to|for|is|are|you|we)\b", bare):
            candidates.append((bare, ""))
    for quoted in rx.finditer(r"(?i)(?<![-\w])(?:run|execute|use)\s+(?P<q>['\"])(?P<cmd>[^'\"`\n]{3,80})(?P=q)", plain):
        # "after every change run 'just test'": a command quoted in prose rather than put in a code span
        if _tool_kind(quoted.group("cmd")):
            candidates.append((quoted.group("cmd"), ""))
    if "`" not in line:
        one = r"[a-z][\w.-]*\s+[a-z][\w:.-]*(?:\s+(?:\./\S*|--?[\w-]+|\.(?=[\s,]|$)))*"
        for listed in rx.finditer(r"(?i)\b(?:use|run|execute)\s+(?P<list>" + one + r"(?:\s*(?:,\s*and\b|,|\band\b|\bor\b)\s*"
                                  + one + r")+)", plain):
            # "Use cargo check and cargo test regularly": the commands a prose list names, each a tool and its subcommand
            parts = [p.strip() for p in rx.split(r"\s*(?:,\s*and|,|\band\b|\bor\b)\s*", listed.group("list")) if p.strip()]
            if len(parts) >= 2 and all(looks_like_command(p) and _tool_kind(p) for p in parts):
                candidates.extend((p, "") for p in parts)
    for text, label in candidates:
        # a sentence's full stop goes, not a path's own dots (`go test ./...`: every package below the directory)
        command = _clean_command(rx.sub(r"(?<=[^\s/.])[.;,]+$", "", text.strip()))
        program = _program(command)
        if not looks_like_command(command) and rx.match(
                r"\S+\s+(?:detects|checks|finds|reports|catches|flags|handles|does|is|are|was|will|can|should|may)\b", command):
            continue  # "(govulncheck detects these)": a sentence about a tool, not its invocation
        if len(command.split()) < 2 or not (looks_like_command(command) or program in _EXTRA_PROGRAMS) \
                or rx.search(r"[():]|\b(with|using|uses|via|for|per|the|its|their|our|when|if)\b", command) \
                or rx.search(r"[A-Z][a-z]+ [a-z]+ [a-z]+ [a-z]+", command) or "://" in command \
                or rx.fullmatch(r"[\w.-]+(?:\s+\+\s+[\w.-]+)+", command) \
                or rx.search(r"[\u1100-\u11ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]", command):
            continue  # … "busted + luassert": tools named together; "(pnpm workspace 설치 때문에 필수)": a note in prose
        fact = _command_fact(command, [label, plain, heading], number, line, sink, label=label, explicit_context=label)
        if fact:
            found.append(fact)
    rejected.extend(sink.rejected)


_SELF_DESCRIBING = _lazy(r"^(package\.json|pyproject\.toml|Makefile|Cargo\.(toml|lock)|go\.(mod|sum)|\S+\.lock|composer\.json|"
                              r"phpunit\.xml(\.dist)?|[\w-]+[.-]config\.[cm]?[jt]s|tsconfig\S*\.json|docker-compose\S*\.ya?ml|"
                              r"Dockerfile|[Jj]ustfile|Taskfile\.ya?ml|\.pre-commit-config\.yaml|wrangler\.jsonc?|"
                              r"README(\.\w+)?|LICENSE|CHANGELOG(\.md)?|AGENTS\.md|CLAUDE\.md|tsconfig\.json|setup\.(py|cfg)|"
                              r"requirements\S*\.txt|Gemfile|mix\.exs|build\.gradle(\.kts)?|pom\.xml|\.env\S*|\.gitignore|"
                              r"bunfig\.toml|deno\.jsonc?|components\.json|biome\.jsonc?|\.[\w-]+rc(\.\w+)?|\.editorconfig|"
                              r"\.nvmrc|\.python-version|\.tool-versions|(rustfmt|clippy|ruff)\.toml|(mypy|pytest|tox)\.ini|"
                              r"\.golangci\.ya?ml|\.rubocop\.yml|netlify\.toml|vercel\.json|fly\.toml|Procfile|\.dockerignore|"
                              # an ecosystem's root manifest or workspace file, Django's `manage.py`: named by what they are
                              r"manage\.py|nanoc\.ya?ml|pnpm-workspace\.yaml|\S+\.csproj|\S+\.slnx?|application\.properties|"
                              r"jitpack\.yml|\.terraform-version|nx\.json|turbo\.json|lerna\.json|angular\.json|foundry\.toml|"
                              r"CMakePresets\.json|CMakeLists\.txt|Chart\.yaml|deps\.edn|cpanfile|compose\.ya?ml|pubspec\.yaml|"
                              r"Package\.swift|dune-project|rebar\.config|gleam\.toml|stack\.yaml|build\.sbt|project\.clj|"
                              r"settings\.gradle(?:\.kts)?|gradle\.properties|build\.zig(?:\.zon)?)$")
# (Terraform's `main.tf`, `variables.tf`, `outputs.tf` are the module's code: a list that maps them to what they hold names
# the root module's parts; the same names under "every module must have" are the layout of any module, `_DISTRIBUTIVE`)
# "`src/lib/` contains shared utilities." - a line that starts with a path and says what it holds.
_PATH_LEAD = _lazy(r"^`(?P<path>/[\w.@()-]+/?|/?[\w.@()-]+(?:/[\w.@()-]*)+/?)`\s+(?:holds|contains|has|stores|keeps|defines|provides|houses|"
                   r"hosts|is where|is the|are the|enforces|handles|implements|manages|exports|configures|wraps|registers|"
                   r"owns|loads|renders|validates|declares)\s+(?P<what>[^.\n]{3,100})")
# A sentence whose subject is one source file or script of the project, written bare, and whose verb says what that file
# does ("`build-local.sh` builds the provider from source", "`connect.sh` reads the infrastructure values from …",
# "`lib.ts` exports the shared utilities"): the file named with its role, as a path would be. (Third person: the file is
# described, not run; "Run `x.sh`" is a command.)
_FILE_LEAD = _lazy(r"^`(?P<path>[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{1,10})`\s+(?:holds|contains|stores|keeps|defines|provides|houses|"
                   r"is where|is the|enforces|handles|implements|manages|exports|configures|wraps|registers|owns|loads|renders|"
                   r"validates|declares|builds|reads|creates|generates|installs|downloads|polls|watches|syncs|detects|parses|"
                   r"collects|orchestrates|sets up|bootstraps|applies|writes)\s+(?P<what>[^.\n]{3,100})")
# "Configuration: `config/settings.py`", "**Frontend**: `frontend/` (React)" - a label line whose value is a path.
_PATH_LINE_LABEL = _lazy(r"^(?P<what>[A-Z][\w /-]{1,40}?)\s*:\s*`(?P<path>/?[\w.@()-]+(?:/[\w.@()-]*)*/?)`\s*(?:\([^)]*\))?\s*\.?$")
# "The main entry point is `cmd/app/main.go`." - a named thing whose path ends the clause.
_PATH_IS = _lazy(r"\b(?:the|our|its)\s+(?P<what>[a-z][\w -]{2,40}?)\s+(?:is|are|lives at|is located at)\s+"
                 r"`(?P<path>/?[\w.@()-]+(?:/[\w.@()-]*)+/?)`\s*(?:[.;,]|$)", re.IGNORECASE)
# Labels that name no component: a note, an example, a change record, a cross-reference.
_NOT_A_COMPONENT = _lazy(r"\b(e\.g|example|default|see|note|tip|warning|important|usage|todo|status|source|ref(erence)?|link|"
                         r"used (?:in|by)|called (?:from|by)|imported by|"
                         r"changed|updated|modified|fixed|removed|added|deleted|renamed|moved|fix|change|diff|commit)\b",
                         re.IGNORECASE)
_PATH_VERB = _lazy(
    r"^\s*(?:[-*+]|\d+[.)])\s+\*{0,2}`(?P<path>/?[\w.@()-]+(?:/[\w.@()-]*)*/?)`\*{0,2}(?:\s*(?:and|,)\s*`[^`]+`)*\s*[:\-–—]?\s*"
    r"(?P<verb>holds?|contains?|has|is|are|stores?|manages?|keeps?|defines?|provides?|houses?|includes?|hosts?|for|with)?\b"
    r"\s*(?P<what>[^.\n]{3,100})")
# "- `App\` → `app/`": a name (a namespace, a module) mapped to its directory.
_PATH_ARROW = _lazy(r"^\s*[-*+]\s+`(?P<what>[^`]{2,60})`\s*(?:→|->|=>|⇒)\s*`(?P<path>[\w.@-]+(?:/[\w.@-]*)*/?)`\s*$")
_URL_WORDS = _lazy(r"\b(GET|POST|PUT|DELETE|PATCH)\b|\b(?i:endpoints?|routes?|URLs?|webhooks?|dashboard|pages?|interface|namespaced)\b")
# A line about a web server's URLs: what is reached at `/admin`, `/docs` or `/health` is a route, not a directory.
_WEB_WORDS = _lazy(r"\b(GET|POST|PUT|DELETE|PATCH|HEAD)\b|\b(?i:endpoints?|URLs?|webhooks?|swagger|openapi|redoc|"
                   r"(?:page|available|reachable|accessible|access(?:ed)?|served|hosted|mounted|exposed|listens?)\s+(?:at|on|via)|"
                   r"health(?:check)?s?|browser|visit|localhost|returns?|responds?|when (?:the )?server is running)\b|"
                   r"返回|接口|请求|請求|路由|エンドポイント")
_DIRECTORY_WORDS = _lazy(r"\b(director(?:y|ies)|folders?|dirs?|files?|modules?|packages?|code in|source)\b", re.IGNORECASE)


_LIST_LEAD = _lazy(r"^\s*(?:[-*+]|\d+[.)])?\s*[*`]*")
_LIST_TAIL = _lazy(r"[*`]*\s*(?:[-–—:(]|$)")


def _occurrences(text: str, part: str) -> Any:
    """Every index where ``part`` occurs in ``text``, overlapping ones included (every index for "")."""
    at = text.find(part)
    while at >= 0:
        yield at
        at = text.find(part, at + 1)


def _listed_at(path: str, line: str) -> bool:
    r"""``re.match(r"^\s*(?:[-*+]|\d+[.)])?\s*[*`]*" + re.escape(path) + r"[*`]*\s*(?:[-–—:(]|$)", line)``, without
    compiling a pattern per path: the path as a list item's subject, after the item's marker and emphasis."""
    return any(_LIST_LEAD.fullmatch(line, 0, at) and _LIST_TAIL.match(line, at + len(path)) for at in _occurrences(line, path))


_ROUTE_LEAD = _lazy(r"\b(?:GET|POST|PUT|PATCH|DELETE)\s+/?\Z")


def _routed(path: str, line: str) -> bool:
    r"""``re.search(r"\b(?:GET|POST|PUT|PATCH|DELETE)\s+/?" + re.escape(path), line)``, without compiling a pattern per
    path: the path right after an HTTP method."""
    return any(_ROUTE_LEAD.search(line, 0, at) for at in _occurrences(line, path))


def _web_route(path: str, line: str) -> bool:
    """A URL path of the application, not a path of the repository: `/admin` in "Access at `/admin`", `api/x` beside
    `POST api/y`."""
    if _listed_at(path, line):
        return False  # "- `/app/api` - API routes and the webhook handler": a listed directory and what it holds
    if path.startswith("/"):
        return bool(_WEB_WORDS.search(line)) and not _DIRECTORY_WORDS.search(line)
    verb = rx.search(r"\b(?:GET|POST|PUT|DELETE|PATCH)\s+/?([\w.-]+)/", line)
    return verb is not None and path.lstrip("/").startswith(verb.group(1) + "/")


_BUILD_OUTPUT = _lazy(r"(?i)\b(?:build|builds|bundled?|compiled|built|production)\s+(?:output|artifacts?)\b")
_OUTPUT_WORDS = _lazy(r"\b(artifacts?|outputs?|logs?|cache[sd]?|reports?|screenshots?|tmp|temp)\b", re.IGNORECASE)
_IGNORED = _lazy(r"\b(ignore[sd]?|excluded?|gitignore|(?:do not|don['’]?t|never|must not|should not|avoid)\s+(?:\w+\s+|\w+-)?"
                 r"(commit|edit|touch|modify|change|write to)|temporary|scratch|read[- ]only)\b", re.IGNORECASE)
_PATH_DIR = _lazy(r"(?P<what>(?:[A-Za-z][\w-]*\s+){1,3}?)(?:in|from|under|inside|within|through|into|at|(?:go|goes|are written|is written) to|"
                  r"(?:are|is|will be|get|gets) (?:added|placed|put|kept) (?:to|in|under))"
                  r"\s+(?:the\s+)?`(?P<path>/?[\w.@()-]+(?:/[\w.@()-]*)*/?)`(?P<dir>\s+(?:directory|directories|folder|folders|dir)\b)?")


# The type prefix of a conventional branch name (`feature/…`, `fix/…`): under a heading about branches, not a path.
_BRANCH_TYPE = _lazy(r"(feature|feat|fix|bugfix|hotfix|chore|docs|refactor|test|release|perf|style|ci|build)/")


_RETIRED = _lazy(r"(?i)\b(deprecated|obsolete|no longer (?:used|registered|exists?|needed|present|maintained)|"
                 r"has been removed|was removed|were removed)\b")
# "The old `api/v1/` (…) was dropped": the part the file names as the one that went before, and what its clause
# says of it — never the next clause ("the old `a/x.py` is gone; the handlers live in `b/`" keeps `b/`).
_NAMED_AS_OLD = _lazy(r"(?i)\bthe (?:old|former|previous|retired) `(?=[^`]*/)")
_AGENT_MATERIAL = _lazy(r"^(?:\./)?(?:(?:\.claude/(?:commands|rules|skills)|\.github/(?:instructions|prompts|chatmodes)|"
                        r"\.agents?/skills|\.cursor/rules|\.windsurf/rules|\.continue/rules|\.kiro/steering|\.clinerules)(?:/|$)|"
                        r"(?:\.ai|\.agents?|\.cursor|\.windsurf|\.codex|\.gemini|\.clinerules|\.cursorrules)/?$)")


# File extensions of the common ecosystems (source, build, configuration, document, data and media files): a dotted
# name whose suffix is none of these (`cloud.tools/`, `k8s.io/api`) is a host or module name, not a file or folder.
_KNOWN_EXTENSIONS = (
    " py pyi pyx ipynb ts tsx mts cts js jsx mjs cjs go rs rb erb rake gemspec java kt kts cs csproj fs fsx fsproj vb vbproj "
    "sln slnx props targets swift dart ex exs eex heex leex erl hrl gleam php phtml sh bash zsh fish ps1 psm1 bat cmd sql "
    "prisma graphql gql proto tf tfvars hcl c h cc cpp cxx hpp hh hxx ino m mm hs lhs cabal zig nim cr r rmd jl ml mli "
    "scala sc sbt clj cljs cljc edn lua vim nix el pl pm t gd vue svelte astro gradle cmake mk make ninja bazel bzl "
    "razor cshtml elm rkt sol groovy f90 f95 for asm s v sv vhd vhdl wasm wat bicep bicepparam jsonnet libsonnet cue rego pkl psql "
    "json jsonc json5 yaml yml toml ini cfg conf config properties env xml plist xsd xsl lock sum mod "
    "md mdx markdown rst txt adoc org tex bib html htm css scss sass less styl ejs hbs mustache njk twig liquid jinja j2 "
    "tmpl tpl template csv tsv parquet db sqlite sqlite3 log pdf png jpg jpeg gif svg webp ico bmp mp3 mp4 wav ttf otf woff "
    "woff2 zip gz tgz tar bz2 xz jar war apk ipa dmg pem key crt p12 pfx pub patch diff dockerfile containerfile "
    "service socket timer desktop xcassets xctestplan xcconfig xcodeproj xcworkspace storyboard xib pbxproj entitlements "
    "resx xaml axaml neon mml kdl just ino commit sample example dist bak tmp out pid sock ")


# A file or folder name that spells a naming convention or a placeholder noun (`PascalCase.tsx`, `kebab-case/`,
# `useFeatureName.ts`): the example of a rule, not a file of the project.
_NAMING_EXAMPLE = _lazy(r"(?i:(?:^|/)(?:pascal|camel|kebab|snake|screaming[_-]?snake|lower|upper|title|train)[_-]?case(?=[./]|$))|"
                        r"(?:^|/)(?:[a-z]+)?(?:[A-Z][a-z]+)?(?:Component|Feature|Module|Page|Screen|Hook|Service|Class|Store|"
                        r"Entity|Model|Resource|Controller|Domain|Widget|View|Function|File|Package|Project)Name(?=[./]|$)|"
                        # a generic noun and "name" (`roles/role_name.yaml`, `hosts/hostname.json`), or the parts of
                        # speech a naming rule asks for (`noun_verb.py`): the placeholder of a layout, not a file
                        r"(?i:(?:^|/)(?:group|host|file|user|role|module|app|service|package|component|feature|class|function|"
                        r"table|model|project|task|branch|page|screen|skill|agent|plugin|tool|item|thing|env|environment)"
                        r"[_-]?name(?=[./]|$)|(?:^|/)(?:verb[_-]noun|noun[_-]verb|adjective[_-]noun)(?=[./]|$))")
# An IANA time zone (`America/Sao_Paulo`, `Etc/UTC`): an area and a location, not a directory.
_TIME_ZONE = _lazy(r"(?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc|US|Canada|Brazil|"
                   r"Mexico|Chile)/[A-Z][A-Za-z_+-]*(?:/[A-Z][A-Za-z_]*)?$")


# Pairs of words written with a slash that a rule names together: keywords of a language, opposites, alternatives.
_WORD_PAIRS = frozenset((
    "async/await", "await/async", "try/catch", "try/except", "try/finally", "catch/finally", "if/else", "get/set",
    "set/get", "let/const", "const/let", "var/let", "null/undefined", "undefined/null", "true/false", "yes/no", "on/off",
    "read/write", "input/output", "start/stop", "open/close", "push/pull", "pull/push", "import/export", "require/import",
    "request/response", "enable/disable", "show/hide", "load/save", "before/after", "setup/teardown", "begin/end",
    "and/or", "create/update", "add/remove", "insert/delete", "encode/decode", "serialize/deserialize", "min/max",
    "key/value", "success/failure", "success/error", "pass/fail", "allow/deny", "up/down", "left/right", "sync/async",
    "error/warning", "warn/error", "debug/info", "info/debug", "login/logout", "signin/signout", "mount/unmount",
    "new/delete", "malloc/free", "lock/unlock", "acquire/release", "subscribe/unsubscribe", "then/catch", "resolve/reject",
    "defer/recover", "panic/recover", "throw/catch", "raise/except", "with/as", "public/private", "private/public",
    "light/dark", "dark/light", "grid/flex", "flex/grid", "ok/err", "some/none", "option/result", "result/option",
))


def _path_ok(path: str, workflows: bool = False) -> bool:
    """Whether a written path names a part of the project; ``workflows``: the section lists CI workflow files, so a YAML name
    that begins with a tool's name and goes on (`terraform-dns.yml`, `docker-publish.yml`) is a workflow of the repository, not
    the tool's settings (`lefthook.yml` stays the tool's)."""
    bare = path.rstrip("/").split("/")[-1]
    if not path.strip("/.") or rx.search(r"(?:^|/)[\w-]+\.[a-z]{1,5}/\.?[a-z]{1,4}$", path):
        return False  # the root `/`; `store.h/c`, `Util.h/.cpp`: a header and its source written as one, two files
    if "/" in path.rstrip("/") and rx.fullmatch(r"[\w-]+\.[a-z]+[A-Z]\w*", bare):
        return False  # `roles/logging.logWriter`: a file suffix is never camelCase; a qualified identifier
    if path.startswith("(") and path.rstrip("/").endswith(")"):
        return False  # `(dev/restart)`: a call of a Lisp REPL, a namespace and a function, not a path
    if rx.fullmatch(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?:/[A-Z][A-Z0-9_]*)+|[A-Z][A-Z0-9_]*(?:/[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)+", path):
        return False  # `ORDER_PAID/REFUNDED`: constants written as alternatives, not a directory
    if rx.search(r"^[\w./-]+:v?\d[\w.-]*$", path):
        return False  # `vendor/image:v5.4`: a container image and its tag
    top = path.lstrip("/").split("/")[0]
    if "/" in path.strip("/") and rx.fullmatch(r"[a-z0-9-]+(?:\.[a-z0-9-]+)+", top) \
            and f" {top.rsplit('.', 1)[1]} " not in _KNOWN_EXTENSIONS:
        return False  # `gotest.tools/cmd/x`, `k8s.io/client-go/`: a module or host name leads, not a directory
    if rx.search(r"^[\w.-]+:\d+|://|\.\.\.|<[^>]*>|(^|/)(your|my)[_-]\w+|^[A-Z]\w*\.[A-Z](?![\w.]*/)|/\d+$|(^|[/_-])(XX+|xx+|NNN*|YYYY|YY|MM|DD)([/_.-]|$)", path):
        return False  # a host:port, a URL, a placeholder (`lib/your_gem.rb`, `src/<name>/`, `lesson-XX/`), not a project path
    if _NAMING_EXAMPLE.search(path) or _TIME_ZONE.match(path) or rx.search(r"(?:^|/)node_modules/", path):
        return False  # `PascalCase.tsx`, `ComponentName.tsx`: a naming rule's example; `Europe/Paris`: a time zone; a
        # document or module inside installed dependencies (`node_modules/pkg/docs/`): none is a part of the project
    if rx.fullmatch(r"[a-z]+[A-Z]\w*(?:/[a-z]+[A-Z]\w*)+", path):
        return False  # `useMemo/useCallback`: two identifiers, one or the other, not a directory
    if "…" in path or rx.fullmatch(r"[a-z_]\w*\.[A-Z]\w*(?:/\.?[A-Z]\w*)+/?", path):
        return False  # `log.Start/Success/Fail`, `ui.Button/Card/…`: a package's functions written as alternatives
    if rx.fullmatch(r"[a-z]+/[a-z]+", path) and path.lower() in _WORD_PAIRS:
        return False  # `async/await`, `try/catch`, `read/write`: a pair of words of a language or of prose, not a directory
    if _PARENT_PATHS[0] and path.startswith("../") and not path.startswith("../../"):
        path = path[3:]  # a nested file's `../src/app.py`: the repository's `src/app.py`, written from the file's directory
    if "*" in path or "{" in path or path.startswith(("../", "~", "http")) or _SELF_DESCRIBING.match(bare) and "/" not in path.rstrip("/"):
        return False
    if "/" not in path.rstrip("/") and _tool_config(path) and not (workflows and rx.fullmatch(r"[a-z][a-z0-9]*[-_][\w-]+\.ya?ml", path)):
        return False  # `taplo.toml`, `.rubocop-rails.yml`, `lefthook.yml`: a tool's own configuration at the root, named for it
    if rx.search(r"\.(example|sample|template|tmpl|dist)$", path) or rx.match(r"/(api|v\d+)(/|$)", path):
        return False  # `.env.example` is a template to copy; `/api/auth`, `/v1/models` are URL routes
    if rx.search(r"(?i)(?:^|/)(?:tmp|temp|\.tmp)/", path.lstrip("/") + "/") and not path.startswith(("/", "./")) \
            and "/" in path.rstrip("/"):
        return False  # `backend/tmp/test-dbs/`: scratch files a run writes inside the checkout, no component
    if rx.search(r"(^|/)\.env(\.[\w-]+)?$", path):
        return False  # a dotenv file holds one machine's settings and secrets, not a component
    if path.endswith(".md") or " " in path or path.startswith("@"):
        return False  # a document, a command or a package name, not a component
    if rx.search(r"\.(?:sqlite3?|db|log|pid|sock)$", path):
        return False  # a database file, a log, a pid file, a socket: what the program writes at run time (the guide's runtime
        # artifacts), not a part of the project
    if rx.match(r"(?:origin|upstream)/[\w.-]+$", path):
        return False  # `origin/main`: a remote-tracking branch, not a directory
    if not path.endswith("/") and rx.search(r"(?i)(?:^|/)\.?_{0,2}generated_{0,2}/|\.(?:gen|generated)\.\w+$", path):
        return False  # a file a generator rewrites (`src/generated/models.gen.ts`); its directory is the component
    if _AGENT_MATERIAL.match(path):
        return False  # the agent's own instructions (`.claude/rules/`, `.claude/skills/`, `.ai/`), not a part of the project
    if path.startswith("//") or rx.search(r"^[\w./-]*:[A-Za-z_][\w-]*$", path):
        return False  # a build target (`//services/api:server`, `lib/core:tests`), not a directory or file
    if _SYSTEM_PATH.match(path) or rx.search(r"\.(pem|key|crt|p12|pfx|gpg|age)$|\.(?:enc|sops)\.\w+$", path) \
            or rx.match(r"^[\w-]+(\.[\w-]+)*\.(com|org|net|io|dev|app|co|in|me|sh|so|ai)/", path) \
            or rx.fullmatch(r"\.vscode/?|\.idea/?|node_modules/?|\.git/?", path):
        return False  # a machine's /opt, key material, an import path (github.com/x/y), an editor's or a tool's own directory
    return "/" in path and "@" not in path.split("/")[-1] or bool(_SOURCE_FILE.search(path))


def _bare_dir_named(match: re.Match[str]) -> bool:
    """"Source code lives in `src`", "the fixtures are kept under `testdata`": a bare name the sentence places parts in is a
    directory of the repository, unless it names a branch, a tool, a language or an environment."""
    path = match.group("path")
    before = match.string[: match.start("q")]
    return bool(rx.fullmatch(r"[a-z_][a-z0-9_-]*[a-z0-9]", path)) and rx.search(r"\b(?:in|under|inside)\s*$", before) is not None \
        and rx.search(r"(?i)\b(?:branch|written|implemented|coded|language|format|mode|environment|env|stage|state|status|"
                      r"version|style|case|form)\b", match.group("what") + before[match.end("what"):]) is None \
        and path not in _KNOWN_TOOLS and path not in _EXTRA_PROGRAMS and not _BRANCH_WORD.fullmatch(path) \
        and not _LANGUAGE_WORD.fullmatch(path)


_BRANCH_WORD = _lazy(r"main|master|develop|development|dev|trunk|staging|stage|prod|production|release|preview|beta|alpha|"
                     r"canary|nightly|stable|next|gh-pages|local|localhost|default|draft|progress|review|sync")
_LANGUAGE_WORD = _lazy(r"python|go|golang|rust|ruby|java|kotlin|swift|typescript|javascript|ts|js|php|elixir|scala|dart|"
                       r"c|cpp|csharp|lua|zig|nim|haskell|ocaml|clojure|sql|bash|shell|yaml|json|toml|markdown|html|css|"
                       r"english|chinese|japanese|korean|utf-8|utf8|ascii|camelcase|snake_case|kebab-case|pascalcase")


# Words of a heading or a table header over the repository's CI workflow files ("## Workflows", "| Workflow | Trigger |").
_WORKFLOW_FILES = _lazy(r"(?i)\bworkflows?\b|\bGitHub Actions\b|\b(?:CI|CD|CI/CD)\s+(?:pipelines?|jobs?)\b|\bpipelines?\b")


def _tool_config(name: str) -> bool:
    """A configuration file named for the tool that reads it (`taplo.toml`, `.rubocop-rails.yml`, `mise.local.toml`): the
    tool's own settings in the place it looks for them, self-describing like `pyproject.toml`, not a component."""
    match = rx.fullmatch(r"\.?(?P<tool>[a-z][a-z0-9]*(?:-[a-z]+)?)(?:[-_.][\w.-]+)?\.(?:toml|ya?ml|jsonc?|json5|ini|cfg|conf|properties)",
                         name)
    if not match:
        return False
    tool = match.group("tool")
    return any(t in _EXTRA_PROGRAMS or t in _KNOWN_TOOLS for t in {tool, tool.split("-")[0]})


# Programs of the common toolchains, besides the ones a memory file's commands name (see ``_EXTRA_PROGRAMS``).
_KNOWN_TOOLS = {"npm", "pnpm", "yarn", "bun", "deno", "node", "uv", "poetry", "pdm", "hatch", "pipenv", "pytest", "tox", "nox",
                "ruff", "black", "isort", "mypy", "pyright", "flake8", "pylint", "eslint", "prettier", "tsc", "vitest", "jest",
                "playwright", "docker", "mvn", "gradle", "rake", "bundle", "composer", "dotnet", "golangci", "turbo", "nx",
                "lerna", "rush", "wrangler", "vercel", "netlify", "firebase", "codecov", "renovate", "dependabot", "lefthook",
                "husky", "commitlint", "semgrep", "sonar", "typos", "cspell", "knip", "syncpack", "changeset", "goreleaser",
                "mkdocs", "docusaurus", "vite", "webpack", "rollup", "babel", "jsdoc", "typedoc", "storybook", "stryker",
                "rustfmt", "clippy", "taplo", "cargo", "nextest", "melos", "fastlane", "swiftlint", "detekt", "spotless",
                "phpstan", "psalm", "pint", "rector", "phpcs", "phpmd", "rubocop", "reek", "solargraph", "credo", "sobelow",
                "coveralls", "pre-commit", "prek", "mise", "asdf", "devbox", "flox", "skaffold", "tilt", "kind", "k3d", "ko",
                "sqlc", "buf", "gqlgen", "oapi", "dbmate", "sqlfluff", "stylua", "selene", "luacheck", "ktlint"}


# A file name with the extension of a source, build or configuration file of some ecosystem (`init.vim`, `flake.nix`,
# `auth.service.ts`).
_SOURCE_FILE = _lazy(
    r"^[\w-]+(?:\.[a-z][\w-]*)?\.(py|pyi|ts|tsx|mts|cts|js|jsx|mjs|cjs|go|rs|rb|java|kt|kts|cs|csproj|fs|fsx|fsproj|vb|slnx?|ya?ml|json|"
    r"jsonc|toml|swift|dart|exs?|erl|hrl|gleam|php|sh|bash|zsh|fish|ps1|bat|sql|prisma|graphql|gql|proto|tf|tfvars|hcl|c|h|cc|"
    r"cpp|cxx|hpp|hh|m|mm|hs|zig|nim|cr|R|Rmd|jl|ml|mli|scala|sc|sbt|clj|cljs|cljc|edn|lua|vim|nix|el|pl|pm|"
    r"gd|vue|svelte|astro|gradle|cmake|mk|ipynb|"
    # infrastructure and policy languages: Bicep modules and their parameter files, Jsonnet, CUE, Rego, KCL, Pkl, psql scripts
    r"bicep|bicepparam|jsonnet|libsonnet|cue|rego|pkl|psql)$")


def _runs(path: str) -> bool:
    """Whether a path-like span is a command (`bin/setup`, `scripts/test.sh`) rather than a source file or directory."""
    return _is_command(path) and not rx.search(r"\.(tsx?|jsx?|mjs|cjs|rb|go|rs|kt|java|cs|swift|php|exs?|dart|c|h|cc|cpp|hpp|"
                                               r"json|ya?ml|toml|txt|sql|prisma|vue|svelte|"
                                               # sources, markup, styles and unit or settings files no shell runs by name
                                               r"clj[sc]?|edn|html?|css|scss|less|xml|tf|tfvars|hcl|conf|service|timer|socket)$"
                                               # (`Caddyfile`, `Vagrantfile`: a tool's input, named for the tool)
                                               r"|(?:^|/)[A-Z][a-z]+file$", path)


def _joined(path: str, parent: str) -> str:
    if not parent or path.startswith(("/", "./", parent)):
        return path
    return parent + path


# A hook that runs the checks on a git action: "Husky pre-commit hooks run lint-staged", "`pre-commit`: runs …".
_HOOK_RULE = _lazy(r"\b(pre-commit|commit-msg|pre-push|git)\s+hooks?\b(?:(?!\.\s).){0,80}?\b(runs?|enforces|checks|executes|validates)\b"
                   r"|\b(?:husky|lefthook|simple-git-hooks|overcommit)\s+(pre-commit|commit-msg|pre-push)\s+(?:hook\s+)?"
                   r"(runs?|enforces|checks|executes|validates)\b"
                   r"|^\W*(?:\d+[.)]\s*)?`?(pre-commit|pre-push|commit-msg)`?\s*:\s*runs?\b"
                   # a commit-message or hook tool that checks every commit: "Commit messages are validated by commitlint",
                   # "gitlint runs on every commit message", "Husky runs commitlint on each commit"
                   r"|\b(?:validated|checked|enforced|linted|verified|rejected|blocked)\s+by\s+(?:an?\s+|the\s+)?`?(?:commitlint|gitlint|"
                   r"commitizen|cz|husky|lefthook|pre-commit|overcommit|simple-git-hooks|lint-staged|commit-msg|pre-push|"
                   r"conventional-pre-commit)\b"
                   r"|\b(?:commitlint|gitlint|commitizen|husky|lefthook|overcommit|simple-git-hooks|lint-staged|"
                   r"conventional-pre-commit)`?\s+(?:\w+\s+){0,3}?(?:runs?|enforces?|checks?|validates?|rejects?|blocks?|lints?|"
                   r"verif(?:y|ies))\b(?=[^.]{0,60}\b(?:commit|push|messages?)\b)"
                   # a hook that checks the commit message or keeps something out of a commit ("gitlint - Commit message
                   # linter", "Prevents committing private keys"), a hook framework run for the pre-commit checks
                   r"|\bcommit(?:-msg|\s+messages?)\s+(?:linter|linting|lint|validator|validation|checker|check)\b"
                   r"|^\W*`[\w.-]+`\s*(?:[-–—:]\s*)(?:prevents?|blocks?|rejects?|forbids?|stops?)\s+(?:\w+\s+){0,2}?"
                   r"(?:committing|pushing|commits\s+(?:of|with))\b"
                   r"|\b(?:uses?|runs?|configures?|sets? up)\s+(?:\S+\s+){1,3}?for\s+(?:the\s+)?pre-?(?:commit|push)\s+(?:checks|hooks)\b"
                   r"|\b(never|don'?t|do not)\b.{0,30}\b(skip|bypass|disable)\b.{0,40}\bhooks?\b"
                   # what to do when a hook fails: bypass it or fix the cause ("if a hook blocks you, fix … instead of bypassing")
                   r"|\bhooks?\b[^.]{0,60}\b(?:bypass\w*|--no-verify)|\b(?:bypass\w*|--no-verify)\b[^.]{0,60}\bhooks?\b", re.IGNORECASE)
# A heading that is itself the rule: "Formatting (required before every commit)", "Pre-Commit Quality Gates".
_HEADING_RULE = _lazy(r"\b(required|mandatory|must)\b[^)]{0,30}\bbefore\s+(?:every\s+|each\s+|any\s+)?(?:commit|push|merg|PR|pull request)"
                      r"|\bpre-?(?:commit|push)\b[\w\s]{0,20}\b(?:checks|gates?)\b"
                      r"|\bbefore (?:you )?(?:commit|push|merg|submit)\w*\b", re.IGNORECASE)
# "## Pre-Deployment Checklist", "### Pre-deploy checks", "## Release Checklist": a section of what must hold before the
# project ships - a rule of its release process, stated by the heading
_RELEASE_CHECKLIST_HEADING = _lazy(r"\W*(?:\d+[.)]\s*)?(?:pre-?(?:deploy(?:ment)?|release|publish(?:ing)?)\s+(?:checklist|checks?)|"
                                   r"(?:deploy(?:ment)?|release)\s+checklist)\W*", re.IGNORECASE)
# Sections whose items are requirements even without a directive ("Definition of Done": "- Conventional commit message").
_RULES_HEADING = _lazy(r"\b(definition of done|done criteria|checklist|quality gates?|"
                       # a section of prohibitions: each item is one ("## Verboten", "## Don'ts", "## Never")
                       r"(?<![\w-])(?:verboten|forbidden|prohibited|prohibitions?|don'?ts|never|interdit|prohibido|proibido|vietato|"
                       r"zabronione|yasak(?:lar)?)(?![\w-])(?=\W*$)|before (?:you )?(?:commit|push|merg|submit)\w*)\b",
                       re.IGNORECASE)


_RELEASE_HEADING = _lazy(r"(?i)\b(?:releas\w*|publish\w*|cutting a release)\b|"
                         r"リリース|릴리스|发布|發佈|发版|(?<![А-Яа-яЁё])релиз|\bpublication|publicación|publicação|pubblicazion\w*|"
                         r"veröffentlich\w*|publikacj\w*|wydani\w*|\blanzamiento|lançamento|rilasci\w*|\bsürüm|yayın")
# A release step that is itself a command of the release: a tag, a version bump, a publish, pushing the tags.
_RELEASE_STEP = _lazy(r"(?i)^(?:\*\*)?[^`:]{0,30}:?\s*`(?:(?=[^`]*\s)[^`]*\b(?:publish|release|upload|tag|version|bump|"
                      r"push\s+(?:\S+\s+)?(?:--tags|--follow-tags|v\d|tag))\b[^`]*|v?(?:\d+|[A-Z])\.(?:\d+|[A-Z])\.(?:\d+|[A-Z])\S*)`\s*\W*$")
_CONVENTION_HEADING = _lazy(r"(?i)\b(?:conventions?|rules?|guidelines?|polic(?:y|ies)|standards?|etiquette|"
                            r"politique|règles|reglas|regras|regole|regeln|richtlinien|zasady|regels|kurallar\w*|convenciones|"
                            r"convenções|convenzioni|konventionen|konwencje|directives|directrices|diretrizes|linee guida)\b")


def _coverage_gate(clause: str) -> bool:
    """A required coverage level, not a target to aim for ("Coverage ≥79%", "must have 100% coverage")."""
    if rx.search(r"\b(aim|aims|aiming|strive|target|goal|ideally|try to)\b", clause, re.IGNORECASE):
        return False
    return bool(rx.search(r"\b(must|required|never|always|gate|threshold|enforced)\b", clause, re.IGNORECASE)
                or rx.search(r"\bshould\b", clause, re.IGNORECASE) and rx.search(r"\d\s*%", clause)
                or rx.search(r"(≥|>=|at least|minimum|min\.?)\s*\**\s*\d+(\.\d+)?\s*%|\d+(\.\d+)?\s*%\s*\**\s*(minimum|min\b|required)",
                             clause, re.IGNORECASE))


# Code spans a workflow rule names its object by: the ignore file and the dotenv files it keeps out ("Ensure `.env` files
# are in `.gitignore`", read as env files), a version field ("Bump `Chart.yaml` `version:` on every user-facing change").
_KEPT_SPAN = _lazy(r"`(?:\.gitignore|version:?|\.env(?:\.[\w.-]+)?)`")


def _workflow_words(clause: str) -> str:
    """The clause without its code spans (`pnpm db:push` names no workflow), but with git commands and branch names kept
    ("Never work directly on the `main` branch")."""
    words = rx.sub(r"`(?!git[ `])(?!(?:main|master|develop|trunk|production)`)[^`]*`",
                   lambda m: ("`env`" if m.group(0).startswith("`.env") else m.group(0)) if _KEPT_SPAN.fullmatch(m.group(0))
                   else "`", clause)
    # a quoted text, a file's path and a word negated by its prefix name no step either ('MUST have "COPY deploy/x.sh"',
    # "in non-release CI")
    if '"' in words or "“" in words or "/" in words or "non-" in words.lower():
        words = rx.sub(r"\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|(?<![\w/.-])[\w.-]+(?:/[\w.-]+)+\.[A-Za-z]{1,5}\b|(?i:\bnon-[\w-]+)", " ",
                       words)
    # "release" naming another thing - the release notes, a release image, a "quarantine-releasing" scanner - is no release
    words = rx.sub(r"(?i)\breleas(?:e|ing)\s+(?:notes?|images?|mode|profiles?|binar(?:y|ies)|candidates?)\b|"
                   r"(?<=[a-z]-)(?:releas|deploy|merg|publish)ing\b(?=\s+[a-z])", " ", words)
    if rx.search(r"(?i)commit", words) and _DATA_COMMIT.search(words):
        words = rx.sub(r"(?i)\bcommit(?:s|ted|ting)?\b", " ", words)  # a database's or a consensus log's commit
    if not words.isascii() and _CJK_CHAR.search(words):
        # "前端项目commit前必须…": an English git word written against Chinese, Japanese or Korean text is a word of its own
        # (those characters are word characters, so no word boundary would fall between them)
        words = _CJK_ASCII_SEAM.sub(" ", words)
    return _NOT_VCS_SENSE.sub(" ", words) if rx.search(r"(?i)push|merg|commit", words) else words


_CJK_ASCII_SEAM = _lazy(r"(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])")


# "commit" in the sense of a transaction or a replicated log: beside a transaction, a rollback, a log index, a quorum.
_DATA_COMMIT = _lazy(r"(?i)\b(?:transactions?|rollbacks?|roll\s+back|savepoints?|two-phase|2pc|commit\s*index|"
                     r"log\s+entries|quorum|majority)\b")


# What may follow "merge" in its git sense: a git object, a branch, a pronoun, a preposition or an adverb.
_MERGE_NOT_OBJECT = (r"(?:branch(?:es)?|PRs?|pull|MRs?|merge|requests?|changes?|commits?|it|them|this|that|these|those|your|our|my|"
                     r"main|master|develop|dev|trunk|upstream|origin|remote|feature|features|fix|fixes|hotfix|release|releases|staging|"
                     r"production|prod|work|code|conflicts?|queue|method|strategy|squash|rebase|back|fast|ff|tags?|forks?|head|"
                     r"base|target|latest|default|into|in|to|from|with|after|before|when|once|if|until|via|through|locally|"
                     r"directly|on|only|is|are|was|were|be|being|and|or|then|first|immediately|yourself|without|unless|"
                     r"dependabot|renovate|bots?|approved|green|ready|reviewed)\b|--|`")


# A workflow verb in its everyday sense: "push back on errors", "push timelines", "merge with the team's instructions";
# git pushes changes, commits, a branch or tags (to a remote), and merges a branch, a PR or a change.
_NOT_VCS_SENSE = _lazy(r"(?i)\bpush(?:es|ed|ing)?\s+(?:back|yourself|boundaries|for|timelines?|deadlines?|limits?)\b"
                       # a push as a kind of message or event a product handles ("push notifications", "push operations")
                       r"|(?<![\w-])push[- ](?:notifications?|messages?|subscriptions?|operations?|events?|payloads?)\b"
                       # a commit as an identifier ("state the commit hash", "Add the git SHA"): no git action
                       r"|\b(?:commit|git)\s+(?:hash(?:es)?|SHA(?:-?1)?s?|ids?)\b"
                       # merging things that are no branch, PR or change ("when merging classes", "merge duplicate items only",
                       # "Merge similar components into one file"): a noun phrase with no git object, then the clause goes on
                       r"|\bmerg(?:e|es|ed|ing)\s+(?!" + _MERGE_NOT_OBJECT + r")(?:(?!" + _MERGE_NOT_OBJECT + r")[\w/-]+\s*){1,3}"
                       r"(?=(?:only\b)?\s*(?:[.;,)]|$)|\s*(?:into|in|to)\s+(?:one|a|an|single|the same)\b)"
                       r"|\bmerg(?:e|es|ed|ing)\s+(?:it\s+|them\s+)?with\s+(?!(?:the\s+|a\s+)?(?:`|main|master|develop|trunk|"
                       r"upstream|origin|remote|squash|rebase|--|merge|fast|base|target|default|latest|feature|release|"
                       r"branch|PR|pull|changes|commits?)\b|`)"
                       # "before committing to a design", "commit to an approach": deciding on something, not a git commit
                       r"|\bcommit(?:s|ted|ting)?\s+(?:yourself\s+)?to\s+(?:an?\s+|one\s+|any\s+|that\s+|this\s+)?"
                       r"(?:approach|plan|design|decision|direction|course|solution|path|strategy|architecture|creation|"
                       r"implementation|deadline|estimate|scope|(?!(?:the\s+)?(?:main|master|develop|trunk|staging|existing|upcoming|working)\b)[a-z]+ing)\b")


# An instruction for when the user asks for something ("When asked to …", "If I ask you to …", "If the user asks …").
_ON_REQUEST_LIMIT = _lazy(r"(?i)\b(?:do\s+not|don'?t|never|must\s+not)\s+(?:force[- ]?)?(?:push|merge|rebase|amend)\b")
_ON_REQUEST = _lazy(r"(?i)^\W*(?:\d+[.)]\s*)?(?:when|if|whenever|once)\s+(?:you\s+are\s+|you're\s+)?(?:asked|requested|told|"
                    r"(?:i|we|the user|a user|someone|they)\s+(?:asks?|requests?|tells?)(?:\s+you)?)\b")


# A list item led by a directory, then what it holds.
_DIR_ITEM_FILES = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\*{0,2}`(?P<dir>[\w.@-]+(?:/[\w.@-]+)*/)`\*{0,2}\s*(?:[:\-–—]|\s-\s)\s*(?P<desc>.+)$")
# A label, then three or more plain directory paths, each with a slash, joined by commas (and one word before the last).
_PLAIN_PATH_LIST = _lazy(r"^\s*(?:[-*+]\s+)?(?P<what>[^:`/]{2,40}):\s+(?P<paths>[a-z_][\w.-]*/[\w./-]*(?:\s*,\s*[a-z_][\w.-]*/[\w./-]*)+"
                         r"(?:,?\s+\w+\s+[a-z_][\w.-]*/[\w./-]*)?)\s*\.?\s*$")
# A table column that holds paths, named by its header.
_PATH_COLUMN = _lazy(r"(?i)\W*(?:(?:target|source|output)\s+)?(?:director(?:y|ies)|dir|folders?|paths?|locations?|files?|where)\W*"
                     r"|\W*\w{0,4}(?:目录|目錄|路径|路徑|文件|ディレクトリ|フォルダ|パス|ファイル|디렉토리|디렉터리|폴더|경로|파일)\W*")
# A column of a catalogue table: what an entry is for or when to reach for it.
_CATALOGUE_COLUMN = _lazy(r"(?i)\W*(?:purpose|description|what it does|when to use|use (?:it )?when|use cases?|usage|actions?)\W*")
# A column of a do / don't table: "| File | Use | NOT this |", "| Task | Use | Avoid |".
_AVOID_COLUMN = _lazy(r"(?i)\W*(?:not this|don'?t|do not|avoid|wrong|bad|never|instead of|incorrect)\b[\w ()]{0,20}")
# The lead-in of a task's steps: "When asked to "run the sync task", follow these steps:", "Execute these tasks in order:".
# Words that make what follows hold for every one of a kind of part ("Each feature module contains:", "Every app has
# `views.py`, `urls.py`", "Per-service files:", "### `app/domains/{module}/`"): the files named are the layout of any such
# part, relative to it, not components of this repository.
_DISTRIBUTIVE = _lazy(r"(?i)(?<![\w-])(?:each|every|per)[ -](?:new\s+|single\s+|individual\s+)?[a-z][\w-]*|每一?[个個]|各(?:[个個]|\s*[A-Za-z])|"
                      r"[{<\[](?:module|feature|domain|layer|app|package|service|component|name|resource|entity|slice|crate|plugin)"
                      r"(?:[_-]?name)?[}>\]]")
# Words that make a part's existence a condition: "if/when they appear", "once the app exists", "if present".
_HYPOTHETICAL = _lazy(r"(?i)\b(?:if|when|once|until|unless)(?:/(?:if|when|once))?\s+(?:(?:they|it|these|those)|(?:the\s+|an?\s+)?"
                      r"(?:app|application|project|repo|repository|codebase|code|files?|folders?|directories))\s+"
                      r"(?:appears?|exists?|is present|are present|(?:is|are|gets?|get) (?:added|created|generated|scaffolded))\b|"
                      r"\b(?:if|when|once)\s+`[^`]+`\s+(?:exists?|is present|appears)\b")
# "Every engine has `engine.rb`", "Each service under `cmd/` contains `main.go`": a part of a kind and the files it has.
_LAYOUT_OF_EACH = _lazy(r"(?i)(?<![\w-])(?:each|every|per)[ -](?:new\s+|single\s+)?(?:[\w-]+\s+)?(?:module|package|service|app|feature|"
                        r"component|crate|plugin|layer|domain|director(?:y|ies)|folder|sub-?project|engine|slice|resource|entity|"
                        r"page|screen|controller|library|lib|extension|integration|provider)s?\b[^.;]{0,60}?\b(?:has|have|contains?|"
                        r"includes?|gets?|needs?|requires?|ships?|holds?|consists? of|is made of|with)\b|"
                        r"(?<![\w-])(?:each|every)\s+[\w-]+\s+(?:has|have|contains|includes|gets|ships)\b|每一?[个個]|各(?:[个個]|\s*[A-Za-z])")
# A lead-in or heading that is only a prohibition ("DO NOT:", "Never", "Don'ts", "Avoid:"): the items below complete it.
_NOT_LEAD = _lazy(r"(?i)\W*(?:do\s+not|don'?ts?|never|must\s+not|avoid|forbidden|prohibited|not\s+allowed|"
                  # "## Anti-Patterns" then "- ❌ Deploying directly to production …": each item is what not to do
                  r"(?:(?:deploy\w*|release|git|workflow)\s+)?anti-?patterns?)(?:\s+(?:ever|do))?\W*:?\W*")
_RECIPE_LEAD = _lazy(r"(?i)\b(?:follow|do|perform|execute|run|complete)\s+(?:these|the\s+following)\s+(?:\w+\s+)?(?:steps|tasks)\b")


# A catalogue entry's notes on a tool, skill or command: when to reach for it ("When to Use: Before committing changes",
# "Use when PR is reviewed", "Use instead of manual merging") or what it does ("Key Features: changelog/PR updates").
_USAGE_NOTE = _lazy(r"(?i)^\W*(?:\d+[.)]\s*)?(?:(?:when to use|use cases?|purpose|usage|(?:key\s+)?features)\W*:|"
                    r"use\s+(?:when|whenever|for|before|after|instead\s+of|if|once|during)\s)")


# A rule whose object is documentation - a changelog, release notes, the docs, a README or another markdown file:
# "Add a changelog entry with each PR", "Update `docs/` before committing".
_DOC_RULE = _lazy(r"(?i)\b(?<!commit )(?:update|add|record|write|document|note|keep|check|include)\w*\b[^.;]{0,40}?"
                  r"(?<!\bin )(?<!\bin `)(?<!from )(?<!from `)(?<!with )(?<!\bsee )(?<!\bsee `)(?:change\s?log|release notes|\bdocs?\b|documentation|readme|[\w-]+\.md\b|specs?/)"
                  r"|(?:change\s?log|release notes)\s+(?:entr(?:y|ies)|style|format|section)")
def _release_act(clause: str) -> bool:
    """Whether a step's own words, its asides in parentheses left out, name the release act: a version, a tag, a publish,
    a release, or a git step (commit, push, merge). "Bump the version", "Tag and push", "Publish: `mix hex.publish`" are
    the release; "Update `CHANGELOG.md` (… → version)", "Wait for the build", "Build docs locally" are chores on its way."""
    own = rx.sub(r"\([^)]*\)", " ", clause)
    if not rx.sub(r"`[^`]*`", "", own).strip(" .:;-"):
        return True  # a step that is nothing but its command (`twine upload dist/*`): the command is the release's step
    return bool(_RELEASE_WORDS.search(own) or _workflow_in(own)
                or rx.search(r"バージョン|タグ|公開|版本|标签|標籤|버전|태그|(?i:верси|тег)", own))


_RELEASE_WORDS = _lazy(r"(?i)\b(?:releas\w*|ship\w*|version\w*|tag(?:s|ged|ging)?|publish\w*)\b")


# A step that only does the git action ("Commit changes with a descriptive message", "Push the branch to `origin`",
# "After fixing, push again"), and what makes such a step a rule: a constraint on when, where, how or whether.
_PLAIN_STEP = _lazy(r"(?i)^\W*(?:\d+[.)]\s*)?(?:(?:then|finally|after\s+\w+ing),?\s+)?(?:commit|push)(?:\s+and\s+(?:commit|push|tag))?\b"
                    r"(?!\s+(?:messages?|format|style|conventions?|rules?|titles?)\b)")
_STEP_CONSTRAINT = _lazy(r"(?i)\b(?:before|after(?! \w+ing\b)|until|unless|files?|messages?|only|never|always|must|should|each|every|small|atomic|separate|"
                         # how the changes are grouped ("Commit the schema and the SQL as ONE commit", "in a single commit")
                         r"(?:as|in)\s+(?:one|a\s+single|the\s+same)\s+commit|"
                         r"directly|conventional|sign|signed|squash|rebase|force|no|not|without|frequently|often|regularly|"
                         r"(?:to|into|on)\s+(?:the\s+)?`?(?:main|master|develop|trunk))\b|[!:]\s*\S")


# A sentence that describes what a thing does rather than what to do: a label or a code span as its subject, then a verb
# in the third person ("Z_FLAG: Enables … after a successful commit", "`app/build.gradle.kts` defines … but CI only uploads …",
# "Setup: `x setup-hooks` installs git hooks"). A plural subject followed by its own verb ("Commits: Releases are cut …")
# is not read so.
_DESCRIPTION = _lazy(r"^(?:(?P<label>[^:`]{1,40}):\s+)?(?:(?P<subject>`[^`]+`)\s+(?:\([^)]*\)\s+)?)?"
                     r"(?P<verb>[A-Za-z][a-z]+(?<![su]s)s)\b(?!\s+(?:are|is|should|must|shall|need|needs|go|get|have|has|can|will|"
                     r"may|were|do|does)\b)")


# A glossary entry: a code span, a separator and what the span is ("`X`: …", "`X` - …", "`X` — …").
_GLOSSARY_ENTRY = _lazy(r"^`[^`]+`(?:\*\*|__)?\s*(?::|\s[-–—]\s|[–—])\s*(?P<what>\S.*)$")


# What starts a CI job or an automation, not what to do: "Triggers: push to main, PRs to main", "runs on every push",
# "This triggers: …" - a push or a PR named as the event that sets a workflow off.
_CI_EVENTS = _lazy(r"(?i)\btrigger(?:s|ed|ing)?\b(?:\s+(?:on|by))?\s*(?:are\s+|is\s+|:)?\s*(?:every\s+|each\s+|an?\s+)?"
                   r"`?(?:push(?:es)?|pull_request|PRs?|pull requests?|merges?|tags?)\b"
                   r"|\b(?:runs?|fires?|executes?)\s+on\s+(?:every\s+|each\s+)?`?(?:push(?:es)?|pull_request|PRs?|pull requests?|merges?)\b"
                   r"|^\W*(?:this|which|that)\s+triggers\b")


# Words that prescribe: a modal of obligation or prohibition, in English and in the languages the workflow words are read in.
_PRESCRIBES = _lazy(r"(?i)\b(?:always|never|must|mandatory|do not|don'?t|does not|shall|should|need(?:s)? to|have to|has to|"
                    r"required to|is to be|are to be|may not|mustn'?t|forbidden|prohibited|not allowed|only)\b|"
                    r"해야|하세요|하지\s?마|않습니다|않는다|않도록|금지|반드시|절대|しない|しません|必须|必需|务必|務必|禁止|不要|不得|请勿|請勿|必ず|禁止|してください|こと\W*$")
# A clause whose subject is a thing - a tool, a component, a code span, "this" - and whose verb says what that thing does or
# what is done to it ("ESO is deployed to its namespace before any service", "`release --tag=…` runs GoReleaser", "This
# means no bootstrap pod is needed"): it describes the machinery, it tells nobody what to do.
_THING_DOES = _lazy(r"^(?P<subject>(?:(?:the|this|that|these|those|its|our|their|each|every)\s+)?(?:`[^`]+`|[A-Za-z][\w./-]*)"
                    r"(?:\s+(?:`[^`]+`|[A-Za-z][\w./-]*)){0,3}?)\s+(?:(?:automatically|also|then|now|already|typically|usually|"
                    r"itself|first)\s+)?(?P<verb>(?:is|are|gets|get)\s+(?:(?:automatically|also|then|now|already|first)\s+)?(?:\w+ed|built|run|done|made|kept|set|sent|taken|written|"
                    r"held|shown|driven|given)|means|runs|builds|creates|generates|produces|handles|"
                    r"applies|syncs|detects|updates|writes|reads|posts|sends|starts|watches|reconciles|manages|scans|surfaces|"
                    r"calls|invokes|provisions|signs|uploads|downloads|compiles|skips|happens|occurs|lives|sits)\b"
                    # a plural noun is not the verb ("Workspace packages are published …", "Release builds must …")
                    r"(?!\s+(?:are|is|were|was|must|should|shall|need|needs|have|has|can|could|will|would|may|might|do|does|"
                    r"go|get|stay|remain|of|and|or)\b)",
                    re.IGNORECASE)
# Who or what may be the subject of a rule stated as a fact ("We squash-merge", "PRs are squash-merged", "Releases are cut
# from `main`"): a person, or the git artefact the rule is about.
_RULE_SUBJECT = _lazy(r"(?i)^(?:we|you|i|agents?|ai|claude|codex|copilot|contributors?|developers?|maintainers?|users?|"
                      r"everyone|nobody|team|commits?|prs?|pull|merge|requests?|branch(?:es)?|changes?|merges?|releases?|"
                      r"tags?|versions?|pushes|main|master|develop|trunk|work|code|everything|all|nothing|anything|"
                      r"lock-?files?|secrets?|credentials?|hooks?|pre-commit|pre-push|commit-msg|husky|lefthook)$")
_GIT_HOOK = _lazy(r"(?i)\bpre-?commit\b|\bpre-?push\b|\bcommit-msg\b|\bhusky\b|\blefthook\b|\bgit\s+hooks?\b|挂钩|钩子|フック|훅")
# A step tied to a git action ("before merge", "on every push", "prior to committing"): the machinery gates the workflow.
_AT_GIT_ACTION = _lazy(r"(?i)\b(?:before|after|on|prior\s+to|until|for)\s+(?:(?:every|each|any|a|the|your|all)\s+)?(?:git\s+)?"
                       r"(?:commit|push|merg|PRs?\b|pull\s+requests?|tag|releas)")
# What a process or a tool does on its own ("ArgoCD automatically deploys", "자동으로 배포한다", "自动部署").
_AUTOMATIC = _lazy(r"자동으로|자동\s*(?:업데이트|배포|반영|동기화|감지|빌드)|自動(?:で|的に)|"
                   r"自动地?(?:部署|发布|發佈|同步|推送|构建|構建|更新|检测|檢測|触发|觸發)")


def _describes_machinery(clause: str) -> bool:
    """A clause that states what a tool, a component or a process does, with no word that prescribes: a description of
    how the project's machinery works ("ESO is deployed … before any service", "When this is pushed, ArgoCD deploys it
    automatically"), not an operational rule. A person or a git artefact as the subject ("We squash-merge", "PRs are
    squash-merged") keeps a stated convention a rule."""
    own = rx.sub(r"\([^)]*\)", " ", clause.strip().lstrip("*_ "))  # an aside ("Docker always skipped") prescribes nothing
    if _GIT_HOOK.search(clause) or _AT_GIT_ACTION.search(clause):
        return False  # what a commit hook or a pipeline does at a commit, a push or a merge is that action's gate, a rule
    if _PRESCRIBES.search(rx.sub(r"`[^`]*`", "`", own)) or _DIRECTIVE.match(own):
        return False
    thing = _THING_DOES.match(own)
    if thing:
        subject = thing.group("subject")
        # a code span is a command or a file - a thing - unless it names a branch ("`main` is protected")
        words = [w.lower() for w in rx.sub(r"`(?!(?:main|master|develop|trunk)`)[^`]*`", " ", subject).replace("`", " ").split()]
        return not any(_RULE_SUBJECT.match(w) for w in words)
    lead = [w.strip("`*_").lower() for w in own.split()[:3]]
    return bool(_AUTOMATIC.search(own)) and not any(_RULE_SUBJECT.match(w) for w in lead)


def _describes(clause: str) -> bool:
    """A description of a thing, not a rule (see ``_DESCRIPTION``); a strong directive still makes it a rule. A glossary
    entry, a code span and what it is (" `DEPLOY_KEY`: Required for publishing", "`make cov` - Run tests with coverage"),
    describes the span too, unless it says when the thing must be done - before or after a git action."""
    if _describes_machinery(clause):
        return True
    strong = rx.search(r"(?i)\b(always|never|must|mandatory|do not|don'?t|forbidden|prohibited|not allowed)\b", clause)
    entry = _GLOSSARY_ENTRY.match(clause.strip().lstrip("*_ "))
    if entry and not strong and not rx.search(r"(?i)\b(?:(?:before|after|prior to|until)\s+(?:\w+\s+){0,3}?(?:git\s+)?"
                                              r"(?:commit|push|PRs?\b|pull request|merg|releas|tag|publish|submit)|only|required)",
                                              entry.group("what")) \
            and not rx.match(r"`(?:pre-commit|pre-push|commit-msg|prepare-commit-msg|post-\w+|main|master|develop|trunk)`", entry.group(0)):
        return True
    match = _DESCRIPTION.match(clause.strip().lstrip("*_ "))
    return bool(match and (match.group("label") or match.group("subject"))
                and (match.group("subject") or match.group("verb")[0].isupper())
                and not match.group("verb").lower().startswith("require")
                and not rx.search(r"(?i)\b(always|never|must|mandatory|do not|don'?t|forbidden|prohibited|not allowed)\b", clause))


# Where one clause of a sentence ends and another begins: a dash, a semicolon, a consequence or a reason ("…, so Terraform
# always uses …", "… — ArgoCD only sees …", "… because CI …").
_CLAUSE_BREAK = _lazy(r"\s[—–]\s|;\s|,?\s+(?:so that|so|because|since|whereas|which means)\s+", re.IGNORECASE)
# "Unlisted files are never deployed", "Images are always built on merge": what always or never happens to a thing.
_ALWAYS_DONE = _lazy(r"^(?P<subject>[^,]{1,60}?)\s+(?:is|are|gets?)\s+(?:never|always|only|automatically)\s+"
                     r"(?:[a-z]+ed|built|run|done|made|kept|sent|taken|written|shown|given|seen|known|pushed|merged)\b(?!\s+(?:by|until)\s+(?:you|the\s+user))",
                     re.IGNORECASE)


def _stated_not_prescribed(fact: Fact) -> bool:
    """A sentence that mentions a git or release step without prescribing it: the step sits only in an aside of a
    participle fragment ("Created regardless of the flag (the repo must exist before an image can be pushed)"), or
    "never" / "always" says what happens to a thing ("Unlisted files are never deployed - Argo CD only sees what
    Kustomize renders"). The guide's policy is a rule someone follows; these describe the machinery. A noun phrase
    ("Conventional commit message"), an imperative and a stated convention ("PRs are always squash-merged", "Secrets are
    never committed": a person's or a git artefact's rule) stay rules."""
    text = str(fact.value)
    if not text or any(ch.isalpha() and ord(ch) > 0x24F for ch in text) or _euro(text):
        return False  # (a rule in another script or language keeps its own reading: the clause words below are English)
    own = rx.sub(r"\([^()]*\)", " ", text.replace("**", "").replace("__", "")).strip(" *_-")
    if not own or _GIT_HOOK.search(own) or _AT_GIT_ACTION.search(own) or _DIRECTIVE.match(own):
        return False
    bare = rx.sub(r"`[^`]*`", "`", own)
    clauses = [c.strip() for c in _CLAUSE_BREAK.split(bare) if c and c.strip()]
    working = [c for c in clauses if _workflow_in(c)]
    if not working:
        # the step only inside an aside of a fragment that starts with a participle ("Created regardless of …"; after
        # the label of a list entry: "`ecr` repo: Created regardless of …")
        return bool(_workflow_in(text)) and rx.match(r"^(?:[^:]{1,40}:\s+)?[A-Z][a-z]+ed\b", own) is not None \
            and not (_PRESCRIBES.search(bare) or _STRONG_DIRECTIVE.search(bare))
    for clause in working:
        done = _ALWAYS_DONE.match(clause)
        if not done or any(_RULE_SUBJECT.match(w.strip("`*_").lower()) for w in done.group("subject").split()) \
                or rx.search(r"(?i)\b(?:must|should|shall|do not|don'?t|need(?:s)? to|have to|has to)\b", clause):
            return False
    return True  # every clause with the step says what always or never happens to a thing


def _policy(text: str, number: int, line: str, workflow_section: bool = False) -> Fact | None:
    """A git/PR/release workflow rule stated in one sentence (a code-block comment, a list item)."""
    clause = rx.sub(r"^(?:step\s+)?\d+[.):]\s*", "", text.strip(), flags=re.IGNORECASE)  # "# 2. Create a feature branch"
    if not clause or clause.endswith((":", ",")) or clause[0].islower():
        return None
    workflow = _workflow_in(clause)
    if _HOOK_RULE.search(clause):
        pass
    elif not workflow:
        return None
    elif workflow.group(1).lower() == "coverage":
        if not _coverage_gate(clause):
            return None
    elif not (_STRONG_DIRECTIVE.search(clause) or _INTL_STRONG_RE.search(clause)
              or workflow_section and (_DIRECTIVE.search(clause) or _intl_directive(clause))):
        return None  # "# Run in release mode": a comment says what the command below does, not a rule
    if _describes(clause) or _CI_EVENTS.search(clause) and not _STRONG_DIRECTIVE.search(clause):
        return None
    sentence = clause[:200]
    return Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=line)


# "Job enqueued to Redis (`redis/queue.rs`)", "the view builder (`src/queue/view.ts`) for …": a named thing and its path.
_PATH_LABEL_PAREN = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<label>[A-Z][\w /&+-]{1,30}):\s+(?P<what>[A-Za-z][^()`:]{1,50}?)\s*"
                          r"\((?P<path>[a-z_.][\w.@-]*(?:/[\w.@-]+)*/|[a-z_.][\w.@-]*(?:/[\w.@-]+)+\.[a-z]{1,5})(?:,\s*[^()/]{2,40})?\)")
_PATH_LABEL_LEADS = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<label>[A-Z][\w /&+-]{1,30}):\s+(?P<path>[a-z_.][\w.@-]*(?:/[\w.@-]+)+"
                          r"(?:/|\.[a-z]{1,5}))\s+(?P<what>[a-z][a-z -]{2,40})$")
_PATH_PAREN = _lazy(r"(?P<what>[A-Za-z][\w.'-]*(?:\s+[\w.'-]+){0,5}?)\s*\(`(?P<path>[^`\s]+)`\)")
# "**Files:** `a.rs`, `b.rs`", "**File:** `x.toml` (production)": a label naming files, under the heading that names them.
_PATH_FILES = _lazy(r"^\s*(?:[-*+]\s+)?(?P<what>Files?|Locations?|Paths?|Modules?|Sources?)\s*:\s*"
                    r"(?P<paths>`[^`]+`(?:\s*(?:,|and|&)\s*`[^`]+`)*)", re.IGNORECASE)
# "1. **frontend-admin/** (Port 5000)": a bold directory heading a list item.
_PATH_BOLD_DIR = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\*\*(?P<path>[\w.@-]+(?:/[\w.@-]+)*/)\*\*\s*(?:\((?P<what>[^)]*)\))?\s*$")
# "- **Pages/**: Razor pages with routing", "2. **index.html**: the site's shell": a list item whose bold label is a
# file or folder and whose text says what it is.
_PATH_BOLD_LABEL = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\*\*\[?`?(?P<path>[\w.@-]+(?:/[\w.@-]+)*/?)`?\]?\*\*\s*(?:[:\-–—]|\*\*)?\s*"
                         r"(?:[:\-–—]\s*)?(?P<what>[^\s*].{2,100})$")
# "- **FastAPI** - web framework → See `app/main.py`, `app/core/x.py`": a named item pointing at its files.
_PATH_POINTER = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+\*\*(?P<what>[^*]{2,50})\*\*.*?(?:→|->|\bsee\b|\bin\b)\s*:?\s*"
                      r"(?P<paths>`[^`]+`(?:\s*(?:,|and|&)\s*`[^`]+`)*)\s*\.?\s*$", re.IGNORECASE)
# "See `docs/patterns/` for:": a documentation folder and what it covers.
_PATH_SEE_FOR = _lazy(r"^\W*see\s+`(?P<path>[\w.@-]+(?:/[\w.@-]+)*/)`\s+for\b\s*(?P<what>[^:]*)", re.IGNORECASE)
# "`a.swift` & `b.swift` - alternative inputs": every path of the list an item starts with.
_PATH_BOLD_DIRS = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<paths>\*\*[\w.@-]+(?:/[\w.@-]+)*/\*\*(?:\s*(?:,|and|&)\s*\*\*[\w.@-]+(?:/[\w.@-]+)*/\*\*)+)"
                        r"\s*(?:[:\-–—]|\s-\s)\s*(?P<what>[^.\n]{3,80})")
_PATH_LIST_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<paths>`[^`]+`(?:\s*(?:,|and|&|/)\s*`[^`]+`)+)\s*(?:[:\-–—]|\s-\s)\s*(?P<what>[^.\n]{3,80})")
# "`src/core` phases", "`src/core/run-events.ts` helpers": a path and the kind of part it is.
_PATH_NOUN = _lazy(r"`(?P<path>[\w.@()-]+(?:/[\w.@()-]+)+/?)`\s+(?P<what>helpers?|utilities|utils|modules?|packages?|directory|"
                   r"folder|dir|phases?|components?|layers?|services?|schemas?|types|hooks?|handlers?|routes?|models?|views?|"
                   r"templates?|fixtures?|config(?:uration)?)\b")
# "The middleware `auth.ts` validates the token", "the `errorHandler.ts` middleware catches every exception", "El middleware
# `auth.ts` valida …": a source file named by the part it is and what it does - a component of the project
_KIND_WORDS_FILE = (r"middleware|script|module|handler|service|router|controller|worker|entry[ -]?point|plugin|client|adapter|"
                    r"loader|parser|validator|server|scheduler|dispatcher")
_PATH_KIND_FILE = _lazy(r"(?i)\b(?:the|our|this|el|la|le|il|o|a|der|die|das)\s+(?P<what>" + _KIND_WORDS_FILE + r")\s+"
                        r"`(?P<path>[\w@-][\w.@/-]*\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|java|kt|php|cs|swift|ex|exs|sh|lua|dart))`"
                        r"\s+(?!(?:is|are|was|file|in|for|and|or|to|of|at|on|with|which|that|que|en|de|y|e)\b)[a-záéíóúàèçãõ]{3,}\b|"
                        r"\b(?:the|our|this|el|la|le|il|o|a)\s+`(?P<path2>[\w@-][\w.@/-]*\.(?:ts|tsx|js|jsx|mjs|cjs|py|rb|go|rs|"
                        r"java|kt|php|cs|swift|ex|exs|sh|lua|dart))`\s+(?P<what2>" + _KIND_WORDS_FILE + r")\s+(?!is\b|was\b)[a-z]{3,}s\b")
# "(outputs to `dist/`)": the build output directory a command describes.
_PATH_OUTPUT = _lazy(r"\boutputs?\s+(?:to|in(?:to)?)\s+`?(?P<path>[\w.@-]+(?:/[\w.@-]+)*/)(?![\w.@-])`?", re.IGNORECASE)
# An absolute path on a machine (a server's /opt, /etc, a home directory), not a path of the repository.
_SYSTEM_PATH = _lazy(r"^/(opt|etc|var|usr|home|tmp|srv|root|mnt|dev|proc|sys|Users|Library|private|System)(/|$)")


# "Use `group_vars/` for group-level variables", "Use `.ai/templates/app/` when creating apps": a directory for a purpose.
_PATH_USE = _lazy(r"^\W*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*[^*]{1,30}\*\*:?\s*)?use\s+`(?P<path>[\w.@-]+(?:/[\w.@-]+)*/)`\s+"
                  r"(?:for|when|to hold|to store)\s+(?P<what>[^.;:(]{3,60})", re.IGNORECASE)
# "Most development happens in lib/", "Place assets in an assets/ directory": a directory written plain in a sentence.
_PATH_PLAIN_DIR = _lazy(r"(?P<what>(?:[A-Za-z][\w-]*\s+){1,3}?)(?:in|under|into|inside)\s+(?:the\s+|an?\s+)?"
                        r"(?P<path>[a-z_][\w.-]*(?:/[\w.-]+)*/)(?=[\s,;)]|\.(?:\s|$)|$)")


def _listed_after(plain: str, end: int) -> list[str]:
    """The code spans that continue a list after a path: ", `b/`", " and `c/`", ", and `d/`"."""
    more = rx.match(r"(?:\s*(?:,\s*(?:and|or)?|and|or|&)\s*`[^`]+`)+", plain[end:])
    return rx.findall(r"`([^`]+)`", more.group(0)) if more else []


# A label naming a directory, then the files it holds: "Shared utilities in `_shared/`: `a.ts`, `b.ts`, `c.ts`".
_FILES_IN_DIR = _lazy(r"^\W*(?:[-*+]\s+)?(?P<what>[^:`]{2,50}?)\s+(?:in|under|inside)\s+`(?P<dir>[\w.@-]+(?:/[\w.@-]+)*/)`\s*:\s*"
                      r"(?P<files>`[^`/\s]+\.[A-Za-z]{1,5}`(?:\s*(?:,|and)\s*`[^`/\s]+\.[A-Za-z]{1,5}`)+)\s*\.?\s*$")


# "CSS reset in `reset.css`, variables in `variables.css`, utilities in `utilities.css`": parts and the files holding them.
_PAIR_IN_FILE = r"[A-Za-z][\w -]{1,30}?\s+in\s+`[\w.@/-]+\.[A-Za-z]{1,5}`"
_PARTS_IN_FILES = _lazy(r"^\W*(?:[-*+]\s+)?" + _PAIR_IN_FILE + r"(?:\s*(?:,\s*and|,|;|and)\s+" + _PAIR_IN_FILE + r")+\s*\.?\s*$")


def _more_paths(found: list[Fact], line: str, plain: str, number: int, heading: str, parent: str) -> None:
    """The path forms that name a component beside prose: a parenthesised path, a files label, a pointer, a list."""
    lowered = plain.lower()
    have = {str(f.value) for f in found if f.key.startswith("path.")}
    if "`" not in plain and not have and "](" not in plain and "://" not in plain:
        for match in _PATH_PLAIN_DIR.finditer(plain):
            if _path_ok(match.group("path")) and not _IGNORED.search(_sentence_at(plain, match.start("path"))) \
                    and not _OUTPUT_WORDS.search(match.group("what")):
                found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", match.group("path"), "path",
                                  line=number, text=line))
                # "Tests live in tests/unit/, tests/integration/ and tests/e2e/": the directories that continue the list
                more = rx.match(r"(?:\s*(?:,\s*(?:and|or)?|and|or|&)\s*[a-z_][\w.-]*(?:/[\w.-]+)*/(?=[\s,;)]|\.(?:\s|$)|$))+",
                                plain[match.end():])
                for path in rx.findall(r"[a-z_][\w.-]*(?:/[\w.-]+)*/", more.group(0)) if more else ():
                    if _path_ok(path):
                        found.append(Fact(f"path.{_slug(path.rstrip('/').replace('/', ' '))}", path, "path", line=number,
                                          text=line))
    item_dir = _ITEM_PAREN_DIR.match(plain) if "(" in plain and "`" not in plain else None
    if item_dir and _path_ok(item_dir.group("path")) and item_dir.group("path") not in have \
            and not _IGNORED.search(plain) and not _OUTPUT_WORDS.search(item_dir.group("what")):
        # "- Server (apps/server)": a list item that names a part of the project and, in parentheses, where it lives
        found.append(Fact(f"path.{_slug(item_dir.group('what')) or 'component'}", item_dir.group("path"), "path", line=number,
                          text=line))
        have.add(item_dir.group("path"))
    for match in _PLAIN_PLACED.finditer(plain) if "/" in plain else ():
        # "All components should go in src/components", "Fixtures live under tests/data": a part and where it lives
        path = match.group("path").rstrip(".")
        if path not in have and _path_ok(path) and not _IGNORED.search(_sentence_at(plain, match.start())) \
                and not _OUTPUT_WORDS.search(match.group("what")) and not _SPAN_EXAMPLE.search(plain[match.end():match.end() + 8]):
            found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", path, "path", line=number, text=line))
            have.add(path)
    for match in _PLAIN_IN_FILE.finditer(plain) if "/" in plain and rx.match(r"\s*(?:[-*+]|\d+[.)])\s", plain) else ():
        # "- Global handler in middleware/errorHandler.ts handles all errors": a part, and the source file it is in
        path = match.group("path")
        if path not in have and _CODE_FILE.search(path) and _path_ok(path) \
                and not _IGNORED.search(_sentence_at(plain, match.start())) and not _OUTPUT_WORDS.search(match.group("what")) \
                and not rx.search(r"(?i)\b(?:e\.g|eg|for example|such as|like)\b", plain[:match.start()]):
            found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", path, "path", line=number, text=line))
            have.add(path)
    use_for = _USE_FILE_FOR.match(line) if (_DIR_HEADING.search(heading) or _FILE_LIST_HEADING.match(heading)) else None
    if use_for and use_for.group("path") not in have:
        # "- Use `main.jsx` for app bootstrap" under "File Organization": the file that holds the role
        path = use_for.group("path")
        if (_CODE_FILE.search(path) or _SOURCE_FILE.search(path.lstrip("/")) or path.endswith("/")) \
                and _path_ok(path.lstrip("/") if path.endswith("/") else path) and not _NAMING_EXAMPLE.search(path) \
                and not _SELF_DESCRIBING.match(path.rsplit("/", 1)[-1]) and not _IGNORED.search(plain):
            found.append(Fact(f"path.{_slug(use_for.group('what')) or 'component'}", path, "path", line=number, text=line))
            have.add(path)
    for match in _CJK_DIR.finditer(plain) if not plain.isascii() and not plain.lstrip().startswith("|") else ():
        # "lib/types 폴더에 있는 파일", "utils/ ディレクトリに配置": a name the text calls a folder or directory
        path = match.group("path")
        if path not in have and (_path_ok(path) or rx.fullmatch(r"[A-Za-z_][\w-]*/?", path)) \
                and not _SPAN_FORBIDDEN.search(plain[match.end():match.end() + 30]) \
                and not rx.search(r"[(（][^)）]*$", plain[:match.start()]):  # (a note in parentheses: "（claude/ 目录）共 6 个")
            found.append(Fact(f"path.{_slug(path.rstrip('/').replace('/', ' ')) or 'component'}", path, "path", line=number,
                              text=line))
            have.add(path)
    for match in _PAREN_DIRS.finditer(plain) if "/" in plain and "`" not in plain else ():
        # "External configs (nvim/, tmux/, git/, etc.) are symlinked": the directories a noun names, one each
        sentence = _sentence_at(plain, match.start())
        # ("Platform runners (android/, ios/) should only be modified when …": the scope of a rule on changing them)
        if not _IGNORED.search(sentence) and not _OUTPUT_WORDS.search(plain[max(0, match.start() - 30):match.start()]) \
                and not rx.search(r"(?i)\b(modif(?:y|ied|ies|ying)|touch(?:es|ed|ing)?|edit(?:s|ed|ing)?|chang(?:e|es|ed|ing))\b", sentence) \
                and not rx.search(r"(?i)\b(e\.g|eg|for example|such as|like)\b", match.group(0)):
            for path in rx.findall(r"[a-z_][\w.-]*/", match.group("dirs")):
                if _path_ok(path) and path not in have:
                    found.append(Fact(f"path.{_slug(path.rstrip('/'))}", path, "path", line=number, text=line))
                    have.add(path)
    if "`" not in plain and "**" not in line and "output" not in lowered:
        return  # every form below needs a code span, a bold name or an output
    commands = {str(f.value) for f in found if f.key.startswith("command.")}
    parts = _PARTS_IN_FILES.match(plain) if "`" in plain and not have else None
    if parts and not _IGNORED.search(plain) and not _SPAN_EXAMPLE.search(plain) \
            and not rx.match(r"(?i)\W*(?:[-*+]\s+)?(?:run|set|change|edit|update|add|configure|define|put|use|fix|see|check)\b", plain):
        for what, path in rx.findall(r"(?:^\W*(?:[-*+]\s+)?|(?:,\s*and|,|;|and)\s+)([A-Za-z][\w -]{1,30}?)\s+in\s+`([^`]+)`", plain):
            # (a bare file name is one here: the sentence maps each part to the file holding it)
            if path not in commands and (_path_ok(path) or "/" not in path and _path_ok("dir/" + path)):
                found.append(Fact(f"path.{_slug(what) or 'component'}", path, "path", line=number, text=line))
    files_in = _FILES_IN_DIR.match(plain) if "`" in plain else None
    if files_in and _path_ok(files_in.group("dir")) and not _IGNORED.search(plain) and not _SPAN_EXAMPLE.search(files_in.group("what")):
        # "Shared helpers in `_common/`: `time.ts`, `money.ts`": the files a directory holds, each a component of it
        for name in rx.findall(r"`([^`/\s]+\.[A-Za-z]{1,5})`", files_in.group("files")):
            path = files_in.group("dir") + name
            if name not in commands and path not in have and _path_ok(path):
                found.append(Fact(f"path.{_slug(name.rsplit('.', 1)[0]) or 'component'}", path, "path", line=number, text=line))
                have.add(path)


    def add(what: str, path: str, join: bool = False) -> None:
        path = path.strip()
        sentence = _sentence_at(plain, max(plain.find(path), 0))
        if path in have or not _path_ok(path) or _runs(path) or any(path in c for c in commands) \
                or _IGNORED.search(sentence) or path.startswith("/") and not path.endswith("/") and _URL_WORDS.search(sentence) \
                or _BRANCH_PATTERN.fullmatch(path) and rx.search(r"(?i)\bbranch", sentence):
            return
        value = _joined(path, parent) if join else path
        found.append(Fact(f"path.{_slug(what) or 'component'}", value, "path", line=number, text=line))
        have.add(path)

    for match in _PATH_PAREN.finditer(plain) if "(`" in plain else ():
        what = match.group("what")
        if not rx.search(r"(?i)\b(e\.g|eg|see|like|such as|via|run|with|using|or|and)\s*$", what) \
                and not _OUTPUT_WORDS.search(what) and not _NOT_A_COMPONENT.search(what.split()[-1]):
            add(what, match.group("path"))
    files = _PATH_FILES.match(plain) if ":" in plain else None
    if files:
        for path in rx.findall(r"`([^`]+)`", files.group("paths")):
            add(heading or files.group("what"), path)
    used = _PATH_USE.match(plain) if "use" in lowered else None
    if used:
        add(used.group("what"), used.group("path"))
    bold_dir = _PATH_BOLD_DIR.match(line) if "**" in line else None
    if bold_dir:
        add(bold_dir.group("what") or bold_dir.group("path"), bold_dir.group("path"), join=True)
    bold_label = _PATH_BOLD_LABEL.match(line) if "**" in line and not bold_dir else None
    bold_path = bold_label.group("path") if bold_label else ""
    if bold_label and (bold_path.endswith("/") or "/" in bold_path and rx.search(r"\.[A-Za-z]{1,6}$", bold_path)
                       or "/" not in bold_path and _CODE_FILE.search(bold_path) and not rx.fullmatch(r"[A-Z][a-z]+\.js", bold_path)) \
            and not _NOT_A_COMPONENT.search(bold_label.group("what")) and not _IGNORED.search(bold_label.group("what")):
        add(bold_label.group("what"), bold_label.group("path"), join=True)
    pointer = _PATH_POINTER.match(line) if "**" in line and "`" in line else None
    if pointer:
        for path in rx.findall(r"`([^`]+)`", pointer.group("paths")):
            add(pointer.group("what"), path)
    see = _PATH_SEE_FOR.match(plain) if "see" in lowered else None
    if see:
        add(see.group("what") or "docs", see.group("path"))
    listed = _PATH_LIST_ITEM.match(plain)
    if listed and not _IGNORED.search(listed.group("what")):
        for path in rx.findall(r"`([^`]+)`", listed.group("paths")):
            add(listed.group("what"), path, join=True)
    for match in _PATH_NOUN.finditer(plain) if "`" in plain else ():
        add(match.group("what"), match.group("path"))
    for match in _PATH_OUTPUT.finditer(plain) if "output" in lowered else ():
        add("build output", match.group("path"))
    for match in _PATH_KIND_FILE.finditer(plain) if "`" in plain else ():
        add(match.group("what") or match.group("what2"), match.group("path") or match.group("path2"))
    item = _FILE_ITEM.match(line) if "`" in line else None
    if item and not _IGNORED.search(item.group("what")) and not _NAMING_HEADING.search(heading) \
            and not _SPAN_EXAMPLE.search(item.group("what")[:20]):
        add(item.group("what"), item.group("path"), join=True)  # "- `builder.go`: `Builder` packs the archives"


# A code span that is a path of the project, written in prose: `worker/api.ts`, `shared/lib/asset/uploadAsset(file)`.
# A list item that leads with a code file and says what it holds: "- `initer.go`: `Initer` loads the config".
_FILE_ITEM = _lazy(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`(?P<path>[\w@-][\w.@-]*\.[A-Za-z]{1,10})`(?:\*\*)?\s*"
                   r"(?::|\s[-–—→]\s|\s->\s)\s*(?P<what>\S.{2,})")
_SPAN_PATH = _lazy(r"(?<![@\w$])`(?P<path>\.?/?[\w.@-]+(?:/(?:\[\w+\]|[\w.@-]+))+/?|[\w.-]+/)(?:\([^`]*\))?`")
_SPAN_EXAMPLE = _lazy(r"(?<!\w)(e\.g\.?|eg|ex\.(?=:|\s)|for example|for instance|such as|like|examples?|alias(?:es)?|previously|formerly|"
                      r"each|every|per|both|exclud(?:e|es|ed|ing)|run (?:it )?from)(?!\w)|"
                      r"예[:)]|예시|例|❌|✗|🚫|\.\.\.|…", re.IGNORECASE)
# Directories a build, a tool or a run writes (outputs, caches, logs), and the agent's own material: no component.
_GENERATED_DIR = _lazy(r"(?i)^(?:\./)?(?:[\w.-]+/)*?(?:dist|build|out|outputs?|target|\.next|\.nuxt|\.svelte-kit|\.cache|[\w-]*cache|coverage|"
                       r"htmlcov|\.?logs?|reports?|tmp|temp|\.godot|\.?[\w-]*-cache|node_modules|__pycache__|\.?venv|\.claude|\.context|\.cursor)(?:/|$)")
_DATA_FILE = _lazy(r"(?i)\.(csv|tsv|parquet|db|sqlite3?|jar|log|txt|properties|lock|xcconfig|pem|png|jpe?g|svg|webp|gif)$")
# A prohibition written after its object (Korean, Japanese): "`public/`의 파일을 직접 고치지 말고", "`functions/`에 두지 말 것".
_SPAN_FORBIDDEN = _lazy(r"금지|말고|말 것|말것|마세요|마라|禁止|しない|しないで|触らない|編集しない")
_MIME_TOP = _lazy(r"^(?:image|application|text|audio|video|multipart|font|origin|upstream)/")


def _span_roots(text: str) -> set[str]:
    """The top directories of the paths a file writes unmistakably (with an extension, a trailing slash or three
    segments): `pkg/db` is a directory of a file that also names `pkg/api/server.go`, `xt/db` of one that names none."""
    roots: set[str] = set()
    for match in _SPAN_PATH.finditer(text) if "`" in text else ():
        path = match.group("path").lstrip("./")
        parts = path.rstrip("/").split("/")
        if path.endswith("/") or len(parts) >= 3 or rx.search(r"\.[A-Za-z]{1,5}$", parts[-1]):
            roots.add(parts[0])
    return roots


def _span_paths(found: list[Fact], line: str, plain: str, number: int, heading: str, roots: set[str]) -> None:
    """Every other project path written as a code span in prose: the file or directory the text says a thing is in
    ("`worker/api.ts`의 `fetchApiJson`", "through `app/services/api_client.py`"). Left out: examples, forbidden or
    retired paths, outputs and caches, data files, MIME types and remotes, and two-word pairs (`try/catch`, an
    `owner/package` name) whose top directory the file names nowhere else."""
    have = {str(f.value).strip("./") for f in found if f.key.startswith("path.")}
    commands = " ".join(str(f.value) for f in found if f.key.startswith("command."))
    for match in _SPAN_PATH.finditer(plain):
        path = match.group("path")
        bare = path.strip("./")
        parts = bare.rstrip("/").split("/")
        if bare in have or any(h.endswith("/" + bare) for h in have) or not _path_ok(path) or _runs(path) \
                or path in commands or path.startswith("/") or _GENERATED_DIR.match(path) or _DATA_FILE.search(path) \
                or _MIME_TOP.match(bare) or all(rx.fullmatch(r"[A-Z_]+", p) for p in parts) \
                or rx.match(r"(?:com|org|net|io|dev|de|fr|uk)\.\w+\.", bare) \
                or rx.search(r"(?i)(^|[-_/])(your|name)([-_/]|$)", bare):
            continue
        if not path.endswith("/") and len(parts) == 2 and not rx.search(r"\.[A-Za-z]{1,5}$", parts[-1]) \
                and parts[0] not in roots and not path.startswith("../"):
            continue
        if "[" in path and (path.endswith("/") or "." not in parts[-1]):
            continue  # `lib/features/[feature]/`: a placeholder; `app/api/[id]/route.ts` is a literal route folder
        sentence = _sentence_at(plain, match.start())
        before = rx.split(r"\||(?<=[;!?])\s|(?<=[a-z]{3}\.)\s", plain[max(0, match.start() - 40):match.start()])[-1]
        if _IGNORED.search(sentence) or _RETIRED.search(sentence) or _SPAN_EXAMPLE.search(before) \
                or _NAMED_AS_OLD.search(before + plain[match.start():match.end() + 1]) \
                or _NOT_A_COMPONENT.search(label.group(1) if (label := rx.fullmatch(
                    r"\W*(?:(?:[-*+]|\d+[.)])\s+)?([^:`]{1,30}):\s*", plain[:match.start()])) else "") \
                or rx.search(r"(?i)\b(previously|formerly|used to (?:live|be)|(?:were|was|have been|has been) moved)\b", sentence) \
                or _SPAN_EXAMPLE.search(plain[match.end():match.end() + 8]) \
                or _BRANCH_TYPE.match(bare) and rx.search(r"(?i)\bbranch", plain + " " + heading) \
                or _SPAN_FORBIDDEN.search(rx.split(r"\s[—–|]\s|[。|]|\.\s", plain[match.end():match.end() + 40])[0]):
            continue
        name = _slug(rx.sub(r"\.[A-Za-z]{1,5}$", "", bare.rstrip("/")).replace("/", " ")) or "component"
        found.append(Fact(f"path.{name}", path, "path", line=number, text=line))
        have.add(bare)


# A bare file name in a code span (`Program.cs`, `todoist_api.py`).
# A table cell that is nothing but files: "`a_test.go`", "`Screen.kt` + `App.kt`", "`reader.go`, `writer.go`".
_FILE_CELL = _lazy(r"(?:\*\*)?`[\w.@-]+(?:/[\w.@-]+)*\.[A-Za-z]{1,10}`(?:\*\*)?"
                   r"(?:\s*(?:\+|,|&|\band\b|/|<br\s*/?>)?\s*(?:\*\*)?`[\w.@-]+(?:/[\w.@-]+)*\.[A-Za-z]{1,10}`(?:\*\*)?)*")
# A table column of the files a row's part is made of: "Key Files", "Files", "Main files", "Source files".
_FILES_HEADER = _lazy(r"(?i)\W*(?:(?:key|main|core|important|primary|relevant|source|related)\s+)?files?\W*")
# A heading over naming rules or examples: the files its tables and lists name show a convention.
_NAMING_HEADING = _lazy(r"(?i)\b(nam(?:e|es|ing)|conventions?|examples?|patterns?|templates?|style)\b")
_BARE_FILE = _lazy(r"(?<![@\w$/.])`(?P<path>[\w-]+(?:\.[a-z][\w-]*)?\.[A-Za-z]{1,10})`(?![\w/])")
# A code file of some ecosystem, not a data, configuration or manifest file (those are named by what they are).
_CODE_FILE = _lazy(
    r"\.(py|ts|tsx|mts|cts|js|jsx|mjs|cjs|go|rs|rb|java|kt|kts|cs|fs|vb|swift|dart|exs?|erl|gleam|php|sh|bash|zsh|"
    r"ps1|sql|c|h|cc|cpp|cxx|hpp|hh|m|mm|hs|zig|nim|cr|R|jl|ml|scala|clj|cljs|lua|vim|nix|el|pl|pm|gd|vue|svelte|"
    r"astro|razor|cshtml|elm|rkt|sol|groovy|tf|bicep|jsonnet|libsonnet|cue|rego|pkl|psql)$")
# What places a thing in a file: "CORS in `WebConfig.java`", "registered in `Program.cs`", "add a constant to
# `Flags.swift`", "Main entry point: `init.lua`", "entry point is `app.js`", "routing handled by `Router.vue`".
_LOCATED_IN = _lazy(r"(?i)(?:\b(?:in|inside|within|into|to|[a-z]{3,}ed\s+by)\s+(?:the\s+)?|\bentry(?:[ -]point)?s?\s*(?:is\s+|:\s*|in\s+)?)$")
# A file listed after a sibling with its directory: "`src/adapters/a.ts`, `b.ts`, `c.ts`".
_AFTER_SIBLING = _lazy(r"`[\w.@-]+(?:/[\w.@-]+)+\.\w+`(?:\s*,\s*`[\w-]+\.\w+`)*\s*,\s*(?:and\s+|or\s+)?$")
# Words after a file name that make it a kind of file, not one file: "`urls.py` files", "`_test.go` suffix".
_FILE_KIND_AFTER = _lazy(r"^\s*(?:files?|suffix(?:es)?|prefix(?:es)?|extensions?|naming|pattern|convention|modules? per|per)\b", re.IGNORECASE)
_NOT_THERE = _lazy(r"(?i)\b(?:do(?:es)? not|don'?t|doesn'?t|never|not yet|no longer|must not|should not|nor|instead of)\b")


# A heading over a list of the project's files: "Key files", "Config Files", "IAM Files" (not the files of documentation,
# tests, outputs or a run, and not a heading about doing something to files: "When Creating New Files").
_FILE_LIST_HEADING = _lazy(r"(?i)^\W*(?!(?:[\w-]+\s+){0,2}?(?:documentation|docs?|tests?|testing|outputs?|runtime|environment|"
                           r"env|generated|examples?|samples?|logs?|temp|temporary|run|running|when|before|after|use|using|tips|"
                           r"updating|creating|modifying|editing|required|mandatory|subdirectory|specific|markdown|ignored|"
                           r"agents?|claude|memory|rules?)\b)(?:[A-Za-z][\w-]*\s+){0,2}files?\W*$")
# The names an entry of such a list opens with, then what they are: "- `deploy.sh` / `deploy-pair.sh` — the deploys",
# "**hub-settings.json:** User settings", or a line that is one name alone (the list below it says what it holds).
_LISTED_FILE_NAME = r"(?:`(?P<{0}>[^`\s]+)`|\*\*(?P<{1}>[^*\s]+?):?\*\*)"
_LISTED_FILES = _lazy(r"^\s*(?:(?:[-*+]|\d+[.)])\s+)?" + _LISTED_FILE_NAME.format("span", "bold")
                      + r"(?P<more>(?:\s*(?:/|,|\+|&|\band\b)\s*(?:`[^`\s]+`|\*\*[^*\s]+\*\*))*)"
                      r"(?:(?:\s*(?::|\s[-–—]{1,2}|\s->)|(?<=:\*\*))\s*(?P<what>\S.{2,})|\s*$)")


def _listed_files(found: list[Fact], line: str, number: int, heading: str) -> None:
    """The files an entry of a "Key files" list names by their bare names, each with what it is ("- `myapp.service` — the
    steady-state unit"): the heading says the list is of the project's files, so a name without a directory is one of
    them. Documents, self-describing manifests, data files, brace shorthands and placeholders are left out."""
    entry = _LISTED_FILES.match(line) if _FILE_LIST_HEADING.match(heading) else None
    if not entry or entry.group("what") is None and (entry.group("more") or not entry.group("span")
                                                      or line.lstrip().startswith(("-", "*", "+"))):
        return
    what = entry.group("what") or ""
    if _IGNORED.search(what) or _SPAN_EXAMPLE.match(what.strip()):
        return
    have = {str(f.value).rsplit("/", 1)[-1] for f in found if f.key.startswith(("path.", "command."))}
    names = [entry.group("span") or entry.group("bold"), *rx.findall(r"[`*]+([^`*\s]+?):?[`*]+", entry.group("more") or "")]
    for name in names:
        if "/" in name or name in have or not rx.fullmatch(r"[\w@-]+(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,9}|[A-Z][a-z]+file", name) \
                or rx.search(r"(?i)\.(?:md|mdx|rst|txt|adoc|org|pdf|env|example|sample|template|lock|log|pem|key)$", name) \
                or _SELF_DESCRIBING.match(name) or _DATA_FILE.search(name) or _NAMING_EXAMPLE.search(name) \
                or _tool_config(name) or rx.match(r"(?:project|workspace)\.\w+$", name) \
                or rx.search(r"(?i)(^|[-_.])(your|my|name|xx+)([-_.]|$)", name):
            continue
        slug = _slug(rx.split(r"[(;,.]", what)[0]) if what else ""
        found.append(Fact(f"path.{slug or _slug(name.rsplit('.', 1)[0]) or 'component'}", name, "path", line=number, text=line))
        have.add(name)


def _bare_files(found: list[Fact], line: str, plain: str, number: int, heading: str) -> None:
    """A code file named by its bare name where the text places something in it ("AutoMapper mappings in
    `MappingProfile.cs`", "Main entry point: `init.lua`") or lists it after a sibling written with its directory. A bare
    name anywhere else (a list of what a feature has, a test-file inventory, an example) is left out: it is as often a
    kind of file or an example as a file of this project."""
    have = {str(f.value).rsplit("/", 1)[-1] for f in found if f.key.startswith(("path.", "command."))}
    commands = " ".join(str(f.value) for f in found if f.key.startswith("command."))
    for match in _BARE_FILE.finditer(plain):
        path = match.group("path")
        stem = path.rsplit(".", 1)[0]
        if path in have or path in commands or not _CODE_FILE.search(path) or _SELF_DESCRIBING.match(path) \
                or stem.startswith(("_", "-")):
            continue
        before = plain[max(0, match.start() - 40):match.start()]
        if not (_LOCATED_IN.search(before) or _AFTER_SIBLING.search(plain[:match.start()])):
            continue
        sentence = _sentence_at(plain, match.start())
        clause = rx.split(r"\||(?<=[;!?])\s|(?<=[a-z]{3}\.)\s", before)[-1]
        if _IGNORED.search(sentence) or rx.search(r"(?i)gitignored", sentence) or _RETIRED.search(sentence) \
                or _NAMED_AS_OLD.search(clause + plain[match.start():match.end() + 1]) or _SPAN_EXAMPLE.search(clause) or _NOT_THERE.search(clause) \
                or _SPAN_EXAMPLE.search(plain[match.end():match.end() + 8]) or _FILE_KIND_AFTER.match(plain[match.end():]) \
                or _SPAN_FORBIDDEN.search(rx.split(r"\s[—–|]\s|[。|]|\.\s", plain[match.end():match.end() + 40])[0]):
            continue
        name = _slug(stem) or "component"
        found.append(Fact(f"path.{name}", path, "path", line=number, text=line))
        have.add(path)


# A markdown link whose target is a file or folder of the repository: "[hal.h](src/hal/hal.h) declares …".
# (a Cursor rules file links a repository file as `mdc:path`: "[setup.sh](mdc:setup.sh)")
_LINK_TARGET = _lazy(r"\[(?P<text>[^\]]{1,120})\]\((?:mdc:)?(?P<target>(?:\./|\.\./)?[\w@-][\w.@+-]*(?:/[\w.@+-]+)*/?)\)")


def _linked_sources(found: list[Fact], line: str, plain: str, number: int) -> None:
    """The source files and folders a line links to: a link to a code file ("[ring.c](src/ring.c) owns the buffer") or
    to a folder ("[src/net/](src/net/) brings the link up") names a part of the project, as a code span would. A link to a
    document (`.md`, `.rst`, `.txt`, `.html`) points at reading material, and is left out with the other links."""
    have = {str(f.value).lstrip("./") for f in found if f.key.startswith("path.")}
    for match in _LINK_TARGET.finditer(line):
        target = match.group("target")
        shown = rx.fullmatch(r"`(?:\./)?(?P<path>[^`\s]+)`", match.group("text").strip())
        if shown and ("/" in shown.group("path") or rx.search(r"\w\.[A-Za-z]{1,5}$", shown.group("path"))) \
                and not shown.group("path").startswith("../") and _path_ok(shown.group("path")):
            # "[`on-push.yml`](../workflows/on-push.yml)", "[`okf/rules/`](okf/rules/index.md)": the path the file writes
            # is the code span it shows; the target is the address of a page from where the file stands
            target = match.group("text").strip().strip("`")
        elif match.group("text").strip().strip("`") == target.rstrip("/") + "/":
            target += "/" if not target.endswith("/") else ""  # "[k8s/](mdc:k8s)": the text says the target is a folder
        if target.startswith("../") and not _PARENT_PATHS[0]:
            continue  # a root file's `../x`: outside the repository
        bare = target.lstrip("./")
        last = bare.rstrip("/").split("/")[-1]
        # (a folder linked without its slash has two or more parts and no extension: `[web/src/stores](web/src/stores)`)
        if bare in have or not (target.endswith("/") or "/" in bare.rstrip("/") and "." not in last and not last.isupper()
                                or "." in last and _CODE_FILE.search(last)
                                or _SOURCE_FILE.search(last) and not _DATA_FILE.search(last)) \
                or not _path_ok(target) or _GENERATED_DIR.match(bare) \
                or _IGNORED.search(_sentence_at(plain, max(0, plain.find(match.group("text"))))):
            continue
        name = _slug(rx.sub(r"\.[A-Za-z]{1,5}$", "", bare.rstrip("/")).replace("/", " ")) or "component"
        found.append(Fact(f"path.{name}", target, "path", line=number, text=line))
        have.add(bare)



# A container image names a runtime by its tag (`node:18.20.8-alpine`, `python:3.13-slim`, "Node 18 alpine build"): the
# image the Dockerfile starts from, not the version the project requires (images are pinned for size and security; the
# project's requirement is stated as such: "Node 20+", "requires Python 3.12").
_IMAGE_TAG_AFTER = _lazy(r"(?:[.\d]*)(?:-|\s+)(?:alpine|slim|bookworm|bullseye|buster|stretch|jammy|focal|noble|jessie|"
                         r"windowsservercore|nanoserver)\b", re.IGNORECASE)
_IMAGE_CLAUSE = _lazy(r"(?i)\b(?:multi-?stage|docker\s*file|(?:docker|container|base|builder|runtime)\s+images?|FROM)\b"
                      r"[^.;]{0,60}$")


def _image_version(plain: str, match: re.Match[str]) -> bool:
    """Whether a version match names a container image rather than the project's runtime: written as an image tag
    (`lang:ver`, no space, or after a registry path `ghcr.io/…/node:18`), followed by an image flavour (`-alpine`,
    " slim"), or stated in a clause about the image build ("Multi-stage build optimized for Python 3.13")."""
    head = plain[match.start():match.start("ver")]
    if rx.fullmatch(r"(?i)[a-z.]+:`?", head.replace(" ", "")) and ":" in head and " " not in head.split(":", 1)[1] \
            and not head.split(":", 1)[1].startswith(" ") and rx.match(r"[\w.]+:\d", plain[match.start():]):
        return True  # `node:18.20.8-alpine`, `python:3.13` - a tag, not "Node: 18"
    if plain[max(0, match.start() - 1):match.start()] in ("/", "-"):
        return True  # `ghcr.io/org/node:18`, `circleci/python:3.11`
    if _IMAGE_TAG_AFTER.match(plain, match.end("ver")):
        return True
    clause = rx.split(r"[.;:](?:\s|$)", plain[:match.start()])[-1]
    return bool(_IMAGE_CLAUSE.search(clause)) and not _NEEDS_WORD.search(clause)


def _version_facts(plain: str, number: int, line: str) -> list[Fact]:
    """The language versions a line states (prose, a code block's comment)."""
    out: list[Fact] = []
    if not _VERSION_HINT.search(plain):
        return out
    for match in _VERSION.finditer(plain):
        if _image_version(plain, match):
            continue
        lang = match.group("lang").lower().rstrip(":")
        lang = _LANG_ALIASES.get(lang, lang)
        version = rx.sub(r"\s?[-–]\s?", "-", match.group("ver"))
        after = plain[match.end():]
        if lang == "python" and version in ("2", "3") and rx.match(r"\s*(?:[.;,)]|$)", after) \
                and rx.search(r"(?i)\b(?:prerequisites?|requires?|requirements?|needs?)\b", plain):
            pass  # "Prerequisites: …, Python 3.": the major version a set-up needs
        elif lang == "python" and version in ("2", "3") or "." not in version and lang in ("python", "go", "php"):
            continue  # "Python 3 code", "Go code" - not a version pin
        if lang == "rust" and rx.match(r"20\d\d$", version):
            continue  # an edition
        if rx.match(r"\s*,\s*v?\d", plain[match.end():]):
            continue
        if rx.match(r"\+?\s+(?:introduced|added|removed|deprecated|dropped|broke|changed|fixed|ships|shipped)\b", plain[match.end():]):
            continue  # "Python 3.14 introduced breaking changes": what a release did, not the version the project uses  # "Python 3.8, 3.9, 3.10": a matrix of versions something runs on, not the one to use
        ops = (match.group("op") or "").replace("`", "").replace(":", "").strip()
        minimum = ops in (">=", "≥", "=>") or bool(match.group("plus")) \
            or bool(rx.search(r"(?i)\bminimum\b[^.;:`]{0,30}$", plain[: match.start()])) and not ops
        spec = (">=" if minimum else "^" if ops == "^" else "~> " if ops == "~>" else "~" if ops == "~" else "") + version
        out.append(Fact(f"version.{lang}", spec, "version", line=number, text=line, qualifier="minimum" if minimum else ""))
        other = rx.match(r"\s*(?:or|\|\|)\s+`?(?P<op>>=|≥|\^|~)\s*(?P<ver>\d+(?:\.\d+){0,2})(?![\w.])", plain[match.end():])
        if other:  # "Node.js ^20.19.0 or >=22.12.0": the second range the line allows
            op = ">=" if other.group("op") in (">=", "≥") else other.group("op")
            out.append(Fact(f"version.{lang}", op + other.group("ver"), "version", line=number, text=line,
                            qualifier="minimum" if op == ">=" else ""))
    go_toolchain = rx.search(r"`go(?P<ver>1\.\d+(?:\.\d+)?)`", plain)
    if go_toolchain and not any(f.key == "version.go" for f in out):
        out.append(Fact("version.go", go_toolchain.group("ver"), "version", line=number, text=line))  # `go1.26.0`: a Go toolchain's name
    channel = _RUST_CHANNEL.search(plain)
    if channel and not any(f.key == "version.rust" for f in out):  # "nightly toolchain auto-configured via `rust-toolchain.toml`"
        out.append(Fact("version.rust", next(g for g in channel.group("ch", "ch2", "ch3") if g).lower(), "version",
                        line=number, text=line))
    for match in _LANG_TOOLCHAIN.finditer(plain):  # "Rust 2024 Edition (Toolchain: 1.95+)", "Rust (MSRV 1.80)"
        lang = _LANG_ALIASES.get(match.group("lang").lower(), match.group("lang").lower())
        if not any(f.key == f"version.{lang}" for f in out):
            minimum = bool(match.group("op") or match.group("plus")) or match.group("msrv") is not None
            out.append(Fact(f"version.{lang}", (">=" if minimum else "") + match.group("ver"), "version", line=number,
                            text=line, qualifier="minimum" if minimum else ""))
    pinned_by = _TOOLCHAIN_FILE.search(plain)
    if pinned_by:  # "`.nvmrc` pins 22.12.0", "toolchain in `rust-toolchain.toml`: 1.82.0": the version the toolchain file holds
        lang = _TOOLCHAIN_FILE_LANGS[pinned_by.group("file").lower().lstrip(".").split("-")[0].split(".")[0]]
        if not any(f.key == f"version.{lang}" for f in out):
            out.append(Fact(f"version.{lang}", pinned_by.group("ver"), "version", line=number, text=line))
    alias = _NODE_LTS_ALIAS.search(plain)
    if alias and rx.search(r"(?i)\bnode(?:\.js|js)?\b|\bnvm\b|\.nvmrc\b|\bnode-version\b", plain) \
            and not any(f.key == "version.node" for f in out):
        out.append(Fact("version.node", alias.group(0), "version", line=number, text=line))
    elif _NODE_LTS.search(plain) and not any(f.key == "version.node" for f in out):
        out.append(Fact("version.node", "lts", "version", line=number, text=line))
    if _STABLE_RUST.search(plain):
        out.append(Fact("version.rust", "stable", "version", line=number, text=line))
    return out


def _prose_facts(line: str, number: int, heading: str, rejected: list[Rejected] | None = None, *, doc_list: bool = False,
                 prose_before: str = "", parent: str = "", env_scope: bool = False, example: bool = False,
                 table_header: list[str] | None = None, no_paths: bool = False,
                 earlier: list[Fact] | None = None, span_roots: set[str] | None = None,
                 dir_roots: set[str] | None = None, item_lead: str = "") -> list[Fact]:
    found: list[Fact] = []
    # a section or a table about CI workflows lists the repository's workflow files by name
    workflows = _WORKFLOW_FILES.search(f"{heading} {' '.join(table_header or [])}") is not None

    def _ok(path: str) -> bool:
        return _path_ok(path, workflows)

    match: re.Match[str] | None
    rejected = rejected if rejected is not None else []
    plain = _unbold(line).replace("\u2019", "'")  # "don’t commit secrets": a typographic apostrophe reads as the plain one
    if not example:  # the items under "Examples:" show a rule; they are not the project's commands
        _inline_commands(line, plain, number, heading, prose_before, rejected, found, earlier, lead=item_lead)
        _bare_commands(line, plain, number, heading, found, rejected)
    for match in _NO_PUSH.finditer(plain):
        if _PERMITTED_AFTER.match(plain, match.end()):
            continue  # "no rebasing needed; merge commits on main are fine": a permission, never a restriction
        branch = match.group("branch") or match.group("named")
        found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{branch}",
                          line=number, authority="developer", text=line))
    if not found or not any(f.key == "git.branch.protected" for f in found):
        for match in _NO_DIRECT.finditer(plain):
            if rx.search(r"(?i)\b(?:work|commit|push)\w*\s+directly\s+(?:on|to)\b[^.]{0,30}\b(?:allowed|ok|fine|permitted)\b",
                         plain):
                break
            branch = next(match.group(g) for g in ("d1", "d2", "d3", "d4", "d5", "d6", "d7") if match.group(g))
            found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{branch}",
                              line=number, authority="developer", text=line))
    for match in _NOT_THIS_BRANCH.finditer(plain) if not any(f.key == "git.branch.protected" for f in found) else ():
        found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{match.group('branch') or match.group('branch2')}",
                          line=number, authority="developer", text=line))
    for fact in [f for f in found if f.key == "git.branch.protected" and f.line == number]:
        # "Never work directly on `main` or `master`": every branch of the list is protected
        at = plain.find(str(fact.scope).removeprefix("branch:"))
        more = _MORE_BRANCHES.match(plain, at + len(str(fact.scope).removeprefix("branch:"))) if at >= 0 else None
        for branch in rx.findall(r"main|master|develop|development|trunk|prod(?:uction)?", more.group(0)) if more else ():
            if all(f.scope != f"branch:{branch}" for f in found):
                found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{branch}",
                                  line=number, authority="developer", text=line))
    stop = _STOP_ON.search(plain) if not any(f.key == "git.branch.protected" for f in found) else None
    for branch in [stop.group("branch"), *rx.findall(r"[a-z]+", stop.group("more"))] if stop else ():
        if branch not in ("or", "and"):
            found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{branch}",
                              line=number, authority="developer", text=line))
    for match in _PROTECTED.finditer(plain):
        if match.group("named") and any(f.scope == f"branch:{match.group('named')}" for f in found):
            continue
        found.append(Fact("git.branch.protected", not match.group("neg"), "branch_policy",
                          scope=f"branch:{match.group('branch') or match.group('named')}", line=number, text=line))
    for match in _PROTECTION_ON.finditer(plain):
        found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{match.group('branch')}",
                          line=number, text=line))
    rules = _BRANCH_RULES.match(plain)
    if rules and _PR_ONLY.search(rules.group("rule")) and not rx.search(
            r"(?i)\b(?:direct (?:pushe?s?|commits?)|push(?:ing)? directly)\s+(?:is\s+|are\s+)?(?:allowed|ok|fine|permitted)\b", rules.group("rule")) \
            and not any(f.key == "git.branch.protected" for f in found):
        found.append(Fact("git.branch.protected", True, "branch_policy", scope=f"branch:{rules.group('branch')}",
                          line=number, authority="developer", text=line))
    for match in _DEFAULT_BRANCH.finditer(plain):
        branch = next(match.group(g) for g in ("b1", "b2", "b3", "b4", "b6", "b7", "b8", "b9", "b10", "b11", "b12", "b13", "b14",
                                               "b15", "b16", "b17", "b18", "b19", "b20", "b21", "b22", "b23", "b24", "b25", "b26")
                      if match.group(g))
        found.append(Fact("git.default_branch", branch, "branch_policy", line=number, text=line, explicit=True))
        if match.group("b5"):
            found.append(Fact("git.default_branch", match.group("b5"), "branch_policy", line=number, text=line))
    if not any(f.key.startswith("git.") for f in found) and "git " in plain:
        for match in _TRUNK_SYNC.finditer(plain):  # "run `git pull --rebase origin main` first": the trunk work follows
            if not _NEGATION.search(plain[max(0, match.start() - 40):match.start()]):
                found.append(Fact("git.default_branch", match.group("trunk") or match.group("trunk2"), "branch_policy",
                                  line=number, text=line))
                break
    if not any(f.key.startswith("git.") for f in found):
        # "Merge to main only through approved PRs", "create a PR before merging to `main`", "work directly on main":
        # the branch pull requests merge into, or the one work happens on, is the trunk (a negated one is protected)
        for match in _TRUNK_TARGET.finditer(plain):
            if _NEGATION.search(plain[max(0, match.start() - 60):match.start()]):
                continue
            branch = next(b for b in match.group("branch", "branch2", "branch3", "branch4", "branch5", "branch6", "branch7") if b)
            found.append(Fact("git.default_branch", branch, "branch_policy", line=number, text=line, explicit=True))
            break
    item = rx.sub(r"^(\d+[.)]|[-*+])\s+", "", plain.strip())
    unparenthesised = rx.sub(r"\([^)]*\)", "", heading)  # "Formatting (… before commit)"
    workflow_section = bool(_WORKFLOW_HEADING.search(unparenthesised) or _INTL_HEADING.search(unparenthesised))
    if workflow_section and rx.search(r"\(\s*`?[\w.@-]+/[\w./@-]*`?\s*\)|`[\w.@-]+/[\w./@-]*`", heading):
        workflow_section = False  # "### Git Operations (`internal/git/`)": a section on the code in that directory, no git rule
    if workflow_section and not _WORKFLOW_HEADING.search(rx.sub(r"(?i)\bcode\s+review\b", "", unparenthesised)) \
            and not _INTL_HEADING.search(unparenthesised) and not _workflow_in(item) \
            and not rx.search(r"(?i)\b(feedback|comments?|nitpicks?|reviewers?|approv\w*|(?:un)?tracked|ignored?)\b", item):
        workflow_section = False  # "Code Review Rules: keep modules small": what a reviewer checks in the code, no git rule
    rules_section = bool(_RULES_HEADING.search(heading) or _INTL_RULES_HEADING.search(heading))
    is_item = bool(rx.match(r"^(\d+[.)]|[-*+])\s", plain.strip()))
    # a release or publishing section: its steps are the release process
    release_section = bool(_RELEASE_HEADING.search(unparenthesised))
    # a section that is about releasing and nothing else of git ("## Release", "## Publishing"): its checklist holds chores
    # (update the changelog, wait for the build, verify the docs) beside the release's own steps
    release_only = release_section and not _WORKFLOW_HEADING.search(_RELEASE_HEADING.sub(" ", unparenthesised))
    # a git section that states its conventions ("Commit Conventions", "Politique de commits", "PR guidelines"): each item,
    # and each sentence of its own, is one of them
    convention_section = (workflow_section and bool(_CONVENTION_HEADING.search(heading)) and _euro(item)
                          # a release section's steps: numbered, or led by the step's verb ("Tag the release", "Bump …")
                          or release_section and is_item and (bool(rx.match(r"\s*\d+[.)]\s", plain))
                                                              or bool(_DIRECTIVE.match(item)) or _euro(item)
                                                              # "Publish the chart through the registry": the release's own act
                                                              or bool(rx.match(r"(?i)(?:publish|release|ship)\s+[^:]{3,60}?\s(?:to|through|via|on|onto)\s", item)))) \
        and not doc_list and not plain.lstrip().startswith("|") \
        and not rx.fullmatch(r"[^:`]{1,40}:\s*`(?:[^`\s]*/[^`\s]*|[^`\s]+\.[A-Za-z]{2,5})`\W*", item)
    # (the items under "Release notes should be:" say what a document holds, not how to release; "GitHub Actions:
    # `.github/workflows/release.yml`" points to a file, no step)
    if is_item and release_section and not any(f.key.startswith("policy.") for f in found) \
            and _RELEASE_STEP.match(item) and not _EXAMPLE.search(item):
        sentence = item.strip()[:200]
        found.append(Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=line))
    # a table row led by a component - a path or a code span - says what that component does ("| `ci/publish/` | Post
    # the comment, commit generated files |"); only a word that prescribes makes it a rule
    cells_here = _table_cells(plain.strip()) if plain.lstrip().startswith("|") else None
    # a list item led the same way ("- `plan-role` — assumed by PR workflows, read-only"): what the component is
    described = rx.fullmatch(r"\**`(?P<name>[^`]+)`\**\s*(?:[-–—:]|\s-\s)\s*(?P<what>.+)", item) if is_item else None
    component_item = bool(described) and bool(rx.search(
        r"(?i)\b(?:PRs?|pull[- ]requests?|merge|release|deploy\w*|push)\s+(?:workflows?|jobs?|pipelines?|builds?|checks?|runs?|"
        r"environments?|previews?)\b", described.group("what") if described else "")) and not rx.fullmatch(r"(?:origin/|upstream/)?" + _BRANCH.replace("`?", ""),
                                                          described.group("name") if described else "") \
        and not _STRONG_DIRECTIVE.search(described.group("what") if described else "") \
        and not rx.search(r"(?i)\b(?:should|shall|required?|requires|cannot|can'?t)\b|(?<![-\w])only\b"
                          # (a sentence of its own that tells what to do with it: "… generated by `x`. Commit it.")
                          r"|(?:^|[.;!]\s+)(?:commit|push|merge|tag|bump|squash|rebase|keep|update)\b",
                          described.group("what") if described else "")
    component_row = component_item or bool(cells_here) and len(cells_here or []) > 1 \
        and bool(rx.fullmatch(r"\W*`[^`]+`\W*|\W*[\w.@-]*/[\w./@-]*\W*", (cells_here or [""])[0])) \
        and not _STRONG_DIRECTIVE.search(" ".join((cells_here or [])[1:]))
    if not any(f.key.startswith("policy.") for f in found) and not component_row \
            and (not item.endswith(":") or _WORKFLOW.search(item) or _HOOK_RULE.search(item)):
        after_semicolon = False
        for clause in rx.split(r"(?<=[.;!])\s+|(?<=[。；！])", item):
            clause = clause.strip()
            follows_semicolon, after_semicolon = after_semicolon, clause.endswith((";", "；"))
            lead_rule = clause.endswith(":") and bool(_STRONG_DIRECTIVE.search(clause) or _INTL_STRONG_RE.search(clause)
                                                      or _HOOK_RULE.search(clause) or rx.match(
                r"^(?:[A-Z][\w /&-]{1,30}:\s+)?(?:include|use|write|add|follow)\b", clause, re.IGNORECASE)
                # "**Create a feature branch** for your work:", "**Merge the PR** only after all checks pass:"
                or rx.match(r"(?i)^(?:\d+[.)]\s*)?(?:create|open|merge|rebase|squash|tag|delete|commit(?!\s+(?:messages?|guidelines?|conventions?|format|rules?)\b))\b",
                            clause)
                and bool(_WORKFLOW.search(clause))
                # "Pull requests should include:": a workflow noun and a modal lead a list of what it must hold
                or rx.search(r"(?i)\b(?:should|shall|must|needs? to|have to|has to)\s+(?:\w+\s+)?(?:include|contain|have|"
                             r"follow|reference|mention|list|describe)\b", clause) and bool(_WORKFLOW.search(clause)))
            first_of_item = is_item and item.startswith(clause) and not rx.match(r"(?:and|or|but|then|so|also)\b", clause)
            # (a rule after ";" that the line wraps - "…variables; never commit values," - is a rule all the same)
            wrapped_rule = follows_semicolon and clause.endswith(",") and bool(_STRONG_DIRECTIVE.search(clause)) \
                and bool(_workflow_in(clause)) and clause == item.strip()[-len(clause):]
            if not clause or clause.endswith((":", ",")) and not lead_rule and not wrapped_rule \
                    or clause[0].islower() and not follows_semicolon and not first_of_item:
                continue  # a heading for a list, or the middle of a wrapped sentence (a clause after ";" is a rule of its own)
            workflow = _workflow_in(clause)
            labelled = rx.match(r"^[A-Z][\w /&-]{1,30}:\s+(?P<rule>\S.*)$", clause) \
                if rx.match(r"^\s*(?:[-*+]|\d+[.)])\s", plain) else None
            if labelled and not _DIRECTIVE.search(clause):
                # "- PR Descriptions: Write them in English" - the rule after its label; its verb is not the workflow word
                # itself ("Triggers on: push to main"), and a word inside a code span (`pnpm db:push`) is not a workflow
                rule = rx.sub(r"`[^`]*`", "`", labelled.group("rule"))
                verb = _DIRECTIVE.search(rule)
                noun = next((m for m in _WORKFLOW.finditer(rule) if not verb or m.start() != verb.start()), None) \
                    or _WORKFLOW.match(clause[:labelled.start("rule")])  # "Branching: Use git-flow": the label names it
                if verb and noun:  # "Review: Submit PR with …": the verb, then a workflow word of its own
                    clause = labelled.group("rule")
            noun = workflow.group(1).lower() if workflow else ""
            if noun.replace(" ", "") == "lockfile" and not rx.search(
                    r"(?i)\b(?:commit\w*|check(?:ed|s|ing)?\s+in|push\w*|PRs?|pull requests?|git|version control|never|do not|"
                    r"don'?t|must not|manually|by hand|directly)\b", _workflow_words(clause)):
                continue  # "Update lock file" as a step of how a tool resolves packages: no git action on the lockfile
            if noun == "coverage":
                if not _coverage_gate(clause):
                    continue
            elif noun.startswith("deploy") and not (_STRONG_DIRECTIVE.search(clause) or rx.search(
                    r"(?i)\b(only|before|wait|until|without)\b", clause)
                    or _DEPLOY_FROM.search(clause)):
                continue  # "Deploy to staging: …" describes a step; "never deploy directly" is a rule
            directive = _DIRECTIVE.search(clause) or _intl_directive(clause) or noun == "coverage" or _DEPLOY_FROM.search(clause) \
                or rules_section and is_item
            if _USAGE_NOTE.match(clause) or _USAGE_NOTE.match(item):
                continue  # "When to Use: before committing", "Use when PR is reviewed": when to reach for a tool or skill
            if _DOC_RULE.search(clause) and not _RELEASE_WORDS.search(clause) and not (release_section and is_item):
                continue  # "Add a changelog entry with each PR": a rule on documentation, the PR only says when
            if _PLAIN_STEP.match(clause) and not _STEP_CONSTRAINT.search(clause) and not _INTL_STRONG_RE.search(clause) \
                    and not _euro(clause):
                continue  # "Commit and push the status update": a step of a procedure, not a rule on how to commit or push
            if _describes(clause) and not _HOOK_RULE.search(clause):
                continue  # "CI/CD: Allows automated checks to run before merge": what a thing does, not what to do
            if (_CI_EVENTS.search(clause) or _CI_EVENTS.search(item)) and not _STRONG_DIRECTIVE.search(clause):
                continue  # "Triggers: push to main, PRs to main": the events that start a workflow, not what to do
            if rx.fullmatch(r"[^:]{1,30}:\s*`?(?=[\w./-]*\d)[\w./-]+`?\W*", clause):
                continue  # "Commit: d8b69f0", "Release: v2.1": a field of the file's metadata (a hash, a version), no rule
            if _ON_REQUEST.match(clause) and not _ON_REQUEST_LIMIT.search(clause):
                continue  # "When asked to commit, read the guidelines first": how to answer a request, not a rule of the project
                # (one that also forbids a git act - "…, write the message, do not push" - is a rule all the same)
            if rx.search(r"(?i)\b(you may|you can|may be|optionally|if you (?:want|like|wish))\b", clause) \
                    and not rx.search(r"(?i)\b(always|never|must|mandatory|do not|don'?t|required|nothing|prohibited)\b", clause):
                continue  # "You may run `x` before submitting": an option, not a rule
            commands_here = any(f.key.startswith("command.") for f in found) and not rx.search(
                r"(?i)\b(ensure|make sure|must|succeed|pass(es)?)\b", clause)
            plain_run = rx.match(r"(?i)^\W*(?:\d+[.)]\s*)?(?:run|execute)\b(?!.*\b(?:before|after|when)\b)", clause)
            section_rule = workflow_section and is_item and not commands_here and not plain_run and not doc_list \
                and not (release_only and not _release_act(clause)) and (
                _DIRECTIVE.search(clause) or _intl_directive(clause)
                # a step of a git section's procedure led by its verb ("Generate a message with the summary", "Be explicit
                # about the changes", "Using conventional commits for messages")
                or rx.search(r"(?i)\bcommit", heading) and rx.match(r"(?i)(?:be|using|generate|write)(?:\s+\w+){4}", clause)
                # an item of a git / release section written as a sentence in a European language: its verb form is
                # the language's, the section makes it a rule
                or _euro(clause) and len(clause.split()) >= 3 and not rx.match(r"[^:]{1,40}:\s", clause))
            # a convention of a git section written in a European language, or a step of a release section: each is a rule
            convention_rule = convention_section and not commands_here and not plain_run and len(clause.split()) >= 2 \
                and not clause.endswith(":") and (release_section and is_item and not rx.match(r"[A-Z][a-z]+s\b", clause)
                                                  # (a step of the release itself: a version, a tag, a git step, the changelog, a command)
                                                  and _release_act(clause)
                                                  or _euro(clause)) \
                and (is_item or not rx.search(r"(?i)\b(?:following|below|section|document|ci-dessous|suivantes?|siguientes?|"
                                              r"seguintes?|folgenden?|seguenti)\b", clause))
            if workflow and directive or _HOOK_RULE.search(clause) or section_rule or convention_rule:
                sentence = clause.strip()[:200]
                found.append(Fact(_policy_key(sentence), sentence, "intent", line=number, authority="developer", text=line))
                break
    naming = _BRANCH_PATTERN.search(plain)
    if naming and (rx.search(r"\bbranch(es)?\b|分支|ブランチ|브랜치|(?<![А-Яа-яЁё])вет[кв]", plain, re.IGNORECASE)
                   or _NEW_BRANCH.search(plain) or _BRANCH_NAMING_HEADING.search(heading)) \
            and not any(f.key == "policy.branch_naming" for f in found) and not example:
        # (a name under "Examples:" shows the naming rule stated above it, it is not one)
        found.append(Fact("policy.branch_naming", naming.group("pattern"), "intent", line=number, authority="developer",
                          text=line))
    if not any(f.key.startswith("policy.") for f in found) and (_CONVENTION_LABEL.match(plain) or _branch_flow(item)) \
            and not _EXAMPLE.search(item):
        # "- Commit format: `feat(x): y`", "- Releases: PR `develop` → `main`": a convention or a flow the file sets
        found.append(Fact(_policy_key(item), item[:200], "intent", line=number, authority="developer", text=line))
    if not any(f.key.startswith("policy.") for f in found) and _commit_types_listed(plain) \
            and (_COMMIT_WORD.search(plain) or _COMMIT_WORD.search(heading)) \
            and not rx.match(r"(?i)^\W*(?:[\w-]+\s+)?(?:types?|examples?|e\.g\.?)\W*:", item):
        # "Allowed types: …" details a format stated above; "Examples: `feat: x`" shows it
        # "Convention: `feat:`, `fix:`, `chore:`" under "## Commits", "type: feat, fix, docs, test": the commit format
        found.append(Fact("policy.conventional_commits", item[:200], "intent", line=number, authority="developer", text=line))
    for pm in _stated_managers(plain):
        found.append(Fact("package_manager", pm, "package_manager", line=number, text=line, explicit=True))
    found.extend(_version_facts(plain, number, line))
    row = _table_cells(line) if table_header else None
    if row and table_header and len(row) == len(table_header) and row != table_header:
        column = next((i for i, c in enumerate(table_header)  # "Version", "Minimum version", "Required version"
                       if rx.fullmatch(r"(?i)\W*(?:(?:minimum|min\.?|required|supported|target)\s+)?versions?\W*", c)), None)
        lang = _LANG_ALIASES.get(row[0].strip("`* ").lower(), row[0].strip("`* ").lower())
        pinned = rx.fullmatch(r"`?v?(\d+(?:\.\d+){0,2})(\+)?`?(?:\s*\([^)]*\))?", row[column].strip()) if column else None
        if pinned and lang in CLAIMED_VERSIONS and not any(f.key == f"version.{lang}" for f in found):
            found.append(Fact(f"version.{lang}", (">=" if pinned.group(2) else "") + pinned.group(1), "version",
                              line=number, text=line, qualifier="minimum" if pinned.group(2) else ""))
    for match in _PATH_PARTS.finditer(plain):  # "The command layer consists of `create.rs`, `content.rs` and `delete.rs`"
        what = match.group("what").strip()
        if len(what.split()) <= 6 and _ok(match.group("path")) and not _IGNORED.search(what) and not _runs(match.group("path")):
            for path in [match.group("path"), *[p for p in _listed_after(plain, match.end()) if _ok(p) and not _runs(p)]]:
                found.append(Fact(f"path.{_slug(what) or 'component'}", path, "path", line=number, text=line))
    for match in _PATH_SENTENCE.finditer(plain):
        what = match.group("what").strip()
        if len(what.split()) <= 8 and (_ok(match.group("path")) or _bare_dir_named(match)) and not _IGNORED.search(what):
            listed = [p for p in _listed_after(plain, match.end()) if _ok(p) and not _runs(p)]
            for path in [match.group("path"), *listed]:  # "are defined under `a/`, `b/`, and `c/`"
                found.append(Fact(f"path.{_slug(what) or 'component'}", path, "path", line=number, text=line))
    if "](" not in line:
        for match in _PATH_DIR.finditer(plain):
            path = match.group("path")
            if any(f.key.startswith("path.") and f.value == path for f in found) \
                    or _IGNORED.search(_sentence_at(plain, match.start("path"))):
                continue
            if path.startswith("/") and not path.endswith("/") and _URL_WORDS.search(plain):
                continue  # "the health endpoint at `/health`": a URL route
            if ("/" in path or match.group("dir") and rx.fullmatch(r"[\w.@-]+", path)) \
                    and (_ok(path) or match.group("dir") and not _AGENT_MATERIAL.match(path)) \
                    and not _runs(path) and not rx.search(
                    r"\b(edit|run|cd|open|read|see|check|write|put|add|create)\s*$", match.group("what"), re.IGNORECASE) \
                    and not (_OUTPUT_WORDS.search(match.group("what")) and not _BUILD_OUTPUT.search(match.group("what"))):
                # (a build's output the file describes is labelled: "The bundled output goes to `dist/server.js`")
                found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", path, "path", line=number, text=line))
                for other in _listed_after(plain, match.end()):
                    if _ok(other) and not _runs(other):  # "in `src/a.xml` and `src/b.php`"
                        found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", other, "path", line=number,
                                          text=line))
    bold = _PATH_BOLD_ITEM.match(line) or _PATH_PLAIN_ITEM.match(line) or _PATH_COMMENTED.match(line)
    if bold and not any(f.key.startswith("path.") for f in found) and _ok(bold.group("path")) \
            and rx.match(r"[a-z._/]", bold.group("path")) and not _IGNORED.search(bold.group("what")) \
            and not (dir_roots is not None and _PACKAGE_PAIR.fullmatch(bold.group("path"))
                     and bold.group("path").split("/")[0] not in dir_roots | {parent.strip("/").split("/")[-1]}):
        # ("- **acme/widgets** - React components": an `owner/name` pair whose owner the file names as no directory
        # is a package or a repository, not a folder)
        found.append(Fact(f"path.{_slug(bold.group('what')) or 'component'}", _joined(bold.group("path"), parent), "path",
                          line=number, text=line))
    several_plain = _PATH_PLAIN_SEVERAL.match(line) if not bold and "`" not in line else None
    if several_plain and not any(f.key.startswith("path.") for f in found) and not _IGNORED.search(several_plain.group("what")):
        listed = rx.findall(_PLAIN_P, several_plain.group("paths"))
        if len(listed) > 1 or not several_plain.group("how").strip().startswith(":"):
            for path in listed:
                if _ok(path) and not _runs(path):
                    found.append(Fact(f"path.{_slug(path.rstrip('/').rsplit('/', 1)[-1].split('.')[0]) or 'component'}",
                                      _joined(path, parent), "path", line=number, text=line))
    plain_entry = _PATH_INVENTORY.match(line) if not bold else None
    if plain_entry and not any(f.key.startswith(("path.", "command.")) for f in found) and _ok(plain_entry.group("path")) \
            and not _IGNORED.search(plain_entry.group("what")):
        # "src/jobs/queue.ts: the retry queue": an inventory line, a file and what it holds, without a list marker
        found.append(Fact(f"path.{_slug(plain_entry.group('what')) or 'component'}", _joined(plain_entry.group("path"), parent),
                          "path", line=number, text=line))
    labelled = _PATH_BOLD_PARA.match(line) if "**" in line else None
    if labelled and not any(f.key.startswith("path.") for f in found) and _ok(labelled.group("path")) \
            and not _IGNORED.search(labelled.group("what")) and not _runs(labelled.group("path")) \
            and not rx.fullmatch(r"[\w-]+\.js", labelled.group("path"), re.IGNORECASE) \
            and (rx.search(r"/$|\.[A-Za-z]{1,6}$", labelled.group("path"))
                 or dir_roots is not None and labelled.group("path").split("/")[0] in dir_roots):
        # "**Core/Clock.h**: the frame clock", "**Render/**: draw passes": a bold path heading its paragraph or item
        found.append(Fact(f"path.{_slug(labelled.group('what')) or 'component'}", _joined(labelled.group("path"), parent),
                          "path", line=number, text=line))
    for match in _PATH_NAMED_BARE.finditer(line) if "**" in line and "(" in line else ():
        path = match.group("path")
        if _ok(path) and not _runs(path) and not _NOT_A_COMPONENT.search(match.group("what")) \
                and not rx.fullmatch(r"[A-Z][\w-]*\.js", path) \
                and not any(f.key.startswith("path.") and f.value == path for f in found):
            # "3. **Scheduler** (Runtime/): …", "**Unit tests (helpers.test.js):**": a named part and its path, plain
            found.append(Fact(f"path.{_slug(match.group('what')) or 'component'}", path, "path", line=number, text=line))
    several = _PATH_BOLD_DIRS.match(line)
    if several and not any(f.key.startswith("path.") for f in found) and not _IGNORED.search(several.group("what")):
        # "- **android/**, **ios/**, **web/**: Platform-specific code": several directories, one description
        for path in rx.findall(r"\*\*([^*]+)\*\*", several.group("paths")):
            if _ok(path):
                found.append(Fact(f"path.{_slug(path.rstrip('/')) or 'component'}", _joined(path, parent), "path",
                                  line=number, text=line))
    arrow = _PATH_ARROW.match(plain)
    if arrow and not any(f.key.startswith("path.") for f in found) and _ok(arrow.group("path")):
        found.append(Fact(f"path.{_slug(arrow.group('what')) or 'component'}", arrow.group("path"), "path", line=number, text=line))
    named = _PATH_NAMED.match(line) or _PATH_BOLD.match(line) or _PATH_LABEL.match(line.replace("**", ""))
    if named and not _NOT_A_COMPONENT.fullmatch(named.group("what").strip()):
        for path in rx.findall(r"`([^`]+)`", named.group("paths")) or [named.group("paths")]:
            if "`" not in named.group("paths") and dir_roots is not None and _PACKAGE_PAIR.fullmatch(path) \
                    and path.split("/")[0] not in dir_roots:
                continue  # "- **UI kit**: acmeui/kit": a package named `owner/name`, no folder the file writes
            if _ok(path) and not _runs(path) and not _IGNORED.search(_sentence_at(plain, plain.find(path))) \
                    and not (_OUTPUT_WORDS.search(heading) and _OUTPUT_WORDS.search(path)):  # "Linter Output: `reports/x.txt`"
                found.append(Fact(f"path.{_slug(named.group('what')) or 'component'}", _joined(path, parent), "path",
                                  line=number, text=line))
    item_paren = _PATH_ITEM_PAREN.match(plain) if "(" in plain and "/" in plain else None
    if item_paren and not any(f.key.startswith("path.") for f in found) and _ok(item_paren.group("path")) \
            and not _IGNORED.search(item_paren.group("what")) and not _NOT_A_COMPONENT.search(item_paren.group("what")) \
            and not rx.search(r"(?i)\b(?:e\.g|eg|for example|such as|like|see)\b", plain):
        found.append(Fact(f"path.{_slug(item_paren.group('what')) or 'component'}", _joined(item_paren.group("path"), parent),
                          "path", line=number, text=line))
    # "- Search: Index SDK (lib/index/), query cache", "- Scraping: site (lib/site.ts, cheerio)": a labelled item names
    # a part, then the path it lives at, first in parentheses (a directory, or a file under one)
    # ("- Logging: lib/logger.ts structured logs": the path right after the label, then what it does)
    label_paren = (_PATH_LABEL_PAREN.match(plain) if "(" in plain else None) or _PATH_LABEL_LEADS.match(plain) \
        if "/" in plain and ":" in plain else None
    if label_paren and not any(f.key.startswith("path.") for f in found) and _ok(label_paren.group("path")) \
            and not _IGNORED.search(label_paren.group("what")) and not _NOT_A_COMPONENT.search(label_paren.group("what")) \
            and not rx.search(r"(?i)\b(?:e\.g|eg|for example|such as|like|see)\b", plain) and not example:
        found.append(Fact(f"path.{_slug(label_paren.group('label')) or 'component'}", _joined(label_paren.group("path"), parent),
                          "path", line=number, text=line))
    described_paths = _PATH_LABEL_DESCRIBED.match(plain) if "(" in plain and ":" in plain else None
    if described_paths and not any(f.key.startswith("path.") for f in found) and not _IGNORED.search(described_paths.group("what")) \
            and not _NOT_A_COMPONENT.search(described_paths.group("what")) and not example:
        # "- Core: src/lib/api.ts (API client), config.ts (conf storage)": a label, then bare paths each with what it is
        for path, what in rx.findall(r"(" + _BARE_PATH + r")\s*\(([^()]{2,50})\)", described_paths.group("rest")):
            # ("docker_data/ (gitignored)": a place the program writes, no part of the source)
            if _ok(path) and not _runs(path) and not _SELF_DESCRIBING.match(path) \
                    and not rx.search(r"(?i)\b(?:git-?ignored|ignored|generated|untracked|temp(?:orary)?|logs?)\b", what):
                found.append(Fact(f"path.{_slug(what) or 'component'}", _joined(path, parent), "path", line=number, text=line))
    if not any(f.key.startswith("command.") for f in found):
        lead = next((m for m in (_PATH_LEAD.match(part) for part in rx.split(r"(?<=[.;])\s+", plain.strip())) if m), None) \
            or _PATH_LINE_LABEL.match(plain.strip())
        for match in [lead] if lead else _PATH_IS.finditer(plain):
            what = match.group("what")
            if _ok(match.group("path")) and not _runs(match.group("path")) and not _IGNORED.search(what) \
                    and not _OUTPUT_WORDS.search(what) and not _NOT_A_COMPONENT.search(what) \
                    and not any(f.key.startswith("path.") and f.value == match.group("path") for f in found):
                found.append(Fact(f"path.{_slug(what) or 'component'}", match.group("path"), "path", line=number, text=line))
    if "` " in plain and not any(f.key.startswith("command.") for f in found):
        for part in rx.split(r"(?<=[.;])\s+", plain.strip()):
            described = _FILE_LEAD.match(part)
            if described and _CODE_FILE.search(described.group("path")) and not _SELF_DESCRIBING.match(described.group("path")) \
                    and not _IGNORED.search(described.group("what")) and not example \
                    and not any(f.key.startswith("path.") and (f.value == described.group("path")
                                                               or str(f.value).endswith("/" + described.group("path")))
                                for f in [*(earlier or []), *found]):  # (a file the file placed already, named again bare)
                found.append(Fact(f"path.{_slug(described.group('path').rsplit('.', 1)[0]) or 'component'}", described.group("path"),
                                  "path", line=number, text=line))
    match = _PATH_VERB.match(plain)
    ran_script = None
    if match and not match.group("verb") and _runs(match.group("path")) and rx.search(r"[/\\]", match.group("path")) \
            and not any(f.key.startswith(("path.", "command.")) for f in found) and not example \
            and rx.match(r"(?i)(?:runs?|execut\w+|starts?|lints?|formats?|builds?|tests?|checks?|type-?checks?|installs?)\b",
                         match.group("what")):
        # "- `./bin/test.sh` Run all tests", "- `scripts/lint` lints the code": a script of the project and what running it
        # does, a command (the verb says it is run), not a component the item describes
        sink = Facts()
        sink.earlier = earlier or []
        what = match.group("what")
        ran_script = _command_fact(match.group("path"), [what, heading], number, line, sink, label=what, explicit_context=what)
        if ran_script:
            found.append(ran_script)
        rejected.extend(sink.rejected)
    if match and not ran_script and not any(f.key.startswith(("path.", "command.")) for f in found) and not _IGNORED.search(match.group("what")) \
            and not _IGNORED.search(heading) and _ok(match.group("path")) and "](" not in line:
        what = rx.split(r"\s[-–—(]\s?", match.group("what"))[0]
        found.append(Fact(f"path.{_slug(what) or 'component'}", _joined(match.group("path"), parent), "path",
                          line=number, text=line))
    if rx.search(r"\b(API|(?i:endpoints?))\b", heading):
        found = [f for f in found if not (f.key.startswith("path.") and str(f.value).startswith("/"))]  # URL routes

    if rx.search(r"(?i)\bbranch(es|ing)?\b", heading):
        found = [f for f in found if not (f.key.startswith("path.") and _BRANCH_TYPE.match(str(f.value)))]  # branch names
    cells = _table_cells(line)
    if cells and len(cells) >= 2 and not any(f.key.startswith("path.") for f in found) and not _IGNORED.search(heading) \
            and not _NAMING_HEADING.search(heading):
        for i, cell in enumerate(cells):
            path_match = rx.fullmatch(r"(?:\*\*)?`([\w.@+-]+(?:/(?:\[\w+\]|[\w.@+-]*))*/?)`(?:\*\*)?(?:\s*\([^)]*\))?", cell)
            if path_match and _ok(path_match.group(1)):
                what = next((c for j, c in enumerate(cells) if j != i and c and "`" not in c), "") or next(
                    (c.strip("`") for j, c in enumerate(cells) if j != i and rx.fullmatch(r"`[^`/]+`", c)), "") or next(
                    (rx.sub(r"\s*\([^)]*\)", "", c.replace("`", "")) for j, c in enumerate(cells)  # "`Topology` struct for …"
                     if j > i and rx.match(r"[A-Za-z][\w ,/-]{2,}", c.replace("`", ""))), "")
                if what and not _IGNORED.search(what):
                    found.append(Fact(f"path.{_slug(what) or 'component'}", path_match.group(1), "path", line=number, text=line))
                break
    if cells and table_header and len(cells) == len(table_header) and cells != table_header \
            and not any(f.key.startswith("path.") for f in found) and not _IGNORED.search(heading) \
            and not _NAMING_HEADING.search(heading):
        # "| Directory | Purpose |" then "| web/static/ | assets |": the header says the column holds paths, so a plain
        # cell of one is a path (a slash or a file's extension in it; a bare word may name anything)
        for i, head in enumerate(table_header):
            # (the first column keys the rows: a source file alone there is the row's subject, whatever the header says)
            plain_path = rx.fullmatch(r"(?:\*\*)?(?:\./)?(?P<path>[\w.@-]+(?:/[\w.@-]+)*/?)(?:\*\*)?", cells[i]) \
                if _PATH_COLUMN.fullmatch(head) or i == 0 and _CODE_FILE.search(cells[i]) else None
            if plain_path and ("/" in plain_path.group("path") or rx.search(r"\w\.[a-z]{1,5}$", plain_path.group("path"))) \
                    and _ok(plain_path.group("path")) and not _runs(plain_path.group("path")):
                what = next((c for j, c in enumerate(cells) if j != i and c and "`" not in c), "")
                if not _IGNORED.search(what):
                    found.append(Fact(f"path.{_slug(what) or 'component'}", plain_path.group("path"), "path", line=number,
                                      text=line))
                break
    inside = _DIR_ITEM_FILES.match(line) if "`" in line and cells is None and not no_paths else None
    if inside and not _IGNORED.search(inside.group("desc")) and _ok(inside.group("dir")):
        # "- `scripts/` — the database lifecycle (`pg.ts` helpers, `seed.ts`)": bare files the directory's description
        # lists in parentheses are files of that directory ("see `x.php`" points elsewhere)
        have = {str(f.value) for f in found if f.key.startswith("path.")}
        # ("(e.g. `Home.jsx`, `Card.jsx`)": examples of what the directory holds, not its components)
        listed = [p for p in rx.findall(r"\(([^()]*)\)", inside.group("desc"))
                  if not rx.match(r"(?i)\s*(?:e\.\s?g\.?|eg\b|for example|for instance|such as|like|i\.e\.)", p)]
        for name in rx.findall(r"`([\w@-][\w.@-]*)`", " ".join(listed)):
            path = _joined(name, _joined(inside.group("dir"), parent) if parent else inside.group("dir"))
            if _CODE_FILE.search(name) and not _SELF_DESCRIBING.match(name) and not {path, name} & have and _ok(name):
                found.append(Fact(f"path.{_slug(name.rsplit('.', 1)[0]) or 'component'}", path, "path", line=number, text=line))
                have.add(path)
    plain_list = _PLAIN_PATH_LIST.match(plain) if cells is None and "/" in plain else None
    if plain_list and not any(f.key.startswith("path.") for f in found) and not _IGNORED.search(heading + " " + plain_list.group("what")):
        # "- Project structure: lib/screens, lib/widgets, lib/models": a label, then the directories it names, plain
        for path in rx.split(r"\s*,\s*|\s+\w+\s+", plain_list.group("paths").rstrip(". ")):
            if _ok(path) and not _runs(path):
                found.append(Fact(f"path.{_slug(path.rstrip('/').rsplit('/', 1)[-1]) or 'component'}", _joined(path, parent),
                                  "path", line=number, text=line))
    if cells and len(cells) >= 2 and "`" in line and not _IGNORED.search(heading) and not _NAMING_HEADING.search(heading):
        # "| `internal/codec` | `codec_test.go` `frame_test.go` | … |", "| Add a screen | `Screen.kt` + `App.kt` | … |": a
        # cell that holds only files of the project names each, beside the directory or the task another cell gives
        have = {str(f.value).rsplit("/", 1)[-1] for f in found if f.key.startswith(("path.", "command."))}
        what = next((c for c in cells if c and "`" not in c), "")
        for i, cell in enumerate(cells):
            # (under a "Key Files" / "Files" header the column holds the row's files, each perhaps with a note:
            # "`main.swift` (explicit entry point), `AppDelegate.swift`, renderers")
            files_column = table_header is not None and len(table_header) == len(cells) and cells != table_header \
                and _FILES_HEADER.fullmatch(table_header[i]) is not None
            if not _FILE_CELL.fullmatch(cell) and not files_column:
                continue
            for path in rx.findall(r"`([^`]+)`", rx.sub(r"\([^()]*\)", "", cell) if files_column else cell):
                last = path.rsplit("/", 1)[-1]
                if last in have or not _CODE_FILE.search(last) or _SELF_DESCRIBING.match(last) \
                        or not _ok(path) or _runs(path) or _IGNORED.search(what):
                    continue
                found.append(Fact(f"path.{_slug(what) or _slug(last.rsplit('.', 1)[0]) or 'component'}", path, "path",
                                  line=number, text=line))
                have.add(last)
    _more_paths(found, line, plain, number, heading, parent)
    if not no_paths and span_roots is not None and "`" in plain:
        _span_paths(found, line, plain, number, heading, span_roots)
        _bare_files(found, line, plain, number, heading)
    if not no_paths and ("`" in line or "**" in line):
        _listed_files(found, line, number, heading)
    ran = {str(f.value) for f in found if f.key.startswith("command.")}
    found = [f for f in found if not f.key.startswith("path.") or str(f.value) not in ran  # `./app` - Run the program
             and not _web_route(str(f.value), plain)
             and not _routed(str(f.value).lstrip("/"), line)
             and not rx.search(r"(^|/)(YYYY|YY|MM|DD)(/|$)", str(f.value))  # `POST api/x`: a route; `YYYY/MM/`: a placeholder
             and not _RETIRED.search(line)  # "`app/Http/Kernel.php` is no longer registered": a part the project retired
             # "a branch name starting with `deps/`": a branch-name prefix, not a directory
             and not (rx.fullmatch(r"[\w.-]+/", str(f.value)) and rx.search(
                 r"(?i)\bbranch(?:es)?(?:\s+names?)?\s+(?:starting|beginning|prefixed|that\s+starts?|named)\s+(?:with\s+)?`?$",
                 plain[:max(0, _position(plain, str(f.value)))]))]
    if no_paths or "](" in line:
        links = [m.span() for m in rx.finditer(r"\[[^\]]*\]\([^)]*\)", line)]
        found = [f for f in found if not f.key.startswith("path.") or not no_paths and not any(
            a <= _position(line, str(f.value)) < b for a, b in links)]  # a path in a link points at a document
        if not no_paths and not example:
            _linked_sources(found, line, plain, number)
    names = _env_names(plain)
    item = _ENV_ITEM_SEVERAL.match(line) or _ENV_ITEM.match(line)
    required_here = env_scope or bool(_env_required(heading)) and not _ENV_NOT_REQUIRED.search(heading) \
        and bool(_ENV_LEAD.search(heading))
    if not names and item and cells is None and _env_required(plain) is not False \
            and (env_scope or _env_required(heading) and not _ENV_NOT_REQUIRED.search(heading)):
        # a list item under "Required environment variables:" (a lead-in or the heading); "- `A_KEY`, `A_SECRET`: the
        # service's credentials": every name the item leads with
        names = _ENV_NAME.findall(item.group("names")) if "names" in item.groupdict() else [item.group("name")]
    if not names and cells:
        names = _env_row(cells, table_header, required_here)
    for name in dict.fromkeys(names):
        if not name.endswith("_") and not name.isdigit() and name not in _ENV_IGNORED_NAMES:
            found.append(Fact(f"env.{name}", "required", "env", line=number, text=line))
    return found


_ENV_CELL = _lazy(r"`?\$?([A-Z][A-Z0-9_]{2,})`?")
# (a short note after the mark, "✓ (for the weather feed)", says what for)
_YES_CELL = _lazy(r"(?i)\W*(yes|y|required|true|always|✅|✓|✔|x|예|是|はい|sí|sì|si|sim|oui|ja|tak|evet|да)\W*(?:\((?![^()]*optional)[^()]{1,40}\)\W*)?")


def _env_row(cells: list[str], header: list[str] | None, required_here: bool) -> list[str]:
    """The variable a table row says is required: its "Required" column says yes, or (without that column) the
    table sits under a heading or lead-in that says the variables are required and the row does not say otherwise."""
    cell_name = next((m for m in (_ENV_CELL.fullmatch(c.replace("**", "")) for c in cells[:2]) if m), None)
    if cell_name is None or header and cells == header:
        return []
    column = next((i for i, h in enumerate(header or [])
                   if rx.search(r"(?i)\b(required|mandatory)\b|^\W*(?:필수|必須|必需|必填|必要)(?:\s*(?:여부|项|項))?\W*$", h)
                   # (the same column in other languages: "Obligatoire", "Requis", "Erforderlich", "Pflicht", an abbreviation of the first)
                   or rx.fullmatch(r"(?i)\W*(?:obligat\w*|oblig\.?|obrigat\w*|requerid[oa]s?|requis(?:es?)?|erforderlich|pflicht\w*|"
                                   r"obbligatori[oa]|wymagan[ey]|verplicht|zorunlu|обязательн\w*)\W*", h)), None)
    if column is not None:
        cell = cells[column] if column < len(cells) else ""
        return [cell_name.group(1)] if _YES_CELL.fullmatch(cell) else []
    if any(rx.fullmatch(r"(?i)\W*(required|mandatory)\W*", c) for c in cells[1:]) \
            or not header and any(_YES_CELL.fullmatch(c) and c.strip() not in ("x", "X") for c in cells[1:]):
        return [cell_name.group(1)]
    row = " ".join(cells[1:])
    if required_here and _env_required(row) is not False and not rx.search(r"(?i)\b(defaults?|e\.g\.)\b", row):
        return [cell_name.group(1)]
    return []
