"""Programs over TF 1's resource TensorArrays and stacks through tf.raw_ops, run eagerly:
make_tensor_array_v1_golden.py records what TF 2.21 gives for each step, and
test_tensor_array_v1.py checks that eagerflow gives the same.

Each program calls `step(fn)` for each raw op call it makes; the outcome of a step is its
value (the arrays it returns, a handle's repr) or the error it raises ([class, message]).
Arrays and stacks are named by a process-wide count, which `outcomes` replaces by "N".
This module imports neither TensorFlow nor eagerflow: it is handed one.
"""

import re

import numpy as np

_COUNTED = re.compile(r"((?:TensorArrayV3|StackV2|named)_)\d+")


def _plain(text: str) -> str:
    return _COUNTED.sub(r"\1N", text)


def outcomes(tf, code: str) -> list:
    """What each `step` of program `code` gives with `tf` (TensorFlow or eagerflow)."""
    out: list = []

    def step(fn) -> None:
        try:
            value = fn()
        except Exception as e:  # noqa: BLE001 - the error is the recorded result
            out.append(["error", type(e).__name__, _plain(str(e))])
            return
        if value is None:
            out.append(["none"])
            return
        values = value if isinstance(value, (tuple, list)) else (value,)
        rec = []
        for v in values:
            if v.dtype == tf.resource:
                rec.append(["handle", _plain(repr(v))])
            else:
                a = np.asarray(v)
                flat = [bytes(x).decode("latin-1") if a.dtype.kind in "OS" else x
                        for x in a.ravel().tolist()]
                rec.append([a.dtype.name, list(a.shape), flat])
        out.append(["value", rec])

    scope = {"tf": tf, "R": tf.raw_ops, "np": np, "step": step, "f32": tf.float32}
    exec(code, scope)
    return out


