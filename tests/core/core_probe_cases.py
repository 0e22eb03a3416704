"""Everyday TF2 core behaviour, probed as a user meets it: tf.function's tracing and
signatures, AutoGraph, tf.Variable, tf.Module, type specs, ExtensionType,
py_function/numpy_function, tf.debugging's asserts and tf.print, GradientTape.
Shared by record_core_probes.py (run under TensorFlow 2.21, writes
core_probes_golden.json) and test_core_probes.py (under eagerflow): what each returns,
prints or raises."""

from typing import Any

from tests.core.core_probe_tracing import autograph, autograph_loops, function, function_keys
from tests.core.core_probe_values import (
    debugging,
    extension_type,
    module,
    printing,
    py_function,
    specs,
    tape,
    variable,
)

GROUPS = {"function": function, "function_keys": function_keys, "autograph": autograph,
          "autograph_loops": autograph_loops, "variable": variable, "module": module,
          "specs": specs, "extension_type": extension_type, "py_function": py_function,
          "debugging": debugging, "printing": printing, "tape": tape}


def run(tf: Any, groups: list | None = None) -> dict:
    return {name: make(tf) for name, make in GROUPS.items() if not groups or name in groups}
