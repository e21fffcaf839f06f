// Package schemagen emits the JSON Schema (draft 2020-12) of a catalog's wire
// format: each code's envelope, with its category, retry metadata, docs URL
// and params pinned down, discriminated by the code.
//
// The schema comes in two modes, as the catalog's outputs.jsonschema.mode
// says. The exact mode accepts what this version of the catalog sends and
// nothing else. The compatible mode, the default, is for clients that
// validate what a newer version of the server sends: a code it does not
// know matches a general branch, the shape of one of the catalog's
// envelopes with its values typed but not pinned and its params of any
// shape; a code it
// knows matches its entry with the values a newer version may change
// without breaking anything (the title, the docs URL, retry_after) typed
// but not pinned, and every member but the code optional, for a server of
// an older version whose envelope did not have it; and every object allows
// keys it does not describe. A
// tier stays one of the catalog's tiers in both modes, as the generated
// code's constant, or "" for a tier not known where a value must be given
// (a required param, an element of a list or map). The generated Parse
// accepts what the schema of the catalog's mode accepts.
//
// The document reads top-down: the code at its place in the envelope first,
// then one "if the code is X then $defs/X" rule per code, then the $defs,
// each the whole envelope object of one code. A $defs entry describes what
// the generated marshal code writes for that code: the members its envelope
// places, required when they are always written, absent when they never
// are, and every object closed. Everything is taken from the model in its
// order, so the output is deterministic.
package schemagen

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strings"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/generator/model"
)

// draft is the meta-schema the document declares.
const draft = "https://json-schema.org/draft/2020-12/schema"

// Schema is the JSON Schema (draft 2020-12) of a catalog's wire format,
// built.
type Schema struct {
	data []byte
	defs map[string]object // the $defs entry of each code, by code name
}

// Build builds the JSON Schema of the catalog's wire format in the mode
// the catalog asks for (exact unless it says compatible). notice is the
// generated-file notice, emitted as the top-level "$comment". The
// document's $id is described at [schemaID].
func Build(cat *model.Catalog, notice string) (*Schema, error) {
	return BuildMode(cat, notice, cat.Outputs.JSONSchemaMode)
}

// BuildMode builds the JSON Schema of the catalog's wire format in a mode,
// model.SchemaExact ("" too) or model.SchemaCompatible, whatever the
// catalog asks for.
func BuildMode(cat *model.Catalog, notice, mode string) (*Schema, error) {
	if mode != "" && mode != model.SchemaExact && mode != model.SchemaCompatible {
		return nil, fmt.Errorf("JSON Schema of catalog %s: no mode %q", cat.Name, mode)
	}
	doc, defs, err := document(cat, notice, mode == model.SchemaCompatible)
	if err == nil {
		var data []byte
		if data, err = appendJSON(nil, doc, 0); err == nil {
			return &Schema{data: append(data, '\n'), defs: defs}, nil
		}
	}
	return nil, fmt.Errorf("JSON Schema of catalog %s: %w", cat.Name, err)
}

// JSON returns the document, as encoding/json's Encoder writes it indented
// with two spaces and leaving <, > and & unescaped: it ends in a newline.
func (s *Schema) JSON() []byte { return s.data }

// Def returns the $defs entry of the code named name as encoding/json
// decodes its JSON into an any with UseNumber: maps, slices, strings,
// json.Number, bools and nil. ok is false when the code has none.
func (s *Schema) Def(name string) (def any, ok bool) {
	o, ok := s.defs[name]
	if !ok {
		return nil, false
	}
	return decoded(o), true
}

// Render returns the JSON Schema of the catalog's wire format as
// [Schema.JSON] writes it.
func Render(cat *model.Catalog, notice string) ([]byte, error) {
	s, err := Build(cat, notice)
	if err != nil {
		return nil, err
	}
	return s.JSON(), nil
}

// schemaID returns the document's $id. With a docs base URL it is the file
// "<name>.schema.json" under that URL (its query and fragment dropped), so
// the schema can be published next to the reference docs at its own $id:
// "https://docs.example.com/errors/agenttools.schema.json". Without a base
// URL, or with one that is not an absolute URL, it is "urn:errspec:<name>".
// A catalog's version goes in it, so that each version's schema has an $id
// of its own: "agenttools-1.4.0.schema.json", "urn:errspec:agenttools:1.4.0".
// Either depends only on the catalog's name, version and base URL.
func schemaID(cat *model.Catalog) string {
	if cat.DocsBaseURL != "" {
		if u, err := url.Parse(cat.DocsBaseURL); err == nil && u.Scheme != "" && u.Host != "" {
			u.RawQuery, u.Fragment, u.RawFragment = "", "", ""
			name := cat.Name
			if cat.Version != "" {
				name += "-" + cat.Version
			}
			return u.JoinPath(name + ".schema.json").String()
		}
	}
	id := "urn:errspec:" + url.PathEscape(cat.Name)
	if cat.Version != "" {
		id += ":" + url.PathEscape(cat.Version)
	}
	return id
}

