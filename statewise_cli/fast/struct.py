"""A frozen, slotted value class for the hot path.

``dataclasses`` costs ~15 ms of imports (inspect, ast) and class-creation time on
every hook start; the hook's budget is 50 ms in all. ``Struct`` gives the same
contract — immutable, slotted, keyword construction, equality, ``replace`` — for
the price of one small module.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs ~6 ms to import on the hook path

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, Self, TypeVar, dataclass_transform

    _T = TypeVar("_T")
else:
    def dataclass_transform(**_: object) -> object:
        return lambda cls: cls


class _Factory:
    """A field's default made per object (``field(default_factory=list)``)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], _T]) -> _T:
    """A default computed for each object, as ``dataclasses.field(default_factory=...)``."""
    return _Factory(default_factory)  # type: ignore[return-value]


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class _StructMeta(type):
    """Turns annotated fields into ``__slots__`` and their values into defaults at class creation.

    A class body reads like a frozen dataclass (``name: str``, ``tags: list[str] =
    field(default_factory=list)``, ``label: str = "p"``), so type checkers see its constructor;
    at run time the fields become ``__slots__`` (in annotation order: the positional order) and
    the values move to ``_defaults``, where a factory is called once per object. A class that
    spells ``__slots__`` itself is left as written.
    """

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kw: Any) -> _StructMeta:
        if "__slots__" not in ns:
            fields = []
            for field_name, annotation in ns.get("__annotations__", {}).items():
                if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                    continue
                fields.append(field_name)
            defaults: dict[str, Any] = {}
            for field_name in fields:
                if field_name in ns:
                    value = ns.pop(field_name)
                    defaults[field_name] = value.make if type(value) is _Factory else value
            ns["__slots__"] = tuple(fields)
            ns["_defaults"] = defaults
        return super().__new__(mcls, name, bases, ns, **kw)


class Struct(metaclass=_StructMeta):
    __slots__: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # From the 64th object of a class on, a plain __init__ compiled for its fields (one exec,
        # ~0.3 ms) replaces the generic loop below (~10 us per object): transcripts make tens of
        # thousands of objects, a hook call makes a handful.
        cls = type(self)
        made = _MADE[cls] = _MADE.get(cls, 0) + 1
        if made == _COMPILE_AFTER and "__init__" not in cls.__dict__:
            init = _compile_init(cls)
            if init is not None:
                cls.__init__ = init  # type: ignore[method-assign]
                init(self, *args, **kwargs)
                return
        _generic_init(self, args, kwargs)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(_hashable(getattr(self, n)) for n in self.__slots__))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def replace(self, **changes: Any) -> Self:
        values = {n: getattr(self, n) for n in self.__slots__}
        values.update(changes)
        return type(self)(**values)


def _generic_init(self: Struct, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    names = self.__slots__
    if len(args) > len(names):
        raise TypeError(f"{type(self).__name__} takes at most {len(names)} positional arguments")
    values = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"{type(self).__name__} has no field {key!r}")
        if key in values:
            raise TypeError(f"{type(self).__name__} got {key!r} twice")
        values[key] = value
    for name in names:
        if name in values:
            object.__setattr__(self, name, values[name])
        elif name in self._defaults:
            default = self._defaults[name]
            object.__setattr__(self, name, default() if callable(default) else default)
        else:
            raise TypeError(f"{type(self).__name__} needs {name!r}")


_UNSET = object()
_COMPILE_AFTER = 64
_MADE: dict[type, int] = {}


def _compile_init(cls: type) -> Any:
    """``def __init__(self, a, b, c=<default>)`` for ``cls``'s fields; None when its defaults do not
    form a tail (a required field after a defaulted one) and the generic path must do."""
    names, defaults = cls.__slots__, cls._defaults  # type: ignore[attr-defined]
    params, body, env = [], [], {"_set": object.__setattr__, "_UNSET": _UNSET}
    seen_default = False
    for i, name in enumerate(names):
        if not name.isidentifier() or name.startswith("_"):
            return None
        if name in defaults:
            seen_default = True
            default = defaults[name]
            if callable(default):
                env[f"_f{i}"] = default
                params.append(f"{name}=_UNSET")
                body.append(f" _set(self, {name!r}, _f{i}() if {name} is _UNSET else {name})")
                continue
            env[f"_d{i}"] = default
            params.append(f"{name}=_d{i}")
        elif seen_default:
            return None
        else:
            params.append(name)
        body.append(f" _set(self, {name!r}, {name})")
    src = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or " pass") + "\n"
    exec(src, env)  # noqa: S102 - generated from the class's own field names (identifiers, checked above)
    return env["__init__"]


def compile_all() -> int:
    """Compile the plain ``__init__`` of every Struct class loaded so far (the hook server does this
    once, so none of its children pays the generic path); returns how many."""
    done, todo = 0, list(Struct.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if "__init__" in cls.__dict__:
            continue
        init = _compile_init(cls)
        if init is not None:
            cls.__init__ = init  # type: ignore[method-assign]
            done += 1
    return done


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value
