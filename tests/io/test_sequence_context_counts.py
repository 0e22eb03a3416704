"""Dense context features of SequenceExamples holding another number of values than their
shape: refused as TensorFlow 2.21's ParseSequenceExampleV2 refuses them, feature by
feature: a largest number over the batch past the feature's size (or, for a required
feature, another one) is an "Inconsistent max number of elements", then an example of
another number is an "Unexpected number of elements in example <its name>" (Before,
eagerflow gave ParseExampleV2's "Name: <unknown>, Key: x, Index: 0.  Number of float values
!= expected ...", and the single op's "Some float_list slice was not parsed").

record_sequence_context_counts.py recorded TF's results of
sequence_context_counts_cases.py; here eagerflow's are compared with them, eagerly and in
a tf.function.
"""

import json
from pathlib import Path

import pytest

import eagerflow as tf
from tests.io import sequence_context_counts_cases as C

GOLDEN = json.loads((Path(__file__).resolve().parent /
                     "sequence_context_counts_golden.json").read_text())


@pytest.fixture(scope="module")
def eager():
    return C.run(tf)


@pytest.mark.parametrize("case", sorted(C.CASES))
def test_parse_sequence_example_context_counts_as_tf(eager, case):
    assert eager[case] == GOLDEN[case]


def test_in_a_function_too():
    contexts, spec, single, names = C.CASES["fewer_first"]
    ser, feats = C._serialized(tf, contexts), C._features(tf, spec)
    fn = tf.function(lambda s, n: tf.io.parse_sequence_example(s, feats, example_names=n)[0])
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        fn(tf.constant(ser), tf.constant(names))
    assert GOLDEN["fewer_first"]["error"][1] in str(e.value)
