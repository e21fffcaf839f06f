// Package breaking compares two versions of a catalog and reports every
// change, each under a rule (see Rules) with the level it breaks (the
// wire, the generated Go API, the docs' links, the version) or as safe. It
// compares the models the loader builds, so the two versions may be
// written as differently as CUE allows.
//
// A client built from the older version is the one to protect: it
// matches codes and categories, reads params where the envelope put them,
// obeys retryable, links to docs URLs, and calls the generated Go
// constructors. Every change that breaks one of these is reported under
// the rule that says what changed; the Go API's changes only where no
// change of the wire explains them: a param removed breaks the wire, and
// its constructor's change is not reported again at the Go level.
package breaking

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/prose"
)

// Kind says whether a change breaks clients.
type Kind int

// The kinds of changes.
const (
	Breaking Kind = iota // breaks clients of the older version
	Expected             // removes what the older version announced it would
	Safe                 // breaks nothing
)

func (k Kind) String() string {
	switch k {
	case Breaking:
		return "breaking"
	case Expected:
		return "expected"
	}
	return "safe"
}

// Change is one change between two versions of a catalog.
type Change struct {
	Rule  string
	Level Level
	Kind  Kind
	// Path locates the change in the newer catalog or, when InOld, in the
	// older one (for what is gone): codes, NOT_FOUND, params, id.
	Path    []string
	InOld   bool
	Code    string // the code the change is about, or ""
	Was     string // for CODE_RENAMED, the code's name in the older catalog
	Message string // what changed, one sentence
	Fix     string // what to do instead; "" for a safe change
}

// Breaks reports whether the change breaks clients.
func (c Change) Breaks() bool { return c.Kind == Breaking }

// Compare returns the changes from old to new: every change of the
// catalog's rules, less those the newer catalog's breaking block excepts
// or ignores (at their path, or, for a change of a code made at its
// category, at the code), in a fixed order: the catalog, its envelopes,
// categories, codes by name, tiers, features, tools and roles, then the
// Go API, the docs and the version.
func Compare(old, new *model.Catalog) []Change { return CompareAt(old, new, nil, nil) }

// CompareAt is Compare for catalogs that may have moved: oldAt and newAt
// place a directory of each version's outputs, relative to its catalog, in
// a tree both versions share, so that a Go package generated elsewhere
// than it was is reported moved. nil stands for a catalog that stayed
// where it was: a directory is its path relative to the catalog.
func CompareAt(old, new *model.Catalog, oldAt, newAt func(dir string) string) []Change {
	c := &comparer{old: old, new: new, explained: map[string]bool{}, gone: map[string]bool{}, sameKey: map[string]*model.Param{}, oldAt: oldAt, newAt: newAt}
	if c.oldAt == nil || c.newAt == nil {
		c.oldAt, c.newAt = path.Clean, path.Clean
	}
	c.catalog()
	c.envelopes()
	c.categories()
	c.codes()
	c.tiers()
	c.features()
	c.tools()
	c.roles()
	c.goAPI()
	c.docs()
	c.exact()
	out := Group(slices.DeleteFunc(c.out, func(ch Change) bool {
		return !new.Breaking.Checks(ch.Rule, true) || new.Breaking.Ignores(ch.Rule, ch.Path) ||
			ch.Code != "" && new.Breaking.Ignores(ch.Rule, []string{"codes", ch.Code})
	}), func(ch Change) string {
		// A change made at a category, which its codes take from it.
		if ch.Path[0] == "categories" {
			return model.PathString(ch.Path)
		}
		return ""
	})
	if v, ok := c.version(out); ok && new.Breaking.Checks(v.Rule, true) && !new.Breaking.Ignores(v.Rule, v.Path) {
		out = append(out, v)
	}
	return out
}

// Group makes one change of the changes of codes made at one place: a
// value of a category (its http_status, retry, envelope, ...), which its
// codes take from it, or a CUE definition they share. The changes of one
// rule that at puts at one place ("" for none), and that say the same of
// each code, are one change, at the path of the first, that says it once
// and names the codes (the first of them and how many more, when they are
// many). Code is "" in a change of more than one code. Compare groups the
// changes made at a category; errspec breaking groups by position in the
// catalog's files too.
func Group(changes []Change, at func(Change) string) []Change {
	type key struct {
		rule, at, message, fix string
		inOld                  bool
	}
	var out []Change
	groups := map[key]int{} // → its change in out
	codes := map[int][]string{}
	for _, ch := range changes {
		place := ""
		if ch.Code != "" && len(ch.Path) > 0 {
			place = at(ch)
		}
		if place == "" {
			out = append(out, ch)
			continue
		}
		k := key{ch.Rule, place, unname(ch.Message, ch.Code), unname(ch.Fix, ch.Code), ch.InOld}
		i, ok := groups[k]
		if !ok {
			i = len(out)
			groups[k] = i
			out = append(out, ch)
		}
		codes[i] = append(codes[i], ch.Code)
	}
	for i, names := range codes {
		if len(names) < 2 {
			continue
		}
		ch := &out[i]
		ch.Message = strings.ReplaceAll(strings.ReplaceAll(unname(ch.Message, ch.Code), "code \x00", "each of codes \x00"), "\x00", some(names))
		ch.Fix = strings.ReplaceAll(strings.ReplaceAll(unname(ch.Fix, ch.Code), "code \x00", "each code"), "\x00", "each")
		ch.Code = ""
	}
	return out
}

// unname puts a NUL in the place of each mention of code in s, as a word.
func unname(s, code string) string {
	return regexp.MustCompile(`\b`+regexp.QuoteMeta(code)+`\b`).ReplaceAllLiteralString(s, "\x00")
}

// some names things as prose; more than five, by the first three and
// how many more.
func some(names []string) string {
	if len(names) > 5 {
		return fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
	}
	return and(names)
}

// Added returns the catalog's changes when it is new: every code added.
func Added(cat *model.Catalog) []Change {
	out := []Change{{Rule: "CATALOG_ADDED", Level: Wire, Kind: Safe, Path: []string{"name"},
		Message: fmt.Sprintf("catalog %s is new", cat.Name)}}
	return slices.DeleteFunc(out, func(ch Change) bool { return !cat.Breaking.Checks(ch.Rule, true) })
}

// Removed returns the change of a catalog that is gone: its path is in
// the catalog itself, the older version.
func Removed(old *model.Catalog) Change {
	return Change{Rule: "CATALOG_REMOVED", Level: Wire, Kind: Breaking, Path: []string{"name"}, InOld: true,
		Message: fmt.Sprintf("catalog %s is gone, and its %s with it", old.Name, count(len(old.Codes), "code")),
		Fix:     "keep the catalog, or point errspec breaking at where it went"}
}

type comparer struct {
	old, new *model.Catalog
	out      []Change
	// explained holds the paths (codes.X, codes.X.params, tiers.NAME) of
	// values whose wire changes explain the Go API's: the Go level does
	// not report them again. gone holds those among them that are gone
	// or have another type, whose changes explain those of every value
	// below them too: the Go types of an object param's fields.
	explained map[string]bool
	gone      map[string]bool
	renamed   map[string]string // old code name → new, for the codes renamed
	// sameKey maps the path of a param of the older catalog (codes.X.
	// params.p) to the param of another name that the newer sends at
	// its key: only its Go names changed.
	sameKey map[string]*model.Param
	// oldAt and newAt place a directory of the outputs, relative to the
	// catalog, in a tree both versions share (see CompareAt).
	oldAt, newAt func(dir string) string
}

// add reports a change of a rule, found at path in the newer catalog, or
// in the older one with inOld.
func (c *comparer) add(rule string, kind Kind, path []string, inOld bool, code, fix, format string, args ...any) {
	r, ok := RuleByID(rule)
	if !ok {
		panic("breaking: no rule " + rule)
	}
	if r.Safe {
		kind, fix = Safe, ""
	}
	c.out = append(c.out, Change{Rule: rule, Level: r.Level, Kind: kind, Path: slices.Clone(path), InOld: inOld,
		Code: code, Message: fmt.Sprintf(format, args...), Fix: fix})
}