// unknownCode is the $defs entry of the codes a compatible schema does not
// know: code names cannot hold a hyphen.
const unknownCode = "unknown-code"

// document builds the whole schema, exact or compatible, and returns it
// with the $defs entry of each code by name.
func document(cat *model.Catalog, notice string, compatible bool) (object, map[string]object, error) {
	if len(cat.Envelopes) == 0 {
		return nil, nil, fmt.Errorf("the catalog has no envelope")
	}
	codePath := cat.Envelopes[0].CodePath
	if len(codePath) == 0 {
		return nil, nil, fmt.Errorf("the default envelope does not place the code")
	}

	var doc object
	if notice != "" {
		// First, so that it is within the part of the file where errspec
		// looks for its notice whatever the length of the $id.
		doc.add("$comment", notice)
	}
	doc.add("$schema", draft)
	doc.add("$id", schemaID(cat))
	doc.add("title", cat.Title)
	if cat.Description != "" {
		doc.add("description", cat.Description)
	}
	codes := make([]string, len(cat.Codes))
	for i, code := range cat.Codes {
		codes[i] = code.Name
	}
	codeSchema := object{
		{"description", "The error code: what went wrong. Stable across releases."},
		{"type", "string"},
		{"enum", codes},
	}
	if compatible {
		codeSchema = object{
			{"description", "The error code: what went wrong. Stable across releases; a newer version may send codes not listed here."},
			{"type", "string"},
			{"minLength", 1},
			{"examples", codes},
		}
	}
	doc = append(doc, nested(codePath, codeSchema, true)...)
	if len(cat.Codes) == 0 && !compatible {
		return doc, nil, nil // allOf must not be empty; the code enum already rejects every payload
	}

	rules := make([]object, len(cat.Codes), len(cat.Codes)+1)
	defs := object{}
	byName := make(map[string]object, len(cat.Codes))
	for i, code := range cat.Codes {
		rules[i] = object{
			{"if", nested(codePath, object{{"const", code.Name}}, false)},
			{"then", object{{"$ref", defRef(code.Name)}}},
		}
		def, err := codeDef(cat, code, compatible)
		if err != nil {
			return nil, nil, fmt.Errorf("code %s: %w", code.Name, err)
		}
		defs.add(code.Name, def)
		byName[code.Name] = def
	}
	if compatible {
		general, err := generalDef(cat)
		if err != nil {
			return nil, nil, err
		}
		rule := object{{"$ref", defRef(unknownCode)}}
		if len(codes) > 0 {
			rule = object{
				{"if", nested(codePath, object{{"not", object{{"enum", codes}}}}, false)},
				{"then", rule},
			}
		}
		rules = append(rules, rule)
		defs.add(unknownCode, general)
	}
	doc.add("allOf", rules)
	doc.add("$defs", defs)
	return doc, byName, nil
}

// nested describes objects that hold leaf at the keys of path, each key
// required: the members of the outermost object's schema. Each object
// below the outermost is declared an object, and with typed the outermost
// too; a condition leaves that to the document, which declares it. A
// condition that left an inner object untyped would hold for any value
// that is not an object, and a validator in a strict mode (Ajv's
// strictTypes) refuses to compile "required" without "type".
func nested(path []string, leaf object, typed bool) object {
	v := leaf
	for i := len(path) - 1; i >= 0; i-- {
		var o object
		if typed || i > 0 {
			o.add("type", "object")
		}
		o.add("properties", object{{path[i], v}})
		o.add("required", []string{path[i]})
		v = o
	}
	return v
}

// defRef returns the reference to a $defs entry: a JSON Pointer, escaped
// for use as a URI fragment.
func defRef(name string) string {
	ptr := "/$defs/" + pointerEscaper.Replace(name)
	return "#" + (&url.URL{Fragment: ptr}).EscapedFragment()
}

