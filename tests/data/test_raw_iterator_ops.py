"""TF's remaining iterator ops and its Optional ops in tf.raw_ops, eagerly and in a
tf.function: IteratorGetNextAsOptional, OptionalFromValue / OptionalNone / OptionalHasValue
/ OptionalGetValue, TF 1's Iterator and OneShotIterator, IteratorToStringHandle /
IteratorFromStringHandle(V2) and IteratorGetDevice, with the values, reprs and errors TF
2.21 gives (recorded from it)."""

import pytest

import eagerflow as tf

I64 = dict(output_types=[tf.int64], output_shapes=[[]])
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
TYPE = b"N10tensorflow4data16IteratorResourceE"
# (TF's hash code of its IteratorResource type, a varint after field 4's tag)
HASH = b" \xfd\x8c\xa5\xa4\x8e\xbf\xda\xe1{"


def _prefix(op, n=None):
    arity = "" if n is None else f"_output_types_{n}"
    return f"{{{{function_node __wrapped__{op}{arity}_device_{CPU}}}}} "


def _range(n=3):
    return tf.raw_ops.RangeDataset(start=0, stop=n, step=1, **I64)


def _iterator(ds=None):
    it = tf.raw_ops.AnonymousIteratorV3(**I64)
    tf.raw_ops.MakeIterator(dataset=_range() if ds is None else ds, iterator=it)
    return it


def _raises(error, message, fn):
    with pytest.raises(error) as e:
        fn()
    assert str(e.value) == message


# -- optionals ---------------------------------------------------------------------------------

def test_get_next_as_optional_gives_the_elements_then_none():
    it = _iterator(_range(2))
    got = [tf.raw_ops.IteratorGetNextAsOptional(iterator=it, **I64) for _ in range(3)]
    assert [repr(o) for o in got] == [
        "<tf.Tensor: shape=(), dtype=variant, value=<OptionalVariant<values: (Tensor<type: "
        "int64 shape: [] values: 0>)>>>",
        "<tf.Tensor: shape=(), dtype=variant, value=<OptionalVariant<values: (Tensor<type: "
        "int64 shape: [] values: 1>)>>>",
        "<tf.Tensor: shape=(), dtype=variant, value=<OptionalVariant<None>>>"]
    assert [bool(tf.raw_ops.OptionalHasValue(optional=o)) for o in got] == [True, True, False]
    assert int(tf.raw_ops.OptionalGetValue(optional=got[1], **I64)[0]) == 1
    _raises(tf.errors.InvalidArgumentError,
            _prefix("OptionalGetValue", 1) + "The given optional does not have a value. "
            "[Op:OptionalGetValue] name: ",
            lambda: tf.raw_ops.OptionalGetValue(optional=got[2], **I64))


@pytest.mark.parametrize("components, text", [
    # (TF's debug text shows the last component only)
    ([[1], [2., 3.], ["a", "b"]], "Tensor<type: string shape: [2] values: a b>"),
    ([["a", "b"], 1], "Tensor<type: int32 shape: [] values: 1>"),
    ([tf.zeros([2, 3])], "Tensor<type: float shape: [2,3] values: [0 0 0]...>"),
    ([tf.range(20)], "Tensor<type: int32 shape: [20] values: 0 1 2...>"),
    ([True, tf.constant(2.5, tf.float64)], "Tensor<type: double shape: [] values: 2.5>"),
    ([tf.constant([True, False])], "Tensor<type: bool shape: [2] values: 1 0>"),
])
def test_an_optionals_repr_is_tfs(components, text):
    o = tf.raw_ops.OptionalFromValue(components=[tf.constant(c) for c in components])
    assert repr(o) == ("<tf.Tensor: shape=(), dtype=variant, value=<OptionalVariant<values: "
                       f"({text})>>>")


