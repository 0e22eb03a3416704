"""TF's dataset ops that read files and other sources (tf.raw_ops.TFRecordDataset,
TextLineDataset, FixedLengthRecordDataset, the CSV, SQL and matching-files datasets,
SparseTensorSliceDataset, ListDataset) and DatasetToTFRecord: the elements, reprs and
errors TF 2.21 gives (recorded from it)."""

import gzip
import os
import sqlite3

import numpy as np
import pytest

import eagerflow as tf

STR = tf.TensorSpec([], tf.string)
T = tf.constant
HEAD = "{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} "


def _elements(v, spec=STR, plain=False):
    ds = tf.data.experimental.from_variant(v, spec)
    if plain:
        # (TF 2.21's default graph rewrites can't rebuild a TFRecordDatasetV2 or a
        # FixedLengthRecordDataset: MakeIterator's InternalError; without them it reads)
        options = tf.data.Options()
        options.experimental_optimization.apply_default_optimizations = False
        options.autotune.enabled = False
        ds = ds.with_options(options)
    return list(ds.as_numpy_iterator())


def _error(op, message, arity=""):
    return HEAD % (op + arity) + message + f" [Op:{op}] name: "


@pytest.fixture
def files(tmp_path):
    rec = str(tmp_path / "a.tfrecord")
    with tf.io.TFRecordWriter(rec) as w:
        for r in (b"x", b"yz", b""):
            w.write(r)
    contents = {"a.txt": b"ab\ncd\r\n\nef", "a.bin": b"HH0123456789FF",
                "a.csv": b"a,b,c\n1,2.5,x\n3,,\"q,r\"\n", "t.gz": gzip.compress(b"l1\nl2\n")}
    for name, data in contents.items():
        (tmp_path / name).write_bytes(data)
    return {"dir": str(tmp_path), "rec": rec,
            **{name: str(tmp_path / name) for name in contents}}


def _op_text(v):
    return repr(v).split("value=")[1][:-1]


# -- TFRecordDataset, TFRecordDatasetV2 ------------------------------------------------------

def test_tfrecord_datasets_read_records(files):
    rec = files["rec"]
    v = tf.raw_ops.TFRecordDataset(filenames=T([rec]), compression_type=T(""),
                                   buffer_size=T(0, tf.int64))
    assert repr(v) == ("<tf.Tensor: shape=(), dtype=variant, "
                       "value=<TFRecordDatasetOp::Dataset>>")
    assert _elements(v) == [b"x", b"yz", b""]
    assert int(tf.raw_ops.DatasetCardinality(input_dataset=v)) == -2
    # a compression TF doesn't know is logged and the file read plain; -1: the default size
    v = tf.raw_ops.TFRecordDataset(filenames=T(rec), compression_type=T("FOO"),
                                   buffer_size=T(-1, tf.int64))
    assert _elements(v) == [b"x", b"yz", b""]
    v2 = tf.raw_ops.TFRecordDatasetV2(filenames=T([rec, rec]), compression_type=T(""),
                                      buffer_size=T(0, tf.int64),
                                      byte_offsets=T([17, 0], tf.int64))
    assert _op_text(v2) == "<TFRecordDatasetV2Op::Dataset>"
    assert _elements(v2, plain=True) == [b"yz", b"", b"x", b"yz", b""]
    one = tf.raw_ops.TFRecordDatasetV2(filenames=T(rec), compression_type=T(""),
                                       buffer_size=T(0, tf.int64), byte_offsets=T(17, tf.int64))
    assert _elements(one, plain=True) == [b"yz", b""]
    # files and offsets are read pairwise, as many as the shorter holds
    pairs = tf.raw_ops.TFRecordDatasetV2(filenames=T([rec, rec]), compression_type=T(""),
                                         buffer_size=T(0, tf.int64),
                                         byte_offsets=T([0, 17, 5], tf.int64))
    assert _elements(pairs, plain=True) == [b"x", b"yz", b"", b"yz", b""]
    fewer = tf.raw_ops.TFRecordDatasetV2(filenames=T([rec, rec]), compression_type=T(""),
                                         buffer_size=T(0, tf.int64),
                                         byte_offsets=T([17], tf.int64))
    assert _elements(fewer, plain=True) == [b"yz", b""]


def test_huge_buffer_sizes_allocate_nothing(files):
    # (TF 2.21's reader allocates the buffer and the process dies: eagerflow's caps it)
    v = tf.raw_ops.TFRecordDataset(filenames=T(files["rec"]), compression_type=T(""),
                                   buffer_size=T(2**62, tf.int64))
    assert _elements(v) == [b"x", b"yz", b""]


