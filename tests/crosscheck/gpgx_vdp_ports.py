#!/usr/bin/env python3
"""Runs a VDP port test program (roms/genesis/programs/vdp-ports.bin, or vdp-prefetch.bin
with `--rom vdp-prefetch`) on Genesis Plus GX (the libretro core that PyPI's stable-retro
ships) and on hitlab's program board, and compares every result word the program writes
(one per check, from $FF0100; how many at $FF0082; $600D at $FF0080 when done). hitlab's
side comes from the genesis_ram example (crates/machine/examples/genesis_ram.rs). Each
result that differs is printed with the reason known for it and which side the hardware
takes (KNOWN below); any other difference fails the run.

`--record` writes GPGX's results to tests/crosscheck/gpgx_<rom>.txt, the recorded run
the tests in crates/machine/tests/it/ compare against (one `number word` line each).

Not part of `cargo test`. Usage:
    pip install stable-retro
    cargo build --release -p machine --example genesis_ram
    python3 tests/crosscheck/gpgx_vdp_ports.py [--rom vdp-ports|vdp-prefetch] [--record]
"""

import os
import shutil
import subprocess
import sys
import tempfile
from importlib.metadata import version

import stable_retro as retro
import stable_retro.data as retro_data

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PROGRAMS = os.path.join(ROOT, "roms", "genesis", "programs")
EXAMPLE = os.path.join(ROOT, "target", "release", "examples", "genesis_ram")
DONE, MARKER, COUNT, RESULTS = 0xFF0080, 0x600D, 0xFF0082, 0xFF0100

