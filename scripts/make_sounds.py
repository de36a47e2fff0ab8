"""Synthesise the board game's sound effects into wordbler/ui/boardgame/sounds/.

Pure Python (``wave`` + ``math``), no samples from anywhere: the sounds are made from sine
waves and a seeded noise burst, so they are ours (same licence as the rest of Wordbler) and
the script makes the same bytes every time.  16-bit mono WAV at 48,000 Hz (the rate Qt
recommends for QSoundEffect: many Windows audio devices take only 48 kHz, and a sample at
another rate then gets a stream of its own or none), each under 40 KB, so at most 0.4 s.

    python scripts/make_sounds.py            # writes the five files
    python scripts/make_sounds.py --check    # exit 1 if a shipped file differs
"""

from __future__ import annotations

import argparse
import io
import math
import pathlib
import struct
import sys
import wave

RATE = 48000
PEAK = 0.55  # of full scale: loud enough, never clipping
OUT = pathlib.Path(__file__).resolve().parent.parent / "wordbler" / "ui" / "boardgame" / "sounds"


def _tone(freq: float, dur: float, decay: float, partials=((1, 1.0),), start: float = 0.0):
    """(start sample, samples) of a struck tone: partials (multiple, weight) of ``freq``,
    dying away exponentially with time constant ``decay`` seconds."""
    n = int(dur * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(w * math.sin(2 * math.pi * freq * k * t) for k, w in partials)
        out.append(v * math.exp(-t / decay))
    return int(start * RATE), out


def _noise(dur: float, decay: float, seed: int = 12345):
    """A short noise burst from a fixed linear congruential generator (no random module:
    its algorithm is not promised to stay the same across Python versions)."""
    n = int(dur * RATE)
    x = seed
    out = []
    for i in range(n):
        x = (1103515245 * x + 12345) % 2**31
        out.append((x / 2**30 - 1.0) * math.exp(-(i / RATE) / decay))
    return 0, out


def _mix(length: float, *parts) -> list[float]:
    total = [0.0] * int(length * RATE)
    for start, samples in parts:
        for i, v in enumerate(samples):
            if start + i < len(total):
                total[start + i] += v
    peak = max(1e-9, max(abs(v) for v in total))
    fade = int(0.004 * RATE)  # 4 ms in and out: no click at either end
    n = len(total)
    for i in range(n):
        g = min(1.0, i / fade, (n - 1 - i) / fade)
        total[i] = total[i] / peak * PEAK * max(0.0, g)
    return total


BELL = ((1, 1.0), (2, 0.35), (3, 0.12))
SOFT = ((1, 1.0), (2, 0.2))


def place() -> list[float]:
    # a tile set down on a wooden board: a short knock, two damped partials and a tick
    return _mix(0.09, _tone(620, 0.09, 0.018, ((1, 1.0), (2.7, 0.5))), _noise(0.012, 0.003))


def done() -> list[float]:
    # played: two rising bell notes (C6, G6)
    return _mix(0.36, _tone(1046.5, 0.22, 0.08, BELL), _tone(1568.0, 0.26, 0.08, BELL, start=0.1))


def invalid() -> list[float]:
    # refused: two low buzzes (odd harmonics of 155 Hz, a soft square wave)
    buzz = ((1, 1.0), (3, 0.33), (5, 0.2), (7, 0.14))
    return _mix(0.3, _tone(155, 0.12, 0.5, buzz), _tone(155, 0.12, 0.5, buzz, start=0.17))


def bingo() -> list[float]:
    # all tiles played: a rising arpeggio C5 E5 G5 C6 and the chord ringing
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [_tone(f, 0.4 - 0.06 * k, 0.12, BELL, start=0.06 * k) for k, f in enumerate(notes)]
    return _mix(0.4, *parts)


def end() -> list[float]:
    # the game is over: G4 then the C major chord, slower and lower than the bingo
    parts = [_tone(392.0, 0.16, 0.07, SOFT)]
    parts += [_tone(f, 0.26, 0.12, SOFT, start=0.14) for f in (523.25, 659.25, 783.99)]
    return _mix(0.4, *parts)


EFFECTS = {"place": place, "done": done, "invalid": invalid, "bingo": bingo, "end": end}


def render(name: str) -> bytes:
    """The WAV file of effect ``name``, as bytes."""
    samples = EFFECTS[name]()
    frames = b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767))))
                      for v in samples)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buf.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=pathlib.Path, default=OUT, help="folder to write to")
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args(argv)
    differ = []
    args.out.mkdir(parents=True, exist_ok=True)
    for name in EFFECTS:
        data = render(name)
        path = args.out / f"{name}.wav"
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                differ.append(path.name)
        else:
            path.write_bytes(data)
            print(f"{path}: {len(data)} bytes")
    if differ:
        print(f"differ from the script: {', '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
