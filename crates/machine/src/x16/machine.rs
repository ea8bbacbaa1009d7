//! The X16 driver: the scene's sprites become VERA sprite attributes at 0x1FC00, written
//! through ADDR_L/M/H (increment 1) and DATA0 as 65C02 code does, and the vblank handler
//! reads ISR and acknowledges it the way seed 004's IRQ routine does.

use collide::methods::quadrants::quadrant_mask;
use collide::{Hardware, MethodId, OpaqueMask, PxBox, Screen};
use vera::isr::{COLLISIONS, SPRCOL, VSYNC};
use vera::registers::{ADDR_H, ADDR_L, ADDR_M, DATA0, DC_HSCALE, DC_VIDEO, DC_VSCALE, IEN, ISR};
use vera::{Quirks, Vera};

use super::program::Program;
use super::saved::{Saved, saved_by_fields};
use super::target::{CYCLES_PER_FRAME, X16Target};
use super::{VeraQuirks, VeraSettings};
use crate::check::{Form, HardwareCheck, pixel_check};
use crate::contract::{ChipState, Machine, Region, TargetCode, Verdict, bit};
use crate::program::{ProgramBoard, ProgramError, ProgramImage, ProgramLimits};
use crate::state::{MachineState, StateError};
use crate::view::{
    HwSprite, LineSpan, Lines, MaskPool, MaskPoolCell, NotDrawn, SpriteFields, SpriteView,
    mask_from_rows, on_screen_cols,
};

/// Where a game parks a sprite it does not want seen: right of the screen, where the
/// 1024-px wrap does not bring it back.
const PARK_X: i32 = 700;

/// A VERA with its scene settings.
#[derive(Clone, Debug)]
pub struct X16 {
    vera: Vera,
    quirks: VeraQuirks,
    /// The 65C02 and its memory, for target code.
    target: X16Target,
    /// The program booted, if any.
    program: Option<Box<Program>>,
    /// The sprite view's spare masks ([`chip_sprites_into`]).
    masks: MaskPoolCell,
}

// The boards' memories as [`super::bus::Memory`] keeps them (no 2 MB buffer of their
// own), the chip copied into the existing one's buffers.
saved_by_fields!(X16 {
    saved: [target, program],
    cloned: [vera, quirks, masks],
});

/// The booted program: kept as a save state keeps it, put back into this board's own.
impl Saved for Option<Box<Program>> {
    fn saved(&self) -> Self {
        self.as_ref().map(|p| Box::new(p.saved()))
    }

    fn restore(&mut self, saved: &Self) {
        match (self, saved) {
            (Some(ours), Some(theirs)) => ours.restore(theirs),
            (ours, theirs) => *ours = theirs.as_deref().map(|p| Box::new(Program::from_saved(p))),
        }
    }
}

impl X16 {
    /// A chip set up by register writes: sprites on (or off), VGA output, 1:1 scale, IEN.
    #[must_use]
    pub fn new(settings: &VeraSettings) -> Self {
        let quirks = match settings.quirks {
            VeraQuirks::Hardware => Quirks::Hardware,
            VeraQuirks::X16Emu => Quirks::X16Emu,
        };
        let mut x16 = Self {
            vera: Vera::new(quirks),
            quirks: settings.quirks,
            target: X16Target::new(),
            program: None,
            masks: MaskPoolCell::default(),
        };
        let video = 0x01 | if settings.sprites_enabled { 0x40 } else { 0 };
        for (reg, v) in [
            (DC_VIDEO, video),
            (DC_HSCALE, 128),
            (DC_VSCALE, 128),
            (IEN, settings.ien),
        ] {
            x16.vera.write_reg(reg, v);
        }
        x16
    }

    /// The CPU side and the chip, for running a routine.
    pub(super) fn board_parts(&mut self) -> (&mut X16Target, &Vera) {
        (&mut self.target, &self.vera)
    }

    /// The booted program and the chip, for running a frame.
    pub(super) fn program_parts(&mut self) -> (Option<&mut Program>, &mut Vera) {
        (self.program.as_deref_mut(), &mut self.vera)
    }

