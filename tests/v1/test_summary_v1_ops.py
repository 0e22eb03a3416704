"""TF 1's summary ops (summary/v1_ops.py, media_ops.py) through the registry's generic
checks (they load with tf.compat.v1.summary, so the registry-wide suites may not see them):
each sample's serialized Summary equals its independent reference and its inferred spec,
each bad sample raises TF's error naming the op; a histogram of any finite values counts
them in TF's buckets as a value-by-value count does (hypothesis)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.summary import media_ops, v1_ops
from eagerflow._src.testing import op_harness as H

OPS = [v1_ops.SCALAR_SUMMARY, v1_ops.HISTOGRAM_SUMMARY, v1_ops.TENSOR_SUMMARY,
       v1_ops.MERGE_SUMMARY, media_ops.IMAGE_SUMMARY, media_ops.AUDIO_SUMMARY]
SAMPLES = [(op, s) for op in OPS for s in op.samples]
BAD = [(op, b) for op in OPS for b in op.bad_samples]


@pytest.mark.parametrize("op,sample", SAMPLES, ids=lambda x: getattr(x, "name", ""))
def test_sample_matches_reference_and_infer(op, sample):
    got = H.run(op, sample)
    want = op.reference(*[np.asarray(a) for a in sample.inputs], **sample.attrs)
    assert got[0]._arr[()] == want[()]
    (shape, dtype), = op.infer(*H.as_tensors(sample.inputs), **sample.attrs)
    assert dtype is got[0].dtype and tuple(shape) == got[0]._shape


@pytest.mark.parametrize("op,bad", BAD, ids=lambda x: getattr(x, "name", ""))
def test_bad_sample_raises_tfs_error(op, bad):
    with pytest.raises(bad.error) as info:
        bind(op, tuple(EagerTensor(np.asarray(a)) for a in bad.inputs), dict(bad.attrs))
    assert bad.match in str(info.value) and f"[Op:{op.name}]" in str(info.value)


def test_bucket_edges_are_tfs():
    limits = v1_ops.bucket_limits()
    assert len(limits) == 1551 and limits[775] == 0.0
    assert limits[776] == 1e-12 and limits[-1] == np.finfo(np.float64).max
    assert np.all(np.diff(limits) > 0) and np.array_equal(limits[:775], -limits[:775:-1])


@settings(max_examples=60, deadline=None)
@given(hnp.arrays(np.float64, st.integers(0, 40),
                  elements=st.floats(-1e25, 1e25, allow_nan=False)))
def test_histogram_counts_every_value_in_tfs_buckets(values):
    tag = np.array(b"h", object)
    assert v1_ops._histogram_kernel(np, tag, values)[()] == \
        v1_ops._histogram_reference(tag, values)[()]
