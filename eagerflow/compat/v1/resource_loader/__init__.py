"""tf.compat.v1.resource_loader (re-exports of eagerflow/_src/v1/resource_loader.py)."""

from eagerflow._src.v1.resource_loader import (
    get_data_files_path,
    get_path_to_datafile,
    get_root_dir_with_all_resources,
    load_resource,
    readahead_file_path,
)

__all__ = ["get_data_files_path", "get_path_to_datafile", "get_root_dir_with_all_resources",
           "load_resource", "readahead_file_path"]
