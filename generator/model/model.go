// Package model is the validated, resolved form of an errspec catalog: the
// one thing every emitter reads. Names, defaults, anchors and docs URLs are
// resolved here once; everything is sorted, so emitters never range over a
// map and never derive an identifier of their own. The package knows
// nothing of CUE evaluation, Go code writing or templates.
package model

import (
	"slices"
	"strings"
)

// Catalog is a whole validated catalog.
type Catalog struct {
	Name        string // catalog name, as declared
	Title       string // docs title; defaults to Name
	Description string // Markdown
	Version     string // semantic version, as declared (1.4.0 or v1.4.0), or ""
	DocsBaseURL string // where the Markdown reference is published, or ""
	// ErrorText is what an error's Error method returns, a template over
	// the error's fields; Source "" for DefaultErrorText.
	ErrorText Template
	// Lists are the words that join a list in the templates: the
	// catalog's, English's where it gives none.
	Lists   Lists
	Outputs Outputs

	// Envelopes are the wire shapes: the default first, then the named
	// ones sorted by name.
	Envelopes  []*Envelope
	Categories []*Category // sorted by Name
	Codes      []*Code     // sorted by Name

	Tiers      []*Tier    // lowest first, as declared
	UpgradeURL string     // where a caller upgrades its tier, or ""
	Features   []*Feature // sorted by Key
	Tools      []*Tool    // sorted by Name
	Roles      Roles

	Lint     RuleConfig // errspec lint's rules, as the catalog configures them
	Breaking RuleConfig // errspec breaking's rules, as the catalog configures them

	// Changes is what changed since the older version that
	// Outputs.ChangesSince names, for the reference's Changes section;
	// nil unless the generator has compared the two.
	Changes *Changes

	indexed bool // Build has set each code's replaces and each category's under
}

// Outputs holds the output locations, relative to the catalog directory,
// with forward slashes. An empty location means the output is not wanted.
type Outputs struct {
	GoDir     string
	GoPackage string
	// GoImportPath is the Go package's import path as the catalog gives
	// it, or "" for the one the go.mod above GoDir implies.
	GoImportPath string

	// Markdown is the page of the single-page reference; MarkdownDir is
	// the directory of the per-code layout instead, which holds the index
	// page MarkdownIndex and a page per code (see Catalog.CodePage). At
	// most one of Markdown and MarkdownDir is set.
	Markdown      string
	MarkdownDir   string
	MarkdownIndex string // a file name, such as index.md
	URLSuffix     string // ends the docs URL of a code's page: "", "/", ".html" or ".md"

	// ChangesSince names the older version of the catalog the reference's
	// Changes section compares with: a directory, relative to the catalog,
	// or a git revision; "" for no such section.
	ChangesSince string

	JSONSchema string
	// JSONSchemaMode is SchemaCompatible or SchemaExact: what the JSON
	// Schema, and the generated Parse, accept. It is set without a JSON
	// Schema output too.
	JSONSchemaMode string

	Catalog string // the resolved catalog as JSON
	LLMs    string // the llms.txt-style index

	MCP  *MCPOutput  // the MCP adapter, or nil
	GRPC *GRPCOutput // the gRPC adapter, or nil
}

// MCPOutput is the package of the adapter for the MCP Go SDK.
type MCPOutput struct {
	Dir, Package string
	Text         MCPText // what an error result's text content carries
	// StructuredContent puts the wire JSON in the result's
	// structuredContent too.
	StructuredContent bool
}

// MCPText is what the text content of an MCP error result carries.
type MCPText string

// The texts of an MCP error result.
const (
	MCPTextJSON     MCPText = "json"     // the wire JSON
	MCPTextMessage  MCPText = "message"  // the message alone
	MCPTextTerminal MCPText = "terminal" // the rendering for a terminal
)

// GRPCOutput is the package of the adapter for gRPC.
type GRPCOutput struct {
	Dir, Package string
	Domain       string // the ErrorInfo domain
}

// Category groups codes and gives them defaults.
type Category struct {
	Name        string // wire name, e.g. "validation"
	GoName      string // e.g. "CategoryValidation"
	Description string
	Parent      *Category // nil for a top-level category
	Retryable   bool
	HTTPStatus  int
	Retry       Retry // what a client should do; inherited like Retryable
	RetryAfter  int   // seconds to wait before a retry, 0 when not known
	Retries     int   // how many times to retry the same call, 0 when not said; inherited like RetryAfter
	Envelope    *Envelope
	GRPC        GRPCCode // the gRPC code of its codes, its own or inherited; "" when it sets none
	Anchor      string   // Markdown heading anchor
	Codes       []*Code
	under       []*Code  // the codes of it and of the categories below it, sorted
	own         defaults // the defaults it sets itself, not inherited
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
	OptionsType string // e.g. "MissingRequiredFieldOptions"; "" when no optional params
	Category    *Category
	Title       string
	Description string // Markdown
	Message     Template
	Detail      Template // Source "" when the code has none
	Suggestion  Template // Source "" when the code has none
	ErrorText   Template // over the error's fields and the code's params; Source "" for the catalog's
	Retryable   bool     // the category's default unless overridden
	HTTPStatus  int      // the category's default unless overridden
	Retry       Retry    // the category's default unless overridden
	RetryAfter  int      // seconds; the category's default unless overridden
	Retries     int      // retries of the same call, 0 when not said; the category's default unless overridden
	Envelope    *Envelope
	Params      []*Param // in declared order
	Examples    []*Example
	Deprecated  *Deprecation
	Anchor      string // Markdown heading anchor
	DocsURL     string // DocsBaseURL#Anchor, or "" without a base URL

	// GRPC is the code's gRPC status code: its own, else its category's,
	// else the one its HTTP status maps to (GRPCFromHTTP true), which an
	// error with another HTTP status maps otherwise.
	GRPC         GRPCCode
	GRPCFromHTTP bool

	collides bool     // its Go names collide with another's: reported once
	replaces []*Code  // the deprecated codes that name this one their replacement, sorted
	own      defaults // the category defaults it sets itself (see Origin)
}