// pointerEscaper escapes a JSON Pointer's reference token (RFC 6901).
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// codeDef describes the envelope object of one code, introduced by the
// code's title, description and deprecation.
func codeDef(cat *model.Catalog, code *model.Code, compatible bool) (object, error) {
	if code.Category == nil {
		return nil, fmt.Errorf("no category")
	}
	env := code.Envelope
	if env == nil {
		return nil, fmt.Errorf("no envelope")
	}
	if !slices.Equal(env.CodePath, cat.Envelopes[0].CodePath) {
		return nil, fmt.Errorf("envelope %s puts the code at %s, the default envelope at %s",
			env.Name, model.KeyPath(env.CodePath), model.KeyPath(cat.Envelopes[0].CodePath))
	}
	var def object
	def.add("title", code.Title)
	if code.Description != "" {
		def.add("description", code.Description)
	}
	if d := code.Deprecated; d != nil {
		def.add("deprecated", true)
		def.add("$comment", deprecationNote(d))
	}

	w := wire{tiers: cat.Tiers, code: code, env: env, open: compatible}
	placed := env.Placed()
	for _, p := range code.WireParams() {
		if !placed[p.Name] {
			w.rest = append(w.rest, p)
		}
	}
	root, _, err := w.shape(env.Root)
	if err != nil {
		return nil, err
	}
	return append(def, root...), nil
}

// generalDef describes the error object of a code the catalog does not
// know, for the compatible mode: the shape of one of the catalog's
// envelopes, every value typed and none pinned, params of any shape, every
// object open.
func generalDef(cat *model.Catalog) (object, error) {
	shapes := make([]object, len(cat.Envelopes))
	for i, env := range cat.Envelopes {
		w := wire{tiers: cat.Tiers, env: env, open: true}
		root, _, err := w.shape(env.Root)
		if err != nil {
			return nil, err
		}
		shapes[i] = root
	}
	def := object{{"title", "A code this version of the catalog does not know"}}
	if len(shapes) == 1 {
		def.add("description", "A newer version of the catalog may send codes this one does not list: each comes in the default envelope.")
		return append(def, shapes[0]...), nil
	}
	def.add("description", "A newer version of the catalog may send codes this one does not list: each comes in one of the catalog's envelopes.")
	def.add("anyOf", shapes)
	return def, nil
}

// deprecationNote says since when a code is deprecated and what replaces
// it, as far as the catalog tells.
func deprecationNote(d *model.Deprecation) string {
	note := "Deprecated"
	if d.Since != "" {
		note += " since " + d.Since
	}
	if d.Use != nil {
		note += "; use " + d.Use.Name + " instead"
	}
	return note + "."
}

// presence is whether a member of an envelope is written for a code.
type presence int

const (
	never    presence = iota // never written: not a property
	optional                 // written when it has a value
	required                 // always written
)

// wire describes the envelope of one code or, with code nil, of the codes
// a compatible schema does not know.
type wire struct {
	tiers []*model.Tier
	code  *model.Code
	env   *model.Envelope
	rest  []*model.Param // the wire params the envelope does not place one by one, in declared order
	// open leaves objects open to keys they do not describe, and the values
	// a newer version may change without breaking a client typed but not
	// pinned: the compatible mode.
	open bool
}

// shape describes an object of the envelope: a closed object with the
// members written for the code. An object that is written only when it
// has members gets minProperties 1.
func (w *wire) shape(s *model.Shape) (object, presence, error) {
	var props object
	var req []string
	keys := map[string]bool{}
	add := func(key string, schema object, p presence) error {
		if p == never {
			return nil
		}
		if keys[key] {
			return fmt.Errorf("the envelope%s writes the key %q twice in one object", envName(w.env), key)
		}
		keys[key] = true
		props.add(key, schema)
		if p == required {
			req = append(req, key)
		}
		return nil
	}
	for _, m := range s.Members {
		if m.Kind == model.KindSpread {
			for _, p := range w.rest {
				schema, err := w.param(p)
				if err != nil {
					return nil, never, err
				}
				if err := add(p.Name, schema, presenceOf(p)); err != nil {
					return nil, never, err
				}
			}
			continue
		}
		schema, p, err := w.member(m)
		if err != nil {
			return nil, never, err
		}
		if err := add(m.Key, schema, p); err != nil {
			return nil, never, err
		}
	}
	return w.closed(props, req)
}

// closed is an object of the properties, req of them required, closed
// unless w is open; its presence follows from theirs.
func (w *wire) closed(props object, req []string) (object, presence, error) {
	if len(props) == 0 {
		return nil, never, nil
	}
	o := object{{"type", "object"}, {"properties", props}}
	p := required
	if len(req) > 0 {
		o.add("required", req)
	} else {
		o.add("minProperties", 1)
		p = optional
	}
	if !w.open {
		o.add("additionalProperties", false)
	}
	return o, p, nil
}

