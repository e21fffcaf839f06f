package agenttools_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/errspec/errspec/generated/agenttools"
)

// FuzzParse feeds Parse arbitrary bytes: it must never panic, and an error
// it parses must marshal to JSON that parses back to the same wire form.
// The seeds are the wire forms of every code; testdata/fuzz/FuzzParse
// holds inputs found since.
func FuzzParse(f *testing.F) {
	for _, e := range every() {
		data, err := json.Marshal(e)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"code":"RATE_LIMITED","params":{"limit":1e400}}`))
	f.Add([]byte(`{"code":["not a string"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := agenttools.Parse(data)
		if err != nil {
			return
		}
		first, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("Parse(%q) gave an error that does not marshal: %v", data, err)
		}
		again, err := agenttools.Parse(first)
		if err != nil {
			t.Fatalf("the marshaled form of a parsed error does not parse: %v\n%s", err, first)
		}
		second, err := json.Marshal(again)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, second) {
			t.Fatalf("marshal, Parse, marshal is not stable:\n%s\n%s", first, second)
		}
	})
}
