"""TF 2.21's runtime raw ops (ops/runtime_raw_ops.py): the facts the registry suites don't
pin, each as TF 2.21 gives it (values and messages recorded from TF 2.21 eagerly and in
tf.function)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.ops import runtime_raw_ops

R = tf.raw_ops
_CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
_PREFIX = "{{function_node __wrapped__%s_device_%s}} "
# TF's messages were recorded on its CPU. On a GPU (the default device of
# EAGERFLOW_STANDIN_GPUS=1) an op TF has a GPU kernel for runs there, and its errors name
# that device (on_device=True); those of an op TF runs on the host name CPU:0 still.
_HERE = D.default_device().canonical
_ON_GPU = D.default_device().device_type == "GPU"


def _refused(op, message, fn, error=tf.errors.InvalidArgumentError, named=True,
             on_device=False):
    with pytest.raises(error) as e:
        fn()
    assert str(e.value) == (_PREFIX % (op, _HERE if on_device else _CPU) + message +
                            f" [Op:{op}]" + (" name: " if named else ""))


# -- IdentityN, tf.identity_n ---------------------------------------------------------------

def test_identity_n_passes_each_input_and_each_gradient():
    x, y = tf.constant([1.0, 2.0]), tf.constant(3.0)
    with tf.GradientTape(persistent=True) as t:
        t.watch([x, y])
        a, b = R.IdentityN(input=[x, y])
        loss = tf.reduce_sum(a * 2) + b * b
        c, _ = tf.identity_n([x, y])
    assert [g.numpy().tolist() for g in t.gradient(loss, [x, y])] == [[2.0, 2.0], 6.0]
    # (an output no gradient reached: zeros for its input)
    assert [g.numpy().tolist() for g in t.gradient(c, [x, y])] == [[1.0, 1.0], 0.0]
    out = R.IdentityN(input=[1.0, "a", np.int64(3)])
    assert [o.dtype for o in out] == [tf.float32, tf.string, tf.int64]


def test_identity_n_refuses_no_inputs_and_a_scalar():
    msg = ("Length for attr 'T' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
           "IdentityN}}; Op<name=IdentityN; signature=input: -> output:; attr=T:list(type),"
           "min=1> [Op:IdentityN] name: ")
    for fn in (lambda: R.IdentityN(input=[]), lambda: tf.identity_n([])):
        with pytest.raises(tf.errors.InvalidArgumentError) as e:
            fn()
        assert str(e.value) == msg
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor."):
        tf.identity_n(tf.constant(1.0))


# -- the pass-throughs ----------------------------------------------------------------------

def test_pass_throughs_without_a_gradient():
    x = tf.constant([1.0, 2.0])
    for name, arg in (("Snapshot", "input"), ("DeepCopy", "x"), ("Copy", "input"),
                      ("CopyHost", "input")):
        with tf.GradientTape() as t:
            t.watch(x)
            y = getattr(R, name)(**{arg: x})
        assert y.numpy().tolist() == [1.0, 2.0]
        with pytest.raises(LookupError, match=f"^gradient registry has no entry for: {name}$"):
            t.gradient(y, x)


def test_prevent_gradient_refuses_its_gradient_with_its_message():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as t:
        t.watch(x)
        y = R.PreventGradient(input=x, message="my reason")
    with pytest.raises(LookupError) as e:
        t.gradient(y, x)
    assert str(e.value) == "Gradient explicitly disabled. Reason: b'my reason'"

    @tf.function
    def f(x):
        with tf.GradientTape() as t:
            t.watch(x)
            y = R.PreventGradient(input=x)
        return t.gradient(y, x)

    with pytest.raises(Exception, match=r"LookupError: Gradient explicitly disabled. "
                                        r"Reason: b''") as e:  # (as TF: its StagingError)
        f(x)
    assert type(e.value).__name__ == "StagingError"


def test_snapshot_and_deep_copy_refuse_as_tf():
    with pytest.raises(tf.errors.NotFoundError, match=r"^Could not find device for node: "
                       r"\{\{node Snapshot\}\} = Snapshot\[T=DT_STRING\]\nAll kernels "
                       r"registered for op Snapshot:\n  device='XLA_CPU_JIT'"):
        R.Snapshot(input=["a"])
    assert R.DeepCopy(x=["a", ""]).numpy().tolist() == [b"a", b""]
    # (TF's GPU kernels of DeepCopy take no quantized type: its CPU kernel refuses it)
    _refused("DeepCopy", "Unsupported data type: qint8",
             lambda: R.DeepCopy(x=tf.constant([1], tf.qint8)))


def test_placeholder_with_default_checks_its_shape_in_graphs_only():
    # (TF's eager kernel checks nothing; its shape function refuses the node)
    assert R.PlaceholderWithDefault(input=[1.0, 2.0], shape=[3]).shape == (2,)
    assert tf.compat.v1.placeholder_with_default([1.0], [2, 1]).shape == (1,)

    def graph(shape, spec):
        return tf.function(lambda x: R.PlaceholderWithDefault(input=x, shape=shape)) \
            .get_concrete_function(tf.TensorSpec(spec))

    assert graph([None, 3], [None, None]).output_shapes == tf.TensorShape([None, 3])
    assert graph(None, [2]).output_shapes == tf.TensorShape(None)
    with pytest.raises(ValueError, match=r"Dimension 0 in both shapes must be equal, but are "
                       r"2 and 3\. Shapes are \[2\] and \[3\]\. for '\{\{node "
                       r"PlaceholderWithDefault\}\} = PlaceholderWithDefault\[dtype=DT_FLOAT, "
                       r"shape=\[3\]\]\(x\)' with input shapes: \[2\]\."):
        graph([3], [2])
    with pytest.raises(ValueError, match=r"Shapes must be equal rank, but are 1 and 2 for "):
        graph([2, 1], [2])


def test_placeholder_with_default_is_fed_in_a_tf1_graph():
    g = tf.Graph()
    with g.as_default():
        a = tf.compat.v1.placeholder_with_default([1.0, 2.0], [None])
        assert (a.op.type, a.shape) == ("PlaceholderWithDefault", tf.TensorShape([None]))
        with tf.compat.v1.Session() as s:
            assert s.run(a).tolist() == [1.0, 2.0]
            assert s.run(a, {a: [5.0]}).tolist() == [5.0]


# -- no outputs -----------------------------------------------------------------------------

def test_ops_of_no_outputs():
    assert (R.NoOp(), R.SyncDevice(), R.ControlTrigger()) == (None, None, None)
    g = tf.Graph()
    with g.as_default():
        op = R.NoOp()
        assert op.type == "NoOp"
        assert tf.no_op().type == tf.group(tf.constant(1.0)).type == "NoOp"


# -- ToBool ---------------------------------------------------------------------------------

@pytest.mark.parametrize("value,want", [
    (0, False), (1, True), (-0.0, False), (float("nan"), True), (np.int8(-1), True),
    (np.uint8(0), False), ("", False), ("a", True), ([], False), ([0], True), ([[]], False),
    ([""], True), (np.zeros((0, 3)), False), (np.float16([0.0]), True),
    (np.complex64([0.0]), True)])
def test_to_bool(value, want):
    assert R.ToBool(input=value).numpy() is np.bool_(want)


def test_to_bool_refuses_some_scalars():
    _refused("ToBool", "complex64 cannot be converted to a boolean",
             lambda: R.ToBool(input=tf.constant(1j, tf.complex64)))
    _refused("ToBool", "half cannot be converted to a boolean",
             lambda: R.ToBool(input=np.float16(0)), named=False)
    _refused("ToBool", "uint16 cannot be converted to a boolean",
             lambda: R.ToBool(input=tf.constant(3, tf.uint16)))
    _refused("ToBool", "variant cannot be converted to a boolean",
             lambda: R.ToBool(input=R.EmptyTensorMap()))


# -- DeviceIndex, SdcaFprint, FakeParam -----------------------------------------------------

def test_device_index():
    # (TF's kernel runs on the default device, a GPU's too: the index of its type, GPU)
    for names, on_cpu, on_gpu in ((["GPU", "CPU"], 1, 0), ([], 0, 0), (["cpu"], 1, 1),
                                  (["/device:CPU:0"], 1, 1), (["CPU", "CPU"], 0, 2),
                                  (["TPU", "GPU"], 2, 1)):
        assert int(R.DeviceIndex(device_names=names)) == (on_gpu if _ON_GPU else on_cpu)
    with tf.device("/CPU:0"):
        assert int(R.DeviceIndex(device_names=["GPU", "CPU"])) == 1


def test_sdca_fprint_is_tf_s():
    got = R.SdcaFprint(input=["", "a", "hello",
                              "hello world, a longer string over 32 bytes long!!"])
    assert got.numpy().tolist() == [  # (TF 2.21's)
        [4463240938071824939, 4374473821787594281], [7969074168056553668, 5955762262185338209],
        [8030732511675000650, 7283604105673962311], [7787308220186006024, 2113392401453940486]]
    assert R.SdcaFprint(input=np.zeros((0,), object)).shape == (0, 2)
    _refused("SdcaFprint", "Input must be a vector, got shape [2,2]",
             lambda: R.SdcaFprint(input=[["a", "b"], ["c", "d"]]), named=False)
    with pytest.raises(ValueError, match=r"Shape must be rank 1 but is rank 2 for '\{\{node "
                       r"SdcaFprint\}\} = SdcaFprint\[\]\(x\)' with input shapes: \[2,2\]\."):
        tf.function(lambda x: R.SdcaFprint(input=x)).get_concrete_function(
            tf.TensorSpec([2, 2], tf.string))


def test_sdca_fprint_never_gives_0_or_1_first(monkeypatch):
    monkeypatch.setattr(runtime_raw_ops.farmhash, "fingerprint128",
                        lambda s: {b"0": (0, 7), b"1": (1, 7)}.get(s, (2, 7)))
    assert R.SdcaFprint(input=["0", "1", "2"]).numpy().tolist() == [[-2, 7], [-1, 7], [2, 7]]


def test_fake_param():
    # (TF's FakeParam has a kernel on every device: its errors name the default one)
    # (TF's values are uninitialized memory: eagerflow's zeros, empty strings)
    assert R.FakeParam(dtype=tf.float32, shape=[None, 3]).shape == (0, 3)
    assert R.FakeParam(dtype=tf.int32, shape=None).shape == ()
    assert R.FakeParam(dtype=tf.string, shape=[2]).numpy().tolist() == [b"", b""]
    f = tf.function(lambda: R.FakeParam(dtype=tf.float32, shape=[None, 3]))
    assert f.get_concrete_function().output_shapes == tf.TensorShape([None, 3])
    assert f().shape == (0, 3)
    _refused("FakeParam", "Shape [-5] has dimensions with values below -1 (where -1 means "
             "unknown)", lambda: R.FakeParam(dtype=tf.float32, shape=[-5]), on_device=True)
    _refused("FakeParam", "Shape [2147483648,2147483648,4] is too large (more than 2**63 - 1 "
             "entries)", lambda: R.FakeParam(dtype=tf.int8, shape=[2**31, 2**31, 4]),
             on_device=True)
    _refused("FakeParam", "OOM when allocating temporary tensor with shape[4611686018427387904]",
             lambda: R.FakeParam(dtype=tf.float32, shape=[2**62]),
             error=tf.errors.ResourceExhaustedError, on_device=True)


# -- TensorMap ------------------------------------------------------------------------------

def _map(*items):
    m = R.EmptyTensorMap()
    for k, v in items:
        m = R.TensorMapInsert(input_handle=m, key=k, value=v)
    return m


def test_tensor_map_basics():
    m = R.EmptyTensorMap()
    assert (m.dtype, m.shape, repr(m)) == (
        tf.variant, (), "<tf.Tensor: shape=(), dtype=variant, value=<TensorMap>>")
    m1 = _map((1, [1.0, 2.0]), (5, [3.0]))
    m2 = R.TensorMapInsert(input_handle=m1, key=1, value=[7.0])  # (replaces; m1 unchanged)
    assert int(R.TensorMapSize(input_handle=m2)) == 2
    assert R.TensorMapLookup(input_handle=m2, key=1, value_dtype=tf.float32).numpy().tolist() \
        == [7.0]
    assert R.TensorMapLookup(input_handle=m1, key=1, value_dtype=tf.float32).numpy().tolist() \
        == [1.0, 2.0]
    m3 = R.TensorMapErase(input_handle=m2, key=5, value_dtype=tf.int32)  # (not checked)
    assert int(R.TensorMapSize(input_handle=m3)) == 1
    assert sorted(R.TensorMapStackKeys(input_handle=m1, key_dtype=tf.int32).numpy()) == [1, 5]
    nested = _map((1, m1))
    inner = R.TensorMapLookup(input_handle=nested, key=1, value_dtype=tf.variant)
    assert int(R.TensorMapSize(input_handle=inner)) == 2
    assert bool(R.TensorMapHasKey(input_handle=_map((1, "s")), key=1))
    assert int(R.TensorMapSize(input_handle=tf.zeros_like(m1))) == 0  # (TF's: an empty map)
    assert int(R.TensorMapSize(input_handle=tf.identity(m1))) == 2


def test_tensor_map_keys_are_dtype_shape_and_bytes():
    m = _map((tf.constant(np.float32(0.0)), 1.0))
    assert not bool(R.TensorMapHasKey(input_handle=m, key=tf.constant(np.float32(-0.0))))
    nan = _map((np.float32("nan"), 1.0))
    assert bool(R.TensorMapHasKey(input_handle=nan, key=np.float32("nan")))
    assert not bool(R.TensorMapHasKey(input_handle=nan, key=-np.float32("nan")))
    one = _map((1, 1.0))
    for other in (np.int64(1), np.uint32(1), 1.0, [1]):
        assert not bool(R.TensorMapHasKey(input_handle=one, key=other))
    assert int(R.TensorMapSize(input_handle=_map(([1], 1.0), ([1, 1], 1.0)))) == 2
    assert bool(R.TensorMapHasKey(input_handle=_map(("a", 1.0)), key=b"a"))
    # (a variant key is never found again, as TF's TensorKey never equals one)
    e = R.EmptyTensorMap()
    twice = _map((e, 1.0), (e, 2.0))
    assert int(R.TensorMapSize(input_handle=twice)) == 2
    assert not bool(R.TensorMapHasKey(input_handle=twice, key=e))
    _refused("TensorMapLookup", 'Trying to lookup non-existent key. Could not find key '
             '"<TensorMap>".', lambda: R.TensorMapLookup(input_handle=twice, key=e,
                                                         value_dtype=tf.float32))


@pytest.mark.parametrize("key,text,named", [
    (2, "2", True), (1.5, "1.5", True), (np.float64(1 / 3), "0.33333333333333331", True),
    (np.float32(123456789.0), "123456792", False), (np.float32(0.1), "0.1", False),
    (True, "1", True), (1j, "?", False), ("a\nb\"c", 'a\\nb\\"c', False),
    ([[1, 2], [3, 4]], "[1 2][3 4]", False), (np.zeros((0,), np.float32), "", True),
    (list(range(150)), " ".join(map(str, range(100))) + "...", False),
    (np.arange(300).reshape(3, 100), "[" + " ".join(map(str, range(100))) + "]...", True)])
def test_tensor_map_missing_key_message(key, text, named):
    _refused("TensorMapLookup", f'Trying to lookup non-existent key. Could not find key '
             f'"{text}".', lambda: R.TensorMapLookup(input_handle=R.EmptyTensorMap(), key=key,
                                                     value_dtype=tf.float32), named=named)


def test_tensor_map_refusals():
    m = _map((1, [1.0, 2.0]))
    _refused("TensorMapLookup", "Type mismatch: actual float vs. expect int32",
             lambda: R.TensorMapLookup(input_handle=m, key=1, value_dtype=tf.int32))
    _refused("TensorMapErase", 'Trying to erase non-existent item. Could not find key "q".',
             lambda: R.TensorMapErase(input_handle=_map(("a", 1.0)), key="q",
                                      value_dtype=tf.float32), named=False)
    _refused("TensorMapStackKeys", "TensorMapStackKeys cannot be called on empty map.",
             lambda: R.TensorMapStackKeys(input_handle=R.EmptyTensorMap(), key_dtype=tf.int32))
    _refused("TensorMapStackKeys", "Key does not match requested dtype.",
             lambda: R.TensorMapStackKeys(input_handle=_map((1, 1.0), ("s", 1.0)),
                                          key_dtype=tf.int32))
    _refused("TensorMapStackKeys", "Keys must all have the same shape.",
             lambda: R.TensorMapStackKeys(input_handle=_map(([1], 1.0), ([1, 2], 1.0)),
                                          key_dtype=tf.int32))
    _refused("TensorMapSize", "Input map must be a scalar. Saw: [2]",
             lambda: R.TensorMapSize(input_handle=tf.stack([m, m])))
    _refused("TensorMapSize", "Input handle is not a map. Saw: 'Variant<type: "
             "tensorflow::TensorList value: TensorList>'",
             lambda: R.TensorMapSize(input_handle=R.EmptyTensorList(
                 element_shape=-1, max_num_elements=-1, element_dtype=tf.float32)))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.TensorMapSize(input_handle=tf.constant(1.0))
    assert str(e.value) == ("cannot compute TensorMapSize as input #0(zero-based) was expected "
                            "to be a variant tensor but is a float tensor [Op:TensorMapSize] "
                            "name: ")
    x = tf.constant([1.0])
    with tf.GradientTape(persistent=True) as t:  # (TF registers its gradients only with
        t.watch(x)                               # its map_ops module)
        m = _map((1, x))
        v = R.TensorMapLookup(input_handle=m, key=1, value_dtype=tf.float32)
        n = R.TensorMapSize(input_handle=m)
    for y, op in ((v, "TensorMapLookup"), (n, "TensorMapSize")):
        with pytest.raises(LookupError, match=f"^gradient registry has no entry for: {op}$"):
            t.gradient(y, x)
    with pytest.raises(TypeError, match="^Cannot convert 1 to EagerTensor of dtype variant$"):
        t.gradient(m, x)


def test_tensor_map_in_a_function():
    @tf.function
    def f(x):
        m = R.TensorMapInsert(input_handle=R.EmptyTensorMap(), key=1, value=x)
        return R.TensorMapLookup(input_handle=m, key=1, value_dtype=tf.float32), \
            R.TensorMapSize(input_handle=m), m

    cf = f.get_concrete_function(tf.TensorSpec([None]))
    assert [o.type for o in cf.graph.get_operations()][1:7] == [
        "EmptyTensorMap", "Const", "TensorMapInsert", "Const", "TensorMapLookup",
        "TensorMapSize"]
    v, n, m = f(tf.constant([1.0, 2.0]))
    assert v.numpy().tolist() == [1.0, 2.0] and int(n) == 1
    assert int(R.TensorMapSize(input_handle=m)) == 1

    @tf.function
    def g(x):
        m = R.TensorMapInsert(input_handle=R.EmptyTensorMap(), key=1, value=x)
        return R.TensorMapLookup(input_handle=m, key=2, value_dtype=tf.float32)

    with pytest.raises(tf.errors.InvalidArgumentError,
                       match='Trying to lookup non-existent key. Could not find key "2".'):
        g(tf.constant([1.0]))
