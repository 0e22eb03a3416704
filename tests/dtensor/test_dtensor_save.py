"""tf.experimental.dtensor's sharded checkpoints against TF 2.21 (dtensor_save_cases.py,
recorded by record_dtensor_save.py): sharded_save/name_based_save and tf.train.Checkpoint /
DTensorCheckpoint of sharded DVariables write TF's files (one data file per device that
holds a slice first, each entry, shard, slice, size and checksum as TF's: only the order
of tensors inside a data file, which TF's SPMD expansion takes from a hash map, differs);
name_based_restore and Checkpoint.restore read TF's checkpoints as TF reads them, and TF
reads ours (skipped without TF); the errors are TF's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

from eagerflow._src.io import bundle_protos as protos
from eagerflow._src.io import table

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DATA = HERE / "data" / "dtensor_save"
GOLDEN = json.loads((HERE / "dtensor_save_golden.json").read_text())
sys.path.insert(0, str(HERE))
import dtensor_save_cases as cases  # noqa: E402


def _run(code: str, python: str = sys.executable, env: dict | None = None) -> Any:
    env = {**(env or os.environ), "PYTHONPATH": os.pathsep.join([str(ROOT), str(HERE)]),
           "CUDA_VISIBLE_DEVICES": "", "EAGERFLOW_STANDIN_GPUS": ""}
    r = subprocess.run([python, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                       env=env, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def ours(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """eagerflow's run of every part: its saves under `dir`, its restores of its own
    checkpoints and of TF's, its errors."""
    d = str(tmp_path_factory.mktemp("ours"))
    out = _run(f"""
        import json
        import eagerflow as tf
        import dtensor_save_cases as cases
        out = {{"save": cases.save(tf, {d!r}), "restore": cases.restore(tf, {d!r}),
               "restore_tf": cases.restore(tf, {str(DATA)!r}),
               "errors": {{c: cases.error(tf, {d!r}, c) for c in cases.ERRORS}}}}
        print(json.dumps(out))
    """)
    out["dir"] = d
    return out


def _structure(prefix: str) -> dict:
    """A checkpoint's index (each entry but its offset in its data file) and its files'
    names and data files' sizes."""
    path = prefix + ".index"
    with open(path, "rb") as f:
        items = table.read_table(f.read(), path)
    out: dict = {}
    for k, v in items.items():
        proto = protos.BundleHeaderProto() if k == b"" else protos.BundleEntryProto()
        proto.ParseFromString(v)
        if k != b"":
            proto.ClearField("offset")
        out[repr(k)] = str(proto)
    d, base = os.path.split(prefix)
    # (the index's size varies with the offsets its varints hold)
    out["files"] = sorted((n, 0 if n.endswith(".index") else
                           os.path.getsize(os.path.join(d, n)))
                          for n in os.listdir(d) if n.startswith(base + "."))
    return out


def test_saves_return_as_tf(ours: dict) -> None:
    assert ours["save"] == GOLDEN["save"]


@pytest.mark.parametrize("name", sorted(cases.PREFIXES))
def test_files_as_tf_writes_them(ours: dict, name: str) -> None:
    prefix = cases.PREFIXES[name]
    assert _structure(os.path.join(ours["dir"], prefix)) == _structure(str(DATA / prefix))


@pytest.mark.parametrize("label", sorted(GOLDEN["restore"]))
def test_restores_own_checkpoints_as_tf(ours: dict, label: str) -> None:
    assert ours["restore"][label] == GOLDEN["restore"][label]


@pytest.mark.parametrize("label", sorted(GOLDEN["restore"]))
def test_restores_tf_checkpoints_as_tf(ours: dict, label: str) -> None:
    assert ours["restore_tf"][label] == GOLDEN["restore"][label]


# TF's DTensor runtime raises whichever device's failure surfaces first: the kernel's
# error or another device's CancelledError; eagerflow raises the kernel's.
_RACES = {"restore shape": ("InvalidArgumentError", "tensor_name = a; shape in "
                            "shape_and_slice spec [2,4] does not match the shape stored in "
                            "checkpoint: [4,8]")}


def _core(text: str) -> str:
    """TF's message less the function and node names its DTensor runtime wraps it in."""
    lines = [ln for ln in text.splitlines() if not ln.strip().startswith("[[")]
    if lines[0] == "in user code:":  # (a traced function's error: its own last line)
        return lines[-1].strip().split(": ", 1)[1]
    first = lines[0]
    if "}} " in first:
        first = first.split("}} ", 1)[1]
    return first.split(" [Op:")[0].strip()


@pytest.mark.parametrize("case", cases.ERRORS)
def test_errors_as_tf(ours: dict, case: str) -> None:
    got, want = ours["errors"][case], GOLDEN["errors"][case]
    cls, _, text = got[3:].partition(" ")
    want_cls, _, want_text = want[3:].partition(" ")
    if want_cls == "CancelledError" and case in _RACES:
        want_cls, want_text = _RACES[case]
    assert cls == want_cls, (got, want)
    if case == "save missing directory":  # (TF's names its two devices' errors)
        assert text.startswith(os.path.join(ours["dir"], "no", "such"))
        assert want_text.split("}} ", 1)[1].splitlines()[0].split(";")[1] == text.split(";")[1]
        return
    assert _core(text) == _core(want_text), (got, want)


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="TensorFlow's interpreter is absent")
def test_tf_restores_our_checkpoints(ours: dict) -> None:
    got = _run(f"""
        import json
        import tensorflow as tf
        import dtensor_save_cases as cases
        print(json.dumps(cases.restore(tf, {ours["dir"]!r})))
    """, TF_PYTHON, TF_ENV)
    assert got == GOLDEN["restore"]
