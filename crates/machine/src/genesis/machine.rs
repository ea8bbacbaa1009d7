//! The Genesis driver: the scene's sprites become VDP sprite attribute table entries,
//! written through the data port after a VRAM-write command on the control port, the way
//! a 68000 game copies its sprite list each vblank (the scene driver does not use DMA; a
//! booted program does, see [`super::board`]).

use collide::Screen;
use genesis::Vdp;
use genesis::status::{STATUS_COLLISION, STATUS_OVERFLOW};

use super::GenesisSettings;
use super::target::{CYCLES_PER_FRAME, GenesisTarget};
pub(super) use super::view::{chip_sprites, chip_sprites_into};
use crate::contract::{ChipState, Machine, Region, TargetCode, Verdict, bit};
use crate::program::{ProgramBoard, ProgramError, ProgramImage, ProgramLimits};
use crate::view::{HwSprite, SpriteView};

/// A Genesis VDP with its scene settings.
#[derive(Clone, Debug)]
pub struct Genesis {
    vdp: Vdp,
    settings: GenesisSettings,
    /// The 68000 and its memory, for target code.
    target: GenesisTarget,
}

impl Genesis {
    /// A chip configured by register writes through the control port: mode 5, display on,
    /// H32/H40, V28/V30, SAT base, backdrop, auto-increment 2.
    #[must_use]
    pub fn new(settings: &GenesisSettings) -> Self {
        let mut vdp = Vdp::new();
        let regs: [(u8, u8); 6] = [
            (0, 0x04),
            (1, 0x44 | if settings.v30 { 0x08 } else { 0 }),
            (5, (settings.sat >> 9) as u8),
            (7, settings.backdrop & 0x3F),
            (12, if settings.h40 { 0x81 } else { 0x00 }),
            (15, 2),
        ];
        for (n, v) in regs {
            vdp.write_control(0x8000 | u16::from(n) << 8 | u16::from(v));
        }
        Self {
            vdp,
            settings: settings.clone(),
            target: GenesisTarget::new(),
        }
    }

    /// H40 (40 cells, 320 px) rather than H32.
    pub(super) fn h40(&self) -> bool {
        self.settings.h40
    }

    pub(super) fn vdp(&self) -> &Vdp {
        &self.vdp
    }

    pub(super) fn vdp_mut(&mut self) -> &mut Vdp {
        &mut self.vdp
    }

    pub(super) fn target(&self) -> &GenesisTarget {
        &self.target
    }

    pub(super) fn target_mut(&mut self) -> &mut GenesisTarget {
        &mut self.target
    }

    pub(super) fn parts_mut(&mut self) -> (&mut GenesisTarget, &mut Vdp) {
        (&mut self.target, &mut self.vdp)
    }

    /// The CPU side and the chip, for running a routine.
    pub(super) fn board_parts(&mut self) -> (&mut GenesisTarget, &Vdp) {
        (&mut self.target, &self.vdp)
    }

    /// Sets up a write command (`code` = C3-C0) at `addr` and sends `bytes` as words.
    fn write_words(&mut self, code: u16, addr: u16, bytes: &[u8]) {
        self.vdp.write_control((code & 3) << 14 | (addr & 0x3FFF));
        self.vdp.write_control((code >> 2) << 4 | addr >> 14);
        for pair in bytes.chunks(2) {
            let word = u16::from_be_bytes([pair[0], pair.get(1).copied().unwrap_or(0)]);
            self.vdp.write_data(word);
        }
    }
}

/// Raw coordinates are screen + 128 in 9 bits; positions past that are parked off-screen
/// as games do (never at raw X = 0, which would mask the sprites after it).
fn raw_x(x_px: i32) -> u16 {
    (x_px + 128).clamp(1, 511) as u16
}

fn raw_y(y_px: i32) -> u16 {
    let raw = y_px + 128;
    if (0..=511).contains(&raw) {
        raw as u16
    } else {
        0
    }
}

