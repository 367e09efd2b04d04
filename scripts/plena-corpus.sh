#!/bin/sh
# Regenerate testdata/plena/corpus/*.mem (and the generated tmpl_*.asm and
# random_*.asm) with PLENA's own assembler, the golden words kc-as -t plena
# must reproduce (asm/plena TestPlenaCorpus). PLENA's code is not part of
# this repository: this script exports it from git into a temporary
# directory and runs it there with python3 (no other Python packages).
#
#   PLENA_COMPILER   git directory of AICrossSim/PLENA_Compiler
#   PLENA_SIMULATOR  git directory of AICrossSim/PLENA_Simulator
# (default: clone both from GitHub). Extra arguments go to gen.py (--seed N).
set -eu
COMPILER_COMMIT=c0fc271a19d8b1480c45ef1ecac8a17a0f8e68ba   # 2026-02-15, pinned by the simulator below
SIMULATOR_COMMIT=54ae9544239be7f3308c06727b5bdcf78add750d  # 2026-03-31
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${PLENA_COMPILER:-}" ]; then
	git clone --quiet --bare https://github.com/AICrossSim/PLENA_Compiler "$work/compiler.git"
	PLENA_COMPILER=$work/compiler.git
fi
if [ -z "${PLENA_SIMULATOR:-}" ]; then
	git clone --quiet --bare https://github.com/AICrossSim/PLENA_Simulator "$work/simulator.git"
	PLENA_SIMULATOR=$work/simulator.git
fi
mkdir -p "$work/root/compiler" "$work/root/utils"
git --git-dir="$PLENA_COMPILER" archive "$COMPILER_COMMIT" | tar -x -C "$work/root/compiler"
git --git-dir="$PLENA_SIMULATOR" show "$SIMULATOR_COMMIT:tools/utils/load_config.py" >"$work/root/utils/load_config.py"
python3 scripts/plena-corpus/gen.py --root "$work/root" --out testdata/plena/corpus "$@"
