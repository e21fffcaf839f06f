package model

import (
	"cmp"
	"errors"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Build validates a catalog and resolves it into the model. It reports
// every problem it finds, not only the first; each carries the path of the
// offending value.
func Build(in *Input) (*Catalog, error) {
	b := &builder{in: in}
	cat := b.build()
	if len(b.errs.errs) > 0 {
		return nil, b.errs.errs
	}
	return cat, nil
}

type builder struct {
	in   *Input
	errs errorList
	// goNames maps every package-level Go identifier the generated code
	// declares to the catalog value that claimed it.
	goNames map[string]goName
	// outputFiles are the files the outputs write, by their lower-cased
	// paths relative to the catalog.
	outputFiles map[string]outputFile

	defaultEnvelope *Envelope
	envelopesByName map[string]*Envelope
	tiersByName     map[string]*Tier
}

// reservedGoNames are the package-level identifiers the generated package
// declares whatever the catalog says, and TestExamples, the test of the
// examples, which is in the package too (and reserved whether or not the
// catalog has examples yet, so that adding one breaks no name).
var reservedGoNames = []string{
	"Code", "Category", "Error", "Params", "Info", "Lookup", "Codes", "Categories", "Parse",
	"Retry", "RetryNever", "RetryAfterFix", "RetryAfterDelay", "RetrySafe",
	"Tier", "Tiers", "Feature", "Features", "FeatureFor", "Alternative", "TierRestricted",
	"FromUpstream", "ValidateCall", "Version", "TestExamples",
}

// goName is a claim on a package-level Go identifier: what declares it
// (code NOT_FOUND) and as what (constant); what is "" for errspec's own.
type goName struct{ what, as string }

// claim records that the catalog value at p, described by what, declares
// the Go identifier name as its as (constant, constructor, params struct,
// ...); it reports a collision and returns false when another value or
// errspec itself already has it.
func (b *builder) claim(name string, p []string, what, as string) bool {
	if prev, ok := b.goNames[name]; ok {
		which, fix := "which errspec declares itself", "rename it"
		if prev.what != "" {
			which, fix = "which is already the "+prev.as+" of "+prev.what, "rename one of them so that their Go names differ"
		}
		b.errs.add(p, fix, "%s gives the Go %s %s, %s", what, as, name, which)
		return false
	}
	b.goNames[name] = goName{what, as}
	return true
}

func (b *builder) build() *Catalog {
	in := b.in
	// A code claims up to four names: constant, constructor, params and
	// options struct.
	b.goNames = make(map[string]goName, len(reservedGoNames)+4*len(in.Codes))
	for _, n := range reservedGoNames {
		b.goNames[n] = goName{}
	}
	cat := &Catalog{
		Name:        in.Name,
		Title:       in.Title,
		Description: in.Description,
		Version:     in.Version,
		DocsBaseURL: in.Docs.BaseURL,
		UpgradeURL:  in.UpgradeURL,
		Lint:        b.ruleConfig("lint", in.Lint),
		Breaking:    b.ruleConfig("breaking", in.Breaking),
	}
	if cat.Title == "" {
		cat.Title = in.Name
	}
	b.checkURL(at("docs", "base_url"), in.Docs.BaseURL)
	b.checkURL(at("upgrade_url"), in.UpgradeURL)
	cat.ErrorText = b.errorText(at("error_text"), in.ErrorText, nil)
	cat.Lists = Lists{
		Separator: cmp.Or(in.Lists.Separator, EnglishLists.Separator),
		And:       cmp.Or(in.Lists.And, EnglishLists.And),
		Or:        cmp.Or(in.Lists.Or, EnglishLists.Or),
	}
	if o := in.Outputs.Go; o != nil {
		cat.Outputs.GoDir = path.Clean(o.Dir)
		cat.Outputs.GoPackage = o.Package
	}
	if o := in.Outputs.Markdown; o != nil {
		if o.Layout == LayoutPerCode {
			cat.Outputs.MarkdownDir = path.Clean(o.Dir)
			cat.Outputs.MarkdownIndex = cmp.Or(o.Index, "index.md")
			cat.Outputs.URLSuffix = o.URLSuffix
		} else {
			cat.Outputs.Markdown = path.Clean(o.File)
		}
		if o.Changes != nil {
			cat.Outputs.ChangesSince = o.Changes.Since
		}
	}
	cat.Outputs.JSONSchemaMode = SchemaCompatible
	if o := in.Outputs.JSONSchema; o != nil {
		cat.Outputs.JSONSchema = path.Clean(o.File)
		cat.Outputs.JSONSchemaMode = cmp.Or(o.Mode, SchemaCompatible)
	}
	if o := in.Outputs.Catalog; o != nil {
		cat.Outputs.Catalog = path.Clean(o.File)
	}
	if o := in.Outputs.LLMs; o != nil {
		cat.Outputs.LLMs = path.Clean(o.File)
	}
	b.adapterOutputs(cat)

	b.checkOutputs()
	b.checkTexts()
	cat.Tiers = b.tiers()
	cat.Envelopes = b.envelopes()
	cats := b.categories()
	cat.Categories = sortedValues(cats)
	codes := map[string]*Code{}
	for _, e := range in.Codes {
		codes[e.Key] = b.code(e.Key, e.Value, cats)
	}
	cat.Codes = sortedValues(codes)
	b.checkEnvelopes(cat)
	for _, code := range cat.Codes {
		if code.Category != nil {
			code.Category.Codes = append(code.Category.Codes, code)
		}
		for p := code.Category; p != nil; p = p.Parent {
			p.under = append(p.under, code)
		}
		code.DocsURL = cat.codeURL(code)
	}
	b.checkPages(cat)
	b.deprecations(cat, codes)
	cat.Features = b.features()
	cat.Tools = b.tools()
	b.checkFeatureTools(cat)
	cat.Roles = b.roles(codes)
	for _, e := range in.Codes {
		codes[e.Key].Examples = b.examples(codes[e.Key], e.Value.Examples)
	}
	b.anchors(cat)
	return cat
}

func sortedValues[T interface{ key() string }](m map[string]T) []T {
	out := make([]T, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	slices.SortFunc(out, func(a, b T) int { return strings.Compare(a.key(), b.key()) })
	return out
}

func (c *Category) key() string { return c.Name }
func (c *Code) key() string     { return c.Name }

func (b *builder) categories() map[string]*Category {
	cats := map[string]*Category{}
	for _, e := range b.in.Categories {
		c := &Category{
			Name:        e.Key,
			GoName:      "Category" + exported(e.Key),
			Description: e.Value.Description,
			Anchor:      Anchor("category " + e.Key),
		}
		b.claim(c.GoName, at("categories", e.Key), "category "+e.Key, "constant")
		cats[e.Key] = c
	}
	names := keys(b.in.Categories)
	for _, e := range b.in.Categories {
		if e.Value.Parent == "" {
			continue
		}
		p, ok := cats[e.Value.Parent]
		if !ok {
			// A category cannot be its own parent: it is no candidate.
			others := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == e.Key })
			b.errs.add(at("categories", e.Key, "parent"), didYouMean("categories", e.Value.Parent, others),
				"parent category %q is not declared", e.Value.Parent)
			continue
		}
		cats[e.Key].Parent = p
	}
	// A cycle is reported once, at the first category of it in catalog order.
	inCycle := map[*Category]bool{}
	for _, e := range b.in.Categories {
		c := cats[e.Key]
		seen := map[*Category]bool{}
		var chain []string
		for p := c; p != nil; p = p.Parent {
			if seen[p] {
				if p == c && !inCycle[c] {
					for q := c; ; q = q.Parent {
						inCycle[q] = true
						if q.Parent == c {
							break
						}
					}
					b.errs.add(at("categories", e.Key, "parent"), "remove one parent so the chain ends at a top-level category",
						"categories form a cycle: %s", strings.Join(append(chain, c.Name), " → "))
				}
				break
			}
			seen[p] = true
			chain = append(chain, p.Name)
		}
	}
	for c := range inCycle {
		c.Parent = nil
	}
	in := map[string]InputCategory{}
	for _, e := range b.in.Categories {
		in[e.Key] = e.Value
	}
	for _, c := range cats {
		i := in[c.Name]
		c.own = ownDefaults(i.Retryable, i.HTTPStatus, i.Retry, i.RetryAfter, i.Retries, i.Envelope, i.GRPCCode)
		c.HTTPStatus = *inherited(c, in, func(i InputCategory) *int { return i.HTTPStatus }, pointer(500))
		retry := inherited(c, in, func(i InputCategory) *Retry {
			if i.Retry == "" {
				return nil
			}
			r := Retry(i.Retry)
			return &r
		}, nil)
		var r Retry
		if retry != nil {
			r = *retry
		}
		c.Retryable, c.Retry = resolveRetry(inherited(c, in, func(i InputCategory) *bool { return i.Retryable }, nil), r)
		c.RetryAfter = *inherited(c, in, func(i InputCategory) *int { return i.RetryAfter }, pointer(0))
		c.Retries = *inherited(c, in, func(i InputCategory) *int { return i.Retries }, pointer(0))
		c.GRPC = *inherited(c, in, func(i InputCategory) *GRPCCode {
			if i.GRPCCode == "" {
				return nil
			}
			return pointer(GRPCCode(i.GRPCCode))
		}, pointer(GRPCCode("")))
	}
	// Envelopes: a category's own, else its nearest parent's, else the
	// default; unknown names are reported once, at the category naming them.
	own := map[*Category]*Envelope{}
	for _, e := range b.in.Categories {
		own[cats[e.Key]] = b.envelopeNamed(at("categories", e.Key, "envelope"), e.Value.Envelope)
	}
	for _, c := range cats {
		c.Envelope = b.defaultEnvelope
		for p := c; p != nil; p = p.Parent {
			if own[p] != nil {
				c.Envelope = own[p]
				break
			}
		}
	}
	return cats
}