def test_an_optional_of_variants():
    o = tf.raw_ops.OptionalFromValue(components=[_range()])
    assert repr(o).endswith("(Tensor<type: variant shape: [] values: "
                            "<RangeDatasetOp(0, 3, 1)::Dataset>>)>>>")
    inner = tf.raw_ops.OptionalGetValue(optional=o, output_types=[tf.variant],
                                        output_shapes=[[]])[0]
    assert repr(inner) == ("<tf.Tensor: shape=(), dtype=variant, "
                           "value=<RangeDatasetOp(0, 3, 1)::Dataset>>")
    none = tf.raw_ops.OptionalFromValue(components=[tf.raw_ops.OptionalNone()])
    assert repr(none).endswith("(Tensor<type: variant shape: [] values: "
                               "<OptionalVariant<None>>>)>>>")


def test_get_value_gives_the_components():
    o = tf.raw_ops.OptionalFromValue(components=[tf.constant(1), tf.constant([2., 3.])])
    a, b = tf.raw_ops.OptionalGetValue(optional=o, output_types=[tf.int32, tf.float32],
                                       output_shapes=[[], [2]])
    assert (a.dtype, int(a), b.numpy().tolist()) == (tf.int32, 1, [2., 3.])
    c, = tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalFromValue(
        components=[tf.constant([1])]), output_types=[tf.int32], output_shapes=[[None]])
    assert c.numpy().tolist() == [1]


@pytest.mark.parametrize("types, shapes, n, message", [
    ([tf.int32], [[]], 1, "The given optional has 2 components, expected 1"),
    ([tf.float32, tf.float32], [[], [2]], 2, "The given optional does not match the expected "
     "type for component 0. Expected: float. Actual: int32."),
    ([tf.int32, tf.float32], [[], [3]], 2, "The given optional does not match the expected "
     "shape for component 1. Expected: [3]. Actual: [2]."),
    ([tf.int32, tf.float32], [[1], [2]], 2, "The given optional does not match the expected "
     "shape for component 0. Expected: [1]. Actual: []."),
    ([tf.int32], [[], []], 1, "output_types and output_shapes must be same length, got:\n"
     "output_types: 1\noutput_shapes: 2"),
])
def test_get_value_checks_what_it_asks_for(types, shapes, n, message):
    o = tf.raw_ops.OptionalFromValue(components=[tf.constant(1), tf.constant([2., 3.])])
    _raises(tf.errors.InvalidArgumentError,
            _prefix("OptionalGetValue", n) + message + " [Op:OptionalGetValue] name: ",
            lambda: tf.raw_ops.OptionalGetValue(optional=o, output_types=types,
                                                output_shapes=shapes))


def test_optional_ops_refuse_what_is_no_optional():
    lst = tf.raw_ops.EmptyTensorList(element_shape=-1, max_num_elements=-1,
                                     element_dtype=tf.int32)
    for bad in (lst, _range()):
        _raises(tf.errors.InvalidArgumentError,
                _prefix("OptionalHasValue") + "Input to OptionalHasValue must be an "
                "OptionalVariant object. [Op:OptionalHasValue] name: ",
                lambda bad=bad: tf.raw_ops.OptionalHasValue(optional=bad))
    _raises(tf.errors.InvalidArgumentError,
            _prefix("OptionalGetValue", 1) + "Input to OptionalGetValue must be an "
            "OptionalVariant object. [Op:OptionalGetValue] name: ",
            lambda: tf.raw_ops.OptionalGetValue(optional=_range(), **I64))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute OptionalHasValue as input #0\(zero-based\) was "
                             "expected to be a variant tensor but is a int32 tensor"):
        tf.raw_ops.OptionalHasValue(optional=tf.constant(1))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Length for attr 'Toutput_types' of 0 must be at least minimum 1"
                             "\n\t; NodeDef: {{node OptionalFromValue}}; Op<name="
                             "OptionalFromValue; signature=components: -> optional:variant; "
                             "attr=Toutput_types:list\\(type\\),min=1>"):
        tf.raw_ops.OptionalFromValue(components=[])


