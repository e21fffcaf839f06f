package generator

import (
	"fmt"

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
			errs = append(errs, &model.Error{
				Path: []string{"codes", c.Name, "examples", fmt.Sprintf("[%d]", ex.Index), "json"},
				Msg:  "the example does not match the wire format of " + c.Name + ": " + check.summary(),
				Fix:  "make the example's json what the constructor sends, as the JSON Schema describes it",
			})
		}
	}
	return errs, nil
}
