"""tf.distribute: distribution strategies (re-exports only)."""

from eagerflow.distribute import cluster_resolver, coordinator, experimental
from eagerflow._src.distribute.context import in_cross_replica_context
from eagerflow._src.distribute.input import DistributedDataset, DistributedIterator, InputContext
from eagerflow._src.distribute.multi_worker import MultiWorkerMirroredStrategy
from eagerflow._src.distribute.parameter_server import ParameterServerStrategy
from eagerflow._src.distribute.replica_context import ReplicaContext
from eagerflow._src.distribute.server import Server
from eagerflow._src.distribute.strategy import (
    CrossDeviceOps,
    HierarchicalCopyAllReduce,
    InputOptions,
    InputReplicationMode,
    MirroredStrategy,
    NcclAllReduce,
    OneDeviceStrategy,
    ReductionToOneDevice,
    RunOptions,
    Strategy,
    experimental_set_strategy,
    get_replica_context,
    get_strategy,
    has_strategy,
)
from eagerflow._src.distribute.collective import ReduceOp
from eagerflow._src.distribute.values import DistributedValues

StrategyExtended = Strategy
