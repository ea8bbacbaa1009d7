#!/usr/bin/env python3
"""Runs the Genesis test programs (roms/genesis/programs/*.bin) on Genesis Plus GX, the
libretro core that PyPI's stable-retro ships, and checks the values the board's tests in
crates/machine/tests/it/genesis_programs.rs assert: the programs' own RAM logs (status words
read by the VINT handler, the V counter where a mid-frame poll sees bit 5, the V counter
of each HINT, the VINTs at which a lagging game DMAs, the Z80 loop's byte, the lines a
68000 DMA holds the 68000 and a fill stays busy), and the programs judged on the lines as
drawn (crates/machine/tests/genesis_lines.rs): the V counter where a poll first sees bit 5
after the sprite table was rewritten on line 100 or the display enabled there, the status
around the switch, and where the VDP is at power-on (the first HV read, the loop count
at the first two VINTs). Stable-retro runs the power-on frame while it loads the game, so
its step k is the board's frame k + 1. It also times
GPGX's frames per second on vint-dma.bin and lag.bin, and right after, in the same run,
hitlab's on the same ROMs, so the speeds are taken under the same load: the program
board headless (the collision-only mode: flags, first lines and sprite view, no
picture) and with its picture, by thread CPU time (`crates/machine/examples/
genesis_speed.rs`), and a whole `hitlab compare IMAGE --target genesis` run (process
start, boot, the board and the harness's per-frame work) by the process's CPU time. A missing release build is reported as skipped.

Not part of `cargo test`. Usage:
    pip install stable-retro
    cargo build --release -p hitlab
    cargo build --release -p machine --example genesis_speed
    python3 tests/crosscheck/gpgx_genesis.py
"""

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import stable_retro as retro
import stable_retro.data as retro_data

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
PROGRAMS = os.path.join(ROOT, "roms", "genesis", "programs")
SCRATCH = tempfile.mkdtemp(prefix="gpgx-")


class Core:
    """One program on GPGX through stable-retro's emulator (the `.md` name picks the core)."""

    def __init__(self):
        self.em = None

    def load(self, name):
        path = os.path.join(SCRATCH, name.replace(".bin", ".md"))
        shutil.copy(os.path.join(PROGRAMS, name), path)
        if self.em is not None:
            del self.em
        self.em = retro.RetroEmulator(path)
        self.data = retro_data.GameData()
        self.em.configure_data(self.data)

    def run(self, frames):
        for _ in range(frames):
            self.em.step()

    def word(self, addr):
        """A big-endian word of 68000 work RAM."""
        self.data.update_ram()
        return self.data.memory.extract(addr, ">u2")


def check(results, what, got, expected):
    ok = got == expected if not callable(expected) else expected(got)
    results.append(ok)
    print(f"{'agree' if ok else 'DIFFER'}: {what}: GPGX {got}")


