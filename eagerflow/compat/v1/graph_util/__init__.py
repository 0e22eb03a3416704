"""tf.compat.v1.graph_util: TF 1's GraphDef surgery (re-exports only)."""

from eagerflow._src.saved_model.graph_util import (
    convert_variables_to_constants as convert_variables_to_constants,
)
from eagerflow._src.saved_model.graph_util import extract_sub_graph as extract_sub_graph
from eagerflow._src.saved_model.graph_util import import_graph_def as import_graph_def
from eagerflow._src.saved_model.graph_util import must_run_on_cpu as must_run_on_cpu
from eagerflow._src.saved_model.graph_util import remove_training_nodes as remove_training_nodes
from eagerflow._src.saved_model.graph_util import (
    tensor_shape_from_node_def_name as tensor_shape_from_node_def_name,
)
