"""The numpy_ops tests switch tf.experimental.numpy's global modes: each must put them back
(their fixtures call behavior.disable_numpy_behavior), or the rest of the suite would run
under NumPy's or the WeakTensor promotion. This checks that none leaks (the global seed
that tnp.random.seed cases set is put back by tests/conftest.py, as every test's)."""

from __future__ import annotations

import pytest

from eagerflow._src.core import promotion
from eagerflow._src.numpy_ops import behavior


@pytest.fixture(autouse=True)
def _no_leaked_mode():
    yield
    leaked = promotion.get_dtype_conversion_mode()
    if leaked is not promotion.PromoMode.OFF and not behavior.is_numpy_behavior_enabled():
        promotion.set_dtype_conversion_mode("off")
    if promotion.is_auto_dtype_conversion_enabled():
        behavior.disable_numpy_behavior()
        pytest.fail(f"the test left dtype_conversion_mode at {leaked}")

