"""SavedModel: whole programs (objects, variables, functions, signatures) in TF's format."""
