package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/schemagen"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// TestQuickCheckAgrees checks quickCheck against the full validator on
// the examples of the example catalog and of a synthetic one, and on
// variants of each example that break it: a key removed, a key added, a
// value replaced by one of another type. quickCheck must never accept
// what the full validator rejects.
func TestQuickCheckAgrees(t *testing.T) {
	syn := synthtest.Dir(t, 40)
	checked := 0
	for _, dir := range []string{"../spec/agenttools", syn} {
		cat, err := load.Dir(dir)
		if err != nil {
			t.Fatal(err)
		}
		schema, err := schemagen.Render(cat.Model, files.Notice(cat.Model.Name))
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := decodeJSON(schema)
		defs := doc.(map[string]any)["$defs"].(map[string]any)
		for _, c := range cat.Model.Codes {
			def := defs[c.Name].(map[string]any)
			res := maps.Clone(def)
			res["$schema"] = doc.(map[string]any)["$schema"]
			comp := jsonschema.NewCompiler()
			if err := comp.AddResource("def.json", res); err != nil {
				t.Fatal(err)
			}
			sch, err := comp.Compile("def.json")
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range c.Examples {
				for i, variant := range variants(t, ex.JSON) {
					inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(variant))
					if err != nil {
						t.Fatal(err)
					}
					full := sch.Validate(inst) == nil
					v, _ := decodeJSON(variant)
					quick, decided := quickCheck(def, v)
					if !decided {
						t.Errorf("%s variant %d: quickCheck does not decide", c.Name, i)
					}
					if quick != full {
						t.Errorf("%s variant %d: quickCheck says %v, the full validator %v:\n%s", c.Name, i, quick, full, variant)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d values checked", checked)
	if checked < 50 {
		t.Errorf("only %d values checked", checked)
	}
}

// variants returns an example and variants of it that break it: each
// member of each object removed in turn, an unknown member added, and each
// value replaced by one of another type.
func variants(t *testing.T, data []byte) [][]byte {
	t.Helper()
	v, err := decodeJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	out := [][]byte{data}
	add := func(x any) {
		b, err := json.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	var walk func(x any, replace func(any))
	walk = func(x any, replace func(any)) {
		switch x := x.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				old := x[k]
				delete(x, k)
				add(v)
				x[k] = old
				walk(old, func(n any) { x[k] = n; add(v); x[k] = old })
			}
			x["zz_unknown"] = true
			add(v)
			delete(x, "zz_unknown")
		case []any:
			for i := range x {
				old := x[i]
				walk(old, func(n any) { x[i] = n; add(v); x[i] = old })
			}
		}
		for _, n := range []any{nil, true, "s", json.Number("1.5"), json.Number("7"), []any{}, map[string]any{}} {
			if fmt.Sprint(n) != fmt.Sprint(x) {
				replace(n)
			}
		}
	}
	walk(v, func(any) {})
	return out
}
