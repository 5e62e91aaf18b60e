"""Builtins that set variables by name are followed: `declare`/`local`/`typeset`/`export`/`readonly` with options (the
case attributes `-l`/`-u`, integer `-i`, name references `-n`), `read`/`readarray`/`mapfile` fed a here-string or a
here-document, `printf -v`, `unset`, `let`, `getopts`; bash's case modification (`${x^^}`, `${x,,}`, `${x^}`, `${x~~}`,
`${x@U}`) is computed. A value is computed exactly or forgotten (unknown: the protected answer), never left stale. Runs
of one idempotent statement are read once, and a line too long to parse still answers for the installs it names.
Every case here is invented for the class."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged, record

from statewise_cli.actions.normalize import normalize_shell
from statewise_cli.actions.shell import _case_changed


@pytest.fixture
def repo(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(git_repo)
    return git_repo


@pytest.mark.parametrize(("value", "op", "out"), [
    ("Release", "^^", "RELEASE"), ("Release", ",,", "release"), ("release", "^", "Release"), ("RELEASE", ",", "rELEASE"),
    ("ReLease", "~~", "rElEASE"), ("release", "^^[a-e]", "rElEAsE"), ("Release", "@L", "release"),
    ("release", "@u", "Release"), ("release", "^^$p", None), ("release", "@Q", None),
])
def test_case_modification_of_a_known_value(value: str, op: str, out: str | None) -> None:
    assert _case_changed(value, op) == out


def _push_targets(line: str) -> list[str]:
    return [a.target or "?" for a in normalize_shell(line, "feature") if a.operation == "git.push"]


@pytest.mark.parametrize(("line", "targets"), [
    ("b=HOTFIX-12; git push origin ${b,,}", ["hotfix-12"]),
    ("b=spike; git push origin \"${b^^}\"", ["SPIKE"]),
    ("declare -l b=Spike-3; git push origin $b", ["spike-3"]),
    ("typeset -u b; b=wip; git push origin $b", ["WIP"]),
    ("local -l b=X1 && git push origin $b", ["x1"]),
    ("readarray -t names <<< wip-9; git push origin \"${names[0]}\"", ["wip-9"]),
    ("mapfile -t bs <<'END'\nwip-a\nwip-b\nEND\ngit push origin \"${bs[1]}\"", ["wip-b"]),
    ("read -r one two <<< 'spike-1 spike-2'; git push origin $one $two", ["spike-1", "spike-2"]),
    ("printf -v b '%s-%s' wip 4; git push origin $b", ["wip-4"]),
])
def test_computed_words(line: str, targets: list[str]) -> None:
    assert _push_targets(line) == targets


@pytest.mark.parametrize("line", [
    "b=scratch; declare -g b=main; git push -f origin $b",
    "b=scratch; read b <<< main; git push -f origin $b",
    "b=scratch; readarray -t b <<< main; git push -f origin $b",
    "b=scratch; printf -v b %s main; git push -f origin $b",
    "b=scratch; export b=main other; git push -f origin $b",
    "b=scratch; declare -n r=b; r=main; git push -f origin $b",
    "b=scratch; unset b; git push -f origin ${b:-main}",
    "b=scratch; read b < names.txt; git push -f origin $b",
    "b=scratch; echo main | read b; git push -f origin $b",
    "b=scratch; n=b; declare \"$n=main\"; git push -f origin $b",
    "b=MAIN; git push -f origin ${b,,}",
    "declare -l b=MAIN; git push -f origin $b",
])
def test_a_replaced_value_is_never_kept_stale(repo: Path, line: str) -> None:
    assert any("protected-branch" in v for v in judged(line, repo, branch="feature")), line


@pytest.mark.parametrize("line", [
    "b=SPIKE-4; git push origin ${b,,}",
    "declare -u b=wip; git push origin $b",
    "readarray -t b <<< spike-5; git push origin \"$b\"",
])
def test_topic_pushes_through_builtins_go_through(repo: Path, line: str) -> None:
    assert judged(line, repo, branch="feature") == []


def test_a_long_run_of_one_noop_is_read_once(repo: Path) -> None:
    assert judged("true; " * 9000 + "git push origin spike-6", repo, branch="feature") == []
    assert any("protected-branch" in v for v in judged("x=1\n" * 12000 + "git push -f origin main", repo))


def test_a_line_too_long_to_parse_answers_for_its_installs(repo: Path) -> None:
    pnpm = [record("package_manager", "pnpm", "repository")]
    padding = "".join(f"x{i}=$(( {i} * 2 )); " for i in range(3000))
    assert any(v.startswith("package-manager") for v in judged(padding + "yarn add is-odd", repo, records=pnpm))
    assert not any(v.startswith("package-manager") for v in judged(padding + "pnpm add is-odd", repo, records=pnpm))


@pytest.mark.parametrize("line", [
    "b=scratch; source ./env.sh; git push -f origin $b",
    "b=scratch; . ./env.sh; git push -f origin $b",
])
def test_what_runs_in_this_shell_leaves_no_stale_value(line: str) -> None:
    assert _push_targets(line) == ["?"], line


def test_eval_of_text_known_whole_sets_what_it_says() -> None:
    assert _push_targets("b=scratch; eval b=main; git push -f origin $b") == ["main"]


def test_printf_v_after_the_end_of_options() -> None:
    assert _push_targets("printf -v b -- '%s' wip-2; git push origin $b") == ["wip-2"]


def test_a_line_too_long_to_parse_answers_for_the_paths_it_names(repo: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())  # the test's directories under /tmp count as outside
    padding = "".join(f"y{i}=$(( {i} + 1 )); " for i in range(3000))
    target = tmp_path / "elsewhere" / "profile"
    assert any(v.startswith("write-inside-repository") for v in judged(padding + f"printf x >> {target}", repo))
    assert judged(padding + "printf x > notes.txt", repo) == []


@pytest.mark.parametrize(("line", "targets"), [
    # computed exactly as bash does (tests/test_security_bash_expansion_spec.py compares with bash itself)
    ("b=scratch; IFS= read -r b <<< main; git push -f origin $b", ["main"]),
    ("b=scratch; let b=7; git push -f origin $b", ["7"]),
    ("declare -i b=017; git push -f origin $b", ["15"]),
    ("b=scratch; ((b = 5)); git push -f origin $b", ["5"]),
    ("b=scratch; while read b; do :; done <<< main; git push -f origin $b", ["?"]),
    ("b=scratch; { read b; } <<< main; git push -f origin $b", ["?"]),
    ("b=scratch; if read b <<< wip-5; then git push origin $b; fi", ["wip-5"]),
    ("b=scratch; command read b <<< wip-6; git push origin $b", ["wip-6"]),
])
def test_a_builtin_behind_reserved_words_and_prefixes(line: str, targets: list[str]) -> None:
    assert _push_targets(line) == targets


@pytest.mark.parametrize(("value", "spec", "out"), [
    ("zzwip", "zz/", "wip"), ("wip-1", "/-/_", "wip_1"), ("spike", "#s*/x", "x"), ("spike", "%k*/K", "spiK"),
    ("spike", "p?/Q", "sQke"), ("spike", "[s]/x", None), ("spike", "s/&&", None), ("spike", "$p/x", None),
])
def test_pattern_substitution_of_a_known_value(value: str, spec: str, out: str | None) -> None:
    from statewise_cli.actions.shell import _replaced

    assert _replaced(value, spec) == out


@pytest.mark.parametrize(("line", "targets"), [
    ("b=zzspike; git push origin ${b/zz/}", ["spike"]),
    ("b=spike; r=b; git push origin ${!r}", ["spike"]),
    ("b=x; git push origin ${b:+wip-8}", ["wip-8"]),
    ("b=; git push origin wip${b:+-x}", ["wip"]),
    ("b=scratch; git push -f origin ${b/scratch/main}", ["main"]),
    ("git push -f origin ${b:+main}", ["?"]),
    ("r=b; git push -f origin ${!r}", ["?"]),
])
def test_other_expansions_of_known_values(line: str, targets: list[str]) -> None:
    assert _push_targets(line) == targets
