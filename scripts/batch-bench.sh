#!/bin/bash
# Time kc-ref eval --batch from a cold process over the 285 baseline
# kernels (each cell's chosen baseline, golden seeds), against the same
# judgements made one kc-ref eval process each (JOBS at a time). Prints
# wall and CPU time (user + system, the workers' included) of both and
# the judgements per second per core and per CPU-second. JOBS defaults to
# the number of CPUs. The steady state of a long stream is
# `go test -run XXX -bench BatchBaselines ./cmd/kc-ref`.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-$(nproc)}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/kc-ref" ./cmd/kc-ref
kcref="$dir/kc-ref"
: > "$dir/cells"
for t in coral plena aie2; do
	for task in $("$kcref" list -t "$t" | awk 'NR>1 && $NF=="yes" {print $2}'); do
		for c in 1 2 3 4 5; do
			"$kcref" baseline -t "$t" "$task" -c "$c" > "$dir/$t-$task-$c.s" 2>/dev/null
			echo "$t $task $c" >> "$dir/cells"
			printf '{"id": "%s/%s/%s", "target": "%s", "task": "%s", "config": %s, "path": "%s", "seed": 1, "hidden_seed": 1}\n' \
				"$t" "$task" "$c" "$t" "$task" "$c" "$dir/$t-$task-$c.s" >> "$dir/requests.jsonl"
		done
	done
done
n=$(wc -l < "$dir/cells")
report() { # name, seconds of wall, of user and of system CPU
	awk -v name="$1" -v w="$2" -v u="$3" -v s="$4" -v n="$n" -v j="$JOBS" 'BEGIN { c = u + s
		printf "%-28s %d judgements: %.2f s wall, %.2f CPU-s; %.1f judgements/s/core (%d jobs), %.1f judgements/CPU-s\n", name, n, w, c, n/w/j, j, n/c }'
}
/usr/bin/time -f "%e %U %S" -o "$dir/t1" "$kcref" eval --batch --jobs "$JOBS" "$dir/requests.jsonl" > "$dir/verdicts.jsonl" 2> "$dir/summary"
if ! grep -q "$n requests, $n judged, $n passed, 0 errors" "$dir/summary"; then
	cat "$dir/summary"; echo "batch-bench: not every baseline passed" >&2; exit 1
fi
read -r w u s < "$dir/t1"
report "kc-ref eval --batch (cold)" "$w" "$u" "$s"
export kcref dir
/usr/bin/time -f "%e %U %S" -o "$dir/t2" xargs -P "$JOBS" -L 1 sh -c \
	'"$kcref" eval -t "$0" "$dir/$0-$1-$2.s" "$1" -c "$2" --seed 1 --hidden-seed 1 > /dev/null' < "$dir/cells"
read -r w u s < "$dir/t2"
report "one kc-ref eval per kernel" "$w" "$u" "$s"
