package breaking_test

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/errspec/errspec/generator/breaking"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/loadtest"
)

const base = `package shop

name: "shop"
outputs: {jsonschema: file: "errors.schema.json", go: {dir: "gen", package: "shop"}}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: {id: {type: "string"}, store: {type: "string"}}}
codes: CART_NOT_FOUND: {category: "not_found", title: "Cart not found", message: "Cart {id} not found", params: id: type: "string"}
`

// rules returns the rules of the changes, each once, breaking ones after
// a !.
func rules(changes []breaking.Change) []string {
	var out []string
	for _, c := range changes {
		r := c.Rule
		if c.Breaks() {
			r = "!" + r
		}
		out = append(out, r)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// versionRules returns the rules (see rules) of the changes between two
// versions of a catalog: the format catalog with one %s filled with from,
// then with to.
func versionRules(t *testing.T, catalog, from, to string) []string {
	t.Helper()
	return rules(breaking.Compare(loadtest.Catalog(t, fmt.Sprintf(catalog, from)), loadtest.Catalog(t, fmt.Sprintf(catalog, to))))
}

// TestIgnoreElement checks that an element of a list is exempt by the
// path its change is reported at: tiers[2].
func TestIgnoreElement(t *testing.T) {
	tiers := base + `tiers: ["Free", "Pro", "Enterprise"]` + "\n"
	old := loadtest.Catalog(t, tiers)
	var paths []string
	for _, c := range breaking.Compare(old, loadtest.Catalog(t, base+`tiers: ["Free"]`+"\n"+`breaking: ignore: TIER_REMOVED: ["tiers[2]"]`+"\n")) {
		paths = append(paths, c.Rule+" "+model.PathString(c.Path))
	}
	if want := []string{"TIER_REMOVED tiers[1]"}; !slices.Equal(paths, want) {
		t.Errorf("%v, want %v", paths, want)
	}
}

// TestConfig checks that the newer catalog's breaking block turns rules
// off and exempts values, and that an exempted path covers what is below
// it, not a value whose name only starts the same.
func TestConfig(t *testing.T) {
	old := loadtest.Catalog(t, base)
	changed := strings.Replace(strings.Replace(base, `params: {id: {type: "string"}, store: {type: "string"}}`, `params: id: type: "int"`, 1),
		`params: id: type: "string"}`, `params: id: type: "int"}`, 1)
	for _, tc := range []struct {
		config string
		want   []string
	}{
		{``, []string{"!PARAM_REMOVED", "!PARAM_TYPE_CHANGED"}},
		{`breaking: except: ["PARAM_TYPE_CHANGED"]`, []string{"!PARAM_REMOVED"}},
		{`breaking: ignore: PARAM_TYPE_CHANGED: ["codes.CART_NOT_FOUND"]`, []string{"!PARAM_REMOVED", "!PARAM_TYPE_CHANGED"}},
		{`breaking: ignore: {PARAM_TYPE_CHANGED: ["codes.CART_NOT_FOUND", "codes.ORDER_NOT_FOUND.params.id"], PARAM_REMOVED: ["codes.ORDER_NOT_FOUND"]}`, nil},
		{`breaking: ignore: PARAM_REMOVED: ["codes.ORDER_NOT"]`, []string{"!PARAM_REMOVED", "!PARAM_TYPE_CHANGED"}},
	} {
		got := rules(breaking.Compare(old, loadtest.Catalog(t, changed+tc.config+"\n")))
		if !slices.Equal(got, tc.want) {
			t.Errorf("with %q: %v, want %v", tc.config, got, tc.want)
		}
	}
	// Both codes' id changed type, and only one is ignored.
	got := breaking.Compare(old, loadtest.Catalog(t, changed+`breaking: ignore: PARAM_TYPE_CHANGED: ["codes.CART_NOT_FOUND"]`+"\n"))
	var typed []string
	for _, c := range got {
		if c.Rule == "PARAM_TYPE_CHANGED" {
			typed = append(typed, c.Code)
		}
	}
	if !slices.Equal(typed, []string{"ORDER_NOT_FOUND"}) {
		t.Errorf("PARAM_TYPE_CHANGED reported for %v, want ORDER_NOT_FOUND alone", typed)
	}
}

// TestVersionBump checks when a breaking change needs a new version: a
// major one, or a minor one before 1.0.0; that without a version in the
// older catalog, or without a breaking change, nothing is asked; that a
// version that goes back, in semantic versioning's order (a pre-release
// before its release, the build left out), is reported with or without a
// breaking change; that a pre-release, which promises nothing, may be
// broken by its release or a later pre-release; and that a version gone
// is reported too, at the older catalog's version: nothing tells the
// newer catalog from the older.
func TestVersionBump(t *testing.T) {
	versionIn := regexp.MustCompile(`v?\d+\.\d+\.\d+`)
	removed := base[:strings.Index(base, "codes: CART_NOT_FOUND")]
	for _, tc := range []struct {
		old, new string
		breaks   bool
		want     string // the version VERSION_NOT_BUMPED asks for, or ""
	}{
		{"1.2.0", "1.3.0", true, "2.0.0"},
		{"1.2.0", "2.0.0", true, ""},
		{"v1.2.0", "v1.2.1", true, "v2.0.0"},
		{"1.2.0", "2.0.0-rc.1", true, ""},
		{"0.3.0", "0.3.1", true, "0.4.0"},
		{"0.3.0", "0.4.0", true, ""},
		{"0.3.0", "1.0.0", true, ""},
		{"1.2.0", "1.2.0", false, ""},
		{"", "1.0.0", true, ""},
		{"1.0.0", "", true, "2.0.0"},
		{"v0.3.0", "", true, "v0.4.0"},
		{"1.0.0", "", false, "1.0.1"},
		{"1.2.0", "1.1.9", false, "1.2.1"},
		{"v1.2.0", "v0.9.0", false, "v1.2.1"},
		{"1.2.0", "1.1.0", true, "2.0.0"},
		{"1.2.0", "1.2.0-rc.1", false, "1.2.1"},
		{"1.2.0", "1.3.0-beta", true, "2.0.0"},
		{"1.0.0", "1.0.0+build.5", true, "2.0.0"},
		{"1.0.0", "1.0.0+build.5", false, ""},
		{"2.0.0-rc.1", "2.0.0", true, ""},
		{"2.0.0-rc.1", "2.0.0-rc.2", true, ""},
		{"2.0.0-rc.2", "2.0.0-rc.1", true, "2.0.0"},
		{"2.0.0-rc.1", "1.9.0", false, "2.0.0"},
		{"v2.0.0-rc.1", "", true, "v2.0.0"},
	} {
		withVersion := func(src, v string) string {
			if v == "" {
				return src
			}
			return strings.Replace(src, `name: "shop"`, `name: "shop"`+"\nversion: \""+v+"\"", 1)
		}
		newer := base
		if tc.breaks {
			newer = removed
		}
		changes := breaking.Compare(loadtest.Catalog(t, withVersion(base, tc.old)), loadtest.Catalog(t, withVersion(newer, tc.new)))
		got := ""
		for _, c := range changes {
			if c.Rule == "VERSION_NOT_BUMPED" {
				got = versionIn.FindString(c.Fix)
				if !c.Breaks() || c.Level != breaking.Version || !slices.Equal(c.Path, []string{"version"}) || c.InOld != (tc.new == "") {
					t.Errorf("%s → %s: %+v", tc.old, tc.new, c)
				}
			}
		}
		if got != tc.want {
			t.Errorf("%s → %s: asks for %q, want %q", tc.old, tc.new, got, tc.want)
		}
	}
}

// TestIdentical checks that a catalog compared with itself, or with the
// same catalog written otherwise, has no change.
func TestIdentical(t *testing.T) {
	a := loadtest.Catalog(t, base)
	reordered := `package shop

codes: CART_NOT_FOUND: {params: id: type: "string", message: "Cart {id} not found", title: "Cart not found", category: "not_found"}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: {id: {type: "string"}, store: {type: "string"}}}
categories: not_found: {http_status: 404, description: "Nothing there."}
outputs: {go: {package: "shop", dir: "gen"}, jsonschema: file: "elsewhere.json"}
name: "shop"
`
	for _, b := range []*model.Catalog{a, loadtest.Catalog(t, base), loadtest.Catalog(t, reordered)} {
		if got := breaking.Compare(a, b); len(got) > 0 {
			t.Errorf("changes between the same catalogs: %+v", got)
		}
	}
}

// TestTypeChanges checks how a change of a param's type breaks the wire:
// one a client of the older version rejects a value of (widened, or of
// another kind), or one each of whose values it accepts (narrowed), whose
// client rejects what a server of the older version sends beyond it.
func TestTypeChanges(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: {jsonschema: file: "errors.schema.json", go: {dir: "gen", package: "shop"}}
tiers: ["Free", "Pro"]
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: %q}
`
	narrowed := []string{"!PARAM_VALUES_NARROWED"}
	changed := []string{"!PARAM_TYPE_CHANGED"}
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{"float", "int", narrowed},
		{"string", "tier", narrowed},
		{"[]float", "[]int", narrowed},
		{"map[string][]string", "map[string][]tier", narrowed},
		{"int", "float", changed},
		{"tier", "string", changed},
		{"[]int", "[]float", changed},
		{"map[string]int", "map[string]float", changed},
		{"int", "string", changed},
		{"float", "[]int", changed},
		{"[]float", "map[string]int", changed},
	} {
		got := versionRules(t, catalog, tc.from, tc.to)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s to %s: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestOutputsGone checks that a Go package the older version generated,
// the catalog's or an adapter's, is reported gone when the newer does not
// generate it: its callers no longer compile.
func TestOutputsGone(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: %s
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	all := `{
	go: {dir: ".", package: "shop", import_path: "example.com/shop"}
	mcp: {dir: "shopmcp", package: "shopmcp"}
	grpc: {dir: "shopgrpc", package: "shopgrpc", domain: "shop.example.com"}
}`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, all))
	for _, tc := range []struct {
		outputs string
		want    []string
	}{
		{all, nil},
		{`{go: {dir: ".", package: "shop", import_path: "example.com/shop"}, mcp: {dir: "shopmcp", package: "shopmcp"}}`,
			[]string{"the adapter package shopgrpc is no longer generated: its callers no longer compile, and its clients no longer get the errors in its format"}},
		{`{go: {dir: ".", package: "shop", import_path: "example.com/shop"}}`, []string{
			"the adapter package shopmcp is no longer generated: its callers no longer compile, and its clients no longer get the errors in its format",
			"the adapter package shopgrpc is no longer generated: its callers no longer compile, and its clients no longer get the errors in its format"}},
		{`jsonschema: file: "errors.schema.json"`, []string{"the Go package shop is no longer generated: its callers no longer compile",
			"the adapter package shopmcp is no longer generated: its callers no longer compile, and its clients no longer get the errors in its format",
			"the adapter package shopgrpc is no longer generated: its callers no longer compile, and its clients no longer get the errors in its format"}},
	} {
		var got []string
		for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, tc.outputs))) {
			if c.Rule != "GO_NAME_REMOVED" || !c.InOld {
				t.Errorf("with outputs %s: %s %s", tc.outputs, c.Rule, c.Message)
				continue
			}
			got = append(got, c.Message)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("with outputs %s:\n%q\nwant\n%q", tc.outputs, got, tc.want)
		}
	}
}

// TestCatalogRenamed checks that a catalog whose name changes, at the
// same place, is reported at its name: the title, by default the name,
// changes with it.
func TestCatalogRenamed(t *testing.T) {
	got := breaking.Compare(loadtest.Catalog(t, base), loadtest.Catalog(t, strings.Replace(base, `name: "shop"`, `name: "store"`, 1)))
	if len(got) != 1 || got[0].Rule != "TEXT_CHANGED" || !slices.Equal(got[0].Path, []string{"name"}) || got[0].Message != "the catalog's name and title changed" {
		t.Errorf("a renamed catalog: %+v", got)
	}
}

// TestObjectParamGone checks that a param or field holding objects that
// is gone, or has another type, is reported once, at the wire: the Go
// types of its objects, at any depth, went with it.
func TestObjectParamGone(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: go: {dir: ".", package: "shop", import_path: "example.com/shop"}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: {
	id: type: "string"
%s
}}
`
	const item = `	item: {type: "[]object", fields: {
		sku: type: "string"
		dims: {type: "object", fields: {w: type: "int", unit: {type: "object", optional: true, fields: name: type: "string"}}}
	}}`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, item))
	for _, tc := range []struct {
		name, params string
		want         []string
	}{
		{"param gone", ``, []string{"!PARAM_REMOVED"}},
		{"param of another type", `item: type: "string"`, []string{"!PARAM_TYPE_CHANGED"}},
		{"param renamed", strings.Replace(item, "item:", "items:", 1), []string{"!PARAM_RENAMED"}},
		{"field gone", strings.Replace(item, "dims: {", "_dims: {", 1), []string{"!PARAM_REMOVED"}},
		{"field of another type", strings.Replace(item, `unit: {type: "object", optional: true, fields: name: type: "string"}`, `unit: {type: "string", optional: true}`, 1),
			[]string{"!PARAM_TYPE_CHANGED"}},
		{"field made optional", strings.Replace(item, `dims: {type: "object", fields`, `dims: {type: "object", optional: true, fields`, 1),
			[]string{"!PARAM_OPTIONAL"}},
	} {
		got := rules(breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, tc.params))))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMCPResult checks which change of what the MCP adapter's error
