"""``json.loads`` / ``json.dumps`` for the hook path, straight on the C accelerator ``_json``.

``import json`` costs ~12–27 ms here (measured with ``-X importtime`` on the 2-core runner) because
``json.decoder`` / ``json.encoder`` import ``re``, which imports ``enum``, ``functools`` and
``collections``; the hook's whole budget is 50 ms. ``_json`` (the C scanner and encoder that
``json`` itself uses) needs none of that. Output is byte-for-byte what ``json.dumps`` gives with
its defaults (``ensure_ascii``, ``", "`` / ``": "``), checked once at import; on an interpreter
whose ``_json`` differs, or for options this module does not take, the real ``json`` is used.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar


class JSONDecodeError(ValueError):
    """Malformed JSON (a ``ValueError``, like ``json.JSONDecodeError``)."""


_WS = " \t\n\r"
_CONSTANTS = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}


class _Context:  # what _json.make_scanner reads from json.JSONDecoder
    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__
    memo: ClassVar[dict[str, Any]] = {}


def _default(o: Any) -> Any:
    raise TypeError(f"Object of type {o.__class__.__name__} is not JSON serializable")


try:
    from _json import encode_basestring_ascii as _quote
    from _json import make_encoder as _make_encoder
    from _json import make_scanner as _make_scanner

    def _encoder(sort_keys: bool) -> Any:  # a fresh one per call: its circular-reference marks stay clean
        return _make_encoder({}, _default, _quote, None, ": ", ", ", sort_keys, False, True)

    _scan = _make_scanner(_Context())  # type: ignore[arg-type]  # the C scanner reads the context's attributes
    _probe = {"b": [1, 2.5, None, True, "\u00e9\n"], "a": {}}
    if ("".join(_encoder(True)(_probe, 0)) != '{"a": {}, "b": [1, 2.5, null, true, "\\u00e9\\n"]}'
            or _scan('{"x": [1, 2.5, "\\u00e9"]}', 0) != ({"x": [1, 2.5, "\u00e9"]}, 25)):
        raise ImportError("_json behaves differently here")
except (ImportError, TypeError, ValueError, StopIteration):  # pragma: no cover - other interpreters
    _scan = None  # type: ignore[assignment]
    _encoder = None  # type: ignore[assignment]


def loads(s: str | bytes | bytearray) -> Any:
    if isinstance(s, (bytes, bytearray)):
        s = s.decode("utf-8-sig" if s[:3] == b"\xef\xbb\xbf" else "utf-8")
    if _scan is None:  # pragma: no cover
        import json

        return json.loads(s)
    start = len(s) - len(s.lstrip(_WS))
    try:
        obj, end = _scan(s, start)
    except StopIteration as exc:
        raise JSONDecodeError(f"Expecting value: char {exc.value}") from None
    except (ValueError, SystemError):
        # Malformed inside a value: the C scanner builds its error from ``json.decoder``, which it
        # only looks up (SystemError when nobody imported it). Bad input is the slow path: let
        # ``json`` say what is wrong.
        import json

        try:
            return json.loads(s)
        except ValueError as exc:
            raise JSONDecodeError(str(exc)) from None
    if s[end:].strip(_WS):
        raise JSONDecodeError(f"Extra data: char {end}")
    return obj


def dumps(obj: Any, *, sort_keys: bool = False, **options: Any) -> str:
    if options or _encoder is None:
        import json

        return json.dumps(obj, sort_keys=sort_keys, **options)
    if isinstance(obj, str):
        return _quote(obj)
    return "".join(_encoder(sort_keys)(obj, 0))


def load(fh: Any) -> Any:
    return loads(fh.read())


def dump(obj: Any, fh: Any, *, sort_keys: bool = False) -> None:
    fh.write(dumps(obj, sort_keys=sort_keys))