func envName(env *model.Envelope) string {
	if env.Name == "" {
		return ""
	}
	return " " + env.Name
}

// member describes one member of an envelope object other than a spread.
func (w *wire) member(m *model.Member) (object, presence, error) {
	switch m.Kind {
	case model.KindConst:
		v, err := constValue(m.Const)
		if err != nil {
			return nil, never, fmt.Errorf("the envelope%s gives %s the constant %s, which is not JSON: %w", envName(w.env), m.Key, m.Const, err)
		}
		return object{{"const", v}}, w.known(required), nil
	case model.KindField:
		schema, p, err := w.field(m.Field)
		if err != nil {
			return nil, never, fmt.Errorf("the envelope%s gives %s %w", envName(w.env), m.Key, err)
		}
		if m.Field != model.FieldCode {
			p = w.known(p)
		}
		return schema, p, nil
	case model.KindParam:
		if w.code == nil {
			return object{}, optional, nil // a param of a code not known: any value
		}
		p := w.code.Param(m.Param)
		if p == nil || !p.Wire {
			return nil, never, nil
		}
		schema, err := w.param(p)
		return schema, presenceOf(p), err
	case model.KindParams:
		if w.code == nil {
			return object{{"type", "object"}}, optional, nil // the params of a code not known: any
		}
		var props object
		var req []string
		for _, p := range w.rest {
			schema, err := w.param(p)
			if err != nil {
				return nil, never, err
			}
			props.add(p.Name, schema)
			if !p.Optional {
				req = append(req, p.Name)
			}
		}
		return w.closed(props, req)
	case model.KindObject:
		return w.shape(m.Object)
	}
	return nil, never, fmt.Errorf("the envelope%s gives %s an unknown member kind %d", envName(w.env), m.Key, m.Kind)
}

// known is the presence of a member other than the code in the envelope
// of a known code: in the compatible mode, one that is always written may
// be absent all the same, as from a server of an older version whose
// envelope did not have it; the reader takes what follows from the code
// from the catalog.
func (w *wire) known(p presence) presence {
	if w.open && w.code != nil && p == required {
		return optional
	}
	return p
}

// field describes a value of the error. Values that follow from the code
// are constants; texts are written only when not empty.
func (w *wire) field(f model.Field) (object, presence, error) {
	c := w.code
	text := object{{"type", "string"}, {"minLength", 1}}
	if c == nil {
		return generalField(f)
	}
	if w.open {
		// What a newer version may change without breaking a client.
		switch f {
		case model.FieldTitle:
			return text, required, nil
		case model.FieldDocsURL:
			return text, optional, nil
		case model.FieldRetryAfter:
			return seconds(), optional, nil
		}
	}
	switch f {
	case model.FieldCode:
		return object{{"const", c.Name}}, required, nil
	case model.FieldCategory:
		return object{{"const", c.Category.Name}}, required, nil
	case model.FieldMessage:
		return text, required, nil
	case model.FieldDetail, model.FieldSuggestion:
		return text, optional, nil
	case model.FieldRetryable:
		return object{{"const", c.Retryable}}, required, nil
	case model.FieldRetry:
		return object{{"const", string(c.Retry)}}, required, nil
	case model.FieldRetryAfter:
		if c.RetryAfter <= 0 {
			return nil, never, nil
		}
		return object{{"const", c.RetryAfter}}, required, nil
	case model.FieldHTTPStatus:
		return object{{"type", "integer"}, {"minimum", 100}, {"maximum", 599}}, required, nil
	case model.FieldDocsURL:
		if c.DocsURL == "" {
			return nil, never, nil
		}
		return object{{"const", c.DocsURL}}, required, nil
	case model.FieldTitle:
		return object{{"const", c.Title}}, required, nil
	}
	return nil, never, fmt.Errorf("an unknown field %d", f)
}

// generalField describes a value of the error of a code the schema does
// not know: typed, present when the default envelope always sends it.
func generalField(f model.Field) (object, presence, error) {
	p := required
	if f.Omittable() {
		p = optional
	}
	switch f {
	case model.FieldCode, model.FieldCategory, model.FieldMessage, model.FieldTitle, model.FieldRetry,
		model.FieldDetail, model.FieldSuggestion, model.FieldDocsURL:
		return object{{"type", "string"}, {"minLength", 1}}, p, nil
	case model.FieldRetryable:
		return object{{"type", "boolean"}}, p, nil
	case model.FieldRetryAfter:
		return seconds(), p, nil
	case model.FieldHTTPStatus:
		return object{{"type", "integer"}, {"minimum", 100}, {"maximum", 599}}, p, nil
	}
	return nil, never, fmt.Errorf("an unknown field %d", f)
}

