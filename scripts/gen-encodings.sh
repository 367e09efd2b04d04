#!/bin/sh
# Regenerate testdata/encodings/coral.txt, the llvm-mc golden encodings of
# every coral instruction and pseudo-instruction (isa-defs/coral/coral.isa).
# Needs llvm-mc (LLVM 14 made the committed file). Extra arguments go to the
# generator: -llvm-mc PATH, -seed N, -n PER_FORM, -o FILE.
# Exits non-zero if isa-defs and llvm-mc disagree on any encoding.
set -eu
cd "$(dirname "$0")/.."
exec go run ./internal/llvmoracle/gen-encodings -o testdata/encodings/coral.txt "$@"
