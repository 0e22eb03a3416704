"""tf.keras.utils: to_categorical, set_random_seed and get_file (with the dataset cache).

Sits at the bottom of keras (NumPy, the standard library, keras.utils' printing). File
lookup order for `get_file` and `fetch_file` (the dataset loaders' and applications'):

1. the folder named by $EAGERFLOW_DATASETS (also $TFCOMPAT_DATASETS /
   $CONFORMANCE_DATASETS): a local copy, used as is and never downloaded into;
2. the Keras cache, `$KERAS_HOME` or `~/.keras`, `<cache_subdir>/<fname>`, so an
   existing Keras download is reused, after its checksum is verified;
3. a download from `origin`, verified against `file_hash`, written to a temporary
   file, fsynced and renamed into the cache.

A cached file whose checksum does not match is never used: it is downloaded again,
and if that fails the error says so: `fetch_file`'s DownloadError says where a local copy
goes; `get_file` raises Keras 3's errors instead.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import tempfile
import warnings
from typing import Any

import numpy as np

from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras.random_seeds import reset_global_seed_generator
from eagerflow._src.keras.utils.io_utils import print_msg
from eagerflow._src.keras.utils.progbar import Progbar
from eagerflow._src.ops.random import set_seed

# Downloading and unpacking load on first use: every model imports this module (for
# `normalize`), and urllib.request alone (http, email, ssl) costs ~40 ms.
urllib_request = lazy_module("urllib.request")
urllib_error = lazy_module("urllib.error")
tarfile = lazy_module("tarfile")
zipfile = lazy_module("zipfile")

DATASET_ENV_VARS = ("EAGERFLOW_DATASETS", "TFCOMPAT_DATASETS", "CONFORMANCE_DATASETS")


class DownloadError(Exception):
    """Raised when a file is neither found locally nor downloadable."""


def to_categorical(x: Any, num_classes: int | None = None) -> Any:
    """Class indices -> one-hot rows: float64 NumPy for arrays, indexed as NumPy indexes
    (a negative class counts from the end); a float32 tensor for a tensor, one-hot as
    `tf.one_hot` makes it (an index out of range gives a row of zeros)."""
    if hasattr(x, "_as_tensor") or type(x).__name__ == "EagerTensor":
        if num_classes is None:
            # Keras hands the tensor to one_hot with depth None, which TF cannot convert
            raise ValueError("Attempt to convert a value (None) with an unsupported type "
                             "(<class 'NoneType'>) to a Tensor.")
        labels = np.asarray(x).astype("int64")
        if labels.ndim > 1 and labels.shape[-1] == 1:
            labels = labels.reshape(labels.shape[:-1])
        out = (labels[..., None] == np.arange(int(num_classes))).astype(np.float32)
        return convert_to_tensor(out)
    x = np.array(x, dtype="int64")
    shape = x.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = tuple(shape[:-1])
    x = x.reshape(-1)
    if not num_classes:
        num_classes = int(np.max(x)) + 1  # NumPy's ValueError for no labels, as in Keras
    out = np.zeros((x.shape[0], num_classes))
    out[np.arange(x.shape[0]), x] = 1  # NumPy's IndexError for a class out of range
    return out.reshape(shape + (num_classes,))


def normalize(x: Any, axis: int = -1, order: int = 2) -> np.ndarray:
    """keras.utils.normalize's NumPy branch (numerical_utils.normalize takes the rest)."""
    norm = np.atleast_1d(np.linalg.norm(x, order, axis))
    norm[norm == 0] = 1
    # (Keras 3 expands the norms at `axis or -1`: axis=0 divides by them along the last axis)
    return x / np.expand_dims(norm, axis or -1)


def set_random_seed(seed: int) -> None:
    """Seeds Python's `random`, NumPy and eagerflow's global seed at once."""
    if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
        raise ValueError("Expected `seed` argument to be an integer. "
                         f"Received: seed={seed} (of type {type(seed)})")
    seed = int(seed)
    random.seed(seed)
    np.random.seed(seed)
    set_seed(seed)
    reset_global_seed_generator()


