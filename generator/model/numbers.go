package model

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// The numbers of a catalog reach Go code and JSON readers, which hold an
// integer in 64 bits and any other number in a float64: a number that
// does not fit would not compile, or would reach a client changed.

// intProblem says why the JSON number n is not an int of the generated
// Go, or "".
func intProblem(n json.Number) string {
	if _, err := strconv.ParseInt(string(n), 10, 64); err != nil {
		return fmt.Sprintf("%s is out of the range of an int, %d to %d", n, int64(-1<<63), int64(1<<63-1))
	}
	return ""
}

// floatProblem says why the JSON number n is not a float64 as written, or
// "": too large, so small that it becomes 0, or with more digits than a
// float64 holds.
func floatProblem(n json.Number) string {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return fmt.Sprintf("%s is out of the range of a float64, about ±1.8e308", n)
	}
	mantissa, _, _ := strings.Cut(strings.ToLower(string(n)), "e")
	if f == 0 {
		if strings.Trim(mantissa, "-+0.") != "" {
			return fmt.Sprintf("%s is too small for a float64, which makes it 0", n)
		}
		return ""
	}
	written, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return fmt.Sprintf("%s has an exponent too large to read", n)
	}
	held, _ := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', -1, 64))
	if written.Cmp(held) != 0 {
		return fmt.Sprintf("%s has more digits than a float64 holds, which makes it %s", n, strconv.FormatFloat(f, 'g', -1, 64))
	}
	return ""
}

// numberProblem says why a JSON number of the wire, such as an envelope's
// constant or a number of an example's json, cannot reach a client as
// written, or "": an integer must fit in 64 bits, any other number in a
// float64.
func numberProblem(n json.Number) string {
	if !strings.ContainsAny(string(n), ".eE") {
		return intProblem(n)
	}
	return floatProblem(n)
}

// numberFix says how to fix a number numberProblem finds at fault.
const numberFix = "write a number a float64 holds exactly, or an integer of 64 bits; send a larger or more precise number as a string"

// checkNumbers reports every number of the JSON value data, at p and the
// path below it, that cannot reach a client as written.
func (b *builder) checkNumbers(p []string, data []byte) {
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return
	}
	var walk func(p []string, v any)
	walk = func(p []string, v any) {
		switch v := v.(type) {
		case json.Number:
			if msg := numberProblem(v); msg != "" {
				b.errs.add(p, numberFix, "%s", msg)
			}
		case []any:
			for i, x := range v {
				walk(append(p[:len(p):len(p)], index(i)), x)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(append(p[:len(p):len(p)], k), v[k])
			}
		}
	}
	walk(p, v)
}
