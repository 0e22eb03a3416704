"""tf.experimental.dtensor: meshes, layouts, DTensors and DVariables (loaded on first use)."""
