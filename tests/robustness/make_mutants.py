#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes damaged copies ("mutants") of profiling files (HDF5, native .spt, JSON) for the robustness suite.

    make_mutants.py --seed N --count M --out DIR INPUT...

Mutant i is made from input i % len(INPUT) (inputs sorted by file name) with a
random generator seeded by (N, i) alone, so one mutant can be regenerated on
its own with --only i and the same seed and inputs. DIR/manifest.tsv has one
line per mutant: file name, input name, what was done (offsets in bytes).

The mutations imitate what happens to real files: runs killed mid-write
(truncations), bad disks and transfers (bit and byte changes, zeroed blocks)
and misplaced writes (two blocks swapped). Offsets are biased towards the
structures HDF5 parses (superblock, object headers, B-tree nodes, heaps and
chunk boundaries), found by reading the file the way HDF5 does (version 0
superblock, symbol table nodes, version 1 B-trees), since a uniformly random
offset lands in raw event data nearly every time. In a native trace they are
the header and each region record's lengths and counts; in a JSON profile the
brackets, quotes and commas (gzipped: the header, data and trailer). A mutant
keeps its input's extension.
"""

import argparse
import os
import random
import struct
import sys

HEADER_BYTES = 4096
KINDS = [  # (name, weight)
    ("truncate", 25),
    ("bitflip", 20),
    ("bytes", 20),
    ("zero", 15),
    ("swap", 15),
    ("combo", 5),
]
INTERESTING = [0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE]


class Structure:
    """Byte ranges of the HDF5 structures in one file: (start, length, label)."""

    def __init__(self, data):
        self.size = len(data)
        if data[:8] == b"SCOPEPRF":
            self.regions = [(0, min(24, self.size), "trace header")]
            self._trace_records(data)
            return
        if data[:2] == b"\x1f\x8b":
            # A gzipped JSON profile: its header, deflate blocks, CRC and length.
            self.regions = [(0, min(10, self.size), "gzip header")]
            self._add(self.size - 8, 8, "gzip trailer")
            self._add(10, self.size - 18, "deflate data")
            return
        if data.lstrip()[:1] in (b"{", b"["):
            self.regions = [(0, min(64, self.size), "document head")]
            self._json_tokens(data)
            return
        self.regions = [(0, min(96, self.size), "superblock")]
        self._object_headers(data)
        self._signatures(data)

    def _trace_records(self, data):
        # Little-endian .spt (all real files are): each record's name length,
        # v2 source length and line, and call count, and its times.
        if self.size < 24:
            return
        version, _, count = struct.unpack_from("<iiq", data, 8)
        pos = 24
        for _ in range(max(0, min(count, 10000))):
            start = pos
            try:
                (length,) = struct.unpack_from("<i", data, pos)
                pos += 4 + max(0, length)
                if version == 2:
                    (source,) = struct.unpack_from("<i", data, pos)
                    pos += 4 + max(0, source) + 4
                (calls,) = struct.unpack_from("<q", data, pos)
                pos += 8
            except struct.error:
                return
            self._add(start, pos - start, "region record header")
            self._add(pos, 16 * max(0, calls), "call times")
            pos += 16 * max(0, calls)

    def _json_tokens(self, data):
        # Brackets, quotes and commas: where a change breaks the structure
        # rather than one number.
        for label, byte in (("bracket", b"["), ("brace", b"{"), ("quote", b'"'),
                            ("comma", b",")):
            pos = data.find(byte)
            taken = 0
            while pos >= 0 and taken < 200:
                self._add(pos, 8, label)
                taken += 1
                pos = data.find(byte, pos + 1 + len(data) // 400)

    def _add(self, start, length, label):
        if 0 <= start < self.size and length > 0:
            self.regions.append((start, min(length, self.size - start), label))

    def _object_headers(self, data):
        addresses = set()
        if data[:8] == b"\x89HDF\r\n\x1a\n" and self.size >= 72 and data[8] == 0:
            addresses.add(struct.unpack_from("<Q", data, 64)[0])
        pos = data.find(b"SNOD")
        while pos >= 0:
            if pos + 8 <= self.size:
                count = struct.unpack_from("<H", data, pos + 6)[0]
                for k in range(min(count, 64)):
                    entry = pos + 8 + 40 * k
                    if entry + 16 <= self.size:
                        addresses.add(struct.unpack_from("<Q", data, entry + 8)[0])
            pos = data.find(b"SNOD", pos + 4)
        for address in sorted(addresses):
            self._add(address, 272, "object header")

    def _signatures(self, data):
        for signature, label in ((b"TREE", "B-tree node"), (b"HEAP", "local heap"),
                                 (b"SNOD", "symbol table node"), (b"GCOL", "global heap")):
            pos = data.find(signature)
            while pos >= 0:
                self._add(pos, 256, label)
                if signature == b"TREE":
                    self._chunks(data, pos)
                pos = data.find(signature, pos + 4)

    def _chunks(self, data, pos):
        # A leaf of a chunk B-tree of a one-dimensional dataset: 24-byte keys
        # (size, filter mask, two offsets) between 8-byte child addresses.
        if pos + 24 > self.size or data[pos + 4] != 1 or data[pos + 5] != 0:
            return
        used = struct.unpack_from("<H", data, pos + 6)[0]
        chunks = []
        for k in range(used):
            key = pos + 24 + 32 * k
            if key + 32 > self.size:
                return
            length = struct.unpack_from("<I", data, key)[0]
            address = struct.unpack_from("<Q", data, key + 24)[0]
            if length == 0 or address + length > self.size:
                return
            chunks.append((address, length))
        for address, length in chunks:
            self._add(address, length, "chunk")

    def pick(self, rng):
        # Each kind of structure equally often, however many there are of each.
        label = rng.choice(sorted({r[2] for r in self.regions}))
        return rng.choice([r for r in self.regions if r[2] == label])


def biased_offset(rng, structure):
    """An offset in the first 4 KiB (half the time), in a structure, or anywhere."""
    roll = rng.random()
    if roll < 0.5:
        return rng.randrange(min(HEADER_BYTES, structure.size))
    if roll < 0.75:
        start, length, _ = structure.pick(rng)
        return start + rng.randrange(length)
    return rng.randrange(structure.size)


def truncate(rng, data, structure):
    roll = rng.random()
    if roll < 0.6:
        start, length, label = structure.pick(rng)
        offset = start + rng.randrange(length)
        where = "inside " + label
    elif roll < 0.8:
        offset = rng.randrange(structure.size)
        where = "anywhere"
    else:
        offset = structure.size - 1 - rng.randrange(max(1, structure.size // 10))
        where = "near the end"
    return data[:offset], f"truncate at {offset} of {structure.size} ({where})"


def bitflip(rng, data, structure):
    flips = []
    for _ in range(rng.randint(1, 8)):
        offset = biased_offset(rng, structure)
        bit = rng.randrange(8)
        data[offset] ^= 1 << bit
        flips.append(f"{offset}.{bit}")
    return data, "flip bits " + ",".join(flips)


def set_bytes(rng, data, structure):
    changes = []
    for _ in range(rng.randint(1, 16)):
        offset = biased_offset(rng, structure)
        value = rng.choice(INTERESTING) if rng.random() < 0.5 else rng.randrange(256)
        data[offset] = value
        changes.append(f"{offset}={value:#04x}")
    return data, "set bytes " + ",".join(changes)


def block_length(rng, low, high):
    # Log-uniform: small and large blocks equally likely.
    return int(round(2 ** rng.uniform(low.bit_length() - 1, high.bit_length() - 1)))


def zero(rng, data, structure):
    length = max(1, min(block_length(rng, 512, 65536), structure.size // 2))
    if rng.random() < 0.6:
        start = structure.pick(rng)[0]
    else:
        start = rng.randrange(structure.size)
    start = min(start, structure.size - length)
    data[start:start + length] = bytes(length)
    return data, f"zero {length} bytes at {start}"


def swap(rng, data, structure):
    length = block_length(rng, 16, 16384)
    if 2 * length > structure.size:
        length = structure.size // 2
    for _ in range(100):
        a = structure.pick(rng)[0] if rng.random() < 0.5 else rng.randrange(structure.size)
        b = rng.randrange(structure.size)
        a, b = min(a, b), max(a, b)
        if b - a >= length and b + length <= structure.size:
            block = bytes(data[a:a + length])
            data[a:a + length] = data[b:b + length]
            data[b:b + length] = block
            return data, f"swap {length} bytes at {a} and {b}"
    return set_bytes(rng, data, structure)


def combo(rng, data, structure):
    data, flipped = bitflip(rng, data, structure)
    data, truncated = truncate(rng, data, structure)
    return data, flipped + "; " + truncated


MUTATIONS = {"truncate": truncate, "bitflip": bitflip, "bytes": set_bytes, "zero": zero,
             "swap": swap, "combo": combo}


def mutant(seed, index, inputs):
    path = inputs[index % len(inputs)]
    with open(path, "rb") as f:
        data = bytearray(f.read())
    # A string seed is hashed the same way in every Python 3 version.
    rng = random.Random(f"scope-mutant:{seed}:{index}")
    kind = rng.choices([k for k, _ in KINDS], weights=[w for _, w in KINDS])[0]
    if not data:
        return path, kind, bytes(data), "empty input, copied"
    data, description = MUTATIONS[kind](rng, data, Structure(bytes(data)))
    return path, kind, bytes(data), description


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--only", type=int, help="write only mutant ONLY (an index)")
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    inputs = sorted(args.inputs, key=lambda p: (os.path.basename(p), p))
    os.makedirs(args.out, exist_ok=True)
    indices = [args.only] if args.only is not None else range(args.count)
    lines = []
    for index in indices:
        path, kind, data, description = mutant(args.seed, index, inputs)
        stem = os.path.splitext(os.path.basename(path))[0]
        extension = os.path.splitext(path)[1] or ".h5"
        name = f"m{index:05d}_{kind}_{stem}{extension}"
        with open(os.path.join(args.out, name), "wb") as f:
            f.write(data)
        lines.append(f"{name}\t{os.path.basename(path)}\t{description}\n")
    with open(os.path.join(args.out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write(f"# make_mutants.py --seed {args.seed} --count {args.count} "
                f"({len(inputs)} inputs; regenerate one with --only INDEX)\n")
        f.writelines(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