# -- files ------------------------------------------------------------------------------

def dataset_dirs() -> list[str]:
    """Local data folders named by the environment, in priority order."""
    out = []
    for var in DATASET_ENV_VARS:
        d = os.environ.get(var)
        if d and d not in out:
            out.append(d)
    return out


def keras_cache_dir(cache_dir: str | None = None) -> str:
    """Where downloads go: `cache_dir` (a `~` expanded), else $KERAS_HOME or ~/.keras.
    A given folder that is not writable, or not there yet, is Keras 3's /tmp/.keras
    instead (its os.access check); the default one is made when missing (Keras 3 makes
    ~/.keras when imported)."""
    if cache_dir is not None:
        cache_dir = os.path.expanduser(cache_dir)
        return cache_dir if os.access(cache_dir, os.W_OK) else _tmp_keras()
    cache_dir = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
    if not os.access(cache_dir, os.W_OK) and os.path.exists(cache_dir) or not os.path.exists(
            os.path.dirname(os.path.abspath(cache_dir)) or "/"):
        cache_dir = _tmp_keras()
    return cache_dir


def _tmp_keras() -> str:
    return os.path.join("/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir(), ".keras")


def hash_file(path: str, algorithm: str = "sha256", chunk_size: int = 65535) -> str:
    h = hashlib.sha256() if algorithm in ("sha256", "auto") else hashlib.md5()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(chunk_size), b""):
            h.update(chunk)
    return h.hexdigest()


def validate_file(path: str, file_hash: str, algorithm: str = "auto") -> bool:
    if algorithm == "auto":
        algorithm = "sha256" if len(file_hash) == 64 else "md5"
    return hash_file(path, algorithm) == str(file_hash)


def _download(origin: str, dest: str, file_hash: str | None, algorithm: str,
              keep_mismatched: bool = False) -> None:
    """Fetches `origin` into `dest` as Keras 3 announces it ("Downloading data from ..."
    and a Progbar of the bytes, updated before the first block and after each, finished
    once the size is reached); written to a temporary file first, renamed into place only
    once whole and of `file_hash` - or, `keep_mismatched`, once whole whatever its hash
    (keras.utils.get_file's: Keras 3 leaves a download of another hash in the cache)."""
    print_msg(f"Downloading data from {origin}")
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".part-", dir=os.path.dirname(dest))
    try:
        with os.fdopen(fd, "wb") as out, urllib_request.urlopen(origin, timeout=60) as resp:
            size = int(resp.headers.get("Content-Length") or -1)
            shown = _DownloadBar(size if size >= 0 else None)
            blocks = 0
            shown(0)
            while chunk := resp.read(_BLOCK):
                out.write(chunk)
                blocks += 1
                shown(blocks * _BLOCK)
            out.flush()
            os.fsync(out.fileno())
        mismatched = file_hash is not None and not validate_file(tmp, file_hash, algorithm)
        if mismatched and keep_mismatched:
            os.replace(tmp, dest)
        if mismatched:
            raise _HashMismatch(f"The file downloaded from {origin} does not match its "
                                f"expected checksum ({file_hash}); it was discarded.")
        os.replace(tmp, dest)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


# urllib's urlretrieve reads (and reports) blocks of 8 KiB, as Keras's progress shows them
_BLOCK = 8192


class _HashMismatch(DownloadError):
    """A download whose checksum is not the expected one."""


class _DownloadBar:
    """Keras 3's download progress: a byte count of `total` (None: unknown), shown up to
    the total, then the total once."""

    def __init__(self, total: int | None) -> None:
        self.bar = Progbar(total)
        self.finished = False

    def __call__(self, current: int) -> None:
        if self.bar.target is None or current < self.bar.target:
            self.bar.update(current)
        elif not self.finished:
            self.bar.update(self.bar.target)
            self.finished = True


