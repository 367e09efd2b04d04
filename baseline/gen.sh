#!/bin/sh
# Regenerates the compiler baseline (baseline/coral/s/*.s) from
# baseline/coral/c/*.c with clang-16; TestCompiledCurrent checks that the
# committed files are what this produces.
set -e
cd "$(dirname "$0")/.."
go run ./baseline/internal/cgen
