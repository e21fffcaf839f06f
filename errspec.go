package errspec

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// SupportPackageIsVersion1 is referenced by generated code: a generated
// package that needs a newer runtime than the one in the module graph
// fails to compile there, instead of misbehaving. A new version of the
// generated code's contract with this package adds SupportPackageIsVersion2,
// and so on; old ones stay while the runtime still supports them.
const SupportPackageIsVersion1 = true

// SupportPackageIsVersion2 is referenced by code generated since the
// table of codes became a string (Catalog.Table and Catalog.Params).
const SupportPackageIsVersion2 = true

// SupportPackageIsVersion3 is referenced by code generated since
// WithCause refuses a cause that leads back to its error (Leads).
const SupportPackageIsVersion3 = true

// SupportPackageIsVersion4 is referenced by code generated since a
// sensitive param's field is a [Sensitive].
const SupportPackageIsVersion4 = true

// SupportPackageIsVersion5 is referenced by code generated since a
// catalog gives the words that join lists (Catalog.Lists).
const SupportPackageIsVersion5 = true

// Retry says what a client should do about an error.
type Retry string

// The retry classes.
const (
	RetryNever      Retry = "never"       // do not retry: the call cannot succeed
	RetryAfterFix   Retry = "after_fix"   // fix the call, then retry
	RetryAfterDelay Retry = "after_delay" // retry the same call after a delay
	RetrySafe       Retry = "safe"        // the same call may be repeated at once
)

// Catalog describes a generated package's catalog: its codes and wire
// shapes. A generated package declares one, as a package variable, and
// passes it by pointer; it must not change after its first use.
type Catalog struct {
	Name      string     // the catalog's name
	Version   string     // the catalog's version, or ""
	Codes     []CodeSpec // every code, sorted by code; nil when Table holds them
	Envelopes [][]Member // the wire shapes, the default first; CodeSpec.Envelope indexes them
	Tiers     []string   // the tiers, lowest first
	// Lists are the words that join a list in a template, for a catalog
	// not in English; a field left "" keeps English's.
	Lists Lists
	// TierType is a typed nil pointer to the package's Tier type, such as
	// (*Tier)(nil), when the catalog has tiers: params of that type hold
	// a tier.
	TierType any
	// ErrorText is the compiled template of what Error returns; "" for
	// the code and the message, "CODE: message".
	ErrorText string
	// Categories are the catalog's categories, sorted by name: an error
	// of a code the catalog does not know, of a category it knows, has
	// that category's HTTP status and retry-after unless the wire gives
	// its own.
	Categories []CategorySpec
	// Exact makes Parse accept what the catalog's exact JSON Schema
	// accepts, not its compatible one: no code and no key this version
	// does not send, and the title, docs URL and retry-after as given.
	Exact bool
	// Table holds the codes, sorted by code, when Codes is nil: a line a
	// code as AppendTable writes it, decoded on first use. Params holds
	// each row's params type, as CodeSpec.Params does.
	Table  string
	Params []any

	once     sync.Once
	codecs   []atomic.Pointer[codec] // by code, built on first use
	shapes   []*shape                // by envelope
	codePath []string
	tierType reflect.Type
}

// Lists are the words that join the elements of a list in the text of a
// template: "a, b and c" in English.
type Lists struct {
	// Separator goes between the elements of a list, but before the last
	// one where And or Or goes, and between the fields of an object after
	// its first, in parentheses: ", " when "".
	Separator string
	// And goes before the last element of a list of {param:and}: " and "
	// when "".
	And string
	// Or goes before the last element of a list of {param:or}, and before
	// the highest tier of {tier:or_higher}: " or " when "".
	Or string
}

// words returns l with English's words where it gives none.
func (l Lists) words() Lists {
	return Lists{cmp.Or(l.Separator, ", "), cmp.Or(l.And, " and "), cmp.Or(l.Or, " or ")}
}

// MaxRetryAfter is the most seconds a retry-after can be: what an int
// holds on every platform, and a time.Duration of seconds, as a catalog's
// retry_after is bounded. Parse rejects a larger one, and the JSON Schema
// of a catalog says so.
const MaxRetryAfter = 1<<31 - 1

// CodeSpec is a code of a catalog: a row of a generated package's table.
type CodeSpec struct {
	Code       string
	Category   string
	Title      string
	Retryable  bool
	Retry      Retry
	RetryAfter int // seconds to wait before a retry, 0 when not known
	Retries    int // how many times to send the same call again, 0 when not said
	HTTPStatus int
	DocsURL    string
	Deprecated bool
	Envelope   int // index in Catalog.Envelopes

	// Message, Detail and Suggestion are the code's compiled templates
	// (see internal/tmpl); ErrorText overrides the catalog's.
	Message, Detail, Suggestion, ErrorText string

	// Params is a typed nil pointer to the code's params type, such as
	// (*RateLimitedParams)(nil), or nil for a code without params. The
	// struct's fields are the params: their json tags give the wire name
	// ("-" for a param the wire does not carry) and omitempty for an
	// optional one; a sensitive param's field is a [Sensitive] (code
	// generated before SupportPackageIsVersion4 marks a string field with
	// the errspec tag "sensitive" instead); an errspec tag "max=N" bounds
	// a string; an embedded struct's fields count as the struct's own.
	Params any
	// Order is the params in declared order, as indexes into the
	// struct's fields, one byte each, when that order differs from the
	// struct's; "" when it is the same.
	Order string
}