    /// The booted program.
    pub(super) fn booted(&self) -> Option<&Program> {
        self.program.as_deref()
    }

    /// The chip.
    #[must_use]
    pub const fn vera(&self) -> &Vera {
        &self.vera
    }

    fn write_block(&mut self, addr: u32, bytes: &[u8]) {
        self.vera.write_reg(ADDR_L, addr as u8);
        self.vera.write_reg(ADDR_M, (addr >> 8) as u8);
        // Increment index 1 (one byte per access), bit 16 of the address.
        self.vera.write_reg(ADDR_H, 0x10 | ((addr >> 16) & 1) as u8);
        for &b in bytes {
            self.vera.write_reg(DATA0, b);
        }
    }
}

fn size_code(px: u16) -> u8 {
    match px {
        0..=8 => 0,
        9..=16 => 1,
        17..=32 => 2,
        _ => 3,
    }
}

/// The 8 attribute bytes of one sprite (vera.md, "Sprite attributes").
fn encode(s: &HwSprite) -> [u8; 8] {
    // Positions outside one wrap period are parked where they stay invisible.
    let x = if (-64..960).contains(&s.x_px) {
        s.x_px
    } else {
        PARK_X
    };
    let y = if (-64..960).contains(&s.y_px) {
        s.y_px
    } else {
        PARK_X
    };
    let (x, y) = ((x & 0x3FF) as u16, (y & 0x3FF) as u16);
    let addr = s.pattern;
    [
        (addr >> 5) as u8,
        ((addr >> 13) & 0x0F) as u8 | u8::from(s.bpp8) << 7,
        x as u8,
        (x >> 8) as u8,
        y as u8,
        (y >> 8) as u8,
        (s.collision_mask & 0xF0) | (s.z & 3) << 2 | u8::from(s.vflip) << 1 | u8::from(s.hflip),
        size_code(s.h_px) << 6 | size_code(s.w_px) << 4 | (s.colour & 0x0F),
    ]
}

