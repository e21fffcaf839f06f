// Package catalogjson renders a resolved catalog for machines: the whole
// catalog as JSON (Render), for tools and agents that want every code,
// category, retry class, param, example, docs URL, feature and tool in one
// document, and a compact plain-text index in the style of llms.txt
// (RenderIndex), one line per code, for an agent's context.
//
// The JSON is written by encoding/json from the types of this package, so
// a program can read it back into them: Catalog is the document, Code one
// code (also what errspec explain --format json prints). Keys keep the
// order of the struct fields, lists the order of the model, and the
// output ends with one newline: the same catalog always gives the same
// bytes.
package catalogjson

import (
	"bytes"
	"cmp"
	"encoding/json"
	"strings"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

// Version is the version of the JSON format, in the document's
// errspec_catalog key; it changes when a key changes meaning or goes away.
const Version = 1

// Catalog is the whole resolved catalog.
type Catalog struct {
	Comment     string `json:"$comment,omitempty"` // the generated-file notice
	Format      int    `json:"errspec_catalog"`    // Version
	Name        string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"` // Markdown
	Version     string `json:"version,omitempty"`     // the catalog's semantic version, as declared
	DocsURL     string `json:"docs_url,omitempty"`    // where the reference is published
	// ErrorText is the template of what an error's Error method returns,
	// over its fields, unless its code has one of its own.
	ErrorText string `json:"error_text"`
	// Lists are the words that join a list in the templates.
	Lists Lists `json:"lists"`
	// Envelopes are the wire shapes, the default first, in the catalog's
	// envelope language ("$code", "$params", ...).
	Envelopes  []Envelope        `json:"envelopes"`
	Categories []Category        `json:"categories"`
	Codes      []Code            `json:"codes"`
	Tiers      []string          `json:"tiers,omitempty"` // lowest first
	UpgradeURL string            `json:"upgrade_url,omitempty"`
	Features   []Feature         `json:"features,omitempty"`
	Tools      []Tool            `json:"tools,omitempty"`
	Roles      map[string]string `json:"roles,omitempty"` // role → code
}

// Lists are the words that join the elements of a list in a template,
// each as it goes between two elements: "a, b and c" in English.
type Lists struct {
	Separator string `json:"separator"` // between the elements, but before the last one of {p:and}, {p:or} and {tier:or_higher}; between an object's fields in parentheses
	And       string `json:"and"`       // before the last element of {p:and}
	Or        string `json:"or"`        // before the last element of {p:or} and the highest tier of {tier:or_higher}
}

// Envelope is a wire shape.
type Envelope struct {
	Name  string          `json:"name,omitempty"` // "" for the default shape
	Shape json.RawMessage `json:"shape"`
}

// Category is a category of codes.
type Category struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Parent      string   `json:"parent,omitempty"`
	HTTPStatus  int      `json:"http_status"`
	GRPCCode    string   `json:"grpc_code,omitempty"` // its own or inherited; "" when it sets none
	Retryable   bool     `json:"retryable"`
	Retry       string   `json:"retry"`
	RetryAfter  int      `json:"retry_after,omitempty"` // seconds
	Retries     int      `json:"retries,omitempty"`     // retries of the same call, when said
	Codes       []string `json:"codes"`                 // its own codes, not its subcategories'
	DocsURL     string   `json:"docs_url,omitempty"`
}

// Code is an error code.
type Code struct {
	Code        string `json:"code"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"` // Markdown: when to expect it
	Category    string `json:"category"`
	// Categories are the code's category and those above it, nearest
	// first: every category the code matches.
	Categories []string `json:"categories"`
	HTTPStatus int      `json:"http_status"`
	// GRPCCode is the gRPC status code of its errors: its own, its
	// category's, or the one its HTTP status maps to.
	GRPCCode   string       `json:"grpc_code"`
	Retryable  bool         `json:"retryable"`
	Retry      string       `json:"retry"`                 // never, after_fix, after_delay or safe
	RetryAfter int          `json:"retry_after,omitempty"` // seconds
	Retries    int          `json:"retries,omitempty"`     // retries of the same call, when said
	Message    string       `json:"message"`               // templates, as written
	Detail     string       `json:"detail,omitempty"`
	Suggestion string       `json:"suggestion,omitempty"`
	ErrorText  string       `json:"error_text,omitempty"` // its own, over its fields and params; "" for the catalog's
	Params     []Param      `json:"params,omitempty"`
	Examples   []Example    `json:"examples,omitempty"`
	Deprecated *Deprecation `json:"deprecated,omitempty"`
	Replaces   []string     `json:"replaces,omitempty"` // deprecated codes whose replacement it is
	Envelope   string       `json:"envelope,omitempty"` // the name of its wire shape, "" for the default
	Role       string       `json:"role,omitempty"`     // the part it plays for the generated helpers
	DocsURL    string       `json:"docs_url,omitempty"`
}

