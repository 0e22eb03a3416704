"""Ops on a variable's handle run where the variable lives (TF places an op taking a
resource on the resource's device, and has GPU kernels for these): ResourceGather,
ResourceGatherNd, the
ResourceScatter and ResourceScatterNd updates and ResourceStridedSliceAssign, checked on
the strict stand-in GPU. The variable's array stays on its device (no copy to the host and
back: the stand-in counts every copy), a gather's result lands there, and the values are
those the same ops give on the host (whose values the goldens in tests/ops check)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.backend.strict_counts import count_launches

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
INIT = np.linspace(-2.0, 3.5, 12, dtype=np.float32).reshape(4, 3)


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _on_host():
    with tf.device("CPU:0"):
        return tf.Variable(INIT)


def _updates(v):
    """Each update a variable's handle ops make, by name (applied to `v`), over tensors
    made beforehand (on the default device: the updates' values, as a model's)."""
    c = tf.constant
    rows = c([[0.5, -1.0, 2.0], [1.5, 0.25, -3.0], [2.0, 2.0, 2.0]])
    sl = tf.IndexedSlices(rows, c([2, 0, 2]))
    at, two, one = c([[1, 2], [3, 0], [1, 2]]), c([[1], [3]]), c([[2, 1]])
    return {
        "scatter_add": lambda: v.scatter_add(sl),
        "scatter_sub": lambda: v.scatter_sub(sl),
        "scatter_mul": lambda: v.scatter_mul(sl),
        "scatter_div": lambda: v.scatter_div(sl),
        "scatter_min": lambda: v.scatter_min(sl),
        "scatter_max": lambda: v.scatter_max(sl),
        "scatter_update": lambda: v.scatter_update(sl),
        "scatter_nd_add": lambda: v.scatter_nd_add(at, rows[0]),
        "scatter_nd_sub": lambda: v.scatter_nd_sub(two, sl.values[:2]),
        "scatter_nd_update": lambda: v.scatter_nd_update(at, rows[1]),
        "scatter_nd_max": lambda: v.scatter_nd_max(one, rows[2][:1]),
        "scatter_nd_min": lambda: v.scatter_nd_min(two, sl.values[1:]),
        "slice_assign": lambda: v[1:3, ::2].assign(rows[:2, :2]),
    }


@pytest.mark.parametrize("name", sorted(_updates(None)))
def test_an_update_runs_on_the_variables_device(name):
    v, host = tf.Variable(INIT), _on_host()
    assert v.device == GPU0 and host.device == CPU0
    update, expected = _updates(v)[name], _updates(host)[name]
    with strict_streams.count_transfers() as n:
        update()
    expected()
    assert v.device == GPU0 and isinstance(v._arr, strict.StrictArray), name
    # the variable's array never goes to the host and back: the updates TF's GPU kernels
    # make unchecked read nothing (ops/resource_scatter.py's _UNCHECKED); a product or
    # quotient reads its indices for their order, going in rounds whose order is copied
    # over, and a slice assignment reads nothing either
    ordered = name in ("scatter_mul", "scatter_div")
    assert n["to_device"] == ordered, (name, dict(n))
    assert n["to_host"] == ordered, (name, dict(n))
    np.testing.assert_array_equal(v.numpy(), host.numpy(), err_msg=name)


def test_a_gather_runs_on_the_variables_device():
    v = tf.Variable(INIT)
    ids = tf.constant([[2, 1], [0, 0], [3, 2]])
    with strict_streams.count_transfers() as n:
        out = tf.gather_nd(v, ids)
    assert out.device == GPU0 and isinstance(out._arr, strict.StrictArray)
    assert n["to_device"] == 0 and n["to_host"] <= 1, dict(n)
    np.testing.assert_array_equal(out.numpy(), INIT[[2, 0, 3], [1, 0, 2]])
    rows = tf.raw_ops.ResourceGatherNd(resource=v.handle, indices=[[3], [1]], dtype=tf.float32)
    assert rows.device == GPU0
    np.testing.assert_array_equal(rows.numpy(), INIT[[3, 1]])


def test_a_lookup_of_rows_runs_on_the_variables_device():
    """tf.gather / sparse_read / embedding_lookup of a variable: TF's ResourceGather where
    the variable lives, its rows taken there (the indices read on the host for their
    check), whatever the scope; the raw op on the handle too, batch_dims included."""
    v, host = tf.Variable(INIT), _on_host()
    ids = tf.constant([2, 0, 2])
    for look in (lambda t: tf.gather(t, ids), lambda t: t.sparse_read(ids),
                 lambda t: tf.nn.embedding_lookup(t, ids)):
        with strict_streams.count_transfers() as n, tf.device("CPU:0"):
            out = look(v)
        assert out.device == GPU0 and isinstance(out._arr, strict.StrictArray)
        assert n["to_device"] <= 1 and n["to_host"] <= 1, dict(n)
        np.testing.assert_array_equal(out.numpy(), INIT[[2, 0, 2]])
        assert look(host).device == CPU0
    rows = tf.raw_ops.ResourceGather(resource=v.handle, indices=[[1], [0], [2], [2]],
                                     dtype=tf.float32, batch_dims=1)
    assert rows.device == GPU0
    np.testing.assert_array_equal(rows.numpy(), INIT[[0, 1, 2, 3], [1, 0, 2, 2]][:, None])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [3, 3]) * 2.0)
    g = tape.gradient(y, v)
    assert g.indices.numpy().tolist() == [3, 3] and g.values.numpy().tolist() == [[2.0] * 3] * 2


def test_placement_follows_the_variable_not_the_scope():
    """As TF's placer: an op taking a resource goes where the resource is."""
    v, host = tf.Variable(INIT), _on_host()
    with tf.device("CPU:0"):
        assert tf.gather_nd(v, [[1]]).device == GPU0
        v.scatter_nd_add([[0, 0]], [1.0])
    assert isinstance(v._arr, strict.StrictArray) and v.numpy()[0, 0] == INIT[0, 0] + 1
    out = tf.gather_nd(host, [[1]])
    assert out.device == CPU0 and type(out._arr) is np.ndarray
    host.scatter_nd_add([[0, 0]], [1.0])
    assert type(host._arr) is np.ndarray


