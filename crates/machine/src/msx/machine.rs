//! The MSX driver: the scene's sprites become TMS9918A attribute-table bytes, written
//! through the data port after a VRAM address setup on the control port, as a Z80 game
//! does with OUT (0x99) and OTIR to (0x98).

use collide::{PxBox, Screen};
use tms9918::Vdp;
use tms9918::status::{COLLISION, FIFTH_NUMBER_MASK, FIFTH_SPRITE};

use super::MsxSettings;
use super::board::{MsxProgram, check_bios};
use super::cart::Cartridge;
use super::target::{MsxTarget, T_PER_FRAME};
use crate::contract::{ChipState, Machine, Region, TargetCode, Verdict, bit};
use crate::program::{
    CpuView, FrameRun, Input, Probe, ProgramBoard, ProgramError, ProgramImage, ProgramLimits,
};
use crate::view::{HwSprite, NotDrawn, SpriteView, on_screen_cols};

/// Y value that ends the attribute table.
const TERMINATOR_Y: u8 = 208;
/// Y value a game uses to park a sprite below the screen: its rows fall on lines 210 and
/// later, which are never displayed nor checked.
const PARKED_Y: u8 = 209;

/// A TMS9918A with its scene settings.
#[derive(Clone, Debug)]
pub struct Msx {
    vdp: Vdp,
    settings: MsxSettings,
    /// The board: the Z80, its slots and the PSG, in the routine layout until a cartridge
    /// is booted, then with the BIOS and the cartridge (one board, driven by routine
    /// calls or by program frames).
    target: MsxTarget,
    /// A cartridge has been booted.
    booted: bool,
    /// The booted cartridge's INIT address (header bytes 2-3), where the BIOS hands over.
    init: Option<u32>,
}

impl Msx {
    /// A chip configured as `settings` asks: Graphics I, display on, sprite size and
    /// magnification, table bases and backdrop, all by register writes.
    #[must_use]
    pub fn new(settings: &MsxSettings) -> Self {
        let mut vdp = Vdp::new();
        let r1 = 0x40 | if settings.size16 { 0x02 } else { 0 } | u8::from(settings.mag);
        let regs = [
            (0, 0x00),
            (1, r1),
            (5, (settings.sat / 0x80) as u8),
            (6, ((settings.patterns / 0x800) & 7) as u8),
            (7, settings.backdrop & 0x0F),
        ];
        for (n, v) in regs {
            // A register write through the control port: value, then 0x80 | number.
            vdp.write_control(v);
            vdp.write_control(0x80 | n);
        }
        Self {
            vdp,
            settings: settings.clone(),
            target: MsxTarget::new(),
            booted: false,
            init: None,
        }
    }

    /// The CPU side and the chip, for running a routine.
    pub(super) fn board_parts(&mut self) -> (&mut MsxTarget, &Vdp) {
        (&mut self.target, &self.vdp)
    }

    fn write_block(&mut self, addr: u16, bytes: &[u8]) {
        self.vdp.write_control((addr & 0xFF) as u8);
        self.vdp.write_control(0x40 | ((addr >> 8) & 0x3F) as u8);
        for &b in bytes {
            self.vdp.write_data(b);
        }
    }

    fn side_px(&self) -> i32 {
        let side = if self.settings.size16 { 16 } else { 8 };
        if self.settings.mag { side * 2 } else { side }
    }
}

/// The four attribute bytes of one sprite: Y, X, pattern, EC | colour.
fn encode(s: &HwSprite, side: i32) -> [u8; 4] {
    let visible_x = (-32..=255).contains(&s.x_px);
    let visible_y = (-side..=255).contains(&s.y_px);
    if !visible_x || !visible_y {
        return [PARKED_Y, 0, 0, 0];
    }
    let (x, ec) = if s.x_px < 0 {
        (s.x_px + 32, 0x80)
    } else {
        (s.x_px, 0)
    };
    // The first row shows on line Y + 1 (mod 256).
    let mut y = (s.y_px - 1).rem_euclid(256) as u8;
    if y == TERMINATOR_Y {
        // Rows on lines 209.. are never seen; 208 would end the table.
        y = PARKED_Y;
    }
    [y, x as u8, s.pattern as u8, ec | (s.colour & 0x0F)]
}

