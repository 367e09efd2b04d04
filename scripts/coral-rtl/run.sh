#!/bin/sh
# Regenerates testdata/coral-rtl/vector.tsv: coral's vector timing measured
# on coralnpu's RVV RTL (RvvCore) under Verilator.
#
#   scripts/coral-rtl/run.sh CORALNPU [OUT]
#
# CORALNPU: a coralnpu checkout or git directory (the table names the commit
# it was at). OUT: a scratch directory (default $TMPDIR/kc-coral-rtl, the
# system's temporary directory when TMPDIR is unset). Needs
# verilator (5.006 was used) and a C++ compiler; no network, so CI does not
# run it: the table is committed data, checked against kc-sim by
# sim/coral's TestRTLTable.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${2:-${TMPDIR:-/tmp}/kc-coral-rtl}
"$here/build.sh" "$1" "$out"
cd "$root"
go run ./scripts/coral-rtl/rtltable -harness "$out/obj_dir/Vkc_rvv_top" \
	-commit "$(cat "$out/commit")" -out testdata/coral-rtl/vector.tsv
echo "wrote testdata/coral-rtl/vector.tsv"