def test_a_gradient_through_a_gather_on_the_device():
    v = tf.Variable(INIT)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather_nd(v, [[1], [1], [3]]) * 2.0)
    g = tf.convert_to_tensor(tape.gradient(y, v))
    want = np.zeros_like(INIT)
    want[1], want[3] = 4.0, 2.0
    np.testing.assert_array_equal(g.numpy(), want)


def test_errors_name_the_variables_device():
    v = tf.Variable(INIT)
    with pytest.raises(tf.errors.InvalidArgumentError, match="device:GPU:0}} indices"):
        tf.gather_nd(v, [[7]])
    with tf.device("CPU:0"):
        host = tf.Variable(INIT)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"device:CPU:0}} indices\[1\] = 9 is not in \[0, 4\)"):
        host.scatter_add(tf.IndexedSlices(tf.ones([2, 3]), tf.constant([1, 9])))
    # (TF's CPU kernel updates the rows before the bad index; its GPU kernel skips it)
    v.scatter_add(tf.IndexedSlices(tf.ones([2, 3]), tf.constant([1, 9])))
    np.testing.assert_array_equal(v.numpy(), host.numpy())
    np.testing.assert_array_equal(v.numpy()[1], INIT[1] + 1.0)


def test_a_traced_function_updates_the_variable_on_its_device():
    v, host = tf.Variable(INIT), _on_host()

    def step(var):
        var.scatter_nd_add([[1, 1]], [5.0])
        return tf.gather_nd(var, [[1]])

    got, want = tf.function(step)(v), step(host)
    assert isinstance(v._arr, strict.StrictArray)
    np.testing.assert_array_equal(got.numpy(), want.numpy())
    np.testing.assert_array_equal(v.numpy(), host.numpy())


# -- Assign{,Add,Sub}VariableOp on a handle: where the variable lives --------------------

_RAW_ASSIGNS = {"AssignVariableOp": lambda a, b: b, "AssignAddVariableOp": np.add,
                "AssignSubVariableOp": np.subtract}


@pytest.mark.parametrize("op", sorted(_RAW_ASSIGNS))
@pytest.mark.parametrize("where", ["GPU:0", "CPU:0"])
def test_a_raw_assignment_runs_on_the_variables_device(op, where):
    """The value is copied to the variable's device once where it lives elsewhere (was:
    2 copies to the host and 1 back for a value on the GPU, the raw call's and the host
    op's), and nothing else moves."""
    v = tf.Variable(INIT)
    with tf.device(where):
        value = tf.constant(INIT[::-1] * 0.5)
    with strict_streams.count_transfers() as n:
        getattr(tf.raw_ops, op)(resource=v.handle, value=value)
    assert n["to_host"] == 0, dict(n)
    assert n["to_device"] == (0 if where == "GPU:0" else 1), dict(n)
    assert v.device == GPU0 and isinstance(v._arr, strict.StrictArray)
    np.testing.assert_array_equal(v.numpy(), _RAW_ASSIGNS[op](INIT, INIT[::-1] * 0.5))