/// One 8-byte SAT entry: Y, size|link, attributes, X (big-endian words).
fn encode(s: &HwSprite, link: u8) -> [u8; 8] {
    let w_cells = s.w_px.div_ceil(8).clamp(1, 4);
    let h_cells = s.h_px.div_ceil(8).clamp(1, 4);
    let size_link = (w_cells - 1) << 10 | (h_cells - 1) << 8 | u16::from(link & 0x7F);
    let attr = u16::from(s.colour & 3) << 13
        | u16::from(s.vflip) << 12
        | u16::from(s.hflip) << 11
        | (s.pattern & 0x7FF) as u16;
    let words = [raw_y(s.y_px), size_link, attr, raw_x(s.x_px)];
    let mut out = [0u8; 8];
    for (i, w) in words.iter().enumerate() {
        out[i * 2..i * 2 + 2].copy_from_slice(&w.to_be_bytes());
    }
    out
}

impl Machine for Genesis {
    fn key(&self) -> &'static str {
        "genesis"
    }

    /// The modes the VDP's registers hold now (a ROM sets its own; a scene's are its
    /// settings).
    fn title(&self) -> String {
        let r = self.vdp.registers();
        format!(
            "Genesis VDP {}{}",
            if r.h_mode().width_px() == 320 {
                "H40"
            } else {
                "H32"
            },
            if r.v_mode().height_px() == 240 {
                " V30"
            } else {
                " V28"
            }
        )
    }

    fn flag_name(&self) -> &'static str {
        "status bit 5"
    }

    fn panel_lines(&self, v: &Verdict) -> [String; 2] {
        [
            format!("Genesis VDP  status 0x{:02X}", v.status),
            format!(
                " SCOL(5)={} SOVR(6)={}",
                bit(v.collided),
                bit(v.overflow == Some(true))
            ),
        ]
    }

    fn target_code(&mut self) -> Option<&mut dyn TargetCode> {
        Some(self)
    }

    fn cycles_per_frame(&self) -> Option<u64> {
        Some(CYCLES_PER_FRAME)
    }

    fn screen(&self) -> Screen {
        // The registers' mode, not the last frame's: motion areas are fixed before the
        // first frame, while the VDP still reports its power-on H32.
        let r = self.vdp.registers();
        Screen::new(r.h_mode().width_px(), r.v_mode().height_px())
    }

    fn frame_rate_hz(&self) -> u32 {
        60
    }

    fn sprite_slots(&self) -> u32 {
        if self.settings.h40 { 80 } else { 64 }
    }

    fn load(&mut self, region: Region, bytes: &[u8]) -> Result<(), String> {
        match region {
            Region::Vram(addr) if addr as usize + bytes.len() <= 0x10000 => {
                self.write_words(0b0001, addr as u16, bytes);
                Ok(())
            }
            Region::Cram(addr)
                if addr as usize + bytes.len() <= 128 && bytes.len().is_multiple_of(2) =>
            {
                self.write_words(0b0011, addr as u16, bytes);
                Ok(())
            }
            Region::Vram(addr) => Err(format!(
                "{} bytes at 0x{addr:04X} do not fit the 64 KiB VRAM",
                bytes.len()
            )),
            Region::Cartridge(_) => Err("cartridge images are for the Vectrex".into()),
            Region::Cram(addr) => Err(format!(
                "{} bytes at 0x{addr:02X} do not fit the 128-byte CRAM as whole words",
                bytes.len()
            )),
        }
    }

    fn write_sprites(&mut self, sprites: &[HwSprite]) {
        let n = sprites.len().min(self.sprite_slots() as usize);
        let mut table = Vec::with_capacity(n.max(1) * 8);
        for (i, s) in sprites.iter().take(n).enumerate() {
            let link = if i + 1 < n { (i + 1) as u8 } else { 0 };
            table.extend_from_slice(&encode(s, link));
        }
        if n == 0 {
            // An empty list: sprite 0 parked off-screen, linking nowhere.
            table.extend_from_slice(&encode(
                &HwSprite {
                    w_px: 8,
                    h_px: 8,
                    y_px: -128,
                    ..HwSprite::default()
                },
                0,
            ));
        }
        self.write_words(0b0001, self.settings.sat, &table);
    }

    fn run_frame(&mut self) {
        self.vdp.run_frame();
    }

    fn read_verdict(&mut self) -> Verdict {
        let first_collision_line = self.vdp.first_collision_line();
        verdict(self.vdp.read_status(), first_collision_line)
    }

    fn peek_verdict(&self) -> Verdict {
        verdict(self.vdp.peek_status(), self.vdp.first_collision_line())
    }

    fn sprites(&self) -> Vec<SpriteView> {
        chip_sprites(&self.vdp)
    }

    fn sprites_into(&self, out: &mut Vec<SpriteView>) {
        chip_sprites_into(&self.vdp, out);
    }

    fn chip_state(&self) -> ChipState {
        let mut s = ChipState::default();
        self.chip_state_into(&mut s);
        s
    }

    fn chip_state_into(&self, out: &mut ChipState) {
        out.registers.clear();
        out.registers
            .extend_from_slice(self.vdp.registers().as_bytes());
        // The whole word: FIFO, blanking and PAL bits beside the sprite flags.
        out.status = self.vdp.peek_status();
        out.collision_line = self.vdp.first_collision_line();
        out.overflow_line = self.vdp.first_overflow_line();
    }

    fn frame_indexed(&self) -> &[u8] {
        self.vdp.frame_indexed()
    }

    fn set_frame_output(&mut self, on: bool) -> bool {
        self.vdp.set_frame_output(on);
        true
    }

    fn boot(&mut self, image: &ProgramImage<'_>) -> Result<(), ProgramError> {
        self.boot_rom(image)
    }

    fn program_limits(&self) -> Option<ProgramLimits> {
        Some(ProgramLimits {
            cpu: "68000",
            registers: &[
                "D0", "D1", "D2", "D3", "D4", "D5", "D6", "D7", "A0", "A1", "A2", "A3", "A4", "A5",
                "A6", "A7", "SP", "SSP", "USP", "SR", "PC",
            ],
            // 24 address lines.
            cpu_space: 1 << 24,
            vram_bytes: 1 << 16,
            // The console boots from the cartridge's own vectors: no BIOS, no mapper.
            start: true,
            system_rom: false,
            mappers: &[],
        })
    }

    fn program(&mut self) -> Option<&mut dyn ProgramBoard> {
        if self.booted() { Some(self) } else { None }
    }

    fn palette_rgb(&self) -> Vec<u32> {
        (0..64u8)
            .map(|i| genesis::colour_to_rgb(self.vdp.cram()[usize::from(i)]))
            .collect()
    }
    crate::state::whole_machine_states!();
}