// Param is a param of a code, or a field of an object param.
type Param struct {
	Name string `json:"name"`
	Type string `json:"type"` // as written: string, []string, map[string]int, object, tier, ...
	// JSONType names the type as JSON does: string, integer, number,
	// boolean, object, "array of T", "object of T" (a map), "string (one
	// of the tiers)".
	JSONType string `json:"json_type"`
	Required bool   `json:"required"`
	Doc      string `json:"doc,omitempty"`
	// Key is the dotted key path where the code's wire shape sends the
	// param; "" for a field, or for a param that is not sent.
	Key       string `json:"key,omitempty"`
	Wire      bool   `json:"wire"` // false for a param that only fills templates
	Sensitive bool   `json:"sensitive,omitempty"`
	MaxLength int    `json:"max_length,omitempty"`
	// Fields are those the wire carries of an object, or of the objects
	// of a list or map: every field of the standard alternatives (action,
	// description, available_on) whichever the catalog declares.
	Fields []Param `json:"fields,omitempty"`
}

// Example is a checked example of a code.
type Example struct {
	// Params are the values given to the constructor, in the order of the
	// code's params.
	Params     json.RawMessage `json:"params"`
	Detail     string          `json:"detail,omitempty"`
	HTTPStatus int             `json:"http_status,omitempty"`
	JSON       json.RawMessage `json:"json"` // the exact wire JSON
}

// Deprecation says a code is deprecated.
type Deprecation struct {
	Since string `json:"since,omitempty"`
	Use   string `json:"use,omitempty"` // the replacement code
}

// Feature is a feature that a tier gates.
type Feature struct {
	Key          string        `json:"key"`
	Name         string        `json:"name"`
	Tier         string        `json:"tier"`  // the least tier that has it
	Tools        []string      `json:"tools"` // tool or tool:action
	Alternatives []Alternative `json:"alternatives,omitempty"`
	DocsURL      string        `json:"docs_url,omitempty"`      // the feature's own documentation
	ReferenceURL string        `json:"reference_url,omitempty"` // its section in the error reference
}

// Alternative is what a caller can do instead of a gated feature.
type Alternative struct {
	Action      string `json:"action"`
	Description string `json:"description,omitempty"`
	AvailableOn string `json:"available_on,omitempty"`
}

// Tool is a tool of the server.
type Tool struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Actions     []Action `json:"actions"`
}

// Action is an action of a tool.
type Action struct {
	Name     string   `json:"name"`
	Required []string `json:"required"`          // required arguments
	Feature  string   `json:"feature,omitempty"` // the feature that gates it
	Tier     string   `json:"tier,omitempty"`    // the least tier that has it
}

// Render renders the catalog as JSON, notice as its "$comment".
func Render(cat *model.Catalog, notice string) ([]byte, error) {
	doc := FromModel(cat)
	doc.Comment = notice
	return Marshal(doc)
}

// Marshal writes v as errspec writes JSON: indented with two spaces,
// without HTML escapes, with every character that could act on a terminal
// or hide the text around it (textsafe.Hidden) escaped as \uXXXX, which
// JSON reads back as the same text, and with a final newline.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return textsafe.JSON(b.Bytes()), nil
}

// FromModel converts a resolved catalog.
func FromModel(cat *model.Catalog) Catalog {
	doc := Catalog{
		Format:      Version,
		Name:        cat.Name,
		Title:       cat.Title,
		Description: cat.Description,
		Version:     cat.Version,
		DocsURL:     cat.ReferenceURL(),
		ErrorText:   cmp.Or(cat.ErrorText.Source, model.DefaultErrorText),
		Lists:       Lists(cat.Lists),
		Envelopes:   []Envelope{},
		Categories:  []Category{},
		Codes:       []Code{},
		UpgradeURL:  cat.UpgradeURL,
	}
	for _, e := range cat.Envelopes {
		doc.Envelopes = append(doc.Envelopes, Envelope{Name: e.Name, Shape: shapeJSON(e.Root)})
	}
	for _, c := range cat.Categories {
		cj := Category{
			Name:        c.Name,
			Description: c.Description,
			HTTPStatus:  c.HTTPStatus,
			GRPCCode:    string(c.GRPC),
			Retryable:   c.Retryable,
			Retry:       string(c.Retry),
			RetryAfter:  c.RetryAfter,
			Retries:     c.Retries,
			Codes:       []string{},
			DocsURL:     cat.SectionURL(c.Anchor),
		}
		if c.Parent != nil {
			cj.Parent = c.Parent.Name
		}
		for _, code := range c.Codes {
			cj.Codes = append(cj.Codes, code.Name)
		}
		doc.Categories = append(doc.Categories, cj)
	}
	for _, c := range cat.Codes {
		doc.Codes = append(doc.Codes, CodeOf(cat, c))
	}
	for _, t := range cat.Tiers {
		doc.Tiers = append(doc.Tiers, t.Name)
	}
	for _, f := range cat.Features {
		fj := Feature{Key: f.Key, Name: f.Name, Tools: []string{}, DocsURL: f.DocsURL, ReferenceURL: cat.SectionURL(f.Anchor)}
		if f.Tier != nil {
			fj.Tier = f.Tier.Name
		}
		for _, r := range f.Tools {
			fj.Tools = append(fj.Tools, r.String())
		}
		for _, a := range f.Alternatives {
			fj.Alternatives = append(fj.Alternatives, Alternative(a))
		}
		doc.Features = append(doc.Features, fj)
	}
	for _, t := range cat.Tools {
		tj := Tool{Name: t.Name, Description: t.Description, Actions: []Action{}}
		for _, a := range t.Actions {
			aj := Action{Name: a.Name, Required: append([]string{}, a.Required...)}
			if f := cat.GatingFeature(t.Name, a.Name); f != nil {
				aj.Feature = f.Key
				if f.Tier != nil {
					aj.Tier = f.Tier.Name
				}
			}
			tj.Actions = append(tj.Actions, aj)
		}
		doc.Tools = append(doc.Tools, tj)
	}
	for _, r := range model.AllRoles {
		if c := cat.Roles[r]; c != nil {
			if doc.Roles == nil {
				doc.Roles = map[string]string{}
			}
			doc.Roles[string(r)] = c.Name
		}
	}
	return doc
}