def test_a_raw_assignment_under_a_host_scope_runs_on_the_variables_device():
    v, host = tf.Variable(INIT), _on_host()
    value = tf.constant(np.full((4, 3), 0.25, np.float32))
    with tf.device("CPU:0"):
        with strict_streams.count_transfers() as n:
            tf.raw_ops.AssignAddVariableOp(resource=v.handle, value=value)
        tf.raw_ops.AssignAddVariableOp(resource=host.handle, value=value)
    assert n["to_host"] == 0 and n["to_device"] == 0, dict(n)
    assert isinstance(v._arr, strict.StrictArray) and type(host._arr) is np.ndarray
    np.testing.assert_array_equal(v.numpy(), host.numpy())
    # a host variable's assignment under the GPU's scope stays on the host
    tf.raw_ops.AssignSubVariableOp(resource=host.handle, value=value)
    assert type(host._arr) is np.ndarray and host.device == CPU0
    np.testing.assert_array_equal(host.numpy(), INIT)


def test_a_variables_own_assignments_copy_only_a_value_from_elsewhere():
    v = tf.Variable(INIT)
    on_gpu = tf.constant(INIT * 2.0)
    with tf.device("CPU:0"):
        on_host = tf.constant(INIT * 2.0)
    for update in (v.assign, v.assign_add, v.assign_sub):
        for value, copies in ((on_gpu, 0), (on_host, 1), (INIT * 2.0, 1)):
            with strict_streams.count_transfers() as n:
                update(value)
            assert n["to_host"] == 0 and n["to_device"] == copies, (update, dict(n))
            assert isinstance(v._arr, strict.StrictArray)


@pytest.mark.parametrize("scope", ["GPU:0", "CPU:0"])
def test_raw_assignment_errors_are_tfs_naming_the_variables_device(scope):
    v = tf.Variable(np.ones(2))
    head = "{{function_node __wrapped__%s_device_" + GPU0 + "}} "
    cases = [
        ("AssignAddVariableOp", {"value": np.ones(3)},
         "Cannot update variable with shape [2] using a Tensor with shape [3], shapes must be "
         "equal."),
        ("AssignSubVariableOp", {"value": np.ones(2, np.float32)},
         "DType of variable handle and value does not match."),
        ("AssignVariableOp", {"value": np.ones(2, np.float32)},
         "Trying to assign variable with wrong dtype. Expected double got float"),
        ("AssignVariableOp", {"value": np.ones(3), "validate_shape": True},
         "Trying to assign to variable with tensor with wrong shape. Expected [2] got [3]")]
    with tf.device(scope):
        for op, kwargs, words in cases:
            with pytest.raises(tf.errors.InvalidArgumentError) as e:
                getattr(tf.raw_ops, op)(resource=v.handle, **kwargs)
            assert str(e.value) == f"{head % op}{words} [Op:{op}] name: ", op
    np.testing.assert_array_equal(v.numpy(), np.ones(2))
    assert isinstance(v._arr, strict.StrictArray)


# -- the scatters batched on the device (ops/device_scatter.py) --------------------------

_METHODS = ("scatter_add", "scatter_sub", "scatter_mul", "scatter_div", "scatter_min",
            "scatter_max", "scatter_update")
_ND_METHODS = ("scatter_nd_add", "scatter_nd_sub", "scatter_nd_update", "scatter_nd_max",
               "scatter_nd_min")


def _many(dtype, n=300, rows=20, seed=0):
    """A variable's start, `n` row numbers that repeat, and their updates, of `dtype`
    (small integers: products stay in range; no zero: a division's updates)."""
    rng = np.random.default_rng(seed)
    start = rng.integers(1, 4, size=(rows, 3)) * rng.choice([-1, 1], size=(rows, 3))
    upd = rng.integers(1, 3, size=(n, 3)) * rng.choice([-1, 1], size=(n, 3))
    if np.dtype(dtype).kind == "u":
        start, upd = np.abs(start), np.abs(upd)
    if np.dtype(dtype).kind == "c":
        start = start + 1j * start[::-1]
        upd = upd - 0.5j * upd
    at = rng.integers(0, rows, size=n).astype(np.int32)
    return start.astype(dtype), at, upd.astype(dtype)


def _on_both(method, dtype, n=300):
    start, at, upd = _many(dtype, n)
    v = tf.Variable(start)
    with tf.device("CPU:0"):
        host = tf.Variable(start)
    slices = tf.IndexedSlices(tf.constant(upd), tf.constant(at))
    with count_launches() as launches:
        getattr(v, method)(slices)
    getattr(host, method)(slices)
    assert isinstance(v._arr, strict.StrictArray) and type(host._arr) is np.ndarray
    return v.numpy(), host.numpy(), launches, at, upd


