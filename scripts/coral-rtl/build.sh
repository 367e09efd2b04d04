#!/bin/sh
# Builds KernelCraft's Verilator harness for coralnpu's RVV core.
#
#   scripts/coral-rtl/build.sh CORALNPU OUT
#
# CORALNPU is a coralnpu checkout or a bare git directory (such as a fetched
# mirror); OUT is a scratch directory (the exported RTL and Verilator's
# obj_dir go there; OUT/obj_dir/Vkc_rvv_top is the harness). No network.
# The source list is RvvCore.scala's addResource list, in its order; the one
# change to the RTL is Verilator 5.006's lint codes (Aligner.sv names
# WIDTHEXPAND/WIDTHTRUNC, which exist from 5.008: renamed to WIDTH).
set -eu
src=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -d "$src/hdl" ]; then
	commit=$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)
	rm -rf "$out/rtl" && mkdir -p "$out/rtl"
	(cd "$src" && tar cf - hdl/verilog/rvv/inc hdl/verilog/rvv/common hdl/verilog/rvv/design \
		hdl/chisel/src/coralnpu/rvv/RvvCore.scala) | (cd "$out/rtl" && tar xf -)
else
	commit=$(git --git-dir="$src" rev-parse HEAD)
	rm -rf "$out/rtl" && mkdir -p "$out/rtl"
	# Through a file, so that a failed archive (a partial mirror missing
	# objects) stops the script instead of building from a partial tree.
	git --git-dir="$src" archive -o "$out/rtl.tar" "$commit" hdl/verilog/rvv/inc hdl/verilog/rvv/common \
		hdl/verilog/rvv/design hdl/chisel/src/coralnpu/rvv/RvvCore.scala
	(cd "$out/rtl" && tar xf "$out/rtl.tar")
fi
echo "$commit" >"$out/commit"
rtl=$out/rtl
sed -i 's/WIDTHEXPAND/WIDTH/g; s/WIDTHTRUNC/WIDTH/g' "$rtl/hdl/verilog/rvv/design/Aligner.sv"
files=$(sed -n 's/^ *addResource("\(hdl\/verilog\/rvv\/[^"]*\)").*/\1/p' \
	"$rtl/hdl/chisel/src/coralnpu/rvv/RvvCore.scala")
n=$(echo "$files" | wc -l)
if [ "$n" -lt 50 ]; then
	echo "build.sh: only $n addResource files in RvvCore.scala" >&2
	exit 1
fi
list=""
for f in $files; do list="$list $rtl/$f"; done
cd "$out"
verilator --cc --build -j "${JOBS:-2}" -O2 --x-assign fast --x-initial fast \
	-Wno-fatal -Wno-lint -Wno-style -Wno-UNOPTFLAT -Wno-MULTIDRIVEN -Wno-TIMESCALEMOD \
	--top-module kc_rvv_top -I"$rtl/hdl/verilog/rvv/inc" \
	$list "$here/kc_rvv_top.sv" --exe "$here/harness.cpp" \
	-CFLAGS -O1 -o Vkc_rvv_top >"$out/verilator.log" 2>&1 || {
	tail -40 "$out/verilator.log" >&2
	exit 1
}
echo "built $out/obj_dir/Vkc_rvv_top from coralnpu@$commit ($n files)"
