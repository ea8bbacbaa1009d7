#!/usr/bin/env python3
"""Runs roms/genesis/programs/vdp-ports.bin on Genesis Plus GX (the libretro core that
PyPI's stable-retro ships) and on hitlab's program board, and compares every result word
the program writes (one per check, from $FF0100; how many at $FF0082; $600D at $FF0080
when done). hitlab's side comes from the genesis_ram example
(crates/machine/examples/genesis_ram.rs). Each result that differs is printed with the
reason known for it and which side the hardware takes (KNOWN below); any other
difference fails the run.

Not part of `cargo test`. Usage:
    pip install stable-retro
    cargo build --release -p machine --example genesis_ram
    python3 tests/crosscheck/gpgx_vdp_ports.py
"""

import os
import shutil
import subprocess
import sys
import tempfile

import stable_retro as retro
import stable_retro.data as retro_data

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ROM = os.path.join(ROOT, "roms", "genesis", "programs", "vdp-ports.bin")
EXAMPLE = os.path.join(ROOT, "target", "release", "examples", "genesis_ram")
DONE, MARKER, COUNT, RESULTS = 0xFF0080, 0x600D, 0xFF0082, 0xFF0100

# Results (1-based, as numbered in vdp-ports.s) where the two are known to differ, and why.
KNOWN = {
    79: "H counter read just after HBlank (bit 2) sets: hitlab samples each port at its "
        "own bus cycle in the instruction (the 68000's clock at that access), GPGX after "
        "counting the whole instruction's cycles, so the two see the edge and read the "
        "counter at different points of the poll loop; both follow the hardware's edge "
        "at H $B3 (H40); hitlab's side is the hardware's timing of a bus cycle, neither "
        "is a recording of the console",
    80: "the same for the edge at H $05",
    84: "HV counter before 8 VRAM writes on line $60: GPGX's line (V counter increment) "
        "starts at H $A5 (its hvc.h tables: the V counter increments there, at the end "
        "of the active display), hitlab's at H $00 (the board's line origin); GPGX's side "
        "is the console's; the H steps the writes take agree (86)",
    85: "as 84",
    86: "status polls through a 64-byte fill in the active display: GPGX moves a fill a "
        "line's share at a time from the data write, hitlab a byte per access slot after "
        "the data word itself has left the FIFO (its two byte slots first, as the chip "
        "queues them); a few polls apart",
    87: "a data-port write during a fill: GPGX runs the fill's bytes for the rest of the "
        "line in one go, so the write lands after them; the chip moves one byte a slot, "
        "so the write lands where the fill has got to (hitlab's side, by the hardware "
        "rule, not by a recording)",
}
for n in range(88, 97):
    KNOWN[n] = KNOWN[87]


def gpgx_results():
    scratch = tempfile.mkdtemp(prefix="gpgx-")
    path = os.path.join(scratch, "vdp-ports.md")
    shutil.copy(ROM, path)
    em = retro.RetroEmulator(path)
    data = retro_data.GameData()
    em.configure_data(data)
    frames = 0
    while frames < 120:
        em.step()
        frames += 1
        data.update_ram()
        if data.memory.extract(DONE, ">u2") == MARKER:
            break
    n = data.memory.extract(COUNT, ">u2")
    return frames, [data.memory.extract(RESULTS + 2 * i, ">u2") for i in range(n)]


def hitlab_results():
    run = subprocess.run(
        [EXAMPLE, ROM, f"{DONE:X}", f"{MARKER:X}", f"{COUNT:X}", f"{RESULTS:X}"],
        capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    frames = int(lines[0].split()[1])
    return frames, [int(line.split()[1], 16) for line in lines[1:]]


def main():
    if not os.path.exists(EXAMPLE):
        print("no release build of the genesis_ram example: "
              "cargo build --release -p machine --example genesis_ram")
        return 2
    g_frames, gpgx = gpgx_results()
    h_frames, hitlab = hitlab_results()
    print(f"frames to finish: GPGX {g_frames}, hitlab {h_frames}")
    if len(gpgx) != len(hitlab):
        print(f"DIFFER: result count: GPGX {len(gpgx)}, hitlab {len(hitlab)}")
        return 1
    agree, known, unknown = 0, 0, 0
    for i, (g, h) in enumerate(zip(gpgx, hitlab), start=1):
        if g == h:
            agree += 1
        elif i in KNOWN:
            known += 1
            print(f"differ (known): {i}: GPGX ${g:04X}, hitlab ${h:04X}: {KNOWN[i]}")
        else:
            unknown += 1
            print(f"DIFFER: {i}: GPGX ${g:04X}, hitlab ${h:04X}")
    print(f"{agree} of {len(gpgx)} results agree; {known} known differences; "
          f"{unknown} unexplained")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