@pytest.mark.parametrize("types, shapes, message", [
    ([tf.int32], [[]], "The given optional does not match the expected type for component 0."
                       " Expected: int32. Actual: int64."),
    ([tf.int64], [[2]], "The given optional does not match the expected shape for component "
                        "0. Expected: [2]. Actual: []."),
])
def test_get_next_as_optional_checks_the_element(types, shapes, message):
    _raises(tf.errors.InvalidArgumentError,
            _prefix("IteratorGetNextAsOptional") + message +
            " [Op:IteratorGetNextAsOptional] name: ",
            lambda: tf.raw_ops.IteratorGetNextAsOptional(iterator=_iterator(),
                                                         output_types=types,
                                                         output_shapes=shapes))


def test_get_next_as_optional_leaves_other_counts_of_attrs():
    # (TF checks only the components the element has)
    for types, shapes in (([tf.int64, tf.int32], [[]]), ([tf.int64], [[], []])):
        o = tf.raw_ops.IteratorGetNextAsOptional(iterator=_iterator(), output_types=types,
                                                 output_shapes=shapes)
        assert bool(tf.raw_ops.OptionalHasValue(optional=o))
    _raises(tf.errors.FailedPreconditionError,
            _prefix("IteratorGetNextAsOptional") + "GetNext() failed because the iterator has "
            "not been initialized. Ensure that you have run the initializer operation for this"
            " iterator before getting the next element. [Op:IteratorGetNextAsOptional] name: ",
            lambda: tf.raw_ops.IteratorGetNextAsOptional(
                iterator=tf.raw_ops.AnonymousIteratorV3(**I64), **I64))


def test_optionals_in_a_function():
    @tf.function
    def f(n):
        it = tf.raw_ops.AnonymousIteratorV3(**I64)
        tf.raw_ops.MakeIterator(dataset=tf.raw_ops.RangeDataset(start=0, stop=n, step=1,
                                                                **I64), iterator=it)
        o = tf.raw_ops.IteratorGetNextAsOptional(iterator=it, **I64)
        has = tf.raw_ops.OptionalHasValue(optional=o)
        value = tf.raw_ops.OptionalGetValue(optional=tf.raw_ops.OptionalFromValue(
            components=[tf.constant(7)]), output_types=[tf.int32], output_shapes=[[]])[0]
        return has, value

    assert [bool(f(tf.constant(k, tf.int64))[0]) for k in (2, 0)] == [True, False]
    assert int(f(tf.constant(1, tf.int64))[1]) == 7


# -- iterators' handles ------------------------------------------------------------------------

def test_a_string_handle_is_tfs_resource_handle_proto():
    it = tf.raw_ops.IteratorV2(shared_name="q", container="c", **I64)
    h = tf.raw_ops.IteratorToStringHandle(resource_handle=it)
    assert h.numpy() == (b"\n," + CPU.encode() + b"\x12\x01c\x1a\x01q" + HASH + b"*%" + TYPE)
    anon = _iterator()
    ah = tf.raw_ops.IteratorToStringHandle(resource_handle=anon).numpy()
    name = repr(anon).split('name="')[1].split('"')[0]
    assert ah == (b"\n," + CPU.encode() + b"\x12\tAnonymous\x1a" + bytes([len(name)]) +
                  name.encode() + HASH + b"*%" + TYPE)


def test_an_iterator_from_its_string_handle_is_the_same_iterator():
    it = _iterator()
    h = tf.raw_ops.IteratorToStringHandle(resource_handle=it)
    for op in (tf.raw_ops.IteratorFromStringHandleV2, tf.raw_ops.IteratorFromStringHandle):
        again = op(string_handle=h, **I64)
        assert repr(again) == repr(it)
    again = tf.raw_ops.IteratorFromStringHandleV2(string_handle=h)  # (no types: no check)
    assert int(tf.raw_ops.IteratorGetNext(iterator=again, **I64)[0]) == 0
    assert int(tf.raw_ops.IteratorGetNext(iterator=it, **I64)[0]) == 1
    shared = tf.raw_ops.IteratorV2(shared_name="from_handle", container="", **I64)
    back = tf.raw_ops.IteratorFromStringHandleV2(
        string_handle=tf.raw_ops.IteratorToStringHandle(resource_handle=shared),
        output_types=[tf.int64], output_shapes=[])
    assert 'name="from_handle"' in repr(back)


