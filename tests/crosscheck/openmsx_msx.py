#!/usr/bin/env python3
"""Runs the MSX test programs (roms/msx/programs/*.rom) on openMSX with C-BIOS and compares
what the chip showed with `hitlab compare ... --trace` on the same ROMs; then times both.

openMSX runs headless (`-control stdio`, `set renderer none`, `set throttle off`) on its
`C-BIOS_MSX1_JP` machine: C-BIOS with a 60 Hz TMS9918A-family VDP (TMS99X8A), as hitlab's
board (the plain `C-BIOS_MSX1` machine has the 50 Hz TMS9929A). Its BIOS image is C-BIOS's
Japanese main ROM, not the international one hitlab boots, so the two start the
cartridge on different frames; the comparison is therefore per program frame (keyed by
what the program shows or counts), not per emulator frame. openMSX is stopped with a
breakpoint at a label of each program (from its `pasmo --public` symbol file) and read
with its Tcl debug commands (`reg`, `debug read memory`, `debug read VRAM`):

- mover.rom, mega.rom: at the frame hook (`timi`): the S#0 the BIOS passed in A and
  sprite 0's X in the attribute table as the display just ended showed it; hitlab: per frame `status` and sprite 0's x. Compared: S#0 for every X.
- s0poll.rom: at `vblank`: the program's record of the display just ended (M, the poll
  turn of the first C and 5S reads and the S#0 they read); hitlab: the same turns, caught
  with OnPc watches on `seen_c` / `seen_5s` reading DE, and S#0 from the trace.
- rewrite.rom, midon.rom (the chip read line by line: a sprite rewritten in display line
  107, the display enabled in line 59): at `frame_end`, the bits 7-5 of S#0 the poll loop
  saw from the mid-frame write to F (register A) and the poll turn of the first read
  with C (rewrite) or 5S (midon) after the write; hitlab: the same through OnPc watches
  (A at `frame_end`, the turn's low byte at `mid_write`, before the program clears it).
  Compared: the flags seen in every display, and the turns within 2 (a turn is 51
  T-states; openMSX raises F 34 T-states into its line, hitlab at the line's start).
- lag.rom: at `timi`: the emulated time of each hook call, from which the vertical blanks
  that came while a call ran (the frames before them lag); hitlab: the trace's lag
  frames. Compared: the lag frames in the 100 frames from the first hook call.

Then each ROM's unthrottled frames per second: openMSX running 60 emulated seconds, and
`hitlab compare ROM --target msx --frames 3595` (the same 60 s; release build if
present), wall and CPU time of each process.

Not part of `cargo test`. Usage (Debian):
    apt-get install openmsx cbios
    cargo build --release -p hitlab     # or a debug build: target/debug/hitlab
    python3 tests/crosscheck/openmsx_msx.py
"""

import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PROGRAMS = os.path.join(ROOT, "roms", "msx", "programs")
MACHINE = "C-BIOS_MSX1_JP"
FRAME_S = 228 * 262 / 3_579_545
SCRATCH = tempfile.mkdtemp(prefix="openmsx-")


def hitlab_binary():
    for build in ("release", "debug"):
        p = os.path.join(ROOT, "target", build, "hitlab")
        if os.path.exists(p):
            return p
    sys.exit("build hitlab first: cargo build --release -p hitlab")


def symbols(path):
    """`pasmo --public` lines: `label EQU 04010H`."""
    out = {}
    with open(os.path.join(PROGRAMS, path)) as f:
        for line in f:
            m = re.match(r"(\w+)\s+EQU\s+0*([0-9A-F]+)H", line.strip())
            if m:
                out[m.group(1)] = int(m.group(2), 16)
    return out