// inherited returns the first value get finds on c or, going up, on its
// parents, or def when none gives one.
func inherited[T any](c *Category, in map[string]InputCategory, get func(InputCategory) *T, def *T) *T {
	for p := c; p != nil; p = p.Parent {
		if v := get(in[p.Name]); v != nil {
			return v
		}
	}
	return def
}

func pointer[T any](v T) *T { return &v }

// resolveRetry completes a retryable flag and a retry class, either of
// which may be missing: a class says whether a retry can help, and the
// flag gives the class after_delay or after_fix.
func resolveRetry(retryable *bool, retry Retry) (bool, Retry) {
	var r bool
	switch {
	case retryable != nil:
		r = *retryable
	case retry != "":
		r = retry == RetryAfterDelay || retry == RetrySafe
	}
	if retry == "" {
		retry = RetryAfterFix
		if r {
			retry = RetryAfterDelay
		}
	}
	return r, retry
}

func keys[T any](o Ordered[T]) []string {
	out := make([]string, len(o))
	for i, e := range o {
		out[i] = e.Key
	}
	return out
}

func (b *builder) code(name string, in InputCode, cats map[string]*Category) *Code {
	p := at("codes", name)
	ident := exported(name)
	c := &Code{
		Name:        name,
		Ident:       ident,
		GoName:      "Code" + ident,
		Constructor: "New" + ident,
		Title:       in.Title,
		Description: in.Description,
		Anchor:      Anchor(name),
		own:         ownDefaults(in.Retryable, in.HTTPStatus, in.Retry, in.RetryAfter, in.Retries, in.Envelope, in.GRPCCode),
	}
	c.collides = !b.claim(c.GoName, p, "code "+name, "constant") || !b.claim(c.Constructor, p, "code "+name, "constructor")
	cat, ok := cats[in.Category]
	if !ok {
		b.errs.add(append(p, "category"), didYouMean("categories", in.Category, keys(b.in.Categories)),
			"category %q is not declared", in.Category)
	} else {
		c.Category = cat
		c.Retryable = cat.Retryable
		c.HTTPStatus = cat.HTTPStatus
	}
	if in.HTTPStatus != nil {
		c.HTTPStatus = *in.HTTPStatus
	}
	if in.Retryable != nil || in.Retry != "" {
		c.Retryable, c.Retry = resolveRetry(in.Retryable, Retry(in.Retry))
	} else if cat != nil {
		c.Retryable, c.Retry = cat.Retryable, cat.Retry
	}
	if in.RetryAfter != nil {
		c.RetryAfter = *in.RetryAfter
	} else if cat != nil {
		c.RetryAfter = cat.RetryAfter
	}
	switch {
	case in.Retries != nil:
		c.Retries = *in.Retries
		if c.Retry != RetryAfterDelay && c.Retry != RetrySafe {
			b.errs.add(append(p, "retries"), "drop retries, or give the code the retry class after_delay or safe",
				"retries counts how often the same call is sent again, and code %s is of the retry class %s", name, c.Retry)
		}
	case cat != nil && (c.Retry == RetryAfterDelay || c.Retry == RetrySafe):
		c.Retries = cat.Retries
	}
	switch {
	case in.GRPCCode != "":
		c.GRPC = GRPCCode(in.GRPCCode)
	case cat != nil && cat.GRPC != "":
		c.GRPC = cat.GRPC
	default:
		c.GRPC, c.GRPCFromHTTP = GRPCCodeFor(c.HTTPStatus), true
	}
	c.Envelope = b.envelopeNamed(append(p, "envelope"), in.Envelope)
	if c.Envelope == nil {
		c.Envelope = b.defaultEnvelope
		if cat != nil {
			c.Envelope = cat.Envelope
		}
	}
	if len(in.Params) > 0 {
		c.ParamsType = ident + "Params"
		b.claim(c.ParamsType, p, "code "+name, "params struct")
	}
	c.Params = b.params(append(p, "params"), ident, in.Params, true)
	if len(c.Optional()) > 0 {
		c.OptionsType = ident + "Options"
		b.claim(c.OptionsType, p, "code "+name, "options struct")
		for _, param := range c.Params {
			if param.GoName == c.OptionsType {
				b.errs.add(append(p, "params", param.Name), "rename the param",
					"param %s gives the Go field name %s, which the struct of the code's optional params has", param.Name, param.GoName)
			}
		}
	}
	c.Message = b.template(append(p, "message"), in.Message, c.Params)
	c.Detail = b.template(append(p, "detail"), in.Detail, c.Params)
	c.Suggestion = b.template(append(p, "suggestion"), in.Suggestion, c.Params)
	c.ErrorText = b.errorText(append(p, "error_text"), in.ErrorText, c.Params)
	used := map[*Param]bool{}
	for _, t := range c.Templates() {
		for _, param := range t.Params() {
			used[param] = true
		}
	}
	// A param that a generated helper fills (the code plays a role) keeps
	// its value for the server's own use, in Params.
	for _, r := range b.in.Roles {
		if r.Value != name {
			continue
		}
		for _, rp := range RoleParams[Role(r.Key)] {
			if param := c.Param(rp.Name); param != nil {
				used[param] = true
			}
		}
	}
	for _, param := range c.Params {
		if !param.Wire && !used[param] {
			b.errs.add(append(p, "params", param.Name, "wire"), "use it in the message, detail, suggestion or error_text, or drop wire: false",
				"param %s is kept off the wire and fills no template, so its value goes nowhere", param.Name)
		}
	}
	return c
}