def hitlab_speed(name, gpgx_fps):
    """Prints hitlab's frames per CPU second on the ROM beside GPGX's: the board (the
    genesis_speed example) and the `compare` command."""
    rom = os.path.join(PROGRAMS, name)
    example = os.path.join(ROOT, "target", "release", "examples", "genesis_speed")
    if os.path.exists(example):
        run = subprocess.run([example, rom], capture_output=True, text=True, check=False)
        for line in run.stdout.splitlines():
            fps = float(line.split(": ")[1].split()[0])
            print(f"hitlab board {name}, {line.split(', ')[1].split(':')[0]}: {fps:.0f} "
                  f"frames per CPU second = {fps / 60:.1f}x real time = "
                  f"{fps / gpgx_fps:.2f}x GPGX's")
    else:
        print(f"skipped: hitlab board {name}: no release build of the genesis_speed example")
    exe = os.path.join(ROOT, "target", "release", "hitlab")
    if not os.path.exists(exe):
        print(f"skipped: hitlab compare {name}: no release build")
        return
    frames = 3000 if name == "lag.bin" else 6000
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(
        [exe, "compare", rom, "--target", "genesis", "--frames", str(frames)],
        cwd=ROOT, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode not in (0, 1):
        print(f"hitlab compare {name}: exit {run.returncode}: {run.stderr.strip()}")
        return
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    fps = frames / cpu
    print(f"hitlab compare {name}: {fps:.0f} frames per CPU second = "
          f"{fps / 60:.1f}x real time = {fps / gpgx_fps:.2f}x GPGX's")


def main():
    core = Core()
    results = []

    core.load("vint-dma.bin")
    core.run(22)
    log = [(core.word(0xFF0200 + 4 * j), core.word(0xFF0202 + 4 * j)) for j in range(20)]
    coll = [j for j, (before, _) in enumerate(log) if before & 0x20]
    check(results, "vint-dma: VINTs whose status read shows bit 5 (hitlab: 15 in a row)",
          coll, lambda c: len(c) == 15 and c == list(range(c[0], c[0] + 15)))
    check(results, "vint-dma: status after the DMA has bit 1 and bit 5 clear",
          sorted({hex(after & 0x22) for _, after in log}), ["0x0"])
    check(results, "vint-dma: status before, bits 7-0 without bit 5 (hitlab $08)",
          sorted({hex(before & 0xDF & 0xFF) for before, _ in log[2:]}), ["0x8"])

    core.load("status-poll.bin")
    core.run(4)
    check(results, "status-poll: V counter where bit 5 first shows (hitlab 104)",
          core.word(0xFF0010), 104)

    core.load("hint.bin")
    core.run(4)
    check(results, "hint: HINTs in a frame (hitlab 4)", core.word(0xFF0030), 4)
    check(results, "hint: V counter in each handler (hitlab 49, 99, 149, 199)",
          [core.word(0xFF0010 + 2 * i) for i in range(4)], [49, 99, 149, 199])

    core.load("lag.bin")
    core.run(30)
    at = [core.word(0xFF0010 + 2 * i) for i in range(10)]
    check(results, "lag: VINTs between DMAs (hitlab 2 each)",
          sorted({b - a for a, b in zip(at, at[1:])}), [2])

    core.load("z80-loop.bin")
    core.run(12)
    log = [core.word(0xFF0010 + 2 * i) for i in range(10)]
    check(results, "z80-loop: byte advance between VINTs mod 256 (hitlab 35 or 36)",
          sorted({(b - a) & 0xFF for a, b in zip(log[1:], log[2:])}),
          lambda d: set(d) <= {35, 36})

    core.load("dma-lines.bin")
    core.run(5)
    check(results, "dma-lines: V counter after the 68000 DMA that held it (hitlab 105)",
          core.word(0xFF0010), 105)
    check(results, "dma-lines: status after the DMA, bits 7-0 (hitlab $A0: F, bit 5)",
          hex(core.word(0xFF0012) & 0xFF), "0xa0")
    check(results, "dma-lines: status right after the fill's data write, bits 7-0 (hitlab $82)",
          hex(core.word(0xFF0016) & 0xFF), "0x82")
    # hitlab's fill starts after its data word has left the FIFO (two byte slots), as
    # the chip queues them; GPGX starts it at the data write, two slots earlier, which
    # here puts its end in the line before hitlab's.
    check(results, "dma-lines: lines the 128-byte fill stays busy (hitlab 9, GPGX 8)",
          core.word(0xFF0018) - core.word(0xFF0014), lambda d: d in (8, 9))
    print(f"info: dma-lines: busy polls GPGX {core.word(0xFF001A)} (hitlab 97-100)")
    check(results, "dma-lines: lines 64 back-to-back VRAM writes take (hitlab 7 or 8)",
          core.word(0xFF001E) - core.word(0xFF001C), lambda d: d in (7, 8))
    print(f"info: dma-lines: burst V {core.word(0xFF001C)} -> {core.word(0xFF001E)}")

    core.load("sprites-mid.bin")
    core.run(5)
    check(results, "sprites-mid: V where bit 5 shows after the table changes on line 100, "
          "5 frames (hitlab 154 each)",
          [core.word(0xFF0010 + 2 * i) for i in range(5)], [154] * 5)

    core.load("display-mid.bin")
    core.run(5)
    check(results, "display-mid: V where bit 5 shows with the display on from line 100, "
          "5 frames (hitlab 154 each)",
          [core.word(0xFF0010 + 2 * i) for i in range(5)], [154] * 5)
    check(results, "display-mid: status bits 7-0 before and after the display goes on "
          "(hitlab $88, $80)",
          [hex(core.word(0xFF0040) & 0xFF), hex(core.word(0xFF0042) & 0xFF)],
          ["0x88", "0x80"])

    core.load("power-on.bin")
    core.run(2)
    first_hv = core.word(0xFF0010)
    check(results, "power-on: V counter of the first HV read (hitlab $9F)",
          hex(first_hv >> 8), "0x9f")
    print(f"info: power-on: first HV word GPGX ${first_hv:04X} (hitlab's H byte counts "
          "from the line's start)")
    count_1, count_2 = core.word(0xFF0100), core.word(0xFF0108)
    check(results, "power-on: loop count at the first VINT (hitlab within 12 of GPGX)",
          count_1, lambda c: abs(c - 1141) <= 12)
    check(results, "power-on: loop passes between the first two VINTs (hitlab 9,123 +- 2)",
          count_2 - count_1, lambda d: abs(d - 9123) <= 2)
    check(results, "power-on: V and status bits 7-0 read at the first VINT (hitlab $E0, $08)",
          [hex(core.word(0xFF0102) >> 8), hex(core.word(0xFF0104) & 0xFF)], ["0xe0", "0x8"])
    print(f"info: power-on: counts GPGX {count_1}, {count_2}")

    for name in ("vint-dma.bin", "lag.bin"):
        core.load(name)
        start = time.process_time()
        frames = 0
        while time.process_time() - start < 1.0:
            core.run(10)
            frames += 10
        fps = frames / (time.process_time() - start)
        print(f"GPGX {name}: {fps:.0f} frames per CPU second = {fps / 60:.1f}x real time")
        hitlab_speed(name, fps)

    print(f"{sum(results)} of {len(results)} agree")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
