// Package schemagen emits the JSON Schema (draft 2020-12) of a catalog's wire
// format: the envelope every error is sent in, discriminated by code, with
// each code's category, retryability, docs URL and params pinned down.
//
// The document reads top-down: the envelope's keys first, then one "if code
// is X then $defs/X" rule per code, then the $defs. Everything is taken from
// the model in its order, so the output is deterministic.
package schemagen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/errspec/errspec/generator/model"
)

// draft is the meta-schema the document declares.
const draft = "https://json-schema.org/draft/2020-12/schema"

// Render returns the JSON Schema (draft 2020-12) of the catalog's wire format. notice is the
// generated-file notice, emitted as the top-level "$comment".
//
// The document's $id is described at [schemaID]. It is indented with two
// spaces, ends in a newline, and leaves <, > and & unescaped.
func Render(cat *model.Catalog, notice string) ([]byte, error) {
	doc, err := document(cat, notice)
	if err != nil {
		return nil, fmt.Errorf("JSON Schema of catalog %s: %w", cat.Name, err)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("JSON Schema of catalog %s: %w", cat.Name, err)
	}
	return buf.Bytes(), nil
}

// schemaID returns the document's $id. With a docs base URL it is the file
// "<name>.schema.json" under that URL (its query and fragment dropped), so
// the schema can be published next to the reference docs at its own $id:
// "https://docs.example.com/errors/agenttools.schema.json". Without a base
// URL, or with one that is not an absolute URL, it is "urn:errspec:<name>".
// Either depends only on the catalog's name and base URL.
func schemaID(cat *model.Catalog) string {
	if cat.DocsBaseURL != "" {
		if u, err := url.Parse(cat.DocsBaseURL); err == nil && u.Scheme != "" && u.Host != "" {
			u.RawQuery, u.Fragment, u.RawFragment = "", "", ""
			return u.JoinPath(cat.Name + ".schema.json").String()
		}
	}
	return "urn:errspec:" + url.PathEscape(cat.Name)
}

// document builds the whole schema.
func document(cat *model.Catalog, notice string) (object, error) {
	env := cat.Envelope
	if err := checkEnvelope(env); err != nil {
		return nil, err
	}
	hasDocs, hasParams := false, false
	for _, code := range cat.Codes {
		hasDocs = hasDocs || code.DocsURL != ""
		hasParams = hasParams || len(code.Params) > 0
	}

	var doc object
	doc.add("$schema", draft)
	doc.add("$id", schemaID(cat))
	if notice != "" {
		doc.add("$comment", notice)
	}
	doc.add("title", cat.Title)
	if cat.Description != "" {
		doc.add("description", cat.Description)
	}
	doc.add("type", "object")
	doc.add("properties", envelopeProperties(cat, hasDocs, hasParams))
	doc.add("required", []string{env.Code, env.Category, env.Message, env.Retryable})
	doc.add("additionalProperties", false)
	if len(cat.Codes) == 0 {
		return doc, nil // allOf must not be empty; the code enum already rejects every payload
	}

	rules := make([]object, len(cat.Codes))
	defs := object{}
	for i, code := range cat.Codes {
		rules[i] = codeRule(env, code)
		def, err := codeDef(env, code, hasDocs, hasParams)
		if err != nil {
			return nil, fmt.Errorf("code %s: %w", code.Name, err)
		}
		defs.add(code.Name, def)
	}
	doc.add("allOf", rules)
	doc.add("$defs", defs)
	return doc, nil
}

// checkEnvelope makes sure every wire field has a key of its own.
func checkEnvelope(env model.Envelope) error {
	fields := []struct{ name, key string }{
		{"code", env.Code}, {"category", env.Category}, {"message", env.Message},
		{"detail", env.Detail}, {"suggestion", env.Suggestion}, {"retryable", env.Retryable},
		{"docs URL", env.DocsURL}, {"params", env.Params},
	}
	seen := map[string]string{}
	for _, f := range fields {
		if f.key == "" {
			return fmt.Errorf("the envelope gives the %s no key", f.name)
		}
		if prev, ok := seen[f.key]; ok {
			return fmt.Errorf("the envelope gives the %s and the %s the same key %q", prev, f.name, f.key)
		}
		seen[f.key] = f.name
	}
	return nil
}

