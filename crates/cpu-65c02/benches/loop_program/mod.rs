//! The program and bus both 65C02 benches run: a collision-check-shaped loop (for each of
//! 64 entries it loads two coordinates through abs,Y and (zp),Y, subtracts, compares
//! against a size, branches, updates a counter in zero page with INC, stores through
//! abs,Y and walks the table with INY/CPY/BNE; an outer loop repeats forever with BRA),
//! on 64 KiB of RAM with an I/O page test at `$9F00` as an X16 memory map would have.

/// Where the program starts.
pub const START: u16 = 0x0800;

#[rustfmt::skip]
pub const PROGRAM: &[u8] = &[
    // $0800 start:
    0xA9, 0x00,             // LDA #$00
    0x85, 0x10,             // STA $10      ; pointer lo -> $2000
    0xA9, 0x20,             // LDA #$20
    0x85, 0x11,             // STA $11
    // $0808 outer:
    0xA0, 0x00,             // LDY #0
    // $080A inner:
    0xB9, 0x00, 0x30,       // LDA $3000,Y
    0x38,                   // SEC
    0xF1, 0x10,             // SBC ($10),Y
    0xB0, 0x02,             // BCS +2
    0x49, 0xFF,             // EOR #$FF
    0xC9, 0x10,             // CMP #$10
    0xB0, 0x02,             // BCS +2
    0xE6, 0x20,             // INC $20      ; hits
    0x99, 0x00, 0x40,       // STA $4000,Y
    0xC8,                   // INY
    0xC0, 0x40,             // CPY #64
    0xD0, 0xE8,             // BNE inner
    0x80, 0xE4,             // BRA outer
];

/// 64 KiB of RAM; the page at $9F00 reads 0 and ignores writes, counting its reads.
pub struct X16Like {
    pub ram: Box<[u8; 0x10000]>,
    pub io_reads: u32,
}

impl X16Like {
    /// RAM with the program at [`START`] (the RESET vector's address) and its two tables.
    pub fn new() -> Self {
        let mut ram = Box::new([0u8; 0x10000]);
        ram[usize::from(START)..usize::from(START) + PROGRAM.len()].copy_from_slice(PROGRAM);
        for i in 0..64 {
            ram[0x2000 + i] = (i * 7) as u8;
            ram[0x3000 + i] = (i * 13) as u8;
        }
        ram[0xFFFC..0xFFFE].copy_from_slice(&START.to_le_bytes());
        Self { ram, io_reads: 0 }
    }

    /// One read cycle.
    #[inline]
    pub fn read(&mut self, addr: u16) -> u8 {
        if addr & 0xFF00 == 0x9F00 {
            self.io_reads = self.io_reads.wrapping_add(1);
            return 0;
        }
        self.ram[usize::from(addr)]
    }

    /// One write cycle.
    #[inline]
    pub fn write(&mut self, addr: u16, value: u8) {
        if addr & 0xFF00 != 0x9F00 {
            self.ram[usize::from(addr)] = value;
        }
    }
}

/// The board as this core's bus (the same reads and writes).
impl cpu_65c02::Bus for X16Like {
    #[inline]
    fn read(&mut self, addr: u16) -> u8 {
        Self::read(self, addr)
    }
    #[inline]
    fn write(&mut self, addr: u16, value: u8) {
        Self::write(self, addr, value);
    }
}
