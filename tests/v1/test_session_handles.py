"""TF 1's session handles (tf.compat.v1.get_session_handle, get_session_tensor,
delete_session_tensor; the GetSessionHandle, GetSessionTensor and DeleteSessionTensor
ops): a tensor kept in a Session between runs, each value, handle and message as TF 2.21
gave them for the same program (recorded by hand from TF's run)."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

v1 = tf.compat.v1
R = tf.raw_ops
DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


def test_a_tensor_kept_between_runs():
    with tf.Graph().as_default() as g:
        c = tf.multiply(tf.constant(10.0), tf.constant(5.0))
        h = v1.get_session_handle(c)
        assert h.op.type == "GetSessionHandle" and h.dtype == tf.string
        with v1.Session() as sess:
            hv = sess.run(h)
            assert type(hv).__name__ == "TensorHandle"
            assert hv.handle == str(hv) == f"GetSessionHandle;0;{DEVICE}"
            assert hv.eval() == 50.0
            p, x = v1.get_session_tensor(hv.handle, tf.float32)
            assert p.dtype == tf.string and x.op.type == "GetSessionTensor"
            y = tf.multiply(x, 10.0)
            assert sess.run(y, feed_dict={p: hv.handle}) == 500.0
            hv2 = sess.run(h)
            assert hv2.handle == f"GetSessionHandle;1;{DEVICE}"
            assert hv.delete() is None
            with pytest.raises(tf.errors.InvalidArgumentError,
                               match=f"The tensor with handle 'GetSessionHandle;0;{DEVICE}' "
                                     "is not in the session store."):
                sess.run(y, feed_dict={p: hv.handle})
            with pytest.raises(TypeError, match=f"Persistent tensor GetSessionHandle;0;{DEVICE}"
                                                " may have already been deleted."):
                hv.delete()
            p2, deleter = v1.delete_session_tensor(hv2.handle)
            assert deleter.type == "DeleteSessionTensor"
            sess.run(deleter, feed_dict={p2: hv2.handle})
            ints = sess.run(v1.get_session_handle(tf.constant([1, 2])))
            assert ints.handle == f"GetSessionHandle_1;2;{DEVICE}"
            with pytest.raises(tf.errors.InternalError,
                               match="Output 0 of type int32 does not match declared output "
                                     "type float for node {{node GetSessionTensor_1}}"):
                sess.run(y, feed_dict={p: ints.handle})
            np.testing.assert_array_equal(ints.eval(), [1, 2])
            strings = sess.run(v1.get_session_handle(tf.constant("s")))
            assert strings.eval() == b"s"
            keep = sess.run(h)
        with v1.Session() as other:  # (each Session has a store of its own)
            with pytest.raises(tf.errors.InvalidArgumentError, match="is not in the session "
                                                                     "store"):
                other.run(y, feed_dict={p: keep.handle})
        with pytest.raises(RuntimeError, match="Attempted to use a closed Session."):
            keep.eval()
        assert [o.type for o in g.get_operations()][:4] == ["Const", "Const", "Mul",
                                                            "GetSessionHandle"]


def test_refusals():
    with tf.Graph().as_default():
        v = v1.Variable(3.0)
        with pytest.raises(TypeError, match="`data` must be of type Tensor."):
            v1.get_session_handle(v)
    for op, call in [("GetSessionHandle", lambda: R.GetSessionHandle(value=1.0)),
                     ("GetSessionHandle", lambda: R.GetSessionHandleV2(value=1.0)),
                     ("GetSessionTensor",
                      lambda: R.GetSessionTensor(handle="x", dtype=tf.float32)),
                     ("DeleteSessionTensor", lambda: R.DeleteSessionTensor(handle="x")),
                     ("GetSessionHandle", lambda: v1.get_session_handle(tf.constant(1.0)))]:
        with pytest.raises(tf.errors.FailedPreconditionError,
                           match=f"{op} called on null session state"):
            call()
    for f in (lambda: v1.get_session_tensor("x", tf.float32),
              lambda: v1.delete_session_tensor("x")):
        with pytest.raises(ValueError, match="Unknown attribute 'x' is encountered while "
                                             "parsing the device spec: 'x'."):
            f()
