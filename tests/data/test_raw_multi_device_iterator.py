"""TF's multi-device iterator ops (tf.raw_ops.AnonymousMultiDeviceIterator(V3),
MultiDeviceIterator, MultiDeviceIteratorInit, MultiDeviceIteratorGetNextFromShard,
MultiDeviceIteratorToStringHandle / FromStringHandle, DeleteMultiDeviceIterator): the
values, reprs and errors TF 2.21 gives (recorded from it; where TF 2.21 waits forever,
nothing is compared)."""

import pytest

import eagerflow as tf

R = tf.raw_ops
D = tf.data.Dataset
I64 = dict(output_types=[tf.int64], output_shapes=[[]])
CPU = "/job:localhost/replica:0/task:0/device:CPU:0"
KIND = "tensorflow::data::(anonymous namespace)::MultiDeviceIterator"


def _prefix(op, n=None):
    arity = "" if n is None else f"_output_types_{n}"
    return f"{{{{function_node __wrapped__{op}{arity}_device_{CPU}}}}} "


def _next(m, shard, incarnation, **attrs):
    (x,) = R.MultiDeviceIteratorGetNextFromShard(multi_device_iterator=m, shard_num=shard,
                                                  incarnation_id=incarnation,
                                                  **(attrs or I64))
    return int(x)


def test_anonymous_handles():
    h, d = R.AnonymousMultiDeviceIterator(devices=[CPU], **I64)
    assert repr(h).startswith('<tf.Tensor: shape=(), dtype=resource, value=<ResourceHandle('
                              'name="Resource-')
    assert f'device="{CPU}", container="Anonymous", type="{KIND}", dtype and shapes : "[  ]")>>' \
        in repr(h)
    assert repr(d) == "<tf.Tensor: shape=(), dtype=variant, value=<[empty]>>"
    h3 = R.AnonymousMultiDeviceIteratorV3(devices=[CPU], **I64)
    assert 'container="Anonymous"' in repr(h3)
    assert R.DeleteMultiDeviceIterator(multi_device_iterator=h, iterators=[], deleter=d) is None
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.AnonymousMultiDeviceIteratorV3(devices=[], **I64)
    assert str(e.value).startswith(
        "Length for attr 'devices' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
        "AnonymousMultiDeviceIteratorV3}}; Op<name=AnonymousMultiDeviceIteratorV3; signature= "
        "-> handle:resource; attr=devices:list(string),min=1; attr=output_types:list(type),"
        "min=1; attr=output_shapes:list(shape),min=1; is_stateful=true> "
        "[Op:AnonymousMultiDeviceIteratorV3]")


def test_shards_take_the_elements_in_turn():
    m = R.AnonymousMultiDeviceIteratorV3(devices=[CPU, CPU], **I64)
    first = R.MultiDeviceIteratorInit(dataset=D.range(5)._variant_tensor,
                                      multi_device_iterator=m, max_buffer_size=2)
    assert int(first) == 1 and first.dtype == tf.int64
    n = int(R.MultiDeviceIteratorInit(dataset=D.range(5)._variant_tensor,
                                      multi_device_iterator=m, max_buffer_size=2))
    assert n == 2
    assert [_next(m, 0, n) for _ in range(3)] == [0, 2, 4]
    assert [_next(m, 1, n) for _ in range(2)] == [1, 3]
    for shard in (0, 1):
        with pytest.raises(tf.errors.OutOfRangeError) as e:
            _next(m, shard, n)
        assert str(e.value) == _prefix("MultiDeviceIteratorGetNextFromShard", 1) + \
            "End of sequence [Op:MultiDeviceIteratorGetNextFromShard] name: "
    n = int(R.MultiDeviceIteratorInit(dataset=D.range(5)._variant_tensor,
                                      multi_device_iterator=m, max_buffer_size=[2]))
    assert n == 3
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _next(m, 0, 2)
    assert str(e.value) == _prefix("MultiDeviceIteratorGetNextFromShard", 1) + \
        "Invalid incarnation id. Provided: 2; Expected: 3 " \
        "[Op:MultiDeviceIteratorGetNextFromShard] name: "
    assert _next(m, [0], 3) == 0  # (TF reads shard_num's first value)


