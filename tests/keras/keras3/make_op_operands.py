"""Writes eagerflow/_src/keras/engine/op_operands.json from real Keras 3 (on TF 2.21).

Run with TensorFlow's interpreter: /work/tfref/bin/python tests/keras/keras3/make_op_operands.py

A keras.ops call on KerasTensors is recorded as an operation whose node holds the
arguments its Keras operation class takes in `call` (the operands: `not_equal`'s x1 and
x2, `where`'s condition, x1 and x2, `isclose`'s rtol and atol too) while the others
(`axis`, `keepdims`, `reshape`'s newshape, `clip`'s x_min and x_max) are the operation's
config. Which is which is a fact of each operation's signature; this script reads it from
every public keras.ops function whose operation class it finds (the class named as the
function, CamelCase) and records the function parameters that are `call` parameters,
keyed by the class name as eagerflow spells it (`NotEqual`, `Isclose`).
"""

import importlib
import inspect
import json
import pkgutil
from pathlib import Path

import keras
from keras.src import ops as src_ops
from keras.src.ops.operation import Operation

ROOT = Path(__file__).resolve().parents[3]
NAMESPACES = ("ops", "ops.nn", "ops.linalg", "ops.image", "ops.numpy")


def operation_classes() -> dict:
    """{lower-case class name: Operation subclass} over Keras's ops modules."""
    found: dict = {}
    for info in pkgutil.iter_modules(src_ops.__path__):
        try:
            module = importlib.import_module(f"keras.src.ops.{info.name}")
        except ImportError:
            continue
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Operation) and \
                    value is not Operation:
                found.setdefault(value.__name__.lower(), value)
    return found


def camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def main() -> None:
    classes = operation_classes()
    table: dict = {}
    for ns in NAMESPACES:
        module = keras
        for part in ns.split("."):
            module = getattr(module, part)
        for name in dir(module):
            fn = getattr(module, name)
            cls = classes.get(name.replace("_", ""))
            if name.startswith("_") or isinstance(fn, type) or not callable(fn) or cls is None:
                continue
            params = inspect.signature(fn).parameters
            call = list(inspect.signature(cls.call).parameters)[1:]
            table[camel(name)] = [p for p in call if p in params]
    path = ROOT / "eagerflow" / "_src" / "keras" / "engine" / "op_operands.json"
    lines = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(table.items())]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"{len(table)} operations -> {path}")


if __name__ == "__main__":
    main()
