#!/usr/bin/env bash
# Times errspec against CUE itself on synthetic catalogs: for each size, a
# prebuilt errspec binary runs `errspec generate` (outputs up to date, so
# nothing is written) and `errspec check`, and the cue command of the CUE
# version the module requires runs `cue export` of the same catalog unified
# with errspec's schema, several runs each, interleaved. It prints the
# median wall time, the median CPU time (user+sys) and the median peak RSS
# of each, and last the lines
#
#	ratio generate/cue-export wall N=1000: X.XX N=10000: Y.YY
#	ratio generate/cue-export cpu N=1000: X.XX N=10000: Y.YY
#
# For each size it then times, as many runs interleaved, `go build` and
# `go vet` of the generated package alone, in a module of its own that
# requires this one (the cache warm for everything else, a file that
# changes at every run forcing the package itself to compile again), and
# last the generated Parse and json.Marshal of generated/agenttools next
# to encoding/json on a hand-written struct of the same shape (go test
# -bench, as many counts).
#
# With ERRSPEC_BENCH_LOAD=K, K processes spin on the CPU while the runs are
# timed, as other work does on a shared machine: errspec uses every core,
# cue export one, so figures taken on an idle machine flatter errspec.
# With ERRSPEC_BENCH_BEFORE=BINARY, that errspec binary (built from an
# earlier commit, say) runs generate too, interleaved with the others.
#
# Usage: scripts/bench.sh [RUNS [SIZES...]]   (default: 9 runs; 100 1000 10000)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-9}
shift || true
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then
	sizes=(100 1000 10000)
fi
if ! /usr/bin/time -f %M true 2>/dev/null; then
	echo "bench.sh needs GNU time at /usr/bin/time for the peak RSS" >&2
	exit 2
fi

work=$(mktemp -d)
spinners=()
trap 'kill "${spinners[@]}" 2>/dev/null; rm -rf "$work"' EXIT
go build -o "$work/errspec" ./cmd/errspec
# The cue command of the CUE version the module requires, built apart
# from the module, whose dependencies it does not share.
GOBIN="$work" GOFLAGS=-mod=mod go install "cuelang.org/go/cmd/cue@$(go list -m -f '{{.Version}}' cuelang.org/go)"
go build -o "$work/synth" ./internal/synth/cmd

# measure CMD... runs the command in the current directory and prints its
# wall time in seconds, its CPU time (user+sys) in seconds and its peak RSS
# in KB.
measure() {
	/usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || {
		echo "failed: $*" >&2
		cat "$work/stderr" >&2
		exit 1
	}
	awk '{printf "%s %.2f %s\n", $1, $2 + $3, $4}' "$work/time"
}