@pytest.mark.parametrize("offset, outcome", [
    (1000, []), (2**62, []),
    (3, (tf.errors.DataLossError, "corrupted record at 3")),
    (-3, (tf.errors.InvalidArgumentError, "Can't skip a negative number of bytes")),
])
def test_tfrecord_v2_reads_from_byte_offsets(files, offset, outcome):
    v = tf.raw_ops.TFRecordDatasetV2(filenames=T([files["rec"]]), compression_type=T(""),
                                     buffer_size=T(0, tf.int64),
                                     byte_offsets=T([offset], tf.int64))
    if isinstance(outcome, list):
        assert _elements(v, plain=True) == outcome
    else:
        with pytest.raises(outcome[0], match=outcome[1]):
            _elements(v, plain=True)


@pytest.mark.parametrize("op, kw, message", [
    ("TFRecordDataset", dict(filenames=[["f"]], compression_type=[""]),
     "`filenames` must be a scalar or a vector."),
    ("TFRecordDataset", dict(compression_type=[""], buffer_size=[-5]),
     "compression_type must be a scalar"),
    ("TFRecordDataset", dict(buffer_size=[-5]), "buffer_size must be a scalar"),
    ("TFRecordDataset", dict(buffer_size=-2), "`buffer_size` must be >= 0 (0 == no buffering)"),
    ("TFRecordDatasetV2", dict(buffer_size=-5, byte_offsets=[[0]]),
     "`buffer_size` must be >= 0 (0 == no buffering)"),
    ("TFRecordDatasetV2", dict(byte_offsets=[[0]]),
     "`byte_offsets` must be a scalar or a vector."),
    # (the check is of ranks alone: a vector of names takes any vector of offsets)
    ("TFRecordDatasetV2", dict(filenames=["f"], byte_offsets=0),
     "`byte_offsets` must be of same size as `filenames`"),
    ("TFRecordDatasetV2", dict(filenames="f", byte_offsets=[]),
     "`byte_offsets` must be of same size as `filenames`"),
])
def test_tfrecord_checks(op, kw, message):
    args = dict(filenames=["f"], compression_type="", buffer_size=0)
    if op == "TFRecordDatasetV2":
        args["byte_offsets"] = tf.zeros([0], tf.int64)
    args.update(kw)
    args = {k: v if k == "byte_offsets" and not isinstance(v, (list, int)) else
            T(v, tf.int64 if k in ("buffer_size", "byte_offsets") else tf.string)
            for k, v in args.items()}
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        getattr(tf.raw_ops, op)(**args)
    assert str(e.value) == _error(op, message)


# -- TextLineDataset -------------------------------------------------------------------------

def test_text_lines(files):
    v = tf.raw_ops.TextLineDataset(filenames=T(files["a.txt"]), compression_type=T(""),
                                   buffer_size=T(0, tf.int64))
    assert _op_text(v) == "<TextLineDatasetOp::Dataset>"
    assert _elements(v) == [b"ab", b"cd", b"", b"ef"]
    gz = tf.raw_ops.TextLineDataset(filenames=T([files["t.gz"]]), compression_type=T("GZIP"),
                                    buffer_size=T(5, tf.int64))
    assert _elements(gz) == [b"l1", b"l2"]
    missing = tf.raw_ops.TextLineDataset(filenames=T([files["dir"] + "/nope"]),
                                         compression_type=T(""), buffer_size=T(0, tf.int64))
    with pytest.raises(tf.errors.NotFoundError, match=f"{files['dir']}/nope; No such file or "
                                                      "directory"):
        _elements(missing)


@pytest.mark.parametrize("kw, message", [
    (dict(compression_type="FOO"), "Unsupported compression_type."),
    (dict(compression_type="FOO", buffer_size=-1), "`buffer_size` must be >= 0 (0 == default)"),
    (dict(filenames=[["f"]], compression_type=["", ""]),
     "`filenames` must be a scalar or a vector."),
    (dict(compression_type=["", ""]), "compression_type must be a scalar"),
])
def test_text_line_checks(kw, message):
    args = {"filenames": ["f"], "compression_type": "", "buffer_size": 0, **kw}
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.raw_ops.TextLineDataset(**{k: T(v, tf.int64 if k == "buffer_size" else tf.string)
                                      for k, v in args.items()})
    assert str(e.value) == _error("TextLineDataset", message)