def _proto(device=CPU, container="Anonymous", name="none", tail=HASH + b"*%" + TYPE):
    return tf.constant(b"\n" + bytes([len(device)]) + device.encode() + b"\x12" +
                       bytes([len(container)]) + container.encode() + b"\x1a" +
                       bytes([len(name)]) + name.encode() + tail)


V2 = "IteratorFromStringHandleV2"


@pytest.mark.parametrize("kwargs, error, message", [
    ({"output_types": [tf.int32], "output_shapes": [[]]}, tf.errors.InvalidArgumentError,
     "Data type mismatch at component 0: expected int32 but got int64."),
    ({"output_types": [tf.int64], "output_shapes": [[2]]}, tf.errors.InvalidArgumentError,
     "Incompatible shapes at component 0: expected [2] but got []."),
    ({"output_types": [tf.int64] * 2, "output_shapes": [[]] * 2},
     tf.errors.InvalidArgumentError,
     "Number of components does not match: expected 2 types but got 1."),
    ({"output_types": [tf.int64], "output_shapes": [[]] * 2}, tf.errors.InvalidArgumentError,
     "If both 'output_types' and 'output_shapes' are set, they must have the same length."),
])
def test_from_string_handle_checks_the_iterator(kwargs, error, message):
    it = _iterator()  # (alive while a handle tensor names it, as TF's: a string one doesn't)
    h = tf.raw_ops.IteratorToStringHandle(resource_handle=it)
    _raises(error, _prefix(V2) + message + f" [Op:{V2}] name: ",
            lambda: tf.raw_ops.IteratorFromStringHandleV2(string_handle=h, **kwargs))


def test_from_string_handle_refuses_what_names_no_iterator():
    _raises(tf.errors.NotFoundError,
            _prefix(V2) + "Resource Anonymous/none/N10tensorflow4data16IteratorResourceE does"
            f" not exist. [Op:{V2}] name: ",
            lambda: tf.raw_ops.IteratorFromStringHandleV2(string_handle=_proto(), **I64))
    _raises(tf.errors.InvalidArgumentError,
            _prefix(V2) + "Trying to access a handle's resource using the wrong type. The "
            "handle points to a resource (name 'none') of type 'tensorflow::Var' (hash code 1) "
            "but you are trying to access the resource as type "
            "'tensorflow::data::IteratorResource' (hash code 8918088204830721661) "
            f"[Op:{V2}] name: ",
            lambda: tf.raw_ops.IteratorFromStringHandleV2(
                string_handle=_proto(tail=b" \x01*\x12N10tensorflow3VarE"), **I64))
    gpu = CPU.replace("CPU", "GPU")
    _raises(tf.errors.InvalidArgumentError,
            _prefix(V2) + f'Attempted create an iterator on device "{CPU}" from handle '
            f'defined on device "{gpu}" [Op:{V2}] name: ',
            lambda: tf.raw_ops.IteratorFromStringHandleV2(string_handle=_proto(gpu), **I64))
    # (a Python string goes down the op wrapper's slow path: no name)
    _raises(tf.errors.InvalidArgumentError,
            _prefix(V2) + f"Could not parse string_handle as a valid ResourceHandle [Op:{V2}]",
            lambda: tf.raw_ops.IteratorFromStringHandleV2(string_handle="abc", **I64))
    _raises(tf.errors.InvalidArgumentError,
            _prefix(V2) + f'Attempted create an iterator on device "{CPU}" from handle '
            f'defined on device "" [Op:{V2}]',
            lambda: tf.raw_ops.IteratorFromStringHandleV2(string_handle=b"", **I64))
    _raises(tf.errors.InvalidArgumentError,
            _prefix(V2) + f"string_handle must be a scalar [Op:{V2}]",
            lambda: tf.raw_ops.IteratorFromStringHandleV2(string_handle=["abc"], **I64))


