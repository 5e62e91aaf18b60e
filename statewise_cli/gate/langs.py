"""Per-language tree-sitter extraction: the facts the repository index keeps of a file.

The only module that imports tree-sitter (STYLE rule 1), lazily: a grammar is
loaded the first time a file of its language is indexed. Each language is a table
of the node types that define, call and import (``_DEFS``, ``_CALLS``, ``_IMPORTS``)
read by one tree walk. Queries were measured and rejected: compiling them costs
7 ms (Python), 21 ms (JavaScript) and ~100 ms (TypeScript/TSX) per process, and the
hook must index a touched file in under 30 ms; the walk costs about as much as
running a compiled query plus sorting out nesting in Python.

Grammars are the per-language PyPI wheels (tree-sitter-python, -javascript,
-typescript, -go), which work offline with tree-sitter 0.26; each is one small wheel
declared on its own in pyproject.toml.
"""

from __future__ import annotations

import posixpath

from statewise_cli.fast import jsonfast as json  # no `re` (see jsonfast): the gate's edit path

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

if TYPE_CHECKING:
    from typing import Any

    from tree_sitter import Node, Parser

# Bump when extraction changes: files indexed by an older extractor are re-indexed
# even though their content hash is unchanged.
EXTRACTOR_VERSION = 1

LANG_BY_EXT = {
    ".py": "python",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript",
    ".tsx": "tsx",
    ".go": "go",
}
CLASS_KINDS = ("class", "interface", "struct")

# (wheel module, function returning the language pointer)
_GRAMMARS = {
    "python": ("tree_sitter_python", "language"),
    "javascript": ("tree_sitter_javascript", "language"),
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "go": ("tree_sitter_go", "language"),
}

_loaded: dict[str, Parser] = {}


def _language_pointer(lang: str) -> Any:
    module_name, func = _GRAMMARS[lang]
    try:
        # The wheels' __init__ imports importlib.resources (~13 ms) only to serve
        # highlight queries we never use; load the compiled binding directly.
        import importlib.machinery
        import importlib.util
        import os

        spec = importlib.util.find_spec(module_name)
        folder = spec.submodule_search_locations[0] if spec and spec.submodule_search_locations else None
        if folder:
            for entry in sorted(os.listdir(folder)):
                if entry.startswith("_binding.") and entry.endswith((".so", ".pyd")):
                    # the name's last part must be "_binding" (PyInit__binding); not put in sys.modules
                    name = f"{module_name}._binding"
                    loader = importlib.machinery.ExtensionFileLoader(name, os.path.join(folder, entry))
                    binding_spec = importlib.util.spec_from_file_location(name, loader.path, loader=loader)
                    if binding_spec is not None:
                        module = importlib.util.module_from_spec(binding_spec)
                        loader.exec_module(module)
                        return getattr(module, func)()
    except Exception:  # noqa: BLE001, S110 - any surprise falls back to the documented import
        pass
    import importlib

    return getattr(importlib.import_module(module_name), func)()


def load(lang: str) -> Parser:
    """The parser of ``lang`` (loaded once per process)."""
    parser = _loaded.get(lang)
    if parser is None:
        from tree_sitter import Language, Parser

        parser = _loaded[lang] = Parser(Language(_language_pointer(lang)))
    return parser


# ----------------------------------------------------------------------------- facts
# Plain tuples (not Structs): a full index creates a few hundred thousand of them.
# symbol: (name, qualname, kind, start_line, end_line, parent, depth)
# call:   (caller, callee, qualifier, line)
# import: (module, target, names_json, line)
# base:   (class_qualname, base, base_name, line)
class FileFacts:
    __slots__ = ("bases", "calls", "has_error", "imports", "relpath", "symbols")

    def __init__(self, relpath: str) -> None:
        self.relpath = relpath
        self.symbols: list[tuple[str, str, str, int, int, str | None, int]] = []
        self.calls: list[tuple[str | None, str, str | None, int]] = []
        self.imports: list[tuple[str, str, str, int]] = []
        self.bases: list[tuple[str, str, str, int]] = []
        self.has_error = False