func (c *comparer) catalog() {
	var changed []string
	gone := false // the first field changed is left out of the newer catalog
	change := func(field string, differs, left bool) {
		if differs {
			if len(changed) == 0 {
				gone = left
			}
			changed = append(changed, field)
		}
	}
	change("name", c.old.Name != c.new.Name, false)
	change("title", c.old.Title != c.new.Title, false) // the name when left out
	change("description", c.old.Description != c.new.Description, c.new.Description == "")
	change("error_text", c.old.ErrorText.Source != c.new.ErrorText.Source, c.new.ErrorText.Source == "")
	change("lists", c.old.Lists != c.new.Lists, c.new.Lists == model.EnglishLists)
	change("upgrade_url", c.old.UpgradeURL != c.new.UpgradeURL, c.new.UpgradeURL == "")
	if len(changed) > 0 {
		// A field the newer catalog leaves out is placed where the older
		// one gives it, where it was placed at the newer one's first line.
		c.add("TEXT_CHANGED", Safe, []string{changed[0]}, gone, "", "", "the catalog's %s changed", and(changed))
	}
	if o, n := c.old.Outputs.GRPC, c.new.Outputs.GRPC; o != nil && n != nil && o.Domain != n.Domain {
		c.add("GRPC_STATUS_CHANGED", Breaking, []string{"outputs", "grpc", "domain"}, false, "",
			fmt.Sprintf("keep domain: %q: clients match an ErrorInfo by its reason and domain", o.Domain),
			"the ErrorInfo of every code had the domain %s, and has %s", o.Domain, n.Domain)
	}
	if o, n := c.old.Outputs.MCP, c.new.Outputs.MCP; o != nil && n != nil {
		c.mcpResult(o, n)
	}
}

// mcpResult compares what the MCP adapter's error results carry. A
// client reads the error from the text content when it holds the wire
// JSON, else from structuredContent; an agent that sees only the text
// content reads the code, suggestion and retry facts only where the text
// is the wire JSON. A client that checks structuredContent against a
// tool's output schema, even in error results, is why a catalog leaves it
// out: sending it where it was not breaks that client.
func (c *comparer) mcpResult(o, n *model.MCPOutput) {
	at := func(key string) []string { return []string{"outputs", "mcp", key} }
	switch {
	case o.Text == model.MCPTextJSON && n.Text != model.MCPTextJSON:
		c.add("MCP_RESULT_CHANGED", Breaking, at("text"), false, "",
			`keep text: "json": a client that reads the error from the text content, and an agent that sees only the text, lose it`,
			"the text content of an error result was the wire JSON, and is the %s", mcpText(n.Text))
	case o.Text != n.Text:
		c.add("TEXT_CHANGED", Safe, at("text"), false, "", "", "the text content of an MCP error result was the %s, and is the %s", mcpText(o.Text), mcpText(n.Text))
	}
	switch {
	case o.StructuredContent && !n.StructuredContent:
		c.add("MCP_RESULT_CHANGED", Breaking, at("structured_content"), false, "",
			"keep structured_content: true: a client that reads the error from structuredContent loses it",
			"error results carried the wire JSON as structuredContent, and no longer do")
	case !o.StructuredContent && n.StructuredContent:
		c.add("MCP_RESULT_CHANGED", Breaking, at("structured_content"), false, "",
			"keep structured_content: false: a client that checks structuredContent against a tool's output schema rejects the error object",
			"error results carried no structuredContent, and carry the wire JSON as structuredContent")
	}
}

// mcpText says what an MCP error result's text content holds.
func mcpText(t model.MCPText) string {
	switch t {
	case model.MCPTextJSON:
		return "wire JSON"
	case model.MCPTextMessage:
		return "message alone"
	}
	return "error rendered for a terminal"
}

func (c *comparer) categories() {
	for _, o := range c.old.Categories {
		n := c.newCategory(o.Name)
		if n == nil {
			continue // its constant and anchor are gone: the Go API and the docs report it
		}
		var lost []string
		for _, a := range o.Ancestors() {
			if !slices.ContainsFunc(n.Ancestors(), func(b *model.Category) bool { return b.Name == a.Name }) {
				lost = append(lost, a.Name)
			}
		}
		// Only Go's errors.Is matches a category's parents: without a Go
		// package in both versions (the loss of one is reported), no
		// caller matches them.
		if len(lost) > 0 && c.old.Outputs.GoPackage != "" && c.new.Outputs.GoPackage != "" {
			c.add("CATEGORY_PARENT_CHANGED", Breaking, []string{"categories", n.Name, "parent"}, false, "",
				fmt.Sprintf("keep %s below %s: a category may gain parents, not lose them", n.Name, and(lost)),
				"category %s is no longer below %s: errors.Is no longer matches its codes against %s", n.Name, and(lost), orList(lost))
		}
		if o.Description != n.Description {
			c.add("TEXT_CHANGED", Safe, []string{"categories", n.Name, "description"}, false, "", "", "the description of category %s changed", n.Name)
		}
	}
	for _, n := range c.new.Categories {
		if c.oldCategory(n.Name) == nil {
			c.add("CATEGORY_ADDED", Safe, []string{"categories", n.Name}, false, "", "", "category %s is new", n.Name)
		}
	}
}

func (c *comparer) newCategory(name string) *model.Category { return category(c.new, name) }
func (c *comparer) oldCategory(name string) *model.Category { return category(c.old, name) }

func category(cat *model.Catalog, name string) *model.Category {
	return first(cat.Categories, func(c *model.Category) bool { return c.Name == name })
}

// first returns the first element of xs that matches, or the zero value.
func first[T any](xs []T, match func(T) bool) (zero T) {
	if i := slices.IndexFunc(xs, match); i >= 0 {
		return xs[i]
	}
	return zero
}

// codes compares the codes: those gone (renamed, removed as announced or
// not), those new, and those in both.
func (c *comparer) codes() {
	var gone, added []*model.Code
	for _, o := range c.old.Codes {
		if c.new.Code(o.Name) == nil && c.replacement(o) == nil {
			gone = append(gone, o)
		}
	}
	for _, n := range c.new.Codes {
		if c.old.Code(n.Name) == nil {
			added = append(added, n)
		}
	}
	c.renamed = renames(gone, added)
	renamedTo := map[string]bool{}
	for _, n := range c.renamed {
		renamedTo[n] = true
	}
	for _, o := range c.old.Codes {
		if n := c.new.Code(o.Name); n != nil {
			c.code(o, n)
			continue
		}
		c.explained["codes."+o.Name] = true
		p := []string{"codes", o.Name}
		use := c.replacement(o)
		switch to, ok := c.renamed[o.Name]; {
		case use != nil:
			if why := c.unreadGone(o); why != "" {
				c.add("CODE_REMOVED", Breaking, p, true, o.Name,
					"keep the code, deprecated, until no server of the older version runs",
					"code %s is gone, as the older version announced (deprecated for %s), but a client of the newer version rejects it from a server of the older version, as a code it does not know: %s", o.Name, announced(o, use), why)
				break
			}
			c.add("CODE_REMOVED", Expected, p, true, o.Name, "",
				"code %s is gone, as announced: the older version deprecated it for %s", o.Name, announced(o, use))
		case ok:
			fix := fmt.Sprintf("keep %s too, deprecated with use: %q, until no client expects it; remove it in a later version", o.Name, to)
			if n := c.new.Code(to); n.Ident == o.Ident {
				// The two cannot be declared side by side: the catalog
				// would give one Go name twice.
				fix = fmt.Sprintf("keep the name %s: %s gives the same Go names (%s), so the two cannot be declared side by side while clients move", o.Name, to, n.GoName)
			}
			c.add("CODE_RENAMED", Breaking, []string{"codes", to}, false, to, fix,
				"code %s is gone, and %s, new, looks like its new name", o.Name, to)
			c.out[len(c.out)-1].Was = o.Name
		case o.Deprecated != nil:
			c.add("CODE_REMOVED", Breaking, p, true, o.Name,
				"keep the code until its clients are gone; name its replacement with deprecated: use, in a version before the one that removes it",
				"code %s is gone; the older version deprecated it but named no replacement that remains", o.Name)
		default:
			c.add("CODE_REMOVED", Breaking, p, true, o.Name,
				"keep the code, deprecated with use: NEW_CODE, for a version before removing it",
				"code %s is gone", o.Name)
		}
	}
	for _, n := range added {
		if !renamedTo[n.Name] {
			c.add("CODE_ADDED", Safe, []string{"codes", n.Name}, false, n.Name, "", "code %s is new", n.Name)
			c.unreadCode(n)
		}
	}
}

// replacement returns the code of the newer catalog that replaces the
// deprecated code o: the replacement the older version named, or, when
// that one is gone too, deprecated in turn, its own, and so on; nil when
// the chain of replacements leads to no code of the newer catalog.
func (c *comparer) replacement(o *model.Code) *model.Code {
	for seen := map[*model.Code]bool{}; o.Deprecated != nil && o.Deprecated.Use != nil && !seen[o]; o = o.Deprecated.Use {
		seen[o] = true
		if n := c.new.Code(o.Deprecated.Use.Name); n != nil {
			return n
		}
	}
	return nil
}