// params resolves the params of a code (top is true) or the fields of an
// object type; owner prefixes the Go names of nested object types.
func (b *builder) params(p []string, owner string, in Ordered[InputParam], top bool) []*Param {
	var out []*Param
	// byGoName and byArgName hold the params already seen by their Go
	// field name and, for the required params of a code, by the argument
	// of its constructor, which lower-cases the first word: id_2 and id2
	// give the fields ID2 and Id2, but both the argument id2.
	byGoName, byArgName := map[string]string{}, map[string]string{}
	for _, e := range in {
		pp := append(p[:len(p):len(p)], e.Key)
		param := &Param{
			Name:      e.Key,
			GoName:    exported(e.Key),
			ArgName:   unexported(e.Key),
			Doc:       e.Value.Doc,
			Optional:  e.Value.Optional,
			Wire:      e.Value.Wire == nil || *e.Value.Wire,
			Sensitive: e.Value.Sensitive,
			MaxLength: e.Value.MaxLength,
		}
		prev, collides := byGoName[param.GoName]
		if collides {
			b.errs.add(pp, "rename one of them", "%q and %q both give the Go field name %s", prev, e.Key, param.GoName)
		}
		byGoName[param.GoName] = e.Key
		if top {
			param.ArgName = argName(e.Key)
			if prev, ok := byArgName[param.ArgName]; ok && !param.Optional && !collides {
				b.errs.add(pp, "rename one of them", "%q and %q both give the argument %s of the constructor New%s", prev, e.Key, param.ArgName, owner)
			}
			if !param.Optional {
				byArgName[param.ArgName] = e.Key
			}
			if len(out) == MaxParams {
				b.errs.add(pp, "keep "+strconv.Itoa(MaxParams)+" params at most: group those that belong together in an object param (type: \"object\", with fields), or split the code",
					"code %s has %d params, more than the %d a code may have", p[1], len(in), MaxParams)
			}
		}
		goName := owner + param.GoName
		if top && e.Key == "alternatives" && e.Value.Type == "[]object" {
			goName = AlternativeType
			b.checkAlternatives(pp, e.Value)
		}
		param.Type = b.typ(pp, goName, e.Value)
		if e.Value.KeyOrder != "" && !strings.Contains(e.Value.Type, "map[string]") {
			b.errs.add(append(pp, "key_order"), "remove key_order, or make the type a map",
				"key_order orders the keys of a map, and %s is %s", e.Key, e.Value.Type)
		}
		if (param.Sensitive || param.MaxLength > 0) && param.Type.Kind != String {
			field, why := "sensitive", "redacts"
			if !param.Sensitive {
				field, why = "max_length", "cuts"
			}
			b.errs.add(append(pp, field), "remove "+field+", or make the param a string",
				"%s %s strings only, and %s is %s", field, why, param.Name, param.Type.Source)
		}
		out = append(out, param)
	}
	return out
}

