"""tf.autograph: converting Python control flow into graph control flow."""

from eagerflow._src.autograph.api import set_verbosity, to_code, to_graph, trace  # noqa: F401
from eagerflow.autograph import experimental  # noqa: F401
