#!/usr/bin/env bash
# Builds or vets generated packages in turn, each compiled anew at every
# run (a file whose constant changes forces it, as scripts/bench.sh does),
# and prints for each the median wall time, CPU time (user+sys) and peak
# RSS of its runs. Each DIR is a module holding a generated package's
# errors.go (and errors_test.go, for vet), such as the module directories
# scripts/bench.sh makes, one per commit to compare.
#
# Usage: scripts/buildcmp.sh build|vet RUNS DIR...
set -euo pipefail
cmd=$1 runs=$2
shift 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for i in $(seq "$runs"); do
	for d in "$@"; do
		pkg=$(sed -n 's/^package \([a-z0-9_]*\).*/\1/p' "$d/errors.go" | head -1)
		printf 'package %s\n\nconst _ = "%s"\n' "$pkg" "$RANDOM$RANDOM$i" >"$d/zz_force.go"
		(cd "$d" && GOFLAGS=-mod=mod /usr/bin/time -f '%e %U %S %M' -o "$out/time" go "$cmd" . >/dev/null)
		awk '{printf "%s %.2f %d\n", $1, $2 + $3, $4 / 1024}' "$out/time" >>"$out/$(echo "$d" | tr / _)"
	done
done
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for d in "$@"; do
	f="$out/$(echo "$d" | tr / _)"
	echo "$d $cmd wall $(cut -d' ' -f1 "$f" | median) s, CPU $(cut -d' ' -f2 "$f" | median) s, $(cut -d' ' -f3 "$f" | median) MB"
done
