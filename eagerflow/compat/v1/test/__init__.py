"""tf.compat.v1.test: tf.test with TF 1's own functions, as TF 2.21 has them: the graph
gradient checker (`compute_gradient` of x, x_shape, y, y_shape in the default Session, and
`compute_gradient_error`), `assert_equal_graph_def` with `actual` first, `get_temp_dir`,
`test_src_dir_path`, `StubOutForTesting` and `mock` (unittest.mock) (re-exports only)."""

from unittest import mock as mock

import eagerflow.test as _test
from eagerflow._src.testing.v1_tools import (
    StubOutForTesting as StubOutForTesting,
    assert_equal_graph_def as assert_equal_graph_def,
    compute_gradient as compute_gradient,
    compute_gradient_error as compute_gradient_error,
    get_temp_dir as get_temp_dir,
    test_src_dir_path as test_src_dir_path,
)
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing

__getattr__ = _fallback(__name__, _test)  # the rest of tf.test
__dir__ = _listing(__name__, _test)