// describeParam names the param or field at p (codes, CODE, params, NAME,
// fields, NAME, ...) for a person: field b of param a of code X.
func describeParam(p []string) string {
	if len(p) < 4 {
		return strings.Join(p, ".")
	}
	out := "param " + p[3] + " of code " + p[1]
	for i := 5; i < len(p); i += 2 {
		out = "field " + p[i] + " of " + out
	}
	return out
}

// AlternativeType is the Go type every code's alternatives param and every
// feature's alternatives share.
const AlternativeType = "Alternative"

// checkAlternatives checks a param named alternatives: it is the standard
// list of alternatives, whose fields are among AlternativeFields, each a
// string.
func (b *builder) checkAlternatives(p []string, in InputParam) {
	for _, f := range in.Fields {
		if !slices.Contains(AlternativeFields, f.Key) || f.Value.Type != "string" {
			b.errs.add(append(p, "fields", f.Key), "keep the fields among "+strings.Join(AlternativeFields, ", ")+", each a string, or rename the param",
				"a param named alternatives is the standard list of alternatives, which has no field %s of type %s", f.Key, f.Value.Type)
		}
	}
}

func (b *builder) typ(p []string, goName string, in InputParam) *Type {
	src := in.Type
	t := &Type{Source: src}
	switch {
	case strings.HasPrefix(src, "[]"):
		t.Kind = List
		t.Elem = b.typ(p, goName, InputParam{Type: src[2:], Fields: in.Fields, KeyOrder: in.KeyOrder})
		return t
	case strings.HasPrefix(src, "map[string]"):
		t.Kind = Map
		t.Ordered = in.KeyOrder == KeyOrderGiven
		t.Elem = b.typ(p, goName, InputParam{Type: src[len("map[string]"):], Fields: in.Fields, KeyOrder: in.KeyOrder})
		return t
	}
	switch src {
	case "string":
		t.Kind = String
	case "int":
		t.Kind = Int
	case "bool":
		t.Kind = Bool
	case "float":
		t.Kind = Float
	case "tier":
		t.Kind = TierKind
		if len(b.in.Tiers) == 0 {
			b.errs.add(append(p, "type"), "declare the catalog's tiers, lowest first: tiers: [\"Free\", \"Premium\"]", "type tier needs the catalog's tiers")
		}
	case "object":
		t.Kind = Object
		t.GoName = goName
		if len(in.Fields) == 0 {
			b.errs.add(append(p, "type"), "declare the object's fields under fields", "an object type needs fields")
		}
		if goName != AlternativeType {
			b.claim(goName, p, describeParam(p), "struct")
		}
		t.Fields = b.params(append(p, "fields"), goName, in.Fields, false)
		return t
	default:
		b.errs.add(append(p, "type"), TypeFix(in.Type), "unknown type %q", src)
	}
	if len(in.Fields) > 0 {
		b.errs.add(append(p, "fields"), "remove fields, or make the type object or []object", "fields are only allowed on object types, not %s", src)
	}
	return t
}