impl Machine for X16 {
    fn key(&self) -> &'static str {
        "vera"
    }

    fn title(&self) -> String {
        format!("X16 VERA ({:?})", self.quirks)
    }

    fn flag_name(&self) -> &'static str {
        "ISR bits 7-4"
    }

    fn panel_lines(&self, v: &Verdict) -> [String; 2] {
        [
            format!("X16 VERA  ISR 0x{:02X}", v.status),
            format!(
                " collisions %{:04b} SPRCOL={}",
                v.collision_mask.unwrap_or(0),
                bit(v.status & u16::from(SPRCOL) != 0)
            ),
        ]
    }

    fn boot(&mut self, image: &ProgramImage<'_>) -> Result<(), ProgramError> {
        let mut program = Program::boot(image)?;
        if program.own_kernal() {
            Program::reset_chip(&mut self.vera);
            program.start_kernal(&mut self.vera)?;
        } else {
            program.power_on(&mut self.vera);
        }
        self.program = Some(Box::new(program));
        Ok(())
    }

    fn program_limits(&self) -> Option<ProgramLimits> {
        Some(ProgramLimits {
            cpu: "65C02",
            registers: &["A", "X", "Y", "S", "P", "PC"],
            cpu_space: 1 << 16,
            vram_bytes: vera::VRAM_BYTES as u64,
            start: true,
            // The user's rom.bin, or the project's KERNAL without one.
            system_rom: true,
            mappers: &[],
        })
    }

    fn program(&mut self) -> Option<&mut dyn ProgramBoard> {
        if self.program.is_some() {
            Some(self)
        } else {
            None
        }
    }

    fn target_code(&mut self) -> Option<&mut dyn TargetCode> {
        Some(self)
    }

    fn cycles_per_frame(&self) -> Option<u64> {
        Some(CYCLES_PER_FRAME)
    }

    fn auto_collision_mask(&self, x_px: i32, y_px: i32, w_px: u16, h_px: u16) -> u8 {
        quadrant_mask(&PxBox::new(x_px, y_px, w_px, h_px), self.screen())
    }

    fn hardware_check_state(&self) -> u64 {
        // The unseen collisions are all the check reads beyond the view and the verdict.
        let unseen = self.vera.unseen_collisions();
        let lines = unseen.lines.map_or(0, |(first, last)| {
            1 << 8 | u64::from(first) << 9 | u64::from(last) << 25
        });
        u64::from(unseen.mask) | lines
    }

    fn hardware_check(&self, sprites: &[SpriteView], verdict: &Verdict) -> HardwareCheck {
        // Collision bits from lines drawn with sprites disabled: the FPGA renders them
        // unseen (specs/vera.md, DC_VIDEO bit 6), so no shown sprite accounts for them; the
        // reason for a flag set with no pair among the shown sprites.
        let unseen = self.vera.unseen_collisions();
        let bits = verdict.collision_mask.unwrap_or(0) & unseen.mask;
        let note = unseen.lines.filter(|_| bits != 0).map(|(first, last)| {
            let on = if first == last {
                format!("line {first}")
            } else {
                format!("lines {first}-{last}")
            };
            format!(
                "collision mask %{bits:04b} from sprites disabled in DC_VIDEO (bit 6) on sprite \
                 {on}: the renderer still runs there and counts their collisions, the screen \
                 shows none of them"
            )
        });
        pixel_check(
            sprites,
            self.screen(),
            verdict,
            note.as_deref(),
            Some(Form::Masks),
        )
    }

    fn method_hardware(&self, verdict: &Verdict) -> Hardware {
        Hardware {
            flag: Some(verdict.collided),
            isr: Some(verdict.status as u8),
        }
    }

    fn method_needs(&self, _: MethodId) -> Option<&'static str> {
        None
    }

    fn default_methods(&self) -> Vec<MethodId> {
        MethodId::ALL.to_vec()
    }

    fn screen(&self) -> Screen {
        Screen::new(640, 480)
    }

    fn frame_rate_hz(&self) -> u32 {
        60
    }

    fn sprite_slots(&self) -> u32 {
        vera::SPRITE_COUNT as u32
    }

    fn load(&mut self, region: Region, bytes: &[u8]) -> Result<(), String> {
        match region {
            Region::Vram(addr) if addr as usize + bytes.len() <= vera::VRAM_BYTES => {
                self.write_block(addr, bytes);
                Ok(())
            }
            Region::Vram(addr) => Err(format!(
                "{} bytes at 0x{addr:05X} do not fit the 128 KiB VRAM",
                bytes.len()
            )),
            Region::Cram(_) => Err("VERA keeps its palette in VRAM at 0x1FA00; use Vram".into()),
            Region::Cartridge(_) => Err("cartridge images are for the Vectrex".into()),
        }
    }

    fn write_sprites(&mut self, sprites: &[HwSprite]) {
        let mut table = Vec::with_capacity(vera::SPRITE_COUNT * 8);
        for s in sprites.iter().take(vera::SPRITE_COUNT) {
            table.extend_from_slice(&encode(s));
        }
        // Unused slots: z = 0 disables them.
        table.resize(vera::SPRITE_COUNT * 8, 0);
        self.write_block(vera::SPRITE_ATTR_ADDR, &table);
    }

    fn run_frame(&mut self) {
        self.vera.run_frame();
    }

    fn read_verdict(&mut self) -> Verdict {
        let isr = self.vera.read_reg(ISR);
        // Seed 004's handler acknowledges SPRCOL ($04); the KERNAL acknowledges VSYNC.
        self.vera.write_reg(ISR, SPRCOL | VSYNC);
        verdict(isr)
    }

    fn peek_verdict(&self) -> Verdict {
        verdict(self.vera.isr())
    }

    fn sprites(&self) -> Vec<SpriteView> {
        chip_sprites(&self.vera)
    }

    fn sprites_into(&self, out: &mut Vec<SpriteView>) {
        chip_sprites_into(&self.vera, out, &mut self.masks.lock());
    }

    fn chip_state(&self) -> ChipState {
        let mut s = ChipState::default();
        self.chip_state_into(&mut s);
        s
    }

    fn chip_state_into(&self, out: &mut ChipState) {
        // $9F20-$9F3F as a read would find them, without a read's side effects.
        out.registers.clear();
        out.registers
            .extend((0..0x20).map(|offset| self.vera.peek_reg(offset)));
        out.status = u16::from(self.vera.isr());
        // VERA sets its collision bits at the start of vblank for the whole frame
        // (specs/vera.md, "At the start of vblank"), not on a line.
        out.collision_line = None;
        out.overflow_line = None;
    }

    fn frame_indexed(&self) -> &[u8] {
        self.vera.frame_indexed()
    }

    fn set_frame_output(&mut self, on: bool) -> bool {
        self.vera.set_frame_output(on);
        true
    }

    fn palette_rgb(&self) -> Vec<u32> {
        let vram = self.vera.vram();
        (0..256)
            .map(|i| {
                let at = vera::PALETTE_ADDR as usize + i * 2;
                vera::palette::rgb12_to_rgb24(u16::from_le_bytes([vram[at], vram[at + 1]]))
            })
            .collect()
    }
    /// Saved as [`Saved::saved`] keeps it: the ROMs shared, only the RAM banks written
    /// copied ([`super::banked`]).
    fn save_state(&self) -> Result<MachineState, StateError> {
        Ok(MachineState::of(self.key(), self.saved()))
    }

    fn restore_state(&mut self, state: &MachineState) -> Result<(), StateError> {
        let saved: &Self = state.get(self.key())?;
        self.restore(saved);
        Ok(())
    }
}

