"""What test_file_cases_kinds.py (file_cases_kinds.py's tf.Module cases),
test_file_cases_kinds_keras.py (its Keras cases) and test_file_cases_kinds_optimizers.py
(its optimizer states) share: TF 2.21's recorded reads, the differences still KNOWN, TF's
run over a set of cases, and the checks themselves (suite). Each file checks its own part,
so that each stays within CI's time for one test file."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import eagerflow as tf
from eagerflow import keras
from tests.interop import file_cases as C
from tests.interop.file_cases_kinds import CASES
from tests.interop.test_file_cases import HERE, ROOT
from tests.saved_model.test_user_models import differences
from tests.tf_reference import TF_ENV, TF_PYTHON

RECORDED = json.loads((HERE / "golden" / "file_cases_kinds.json").read_text())

# (case, probe) -> (the directions it differs in: "own" where eagerflow reads its own
# files, "ours" where it reads TF's, "theirs" where TF reads eagerflow's; why). Each must
# still differ: a fix shows up as a failure here, to be taken off the list.
KNOWN: dict = {
    ("control_flow", "mapped_empty_node"): (
        ("own", "ours"), "eagerflow runs a loaded function as its own retrace of the "
        "FunctionDef, whose nodes are named by their ops (TensorListGetItem), not as the "
        "file names them (scan/TensorArrayV2Read/TensorListGetItem): a runtime error names "
        "the retraced node"),
    # TF's functions all record their arguments' and nodes' shapes; eagerflow's record
    # them for its signatures' functions only (save.py's _input_shapes: with shapes known,
    # TF's shape functions refuse whole SavedModels holding nodes TF could not have
    # traced), so TF's loaded tf.functions of eagerflow's files have unknown shapes
    ("signature_inspection", "predict_fn_inputs"): (
        ("theirs",), "TF gives the arguments of eagerflow's tf.functions unknown shapes"),
    ("signature_inspection", "predict_fn_outputs"): (
        ("theirs",), "and so what it infers of their results"),
    ("restored_shapes", "input_shapes"): (
        ("theirs",), "and the inputs of their concrete functions (TF: as_list() is not "
        "defined on an unknown TensorShape)"),
    # TF's load_model(safe_mode=False) runs a Lambda's marshalled bytecode; eagerflow
    # never runs code read from a file (its ValueError says so, and how to register one)
    ("lambda_nested", "unsafe"): (
        ("own", "ours"), "eagerflow refuses a Lambda's Python lambda with safe_mode=False too"),
    # eagerflow's loaded list and dict attributes are its own TrackedList/TrackedDict
    # (lists, dicts), not TF's ListWrapper/_DictWrapper classes
    ("function_containers", "kinds"): (("own", "ours"), "the loaded containers' class names"),
    ("table_containers", "kinds"): (("own", "ours"), "the loaded containers' class names"),
    # TF 2.21 saves a concrete function held as an attribute apart from its tf.function's
    # trace of it (a second library function, whose third input it names `feats` where the
    # trace names it feats_inner_ids, and which its loader shows with the variable it
    # captures); eagerflow saves the one trace, which TF's loader and eagerflow's show as
    # a tf.function's trace: no captures, its own input names
    ("concrete_nested_dict", "facts"): (("own", "theirs"), "the attribute's captures shown"),
    ("concrete_nested_dict", "missing_key"): (
        ("own",), "the flat signature's input names (feats_inner_ids for TF's feats)"),
    ("concrete_nested_dict", "wrong_dtype"): (
        ("own",), "the flat signature's input names (feats_inner_ids for TF's feats)"),
    # TF 2.21 drops an alias given as concrete functions of a module's method (it logs
    # "ConcreteFunction ... is listed in function alias but it is not found": it saves
    # the method's traces under other names); eagerflow keeps it
    ("alias_concrete", "names"): (("own", "theirs"), "TF's saver loses concrete aliases"),
    ("alias_concrete", "kinds"): (("own", "theirs"), "and so the aliases loaded"),
    ("alias_concrete", "listed"): (("own", "theirs"), "and the alias called"),
    # TF 2.21's bfloat16 MatMul rounds differently with oneDNN off (as this harness runs
    # TF: TF_ENABLE_ONEDNN_OPTS=0: Eigen rounds each product and partial sum to bfloat16)
    # than with it on; eagerflow's product, accumulated in float32 and rounded once, is
    # the oneDNN one (checked: 0.66015625 for Eigen's 0.65625 here): the bfloat16 layer's
    # values differ by a bfloat16 step
    ("bfloat16_keras", "hidden"): (("own", "ours"), "TF's Eigen bfloat16 MatMul rounding"),
    ("bfloat16_keras", "predict"): (("own", "ours"), "and the float32 layer after it"),
    ("bfloat16_keras", "serve"): (("own", "ours"), "and the export serving it"),
    # a custom resource whose handle a tf.function's trace made: TF's LookupTableFindV2
    # infers its result's shape from the handle's data (MutableHashTableV2's output in
    # the trace, or that tensor captured by the save's retrace); eagerflow's graph-made
    # handle, and the eager handle its save makes again for it, carry none
    ("traced_resource", "called_signatures"): (
        ("own", "theirs"), "the signature's output shape: (None,) in TF, unknown here"),
    ("traced_resource", "saved_signatures"): (("own", "theirs"), "the same"),
    # the handle made by the save's own trace: the function saved makes its table itself
    # (both frameworks write that); TF's loader names every op with a shared_name attr in a
    # loaded function by its node and the load ("MutableHashTableV2_load_<n>"), so that
    # table is the one the resource's creator (a node of the same name) made and its
    # _initialize filled: TF finds a and b; eagerflow's loaded function makes its own
    ("traced_resource", "saved_lookup"): (("own", "ours"), "TF's loader's shared names"),
    ("traced_resource", "saved_again"): (("own", "ours"), "the same"),
    ("traced_resource", "saved_serve"): (("own", "ours"), "the same"),
    ("none_outputs", "nothing_bad"): (
        ("own", "ours"), "a failing assertion of a loaded function names its node as the "
        "retrace names it (Assert), not as the file does (.../AssertGuard/Assert)"),
    # eagerflow keeps Keras 2's TF-checkpoint weights (save_weights/load_weights of a path
    # prefix: training.py's load_weights says so), which Keras 3 refuses
    ("weights_crossed", "from_checkpoint"): (
        ("own", "ours"), "load_weights of a TF checkpoint's prefix restores it"),
    ("weights_crossed", "save_ckpt"): (
        ("own", "ours"), "save_weights of a path prefix writes a TF checkpoint"),
    # eagerflow writes and reads TF's state of an interleave's or flat_map's datasets
    # where they are slices of the element, a file's records or what a window makes:
    # others (here from_tensors(x).repeat(2)) it refuses to read, and saves in its own
    # form, which TF does not read
    ("iterator_kinds", "interleaved_repeat"): (
        ("ours", "theirs"), "TF's state of an interleave's repeated datasets"),
}


def _diff(name: str, want: dict, got: dict, direction: str) -> list:
    out = []
    for key in sorted(set(want) | set(got)):
        diff = differences(want.get(key), got.get(key), f"/{key}")
        if direction in KNOWN.get((name, key), ((),))[0]:
            out += [] if diff else [f"/{key}: now TF's, take it off KNOWN"]
        else:
            out += diff
    return out


def own_files_read_back(name: str, folder: Path) -> None:
    """eagerflow writes case `name`'s files and reads them back as TF reads its own."""
    assert C.run_case(tf, keras, name, str(folder), True, CASES) == {}
    got = C.run_case(tf, keras, name, str(folder), False, CASES)
    diff = _diff(name, RECORDED[name], got, "own")
    assert not diff, "\n".join(diff[:20])