// announced words the replacements the older version named for o, up to
// use, the one the newer catalog has, as replacement found it: "B", or
// "B, and B for C" when B is gone too.
func announced(o, use *model.Code) string {
	s := o.Deprecated.Use.Name
	for from := o.Deprecated.Use; from.Name != use.Name; from = from.Deprecated.Use {
		s += ", and " + from.Name + " for " + from.Deprecated.Use.Name
	}
	return s
}

// renames pairs codes gone with new codes that look like them renamed:
// the same name but for case and underscores, the same message template
// or the same title. Each code pairs once, in name order.
func renames(gone, added []*model.Code) map[string]string {
	out := map[string]string{}
	taken := map[*model.Code]bool{}
	for _, o := range gone {
		for _, n := range added {
			if taken[n] {
				continue
			}
			if squash(o.Name) == squash(n.Name) || o.Message.Source == n.Message.Source || o.Title == n.Title {
				out[o.Name] = n.Name
				taken[n] = true
				break
			}
		}
	}
	return out
}

// squash is a name in lower case without underscores or hyphens.
func squash(s string) string {
	return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s))
}

// code compares a code that both versions have.
func (c *comparer) code(o, n *model.Code) {
	p := []string{"codes", n.Name}
	at := func(field string) []string { return append(slices.Clip(p), field) }
	if o.Category != nil && n.Category != nil && o.Category.Name != n.Category.Name {
		c.add("CODE_CATEGORY_CHANGED", Breaking, at("category"), false, n.Name,
			fmt.Sprintf("keep %s in %s; for the new category, add a code and deprecate %s with use: NEW_CODE", n.Name, o.Category.Name, n.Name),
			"code %s moved from category %s to %s", n.Name, o.Category.Name, n.Category.Name)
	}
	if o.Retryable != n.Retryable || o.Retry != n.Retry {
		// At retryable when it changed and is set somewhere: else the
		// retry class changed, or gave retryable.
		key, was := model.KeyRetry, string(o.Retry)
		if o.Retryable != n.Retryable && (o.Origin(model.KeyRetryable) != nil || n.Origin(model.KeyRetryable) != nil) {
			key, was = model.KeyRetryable, fmt.Sprint(o.Retryable)
		}
		f := c.field(o, n, key, was)
		c.add("RETRY_CHANGED", Breaking, f.path, f.inOld, n.Name,
			f.keep+"; when a retry can help in some cases and not in others, they are two codes",
			"code %s was retryable: %t, retry: %s, and is retryable: %t, retry: %s%s", n.Name, o.Retryable, o.Retry, n.Retryable, n.Retry, f.from)
	}
	if o.HTTPStatus != n.HTTPStatus {
		f := c.field(o, n, model.KeyHTTPStatus, fmt.Sprint(o.HTTPStatus))
		c.add("HTTP_STATUS_CHANGED", Breaking, f.path, f.inOld, n.Name,
			f.keep+fmt.Sprintf("; for another status, add a code and deprecate %s with use: NEW_CODE", n.Name),
			"code %s had HTTP status %d, and has %d%s", n.Name, o.HTTPStatus, n.HTTPStatus, f.from)
	}
	if c.old.Outputs.GRPC != nil && c.new.Outputs.GRPC != nil && o.GRPC != n.GRPC &&
		!(o.GRPCFromHTTP && n.GRPCFromHTTP && o.HTTPStatus != n.HTTPStatus) {
		f := c.field(o, n, model.KeyGRPCCode, strconv.Quote(string(o.GRPC)))
		c.add("GRPC_STATUS_CHANGED", Breaking, f.path, f.inOld, n.Name,
			f.keep+fmt.Sprintf("; for another gRPC code, add a code and deprecate %s with use: NEW_CODE", n.Name),
			"code %s had gRPC code %s, and has %s%s", n.Name, o.GRPC, n.GRPC, f.from)
	}
	if o.RetryAfter != n.RetryAfter {
		f := c.field(o, n, model.KeyRetryAfter, "")
		c.add("RETRY_AFTER_CHANGED", Safe, f.path, f.inOld, n.Name, "", "the retry_after of code %s was %s, and is %s%s",
			n.Name, seconds(o.RetryAfter), seconds(n.RetryAfter), f.from)
	}
	if o.Retries != n.Retries {
		f := c.field(o, n, model.KeyRetries, "")
		c.add("RETRY_AFTER_CHANGED", Safe, f.path, f.inOld, n.Name, "", "code %s said to retry %s, and says to retry %s%s",
			n.Name, times(o.Retries), times(n.Retries), f.from)
	}
	switch was, is := replacement(o.Deprecated), replacement(n.Deprecated); {
	case o.Deprecated == nil && n.Deprecated != nil:
		use := ""
		if is != "" {
			use = ", for " + is
		}
		c.add("CODE_DEPRECATED", Safe, at("deprecated"), false, n.Name, "", "code %s is deprecated%s", n.Name, use)
	case o.Deprecated != nil && n.Deprecated == nil:
		c.add("CODE_DEPRECATED", Safe, p, false, n.Name, "", "code %s is no longer deprecated", n.Name)
	case was != is:
		c.add("CODE_DEPRECATED", Safe, at("deprecated"), false, n.Name, "", "code %s, deprecated, names %s as its replacement, where it named %s",
			n.Name, or(is, "no code"), or(was, "none"))
	}
	if o.Envelope != nil && n.Envelope != nil && o.Envelope.Name != n.Envelope.Name {
		f := c.field(o, n, model.KeyEnvelope, "")
		c.envelope(f.path, fmt.Sprintf("code %s, now in the %s%s,", n.Name, envelopeName(n.Envelope), f.from), n.Name, o.Envelope, n.Envelope, false)
	}
	c.wireParams(o, n)
	c.texts(o, n)
}

// fieldChange is where a change of a code's value of a field that its
// category gives by default (http_status, retryable, ...) is made, and
// what to keep.
type fieldChange struct {
	path  []string
	inOld bool
	from  string // where the new value comes from, to end the message: ", from category C"
	keep  string // the fix: keep the value where it was set
}

// field finds where the change of a code's field key, whose older value
// was was (as the catalog writes it; "" for a safe change, which needs no
// fix), is made: at the code's own value, the one it no longer sets
// itself, its category when it moved to another, the parent of the
// category that moved below others when the categories that give the
// values keep them, the category (or one above it) that sets the newer
// value, or the one that no longer sets the older value.
func (c *comparer) field(o, n *model.Code, key, was string) fieldChange {
	keep := fmt.Sprintf("keep %s: %s", key, was)
	switch {
	case n.Sets(key):
		return fieldChange{path: n.Origin(key), keep: keep}
	case o.Sets(key):
		return fieldChange{path: o.Origin(key), inOld: true, from: fmt.Sprintf(", as it no longer sets %s itself", key), keep: keep + " on the code"}
	case o.Category != nil && n.Category != nil && o.Category.Name != n.Category.Name:
		return fieldChange{path: []string{"codes", n.Name, "category"}, from: ", with its category",
			keep: fmt.Sprintf("%s on the code, which its new category %s does not give it", keep, n.Category.Name)}
	}
	from, to := o.Origin(key), n.Origin(key)
	set := func(cat *model.Catalog, name string) bool {
		ct := category(cat, name)
		return ct != nil && ct.Sets(key)
	}
	// The categories that give the values keep them, and the code's
	// category moved below others: the change is that move.
	if !slices.Equal(from, to) && (from == nil || set(c.new, from[1])) && (to == nil || set(c.old, to[1])) {
		if m, oldParent, newParent := reparented(o.Category, n.Category); m != "" {
			where, move := "at the top level, not below "+newParent, "is now below "+newParent
			switch {
			case oldParent != "" && newParent != "":
				where, move = "below "+oldParent, fmt.Sprintf("moved from below %s to below %s", oldParent, newParent)
			case oldParent != "":
				where, move = "below "+oldParent, "is no longer below "+oldParent
			}
			return fieldChange{path: []string{"categories", m, "parent"}, inOld: newParent == "", from: fmt.Sprintf(", as category %s %s", m, move),
				keep: fmt.Sprintf("keep category %s %s, or set %s: %s on code %s", m, where, key, was, n.Name)}
		}
	}
	switch {
	case to != nil && (from == nil || slices.Equal(from, to) || !set(c.old, to[1])):
		return fieldChange{path: to, from: ", from category " + to[1], keep: fmt.Sprintf("%s in category %s, or set it on code %s", keep, to[1], n.Name)}
	case from != nil:
		return fieldChange{path: from, inOld: true, from: fmt.Sprintf(", as category %s no longer sets %s", from[1], key),
			keep: fmt.Sprintf("%s in category %s, or set it on code %s", keep, from[1], n.Name)}
	}
	return fieldChange{path: []string{"codes", n.Name}, keep: keep}
}

