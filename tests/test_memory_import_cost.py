"""What extraction costs a fresh process: compiled patterns kept across processes (statewise_cli/fast/re_cache.py),
no pattern compiled per fact, and no extraction on a memory-file write that nothing could contradict."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from swtest import hook, payload, remember, reply, store_path

from statewise_cli.fast import re_cache
from statewise_cli.memory import extract as extract_mod
from statewise_cli.store.db import Store

PATTERNS = [
    (r"(?i)\b(?P<verb>run|start)s?\s+`(?P<cmd>[^`]+)`", 0),
    (r"^\s*(?:[-*+]|\d+[.)])\s+(?P<item>.+?)\s*$", re.MULTILINE),
    (r"(?<![А-Яа-яЁё])(?:никогда|не)\s+пуш\w*|禁止[^。]{0,8}推送|ブランチ", re.IGNORECASE),
    (r"(a)(b)?(?(2)c|d)\1", 0),
    (r"\bmain\b", re.IGNORECASE | re.ASCII),
]


@pytest.fixture
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process as if it had just started: nothing compiled, the file not read yet."""
    monkeypatch.setattr(re_cache, "_compiled", {})
    monkeypatch.setattr(re_cache, "_disk", None)
    monkeypatch.setattr(re_cache, "_new", {})


def decision(data: dict | None) -> tuple[str, str]:
    """(allow | deny | ask, reason) of a Claude PreToolUse reply."""
    specific = (data or {}).get("hookSpecificOutput") or {}
    return specific.get("permissionDecision", "allow"), specific.get("permissionDecisionReason", "")


def _restart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(re_cache, "_compiled", {})
    monkeypatch.setattr(re_cache, "_disk", None)
    monkeypatch.setattr(re_cache, "_new", {})


def test_a_pattern_from_the_cache_is_the_pattern_re_compiles(fresh_cache: None, monkeypatch: pytest.MonkeyPatch) -> None:
    first = [re_cache.compile(p, f) for p, f in PATTERNS]
    re_cache.flush()
    assert os.path.isfile(re_cache.cache_path())
    _restart(monkeypatch)

    def no_compiling(*_args: object, **_kw: object) -> None:
        raise AssertionError("compiled although the cache holds the pattern")

    from re import _parser  # type: ignore[attr-defined]

    monkeypatch.setattr(_parser, "parse", no_compiling)
    again = [re_cache.compile(p, f) for p, f in PATTERNS]
    monkeypatch.undo()
    for (source, flags), a, b in zip(PATTERNS, first, again, strict=True):
        expected = re.compile(source, flags)
        assert a == expected and b == expected  # CPython compares patterns by flags and code
        assert (b.groups, b.groupindex, b.flags) == (expected.groups, expected.groupindex, expected.flags)
    assert again[0].search("then Runs `make it`").group("cmd") == "make it"
    assert again[3].fullmatch("abca") and again[3].fullmatch("ada") and not again[3].fullmatch("abda")


def test_a_cache_file_that_does_not_read_only_costs_time(fresh_cache: None) -> None:
    path = re_cache.cache_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    for junk in (b"not marshal data", b"\xe9" * 64):
        with open(path, "wb") as fh:
            fh.write(junk)
        re_cache._disk = None
        re_cache._compiled.clear()
        assert re_cache.search(r"(?i)deploy\s+(?P<env>\w+)", "Deploy prod").group("env") == "prod"


def test_an_entry_that_does_not_build_falls_back_to_re(fresh_cache: None) -> None:
    import marshal

    source = r"\b(?:lint|format)\b"
    path = re_cache.cache_path()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as fh:
        marshal.dump({(source, 0): (32, b"\x01\x02\x03\x04", 0, {}, ()), (r"x", 0): "not an entry"}, fh)
    assert re_cache.compile(source) == re.compile(source)
    assert re_cache.compile(r"x") == re.compile(r"x")


def test_the_functions_answer_as_re_does(fresh_cache: None) -> None:
    text = "- Run `pnpm test` before you push; never push to main.\n2) Lint: `ruff check .`"
    for pattern, flags in PATTERNS[:2] + [(r"\s*[;:]\s*", 0), (r"`([^`]+)`", 0)]:
        assert re_cache.search(pattern, text, flags) is not None or re.search(pattern, text, flags) is None
        assert re_cache.findall(pattern, text, flags) == re.findall(pattern, text, flags)
        assert [m.span() for m in re_cache.finditer(pattern, text, flags)] == \
            [m.span() for m in re.finditer(pattern, text, flags)]
        assert re_cache.split(pattern, text, flags=flags) == re.split(pattern, text, flags=flags)
        assert re_cache.sub(pattern, r"<\g<0>>", text, flags=flags) == re.sub(pattern, r"<\g<0>>", text, flags=flags)
        assert re_cache.subn(pattern, "", text, 1, flags) == re.subn(pattern, "", text, 1, flags)
        match = re_cache.match(pattern, text, flags)
        assert (match and match.span()) == ((re.match(pattern, text, flags) or None) and re.match(pattern, text, flags).span())


