//! Register 12's cell count comes from bit 0 (RS1) alone, as Genesis Plus GX and BlastEm
//! decode it.

use genesis::{HMode, Vdp};

fn mode_after(value: u8) -> (HMode, u16) {
    let mut v = Vdp::new();
    // Mode 5 first: in mode 4 registers 11-23 cannot be written.
    v.write_control(0x8104);
    v.write_control(0x8C00 | u16::from(value));
    // SAT base 0xDA00: A9 survives only in H32.
    v.write_control(0x8500 | 0x6D);
    (v.registers().h_mode(), v.registers().sat_base())
}

#[test]
fn bit_0_alone_decides_the_cell_count() {
    assert_eq!(mode_after(0x00), (HMode::H32, 0xDA00));
    assert_eq!(
        mode_after(0x80),
        (HMode::H32, 0xDA00),
        "RS0 alone stays H32"
    );
    assert_eq!(mode_after(0x01), (HMode::H40, 0xD800));
    assert_eq!(mode_after(0x81), (HMode::H40, 0xD800));
}
