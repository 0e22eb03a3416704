"""tf.random.Generator: random streams held in a state variable, TF 2.21's bit for bit.

Sits in the ops layer above random_stateless.py. The state is an int64 variable
[counter_lo, counter_hi, key] for Philox ([counter, key] for ThreeFry, which has no CPU
kernel in TF: its draws raise TF's UnimplementedError). A draw of n values reads the
state as a Philox (key, counter), advances the counter by 256 blocks per value (op
RngReadAndSkip here returns the key and counter and the advanced state), and runs the
stateless V2 op on that key and counter; binomial draws with TF's own stateful op. Draws
work, and advance the state, inside traced functions too. On a GPU, as TF's kernels:
RngReadAndSkip runs where the state variable lives (its alg and delta host numbers) and
gives the key and counter there, and the V2 draws read them there: no word of the state
is read back.

Under a distribution strategy, a generator created in the strategy's scope (or inside
`strategy.run`) keys each replica's draws apart, as TF does: the stream's key is hashed
with the replica id (a one-value uniform_full_int draw keyed by the key, at counter
[replica_id, 0]). The distribute layer sits above this one, so it installs how to find
the strategy in force and the running replica's id (`set_distribution_hooks`).
"""

from __future__ import annotations

import math as _pymath
import os
from typing import Any

import numpy as np

from eagerflow._src.backend import elementwise_kernel
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.runtime_options import op_determinism_enabled
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, host_tensor
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops import random_binomial as B
from eagerflow._src.ops import random_dists as D
from eagerflow._src.ops import random_stateless as S
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math_base import cast, zeros_like
from eagerflow._src.ops.reduce import reduce_prod
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.variables import Variable

_M64 = (1 << 64) - 1


def _state_size(alg: int) -> int:
    if alg in (S.Algorithm.PHILOX.value, S.Algorithm.AUTO_SELECT.value):
        return 3
    if alg == S.Algorithm.THREEFRY.value:
        return 2
    # TF 2.21's Generator words an unknown id by a helper its module no longer has: the
    # AttributeError of that lookup is what a user sees (the stateless ops' check is
    # worded: random_stateless.unsupported_alg)
    raise AttributeError("module 'tensorflow.python.ops.stateless_random_ops' has no "
                         "attribute 'unsupported_alg_error_msg'")


# ---------------------------------------------------------------------------------------
# RngReadAndSkip over a state value: (key, counter) of the state, and the state with its
# counter advanced by 256 blocks per value drawn.
# ---------------------------------------------------------------------------------------

def _skip_infer(state: Any, alg: Any, delta: Any) -> list:
    op = "RngReadAndSkip"
    C.check_dtype(op, state, frozenset((dt.int64,)), "state")
    C.check_dtype(op, alg, frozenset((dt.int32,)), "alg")
    C.check_dtype(op, delta, frozenset((dt.uint64,)), "delta")
    _check_skip_shapes(op, state, alg, delta)
    return [((1,), dt.uint64), ((2,), dt.uint64), (state._shape, dt.int64)]


def _check_skip_shapes(op: str, state: Any, alg: Any, delta: Any) -> None:
    """TF's shape checks of a skip's inputs: a scalar algorithm and delta, a vector state."""
    for i, x in ((1, alg), (2, delta)):
        if x._shape is not None and x._shape != ():
            raise C.fail(op, f"input {i} (0-based) must have shape [], not "
                             f"{C.shape_str(x._shape)}")
    if state._shape is not None and len(state._shape) != 1:
        raise C.fail(op, f"RNG state must have one and only one dimension, not "
                         f"{len(state._shape)}")