def test_extraction_keeps_no_text_of_a_memory_file_in_the_cache(fresh_cache: None) -> None:
    text = ("# Layout\n\n- `zorblat/quux_engine/` - the frobnication engine\n- Test: `make zorblat-check`\n"
            "- Never push to main.\n| Path | What |\n| --- | --- |\n| `zorblat/wibble.rs` | the wibble |\n")
    facts = extract_mod.extract(text)
    assert any("zorblat" in str(f.value) for f in facts)
    with open(re_cache.cache_path(), "rb") as fh:
        data = fh.read()
    assert b"zorblat" not in data and b"wibble" not in data and b"frobnication" not in data


def test_a_second_process_extracts_the_same_facts_from_the_cache(tmp_path: Path) -> None:
    text = ("## Commands\n\n- Test: `pnpm test`\n- Lint: `pnpm lint`\n\nWe use pnpm. Node.js >= 20.\n"
            "- Never push directly to `main`.\n- UI components live in `packages/web/src/ui/`.\n")
    (tmp_path / "CLAUDE.md").write_text(text, encoding="utf-8")
    code = ("import json, sys; from statewise_cli.memory.extract import extract; "
            "print(json.dumps([[f.key, f.value, f.line, f.scope] for f in extract(open(sys.argv[1]).read())]))")
    runs = [subprocess.run([sys.executable, "-c", code, str(tmp_path / "CLAUDE.md")], capture_output=True, text=True,
                           check=True, env=os.environ).stdout for _ in range(2)]
    assert runs[0] == runs[1] and json.loads(runs[0])
    assert os.path.isfile(re_cache.cache_path())  # written by the first run, read by the second


@pytest.mark.parametrize("seed", [3, 11])
def test_a_path_is_checked_against_its_line_without_a_pattern_of_its_own(seed: int) -> None:
    """``_listed_at`` and ``_routed`` answer as the patterns built from the path did, on any text."""
    pieces = list("\n \t-*+`12.)/:(—–xy") + ["GET ", "PATCH /", "DELETE  ", "- ", "3) ", "**", "lib/", "api", "v2"]
    rng = random.Random(seed)
    for _ in range(6000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        path = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 3)))
        listed = re.match(r"^\s*(?:[-*+]|\d+[.)])?\s*[*`]*" + re.escape(path) + r"[*`]*\s*(?:[-–—:(]|$)", line)
        routed = re.search(r"\b(?:GET|POST|PUT|PATCH|DELETE)\s+/?" + re.escape(path), line)
        assert extract_mod._listed_at(path, line) == bool(listed), (line, path)
        assert extract_mod._routed(path, line) == bool(routed), (line, path)


PROBE = """
import io, json, sys
from statewise_cli.hook import entry as hook
out, err = io.StringIO(), io.StringIO()
code = hook.main([], stdin=io.BytesIO(sys.argv[1].encode()), stdout=out, stderr=err)
print(json.dumps({"stdout": out.getvalue(), "extractor": "statewise_cli.memory.extract" in sys.modules}))
"""


def _edit(repo: Path, line: str) -> dict:
    memory = repo / "CLAUDE.md"
    if not memory.exists():
        memory.write_text("# Notes\n", encoding="utf-8")
    return payload("claude", "PreToolUse", repo, tool="Edit",
                   tool_input={"file_path": str(memory), "old_string": "# Notes\n", "new_string": f"# Notes\n{line}\n"})


def test_a_memory_file_edit_with_no_record_it_could_contradict_runs_no_extraction(git_repo: Path) -> None:
    with Store.open(str(store_path(git_repo))) as s:  # memory-file and agent records only
        s.put("command.test", "make check", source="memory-file:CLAUDE.md:3", authority="document")
    result = subprocess.run([sys.executable, "-c", PROBE, json.dumps(_edit(git_repo, "- Test: `npm test`"))],
                            cwd=git_repo, capture_output=True, text=True, check=True)
    answer = json.loads(result.stdout)
    assert not answer["extractor"]
    assert "deny" not in answer["stdout"]


def test_a_memory_file_edit_against_a_developers_record_is_still_read_and_denied(git_repo: Path) -> None:
    remember(git_repo, "command.test", "pytest -q", type="command")
    remember(git_repo, "version.node", "20", type="version")
    verdict, reason = decision(reply(hook(_edit(git_repo, "- Test: `npm test`"), git_repo)))
    assert verdict == "deny" and "command.test" in reason, reason
    assert decision(reply(hook(_edit(git_repo, "- Run the tests with `pytest -q`."), git_repo)))[0] == "allow"
    assert decision(reply(hook(_edit(git_repo, "- Lint: `ruff check .`"), git_repo)))[0] == "allow"


