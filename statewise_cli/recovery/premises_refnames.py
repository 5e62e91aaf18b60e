"""A push that creates a branch whose name clashes with the remote's branches as paths.

Git stores ``refs/heads/shop/live`` as a file under a directory ``shop``: while the remote has ``shop/live`` it cannot
create a branch ``shop`` (nor ``shop/live/x`` while ``shop/live`` exists), and the push fails with "cannot lock ref",
an error that names neither branch. A push to ``shop`` in that state usually rests on a name from before the branch
was moved under ``shop/``. The premise reads the remote's branches (its own refs for a remote on this machine, else
this clone's remote-tracking copies). It speaks only when it has somewhere to send the work: the one clashing branch
the pushed commit fast-forwards, when a file of the repository names it (a recipe that pushes there); otherwise the
push fails on its own and no branch of another purpose is offered.
"""

from __future__ import annotations

from typing import Any

TYPE_CHECKING = False
if TYPE_CHECKING:
    from statewise_cli.actions.normalize import Action


def _branches(ctx: Any, remote: str) -> dict[str, str] | None:
    from statewise_cli.recovery.premises import _remotes
    from statewise_cli.recovery.premises_git import remote_branches

    url = _remotes(ctx).get(remote)
    if url is None:
        return None
    found = remote_branches(url, ctx.root)
    if found is not None:
        return found
    code, out = ctx.git("for-each-ref", "--format=%(refname) %(objectname)", f"refs/remotes/{remote}/")
    if code != 0:
        return None
    prefix = f"refs/remotes/{remote}/"
    return {ref[len(prefix):]: sha for ref, _, sha in (ln.partition(" ") for ln in out.splitlines())
            if ref.startswith(prefix) and ref != f"{prefix}HEAD"}


def name_clash_premise(action: Action, ctx: Any) -> Any:
    """``git push origin work:shop`` while origin has ``shop/live`` (or ``git push origin work:a/b`` while origin has
    ``a``): the remote cannot create the branch."""
    from statewise_cli.recovery.premises import _premise
    from statewise_cli.recovery.premises_refrules import _push_parts

    if action.operation != "git.push" or "delete" in action.flags:
        return None
    parts = _push_parts(action, ctx)
    if parts is None or not parts[1]:
        return None
    remote, pushed = parts
    branches: dict[str, str] | None = None
    for src, ref, kind in pushed:
        if kind == "delete" or not ref.startswith("refs/heads/"):
            continue
        name = ref[len("refs/heads/"):]
        if branches is None:
            branches = _branches(ctx, remote)
            if not branches:
                return None
        if name in branches:
            continue
        parents = ["/".join(name.split("/")[:i]) for i in range(1, name.count("/") + 1)]
        clash = sorted(b for b in branches if b.startswith(name + "/") or b in parents)
        if not clash:
            continue
        if src in ("HEAD", "@", "") and ctx.repo.branch:
            src = ctx.repo.branch
        code, sha = ctx.git("rev-parse", "-q", "--verify", f"{src or 'HEAD'}^{{commit}}")
        sha = sha.strip() if code == 0 else ""
        ahead = [b for b in clash if sha and ctx.git("merge-base", "--is-ancestor", branches[b], sha)[0] == 0]
        if len(ahead) != 1:
            continue  # the push fails on its own; nothing here says where the work goes instead
        # a branch of another purpose is never offered for it: only one the repository's own files name (a recipe
        # that pushes there, a page that says what reads it)
        code, out = ctx.git("grep", "-l", "-I", "-F", "-w", "-e", ahead[0], "--", ".", timeout=2.0)
        if code != 0 or not out.strip():
            continue
        from statewise_cli.recovery.premises_refpurpose import retarget

        alternative = f"`{retarget(action, remote, src, name, ahead[0])}` ({src or 'HEAD'} fast-forwards " \
                      f"{remote}'s `{ahead[0]}`, which {out.split()[0]} names)"
        what = "branches under it" if any(b.startswith(name + "/") for b in clash) else "a branch named as its parent"
        return _premise(action, "git.ref_name", name, clash[0], "git.remote-refs",
                        f"{remote} cannot create the branch `{name}`: it has {what} ({', '.join(clash[:4])}), and git "
                        f"keeps branch names as paths, so the push fails (\"cannot lock ref\")",
                        alternative, f"{remote} can create the branch {name}", shown=ahead[0])
    return None
