"""tf.raw_ops: TensorFlow's ops as keyword-only functions, for the ops eagerflow runs
(`tf.raw_ops.AddV2(x=a, y=b)`); see eagerflow/_src/saved_model/raw_ops.py."""

from eagerflow._src.saved_model.raw_ops import names as _names
from eagerflow._src.saved_model.raw_ops import raw_op as _raw_op


def __getattr__(name: str):
    try:
        return _raw_op(name)
    except KeyError:
        raise AttributeError(f"module 'tensorflow._api.v2.raw_ops' has no attribute "
                             f"'{name}'") from None


def __dir__() -> list:
    return _names()