def tf_files_read(name: str, folder: Path) -> None:
    """eagerflow reads the files TF wrote of case `name` (kept) as TF reads them."""
    # (a copy: a reader may write beside the files it reads)
    shutil.copytree(HERE / "golden" / "file_cases_kinds" / name, folder / name)
    got = C.run_case(tf, keras, name, str(folder / name), False, CASES)
    diff = _diff(name, RECORDED[name], got, "ours")
    assert not diff, "\n".join(diff[:20])


def tf_run(work: Path, names: tuple) -> dict:
    """eagerflow's files of `names`, then TF's run over them (TF writes its own too):
    TF's tf_out.json. Skips where TF is not installed."""
    if not os.path.exists(TF_PYTHON):
        pytest.skip("TensorFlow (EAGERFLOW_TF_PYTHON) is not installed")
    for name in names:
        C.run_case(tf, keras, name, str(work / "ef" / name), True, CASES)
    proc = subprocess.run([TF_PYTHON, str(HERE / "file_cases_tf.py"), "--kinds", str(work),
                           *names], capture_output=True, text=True, env=TF_ENV, cwd=ROOT,
                          timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads((work / "tf_out.json").read_text())


def tf_reads_ours(out: dict, name: str) -> None:
    """TF reads eagerflow's files of case `name` as it reads its own."""
    assert out["tf_write"][name] == {}
    diff = _diff(name, out["tf_on_tf"][name], out["tf_on_ef"][name], "theirs")
    assert not diff, "\n".join(diff[:20])


def we_read_tfs(work: Path, out: dict, name: str) -> None:
    """eagerflow reads the files TF just wrote of case `name` as TF does."""
    got = C.run_case(tf, keras, name, str(work / "tf" / name), False, CASES)
    diff = _diff(name, out["tf_on_tf"][name], got, "ours")
    assert not diff, "\n".join(diff[:20])


def suite(names: list, tag: str, tf_files: set) -> tuple:
    """The four checks over case `names` as one test file's functions (and the fixture
    of TF's run over them, in a folder named `tag`): bind them to module names there."""
    @pytest.mark.parametrize("name", names)
    def test_our_files_read_back_as_tensorflows_own(name: str, tmp_path: Path) -> None:
        own_files_read_back(name, tmp_path)

    @pytest.mark.parametrize("name", sorted(tf_files & set(names)))
    def test_we_read_the_files_tensorflow_wrote_as_it_does(name: str, tmp_path: Path) -> None:
        tf_files_read(name, tmp_path)

    @pytest.fixture(scope="module")
    def tf_outcomes(tmp_path_factory: pytest.TempPathFactory) -> tuple:
        work = tmp_path_factory.mktemp(tag)
        return work, tf_run(work, tuple(names))

    @pytest.mark.parametrize("name", names)
    def test_tensorflow_reads_our_files_as_its_own(tf_outcomes: tuple, name: str) -> None:
        tf_reads_ours(tf_outcomes[1], name)

    @pytest.mark.parametrize("name", names)
    def test_we_read_tensorflows_files_as_it_does(tf_outcomes: tuple, name: str) -> None:
        we_read_tfs(*tf_outcomes, name)

    return (test_our_files_read_back_as_tensorflows_own,
            test_we_read_the_files_tensorflow_wrote_as_it_does, tf_outcomes,
            test_tensorflow_reads_our_files_as_its_own, test_we_read_tensorflows_files_as_it_does)