def _text(node: Node | None) -> str:
    if node is None or node.text is None:
        return ""
    return node.text.decode("utf-8", "replace")


def simple_name(expr: str) -> str:
    """``pkg.mod.Base[T]`` / ``Base<T>`` / ``*Base`` -> ``Base``."""
    for stop in "[<(":
        expr = expr.split(stop, 1)[0]
    return expr.strip().lstrip("*&").rsplit(".", 1)[-1].strip()


# Node types the walk stops at, per language: definitions, calls and imports.
_DEFS = {
    "python": {"function_definition": "function", "class_definition": "class"},
    "javascript": {
        "function_declaration": "function", "generator_function_declaration": "function",
        "method_definition": "method", "class_declaration": "class", "class": "class",
        "variable_declarator": "function?", "field_definition": "function?",
    },
    "typescript": {
        "function_declaration": "function", "generator_function_declaration": "function",
        "method_definition": "method", "class_declaration": "class", "class": "class",
        "abstract_class_declaration": "class", "interface_declaration": "interface",
        "method_signature": "method", "abstract_method_signature": "method",
        "variable_declarator": "function?", "public_field_definition": "function?",
    },
    "go": {"function_declaration": "function", "method_declaration": "method", "type_spec": "type?"},
}
_DEFS["tsx"] = _DEFS["typescript"]
_CALLS = {  # call node type -> field holding what is called
    "python": {"call": "function"},
    "javascript": {"call_expression": "function", "new_expression": "constructor"},
    "go": {"call_expression": "function"},
}
_CALLS["typescript"] = _CALLS["tsx"] = _CALLS["javascript"]
_MEMBER = {"attribute": ("object", "attribute"), "member_expression": ("object", "property"),
           "selector_expression": ("operand", "field")}
_IMPORTS = {
    "python": ("import_statement", "import_from_statement"),
    "javascript": ("import_statement", "export_statement"),
    "go": ("import_spec",),
}
_IMPORTS["typescript"] = _IMPORTS["tsx"] = _IMPORTS["javascript"]
_FUNCTION_VALUES = ("arrow_function", "function_expression", "generator_function", "function")


def extract(lang: str, source: bytes, relpath: str) -> FileFacts:
    """Definitions, calls, imports and bases of one file.

    A pre-order walk of the syntax tree with a scope stack (end byte, qualname, kind):
    compiling tree-sitter queries costs 7 ms (Python) to 100 ms (TypeScript) per
    process, more than the hook's whole per-file budget.
    """
    tree = load(lang).parse(source)
    facts = FileFacts(relpath)
    facts.has_error = tree.root_node.has_error
    table = _table(lang)
    scope: list[tuple[int, str, str]] = []
    cursor = tree.walk()
    while True:
        node: Any = cursor.node
        entry = table.get(node.type)
        if (entry is None or _visit(lang, node, entry, scope, facts)) and cursor.goto_first_child():
            continue
        while not cursor.goto_next_sibling():
            if not cursor.goto_parent():
                facts.imports.sort(key=lambda i: (i[3], i[0]))
                return facts


_tables: dict[str, dict[str, tuple[str, str]]] = {}


def _table(lang: str) -> dict[str, tuple[str, str]]:
    """node type -> ('call', field) | ('def', role) | ('import', '') for one language."""
    table = _tables.get(lang)
    if table is None:
        table = {kind: ("def", role) for kind, role in _DEFS[lang].items()}
        table.update((kind, ("call", field)) for kind, field in _CALLS[lang].items())
        table.update((kind, ("import", "")) for kind in _IMPORTS[lang])
        _tables[lang] = table
    return table


