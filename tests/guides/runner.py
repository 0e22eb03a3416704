"""Runs a guide script (it starts with `import tensorflow as tf`) with eagerflow standing in
for TensorFlow, or with TensorFlow itself, and normalizes what it prints so the two compare:
memory addresses, object ids and TF's function counters vary from run to run."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tests import forkserver
from tests.golden_io import narrow_dtype_reprs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

_AS_EAGERFLOW = ("import runpy, sys, eagerflow; sys.modules['tensorflow'] = eagerflow; "
                 "runpy.run_path(sys.argv[1], run_name='__main__')")


def normalize(text: str) -> str:
    text = narrow_dtype_reprs(ordered_dicts_as_in_python_3_11(text))
    text = re.sub(r"0x[0-9a-fA-F]+", "0x?", text)
    text = re.sub(r"\b\d{9,}\b", "ID", text)  # id() of objects (captures)
    text = re.sub(r"__inference_(\w+?)_\d+", r"__inference_\1_N", text)
    return text


def ordered_dicts_as_in_python_3_11(text: str) -> str:
    """Python 3.12 prints `OrderedDict({'k': v})` where 3.11, which TF's outputs were
    recorded with, printed `OrderedDict([('k', v)])`: the newer form is rewritten."""
    out, i = [], 0
    while (j := text.find("OrderedDict({", i)) >= 0:
        start = j + len("OrderedDict(")
        end = _closing(text, start)
        try:
            body = ast.parse(text[start:end], mode="eval").body if end > 0 else None
        except SyntaxError:
            body = None
        if not isinstance(body, ast.Dict):
            out.append(text[i:start])
            i = start
            continue
        inner = text[start:end]
        pairs = [f"({ast.get_source_segment(inner, k)}, "
                 f"{ordered_dicts_as_in_python_3_11(ast.get_source_segment(inner, v))})"
                 for k, v in zip(body.keys, body.values)]
        out.append(f"{text[i:j]}OrderedDict([{', '.join(pairs)}])")
        i = end + 1
    return "".join(out) + text[i:]


def _closing(text: str, start: int) -> int:
    """The index just past the bracket opened at `start` (quoted strings skipped), or
    -1 when it is not closed."""
    depth, quote, k = 0, None, start
    while k < len(text):
        c = text[k]
        if quote:
            if c == "\\":
                k += 1
            elif c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return -1


def run(script: Path, python: str = sys.executable, as_eagerflow: bool = True,
        env: dict | None = None) -> str:
    """The script's normalized stdout (stderr too when it fails)."""
    with tempfile.TemporaryDirectory() as cwd:
        plain = python == sys.executable and as_eagerflow and env is None
        env = dict(env or os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        # TF recorded the outputs on a machine without a GPU, and what a guide prints
        # depends on the devices (MirroredStrategy() mirrors over every GPU; a GPU's float
        # math rounds the last digit differently): the guides run with GPUs hidden
        env["CUDA_VISIBLE_DEVICES"] = "-1"
        env.pop("EAGERFLOW_STANDIN_GPUS", None)
        server = forkserver.server_for(env) if plain else None
        if server is not None:
            rc, out, err = server.run(_AS_EAGERFLOW, [str(script)], cwd, timeout=600)
        else:
            cmd = [python, "-c", _AS_EAGERFLOW, str(script)] if as_eagerflow else \
                [python, str(script)]
            r = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env,
                               timeout=600)
            rc, out, err = r.returncode, r.stdout, r.stderr
    if rc != 0:
        raise RuntimeError(f"{script.name} failed:\n{out[-2000:]}\n{err[-4000:]}")
    return normalize(out)