@pytest.mark.parametrize("method", [m for m in _METHODS if m != "scatter_update"])
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128",
                                   "int8", "int16", "int32", "int64", "uint8", "uint16",
                                   "uint32", "uint64"])
def test_a_batched_scatter_gives_the_hosts_values(method, dtype):
    """Every dtype TF has a kernel for: CuPy's atomic kernel where it takes the dtype
    (the stand-in refuses the others as CuPy does), the parts of a complex number, or
    rounds. Each row's updates apply in their order on the stand-in (an atomic kernel's
    order on a GPU is the GPU's: its float sums may differ in the last place there)."""
    if np.dtype(dtype).kind == "c" and method in ("scatter_min", "scatter_max"):
        pytest.skip("TF has no kernel for complex min/max")
    got, want, _, _, _ = _on_both(method, dtype)
    np.testing.assert_array_equal(got, want, err_msg=f"{method} {dtype}")


@pytest.mark.parametrize("method", _METHODS)
def test_a_scatter_of_many_rows_is_a_few_launches(method):
    """300 updates of 20 rows: one launch per row before (2 for an arithmetic update:
    601 in all), now an atomic kernel or a store, or for products and quotients a few
    per round (a round per update of the row updated most)."""
    _, _, launches, at, _ = _on_both(method, "float32")
    most = int(np.bincount(at).max())
    # (a float's min or max: a sort and a scan of log2(n) steps, scatter_fold; an update:
    # each row's last update found first, nd_indexing.last_updates: 5 more)
    limit = 3 * most + 6 if method in ("scatter_mul", "scatter_div") else \
        6 * int(np.ceil(np.log2(len(at)))) + 8 if method in ("scatter_min", "scatter_max") \
        else 11 if method == "scatter_update" else 6
    assert launches["total"] <= limit, dict(launches)


def test_repeated_rows_of_an_update_store_their_last_update_as_the_cpu():
    """TF's GPU kernel stores every update where its index is, leaving open which of a
    repeated row's lands (the CPU's: the last); eagerflow's device kernel lands the last,
    whatever order the device's stores take, reading nothing back."""
    got, want, launches, at, upd = _on_both("scatter_update", "float32")
    assert launches["total"] <= 11, dict(launches)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(want[at[-1]], upd[-1])  # (the host's: the last)


@pytest.mark.parametrize("method", _ND_METHODS)
@pytest.mark.parametrize("dtype", ["float32", "int32", "int16"])
def test_a_batched_scatter_nd_gives_the_hosts_values(method, dtype):
    rng = np.random.default_rng(1)
    start = rng.integers(-3, 4, size=(6, 5, 2)).astype(dtype)
    ids = np.stack([rng.integers(0, 6, 200), rng.integers(0, 5, 200)], 1).astype(np.int32)
    upd = rng.integers(-2, 3, size=(200, 2)).astype(dtype)
    v = tf.Variable(start)
    with tf.device("CPU:0"):
        host = tf.Variable(start)
    ids_t, upd_t = tf.constant(ids), tf.constant(upd)
    with strict_streams.count_transfers() as n, count_launches() as launches:
        getattr(v, method)(ids_t, upd_t)
    getattr(host, method)(ids_t, upd_t)
    assert n["to_device"] == 0 and n["to_host"] == 0, dict(n)  # (TF's: unchecked)
    # (the index vectors' row numbers, an index out of range's past the end: a compare,
    # a product and a sum per coordinate, a select; the variable copied into one row
    # longer; an int16 sum: its copies to 32 bits and back; a float's or an int16's max
    # or min: a sort and a scan of log2(n) steps; an update: each slice's last update
    # found first, 5 more: nd_indexing.last_updates)
    scan = dtype != "int32" and method.endswith(("max", "min"))
    limit = 6 * 8 + 16 if scan else 16 if dtype == "int16" else 12
    assert launches["total"] <= limit + 5 * (method == "scatter_nd_update"), dict(launches)
    # (a repeated slice of an update: the last lands, as on the CPU, where TF's GPU
    # kernel lands any one)
    np.testing.assert_array_equal(v.numpy(), host.numpy())


