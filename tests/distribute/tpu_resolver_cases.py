"""tf.distribute.cluster_resolver.TPUClusterResolver calls on a machine without a TPU,
as record_tpu_resolver.py runs them under TF 2.21 and test_tpu_resolver.py under
eagerflow: each one's error class and message, or its value's repr (an object's address
left out). None of them asks the network (a Cloud TPU name with its project and zone
given is resolved only when its cluster is asked for)."""

from __future__ import annotations

import re
from typing import Any

CASES = [
    "R()",
    "R(tpu='')",
    "R(tpu=[])",
    "R(tpu=['grpc://a:1', 'grpc://b:2'])",
    "R(tpu=5)",
    "type(R(tpu='local')).__name__",
    "R(tpu='local').cluster_spec()",
    "R(tpu='local').master()",
    "R(tpu='local').get_master()",
    "R(tpu='local').master(task_type='worker', task_id=0)",
    "R(tpu='local').num_accelerators()",
    "R(tpu='local').get_job_name()",
    "(R(tpu='local').task_type, R(tpu='local').task_id, R(tpu='local').environment)",
    "R(tpu='local').tpu_hardware_feature",
    "R(tpu='local').rpc_layer",
    "R(tpu='local', coordinator_name='c')",
    "R(tpu='local', coordinator_name='c', coordinator_address='h:1').cluster_spec()",
    "R(tpu='local').__enter__()",
    "R(tpu='local').get_tpu_system_metadata()",
    "isinstance(R(tpu='local'), tf.distribute.cluster_resolver.ClusterResolver)",
    "R(tpu='grpc://10.0.0.1:8470').master()",
    "R(tpu='grpc://10.0.0.1:8470').cluster_spec().as_dict()",
    "R(tpu='grpc://10.0.0.1:8470').num_accelerators()",
    "R(tpu='grpc://10.0.0.1:8470').get_coordination_service_leader()",
    "R(tpu='grpc://a').cluster_spec().as_dict()",
    "R(tpu='grpc://a:1,b:2').cluster_spec().as_dict()",
    "R(tpu='grpc://a:1,b:2').master()",
    "R(tpu=['grpc://a:1']).master()",
    "R(tpu=b'grpc://a:1').master()",
    "R(tpu='grpc://a:1', job_name='tpu_worker').master()",
    "R(tpu='grpc://a:1', job_name='tpu_worker').get_job_name()",
    "R(tpu='grpc://a:1').master(task_type='worker', task_id=3)",
    "R(tpu='grpc://a:1', coordinator_name='coord', coordinator_address='c:5')"
    ".cluster_spec().as_dict()",
    "R(tpu='my-tpu', zone='z', project='p').cluster_spec()",
    "R(tpu='my-tpu', zone='z', project='p').master()",
]

ENVIRONMENTS = [
    ({"TPU_NAME": "grpc://e:9"}, "R().master()"),
    ({"KUBE_GOOGLE_CLOUD_TPU_ENDPOINTS": "grpc://k:1,grpc://k:2"},
     "R().cluster_spec().as_dict()"),
    ({"TPU_CONFIG": '{"tpu_node_name": "grpc://t:3", "project": "p", "zone": "z"}'},
     "R().master()"),
]


def outcome(tf: Any, source: str) -> list:
    """What `source` gave, R being TPUClusterResolver: ["value", repr] or ["error",
    class, message]; an object's repr without its address or module."""
    env = {"tf": tf, "R": tf.distribute.cluster_resolver.TPUClusterResolver}
    try:
        value = eval(source, env)
    except Exception as e:  # noqa: BLE001 - the error is the recorded answer
        return ["error", type(e).__name__, str(e)]
    text = re.sub(r"<[\w.]*\.(\w+) object at 0x[0-9a-f]+>", r"<\1>", repr(value))
    return ["value", text]