def test_to_string_handle_refuses_another_resource():
    v = tf.Variable(1.)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.raw_ops.IteratorToStringHandle(resource_handle=v.handle)
    assert str(e.value).startswith(_prefix("IteratorToStringHandle") +
                                   "Trying to access a handle's resource using the wrong type.")
    assert "of type 'tensorflow::Var' (hash code 17454915466513971685)" in str(e.value)


def test_get_device_is_the_cpu():
    for op in (tf.raw_ops.IteratorGetDevice, tf.raw_ops.ExperimentalIteratorGetDevice):
        assert op(resource=_iterator()).numpy() == CPU.encode()
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"cannot compute IteratorGetDevice as input #0\(zero-based\) was "
                             "expected to be a resource tensor but is a int32 tensor"):
        tf.raw_ops.IteratorGetDevice(resource=tf.constant(1))


# -- TF 1's iterator ops -----------------------------------------------------------------------

def _factory(n=3):
    return tf.function(lambda: _range(n)).get_concrete_function()


def test_one_shot_iterator_starts_itself_once():
    f = _factory()
    a = tf.raw_ops.OneShotIterator(dataset_factory=f, **I64)
    assert 'container="localhost"' in repr(a) and "_OneShotIterator\"" in repr(a)
    assert int(tf.raw_ops.IteratorGetNext(iterator=a, **I64)[0]) == 0
    b = tf.raw_ops.OneShotIterator(dataset_factory=f, **I64)  # (the kernel's iterator)
    assert repr(b) == repr(a)
    assert int(tf.raw_ops.IteratorGetNext(iterator=b, **I64)[0]) == 1
    c = tf.raw_ops.OneShotIterator(dataset_factory=f, container="cc", **I64)
    assert int(tf.raw_ops.IteratorGetNext(iterator=c, **I64)[0]) == 0


@pytest.mark.parametrize("kwargs, message", [
    ({"output_types": [tf.int32], "output_shapes": [[]]},
     "Data type mismatch at component 0: expected int32 but got int64."),
    ({"output_types": [tf.int64], "output_shapes": [[3]]},
     "Incompatible shapes at component 0: expected [3] but got []."),
    ({"output_types": [tf.int64], "output_shapes": [[], []]},
     "Number of components does not match: expected 2 shapes but got 1."),
    (dict(I64, shared_name="s"),
     "OneShotIteratorOp does not currently support the 'shared_name' attr."),
])
def test_one_shot_iterator_checks_its_dataset(kwargs, message):
    _raises(tf.errors.InvalidArgumentError,
            _prefix("OneShotIterator") + message + " [Op:OneShotIterator] name: ",
            lambda: tf.raw_ops.OneShotIterator(dataset_factory=_factory(), **kwargs))


def test_one_shot_iterator_wants_a_dataset_factory():
    g = tf.function(lambda: tf.constant(1)).get_concrete_function()
    _raises(tf.errors.InvalidArgumentError,
            _prefix("OneShotIterator") + "The `dataset_factory` function must return a single "
            "scalar of dtype DT_VARIANT. [Op:OneShotIterator] name: ",
            lambda: tf.raw_ops.OneShotIterator(dataset_factory=g, **I64))


def test_tf1_iterator_op_is_shared_by_name_and_attrs():
    a = tf.raw_ops.Iterator(shared_name="", container="", **I64)
    b = tf.raw_ops.Iterator(shared_name="", container="", **I64)
    assert repr(a) == repr(b) and "_Iterator\"" in repr(a)
    tf.raw_ops.MakeIterator(dataset=_range(), iterator=a)
    assert int(tf.raw_ops.IteratorGetNext(iterator=b, **I64)[0]) == 0
    tf.raw_ops.Iterator(shared_name="iq", container="ic", output_types=[tf.int32],
                        output_shapes=[[]])
    for op in ("Iterator", "IteratorV2"):
        _raises(tf.errors.InvalidArgumentError,
                _prefix(op) + "Data type mismatch at component 0: expected int64 but got int32."
                f" [Op:{op}] name: ",
                lambda op=op: getattr(tf.raw_ops, op)(shared_name="iq", container="ic", **I64))


