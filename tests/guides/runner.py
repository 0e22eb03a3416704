"""Runs a guide script (it starts with `import tensorflow as tf`) with eagerflow standing in
for TensorFlow, or with TensorFlow itself, and normalizes what it prints so the two compare:
memory addresses, object ids and TF's function counters vary from run to run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

_AS_EAGERFLOW = ("import runpy, sys, eagerflow; sys.modules['tensorflow'] = eagerflow; "
                 "runpy.run_path(sys.argv[1], run_name='__main__')")


def normalize(text: str) -> str:
    text = re.sub(r"0x[0-9a-fA-F]+", "0x?", text)
    text = re.sub(r"\b\d{9,}\b", "ID", text)  # id() of objects (captures)
    text = re.sub(r"__inference_(\w+?)_\d+", r"__inference_\1_N", text)
    # TF's eager errors name the kernel's wrapper function and the op's name scope; eagerflow
    # has neither (as tests/core/test_tf_interop.py, the messages compare without them)
    text = re.sub(r"\{\{function_node [^}]*\}\} ", "", text)
    text = re.sub(r" name: \S*$", "", text, flags=re.M)
    return text


def run(script: Path, python: str = sys.executable, as_eagerflow: bool = True,
        env: dict | None = None) -> str:
    """The script's normalized stdout (stderr too when it fails)."""
    with tempfile.TemporaryDirectory() as cwd:
        cmd = [python, "-c", _AS_EAGERFLOW, str(script)] if as_eagerflow else \
            [python, str(script)]
        env = dict(env or os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(f"{script.name} failed:\n{r.stdout[-2000:]}\n{r.stderr[-4000:]}")
    return normalize(r.stdout)
