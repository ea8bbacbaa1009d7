//! The board's side of a 68000-to-VDP DMA (genesis `dma` module; Genesis Plus GX
//! `vdp_dma_68k_ext` and `vdp_dma_update`): the VDP asks for words on the 68000's bus,
//! the board reads them from ROM or work RAM and hands them over, one per access slot
//! the VDP grants, while the 68000 is held.

use genesis::Vdp;

use super::bus::Memory;

/// Checks the source of a 68000 transfer the last instruction started: every word must
/// come from ROM or work RAM (the VDP reads nothing else on the 68000's bus).
///
/// # Errors
/// The source address of the first word the bus cannot supply.
pub fn check_dma_68k(mem: &Memory, vdp: &mut Vdp) -> Result<(), u32> {
    let Some(dma) = vdp.take_dma_68k() else {
        return Ok(());
    };
    for k in 0..dma.words {
        let src = dma.source_of(k);
        mem.dma_word(src).ok_or(src)?;
    }
    Ok(())
}

/// Hands the VDP the words whose slots have come, read from the bus as the chip does.
///
/// # Errors
/// The source address of a word the bus cannot supply (neither ROM nor work RAM).
pub fn supply_dma_68k(mem: &Memory, vdp: &mut Vdp) -> Result<(), u32> {
    while let Some(src) = vdp.dma_68k_due() {
        let word = mem.dma_word(src).ok_or(src)?;
        vdp.dma_write(word);
    }
    Ok(())
}

/// Checks a transfer the last instruction started and carries it out at once, for a
/// routine call, which keeps no line time.
///
/// # Errors
/// As [`check_dma_68k`].
pub fn run_dma_now(mem: &Memory, vdp: &mut Vdp) -> Result<(), u32> {
    check_dma_68k(mem, vdp)?;
    vdp.finish_dma();
    supply_dma_68k(mem, vdp)
}
