"""tf.compat.v1.test's own functions: TF 1's graph gradient checker (`compute_gradient`,
`compute_gradient_error`: the Jacobians of a graph's tensors, the theoretical one from
tf.gradients and the numeric one from central differences, both evaluated in the default
Session), `assert_equal_graph_def` with TF 1's order (`actual` first) and its two
strippings, the process's temporary directory `get_temp_dir`, `test_src_dir_path`, and
`StubOutForTesting`.

Testing layer (top): uses v1's graph machinery and testing/graph_defs.py.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import sys
import tempfile
import types
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.compat_v1 import get_default_session
from eagerflow._src.ops.array import constant
from eagerflow._src.ops.math_base import identity
from eagerflow._src.testing.graph_defs import assert_equal_graph_def as _assert_equal_v2
from eagerflow._src.v1.variables import gradients

_CHECKER = "tensorflow.python.ops.gradient_checker"
_USE_V2 = ("Use tf.test.compute_gradient in 2.0, which has better support for functions. "
           "Note that the two versions have different usage, so code change is needed.")
_FLOATS = (dt.float16, dt.bfloat16, dt.float32, dt.float64, dt.complex64, dt.complex128)


# -- the graph gradient checker ----------------------------------------------------------------

def _size(shape: Any) -> int:
    return shape if isinstance(shape, int) else int(np.prod(shape, dtype=np.int64))


def _feeds(extra: dict | None, own: dict) -> dict:
    return {**(extra or {}), **own}


def _theoretical(x: Any, x_shape: Any, x_data: np.ndarray, dy: Any, dy_shape: Any, dx: Any,
                 extra: dict | None) -> np.ndarray:
    """The Jacobian column by column: dx for dy one-hot at each output (a complex value's
    real and imaginary parts two columns, and two rows)."""
    if x.dtype.is_complex:
        x_shape = tuple(x_shape) + (2,)
    real = x.dtype.real_dtype.as_numpy_dtype
    columns = _size(dy_shape) * (2 if dy.dtype.is_complex else 1)
    jacobian = np.zeros((_size(x_shape), columns), dtype=real)
    dy_data = np.zeros(dy_shape, dtype=dy.dtype.as_numpy_dtype)
    dy_flat = dy_data.ravel().view(dy.dtype.real_dtype.as_numpy_dtype)
    sess = get_default_session()
    row_size = _size(x_shape[1:])
    for col in range(columns):
        dy_flat[col] = 1
        feed = _feeds(extra, {x: x_data, dy: dy_data})
        if hasattr(dx, "indices"):  # IndexedSlices: each slice adds to its rows
            indices, values = sess.run([dx.indices, dx.values], feed_dict=feed)
            for i, v in zip(indices, values):
                jacobian[i * row_size:(i + 1) * row_size, col] += v.flat
        else:
            jacobian[:, col] = np.asarray(sess.run(dx, feed_dict=feed)).ravel().view(real)
        dy_flat[col] = 0
    if not columns:  # an empty output: the gradient must be zeros of x's shape
        back = np.asarray(sess.run(dx, feed_dict=_feeds(extra, {x: x_data, dy: dy_data})))
        if back.shape != x_data.shape:
            raise ValueError(f"Empty gradient has wrong shape: expected {x_data.shape}, got "
                             f"{back.shape}")
        if np.any(back):
            raise ValueError("Empty tensor with nonzero gradients")
    return jacobian


def _numeric(x: Any, x_shape: Any, x_data: np.ndarray, y: Any, y_shape: Any, delta: float,
             extra: dict | None) -> np.ndarray:
    """The Jacobian row by row: (y(x + delta) - y(x - delta)) / (2 delta) for each input
    value (bfloat16 values read as float32)."""
    x_real = (dt.float32 if x.dtype is dt.bfloat16 else x.dtype.real_dtype).as_numpy_dtype
    y_real = (dt.float32 if y.dtype is dt.bfloat16 else y.dtype.real_dtype).as_numpy_dtype
    if x_data.dtype == dt.bfloat16.as_numpy_dtype:
        x_data = x_data.astype(np.float32)
    x_data = np.asarray(x_data, dtype=x.dtype.as_numpy_dtype)
    rows = _size(x_shape) * (2 if x.dtype.is_complex else 1)
    columns = _size(y_shape) * (2 if y.dtype.is_complex else 1)
    scale = np.asarray(2 * delta, dtype=y_real)[()]
    sess = get_default_session()
    jacobian = np.zeros((rows, columns), dtype=x_real)
    for row in range(rows):
        ends = []
        for step in (delta, -delta):
            moved = x_data.copy()
            moved.ravel().view(x_real)[row] += step
            ends.append(np.asarray(sess.run(y, feed_dict=_feeds(extra, {x: moved}))))
        diff = (ends[0] - ends[1]) / scale
        jacobian[row, :] = np.asarray(diff).ravel().view(y_real)
    return jacobian


def _dx_and_dy(x: Any, y: Any, y_shape: Any) -> tuple:
    """x's gradient for an output gradient `dy` that the checker feeds (an Identity of
    ones, as TF builds it in x's graph)."""
    with x.graph.as_default():
        dy = identity(constant(1.0, shape=y_shape, dtype=y.dtype))
    grads = gradients(y, x, dy)
    return grads[0], dy


