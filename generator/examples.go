package generator

import (
	"encoding/json"
	"fmt"
	"regexp"
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
			if consts := missingConsts(def, inst, nil); len(consts) > 0 {
				fix += "; it always sends " + strings.Join(consts, ", ")
			}
			if sent := missingParams(c, ex, inst); len(sent) > 0 {
				fix += "; for the example's params it sends " + strings.Join(sent, ", ")
			}
			if msg := missingMessage(c, ex, inst); msg != "" {
				fix += "; " + msg
			}
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

// missingConsts returns the members that schema requires with a constant
// value and value, an example's JSON at path, leaves out, each as CUE
// writes the member in the example's json: retryable: false, or
// error: code: "NOT_FOUND" in an object it has not.
func missingConsts(schema, value any, path []string) []string {
	s, ok := schema.(map[string]any)
	if !ok {
		return nil
	}
	props, _ := s["properties"].(map[string]any)
	required, _ := s["required"].([]any)
	obj, _ := value.(map[string]any)
	var out []string
	for _, r := range required {
		key, _ := r.(string)
		prop, _ := props[key].(map[string]any)
		if prop == nil {
			continue
		}
		inner, present := obj[key]
		if !present {
			inner = nil
		}
		if c, ok := prop["const"]; ok {
			if !present {
				b, err := json.Marshal(c)
				if err == nil {
					out = append(out, cueLabels(append(path, key))+": "+string(b))
				}
			}
			continue
		}
		if _, isObject := inner.(map[string]any); isObject || !present {
			out = append(out, missingConsts(prop, inner, append(path[:len(path):len(path)], key))...)
		}
	}
	return out
}

// missingParams returns the params ex gives that its JSON, inst, leaves
// out, each as CUE writes the member in the example's json, where the
// wire carries it as given: a string, an int, a bool or a tier, or a list
// of them (params: last4: "4242"). A float, an object, a map, a string
// cut to its max_length, a sensitive param, and an optional one at its
// zero value (see zeroOptionals) are left to the example's test, which
// shows the whole JSON the constructor sends.
func missingParams(c *model.Code, ex *model.Example, inst any) []string {
	// The members under one object are written in it, in the order of
	// the params: params: {last4: "4242", reason: "declined"}.
	var parents []string
	members := map[string][]string{}
	for _, v := range ex.Values {
		p := v.Param
		t := p.Type
		if t.Kind == model.List {
			t = t.Elem
		}
		if !p.Wire || p.Sensitive || p.MaxLength > 0 || p.Optional && isZero(v.Value) ||
			!t.IsScalar() || t.Kind == model.Float || c.Envelope == nil {
			continue
		}
		path := c.Envelope.ParamPath(p.Name)
		if len(path) == 0 || has(inst, path) {
			continue
		}
		parent, key := cueLabels(path[:len(path)-1]), cueLabels(path[len(path)-1:])
		if members[parent] == nil {
			parents = append(parents, parent)
		}
		members[parent] = append(members[parent], key+": "+string(v.JSON))
	}
	var out []string
	for _, parent := range parents {
		ms := members[parent]
		switch {
		case parent == "":
			out = append(out, ms...)
		case len(ms) == 1:
			out = append(out, parent+": "+ms[0])
		default:
			out = append(out, parent+": {"+strings.Join(ms, ", ")+"}")
		}
	}
	return out
}

// missingMessage says what the message is that ex's JSON, inst, leaves
// out, which every error sends: the text its template gives for the
// example's params, as CUE writes the member (message: "Internal error in
// refund_payment"), where the template inserts only strings, ints and
// bools as text; else the template, to fill in. It returns "" when inst
// has the message.
func missingMessage(c *model.Code, ex *model.Example, inst any) string {
	if c.Envelope == nil {
		return ""
	}
	path := c.Envelope.FieldPath(model.FieldMessage)
	if len(path) == 0 || has(inst, path) {
		return ""
	}
	label := cueLabels(path)
	if text, ok := renderText(c.Message, ex); ok {
		if text == "" {
			text = c.Title // an empty message is the code's title
		}
		return "it sends " + label + ": " + cueString(text)
	}
	return "it sends " + label + " with the text its template, " + cueString(c.Message.Source) + ", gives for the example's params"
}

// cueString writes s as a JSON string, which CUE reads as the same text, with
// <, > and & as they are.
func cueString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// renderText fills in t with the example's params, where every
// placeholder inserts as text a string, an int or a bool that the wire
// sends as it is (neither sensitive nor cut to a max_length); false
// otherwise.
func renderText(t model.Template, ex *model.Example) (string, bool) {
	values := map[*model.Param]any{}
	for _, v := range ex.Values {
		values[v.Param] = v.Value
	}
	var b strings.Builder
	for _, part := range t.Parts {
		switch {
		case part.IsField:
			return "", false
		case part.Param == nil:
			b.WriteString(part.Text)
			continue
		}
		p := part.Param
		if part.Format != model.FormatText || p.Sensitive || p.MaxLength > 0 || p.Type.Kind == model.TierKind || !p.Type.IsScalar() || p.Type.Kind == model.Float {
			return "", false
		}
		v, given := values[p]
		if !given || isZero(v) {
			if part.HasDefault {
				b.WriteString(part.Default)
				continue
			}
		}
		switch v := v.(type) {
		case nil:
			// A param the example leaves out: its zero value.
			switch p.Type.Kind {
			case model.Int:
				b.WriteString("0")
			case model.Bool:
				b.WriteString("false")
			}
		case string:
			b.WriteString(v)
		case json.Number:
			b.WriteString(v.String())
		case bool:
			fmt.Fprint(&b, v)
		default:
			return "", false
		}
	}
	return b.String(), true
}

// has reports whether the JSON value v has a member at path.
func has(v any, path []string) bool {
	for _, key := range path {
		obj, ok := v.(map[string]any)
		if !ok {
			return false
		}
		if v, ok = obj[key]; !ok {
			return false
		}
	}
	return true
}

// cueLabels writes a path of JSON keys as CUE's labels of a field:
// error: code, with a key that is not an identifier in quotes.
func cueLabels(path []string) string {
	labels := make([]string, len(path))
	for i, k := range path {
		labels[i] = k
		if !cueIdent.MatchString(k) {
			b, _ := json.Marshal(k)
			labels[i] = string(b)
		}
	}
	return strings.Join(labels, ": ")
}

// cueIdent matches a key CUE reads as a label without quotes.
var cueIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

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