// envelopeProperties describes every top-level key of the wire format. The
// docs URL and params keys appear only when some code can carry them.
func envelopeProperties(cat *model.Catalog, hasDocs, hasParams bool) object {
	env := cat.Envelope
	codes := make([]string, len(cat.Codes))
	for i, code := range cat.Codes {
		codes[i] = code.Name
	}
	categories := make([]string, len(cat.Categories))
	for i, c := range cat.Categories {
		categories[i] = c.Name
	}

	var props object
	props.add(env.Code, object{
		{"description", "The error code: what went wrong. Stable across releases."},
		{"type", "string"},
		{"enum", codes},
	})
	props.add(env.Category, object{
		{"description", "The code's category."},
		{"type", "string"},
		{"enum", categories},
	})
	props.add(env.Message, object{
		{"description", "What went wrong, with the params filled in."},
		{"type", "string"},
	})
	props.add(env.Detail, object{
		{"description", "Context about this occurrence; absent when there is none."},
		{"type", "string"},
		{"minLength", 1},
	})
	props.add(env.Suggestion, object{
		{"description", "How to fix the call, with the params filled in; absent when the code has none."},
		{"type", "string"},
		{"minLength", 1},
	})
	props.add(env.Retryable, object{
		{"description", "Whether making the same call again can succeed."},
		{"type", "boolean"},
	})
	if hasDocs {
		props.add(env.DocsURL, object{
			{"description", "The code's entry in the error reference."},
			{"type", "string"},
			{"format", "uri"},
		})
	}
	if hasParams {
		props.add(env.Params, object{
			{"description", "The code's params; present exactly when the code declares params."},
			{"type", "object"},
		})
	}
	return props
}

// codeRule selects a code's $def when the payload carries that code.
func codeRule(env model.Envelope, code *model.Code) object {
	return object{
		{"if", object{
			{"properties", object{{env.Code, object{{"const", code.Name}}}}},
			{"required", []string{env.Code}},
		}},
		{"then", object{{"$ref", defRef(code.Name)}}},
	}
}

// defRef returns the reference to a $defs entry: a JSON Pointer, escaped
// for use as a URI fragment.
func defRef(name string) string {
	ptr := "/$defs/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(name)
	return "#" + (&url.URL{Fragment: ptr}).EscapedFragment()
}

// codeDef pins what a code fixes on the wire: its category, whether it is
// retryable, its docs URL, and its params (or that it has none).
func codeDef(env model.Envelope, code *model.Code, hasDocs, hasParams bool) (object, error) {
	if code.Category == nil {
		return nil, fmt.Errorf("no category")
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

	var props object
	var required []string
	props.add(env.Code, object{{"const", code.Name}})
	props.add(env.Category, object{{"const", code.Category.Name}})
	props.add(env.Retryable, object{{"const", code.Retryable}})
	switch {
	case code.DocsURL != "":
		props.add(env.DocsURL, object{{"const", code.DocsURL}})
		required = append(required, env.DocsURL)
	case hasDocs:
		props.add(env.DocsURL, false)
	}
	switch {
	case len(code.Params) > 0:
		params, err := paramsSchema(code.Params)
		if err != nil {
			return nil, err
		}
		props.add(env.Params, params)
		required = append(required, env.Params)
	case hasParams:
		props.add(env.Params, false)
	}
	def.add("properties", props)
	if len(required) > 0 {
		def.add("required", required)
	}
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

// paramsSchema describes a closed object of params or fields: the required
// ones required, the optional ones allowed to be absent, nothing else.
func paramsSchema(params []*model.Param) (object, error) {
	var props object
	var required []string
	for _, p := range params {
		s, err := typeSchema(p.Type, p.Doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
		props.add(p.Name, s)
		if !p.Optional {
			required = append(required, p.Name)
		}
	}
	o := object{{"type", "object"}, {"properties", props}}
	if len(required) > 0 {
		o.add("required", required)
	}
	o.add("additionalProperties", false)
	return o, nil
}

// typeSchema describes a value of type t; doc, when not empty, becomes its
// description.
func typeSchema(t *model.Type, doc string) (object, error) {
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
	case model.Int:
		o.add("type", "integer")
	case model.Bool:
		o.add("type", "boolean")
	case model.Float:
		o.add("type", "number")
	case model.List, model.Map:
		elem, err := typeSchema(t.Elem, "")
		if err != nil {
			return nil, err
		}
		if t.Kind == model.List {
			o.add("type", "array")
			o.add("items", elem)
		} else {
			o.add("type", "object")
			o.add("additionalProperties", elem)
		}
	case model.Object:
		fields, err := paramsSchema(t.Fields)
		if err != nil {
			return nil, err
		}
		o = append(o, fields...)
	default:
		return nil, fmt.Errorf("unknown type kind %d (%q)", t.Kind, t.Source)
	}
	return o, nil
}

// object is a JSON object whose members are written in the order they were
// added, so the document reads in the order it is built.
type object []member

type member struct {
	key   string
	value any
}

func (o *object) add(key string, value any) { *o = append(*o, member{key, value}) }

// MarshalJSON writes o compactly; the encoder Render uses indents it. Keys
// and values are encoded without HTML escaping, as Render's encoder would.
func (o object) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(m.key); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode ends every value with a newline
		buf.WriteByte(':')
		if err := enc.Encode(m.value); err != nil {
			return nil, fmt.Errorf("%s: %w", m.key, err)
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
