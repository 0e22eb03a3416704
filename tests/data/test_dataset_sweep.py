"""Every method of tf.data.Dataset called with arguments of every kind, as TF 2.21 answers
(dataset_sweep_cases.py says how; dataset_sweep_golden.json is TF's record, made by
tests/record_sweep_goldens.py). Outcomes match as in tests/core/test_api_sweep.py; a
method whose cases still differ is listed in KNOWN with why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests import sweeps
from tests.data.dataset_sweep_cases import METHODS, cases, outcome

WANT = json.loads(Path(__file__).with_name("dataset_sweep_golden.json").read_text())["outcomes"]

# method -> why some of its cases still differ from TF's.
_NAME = ("a non-str `name` passed by position is TF's AttributeError from its own "
         "isidentifier call; eagerflow raises the ValueError TF gives an invalid name string")
KNOWN: dict = {
    "batch": "batch([1, 2], True): TF's TypeError is NumPy's (its static batch dim indexes "
             "with the list); eagerflow raises the kernel's 'batch_size must be a scalar'",
    "take": _NAME,
    "skip": _NAME,
    "repeat": _NAME,
    "prefetch": _NAME,
    "padded_batch": "padded_shapes=True: TF's TensorShape keeps the bool, printing (True,) where "
                    "eagerflow's holds 1",
    "cache": _NAME,
    "enumerate": _NAME,
    "apply": "apply(tensor): Python's own not-callable TypeError names TF's C EagerTensor type "
             "by its module path; eagerflow's EagerTensor is a Python class",
    "concatenate": "a non-dataset argument is TF's AttributeError (it reads .element_spec off "
                   "whatever it is given); eagerflow raises its own TypeError naming `dataset`",
    "unique": _NAME,
    "sample_from_datasets": "a member that is no dataset: TF returns a lone one as it is "
                            "('a') or reads its .element_spec (AttributeError); eagerflow "
                            "raises its own TypeError naming it",
    "from_tensor_slices": _NAME,
    "from_tensors": "a non-str `name` as for take; and from_tensors(None): TF names whichever "
                    "of its two empty list attrs its attr map gives first (output_shapes or "
                    "Toutput_types), eagerflow Toutput_types",
    "get_single_element": _NAME,
    "with_options": "with_options(tensor): Python's own AttributeError names TF's C "
                    "EagerTensor type by its module path; eagerflow's is a Python class",
    "load": "a path that is no string is TF's pybind TypeError (its first line names "
            "TF_DATA_SnapshotMetadataFilePath), eagerflow's the os.fsdecode TypeError; an "
            "element_spec that is no spec is TF's AttributeError (it reads "
            "._flat_tensor_specs) where eagerflow looks for the files first (NotFoundError)",
    "sparse_batch": "sparse_batch([1, 2], ..): TF's error, from its op's slow path, lacks the "
                    "' name: ' tail eagerflow's eager op errors carry",
}


def differences(method: str) -> list:
    return sweeps.differences((c for c in cases() if c[0] == method),
                              lambda case: WANT["|".join(case)],
                              sweeps.on_cpu(tf, outcome))


@pytest.mark.parametrize("method", METHODS)
def test_method_answers_as_tfs(method: str) -> None:
    sweeps.check_known(method, differences(method), KNOWN)


if __name__ == "__main__":  # python -m tests.data.test_dataset_sweep batch ...: differences
    import sys

    for name in sys.argv[1:] or METHODS:
        for line in differences(name):
            print(f"{name} {line}")
