#!/usr/bin/env bash
# Program speed beside the peers, in one run, by CPU time: every MSX test program
# (roms/msx/programs/*.rom) on openMSX and on hitlab, every Genesis test program
# (roms/genesis/programs/*.bin) on Genesis Plus GX (the libretro core PyPI's stable-retro
# ships) and on hitlab, the same image for the same frames; the X16 programs
# (roms/vera/programs/*.prg) on hitlab alone (no peer is set up here), against 200x real
# time.
#
# Each figure is a whole run's CPU time, user + system and user alone. Each program runs
# ROUNDS times (3 by default), the peer and hitlab interleaved so that a slow spell of a
# shared machine falls on both, and the median of each is shown with the rounds' range.
# The MSX programs run MSX_FRAMES frames (36,000 by default: openMSX's CPU time is read from
# /proc in clock ticks, 10 ms here, and 3,600 frames take it only a few ticks):
# - openMSX: headless (`-control stdio`, `set renderer none`, `set throttle off`, `set mute
#   on`) on its C-BIOS_MSX1_JP machine (60 Hz, as hitlab's board), powered on and run for
#   the emulated seconds of FRAMES frames; the process's own CPU time from /proc from power
#   on to the end (its start-up before power-on not counted).
# - Genesis Plus GX: the ROM loaded in stable-retro and stepped FRAMES frames; the Python
#   process's CPU time around the stepping only (getrusage).
# - hitlab: `hitlab compare IMAGE --target msx|genesis|vera --frames FRAMES
#   --give-up-frames 0`, the whole
#   process (start, boot, the board and the harness's per-frame work), from getrusage of
#   the child.
# A peer that is not installed is reported as skipped; hitlab still runs.
#
# Not part of `cargo test`. Usage:
#   apt-get install openmsx cbios; pip install stable-retro
#   cargo build --release -p hitlab
#   tests/crosscheck/program_speed.sh            # FRAMES=3600, MSX_FRAMES=36000, ROUNDS=3
#   FRAMES=600 MSX_FRAMES=6000 ROUNDS=1 tests/crosscheck/program_speed.sh
#   MACHINES=x16 HITLAB=/path/to/other/hitlab tests/crosscheck/program_speed.sh
# MACHINES picks the sections, any of `msx genesis x16` (all three by default).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
FRAMES="${FRAMES:-3600}"
MSX_FRAMES="${MSX_FRAMES:-$((FRAMES * 10))}"
ROUNDS="${ROUNDS:-3}"
MACHINES="${MACHINES:-msx genesis x16}"
HITLAB="${HITLAB:-$ROOT/target/release/hitlab}"
if [[ ! -x "$HITLAB" ]]; then
    echo "no $HITLAB: build it first (cargo build --release -p hitlab)" >&2
    exit 2
fi

echo "# $(date -u '+%F %T') UTC, $(nproc) CPUs, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $FRAMES frames per program ($MSX_FRAMES for the MSX), median of $ROUNDS interleaved rounds;"
echo "# CPU seconds as user+sys (user), the rounds' range of user+sys in brackets, then frames"
echo "# per CPU second (user+sys)"

python3 - "$ROOT" "$FRAMES" "$HITLAB" "$MSX_FRAMES" "$ROUNDS" "$MACHINES" <<'PY'
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT, FRAMES, HITLAB = sys.argv[1], int(sys.argv[2]), sys.argv[3]
MSX_FRAMES, ROUNDS = int(sys.argv[4]), max(1, int(sys.argv[5]))
MACHINES = set(sys.argv[6].split())
TICK = os.sysconf("SC_CLK_TCK")
MSX_FRAME_S = 228 * 262 / 3_579_545
X16_FRAME_HZ = 25_175_000 / (800 * 525)


def programs(sub, ext):
    d = os.path.join(ROOT, "roms", sub, "programs")
    return [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith("." + ext)]


STOPPED = set()  # images whose stop was shown: each is shown once, not every round


def hitlab(image, target, frames):
    """(user + sys, user) CPU seconds of one `hitlab compare` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    # `--give-up-frames 0`: the programs that poll the chip with interrupts off run all
    # their frames instead of stopping at the no-interrupt check.
    run = subprocess.run([HITLAB, "compare", image, "--target", target, "--frames",
                          str(frames), "--give-up-frames", "0"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0 and image not in STOPPED:
        STOPPED.add(image)
        print(f"  hitlab stopped ({run.returncode}): {run.stderr.strip()[:200]}")
    user = after.ru_utime - before.ru_utime
    return user + after.ru_stime - before.ru_stime, user


def proc_times(pid):
    """(user, sys) CPU seconds a running process has used, all threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