# median prints the median of the numbers on stdin.
median() {
	sort -g | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

echo "machine: $(nproc) cores, $(awk '/model name/ {$1 = $2 = $3 = ""; print; exit}' /proc/cpuinfo | sed 's/^ *//'), $(go version | cut -d' ' -f3-4), cue $("$work/cue" version | awk 'NR == 1 {print $3}')"
echo "runs per measure: $runs"
for _ in $(seq "${ERRSPEC_BENCH_LOAD:-0}"); do
	sh -c 'while :; do :; done' &
	spinners+=($!)
done
echo "processes spinning meanwhile: ${#spinners[@]}"
printf '%-7s %-9s %10s %10s %12s %8s %8s\n' codes command "median s" "median CPU" "median RSS" "vs cue" "CPU vs"

declare -A ratio cpu_ratio gen_s
for n in "${sizes[@]}"; do
	cat="$work/catalog$n"
	exp="$work/export$n"
	"$work/synth" -n "$n" -o "$cat"
	"$work/synth" -n "$n" -cue -o "$exp"
	# A first run writes the outputs; the runs timed find nothing to change.
	(cd "$cat" && "$work/errspec" generate . >/dev/null)
	snapshot() { find "$cat/out" -type f -printf '%p %T@\n' | sort; }
	before=$(snapshot)
	: >"$work/gen" >"$work/check" >"$work/cue-export" >"$work/before"
	for _ in $(seq "$runs"); do
		(cd "$cat" && measure "$work/errspec" generate .) >>"$work/gen"
		(cd "$cat" && measure "$work/errspec" check .) >>"$work/check"
		if [ -n "${ERRSPEC_BENCH_BEFORE:-}" ]; then
			(cd "$cat" && measure "$ERRSPEC_BENCH_BEFORE" generate .) >>"$work/before"
		fi
		(cd "$exp" && measure "$work/cue" export -e errspec_catalog --out json .) >>"$work/cue-export"
	done
	if [ "$(snapshot)" != "$before" ]; then
		echo "errspec generate wrote files with nothing to change" >&2
		exit 1
	fi
	cue_s=$(cut -d' ' -f1 "$work/cue-export" | median)
	cue_cpu=$(cut -d' ' -f2 "$work/cue-export" | median)
	cmds=(gen check cue-export)
	[ -n "${ERRSPEC_BENCH_BEFORE:-}" ] && cmds+=(before)
	for cmd in "${cmds[@]}"; do
		s=$(cut -d' ' -f1 "$work/$cmd" | median)
		cpu=$(cut -d' ' -f2 "$work/$cmd" | median)
		rss=$(cut -d' ' -f3 "$work/$cmd" | median)
		name=$cmd
		[ "$cmd" = gen ] && name=generate
		printf '%-7s %-9s %10.2f %10.2f %9.0f MB %8.2f %8.2f\n' "$n" "$name" "$s" "$cpu" "$(echo "$rss / 1024" | bc -l)" \
			"$(echo "$s / $cue_s" | bc -l)" "$(echo "$cpu / $cue_cpu" | bc -l)"
	done
	ratio[$n]=$(echo "$(cut -d' ' -f1 "$work/gen" | median) / $cue_s" | bc -l)
	cpu_ratio[$n]=$(echo "$(cut -d' ' -f2 "$work/gen" | median) / $cue_cpu" | bc -l)
	gen_s[$n]=$(cut -d' ' -f1 "$work/gen" | median)
done

# The generated package of each size, built and vetted as a user's module
# builds and vets it.
echo
printf '%-7s %-9s %10s %10s %12s\n' codes "go ..." "median s" "median CPU" "median RSS"
for n in "${sizes[@]}"; do
	mod="$work/module$n"
	mkdir -p "$mod"
	cp "$work/catalog$n"/out/go/*.go "$mod/"
	pkg=$(sed -n 's/^package \([a-z0-9_]*\).*/\1/p' "$mod/errors.go" | head -1)
	cat >"$mod/go.mod" <<-EOF
		module example.com/bench

		go $(go mod edit -json | sed -n 's/^[[:space:]]*"Go": "\(.*\)",*$/\1/p')

		require github.com/errspec/errspec v0.0.0

		replace github.com/errspec/errspec => $PWD
	EOF
	# force writes a file whose constant differs at every run, so that the
	# package compiles again and everything else comes from the cache.
	force() { printf 'package %s\n\nconst _ = "%s"\n' "$pkg" "$RANDOM$RANDOM$1" >"$mod/zz_force.go"; }
	force warm
	(cd "$mod" && GOFLAGS=-mod=mod go vet . && GOFLAGS=-mod=mod go build .)
	: >"$work/build" >"$work/vet"
	for i in $(seq "$runs"); do
		force "b$i"
		(cd "$mod" && GOFLAGS=-mod=mod measure go build .) >>"$work/build"
		force "v$i"
		(cd "$mod" && GOFLAGS=-mod=mod measure go vet .) >>"$work/vet"
	done
	for cmd in build vet; do
		printf '%-7s %-9s %10.2f %10.2f %9.0f MB\n' "$n" "$cmd" "$(cut -d' ' -f1 "$work/$cmd" | median)" \
			"$(cut -d' ' -f2 "$work/$cmd" | median)" "$(echo "$(cut -d' ' -f3 "$work/$cmd" | median) / 1024" | bc -l)"
	done
done

# Parse and json.Marshal of the generated code next to encoding/json on a
# hand-written struct of the same shape.
echo
go test -run '^$' -bench '^Benchmark(Parse|Marshal)$' -benchmem -count "$runs" ./generated/agenttools >"$work/go-bench"
# bench NAME FIELD prints the median of a column of the runs of a
# benchmark: FIELD 3 is ns/op, 7 allocs/op.
bench() { awk -v name="$1" -v f="$2" '$1 ~ "^" name "(-[0-9]+)?$" {print $f}' "$work/go-bench" | median; }
printf '%-30s %10s %8s %10s\n' benchmark "median ns" allocs "vs hand"
for b in Parse/errspec Parse/hand Marshal/errspec Marshal/errspec_MarshalJSON Marshal/errspec_AppendJSON Marshal/hand; do
	hand=$(bench "Benchmark${b%%/*}/hand" 3)
	printf '%-30s %10.0f %8.0f %10.2f\n' "$b" "$(bench "Benchmark$b" 3)" "$(bench "Benchmark$b" 7)" "$(echo "$(bench "Benchmark$b" 3) / $hand" | bc -l)"
done
echo

# lines counts the code, comment and blank lines of a Go file.
lines() {
	awk '/^[ \t]*$/ {b++; next} /^[ \t]*\/\// {c++; next} {k++} END {print k + 0, c + 0, b + 0}' "$1"
}
if [ ${#sizes[@]} -ge 2 ]; then
	small=${sizes[-2]} large=${sizes[-1]}
	read -r k1 c1 b1 < <(lines "$work/catalog$small/out/go/errors.go")
	read -r k2 c2 b2 < <(lines "$work/catalog$large/out/go/errors.go")
	d=$((large - small))
	printf 'generated Go per code (errors.go, N=%s to %s): %.1f lines: %.1f code, %.1f comment, %.1f blank\n' "$small" "$large" \
		"$(echo "($k2 + $c2 + $b2 - $k1 - $c1 - $b1) / $d" | bc -l)" "$(echo "($k2 - $k1) / $d" | bc -l)" \
		"$(echo "($c2 - $c1) / $d" | bc -l)" "$(echo "($b2 - $b1) / $d" | bc -l)"
	printf 'generate N=%s / N=%s: %.2f\n' "$large" "$small" "$(echo "${gen_s[$large]} / ${gen_s[$small]}" | bc -l)"
fi
wall="ratio generate/cue-export wall" cpu="ratio generate/cue-export cpu"
for n in 1000 10000; do
	if [ -n "${ratio[$n]:-}" ]; then
		wall+=$(printf ' N=%s: %.2f' "$n" "${ratio[$n]}")
		cpu+=$(printf ' N=%s: %.2f' "$n" "${cpu_ratio[$n]}")
	fi
done
echo "$wall"
echo "$cpu"
