"""tf.compat.v1.app: `run` (absl's, leaving unknown flags to main) and `flags`
(re-exports only)."""

from eagerflow._src.v1.flags_v1 import run as run
from eagerflow.compat.v1 import flags as flags