// format checks the format of a placeholder against its param's type.
func (b *builder) format(p []string, body string, param *Param, format string) (Format, bool) {
	t := param.Type
	switch format {
	case "":
		return FormatText, true
	case "json":
		return FormatJSON, true
	case "and", "or":
		if t.Kind != List {
			b.errs.add(p, "write {"+param.Name+"}, or use :"+format+" on a list",
				"placeholder {%s}: :%s joins a list, and %s is %s", body, format, param.Name, t.Source)
			return 0, false
		}
		if format == "and" {
			return FormatAnd, true
		}
		return FormatOr, true
	case "or_higher":
		if t.Kind != TierKind {
			b.errs.add(p, "give the param type tier, or write {"+param.Name+"}",
				"placeholder {%s}: :or_higher lists a tier and the tiers above it, and %s is %s", body, param.Name, t.Source)
			return 0, false
		}
		return FormatOrHigher, true
	}
	// The formats the param's type takes, and no other.
	forms := []string{"{" + param.Name + "}", "{" + param.Name + ":json}"}
	switch t.Kind {
	case List:
		forms = append(forms, "{"+param.Name+":and}", "{"+param.Name+":or}")
	case TierKind:
		forms = append(forms, "{"+param.Name+":or_higher}")
	}
	b.errs.add(p, "write "+strings.Join(forms[:len(forms)-1], ", ")+" or "+forms[len(forms)-1],
		"unknown format %q in placeholder {%s}", strings.TrimPrefix(format, ":"), body)
	return 0, false
}

