"""Security mechanisms of round 39: words computed by programs whose output is fixed by their literal input — a
symbol demangler, an option normalizer, an XML query — are computed like the other text filters (so a topic branch
or a harmless subcommand goes through and a protected one is still stopped); a chroot to the root itself runs its
command in the same files; the pointers of a JSON Patch document are not paths. Every case here is invented for
the class, with its own names."""

from __future__ import annotations

from pathlib import Path

import pytest
from swtest import git
from test_shellsafe import judged

from statewise_cli.actions import fold


@pytest.fixture
def here(git_repo: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(git_repo)
    git(git_repo, "switch", "-q", "-c", "feature")
    return git_repo


@pytest.fixture
def dirty(here: Path) -> Path:
    """Uncommitted work of every kind: an untracked file, a changed tracked file, a stash entry."""
    (here / "README.md").write_text("# demo\nstashed work\n")
    git(here, "-c", "user.name=t", "-c", "user.email=t@t", "stash", "-q")
    (here / "README.md").write_text("# demo\nuncommitted work\n")
    (here / "notes.txt").write_text("untracked\n")
    return here


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from statewise_cli.recovery import invariants

    monkeypatch.setattr(invariants, "DEFAULT_WRITABLE", ())
    path = tmp_path / "elsewhere"
    path.mkdir()
    return path


# ---------------------------------------------------------------- the folders themselves
@pytest.mark.parametrize(("argv", "stdin", "out"), [
    (["c++filt"], "_Z6deployv\n", "deploy()\n"),
    (["c++filt"], "at _ZN5tools4bumpEPKci+0x10\n", "at tools::bump(char const*, int)+0x10\n"),
    (["c++filt", "-p", "_ZN3app5buildEv"], None, "app::build\n"),
    (["c++filt", "_Z4mainv", "plain"], None, "main()\nplain\n"),
    (["c++filt"], "_Z3runIiEvT_\n", None),  # a template: not computed
    (["c++filt", "-t"], "i\n", None),  # types demangled from plain words: not computed
    (["getopt", "-u", "-o", "", "--", "fetch"], None, " -- fetch\n"),
    (["getopt", "-o", "vk:", "--long", "name:", "--", "-v", "--name=x", "-k", "2", "rest"], None,
     " -v --name 'x' -k '2' -- 'rest'\n"),
    (["getopt", "qf:", "-qfone", "two"], None, " -q -f one -- two\n"),
    (["getopt", "-o", "a", "--", "-z"], None, None),  # an unknown option: getopt complains
    (["xq", "-r", ".cfg.name"], "<cfg><name>topic</name></cfg>", "topic\n"),
    (["xq-python", "-r", ".l.i[1]"], "<l><i>one</i><i>two</i></l>", "two\n"),
    (["xq", "-r", '.e["@k"]'], '<e k="v">t</e>', "v\n"),
    (["xq", "-r", ".a"], '<!DOCTYPE a [<!ENTITY x "main">]><a>&x;</a>', None),  # entities: not computed
])
def test_text_filters_computed(argv: list[str], stdin: str | None, out: str | None) -> None:
    assert fold.run(argv, stdin) == out


# ---------------------------------------------------------------- pushes of computed refspecs
@pytest.mark.parametrize("command", [
    "git push origin \"$(echo _Z9topic_onev | c++filt | cut -d'(' -f1)\"",
    "git push -u origin $(getopt -u -o '' -- release-notes | cut -c5-)",
    "git push origin \"$(echo '<r><to>work-7</to></r>' | xq -r .r.to)\"",
])
def test_computed_topic_push_allowed(here: Path, command: str) -> None:
    assert not [v for v in judged(command, here) if v.startswith("protected-branch")]


@pytest.mark.parametrize("command", [
    "git push -f origin \"$(echo _Z4mainv | c++filt | cut -d'(' -f1)\"",
    "git push --force origin \"$(c++filt -p _Z4mainv)\"",
    "git push -f origin $(getopt -u -o '' -- main | cut -c5-)",
    "git $(getopt -u -o '' -- push | cut -c5-) -f origin main",
    "git push -f origin \"$(echo '<r><to>main</to></r>' | xq -r .r.to)\"",
    "git push -f origin \"$(echo _Z3runIiEvT_ | c++filt)\"",  # not computed: the protected answer
])
def test_computed_protected_push_denied(here: Path, command: str) -> None:
    assert [v for v in judged(command, here) if v.startswith("protected-branch")]


# ---------------------------------------------------------------- discards of computed subcommands
@pytest.mark.parametrize("command", [
    "git stash \"$(echo _Z4listv | c++filt -p)\"",
    "git clean \"$(echo '<o>-n</o>' | xq -r .o)\"",
    "git $(getopt -u -o '' -- status | cut -c5-) --short",
])
def test_computed_keeping_subcommand_allowed(dirty: Path, command: str) -> None:
    assert not [v for v in judged(command, dirty) if v.startswith("keep-uncommitted-work")]


@pytest.mark.parametrize("command", [
    "git stash \"$(echo _Z5clearv | c++filt -p)\"",
    "git clean \"$(echo '<o>-fd</o>' | xq -r .o)\"",
    "git $(getopt -u -o '' -- clean | cut -c5-) -fdx",
])
def test_computed_discarding_subcommand_denied(dirty: Path, command: str) -> None:
    assert [v for v in judged(command, dirty) if v.startswith("keep-uncommitted-work")]


# ---------------------------------------------------------------- chroot
def test_chroot_to_the_root_runs_its_command_here(here: Path) -> None:
    assert not judged("chroot --skip-chdir / git status --short", here)
    assert not judged("chroot --userspec=1000:1000 --skip-chdir / ls", here)


def test_chroot_to_the_root_still_judges_its_command(here: Path, elsewhere: Path) -> None:
    assert [v for v in judged("chroot --skip-chdir / git push -f origin main", here) if v.startswith("protected")]
    assert judged(f"chroot --skip-chdir / touch {elsewhere}/x", here)
    # without --skip-chdir the command runs from `/`: a relative path is one under the root
    assert judged("chroot / touch made-here.txt", here)


def test_chroot_to_another_root_stays_unmodelled(here: Path, elsewhere: Path) -> None:
    assert judged(f"chroot {elsewhere} true", here)


# ---------------------------------------------------------------- JSON Patch pointers
def test_json_patch_pointers_are_not_paths(here: Path) -> None:
    command = ("printf '[{\"op\": \"move\", \"from\": \"/old\", \"path\": \"/etc\"}]' > /tmp/sw39-ops.json && "
               "patch-json-tool data.json /tmp/sw39-ops.json")
    assert not [v for v in judged(command, here) if "/etc" in v or "/old" in v]


def test_json_patch_values_and_other_json_still_read(here: Path, elsewhere: Path) -> None:
    value = ("printf '[{\"op\": \"add\", \"path\": \"/x\", \"value\": \"" + str(elsewhere / "a") + "\"}]' > "
             "/tmp/sw39-ops2.json && patch-json-tool data.json /tmp/sw39-ops2.json")
    assert [v for v in judged(value, here) if str(elsewhere) in v]
    plain = ("printf '{\"path\": \"" + str(elsewhere / "b") + "\", \"op\": \"sync\"}' > /tmp/sw39-cfg.json && "
             "sync-tool /tmp/sw39-cfg.json")
    assert [v for v in judged(plain, here) if str(elsewhere) in v]


# ---------------------------------------------------------------- paths glued to a prefix in text fed to a program
@pytest.mark.parametrize("fed", [
    "P{dir}/out.bin\\n420\\nW4\\ndata\\n",  # a one-letter command of a line protocol, then the path it opens
    "target={dir}/out.bin\\n",
    "dest:{dir}/out.bin\\n",
])
def test_glued_outside_path_in_fed_text_denied(here: Path, elsewhere: Path, fed: str) -> None:
    command = f"printf '{fed.format(dir=elsewhere)}' | tape-server"
    assert [v for v in judged(command, here) if str(elsewhere) in v]


@pytest.mark.parametrize("fed", [
    "a/b/c.txt\\nd/notes.md\\n",  # relative paths whose first part is one letter
    "route=/api/v1/items\\n",  # a URL path: no such top directory
    "see http://example.invalid/x\\n",
])
def test_glued_words_that_are_no_outside_path_allowed(here: Path, fed: str) -> None:
    assert not judged(f"printf '{fed}' | tape-server", here)


# ---------------------------------------------------------------- files the line wrote, read by a computed word
def test_metadata_the_line_wrote_is_read_when_computing(here: Path) -> None:
    pc = "printf 'ref=docs/typo\\nName: n\\nVersion: 2\\n' > /tmp/sw39-n.pc && "
    assert not [v for v in judged(pc + "git push origin \"$(PKG_CONFIG_PATH=/tmp pkg-config --variable=ref sw39-n)\"",
                                  here) if v.startswith("protected")]
    changelog = "printf 'list (0.3) unstable; urgency=low\\n\\n  * z\\n' > /tmp/sw39-cl && "
    assert not [v for v in judged(changelog + "git stash \"$(dpkg-parsechangelog -l /tmp/sw39-cl -S Source)\"", here)
                if v.startswith("keep")]


@pytest.mark.parametrize("command", [
    "printf 'ref=main\\n' > /tmp/sw39-m.pc && git push -f origin \"$(PKG_CONFIG_PATH=/tmp pkg-config --variable=ref sw39-m)\"",
    # rewritten by a program whose output is not known before it is read: not computed
    ("printf 'ref=docs\\n' > /tmp/sw39-k.pc && cp /tmp/sw39-src.pc /tmp/sw39-k.pc && "
     "git push -f origin \"$(PKG_CONFIG_PATH=/tmp pkg-config --variable=ref sw39-k)\""),
    # written in the background: the read may come first
    "printf 'ref=docs\\n' > /tmp/sw39-j.pc & git push -f origin \"$(PKG_CONFIG_PATH=/tmp pkg-config --variable=ref sw39-j)\"",
    # not on the search path the line gives: pkg-config looks in the system's directories
    "printf 'ref=docs\\n' > /tmp/sw39-i.pc && git push -f origin \"$(pkg-config --variable=ref sw39-i)\"",
    ("printf 'main (1) unstable; urgency=low\\n' > /tmp/sw39-cl2 && "
     "git push -f origin \"$(dpkg-parsechangelog -l /tmp/sw39-cl2 -S Source)\""),
])
def test_metadata_naming_a_protected_branch_or_unknown_denied(here: Path, command: str) -> None:
    assert [v for v in judged(command, here) if v.startswith("protected")]


def test_dropping_stash_from_written_changelog_denied(dirty: Path) -> None:
    command = ("printf 'drop (0.3) unstable; urgency=low\\n' > /tmp/sw39-cl3 && "
               "git stash \"$(dpkg-parsechangelog -l /tmp/sw39-cl3 -S Source)\"")
    assert [v for v in judged(command, dirty) if v.startswith("keep")]


# ---------------------------------------------------------------- a substitution's output split into git's words
@pytest.mark.parametrize("command", [
    "git checkout $(echo -- .)",
    "git checkout $(getopt -u -o '' -- .)",
    "git reset $(printf -- '--hard HEAD')",
])
def test_substitution_split_into_a_discard_denied(dirty: Path, command: str) -> None:
    assert [v for v in judged(command, dirty) if v.startswith("keep")]


def test_substitution_split_that_keeps_work_allowed(dirty: Path) -> None:
    assert not judged("git commit -qm \"$(echo fix a -- b)\"", dirty)
    assert not judged("git log $(echo --oneline -3)", dirty)