def openmsx(rom):
    """(user + sys, user) CPU seconds of openMSX running MSX_FRAMES frames after power-on."""
    p = subprocess.Popen(
        ["openmsx", "-machine", "C-BIOS_MSX1_JP", "-carta", rom, "-control", "stdio"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env=dict(os.environ, SDL_AUDIODRIVER="dummy"))
    buf = ""

    def cmd(c):
        nonlocal buf
        c = c.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        p.stdin.write(f"<command>{c}</command>\n")
        p.stdin.flush()
        while True:
            m = re.search(r'<reply result="(\w+)">(.*?)</reply>', buf, re.S)
            if m:
                buf = buf[m.end():]
                return m.group(2)
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("openMSX ended")
            buf += line

    p.stdin.write("<openmsx-control>\n")
    p.stdin.flush()
    for c in ("set renderer none", "set throttle off", "set mute on"):
        cmd(c)
    cmd(f"after time {MSX_FRAMES * MSX_FRAME_S:.6f} {{debug break}}")
    u0, s0 = proc_times(p.pid)
    cmd("set power on")
    while cmd("debug breaked") != "1":
        time.sleep(0.01)
    u1, s1 = proc_times(p.pid)
    try:
        cmd("exit")
    except RuntimeError:
        pass
    p.wait(timeout=10)
    return (u1 - u0) + (s1 - s0), u1 - u0


def gpgx(image, scratch):
    """(user + sys, user) CPU seconds of Genesis Plus GX stepping FRAMES frames."""
    import stable_retro as retro

    path = os.path.join(scratch, os.path.basename(image).rsplit(".", 1)[0] + ".md")
    shutil.copy(image, path)
    em = retro.RetroEmulator(path)
    before = resource.getrusage(resource.RUSAGE_SELF)
    for _ in range(FRAMES):
        em.step()
    after = resource.getrusage(resource.RUSAGE_SELF)
    del em
    user = after.ru_utime - before.ru_utime
    return user + after.ru_stime - before.ru_stime, user


def rounds(peer_run, ours_run):
    """ROUNDS interleaved runs of the peer (None: not installed) and of hitlab."""
    peers, ours = [], []
    for _ in range(ROUNDS):
        if peer_run is not None:
            peers.append(peer_run())
        ours.append(ours_run())
    return peers, ours


def median(xs):
    xs = sorted(xs)
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def summary(runs):
    """(median user+sys, median user, min user+sys, max user+sys) of some runs."""
    totals = [r[0] for r in runs]
    return median(totals), median([r[1] for r in runs]), min(totals), max(totals)


def figure(s, frames):
    """CPU seconds, user, the range, and frames per CPU second (user+sys)."""
    return (f"{s[0]:6.2f} ({s[1]:5.2f}) [{s[2]:.2f}-{s[3]:.2f}] "
            f"{frames / max(s[0], 0.01):7.0f} f/s")


def show(name, peer_name, peers, ours, frames):
    # A run shorter than the clock tick (a faulting program) reads 0: counted as 0.01 s.
    o = summary(ours)
    line = f"{name:<18} hitlab {figure(o, frames)}"
    if not peers:
        print(f"{line}   {peer_name}: skipped (not installed)")
        return
    p = summary(peers)
    print(f"{line}   {peer_name} {figure(p, frames)}   hitlab faster by "
          f"{p[0] / max(o[0], 0.01):.2f}x ({p[1] / max(o[1], 0.01):.2f}x by user time)")


have_openmsx = shutil.which("openmsx") is not None
try:
    import stable_retro  # noqa: F401
    have_gpgx = True
except ImportError:
    have_gpgx = False

if "msx" in MACHINES:
    print("## MSX, beside openMSX")
for rom in programs("msx", "rom") if "msx" in MACHINES else []:
    peers, ours = rounds(
        (lambda: openmsx(rom)) if have_openmsx else None,
        lambda: hitlab(rom, "msx", MSX_FRAMES))
    show(os.path.basename(rom), "openMSX", peers, ours, MSX_FRAMES)

if "genesis" in MACHINES:
    print("## Genesis, beside Genesis Plus GX")
scratch = tempfile.mkdtemp(prefix="program-speed-")
for image in programs("genesis", "bin") if "genesis" in MACHINES else []:
    peers, ours = rounds(
        (lambda: gpgx(image, scratch)) if have_gpgx else None,
        lambda: hitlab(image, "genesis", FRAMES))
    show(os.path.basename(image), "GPGX", peers, ours, FRAMES)
shutil.rmtree(scratch)

if "x16" in MACHINES:
    print("## X16 (VERA board), against 200x real time")
for prg in programs("vera", "prg") if "x16" in MACHINES else []:
    _, ours = rounds(None, lambda: hitlab(prg, "vera", FRAMES))
    total, user, low, high = summary(ours)
    rate = FRAMES / max(total, 0.01) / X16_FRAME_HZ
    print(f"{os.path.basename(prg):<18} hitlab {figure((total, user, low, high), FRAMES)}   "
          f"{rate:6.0f}x real time (rounds {FRAMES / max(high, 0.01) / X16_FRAME_HZ:.0f}x-"
          f"{FRAMES / max(low, 0.01) / X16_FRAME_HZ:.0f}x)")
PY
