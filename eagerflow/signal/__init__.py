"""tf.signal: FFTs, windows, framing, STFT (re-exports; implementation in _src/ops/signal_ops)."""

from eagerflow._src.ops.signal_ops import (  # noqa: F401
    fft, fft2d, fft3d, fftshift, frame, hamming_window, hann_window, ifft, ifft2d, ifft3d,
    ifftshift, irfft, rfft, stft,
)