// Required returns the code's required params, in declared order.
func (c *Code) Required() []*Param { return filterParams(c.Params, false) }

// Optional returns the code's optional params, in declared order.
func (c *Code) Optional() []*Param { return filterParams(c.Params, true) }

// Lists are the words that join the elements of a list in the text of a
// template, each written as it goes between two elements, spaces
// included.
type Lists struct {
	Separator string // between the elements, but before the last one of {p:and}, {p:or} and {tier:or_higher}; between an object's fields in parentheses
	And       string // before the last element of {p:and}
	Or        string // before the last element of {p:or} and the highest tier of {tier:or_higher}
}

// EnglishLists are the words of a catalog that gives none: "a, b and c".
var EnglishLists = Lists{Separator: ", ", And: " and ", Or: " or "}

// DefaultErrorText is what an error's Error method returns for a catalog
// that gives no error_text.
const DefaultErrorText = "{code}: {message}"

// KeyedTemplate is a template of a code and the key the catalog writes it
// under.
type KeyedTemplate struct {
	Key string
	Template
}

// Templates returns the code's templates under their keys: message,
// detail, suggestion and error_text, in that order.
func (c *Code) Templates() []KeyedTemplate {
	return []KeyedTemplate{{"message", c.Message}, {"detail", c.Detail}, {"suggestion", c.Suggestion}, {"error_text", c.ErrorText}}
}

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
	Wire     bool // sent on the wire; false for a param that only fills templates
	// Sensitive params are never echoed: templates and the wire carry
	// Redacted in their place.
	Sensitive bool
	MaxLength int // a string longer than this is cut, its last character "…"; 0 for no limit
	Type      *Type
}

// The key orders of a map param: its keys sorted (the default), or in the
// order they are given in.
const (
	KeyOrderSorted = "sorted"
	KeyOrderGiven  = "given"
)

// Redacted stands in for a sensitive param's value wherever it would show.
const Redacted = "[redacted]"

// Kind is the kind of a Type.
type Kind int

// The kinds of param types.
const (
	String Kind = iota
	Int
	Bool
	Float
	TierKind // one of the catalog's tiers, a string on the wire
	List
	Map
	Object
)

// Type is a param type.
type Type struct {
	Kind Kind
	// Ordered is set on a Map whose keys keep the order they are given in
	// (key_order: "given"), on the wire and in texts; a Map's keys are
	// sorted otherwise.
	Ordered bool
	Elem    *Type    // List and Map: the element type
	Fields  []*Param // Object: its fields, in declared order
	GoName  string   // Object: the generated struct type's name
	Source  string   // as written in the catalog, e.g. "[]string"
}

// IsScalar reports whether t is a string, int, bool, float or tier.
func (t *Type) IsScalar() bool { return t.Kind <= TierKind }

// Template is a message or suggestion template, parsed.
type Template struct {
	Source string
	Parts  []Part
}

// Part is literal text or a placeholder.
type Part struct {
	Text    string // literal text, when Param is nil and IsField false
	Param   *Param // the param a placeholder inserts
	IsField bool   // the placeholder inserts Field, a field of the error (error texts only)
	Field   Field
	Format  Format // how the placeholder formats the param
	// Default is written in place of the param or field when it is its
	// zero value: {upstream_message|Unknown error}.
	Default    string
	HasDefault bool
	// Offset is the byte offset in the template's Source where the part
	// begins: its first character, or the { of a placeholder.
	Offset int
}

// Format is how a placeholder formats its param.
type Format int

// The formats: {p}, {p:json}, {p:and}, {p:or} and {p:or_higher}.
const (
	FormatText     Format = iota // as prose: scalars as text, a list's elements joined with ", ", an object's first field and the others in parentheses, a map's keys and values
	FormatJSON                   // JSON
	FormatAnd                    // a list as "a, b and c"
	FormatOr                     // a list as "a, b or c"
	FormatOrHigher               // a tier and every tier above it, as "Premium or Ultimate"
)

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
	i, ok := slices.BinarySearchFunc(c.Codes, name, func(code *Code, name string) int {
		return strings.Compare(code.Name, name)
	})
	if !ok {
		return nil
	}
	return c.Codes[i]
}

// CodeIndex returns the position of a code of the catalog in Codes.
func (c *Catalog) CodeIndex(code *Code) int {
	i, _ := slices.BinarySearchFunc(c.Codes, code.Name, func(x *Code, name string) int {
		return strings.Compare(x.Name, name)
	})
	return i
}

// Param returns the code's param of that name, or nil.
func (c *Code) Param(name string) *Param {
	for _, p := range c.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// WireParams returns the params that are sent on the wire.
func (c *Code) WireParams() []*Param {
	var out []*Param
	for _, p := range c.Params {
		if p.Wire {
			out = append(out, p)
		}
	}
	return out
}
