package model

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

var numberCases = []struct {
	n    string
	want string // "" when the number reaches a client as written
}{
	{"0", ""},
	{"-7", ""},
	{"9223372036854775807", ""},
	{"-9223372036854775808", ""},
	{"9223372036854775808", "9223372036854775808 is out of the range of an int, -9223372036854775808 to 9223372036854775807"},
	{"99999999999999999999", "99999999999999999999 is out of the range of an int, -9223372036854775808 to 9223372036854775807"},
	{"0.1", ""},
	{"1.0", ""},
	{"1.50", ""},
	{"1E+10", ""},
	{"5e-324", ""},
	{"1.7976931348623157e308", ""},
	{"1E+400", "1E+400 is out of the range of a float64, about ±1.8e308"},
	{"-1e309", "-1e309 is out of the range of a float64, about ±1.8e308"},
	{"1E-400", "1E-400 is too small for a float64, which makes it 0"},
	{"0.0", ""},
	{"-0e-5000", ""},
	{"123456789012345678901234567890.5", "123456789012345678901234567890.5 has more digits than a float64 holds, which makes it 1.2345678901234568e+29"},
	{"0.10000000000000000001", "0.10000000000000000001 has more digits than a float64 holds, which makes it 0.1"},
}

func TestNumberProblem(t *testing.T) {
	for _, c := range numberCases {
		if got := numberProblem(json.Number(c.n)); got != c.want {
			t.Errorf("numberProblem(%s) = %q, want %q", c.n, got, c.want)
		}
	}
}

// FuzzNumberProblem checks that numberProblem finds no problem with a
// JSON number exactly when encoding/json reads it into an int64 (an
// integer) or a float64 (any other number) that holds its value as
// written.
func FuzzNumberProblem(f *testing.F) {
	for _, c := range numberCases {
		f.Add(c.n)
	}
	f.Fuzz(func(t *testing.T, n string) {
		var num json.Number
		if json.Unmarshal([]byte(n), &num) != nil || string(num) != n {
			return // not a JSON number
		}
		written, ok := new(big.Rat).SetString(n)
		if !ok {
			t.Skip("an exponent too large for big.Rat")
		}
		// What a Go client reads: an int64, or a float64 that it writes
		// back as the shortest text that reads as the same float64.
		var held bool
		if strings.ContainsAny(n, ".eE") {
			var f float64
			if json.Unmarshal([]byte(n), &f) == nil {
				back, _ := json.Marshal(f)
				r, _ := new(big.Rat).SetString(string(back))
				held = r.Cmp(written) == 0 && (f != 0 || written.Sign() == 0)
			}
		} else {
			var i int64
			held = json.Unmarshal([]byte(n), &i) == nil
		}
		if got := numberProblem(json.Number(n)); (got == "") != held {
			t.Fatalf("numberProblem(%s) = %q, but a Go number holds it as written: %v", n, got, held)
		}
	})
}
