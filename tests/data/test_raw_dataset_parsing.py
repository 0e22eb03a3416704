"""TF 2.21's dataset ops over serialized records and their kin, called raw: TF's words
recorded from TF 2.21."""

from __future__ import annotations

import pytest

import eagerflow as tf

_NODE = "{{node FilterByLastComponentDataset}}"


def _pairs() -> tf.data.Dataset:
    return tf.data.Dataset.from_tensor_slices(([1, 2], [True, False]))


@pytest.mark.parametrize("types,shapes,words", [
    ([tf.int32], [[]], "output_shapes=[[]], output_types=[DT_INT32]"),
    ([tf.int32, tf.float32], [[None, 3], None],
     "output_shapes=[[?,3], <unknown>], output_types=[DT_INT32, DT_FLOAT]"),
])
def test_filter_by_last_component_has_no_kernel(types: list, shapes: list, words: str) -> None:
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.raw_ops.FilterByLastComponentDataset(
            input_dataset=_pairs()._variant_tensor, output_types=types, output_shapes=shapes)
    assert str(e.value) == (
        f"Could not find device for node: {_NODE} = FilterByLastComponentDataset[{words}]\n"
        "All kernels registered for op FilterByLastComponentDataset:\n"
        "  <no registered kernels>\n [Op:FilterByLastComponentDataset] name: ")


def test_filter_by_last_component_traces_and_fails_when_run() -> None:
    @tf.function
    def f() -> tf.Tensor:
        return tf.raw_ops.FilterByLastComponentDataset(
            input_dataset=_pairs()._variant_tensor, output_types=[tf.int32],
            output_shapes=[[]])

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="No OpKernel was registered to support Op "
                             "'FilterByLastComponentDataset' used by "):
        f()
