"""The formats `model.export` writes through packages above keras/ in the pipeline (lite/:
"litert"): format -> the module whose `export_<format>(model, filepath, input_signature,
verbose, **kwargs)` writes it. The public eagerflow.keras puts them here (a lazy module,
loaded on the first such export); keras/export.py reads them. A module of its own so that
`tf.keras` registers them without loading export.py."""

WRITERS: dict = {}
