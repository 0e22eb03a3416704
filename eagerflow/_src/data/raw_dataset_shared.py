"""The dataset ops tf.data's public functions run: DatasetToTFRecord (and
ExperimentalDatasetToTFRecord), which writes a dataset of strings to a TFRecord file
(tf.data.experimental.TFRecordWriter.write), and ListDataset
(tf.data.experimental.from_list); and the input checks TF's dataset kernels share
(raw_dataset_readers.py uses them).

Data layer, over tfrecord.py's writer and the dataset variants; light, as
tf.data.experimental imports it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from functools import reduce
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    VariantDataset,
    check_specs,
    dataset_of,
    dataset_op,
    tf_attrs_load,
)
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.raw_dataset_sources import _tensor_of, elements_variant
from eagerflow._src.data.variant_value import DatasetVariant, variant_array
from eagerflow._src.io import tfrecord
from eagerflow._src.io.file_errors import os_error
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.io_ops import file_path
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register


def text_of(a: Any) -> str:
    """A string input's one value as text."""
    v = np.asarray(a).reshape(-1)[0] if np.size(a) else b""
    return v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)


def scalar_of(op: str, a: Any, arg: str) -> Any:
    """Input `arg`'s one value, with TF's words for a non-scalar."""
    if np.ndim(a):
        raise C.fail(op, f"{arg} must be a scalar")
    return np.asarray(a)[()]


def compression_of(op: str, a: Any) -> str:
    return text_of(scalar_of(op, a, "compression_type"))


VARIANT_OUT = [((), dt.variant)]


def typed_inputs(op: str, ins: tuple, types: tuple) -> list:
    """TF's refusal of an input of another dtype than the op's signature's (`types`; None:
    any): the one output of a dataset op, when none is."""
    for i, (x, t) in enumerate(zip(ins, types)):
        if t is not None and x._dtype is not t:
            raise C.wrong_input_dtype(op, i, t, x._dtype)
    return VARIANT_OUT


def string_array(text: str) -> np.ndarray:
    """A string scalar input of a sample."""
    return np.array(text.encode(), object)


_S, _V = dt.string, dt.variant


# -- DatasetToTFRecord, ExperimentalDatasetToTFRecord ----------------------------------------

def _to_tfrecord_infer(op: str) -> Any:
    def infer(input_dataset: Any, filename: Any, compression_type: Any, **_: Any) -> list:
        typed_inputs(op, (input_dataset, filename, compression_type), (_V, _S, _S))
        return []
    return infer


def _to_tfrecord_kernel(op: str) -> Any:
    def kernel(xp: Any, input_dataset: Any, filename: Any, compression_type: Any) -> tuple:
        held = input_dataset[()] if isinstance(input_dataset, np.ndarray) else input_dataset
        if not isinstance(held, DatasetVariant):
            raise C.fail(op, "Tensor must be a Dataset object.")
        path = file_path(scalar_of(op, filename, "filename"))
        compression = compression_of(op, compression_type)
        specs = held.dataset._structure.specs
        if len(specs) != 1:
            raise C.fail(op, f"ToTFRecordOp currently only support datasets of 1 single column, "
                             f"but got {len(specs)}")
        if specs[0].dtype is not dt.string:
            raise C.fail(op, f"ToTFRecordOp currently only supports DT_STRING dataypes, but got "
                             f"{C.dtype_word(specs[0].dtype)}")
        try:  # (TF's writer logs a compression it doesn't know and writes plain records)
            _write_records(op, held.dataset, tfrecord.RecordWriter(
                path, compression if compression in tfrecord.KNOWN else ""))
        except OSError as e:
            raise os_error(e, path, op) from None
        except OpError as e:  # (the file's error, or the input's, as this op's)
            message = e._message.removesuffix(" [Op:IteratorGetNext]")
            raise type(e)(None, None, f"{message} [Op:{op}]") from None
        return ()
    return kernel


def _write_records(op: str, ds: DatasetV2, writer: Any) -> None:
    it = ds._make_iterator(IterContext(ds.options()))
    try:
        for (record,) in it:
            value = np.asarray(record._numpy() if isinstance(record, EagerTensor) else record)
            if value.size != 1:  # (TF's kernel aborts the process)
                raise C.fail(op, f"ToTFRecordOp writes one string per element, but got "
                                 f"{value.size}")
            writer.write(value.reshape(-1)[0])
    finally:
        it.close()
        writer.close()  # (what was written stays, as TF's)


def _sample_out() -> str:
    """The file the samples write (in a folder made once, removed at exit)."""
    if not _OUT_FOLDER:
        _OUT_FOLDER.append(tempfile.mkdtemp(prefix="eagerflow_writer_samples_"))
        atexit.register(shutil.rmtree, _OUT_FOLDER[0], True)
    return os.path.join(_OUT_FOLDER[0], "out.tfrecord")


_OUT_FOLDER: list = []