# -- FixedLengthRecordDataset, FixedLengthRecordDatasetV2 ------------------------------------

def _fixed(op, **kw):
    args = {"filenames": kw.pop("filenames"), "header_bytes": 2, "record_bytes": 5,
            "footer_bytes": 2, "buffer_size": 0, **kw}
    if op.endswith("V2"):
        args.setdefault("compression_type", "")
    return getattr(tf.raw_ops, op)(**{k: T(v) if k in ("filenames", "compression_type") else
                                      T(v, tf.int64) for k, v in args.items()})


@pytest.mark.parametrize("op", ["FixedLengthRecordDataset", "FixedLengthRecordDatasetV2"])
def test_fixed_length_records(files, op):
    v = _fixed(op, filenames=[files["a.bin"]])
    assert _op_text(v) == f"<{op}Op::Dataset>"
    assert _elements(v, plain=True) == [b"01234", b"56789"]
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Excluding the header \(2 bytes\) and footer \(2 bytes\), input file "
                             f"\"{files['a.bin']}\" has body length 10 bytes, which is not an "
                             r"exact multiple of the record length \(3 bytes\)."):
        _elements(_fixed(op, filenames=[files["a.bin"]], record_bytes=3), plain=True)


def test_fixed_length_sizes_are_unsigned(files):
    # a header longer than the file: TF's body length wraps, and nothing is allocated for it
    v = _fixed("FixedLengthRecordDatasetV2", filenames=[files["a.bin"]], header_bytes=2**40,
               record_bytes=2**40)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="has body length 18446742974197923852 bytes, which is not an exact "
                             r"multiple of the record length \(1099511627776 bytes\)"):
        _elements(v)


@pytest.mark.parametrize("kw, message", [
    (dict(header_bytes=-1, record_bytes=0, footer_bytes=-1, buffer_size=-1,
          compression_type="FOO"), "`header_bytes` must be >= 0"),
    (dict(record_bytes=0, footer_bytes=-1), "`record_bytes` must be > 0"),
    (dict(footer_bytes=-1, buffer_size=-1, compression_type="FOO"),
     "`footer_bytes` must be >= 0"),
    (dict(buffer_size=-1, compression_type="FOO"), "`buffer_size` must be >= 0"),
    (dict(compression_type="FOO"), "Unsupported compression_type."),
    (dict(header_bytes=[0], record_bytes=[1]), "header_bytes must be a scalar"),
    (dict(header_bytes=-1, record_bytes=[1]), "`header_bytes` must be >= 0"),
    (dict(filenames=[["f"]], header_bytes=[0]), "`filenames` must be a scalar or a vector."),
])
def test_fixed_length_checks_in_tfs_order(kw, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _fixed("FixedLengthRecordDatasetV2", **{"filenames": ["f"], **kw})
    assert str(e.value) == _error("FixedLengthRecordDatasetV2", message)


# -- CSVDataset, CSVDatasetV2, ExperimentalCSVDataset ----------------------------------------

CSV_TYPES = (tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.float32), STR)


def _csv(op="CSVDatasetV2", **kw):
    args = dict(filenames=T(["f"]), compression_type=T(""), buffer_size=T(64, tf.int64),
                header=T(True), field_delim=T(","), use_quote_delim=T(True), na_value=T(""),
                select_cols=tf.zeros([0], tf.int64),
                record_defaults=[T([0]), T([-1.0]), T(["z"])])
    if op == "CSVDatasetV2":
        args["exclude_cols"] = tf.zeros([0], tf.int64)
    args.update(kw)
    args["output_shapes"] = [[]] * len(args["record_defaults"])
    return getattr(tf.raw_ops, op)(**args)


@pytest.mark.parametrize("op", ["CSVDataset", "CSVDatasetV2", "ExperimentalCSVDataset"])
def test_csv_records(files, op):
    v = _csv(op, filenames=T([files["a.csv"]]))
    assert _op_text(v) == "<CSVDatasetOp::Dataset>"
    assert _elements(v, CSV_TYPES) == [(1, 2.5, b"x"), (3, -1.0, b"q,r")]
    picked = _csv(op, filenames=T(files["a.csv"]), select_cols=T([0, 2], tf.int64),
                  record_defaults=[T(0), T([], tf.string)])
    assert _elements(picked, (CSV_TYPES[0], STR)) == [(1, b"x"), (3, b"q,r")]


