"""file_cases_mixes.py's cases (moving averages kept by a tf.Module, a Keras layer saving
its own variables, a checkpoint resuming a custom training loop with its dataset iterator,
masking through a registered layer in a model of two inputs and outputs, a module of
several traces saved with several named signatures, an optimizer's moving averages and
accumulated gradients, custom gradients, composite inputs saved again, a registered
learning-rate schedule, registered subclassed models of dict and tuple inputs exported,
metrics' variables, int64 and bool weights, iterators of several dataset kinds, string
ops, crossed and hashed features, recurrent layers over masks, keras.ops loops, a
numpy_function, and file_cases_mixes_more.py's: a FeatureSpace, registered initializers,
regularizers, constraints and activations, AdamW's excluded variables, None outputs,
weights files given to the other kind's loader, LoRA and int8-quantized layers, a changed
learning rate and an added loss) against TensorFlow 2.21, as test_file_cases_kinds.py
checks its own (kinds_checks.suite): eagerflow reading its own files and TF's kept ones as
TF reads them (golden/file_cases_kinds.json), and where TF is installed each reading the
other's files."""

from __future__ import annotations

import gc
from pathlib import Path

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.saved_model.protos import pb
from tests.interop import file_cases as C
from tests.interop import kinds_checks as K
from tests.interop.file_cases_kinds import CASES
from tests.interop.file_cases_mixes import MIX_CASES, MIX_TF_FILES
from tests.interop.file_cases_mixes_more import MORE_MIX_CASES, MORE_MIX_TF_FILES
from tests.interop.test_file_cases import HERE

(test_our_files_read_back_as_tensorflows_own,
 test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
 test_tensorflow_reads_our_files_as_its_own,
 test_we_read_tensorflows_files_as_it_does) = K.suite(sorted({**MIX_CASES, **MORE_MIX_CASES}),
                                                        "file_cases_mixes",
                                                        {*MIX_TF_FILES, *MORE_MIX_TF_FILES})


def _py_func_nodes(folder: Path) -> list:
    """The PyFunc nodes of a SavedModel's functions: op, inputs and attrs (the token's
    number left out: each process counts its own; and the recorded `_output_shapes`,
    which eagerflow writes for its signatures' functions only, kinds_checks.KNOWN)."""
    sm = pb().SavedModel()
    sm.ParseFromString((folder / "saved_model.pb").read_bytes())
    out = []
    for fdef in sm.meta_graphs[0].graph_def.library.function:
        for node in fdef.node_def:
            if "PyFunc" in node.op:
                attrs = {k: str(v).replace(v.s.decode(), "pyfunc_N") if k == "token"
                         else str(v) for k, v in node.attr.items() if k != "_output_shapes"}
                out.append([node.op, list(node.input), attrs])
    return out


def test_a_numpy_function_is_saved_as_tensorflows_py_func(tmp_path):
    # TF 2.21 writes the callable's registry token with the dtypes; a loader in the same
    # process runs the function while it lives (in another, TF's error when the node runs).
    # The registry holds it weakly, as TF's: the saving module's graph keeps it, a cycle
    # that the collector frees when it runs, so none runs until the call
    gc.disable()
    try:
        assert C.run_case(tf, keras, "numpy_function", str(tmp_path), True, CASES) == {}
        assert _py_func_nodes(tmp_path / "sm") == _py_func_nodes(
            HERE / "golden" / "file_cases_kinds" / "numpy_function" / "sm")
        loaded = tf.saved_model.load(str(tmp_path / "sm"))
        assert loaded.f(tf.constant([1.0, 2.0])).numpy().tolist() == [3.0, 5.0]
    finally:
        gc.enable()
