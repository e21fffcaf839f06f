package generator

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/generator/schemagen"
)

// checkExamples validates the wire JSON of every example of the catalog
// against its code's entry of the catalog's JSON Schema, and reports each
// example that does not match, at the example's json. The schema picks
// the $defs entry of an error's code, which refers to nothing else: an
// example is checked against its code's entry alone, which keeps the
// check linear in the number of codes.
func checkExamples(cat *model.Catalog, schema *schemagen.Schema) (model.Errors, error) {
	var errs model.Errors
	for _, c := range cat.Codes {
		if len(c.Examples) == 0 {
			continue
		}
		def, ok := schema.Def(c.Name)
		if !ok {
			return nil, fmt.Errorf("the generated JSON Schema has no $defs entry for %s", c.Name)
		}
		for _, ex := range c.Examples {
			inst, err := decodeJSON(ex.JSON)
			if err != nil {
				return nil, fmt.Errorf("the example %s/%d: %w", c.Name, ex.Index, err)
			}
			var check schemaCheck
			check.check(def, inst, "")
			if check.unknown != "" {
				return nil, fmt.Errorf("checking the examples of %s: the generated JSON Schema uses %s, which the check does not know", c.Name, check.unknown)
			}
			if len(check.problems) == 0 {
				continue
			}
			fix := "make the example's json what the constructor sends, as the JSON Schema describes it"
			if names := zeroOptionals(ex); len(names) > 0 {
				fix += `; it does not send an optional param at its zero value (0, "", false, empty), so leave ` + strings.Join(names, ", ") + " out of it"
			}
			errs = append(errs, &model.Error{
				Path: []string{"codes", c.Name, "examples", fmt.Sprintf("[%d]", ex.Index), "json"},
				Msg:  "the example does not match the wire format of " + c.Name + ": " + check.summary(),
				Fix:  fix,
			})
		}
	}
	return errs, nil
}

// zeroOptionals names the optional params ex gives at their zero value,
// which the constructor leaves off the wire.
func zeroOptionals(ex *model.Example) []string {
	var names []string
	for _, v := range ex.Values {
		if v.Param.Optional && isZero(v.Value) {
			names = append(names, v.Param.Name)
		}
	}
	return names
}

// isZero reports whether a value decoded from JSON is the zero value of
// its Go type.
func isZero(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case bool:
		return !v
	case json.Number:
		f, err := v.Float64()
		return err == nil && f == 0
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}