class OpenMsx:
    """openMSX under its XML control protocol on stdin/stdout."""

    def __init__(self, rom):
        env = dict(os.environ, SDL_AUDIODRIVER="dummy")
        self.p = subprocess.Popen(
            ["openmsx", "-machine", MACHINE, "-carta", rom, "-control", "stdio"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, env=env)
        self.buf = ""
        self.p.stdin.write("<openmsx-control>\n")
        self.p.stdin.flush()
        for c in ("set renderer none", "set throttle off", "set mute on"):
            self.cmd(c)

    def cmd(self, c):
        c = c.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.p.stdin.write(f"<command>{c}</command>\n")
        self.p.stdin.flush()
        while True:
            m = re.search(r'<reply result="(\w+)">(.*?)</reply>', self.buf, re.S)
            if m:
                self.buf = self.buf[m.end():]
                if m.group(1) != "ok":
                    raise RuntimeError(f"{c}: {m.group(2)}")
                return m.group(2)
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("openMSX ended")
            self.buf += line

    def power_on(self):
        self.cmd("set power on")

    def run_to_break(self):
        self.cmd("debug cont")
        while self.cmd("debug breaked") != "1":
            pass

    def mem(self, addr):
        return int(self.cmd(f"debug read memory {addr}"))

    def word(self, addr):
        return self.mem(addr) | self.mem(addr + 1) << 8

    def vram(self, addr):
        return int(self.cmd(f"debug read VRAM {addr}"))

    def reg(self, name):
        return int(self.cmd(f"reg {name}"))

    def close(self):
        try:
            self.cmd("exit")
        except RuntimeError:
            pass
        self.p.wait(timeout=10)


def hitlab_trace(target, frames, extra=()):
    trace = os.path.join(SCRATCH, "trace.jsonl")
    subprocess.run([hitlab_binary(), "compare", target, *extra, "--frames", str(frames),
                    "--trace", trace], check=False, stdout=subprocess.DEVNULL)
    with open(trace) as f:
        return [json.loads(line) for line in f]


def sprite(frame, n):
    for s in frame["sprites"]:
        if s["n"] == n:
            return s
    return None


results = []


def check(what, ok, detail):
    results.append(ok)
    print(f"{'agree' if ok else 'DIFFER'}: {what}: {detail}")


def compare_s0poll():
    sym = symbols("s0poll.sym")
    emu = OpenMsx(os.path.join(PROGRAMS, "s0poll.rom"))
    emu.cmd(f"debug set_bp {sym['vblank']}")
    emu.power_on()
    om = {}
    for k in range(70):
        emu.run_to_break()
        if k < 2:  # the poll's first displays: started in the middle of one
            continue
        # At `vblank` the record of the display just ended is still in C_AT.. and its M
        # in CUR_M (the copy to LAST comes next).
        rec = (emu.word(sym["C_AT"]), emu.word(sym["S5_AT"]), emu.mem(sym["C_S0"]),
               emu.mem(sym["S5_S0"]))
        if rec[1]:  # the first, partial display (the poll started in it) has no 5S read
            om.setdefault(emu.mem(sym["CUR_M"]), []).append(rec)
    emu.close()
    # hitlab: the same reads, caught by OnPc watches reading DE (the poll turn). The poll
    # reads frame k + 1's display in the call the harness files under frame k, so the M of
    # record k's reads is that of record k + 1's sprite 0 (on lines 100 + M).
    prog = os.path.join(SCRATCH, "s0poll.prg.ron")
    with open(prog, "w") as f:
        f.write(f"""Program(version: 1, image: "{os.path.join(PROGRAMS, 's0poll.rom')}",
            target: "msx", frames: 260,
            symbols: Some((file: "{os.path.join(PROGRAMS, 's0poll.sym')}")),
            watches: [OnPc(label: "seen_c", object: Reg("DE")),
                      OnPc(label: "seen_5s", object: Reg("DE"))])""")
    hl = {}
    trace = hitlab_trace(prog, 260)
    for f, after in zip(trace, trace[1:]):
        s0 = sprite(after, 0)
        c = [d["sprites"] for d in f["decisions"] if d["name"] == "seen_c"]
        s5 = [d["sprites"] for d in f["decisions"] if d["name"] == "seen_5s"]
        if s0 and c and s5 and s5[0]:
            m = s0["y"] - 100
            hl.setdefault(m, []).append((min(c[0]) if c[0] else 0, min(s5[0])))
    # A poll turn is 69 T-states, a line 228: hitlab raises a flag at the end of its line's
    # CPU time, so it is read up to a line and a half (5 turns) later than on openMSX.
    for m in (0, 5, 15, 16, 31):
        o = sorted({(r[0], r[1]) for r in om.get(m, [])})
        h = sorted(set(hl.get(m, [])))
        near = bool(o and h) and all(
            (a[0] == 0) == (b[0] == 0) and abs(a[0] - b[0]) <= 5 and abs(a[1] - b[1]) <= 5
            for a in o for b in h)
        check(f"s0poll.rom M={m}: poll turns of the first C and 5S reads, within 5 turns",
              near, f"C: openMSX {sorted({r[0] for r in o})}, hitlab "
                    f"{sorted({r[0] for r in h})}; 5S: openMSX {sorted({r[1] for r in o})}, "
                    f"hitlab {sorted({r[1] for r in h})}")
    c_s0 = sorted({r[2] for m in range(16) for r in om.get(m, [])})
    s5_s0 = sorted({r[3] for rs in om.values() for r in rs})
    check("s0poll.rom: S#0 read with 5S", s5_s0 == [0x46], f"openMSX {[hex(v) for v in s5_s0]}")
    check("s0poll.rom: S#0 read with C (hitlab 0x27: C, FS = 7, the terminator's entry)",
          c_s0 == [0x27], f"openMSX {[hex(v) for v in c_s0]}")


def compare_lines(rom, sym_file, turn_label, displays):
    """The flags a poll loop saw after a mid-frame change, and the turn it first saw the
    change's flag, per display, on both."""
    sym = symbols(sym_file)
    emu = OpenMsx(os.path.join(PROGRAMS, rom))
    emu.cmd(f"debug set_bp {sym['frame_end']}")
    emu.power_on()
    om_seen, om_turn = [], []
    for k in range(displays + 3):
        emu.run_to_break()
        if k >= 3:  # the first displays: the poll started in the middle of one
            om_seen.append(emu.reg("a") & 0xE0)
            om_turn.append(emu.word(sym[turn_label]))
    emu.close()
    prog = os.path.join(SCRATCH, rom + ".prg.ron")
    with open(prog, "w") as f:
        f.write(f"""Program(version: 1, image: "{os.path.join(PROGRAMS, rom)}",
            target: "msx", frames: {displays + 200},
            symbols: Some((file: "{os.path.join(PROGRAMS, sym_file)}")),
            watches: [OnPc(label: "frame_end", object: Reg("A")),
                      OnPc(label: "mid_write", object: Mem("{turn_label}"))])""")
    hl_seen, hl_turn = [], []
    for f in hitlab_trace(prog, displays + 200):
        for d in f["decisions"]:
            if d["name"] == "frame_end" and d["sprites"]:
                hl_seen.append(d["sprites"][0] & 0xE0)
            if d["name"] == "mid_write" and d["sprites"]:
                hl_turn.append(d["sprites"][0])
    # hitlab's first records: the displays before the program's own first full one.
    hl_seen, hl_turn = hl_seen[3:3 + displays], hl_turn[4:4 + displays]
    check(f"{rom}: S#0 bits 7-5 the poll saw in each of {displays} displays",
          set(om_seen) == set(hl_seen) and len(set(om_seen)) == 1,
          f"openMSX {sorted({hex(v) for v in om_seen})}, hitlab {sorted({hex(v) for v in hl_seen})}")
    near = bool(om_turn and hl_turn) and all(
        abs(a - b) <= 2 for a in set(om_turn) for b in set(hl_turn))
    check(f"{rom}: poll turn of the first {turn_label[:-3]} read after the write, within 2",
          near, f"openMSX {sorted(set(om_turn))}, hitlab {sorted(set(hl_turn))}")


def compare_lag():
    sym = symbols("lag.sym")
    emu = OpenMsx(os.path.join(PROGRAMS, "lag.rom"))
    emu.cmd(f"debug set_bp {sym['timi']}")
    emu.power_on()
    times = []
    for _ in range(81):
        emu.run_to_break()
        times.append(float(emu.cmd("machine_info time")))
    emu.close()
    # openMSX: a vertical blank that comes while a hook call runs (between its start and
    # the next call's, which follows the return at once when it is late) makes the frame
    # before it lag, as hitlab defines lag; frames counted from the first call's.
    at = [(t - times[0]) / FRAME_S for t in times]
    om_lag = sorted({v - 1 for a, b in zip(at, at[1:]) if b - a > 1.5
                     for v in range(int(a + 0.5) + 1, int(b + 0.5)) if v - 1 < 100})
    hl = hitlab_trace(os.path.join(PROGRAMS, "lag.rom"), 400, ("--target", "msx"))
    # hitlab's first hook call comes in the call filed under frame 139 (docs: the mover's
    # frame 139 + n shows call n); its lag frames from there.
    first = 139
    hl_lag = [k - first for k, f in enumerate(hl) if f["lag"] and first <= k < first + 101]
    check("lag.rom: lag frames in the 100 frames from the hook's first call",
          om_lag == hl_lag, f"openMSX {om_lag}, hitlab {hl_lag}")
    gaps = [round(b - a, 2) for a, b in zip(at, at[1:])][:8]
    print(f"       openMSX frames between hook calls: {gaps}")


def child_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def proc_cpu(pid):
    """CPU seconds (user + system, all threads) a running process has used."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def speed(rom):
    """Frames per second, by wall clock and by CPU time, of openMSX (60 emulated seconds
    after power-on) and of `hitlab compare` on the same number of frames."""
    seconds = 60
    frames = round(seconds / FRAME_S)
    emu = OpenMsx(os.path.join(PROGRAMS, rom))
    emu.cmd(f"after time {seconds} {{debug break}}")
    cpu0, t = proc_cpu(emu.p.pid), time.time()
    emu.power_on()
    while emu.cmd("debug breaked") != "1":
        time.sleep(0.01)
    om_wall, om_cpu = time.time() - t, proc_cpu(emu.p.pid) - cpu0
    emu.close()
    cpu0, t = child_cpu(), time.time()
    subprocess.run([hitlab_binary(), "compare", os.path.join(PROGRAMS, rom), "--target", "msx",
                    "--frames", str(frames)], stdout=subprocess.DEVNULL, check=False)
    hl_wall, hl_cpu = time.time() - t, child_cpu() - cpu0
    print(f"speed {rom}, {frames} frames: openMSX {frames / om_wall:,.0f} frames/s wall, "
          f"{frames / om_cpu:,.0f} per CPU second; hitlab compare {frames / hl_wall:,.0f} "
          f"frames/s wall, {frames / hl_cpu:,.0f} per CPU second; hitlab/openMSX by CPU "
          f"time {om_cpu / hl_cpu:.2f}x")


def main():
    compare_hooked("mover.rom", "mover.sym", 330)
    compare_hooked("mega.rom", "mega.sym", 200)
    compare_s0poll()
    compare_lines("rewrite.rom", "rewrite.sym", "C_AT", 60)
    compare_lines("midon.rom", "midon.sym", "S5_AT", 60)
    compare_lag()
    if "--no-speed" not in sys.argv:
        for rom in ("mover.rom", "lag.rom", "s0poll.rom", "rewrite.rom", "midon.rom"):
            speed(rom)
    print(f"{sum(results)} of {len(results)} compared values agree")
    return 0 if all(results) else 1


def compare_hooked(rom, sym, frames):
    """S#0 per sprite-0 X: the S#0 the BIOS passed openMSX's hook in A, with the X the
    display before it showed, against hitlab's per-frame status and sprite 0's x."""
    labels = symbols(sym)
    om = {}
    emu = OpenMsx(os.path.join(PROGRAMS, rom))
    emu.cmd(f"debug set_bp {labels['timi']}")
    emu.power_on()
    for k in range(frames):
        emu.run_to_break()
        if k >= 2:
            om.setdefault(emu.vram(0x1B01), set()).add(emu.reg("a"))
    emu.close()
    hl = {}
    for f in hitlab_trace(os.path.join(PROGRAMS, rom), frames + 200, ("--target", "msx")):
        s0, s1 = sprite(f, 0), sprite(f, 1)
        if s0 and s1 and s1["x"] == 100 and s1["y"] == 100 and s0["y"] == 100:
            hl.setdefault(s0["x"], set()).add(f["status"])
    common = sorted(set(om) & set(hl))
    c_om = sorted(x for x in common if any(s & 0x20 for s in om[x]))
    c_hl = sorted(x for x in common if any(s & 0x20 for s in hl[x]))
    check(f"{rom}: sprite 0 X values whose display set C ({len(common)} X compared)",
          c_om == c_hl, f"openMSX {c_om[:1]}..{c_om[-1:]} ({len(c_om)}), "
                        f"hitlab {c_hl[:1]}..{c_hl[-1:]} ({len(c_hl)})")
    diff = [(x, sorted(om[x]), sorted(hl[x])) for x in common if om[x] != hl[x]]
    check(f"{rom}: whole S#0 per X", not diff,
          f"{len(common) - len(diff)} of {len(common)} equal; first differences "
          f"(X, openMSX, hitlab): {diff[:4]}")


if __name__ == "__main__":
    sys.exit(main())