def _not_found(fname: str, origin: str | None, cache_path: str, why: str) -> DownloadError:
    dirs = dataset_dirs()
    where = (f"put it in {os.path.join(dirs[0], fname)} ($EAGERFLOW_DATASETS)" if dirs else
             f"put it in a folder and set EAGERFLOW_DATASETS to that folder, or place it at "
             f"{cache_path}")
    return DownloadError(f"Could not find or download {fname!r}"
                         + (f" from {origin}" if origin else "") + f": {why}. To use a local "
                         f"copy, {where}.")


def locate_local(fname: str) -> str | None:
    for d in dataset_dirs():
        p = os.path.join(d, fname)
        if os.path.exists(p):
            return p
    return None


def get_file(fname: str | None = None, origin: str | None = None, untar: bool = False,
             md5_hash: str | None = None, file_hash: str | None = None,
             cache_subdir: str = "datasets", hash_algorithm: str = "auto",
             extract: bool = False, archive_format: str = "auto", cache_dir: str | None = None,
             force_download: bool = False) -> str:
    """Returns the local path of `fname`, downloading it from `origin` if needed, with
    Keras 3's errors: a fetch that fails is its Exception ("URL fetch failure on ..."), a
    download of another hash its ValueError (the download left in the cache, as Keras
    leaves it). An archive to extract (`extract`, `untar`)
    is kept and unpacked under Keras 3's names (_archive_names), its folder returned."""
    if fname and os.sep in str(fname):
        _file_name(fname, origin)  # (a missing origin is named first)
        raise ValueError("Paths are no longer accepted as the `fname` argument. To specify "
                         "the file's parent directory, use the `cache_dir` argument. "
                         f"Received: fname={fname}")
    try:
        if not (extract or untar):
            return fetch_file(fname, origin, False, md5_hash, file_hash, cache_subdir,
                              hash_algorithm, False, archive_format, cache_dir, force_download,
                              keep_mismatched=True)
        archive, folder = _archive_names(fname, origin)
        path = fetch_file(archive, origin, False, md5_hash, file_hash, cache_subdir,
                          hash_algorithm, False, archive_format, cache_dir, force_download,
                          keep_mismatched=True)
        folder = os.path.join(keras_cache_dir(cache_dir), cache_subdir, folder)
        if not _extract_into(path, folder, "tar" if untar else archive_format):
            warnings.warn("Could not extract archive.", stacklevel=2)
        return folder
    except _HashMismatch as e:
        algorithm, expected = e.args[1:]
        raise ValueError(f"Incomplete or corrupted file detected. The {algorithm} file hash "
                         f"does not match the provided value of {expected}.") from None
    except DownloadError as e:
        failure = e.__cause__
        if isinstance(failure, urllib_error.HTTPError):
            raise Exception(f"URL fetch failure on {origin}: {failure.code} -- "
                            f"{failure.msg}") from None
        if isinstance(failure, urllib_error.URLError):
            raise Exception(f"URL fetch failure on {origin}: {failure.errno} -- "
                            f"{failure.reason}") from None
        raise


def _archive_names(fname: str | None, origin: str | None) -> tuple:
    """The names Keras 3's get_file gives an archive it extracts and the folder it extracts
    to: 'aclImdb_v1.tar.gz' and 'aclImdb_v1_extracted' for that fname, 'x_archive' and 'x'
    for a fname 'x' with no dot or one read from the origin."""
    name = _file_name(fname, origin)
    if fname and "." in fname:
        return fname, fname[:fname.find(".")] + "_extracted"
    return name + "_archive", name


def _file_name(fname: str | None, origin: str | None) -> str:
    """The name a downloaded file takes: `fname`, else the origin URL's last part (Keras
    3's errors where there is no origin, or no name in it)."""
    if origin is None:
        raise ValueError('Please specify the "origin" argument (URL of the file to download).')
    name = fname or os.path.basename(urllib_request.url2pathname(origin.split("?")[0]))
    if not name:  # (Keras 3's words, without a space after the first sentence)
        raise ValueError("Can't parse the file name from the origin provided: "
                         f"'{origin}'.Please specify the `fname` argument.")
    return name


