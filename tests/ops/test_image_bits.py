"""tf.raw_ops.ImageProjectiveTransformV3 and V2 give TF 2.21's bits into outputs of any
size (their own, smaller, larger), in each interpolation and fill mode, and TF's errors
for bad arguments; tf.image.rgb_to_hsv and hsv_to_rgb TF's bits (image_bits_golden.json,
recorded from TF by record_image_bits_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.golden_io import bits_outcome as outcome
from tests.golden_io import blas_as_recorded
from tests.ops.image_bits_cases import cases

# (TF's recordings are its CPU kernels', whose errors name the CPU: under `make test-gpu`
# too these run there, as TF's inside tf.device("/CPU:0"))
pytestmark = pytest.mark.usefixtures("cpu_kernels")
GOLDEN = json.loads(Path(__file__).with_name("image_bits_golden.json").read_text())
CASES = cases(tf)


# under OpenBLAS's Haswell kernels the im2col product rounds these otherwise (docs/ulp32.md)
_KERNEL_BITS = set() if blas_as_recorded() else {"conv2d of one channel VALID"}


@pytest.mark.parametrize("name", sorted(GOLDEN["outcomes"]))
def test_outcome_is_tensorflows(name, request):
    if name in _KERNEL_BITS:
        request.applymarker(pytest.mark.xfail(reason="OpenBLAS's kernels", strict=True))
    assert outcome(CASES[name]) == GOLDEN["outcomes"][name]


def test_every_case_is_recorded():
    assert sorted(CASES) == sorted(GOLDEN["outcomes"])
