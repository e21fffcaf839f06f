package errspec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
)

// JSONDiff is for the generated test of a catalog's examples. It returns
// "" when the JSON texts got and want are the same, key for key in the
// same order: the same bytes but for white space, the escapes in strings
// and the spelling of numbers. Else it says where they first differ, a
// key out of order say, which two texts of one line hide, with what
// saying where got comes from.
func JSONDiff(got, want []byte, what string) string {
	dg, dw := json.NewDecoder(bytes.NewReader(got)), json.NewDecoder(bytes.NewReader(want))
	dg.UseNumber()
	dw.UseNumber()
	for {
		x, errX := dg.Token()
		y, errY := dw.Token()
		if errX == io.EOF && errY == io.EOF {
			return ""
		}
		if errX != nil || errY != nil || !sameToken(x, y) {
			return fmt.Sprintf("by byte %d of the example's json, it has %s where %s %s", dw.InputOffset(), describeToken(y, errY), what, describeToken(x, errX))
		}
	}
}

// sameToken reports whether two JSON tokens are the same; numbers are the
// same when their values are.
func sameToken(x, y json.Token) bool {
	nx, okx := x.(json.Number)
	ny, oky := y.(json.Number)
	if !okx || !oky {
		return x == y
	}
	rx, okx := new(big.Rat).SetString(string(nx))
	ry, oky := new(big.Rat).SetString(string(ny))
	return okx && oky && rx.Cmp(ry) == 0
}

// describeToken describes a token, or the error in its place, for a
// person.
func describeToken(t json.Token, err error) string {
	switch {
	case err == io.EOF:
		return "the end of the text"
	case err != nil:
		return err.Error()
	case t == nil:
		return "null"
	}
	if s, ok := t.(string); ok {
		return strconv.Quote(s)
	}
	return fmt.Sprint(t)
}