# Results (1-based, as numbered in vdp-ports.s) where the two are known to differ, and why.
KNOWN_PORTS = {
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
    KNOWN_PORTS[n] = KNOWN_PORTS[87]

# The same for vdp-prefetch.s. Its times are HV words read before and after the accesses
# under test (PAIRS): the raw words differ (the V counter increments at H $A5 on GPGX, at
# H $00 on hitlab, and the program's phase in the line differs), so the H steps between
# each pair are printed too.
READ_AHEAD = (
    "the read-ahead: a data-port read returns the word the VDP fetched at its access slots "
    "after the read command or the previous read (two slots for a VRAM word), behind any "
    "words waiting in the write FIFO, and the 68000 waits for it (ares "
    "`VDP::readDataPort`, `VDP::Prefetch::run`, `VDP::slot`: the FIFO has the slots "
    "first); GPGX `vdp_68k_data_r_m5` reads memory at once: hitlab's side is the "
    "hardware's")
KNOWN_PREFETCH = {
    2: "HV before a read right after its command: " + READ_AHEAD,
    3: "HV after it: as 2",
    8: "HV before four reads back to back: as 2",
    9: "HV after them: as 2",
    14: "HV before four writes and a read behind them: as 2",
    15: "HV after the read: as 2",
    17: "HV before a read command, a data-port write and the read: as 2 (the write's two "
        "slots come before the fetch's)",
    18: "HV after the read: as 17",
    19: "status right after a 68000 DMA of 2 words behind 4 FIFO words: bit 1 (clear) and "
        "bit 9 (FIFO not empty) agree; bit 8 differs: GPGX $0000 (its transfer does not "
        "wait for the FIFO), hitlab $0100 (full): the console lets the 68000 go when the "
        "DMA's last word enters the FIFO (ares `VDP::DMA::run` loads a word while the FIFO "
        "is not full; `VDP::DMA::load`'s last word calls `VDP::DMA::synchronize`), which "
        "it fills again (the last two of the four and the DMA's two), and the status read "
        "comes before the next word is out: hitlab's side is the console's",
    20: "HV before the 4 writes and the DMA: GPGX holds the 68000 for the DMA's 4 slots "
        "from its command; hitlab, as the console (19), until the DMA's last word enters "
        "the FIFO, when the second of the four is out (the fourth slot after the first "
        "write): hitlab's side is the console's",
    21: "HV after the DMA: as 20",
    27: "polls of bit 1 through a 4-byte fill whose data word is the FIFO's fourth: GPGX "
        "starts the fill at the data word, hitlab when the FIFO is empty (ares "
        "`VDP::DMA::run`: a fill waits for `fifo.empty()`): hitlab's side is the "
        "console's",
    28: "HV before the writes and the fill: as 27",
    29: "HV after the fill: as 27",
}
PAIRS = {"vdp-ports": [(84, 85)], "vdp-prefetch": [(2, 3), (8, 9), (14, 15), (17, 18),
                                                   (20, 21), (28, 29)]}


def h40_steps(before, after):
    """H40 H counter steps from HV word `before` to `after` (less than a line apart)."""
    def index(hv):
        h = hv & 0xFF
        return h if h <= 0xB6 else h - 0xE4 + 0xB7
    return (index(after) - index(before)) % 211

KNOWN = {"vdp-ports": KNOWN_PORTS, "vdp-prefetch": KNOWN_PREFETCH}


def gpgx_results(rom):
    scratch = tempfile.mkdtemp(prefix="gpgx-")
    path = os.path.join(scratch, "program.md")
    shutil.copy(rom, path)
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


def hitlab_results(rom):
    run = subprocess.run(
        [EXAMPLE, rom, f"{DONE:X}", f"{MARKER:X}", f"{COUNT:X}", f"{RESULTS:X}"],
        capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    frames = int(lines[0].split()[1])
    return frames, [int(line.split()[1], 16) for line in lines[1:]]


def record(name, frames, results):
    file = f"gpgx_{name.replace('-', '_')}.txt"
    path = os.path.normpath(os.path.join(ROOT, "tests", "crosscheck", file))
    with open(path, "w") as out:
        out.write(f"# {name}.bin on Genesis Plus GX (stable-retro {version('stable-retro')}), written by "
                  f"gpgx_vdp_ports.py --record: {frames} frames, {len(results)} results\n")
        for i, word in enumerate(results, start=1):
            out.write(f"{i} {word:04X}\n")
    print(f"recorded {path}")


def main():
    args = sys.argv[1:]
    name = "vdp-ports"
    if "--rom" in args:
        name = args[args.index("--rom") + 1]
    if name not in KNOWN:
        print(f"unknown program {name}: one of {', '.join(KNOWN)}")
        return 2
    rom = os.path.join(PROGRAMS, f"{name}.bin")
    known_diffs = KNOWN[name]
    if "--record" in args:
        record(name, *gpgx_results(rom))
    if not os.path.exists(EXAMPLE):
        print("no release build of the genesis_ram example: "
              "cargo build --release -p machine --example genesis_ram")
        return 2
    g_frames, gpgx = gpgx_results(rom)
    h_frames, hitlab = hitlab_results(rom)
    print(f"frames to finish: GPGX {g_frames}, hitlab {h_frames}")
    if len(gpgx) != len(hitlab):
        print(f"DIFFER: result count: GPGX {len(gpgx)}, hitlab {len(hitlab)}")
        return 1
    agree, known, unknown = 0, 0, 0
    for i, (g, h) in enumerate(zip(gpgx, hitlab), start=1):
        if g == h:
            agree += 1
        elif i in known_diffs:
            known += 1
            print(f"differ (known): {i}: GPGX ${g:04X}, hitlab ${h:04X}: {known_diffs[i]}")
        else:
            unknown += 1
            print(f"DIFFER: {i}: GPGX ${g:04X}, hitlab ${h:04X}")
    for first, second in PAIRS[name]:
        g_steps = h40_steps(gpgx[first - 1], gpgx[second - 1])
        h_steps = h40_steps(hitlab[first - 1], hitlab[second - 1])
        print(f"H steps from result {first} to {second}: GPGX {g_steps}, hitlab {h_steps}")
    print(f"{agree} of {len(gpgx)} results agree; {known} known differences; "
          f"{unknown} unexplained")
    return 1 if unknown else 0


if __name__ == "__main__":
    sys.exit(main())