def _skip_kernel(xp: Any, state: Any, alg: Any, delta: Any) -> tuple:
    a = int(alg)
    if a == S.Algorithm.THREEFRY.value:
        raise UnimplementedError(None, None, "Non-XLA devices don't support the ThreeFry "
                                             "algorithm. [Op:RngReadAndSkip]")
    if a not in (S.Algorithm.PHILOX.value, S.Algorithm.AUTO_SELECT.value):
        raise InvalidArgumentError(None, None, f"Unsupported algorithm id: {a} "
                                               "[Op:RngReadAndSkip]")
    if state.shape != (3,):
        raise InvalidArgumentError(None, None, f"The size of the state must be at least 3; got "
                                               f"{state.size} [Op:RngReadAndSkip]")
    if xp is not np:  # (the old words and the new state: one launch)
        old, new = _moved(xp, state, int(delta) * D.SAMPLES_PER_OUTPUT)
        return old[2:], old[:2], new
    words = [int(v) & _M64 for v in state.tolist()]
    counter = words[0] | (words[1] << 64)
    moved = (counter + int(delta) * D.SAMPLES_PER_OUTPUT) & philox.M128
    new = np.array([moved & _M64, moved >> 64, words[2]], np.uint64).view(np.int64)
    return (xp.asarray([words[2]], dtype=xp.uint64),
            xp.asarray(words[:2], dtype=xp.uint64), xp.asarray(new))


def advanced(xp: Any, state: Any, step: int) -> Any:
    """A Philox state (int64 words: the 128-bit counter, then the key) whose counter is
    advanced by `step` (< 2**128) where the state lives, as TF's GPU kernels of the skips
    advance it: only the algorithm and delta are host values (their HostMemory inputs),
    so no word of the state is read back. The 128-bit sum adds the step's two 64-bit
    halves, the low word's carry to the high."""
    if xp is not np:  # (one launch)
        return _moved(xp, state, step)[1]
    words = state.view(xp.uint64)
    lo = words[:1] + xp.uint64(step & _M64)  # wraps modulo 2**64
    carry = (lo < words[:1]).astype(xp.uint64)
    hi = words[1:2] + xp.uint64((step >> 64) & _M64) + carry
    return xp.concatenate([lo, hi, words[2:]]).view(xp.int64)


# _moved's kernel: each word of the state as it was, and of the new state, the counter's
# two by the 128-bit sum
_ADVANCE_CUDA = ("raw uint64 s, uint64 step_lo, uint64 step_hi", "uint64 old, uint64 out",
                 "unsigned long long lo = s[0] + step_lo; "
                 "unsigned long long hi = s[1] + step_hi + (lo < step_lo ? 1ull : 0ull); "
                 "old = s[i]; out = i == 0 ? lo : (i == 1 ? hi : s[i])",
                 "eagerflow_philox_advance")


def _moved(xp: Any, state: Any, step: int) -> tuple:
    """On a device: (the state's words as uint64, a copy; advanced's new state), one
    launch."""
    words = state.view(xp.uint64)
    old, new = xp.empty(words.shape, xp.uint64), xp.empty(words.shape, xp.uint64)
    elementwise_kernel(xp, *_ADVANCE_CUDA)(words, np.uint64(step & _M64),
                                           np.uint64((step >> 64) & _M64), old, new)
    return old, new.view(xp.int64)


