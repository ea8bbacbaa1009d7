//! Disk unit 8 on a host folder: the KERNAL's serial-bus calls answered by the board, as
//! x16emu's host file system answers them (`ieee.c`: LISTEN, SECOND, CIOUT, UNLSN, TALK,
//! TKSA, ACPTR, UNTLK; `main.c` `handle_ieee_intercept`, X16Community/x16-emulator commit
//! 49b1fbd). The KERNAL's LOAD, SAVE, OPEN, CHKIN, CHRIN and CLOSE reach a disk drive
//! through these eight calls (the C64's serial-bus protocol, which the X16 KERNAL keeps),
//! so answering them is a drive for any KERNAL that uses them, the project's or the
//! user's.
//!
//! The protocol, as a CBM drive takes it: `LISTEN 8`, `SECOND $F0|ch`, the name through
//! `CIOUT`, `UNLSN` opens channel `ch` (0 reads, 1 writes, 2-14 read unless the name ends
//! in `,W`); `TALK 8`, `TKSA $60|ch`, then `ACPTR` reads its bytes, the last with EOI
//! (STATUS bit 6); `LISTEN 8`, `SECOND $60|ch`, `CIOUT` writes; `SECOND $E0|ch` closes
//! (a written file goes to the folder then). Channel 15 reads the drive's status
//! (`00, OK,00,00`, `62,FILE NOT FOUND,00,00`). An `ACPTR` from a channel with nothing
//! open returns 0 with STATUS $42 (EOI and time-out), which the KERNAL's LOAD reports as
//! error 4, file not found; a `CIOUT` to one sets STATUS $02.
//!
//! Names are PETSCII: $41-$5A are the lower-case letters of the host name, $C1-$DA the
//! upper-case ones, other printable ASCII as itself; a leading `@`, `0:` or `:` and a
//! `,type,mode` tail are the drive's, not the name's. A name with a folder in it (`/`,
//! `\`, `..`, a drive letter) or another byte is refused as a missing file, before the
//! host is asked, so nothing outside the folder is ever touched. The directory (`$`)
//! and the command channel's commands are not modelled (a command is acknowledged with
//! `00, OK`).
//!
//! With a user's `rom.bin` the drive also holds the program given on the command line:
//! the name `:*` opened for reading gives that file, once, as x16emu's `copen` does for
//! its `-prg` file (`ieee.c`), so that BASIC's `LOAD":*",8,1` loads it
//! ([`super::handover`]). Without a host folder, the drive has that file only: every
//! other name is missing and a write is refused.

use std::sync::{Arc, Mutex};

use crate::program::{HostFs, HostFsError};

/// The unit the folder answers as.
pub const UNIT: u8 = 8;
/// Bytes a file written through the drive may reach (a 16 MB card's worth is more than a
/// program writes; past it the drive stops taking bytes).
const MAX_WRITE: usize = 16 << 20;
/// Name bytes a drive keeps.
const MAX_NAME: usize = 255;

/// STATUS bits the calls return (the C64 KERNAL's meanings).
pub mod status {
    /// A write the drive did not take (time-out writing).
    pub const WRITE_TIMEOUT: u8 = 0x02;
    /// End of the data (EOI).
    pub const EOI: u8 = 0x40;
    /// Nothing to read (EOI and time-out): the file was not found.
    pub const NOT_FOUND: u8 = 0x42;
}

#[derive(Clone, Debug)]
enum Channel {
    Read { data: Vec<u8>, at: usize },
    Write { name: String, data: Vec<u8> },
}

/// The drive.
#[derive(Clone, Debug)]
pub struct Drive {
    /// The host's folder, shared by every copy of the machine (a saved state keeps the
    /// drive's channels, not the host's files).
    fs: Arc<Mutex<Box<dyn HostFs>>>,
    listening: bool,
    talking: bool,
    channel: usize,
    opening: bool,
    name: Vec<u8>,
    channels: [Option<Channel>; 16],
    /// The status channel's message and how much of it has been read.
    message: Vec<u8>,
    message_at: usize,
    /// The program file `:*` gives, until it has been opened once.
    prg: Option<Vec<u8>>,
}

/// No host folder: nothing to read, nothing written.
#[derive(Debug)]
pub struct NoFolder;

impl HostFs for NoFolder {
    fn read(&mut self, _: &str) -> Result<Vec<u8>, HostFsError> {
        Err(HostFsError::NotFound)
    }
    fn write(&mut self, _: &str, _: &[u8]) -> Result<(), HostFsError> {
        Err(HostFsError::Refused(
            "no host folder was given (--fsroot)".to_owned(),
        ))
    }
}

