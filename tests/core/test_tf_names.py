"""Every public name of every TF 2.21 namespace exists in eagerflow, or is listed below
with the reason it does not; and eagerflow's namespaces list no name TF's do not.

tf_names.json is TF's `dir()` of each namespace, recorded by make_tf_names_golden.py
(tf.keras and tf.compat left out: Keras has its own audit, tests/keras/keras3/test_audit.py;
compat.v1 is TF 1's API). When a missing name lands, its entry here must go (the second
test fails while an excluded name exists), so this file is the list of what is left.
"""

import json
from pathlib import Path

import pytest

import eagerflow as tf

TF_NAMES = json.loads((Path(__file__).with_name("tf_names.json")).read_text())

# Whole namespaces eagerflow leaves out, with why.
_TPU = "TPUs, and XLA that compiles for them: eagerflow runs NumPy/CuPy kernels, no XLA"
_PS = "parameter servers and cluster RPC: eagerflow's strategies run in one process (and MPI)"
EXCLUDED_NAMESPACES = {
    "raw_ops": "holds the TF ops eagerflow implements, not all of TF's 1,500; the names "
               "and parameters of those are TF's (tests/saved_model/test_raw_ops.py)",
    "tpu": _TPU, "tpu.experimental": _TPU, "tpu.experimental.embedding": _TPU,
    "mlir": "MLIR is TF's C++ compiler stack; eagerflow compiles graphs to Python",
    "mlir.experimental": "MLIR is TF's C++ compiler stack; eagerflow compiles graphs to Python",
    "lite.experimental.authoring": "TFLite's authoring checks target TF's converter",
    "experimental.tensorrt": "TensorRT is NVIDIA's inference compiler, linked into TF",
    "tools": "TF's source tools (tf_upgrade_v2 tables, doc generation)",
    "tools.compatibility": "tf_upgrade_v2's rename tables",
    "tools.compatibility.all_renames_v2": "tf_upgrade_v2's rename tables",
    "tools.compatibility.all_renames_v2.renames_v2": "tf_upgrade_v2's rename tables",
    "tools.compatibility.renames_v2": "tf_upgrade_v2's rename tables",
    "tools.docs": "TF's documentation generator's decorators",
    "tools.docs.doc_controls": "TF's documentation generator's decorators",
    "distribute.experimental.rpc": _PS,
    "quantization.experimental": "TF's post-training quantizer of SavedModels (C++ passes)",
}

_NOT_YET = "not built yet"
# Names missing from namespaces eagerflow has: namespace -> {name: why}.
MISSING = {
    "": {
        "dtensor": "TF's internal DTensor package (its protos and Python modules); the API "
                   "is tf.experimental.dtensor",
        "mlir": EXCLUDED_NAMESPACES["mlir"],
        "tools": EXCLUDED_NAMESPACES["tools"], "tpu": _TPU,
    },
    "data.experimental": {
        "make_saveable_from_iterator": "TF 1 Saver's SaveableObject for iterators",
    },
    "distribute": {"TPUStrategy": _TPU},
    "distribute.experimental": {
        "TPUStrategy": _TPU,
        "rpc": _PS,
    },
    "experimental": {
        "tensorrt": EXCLUDED_NAMESPACES["experimental.tensorrt"],
    },
    "lite.experimental": {
        "Analyzer": "TFLite's model analyzer (TF's C++ flatbuffer tooling)",
        "QuantizationDebugOptions": "TFLite's quantization debugger (TF's converter)",
        "QuantizationDebugger": "TFLite's quantization debugger (TF's converter)",
        "authoring": EXCLUDED_NAMESPACES["lite.experimental.authoring"],
        "load_delegate": "loads a TFLite delegate library (.so) into TF's TFLite runtime",
    },
    "quantization": {"experimental": EXCLUDED_NAMESPACES["quantization.experimental"]},
}


def _namespace(path):
    obj = tf
    for part in path.split(".") if path else []:
        obj = getattr(obj, part)
    return obj


CHECKED = sorted(p for p in TF_NAMES if p not in EXCLUDED_NAMESPACES)


@pytest.mark.parametrize("path", CHECKED)
def test_every_tf_name_exists(path):
    ns = _namespace(path)
    skip = MISSING.get(path, {})
    missing = [n for n in TF_NAMES[path] if n not in skip and not hasattr(ns, n)]
    assert not missing, f"tf.{path or '<top>'} lacks TF's {missing}"


@pytest.mark.parametrize("path", CHECKED)
def test_no_name_beyond_tfs(path):
    """A namespace lists no name TF's lacks (a module it imports, a helper of its own): a
    program written against eagerflow runs on TF too."""
    ns = _namespace(path)
    extra = sorted({n for n in dir(ns) if not n.startswith("_")} - set(TF_NAMES[path]))
    assert not extra, f"tf.{path or '<top>'} has {extra}, which TF's has not"


def test_exclusions_are_current():
    """An excluded name or namespace that exists now must leave the lists."""
    present = []
    for path, names in MISSING.items():
        assert path in TF_NAMES, f"tf.{path} is not a TF namespace"
        ns = _namespace(path)
        present += [f"{path}.{n}" for n in names if n not in TF_NAMES[path] or hasattr(ns, n)]
    for path in EXCLUDED_NAMESPACES:
        assert path in TF_NAMES, f"tf.{path} is not a TF namespace"
        try:
            _namespace(path)
        except AttributeError:
            continue
        if path != "raw_ops":
            present.append(path)
    assert not present, f"listed as missing, yet present (or not TF's): {present}"