def _one_gradient(x: Any, x_shape: Any, dx: Any, y: Any, y_shape: Any, dy: Any,
                  x_init_value: Any, delta: float, extra: dict | None) -> tuple:
    assert x.dtype.base_dtype in _FLOATS, f"Don't support type {x.dtype.name} for x"
    assert y.dtype.base_dtype in _FLOATS, f"Don't support type {y.dtype.name} for y"
    if x_init_value is not None:
        assert list(x_shape) == list(x_init_value.shape), \
            f"x_shape = {x_shape}, init_data shape = {list(x_init_value.shape)}"
        x_data = x_init_value
    else:  # (NumPy's global generator, as TF draws them: np.random.seed fixes them)
        x_data = np.random.random_sample(x_shape).astype(x.dtype.as_numpy_dtype)
        if x.dtype.is_complex:
            x_data.imag = np.random.random_sample(x_shape)
    return (_theoretical(x, x_shape, x_data, dy, y_shape, dx, extra),
            _numeric(x, x_shape, x_data, y, y_shape, delta, extra))


def _run_inits(init_targets: Any) -> None:
    if init_targets is not None:
        assert isinstance(init_targets, (list, tuple))
        for init in init_targets:
            init.run()


def _gradient(x: Any, x_shape: Any, y: Any, y_shape: Any, x_init_value: Any, delta: float,
              init_targets: Any, extra: dict) -> Any:
    if not isinstance(x, list):
        _run_inits(init_targets)
        dx, dy = _dx_and_dy(x, y, y_shape)
        return _one_gradient(x, x_shape, dx, y, y_shape, dy, x_init_value, delta, extra)
    pairs = [_dx_and_dy(xi, y, y_shape) for xi in x]
    _run_inits(init_targets)
    inits = [None] * len(x) if x_init_value is None else x_init_value
    return [_one_gradient(xi, shape, dx, y, y_shape, dy, init, delta, extra)
            for xi, shape, (dx, dy), init in zip(x, x_shape, pairs, inits)]


def compute_gradient(x: Any, x_shape: Any, y: Any, y_shape: Any, x_init_value: Any = None,
                     delta: float = 1e-3, init_targets: Any = None,
                     extra_feed_dict: dict | None = None) -> Any:
    """`tf.compat.v1.test.compute_gradient`: the theoretical and numeric Jacobians
    `[x size, y size]` of graph tensor `y` for `x` (a tensor the default Session can feed,
    or a list of them: a list of pairs), at `x_init_value` or at random values in [0, 1)."""
    deprecated_call("compute_gradient", _CHECKER, _USE_V2)
    return _gradient(x, x_shape, y, y_shape, x_init_value, delta, init_targets,
                     extra_feed_dict or {})


def compute_gradient_error(x: Any, x_shape: Any, y: Any, y_shape: Any, x_init_value: Any = None,
                           delta: float = 1e-3, init_targets: Any = None,
                           extra_feed_dict: dict | None = None) -> Any:
    """`tf.compat.v1.test.compute_gradient_error`: the largest absolute difference between
    compute_gradient's two Jacobians (of all of them, for a list of `x`)."""
    deprecated_call("compute_gradient_error", _CHECKER, _USE_V2)
    grad = _gradient(x, x_shape, y, y_shape, x_init_value, delta, init_targets,
                     extra_feed_dict or {})
    error = 0
    for theoretical, numeric in [grad] if isinstance(grad, tuple) else grad:
        if theoretical.size or numeric.size:
            error = np.maximum(error, np.fabs(theoretical - numeric).max())
    return error


# -- graph comparison, directories, stubs ------------------------------------------------------

_SAVE_TEMP = re.compile(rb"_temp_[0-9a-z]{32}/part")  # a sharded save's random directory
_TABLE_NAME = re.compile(rb"hash_table_[0-9a-z\-]+")  # a table's generated shared name


