package mdgen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

// renderer holds what the template functions need to know: the catalog,
// the page being rendered, for links, and the templates, for each.
type renderer struct {
	cat       *model.Catalog
	perCode   bool                              // rendering the per-code layout
	page      string                            // the file name of the page being rendered in the per-code layout
	tmpl      *template.Template                // the templates, with this renderer's functions
	envelopes map[*model.Envelope]*envelopeInfo // the catalog's envelopes, looked up once
	depth     int                               // calls of each under way, one inside another
	steps     int                               // steps of template overrides taken for the page (see step)
	bytes     int64                             // bytes the templates made for the page (see charge)
	maxSteps  int                               // the budget of a page (see budget)
	maxBytes  int64

	frags   []fragmentLink  // the links to fragments of the descriptions of the page (see markdown)
	targets map[string]any  // the codes, categories and features by anchor, once a link asks
	index   map[string]bool // the heading anchors of the index page of the per-code layout
}

// depthError is the error of calls of each nested more than maxEachDepth
// deep.
type depthError struct{ name string }

func (e *depthError) Error() string {
	return fmt.Sprintf("each %q: exceeded maximum template depth (%d): a template calls itself through each", e.name, maxEachDepth)
}

// maxEachDepth is how deeply calls of each may nest: a template that calls
// itself through each, which text/template's own limit on nested
// {{template}} calls does not see, fails instead of exhausting memory.
const maxEachDepth = 1000

// newRenderer returns a renderer of cat, for the per-code layout when
// perCode is set, with the templates still to parse.
func newRenderer(cat *model.Catalog, perCode bool) *renderer {
	r := &renderer{cat: cat, perCode: perCode, envelopes: map[*model.Envelope]*envelopeInfo{}}
	if perCode {
		r.page = cat.Outputs.MarkdownIndex
	}
	for _, env := range cat.Envelopes {
		r.envelopes[env] = newEnvelopeInfo(env)
	}
	return r
}

// funcs returns the functions the templates may call, documented in
// package templates. They escape, join, format and look up; every name,
// anchor and URL comes from the model.
func (r *renderer) funcs() template.FuncMap {
	return template.FuncMap{
		"catalog":          func() *model.Catalog { return r.cat },
		"layout":           r.layout,
		"each":             r.each,
		"href":             r.href,
		"text":             text,
		"markdown":         r.markdown,
		"code":             codeSpan,
		"cell":             cell,
		"sentence":         sentence,
		escaper:            escapeValue,
		"fence":            fence,
		"autolink":         autolink,
		"textLinks":        textLinks,
		"yesno":            yesno,
		"status":           status,
		"times":            model.RetryTimes,
		"add":              func(a, b int) int { return a + b },
		"json":             prettyJSON,
		"value":            compactJSON,
		"exampleParams":    exampleParams,
		"redacted":         func() string { return model.Redacted },
		"paramRows":        paramRows,
		"paramsHome":       r.paramsHome,
		"paramKey":         paramKey,
		"placed":           r.placed,
		"isTier":           isTier,
		"field":            r.field,
		"fieldIn":          r.fieldIn,
		"envelopeRows":     envelopeRows,
		"envelopeCodes":    r.envelopeCodes,
		"firstExample":     r.firstExample,
		"retryGroups":      r.retryGroups,
		"role":             func(c *model.Code) string { return string(r.cat.RoleOf(c)) },
		"roleCode":         func(role string) *model.Code { return r.cat.Roles[model.Role(role)] },
		"gating":           r.cat.GatingFeature,
		"tiersFrom":        r.tiersFrom,
		"subcategoryCodes": r.subcategoryCodes,
	}
}

// each executes the template name on every element of list, a slice or
// an array, and returns what they write, in order: what
// {{range list}}{{template name .}}{{end}} writes.
func (r *renderer) each(name string, list any) (markup, error) {
	v := reflect.ValueOf(list)
	switch v.Kind() {
	case reflect.Invalid:
		return "", nil
	case reflect.Slice, reflect.Array:
	default:
		return "", fmt.Errorf("each: cannot range over a %T", list)
	}
	t := r.tmpl.Lookup(name)
	if t == nil {
		return "", fmt.Errorf("each: no template %q", name)
	}
	if r.depth >= maxEachDepth {
		return "", &depthError{name}
	}
	r.depth++
	defer func() { r.depth-- }()
	b := &output{r: r}
	for i := range v.Len() {
		if err := t.Execute(b, v.Index(i).Interface()); err != nil {
			// The error of too deep a recursion, as it was, not wrapped
			// once a level.
			var depth *depthError
			if errors.As(err, &depth) {
				return "", depth
			}
			return "", err
		}
	}
	return markup(b.String()), nil
}