// results carry breaks their clients: the wire JSON gone from the text
// content or from structuredContent, or structuredContent sent where it
// was not; not a text that was no wire JSON and becomes another.
func TestMCPResult(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: {
	go: {dir: ".", package: "shop", import_path: "example.com/shop"}
	mcp: {dir: "shopmcp", package: "shopmcp", %s}
}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{`text: "json"`, `structured_content: true`, nil},
		{`text: "json"`, `text: "message"`, []string{"!MCP_RESULT_CHANGED"}},
		{`text: "json"`, `text: "terminal"`, []string{"!MCP_RESULT_CHANGED"}},
		{`text: "message"`, `text: "json"`, []string{"TEXT_CHANGED"}},
		{`text: "message"`, `text: "terminal"`, []string{"TEXT_CHANGED"}},
		{`structured_content: true`, `structured_content: false`, []string{"!MCP_RESULT_CHANGED"}},
		{`structured_content: false`, `structured_content: true`, []string{"!MCP_RESULT_CHANGED"}},
	} {
		got := versionRules(t, catalog, tc.from, tc.to)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s to %s: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestInheritedAt checks that a change of a value a code takes from its
// category is reported where it was made: at the category, or the one
// above it, that sets it; at the code's own value, or the one the older
// version set and the newer does not; at the code's category when it
// moved.
func TestInheritedAt(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: {
	client: {description: "The caller's fault.", http_status: 400}
	not_found: {description: "Nothing there.", parent: "client", %s}
	gone: {description: "Gone for good.", http_status: 410}
}
codes: ORDER_NOT_FOUND: {category: %q, title: "Order not found", message: "Order {id} not found", params: id: type: "string"%s}
`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, `http_status: 404`, "not_found", ""))
	for _, tc := range []struct {
		name                 string
		category, code, in   string
		wantPath             string
		wantInOld            bool
		wantMessage, wantFix string
	}{
		{"the category's", `http_status: 409`, "", "not_found", "categories.not_found.http_status", false,
			"code ORDER_NOT_FOUND had HTTP status 404, and has 409, from category not_found",
			"keep http_status: 404 in category not_found, or set it on code ORDER_NOT_FOUND"},
		{"the parent's", ``, "", "not_found", "categories.not_found.http_status", true,
			"code ORDER_NOT_FOUND had HTTP status 404, and has 400, as category not_found no longer sets http_status",
			"keep http_status: 404 in category not_found, or set it on code ORDER_NOT_FOUND"},
		{"the code's own", `http_status: 404`, `, http_status: 409`, "not_found", "codes.ORDER_NOT_FOUND.http_status", false,
			"code ORDER_NOT_FOUND had HTTP status 404, and has 409", "keep http_status: 404"},
		{"another category", `http_status: 404`, "", "gone", "codes.ORDER_NOT_FOUND.category", false,
			"code ORDER_NOT_FOUND had HTTP status 404, and has 410, with its category",
			"keep http_status: 404 on the code, which its new category gone does not give it"},
	} {
		got := breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, tc.category, tc.in, tc.code)))
		i := slices.IndexFunc(got, func(c breaking.Change) bool { return c.Rule == "HTTP_STATUS_CHANGED" })
		if i < 0 {
			t.Errorf("%s: no HTTP_STATUS_CHANGED in %+v", tc.name, got)
			continue
		}
		c := got[i]
		if p := model.PathString(c.Path); p != tc.wantPath || c.InOld != tc.wantInOld || c.Message != tc.wantMessage || !strings.HasPrefix(c.Fix, tc.wantFix+"; ") {
			t.Errorf("%s: at %s (in the older: %t): %s; fix: %s\nwant at %s (%t): %s; fix: %s; ...", tc.name, p, c.InOld, c.Message, c.Fix,
				tc.wantPath, tc.wantInOld, tc.wantMessage, tc.wantFix)
		}
	}
	// The change made at the category is the code's, for the breaking
	// block too.
	changed := fmt.Sprintf(catalog, `http_status: 409`, "not_found", "")
	for _, ignore := range []string{"codes.ORDER_NOT_FOUND", "categories.not_found"} {
		if got := breaking.Compare(old, loadtest.Catalog(t, changed+"breaking: ignore: HTTP_STATUS_CHANGED: [\""+ignore+"\"]\n")); len(got) > 0 {
			t.Errorf("ignoring %s: %+v", ignore, got)
		}
	}
	// A retry class the category gains, which makes its codes retryable.
	got := breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, `http_status: 404, retry: "after_delay"`, "not_found", "")))
	if len(got) != 1 || got[0].Rule != "RETRY_CHANGED" || model.PathString(got[0].Path) != "categories.not_found.retry" ||
		!strings.HasPrefix(got[0].Fix, "keep retry: after_fix in category not_found, or set it on code ORDER_NOT_FOUND; ") {
		t.Errorf("a category's retry class: %+v", got)
	}
	// A code that dropped its own value is reported at it, in the older
	// version.
	own := loadtest.Catalog(t, fmt.Sprintf(catalog, `http_status: 404`, "not_found", `, http_status: 409`))
	got = breaking.Compare(own, old)
	if len(got) != 1 || model.PathString(got[0].Path) != "codes.ORDER_NOT_FOUND.http_status" || !got[0].InOld ||
		got[0].Message != "code ORDER_NOT_FOUND had HTTP status 409, and has 404, as it no longer sets http_status itself" {
		t.Errorf("a code's own value gone: %+v", got)
	}
}

// TestInheritedAtReparented checks that a change of a value a code
// takes from the categories above its own, which all keep their values,
// is reported at the parent of the category that moved, and not as a
// change of the categories' values.
func TestInheritedAtReparented(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: {
	client: {description: "The caller's fault.", http_status: 400}
	gone: {description: "Gone for good.", http_status: 410}
	not_found: {description: "Nothing there."%s}
}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	below := func(parent string) *model.Catalog {
		if parent == "" {
			return loadtest.Catalog(t, fmt.Sprintf(catalog, ""))
		}
		return loadtest.Catalog(t, fmt.Sprintf(catalog, fmt.Sprintf(", parent: %q", parent)))
	}
	for _, tc := range []struct {
		name                 string
		from, to             string
		wantInOld            bool
		wantMessage, wantFix string
	}{
		{"moved", "client", "gone", false,
			"code ORDER_NOT_FOUND had HTTP status 400, and has 410, as category not_found moved from below client to below gone",
			"keep category not_found below client, or set http_status: 400 on code ORDER_NOT_FOUND"},
		{"no longer below", "client", "", true,
			"code ORDER_NOT_FOUND had HTTP status 400, and has 500, as category not_found is no longer below client",
			"keep category not_found below client, or set http_status: 400 on code ORDER_NOT_FOUND"},
		{"now below", "", "gone", false,
			"code ORDER_NOT_FOUND had HTTP status 500, and has 410, as category not_found is now below gone",
			"keep category not_found at the top level, not below gone, or set http_status: 500 on code ORDER_NOT_FOUND"},
	} {
		got := breaking.Compare(below(tc.from), below(tc.to))
		i := slices.IndexFunc(got, func(c breaking.Change) bool { return c.Rule == "HTTP_STATUS_CHANGED" })
		if i < 0 {
			t.Errorf("%s: no HTTP_STATUS_CHANGED in %+v", tc.name, got)
			continue
		}
		c := got[i]
		if p := model.PathString(c.Path); p != "categories.not_found.parent" || c.InOld != tc.wantInOld || c.Message != tc.wantMessage || !strings.HasPrefix(c.Fix, tc.wantFix+"; ") {
			t.Errorf("%s: at %s (in the older: %t): %s; fix: %s\nwant at categories.not_found.parent (%t): %s; fix: %s; ...", tc.name, p, c.InOld, c.Message, c.Fix,
				tc.wantInOld, tc.wantMessage, tc.wantFix)
		}
	}
}

// TestGroupedByCategory checks that a change made at a category, which
// each of its codes takes, is one change at the category naming the
// codes, or the first of them and how many more; that a code ignored in
// the breaking block leaves the group; and that a code with its own value
// is not in it.
func TestGroupedByCategory(t *testing.T) {
	catalog := func(status int, n int, extra string) string {
		var b strings.Builder
		fmt.Fprintf(&b, `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
envelopes: flat: {code: "$code", text: "$message", details: "$params"}
categories: limit: {description: "A limit.", http_status: %d, retryable: true%s}
codes: OWN_LIMIT: {category: "limit", title: "Own", message: "Own", http_status: 429}
`, status, map[bool]string{true: `, envelope: "flat"`, false: ""}[status == 503])
		for i := range n {
			fmt.Fprintf(&b, "codes: L%d_LIMITED: {category: \"limit\", title: \"L%d\", message: \"L%d\"}\n", i, i, i)
		}
		return b.String() + extra
	}
	for _, tc := range []struct {
		n      int
		ignore string
		want   string
	}{
		{1, "", "code L0_LIMITED had HTTP status 429, and has 503, from category limit"},
		{3, "", "each of codes L0_LIMITED, L1_LIMITED and L2_LIMITED had HTTP status 429, and has 503, from category limit"},
		{3, "codes.L1_LIMITED", "each of codes L0_LIMITED and L2_LIMITED had HTTP status 429, and has 503, from category limit"},
		{8, "", "each of codes L0_LIMITED, L1_LIMITED, L2_LIMITED and 5 more had HTTP status 429, and has 503, from category limit"},
	} {
		extra := ""
		if tc.ignore != "" {
			extra = `breaking: ignore: HTTP_STATUS_CHANGED: ["` + tc.ignore + `"]` + "\n"
		}
		got := breaking.Compare(loadtest.Catalog(t, catalog(429, tc.n, "")), loadtest.Catalog(t, catalog(503, tc.n, extra)))
		var status, envelope []breaking.Change
		for _, c := range got {
			switch c.Rule {
			case "HTTP_STATUS_CHANGED":
				status = append(status, c)
			case "ENVELOPE_KEY_CHANGED", "ENVELOPE_CONSTANT_CHANGED":
				envelope = append(envelope, c)
			}
		}
		if len(status) != 1 || status[0].Message != tc.want || model.PathString(status[0].Path) != "categories.limit.http_status" ||
			(tc.n > 1) != (status[0].Code == "") || strings.Contains(status[0].Fix, "L1_LIMITED") {
			t.Errorf("%d codes, ignoring %q: %+v\nwant %s", tc.n, tc.ignore, status, tc.want)
		}
		// The envelope the category moved to sends the message and the
		// params elsewhere, and no category: each change once, for every
		// code of the category, OWN_LIMIT too.
		for _, c := range envelope {
			if model.PathString(c.Path) != "categories.limit.envelope" || !strings.HasPrefix(c.Message, "each of codes L0_LIMITED") ||
				tc.n < 5 && !strings.Contains(c.Message, "OWN_LIMIT, now in the envelope flat, from category limit, ") {
				t.Errorf("%d codes: %+v", tc.n, c)
			}
		}
		if len(envelope) != 7 {
			t.Errorf("%d codes: %d changes of the envelope, want 7: %+v", tc.n, len(envelope), envelope)
		}
	}
}

// TestToolGone checks that a tool gone with its actions breaks, once,
// at the tool in the older version: a call of the older version names
// them.
func TestToolGone(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	old := loadtest.Catalog(t, catalog+`tools: {orders: actions: {list: {}, export: required: ["format"]}, carts: description: "Carts."}`)
	got := breaking.Compare(old, loadtest.Catalog(t, catalog))
	if len(got) != 1 || got[0].Rule != "TOOL_ACTION_REMOVED" || !got[0].Breaks() || !got[0].InOld ||
		model.PathString(got[0].Path) != "tools.orders" || got[0].Message != "tool orders is gone, and orders:list and orders:export with it" {
		t.Errorf("tools gone: %+v", got)
	}
}

// TestActionsGone checks that the fix of an action gone names ValidateCall
// only where the newer catalog generates it, and that a tool that keeps
// its name and lists no actions is reported once, saying that
// ValidateCall, which checked its calls, takes every one of them now, or
// is no longer generated when no tool has actions.
func TestActionsGone(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: validation: {description: "Wrong arguments.", http_status: 400}
codes: ORDER_NOT_FOUND: {category: "validation", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	const roles = `
codes: INVALID_ACTION: {category: "validation", title: "Invalid action", message: "{tool} has no {action}", params: {tool: type: "string", action: type: "string"}}
codes: MISSING: {category: "validation", title: "Missing", message: "{tool} needs {missing_fields:and}", params: {tool: type: "string", missing_fields: type: "[]string"}}
roles: {invalid_action: "INVALID_ACTION", missing_fields: "MISSING"}
`
	both := `tools: orders: actions: {list: {}, export: required: ["format"]}`
	one := `tools: orders: actions: export: required: ["format"]`
	none := `tools: orders: description: "Orders."`
	carts := "\ntools: carts: actions: get: {}"
	for _, tc := range []struct {
		old, new, path, message, fix string
	}{
		{catalog + both, catalog + one, "tools.orders.actions.list", "orders:list is gone", "keep the action: a call of the older version names it"},
		{catalog + roles + both, catalog + roles + one, "tools.orders.actions.list", "orders:list is gone",
			"keep the action: ValidateCall rejects a call of an action the tool does not have"},
		{catalog + both, catalog + none, "tools.orders", "tool orders lists no actions, and orders:list and orders:export are gone",
			"keep the actions: a call of the older version names them"},
		{catalog + roles + both + carts, catalog + roles + none + carts, "tools.orders",
			"tool orders lists no actions, and orders:list and orders:export are gone; ValidateCall takes every call of orders, where it rejected an action orders did not have",
			"keep the actions: a call of the older version names them"},
		{catalog + roles + both, catalog + roles + none, "tools.orders",
			"tool orders lists no actions, and orders:list and orders:export are gone; ValidateCall, which checked the calls of orders, is no longer generated",
			"keep the actions: a call of the older version names them"},
	} {
		var got []breaking.Change
		for _, ch := range breaking.Compare(loadtest.Catalog(t, tc.old), loadtest.Catalog(t, tc.new)) {
			if ch.Rule == "TOOL_ACTION_REMOVED" {
				got = append(got, ch)
			}
		}
		if len(got) != 1 || model.PathString(got[0].Path) != tc.path || got[0].Message != tc.message || got[0].Fix != tc.fix {
			t.Errorf("%s → %s: %+v", tc.old[len(catalog):], tc.new[len(catalog):], got)
		}
	}
}

// TestPackageMoved checks that a Go package generated at another place,
// its import path or its directory, is reported moved, or under another
// name renamed, and that CompareAt places the directories of catalogs
// that moved.
func TestPackageMoved(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: {
	go: {dir: %q, package: "shop"%s}
	mcp: {dir: %q, package: %q}
}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, "gen", `, import_path: "example.com/shop/gen"`, "gen/mcp", "shopmcp"))
	for _, tc := range []struct {
		goDir, importPath, mcpDir, mcpPackage string
		want                                  []string
	}{
		{"gen", `, import_path: "example.com/shop/gen"`, "gen/mcp", "shopmcp", nil},
		{"./gen/", ``, "gen/mcp/", "shopmcp", nil},
		{"gen", `, import_path: "example.com/shop/errors"`, "gen/mcp", "shopmcp",
			[]string{"the Go package shop moved from example.com/shop/gen to example.com/shop/errors: every import of it breaks"}},
		{"errors", ``, "gen/shopmcp", "shopmcp", []string{
			"the Go package shop moved from gen to errors: every import of it breaks",
			"the Go package shopmcp moved from gen/mcp to gen/shopmcp: every import of it breaks"}},
		{"gen", ``, "gen/mcp", "mcperr", []string{"the Go package shopmcp is now named mcperr: a caller that refers to it by its name no longer compiles"}},
	} {
		var got []string
		for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, tc.goDir, tc.importPath, tc.mcpDir, tc.mcpPackage))) {
			if c.Rule != "GO_NAME_REMOVED" || c.Level != breaking.Go || !c.Breaks() {
				t.Errorf("%s: %s %s", tc.goDir, c.Rule, c.Message)
				continue
			}
			got = append(got, c.Message)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("go %s%s, mcp %s %s: %q, want %q", tc.goDir, tc.importPath, tc.mcpDir, tc.mcpPackage, got, tc.want)
		}
	}
	// The catalog moved one directory down, and its outputs with it, but
	// for the Go package, which stayed.
	moved := loadtest.Catalog(t, fmt.Sprintf(catalog, "../gen", ``, "gen/mcp", "shopmcp"))
	at := func(dir string) func(string) string {
		return func(out string) string { return path.Join(dir, out) }
	}
	got := breaking.CompareAt(old, moved, at("spec"), at("spec/shop"))
	if len(got) != 1 || got[0].Message != "the Go package shopmcp moved from spec/gen/mcp to spec/shop/gen/mcp: every import of it breaks" {
		t.Errorf("a catalog moved: %+v", got)
	}
}

// TestEnvelopeDottedKeys checks that a key that holds a dot is not taken
// for the keys of nested objects: {"meta.v": 1} is not {meta: {v: 1}}.
func TestEnvelopeDottedKeys(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
envelope: {code: "$code", message: "$message", params: "$params", %s}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, `meta: {v: 1}, error: {kind: "$category"}`))
	var got []string
	for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, `"meta.v": 1, "error.kind": "$category"`))) {
		got = append(got, c.Rule+": "+c.Message)
	}
	want := []string{
		`ENVELOPE_KEY_CHANGED: the default envelope sent $category at error.kind, and sends it at "error.kind"`,
		`ENVELOPE_CONSTANT_CHANGED: the default envelope no longer sends the constant meta.v: 1`,
		`ENVELOPE_KEY_ADDED: the default envelope sends the constant "meta.v": 1`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("changes:\n%q\nwant\n%q", got, want)
	}
}

// TestEnvelopeParamsSpread checks that params: "$params" and params:
// {"$params": true}, which send the params in the same object, are no
// change, and that spreading them into another object is one.
func TestEnvelopeParamsSpread(t *testing.T) {
	const catalog = base + `envelope: {code: "$code", message: "$message", %s}
`
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{`params: "$params"`, `params: {"$params": true}`, nil},
		{`params: {"$params": true}`, `params: "$params"`, nil},
		{`error: {params: "$params"}`, `error: {params: {"$params": true}}`, nil},
		{`params: "$params"`, `"$params": true`, []string{"!ENVELOPE_KEY_CHANGED"}},
		{`params: "$params"`, `details: {"$params": true}`, []string{"!ENVELOPE_KEY_CHANGED"}},
	} {
		if got := versionRules(t, catalog, tc.from, tc.to); !slices.Equal(got, tc.want) {
			t.Errorf("%s to %s: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestTierAddedSent checks that a new tier breaks a client only where it
// reads a tier: a param that holds one in its version of the catalog too,
// not a param or a code it does not know, nor a param it reads as a string.
func TestTierAddedSent(t *testing.T) {
	const catalog = base + `codes: PLAN: {category: "not_found", title: "Plan", message: "Plan", params: {%s}}
`
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{`plan: {type: "tier"}`, `plan: {type: "tier"}`, []string{"!TIER_ADDED_SENT"}},
		{`plans: {type: "[]object", fields: p: type: "tier"}`, `plans: {type: "[]object", fields: p: type: "tier"}`, []string{"!TIER_ADDED_SENT"}},
		{`plan: {type: "string"}`, `plan: {type: "string"}, tier: {type: "tier", optional: true}`, []string{"PARAM_ADDED", "TIER_ADDED"}},
		{`plan: {type: "string"}`, `plan: {type: "tier"}`, []string{"!PARAM_VALUES_NARROWED", "TIER_ADDED"}},
	} {
		older := fmt.Sprintf(catalog, tc.from) + `tiers: ["Free", "Pro"]` + "\n"
		newer := fmt.Sprintf(catalog, tc.to) + `tiers: ["Free", "Team", "Pro"]` + "\n"
		if got := rules(breaking.Compare(loadtest.Catalog(t, older), loadtest.Catalog(t, newer))); !slices.Equal(got, tc.want) {
			t.Errorf("%s to %s: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
	// A new code that sends a tier.
	older := base + `tiers: ["Free", "Pro"]` + "\n"
	newer := base + `tiers: ["Free", "Team", "Pro"]` + "\n" + fmt.Sprintf(catalog[len(base):], `plan: {type: "tier"}`)
	if got, want := rules(breaking.Compare(loadtest.Catalog(t, older), loadtest.Catalog(t, newer))), []string{"CODE_ADDED", "TIER_ADDED"}; !slices.Equal(got, want) {
		t.Errorf("a new code: %v, want %v", got, want)
	}
}

// TestExactMode checks that what a newer version adds breaks the clients
// of an older version in the exact mode, and only those: a code, a param
// or field, an envelope key; and that a title or retry_after, which the
// exact mode pins, breaks them only where the envelope sends it.
func TestExactMode(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: {file: "errors.schema.json", mode: %q}
envelope: {code: "$code", message: "$message", params: "$params"%s}
categories: not_found: {description: "Nothing there.", http_status: 404, retryable: true, retry_after: %d}
codes: ORDER_NOT_FOUND: {category: "not_found", title: %q, message: "Order {id} not found", params: {id: {type: "string"}%s}}
%s`
	type version struct {
		envelope   string
		retryAfter int
		title      string
		params     string
		more       string
	}
	v1 := version{"", 10, "Order not found", "", ""}
	for _, tc := range []struct {
		name  string
		v2    version
		sends string // what both envelopes send besides
		want  []string
	}{
		{"a code", version{"", 10, "Order not found", "", `codes: CART_NOT_FOUND: {category: "not_found", title: "Cart not found", message: "Cart {id} not found", params: id: type: "string"}`}, "", []string{"!EXACT_MODE_REJECTS"}},
		{"a param", version{"", 10, "Order not found", `, store: {type: "string", optional: true}`, ""}, "", []string{"!EXACT_MODE_REJECTS"}},
		{"a key", version{`, kind: "$category"`, 10, "Order not found", "", ""}, "", []string{"!EXACT_MODE_REJECTS"}},
		{"a title not sent", version{"", 10, "No such order", "", ""}, "", []string{"TEXT_CHANGED"}},
		{"a title sent", version{"", 10, "No such order", "", ""}, `, title: "$title"`, []string{"!EXACT_MODE_REJECTS"}},
		{"a retry_after not sent", version{"", 20, "Order not found", "", ""}, "", []string{"RETRY_AFTER_CHANGED"}},
		{"a retry_after sent", version{"", 20, "Order not found", "", ""}, `, wait: "$retry_after"`, []string{"!EXACT_MODE_REJECTS"}},
	} {
		for _, mode := range []string{"exact", "compatible"} {
			src := func(v version) string {
				return fmt.Sprintf(catalog, mode, tc.sends+v.envelope, v.retryAfter, v.title, v.params, v.more)
			}
			got := rules(breaking.Compare(loadtest.Catalog(t, src(v1)), loadtest.Catalog(t, src(tc.v2))))
			switch {
			case mode == "compatible":
				// What breaks an exact client is a safe change here.
				if slices.ContainsFunc(got, func(r string) bool { return strings.HasPrefix(r, "!") }) {
					t.Errorf("%s, compatible: %v", tc.name, got)
				}
			case !slices.Equal(got, tc.want):
				t.Errorf("%s, exact: %v, want %v", tc.name, got, tc.want)
			}
		}
	}
}

// TestWholeToolGated checks that a feature that comes to gate a whole
// tool raises each action of it that needed a lower tier, by name, and
// not those its own feature already gated or another feature gates; and
// that one that no longer does lowers each.
func TestWholeToolGated(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
tiers: ["Free", "Pro", "Enterprise"]
features: {
	exports: {name: "Exports", tier: "Pro", tools: [%s]}
	audit: {name: "Audit", tier: "Enterprise", tools: ["orders:audit"]}
}
tools: orders: actions: {list: {}, export: {}, audit: {}, cancel: {}}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, `"orders:export"`))
	var got []string
	for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, `"orders"`))) {
		got = append(got, c.Rule+": "+c.Message)
	}
	want := []string{
		"FEATURE_TIER_RAISED: orders:list needed no tier, and feature exports makes it need tier Pro",
		"FEATURE_TIER_RAISED: orders:cancel needed no tier, and feature exports makes it need tier Pro",
	}
	if !slices.Equal(got, want) {
		t.Errorf("a whole tool gated:\n%q\nwant\n%q", got, want)
	}
	// And back: the actions that are no longer gated, by name.
	got = nil
	for _, c := range breaking.Compare(loadtest.Catalog(t, fmt.Sprintf(catalog, `"orders"`)), old) {
		got = append(got, c.Rule+": "+c.Message)
	}
	want = []string{
		"FEATURE_TIER_LOWERED: orders:list needed tier Pro, and is no longer gated",
		"FEATURE_TIER_LOWERED: orders:cancel needed tier Pro, and is no longer gated",
	}
	if !slices.Equal(got, want) {
		t.Errorf("a whole tool no longer gated:\n%q\nwant\n%q", got, want)
	}
}