def _to_tfrecord_samples() -> list:
    strings = np.array([b"a", b"bc"], object)
    ds = DatasetV2.from_tensor_slices(EagerTensor(strings, dt.string, CPU_DEVICE))
    variant = variant_array(ds, "TensorSliceDatasetOp::Dataset")
    return [Sample((variant, string_array(_sample_out()), string_array(c)), grad=False)
            for c in ("", "GZIP")]


def _to_tfrecord_bad() -> list:
    ints = variant_array(DatasetV2.range(2), "RangeDatasetOp(0, 2, 1)::Dataset")
    out = _sample_out()
    return [BadSample((ints, string_array(out), string_array("")), {}, InvalidArgumentError,
                      "ToTFRecordOp currently only supports DT_STRING dataypes, but got int64"),
            BadSample((ints, np.array([out.encode()], object), string_array("")), {},
                      InvalidArgumentError, "filename must be a scalar")]


def _to_tfrecord_op(name: str) -> OpDef:
    return register(OpDef(
        name, _to_tfrecord_infer(name), _to_tfrecord_kernel(name), num_outputs=0,
        stateful=True, gpu=False, reference=lambda *_, **__: (),
        tf=TFForm(load=tf_attrs_load(name), takes_handles=True),
        samples=_to_tfrecord_samples, bad_samples=_to_tfrecord_bad))


DATASET_TO_TFRECORD = _to_tfrecord_op("DatasetToTFRecord")
EXPERIMENTAL_DATASET_TO_TFRECORD = _to_tfrecord_op("ExperimentalDatasetToTFRecord")


# -- ListDataset (tf.data.experimental.from_list) ------------------------------------------

def _list(op: str, *tensors: Any, output_types: tuple, output_shapes: tuple,
          **_: Any) -> DatasetV2:
    types = tuple(dt.as_dtype(t) for t in output_types)
    k = len(types)
    if not k:
        raise C.fail(op, "Length for attr 'output_types' of 0 must be at least minimum 1")
    groups = [tuple(_tensor_of(np.asarray(t)) for t in tensors[i:i + k])
              for i in range(0, len(tensors) - k + 1, k)]
    for g in groups:  # (TF finds these as an iterator gives the element)
        check_specs(op, tuple(TensorSpec(c.shape, c.dtype) for c in g), types,
                    (None,) * k)
    if not groups:
        return DatasetV2.from_tensor_slices(tuple(
            _tensor_of(np.zeros((0, *(d or 0 for d in s)), t.as_numpy_dtype))
            for t, s in zip(types, output_shapes)))
    flat = [DatasetV2.from_tensors(g[0] if k == 1 else g) for g in groups]
    return reduce(DatasetV2.concatenate, flat)


LIST_DATASET = register(dataset_op(
    "ListDataset", _list,
    reference=lambda *t, output_types, **_: uneven_variant(
        [list(t[i:i + len(output_types)])
         for i in range(0, len(t) - len(output_types) + 1, len(output_types))]),
    arity=lambda ins, attrs: {"Tinput_types": len(ins)},
    samples=lambda: [
        Sample((np.int32(1), np.float32(2.0), np.int32(3), np.float32(4.0)),
               {"output_types": (dt.int32, dt.float32), "output_shapes": ((), ())},
               grad=False),
        Sample((np.array([1, 2], np.int64), np.array([3], np.int64), np.int64(5)),
               {"output_types": (dt.int64,), "output_shapes": ((None,),)}, grad=False)],
    bad_samples=lambda: [BadSample((np.int32(1), np.float32(2.0)),
                                   {"output_types": (dt.float32,), "output_shapes": ((),)},
                                   InvalidArgumentError, "Data type mismatch at component 0")],
))


def uneven_variant(elements: list) -> DatasetVariant:
    """A reference's dataset of these elements (lists of component arrays), whose shapes
    may differ from element to element."""
    if not elements:
        return elements_variant([])
    parts = [DatasetV2.from_tensors(tuple(_tensor_of(np.asarray(c)) for c in e))
             for e in elements]
    return DatasetVariant(reduce(DatasetV2.concatenate, parts), "reference")


# -- the public functions ----------------------------------------------------------------

def write_tfrecords(dataset: DatasetV2, filename: Any, compression_type: Any) -> None:
    """tf.data.experimental.TFRecordWriter.write: its DatasetToTFRecord op (`filename` and
    `compression_type` converted to strings already)."""
    bind(DATASET_TO_TFRECORD, (dataset._variant_tensor, filename, compression_type), {})


class ListDataset(VariantDataset):
    """tf.data.experimental.from_list's dataset: its ListDataset op's variant."""

    _repr_name = "_ListDataset"


def list_dataset(spec: Any, tensors: list) -> DatasetV2:
    """from_list's dataset: the elements of nested `spec` whose flat components, element
    after element, are `tensors`."""
    specs = dstruct.Structure(spec).specs
    variant = bind(LIST_DATASET, tuple(tensors), {
        "Tinput_types": tuple(t.dtype for t in tensors),
        "output_types": tuple(s.dtype for s in specs),
        "output_shapes": tuple(s.shape.as_list() for s in specs)})
    return ListDataset(variant if not isinstance(variant, EagerTensor) else
                       dataset_of("ListDataset", variant._arr), spec)