// CategorySpec is a category of a catalog: the defaults of its codes.
type CategorySpec struct {
	Name       string
	HTTPStatus int
	RetryAfter int // seconds to wait before a retry, 0 when not known
}

// Member is a key of an envelope's object and what it holds.
type Member struct {
	Key     string
	Kind    MemberKind
	Field   Field    // MemberField: the value it holds
	Param   string   // MemberParam: the param
	Const   string   // MemberConst: the JSON text of the constant
	Members []Member // MemberObject: the nested object's members
}

// MemberKind is what a Member holds.
type MemberKind uint8

// The kinds of members.
const (
	MemberConst  MemberKind = iota // a constant
	MemberField                    // a value of the error
	MemberParams                   // an object of the wire params not placed one by one
	MemberParam                    // one param
	MemberSpread                   // the wire params not placed one by one, as members of this object
	MemberObject                   // a nested object
)

// Field is a value of an error that an envelope places.
type Field uint8

// The fields.
const (
	FieldCode Field = iota
	FieldCategory
	FieldMessage
	FieldDetail
	FieldSuggestion
	FieldRetryable
	FieldRetry
	FieldRetryAfter
	FieldHTTPStatus
	FieldDocsURL
	FieldTitle
)

// init builds what the runtime derives from the catalog once: the
// envelopes' shapes, where they put the code, and room for the codecs.
func (c *Catalog) init() {
	c.once.Do(func() {
		if c.Codes == nil && c.Table != "" {
			codes, err := decodeTable(c.Table, c.Params)
			if err != nil {
				// The generated code and the runtime disagree: the
				// version check at compile time makes this unreachable
				// for generated code.
				panic(fmt.Sprintf("errspec: catalog %s: %v", c.Name, err))
			}
			c.Codes = codes
		}
		c.codecs = make([]atomic.Pointer[codec], len(c.Codes))
		c.shapes = make([]*shape, len(c.Envelopes))
		for i, env := range c.Envelopes {
			c.shapes[i] = newShape(env)
		}
		if len(c.Envelopes) > 0 {
			c.codePath = codePath(c.Envelopes[0])
		}
		if c.TierType != nil {
			c.tierType = reflect.TypeOf(c.TierType).Elem()
		}
	})
}

// codePath returns the keys that lead to the code in an envelope.
func codePath(ms []Member) []string {
	for _, m := range ms {
		switch {
		case m.Kind == MemberField && m.Field == FieldCode:
			return []string{m.Key}
		case m.Kind == MemberObject:
			if p := codePath(m.Members); p != nil {
				return append([]string{m.Key}, p...)
			}
		}
	}
	return nil
}

// Lookup returns the spec of a code, or nil for a code the catalog does
// not declare.
func (c *Catalog) Lookup(code string) *CodeSpec {
	c.init()
	i, ok := slices.BinarySearchFunc(c.Codes, code, func(s CodeSpec, code string) int {
		return strings.Compare(s.Code, code)
	})
	if !ok {
		return nil
	}
	return &c.Codes[i]
}

// Specs returns the codes of the catalog, sorted by code; the generated
// package indexes them by row.
func (c *Catalog) Specs() []CodeSpec {
	c.init()
	return c.Codes
}

// spec returns the spec of code, given the one an error cached.
func (c *Catalog) spec(cached *CodeSpec, code string) *CodeSpec {
	if cached != nil && cached.Code == code {
		return cached
	}
	return c.Lookup(code)
}

// Error is implemented by the Error type of every generated package:
// adapters (package errhttp, the generated MCP and gRPC adapters) read any
// catalog's errors through it.
type Error interface {
	error
	// ErrspecView returns the error as the runtime sees it.
	ErrspecView() View
}

// View is an error of a generated package as the runtime sees it: the
// fields of the generated Error type, and its catalog. The zero View, with
// no catalog, is a nil *Error's, returned by mistake as a non-nil error:
// its texts read "<nil>", as fmt prints a nil pointer, it marshals to
// null, and its HTTP status is 500.
type View struct {
	Catalog *Catalog
	Spec    *CodeSpec // the code's spec as last looked up, or nil
	Code    string
	Message string
	Detail  string
	// Suggestion says how to fix the call.
	Suggestion string
	Params     any   // the code's params: a pointer to its params struct, RawParams, or nil
	Status     int   // the HTTP status set for this occurrence, 0 for the code's
	Cause      error // the error attached as cause, or nil
	Unknown    *Unknown
}

