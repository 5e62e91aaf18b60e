"""Bash's own expansions and builtins, item by item from the bash manual (EXPANSION, ARITHMETIC EVALUATION, SHELL
BUILTIN COMMANDS), against the command-line evaluator.

Each row: the manual's item, a setup line, a probe word, and whether the evaluator computes it. A computed row must
give exactly what real bash prints for the same line (the test runs bash); a row the evaluator does not compute must
stay unknown (it keeps its ``$``: the checks give it the protected answer). Probes are wrapped in ``<…>`` so that an
empty value is still one word.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess

import pytest

from statewise_cli.actions.shell import split_commands, unknown

BASH = shutil.which("bash")

# (manual item, setup, probe, computed)
TABLE: list[tuple[str, str, str, bool]] = [
    # Brace expansion
    ("brace list", "x=1", "a{b,c}d", True),
    ("brace empty member", "x=1", "m{ain,}", True),
    ("brace sequence of integers", "x=1", "{1..3}", True),
    ("brace sequence with an increment", "x=1", "{1..10..3}", True),
    ("brace sequence zero-padded", "x=1", "{05..1..2}", True),
    ("brace sequence of letters", "x=1", "{a..e..2}", True),
    ("brace sequence inside a word", "x=1", "HEAD:ma{i..i}n", True),
    ("brace sequence and list", "x=1", "a{1..2}{,x}", True),
    ("brace sequence not one: literal", "x=1", "{1..a}", True),
    ("brace sequence longer than the check reads: not computed", "x=1", "{1..100}", False),
    ("brace sequence through a backslash: not computed", "x=1", "{Z..b}", False),
    # Tilde expansion
    ("tilde", "x=1", "~/f", True),
    # Parameter expansion: plain, default, assign, alternative, error
    ("${p}", "p=main", "${p}", True),
    ("$p", "p=main", "$p", True),
    ("${p:-w} set", "p=main", "${p:-dev}", True),
    ("${p:-w} empty", "p=", "${p:-dev}", True),
    ("${p-w} empty", "p=", "${p-dev}", True),
    ("${p:=w} empty", "p=", "${p:=dev}", True),
    ("${p=w} set", "p=main", "${p=dev}", True),
    ("${p:+w} set", "p=main", "${p:+alt}", True),
    ("${p:+w} empty", "p=", "${p:+alt}", True),
    ("${p+w} empty", "p=", "${p+alt}", True),
    ("${p:?w} not computed", "p=main", "${p:?gone}", False),
    # substring
    ("${p:o}", "p=feature/main", "${p:8}", True),
    ("${p:o:l}", "p=feature/main", "${p:0:7}", True),
    ("${p: -o}", "p=feature/main", "${p: -4}", True),
    ("${p:o:-l}", "p=feature/main", "${p:1:-5}", True),
    # indirection and length
    ("${!p}", "b=main; p=b", "${!p}", True),
    ("${#p}", "p=main", "${#p}", True),
    ("${!prefix*} not computed", "b1=x", "${!b*}", False),
    # pattern removal
    ("${p#pat}", "p=a/b/c", "${p#*/}", True),
    ("${p##pat}", "p=a/b/c", "${p##*/}", True),
    ("${p%pat}", "p=a/b/c", "${p%/*}", True),
    ("${p%%pat}", "p=a/b/c", "${p%%/*}", True),
    # pattern substitution
    ("${p/pat/s}", "p=mAin", "${p/A/a}", True),
    ("${p//pat/s}", "p=m-a-in", "${p//-/}", True),
    ("${p/#pat/s}", "p=xmain", "${p/#x/}", True),
    ("${p/%pat/s}", "p=mainx", "${p/%x/}", True),
    # case modification
    ("${p^}", "p=main", "${p^}", True),
    ("${p^^}", "p=main", "${p^^}", True),
    ("${p,}", "p=MAIN", "${p,}", True),
    ("${p,,}", "p=MAIN", "${p,,}", True),
    ("${p~~}", "p=MaIn", "${p~~}", True),
    ("${p@U}", "p=main", "${p@U}", True),
    ("${p@u}", "p=main", "${p@u}", True),
    ("${p@L}", "p=MAIN", "${p@L}", True),
    ("${p@Q}", "p=main", "${p@Q}", True),
    ("${p@A}", "p=main", "${p@A}", True),
    ("${p@a} not computed", "p=main", "${p@a}", False),
    # arrays
    ("indexed array element", "a=(dev main)", "${a[1]}", True),
    ("array first as $a", "a=(dev main)", "$a", True),
    ("array arithmetic subscript", "a=(x y z); i=1", "${a[i+1]}${a[$i]}", True),
    ("array literal with [n]=", "a=([2]=x y)", "${a[3]}${a[2]}", True),
    ("array element assignment", "a=(x y); a[1]=main", "${a[1]}", True),
    ("array element +=", "a=(x y); a[1]+=z", "${a[1]}", True),
    ("array element of unknown value not computed", "a=(x y); a[1]=$RANDOM", "${a[1]}", False),
    ("associative array literal", "declare -A m=([k]=main [j]=dev)", "${m[k]}/${m[j]}", True),
    ("associative array key from a variable", "k=z; declare -A m=([$k]=v)", "${m[z]}${m[$k]}", True),
    ("associative array element assignment", "declare -A m; m[key]=main", "${m[key]}", True),
    ("associative array missing key not computed", "declare -A m=([k]=main)", "${m[q]}", False),
    ("${a[@]} of an associative array not computed", "declare -A m=([k]=main)", "${m[@]}", False),
    # assignments that may not run, or run any number of times: the old value or the new one
    ("assignment after && not computed", "b=main; false && b=feature", "$b", False),
    ("assignment after || not computed", "b=main; true || b=feature", "$b", False),
    ("assignment in a loop body not computed", "b=feature; for i in 1; do b=main; done", "$b", False),
    ("assignment in a branch body not computed", "b=feature; if true; then b=main; fi", "$b", False),
    ("+= in a loop not computed", "c=a; for i in 1 2; do c+=b; done", "$c", False),
    ("let in a loop not computed", "n=0; for i in 1 2 3; do let n++; done", "$n", False),
    ("assignment in a group runs once", "{ b=main; }", "$b", True),
    ("read after && not computed", "b=main; false && read -r b <<< feature", "$b", False),
    ("printf -v after && not computed", "b=main; false && printf -v b feature", "$b", False),
    ("assignment after ! runs", "b=x; ! b=main", "$b", True),
    ("assignment as an if condition runs", "if b=main; then :; fi", "$b", True),
    ("command NAME=value runs a program, assigns nothing", "b=main; command b=feature 2>/dev/null", "$b", True),
    # special parameters
    ("$_ last argument", "echo one two >/dev/null", "$_", True),
    ("$_ after && (the command may not run): not computed", "cat x y >/dev/null && :", "$_", False),
    ("$_ after true && (the command runs)", "true x y && :", "$_", True),
    ("$_ of an option-taking command", "cd . ; test -d x", "$_", True),
    ("$_ of an expansion", ": ${y:=3}", "$_", True),
    ("$_ after [[ ]] not computed", "echo a >/dev/null; [[ -n x ]]", "$_", False),
    ("$_ after an assignment not computed", "echo a >/dev/null; x=1", "$_", False),
    ("$_ after a pipeline not computed", "echo one | cat >/dev/null", "$_", False),
    ("$_ after a loop not computed", "for i in 1 2; do echo q >/dev/null; done", "$_", False),
    ("$@ after set --", "set -- origin main", "$@", True),
    ("$* after set --", "set -- origin main", "$*", True),
    ("$# after set --", "set -- a b c", "$#", True),
    ("${#} after set --", "set -- a b c", "${#}", True),
    ("$2 after set --", "set -- a b c", "$2", True),
    ("${1} after set --", "set -- a b c", "${1}", True),
    ("${@:2}", "set -- a b c", "${@:2}", True),
    ("${@:1:2}", "set -- a b c", "${@:1:2}", True),
    ("${@: -1}", "set -- a b c", "${@: -1}", True),
    ("${*:2:1}", "set -- a b c", "${*:2:1}", True),
    ("${@:0} holds $0: not computed", "set -- a b c", "${@:0}", False),
    ("shift", "set -- a b c; shift", "$1", True),
    ("shift N", "set -- a b c; shift 2", "$@", True),
    ("set -- in a branch: not computed", "if true; then set -- a b; fi", "$1", False),
    ("$? not computed", "true", "$?", False),
    ("$$ not computed", "x=1", "$$", False),
    ("$! not computed", "x=1", "$!", False),
    ("$- not computed", "x=1", "$-", False),
    ("$0 not computed", "x=1", "$0", False),
    # arithmetic expansion
    ("$(( + ))", "x=1", "$((2+3))", True),
    ("$(( variable ))", "n=4", "$((n*2))", True),
    ("$(( $variable ))", "n=4", "$(($n-1))", True),
    ("$(( expression value ))", "n=2+3", "$((n*2))", True),
    ("$(( / truncates ))", "x=1", "$((-7/2))", True),
    ("$(( % sign ))", "x=1", "$((-7%3))", True),
    ("$(( ** ))", "x=1", "$((3**4))", True),
    ("$(( wraps at 64 bits ))", "x=1", "$((2**63))", True),
    ("$(( << >> ))", "x=1", "$((1<<10>>2))", True),
    ("$(( & | ^ ~ ))", "x=1", "$(((6&3)|(8^1)+~0))", True),
    ("$(( comparisons ))", "x=1", "$((3<4))$((3>=4))$((2==2))$((2!=2))", True),
    ("$(( && || ! ))", "x=1", "$((1&&0||!0))", True),
    ("$(( ?: ))", "x=1", "$((5>3?10:20))", True),
    ("$(( , ))", "x=1", "$((1,2,3))", True),
    ("$(( hex ))", "x=1", "$((0x1F))", True),
    ("$(( octal ))", "x=1", "$((017))", True),
    ("$(( base# ))", "x=1", "$((2#1011))$((36#z))$((64#_))", True),
    ("$(( empty ))", "x=1", "$(( ))", True),
    ("$(( unary ))", "x=1", "$((-(-3)))$((+4))", True),
    ("$(( division by 0 )) not computed", "x=1", "$((1/0))", False),
    ("$(( unknown name )) not computed", "x=1", "$((nosuch_name_xyz+1))", False),
    ("$(( n++ )) value", "i=5", "$((i++))", True),
    ("$(( short-circuit ))", "i=5", "$((0&&(i=9)))", True),
    # let, declare -i, (( )) assignments
    ("let", "let y=2*3 z=y+1", "$z", True),
    ("let ++", "i=1; let i++", "$i", True),
    ("let +=", "i=4; let 'i+=3'", "$i", True),
    ("(( = ))", "(( n = 2 * 3 ))", "$n", True),
    ("(( ++ ))", "n=4; ((n++))", "$n", True),
    ("(( ?: ))", "x=3; (( y = x > 2 ? 10 : 20 ))", "$y", True),
    ("(( )) in a loop not computed", "i=0; while ((i<3)); do ((i++)); done", "$i", False),
    ("$(( << )) is not a here-document", "x=1", "$((1<<3))", True),
    ("declare -i", "declare -i n=2+3", "$n", True),
    ("declare -i +=", "declare -i n=2; n+=5", "$n", True),
    ("declare -l", "declare -l b=MAIN", "$b", True),
    ("declare -u", "declare -u b=main", "$b", True),
    ("declare -n not computed", "b=main; declare -n r=b", "$r", False),
    ("export", "export B=main", "$B", True),
    ("typeset -u", "typeset -u q=ab", "$q", True),
    ("declare -x", "declare -x q=ab", "$q", True),
    ("readonly", "readonly q=ab", "$q", True),
    ("unset -v then ${x-w}", "x=1; unset -v x", "${x-unset}", True),
    ("set -- \"$@\" more", "set -- a b; set -- \"$@\" c", "$3$#", True),
    ("${#a[@]} not computed", "a=(x y z)", "${#a[@]}", False),
    ("$RANDOM, $LINENO, $SECONDS, $PPID not computed", "x=1", "$RANDOM$LINENO$SECONDS$PPID", False),
    ("~+ in a substitution not computed", "x=1", "$(echo ~+)", False),
    ("~- in a substitution not computed", "cd /", "$(echo ~-)", False),
    ("ANSI-C quoting $'…'", "x=1", "$'a\\tb'", True),
    ("unset not computed", "b=main; unset b", "$b", False),
    ("printf -v", "printf -v b '%s-%s' x y", "$b", True),
    ("getopts not computed", "OPTIND=1; getopts ab: o -a", "$o", False),
    # read
    ("read", "read -r a b <<< 'one two three'", "$b", True),
    ("read one name keeps the line", "read -r a <<< '  one  two  '", "$a", True),
    ("read IFS=: prefix", "IFS=: read -r a b <<< 'x:y:z'", "$a/$b", True),
    ("read IFS=: trailing delimiter", "IFS=: read -r a b <<< 'x:y:'", "$a/$b", True),
    ("read IFS=': ' mixed", "IFS=': ' read -r a b <<< ' x :  y  :'", "$a/$b", True),
    ("read IFS= whole line", "IFS= read -r a <<< '  x y  '", "$a", True),
    ("read -d", "read -r -d / a <<< 'main/rest'", "$a", True),
    ("read -d ''", "read -r -d '' a <<< 'main'", "$a", True),
    ("read -n", "read -r -n 2 a <<< 'main'", "$a", True),
    ("read -a", "read -r -a arr <<< 'x y z'", "${arr[2]}", True),
    ("read -a IFS=,", "IFS=, read -r -a arr <<< 'x,,z'", "${arr[2]}", True),
    ("read here-document", "read -r a <<'E'\nmain\nE\n:", "$a", True),
    ("read pipe: a subshell, not computed", "echo main | read -r a", "$a", False),
    ("read pipe with lastpipe", "shopt -s lastpipe; echo main | read -r a", "$a", True),
    ("read backslash without -r not computed", "read a <<< 'a\\b'", "$a", False),
    ("readarray -t", "readarray -t l <<'E'\nx\ny\nE\n:", "${l[1]}", True),
    ("mapfile -t", "mapfile -t l <<'E'\nx\ny\nE\n:", "${l[0]}", True),
    ("mapfile -d -t", "mapfile -d , -t l <<< 'x,y,z'", "${l[1]}", True),
    ("mapfile -d -t last element keeps the newline", "mapfile -d , -t l <<< 'x,y'", "${l[1]}", True),
    ("mapfile without -t not computed", "mapfile l <<< 'x'", "${l[0]}", False),
    # command substitution of commands whose output is a function of their arguments
    ("$(echo)", "x=1", "$(echo main)", True),
    ("$(printf)", "x=1", "$(printf '%s-%s' a b)", True),
    ("$(expr)", "x=1", "$(expr 2 + 3)", True),
    ("$(basename)", "x=1", "$(basename /a/b/main.txt .txt)", True),
    ("$(dirname)", "x=1", "$(dirname /a/b/c)", True),
    ("$(tr)", "x=1", "$(echo MAIN | tr A-Z a-z)", True),
    ("$(cut)", "x=1", "$(echo a:b:c | cut -d: -f2)", True),
    ("$(rev)", "x=1", "$(echo niam | rev)", True),
    ("$(seq)", "x=1", "$(seq 2 4)", True),
    ("$(seq -s)", "x=1", "$(seq -s , 3)", True),
    ("$(bc)", "x=1", "$(echo '2*(3+4)' | bc)", True),
    ("$(bc) here-string", "x=1", "$(bc <<< '17/5')", True),
    ("$(compgen -W)", "x=1", "$(compgen -W 'main dev maint' -- mai)", True),
    ("$(… $known …)", "b=MAIN", "$(echo $b | tr A-Z a-z)", True),
    ("$(expr $known)", "n=2", "$(expr $n + 1)", True),
    ("$(… $value with blanks …) not computed", "b='a b'", "$(echo $b | tr a x)", False),
    # word splitting, pathname expansion
    ("IFS splitting of an expansion", "IFS=,; c=a,b", "$c", True),
    ("pathname expansion without a match", "x=1", "*.nosuchext", True),
]

# Rows whose probe is written unquoted: the expansion happens only there (braces, tilde, splitting, globbing), or each
# positional parameter is its own word
UNQUOTED = {"brace list", "brace empty member", "brace sequence of integers", "brace sequence with an increment",
            "brace sequence zero-padded", "brace sequence of letters", "brace sequence inside a word",
            "brace sequence and list", "brace sequence not one: literal",
            "brace sequence longer than the check reads: not computed",
            "brace sequence through a backslash: not computed", "tilde", "IFS splitting of an expansion",
            "pathname expansion without a match", "$@ after set --", "${@:2}", "${@:1:2}", "shift N",
            "ANSI-C quoting $'…'"}


def _env(home: str) -> dict[str, str]:
    return {"HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C"}


def _ours(line: str, cwd: str) -> tuple[str, ...]:
    commands = split_commands(line, pwd=cwd)
    return commands[-1].argv[2:]


def _bash(line: str, cwd: str, home: str) -> str:
    assert BASH
    done = subprocess.run([BASH, "-c", line], check=False, cwd=cwd, env=_env(home), capture_output=True, text=True,
                          timeout=10)
    return done.stdout


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
@pytest.mark.parametrize(("item", "setup", "probe", "computed"), TABLE, ids=[row[0] for row in TABLE])
def test_bash_expansion_item(item: str, setup: str, probe: str, computed: bool, tmp_path, monkeypatch) -> None:
    home = str(tmp_path / "home")
    os.makedirs(home)
    monkeypatch.setenv("HOME", home)
    line = f"{setup}\nprintf '%s\\n' {probe}" if item in UNQUOTED else f"{setup}\nprintf '%s\\n' \"<{probe}>\""
    ours = _ours(line, str(tmp_path))
    if not computed:
        assert any(unknown(w) for w in ours), (item, ours)
        return
    assert not any(unknown(w) for w in ours), (item, ours)
    real = _bash(line, str(tmp_path), home)
    assert "".join(w + "\n" for w in ours) == real, (item, ours, real)  # what `printf '%s\n' WORDS` prints


def _random_expression(rng: random.Random, depth: int = 0) -> str:
    atoms = ["0", "1", "2", "3", "7", "10", "0x1f", "017", "2#101", "36#z", "64#@", "-5", "a", "b",
             "9223372036854775807"]
    r = rng.random()
    if depth > 3 or r < 0.35:
        return rng.choice(atoms)
    if r < 0.5:
        return rng.choice(["-", "!", "~", "+"]) + _random_expression(rng, depth + 1)
    if r < 0.6:
        return "(" + _random_expression(rng, depth + 1) + ")"
    if r < 0.7:
        return " ? ".join((_random_expression(rng, depth + 1), _random_expression(rng, depth + 1))) + " : " + \
            _random_expression(rng, depth + 1)
    op = rng.choice(["+", "-", "*", "/", "%", "**", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&",
                     "||"])
    return f"{_random_expression(rng, depth + 1)} {op} {_random_expression(rng, depth + 1)}"


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_arithmetic_agrees_with_bash_on_random_expressions() -> None:
    """Every expression the evaluator computes has the value bash gives it (an expression bash rejects is never
    computed)."""
    from statewise_cli.actions.arith import evaluate

    assert BASH
    rng = random.Random(46)
    expressions = [_random_expression(rng) for _ in range(400)]
    script = "a=6; b=-3\n" + "\n".join(f'( echo "$(( {e} ))" ) 2>/dev/null || echo ERR' for e in expressions)
    real = subprocess.run([BASH, "-c", script], check=False, capture_output=True, text=True, timeout=60).stdout
    computed = 0
    for expression, value in zip(expressions, real.split("\n"), strict=False):
        ours = evaluate(expression, {"a": "6", "b": "-3"})[0]
        if ours is not None:
            computed += 1
            assert ours == value, expression
    assert computed > 300


@pytest.mark.skipif(BASH is None, reason="bash is not installed")
def test_read_agrees_with_bash_on_random_lines() -> None:
    """``read`` with one to three names, an array, ``-d`` and ``-n``, under several IFS values, gives each name what
    bash gives it."""
    import shlex

    from statewise_cli.actions.shell import _read_fields

    assert BASH
    rng = random.Random(46)
    for _ in range(120):
        line = "".join(rng.choice("ab :,\t") for _ in range(rng.randint(0, 10)))
        ifs = rng.choice([None, "", ":", ": ", ",:", " ", "\t:", " ,"])
        count = rng.randint(1, 3)
        mode = rng.choice(["names", "array", "d", "n"])
        names = " ".join(f"v{i}" for i in range(count))
        prefix = "" if ifs is None else f"IFS={shlex.quote(ifs) if ifs else chr(39) * 2} "
        option = {"array": "-a arr", "d": f"-d , {names}", "n": f"-n 4 {names}"}.get(mode, names)
        shown = '"${arr[@]}"' if mode == "array" else " ".join(f'"$v{i}"' for i in range(count))
        script = f"{prefix}read -r {option} <<< {shlex.quote(line)}; printf '<%s>' {shown}"
        real = subprocess.run([BASH, "-c", script], check=False, capture_output=True, text=True, timeout=10).stdout
        flags = "r" + {"array": "a", "d": "d", "n": "n"}.get(mode, "")
        values = {"d": {"d": ","}, "n": {"n": "4"}}.get(mode, {})
        fields = _read_fields(line + "\n", flags, values, count, mode == "array", " \t\n" if ifs is None else ifs)
        assert fields is not None
        assert ("".join(f"<{f}>" for f in fields) or "<>") == real, (line, ifs, count, mode)


@pytest.mark.parametrize("line", [
    "git push origin HEAD:ma{i..i}n",  # a brace sequence was read as literal text
    "b=main; false && b=feature; git push origin $b",  # the assignment after && kept as if it ran
    "b=main; true || b=feature; git push origin $b",
    "b=feature; for i in 1; do b=main; done; git push origin $b",  # the assignment behind `do` was not read at all
    "b=feature; if true; then b=main; fi; git push origin $b",
    "a=(x y); a[1]=main; git push origin ${a[1]}",  # the element assignment kept the old element
])
def test_a_push_the_shell_computes_to_a_protected_branch_is_never_read_as_another(line: str) -> None:
    """Forms found while walking the manual whose value the check used to compute wrongly (a harmless value where bash
    computes `main`): each now gives `main` or stays unknown."""
    push = [c.argv for c in split_commands(line) if c.argv[:2] == ("git", "push")][-1]
    target = push[-1]
    assert unknown(target) or target.rpartition(":")[2] == "main", (line, push)


def test_a_shift_in_arithmetic_does_not_hide_the_lines_after_it() -> None:
    """``$((1<<3))`` is a shift, not a here-document whose body would swallow the next lines."""
    commands = [c.argv for c in split_commands("echo $((1<<3))\nrm -rf ~/work\n3")]
    assert commands[0] == ("echo", "8")
    assert any(c[:2] == ("rm", "-rf") for c in commands)


def test_an_assignment_after_and_holds_along_its_chain() -> None:
    """``a && b=x && cmd $b``: cmd runs only if the assignment ran, so it sees x; after the chain ends, b is the old
    value or x (unknown)."""
    commands = [c.argv for c in split_commands("git switch -c v2 && b=--agent/v2 && git push -u origin \"${b:2}\"; "
                                               "git push origin $b")]
    assert commands[1] == ("git", "push", "-u", "origin", "agent/v2")
    assert unknown(commands[2][-1])