impl Machine for Msx {
    fn key(&self) -> &'static str {
        "msx"
    }

    /// The mode and sprite size the chip's registers hold now (a program sets its own; a
    /// scene's are its settings).
    fn title(&self) -> String {
        let regs = self.vdp.registers();
        let side = if regs.get(1) & tms9918::registers::R1_SI != 0 {
            16
        } else {
            8
        };
        let mag = if regs.get(1) & tms9918::registers::R1_MAG != 0 {
            " magnified"
        } else {
            ""
        };
        format!(
            "MSX TMS9918A {}, {side}x{side} sprites{mag}{}",
            tms9918::Mode::of(regs).name(),
            if regs.display_enabled() {
                ""
            } else {
                ", display off"
            }
        )
    }

    fn flag_name(&self) -> &'static str {
        "S#0 bit 5 (C)"
    }

    fn panel_lines(&self, v: &Verdict) -> [String; 2] {
        [
            format!("MSX TMS9918A  S#0 0x{:02X}", v.status),
            status_line(v),
        ]
    }

    fn target_code(&mut self) -> Option<&mut dyn TargetCode> {
        Some(self)
    }

    fn cycles_per_frame(&self) -> Option<u64> {
        Some(T_PER_FRAME)
    }

    fn screen(&self) -> Screen {
        Screen::new(256, 192)
    }

    fn frame_rate_hz(&self) -> u32 {
        60
    }

    fn sprite_slots(&self) -> u32 {
        32
    }

    fn load(&mut self, region: Region, bytes: &[u8]) -> Result<(), String> {
        match region {
            Region::Vram(addr) if (addr as usize) + bytes.len() <= tms9918::VRAM_SIZE => {
                self.write_block(addr as u16, bytes);
                Ok(())
            }
            Region::Vram(addr) => Err(format!(
                "{} bytes at 0x{addr:04X} do not fit the 16 KiB VRAM",
                bytes.len()
            )),
            Region::Cram(_) => Err("the TMS9918A has no colour RAM".into()),
            Region::Cartridge(_) => Err("cartridge images are for the Vectrex".into()),
        }
    }

    fn write_sprites(&mut self, sprites: &[HwSprite]) {
        let side = self.side_px();
        let mut table = Vec::with_capacity(sprites.len() * 4 + 1);
        for s in sprites.iter().take(32) {
            table.extend_from_slice(&encode(s, side));
        }
        if sprites.len() < 32 {
            table.push(TERMINATOR_Y);
        }
        self.write_block(self.settings.sat, &table);
    }

    fn run_frame(&mut self) {
        self.vdp.run_frame();
    }

    fn read_verdict(&mut self) -> Verdict {
        verdict(self.vdp.read_status())
    }

    fn peek_verdict(&self) -> Verdict {
        verdict(self.vdp.peek_status())
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
        out.registers.extend(self.vdp.registers().values());
        out.status = u16::from(self.vdp.peek_status());
        out.collision_line = self.vdp.collision_line();
        out.overflow_line = self.vdp.fifth_line();
    }

    fn frame_indexed(&self) -> &[u8] {
        self.vdp.frame_indexed()
    }

    fn palette_rgb(&self) -> Vec<u32> {
        tms9918::PALETTE_RGB.to_vec()
    }

    fn set_frame_output(&mut self, on: bool) -> bool {
        self.vdp.set_frame_output(on);
        true
    }

    /// Powers the MSX on with the cartridge in slot 1 and the BIOS in slot 0: the VDP is
    /// reset (the scene's register set-up is gone), the Z80 starts at $0000 and the BIOS
    /// finds and starts the cartridge on the first frames.
    fn boot(&mut self, image: &ProgramImage<'_>) -> Result<(), ProgramError> {
        if image.start.is_some() {
            return Err(ProgramError::Image {
                what: "--start: an MSX cartridge is started by the BIOS from its header".into(),
            });
        }
        let cart = Cartridge::new(image.bytes, image.mapper)?;
        let bios = match image.system_rom {
            Some(b) => {
                check_bios(b)?;
                b.to_vec()
            }
            None => super::bios::cbios(),
        };
        let frame_output = self.vdp.frame_output();
        self.vdp = Vdp::new();
        self.vdp.set_frame_output(frame_output);
        let mut board = MsxProgram::new(&bios, cart);
        board
            .slots
            .fill_ram(image.ram_fill.unwrap_or(&[super::slots::Slots::RAM_FILL]));
        self.target = MsxTarget::from_board(board);
        self.booted = true;
        // The header's INIT (0: none, the BIOS goes on to the next cartridge or BASIC).
        let init = u16::from_le_bytes([image.bytes[2], image.bytes[3]]);
        self.init = (init != 0).then_some(u32::from(init));
        Ok(())
    }

    fn program_limits(&self) -> Option<ProgramLimits> {
        Some(ProgramLimits {
            cpu: "Z80",
            registers: &[
                "A", "F", "B", "C", "D", "E", "H", "L", "AF", "BC", "DE", "HL", "IX", "IY", "SP",
                "PC", "I", "R", "IM", "IFF1",
            ],
            cpu_space: 1 << 16,
            vram_bytes: 1 << 14,
            // The BIOS starts a cartridge from its header; the BIOS may be the user's.
            start: false,
            system_rom: true,
            mappers: super::cart::MAPPER_NAMES,
        })
    }

    fn program(&mut self) -> Option<&mut dyn ProgramBoard> {
        if self.booted { Some(self) } else { None }
    }
    crate::state::whole_machine_states!();
}