// maxInt is the largest value of the Go type int of a generated
// package, 64 bits.
const maxInt = json.Number("9223372036854775807")

// seconds describes a retry-after that the schema does not pin: an
// integer from one to what the runtime holds, as Parse reads it.
func seconds() object {
	return object{{"type", "integer"}, {"minimum", 1}, {"maximum", errspec.MaxRetryAfter}}
}

func presenceOf(p *model.Param) presence {
	if p.Optional {
		return optional
	}
	return required
}

// param describes a param or a field of an object param. An optional one
// is written only when it is not its type's zero value, so when present it
// is not: a non-empty string, list or map, a number other than 0, true.
func (w *wire) param(p *model.Param) (object, error) {
	if p.Sensitive {
		// Never sent: the wire carries the redaction mark in its place.
		o := object{}
		if p.Doc != "" {
			o.add("description", p.Doc)
		}
		o.add("const", model.Redacted)
		return o, nil
	}
	s, err := w.typ(p.Type, p.Doc, p.Optional)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	if p.MaxLength > 0 {
		s.add("maxLength", p.MaxLength)
	}
	return s, nil
}

// typ describes a value of type t; doc, when not empty, becomes its
// description, and nonZero excludes the type's zero value.
func (w *wire) typ(t *model.Type, doc string, nonZero bool) (object, error) {
	if t == nil {
		return nil, fmt.Errorf("no type")
	}
	var o object
	if doc != "" {
		o.add("description", doc)
	}
	switch t.Kind {
	case model.String:
		o.add("type", "string")
		if nonZero {
			o.add("minLength", 1)
		}
	case model.TierKind:
		if len(w.tiers) == 0 {
			return nil, fmt.Errorf("type tier, and the catalog declares no tiers")
		}
		names := make([]string, len(w.tiers))
		for i, tier := range w.tiers {
			names[i] = tier.Name
		}
		if !nonZero {
			// A tier not known, where a value must be given: the
			// runtime writes a Tier the catalog does not have as "".
			names = append(names, "")
		}
		o.add("type", "string")
		o.add("enum", names)
	case model.Int, model.Float:
		// The bounds are those of the generated Go type, int (64 bits)
		// or float64, so that the schema accepts what Parse does.
		if t.Kind == model.Int {
			o.add("type", "integer")
			o.add("minimum", json.Number("-9223372036854775808"))
			o.add("maximum", maxInt)
		} else {
			var typ any = "number"
			if !nonZero {
				// null, where a value must be given: a float not
				// known, which the runtime writes for one not finite.
				typ = []string{"number", "null"}
			}
			o.add("type", typ)
			o.add("minimum", json.Number("-1.7976931348623157e308"))
			o.add("maximum", json.Number("1.7976931348623157e308"))
		}
		if nonZero {
			o.add("not", object{{"const", 0}})
		}
	case model.Bool:
		o.add("type", "boolean")
		if nonZero {
			o.add("const", true)
		}
	case model.List, model.Map:
		elem, err := w.typ(t.Elem, "", false)
		if err != nil {
			return nil, err
		}
		if t.Kind == model.List {
			o.add("type", "array")
			o.add("items", elem)
			if nonZero {
				o.add("minItems", 1)
			}
		} else {
			o.add("type", "object")
			o.add("additionalProperties", elem)
			if nonZero {
				o.add("minProperties", 1)
			}
		}
	case model.Object:
		// Every field is written, wire or not: the generated struct
		// marshals them all, the optional ones omitted when zero.
		fields := t.WireFields()
		var props object
		var req []string
		for _, f := range fields {
			s, err := w.param(f)
			if err != nil {
				return nil, err
			}
			props.add(f.Name, s)
			if !f.Optional {
				req = append(req, f.Name)
			}
		}
		o.add("type", "object")
		o.add("properties", props)
		if len(req) > 0 {
			o.add("required", req)
		}
		if !w.open {
			o.add("additionalProperties", false)
		}
	default:
		return nil, fmt.Errorf("unknown type kind %d (%q)", t.Kind, t.Source)
	}
	return o, nil
}

// constValue decodes a constant's JSON text, keeping the order of object
// keys and the text of numbers, so that it is written as the envelope
// declares it.
func constValue(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := object{}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			o.add(key.(string), v)
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}
