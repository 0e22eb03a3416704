"""tf.compat.v1.gfile: TF 1's file functions over tf.io.gfile (re-exports only)."""

from eagerflow._src.v1.gfile_v1 import Copy as Copy
from eagerflow._src.v1.gfile_v1 import DeleteRecursively as DeleteRecursively
from eagerflow._src.v1.gfile_v1 import Exists as Exists
from eagerflow._src.v1.gfile_v1 import FastGFile as FastGFile
from eagerflow._src.v1.gfile_v1 import GFile as GFile
from eagerflow._src.v1.gfile_v1 import Glob as Glob
from eagerflow._src.v1.gfile_v1 import IsDirectory as IsDirectory
from eagerflow._src.v1.gfile_v1 import ListDirectory as ListDirectory
from eagerflow._src.v1.gfile_v1 import MakeDirs as MakeDirs
from eagerflow._src.v1.gfile_v1 import MkDir as MkDir
from eagerflow._src.v1.gfile_v1 import Open as Open
from eagerflow._src.v1.gfile_v1 import Remove as Remove
from eagerflow._src.v1.gfile_v1 import Rename as Rename
from eagerflow._src.v1.gfile_v1 import Stat as Stat
from eagerflow._src.v1.gfile_v1 import Walk as Walk
