"""tf.compat.v1.manip: TF 1's home of some array manipulations (re-exports of
tf.compat.v1's own: gather_nd and batch_to_space_nd keep their TF 1 signatures)."""

import eagerflow.compat.v1 as _v1
from eagerflow import reshape, reverse, roll, scatter_nd, space_to_batch_nd, tile

batch_to_space_nd = _v1.batch_to_space_nd
gather_nd = _v1.gather_nd

__all__ = ["batch_to_space_nd", "gather_nd", "reshape", "reverse", "roll", "scatter_nd",
           "space_to_batch_nd", "tile"]