// Unknown is what Parse read of an error whose code the catalog does not
// know, from a newer version of the catalog say: the values that a known
// code's spec would give.
type Unknown struct {
	// Envelope is the envelope the error came in, an index in
	// Catalog.Envelopes: 0, the default, unless Parse read it in another.
	Envelope   int
	Category   string
	Retryable  bool
	Retry      Retry
	RetryAfter int
	HTTPStatus int
	DocsURL    string
	Title      string
}

// RawParams are the params of an error whose code the catalog does not
// know, as the JSON object the wire carried (bytes that are not UTF-8 read
// as U+FFFD, as in every string Parse reads), or nil. encoding/json, fmt
// and log/slog show them as that object, not as the bytes of a []byte.
type RawParams []byte

// MarshalJSON returns the JSON object p holds, or null for nil p, so that
// a client that passes an error's params on through encoding/json (a
// struct or a log handler that holds them) sends the object the wire
// carried.
func (p RawParams) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte("null"), nil
	}
	return p, nil
}

// UnmarshalJSON sets p to a copy of data, a JSON object; JSON null leaves
// p as it is, as encoding/json leaves a value that it decodes null into.
func (p *RawParams) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) == 0 || data[0] != '{' {
		return fmt.Errorf("errspec: raw params must be a JSON object, not %.20s", data)
	}
	*p = append((*p)[:0], data...)
	return nil
}

// String returns the JSON object p holds, as fmt and log/slog's text
// show it.
func (p RawParams) String() string { return string(p) }

// spec returns the spec of v's code, or nil for a code the catalog does
// not know.
func (v *View) spec() *CodeSpec {
	if v.Catalog == nil {
		return nil
	}
	return v.Catalog.spec(v.Spec, v.Code)
}

// unknownCategory returns the category of an error of a code the catalog
// does not know when the catalog declares that category, or nil.
func (v *View) unknownCategory() *CategorySpec {
	if v.Catalog == nil || v.Unknown == nil || v.spec() != nil {
		return nil
	}
	for i := range v.Catalog.Categories {
		if k := &v.Catalog.Categories[i]; k.Name == v.Unknown.Category {
			return k
		}
	}
	return nil
}

// Known reports whether the catalog declares v's code.
func (v View) Known() bool { return v.spec() != nil }

// Category returns the name of the category of v's code, or what the wire
// said of an unknown code.
func (v View) Category() string {
	if s := v.spec(); s != nil {
		return s.Category
	}
	if v.Unknown != nil {
		return v.Unknown.Category
	}
	return ""
}

// Title returns the title of v's code.
func (v View) Title() string {
	if s := v.spec(); s != nil {
		return s.Title
	}
	if v.Unknown != nil {
		return v.Unknown.Title
	}
	return ""
}

// Retryable reports whether the same call may succeed if retried.
func (v View) Retryable() bool {
	if s := v.spec(); s != nil {
		return s.Retryable
	}
	return v.Unknown != nil && v.Unknown.Retryable
}

// Retry returns what a client should do about the error.
func (v View) Retry() Retry {
	if s := v.spec(); s != nil {
		return s.Retry
	}
	if v.Unknown != nil && v.Unknown.Retry != "" {
		return v.Unknown.Retry
	}
	if v.Retryable() {
		return RetryAfterDelay
	}
	return RetryAfterFix
}

// RetryAfter returns how long to wait before a retry, or 0 when not known.
func (v View) RetryAfter() time.Duration {
	n := 0
	if s := v.spec(); s != nil {
		n = s.RetryAfter
	} else if v.Unknown != nil {
		n = v.Unknown.RetryAfter
		if k := v.unknownCategory(); n == 0 && k != nil && v.Unknown.Retryable {
			n = k.RetryAfter
		}
	}
	return time.Duration(n) * time.Second
}

// HTTPStatus returns the HTTP status to serve the error with: the one set
// for this occurrence, else the code's, else the one a wire of an unknown
// code gave, else that of its category when the catalog knows it, else
// 500. It is always an error status, 400 to 599: a status
// set or read outside it (a 304 or 204, which carry no body, a 200, or a
// number net/http panics on, such as 99) is passed over, so that the
// error reaches a client as one.
func (v View) HTTPStatus() int {
	switch s := v.spec(); {
	case errorStatus(v.Status):
		return v.Status
	case s != nil:
		return s.HTTPStatus
	case v.Unknown != nil && errorStatus(v.Unknown.HTTPStatus):
		return v.Unknown.HTTPStatus
	}
	if k := v.unknownCategory(); k != nil {
		return k.HTTPStatus
	}
	return 500
}

// errorStatus reports whether an HTTP status is one of an error.
func errorStatus(status int) bool { return status >= 400 && status <= 599 }

// DocsURL returns the URL of the code's documentation, or "".
func (v View) DocsURL() string {
	if s := v.spec(); s != nil {
		return s.DocsURL
	}
	if v.Unknown != nil {
		return v.Unknown.DocsURL
	}
	return ""
}