// template parses a message, detail or suggestion template: {param}
// inserts a param, {param:FORMAT} formats it (see Format), a "|text" at
// the end of either writes text in place of the param when it is its zero
// value ({upstream_message|Unknown error}), {{ and }} are literal braces.
func (b *builder) template(p []string, src string, params []*Param) Template {
	return b.parseTemplate(p, src, params, false)
}

// errorText parses an error text template: as a message template, where
// {code}, {message}, {detail}, {suggestion}, {category}, {title},
// {docs_url}, {http_status}, {retryable}, {retry} and {retry_after}
// insert the error's fields, which win over a param of the same name.
func (b *builder) errorText(p []string, src string, params []*Param) Template {
	return b.parseTemplate(p, src, params, true)
}

// partFix says how to fix a placeholder whose name is no param's: for a
// part of a param, {card.last4} or {items[0]}, what the param inserts as
// a whole, and how to insert the part; else the param meant.
func partFix(name string, byName map[string]*Param, names []string) string {
	if strings.IndexFunc(name, func(r rune) bool {
		return !(r == '_' || r == '.' || r == '[' || r == ']' || r == '-' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9')
	}) >= 0 {
		// No param could have this name ({"a":1}, { x }): the braces
		// are text, most often JSON that \(json.Marshal(v)) inserted,
		// unless the name is a param's with spaces around it.
		if trimmed := strings.TrimSpace(name); trimmed != name && byName[trimmed] != nil {
			return "write {" + trimmed + "}, without spaces in the braces"
		}
		return `write a literal brace as {{ or }}, as in {{"a":1}}; for a text that \(...) inserts, double its braces with strings.Replace(s, "{", "{{", -1) and again for }`
	}
	if rest, ok := strings.CutPrefix(name, "params."); ok && byName[rest] != nil {
		// The path of the param in the wire JSON: a placeholder names
		// the param alone.
		return "write {" + rest + "}: a placeholder names the param alone, not its place on the wire"
	}
	i := strings.IndexAny(name, ".[")
	if i <= 0 || byName[name[:i]] == nil {
		return didYouMean("params", name, names)
	}
	param := byName[name[:i]]
	whole := "its value"
	switch param.Type.Kind {
	case Object:
		whole = "its first field, with the others in parentheses"
	case List:
		whole = "its elements, joined with \", \""
	case Map:
		whole = "each key with its value"
	}
	return "a placeholder inserts a param whole: {" + param.Name + "} writes " + whole +
		"; to insert a part alone, declare it as a param of its own (with wire: false, the wire does not carry it twice)"
}

// parseTemplate parses a template; with fields, its placeholders may name
// the error's fields.
func (b *builder) parseTemplate(p []string, src string, params []*Param, fields bool) Template {
	t := Template{Source: src}
	byName := map[string]*Param{}
	for _, param := range params {
		byName[param.Name] = param
	}
	names := paramNames(params)
	var text strings.Builder
	textAt := 0 // where the text begins
	flush := func() {
		if text.Len() > 0 {
			t.Parts = append(t.Parts, Part{Text: text.String(), Offset: textAt})
			text.Reset()
		}
	}
	placeholder := func(at int, body string) {
		spec, def, hasDefault := strings.Cut(body, "|")
		name, format, hasFormat := strings.Cut(spec, ":")
		if f, ok := fieldNamed(name); fields && ok {
			if hasFormat {
				b.errs.add(p, "write {"+name+"}", "the field {%s} takes no format", name)
				return
			}
			flush()
			t.Parts = append(t.Parts, Part{IsField: true, Field: f, Default: def, HasDefault: hasDefault, Offset: at})
			return
		}
		param, ok := byName[name]
		switch {
		case !ok && name == "":
			b.errs.add(p, "put the name of a param in it, or write {{ and }} for literal braces", "placeholder {%s} names no param", body)
			return
		case !ok && fields:
			candidates := append(FieldNames[:len(FieldNames):len(FieldNames)], names...)
			fix := "use one of " + quoteList(candidates)
			if m := Closest(name, candidates); len(m) > 0 {
				fix = "did you mean " + quoteList(m) + "?"
			}
			if params == nil {
				if strings.HasSuffix(fix, "?") {
					fix += " To insert a code's params, give the code an error_text of its own"
				} else {
					fix += "; to insert a code's params, give the code an error_text of its own"
				}
				b.errs.add(p, fix,
					"placeholder {%s} names no field of the error", body)
			} else {
				b.errs.add(p, fix, "placeholder {%s} names no field of the error and no param of this code", body)
			}
			return
		case !ok:
			b.errs.add(p, partFix(name, byName, names), "placeholder {%s} names no param of this code", body)
			return
		}
		if hasFormat && format == "" {
			format = ":" // reported as unknown, like any other format
		}
		if f, ok := b.format(p, body, param, format); ok {
			flush()
			t.Parts = append(t.Parts, Part{Param: param, Format: f, Default: def, HasDefault: hasDefault, Offset: at})
		}
	}
	for i := 0; i < len(src); i++ {
		ch := src[i]
		if text.Len() == 0 {
			textAt = i
		}
		switch {
		case ch == '{' && i+1 < len(src) && src[i+1] == '{':
			text.WriteByte('{')
			i++
		case ch == '}' && i+1 < len(src) && src[i+1] == '}':
			text.WriteByte('}')
			i++
		case ch == '}':
			b.errs.addAt(p, i, "write }} for a literal }", "unmatched } at offset %d, in %s", utf8.RuneCountInString(src[:i]), near(src, i))
		case ch == '{':
			end := strings.IndexByte(src[i:], '}')
			if open := strings.IndexByte(src[i+1:], '{'); end < 0 || open >= 0 && open+1 < end {
				// No } closes this {, or another { opens first: a
				// literal { not doubled, or a placeholder not closed.
				b.errs.addAt(p, i, "close the placeholder with }, or write {{ for a literal {", "unclosed { at offset %d, in %s", utf8.RuneCountInString(src[:i]), near(src, i))
				if end < 0 {
					i = len(src)
				}
				continue
			}
			// The problems of a placeholder are at its {.
			n := len(b.errs.errs)
			placeholder(i, src[i+1:i+end])
			b.errs.since(n, i)
			i += end
		default:
			text.WriteByte(ch)
		}
	}
	flush()
	return t
}

// near quotes the text of s around offset i, for a message that points
// into it.
func near(s string, i int) string {
	start, end := i, i+1
	for n := 0; start > 0 && n < 12; n++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	for n := 0; end < len(s) && n < 12; n++ {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	out := s[start:end]
	if start > 0 {
		out = "…" + out
	}
	if end < len(s) {
		out += "…"
	}
	return strconv.Quote(out)
}

func (b *builder) deprecations(cat *Catalog, codes map[string]*Code) {
	for _, e := range b.in.Codes {
		d := e.Value.Deprecated
		if d == nil {
			continue
		}
		c := codes[e.Key]
		c.Deprecated = &Deprecation{Since: d.Since}
		if d.Use == "" {
			continue
		}
		use, ok := codes[d.Use]
		switch {
		case !ok:
			b.errs.add(at("codes", e.Key, "deprecated", "use"), didYouMean("codes", d.Use, keys(b.in.Codes)),
				"replacement code %q is not declared", d.Use)
		case use == c:
			b.errs.add(at("codes", e.Key, "deprecated", "use"), "name another code, or drop use", "a code cannot replace itself")
		default:
			c.Deprecated.Use = use
		}
	}
	for _, c := range cat.Codes {
		if c.Deprecated != nil && c.Deprecated.Use != nil {
			c.Deprecated.Use.replaces = append(c.Deprecated.Use.replaces, c)
		}
	}
	cat.indexed = true
}

// checkURL rejects, at p, a URL that the schema's pattern lets through
// but that is none: one that holds a control character, which would
// reach a terminal or a page, or that Go's net/url cannot read, such as
// one with a port that is not a number or a % that two hex digits do not
// follow (the JSON Schema's $id and every link are made from it).
func (b *builder) checkURL(p []string, u string) {
	for i, r := range u {
		if unicode.IsControl(r) {
			b.errs.addAt(p, i, "remove it, or percent-encode it if the URL must carry it (%1B for ESC)",
				"the URL holds the control character %U at offset %d", r, utf8.RuneCountInString(u[:i]))
			return
		}
	}
	if _, err := url.Parse(u); err != nil {
		var e *url.Error
		if errors.As(err, &e) {
			err = e.Err
		}
		b.errs.add(p, "give a URL with a port of digits, if any, and a % only before two hex digits (%25 for a % itself)", "%s is not a URL: %v", strconv.Quote(u), err)
	}
}

// anchors checks that no two codes share an anchor, nor two categories,
// nor a code and a category or the title of the one page. Codes and
// categories whose Go names already collide are not reported again. A
// code spelled like a one-word title (PAY in catalog pay) would get the
// anchor #pay-1 from GitHub, and every link to #pay would open the top of
// the page; so would the second of two categories whose names differ
// only in case (fooBar and foobar, both #category-foobar). The Markdown
// renderer checks the title against the other headings of its page
// (Catalog.TitleTaken), which templates write.
func (b *builder) anchors(cat *Catalog) {
	const titleHeading = "the title of the reference"
	seen := map[string]string{}
	if cat.Layout() == LayoutSingle {
		seen[cat.TitleAnchor()] = titleHeading
	}
	categories := map[string]*Category{}
	for _, c := range cat.Categories {
		if prev, ok := categories[c.Anchor]; ok && prev.GoName != c.GoName {
			b.errs.add(at("categories", c.Name), "rename one of them",
				"category %s has the anchor #%s, which category %s already has", c.Name, c.Anchor, prev.Name)
		}
		categories[c.Anchor] = c
		seen[c.Anchor] = "category " + c.Name
	}
	for _, c := range cat.Codes {
		if c.collides {
			continue
		}
		if prev, ok := seen[c.Anchor]; ok {
			fix := "rename one of them"
			if prev == titleHeading {
				fix = cat.retitle()
			}
			b.errs.add(at("codes", c.Name), fix,
				"code %s has the docs anchor #%s, which %s already has", c.Name, c.Anchor, prev)
		}
		seen[c.Anchor] = "code " + c.Name
	}
}