impl ProgramBoard for Msx {
    fn run_frame(&mut self, probe: &mut dyn Probe) -> Result<FrameRun, ProgramError> {
        if !self.booted {
            return Err(ProgramError::Unsupported { machine: "msx" });
        }
        let run = self.target.program_mut().run_frame(&mut self.vdp, probe);
        match self.target.program().dead_halt() {
            Some(pc) => Err(ProgramError::Fault {
                pc: crate::routine::Addr(u32::from(pc)),
                what: "CPU halted with interrupts masked (DI before HALT): it can never go \
                       on, the MSX wires no NMI"
                    .into(),
            }),
            None => Ok(run),
        }
    }

    fn cpu(&self) -> &dyn CpuView {
        // The view borrows the board; it lives as long as `self`.
        if self.booted {
            self.target.program()
        } else {
            &crate::program::NO_PROGRAM
        }
    }

    fn peek_vram(&self, addr: u32) -> u8 {
        self.vdp.peek_vram((addr & 0x3FFF) as u16)
    }

    fn set_idle_skip(&mut self, on: bool) {
        self.target.program_mut().set_idle_skip(on);
    }

    fn idle_skipped_cycles(&self) -> u64 {
        self.target.program().idle_skipped_cycles()
    }

    fn set_input(&mut self, input: Input) {
        if self.booted {
            self.target.program_mut().set_input(input);
        }
    }

    fn cycles_per_frame(&self) -> u64 {
        T_PER_FRAME
    }

    fn handover_pc(&self) -> Option<u32> {
        self.init
    }
}

/// S#0 as a verdict: C (bit 5), 5S (bit 6) and the fifth-sprite number (bits 4-0).
#[must_use]
pub fn verdict(s0: u8) -> Verdict {
    Verdict {
        collided: s0 & COLLISION != 0,
        status: u16::from(s0),
        overflow: Some(s0 & FIFTH_SPRITE != 0),
        fifth_sprite: Some(s0 & FIFTH_NUMBER_MASK),
        collision_mask: None,
        first_collision_line: None,
    }
}

/// The VDP's sprite view as the driver's [`SpriteView`]s.
#[must_use]
pub fn chip_sprites(vdp: &Vdp) -> Vec<SpriteView> {
    let mut out = Vec::new();
    chip_sprites_into(vdp, &mut out);
    out
}

/// [`chip_sprites`] into `out`, each entry refilled in place (a mask showing the same rows
/// as before is kept): a frame whose sprites did not change allocates nothing.
pub fn chip_sprites_into(vdp: &Vdp, out: &mut Vec<SpriteView>) {
    let chip = vdp.sprites();
    out.truncate(chip.len());
    for (i, v) in chip.iter().enumerate() {
        let bbox = PxBox::new(v.x_px, v.y_px, v.w_px, v.h_px);
        let s = SpriteView::refill_at(out, i, u32::from(v.number), bbox);
        s.set_mask_rows(v.w_px, v.h_px, &v.mask_rows);
        s.collision_mask = 0;
        s.z = 0;
        // The lines on which the check found four sprites before it: this one was the
        // fifth or later there (TMS9918 data book 2-26; openMSX
        // `SpriteChecker::checkSprites1`).
        s.set_not_drawn(
            NotDrawn::LineLimit,
            v.dropped_lines.iter().map(|&l| i32::from(l)),
        );
        s.drawn = drawn(v);
        s.lines = v
            .lines
            .map(|(first, last)| crate::view::LineSpan { first, last });
        s.fields = crate::view::SpriteFields {
            palette: Some(v.colour),
            ..crate::view::SpriteFields::default()
        };
    }
}