def test_init_checks_the_components():
    m = R.AnonymousMultiDeviceIteratorV3(devices=[CPU], **I64)
    ints = D.range(3).map(lambda x: tf.cast(x, tf.int32))._variant_tensor
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorInit(dataset=ints, multi_device_iterator=m, max_buffer_size=1)
    assert str(e.value) == _prefix("MultiDeviceIteratorInit") + (
        "Data type mismatch at component 0: expected int64 but got int32. "
        "[Op:MultiDeviceIteratorInit] name: ")
    it = R.AnonymousIteratorV3(**I64)
    it_name = repr(it).split('name="')[1].split('"')[0]
    wrong = (f"Trying to access a handle's resource using the wrong type. The handle points to "
             f"a resource (name '{it_name}') of type 'tensorflow::data::IteratorResource' (hash "
             f"code 8918088204830721661) but you are trying to access the resource as type "
             f"'{KIND}' (hash code 16662786403704826828)")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorInit(dataset=D.range(3)._variant_tensor, multi_device_iterator=it,
                                  max_buffer_size=1)
    assert str(e.value) == _prefix("MultiDeviceIteratorInit") + wrong + \
        " [Op:MultiDeviceIteratorInit] name: "
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorGetNextFromShard(multi_device_iterator=it, shard_num=0,
                                              incarnation_id=1, **I64)
    assert str(e.value) == _prefix("MultiDeviceIteratorGetNextFromShard", 1) + wrong + \
        " [Op:MultiDeviceIteratorGetNextFromShard] name: "
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorToStringHandle(multi_device_iterator=it)
    assert str(e.value) == _prefix("MultiDeviceIteratorToStringHandle") + wrong + \
        " [Op:MultiDeviceIteratorToStringHandle] name: "


def test_shared_iterators():
    a = R.MultiDeviceIterator(devices=[CPU], shared_name="", container="", **I64)
    b = R.MultiDeviceIterator(devices=[CPU], shared_name="", container="", **I64)
    assert repr(a) == repr(b) and '_MultiDeviceIterator", device=' in repr(a)
    y = R.MultiDeviceIterator(devices=[CPU], shared_name="mdi_y", container="", **I64)
    assert repr(y) == ('<tf.Tensor: shape=(), dtype=resource, value=<ResourceHandle('
                       f'name="mdi_y", device="{CPU}", container="localhost", type="{KIND}", '
                       'dtype and shapes : "[  ]")>>')
    # (the one kept is checked for its components, not its devices)
    assert repr(R.MultiDeviceIterator(devices=[CPU, CPU], shared_name="mdi_y", container="",
                                      **I64)) == repr(y)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIterator(devices=[CPU], shared_name="mdi_y", container="",
                              output_types=[tf.int32], output_shapes=[[]])
    assert str(e.value) == _prefix("MultiDeviceIterator") + (
        "Data type mismatch at component 0: expected int32 but got int64. "
        "[Op:MultiDeviceIterator] name: ")
    n = int(R.MultiDeviceIteratorInit(dataset=D.range(3)._variant_tensor,
                                      multi_device_iterator=y, max_buffer_size=1))
    assert [_next(y, 0, n) for _ in range(3)] == [0, 1, 2]


def test_string_handles():
    m = R.AnonymousMultiDeviceIteratorV3(devices=[CPU], **I64)
    s = R.MultiDeviceIteratorToStringHandle(multi_device_iterator=m)
    data = s.numpy()
    name = repr(m).split('name="')[1].split('"')[0].encode()
    # (TF's ResourceHandleProto: device, container, name, its type's hash code and name)
    assert data == (b"\n," + CPU.encode() + b"\x12\tAnonymous\x1a" + bytes([len(name)]) + name +
                    b" \xcc\xd7\xa3\x88\xb7\xfe\x86\x9f\xe7\x01*6"
                    b"N10tensorflow4data12_GLOBAL__N_119MultiDeviceIteratorE")
    back = R.MultiDeviceIteratorFromStringHandle(string_handle=s, **I64)
    assert repr(back) == repr(m)
    assert repr(R.MultiDeviceIteratorFromStringHandle(string_handle=s)) == repr(m)
    n = int(R.MultiDeviceIteratorInit(dataset=D.range(2)._variant_tensor,
                                      multi_device_iterator=back, max_buffer_size=1))
    assert _next(m, 0, n) == 0
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorFromStringHandle(string_handle=s, output_types=[tf.int32],
                                              output_shapes=[[]])
    assert str(e.value) == _prefix("MultiDeviceIteratorFromStringHandle") + (
        "Data type mismatch at component 0: expected int32 but got int64. "
        "[Op:MultiDeviceIteratorFromStringHandle] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorFromStringHandle(string_handle="garbage", **I64)
    assert str(e.value) == _prefix("MultiDeviceIteratorFromStringHandle") + (
        "Could not parse string_handle as a valid ResourceHandle "
        "[Op:MultiDeviceIteratorFromStringHandle]")
    it = R.AnonymousIteratorV3(**I64)
    it_name = repr(it).split('name="')[1].split('"')[0]
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        R.MultiDeviceIteratorFromStringHandle(
            string_handle=R.IteratorToStringHandle(resource_handle=it), **I64)
    assert str(e.value) == _prefix("MultiDeviceIteratorFromStringHandle") + (
        f"Trying to access a handle's resource using the wrong type. The handle points to a "
        f"resource (name '{it_name}') of type 'tensorflow::data::IteratorResource' (hash code "
        f"8918088204830721661) but you are trying to access the resource as type '{KIND}' "
        f"(hash code 16662786403704826828) [Op:MultiDeviceIteratorFromStringHandle] name: ")