/// ISR as a verdict: bits 7-4 the collision nibble.
#[must_use]
pub fn verdict(isr: u8) -> Verdict {
    Verdict {
        collided: isr & COLLISIONS != 0,
        status: u16::from(isr),
        overflow: None,
        fifth_sprite: None,
        collision_mask: Some(isr >> 4),
        first_collision_line: None,
    }
}

/// VERA's sprite view as the driver's [`SpriteView`]s. An entry the chip read for some
/// lines only (its attributes changed while the frame was drawn, or sprites were shown on
/// some lines only) becomes the slice of the sprite on those lines: its box and opaque
/// rows cut to them, with the lines in [`SpriteView::lines`].
#[must_use]
pub fn chip_sprites(vera: &Vera) -> Vec<SpriteView> {
    // Sprites showing the same pattern share one mask (a program's enemies usually do).
    // The rows are borrowed from the chip's view, not copied.
    let mut masks: Vec<(u16, u16, &[u64], std::sync::Arc<OpaqueMask>)> = Vec::new();
    vera.sprites()
        .iter()
        .filter_map(|v| {
            let (y_px, rows, lines) = shown(v)?;
            let h_px = rows.len() as u16;
            let mask = if let Some((.., mask)) = masks
                .iter()
                .find(|(w, h, seen, _)| (*w, *h) == (v.w_px, h_px) && *seen == rows)
            {
                std::sync::Arc::clone(mask)
            } else {
                let mask = std::sync::Arc::new(mask_from_rows(v.w_px, h_px, rows));
                masks.push((v.w_px, h_px, rows, std::sync::Arc::clone(&mask)));
                mask
            };
            let cut: Vec<u16> = v
                .budget_cut_lines
                .iter()
                .copied()
                .filter(|&l| (y_px..y_px + i32::from(h_px)).contains(&i32::from(l)))
                .collect();
            Some(SpriteView {
                number: u32::from(v.number),
                bbox: PxBox::new(v.x_px, y_px, v.w_px, h_px),
                mask,
                collision_mask: v.collision_mask,
                z: v.z,
                not_drawn: if cut.is_empty() {
                    Vec::new()
                } else {
                    let lines = Lines::from_increasing(cut.iter().map(|&l| i32::from(l)));
                    vec![(NotDrawn::BudgetCut, lines)]
                },
                drawn: drawn(v.x_px, v.w_px, y_px, rows, &cut),
                lines,
                fields: SpriteFields {
                    palette: Some(v.palette_offset),
                    pattern: Some(v.pattern_addr),
                    collision_mask: Some(v.collision_mask >> 4),
                    priority: Some(v.z),
                    link: None,
                },
            })
        })
        .collect()
}