def test_the_fold_table_holds_every_character_re_matches_to_an_ascii_letter_ignoring_case() -> None:
    letters = re.compile(r"(?i)[a-z]")
    found = {c: chr(c).lower() if chr(c).isascii() else None for c in range(0x80, 0x110000) if letters.fullmatch(chr(c))}
    assert set(found) == set(re_cache._FOLD)
    for code, letter in re_cache._FOLD.items():
        assert re.fullmatch("(?i)" + letter, chr(code))


NEEDLE_CASES = [
    (r"\b(?:never|don'?t|do not)\b[^.\n]{0,40}?\bpush(?:ed|es)?\b", re.IGNORECASE, {"push"}),
    (r"`(?P<pm>pnpm|yarn|bun)\s+add\b", 0, {"`pnpm", "`yarn", "`bun"}),
    (r"^\s*[-*+]\s+(?P<x>.+)$", 0, None),  # no string every match holds
    (r"(?i)\b(required|mandatory)\b", 0, {"required", "mandatory"}),
    (r"a?b?c?", 0, None),
    (r"(?:feat|fix)(?:\([^)]*\))?!?:", 0, {"feat", "fix"}),
    (r"(?<![\w-])(?:make|just)\s+(?P<t>lint|check)\b", 0, {"make", "just"}),
]


@pytest.mark.parametrize(("source", "flags", "expected"), NEEDLE_CASES)
def test_needles_are_strings_every_match_holds(fresh_cache: None, source: str, flags: int, expected: set | None) -> None:
    re_cache.compile(source, flags)
    found = re_cache.needles(source, flags)
    if expected is None:
        assert found is None or all(len(n) >= 3 for n in found)
    else:
        assert found is not None and set(found) == expected


@pytest.mark.parametrize("seed", [5, 17])
def test_a_text_without_the_needles_never_hides_a_match(fresh_cache: None, seed: int) -> None:
    """On texts made of the patterns' own words, in any case and with the characters re folds: whenever re finds
    a match, the prefilter lets the text through, and every function answers as re does."""
    sources = [(s, f) for s, f, _ in NEEDLE_CASES] + [
        (r"\b(?:default|base)\s+branch\s*(?:is|:)\s*`(?P<b>[\w./-]+)`", re.IGNORECASE),
        (r"(?i)\bnpm\s+(?:run\s+)?(?P<s>test|lint)\b|\bmake\s+(?P<m>test|lint)\b", 0),
        (r"(?P<a>sk)i(?:ll)?s", re.IGNORECASE),
    ]
    words = ["push", "PUSH", "puſh", "never", "Don't", "do not", "pnpm", "add", "yarn", "required", "mandatory",
             "make", "just", "lint", "check", "default", "base", "branch", "is", ":", "`main`", "npm", "run", "test",
             "ski", "SKILLS", "ſkıls", "KILL", " ", " ", "-", "\n", ".", "`", "(", ")", "!", "feat", "fix", "İs"]
    rng = random.Random(seed)
    for _ in range(6000):
        text = "".join(rng.choice(words) for _ in range(rng.randint(0, 9)))
        for source, flags in sources:
            expected = re.search(source, text, flags)
            assert bool(re_cache.search(source, text, flags)) == bool(expected), (source, text)
            assert re_cache.findall(source, text, flags) == re.findall(source, text, flags)
            assert re_cache.sub(source, "#", text, flags=flags) == re.sub(source, "#", text, flags=flags)
            found = re_cache.needles(source, flags)
            if expected and found is not None:
                assert re_cache.may_match(found, text), (source, text)


def test_a_module_pattern_with_needles_answers_as_its_compiled_pattern() -> None:
    pattern = extract_mod._lazy(r"\b(?:never|do not)\s+(?:force[- ]?)?push\w*\s+to\s+`?(?P<b>main|master)`?", re.IGNORECASE)
    for text in ("Never push to main.", "never force-push to `master`", "Do not pushes to main", "push to main", "",
                 "NEVER PUSH TO MAIN", "neveR puſh to maın"):
        compiled = re.compile(pattern.source, pattern.flags)
        assert bool(pattern.search(text)) == bool(compiled.search(text)), text
        assert bool(pattern.match(text)) == bool(compiled.match(text)), text
        assert pattern.findall(text) == compiled.findall(text), text
        assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in compiled.finditer(text)], text
        assert bool(pattern.fullmatch(text)) == bool(compiled.fullmatch(text)), text
    assert pattern.needles == ("do not", "never")
