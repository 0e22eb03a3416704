"""Records tpu_resolver_cases.py under TF 2.21 (run with TF's Python from the repository
root): tpu_resolver_golden.json."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import tensorflow as tf

sys.path.insert(0, str(Path(__file__).parent))
from tpu_resolver_cases import CASES, ENVIRONMENTS, outcome  # noqa: E402

if __name__ == "__main__":
    out = {"cases": {s: outcome(tf, s) for s in CASES}, "environments": []}
    for env, source in ENVIRONMENTS:
        os.environ.update(env)
        out["environments"].append(outcome(tf, source))
        for key in env:
            del os.environ[key]
    Path(__file__).with_name("tpu_resolver_golden.json").write_text(
        json.dumps(out, indent=1) + "\n")
    print(len(out["cases"]), "cases")
