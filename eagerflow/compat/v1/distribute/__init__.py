"""tf.compat.v1.distribute: tf.distribute with TF 1's `get_loss_reduction`, without TF 2's
distributed datasets and iterators, input options, coordinator and the multi-worker and
parameter-server strategies' TF 2 names."""

import eagerflow.distribute as _tf2
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing
from eagerflow._src.v1.namespaces import restricted as _restricted
from eagerflow._src.v1.tf1_extras import get_loss_reduction as get_loss_reduction

# TF 2's names that TF 1's tf.distribute lacks
_LACKS = ("DistributedDataset", "DistributedIterator", "DistributedValues", "InputOptions",
          "MultiWorkerMirroredStrategy", "ParameterServerStrategy", "TPUStrategy",
          "coordinator")
experimental = _restricted(f"{__name__}.experimental", _tf2.experimental,
                           ("PreemptionCheckpointHandler", "PreemptionWatcher",
                            "TerminationConfig", "ValueContext", "coordinator",
                            "partitioners"))
__getattr__ = _fallback(__name__, _tf2, _LACKS)
__dir__ = _listing(__name__, _tf2, _LACKS)