/// What a call did: `None` when it is not the drive's (another unit), else the STATUS
/// bits it sets and, for ACPTR, the byte.
pub type Answer = Option<(u8, u8)>;

/// A host name from a PETSCII file name, or why not.
fn host_name(petscii: &[u8]) -> Result<(String, bool), HostFsError> {
    let mut bytes = petscii;
    if let [b'@', rest @ ..] = bytes {
        bytes = rest;
    }
    if let Some(colon) = bytes.iter().position(|&b| b == b':')
        && bytes[..colon].iter().all(u8::is_ascii_digit)
    {
        bytes = &bytes[colon + 1..];
    }
    let mut parts = bytes.split(|&b| b == b',');
    let name = parts.next().unwrap_or_default();
    let write = parts.any(|p| p.eq_ignore_ascii_case(b"W"));
    let mut out = String::with_capacity(name.len());
    for &b in name {
        let c = match b {
            0x41..=0x5A => char::from(b + 0x20),
            0xC1..=0xDA => char::from(b - 0x80),
            0x61..=0x7A => char::from(b),
            0x20..=0x3F | 0x5B | 0x5D | 0x5F => char::from(b),
            _ => {
                return Err(HostFsError::Refused(format!(
                    "byte ${b:02X} in a file name is no character of a host name"
                )));
            }
        };
        out.push(c);
    }
    if out.is_empty() {
        return Err(HostFsError::Refused("an empty file name".to_owned()));
    }
    if out.contains(['/', '\\', ':', '*', '?']) || out == "." || out == ".." {
        return Err(HostFsError::Refused(format!(
            "{out:?} names a folder or a pattern, not a file of the folder"
        )));
    }
    Ok((out, write))
}

impl Drive {
    /// The host's folder; a panic elsewhere while it was held leaves it usable.
    fn host(&self) -> std::sync::MutexGuard<'_, Box<dyn HostFs>> {
        self.fs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Unit 8 on `fs`.
    #[must_use]
    pub fn new(fs: Box<dyn HostFs>) -> Self {
        Self {
            fs: Arc::new(Mutex::new(fs)),
            listening: false,
            talking: false,
            channel: 0,
            opening: false,
            name: Vec::new(),
            channels: Default::default(),
            message: b"00, OK,00,00\r".to_vec(),
            message_at: 0,
            prg: None,
        }
    }

    /// Gives `prg` to the next open of the name `:*` (see the module docs).
    pub fn hold_program(&mut self, prg: Vec<u8>) {
        self.prg = Some(prg);
    }

    /// Puts the drive on another host folder, its channels and program kept.
    pub fn set_folder(&mut self, fs: Box<dyn HostFs>) {
        self.fs = Arc::new(Mutex::new(fs));
    }

    fn set_message(&mut self, text: &str) {
        self.message = format!("{text}\r").into_bytes();
        self.message_at = 0;
    }

    /// LISTEN: A = the unit (bits 0-4).
    pub fn listen(&mut self, a: u8) -> Answer {
        (a & 0x1F == UNIT).then(|| {
            self.listening = true;
            (0, 0)
        })
    }

    /// TALK: A = the unit.
    pub fn talk(&mut self, a: u8) -> Answer {
        (a & 0x1F == UNIT).then(|| {
            self.talking = true;
            (0, 0)
        })
    }

    /// SECOND: the channel and what to do with it, after LISTEN.
    pub fn second(&mut self, a: u8) -> Answer {
        if !self.listening {
            return None;
        }
        self.channel = usize::from(a & 0x0F);
        self.opening = false;
        match a & 0xF0 {
            0xE0 => self.close(self.channel),
            0xF0 => {
                self.opening = true;
                self.name.clear();
            }
            _ => {}
        }
        Some((0, 0))
    }

    /// TKSA: the channel to read, after TALK.
    pub fn tksa(&mut self, a: u8) -> Answer {
        if !self.talking {
            return None;
        }
        self.channel = usize::from(a & 0x0F);
        Some((0, 0))
    }

    /// CIOUT: a byte of a name, a command or a file.
    pub fn ciout(&mut self, a: u8) -> Answer {
        if !self.listening {
            return None;
        }
        if self.opening {
            if self.name.len() < MAX_NAME {
                self.name.push(a);
            }
            return Some((0, 0));
        }
        if self.channel == 15 {
            // Commands are not modelled: acknowledged.
            self.set_message("00, OK,00,00");
            return Some((0, 0));
        }
        match &mut self.channels[self.channel] {
            Some(Channel::Write { data, .. }) if data.len() < MAX_WRITE => {
                data.push(a);
                Some((0, 0))
            }
            _ => Some((status::WRITE_TIMEOUT, 0)),
        }
    }

