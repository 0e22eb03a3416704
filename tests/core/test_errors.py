"""tf.errors: classes, hierarchy, codes and the messages bad input produces."""

import os
import pickle
import subprocess
import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core.errors import exception_type_from_error_code
from tests.golden_io import as_recorded

CLASSES = {  # class -> (code, constant)
    "CancelledError": (1, "CANCELLED"), "UnknownError": (2, "UNKNOWN"),
    "InvalidArgumentError": (3, "INVALID_ARGUMENT"),
    "DeadlineExceededError": (4, "DEADLINE_EXCEEDED"), "NotFoundError": (5, "NOT_FOUND"),
    "AlreadyExistsError": (6, "ALREADY_EXISTS"), "PermissionDeniedError": (7, "PERMISSION_DENIED"),
    "ResourceExhaustedError": (8, "RESOURCE_EXHAUSTED"),
    "FailedPreconditionError": (9, "FAILED_PRECONDITION"), "AbortedError": (10, "ABORTED"),
    "OutOfRangeError": (11, "OUT_OF_RANGE"), "UnimplementedError": (12, "UNIMPLEMENTED"),
    "InternalError": (13, "INTERNAL"), "UnavailableError": (14, "UNAVAILABLE"),
    "DataLossError": (15, "DATA_LOSS"), "UnauthenticatedError": (16, "UNAUTHENTICATED"),
}


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_error_classes_codes_and_hierarchy(name):
    cls = getattr(tf.errors, name)
    assert issubclass(cls, tf.errors.OpError) and issubclass(cls, Exception)
    code, constant = CLASSES[name]
    assert cls.error_code == code and getattr(tf.errors, constant) == code
    assert exception_type_from_error_code(code) is cls
    e = cls(None, None, "boom")
    assert str(e) == "boom" and e.message == "boom" and e.op is None and e.node_def is None
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is cls and again.message == "boom"


def test_messages_name_op_shapes_and_dtypes():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.add(tf.ones([2, 3]), tf.ones([4]))
    assert as_recorded(str(e.value)) == (
        "{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
        "Incompatible shapes: [2,3] vs. [4] [Op:AddV2] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: \[2,3\] "
                             r"\[Op:MatMul\]"):
        tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Input to reshape is a tensor with 6 values, but the requested "
                             r"shape has 7 \[Op:Reshape\]"):
        tf.reshape(tf.range(6), [7])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Value for attr 'T' of int32 is not in the list of allowed "
                             r"values: (?s:.*)\[Op:Sqrt\]"):
        tf.sqrt([4])


def test_axes_out_of_range():
    for f in (lambda: tf.reduce_sum(tf.ones([2, 2]), axis=2),
              lambda: tf.concat([tf.ones([1, 2])] * 2, 2),
              lambda: tf.argmax(tf.ones([2, 2]), axis=2),
              lambda: tf.expand_dims([1, 2], 2),
              lambda: tf.cumsum(tf.ones([2, 2]), axis=-3),
              lambda: tf.reverse(tf.ones([2, 2]), [2])):
        with pytest.raises(tf.errors.InvalidArgumentError):
            f()


def test_negative_sizes():
    for f in (lambda: tf.zeros([-1]), lambda: tf.fill([2, -2], 7), lambda: tf.ones([3, -1]),
              lambda: tf.tile([1, 2], [-1]), lambda: tf.random.uniform([-2]),
              lambda: tf.reshape(tf.range(6), [-2, 3]), lambda: tf.one_hot([0], -1),
              lambda: tf.eye(-1)):
        with pytest.raises(tf.errors.InvalidArgumentError):
            f()


def test_indices_out_of_bounds():
    with tf.device("/CPU:0"):  # (TF's CPU kernels' checks: its GPU kernels make none)
        _indices_out_of_bounds()


def _indices_out_of_bounds():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0\] = 3 is not in "
                                                             r"\[0, 3\)"):
        tf.gather([1, 2, 3], [3])
    with pytest.raises(tf.errors.InvalidArgumentError, match="does not index into param shape"):
        tf.gather_nd([[1, 2], [3, 4]], [[2, 0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="does not index into shape"):
        tf.scatter_nd([[5]], [9], [5])
    with pytest.raises(tf.errors.InvalidArgumentError, match="out of bounds"):
        tf.constant([1, 2])[2]


def test_huge_shapes_fail_before_allocating():
    with pytest.raises(tf.errors.ResourceExhaustedError,
                       match=r"OOM when allocating tensor with shape\[1000000,1000000\] and type "
                             r"float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator "
                             r"cpu"), tf.device("/cpu:0"):
        tf.ones([10**6, 10**6])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"would have more than 2\*\*63 - 1"):
        tf.zeros([2**62, 4])
    for f in (lambda: tf.tile(tf.ones([1000]), [10**12]),
              lambda: tf.broadcast_to(1.0, [10**7, 10**7]),
              lambda: tf.random.normal([10**13]),
              # (a depth within int32: a Python int past it wraps, as TF's conversion)
              lambda: tf.one_hot(tf.zeros([10**6], tf.int32), 2**31 - 1),
              lambda: tf.pad([1.0], [[0, 10**14]])):
        with pytest.raises(tf.errors.ResourceExhaustedError):
            f()


def test_no_numpy_warnings_reach_the_user():
    code = ("import eagerflow as tf\n"
            "tf.math.log(tf.constant([0.0, -1.0])); tf.constant([1.0]) / 0.0\n"
            "tf.exp(tf.constant(1000.0)); tf.reduce_mean(tf.zeros([0]))\n"
            "tf.cast(tf.constant([float('nan')]), tf.int64)\n")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-W", "default", "-c", code], capture_output=True,
                         text=True, cwd=root, env=dict(os.environ, PYTHONPATH=root))
    assert out.returncode == 0, out.stderr
    assert "Warning" not in out.stderr, out.stderr
    assert np.isnan(tf.reduce_mean(tf.zeros([0])).numpy())