/// The top line, the opaque rows and the lines of the part of `v` the chip showed (all of
/// it, or the slice on [`vera::SpriteView::lines`]); `None` when it showed none.
fn shown(v: &vera::SpriteView) -> Option<(i32, &[u64], Option<LineSpan>)> {
    match v.lines {
        None => Some((v.y_px, &v.mask_rows[..], None)),
        Some((first, last)) => {
            let top = v.y_px.max(i32::from(first));
            let bottom = (v.y_px + i32::from(v.h_px) - 1).min(i32::from(last));
            if bottom < top {
                return None;
            }
            let rows = v
                .mask_rows
                .get((top - v.y_px) as usize..=(bottom - v.y_px) as usize)?;
            let span = LineSpan {
                first: top as u16,
                last: bottom as u16,
            };
            Some((top, rows, Some(span)))
        }
    }
}

/// [`chip_sprites`] into `out`, each entry refilled in place: a mask showing the same rows
/// as before is kept (each entry keeps its own, where [`chip_sprites`] shares one among
/// sprites of one pattern), so a frame whose sprites keep their patterns allocates
/// nothing; masks let go of while the harness's objects still held them, and those of
/// entries cut from the list, are kept in `pool` for entries to come. The views are equal
/// to [`chip_sprites`]'s.
pub fn chip_sprites_into(vera: &Vera, out: &mut Vec<SpriteView>, pool: &mut MaskPool) {
    let mut n = 0;
    for v in vera.sprites() {
        let Some((y_px, rows, lines)) = shown(v) else {
            continue;
        };
        let h_px = rows.len() as u16;
        let bbox = PxBox::new(v.x_px, y_px, v.w_px, h_px);
        let s = pool.refill_at(out, n, u32::from(v.number), bbox);
        n += 1;
        s.set_mask_rows_pooled(v.w_px, h_px, rows, pool);
        s.collision_mask = v.collision_mask;
        s.z = v.z;
        // The budget's lines within the part shown; a line of the part is cut when the
        // chip's whole list has it. A sprite the budget cut nowhere (nearly all) has none.
        if v.budget_cut_lines.is_empty() {
            s.not_drawn.clear();
        } else {
            let part = y_px..y_px + i32::from(h_px);
            s.set_not_drawn(
                NotDrawn::BudgetCut,
                v.budget_cut_lines
                    .iter()
                    .map(|&l| i32::from(l))
                    .filter(|l| part.contains(l)),
            );
        }
        s.drawn = drawn(v.x_px, v.w_px, y_px, rows, &v.budget_cut_lines);
        s.lines = lines;
        s.fields = SpriteFields {
            palette: Some(v.palette_offset),
            pattern: Some(v.pattern_addr),
            collision_mask: Some(v.collision_mask >> 4),
            priority: Some(v.z),
            link: None,
        };
    }
    pool.truncate(out, n);
}

/// Some opaque pixel on lines 0..480, on screen, on a line the budget did not cut.
fn drawn(x_px: i32, w_px: u16, y_px: i32, rows: &[u64], cut_lines: &[u16]) -> bool {
    let cols = on_screen_cols(x_px, w_px, 640);
    rows.iter().enumerate().any(|(r, &bits)| {
        let line = y_px + r as i32;
        (0..480).contains(&line)
            && bits & cols != 0
            && cut_lines.binary_search(&(line as u16)).is_err()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_bytes_wrap_at_1024_and_park_far_positions() {
        let s = HwSprite {
            x_px: -8,
            y_px: 100,
            w_px: 16,
            h_px: 64,
            pattern: 0x12300,
            colour: 3,
            bpp8: true,
            z: 3,
            collision_mask: 0x50,
            vflip: true,
            ..HwSprite::default()
        };
        assert_eq!(
            encode(&s),
            // Address 0x12300 >> 5 = 0x918; X -8 = 0x3F8; mask $50, z 3, V flip;
            // height 64 (3), width 16 (1), palette offset 3.
            [0x18, 0x89, 0xF8, 0x03, 100, 0, 0x5E, 0xD3]
        );
        let far = HwSprite { x_px: 2000, ..s };
        assert_eq!(
            &encode(&far)[2..4],
            &[(PARK_X & 0xFF) as u8, (PARK_X >> 8) as u8]
        );
    }
}
