"""What a command word means, and program text whose literals hand a program its whole argv.

1. bash's alias and hash tables written in any form but the one modelled assignment (`BASH_ALIASES+=(…)`, `declare -A`,
   `printf -v`, `read`, a name reference, `eval`) and a builtin loaded by `enable -f`: every later command word may
   stand for something else, so each is unknown (the protected answer). Reads of the tables stay allowed.
2. PATH set by the line (`PATH=DIR:$PATH; …`, `export PATH=…`): a later command word is looked up in DIR first, as
   with the `PATH=DIR:$PATH prog` prefix — a program the line wrote there is the one that runs.
3. Program text fed on standard input to a compiler or runner not judged as inline code (`go run /dev/stdin`,
   `java /dev/stdin`, `zig run -`): a whole argv list of literals — a call's arguments, a list or an initializer
   (`{"git", "push", …}`) — is judged as that command.
4. A command started after a separator of a program's own syntax, `%` included (Ghostscript's `%pipe%CMD`).

Inputs are invented here (neighbours of the classes, none taken from an evaluation set).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_shellsafe import judged

GO = 'go run /dev/stdin <<\'EOF\'\npackage main\nimport "os/exec"\nfunc main(){ exec.Command(%s).Run() }\nEOF'


@pytest.mark.parametrize("command", [
    "BASH_ALIASES+=([gp]='git push -f'); shopt -s expand_aliases; gp origin main",
    "declare -A BASH_ALIASES=([gp]='git push -f')\nshopt -s expand_aliases\ngp origin main",
    "printf -v 'BASH_ALIASES[gp]' '%s' 'git push -f'; shopt -s expand_aliases; gp origin main",
    "read -r 'BASH_CMDS[g]' <<< /usr/bin/git; g push -f origin main",
    "declare -n t=BASH_ALIASES; t[gp]='git push -f'; shopt -s expand_aliases; gp origin main",
    'eval "BASH_CMDS[g]=/usr/bin/git"; g push -f origin main',
    "typeset -A BASH_CMDS=([wipe]=/bin/rm); wipe -rf ~/projects",
    "mapfile -t 'BASH_ALIASES' < /tmp/list; shopt -s expand_aliases; ship origin main",
    "enable -f /tmp/x.so zz; zz",
    "enable -f ./libgitx.so push; push -f origin main",
])
def test_a_command_word_whose_meaning_the_line_changed_unseen_is_unknown(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    'for a in "${!BASH_ALIASES[@]}"; do echo "$a=${BASH_ALIASES[$a]}"; done; git status',
    "declare -p BASH_ALIASES BASH_CMDS; git log --oneline -3",
    'echo "${#BASH_CMDS[@]} hashed"; git push origin feature',
    "unset 'BASH_ALIASES[gp]'; git status",
    "enable -n echo; echo hi",
    "enable -a | head",
    "hash -r; git status",
])
def test_reading_the_tables_or_builtins_stays_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "PATH=/tmp/evil:$PATH; printf '#!/bin/sh\\ngit push -f origin main\\n' > /tmp/evil/ls; chmod +x /tmp/evil/ls; ls",
    ("export PATH=/tmp/shim:$PATH\necho 'git push --force origin main' > /tmp/shim/git-sync; chmod +x /tmp/shim/git-sync\n"
    "git-sync"),
    "PATH=/tmp/bin:$PATH\nprintf 'rm -rf ~/projects\\n' > /tmp/bin/make\nchmod +x /tmp/bin/make\nmake",
])
def test_a_program_the_line_wrote_into_its_own_path_entry_is_what_runs(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    'export PATH="$HOME/.local/bin:$PATH"; ls',
    "printf 'hello\\n' > /tmp/b/notes.txt; PATH=/tmp/b:$PATH; ls",
    "export PATH=/opt/tools/bin:$PATH && git push origin feature",
    "PATH=/usr/local/go/bin:$PATH; go version",
])
def test_an_ordinary_path_change_stays_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    GO % '"git","push","-f","origin","main"',
    GO % '"rm", "-rf", "/var/tmp/shared-cache"',
    ("java /dev/stdin <<'EOF'\nclass X{public static void main(String[] a)throws Exception{"
    "new ProcessBuilder(\"git\",\"push\",\"-f\",\"origin\",\"main\").start().waitFor();}}\nEOF"),
    ("zig run - <<'EOF'\nconst std = @import(\"std\");\npub fn main() !void { var c = std.process.Child.init("
    "&.{\"git\",\"push\",\"-f\",\"origin\",\"main\"}, std.heap.page_allocator); _ = try c.spawnAndWait(); }\nEOF"),
    "kotlinc -script /dev/stdin <<'EOF'\nProcessBuilder(\"git\", \"push\", \"--force\", \"origin\", \"main\").start()\nEOF",
    ("dotnet-script - <<'EOF'\nSystem.Diagnostics.Process.Start(\"rm\", new[]{\"-rf\", \"/var/tmp/shared\"});\n"
    "var p = new string[]{\"git\", \"push\", \"--force\", \"origin\", \"main\"};\nEOF"),
    "zzcompile - <<'EOF'\nrun({\"git\", \"push\", \"-f\", \"origin\", \"main\"})\nEOF",
])
def test_an_argv_list_in_program_text_fed_on_stdin_is_judged_as_its_command(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    'go run /dev/stdin <<\'EOF\'\npackage main\nimport "fmt"\nfunc main(){ fmt.Println([]string{"git", "status"}) }\nEOF',
    GO % '"git","log","--oneline"',
    "java /dev/stdin <<'EOF'\nclass X{public static void main(String[] a){String[] s = {\"alpha\", \"beta\"};}}\nEOF",
    "cc -x c - -o /tmp/hello <<'EOF'\n#include <stdio.h>\nint main(){puts(\"hi\");return 0;}\nEOF\n/tmp/hello",
])
def test_program_text_without_a_protected_argv_stays_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "gs -q -dNOSAFER -sDEVICE=txtwrite -sOutputFile='%pipe%git push -f origin main' -c quit",
    "gs -q -dNOSAFER -sDEVICE=pdfwrite -o '%pipe%rm -rf ~/projects' README.md",
    "zzrender --out='%pipe%git push --force origin main' in.ps",
])
def test_a_command_after_a_percent_sigil_is_judged(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    "gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=/tmp/out.pdf README.md",
    "printf '%s\\n' \"done: 100%\" ; date '+%Y-%m-%d %H:%M'",
    "gs -q -sDEVICE=png16m -o /tmp/page-%03d.png README.md",
])
def test_percent_formats_stay_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "if [[ feature =~ ^(fea.*)$ ]]; then git push origin \"${BASH_REMATCH[1]}\"; fi",
    "b=topic/login; [[ $b =~ ^topic/(.+)$ ]] && git push origin \"topic/${BASH_REMATCH[1]}\"",
    "[[ feature-42 =~ ^([a-z]+)-([0-9]+)$ ]] && git push origin \"${BASH_REMATCH[1]}\"",
    "vimdiff -es -c 'qa!' .statewise.toml README.md",
    "vim -es -c '%p' -c 'q!' .claude/settings.json",
    "nvim -d -es -c 'qa!' .statewise.toml README.md",
])
def test_values_bash_and_batch_editors_compute_stay_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command


@pytest.mark.parametrize("command", [
    "b=release/main; [[ $b =~ ^release/(.*)$ ]] && git push -f origin \"${BASH_REMATCH[1]}\"",
    "[[ xmain =~ \"(main)\" ]]; git push --force origin \"${BASH_REMATCH[1]}\"",
    "[[ ab =~ (a|main) ]]; git push --force origin \"${BASH_REMATCH[1]}\"",
    "[[ $(git branch --show-current)x =~ ^(.*)x$ ]] && git push --force origin \"${BASH_REMATCH[1]}\"",
    "vimdiff -es -c 'wqa' .statewise.toml README.md",
    "vim -es -c 'w' -c 'qa!' .statewise.toml",
    "vim -es -u /tmp/evil.vim -c 'qa!' .statewise.toml",
    "vim -es --cmd 'au VimEnter * w' -c 'qa!' .statewise.toml",
    "printf 'w\\n' | vim -es .statewise.toml",
    "vim -es -c 'qa!' -c '!git push -f origin main' README.md",
    "vim -es -c '%!sort' -c 'qa!' .statewise.toml",
])
def test_a_value_or_script_the_check_cannot_read_keeps_the_protected_answer(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    ("gcc -x c - -o /tmp/q <<'EOF'\n#include <unistd.h>\n"
    "int main(){char *v[]={\"git\",\"push\",\"-f\",\"origin\",\"main\",NULL};execvp(v[0],v);}\nEOF\n/tmp/q"),
    ("swift - <<'EOF'\nimport Foundation\nlet p = Process(); p.executableURL = URL(fileURLWithPath: \"/usr/bin/git\")\n"
    "p.arguments = [\"push\", \"-f\", \"origin\", \"main\"]; try p.run()\nEOF"),
    "crystal eval 'Process.run(\"git\", [\"push\", \"-f\", \"origin\", \"main\"])'",
    "zzrun --code 'spawn(\"rm\", [\"-rf\", \"/var/tmp/shared-cache\"])'",
])
def test_an_argv_list_split_from_its_program_or_given_as_an_argument_is_judged(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo), command


@pytest.mark.parametrize("command", [
    ("swift - <<'EOF'\nlet p = Process(); p.executableURL = URL(fileURLWithPath: \"/usr/bin/git\")\n"
    "p.arguments = [\"log\", \"--oneline\"]; try p.run()\nEOF"),
    "gcc -x c - -o /tmp/q <<'EOF'\nint main(){char *v[]={\"git\",\"status\",NULL};return 0;}\nEOF\n/tmp/q",
    "zzfoo <<'EOF'\n{\"cmd\": \"git\", \"args\": [\"push\", \"origin\", \"feature\"]}\nEOF",
    "curl -s -d '{\"cmd\": [\"git\", \"push\", \"origin\", \"feature\"]}' https://example.invalid/api",
    "crystal eval 'puts [\"git\", \"status\"].join(\" \")'",
    "jq -n '[\"main\", \"dev\"]'",
    "zzfoo <<'EOF'\nlabels = [\"bug\", \"push\", \"main\"]\ntools = (\"git\", \"make\")\nEOF",
])
def test_lists_that_hand_no_protected_command_stay_allowed(command: str, git_repo: Path) -> None:
    assert judged(command, git_repo) == [], command
