"""tf.distribute.experimental (re-exports only)."""

from eagerflow._src.distribute.experimental_api import (
    CollectiveCommunication,
    CollectiveHints,
    CommunicationImplementation,
    CommunicationOptions,
    MultiWorkerMirroredStrategy,
)
from eagerflow._src.distribute.central_storage import CentralStorageStrategy
from eagerflow._src.distribute.parameter_server import ParameterServerStrategy
from eagerflow.distribute.experimental import coordinator, partitioners
from eagerflow._src.distribute.strategy import ValueContext

from eagerflow._src.distribute.failure_handling import (
    PreemptionCheckpointHandler,
    PreemptionWatcher,
    TerminationConfig,
)