// reparented returns the first category of a code's category and those
// above it, o in the older catalog and n in the newer, whose parent
// changed, with its older and newer parent ("" for none); "" when no
// parent changed.
func reparented(o, n *model.Category) (name, oldParent, newParent string) {
	parent := func(c *model.Category) string {
		if c == nil || c.Parent == nil {
			return ""
		}
		return c.Parent.Name
	}
	for ; n != nil && o != nil; n = n.Parent {
		if p := parent(n); p != parent(o) {
			return n.Name, parent(o), p
		}
		o = o.Parent
	}
	return "", "", ""
}

// exactFix is the fix of a change that the exact mode rejects.
const exactFix = `give the catalog outputs: jsonschema: mode: "compatible" (the default), and make the change once its clients have a version built in that mode`

// exactRejects ends the message of a change that the exact mode rejects.
const exactRejects = "; a client of the older version, whose Parse and JSON Schema are in the exact mode, rejects the errors that send it"

// exactNewerFix and exactNewerRejects are those of a change whose older
// errors the newer version's exact mode rejects.
const (
	exactNewerFix     = `give the catalog outputs: jsonschema: mode: "compatible" (the default), or make the change once no server of the older version runs`
	exactNewerRejects = "; a client of the newer version, whose Parse and JSON Schema are in the exact mode, rejects the errors of a server of the older version"
)

// exact turns the safe changes that a client in the exact mode rejects
// into breaks. When the older version's Parse and JSON Schema are in that
// mode: what the newer one adds (a code, a param or field, an envelope
// key). When either version's are: the values the exact mode pins that a
// code's envelope sends in that version (its title, its retry_after),
// the docs URLs too, which DOCS_URL_CHANGED reports as links (that
// redirects may keep). When the newer version's are: a code it removes
// as the older version announced, which a server of the older version
// still sends; keyAdded reports the envelope keys it requires.
func (c *comparer) exact() {
	older, newer := c.old.Outputs.JSONSchemaMode == model.SchemaExact, c.new.Outputs.JSONSchemaMode == model.SchemaExact
	if !older && !newer {
		return
	}
	sends := func(cat *model.Catalog, code string, f model.Field) bool {
		o := cat.Code(code)
		return o != nil && o.Envelope != nil && o.Envelope.FieldPath(f) != nil
	}
	// pins returns the ends of the message and the fix of a change of the
	// value f of code that a client in the exact mode rejects, or "".
	pins := func(code string, f model.Field) (rejects, fix string) {
		switch {
		case older && sends(c.old, code, f):
			return exactRejects, exactFix
		case newer && sends(c.new, code, f):
			return exactNewerRejects, exactNewerFix
		}
		return "", ""
	}
	var moved []string
	var rejects, fix string
	for _, o := range c.old.Codes {
		if n := c.new.Code(o.Name); n != nil && n.DocsURL != o.DocsURL {
			if r, f := pins(o.Name, model.FieldDocsURL); r != "" {
				moved = append(moved, o.Name)
				if rejects != exactRejects {
					rejects, fix = r, f
				}
			}
		}
	}
	if len(moved) > 0 {
		path, inOld := c.docsAt()
		o, n := c.old.Code(moved[0]), c.new.Code(moved[0])
		what := fmt.Sprintf("code %s sends its docs URL, which was %s", o.Name, o.DocsURL)
		if len(moved) > 1 {
			what = fmt.Sprintf("codes %s send their docs URLs, which changed: %s's was %s", some(moved), o.Name, o.DocsURL)
		}
		c.add("EXACT_MODE_REJECTS", Breaking, path, inOld, "", fix, "%s, and is %s%s", what, or(n.DocsURL, "none"), rejects)
	}
	for i, ch := range c.out {
		if len(ch.Path) == 0 {
			continue
		}
		last := ch.Path[len(ch.Path)-1]
		rejects, fix := "", ""
		switch {
		case older && (ch.Rule == "CODE_ADDED" || ch.Rule == "PARAM_ADDED" || ch.Rule == "ENVELOPE_KEY_ADDED"):
			rejects, fix = exactRejects, exactFix
		case ch.Rule == "RETRY_AFTER_CHANGED" && last == model.KeyRetryAfter:
			rejects, fix = pins(ch.Code, model.FieldRetryAfter)
		case ch.Rule == "TEXT_CHANGED" && ch.Code != "" && last == "title":
			rejects, fix = pins(ch.Code, model.FieldTitle)
		case newer && ch.Rule == "CODE_REMOVED" && ch.Kind == Expected:
			rejects, fix = exactNewerRejects, exactNewerFix
		}
		if rejects == "" {
			continue
		}
		r, _ := RuleByID("EXACT_MODE_REJECTS")
		c.out[i] = Change{Rule: r.ID, Level: r.Level, Kind: Breaking, Path: ch.Path, InOld: ch.InOld, Code: ch.Code,
			Message: ch.Message + rejects, Fix: fix}
	}
}

// seconds says how long retry_after says to wait.
func seconds(n int) string {
	if n == 0 {
		return "not set"
	}
	return count(n, "second")
}