def _visit(lang: str, node: Node, entry: tuple[str, str], scope: list[tuple[int, str, str]], facts: FileFacts) -> bool:
    """Record what ``node`` is; True when the walk should descend into it."""
    start = node.start_byte
    while scope and scope[-1][0] <= start:  # pre-order: leave the scopes that ended
        scope.pop()
    what, arg = entry
    if what == "call":
        _call(lang, node, arg, scope, facts)
        return True
    if what == "def":
        _definition(lang, node, arg, scope, facts)
        return True
    return _import(lang, node, facts.relpath, facts)


def _definition(lang: str, node: Node, role: str, scope: list[tuple[int, str, str]], facts: FileFacts) -> None:
    name_node = node.child_by_field_name("name" if node.type != "field_definition" else "property")
    if role == "function?":  # const f = () => ..., handler = () => ... (class field)
        value = node.child_by_field_name("value")
        if value is None or value.type not in _FUNCTION_VALUES or name_node is None or name_node.type not in (
            "identifier", "property_identifier"
        ):
            return
        role = "function"
    elif role == "type?":  # Go: only struct and interface types are class-like
        body = node.child_by_field_name("type")
        if body is None or body.type not in ("struct_type", "interface_type"):
            return
        role = "struct" if body.type == "struct_type" else "interface"
    if name_node is None:
        return  # anonymous class: nothing to name it by
    name = _text(name_node)
    owner = _go_receiver(node.child_by_field_name("receiver")) if lang == "go" and role == "method" else None
    if owner:  # Go method: its class is the receiver type, not a lexical parent
        parent, parent_kind, depth = owner, "struct", 1
    elif scope:
        parent, parent_kind, depth = scope[-1][1], scope[-1][2], len(scope)
    else:
        parent, parent_kind, depth = None, None, 0
    if role in ("function", "method"):
        kind = "method" if (owner or parent_kind in CLASS_KINDS) else "function"
    else:
        kind = role
    qualname = f"{parent}.{name}" if parent else name
    first = node
    if lang == "python" and node.parent is not None and node.parent.type == "decorated_definition":
        first = node.parent  # decorators belong to the definition they decorate
    line = node.start_point[0] + 1
    facts.symbols.append((name, qualname, kind, first.start_point[0] + 1, node.end_point[0] + 1, parent, depth))
    if kind in CLASS_KINDS:
        for base in _bases(lang, node):
            facts.bases.append((qualname, base, simple_name(base), line))
    scope.append((node.end_byte, qualname, kind))


def _call(lang: str, node: Node, field: str, scope: list[tuple[int, str, str]], facts: FileFacts) -> None:
    target = node.child_by_field_name(field)
    if target is None:
        return
    line = node.start_point[0] + 1
    kind = target.type
    qualifier: str | None = None
    if kind in _MEMBER:
        obj_field, name_field = _MEMBER[kind]
        qualifier = _text(target.child_by_field_name(obj_field))[:80]
        callee = _text(target.child_by_field_name(name_field))
    elif kind == "identifier":
        callee = _text(target)
    elif kind == "import":  # import('./lazy')
        _js_dynamic_import(node, line, facts)
        return
    else:
        return  # calling a call result, a subscript, a function literal...
    if not callee:
        return
    facts.calls.append((scope[-1][1] if scope else None, callee, qualifier, line))
    if callee == "require" and qualifier is None and lang != "python":
        _js_dynamic_import(node, line, facts)


def _go_receiver(receiver: Node | None) -> str | None:
    for param in receiver.named_children if receiver is not None else ():
        type_node = param.child_by_field_name("type")
        if type_node is not None:
            return simple_name(_text(type_node)) or None
    return None


