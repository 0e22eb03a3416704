"""Structure mismatches word their errors as TF 2.21's nests do: tf.data's packing of
flat components into an element structure (TF's tf.data nest), tf.nest.pack_sequence_as
of a scalar structure and tf.map_fn's check of fn's result (the messages below recorded
from TF 2.21)."""

from __future__ import annotations

import re

import pytest

import eagerflow as tf
from eagerflow._src.data.structure import pack_as

_SPEC = "TensorSpec(shape=(), dtype=tf.int32, name=None)"


@pytest.mark.parametrize("structure, flat, message", [
    ((1, 2), [1, 2, 3], "Could not pack sequence. Argument `structure` had 2 elements, but "
     "argument `flat_sequence` had 3 elements. Received structure: (1, 2), flat_sequence: "
     "[1, 2, 3]."),
    ((1, (2, 3)), [1, 2], "Could not pack sequence. Argument `structure` had 3 elements, but "
     "argument `flat_sequence` had 2 elements. Received structure: (1, (2, 3)), "
     "flat_sequence: [1, 2]."),
    ({"a": 1, "b": (2, 3)}, [1], "Could not pack sequence. Argument `structure` had 3 "
     "elements, but argument `flat_sequence` had 1 elements. Received structure: {'a': 1, "
     "'b': (2, 3)}, flat_sequence: [1]."),
    ((tf.TensorSpec([], tf.int32),), [1, 2], "Could not pack sequence. Argument `structure` "
     f"had 1 elements, but argument `flat_sequence` had 2 elements. Received structure: "
     f"({_SPEC},), flat_sequence: [1, 2]."),
    (1, [1, 2], "Argument `structure` is a scalar but `len(flat_sequence)`=2 > 1"),
    (1, [], "Argument `structure` is a scalar but `len(flat_sequence)`=0 > 1"),
])
def test_data_packing_counts_as_tfs_data_nest(structure, flat, message):
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        pack_as(structure, flat)


def test_data_packing_that_fits():
    assert pack_as({"b": (0, 0), "a": 0}, [1, 2, 3]) == {"b": (2, 3), "a": 1}
    assert pack_as(0, [7]) == 7


@pytest.mark.parametrize("structure, flat, kind, shown", [
    (1, [1, 2], "int", "1\nHowever the input is a sequence (<class 'list'>) of length 2.\n"
     "  [1, 2]"),
    ("a", (1, 2), "str", "a\nHowever the input is a sequence (<class 'tuple'>) of length "
     "2.\n  (1, 2)"),
])
def test_nest_packing_into_a_scalar(structure, flat, kind, shown):
    message = (f"The target structure is of type `<class '{kind}'>`\n  {shown}\nnest cannot "
               "guarantee that it is safe to map one to the other.")
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        tf.nest.pack_sequence_as(structure, flat)


def test_map_fn_compares_the_result_with_the_elements():
    # (no fn_output_signature: TF checks fn's result against elems, shown by str())
    with pytest.raises(ValueError) as info:
        tf.map_fn(lambda x: (x, x), tf.constant([1, 2]))
    text = str(info.value)
    assert "First structure: type=EagerTensor str=tf.Tensor([1 2], shape=(2,), " \
           "dtype=int32)\n" in text
    assert "is a sequence, while substructure \"type=EagerTensor str=tf.Tensor([1 2], " \
           "shape=(2,), dtype=int32)\" is not\n" in text
