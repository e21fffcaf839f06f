package generator

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/errspec/errspec/generator/model"
)

// checkExamples validates the wire JSON of every example of the catalog
// against the catalog's JSON Schema, and reports each example that does
// not match, at the example's json.
func checkExamples(cat *model.Catalog, schema []byte) (model.Errors, error) {
	any := false
	for _, c := range cat.Codes {
		any = any || len(c.Examples) > 0
	}
	if !any {
		return nil, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("reading the generated JSON Schema: %w", err)
	}
	comp := jsonschema.NewCompiler()
	if err := comp.AddResource("errors.schema.json", doc); err != nil {
		return nil, err
	}
	sch, err := comp.Compile("errors.schema.json")
	if err != nil {
		return nil, fmt.Errorf("compiling the generated JSON Schema: %w", err)
	}
	var errs model.Errors
	for _, c := range cat.Codes {
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