// times says how many times retries says to retry.
func times(n int) string {
	switch n {
	case 0:
		return "until it succeeds, each wait twice the one before"
	case 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// replacement names the code a deprecation says to use, or is "".
func replacement(d *model.Deprecation) string {
	if d == nil || d.Use == nil {
		return ""
	}
	return d.Use.Name
}

// or is s, or else when s is empty.
func or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}

// texts reports the texts of a code that changed, in one change.
func (c *comparer) texts(o, n *model.Code) {
	var changed []string
	var first []string
	note := func(what string, path []string, differ bool) {
		if differ {
			changed = append(changed, what)
			if first == nil {
				first = path
			}
		}
	}
	p := []string{"codes", n.Name}
	note("title", append(slices.Clip(p), "title"), o.Title != n.Title)
	note("description", append(slices.Clip(p), "description"), o.Description != n.Description)
	note("message", append(slices.Clip(p), "message"), o.Message.Source != n.Message.Source)
	note("detail", append(slices.Clip(p), "detail"), o.Detail.Source != n.Detail.Source)
	note("suggestion", append(slices.Clip(p), "suggestion"), o.Suggestion.Source != n.Suggestion.Source)
	note("error_text", append(slices.Clip(p), "error_text"), o.ErrorText.Source != n.ErrorText.Source)
	note("deprecation's since", append(slices.Clip(p), "deprecated", "since"), o.Deprecated != nil && n.Deprecated != nil && o.Deprecated.Since != n.Deprecated.Since)
	var docs func(path []string, what string, os, ns []*model.Param)
	docs = func(path []string, what string, os, ns []*model.Param) {
		for _, np := range ns {
			for _, op := range os {
				if op.Name != np.Name {
					continue
				}
				pp := append(slices.Clip(path), np.Name)
				note("doc of "+what+" "+np.Name, append(slices.Clip(pp), "doc"), op.Doc != np.Doc)
				if fo, fn := fields(op.Type), fields(np.Type); fo != nil && fn != nil {
					docs(append(pp, "fields"), "field", fo, fn)
				}
			}
		}
	}
	docs(append(slices.Clip(p), "params"), "param", o.Params, n.Params)
	if len(changed) > 0 {
		c.add("TEXT_CHANGED", Safe, first, false, n.Name, "", "code %s: the %s changed", n.Name, and(changed))
	}
}

// fields returns the fields the wire carries of an object type, or of the
// objects of a list or map: for the standard alternatives, all three,
// whichever the catalog declares; nil for any other type.
func fields(t *model.Type) []*model.Param {
	if obj := t.ElemObject(); obj != nil {
		return obj.WireFields()
	}
	return nil
}

// wireParams compares the params a code sends, and the fields of its
// object params.
func (c *comparer) wireParams(o, n *model.Code) {
	os, ns := o.WireParams(), n.WireParams()
	// A param is what the wire sends at its key: one of another name
	// that the newer envelope sends where the older sent the param gone
	// is that param to a client (only its Go name changed, which the Go
	// level reports).
	var same map[*model.Param]*model.Param
	if o.Envelope != nil && n.Envelope != nil {
		same = map[*model.Param]*model.Param{}
		taken := map[*model.Param]bool{}
		for _, op := range os {
			key := o.Envelope.ParamPath(op.Name)
			if find(ns, op.Name) != nil || key == nil {
				continue
			}
			for _, np := range ns {
				if !taken[np] && find(os, np.Name) == nil && slices.Equal(n.Envelope.ParamPath(np.Name), key) {
					same[op], taken[np] = np, true
					c.sameKey[model.PathString([]string{"codes", o.Name, "params", op.Name})] = np
					break
				}
			}
		}
	}
	c.params([]string{"codes", n.Name, "params"}, n.Name, "param", os, ns, same, func(op, np *model.Param) {
		c.moved(o, n, op, np)
	})
}

// params compares a list of params or of fields, at path in both
// catalogs; what is "param" or "field"; same pairs params of the older
// list with params of another name of the newer that the wire sends in
// their place; both is called for each param both have, after its own
// changes.
func (c *comparer) params(path []string, code, what string, os, ns []*model.Param, same map[*model.Param]*model.Param, both func(op, np *model.Param)) {
	newer := func(op *model.Param) *model.Param {
		if np := find(ns, op.Name); np != nil {
			return np
		}
		return same[op]
	}
	paired := map[*model.Param]bool{}
	for _, np := range same {
		paired[np] = true
	}
	var gone, added []*model.Param
	for _, op := range os {
		if newer(op) == nil {
			gone = append(gone, op)
		}
	}
	for _, np := range ns {
		if find(os, np.Name) == nil && !paired[np] {
			added = append(added, np)
		}
	}
	renamed := paramRenames(os, ns, gone, added)
	renamedTo := map[*model.Param]bool{}
	for _, np := range renamed {
		renamedTo[np] = true
	}
	describe := func(p *model.Param) string { return fmt.Sprintf("%s %s of %s", what, p.Name, describePath(path, code)) }
	for _, op := range os {
		np := newer(op)
		if np == nil {
			c.explainBelow(append(slices.Clip(path), op.Name))
			if to, ok := renamed[op]; ok {
				c.explained[model.PathString(append(slices.Clip(path), to.Name))] = true
				c.add("PARAM_RENAMED", Breaking, append(slices.Clip(path), to.Name), false, code,
					fmt.Sprintf("keep sending %s; add %s beside it if the new name must be sent too", op.Name, to.Name),
					"%s is gone, and %s, new and of the same type, looks like its new name", describe(op), to.Name)
				continue
			}
			gone := "is gone"
			if what == "param" && keptOff(c.new, path, op.Name) {
				gone = "is no longer sent (wire: false)"
			}
			c.add("PARAM_REMOVED", Breaking, append(slices.Clip(path), op.Name), true, code,
				"keep it: a client of the older version reads it; a code whose params must change is a new code",
				"%s %s", describe(op), gone)
			continue
		}
		pp := append(slices.Clip(path), np.Name)
		// What explains the Go API's changes at the param explains them
		// at its older name too, where the wire sends it in its place.
		opp := append(slices.Clip(path), op.Name)
		explain := func() { c.explained[model.PathString(pp)], c.explained[model.PathString(opp)] = true, true }
		explainBelow := func() { c.explainBelow(pp); c.explainBelow(opp) }
		switch {
		case !sameType(op.Type, np.Type) && narrower(op.Type, np.Type):
			// A client of the older version accepts every value it is
			// sent; one of the newer rejects what a server of the older
			// sends beyond the new type.
			explainBelow()
			c.add("PARAM_VALUES_NARROWED", Breaking, append(slices.Clip(pp), "type"), false, code,
				fmt.Sprintf("keep the type %s, or make the change once no server of the older version runs", op.Type.Source),
				"%s was %s, and is %s: a server of the older version may send a value that a client of the newer version rejects", describe(np), op.Type.Source, np.Type.Source)
		case !sameType(op.Type, np.Type):
			explainBelow()
			c.add("PARAM_TYPE_CHANGED", Breaking, append(slices.Clip(pp), "type"), false, code,
				"keep the type; send the value in its new type under a new name",
				"%s was %s, and is %s", describe(np), op.Type.Source, np.Type.Source)
		case fields(op.Type) != nil:
			c.params(append(slices.Clip(pp), "fields"), code, "field", fields(op.Type), fields(np.Type), nil, nil)
		}
		c.widened(pp, code, describe(np), op, np)
		switch {
		case op.Optional && !np.Optional:
			explain()
			c.add("PARAM_REQUIRED", Breaking, append(slices.Clip(pp), "optional"), false, code,
				"keep it optional: optional: true",
				"%s was optional, and is required", describe(np))
		case !op.Optional && np.Optional:
			explain()
			c.add("PARAM_OPTIONAL", Breaking, append(slices.Clip(pp), "optional"), false, code,
				"keep it required: a client of the older version counts on it",
				"%s was always sent, and is optional: it may be left out", describe(np))
		}
		if both != nil {
			both(op, np)
		}
	}
	for _, np := range added {
		if renamedTo[np] {
			continue
		}
		pp := append(slices.Clip(path), np.Name)
		if what == "param" && keptOff(c.old, path, np.Name) {
			// A key a client of the older version does not know; the Go
			// level reports what changed of the param there. A client of
			// the newer version rejects the errors of a server of the
			// older one without it when it is required.
			if !np.Optional {
				c.add("PARAM_REQUIRED", Breaking, append(slices.Clip(pp), "wire"), false, code,
					"make it optional: optional: true",
					"%s was kept off the wire (wire: false), and is sent, required: a server of the older version does not send it", describe(np))
				continue
			}
			c.add("PARAM_ADDED", Safe, append(slices.Clip(pp), "wire"), false, code, "",
				"%s was kept off the wire (wire: false), and is sent", describe(np))
			continue
		}
		c.explained[model.PathString(pp)] = true
		if !np.Optional {
			c.add("PARAM_REQUIRED", Breaking, pp, false, code,
				"make it optional: optional: true",
				"%s is new, and required", describe(np))
			continue
		}
		c.add("PARAM_ADDED", Safe, pp, false, code, "", "%s is new, and optional", describe(np))
	}
}

// widened reports a param that may be sent with values that a client of
// the older version rejects, as its Parse and JSON Schema do: a sensitive
// param no longer redacted, or a string allowed more characters; and a
// string allowed fewer, whose longer values, from a server of the older
// version, a client of the newer one rejects.
func (c *comparer) widened(pp []string, code, what string, op, np *model.Param) {
	switch {
	case np.Sensitive && !op.Sensitive:
		c.add("PARAM_REMOVED", Breaking, append(slices.Clip(pp), "sensitive"), false, code,
			"keep sending it as it is; a value that must stay off the wire is a new param, sensitive: true",
			"%s was sent as it is, and is always %s: a client of the older version that reads it no longer gets its value", what, model.Redacted)
	case np.Sensitive:
	case op.Sensitive:
		c.add("PARAM_VALUES_WIDENED", Breaking, append(slices.Clip(pp), "sensitive"), false, code,
			"keep it sensitive: true; send the value under a new name",
			"%s was always %s, and is sent as it is: a client of the older version accepts only %s", what, model.Redacted, model.Redacted)
	case op.MaxLength > 0 && (np.MaxLength == 0 || np.MaxLength > op.MaxLength):
		limit := "has no limit"
		if np.MaxLength > 0 {
			limit = fmt.Sprintf("may have %d", np.MaxLength)
		}
		c.add("PARAM_VALUES_WIDENED", Breaking, append(slices.Clip(pp), "max_length"), false, code,
			fmt.Sprintf("keep max_length: %d: a client of the older version rejects a longer value", op.MaxLength),
			"%s had at most %d characters, and %s", what, op.MaxLength, limit)
	case np.MaxLength > 0 && (op.MaxLength == 0 || np.MaxLength < op.MaxLength):
		limit := "had no limit"
		if op.MaxLength > 0 {
			limit = fmt.Sprintf("had at most %d characters", op.MaxLength)
		}
		keep := "keep it without max_length"
		if op.MaxLength > 0 {
			keep = fmt.Sprintf("keep max_length: %d", op.MaxLength)
		}
		c.add("PARAM_VALUES_NARROWED", Breaking, append(slices.Clip(pp), "max_length"), false, code,
			keep+", or make the change once no server of the older version runs",
			"%s %s, and has at most %d: a server of the older version may send a longer value, which a client of the newer version rejects", what, limit, np.MaxLength)
	}
}

// keptOff reports whether a param that one version sends and the other
// does not, at path (the params of a code), is a param of the code in
// cat, the other version, kept off the wire there.
func keptOff(cat *model.Catalog, path []string, name string) bool {
	code := cat.Code(path[1])
	return code != nil && len(path) == 3 && code.Param(name) != nil
}

// describePath names the code, or the param, that a list of params or
// fields at path belongs to: code X, param p of code X, field f of param
// p of code X.
func describePath(path []string, code string) string {
	out := "code " + code
	for i := 3; i+1 < len(path); i += 2 {
		if i == 3 {
			out = "param " + path[i] + " of " + out
		} else {
			out = "field " + path[i] + " of " + out
		}
	}
	return out
}

func find(ps []*model.Param, name string) *model.Param {
	return first(ps, func(p *model.Param) bool { return p.Name == name })
}

// paramRenames pairs params gone with new ones that look like them
// renamed: of the same type, and with the same doc, the same place in the
// declared order, or the same name but for case and underscores.
func paramRenames(os, ns, gone, added []*model.Param) map[*model.Param]*model.Param {
	out := map[*model.Param]*model.Param{}
	taken := map[*model.Param]bool{}
	for _, op := range gone {
		for _, np := range added {
			if taken[np] || !sameType(op.Type, np.Type) || op.Type.Source != np.Type.Source {
				continue
			}
			if (op.Doc != "" && op.Doc == np.Doc) || slices.Index(os, op) == slices.Index(ns, np) || squash(op.Name) == squash(np.Name) {
				out[op] = np
				taken[np] = true
				break
			}
		}
	}
	return out
}

// sameType reports whether two types are the same on the wire, but for
// the fields of objects, which are compared one by one.
func sameType(a, b *model.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == model.List || a.Kind == model.Map {
		return sameType(a.Elem, b.Elem)
	}
	return true
}

// narrower reports whether every value of type b is a value of type a on
// the wire, as a client's Parse and JSON Schema of a read it: an int where
// a float was, a tier where a string was, and lists and maps of those.
func narrower(a, b *model.Type) bool {
	switch {
	case a.Kind == model.Float && b.Kind == model.Int, a.Kind == model.String && b.Kind == model.TierKind:
		return true
	case a.Kind == b.Kind && (a.Kind == model.List || a.Kind == model.Map):
		return sameType(a.Elem, b.Elem) || narrower(a.Elem, b.Elem)
	}
	return false
}

// moved reports a param that a code sends under another key.
func (c *comparer) moved(o, n *model.Code, op, np *model.Param) {
	if o.Envelope == nil || n.Envelope == nil {
		return
	}
	from, to := o.Envelope.ParamPath(op.Name), n.Envelope.ParamPath(np.Name)
	if slices.Equal(from, to) {
		return
	}
	// The params the envelopes do not place one by one moved with their
	// home, which the comparison of the envelopes reports.
	if !o.Envelope.Placed()[op.Name] && !n.Envelope.Placed()[np.Name] {
		return
	}
	c.add("PARAM_MOVED", Breaking, []string{"codes", n.Name, "params", np.Name}, false, n.Name,
		fmt.Sprintf("keep sending it at %s", keyOrNone(from)),
		"param %s of code %s was sent at %s, and is sent at %s", np.Name, n.Name, keyOrNone(from), keyOrNone(to))
}

func keyOrNone(path []string) string {
	if len(path) == 0 {
		return "no key"
	}
	return model.KeyPath(path)
}

func (c *comparer) tiers() {
	for i, t := range c.old.Tiers {
		if tier(c.new, t.Name) == nil {
			c.explained["tiers."+t.Name] = true
			msg := "tier " + t.Name + " is gone"
			if i < len(c.new.Tiers) && tier(c.old, c.new.Tiers[i].Name) == nil {
				// A new tier in its place: renamed, most likely.
				msg += ", and " + c.new.Tiers[i].Name + ", new, is in its place: a rename, which a client takes for another tier, since it sends and reads tiers by name"
			}
			c.add("TIER_REMOVED", Breaking, []string{"tiers", fmt.Sprintf("[%d]", i)}, true, "",
				"keep the tier: clients send and read its name", "%s", msg)
		}
	}
	// The tiers both versions have, in the older order: each must stay
	// below the ones it was below.
	var kept []*model.Tier
	for _, t := range c.old.Tiers {
		if nt := tier(c.new, t.Name); nt != nil {
			kept = append(kept, nt)
		}
	}
	for i, t := range kept {
		for _, above := range kept[i+1:] {
			if above.Rank < t.Rank {
				c.add("TIER_REORDERED", Breaking, []string{"tiers", fmt.Sprintf("[%d]", above.Rank)}, false, "",
					fmt.Sprintf("keep %s above %s: the order of tiers says which has the features of which", above.Name, t.Name),
					"tier %s was above %s, and is below it: a caller on %s loses what %s gates", above.Name, t.Name, above.Name, t.Name)
			}
		}
	}
	sent := sendsTiers(c.old, c.new)
	for i, t := range c.new.Tiers {
		switch {
		case tier(c.old, t.Name) != nil:
		case sent != nil:
			c.add("TIER_ADDED_SENT", Breaking, []string{"tiers", fmt.Sprintf("[%d]", i)}, false, "",
				"update the clients first: a client reads a tier only if its catalog has it",
				"tier %s is new, and param %s of code %s sends tiers", t.Name, sent.param, sent.code)
		default:
			c.add("TIER_ADDED", Safe, []string{"tiers", fmt.Sprintf("[%d]", i)}, false, "", "", "tier %s is new", t.Name)
		}
	}
}

// tierParam is a param of a code that sends tiers.
type tierParam struct{ code, param string }

// sendsTiers returns the first wire param of the newer catalog whose
// value holds a tier (a tier, or a list, map or object with one) that a
// client of the older catalog reads as one: the param of the same code
// holds a tier on the wire there too. A client reads a param or a code
// it does not know as it comes, whatever tier it holds; or nil.
func sendsTiers(old, cat *model.Catalog) *tierParam {
	for _, c := range cat.Codes {
		oc := old.Code(c.Name)
		if oc == nil {
			continue
		}
		for _, p := range c.WireParams() {
			op := oc.Param(p.Name)
			if !p.Sensitive && p.Type.HoldsTier() && op != nil && op.Wire && op.Type.HoldsTier() {
				return &tierParam{c.Name, p.Name}
			}
		}
	}
	return nil
}

func tier(cat *model.Catalog, name string) *model.Tier {
	return first(cat.Tiers, func(t *model.Tier) bool { return t.Name == name })
}

// rank is the rank of a tier of the older catalog among the newer
// catalog's tiers: -1 for no tier, and ok false for a tier the newer
// catalog does not have, which TIER_REMOVED reports.
func (c *comparer) rank(t *model.Tier) (int, bool) {
	if t == nil {
		return -1, true
	}
	nt := tier(c.new, t.Name)
	if nt == nil {
		return 0, false
	}
	return nt.Rank, true
}

func (c *comparer) features() {
	for _, n := range c.new.Features {
		p := []string{"features", n.Key}
		o := feature(c.old, n.Key)
		if o != nil && o.Tier != nil && n.Tier != nil {
			if r, ok := c.rank(o.Tier); ok && n.Tier.Rank != r {
				if n.Tier.Rank > r {
					c.add("FEATURE_TIER_RAISED", Breaking, append(slices.Clip(p), "tier"), false, "",
						fmt.Sprintf("keep it at %s; gate what needs %s with a new feature", o.Tier.Name, n.Tier.Name),
						"feature %s needed tier %s, and needs %s", n.Key, o.Tier.Name, n.Tier.Name)
				} else {
					c.add("FEATURE_TIER_LOWERED", Safe, append(slices.Clip(p), "tier"), false, "", "",
						"feature %s needed tier %s, and needs %s", n.Key, o.Tier.Name, n.Tier.Name)
				}
			}
		}
		if o != nil && (o.Name != n.Name || !slices.Equal(o.Alternatives, n.Alternatives) || o.DocsURL != n.DocsURL) {
			c.add("TEXT_CHANGED", Safe, p, false, "", "", "feature %s: its name, alternatives or docs URL changed", n.Key)
		}
		if n.Tier == nil {
			continue
		}
		for i, ref := range n.Tools {
			tp := append(slices.Clip(p), "tools", fmt.Sprintf("[%d]", i))
			for _, ref := range c.actions(ref, c.new, n) {
				c.gate(n, tp, ref)
			}
		}
	}
	for _, o := range c.old.Features {
		for i, ref := range o.Tools {
			for _, ref := range c.actions(ref, c.old, o) {
				if c.new.GatingFeature(ref.Tool, ref.Action) == nil {
					c.add("FEATURE_TIER_LOWERED", Safe, []string{"features", o.Key, "tools", fmt.Sprintf("[%d]", i)}, true, "", "",
						"%s needed tier %s, and is no longer gated", ref, tierName(o.Tier))
				}
			}
		}
	}
}

// actions returns what a feature f of catalog cat gates through ref, and
// no other feature gates in its place: ref itself when it names an
// action, or a tool whose actions the older version does not list; else
// each action of the tool that the older version lists and f gates in
// cat, not one that another feature names, which wins over a whole tool.
func (c *comparer) actions(ref model.ToolRef, cat *model.Catalog, f *model.Feature) []model.ToolRef {
	t := tool(c.old, ref.Tool)
	if ref.Action != "" || t == nil || len(t.Actions) == 0 {
		if cat.GatingFeature(ref.Tool, ref.Action) != f {
			return nil
		}
		return []model.ToolRef{ref}
	}
	var out []model.ToolRef
	for _, a := range t.DeclaredActions() {
		if cat.GatingFeature(ref.Tool, a.Name) == f {
			out = append(out, model.ToolRef{Tool: ref.Tool, Action: a.Name})
		}
	}
	return out
}

// gate compares the tier a tool or action needs, which feature n gates
// in the newer version at path tp, with the tier it needed.
func (c *comparer) gate(n *model.Feature, tp []string, ref model.ToolRef) {
	before := c.old.GatingFeature(ref.Tool, ref.Action)
	if before != nil && before.Key == n.Key {
		return // the feature's own tier, compared above
	}
	if before == nil && !c.knewTool(ref.Tool) {
		return // a new tool
	}
	var was *model.Tier
	if before != nil {
		was = before.Tier
	}
	r, ok := c.rank(was)
	if !ok || r == n.Tier.Rank {
		return
	}
	needed := "no tier"
	if was != nil {
		needed = "tier " + was.Name
	}
	if n.Tier.Rank > r {
		c.add("FEATURE_TIER_RAISED", Breaking, tp, false, "",
			fmt.Sprintf("leave %s as it was; gate what is new with the feature", ref),
			"%s needed %s, and feature %s makes it need tier %s", ref, needed, n.Key, n.Tier.Name)
	} else {
		c.add("FEATURE_TIER_LOWERED", Safe, tp, false, "", "", "%s needed %s, and feature %s makes it need tier %s", ref, needed, n.Key, n.Tier.Name)
	}
}

func tierName(t *model.Tier) string {
	if t == nil {
		return "none"
	}
	return t.Name
}

// knewTool reports whether the older catalog names a tool, in its tools
// or a feature.
func (c *comparer) knewTool(name string) bool {
	return tool(c.old, name) != nil || slices.ContainsFunc(c.old.Features, func(f *model.Feature) bool {
		return slices.ContainsFunc(f.Tools, func(r model.ToolRef) bool { return r.Tool == name })
	})
}

func feature(cat *model.Catalog, key string) *model.Feature {
	return first(cat.Features, func(f *model.Feature) bool { return f.Key == key })
}

func (c *comparer) tools() {
	for _, o := range c.old.Tools {
		if tool(c.new, o.Name) != nil || len(o.Actions) == 0 {
			continue
		}
		var names []string
		for _, a := range o.DeclaredActions() {
			names = append(names, o.Name+":"+a.Name)
		}
		c.add("TOOL_ACTION_REMOVED", Breaking, []string{"tools", o.Name}, true, "",
			"keep the tool and its actions: a call of the older version names them",
			"tool %s is gone, and %s with it", o.Name, and(names))
	}
	for _, n := range c.new.Tools {
		o := tool(c.old, n.Name)
		if o != nil && o.Description != n.Description {
			c.add("TEXT_CHANGED", Safe, []string{"tools", n.Name, "description"}, false, "", "", "the description of tool %s changed", n.Name)
		}
		// A tool that listed no actions took a call of any action, with
		// any arguments: the actions it lists now are all a call may
		// name, and what they require is new to a call of the older
		// version.
		listed := o != nil && len(o.Actions) == 0 && len(n.Actions) > 0
		if listed {
			var names []string
			for _, a := range n.DeclaredActions() {
				names = append(names, n.Name+":"+a.Name)
			}
			check := ""
			if c.new.ValidatesCalls() {
				check = fmt.Sprintf("; ValidateCall rejects a call of any other action, where it took every call of %s", n.Name)
			}
			c.add("TOOL_ACTION_REMOVED", Breaking, []string{"tools", n.Name, "actions"}, false, "",
				"declare every action a call of the older version may name, or keep the tool without actions",
				"tool %s listed no actions, and lists only %s%s", n.Name, and(names), check)
		}
		for _, na := range n.Actions {
			p := []string{"tools", n.Name, "actions", na.Name}
			var oa *model.Action
			if o != nil {
				oa = action(o, na.Name)
			}
			if oa == nil {
				if listed {
					for i, r := range na.Required {
						c.add("TOOL_REQUIRED_ADDED", Breaking, append(slices.Clip(p), "required", fmt.Sprintf("[%d]", i)), false, "",
							"keep the argument optional: the server can default it; a call of the older version does not send it",
							"%s:%s requires %s, where tool %s listed no actions and required nothing", n.Name, na.Name, r, n.Name)
					}
				}
				c.add("TOOL_ACTION_ADDED", Safe, p, false, "", "", "%s:%s is new", n.Name, na.Name)
				continue
			}
			for i, r := range na.Required {
				if !slices.Contains(oa.Required, r) {
					c.add("TOOL_REQUIRED_ADDED", Breaking, append(slices.Clip(p), "required", fmt.Sprintf("[%d]", i)), false, "",
						"keep the argument optional: the server can default it; a call of the older version does not send it",
						"%s:%s requires %s, which it did not", n.Name, na.Name, r)
				}
			}
			for _, r := range oa.Required {
				if !slices.Contains(na.Required, r) {
					c.add("TOOL_REQUIRED_REMOVED", Safe, append(slices.Clip(p), "required"), false, "", "", "%s:%s no longer requires %s", n.Name, na.Name, r)
				}
			}
		}
		if o != nil {
			c.actionsGone(o, n)
		}
	}
}

// actionsGone reports the actions of tool o that its newer version n no
// longer has: each one, or, when n has none left, all of them at once,
// with what the generated ValidateCall does with a call of the older
// version.
func (c *comparer) actionsGone(o, n *model.Tool) {
	if len(o.Actions) > 0 && len(n.Actions) == 0 {
		var names []string
		for _, a := range o.DeclaredActions() {
			names = append(names, o.Name+":"+a.Name)
		}
		check := ""
		switch {
		case c.old.ValidatesCalls() && c.new.ValidatesCalls():
			check = fmt.Sprintf("; ValidateCall takes every call of %s, where it rejected an action %s did not have", o.Name, o.Name)
		case c.old.ValidatesCalls():
			check = fmt.Sprintf("; ValidateCall, which checked the calls of %s, is no longer generated", o.Name)
		}
		c.add("TOOL_ACTION_REMOVED", Breaking, []string{"tools", n.Name}, false, "",
			"keep the actions: a call of the older version names them",
			"tool %s lists no actions, and %s are gone%s", n.Name, and(names), check)
		return
	}
	fix := "keep the action: a call of the older version names it"
	if c.new.ValidatesCalls() {
		fix = "keep the action: ValidateCall rejects a call of an action the tool does not have"
	}
	for _, oa := range o.Actions {
		if action(n, oa.Name) == nil {
			c.add("TOOL_ACTION_REMOVED", Breaking, []string{"tools", o.Name, "actions", oa.Name}, true, "", fix, "%s:%s is gone", o.Name, oa.Name)
		}
	}
}

func tool(cat *model.Catalog, name string) *model.Tool {
	return first(cat.Tools, func(t *model.Tool) bool { return t.Name == name })
}

func action(t *model.Tool, name string) *model.Action {
	return first(t.Actions, func(a *model.Action) bool { return a.Name == name })
}

func (c *comparer) roles() {
	for _, r := range model.AllRoles {
		o, n := c.old.Roles[r], c.new.Roles[r]
		if o == nil {
			continue
		}
		switch {
		case n == nil:
			c.explained["roles."+string(r)] = true // its helper may be gone
			gone := ""
			if h := roleHelper(c.old, r); h != "" && roleHelper(c.new, r) == "" && c.new.Outputs.GoPackage != "" {
				gone = fmt.Sprintf(": %s, which returned it, is no longer generated", h)
			}
			c.add("ROLE_CODE_CHANGED", Breaking, []string{"roles", string(r)}, true, o.Name,
				fmt.Sprintf("keep roles: %s: %q", r, o.Name),
				"role %s had code %s, and has none%s", r, o.Name, gone)
		case n.Name == o.Name || c.renamed[o.Name] == n.Name:
		case c.new.Code(o.Name) == nil && c.replacement(o) == n:
			c.add("ROLE_CODE_CHANGED", Expected, []string{"roles", string(r)}, false, n.Name, "",
				"role %s had code %s, and has %s, which the older version named its replacement", r, o.Name, n.Name)
		default:
			c.add("ROLE_CODE_CHANGED", Breaking, []string{"roles", string(r)}, false, n.Name,
				fmt.Sprintf("keep roles: %s: %q", r, o.Name),
				"role %s had code %s, and has %s: the generated helper returns another code", r, o.Name, n.Name)
		}
	}
}

// roleHelper returns the helper of the Go package generated from cat that
// the code of role r makes: TierRestricted (with features), FromUpstream
// or ValidateCall (with tools that list actions); or "".
func roleHelper(cat *model.Catalog, r model.Role) string {
	if cat.Roles[r] == nil || cat.Outputs.GoPackage == "" {
		return ""
	}
	switch r {
	case model.RoleTierRestricted:
		if len(cat.Features) > 0 {
			return "TierRestricted"
		}
	case model.RoleAPIError:
		return "FromUpstream"
	case model.RoleMissingFields, model.RoleInvalidAction:
		if cat.ValidatesCalls() {
			return "ValidateCall"
		}
	}
	return ""
}

// docs reports docs URLs and anchors that no longer resolve.
func (c *comparer) docs() {
	var moved []string
	for _, o := range c.old.Codes {
		if n := c.new.Code(o.Name); n != nil && o.DocsURL != "" && n.DocsURL != o.DocsURL {
			moved = append(moved, o.Name)
		}
	}
	path, inOld := c.docsAt()
	const fix = "keep the docs base URL and layout, or redirect the old URLs to the new ones and then except DOCS_URL_CHANGED"
	if len(moved) > 0 {
		o, n := c.old.Code(moved[0]), c.new.Code(moved[0])
		what := fmt.Sprintf("%d of the %s", len(moved), count(len(c.old.Codes), "code"))
		if len(moved) == len(c.old.Codes) {
			what = "every code"
		}
		c.add("DOCS_URL_CHANGED", Breaking, path, inOld, "", fix,
			"the docs URL of %s changed: %s was %s, and is %s", what, o.Name, o.DocsURL, or(n.DocsURL, "none"))
	} else if s := c.sectionsMoved(); len(s[0]) > 0 {
		// The codes' pages stayed, and the page of the sections moved:
		// the per-code layout's index.
		what := "the URL of the section"
		if len(s[0]) > 1 {
			what = "the URLs of the sections"
		}
		c.add("DOCS_URL_CHANGED", Breaking, path, inOld, "", fix,
			"%s of %s changed: %s was %s, and is %s", what, some(s[0]), s[0][0], s[1][0], or(s[2][0], "none"))
	}
	if c.old.DocsBaseURL == "" {
		return
	}
	for _, o := range c.old.Categories {
		if c.newCategory(o.Name) == nil {
			c.add("DOCS_ANCHOR_REMOVED", Breaking, []string{"categories", o.Name}, true, "",
				"keep a section of that name, or redirect its links",
				"category %s is gone, and its section #%s with it", o.Name, o.Anchor)
		}
	}
	for _, o := range c.old.Features {
		if feature(c.new, o.Key) == nil {
			c.add("DOCS_ANCHOR_REMOVED", Breaking, []string{"features", o.Key}, true, "",
				"keep a section of that name, or redirect its links",
				"feature %s is gone, and its section #%s with it", o.Key, o.Anchor)
		}
	}
}

// docsAt is where a change of the docs URLs is made: the docs base URL,
// in the older catalog when it is gone, or else the reference's layout.
func (c *comparer) docsAt() (path []string, inOld bool) {
	switch {
	case c.new.DocsBaseURL == c.old.DocsBaseURL:
		return []string{"outputs", "markdown"}, false
	case c.new.DocsBaseURL == "":
		return []string{"docs", "base_url"}, true // the base URL is gone: it is in the older catalog
	}
	return []string{"docs", "base_url"}, false
}

// sectionsMoved returns the categories and features (category limit,
// feature exports) that both versions have whose sections in the
// reference have another URL, each section's older URL and its newer
// one, or nil.
func (c *comparer) sectionsMoved() [3][]string {
	var out [3][]string
	note := func(what, oldAnchor, newAnchor string) {
		from, to := c.old.SectionURL(oldAnchor), c.new.SectionURL(newAnchor)
		if from != "" && from != to {
			out[0], out[1], out[2] = append(out[0], what), append(out[1], from), append(out[2], to)
		}
	}
	for _, o := range c.old.Categories {
		if n := c.newCategory(o.Name); n != nil {
			note("category "+o.Name, o.Anchor, n.Anchor)
		}
	}
	for _, o := range c.old.Features {
		if n := feature(c.new, o.Key); n != nil {
			note("feature "+o.Key, o.Anchor, n.Anchor)
		}
	}
	return out
}

// version reports breaking changes that the catalog's version does not
// announce: a new major version, or a new minor one before 1.0.0, as
// semantic versioning has it, which promises nothing of a pre-release:
// the release it leads to, or a later pre-release, may break it
// (2.0.0-rc.1 to 2.0.0). A catalog that had a version and has none
// announces nothing, and is reported whatever else changed: its clients
// can no longer tell it from the older version (the generated Version
// constant is gone, the schema's $id and the reference name no version).
func (c *comparer) version(changes []Change) (Change, bool) {
	ov, ok1 := model.ParseVersion(c.old.Version)
	nv, ok2 := model.ParseVersion(c.new.Version)
	gone := ok1 && c.new.Version == ""
	if !ok1 || !ok2 && !gone {
		return Change{}, false
	}
	n := 0
	for _, ch := range changes {
		// The Version constant gone with the version comes back with it.
		if ch.Breaks() && !slices.Equal(ch.Path, []string{"version"}) {
			n++
		}
	}
	if ov.Pre != "" {
		n = 0 // a pre-release promises nothing
	}
	back := ok2 && nv.Less(ov)
	if !gone && !back && (n == 0 || nv.Major > ov.Major || (ov.Major == 0 && nv.Major == 0 && nv.Minor > ov.Minor)) {
		return Change{}, false
	}
	next := fmt.Sprintf("%d.0.0", ov.Major+1)
	switch {
	case ov.Pre != "":
		next = fmt.Sprintf("%d.%d.%d", ov.Major, ov.Minor, ov.Patch) // its release
	case n == 0:
		next = fmt.Sprintf("%d.%d.%d", ov.Major, ov.Minor, ov.Patch+1)
	case ov.Major == 0:
		next = fmt.Sprintf("0.%d.0", ov.Minor+1)
	}
	if strings.HasPrefix(c.new.Version, "v") || gone && strings.HasPrefix(c.old.Version, "v") {
		next = "v" + next
	}
	ch := Change{Rule: "VERSION_NOT_BUMPED", Level: Version, Kind: Breaking, Path: []string{"version"},
		Message: fmt.Sprintf("%s, and the version goes from %s to %s", count(n, "breaking change"), c.old.Version, c.new.Version),
		Fix:     fmt.Sprintf("make the version %s, or undo the breaking changes", next)}
	if ok2 && !back && !ov.Less(nv) {
		// The same version, written the same or with a v of its own.
		ch.Message = fmt.Sprintf("%s, and the version stays %s", count(n, "breaking change"), c.new.Version)
	}
	if back && n == 0 {
		ch.Message = fmt.Sprintf("the version goes back from %s to %s: a client would take this version for an older one", c.old.Version, c.new.Version)
		ch.Fix = fmt.Sprintf("make the version %s or later", next)
	}
	if gone {
		ch.InOld = true
		ch.Message = fmt.Sprintf("the version %s is gone, with %s: nothing tells this version from the older one", c.old.Version, count(n, "breaking change"))
		ch.Fix = fmt.Sprintf("keep a version: make it %s", next)
		if n == 0 {
			ch.Message = fmt.Sprintf("the version %s is gone: nothing tells this version from the older one", c.old.Version)
			ch.Fix = fmt.Sprintf("keep a version: make it %s or later", next)
		}
	}
	return ch, true
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// and joins words as prose: a, b and c.
func and(words []string) string { return prose.List(words, "and") }

// orList joins words as prose: a, b or c.
func orList(words []string) string { return prose.List(words, "or") }
