package model

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestExampleWireNumbers checks that an example's json, as the reference,
// explain and the catalog JSON show it, and the params it gives spell
// their numbers as the wire sends them: a float param's or field's as
// the generated code writes a float64 (2.5 for 2.50, 1e+21 for 1E+21),
// wherever the envelope places it (in $params, at a key of its own, in a
// spread), an envelope's constant as the envelope writes it, and an
// integer as written.
func TestExampleWireNumbers(t *testing.T) {
	const src = `{
	"name": "test",
	"envelopes": {"flat": {"v": 1.50, "code": "$code", "message": "$message", "error": {"f": "$params.f"}, "$params": true}},
	"categories": {"c": {"description": "C."}},
	"codes": {
		"A_CODE": {"category": "c", "title": "A", "message": "a",
			"params": {
				"f": {"type": "float"}, "l": {"type": "[]float"}, "m": {"type": "map[string]float"},
				"o": {"type": "object", "fields": {"x": {"type": "float"}, "n": {"type": "int"}}},
				"i": {"type": "int"}
			},
			"examples": [{
				"params": {"f": 2.50, "l": [1.0, 1E+21], "m": {"k": 1E-7}, "o": {"x": 3.0, "n": 7}, "i": 10},
				"json": {"code": "A_CODE", "category": "c", "message": "a", "retryable": false,
					"params": {"f": 2.50, "l": [1.0, 1E+21], "m": {"k": 1E-7}, "o": {"x": 3.0, "n": 7}, "i": 10}}
			}]
		},
		"B_CODE": {"category": "c", "title": "B", "message": "b", "envelope": "flat",
			"params": {"f": {"type": "float"}, "g": {"type": "float"}, "n": {"type": "int"}},
			"examples": [{
				"params": {"f": 2.50, "g": 100, "n": 5},
				"json": {"v": 1.5, "code": "B_CODE", "message": "b", "error": {"f": 2.50}, "g": 1E+2, "n": 5}
			}]
		}
	}
}`
	var in Input
	if err := json.Unmarshal([]byte(src), &in); err != nil {
		t.Fatal(err)
	}
	cat := mustBuild(t, &in)
	compact := func(raw []byte) string {
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		return b.String()
	}
	for _, tc := range []struct{ code, json, params string }{
		{"A_CODE",
			`{"code":"A_CODE","category":"c","message":"a","retryable":false,"params":{"f":2.5,"l":[1,1e+21],"m":{"k":1e-7},"o":{"x":3,"n":7},"i":10}}`,
			`{"f":2.5,"l":[1,1e+21],"m":{"k":1e-7},"o":{"x":3,"n":7},"i":10}`},
		{"B_CODE",
			`{"v":1.50,"code":"B_CODE","message":"b","error":{"f":2.5},"g":100,"n":5}`,
			`{"f":2.5,"g":100,"n":5}`},
	} {
		e := cat.Code(tc.code).Examples[0]
		if got := compact(e.JSON); got != tc.json {
			t.Errorf("%s: the example's json is\n%s\nwant\n%s", tc.code, got, tc.json)
		}
		if got := string(e.ParamsJSON()); got != tc.params {
			t.Errorf("%s: the example's params are\n%s\nwant\n%s", tc.code, got, tc.params)
		}
	}
}
