"""tf.signal: FFTs, windows, framing, STFT, DCT/MDCT, mel filterbanks (re-exports;
implementation in _src/ops/signal_ops and _src/ops/signal_spectral)."""

from eagerflow._src.ops.signal_ops import (  # noqa: F401
    fft, fft2d, fft3d, fftnd, fftshift, frame, hamming_window, hann_window, ifft, ifft2d,
    ifft3d, ifftnd, ifftshift, irfft, irfft2d, irfft3d, irfftnd, rfft, rfft2d, rfft3d, rfftnd,
    stft,
)
from eagerflow._src.ops.signal_spectral import (  # noqa: F401
    dct, idct, inverse_mdct, inverse_stft, inverse_stft_window_fn, kaiser_bessel_derived_window,
    kaiser_window, linear_to_mel_weight_matrix, mdct, mfccs_from_log_mel_spectrograms,
    overlap_and_add, vorbis_window,
)

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("signal", globals())
del _api_names
