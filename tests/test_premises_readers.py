"""An edit of a file its reader stopped reading (``premises_readers``), with invented projects in the shapes real
repositories use to say which file a program loads: an include directive with an absolute deployed path and a
glob, a list of rule-file globs, a loader call over a glob, a directory setting, a command's input file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from swtest import AGENTS, commit_all
from test_premises import decide, write


def _edit(agent: str, repo: Path, path: str, old: str, new: str) -> tuple[str, str]:
    if agent == "codex":
        minus = "".join(f"-{line}\n" for line in old.splitlines())
        plus = "".join(f"+{line}\n" for line in new.splitlines())
        patch = f"*** Begin Patch\n*** Update File: {path}\n@@\n{minus}{plus}*** End Patch\n"
        return decide(agent, repo, tool="apply_patch", tool_input={"command": patch})
    return decide(agent, repo, tool="Edit", tool_input={"file_path": str(repo / path), "old_string": old,
                                                         "new_string": new})


def _put(repo: Path, files: dict[str, str | None], message: str) -> None:
    for name, text in files.items():
        if text is None:
            (repo / name).unlink()
        else:
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            (repo / name).write_text(text)
    commit_all(repo, message)


@pytest.mark.parametrize("agent", AGENTS)
def test_an_include_of_a_deployed_glob_replaced_the_single_file(agent: str, git_repo: Path) -> None:
    write(git_repo, {"web/nginx.conf": "http {\n    include /etc/nginx/vhosts.conf;\n}\n",
                     "web/vhosts.conf": "# virtual hosts\nserver { server_name shop.example; listen 80; }\n"})
    _put(git_repo, {"web/nginx.conf": "http {\n    include /etc/nginx/conf.d/*.conf;\n}\n", "web/vhosts.conf": None,
                    "web/conf.d/shop.conf": "server {\n    server_name shop.example;\n    listen 80;\n"
                                            "    root /srv/shop;\n    gzip on;\n}\n"},
         "nginx: server blocks in conf.d")
    kind, reason = _edit(agent, git_repo, "web/vhosts.conf", "server { server_name shop.example; listen 80; }",
                         "server { server_name shop.example; listen 8080; }")
    assert kind == "deny", reason
    assert "`web/conf.d/shop.conf`" in reason and "web/nginx.conf" in reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_rule_file_left_behind_is_read_by_nothing(agent: str, git_repo: Path) -> None:
    write(git_repo, {"monitoring/prometheus.yml": "rule_files:\n  - alerts.yml\n",
                     "monitoring/alerts.yml": "groups:\n  - name: node\n    rules:\n      - alert: DiskFull\n        expr: disk > 90\n"})
    _put(git_repo, {"monitoring/prometheus.yml": "rule_files:\n  - 'rules/*.yml'\n",
                    "monitoring/rules/node.yml": "groups:\n  - name: node\n    rules:\n      - alert: DiskFull\n        expr: disk > 90\n"},
         "Alert rules under rules/")
    kind, reason = _edit(agent, git_repo, "monitoring/alerts.yml", "expr: disk > 90", "expr: disk > 85")
    assert kind == "deny", reason
    assert "`monitoring/rules/node.yml`" in reason and "nothing reads it" in reason
    # the file read now is edited without a word
    assert _edit(agent, git_repo, "monitoring/rules/node.yml", "expr: disk > 90", "expr: disk > 85")[0] == "allow"


@pytest.mark.parametrize("agent", AGENTS)
def test_a_directory_setting_moved_to_a_new_table_set(agent: str, git_repo: Path) -> None:
    write(git_repo, {"settings.toml": '[fees]\ntables = "fees"\n', "fees/card.csv": "scheme,pct\nvisa,1.4\n"})
    _put(git_repo, {"settings.toml": '[fees]\ntables = "fees/2027"\n', "fees/2027/card.csv": "scheme,pct\nvisa,1.4\n"},
         "Card fees 2027")
    kind, reason = _edit(agent, git_repo, "fees/card.csv", "visa,1.4", "visa,1.5")
    assert kind == "deny", reason
    assert "`fees/2027/card.csv`" in reason


def test_a_file_another_reader_still_names_is_left_alone(git_repo: Path) -> None:
    write(git_repo, {"settings.toml": '[fees]\ntables = "fees"\n', "fees/card.csv": "scheme,pct\nvisa,1.4\n"})
    _put(git_repo, {"settings.toml": '[fees]\ntables = "fees/2027"\n', "fees/2027/card.csv": "scheme,pct\nvisa,1.4\n",
                    "scripts/rerate.sh": "#!/bin/sh\nrerate --table fees/card.csv --month 2026-11\n"},
         "Card fees 2027; November re-rating keeps the old table")
    kind, reason = _edit("claude", git_repo, "fees/card.csv", "visa,1.4", "visa,1.5")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_command_input_replaced_by_an_include_file_leads_to_its_one_leaf(agent: str, git_repo: Path) -> None:
    write(git_repo, {"fw/apply.sh": "#!/bin/sh\niptables-restore < fw/rules.v4\n",
                     "fw/rules.v4": "*filter\n:INPUT DROP [0:0]\n-A INPUT -p tcp --dport 22 -j ACCEPT\nCOMMIT\n"})
    _put(git_repo, {"fw/apply.sh": "#!/bin/sh\nnft -f fw/main.nft\n", "fw/rules.v4": None,
                    "fw/main.nft": "flush ruleset\ninclude \"/etc/nft/rules.d/*.nft\"\n",
                    "fw/rules.d/10-input.nft": "table inet filter {\n  chain input {\n    tcp dport 22 accept\n  }\n}\n"},
         "Firewall on nftables")
    kind, reason = _edit(agent, git_repo, "fw/rules.v4", "-A INPUT -p tcp --dport 22 -j ACCEPT",
                         "-A INPUT -p tcp --dport 2222 -j ACCEPT")
    assert kind == "deny", reason
    assert "`fw/rules.d/10-input.nft`" in reason and "through fw/main.nft" in reason


def test_a_split_file_goes_to_the_entry_its_name_keeps(git_repo: Path) -> None:
    write(git_repo, {"shop/offers.py": "SOURCE = 'offers.json'\n",
                     "offers.json": '{"spring_sale": {"percent": 10}}\n'})
    _put(git_repo, {"shop/offers.py": "import glob\nSOURCE = sorted(glob.glob('offers/*.yaml'))\n", "offers.json": None,
                    "offers/spring-sale.yaml": "percent: 10\n", "offers/winter-sale.yaml": "percent: 20\n"},
         "Offers: one YAML file per offer")
    kind, reason = _edit("claude", git_repo, "offers.json", '"percent": 10', '"percent": 12')
    assert kind == "deny", reason
    assert "`offers/spring-sale.yaml`" in reason


def test_a_split_whose_old_file_named_every_entry_says_nothing(git_repo: Path) -> None:
    write(git_repo, {"shop/offers.py": "SOURCE = 'offers.json'\n",
                     "offers.json": '{"spring_sale": {"percent": 10}, "winter_sale": {"percent": 20}}\n'})
    _put(git_repo, {"shop/offers.py": "import glob\nSOURCE = sorted(glob.glob('offers/*.yaml'))\n", "offers.json": None,
                    "offers/spring-sale.yaml": "percent: 10\n", "offers/winter-sale.yaml": "percent: 20\n"},
         "Offers: one YAML file per offer")
    _kind, reason = _edit("claude", git_repo, "offers.json", '"percent": 10', '"percent": 12')
    assert "offers/spring-sale.yaml" not in reason and "offers/winter-sale.yaml" not in reason, reason


def test_a_reference_changed_only_in_prose_is_no_reader(git_repo: Path) -> None:
    write(git_repo, {"README.md": "Limits live in `limits.yaml`.\n", "limits.yaml": "max: 5\n"})
    _put(git_repo, {"README.md": "Limits live in `config/limits.yaml`.\n", "config/limits.yaml": "max: 5\n"},
         "Docs")
    kind, reason = _edit("claude", git_repo, "limits.yaml", "max: 5", "max: 6")
    assert kind == "allow", reason


def test_the_history_is_read_once_per_commit(git_repo: Path) -> None:
    write(git_repo, {"settings.toml": '[fees]\ntables = "fees"\n', "fees/card.csv": "scheme,pct\nvisa,1.4\n"})
    _put(git_repo, {"settings.toml": '[fees]\ntables = "fees/2027"\n', "fees/2027/card.csv": "scheme,pct\nvisa,1.4\n"},
         "Card fees 2027")
    assert _edit("claude", git_repo, "fees/card.csv", "visa,1.4", "visa,1.5")[0] == "deny"
    caches = list(git_repo.rglob("readers.json")) + list(Path(git_repo.parent).rglob("readers.json"))
    assert caches, "the reader history is cached beside the store"
    shutil.rmtree(git_repo / "fees" / "2027")
    commit_all(git_repo, "2027 tables withdrawn")
    # a new HEAD reads the history again: the new reference names nothing the repository holds
    assert _edit("claude", git_repo, "fees/card.csv", "visa,1.4", "visa,1.5")[0] == "allow"


def test_a_command_line_that_still_names_the_file_is_no_move(git_repo: Path) -> None:
    write(git_repo, {"Makefile": "report:\n\tpython gen.py data/input.csv\n", "gen.py": "print(1)\n",
                     "data/input.csv": "a,b\n1,2\n"})
    _put(git_repo, {"Makefile": "report:\n\tpython gen.py data/input.csv data/extra.csv\n", "data/extra.csv": "a,b\n"},
         "Report reads the extra table too")
    kind, reason = _edit("claude", git_repo, "data/input.csv", "1,2", "1,3")
    assert kind == "allow", reason


@pytest.mark.parametrize("agent", AGENTS)
def test_a_table_split_into_a_directory_the_reader_loads_whole(agent: str, git_repo: Path) -> None:
    write(git_repo, {"pack/fills.csv": "item,level\noat-bar,3\nrye-bar,2\n",
                     "ci/print.sh": "#!/bin/sh\n./bin/printer --fills pack/fills.csv\n"})
    _put(git_repo, {"pack/fills/oat-bar.json": '{"item": "oat-bar", "level": 3}\n',
                    "pack/fills/rye-bar.json": '{"item": "rye-bar", "level": 2}\n',
                    "ci/print.sh": "#!/bin/sh\n# pack/fills.csv is frozen for the audit\n./bin/printer --fills pack/fills/\n"},
         "Fills: one file per item")
    kind, reason = _edit(agent, git_repo, "pack/fills.csv", "oat-bar,3", "oat-bar,4")
    assert kind == "deny", reason
    assert "`pack/fills/oat-bar.json`" in reason and "ci/print.sh" in reason
    # the file the edit's own text does not single out: nothing to choose, nothing said
    assert _edit(agent, git_repo, "pack/fills.csv", "item,level", "item,fill_level")[0] == "allow"


def test_a_reader_line_outside_a_comment_still_reads_the_old_file(git_repo: Path) -> None:
    write(git_repo, {"pack/fills.csv": "item,level\noat-bar,3\n", "ci/print.sh": "./bin/printer --fills pack/fills.csv\n"})
    _put(git_repo, {"pack/fills/oat-bar.json": '{"item": "oat-bar"}\n',
                    "ci/print.sh": "./bin/printer --fills pack/fills/\n./bin/audit --table pack/fills.csv\n"},
         "Fills: one file per item; the audit keeps the table")
    assert _edit("claude", git_repo, "pack/fills.csv", "oat-bar,3", "oat-bar,4")[0] == "allow"
