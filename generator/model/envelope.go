package model

import "strconv"

// Envelope is a wire shape of errors, a JSON object whose members hold
// the error's values, its params and constants.
type Envelope struct {
	Name     string   // "" for the default envelope
	Root     *Shape   // the top-level object
	CodePath []string // the keys that lead to the code

	// AllParams reports whether the shape has a place for every param (a
	// "$params" object or a spread), and Spread whether that place is a
	// spread.
	AllParams, Spread bool
}

// Shape is a JSON object of an envelope.
type Shape struct {
	Members []*Member // in declared order
}

// Member is one key of a Shape.
type Member struct {
	Key    string
	Kind   MemberKind
	Const  string // KindConst: the constant's JSON text
	Field  Field  // KindField: the value it holds
	Param  string // KindParam: the param's name
	Object *Shape // KindObject
}

// MemberKind is what a Member holds.
type MemberKind int

// The kinds of members.
const (
	KindConst  MemberKind = iota // a constant JSON value
	KindField                    // a value of the error: "$code", "$message", ...
	KindParams                   // every wire param not placed elsewhere, as an object: "$params"
	KindParam                    // one param: "$params.NAME"
	KindSpread                   // the wire params not placed elsewhere, as members of this object: "$params": true
	KindObject                   // a nested object
)

// Field is a value of an error an envelope can place.
type Field int

// The fields, named in an envelope by "$" and their name.
const (
	FieldCode       Field = iota // the code
	FieldCategory                // the code's category
	FieldMessage                 // the filled-in message
	FieldDetail                  // the detail, omitted when empty
	FieldSuggestion              // the filled-in suggestion, omitted when empty
	FieldRetryable               // whether a retry can help
	FieldRetry                   // the retry class
	FieldRetryAfter              // seconds to wait before a retry, omitted when 0
	FieldHTTPStatus              // the HTTP status
	FieldDocsURL                 // the code's docs URL, omitted when empty
	FieldTitle                   // the code's title
)

// FieldNames are the names of the fields, as "$" + name in an envelope.
var FieldNames = [...]string{
	FieldCode: "code", FieldCategory: "category", FieldMessage: "message", FieldDetail: "detail",
	FieldSuggestion: "suggestion", FieldRetryable: "retryable", FieldRetry: "retry",
	FieldRetryAfter: "retry_after", FieldHTTPStatus: "http_status", FieldDocsURL: "docs_url", FieldTitle: "title",
}

func (f Field) String() string { return FieldNames[f] }

// fieldNamed returns the field of a name.
func fieldNamed(name string) (Field, bool) {
	for i, n := range FieldNames {
		if n == name {
			return Field(i), true
		}
	}
	return 0, false
}

// Omittable reports whether an error may leave the field out: it is left
// out when empty (the detail, suggestion, docs URL and retry-after),
// where every other field is always sent. A client that reads an error of
// a code it does not know counts on the others.
func (f Field) Omittable() bool {
	switch f {
	case FieldDetail, FieldSuggestion, FieldDocsURL, FieldRetryAfter:
		return true
	}
	return false
}

// GoName is the generated constant of the field.
func (f Field) GoName() string { return "field" + exported(FieldNames[f]) }

// Walk calls f for every member of the shape and of the objects nested in
// it, depth first, with the keys that lead to the member.
func (s *Shape) Walk(f func(path []string, m *Member)) {
	var walk func(prefix []string, s *Shape)
	walk = func(prefix []string, s *Shape) {
		for _, m := range s.Members {
			p := append(prefix[:len(prefix):len(prefix)], m.Key)
			f(p, m)
			if m.Kind == KindObject {
				walk(p, m.Object)
			}
		}
	}
	walk(nil, s)
}

// Placed returns the names of the params the envelope places one by one.
func (e *Envelope) Placed() map[string]bool {
	out := map[string]bool{}
	e.Root.Walk(func(_ []string, m *Member) {
		if m.Kind == KindParam {
			out[m.Param] = true
		}
	})
	return out
}

// DefaultEnvelopeJSON is the wire shape a catalog gets unless it declares
// its own, in the catalog's envelope language.
const DefaultEnvelopeJSON = `{
	"code": "$code",
	"category": "$category",
	"message": "$message",
	"detail": "$detail",
	"suggestion": "$suggestion",
	"retryable": "$retryable",
	"docs_url": "$docs_url",
	"params": "$params"
}`

// Retry is what a client should do about an error.
type Retry string

// The retry classes.
const (
	RetryNever      Retry = "never"       // do not retry: the call cannot succeed
	RetryAfterFix   Retry = "after_fix"   // fix the call, then retry
	RetryAfterDelay Retry = "after_delay" // retry the same call after a delay
	RetrySafe       Retry = "safe"        // retry the same call at once; it is safe to repeat
)

// GoName is the generated constant of the retry class.
func (r Retry) GoName() string {
	switch r {
	case RetryNever:
		return "RetryNever"
	case RetryAfterFix:
		return "RetryAfterFix"
	case RetryAfterDelay:
		return "RetryAfterDelay"
	}
	return "RetrySafe"
}

// RetryTimes says how many times to send the same call again, as a
// phrase: "once", "at most twice", "at most 3 times". The reference,
// explain and llms.txt all say it so.
func RetryTimes(retries int) string {
	switch retries {
	case 1:
		return "once"
	case 2:
		return "at most twice"
	}
	return "at most " + strconv.Itoa(retries) + " times"
}
