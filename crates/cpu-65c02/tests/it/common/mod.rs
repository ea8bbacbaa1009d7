//! A flat 64 KiB RAM bus for the tests that records every access.

#![allow(dead_code)]

use cpu_65c02::Bus;

/// One bus cycle as the core issued it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read(u16),
    Write(u16, u8),
    /// VPB low: the next two reads fetch a vector.
    VectorPull,
}

/// 64 KiB of RAM with an access log.
#[derive(Debug)]
pub struct Ram {
    pub mem: Vec<u8>,
    pub log: Vec<Access>,
}

impl Ram {
    pub fn new() -> Self {
        Self {
            mem: vec![0; 0x10000],
            log: Vec::new(),
        }
    }

    /// Copies `bytes` to `addr`.
    pub fn load(&mut self, addr: u16, bytes: &[u8]) {
        let start = usize::from(addr);
        self.mem[start..start + bytes.len()].copy_from_slice(bytes);
    }

    /// Reads of `addr` in the log.
    pub fn reads_of(&self, addr: u16) -> usize {
        self.log
            .iter()
            .filter(|a| **a == Access::Read(addr))
            .count()
    }
}

impl Bus for Ram {
    fn read(&mut self, addr: u16) -> u8 {
        self.log.push(Access::Read(addr));
        self.mem[usize::from(addr)]
    }
    fn write(&mut self, addr: u16, value: u8) {
        self.log.push(Access::Write(addr, value));
        self.mem[usize::from(addr)] = value;
    }
    fn vector_pull(&mut self) {
        self.log.push(Access::VectorPull);
    }
}
