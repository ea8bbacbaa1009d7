//! The sixteen registers, in the data sheet's order, and the bits of ACR and IFR/IER.

/// A register, by its address (RS3-RS0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    /// 0: output/input register B.
    Orb,
    /// 1: output/input register A (with handshake).
    Ora,
    /// 2: data direction B (1 = output).
    Ddrb,
    /// 3: data direction A.
    Ddra,
    /// 4: Timer 1 counter low (write: latch low).
    T1cl,
    /// 5: Timer 1 counter high (write: load and start).
    T1ch,
    /// 6: Timer 1 latch low.
    T1ll,
    /// 7: Timer 1 latch high.
    T1lh,
    /// 8: Timer 2 counter low (write: latch low).
    T2cl,
    /// 9: Timer 2 counter high (write: load and start).
    T2ch,
    /// 10: shift register.
    Sr,
    /// 11: auxiliary control.
    Acr,
    /// 12: peripheral control.
    Pcr,
    /// 13: interrupt flags.
    Ifr,
    /// 14: interrupt enable.
    Ier,
    /// 15: register A without handshake.
    OraNoHandshake,
}

impl Reg {
    /// The register at `index` (its low 4 bits).
    #[must_use]
    pub const fn from_index(index: u8) -> Self {
        match index & 0x0F {
            0 => Self::Orb,
            1 => Self::Ora,
            2 => Self::Ddrb,
            3 => Self::Ddra,
            4 => Self::T1cl,
            5 => Self::T1ch,
            6 => Self::T1ll,
            7 => Self::T1lh,
            8 => Self::T2cl,
            9 => Self::T2ch,
            10 => Self::Sr,
            11 => Self::Acr,
            12 => Self::Pcr,
            13 => Self::Ifr,
            14 => Self::Ier,
            _ => Self::OraNoHandshake,
        }
    }
}

/// Auxiliary control register bits.
pub mod acr {
    /// Bit 7: Timer 1 drives PB7.
    pub const T1_PB7: u8 = 0x80;
    /// Bit 6: Timer 1 free-running (reloads from its latch at each timeout).
    pub const T1_FREE_RUN: u8 = 0x40;
    /// Bit 5: Timer 2 counts PB6 falling edges instead of Φ2 cycles.
    pub const T2_PULSE_COUNT: u8 = 0x20;
    /// Bits 4-2: the shift register's mode.
    pub const SR_MODE: u8 = 0x1C;
}

/// Interrupt flag and enable bits (IFR, IER).
pub mod ifr {
    /// CA2 active edge.
    pub const CA2: u8 = 0x01;
    /// CA1 active edge.
    pub const CA1: u8 = 0x02;
    /// Eight bits shifted.
    pub const SR: u8 = 0x04;
    /// CB2 active edge.
    pub const CB2: u8 = 0x08;
    /// CB1 active edge.
    pub const CB1: u8 = 0x10;
    /// Timer 2 timed out.
    pub const T2: u8 = 0x20;
    /// Timer 1 timed out.
    pub const T1: u8 = 0x40;
    /// IFR bit 7: any enabled flag set (read only).
    pub const ANY: u8 = 0x80;
}