def _extract_into(path: str, folder: str, archive_format: Any) -> bool:
    """Keras 3's extract_archive: the archive at `path` unpacked into `folder` (beside what
    it holds), tried as each of `archive_format`'s kinds ('auto': tar, then zip); False
    where it is none of them."""
    kinds = ["tar", "zip"] if archive_format == "auto" else \
        [archive_format] if isinstance(archive_format, str) else list(archive_format or [])
    for kind in kinds:
        if kind not in ("tar", "zip"):
            raise NotImplementedError(kind)
        if kind == "tar" and tarfile.is_tarfile(path):
            with tarfile.open(path) as t:
                for member in t.getmembers():
                    _check_member(folder, member.name)
                    if member.issym() or member.islnk():
                        raise DownloadError(f"refusing to extract link {member.name!r}")
                t.extractall(folder)
            return True
        if kind == "zip" and zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                for name in z.namelist():
                    _check_member(folder, name)
                z.extractall(folder)
            return True
    return False


def fetch_file(fname: str | None = None, origin: str | None = None, untar: bool = False,
               md5_hash: str | None = None, file_hash: str | None = None,
               cache_subdir: str = "datasets", hash_algorithm: str = "auto",
               extract: bool = False, archive_format: str = "auto",
               cache_dir: str | None = None, force_download: bool = False,
               keep_mismatched: bool = False) -> str:
    """get_file for the dataset loaders and applications: a file that is neither found
    locally nor downloaded is a DownloadError saying where to put a local copy (a download
    of another hash discarded, unless `keep_mismatched`: see _download)."""
    fname = _file_name(fname, origin)
    if md5_hash is not None and file_hash is None:
        file_hash, hash_algorithm = md5_hash, "md5"
    if os.path.isabs(fname):
        return fname
    local = locate_local(fname) or locate_local(os.path.join(os.path.basename(cache_subdir),
                                                             fname))
    if local is not None and not force_download:
        return _maybe_extract(local, extract or untar, archive_format)
    datadir = os.path.join(keras_cache_dir(cache_dir), cache_subdir)
    fpath = os.path.join(datadir, fname)
    download = force_download or not os.path.exists(fpath)
    if not download and file_hash is not None and not validate_file(fpath, file_hash,
                                                                     hash_algorithm):
        print_msg("A local file was found, but it seems to be incomplete or outdated because "
                  f"the {hash_algorithm} file hash does not match the original value of "
                  f"{file_hash} so we will re-download the data.")
        download = True
    if download:
        try:
            _download(origin, fpath, file_hash, hash_algorithm, keep_mismatched)
        except (urllib_error.URLError, OSError, ValueError) as e:
            raise _not_found(fname, origin, fpath, f"{type(e).__name__}: {e}") from e
        except _HashMismatch as e:
            raise _HashMismatch(str(_not_found(fname, origin, fpath, str(e))),
                                hash_algorithm, file_hash) from e
    return _maybe_extract(fpath, extract or untar, archive_format)


def _maybe_extract(path: str, extract: bool, archive_format: str) -> str:
    if not extract:
        return path
    target = path + "_extracted" if not path.endswith((".tar.gz", ".tgz", ".zip")) else \
        path.rsplit(".tar.gz", 1)[0].rsplit(".tgz", 1)[0].rsplit(".zip", 1)[0]
    if os.path.isdir(target) and os.listdir(target):
        return target
    tmp = tempfile.mkdtemp(prefix=".extract-", dir=os.path.dirname(path))
    try:
        if not _extract_into(path, tmp, archive_format):
            raise DownloadError(f"{path} is not an archive that can be extracted")
        if os.path.isdir(target):
            shutil.rmtree(target)
        os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def _check_member(root: str, name: str) -> None:
    dest = os.path.realpath(os.path.join(root, name))
    if not dest.startswith(os.path.realpath(root) + os.sep) and dest != os.path.realpath(root):
        raise DownloadError(f"archive member {name!r} would be written outside {root}")