func (r *renderer) layout() string {
	if r.perCode {
		return model.LayoutPerCode
	}
	return model.LayoutSingle
}

// href returns the link destination of a code, a category, a feature or,
// given a string, a heading anchor of the single page or the index page,
// relative to the page being rendered.
func (r *renderer) href(target any) (markup, error) {
	var anchor string
	switch t := target.(type) {
	case *model.Code:
		if r.perCode {
			page := r.cat.CodePage(t)
			if page == r.page {
				return markup("#" + textsafe.URL(t.Anchor)), nil
			}
			return markup(textsafe.URL(page)), nil
		}
		return markup("#" + textsafe.URL(t.Anchor)), nil
	case *model.Category:
		anchor = t.Anchor
	case *model.Feature:
		anchor = t.Anchor
	case string:
		anchor = t
	default:
		return "", fmt.Errorf("href: cannot link to a %T", target)
	}
	if r.perCode && r.page != r.cat.Outputs.MarkdownIndex {
		return markup(textsafe.URL(r.cat.Outputs.MarkdownIndex) + "#" + textsafe.URL(anchor)), nil
	}
	return markup("#" + textsafe.URL(anchor)), nil
}

func yesno(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// status returns an HTTP status with its text, e.g. "404 Not Found".
func status(code int) string {
	if text := http.StatusText(code); text != "" {
		return strconv.Itoa(code) + " " + text
	}
	return strconv.Itoa(code)
}

// scratch holds the buffers the JSON functions write their text in before
// they return it, so that each call does not grow a buffer of its own.
var scratch = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// getScratch returns an empty buffer from scratch.
func getScratch() *bytes.Buffer { return scratch.Get().(*bytes.Buffer) }

// putScratch gives a buffer back to scratch, unless it has grown large.
func putScratch(b *bytes.Buffer) {
	if b.Cap() <= 64<<10 {
		b.Reset()
		scratch.Put(b)
	}
}

// prettyJSON indents JSON text with two spaces.
func prettyJSON(raw json.RawMessage) (string, error) {
	b := getScratch()
	defer putScratch(b)
	if err := json.Indent(b, raw, "", "  "); err != nil {
		return "", fmt.Errorf("json: %w", err)
	}
	return b.String(), nil
}

// compactJSON writes a value as compact JSON; HTML characters stay as they
// are.
func compactJSON(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("value: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// exampleParams writes the params an example gives as a JSON object in
// the order of the code's params, indented with two spaces.
func exampleParams(ex *model.Example) (string, error) {
	return prettyJSON(ex.ParamsJSON())
}

// paramRow is a row of a params table: a param, or a field of an object
// param, with its path from the code's params. It has the fields of
// model.Param, copied rather than embedded: text/template finds a field
// that embedding promotes only by reflect's slow search.
type paramRow struct {
	Name      string
	GoName    string
	ArgName   string
	Doc       string
	Optional  bool
	Wire      bool
	Sensitive bool
	MaxLength int
	Type      *model.Type

	Param *model.Param // the param or field itself
	Path  string       // e.g. missing_fields, gvk.group, invalid_fields[].field
	Top   bool         // a param of the code, not a field of one
}

// paramRows lists params in order, each followed by the rows of the
// fields the wire carries when its type is an object, or a list or map of
// objects (model.Type.WireFields).
func paramRows(params []*model.Param) []paramRow {
	var rows []paramRow
	var walk func(prefix string, ps []*model.Param)
	walk = func(prefix string, ps []*model.Param) {
		for _, p := range ps {
			path := prefix + p.Name
			rows = append(rows, paramRow{
				Name: p.Name, GoName: p.GoName, ArgName: p.ArgName, Doc: p.Doc,
				Optional: p.Optional, Wire: p.Wire, Sensitive: p.Sensitive, MaxLength: p.MaxLength, Type: p.Type,
				Param: p, Path: path, Top: prefix == "",
			})
			for t := p.Type; t != nil && (t.Kind == model.List || t.Kind == model.Map); t = t.Elem {
				if t.Kind == model.List {
					path += "[]"
				} else {
					path += ".*"
				}
			}
			if obj := p.Type.ElemObject(); obj != nil {
				walk(path+".", obj.WireFields())
			}
		}
	}
	walk("", params)
	return rows
}

// envelopeInfo is what the templates look up in an envelope, worked out
// once for each envelope of the catalog.
type envelopeInfo struct {
	fields [len(model.FieldNames)]string // the dotted key path of each field, or ""
	placed map[string]bool               // Envelope.Placed
	home   home                          // where the other params go
}

// newEnvelopeInfo looks up what the templates need in an envelope.
func newEnvelopeInfo(env *model.Envelope) *envelopeInfo {
	info := &envelopeInfo{placed: env.Placed(), home: paramsHomeOf(env)}
	for i := range model.FieldNames {
		info.fields[i] = model.KeyPath(env.FieldPath(model.Field(i)))
	}
	return info
}

// envelope returns what the templates look up in env, which is not nil.
func (r *renderer) envelope(env *model.Envelope) *envelopeInfo {
	if info := r.envelopes[env]; info != nil {
		return info
	}
	return newEnvelopeInfo(env) // an envelope from outside the catalog
}

// defaultEnvelope returns the catalog's default envelope, or nil.
func (r *renderer) defaultEnvelope() *model.Envelope {
	if len(r.cat.Envelopes) == 0 {
		return nil
	}
	return r.cat.Envelopes[0]
}

// field returns the dotted key path where the default envelope places a
// field of an error (code, message, retryable, ...), or "" when it does
// not place it.
func (r *renderer) field(name string) (string, error) {
	return r.fieldIn(r.defaultEnvelope(), name)
}

// fieldIn returns the dotted key path where an envelope places a field of
// an error, or "" when it does not place it.
func (r *renderer) fieldIn(env *model.Envelope, name string) (string, error) {
	i := slices.Index(model.FieldNames[:], name)
	if i < 0 {
		return "", fmt.Errorf("no field %q; the fields are %s", name, strings.Join(model.FieldNames[:], ", "))
	}
	if env == nil {
		return "", nil
	}
	return r.envelope(env).fields[i], nil
}

// sentence ends text (escaped as text unless it is markup) with a full
// stop unless it ends with punctuation already, hidden characters after
// it (written as character references, see escapeText) not counted.
func sentence(v any) markup {
	s := escapeValue(v)
	if s == "" || strings.ContainsRune(".!?:;", lastRune(trimHiddenRefs(string(s)))) {
		return s
	}
	return s + "."
}

// trimHiddenRefs returns Markdown s without the character references
// that escapeText writes for hidden characters (&#x202C;) at its end.
func trimHiddenRefs(s string) string {
	for strings.HasSuffix(s, ";") {
		i := strings.LastIndex(s, "&#x")
		if i < 0 || i > 0 && s[i-1] == '\\' || strings.Trim(s[i+3:len(s)-1], "0123456789ABCDEF") != "" || i+4 == len(s) {
			break
		}
		s = s[:i]
	}
	return s
}

// paramKey returns the dotted key path where an envelope places a param,
// or "" when it has no place for it.
func paramKey(env *model.Envelope, name string) string {
	if env == nil {
		return ""
	}
	return model.KeyPath(env.ParamPath(name))
}

// isTier reports whether a type is a tier, or a list or map of tiers.
func isTier(t *model.Type) bool {
	for t != nil && (t.Kind == model.List || t.Kind == model.Map) {
		t = t.Elem
	}
	return t != nil && t.Kind == model.TierKind
}

// placed reports whether an envelope gives the param name a place of its
// own ("$params.NAME").
func (r *renderer) placed(env *model.Envelope, name string) bool {
	return env != nil && r.envelope(env).placed[name]
}

// home is where an envelope puts the params it does not place one by one.
type home struct {
	Kind string // "object", "spread" or "none"
	Path string // the dotted key path of the object, "" for the error object itself
}

// paramsHome returns where an envelope puts the params it does not place
// one by one.
func (r *renderer) paramsHome(env *model.Envelope) home {
	if env == nil {
		return home{Kind: "none"}
	}
	return r.envelope(env).home
}

// paramsHomeOf works out paramsHome.
func paramsHomeOf(env *model.Envelope) home {
	h := home{Kind: "none"}
	env.Root.Walk(func(path []string, m *model.Member) {
		if h.Kind != "none" {
			return
		}
		switch m.Kind {
		case model.KindParams:
			h = home{Kind: "object", Path: model.KeyPath(path)}
		case model.KindSpread:
			h = home{Kind: "spread", Path: model.KeyPath(path[:len(path)-1])}
		}
	})
	return h
}

// envelopeRow is a member of an envelope that holds a value.
type envelopeRow struct {
	Path  string // dotted key path; for a spread, the path of the object that holds the params
	Kind  string // "const", "field", "params", "param" or "spread"
	Field string // the field's name, for a field
	Param string // the param's name, for a param
	Const string // the constant's JSON text, for a const
}

// envelopeRows lists the members of an envelope that hold values, depth
// first, in declared order.
func envelopeRows(env *model.Envelope) []envelopeRow {
	var rows []envelopeRow
	if env == nil {
		return nil
	}
	env.Root.Walk(func(path []string, m *model.Member) {
		row := envelopeRow{Path: model.KeyPath(path)}
		switch m.Kind {
		case model.KindConst:
			row.Kind, row.Const = "const", m.Const
		case model.KindField:
			row.Kind, row.Field = "field", m.Field.String()
		case model.KindParams:
			row.Kind = "params"
		case model.KindParam:
			row.Kind, row.Param = "param", m.Param
		case model.KindSpread:
			row.Kind, row.Path = "spread", model.KeyPath(path[:len(path)-1])
		default:
			return
		}
		rows = append(rows, row)
	})
	return rows
}

// envelopeCodes returns the codes whose wire shape is env, sorted by name.
func (r *renderer) envelopeCodes(env *model.Envelope) []*model.Code {
	var out []*model.Code
	for _, c := range r.cat.Codes {
		if c.Envelope == env {
			out = append(out, c)
		}
	}
	return out
}

// codeExample is an example of a code.
type codeExample struct {
	Code    *model.Code
	Example *model.Example
}

// firstExample returns the first example of the first code, by name, whose
// wire shape is env, or nil.
func (r *renderer) firstExample(env *model.Envelope) *codeExample {
	for _, c := range r.envelopeCodes(env) {
		if len(c.Examples) > 0 {
			return &codeExample{c, c.Examples[0]}
		}
	}
	return nil
}

// retryGroup is the codes of one retry class.
type retryGroup struct {
	Retry model.Retry
	Codes []*model.Code
}

// retryOrder is the order of the retry classes in the retry strategy:
// those where waiting helps first.
var retryOrder = []model.Retry{model.RetryAfterDelay, model.RetrySafe, model.RetryAfterFix, model.RetryNever}

// retryGroups returns the catalog's codes grouped by retry class, in
// retryOrder, leaving out classes no code has.
func (r *renderer) retryGroups() []retryGroup {
	var out []retryGroup
	for _, class := range retryOrder {
		g := retryGroup{Retry: class}
		for _, c := range r.cat.Codes {
			if c.Retry == class {
				g.Codes = append(g.Codes, c)
			}
		}
		if len(g.Codes) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// tiersFrom returns a tier and every tier above it.
func (r *renderer) tiersFrom(t *model.Tier) []*model.Tier {
	if t == nil {
		return nil
	}
	return r.cat.Tiers[min(t.Rank, len(r.cat.Tiers)):]
}

// subcategoryCodes returns the codes of the categories below cat, at any
// depth, sorted by name.
func (r *renderer) subcategoryCodes(cat *model.Category) []*model.Code {
	var out []*model.Code
	for _, c := range r.cat.CodesUnder(cat) {
		if c.Category != cat {
			out = append(out, c)
		}
	}
	return out
}
