"""Records leftovers12_cases.py's calls under TF 2.21 (run with TF's Python from the
repository root): each one's error class and full message, or its result's dtype, shape
and values, into leftovers12_golden.json."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import tensorflow as tf

sys.path.insert(0, str(Path(__file__).parent))
from leftovers12_cases import KERNEL_CASES, NAME_CASES  # noqa: E402
from recorded import outcome  # noqa: E402


def full(source: str) -> list:
    """A call's answer with its error's whole message (outcome keeps the first line)."""
    try:
        got = outcome(lambda: eval(source, {"tf": tf, "np": np}))
    except BaseException as e:  # noqa: BLE001 (as outcome's)
        return ["raise", type(e).__name__, str(e)]
    if isinstance(got, tuple) and got[0] == "raise":
        try:
            eval(source, {"tf": tf, "np": np})
        except Exception as e:  # noqa: BLE001
            return ["raise", type(e).__name__, str(e)]
    return json.loads(json.dumps(got, default=repr))  # (string values: their bytes repr)


if __name__ == "__main__":
    tf.constant(1) + 1  # (a process that has run an op, as the tests')
    out = {s: full(s) for s in NAME_CASES + KERNEL_CASES}
    path = Path(__file__).with_name("leftovers12_golden.json")
    path.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(len(out), "cases")
