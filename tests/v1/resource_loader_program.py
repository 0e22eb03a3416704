"""tf.compat.v1.resource_loader run by TF 2.21 (record_resource_loader_golden.py) or by
eagerflow (test_v1_resource_loader.py): `python resource_loader_program.py tf|eagerflow`
prints one JSON line: the paths it gives for this script, relative to this directory, and
where load_resource and get_root_dir_with_all_resources look (relative to the library's
own resource_loader module)."""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if sys.argv[1] == "tf":
    os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
    import tensorflow as tf
    from tensorflow.python.platform import resource_loader as module
else:
    sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
    import eagerflow as tf
    from eagerflow._src.v1 import resource_loader as module

rl = tf.compat.v1.resource_loader
lib = os.path.dirname(os.path.abspath(module.__file__))
out = {"data": os.path.relpath(rl.get_data_files_path(), HERE),
       "datafile": os.path.relpath(rl.get_path_to_datafile("x/y.txt"), HERE),
       "readahead": rl.readahead_file_path("/a/b", "16M"),
       "readahead_default": rl.readahead_file_path("c"),
       "root": os.path.relpath(rl.get_root_dir_with_all_resources(), lib),
       "own_file": len(rl.load_resource(os.path.basename(module.__file__))) > 0}
try:
    rl.load_resource("nope/nothing.txt")
except OSError as e:
    out["load"] = [type(e).__name__, os.path.relpath(e.filename, lib)]
print(json.dumps(out, sort_keys=True))