    /// ACPTR: the next byte of the channel TKSA chose.
    pub fn acptr(&mut self) -> Answer {
        if !self.talking {
            return None;
        }
        if self.channel == 15 {
            let b = self.message.get(self.message_at).copied().unwrap_or(b'\r');
            self.message_at += 1;
            if self.message_at >= self.message.len() {
                self.set_message("00, OK,00,00");
                return Some((status::EOI, b));
            }
            return Some((0, b));
        }
        let channel = self.channel;
        match &mut self.channels[channel] {
            Some(Channel::Read { data, at }) if *at < data.len() => {
                let b = data[*at];
                *at += 1;
                if *at == data.len() {
                    self.channels[channel] = None;
                    Some((status::EOI, b))
                } else {
                    Some((0, b))
                }
            }
            _ => Some((status::NOT_FOUND, 0)),
        }
    }

    /// UNTLK.
    pub fn untlk(&mut self) -> Answer {
        if !self.talking {
            return None;
        }
        self.talking = false;
        Some((0, 0))
    }

    /// UNLSN: a name sent after `SECOND $F0|ch` opens the channel now.
    pub fn unlsn(&mut self) -> Answer {
        if !self.listening {
            return None;
        }
        self.listening = false;
        if self.opening {
            self.opening = false;
            self.open(self.channel);
        }
        Some((0, 0))
    }

    fn open(&mut self, channel: usize) {
        if channel == 15 {
            return;
        }
        let name = std::mem::take(&mut self.name);
        self.channels[channel] = None;
        if name == b":*"
            && channel != 1
            && let Some(data) = self.prg.take()
        {
            self.channels[channel] = Some(Channel::Read { data, at: 0 });
            self.set_message("00, OK,00,00");
            return;
        }
        let Ok((file, write)) = host_name(&name) else {
            self.set_message("62,FILE NOT FOUND,00,00");
            return;
        };
        if channel == 1 || (channel != 0 && write) {
            self.channels[channel] = Some(Channel::Write {
                name: file,
                data: Vec::new(),
            });
            self.set_message("00, OK,00,00");
            return;
        }
        let read = self.host().read(&file);
        match read {
            Ok(data) => {
                self.channels[channel] = Some(Channel::Read { data, at: 0 });
                self.set_message("00, OK,00,00");
            }
            Err(_) => self.set_message("62,FILE NOT FOUND,00,00"),
        }
    }

    fn close(&mut self, channel: usize) {
        if let Some(Channel::Write { name, data }) = self.channels[channel].take()
            && self.host().write(&name, &data).is_err()
        {
            self.set_message("26,WRITE PROTECT ON,00,00");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_petscii_and_never_leave_the_folder() {
        assert_eq!(
            host_name(b"@0:TEST.DAT,S,W").unwrap(),
            ("test.dat".into(), true)
        );
        assert_eq!(host_name(b"\xC8ELLO").unwrap(), ("Hello".into(), false));
        for bad in [
            &b"../SECRET"[..],
            b"/ETC/PASSWD",
            b"A\\B",
            b"..",
            b"C:X",
            b"",
        ] {
            assert!(host_name(bad).is_err(), "{bad:?}");
        }
    }

    /// `LISTEN 8`, `SECOND $F0`, the name, `UNLSN`; `TALK 8`, `TKSA $60`, then ACPTR
    /// until EOI: what the drive gives for `name` on channel 0.
    fn load(drive: &mut Drive, name: &[u8]) -> (Vec<u8>, u8) {
        drive.listen(0x28).unwrap();
        drive.second(0xF0).unwrap();
        for &b in name {
            drive.ciout(b).unwrap();
        }
        drive.unlsn().unwrap();
        drive.talk(0x48).unwrap();
        drive.tksa(0x60).unwrap();
        let mut got = Vec::new();
        loop {
            let (st, b) = drive.acptr().unwrap();
            if st & status::NOT_FOUND == status::NOT_FOUND {
                drive.untlk().unwrap();
                return (got, st);
            }
            got.push(b);
            if st & status::EOI != 0 {
                drive.untlk().unwrap();
                return (got, st);
            }
        }
    }

    #[test]
    fn the_name_colon_star_gives_the_held_program_once() {
        let mut drive = Drive::new(Box::new(NoFolder));
        drive.hold_program(vec![0x01, 0x08, 0xAA, 0xBB]);
        assert_eq!(
            load(&mut drive, b":*"),
            (vec![0x01, 0x08, 0xAA, 0xBB], status::EOI)
        );
        // Once: then it is a name like any other, missing from a drive with no folder.
        assert_eq!(load(&mut drive, b":*"), (vec![], status::NOT_FOUND));
        assert_eq!(load(&mut drive, b"GAME"), (vec![], status::NOT_FOUND));
    }
}
