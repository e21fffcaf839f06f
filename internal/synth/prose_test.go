package synth

import "testing"

// TestProseLeavesOutZeroFields checks that the words the synthetic
// examples expect for an object leave out a field at its zero value, as
// the runtime's templates do: a version {major: 1, minor: 0} reads "1",
// not "1 (0)", which the generated tests of a catalog of 300 codes
// reported as an example the constructor does not send.
func TestProseLeavesOutZeroFields(t *testing.T) {
	fields := []*param{{name: "major", typ: "int"}, {name: "minor", typ: "int"}, {name: "ok", typ: "bool"}, {name: "ratio", typ: "float"}}
	for _, tt := range []struct {
		v    object
		want string
	}{
		{object{{"major", 1}, {"minor", 0}, {"ok", false}, {"ratio", 0.0}}, "1"},
		{object{{"major", 0}, {"minor", 2}, {"ok", true}, {"ratio", 0.5}}, "2 (true, 0.5)"},
		{object{{"major", 1}, {"minor", 2}}, "1 (2)"},
	} {
		if got := prose("object", fields, tt.v); got != tt.want {
			t.Errorf("prose(%v) = %q, want %q", tt.v, got, tt.want)
		}
	}
}