def test_make_iterator_checks_the_dataset():
    it = tf.raw_ops.AnonymousIteratorV3(output_types=[tf.int32], output_shapes=[[]])
    _raises(tf.errors.InvalidArgumentError,
            _prefix("MakeIterator") + "Data type mismatch at component 0: expected int32 but "
            "got int64. [Op:MakeIterator] name: ",
            lambda: tf.raw_ops.MakeIterator(dataset=_range(), iterator=it))


def test_get_next_takes_the_element_it_refuses():
    it = _iterator()
    _raises(tf.errors.InvalidArgumentError,
            _prefix("IteratorGetNext", 1) + "Number of components does not match: expected 2 "
            "shapes but got 1. [Op:IteratorGetNext] name: ",
            lambda: tf.raw_ops.IteratorGetNext(iterator=it, output_types=[tf.int64],
                                               output_shapes=[[], []]))
    assert int(tf.raw_ops.IteratorGetNext(iterator=it, **I64)[0]) == 1


# -- SerializeIterator, DeserializeIterator ----------------------------------------------------

def _next(it):
    return int(tf.raw_ops.IteratorGetNext(iterator=it, **I64)[0])


def test_a_serialized_iterator_restores_where_it_was():
    it = _iterator(_range(5))
    assert [_next(it), _next(it)] == [0, 1]
    state = tf.raw_ops.SerializeIterator(resource_handle=it)
    assert state.dtype == tf.variant and state.shape.rank == 1
    assert [_next(it), _next(it)] == [2, 3]
    assert tf.raw_ops.DeserializeIterator(resource_handle=it, serialized=state) is None
    assert _next(it) == 2
    # (onto another iterator made over a dataset: that dataset, from there)
    other = _iterator(_range(10))
    tf.raw_ops.DeserializeIterator(resource_handle=other, serialized=state)
    assert _next(other) == 2


def test_a_serialized_iterator_at_its_end_restores_at_its_end():
    it = _iterator(_range(1))
    _next(it)
    state = tf.raw_ops.SerializeIterator(resource_handle=it)
    fresh = _iterator(_range(1))
    tf.raw_ops.DeserializeIterator(resource_handle=fresh, serialized=state)
    _raises(tf.errors.OutOfRangeError,
            _prefix("IteratorGetNext", 1) + "End of sequence [Op:IteratorGetNext] name: ",
            lambda: _next(fresh))


def test_serializing_wants_an_initialized_iterator():
    blank = tf.raw_ops.AnonymousIteratorV3(**I64)
    _raises(tf.errors.FailedPreconditionError,
            _prefix("SerializeIterator") + "Save() failed because the iterator has not been "
            "initialized. Ensure that you have run the initializer operation for this iterator "
            "before saving it. [Op:SerializeIterator] name: ",
            lambda: tf.raw_ops.SerializeIterator(resource_handle=blank))
    state = tf.raw_ops.SerializeIterator(resource_handle=_iterator())
    _raises(tf.errors.FailedPreconditionError,
            _prefix("DeserializeIterator") + "Failed to restore dataset iterator from "
            "checkpoint: Restore() failed because the iterator has not been initialized. Ensure"
            " that you have run the initializer operation for this iterator before restoring "
            "it.. Make sure the dataset definition has not changed between the process that "
            "saved the checkpoint and the process that is restoring it. "
            "[Op:DeserializeIterator] name: ",
            lambda: tf.raw_ops.DeserializeIterator(resource_handle=blank, serialized=state))
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.raw_ops.SerializeIterator(resource_handle=tf.Variable(1.).handle)
    assert "of type 'tensorflow::Var' (hash code 17454915466513971685)" in str(e.value)
