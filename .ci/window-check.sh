#!/usr/bin/env bash
# The real window against the headless renderer: plays scenes in `hitlab run` under Xvfb
# until `--exit-after`, captures the window while it holds its last frame, and checks the
# capture equals `hitlab shot` of the frame the run says it presented, pixel for pixel.
# With overlays the whole window (frame, overlays, panel) is compared; without, the frame
# (the window's top-left corner) against the chip's palette-exact frame.
#
# Needs Xvfb, xwininfo (x11-utils), import/compare/identify (imagemagick) and the X
# libraries minifb loads at run time (libX11, libXcursor); `.ci/run` installs them.
# Usage: .ci/window-check.sh [path/to/hitlab]   (default: target/release/hitlab)
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${1:-target/release/hitlab}
HOLD_MS=3000

for tool in Xvfb xwininfo import compare identify; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "window check: $tool is missing (install xvfb, x11-utils, imagemagick)" >&2
        exit 1
    fi
done
[ -x "$BIN" ] || { echo "window check: $BIN is not built" >&2; exit 1; }

WORK=$(mktemp -d)
XVFB_PID=""
cleanup() {
    if [ -n "$XVFB_PID" ]; then
        kill "$XVFB_PID" 2>/dev/null || true
        wait "$XVFB_PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT

# start_xvfb SIZE: an Xvfb with one screen of SIZE (WxHxDEPTH) on a display number it
# picks itself (so a busy :99 cannot get in the way), as DISPLAY.
start_xvfb() {
    cleanup
    XVFB_PID=""
    rm -f "$WORK/display"
    exec 3>"$WORK/display"
    Xvfb -displayfd 3 -screen 0 "$1" -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
    XVFB_PID=$!
    exec 3>&-
    for _ in $(seq 100); do
        [ -s "$WORK/display" ] && break
        sleep 0.1
    done
    [ -s "$WORK/display" ] || { echo "window check: Xvfb did not start:" >&2; cat "$WORK/xvfb.log" >&2; exit 1; }
    export DISPLAY=":$(head -n1 "$WORK/display")"
    unset WAYLAND_DISPLAY
    echo "window check: Xvfb $1 on $DISPLAY"
}
unset HITLAB_DISPLAY
start_xvfb 1920x1080x24

failures=0

# The first "presented frame" line hitlab prints to OUT, waiting up to 30 s while PID
# runs; empty when it ends or the time runs out without one.
first_frame() {
    local out=$1 pid=$2 line=""
    for _ in $(seq 300); do
        line=$(grep -m1 "presented frame" "$out" || true)
        [ -n "$line" ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "$line"
}

# check SCENE FRAMES MODE: MODE is `overlays` or `plain`.
check() {
    local scene=$1 frames=$2 mode=$3
    local tag; tag="$(basename "$scene" .ron)-$mode"
    local out="$WORK/$tag.out" cap="$WORK/$tag-window.png" shot="$WORK/$tag-shot.png"
    local run_flags=() shot_flags=()
    if [ "$mode" = plain ]; then run_flags=(--no-overlays); else shot_flags=(--overlays); fi

    local pid line="" attempt
    # A loaded Xvfb can refuse one connection: hitlab then says so and plays headless,
    # which is its documented fallback, not what this check is about; try once more.
    for attempt in 1 2; do
        "$BIN" run "$scene" --exit-after "$frames" --hold-ms "$HOLD_MS" --scale 1 "${run_flags[@]}" >"$out" 2>&1 &
        pid=$!
        line=$(first_frame "$out" "$pid")
        [ -n "$line" ] && break
        wait "$pid" || true
        grep -q "XOpenDisplay failed" "$out" || break
        echo "     $tag: the X server refused the window (attempt $attempt)"
    done
    if [ -z "$line" ]; then
        echo "FAIL $tag: the window never said which frame it presented; its output:"
        cat "$out"
        failures=$((failures + 1))
        wait "$pid" || true
        return
    fi
    local frame; frame=$(sed -E 's/.*presented frame ([0-9]+).*/\1/' <<<"$line")
    # Let the frame reach the server (the window keeps presenting it while it holds).
    sleep 0.5
    local id; id=$(xwininfo -root -children | awk '/"hitlab: /{print $1; exit}')
    if [ -z "$id" ]; then
        echo "FAIL $tag: no hitlab window on $DISPLAY"
        failures=$((failures + 1))
        wait "$pid" || true
        return
    fi
    local win_size; win_size=$(xwininfo -id "$id" | awk '/Width:/{w=$2} /Height:/{h=$2} END{print w "x" h}')

    "$BIN" shot "$scene" --frame "$frame" --scale 1 "${shot_flags[@]}" -o "$shot" >/dev/null
    local size; size=$(identify -format "%wx%h" "$shot")
    import -window "$id" -crop "${size}+0+0" +repage "$cap"
    local rc=0
    wait "$pid" || rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL $tag: hitlab run exited $rc; its output:"
        cat "$out"
        failures=$((failures + 1))
        return
    fi
    if [ "$mode" = overlays ] && [ "$win_size" != "$size" ]; then
        echo "FAIL $tag: the window is $win_size, hitlab shot --overlays is $size"
        failures=$((failures + 1))
        return
    fi
    local cap_size; cap_size=$(identify -format "%wx%h" "$cap")
    local diff=""
    diff=$(compare -metric AE "$cap" "$shot" "$WORK/$tag-diff.png" 2>&1) || true
    if [ "$cap_size" = "$size" ] && [ "$diff" = "0" ]; then
        echo "ok   $tag: frame $frame, the ${size} window capture equals hitlab shot"
    else
        echo "FAIL $tag: frame $frame: capture $cap_size vs shot $size, $diff pixels differ"
        echo "     window: $cap; shot: $shot; differences in red: $WORK/$tag-diff.png"
        failures=$((failures + 1))
    fi
}

check scenes/msx/bands.ron 90 overlays
check scenes/msx/bands.ron 45 plain
check scenes/vera/rings.ron 75 overlays
check scenes/vera/rings.ron 40 plain
check scenes/genesis/shmup.ron 60 overlays
check scenes/vectrex/labyrinth.ron 50 plain
# Whole programs: the MSX mover while its sprites overlap, the Genesis vint-dma program.
check tests/msx_mover.prg.ron 240 overlays
check tests/genesis_vint_dma.prg.ron 10 plain

# fits SCENE SCREEN SIZE: with no --scale the window is fitted to the screen the X server
# reports: it is SIZE (worked out by hand in crates/hitlab/src/play.rs's
# every_scene_fits_a_1024x768_display_with_its_panel and every_scene_grows_on_a_1920x1080_display;
# the panel included), and fits the screen.
fits() {
    local scene=$1 screen=$2 want=$3
    local tag; tag="fit-$(basename "$scene" .ron)-$screen"
    local out="$WORK/$tag.out"
    local pid line id win_size rc attempt
    # As in check: a loaded Xvfb can refuse one connection; try again.
    for attempt in 1 2 3; do
        "$BIN" run "$scene" --exit-after 5 --hold-ms 1500 >"$out" 2>&1 &
        pid=$!
        line=$(first_frame "$out" "$pid")
        id=$(xwininfo -root -children | awk '/"hitlab: /{print $1; exit}')
        win_size=""
        [ -n "$id" ] && win_size=$(xwininfo -id "$id" | awk '/Width:/{w=$2} /Height:/{h=$2} END{print w "x" h}')
        rc=0
        wait "$pid" || rc=$?
        grep -q "XOpenDisplay failed" "$out" || break
        echo "     $tag: the X server refused the window (attempt $attempt)"
    done
    local said; said=$(grep -c "fitting the window to a $screen display (the X screen)" "$out" || true)
    local w=${win_size%x*} h=${win_size#*x} sw=${screen%x*} sh=${screen#*x}
    if [ "$rc" -eq 0 ] && [ "$said" = 1 ] && [ "$win_size" = "$want" ] && [ "$w" -le "$sw" ] && [ "$h" -le "$sh" ]; then
        echo "ok   $tag: the window is $win_size on the ${screen} screen"
    else
        echo "FAIL $tag: exit $rc, window ${win_size:-none} (want $want on $screen); its output:"
        cat "$out"
        failures=$((failures + 1))
    fi
}

start_xvfb 1024x768x24
fits scenes/genesis/shmup.ron 1024x768 972x448
fits scenes/vera/rings.ron 1024x768 972x480
fits scenes/vectrex/labyrinth.ron 1024x768 852x646
start_xvfb 1920x1080x24
fits scenes/genesis/shmup.ron 1920x1080 1612x896
fits scenes/vera/rings.ron 1920x1080 1612x960
fits scenes/msx/fifth.ron 1920x1080 1356x768

if [ "$failures" -gt 0 ]; then
    echo "window check: $failures failed (files kept in $WORK)"
    exit 1
fi
rm -rf "$WORK"
echo "window check: passed"