/// The status word as a verdict: bit 5 collision, bit 6 overflow (bits 7-0 kept).
#[must_use]
pub fn verdict(status: u16, first_collision_line: Option<u16>) -> Verdict {
    Verdict {
        collided: status & STATUS_COLLISION != 0,
        status: status & 0xFF,
        overflow: Some(status & STATUS_OVERFLOW != 0),
        fifth_sprite: None,
        collision_mask: None,
        first_collision_line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_coordinates_never_park_at_the_masking_x() {
        assert_eq!(raw_x(0), 128);
        assert_eq!(raw_x(-127), 1);
        // Raw X = 0 would mask every later sprite on its lines.
        assert_eq!(raw_x(-128), 1);
        assert_eq!(raw_x(-1000), 1);
        assert_eq!(raw_x(5000), 511);
        assert_eq!(raw_y(-128), 0);
        assert_eq!(raw_y(383), 511);
        assert_eq!(raw_y(384), 0);
    }

    #[test]
    fn sat_entry_bytes() {
        let s = HwSprite {
            x_px: 10,
            y_px: 20,
            w_px: 16,
            h_px: 32,
            pattern: 0x123,
            colour: 2,
            hflip: true,
            ..HwSprite::default()
        };
        // Y 148; size 2x4 cells (01 11) and link 5; palette 2, H flip, tile 0x123; X 138.
        assert_eq!(
            encode(&s, 5),
            [0x00, 0x94, 0x07, 0x05, 0x49, 0x23, 0x00, 0x8A]
        );
    }
}
