package mdgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"text/template"

	"github.com/errspec/errspec/generator/model"
)

// renderer holds what the template functions need to know: the catalog
// and the page being rendered, for links.
type renderer struct {
	cat     *model.Catalog
	perCode bool   // rendering the per-code layout
	page    string // the file name of the page being rendered in the per-code layout
}

// funcs returns the functions the templates may call, documented in
// package templates. They escape, join, format and look up; every name,
// anchor and URL comes from the model.
func (r *renderer) funcs() template.FuncMap {
	return template.FuncMap{
		"catalog":          func() *model.Catalog { return r.cat },
		"layout":           r.layout,
		"href":             r.href,
		"text":             text,
		"markdown":         markdown,
		"code":             codeSpan,
		"cell":             cell,
		"sentence":         sentence,
		"fence":            fence,
		"autolink":         autolink,
		"yesno":            yesno,
		"status":           status,
		"add":              func(a, b int) int { return a + b },
		"json":             prettyJSON,
		"value":            compactJSON,
		"exampleParams":    exampleParams,
		"redacted":         func() string { return model.Redacted },
		"paramRows":        paramRows,
		"paramsHome":       paramsHome,
		"paramKey":         paramKey,
		"placed":           placed,
		"isTier":           isTier,
		"field":            r.field,
		"fieldIn":          fieldIn,
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

func (r *renderer) layout() string {
	if r.perCode {
		return model.LayoutPerCode
	}
	return model.LayoutSingle
}

// href returns the link destination of a code, a category, a feature or,
// given a string, a heading anchor of the single page or the index page,
// relative to the page being rendered.
func (r *renderer) href(target any) (string, error) {
	var anchor string
	switch t := target.(type) {
	case *model.Code:
		if r.perCode {
			page := r.cat.CodePage(t)
			if page == r.page {
				return "#" + t.Anchor, nil
			}
			return linkDest(page), nil
		}
		return "#" + t.Anchor, nil
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
		return linkDest(r.cat.Outputs.MarkdownIndex) + "#" + anchor, nil
	}
	return "#" + anchor, nil
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
		return fmt.Sprintf("%d %s", code, text)
	}
	return fmt.Sprint(code)
}

// prettyJSON indents JSON text with two spaces.
func prettyJSON(raw json.RawMessage) (string, error) {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
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
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range ex.Values {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := compactJSON(v.Param.Name)
		if err != nil {
			return "", err
		}
		val, err := compactJSON(v.Value)
		if err != nil {
			return "", err
		}
		b.WriteString(k + ":" + val)
	}
	b.WriteByte('}')
	return prettyJSON(b.Bytes())
}

// paramRow is a row of a params table: a param, or a field of an object
// param, with its path from the code's params.
type paramRow struct {
	*model.Param
	Path string // e.g. missing_fields, gvk.group, invalid_fields[].field
	Top  bool   // a param of the code, not a field of one
}

// paramRows lists params in order, each followed by the rows of its
// fields when its type is an object, or a list or map of objects.
func paramRows(params []*model.Param) []paramRow {
	var rows []paramRow
	var walk func(prefix string, ps []*model.Param)
	walk = func(prefix string, ps []*model.Param) {
		for _, p := range ps {
			path := prefix + p.Name
			rows = append(rows, paramRow{Param: p, Path: path, Top: prefix == ""})
			t := p.Type
			for t != nil && (t.Kind == model.List || t.Kind == model.Map) {
				if t.Kind == model.List {
					path += "[]"
				} else {
					path += ".*"
				}
				t = t.Elem
			}
			if t != nil && t.Kind == model.Object {
				walk(path+".", t.Fields)
			}
		}
	}
	walk("", params)
	return rows
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
	return fieldIn(r.defaultEnvelope(), name)
}

// fieldIn returns the dotted key path where an envelope places a field of
// an error, or "" when it does not place it.
func fieldIn(env *model.Envelope, name string) (string, error) {
	i := slices.Index(model.FieldNames[:], name)
	if i < 0 {
		return "", fmt.Errorf("no field %q; the fields are %s", name, strings.Join(model.FieldNames[:], ", "))
	}
	if env == nil {
		return "", nil
	}
	return strings.Join(env.FieldPath(model.Field(i)), "."), nil
}

// sentence ends s with a full stop unless it ends with punctuation
// already.
func sentence(s string) string {
	if s == "" || strings.ContainsRune(".!?:;", lastRune(s)) {
		return s
	}
	return s + "."
}

// paramKey returns the dotted key path where an envelope places a param,
// or "" when it has no place for it.
func paramKey(env *model.Envelope, name string) string {
	if env == nil {
		return ""
	}
	return strings.Join(env.ParamPath(name), ".")
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
func placed(env *model.Envelope, name string) bool {
	return env != nil && env.Placed()[name]
}

// home is where an envelope puts the params it does not place one by one.
type home struct {
	Kind string // "object", "spread" or "none"
	Path string // the dotted key path of the object, "" for the error object itself
}

// paramsHome returns where an envelope puts the params it does not place
// one by one.
func paramsHome(env *model.Envelope) home {
	h := home{Kind: "none"}
	if env == nil {
		return h
	}
	env.Root.Walk(func(path []string, m *model.Member) {
		if h.Kind != "none" {
			return
		}
		switch m.Kind {
		case model.KindParams:
			h = home{Kind: "object", Path: strings.Join(path, ".")}
		case model.KindSpread:
			h = home{Kind: "spread", Path: strings.Join(path[:len(path)-1], ".")}
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
		row := envelopeRow{Path: strings.Join(path, ".")}
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
			row.Kind, row.Path = "spread", strings.Join(path[:len(path)-1], ".")
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