def test_a_batched_scatter_nd_skips_a_bad_index_as_tfs_gpu_kernel():
    """TF's CPU kernel updates the other slices, then refuses the bad vector; its GPU
    kernel skips it (no check, nothing read back): the same values either way."""
    start = np.arange(12.0, dtype=np.float32).reshape(4, 3)
    ids, upd = [[1], [7], [1], [2]], np.ones((4, 3), np.float32)
    v = tf.Variable(start)
    with tf.device("CPU:0"):
        host = tf.Variable(start)
    v.scatter_nd_add(ids, upd)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="device:CPU:0}} indices\\[1\\] = \\[7\\] does not index into "
                             "shape \\[4,3\\]"):
        host.scatter_nd_add(ids, upd)
    np.testing.assert_array_equal(v.numpy(), host.numpy())
    assert v.numpy()[1, 0] == start[1, 0] + 2


@pytest.mark.parametrize("method", _METHODS)
@pytest.mark.parametrize("bad", [9, -1])
def test_a_scatter_skips_an_index_out_of_range_as_tfs_gpu_kernel(method, bad):
    """TF's GPU kernels of the ResourceScatter updates skip an index out of range (the CPU
    kernel refuses it): the other rows updated, nothing raised; an add or subtract reads
    nothing back."""
    v = tf.Variable(INIT)
    rows = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.25, -3.0], [2.0, 2.0, 2.0]])
    with strict_streams.count_transfers() as n:
        getattr(v, method)(tf.IndexedSlices(rows, tf.constant([2, bad, 0])))
    if method in ("scatter_add", "scatter_sub"):
        assert n["to_host"] == 0
    with tf.device("CPU:0"):
        host = tf.Variable(INIT)
        getattr(host, method)(tf.IndexedSlices(tf.gather(rows, [0, 2]), tf.constant([2, 0])))
    np.testing.assert_array_equal(v.numpy(), host.numpy())
    assert v.device == GPU0 and isinstance(v._arr, strict.StrictArray)


def test_a_division_on_the_device_checks_no_divisor_as_tfs_gpu_kernel():
    """TF checks a ResourceScatterDiv's updates for a 0 on the CPU only."""
    v = tf.Variable([1.0, 2.0, 3.0])
    v.scatter_div(tf.IndexedSlices(tf.constant([0.0, 4.0]), tf.constant([0, 1])))
    np.testing.assert_array_equal(v.numpy(), [np.inf, 0.5, 3.0])
    with tf.device("CPU:0"):
        host = tf.Variable([1.0, 2.0, 3.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="updates must not contain 0"):
        host.scatter_div(tf.IndexedSlices(tf.constant([0.0, 4.0]), tf.constant([0, 1])))


def test_a_traced_batched_scatter_gives_the_hosts_values():
    start, at, upd = _many("float32")
    v = tf.Variable(start)
    with tf.device("CPU:0"):
        host = tf.Variable(start)

    @tf.function
    def step(var):
        var.scatter_add(tf.IndexedSlices(tf.constant(upd), tf.constant(at)))
        var.scatter_nd_max(tf.constant(at[:, None] % 5), tf.constant(upd * 2))

    step(v)
    with tf.device("CPU:0"):
        step(host)
    assert isinstance(v._arr, strict.StrictArray)
    np.testing.assert_array_equal(v.numpy(), host.numpy())


@pytest.mark.parametrize("method", ["scatter_max", "scatter_min", "scatter_nd_max",
                                    "scatter_nd_min"])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_floats_batched_max_keeps_its_precision_and_nans(method, dtype):
    """CuPy's atomic max and min of floats compare with fmaxf/fminf after rounding a
    double to float, so floats fold by sort and scan: a double's last bits kept, and a
    NaN losing to a number as in TF's GPU atomics (CUDA's fmax/fmin), where the host's
    kernel keeps it."""
    start = np.array([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]], dtype)
    upd = np.array([[1 + 1e-12, np.nan], [2.0, 5.0], [1 - 1e-12, 2.5], [-2.0, 0.25]], dtype)
    at = np.array([0, 1, 0, 2], np.int32)
    v = tf.Variable(start)
    with tf.device("CPU:0"):
        host = tf.Variable(start)
    for var in (v, host):
        if "nd" in method:
            getattr(var, method)(at[:, None], upd)
        else:
            getattr(var, method)(tf.IndexedSlices(tf.constant(upd), tf.constant(at)))
    assert isinstance(v._arr, strict.StrictArray)
    fold = np.fmax if method.endswith("max") else np.fmin
    want = start.copy()
    for i, row in zip(at, upd):
        want[i] = fold(want[i], row)
    np.testing.assert_array_equal(v.numpy(), want)
    np.testing.assert_array_equal(v.numpy()[:, 0], host.numpy()[:, 0])  # (no NaN there)
    assert np.isnan(host.numpy()[0, 1]) and not np.isnan(v.numpy()[0, 1])
