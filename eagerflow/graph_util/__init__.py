"""tf.graph_util: importing a GraphDef into the current graph."""

from eagerflow._src.saved_model.graph_import import import_graph_def as import_graph_def
