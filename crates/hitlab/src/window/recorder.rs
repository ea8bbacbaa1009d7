//! Recording the window to a GIF on a thread of its own, so that encoding (LZW over every
//! pixel of a large window) does not hold the window below the machine's frame rate while
//! the other core is free. A short queue bounds the memory: if encoding falls behind by
//! more than a few frames, the window waits for it.

use std::path::PathBuf;
use std::sync::mpsc::{SyncSender, sync_channel};
use std::thread::JoinHandle;

use anyhow::{Result, anyhow};

use crate::media::Gif;
use crate::view::canvas::Canvas;

/// Frames queued for the encoder at most.
const QUEUE_FRAMES: usize = 8;

/// A GIF being written by its own thread.
#[derive(Debug)]
pub struct Recorder {
    tx: SyncSender<Canvas>,
    worker: JoinHandle<Result<u32>>,
    path: PathBuf,
}

impl Recorder {
    /// Hands `gif` to a new encoding thread.
    pub fn start(gif: Gif) -> Self {
        let path = gif.path().to_owned();
        let (tx, rx) = sync_channel::<Canvas>(QUEUE_FRAMES);
        let worker = std::thread::spawn(move || {
            let mut gif = gif;
            for canvas in rx {
                gif.push_canvas(&canvas)?;
            }
            gif.finish()
        });
        Self { tx, worker, path }
    }

    /// Queues the picture on screen; false once the encoder has stopped (on an error, which
    /// [`Recorder::finish`] reports).
    pub fn push(&self, canvas: &Canvas) -> bool {
        self.tx.send(canvas.clone()).is_ok()
    }

    /// Where the GIF goes.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Waits for the queued frames and closes the file; returns the frames written.
    ///
    /// # Errors
    /// A frame or the file could not be written.
    pub fn finish(self) -> Result<u32> {
        drop(self.tx);
        self.worker
            .join()
            .map_err(|_| anyhow!("the GIF encoder stopped unexpectedly"))?
    }
}
