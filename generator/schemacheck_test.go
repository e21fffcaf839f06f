package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/schemagen"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// TestSchemaCheckAgrees holds schemaCheck to a full JSON Schema validator
// on the examples of the example catalog and of a synthetic one, and on
// variants of each example that break it: a key removed, a key added, a
// value replaced by one of another type. Both must find the same
// examples valid, and say the same of the others.
func TestSchemaCheckAgrees(t *testing.T) {
	syn := synthtest.Dir(t, 40)
	checked, broken := 0, 0
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
					want := ""
					if err := sch.Validate(inst); err != nil {
						want = validatorProblems(err)
						broken++
					}
					v, _ := decodeJSON(variant)
					var check schemaCheck
					check.check(def, v, "")
					if check.unknown != "" {
						t.Errorf("%s variant %d: schemaCheck does not know %s", c.Name, i, check.unknown)
					}
					if got := check.summary(); got != want {
						t.Errorf("%s variant %d: schemaCheck says %q, the full validator %q:\n%s", c.Name, i, got, want, variant)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d values checked, %d of them broken", checked, broken)
	if checked < 50 || broken < checked/2 {
		t.Errorf("only %d values checked, %d of them broken", checked, broken)
	}
}

// validatorProblems says in one line where the full validator finds that a
// value breaks the schema, as schemaCheck.summary does: the innermost
// problems, sorted, at most three.
func validatorProblems(err error) string {
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var leaves []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, fmt.Sprintf("at /%s: %s", strings.Join(e.InstanceLocation, "/"), leafMessage(e)))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(verr)
	slices.Sort(leaves)
	if len(leaves) > 3 {
		leaves = append(leaves[:3], fmt.Sprintf("and %d more", len(leaves)-3))
	}
	return strings.Join(leaves, "; ")
}

func leafMessage(e *jsonschema.ValidationError) string {
	out := e.BasicOutput()
	for _, u := range append([]jsonschema.OutputUnit{*out}, out.Errors...) {
		if u.Error != nil {
			return u.Error.String()
		}
	}
	return "does not match"
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