def test_csv_v2_excludes_columns_and_reads_na_values(files):
    v = _csv(filenames=T([files["a.csv"]]), exclude_cols=T([1, 7], tf.int64),
             record_defaults=[T([0]), T(["z"])], na_value=T("1"))
    assert _elements(v, (CSV_TYPES[0], STR)) == [(0, b"x"), (3, b"q,r")]
    missing = _csv(filenames=T([files["a.csv"]]),
                   record_defaults=[T([0]), T([], tf.float32), T(["z"])])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Field 1 is required but missing in record!"):
        _elements(missing, CSV_TYPES)


@pytest.mark.parametrize("kw, message", [
    (dict(filenames=T([["f"]]), compression_type=T([""])),
     "`filenames` must be a scalar or a vector."),
    (dict(compression_type=T([""]), record_defaults=[T([[0]]), T([1.0]), T(["z"])]),
     "compression_type must be a scalar"),
    (dict(buffer_size=T([1], tf.int64), record_defaults=[T([0, 1]), T([1.0]), T(["z"])]),
     "There should only be 1 default per field but field 0 has 2"),
    (dict(buffer_size=T([0], tf.int64), record_defaults=[T([[0]]), T([1.0]), T(["z"])]),
     "Each record default should be at most rank 1"),
    (dict(buffer_size=T([0], tf.int64), select_cols=T([[1]], tf.int64)),
     "`select_cols` must be a vector."),
    (dict(buffer_size=T([0], tf.int64), exclude_cols=T(1, tf.int64)),
     "`exclude_cols` must be a vector"),
    (dict(header=T([True]), field_delim=T([","])), "field_delim must be a scalar"),
    (dict(header=T([True]), use_quote_delim=T([True])), "header must be a scalar"),
    (dict(buffer_size=T(0, tf.int64), compression_type=T("FOO")),
     "buffer_size should be positive"),
    (dict(field_delim=T(""), compression_type=T("FOO")), "field_delim should be only 1 char"),
    (dict(compression_type=T("FOO"), select_cols=T([0, 1], tf.int64)),
     "Unsupported compression_type: FOO."),
    (dict(select_cols=T([1], tf.int64), exclude_cols=T([1], tf.int64)),
     "select_cols should match output size"),
    (dict(select_cols=T([-1, -2, -3], tf.int64)),
     "select_cols should be strictly increasing indices"),
    (dict(select_cols=T([-1, 0, 1], tf.int64), exclude_cols=T([1], tf.int64)),
     "select_cols should be non-negative indices"),
    (dict(select_cols=T([0, 1, 2], tf.int64), exclude_cols=T([3], tf.int64)),
     "Either select_cols or exclude_cols should be empty"),
    (dict(exclude_cols=T([-1, -2], tf.int64)),
     "exclude_cols should be strictly increasing indices"),
    (dict(exclude_cols=T([-1], tf.int64)), "exclude_cols should be non-negative indices"),
])
def test_csv_checks_in_tfs_order(kw, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _csv(**kw)
    assert str(e.value) == _error("CSVDatasetV2", message, "_output_types_3")


def test_csv_v1_names_its_op():
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        _csv("ExperimentalCSVDataset", buffer_size=T(0, tf.int64))
    assert str(e.value) == _error("ExperimentalCSVDataset", "buffer_size should be positive",
                                  "_output_types_3")


# -- SqlDataset, ExperimentalSqlDataset ------------------------------------------------------

@pytest.mark.parametrize("op", ["SqlDataset", "ExperimentalSqlDataset"])
def test_sql_rows(tmp_path, op):
    db = str(tmp_path / "x.db")
    c = sqlite3.connect(db)
    c.execute("create table t (a int, b text)")
    c.execute("insert into t values (1, 'p'), (2, 'q')")
    c.commit()
    c.close()
    v = getattr(tf.raw_ops, op)(driver_name="sqlite", data_source_name=db,
                                query="select a, b from t", output_types=[tf.int32, tf.string],
                                output_shapes=[[], []])
    assert _op_text(v) == "<SqlDatasetOp::Dataset>"
    assert _elements(v, (tf.TensorSpec([], tf.int32), STR)) == [(1, b"p"), (2, b"q")]


@pytest.mark.parametrize("kw, message", [
    (dict(driver_name=["mysql"], output_types=[tf.float32], output_shapes=[[2]]),
     "Each element of `output_types_` must be one of: DT_STRING, DT_INT8, DT_INT16, DT_INT32, "
     "DT_INT64, DT_UINT8, DT_UINT16, DT_BOOL, DT_DOUBLE "),
    (dict(driver_name=["mysql"], output_shapes=[[2]]),
     "Each element of `output_shapes_` must be a scalar."),
    (dict(driver_name=["sqlite"], data_source_name=["x"]), "driver_name must be a scalar"),
    (dict(driver_name="mysql", data_source_name=["x"]), "data_source_name must be a scalar"),
    (dict(driver_name="mysql", query=["q"]), "query must be a scalar"),
    (dict(driver_name="mysql"), "The database type, mysql, is not supported by SqlDataset. "
                                "The set of supported databases is: {'sqlite'}."),
])
def test_sql_checks_in_tfs_order(kw, message):
    args = dict(driver_name="sqlite", data_source_name="x", query="q",
                output_types=[tf.int32], output_shapes=[[]], **{})
    args.update(kw)
    with pytest.raises(tf.errors.InvalidArgumentError) as e:
        tf.raw_ops.SqlDataset(**{k: T(v) if k in ("driver_name", "data_source_name", "query")
                                 else v for k, v in args.items()})
    assert str(e.value) == _error("SqlDataset", message)


# -- MatchingFilesDataset --------------------------------------------------------------------

def test_matching_files(files, monkeypatch):
    d = files["dir"]
    os.mkdir(os.path.join(d, "sub"))
    open(os.path.join(d, "sub", "z.txt"), "w").close()
    v = tf.raw_ops.MatchingFilesDataset(patterns=T(d + "/*.txt"))
    assert _op_text(v) == "<MatchingFilesDatasetOp::Dataset>"
    assert _elements(v) == [f"{d}/a.txt".encode()]
    # pattern after pattern, each one's files (not folders) sorted; a 2-D tensor is read flat
    v = tf.raw_ops.ExperimentalMatchingFilesDataset(patterns=T([[d + "/*.gz", d + "/a.*",
                                                                 d + "/*/*.txt", d + "/s*"]]))
    assert _op_text(v) == "<MatchingFilesDatasetOp::Dataset>"
    assert _elements(v) == [f"{d}/{n}".encode() for n in
                            ("t.gz", "a.bin", "a.csv", "a.tfrecord", "a.txt", "sub/z.txt")]
    assert int(tf.raw_ops.DatasetCardinality(input_dataset=v)) == -2
    monkeypatch.chdir(d)
    assert _elements(tf.raw_ops.MatchingFilesDataset(patterns=T("*.txt"))) == [b"./a.txt"]


@pytest.mark.parametrize("patterns, message", [
    (["/*.zip"], "Don't find any matched files"),
    (["/s*"], "Don't find any matched files"),
    (["/a.txt", "/no/*.x"], "{d}/no; No such file or directory"),
])
def test_matching_files_errors_as_iterated(files, patterns, message):
    d = files["dir"]
    v = tf.raw_ops.MatchingFilesDataset(patterns=T([d + p for p in patterns]))
    os.mkdir(os.path.join(d, "sub"))
    with pytest.raises(tf.errors.NotFoundError, match=message.format(d=d)):
        _elements(v)


# -- SparseTensorSliceDataset ----------------------------------------------------------------

SPARSE = (tf.TensorSpec([None, None], tf.int64), tf.TensorSpec([None], tf.float32),
          tf.TensorSpec([None], tf.int64))


def _sparse(indices, values, shape):
    return tf.raw_ops.SparseTensorSliceDataset(indices=T(indices, tf.int64),
                                               values=T(values, tf.float32),
                                               dense_shape=T(shape, tf.int64))


def _rows(v):
    return [[a.tolist() for a in e] for e in _elements(v, SPARSE)]


def test_sparse_rows_are_three_tensors():
    v = _sparse([[0, 0], [2, 1]], [1.5, 2.5], [3, 2])
    assert _op_text(v) == "<SparseTensorSliceDatasetOp::Dataset>"
    assert _rows(v) == [[[[0]], [1.5], [2]], [[], [], [2]], [[[1]], [2.5], [2]]]
    assert int(tf.raw_ops.DatasetCardinality(input_dataset=v)) == 3
    # entries of rows past the shape are dropped; a row keeps its entries' order
    assert _rows(_sparse([[0, 1], [0, 0], [5, 0]], [2, 3, 4], [2, 2])) == [
        [[[1], [0]], [2.0, 3.0], [2]], [[], [], [2]]]
    # an entry of a negative row stops TF's walk over the entries: every row is empty
    assert _rows(_sparse([[-1, 0], [0, 1]], [1, 2], [2, 2])) == [[[], [], [2]]] * 2
    # a vector's rows are scalars: indices of no columns, an empty dense shape
    assert _rows(_sparse([[1]], [7], [2])) == [[[], [], []], [[[]], [7.0], []]]
    huge = _sparse([[0, 0]], [1.0], [2**40, 2])
    assert int(tf.raw_ops.DatasetCardinality(input_dataset=huge)) == 2**40


@pytest.mark.parametrize("args, error, message", [
    (([0], [1.0], [3]), tf.errors.InvalidArgumentError,
     "Input indices must be a matrix. Got: [1]"),
    (([[0]], [[1.0]], [[3]]), tf.errors.InvalidArgumentError,
     "Input values must be a vector. Got: [1,1]"),
    (([[0]], [1.0], [[3]]), tf.errors.InvalidArgumentError,
     "Input shape must be a vector. Got: [1,1]"),
    (([[0], [1]], [1.0], [3]), tf.errors.InvalidArgumentError,
     "Number of values must match first dimension of indices. Got 1 values, indices shape: "
     "[2,1]"),
    (([[0]], [1.0], np.zeros(0, np.int64)), tf.errors.InvalidArgumentError,
     "Number of dimensions must match second dimension of indices. Got 0 dimensions, indices "
     "shape: [1,1]"),
    ((np.zeros((1, 0), np.int64), [1.0], np.zeros(0, np.int64)),
     tf.errors.InvalidArgumentError, "The shape argument requires at least one element."),
    (([[0, 0]], [1.0], [-1, 2]), tf.errors.InvalidArgumentError,
     "Expected shape dimensions to be non-negative, got -1"),
    (([[5, 0], [1, 0]], [1.0, 2.0], [3, 2]), tf.errors.UnimplementedError,
     "The SparseTensor must be ordered in the batch dimension; handling arbitrarily ordered "
     "input is not currently supported."),
])
def test_sparse_checks(args, error, message):
    with pytest.raises(error) as e:
        _sparse(*args)
    assert str(e.value) == _error("SparseTensorSliceDataset", message)


# -- ListDataset -----------------------------------------------------------------------------

def test_list_dataset_groups_its_tensors():
    types = (tf.TensorSpec([], tf.int32), tf.TensorSpec([], tf.float32))
    v = tf.raw_ops.ListDataset(tensors=[T(1), T(2.0), T(3), T(4.0)],
                               output_types=[tf.int32, tf.float32], output_shapes=[[], []])
    assert _op_text(v) == "<ListDatasetOp::Dataset>"
    assert _elements(v, types) == [(1, 2.0), (3, 4.0)]
    assert int(tf.raw_ops.DatasetCardinality(input_dataset=v)) == 2
    odd = tf.raw_ops.ListDataset(tensors=[T(1), T(2.0), T(3)],
                                 output_types=[tf.int32, tf.float32], output_shapes=[[], []])
    assert _elements(odd, types) == [(1, 2.0)]
    ragged = tf.raw_ops.ListDataset(tensors=[T([1, 2]), T([3])], output_types=[tf.int32],
                                    output_shapes=[[None]])
    assert [e.tolist() for e in _elements(ragged, tf.TensorSpec([None], tf.int32))] == [
        [1, 2], [3]]


# -- DatasetToTFRecord -----------------------------------------------------------------------

@pytest.mark.parametrize("op", ["DatasetToTFRecord", "ExperimentalDatasetToTFRecord"])
@pytest.mark.parametrize("compression, read_as", [("", None), ("GZIP", "GZIP"),
                                                  ("FOO", None)])
def test_dataset_to_tfrecord_writes_records(tmp_path, op, compression, read_as):
    out = str(tmp_path / "o.tfrecord")
    src = tf.data.Dataset.from_tensor_slices([b"a", b"bc"])._variant_tensor
    assert getattr(tf.raw_ops, op)(input_dataset=src, filename=out,
                                   compression_type=compression) is None
    assert list(tf.data.TFRecordDataset(out, read_as).as_numpy_iterator()) == [b"a", b"bc"]
    # an element of one string in a vector is written as it
    one = tf.data.Dataset.from_tensor_slices([[b"a"]])._variant_tensor
    getattr(tf.raw_ops, op)(input_dataset=one, filename=out, compression_type="")
    assert list(tf.data.TFRecordDataset(out).as_numpy_iterator()) == [b"a"]
    empty = tf.data.Dataset.from_tensor_slices(tf.constant([], tf.string))._variant_tensor
    getattr(tf.raw_ops, op)(input_dataset=empty, filename=out, compression_type="")
    assert os.path.getsize(out) == 0


@pytest.mark.parametrize("kw, error, message", [
    (dict(input_dataset=tf.data.Dataset.from_tensor_slices(([1], [2]))._variant_tensor,
          filename=["o"]), tf.errors.InvalidArgumentError, "filename must be a scalar"),
    (dict(compression_type=[""]), tf.errors.InvalidArgumentError,
     "compression_type must be a scalar"),
    (dict(input_dataset=tf.data.Dataset.from_tensor_slices(([1], [2]))._variant_tensor),
     tf.errors.InvalidArgumentError,
     "ToTFRecordOp currently only support datasets of 1 single column, but got 2"),
    (dict(input_dataset=tf.data.Dataset.range(2)._variant_tensor),
     tf.errors.InvalidArgumentError,
     "ToTFRecordOp currently only supports DT_STRING dataypes, but got int64"),
    (dict(input_dataset=tf.raw_ops.AnonymousIteratorV2(output_types=[tf.string],
                                                       output_shapes=[[]])[1]),
     tf.errors.InvalidArgumentError, "Tensor must be a Dataset object."),
])
def test_dataset_to_tfrecord_checks(tmp_path, kw, error, message):
    args = dict(input_dataset=tf.data.Dataset.from_tensor_slices([b"a"])._variant_tensor,
                filename=str(tmp_path / "o"), compression_type="", **{})
    args.update(kw)
    with pytest.raises(error) as e:
        tf.raw_ops.DatasetToTFRecord(**args)
    assert str(e.value) == HEAD % "DatasetToTFRecord" + message + " [Op:DatasetToTFRecord]"


def test_dataset_to_tfrecord_fails_as_its_input_does(tmp_path):
    missing = str(tmp_path / "nope")
    out = str(tmp_path / "o")
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.raw_ops.DatasetToTFRecord(
            input_dataset=tf.data.TextLineDataset(missing)._variant_tensor, filename=out,
            compression_type="")
    assert str(e.value) == (HEAD % "DatasetToTFRecord" + f"{missing}; No such file or "
                                                         "directory [Op:DatasetToTFRecord]")
    assert os.path.exists(out)  # (the file it began is left)
    with pytest.raises(tf.errors.NotFoundError,
                       match=f"{tmp_path}/no/x; No such file or directory"):
        tf.raw_ops.DatasetToTFRecord(
            input_dataset=tf.data.Dataset.from_tensor_slices([b"a"])._variant_tensor,
            filename=str(tmp_path / "no" / "x"), compression_type="")


# -- the public readers' variants ------------------------------------------------------------

def test_public_readers_variants_name_the_kernels_tf_builds(files, tmp_path):
    rec = files["rec"]
    for ds, kernel in [
            (tf.data.TFRecordDataset(rec), "FlatMapDataset"),
            (tf.data.TextLineDataset(rec, num_parallel_reads=2),
             "LegacyParallelInterleaveDatasetV2"),
            (tf.data.FixedLengthRecordDataset(rec, 1), "FlatMapDataset"),
            (tf.data.experimental.CsvDataset(rec, [tf.int32], select_cols=[0]), "CSVDataset"),
            (tf.data.experimental.SqlDataset("sqlite", str(tmp_path / "x.db"), "select 1",
                                             (tf.int32,)), "SqlDataset")]:
        assert _op_text(ds._variant_tensor) == f"<{kernel}Op::Dataset>"


# -- GeneratorDataset ------------------------------------------------------------------------

I64 = tf.TensorSpec([], tf.int64)


@tf.function
def _range_iterator(n):
    it = tf.raw_ops.AnonymousIteratorV3(output_types=[tf.int64], output_shapes=[[]])
    tf.raw_ops.MakeIterator(dataset=tf.raw_ops.RangeDataset(
        start=0, stop=n, step=1, output_types=[tf.int64], output_shapes=[[]]), iterator=it)
    return it


@tf.function
def _scaled_next(it, scale):
    return tf.raw_ops.IteratorGetNext(iterator=it, output_types=[tf.int64],
                                      output_shapes=[[]])[0] * scale


def _generator(init_args, **kw):
    args = dict(init_func_other_args=init_args, next_func_other_args=[T(10, tf.int64)],
                finalize_func_other_args=[],
                init_func=_range_iterator.get_concrete_function(I64),
                next_func=_scaled_next.get_concrete_function(tf.TensorSpec([], tf.resource),
                                                             I64),
                finalize_func=tf.function(lambda it: it).get_concrete_function(
                    tf.TensorSpec([], tf.resource)),
                output_types=[tf.int64], output_shapes=[[]])
    args.update(kw)
    return tf.raw_ops.GeneratorDataset(**args)


def test_generator_dataset_calls_its_functions_per_iterator():
    v = _generator([T(3, tf.int64)])
    assert _op_text(v) == "<GeneratorDatasetOp::Dataset>"
    assert _elements(v, I64) == [0, 10, 20]
    assert _elements(v, I64) == [0, 10, 20]  # (each iterator has its own state)
    ds = tf.data.experimental.from_variant(v, I64)
    assert list(ds.take(2).as_numpy_iterator()) == [0, 10]
    assert int(tf.raw_ops.DatasetCardinality(input_dataset=v)) == -2


def test_generator_dataset_errors():
    # its components are those its attrs say: an iterator of others refuses it
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="Data type mismatch at component 0: expected int64 but got "
                             "int32."):
        _elements(_generator([T(3, tf.int64)], output_types=[tf.int32]), I64)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Incompatible shapes at component 0: expected \[\] but got "
                             r"\[2\]."):
        _elements(_generator([T(3, tf.int64)], output_shapes=[[2]]), I64)
    # a function given fewer arguments than it takes fails as it runs
    with pytest.raises(tf.errors.InvalidArgumentError, match="Argument 0 is out of range."):
        _elements(_generator([]), I64)