// CodeOf converts one code of a catalog.
func CodeOf(cat *model.Catalog, c *model.Code) Code {
	cj := Code{
		Code:        c.Name,
		Title:       c.Title,
		Description: c.Description,
		Categories:  []string{},
		HTTPStatus:  c.HTTPStatus,
		GRPCCode:    string(c.GRPC),
		Retryable:   c.Retryable,
		Retry:       string(c.Retry),
		RetryAfter:  c.RetryAfter,
		Retries:     c.Retries,
		Message:     c.Message.Source,
		Detail:      c.Detail.Source,
		Suggestion:  c.Suggestion.Source,
		ErrorText:   c.ErrorText.Source,
		Role:        string(cat.RoleOf(c)),
		DocsURL:     c.DocsURL,
	}
	if c.Category != nil {
		cj.Category = c.Category.Name
		for p := c.Category; p != nil; p = p.Parent {
			cj.Categories = append(cj.Categories, p.Name)
		}
	}
	if c.Envelope != nil {
		cj.Envelope = c.Envelope.Name
	}
	cj.Params = params(c.Params, c.Envelope, true)
	for _, ex := range c.Examples {
		cj.Examples = append(cj.Examples, Example{
			Params:     ex.ParamsJSON(),
			Detail:     ex.Detail,
			HTTPStatus: ex.HTTPStatus,
			JSON:       compact(ex.JSON),
		})
	}
	if d := c.Deprecated; d != nil {
		cj.Deprecated = &Deprecation{Since: d.Since}
		if d.Use != nil {
			cj.Deprecated.Use = d.Use.Name
		}
	}
	for _, r := range cat.ReplacedBy(c) {
		cj.Replaces = append(cj.Replaces, r.Name)
	}
	return cj
}

// params converts params, or the fields of an object when top is false.
func params(ps []*model.Param, env *model.Envelope, top bool) []Param {
	var out []Param
	for _, p := range ps {
		pj := Param{
			Name:      p.Name,
			Type:      p.Type.Source,
			JSONType:  p.Type.JSONType(),
			Required:  !p.Optional,
			Doc:       p.Doc,
			Wire:      p.Wire || !top,
			Sensitive: p.Sensitive,
			MaxLength: p.MaxLength,
		}
		if top && p.Wire && env != nil {
			pj.Key = strings.Join(env.ParamPath(p.Name), ".")
		}
		if obj := p.Type.ElemObject(); obj != nil {
			pj.Fields = params(obj.WireFields(), nil, false)
		}
		out = append(out, pj)
	}
	return out
}

// compact returns JSON text without insignificant space; text that is not
// JSON is returned as it is, for the encoder to reject.
func compact(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw
	}
	return b.Bytes()
}

// shapeJSON writes a wire shape back in the catalog's envelope language.
func shapeJSON(s *model.Shape) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range s.Members {
		if i > 0 {
			b.WriteByte(',')
		}
		key := m.Key
		if m.Kind == model.KindSpread {
			key = "$params"
		}
		k, _ := json.Marshal(key)
		b.Write(k)
		b.WriteByte(':')
		switch m.Kind {
		case model.KindConst:
			var str string
			if json.Unmarshal([]byte(m.Const), &str) == nil && strings.HasPrefix(str, "$") {
				q, _ := json.Marshal("$" + str) // "$$..." is a constant starting with "$"
				b.Write(q)
			} else {
				b.WriteString(m.Const)
			}
		case model.KindField:
			q, _ := json.Marshal("$" + m.Field.String())
			b.Write(q)
		case model.KindParams:
			b.WriteString(`"$params"`)
		case model.KindParam:
			q, _ := json.Marshal("$params." + m.Param)
			b.Write(q)
		case model.KindSpread:
			b.WriteString("true")
		case model.KindObject:
			b.Write(shapeJSON(m.Object))
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}