// TestMoreTexts checks the texts that change nothing a client reads but
// that --all reports: the upgrade URL, a deprecation's since, a tool's
// description.
func TestMoreTexts(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
tiers: ["Free", "Pro"]
upgrade_url: %q
tools: orders: {description: %q, actions: list: {}}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string", deprecated: since: %q}
`
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, "https://example.com/pricing", "Orders.", "1.0"))
	var got []string
	for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, "https://example.com/upgrade", "The orders.", "1.1"))) {
		got = append(got, c.Rule+" "+model.PathString(c.Path)+": "+c.Message)
	}
	want := []string{
		"TEXT_CHANGED upgrade_url: the catalog's upgrade_url changed",
		"TEXT_CHANGED codes.ORDER_NOT_FOUND.deprecated.since: code ORDER_NOT_FOUND: the deprecation's since changed",
		"TEXT_CHANGED tools.orders.description: the description of tool orders changed",
	}
	if !slices.Equal(got, want) {
		t.Errorf("changes:\n%q\nwant\n%q", got, want)
	}
}

// TestWireFalseSent checks that a param kept off the wire that comes to
// be sent is a new key: safe when it is optional, and a new required
// param, which a server of the older version does not send, when it is
// not; its Go API is what it was, and a change of it there is reported
// at the Go level.
func TestWireFalseSent(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: go: {dir: ".", package: "shop", import_path: "example.com/shop"}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found in {store}", params: {id: type: "string", store: {type: "string"%s}}}
`
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{`, wire: false`, ``, []string{"!PARAM_REQUIRED"}},
		{`, wire: false, optional: true`, `, optional: true`, []string{"PARAM_ADDED"}},
		{`, wire: false`, `, optional: true`, []string{"!GO_CONSTRUCTOR_CHANGED", "!GO_FIELD_CHANGED", "PARAM_ADDED"}},
		{`, wire: false, optional: true`, ``, []string{"!GO_CONSTRUCTOR_CHANGED", "!GO_FIELD_CHANGED", "!GO_NAME_REMOVED", "!PARAM_REQUIRED"}}, // OrderNotFoundOptions is gone
	} {
		got := versionRules(t, catalog, tc.from, tc.to)
		if !slices.Equal(got, tc.want) {
			t.Errorf("store {%s} to {%s}: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestFieldMoved checks that the field of a param kept off the wire that
// becomes optional, or required, is reported where it went, XOptions or
// XParams: a caller that sets it where it was no longer compiles, while
// one that reads it from the params still may.
func TestFieldMoved(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: go: {dir: ".", package: "shop", import_path: "example.com/shop"}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", detail: "In {store}", params: {id: type: "string", sku: {type: "string", optional: true}, store: {type: "string", wire: false%s}}}
`
	for _, tc := range []struct {
		from, to string
		want     string
	}{
		{``, `, optional: true`, "the field Store of OrderNotFoundParams is now in OrderNotFoundOptions: a caller that sets it in OrderNotFoundParams no longer compiles"},
		{`, optional: true`, ``, "the field Store of OrderNotFoundOptions is now in OrderNotFoundParams: a caller that sets it in OrderNotFoundOptions no longer compiles"},
	} {
		old := loadtest.Catalog(t, fmt.Sprintf(catalog, tc.from))
		var got []string
		for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, tc.to))) {
			if c.Rule == "GO_FIELD_CHANGED" {
				got = append(got, c.Message)
			}
		}
		if !slices.Equal(got, []string{tc.want}) {
			t.Errorf("store {%s} to {%s}: %q, want %q", tc.from, tc.to, got, tc.want)
		}
	}
}

// TestRoleHelperGone checks that a role left without a code names the
// helper of the Go package that is gone with it, where its callers no
// longer compile, and names none where the helper stays or there was
// none.
func TestRoleHelperGone(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: go: {dir: ".", package: "shop", import_path: "example.com/shop"}
tiers: ["Free", "Pro"]
features: exports: {name: "Exports", tier: "Pro", tools: ["orders:export"]}
tools: orders: actions: {list: {}, export: {}}
categories: bad: {description: "Bad.", http_status: 400}
codes: {
	TIER_RESTRICTED: {category: "bad", title: "Tier restricted", message: "Tier restricted"}
	UPSTREAM_FAILED: {category: "bad", title: "Upstream failed", message: "Upstream failed"}
	NOT_FOUND: {category: "bad", title: "Not found", message: "Not found"}
	MISSING_FIELDS: {category: "bad", title: "Missing fields", message: "Missing fields"}
	INVALID_ACTION: {category: "bad", title: "Invalid action", message: "Invalid action"}
}
roles: {
%s}
`
	all := map[string]string{"tier_restricted": "TIER_RESTRICTED", "api_error": "UPSTREAM_FAILED", "not_found": "NOT_FOUND",
		"missing_fields": "MISSING_FIELDS", "invalid_action": "INVALID_ACTION"}
	roles := func(except string) string {
		var b strings.Builder
		for _, r := range []string{"tier_restricted", "api_error", "not_found", "missing_fields", "invalid_action"} {
			if r != except {
				fmt.Fprintf(&b, "\t%s: %q\n", r, all[r])
			}
		}
		return b.String()
	}
	old := loadtest.Catalog(t, fmt.Sprintf(catalog, roles("")))
	for _, tc := range []struct{ role, want string }{
		{"tier_restricted", "role tier_restricted had code TIER_RESTRICTED, and has none: TierRestricted, which returned it, is no longer generated"},
		{"api_error", "role api_error had code UPSTREAM_FAILED, and has none: FromUpstream, which returned it, is no longer generated"},
		{"not_found", "role not_found had code NOT_FOUND, and has none"},
		{"missing_fields", "role missing_fields had code MISSING_FIELDS, and has none: ValidateCall, which returned it, is no longer generated"},
	} {
		var got []string
		for _, c := range breaking.Compare(old, loadtest.Catalog(t, fmt.Sprintf(catalog, roles(tc.role)))) {
			if c.Rule == "ROLE_CODE_CHANGED" || c.Level == breaking.Go {
				got = append(got, c.Message)
			}
		}
		if !slices.Equal(got, []string{tc.want}) {
			t.Errorf("without the role %s: %q, want %q", tc.role, got, tc.want)
		}
	}
}

// TestNewCodeEnvelope checks that a new code in an envelope the older
// version does not have breaks its clients only when none of the older
// envelopes reads it: each reads a code it does not know with the values
// it always sends (the constants among them) at their keys, and its
// params object where an object is; and, where one reads it, when the
// one Parse takes skips its params.
func TestNewCodeEnvelope(t *testing.T) {
	const older = base + `envelope: {error: true, code: "$code", category: "$category", message: "$message", retryable: "$retryable", params: "$params"}
envelopes: flat: {code: "$code", category: "$category", message: "$message", retryable: "$retryable", "$params": true}
`
	code := `codes: OUT_OF_STOCK: {category: "not_found", title: "Out of stock", message: "Out of stock", envelope: "new", params: sku: type: "string"}` + "\n"
	for _, tc := range []struct {
		envelope string
		want     []string
	}{
		// The envelope flat reads it.
		{`{code: "$code", category: "$category", message: "$message", retryable: "$retryable", "$params": true}`, []string{"CODE_ADDED"}},
		{`{code: "$code", category: "$category", message: "$message", retryable: "$retryable", hint: "$suggestion", params: "$params"}`, []string{"CODE_ADDED"}},
		// The default envelope's constant, which flat does not have:
		// only the default reads the message at error.
		{`{error: true, code: "$code", category: "$category", message: {text: "$message"}, retryable: "$retryable", params: "$params"}`, []string{"!ENVELOPE_KEY_CHANGED", "CODE_ADDED"}},
		{`{code: "$code", category: "$category", error: "$message", retryable: "$retryable", params: "$params"}`, []string{"!ENVELOPE_KEY_CHANGED", "CODE_ADDED"}},
		// flat reads a string at params as a param it does not know.
		{`{error: true, code: "$code", category: "$category", message: "$message", retryable: "$retryable", params: "$detail", p: "$params"}`, []string{"CODE_ADDED"}},
		{`{error: "true", code: "$code", category: "$category", message: "$title", retryable: "$retryable", "$params": true}`, []string{"!ENVELOPE_KEY_CHANGED", "CODE_ADDED"}},
		// The default envelope, which names more of the keys than flat,
		// reads it, but skips the key of its params.
		{`{error: true, code: "$code", category: "$category", message: "$message", retryable: "$retryable", extra: {"$params": true}}`, []string{"!ENVELOPE_KEY_CHANGED", "CODE_ADDED"}},
		{`{error: true, code: "$code", category: "$category", message: "$message", retryable: "$retryable", sku: "$params.sku"}`, []string{"!ENVELOPE_KEY_CHANGED", "CODE_ADDED"}},
		// It reads them in its params object.
		{`{error: true, code: "$code", category: "$category", message: "$message", retryable: "$retryable", params: {"$params": true, hint: "$suggestion"}}`, []string{"CODE_ADDED"}},
	} {
		got := rules(breaking.Compare(loadtest.Catalog(t, older), loadtest.Catalog(t, older+"envelopes: new: "+tc.envelope+"\n"+code)))
		if !slices.Equal(got, tc.want) {
			t.Errorf("new envelope %s: %v, want %v", tc.envelope, got, tc.want)
		}
	}
}

// TestExactModeDocsURL checks that a docs URL that moves breaks a client
// of the older version in the exact mode when the envelope sends it,
// whether or not the newer catalog excepts DOCS_URL_CHANGED, as redirects
// that keep the old links working let it: that client's Parse and JSON
// Schema pin the URL.
func TestExactModeDocsURL(t *testing.T) {
	const catalog = `package shop

name: "shop"
%s
outputs: jsonschema: {file: "errors.schema.json", mode: %q}
envelope: {code: "$code", message: "$message", params: "$params"%s}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
codes: CART_NOT_FOUND: {category: "not_found", title: "Cart not found", message: "Cart {id} not found", params: id: type: "string"}
breaking: except: ["DOCS_URL_CHANGED"]
`
	const v1 = `docs: base_url: "https://docs.example.com/errors"`
	for _, tc := range []struct {
		mode, v2, sends string
		want            []string
		inOld           bool
	}{
		{"exact", `docs: base_url: "https://docs.example.com/v2/errors"`, `, docs_url: "$docs_url"`, []string{"!EXACT_MODE_REJECTS"}, false},
		{"exact", ``, `, docs_url: "$docs_url"`, []string{"!EXACT_MODE_REJECTS"}, true},
		{"exact", `docs: base_url: "https://docs.example.com/v2/errors"`, ``, nil, false},
		{"compatible", `docs: base_url: "https://docs.example.com/v2/errors"`, `, docs_url: "$docs_url"`, nil, false},
	} {
		changes := breaking.Compare(loadtest.Catalog(t, fmt.Sprintf(catalog, v1, tc.mode, tc.sends)), loadtest.Catalog(t, fmt.Sprintf(catalog, tc.v2, tc.mode, tc.sends)))
		if got := rules(changes); !slices.Equal(got, tc.want) {
			t.Errorf("%s, %q, sending %q: %v, want %v", tc.mode, tc.v2, tc.sends, got, tc.want)
		}
		for _, ch := range changes {
			if ch.InOld != tc.inOld || !strings.Contains(ch.Message, "codes CART_NOT_FOUND and ORDER_NOT_FOUND send their docs URLs") {
				t.Errorf("%s, %q: %+v", tc.mode, tc.v2, ch)
			}
		}
	}
}

// TestParamAtSameKey checks that a param renamed, whose newer envelope
// sends it at the key the older sent it at, is the same param to a
// client: only its Go field changed, and a change of its type is one of
// the wire that explains the Go API's; where the key changes with the
// name, it is a rename on the wire.
func TestParamAtSameKey(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: go: {dir: ".", package: "shop", import_path: "example.com/shop"}
categories: not_found: {description: "Nothing there.", http_status: 404}
%s
`
	code := func(envelope, param, typ string) string {
		return fmt.Sprintf("envelope: %s\ncodes: ORDER_NOT_FOUND: {category: \"not_found\", title: \"Order not found\", message: \"Order {%s} not found in {store}\", params: {%s: type: %q, store: type: \"string\"}}",
			envelope, param, param, typ)
	}
	const (
		placed   = `{code: "$code", message: "$message", order_id: "$params.%s", details: {"$params": true}}`
		nested   = `{code: "$code", message: "$message", details: {order_id: "$params.%s", "$params": true}}`
		inParams = `{code: "$code", message: "$message", params: "$params"}`
	)
	for _, tc := range []struct {
		name     string
		from, to string
		want     []string
	}{
		{"placed at the same key", code(fmt.Sprintf(placed, "order_id"), "order_id", "string"), code(fmt.Sprintf(placed, "id"), "id", "string"),
			[]string{"!GO_FIELD_CHANGED", "TEXT_CHANGED"}},
		{"placed where the params object had it", code(inParams, "order_id", "string"), code(`{code: "$code", message: "$message", params: {order_id: "$params.id", "$params": true}}`, "id", "string"),
			[]string{"!GO_FIELD_CHANGED", "TEXT_CHANGED"}},
		{"placed at the same nested key", code(fmt.Sprintf(nested, "order_id"), "order_id", "string"), code(fmt.Sprintf(nested, "id"), "id", "string"),
			[]string{"!GO_FIELD_CHANGED", "TEXT_CHANGED"}},
		{"retyped at the same key", code(fmt.Sprintf(placed, "order_id"), "order_id", "string"), code(fmt.Sprintf(placed, "id"), "id", "int"),
			[]string{"!PARAM_TYPE_CHANGED", "TEXT_CHANGED"}},
		{"renamed with its key", code(inParams, "order_id", "string"), code(inParams, "id", "string"),
			[]string{"!PARAM_RENAMED", "TEXT_CHANGED"}},
	} {
		got := versionRules(t, catalog, tc.from, tc.to)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestActionsListed checks that a tool that listed no actions, whose
// calls ValidateCall took whatever their action and arguments, and that
// lists actions in the newer version breaks a call of another action and
// one without what the actions require; a tool new in the newer version
// breaks no call.
func TestActionsListed(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: go: {dir: ".", package: "shop", import_path: "example.com/shop"}
categories: validation: {description: "Bad call.", http_status: 400}
roles: {missing_fields: "MISSING_FIELDS", invalid_action: "INVALID_ACTION"}
codes: MISSING_FIELDS: {category: "validation", title: "Missing", message: "Missing {missing_fields}", params: missing_fields: type: "[]string"}
codes: INVALID_ACTION: {category: "validation", title: "Invalid", message: "Invalid {action}", params: action: type: "string"}
tools: orders: actions: list: {}
%s
`
	for _, tc := range []struct {
		from, to string
		want     []string
	}{
		{`tools: customers: description: "Customers."`, `tools: customers: {description: "Customers.", actions: get: required: ["id"]}`,
			[]string{"!TOOL_ACTION_REMOVED", "!TOOL_REQUIRED_ADDED", "TOOL_ACTION_ADDED"}},
		{`tools: customers: description: "Customers."`, `tools: customers: {description: "Customers.", actions: get: {}}`,
			[]string{"!TOOL_ACTION_REMOVED", "TOOL_ACTION_ADDED"}},
		{``, `tools: customers: {description: "Customers.", actions: get: required: ["id"]}`,
			[]string{"TOOL_ACTION_ADDED"}},
		{`tools: customers: actions: get: {}`, `tools: customers: actions: {get: {}, put: required: ["id"]}`,
			[]string{"TOOL_ACTION_ADDED"}},
	} {
		got := versionRules(t, catalog, tc.from, tc.to)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s to %s: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}
