"""The GraphDef versions of TF 2.21, which eagerflow's graphs carry and its ops check.

One place for them: tf.version re-exports them, SavedModels and GraphDefs write the
producer version, and ops/unavailable_ops.py words TF's refusal of an op removed before
it ("Op BatchMatrixInverse is not available in GraphDef version 2474. ...").
"""

GRAPH_DEF_VERSION = 2474  # TF 2.21's producer version
GRAPH_DEF_VERSION_MIN_CONSUMER = 0
GRAPH_DEF_VERSION_MIN_PRODUCER = 0
