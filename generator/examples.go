package generator

import (
	"bytes"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/generator/schemagen"
)

// checkExamples validates the wire JSON of every example of the catalog
// against the catalog's JSON Schema, and reports each example that does
// not match, at the example's json.
func checkExamples(cat *model.Catalog, schema *schemagen.Schema) (model.Errors, error) {
	some := false
	for _, c := range cat.Codes {
		some = some || len(c.Examples) > 0
	}
	if !some {
		return nil, nil
	}
	if quickCheckExamples(cat, schema) {
		return nil, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema.JSON()))
	if err != nil {
		return nil, fmt.Errorf("reading the generated JSON Schema: %w", err)
	}
	root, _ := doc.(map[string]any)
	defs, _ := root["$defs"].(map[string]any)
	comp := jsonschema.NewCompiler()
	var errs model.Errors
	for _, c := range cat.Codes {
		if len(c.Examples) == 0 {
			continue
		}
		// The schema picks the $defs entry of an error's code, which refers
		// to nothing else: an example is checked against its code's entry
		// alone, compiled on its own, which keeps the check linear in the
		// number of codes.
		def, ok := defs[c.Name].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("the generated JSON Schema has no $defs entry for %s", c.Name)
		}
		res := maps.Clone(def)
		res["$schema"] = root["$schema"]
		loc := "code/" + url.PathEscape(c.Name) + ".json"
		if err := comp.AddResource(loc, res); err != nil {
			return nil, err
		}
		sch, err := comp.Compile(loc)
		if err != nil {
			return nil, fmt.Errorf("compiling the generated JSON Schema of %s: %w", c.Name, err)
		}
		for _, ex := range c.Examples {
			inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(ex.JSON))
			if err == nil {
				err = sch.Validate(inst)
			}
			if err == nil {
				continue
			}
			errs = append(errs, &model.Error{
				Path: []string{"codes", c.Name, "examples", fmt.Sprintf("[%d]", ex.Index), "json"},
				Msg:  "the example does not match the wire format of " + c.Name + ": " + schemaProblems(err),
				Fix:  "make the example's json what the constructor sends, as the JSON Schema describes it",
			})
		}
	}
	return errs, nil
}

// quickCheckExamples reports whether every example of the catalog is
// valid against its code's entry of the JSON Schema, as far as quickCheck
// can tell.
func quickCheckExamples(cat *model.Catalog, schema *schemagen.Schema) bool {
	for _, c := range cat.Codes {
		if len(c.Examples) == 0 {
			continue
		}
		def, ok := schema.Def(c.Name)
		if !ok {
			return false
		}
		for _, ex := range c.Examples {
			inst, err := decodeJSON(ex.JSON)
			if err != nil {
				return false
			}
			if valid, decided := quickCheck(def, inst); !valid || !decided {
				return false
			}
		}
	}
	return true
}

// schemaProblems says in one line where a value breaks the schema: the
// innermost problems, at most three.
func schemaProblems(err error) string {
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var leaves []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			at := "/" + strings.Join(e.InstanceLocation, "/")
			leaves = append(leaves, fmt.Sprintf("at %s: %s", at, leafMessage(e)))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(verr)
	// The validator visits an object's properties in no fixed order.
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
