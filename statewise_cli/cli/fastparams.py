"""Plain parameter coercion for typer, without pydantic.

typer (0.29+) coerces every parsed value through a pydantic ``TypeAdapter``; importing pydantic
for that costs 60–200 ms per command, more than the command itself. statewise's parameters are
all ``str``, ``bool``, ``int`` or lists of them, which need no schema: :func:`install` gives those
a direct coercion and leaves every other annotation to typer. If typer's internals change shape,
nothing is replaced and typer's own path runs (correct, only slower; ``benchmarks/startup.py``
shows it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def _int(value: Any) -> int:
    if isinstance(value, bool):
        raise TypeError(value)
    return value if isinstance(value, int) else int(str(value).strip(), 10)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "y", "on", "t"):
        return True
    if text in ("0", "false", "no", "n", "off", "f"):
        return False
    raise ValueError(value)


_SCALARS: dict[Any, Any] = {str: _str, int: _int, bool: _bool}
_LISTS: dict[Any, Any] = {list[str]: _str, list[int]: _int}


def install() -> bool:
    """Route plain annotations around pydantic. Returns whether the hook point was found."""
    try:
        from typer import core
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - another typer layout: its own coercion runs
        return False
    original = getattr(core, "build_runtime_param", None)
    if original is None or getattr(original, "_statewise", False):
        return original is not None

    @dataclass(frozen=True)
    class PlainRuntimeParam(RuntimeParam):
        convert: Any
        many: bool

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            items = list(value) if self.many else [value]
            done = []
            for item in items:
                try:
                    done.append(self.convert(item))
                except (TypeError, ValueError):
                    label = {_int: "int", _str: "str", _bool: "bool"}.get(self.convert, "value")
                    raise BadParameter(f"{item!r} is not a valid {label}.", ctx=ctx, param=param) from None
            return done if self.many else done[0]

    def build_runtime_param(descriptor: Any) -> Any:
        annotation = descriptor.annotation
        if descriptor.file_annotation is None and not getattr(descriptor, "is_choice", False):
            try:
                scalar, many = _SCALARS.get(annotation), _LISTS.get(annotation)
            except TypeError:  # an unhashable annotation
                scalar = many = None
            if scalar is not None or many is not None:
                return PlainRuntimeParam(parameter_info=descriptor.parameter_info, annotation=annotation,
                                         convert=scalar or many, many=many is not None)
        return original(descriptor)

    build_runtime_param._statewise = True  # type: ignore[attr-defined]
    core.build_runtime_param = build_runtime_param
    return True