def _bases(lang: str, node: Node) -> list[str]:
    found: list[str] = []
    if lang == "python":
        supers = node.child_by_field_name("superclasses")
        if supers is not None:
            found = [_text(c) for c in supers.named_children if c.type not in ("keyword_argument", "comment")]
    elif lang == "go":
        body = node.child_by_field_name("type")
        if body is not None and body.type == "struct_type":
            for fields in body.named_children:
                for field in fields.named_children:  # embedded field: a type without a name
                    if field.type == "field_declaration" and field.child_by_field_name("name") is None:
                        found.append(_text(field.child_by_field_name("type")))
        elif body is not None:
            found = [_text(c) for c in body.named_children if c.type == "type_elem"]
    else:
        for child in node.named_children:
            if child.type == "class_heritage":
                for part in child.named_children:
                    if part.type in ("extends_clause", "implements_clause"):
                        found.extend(_text(c) for c in part.named_children if c.type != "type_arguments")
                    else:  # JavaScript: class_heritage holds the expression itself
                        found.append(_text(part))
            elif child.type == "extends_type_clause":
                found.extend(_text(c) for c in child.named_children)
    return [b for b in found if b]


def _import(lang: str, node: Node, relpath: str, facts: FileFacts) -> bool:
    """Record an import; True when the node may hold more (an ``export`` with a declaration)."""
    line = node.start_point[0] + 1
    if lang == "python":
        if node.type == "import_statement":
            for child in node.named_children:
                dotted = child.child_by_field_name("name") if child.type == "aliased_import" else child
                module = _text(dotted)
                facts.imports.append((module, module, "[]", line))
            return False
        module = _text(node.child_by_field_name("module_name"))
        names: list[str] = [
            _text(c.child_by_field_name("name") if c.type == "aliased_import" else c)
            for c in node.children_by_field_name("name")
        ]
        if any(c.type == "wildcard_import" for c in node.named_children):
            names.append("*")
        target = _python_relative(module, relpath) if module.startswith(".") else module
        facts.imports.append((module, target, json.dumps(names), line))
        return False
    if lang == "go":
        module = _text(node.child_by_field_name("path")).strip('"`')
        alias = _text(node.child_by_field_name("name"))
        facts.imports.append((module, module, json.dumps([alias] if alias else []), line))
        return False
    source = node.child_by_field_name("source")
    if source is None:
        return True  # export class X {...}: a declaration, not a re-export
    module = _text(source)[1:-1]
    names = []
    for clause in node.named_children:
        if clause.type == "import_clause":
            names.extend(_js_clause_names(clause))
    facts.imports.append((module, _js_target(module, relpath), json.dumps(names), line))
    return False


def _js_dynamic_import(node: Node, line: int, facts: FileFacts) -> None:
    """require('x') / import('x') with a literal specifier."""
    args = node.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_child_count else None
    if first is not None and first.type == "string":
        module = _text(first)[1:-1]
        facts.imports.append((module, _js_target(module, facts.relpath), "[]", line))


def _js_clause_names(clause: Node) -> list[str]:
    names: list[str] = []
    for part in clause.named_children:
        if part.type == "identifier":
            names.append(_text(part))  # default import: the local name
        elif part.type == "namespace_import":
            names.extend(_text(c) for c in part.named_children)
        elif part.type == "named_imports":
            for spec in part.named_children:
                if spec.type == "import_specifier":
                    names.append(_text(spec.child_by_field_name("name")))
    return names


def _python_relative(module: str, relpath: str) -> str:
    level = len(module) - len(module.lstrip("."))
    package = posixpath.dirname(relpath).split("/") if posixpath.dirname(relpath) else []
    if level > 1:
        package = package[: len(package) - (level - 1)] if level - 1 <= len(package) else []
    rest = module[level:]
    return ".".join([*package, rest] if rest else package)


_JS_EXTS = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")


def _js_target(module: str, relpath: str) -> str:
    """A relative specifier becomes a repository path without extension; packages stay as written."""
    if not module.startswith("."):
        return module
    target = posixpath.normpath(posixpath.join(posixpath.dirname(relpath), module))
    for ext in _JS_EXTS:
        if target.endswith(ext):
            return target[: -len(ext)]
    return target
