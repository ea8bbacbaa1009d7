//! Errors of the few operations that can fail: loading whole memory images.

/// A memory image of the wrong size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{memory} image must be {expected} bytes, got {got}")]
pub struct ImageSizeError {
    /// Which memory ("VRAM", "CRAM").
    pub memory: &'static str,
    /// Bytes expected.
    pub expected: usize,
    /// Bytes given.
    pub got: usize,
}
