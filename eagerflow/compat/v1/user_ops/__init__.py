"""tf.compat.v1.user_ops: TF's example user op, `my_fact` (re-exports only)."""

from eagerflow._src.v1.tf1_extras import my_fact as my_fact