def test_public_tfrecord_writer_runs_dataset_to_tfrecord(tmp_path):
    ds = tf.data.Dataset.from_tensor_slices([b"a", b"bc"])
    out = str(tmp_path / "o")
    assert tf.data.experimental.TFRecordWriter(out, "FOO").write(ds) is None  # (plain)
    assert list(tf.data.TFRecordDataset(out).as_numpy_iterator()) == [b"a", b"bc"]
    with pytest.raises(TypeError, match="Cannot convert 1 to EagerTensor of dtype string"):
        tf.data.experimental.TFRecordWriter(out, 1)
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.data.experimental.TFRecordWriter(str(tmp_path / "no" / "o")).write(ds)
    assert str(e.value) == _error("DatasetToTFRecord",
                                  f"{tmp_path}/no/o; No such file or directory")
    with pytest.raises(tf.errors.NotFoundError) as e:
        tf.data.experimental.TFRecordWriter(out).write(
            tf.data.TextLineDataset(str(tmp_path / "nope")))
    assert str(e.value) == _error("DatasetToTFRecord",
                                  f"{tmp_path}/nope; No such file or directory")


def test_from_list_runs_list_dataset():
    ds = tf.data.experimental.from_list([[1, 2], [3]])
    assert repr(ds) == ("<_ListDataset element_spec=TensorSpec(shape=(None,), "
                        "dtype=tf.int32, name=None)>")
    assert _op_text(ds._variant_tensor) == "<ListDatasetOp::Dataset>"
    assert [e.tolist() for e in ds.as_numpy_iterator()] == [[1, 2], [3]]
    assert int(ds.cardinality()) == 2
    with pytest.raises(ValueError, match="`elements` should not be empty. If you want an "
                                         r"empty dataset, use `tf.data.Dataset.range\(0\)`."):
        tf.data.experimental.from_list([])
    with pytest.raises(ValueError, match="Invalid `elements`. `elements` must be a list."):
        tf.data.experimental.from_list((1, 2))
    with pytest.raises(ValueError, match="The two dictionaries don't have the same set of "
                                         "keys."):
        tf.data.experimental.from_list([{"a": 1}, {"b": 2}])
    # no spec fits both dtypes: TF's wrapper fails reading it
    with pytest.raises(AttributeError, match="'NoneType' object has no attribute "
                                             "'_flat_tensor_specs'"):
        tf.data.experimental.from_list([1, 2.0])


@pytest.mark.parametrize("source", ["/", "."])
def test_sql_database_that_cannot_open(source):
    # (TF 2.21 raises this, then its process dies as the iterator is freed)
    ds = tf.data.experimental.SqlDataset("sqlite", source, "SELECT 1", (tf.int32,))
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=rf"Sqlite::Open\({source}\) failed: unable to open database file"):
        list(ds)