def _strip_save_temp(graph_def: Any) -> None:
    for node in graph_def.node:
        for key in [k for k in node.attr if len(node.attr[k].tensor.string_val) == 1
                    and _SAVE_TEMP.match(node.attr[k].tensor.string_val[0])]:
            del node.attr[key]


def _strip_table_name(graph_def: Any) -> None:
    for node in graph_def.node:
        if node.op == "HashTableV2" and "shared_name" in node.attr and \
                _TABLE_NAME.match(node.attr["shared_name"].s):
            del node.attr["shared_name"]


def assert_equal_graph_def(actual: Any, expected: Any, checkpoint_v2: bool = False,
                           hash_table_shared_name: bool = False) -> None:
    """`tf.compat.v1.test.assert_equal_graph_def`: TF 1's order (`actual` first); with
    `checkpoint_v2` the sharded save's random temporary path, with
    `hash_table_shared_name` the tables' generated shared names, are left out of both
    (deleted from the protos given, as TF deletes them)."""
    for flag, strip in ((checkpoint_v2, _strip_save_temp),
                        (hash_table_shared_name, _strip_table_name)):
        if flag:
            for graph_def in (actual, expected):
                if hasattr(graph_def, "node"):
                    strip(graph_def)
    _assert_equal_v2(expected, actual)


_temp_dir: list = []


def get_temp_dir() -> str:
    """`tf.compat.v1.test.get_temp_dir`: the process's one temporary directory (made on
    first use under $TEST_TMPDIR's prefix, or the system's named after the main script),
    removed at exit."""
    if not _temp_dir:
        if os.environ.get("TEST_TMPDIR"):
            path = tempfile.mkdtemp(prefix=os.environ["TEST_TMPDIR"])
        else:
            main = os.path.basename(getattr(sys.modules.get("__main__"), "__file__", "") or "")
            path = tempfile.mkdtemp(prefix=os.path.join(tempfile.gettempdir(),
                                                        main).rstrip(".py"))
        atexit.register(shutil.rmtree, path, True)
        _temp_dir.append(path)
    return _temp_dir[0]


def test_src_dir_path(relative_path: str) -> str:
    """`tf.compat.v1.test.test_src_dir_path`: `relative_path` under TensorFlow's tree in
    Bazel's runfiles ($TEST_SRCDIR/$TEST_WORKSPACE/tensorflow; KeyError outside Bazel)."""
    return os.path.join(os.environ["TEST_SRCDIR"], os.environ["TEST_WORKSPACE"], "tensorflow",
                        relative_path)


class StubOutForTesting:
    """`tf.compat.v1.test.StubOutForTesting`: replaces attributes for a test and puts them
    back (`UnsetAll`, `SmartUnsetAll`, `CleanUp`)."""

    def __init__(self) -> None:
        self.cache: list = []
        self.stubs: list = []

    def __del__(self) -> None:
        self.SmartUnsetAll()
        self.UnsetAll()

    def SmartSet(self, obj: Any, attr_name: str, new_attr: Any) -> None:  # noqa: N802
        """Sets obj.attr_name, to be restored by SmartUnsetAll: on a module, or an instance
        holding it, there; otherwise on the class (an instance's class: every instance
        sees the stub). A static method is put back as one."""
        if isinstance(obj, types.ModuleType) or (
                not isinstance(obj, type) and attr_name in getattr(obj, "__dict__", {})):
            owner = obj
        else:
            owner = obj if isinstance(obj, type) else type(obj)
        try:
            old = getattr(obj, attr_name)
        except AttributeError:
            raise AttributeError("Attribute not found.") from None
        if isinstance(getattr(obj, "__dict__", {}).get(attr_name), staticmethod):
            old = staticmethod(old)
        self.stubs.append((owner, attr_name, old))
        setattr(owner, attr_name, new_attr)

    def SmartUnsetAll(self) -> None:  # noqa: N802
        for obj, attr_name, old in reversed(self.stubs):
            setattr(obj, attr_name, old)
        self.stubs = []

    def Set(self, parent: Any, child_name: str, new_child: Any) -> None:  # noqa: N802
        """Sets parent.child_name (on `parent` itself), to be restored by UnsetAll."""
        old = getattr(parent, child_name)
        if isinstance(parent.__dict__.get(child_name), staticmethod):
            old = staticmethod(old)
        self.cache.append((parent, old, child_name))
        setattr(parent, child_name, new_child)

    def UnsetAll(self) -> None:  # noqa: N802
        for parent, old, child_name in reversed(self.cache):
            setattr(parent, child_name, old)
        self.cache = []

    def CleanUp(self) -> None:  # noqa: N802
        self.SmartUnsetAll()
        self.UnsetAll()

    def __enter__(self) -> StubOutForTesting:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.CleanUp()
