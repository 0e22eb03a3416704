"""tf.add_n of inputs whose shapes do not merge, while a tf.function is traced: TF 2.21's
shape function refuses the AddN node with a ValueError naming the first input (from the
last one back) that does not merge; eagerly it is the kernel's InvalidArgumentError."""

import pytest

import eagerflow as tf
from tests.golden_io import as_recorded

# TF 2.21's messages (the user-code frame above them left out)
CASES = [
    (([1], [0]), "Dimension 0 in both shapes must be equal, but are 1 and 0. Shapes are [1] "
                 "and [0].\n    \tFrom merging shape 0 with other shapes. for '{{node AddN}} = "
                 "AddN[N=2, T=DT_FLOAT](xs_0, xs_1)' with input shapes: [1], [0]."),
    (([2, 3], [2, 3], [3, 3]),
     "Dimension 0 in both shapes must be equal, but are 2 and 3. Shapes are [2,3] and [3,3]."
     "\n    \tFrom merging shape 1 with other shapes. for '{{node AddN}} = AddN[N=3, "
     "T=DT_FLOAT](xs_0, xs_1, xs_2)' with input shapes: [2,3], [2,3], [3,3]."),
    (([2], [2, 1]), "Shapes must be equal rank, but are 1 and 2\n    \tFrom merging shape 0 "
                    "with other shapes. for '{{node AddN}} = AddN[N=2, T=DT_FLOAT](xs_0, "
                    "xs_1)' with input shapes: [2], [2,1]."),
    (([None, 3], [2, 4]),
     "Dimension 1 in both shapes must be equal, but are 3 and 4. Shapes are [?,3] and [2,4]."
     "\n    \tFrom merging shape 0 with other shapes. for '{{node AddN}} = AddN[N=2, "
     "T=DT_FLOAT](xs_0, xs_1)' with input shapes: [?,3], [2,4]."),
]


@pytest.mark.parametrize("shapes,message", CASES, ids=[str(c[0]) for c in CASES])
def test_traced_add_n_of_shapes_that_do_not_merge_is_tfs_value_error(shapes, message):
    @tf.function(input_signature=[tf.TensorSpec(s, tf.float32) for s in shapes])
    def f(*xs):
        return tf.add_n(list(xs))

    with pytest.raises(ValueError) as info:
        f.get_concrete_function()
    assert str(info.value).rstrip("\n").endswith("ValueError: " + message)


def test_eager_add_n_of_other_shapes_is_the_kernels_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.add_n([tf.ones([1]), tf.ones([0])])
    assert as_recorded(str(info.value)) == (  # (TF 2.21's, on its CPU)
        "{{function_node __wrapped__AddN_N_2_device_/job:localhost/replica:0/task:0/device:"
        "CPU:0}} Inputs to operation AddN of type AddN must have the same size and shape.  "
        "Input 0: [1] != input 1: [0] [Op:AddN] name: ")
