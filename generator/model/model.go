// Package model is the validated, resolved form of an errspec catalog: the
// one thing every emitter reads. Names, defaults, anchors and docs URLs are
// resolved here once; everything is sorted, so emitters never range over a
// map and never derive an identifier of their own. The package knows
// nothing of CUE evaluation, Go code writing or templates.
package model

// Catalog is a whole validated catalog.
type Catalog struct {
	Name        string // catalog name, as declared
	Title       string // docs title; defaults to Name
	Description string // Markdown
	DocsBaseURL string // where the Markdown reference is published, or ""
	Outputs     Outputs
	Envelope    Envelope

	Categories []*Category // sorted by Name
	Codes      []*Code     // sorted by Name
}

// Outputs holds the output locations, relative to the catalog directory,
// with forward slashes. An empty location means the output is not wanted.
type Outputs struct {
	GoDir      string
	GoPackage  string
	Markdown   string
	JSONSchema string
}

// Category groups codes and gives them defaults.
type Category struct {
	Name        string // wire name, e.g. "validation"
	GoName      string // e.g. "CategoryValidation"
	Description string
	Parent      *Category // nil for a top-level category
	Retryable   bool
	HTTPStatus  int
	Anchor      string // Markdown heading anchor
	Codes       []*Code
}

// Ancestors returns the category's parents, nearest first.
func (c *Category) Ancestors() []*Category {
	var out []*Category
	for p := c.Parent; p != nil; p = p.Parent {
		out = append(out, p)
	}
	return out
}

// Code is one error code.
type Code struct {
	Name        string // wire code, e.g. "MISSING_REQUIRED_FIELD"
	Ident       string // base Go identifier, e.g. "MissingRequiredField"
	GoName      string // constant, e.g. "CodeMissingRequiredField"
	Constructor string // e.g. "NewMissingRequiredField"
	ParamsType  string // e.g. "MissingRequiredFieldParams"; "" when no params
	Category    *Category
	Title       string
	Description string // Markdown
	Message     Template
	Suggestion  Template // Source "" when the code has none
	Retryable   bool     // the category's default unless overridden
	HTTPStatus  int      // the category's default unless overridden
	Params      []*Param // in declared order
	Deprecated  *Deprecation
	Anchor      string // Markdown heading anchor
	DocsURL     string // DocsBaseURL#Anchor, or "" without a base URL

	collides bool // its Go names collide with another's: reported once
}

// Required returns the code's required params, in declared order.
func (c *Code) Required() []*Param { return filterParams(c.Params, false) }

// Optional returns the code's optional params, in declared order.
func (c *Code) Optional() []*Param { return filterParams(c.Params, true) }

func filterParams(ps []*Param, optional bool) []*Param {
	var out []*Param
	for _, p := range ps {
		if p.Optional == optional {
			out = append(out, p)
		}
	}
	return out
}

// Deprecation marks a code as deprecated.
type Deprecation struct {
	Since string
	Use   *Code // the replacement, or nil
}

// Param is a param of a code or a field of an object type.
type Param struct {
	Name     string // wire name, e.g. "missing_fields"
	GoName   string // struct field, e.g. "MissingFields"
	ArgName  string // constructor argument, e.g. "missingFields"
	Doc      string
	Optional bool
	Type     *Type
}

// Kind is the kind of a Type.
type Kind int

// The kinds of param types.
const (
	String Kind = iota
	Int
	Bool
	Float
	List
	Map
	Object
)

// Type is a param type.
type Type struct {
	Kind   Kind
	Elem   *Type    // List and Map: the element type
	Fields []*Param // Object: its fields, in declared order
	GoName string   // Object: the generated struct type's name
	Source string   // as written in the catalog, e.g. "[]string"
}

// IsScalar reports whether t is a string, int, bool or float.
func (t *Type) IsScalar() bool { return t.Kind <= Float }

// Template is a message or suggestion template, parsed.
type Template struct {
	Source string
	Parts  []Part
}

// Part is literal text or a placeholder.
type Part struct {
	Text  string // literal text, when Param is nil
	Param *Param // the param a placeholder inserts
	JSON  bool   // format the param as JSON
}

// Params returns the params the template refers to, each once, in order of
// first use.
func (t Template) Params() []*Param {
	var out []*Param
	seen := map[*Param]bool{}
	for _, p := range t.Parts {
		if p.Param != nil && !seen[p.Param] {
			seen[p.Param] = true
			out = append(out, p.Param)
		}
	}
	return out
}

// Code looks a code up by wire name.
func (c *Catalog) Code(name string) *Code {
	for _, code := range c.Codes {
		if code.Name == name {
			return code
		}
	}
	return nil
}

// Envelope is the wire shape of an error: the JSON key of each field.
type Envelope struct {
	Code       string // the code, always present
	Category   string // the code's category, always present
	Message    string // the filled-in message, always present
	Detail     string // context about this occurrence, omitted when empty
	Suggestion string // the filled-in suggestion, omitted when empty
	Retryable  string // whether a retry can help, always present
	DocsURL    string // the code's docs URL, omitted when empty
	Params     string // the code's params as an object, omitted when the code has none
}

// DefaultEnvelope is the wire shape catalogs get unless they say otherwise.
var DefaultEnvelope = Envelope{
	Code:       "code",
	Category:   "category",
	Message:    "message",
	Detail:     "detail",
	Suggestion: "suggestion",
	Retryable:  "retryable",
	DocsURL:    "docs_url",
	Params:     "params",
}