/// Some opaque pixel on a displayed line (0..192), on screen, not dropped there.
fn drawn(v: &tms9918::SpriteView) -> bool {
    let cols = on_screen_cols(v.x_px, v.w_px, 256);
    v.mask_rows.iter().enumerate().any(|(r, &bits)| {
        let line = v.y_px + r as i32;
        (0..192).contains(&line) && bits & cols != 0 && !v.dropped_on(line as u16)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> MsxSettings {
        MsxSettings {
            size16: true,
            mag: false,
            sat: 0x1B00,
            patterns: 0x3800,
            backdrop: 1,
        }
    }

    #[test]
    fn attribute_bytes_follow_the_chip() {
        let s = |x, y| HwSprite {
            x_px: x,
            y_px: y,
            w_px: 16,
            h_px: 16,
            pattern: 8,
            colour: 5,
            ..HwSprite::default()
        };
        // Row 0 on line Y + 1.
        assert_eq!(encode(&s(10, 20), 16), [19, 10, 8, 5]);
        // Left of 0: early clock, 32 px right in X.
        assert_eq!(encode(&s(-5, 20), 16), [19, 27, 8, 0x85]);
        // Top row hidden: Y wraps to 254.
        assert_eq!(encode(&s(0, -1), 16)[0], 254);
        // Out of reach: parked below the screen.
        assert_eq!(encode(&s(-40, 20), 16)[0], PARKED_Y);
        // Y = 208 would end the table; a game writes 209 instead.
        assert_eq!(encode(&s(0, 209), 16)[0], PARKED_Y);
    }

    #[test]
    fn a_sprite_on_line_209_does_not_end_the_table() {
        let mut m = Msx::new(&settings());
        let s = |y| HwSprite {
            x_px: 40,
            y_px: y,
            w_px: 16,
            h_px: 16,
            ..HwSprite::default()
        };
        m.write_sprites(&[s(209), s(50), s(60)]);
        Machine::run_frame(&mut m);
        let numbers: Vec<u32> = m.sprites().iter().map(|c| c.number).collect();
        assert_eq!(
            numbers,
            [0, 1, 2],
            "the table ends only after the last sprite"
        );
        assert_eq!(
            m.read_verdict().fifth_sprite,
            Some(3),
            "the terminator follows sprite 2"
        );
    }
}

/// The panel's second line: C and 5S, and S#0's bits 4-0, which name the fifth sprite
/// only when 5S is set; otherwise they hold the last sprite the chip read on its last
/// line (TMS9918A Data Manual, "Status register"), never "a 5th sprite".
fn status_line(v: &Verdict) -> String {
    let number = v.status & 0x1F;
    if v.overflow == Some(true) {
        format!(
            " C={} 5S=1 5th sprite {}",
            bit(v.collided),
            v.fifth_sprite.map_or(number, u16::from)
        )
    } else {
        format!(
            " C={} 5S=0 no 5th sprite (bits 4-0: {number})",
            bit(v.collided)
        )
    }
}

#[cfg(test)]
mod panel_tests {
    use super::*;

    /// S#0 = $A3: C set, 5S clear, bits 4-0 = 3 (the last sprite read): no 5th sprite
    /// named. S#0 = $45: 5S set, sprite 5 is the fifth.
    #[test]
    fn the_fifth_sprite_is_named_only_when_5s_is_set() {
        let v = |status: u16, overflow: bool, fifth: Option<u8>| Verdict {
            collided: status & 0x20 != 0,
            status,
            overflow: Some(overflow),
            fifth_sprite: fifth,
            ..Verdict::default()
        };
        assert_eq!(
            status_line(&v(0xA3, false, None)),
            " C=1 5S=0 no 5th sprite (bits 4-0: 3)"
        );
        assert_eq!(
            status_line(&v(0x45, true, Some(5))),
            " C=0 5S=1 5th sprite 5"
        );
    }
}
