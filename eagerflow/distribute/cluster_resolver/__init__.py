"""tf.distribute.cluster_resolver: where a process finds its cluster and its task."""

from eagerflow._src.distribute.cluster_resolver import (  # noqa: F401
    ClusterResolver, SimpleClusterResolver, TFConfigClusterResolver,
)
from eagerflow._src.distribute.cloud_resolvers import (  # noqa: F401
    GCEClusterResolver, KubernetesClusterResolver, KubernetesExecutableLocation,
    SlurmClusterResolver, UnionResolver,
)
from eagerflow._src.distribute.tpu_resolver import TPUClusterResolver  # noqa: F401