def _ref_skip(state: Any, alg: Any, delta: Any) -> tuple:
    lo, hi, key = (int(v) % 2**64 for v in state)
    c = (lo + hi * 2**64 + int(delta) * 256) % 2**128
    new = [v - 2**64 if v >= 2**63 else v for v in (c % 2**64, c // 2**64, key)]
    return np.array([key], np.uint64), np.array([lo, hi], np.uint64), np.array(new, np.int64)


def _skip_to_tf(n: Any, b: Any) -> list:
    """TF's RngReadAndSkip updates the state variable itself and returns the old state;
    here the state's value comes in and the new one goes out to an assignment, so the
    128-bit counter addition (delta * 256, with its carry) is written in TF's uint64 ops."""
    words = b.node("Bitcast", [b.input(0)], {"type": dt.uint64})[0]
    lo, hi, key = b.node("Unpack", [words], {"num": 3, "axis": 0})
    delta = b.input(2)
    new_lo = b.node("AddV2", [lo, b.node("LeftShift", [delta, b.const(8, dt.uint64)])[0]])[0]
    carry = b.node("Cast", [b.node("Less", [new_lo, lo])[0]], {"DstT": dt.uint64})[0]
    high_add = b.node("RightShift", [delta, b.const(56, dt.uint64)])[0]
    new_hi = b.node("AddV2", [b.node("AddV2", [hi, high_add])[0], carry])[0]
    new = b.node("Pack", [[new_lo, new_hi, key]], {"axis": 0})[0]
    return [b.node("Pack", [[key]], {"axis": 0})[0], b.node("Pack", [[lo, hi]], {"axis": 0})[0],
            b.node("Bitcast", [new], {"type": dt.int64})[0]]


def _skip_from_tf(node: Any) -> Any:
    """TF's node (the state variable, alg, delta -> the old state): read, skip, assign."""
    _, alg, delta = node.inputs
    var = B.state_variable(node.inputs[0], "RngReadAndSkip")
    old = var.read_value()
    var.assign(bind(RNG_READ_AND_SKIP, (old, alg, delta), {})[2])
    return old


RNG_READ_AND_SKIP = register(OpDef(
    "RngReadAndSkip", _skip_infer, _skip_kernel, reference=_ref_skip, num_outputs=3,
    samples=lambda: [
        Sample((np.array([7, 0, 12], np.int64), np.int32(1), np.uint64(3)), grad=False),
             Sample((np.array([-5, -1, -9], np.int64), np.int32(3), np.uint64(10)),
                    grad=False)],
    bad_samples=lambda: [BadSample((np.array([7, 12], np.int64), np.int32(2), np.uint64(3)), {},
                           UnimplementedError, "ThreeFry"),
                 BadSample((np.array([7, 0, 12], np.int64), np.array([1], np.int32),
                            np.uint64(3)), {}, InvalidArgumentError,
                           "input 1 (0-based) must have shape [], not [1]")],
    tf=TFForm(export=_skip_to_tf, load=_skip_from_tf, takes_handles=True),
    host_inputs=(1, 2),
))


# ---------------------------------------------------------------------------------------
# RngSkip: TF's older skip of a state variable (tf.raw_ops only): no output; its algorithm
# and delta int64, AUTO_SELECT taken for Philox, a state longer than 3 allowed (its first
# two words the counter, the third the key), and delta * 256 added to the 128-bit counter
# as TF's kernel adds it: a 64-bit count, its product wrapped. Here the op maps the state
# value to the new one; a raw call assigns it to the variable.
# ---------------------------------------------------------------------------------------

def _rng_skip_infer(state: Any, algorithm: Any, delta: Any) -> list:
    op = "RngSkip"
    if state._dtype is not dt.int64:
        raise C.fail(op, f"dtype of RNG state variable must be int64, not {state._dtype.name}")
    C.check_dtype(op, algorithm, frozenset((dt.int64,)), "algorithm")
    C.check_dtype(op, delta, frozenset((dt.int64,)), "delta")
    _check_skip_shapes(op, state, algorithm, delta)
    return [(state._shape, dt.int64)]


def _rng_skip_kernel(xp: Any, state: Any, algorithm: Any, delta: Any) -> Any:
    a = int(algorithm)
    if a == S.Algorithm.THREEFRY.value:
        raise UnimplementedError(None, None, "Non-XLA devices don't support the ThreeFry "
                                             "algorithm. [Op:RngSkip]")
    if a not in (S.Algorithm.PHILOX.value, S.Algorithm.AUTO_SELECT.value):
        raise InvalidArgumentError(None, None, f"Unsupported algorithm id: {a} [Op:RngSkip]")
    if state.size < 3:
        raise InvalidArgumentError(None, None, f"For the Philox algorithm, the size of state "
                                               f"must be at least 3; got {state.size} "
                                               "[Op:RngSkip]")
    # (delta * 256 as TF's kernel forms it: a 64-bit count, its product wrapped)
    step = (int(delta) * D.SAMPLES_PER_OUTPUT) & _M64
    if xp is not np:
        return advanced(xp, state, step)
    words = [int(v) & _M64 for v in state.tolist()]
    moved = ((words[0] | (words[1] << 64)) + step) & philox.M128
    words[:2] = [moved & _M64, moved >> 64]
    return np.array(words, np.uint64).view(np.int64)


def _ref_rng_skip(state: Any, algorithm: Any, delta: Any) -> np.ndarray:
    lo, hi = (int(v) % 2**64 for v in state[:2])
    c = (lo + hi * 2**64 + (int(delta) * 256) % 2**64) % 2**128
    out = [c % 2**64, c // 2**64] + [int(v) % 2**64 for v in state[2:]]
    return np.array([v - 2**64 if v >= 2**63 else v for v in out], np.int64)


def _rng_skip_from_tf(node: Any) -> None:
    """TF's node (the state variable, algorithm, delta): skip, assign; no output."""
    _, alg, delta = node.inputs
    var = B.state_variable(node.inputs[0], "RngSkip")
    var.assign(bind(RNG_SKIP, (var.read_value(), alg, delta), {}))


RNG_SKIP = register(OpDef(
    "RngSkip", _rng_skip_infer, _rng_skip_kernel, reference=_ref_rng_skip, stateful=True,
    host_inputs=(1, 2),  # (TF's HostMemory("algorithm"), HostMemory("delta"))
    samples=lambda: [
        Sample((np.array([5, -1, 9], np.int64), np.int64(1), np.int64(-1)), grad=False),
        Sample((np.array([-1, -1, 3], np.int64), np.int64(3), np.int64(1)), grad=False),
        Sample((np.array([1, 2, 3, 4], np.int64), np.int64(1), np.int64(2**40)), grad=False)],
    bad_samples=lambda: [
        BadSample((np.array([5, 1, 2], np.int64), np.int64(2), np.int64(1)), {},
                  UnimplementedError, "Non-XLA devices don't support the ThreeFry algorithm."),
        BadSample((np.array([5, 1, 2], np.int64), np.int64(7), np.int64(1)), {},
                  InvalidArgumentError, "Unsupported algorithm id: 7"),
        BadSample((np.array([5, 1], np.int64), np.int64(1), np.int64(1)), {},
                  InvalidArgumentError, "For the Philox algorithm, the size of state must be "
                  "at least 3; got 2"),
        BadSample((np.array([5, 1, 2], np.int32), np.int64(1), np.int64(1)), {},
                  InvalidArgumentError, "dtype of RNG state variable must be int64, not int32"),
        BadSample((np.array([[5, 1, 2]], np.int64), np.int64(1), np.int64(1)), {},
                  InvalidArgumentError, "RNG state must have one and only one dimension, not 2"),
        BadSample((np.array([5, 1, 2], np.int64), np.array([1], np.int64), np.int64(1)), {},
                  InvalidArgumentError, "input 1 (0-based) must have shape [], not [1]")],
    tf=TFForm(load=_rng_skip_from_tf, takes_handles=True),
))


# ---------------------------------------------------------------------------------------
# States from seeds.
# ---------------------------------------------------------------------------------------

def _to_int64(value: Any) -> Any:
    """Python ints above 2**63 - 1 wrap to int64, as TF's state conversion does."""
    if isinstance(value, (list, tuple)):
        return [_to_int64(v) for v in value]
    if isinstance(value, int) and value > 2**63 - 1:
        return value - 2**64
    return value


def _state_array(value: Any) -> np.ndarray:
    v = value.numpy() if hasattr(value, "numpy") else _to_int64(value)
    return np.asarray(v).astype(np.int64).reshape(-1) if np.ndim(v) else \
        np.asarray(v).astype(np.int64)


def create_rng_state(seed: Any, alg: Any) -> Any:
    """The state a Generator built from `seed` starts with: an int seed is cut into 64-bit
    words (low first); a list of seeds is taken as is; both are left-padded with zeros."""
    size = _state_size(S.alg_to_int(alg))
    if isinstance(seed, int) and not isinstance(seed, bool):
        words = []
        for _ in range(size):
            words.append(seed & _M64)
            seed >>= 64
        seed = words
    # (cast as TF's casts it: a list TF's conversion reads, [[], [1, 2]] being a (2, 0)
    # tensor, is the empty seed; one it refuses is its error)
    s = cast(_to_int64(seed), dt.int64)
    # (traced, a generator made in a tf.function's first call, the cast is symbolic: the
    # seed's Python values, as TF reads them with NumPy)
    s = (s.numpy() if hasattr(s, "numpy") else np.asarray(_to_int64(seed), np.int64))
    s = s.reshape(-1)[:size]
    return convert_to_tensor(np.concatenate([np.zeros(size - s.size, np.int64), s]))


class _DistributionHooks:
    """What the distribute layer tells generators; nothing outside any strategy."""

    @staticmethod
    def current_strategy() -> Any:
        return None

    @staticmethod
    def replica_id() -> Any:
        return None


_hooks = _DistributionHooks()


def set_distribution_hooks(current_strategy: Any, replica_id: Any) -> None:
    """`current_strategy()`: the strategy in force (None for the default one);
    `replica_id()`: the running replica's id in sync group (None in cross-replica
    context). Installed by the distribute layer when it loads."""
    _hooks.current_strategy = current_strategy
    _hooks.replica_id = replica_id


class Generator(AutoTrackable):
    """A random number generator with explicit, checkpointable state."""

    def __init__(self, copy_from: Generator | None = None, state: Any = None,
                 alg: Any = None) -> None:
        self._strategy = _hooks.current_strategy()
        if copy_from is not None:
            assert (alg or state) is None
            init, self._alg = copy_from.state.read_value(), copy_from.algorithm
        else:
            assert alg is not None and state is not None
            self._alg = S.alg_to_int(alg)
            init = _state_array(state)
            if init.shape != (_state_size(self._alg),):
                raise ValueError(f"Shapes {tuple(init.shape)} and [{_state_size(self._alg)}] "
                                 "are incompatible")
        self._state_var = Variable(init, trainable=False, name="StateVar", dtype=dt.int64)
        self._track("_state_var", self._state_var)

    @classmethod
    def from_state(cls, state: Any, alg: Any) -> Generator:
        return cls(alg=alg, state=state)

    @classmethod
    def from_seed(cls, seed: Any, alg: Any = None) -> Generator:
        alg = S.alg_to_int(S.Algorithm.PHILOX.value if alg is None else alg)
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg: Any = None) -> Generator:
        if op_determinism_enabled():
            raise RuntimeError('"from_non_deterministic_state" cannot be called when '
                               "determinism is enabled.")
        alg = S.alg_to_int(S.Algorithm.PHILOX.value if alg is None else alg)
        words = np.frombuffer(os.urandom(8 * _state_size(alg)), dtype=np.int64)
        return cls(state=words.copy(), alg=alg)

    @classmethod
    def from_key_counter(cls, key: Any, counter: Any, alg: Any) -> Generator:
        alg = S.alg_to_int(alg)
        return cls(state=cls._key_counter_state(key, counter, alg), alg=alg)

    @staticmethod
    def _key_counter_state(key: Any, counter: Any, alg: int) -> np.ndarray:
        c, k = _state_array(counter).reshape(-1), _state_array(key)
        if c.shape != (_state_size(alg) - 1,):
            raise ValueError(f"Shapes {tuple(c.shape)} and [{_state_size(alg) - 1}] are "
                             "incompatible")
        if k.shape != ():
            raise ValueError(f"Shapes {tuple(k.shape)} and [] are incompatible")
        return np.concatenate([c, k.reshape(1)])

    @property
    def state(self) -> Any:
        return self._state_var

    @property
    def algorithm(self) -> int:
        return self._alg

    @property
    def key(self) -> Any:
        return self._state_var.read_value()[-1]

    def reset(self, state: Any) -> None:
        s = _state_array(state)
        if s.shape != (_state_size(self._alg),):
            raise ValueError(f"Shapes {tuple(s.shape)} and [{_state_size(self._alg)}] are "
                             "incompatible")
        self._state_var.assign(s)

    def reset_from_seed(self, seed: Any) -> None:
        self._state_var.assign(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key: Any, counter: Any) -> None:
        self._state_var.assign(self._key_counter_state(key, counter, self._alg))

    def _read_and_skip(self, delta: Any) -> tuple:
        """(key, counter, old state); the state variable moves on by `delta` values."""
        d = cast(delta, dt.uint64) if isinstance(delta, Tensor) else \
            host_tensor(np.uint64(int(delta) & _M64))
        old = self._state_var.read_value()
        key, counter, new = bind(RNG_READ_AND_SKIP,
                                 (old, host_tensor(np.int32(self._alg)), d), {})
        self._state_var.assign(new)
        return key, counter, old

    def skip(self, delta: Any) -> Any:
        """Advances the state as `delta` draws would; returns the state before."""
        return self._read_and_skip(delta)[2]

    def _key_counter(self, shape: Any) -> tuple:
        n = _num_values(shape)
        key, counter, _ = self._read_and_skip(n)
        alg = host_tensor(np.int32(self._alg))
        return self._replica_key(key, alg), counter, alg

    def _replica_key(self, key: Any, alg: Any) -> Any:
        """The key a replica draws with: under the strategy this generator was created in,
        the key hashed with the replica's id (TF's own hash), so replicas draw apart."""
        replica = _hooks.replica_id() if self._strategy is not None else None
        if replica is None:
            return key
        counter = cast(stack([cast(replica, dt.int64), zeros_like(cast(replica, dt.int64))]),
                       dt.uint64)
        return S.uniform_from(lambda: (key, counter, alg), [1], None, None, dt.uint64)

    def normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0, dtype: Any = dt.float32,
               name: str | None = None) -> Any:
        return S.normal_from(S.NORMAL_V2, lambda: self._key_counter(shape), shape, mean, stddev,
                             dtype)

    def truncated_normal(self, shape: Any, mean: Any = 0.0, stddev: Any = 1.0,
                         dtype: Any = dt.float32, name: str | None = None) -> Any:
        return S.normal_from(S.TRUNCATED_NORMAL_V2, lambda: self._key_counter(shape), shape,
                             mean, stddev, dtype)

    def uniform(self, shape: Any, minval: Any = 0, maxval: Any = None, dtype: Any = dt.float32,
                name: str | None = None) -> Any:
        dtype = dt.as_dtype(dtype)
        if dtype.is_integer and (minval is None) != (maxval is None):
            raise ValueError(f"For integer dtype {dtype}, minval and maxval must be both "
                             f"`None` or both non-`None`; got minval={minval} and "
                             f"maxval={maxval}")
        return S.uniform_from(lambda: self._key_counter(shape), shape, minval, maxval, dtype)

    def uniform_full_int(self, shape: Any, dtype: Any = dt.uint64, name: str | None = None) -> Any:
        return S.uniform_from(lambda: self._key_counter(shape), shape, None, None,
                              dt.as_dtype(dtype))

    def binomial(self, shape: Any, counts: Any, probs: Any, dtype: Any = dt.int32,
                 name: str | None = None) -> Any:
        """Binomial draws as TF's StatefulRandomBinomial: Philox only, the state moved on
        by the op's own reservation (random_binomial.py)."""
        samples, new = B.stateful_binomial(self._state_var.read_value(), self._alg, shape,
                                           counts, probs, dtype)
        self._state_var.assign(new)
        return samples

    def make_seeds(self, count: int = 1) -> Any:
        """A [2, count] int64 tensor: fresh keys over zeros, seeds for stateless ops."""
        keys = self.uniform_full_int([count], dt.int64)
        return stack([keys, zeros_like(keys)])

    def split(self, count: int = 1) -> list:
        """`count` new generators, each keyed by a fresh draw, with their counters at zero."""
        keys = np.asarray(self.uniform_full_int([count], dt.int64))
        zeros = [0] * (_state_size(self._alg) - 1)
        return [Generator(state=zeros + [int(k)], alg=self._alg) for k in keys]


def _num_values(shape: Any) -> Any:
    """The number of values a draw of `shape` makes (a tensor while tracing a dynamic one)."""
    if isinstance(shape, Tensor) and not hasattr(shape, "_arr"):
        return reduce_prod(shape)
    dims = shape.as_list() if hasattr(shape, "as_list") else np.asarray(shape).reshape(-1)
    return _pymath.prod(int(d) for d in dims)


_GLOBAL_GENERATOR: list = []


def get_global_generator() -> Generator:
    if not _GLOBAL_GENERATOR:
        if op_determinism_enabled():
            raise RuntimeError('"get_global_generator" cannot be called if determinism is '
                               'enabled, unless "set_global_generator" has already been '
                               'called. Please call "set_global_generator" first.')
        _GLOBAL_GENERATOR.append(Generator.from_non_deterministic_state())
    return _GLOBAL_GENERATOR[0]


def set_global_generator(generator: Generator) -> None:
    _GLOBAL_GENERATOR[:] = [generator]
