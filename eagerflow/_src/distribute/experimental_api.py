"""tf.distribute.experimental: names TF 2.x code still uses."""

from eagerflow._src.distribute.multi_worker import (  # noqa: F401
    CollectiveHints,
    CommunicationImplementation,
    CommunicationOptions,
    MultiWorkerMirroredStrategy,
)

CollectiveCommunication = CommunicationImplementation


class AutoShardPolicy:
    AUTO = 0
    FILE = 1
    DATA = 2
    OFF = -1
    HINT = 3
