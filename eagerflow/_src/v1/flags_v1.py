"""`tf.compat.v1.flags` and `tf.compat.v1.app`: absl's flags as TF 2.21 routes them (TF 1's
old keyword names for the DEFINE functions, FLAGS parsing sys.argv when first read) and
`app.run`, absl's run with TF's parser that leaves unknown flags to `main`.

TF 1 layer (v1/), loaded with `tf.compat.v1.flags`/`app`; absl-py is an optional
dependency (TF's own requirement): without it these namespaces raise ModuleNotFoundError.
"""

from __future__ import annotations

import functools
import logging
import sys
from typing import Any, Callable

from absl import app as _absl_app
from absl import flags as _absl_flags

_RENAMED = {"flag_name": "name", "default_value": "default", "docstring": "help"}

# the flags of the modules TF's routes them through are not key flags of the caller's
_absl_flags.disclaim_key_flags()


def _old_names(define: Callable) -> Callable:
    """absl's `define` taking TF 1's keyword names (with TF's warning)."""

    @functools.wraps(define)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        renamed = False
        for old, new in _RENAMED.items():
            if old in kwargs:
                renamed = True
                kwargs[new] = kwargs.pop(old)
        if renamed:  # (through the root logger, as TF's)
            logging.warning("Use of the keyword argument names (flag_name, default_value, "
                            "docstring) is deprecated, please use (name, default, help) "
                            "instead.")
        return define(*args, **kwargs)

    return wrapper


DEFINE_string = _old_names(_absl_flags.DEFINE_string)
DEFINE_boolean = DEFINE_bool = _old_names(_absl_flags.DEFINE_boolean)
DEFINE_float = _old_names(_absl_flags.DEFINE_float)
DEFINE_integer = _old_names(_absl_flags.DEFINE_integer)


class _FlagValues:
    """absl's FLAGS, parsing sys.argv when a flag is first read before parsing (absl's
    own raises UnparsedFlagAccessError)."""

    def __init__(self, wrapped: Any) -> None:
        self.__dict__["_wrapped"] = wrapped

    def __getattribute__(self, name: str) -> Any:
        if name == "__dict__":
            return super().__getattribute__(name)
        return self.__dict__["_wrapped"].__getattribute__(name)

    def __getattr__(self, name: str) -> Any:
        wrapped = self.__dict__["_wrapped"]
        if not wrapped.is_parsed():
            wrapped(sys.argv)
        return wrapped.__getattr__(name)

    def __setattr__(self, name: str, value: Any) -> None:
        self.__dict__["_wrapped"].__setattr__(name, value)

    def __delattr__(self, name: str) -> None:
        self.__dict__["_wrapped"].__delattr__(name)

    def __dir__(self) -> list:
        return self.__dict__["_wrapped"].__dir__()

    def __getitem__(self, name: str) -> Any:
        return self.__dict__["_wrapped"].__getitem__(name)

    def __setitem__(self, name: str, flag: Any) -> None:
        self.__dict__["_wrapped"].__setitem__(name, flag)

    def __len__(self) -> int:
        return self.__dict__["_wrapped"].__len__()

    def __iter__(self) -> Any:
        return self.__dict__["_wrapped"].__iter__()

    def __str__(self) -> str:
        return self.__dict__["_wrapped"].__str__()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.__dict__["_wrapped"].__call__(*args, **kwargs)


FLAGS = _FlagValues(_absl_flags.FLAGS)


def _parse_known(argv: Any) -> list:
    """The arguments left once the known flags are parsed (absl's parser exits on an
    unknown one)."""
    return FLAGS(sys.argv if argv is None else argv, known_only=True)


def run(main: Callable | None = None, argv: Any = None) -> None:
    """`tf.compat.v1.app.run`: parses the flags, calls `main(argv)` (`__main__.main` by
    default) and exits with its result, as absl's run."""
    main = main or sys.modules["__main__"].main
    _absl_app.run(main=main, argv=argv, flags_parser=_parse_known)


_OWN = {"DEFINE_string", "DEFINE_boolean", "DEFINE_bool", "DEFINE_float", "DEFINE_integer",
        "FLAGS"}


def flag_names() -> list:
    """The names tf.compat.v1.flags holds: absl.flags' public names."""
    return sorted({n for n in dir(_absl_flags) if not n.startswith("_")} | _OWN)


def flag_attr(name: str) -> Any:
    if name in _OWN:
        return globals()[name]
    return getattr(_absl_flags, name)