CASES = {
    "create": """
h, f = R.TensorArrayV3(size=3, dtype=f32)
step(lambda: (h, f))
step(lambda: R.TensorArrayV3(size=2, dtype=tf.int32, tensor_array_name="named"))
step(lambda: R.TensorArrayV3(size=-1, dtype=f32))
step(lambda: R.TensorArrayV3(size=[1], dtype=f32))
step(lambda: R.TensorArrayV3(size=0, dtype=tf.string))
""",
    "write_read": """
h, f = R.TensorArrayV3(size=3, dtype=f32)
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=[1., 2.], flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=[1., 2.], flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=[1, 2], flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.constant([1., 2., 3.]),
                                  flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=3, value=[1., 2.], flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=-1, value=tf.constant([1., 2.]),
                                  flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=[0], value=tf.constant([1., 2.]),
                                  flow_in=f))
step(lambda: R.TensorArraySizeV3(handle=h, flow_in=f))
step(lambda: R.TensorArrayReadV3(handle=h, index=2, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=0, flow_in=f, dtype=tf.int32))
step(lambda: R.TensorArrayReadV3(handle=h, index=5, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=-1, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=[0], flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=0, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=0, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.constant([1., 2.]),
                                  flow_in=f))
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=f32))
""",
    "close": """
h, f = R.TensorArrayV3(size=2, dtype=f32)
step(lambda: R.TensorArrayCloseV3(handle=h))
step(lambda: R.TensorArraySizeV3(handle=h, flow_in=f))
step(lambda: R.TensorArrayReadV3(handle=h, index=0, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.constant(1.), flow_in=f))
step(lambda: R.TensorArrayGradV3(handle=h, flow_in=f, source="g"))
step(lambda: R.TensorArrayCloseV3(handle=h))
""",
    "element_shape": """
h, f = R.TensorArrayV3(size=3, dtype=f32, element_shape=[None, 2])
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([3]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([1, 2]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.ones([5, 2]), flow_in=f))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([0, 1]), flow_in=f,
                                   dtype=f32))
h, f = R.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=f32))
h, f = R.TensorArrayV3(size=2, dtype=f32, element_shape=[2])
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([0]), flow_in=f,
                                   dtype=f32, element_shape=[3]))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([0]), flow_in=f,
                                   dtype=f32, element_shape=[None]))
h, f = R.TensorArrayV3(size=2, dtype=f32, identical_element_shapes=True)
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([1]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.ones([2]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.ones([1]), flow_in=f))
""",
    "gather_concat": """
h, f = R.TensorArrayV3(size=2, dtype=f32, clear_after_read=False)
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([1, 0]),
                                    value=tf.constant([[1., 2.], [3., 4.]]), flow_in=f))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([1, 0, 1]), flow_in=f,
                                   dtype=f32))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([[1, 0]]), flow_in=f,
                                   dtype=f32))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([0]), flow_in=f,
                                   dtype=tf.int32))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([0, 2]), flow_in=f,
                                   dtype=f32))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.zeros([0], tf.int32), flow_in=f,
                                   dtype=f32))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.zeros([0], tf.int32), flow_in=f,
                                   dtype=f32, element_shape=[3]))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=tf.int32))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([0]),
                                    value=tf.constant([[1., 2.]]), flow_in=f))
h, f = R.TensorArrayV3(size=2, dtype=f32, clear_after_read=False)
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([2]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.ones([3]), flow_in=f))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.constant([0, 1]), flow_in=f,
                                   dtype=f32))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
h, f = R.TensorArrayV3(size=2, dtype=f32, clear_after_read=False)
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([2, 3]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.ones([1, 4]), flow_in=f))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
h, f = R.TensorArrayV3(size=2, dtype=f32)
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=tf.ones([]), flow_in=f))
step(lambda: R.TensorArrayWriteV3(handle=h, index=1, value=tf.ones([]), flow_in=f))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
h, f = R.TensorArrayV3(size=0, dtype=f32)
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32,
                                   element_shape_except0=[3]))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=tf.zeros([0], tf.int32), flow_in=f,
                                   dtype=f32))
""",
    "scatter_split": """
h, f = R.TensorArrayV3(size=2, dtype=f32)
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([0, 1]),
                                    value=tf.constant([[1., 2.]]), flow_in=f))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([0, 2]),
                                    value=tf.ones([2, 2]), flow_in=f))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([[0, 1]]),
                                    value=tf.ones([2, 2]), flow_in=f))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([0]),
                                    value=tf.constant(1.), flow_in=f))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([0]),
                                    value=tf.constant([1]), flow_in=f))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([-1]),
                                    value=tf.constant([1.]), flow_in=f))
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant([1., 2., 3.]),
                                  lengths=tf.constant([1, 1], tf.int64), flow_in=f))
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant([1., 2., 3.]),
                                  lengths=tf.constant([1, 1, 1], tf.int64), flow_in=f))
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant(1.),
                                  lengths=tf.constant([1, 1], tf.int64), flow_in=f))
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant([1., 2.]),
                                  lengths=tf.constant([[1, 1]], tf.int64), flow_in=f))
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant([1, 2]),
                                  lengths=tf.constant([1, 1], tf.int64), flow_in=f))
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant([1., 2., 3.]),
                                  lengths=tf.constant([1, 2], tf.int64), flow_in=f))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
""",
    "dynamic_size": """
h, f = R.TensorArrayV3(size=0, dtype=f32, dynamic_size=True)
step(lambda: R.TensorArrayWriteV3(handle=h, index=4, value=tf.constant([1.]), flow_in=f))
step(lambda: R.TensorArraySizeV3(handle=h, flow_in=f))
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=h, index=9, flow_in=f, dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=h, index=-1, value=tf.constant([1.]), flow_in=f))
h, f = R.TensorArrayV3(size=0, dtype=f32, dynamic_size=True)
step(lambda: R.TensorArrayScatterV3(handle=h, indices=tf.constant([3, 1]),
                                    value=tf.ones([2, 2]), flow_in=f))
step(lambda: R.TensorArraySizeV3(handle=h, flow_in=f))
h, f = R.TensorArrayV3(size=1, dtype=f32, dynamic_size=True)
step(lambda: R.TensorArraySplitV3(handle=h, value=tf.constant([1., 2., 3.]),
                                  lengths=tf.constant([1, 2], tf.int64), flow_in=f))
step(lambda: R.TensorArraySizeV3(handle=h, flow_in=f))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=f32))
""",
    "flows_and_zeros": """
h, f = R.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=[1., 2.], flow_in=5.))
step(lambda: R.TensorArrayScatterV3(handle=h, indices=[1], value=[[3., 4.]], flow_in=7.))
step(lambda: R.TensorArrayGradV3(handle=h, flow_in=9., source="g")[1])
h, f = R.TensorArrayV3(size=2, dtype=f32)
step(lambda: R.TensorArraySplitV3(handle=h, value=[1., 2., 3.],
                                  lengths=tf.constant([1, 2], tf.int64), flow_in=3.5))
h, f = R.TensorArrayV3(size=2, dtype=tf.string, element_shape=[2], clear_after_read=False)
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=tf.string))
step(lambda: R.TensorArrayGatherV3(handle=h, indices=[0], flow_in=f, dtype=tf.string,
                                   element_shape=[2]))
step(lambda: R.TensorArrayWriteV3(handle=h, index=0, value=[b"a", b"bc"], flow_in=f))
step(lambda: R.TensorArrayReadV3(handle=h, index=0, flow_in=f, dtype=tf.string))
step(lambda: R.TensorArrayConcatV3(handle=h, flow_in=f, dtype=tf.string))
h, f = R.TensorArrayV3(size=2, dtype=tf.bool, element_shape=[2])
step(lambda: R.TensorArrayReadV3(handle=h, index=1, flow_in=f, dtype=tf.bool))
""",
    "gradients": """
h, f = R.TensorArrayV3(size=3, dtype=f32, element_shape=[2])
step(lambda: R.TensorArrayGradV3(handle=h, flow_in=f, source="gradients"))
gh, gf = R.TensorArrayGradV3(handle=h, flow_in=f, source="gradients")
step(lambda: R.TensorArrayWriteV3(handle=gh, index=0, value=tf.ones([2]), flow_in=gf))
step(lambda: R.TensorArrayWriteV3(handle=gh, index=0, value=tf.ones([2]), flow_in=gf))
step(lambda: R.TensorArrayWriteV3(handle=gh, index=0, value=tf.ones([3]), flow_in=gf))
step(lambda: R.TensorArraySizeV3(handle=gh, flow_in=gf))
step(lambda: R.TensorArrayReadV3(handle=gh, index=0, flow_in=gf, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=gh, index=1, flow_in=gf, dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=gh, index=3, value=tf.ones([2]), flow_in=gf))
step(lambda: R.TensorArrayGradV3(handle=gh, flow_in=gf, source="gradients"))
step(lambda: R.TensorArrayGradWithShape(handle=h, flow_in=f, shape_to_prepend=[[4]],
                                        source="s"))
sh, sf = R.TensorArrayGradWithShape(handle=h, flow_in=f, shape_to_prepend=[4], source="s")
step(lambda: R.TensorArrayReadV3(handle=sh, index=1, flow_in=sf, dtype=f32))
h, f = R.TensorArrayV3(size=3, dtype=f32)
gh, gf = R.TensorArrayGradV3(handle=h, flow_in=f, source="g")
step(lambda: R.TensorArrayReadV3(handle=gh, index=1, flow_in=gf, dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=gh, index=0, value=tf.ones([2]), flow_in=gf))
step(lambda: R.TensorArrayWriteV3(handle=gh, index=0, value=tf.ones([2]), flow_in=gf))
step(lambda: R.TensorArrayWriteV3(handle=gh, index=0, value=tf.ones([3]), flow_in=gf))
step(lambda: R.TensorArrayReadV3(handle=gh, index=0, flow_in=gf, dtype=f32))
step(lambda: R.TensorArrayReadV3(handle=gh, index=0, flow_in=gf, dtype=f32))
""",
    "stacks": """
s = R.StackV2(max_size=2, elem_type=f32)
step(lambda: s)
step(lambda: R.StackPopV2(handle=s, elem_type=f32))
step(lambda: R.StackPopV2(handle=s, elem_type=tf.int32))
step(lambda: R.StackPushV2(handle=s, elem=tf.constant([1., 2.])))
step(lambda: R.StackPushV2(handle=s, elem=tf.constant([1])))
step(lambda: R.StackPushV2(handle=s, elem=tf.constant(3.), swap_memory=True))
step(lambda: R.StackPushV2(handle=s, elem=tf.constant(4.)))
step(lambda: R.StackPopV2(handle=s, elem_type=tf.int32))
step(lambda: R.StackPopV2(handle=s, elem_type=f32))
step(lambda: R.StackPopV2(handle=s, elem_type=f32))
step(lambda: R.StackPopV2(handle=s, elem_type=f32))
step(lambda: R.StackCloseV2(handle=s))
step(lambda: R.StackPushV2(handle=s, elem=tf.constant(4.)))
step(lambda: R.StackPopV2(handle=s, elem_type=f32))
step(lambda: R.StackCloseV2(handle=s))
s = R.StackV2(max_size=-1, elem_type=tf.string, stack_name="named")
step(lambda: s)
step(lambda: [R.StackPushV2(handle=s, elem=tf.constant(b"ab" * k)) for k in range(4)][-1])
step(lambda: R.StackPopV2(handle=s, elem_type=tf.string))
step(lambda: R.StackV2(max_size=[1], elem_type=f32))
s = R.StackV2(max_size=0, elem_type=f32)
step(lambda: R.StackPushV2(handle=s, elem=tf.constant(1.)))
""",
    "wrong_handles": """
v = tf.Variable(1.)
h, f = R.TensorArrayV3(size=1, dtype=f32)
s = R.StackV2(max_size=-1, elem_type=f32)
step(lambda: R.TensorArrayReadV3(handle=v.handle, index=0, flow_in=0., dtype=f32))
step(lambda: R.TensorArrayWriteV3(handle=v.handle, index=0, value=tf.constant(1.),
                                  flow_in=0.))
step(lambda: R.TensorArrayCloseV3(handle=v.handle))
step(lambda: R.StackPopV2(handle=v.handle, elem_type=f32))
step(lambda: R.StackPopV2(handle=h, elem_type=f32))
step(lambda: R.TensorArraySizeV3(handle=s, flow_in=f))
step(lambda: R.TensorArrayGradV3(handle=s, flow_in=f, source="g"))
""",
    "older_versions": """
for name, kw in [
        ("TensorArray", dict(size=3, dtype=f32)),
        ("TensorArrayV2", dict(size=3, dtype=f32)),
        ("TensorArrayRead", dict(handle="a", index=0, flow_in=0., dtype=f32)),
        ("TensorArrayReadV2", dict(handle="a", index=0, flow_in=0., dtype=f32)),
        ("TensorArrayWrite", dict(handle="a", index=0, value=1., flow_in=0.)),
        ("TensorArrayWriteV2", dict(handle="a", index=0, value=1., flow_in=0.)),
        ("TensorArrayGather", dict(handle="a", indices=[0], flow_in=0., dtype=f32)),
        ("TensorArrayGatherV2", dict(handle="a", indices=[0], flow_in=0., dtype=f32)),
        ("TensorArrayScatter", dict(handle="a", indices=[0], value=[1.], flow_in=0.)),
        ("TensorArrayScatterV2", dict(handle="a", indices=[0], value=[1.], flow_in=0.)),
        ("TensorArrayConcat", dict(handle="a", flow_in=0., dtype=f32)),
        ("TensorArrayConcatV2", dict(handle="a", flow_in=0., dtype=f32)),
        ("TensorArrayConcatV2", dict(handle=["a", "b"], flow_in=0., dtype=f32)),
        ("TensorArraySplit", dict(handle="a", value=[1.], lengths=[1], flow_in=0.)),
        ("TensorArraySplitV2", dict(handle="a", value=[1.], lengths=[1], flow_in=0.)),
        ("TensorArraySize", dict(handle="a", flow_in=0.)),
        ("TensorArraySizeV2", dict(handle="a", flow_in=0.)),
        ("TensorArrayClose", dict(handle="a")),
        ("TensorArrayCloseV2", dict(handle="a")),
        ("TensorArrayCloseV2", dict(handle=["a", "b"])),
        ("TensorArrayGrad", dict(handle="a", flow_in=0., source="g")),
        ("TensorArrayGradV2", dict(handle="a", flow_in=0., source="g")),
        ("TensorArrayPack", dict(handle="a", flow_in=0., dtype=f32)),
        ("TensorArrayUnpack", dict(handle="a", value=[1.], flow_in=0.)),
        ("Stack", dict(elem_type=f32)),
        ("StackPush", dict(handle="a", elem=1.)),
        ("StackPop", dict(handle="a", elem_type=f32)),
        ("StackClose", dict(handle="a"))]:
    step(lambda: getattr(R, name)(**kw))
""",
}
