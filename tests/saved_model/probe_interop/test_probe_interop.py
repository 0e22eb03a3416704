"""Whole-model files between eagerflow and real TensorFlow 2.21 / Keras 3.15, both
directions (runs only where TensorFlow is installed).

Each case of driver.CASES (tf.Modules with several inputs and outputs, nested modules,
polymorphic traces, variables of every dtype, tables, optimizer slots, assets, keyword
arguments, ragged and sparse signatures; Keras models with preprocessing layers, mixed
precision and custom layers through model.export and ExportArchive; .keras files of
Sequential, functional and subclassed models with their compile state; .weights.h5; and
workflow_cases.py's: SaveOptions, nested containers and input structures, fine-tuning a
loaded model and saving it again, restoring a loaded model from a checkpoint, archives of
several endpoints, registered custom layers) is
built and saved by eagerflow and by TensorFlow. One TensorFlow process probes both files
(tf_side.py); eagerflow probes TensorFlow's. TF's probes of its own file are the
reference: TF's load of ours and our load of TF's must give the same results. Each
SavedModel's signature defs (saved_model.pb), `saved_model_cli show --all` and checkpoint
keys must be TF's too.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.saved_model.probe_interop import driver
from tests.saved_model.test_user_models import differences
from tests.saved_model.user_model_cases import _top_items
from tests.tf_reference import TF_ENV, TF_PYTHON

pytestmark = pytest.mark.skipif(not os.path.exists(TF_PYTHON),
                                reason="TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")

ROOT = Path(__file__).resolve().parents[3]
NAMES = sorted(driver.CASES)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    work = tmp_path_factory.mktemp("probe_interop")
    save_errors = {}
    for name in NAMES:
        try:
            driver.save(tf, keras, name, str(work / "ef"))
        except Exception as e:  # noqa: BLE001 (reported by the tests of the case)
            save_errors[name] = f"{type(e).__name__}: {e}"
    proc = subprocess.run([TF_PYTHON, str(ROOT / "tests/saved_model/probe_interop/tf_side.py"),
                           str(work)], capture_output=True, text=True, env=TF_ENV, cwd=ROOT,
                          timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads((work / "tf_out.json").read_text())
    out["ef_save_errors"] = save_errors
    out["ef_on_tf"] = {name: driver.probe(tf, keras, name, str(work / "tf"))
                       for name in NAMES if name in out["tf_on_tf"]}
    return out


# (case, direction, probe) -> why the result differs from TF's. Each must still differ: a fix
# shows up as a failure here, to be taken off the list.
SAME_PROCESS = ("TF's reference loads its file in the process that traced the custom "
                "gradient, whose gradient registry still holds it: its gradients are the "
                "custom ones. Loaded anywhere else a file saved without custom gradients "
                "cannot be differentiated there (TF's LookupError, which eagerflow raises "
                "too: test_workflow_fixes.py checks both ways in fresh processes)")
KNOWN = {
    **{("options_plain", direction, key): SAME_PROCESS
       for direction in ("tf_on_ef", "ef_on_tf") for key in ("grads", "sig_grads")},
}


def _keys(listed):
    """Checkpoint keys and shapes, an archive's `_all_variables` as the sorted shapes of
    its entries (Keras 3 lists them from a set of weak references: in an order of memory
    addresses)."""
    keys = [k for k in listed if not k[0].startswith("_all_variables/")]
    return keys, sorted(s for k, s in listed if k[0:15] == "_all_variables/")


def compare(name: str, direction: str, want: dict, got: dict) -> list:
    """The probes of case `name` that differ from TF's, and the known differences that no
    longer do."""
    if set(want) != set(got):
        return [f"keys {sorted(want)} != {sorted(got)}: {got if 'load_error' in got else ''}"]
    out = []
    for key in sorted(want):
        diff = differences(want[key], got[key], f"/{key}")
        if (name, direction, key) in KNOWN:
            if not diff:
                out.append(f"/{key}: now TF's, take it off KNOWN")
        else:
            out += diff
    return out


@pytest.mark.parametrize("name", NAMES)
def test_tensorflow_loads_ours_as_its_own(run, name):
    assert run["ef_save_errors"].get(name) is None
    assert run["save_errors"].get(name) is None
    diff = compare(name, "tf_on_ef", run["tf_on_tf"][name], run["tf_on_ef"][name])
    assert not diff, "\n".join(diff)


@pytest.mark.parametrize("name", NAMES)
def test_we_load_tensorflows_as_it_does(run, name):
    assert run["save_errors"].get(name) is None
    diff = compare(name, "ef_on_tf", run["tf_on_tf"][name], run["ef_on_tf"][name])
    assert not diff, "\n".join(diff)


def _diff(want, got):
    return "\n".join(differences(want, got)) or None


SAVED_MODELS = [n for n in NAMES if driver.CASES[n][0] in ("module", "export", "save")]


@pytest.mark.parametrize("name", SAVED_MODELS)
def test_signature_defs_are_tensorflows(run, name):
    want, got = run["inspect_tf"][name], run["inspect_ef"][name]
    assert _diff(want["defs"], got["defs"]) is None


def _cli(text):
    """saved_model_cli's listing without what is the writer's own: the set of op types in
    the graph (a Python set, and each framework composes its own ops), the captures' ids
    and the order of a function's options (the order of their traces' numbers)."""
    text = re.sub(r"(?m)^The MetaGraph with tag set .* contains the following ops: .*$", "",
                  text)
    head, _, functions = text.partition("Concrete Functions:")
    blocks = []
    for block in re.split(r"(?m)^(?=  Function Name: )", functions):
        first, *options = re.split(r"(?m)^    Option #\d+\n", block)
        blocks.append([first, sorted(_named_sorted(o) for o in options)])
    return head, blocks


def _named_sorted(option):
    """An option's keyword arguments, and the entries of a dict it shows, in name order (TF
    lists them in the order of a protobuf map, which varies from run to run)."""
    option = re.sub(r"(?m)^(\s+Value: )\{(.*), \x08\x08\}$",
                    lambda m: m.group(1) + "{" + ", ".join(sorted(_top_items(m.group(2)))) + "}",
                    option)
    parts = re.split(r"(?m)^(?=        Named Argument #\d+\n)", option)
    named = sorted(re.sub(r"#\d+", "#", p) for p in parts[1:])
    return parts[0] + "".join(named)


@pytest.mark.parametrize("name", SAVED_MODELS)
def test_saved_model_cli_shows_tensorflows_listing(run, name):
    want, got = run["inspect_tf"][name], run["inspect_ef"][name]
    assert _cli(got["cli"]) == _cli(want["cli"])


@pytest.mark.parametrize("name", SAVED_MODELS)
def test_checkpoint_keys_are_tensorflows(run, name):
    want, got = run["inspect_tf"][name], run["inspect_ef"][name]
    assert _keys(got["checkpoint_keys"]) == _keys(want["checkpoint_keys"])
