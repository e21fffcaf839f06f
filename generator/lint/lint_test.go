package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/errspec/errspec/generator/lint"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/loadtest"
)

// base breaks CODE_SUGGESTION twice and PARAM_DOC (not in the default
// set) three times.
const base = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
codes: ORDER_ITEM_NOT_FOUND: {category: "not_found", title: "Item not found", message: "Item {id} not found", params: {id: {type: "string"}, order: {type: "string"}}}
`

func findings(fs []lint.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+" "+model.PathString(f.Path))
	}
	return out
}

// TestConfig checks that a catalog's lint block adds rules, removes them
// and exempts values, an exempted path covering what is below it and not
// a value whose name only starts the same.
func TestConfig(t *testing.T) {
	for _, tc := range []struct {
		config string
		want   []string
	}{
		{``, []string{"CODE_SUGGESTION codes.ORDER_ITEM_NOT_FOUND", "CODE_SUGGESTION codes.ORDER_NOT_FOUND"}},
		{`lint: except: ["CODE_SUGGESTION"]`, nil},
		{`lint: {use: ["PARAM_DOC"], except: ["CODE_SUGGESTION"]}`, []string{
			"PARAM_DOC codes.ORDER_ITEM_NOT_FOUND.params.id", "PARAM_DOC codes.ORDER_ITEM_NOT_FOUND.params.order", "PARAM_DOC codes.ORDER_NOT_FOUND.params.id"}},
		{`lint: {use: ["PARAM_DOC"], ignore: {CODE_SUGGESTION: ["codes.ORDER_NOT_FOUND"], PARAM_DOC: ["codes.ORDER_ITEM_NOT_FOUND.params.order", "codes.ORDER_NOT_FOUND"]}}`, []string{
			"CODE_SUGGESTION codes.ORDER_ITEM_NOT_FOUND", "PARAM_DOC codes.ORDER_ITEM_NOT_FOUND.params.id"}},
		{`lint: ignore: CODE_SUGGESTION: ["codes.ORDER_NOT_FOUND.message"]`, []string{"CODE_SUGGESTION codes.ORDER_ITEM_NOT_FOUND", "CODE_SUGGESTION codes.ORDER_NOT_FOUND"}},
	} {
		got := findings(lint.Check(loadtest.Catalog(t, base+tc.config+"\n")))
		if !slices.Equal(got, tc.want) {
			t.Errorf("with %q:\n%v\nwant\n%v", tc.config, got, tc.want)
		}
	}
}

// TestIgnoreElement checks that an element of a list is exempt by the
// path its finding is reported at, tiers[2], and that the element must be
// one the catalog has.
func TestIgnoreElement(t *testing.T) {
	tiers := base + `tiers: ["Free", "Pro", "Enterprise"]` + "\n"
	got := findings(lint.Check(loadtest.Catalog(t, tiers+`lint: {except: ["CODE_SUGGESTION"], ignore: TIER_USED: ["tiers[1]"]}`+"\n")))
	if want := []string{"TIER_USED tiers[0]", "TIER_USED tiers[2]"}; !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(tiers+`lint: ignore: TIER_USED: ["tiers[3]", "codes[0]"]`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := load.Dir(dir)
	for _, want := range []string{
		`lint.ignore.TIER_USED[0]: "tiers[3]" names no tier of the catalog, which has 3` + "\n\tfix: name one of tiers[0] to tiers[2]",
		`lint.ignore.TIER_USED[1]: "codes[0]" names an element of codes, which has none: its entries have names`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("loading: %v\nwant %q", err, want)
		}
	}
	// The fix names only tiers the catalog has: none, or its one tier.
	for _, tt := range []struct{ tiers, path, want string }{
		{"", "tiers[0]", `"tiers[0]" names no tier of the catalog, which has 0` + "\n\tfix: remove the path: the catalog declares no tiers"},
		{`tiers: ["Free"]` + "\n", "tiers[1]", `"tiers[1]" names no tier of the catalog, which has 1` + "\n\tfix: name tiers[0], the catalog's one tier"},
	} {
		dir := t.TempDir()
		src := base + tt.tiers + `lint: ignore: TIER_USED: ["` + tt.path + `"]` + "\n"
		if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := load.Dir(dir); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("loading: %v\nwant %q", err, tt.want)
		}
	}
}

// TestIgnoreUnknown checks that an exempted path must name a value the
// catalog has.
func TestIgnoreUnknown(t *testing.T) {
	dir := t.TempDir()
	src := base + `lint: ignore: CODE_SUGGESTION: ["codes.ORDER_NOT_FOND", "codes", "codes.ORDER_NOT_FOUND.sugestion", "codes.ORDER_NOT_FOUND.params.id", "codes.ORDER_NOT_FOUND.params.idd"]` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := load.Dir(dir)
	for _, want := range []string{
		`lint.ignore.CODE_SUGGESTION[0]: "codes.ORDER_NOT_FOND" names no entry of codes` + "\n\tfix: did you mean \"codes.ORDER_NOT_FOUND\", \"codes.ORDER_ITEM_NOT_FOUND\"?",
		`lint.ignore.CODE_SUGGESTION[1]: "codes" names all of codes; to turn the rule off, list it under except`,
		`lint.ignore.CODE_SUGGESTION[2]: "codes.ORDER_NOT_FOUND.sugestion" names no value of codes.ORDER_NOT_FOUND, so it exempts nothing` + "\n\tfix: name the entry, codes.ORDER_NOT_FOUND, or a value it has: codes.ORDER_NOT_FOUND.category,",
		`lint.ignore.CODE_SUGGESTION[4]: "codes.ORDER_NOT_FOUND.params.idd" names no value of codes.ORDER_NOT_FOUND`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("loading: %v\nwant %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), "[3]") {
		t.Errorf("loading: %v\nwant no problem of codes.ORDER_NOT_FOUND.params.id, which exists", err)
	}
}

// TestNames checks the names CODE_NAME_STYLE proposes.
func TestNames(t *testing.T) {
	src := `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: A_NOT_FOUND: {category: "not_found", title: "A", message: "a", suggestion: "Call list_a."}
codes: B_NOT_FOUND: {category: "not_found", title: "B", message: "b", suggestion: "Call list_b."}
codes: HTTPServerGone: {category: "not_found", title: "C", message: "c", suggestion: "Call list_c."}
codes: user_missing: {category: "not_found", title: "D", message: "d", suggestion: "Call list_d."}
lint: except: ["MESSAGE_PARAMS"]
`
	var got []string
	for _, f := range lint.Check(loadtest.Catalog(t, src)) {
		got = append(got, f.Fix[:strings.Index(f.Fix, ";")])
	}
	want := []string{"name it HTTP_SERVER_GONE", "name it USER_MISSING"}
	if !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
}

// TestNameStyleFixHolds follows the fix of CODE_NAME_STYLE for a code
// clients already match, in each style: where it says to add the new
// name and deprecate the old, the catalog with both loads and passes the
// rule; where it says to keep the name, the two would give one Go name
// (the catalog with both does not load), and the exemption it names
// passes the rule.
func TestNameStyleFixHolds(t *testing.T) {
	const head = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
categories: not_found: {description: "Nothing there.", http_status: 404}
lint: except: ["MESSAGE_PARAMS"]
`
	code := func(name string) string {
		return fmt.Sprintf("codes: %s: {category: \"not_found\", title: %q, message: \"m\", suggestion: \"Call list_all.\"}\n", name, name)
	}
	for _, tc := range []struct{ style, odd string }{
		{"A_NOT_FOUND B_NOT_FOUND", "quantityTooLarge"},
		{"A_NOT_FOUND B_NOT_FOUND", "QuantityTooLarge"},
		{"A_NOT_FOUND B_NOT_FOUND", "quantity_too_large"},
		{"A_NOT_FOUND B_NOT_FOUND", "OAuth2TokenExpired"},
		{"A_NOT_FOUND B_NOT_FOUND", "IPv6AddressInvalid"},
		{"a_not_found b_not_found", "QUANTITY_TOO_LARGE"},
		{"ANotFound BNotFound", "quantityTooLarge"},
		{"ANotFound BNotFound", "QUANTITY_TOO_LARGE"},
		{"aNotFound bNotFound", "QuantityTooLarge"},
	} {
		src := head + code(tc.odd)
		for _, n := range strings.Fields(tc.style) {
			src += code(n)
		}
		var fix string
		for _, f := range lint.Check(loadtest.Catalog(t, src)) {
			if f.Rule == "CODE_NAME_STYLE" && model.PathString(f.Path) == "codes."+tc.odd {
				fix = f.Fix
			}
		}
		to, _, ok := strings.Cut(strings.TrimPrefix(fix, "name it "), ";")
		if !ok {
			t.Errorf("%s among %s: fix %q names no code", tc.odd, tc.style, fix)
			continue
		}
		both := src + code(to)
		var follow string
		switch {
		case strings.Contains(fix, "keep the name and exempt it"):
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "catalog.cue"), []byte(both), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := load.Dir(dir); err == nil {
				t.Errorf("%s among %s: the fix says to keep the name, but %s beside it loads", tc.odd, tc.style, to)
			}
			follow = src + fmt.Sprintf("lint: ignore: CODE_NAME_STYLE: [%q]\n", "codes."+tc.odd)
		case strings.Contains(fix, "deprecate "+tc.odd):
			follow = both + fmt.Sprintf("codes: %s: deprecated: {since: \"1.1.0\", use: %q}\n", tc.odd, to)
		default:
			t.Errorf("%s among %s: fix %q says neither to keep nor to deprecate it", tc.odd, tc.style, fix)
			continue
		}
		for _, f := range lint.Check(loadtest.Catalog(t, follow)) {
			if f.Rule == "CODE_NAME_STYLE" {
				t.Errorf("%s among %s: after the fix %q, %s: %s", tc.odd, tc.style, fix, model.PathString(f.Path), f.Message)
			}
		}
	}
}

// TestTiersWithoutFeatures checks TIER_USED in a catalog without
// features: tiers that a param of type tier sends, in a list of objects
// too, are used; tiers nothing names are reported as such, not as above
// a tier that a feature names.
func TestTiersWithoutFeatures(t *testing.T) {
	const tiers = `tiers: ["Free", "Pro"]
lint: except: ["CODE_SUGGESTION"]
`
	sent := `codes: PLAN_LIMIT: {category: "not_found", title: "Plan limit", message: "Your plans {plans} allow no more", params: plans: {type: "[]object", fields: tier: type: "tier"}}` + "\n"
	if got := lint.Check(loadtest.Catalog(t, base+tiers+sent)); len(got) != 0 {
		t.Errorf("tiers a param sends: %v, want no finding", findings(got))
	}
	got := lint.Check(loadtest.Catalog(t, base+tiers))
	if want := []string{"TIER_USED tiers[0]", "TIER_USED tiers[1]"}; !slices.Equal(findings(got), want) {
		t.Fatalf("tiers nothing names: %v, want %v", findings(got), want)
	}
	if msg := got[0].Message; msg != "tier Free: no feature, alternative or param of type tier names a tier" {
		t.Errorf("message %q", msg)
	}
}

// TestRetryableWhen checks which suggestions of a code retryable after a
// delay, without retry_after, say when to retry.
func TestRetryableWhen(t *testing.T) {
	const catalog = `package shop

name: "shop"
outputs: jsonschema: file: "errors.schema.json"
lint: except: ["SUGGESTION_INSTRUCTION"]
categories: busy: {description: "Busy.", http_status: 503, retryable: true}
codes: BUSY: {category: "busy", title: "Busy", message: "The service is busy", suggestion: %q, params: %s}
`
	for _, tc := range []struct {
		suggestion, params string
		says               bool
	}{
		{"Retry later.", `{}`, false},
		{"Try again later, or contact support.", `{}`, false},
		{"Retry.", `{}`, false},
		{"Retry later, after a minute.", `{}`, true},
		{"Retry in 30 seconds.", `{}`, true},
		{"Retry once the index is built.", `{}`, true},
		{"Retry with exponential backoff.", `{}`, true},
		{"Retry in {retry_after_s}s.", `retry_after_s: {type: "int", doc: "Seconds."}`, true},
		{"Retry in 500 milliseconds.", `{}`, true},
		{"Retry in 30s.", `{}`, true},
		{"Retry in 10 sec.", `{}`, true},
		{"Retry in 1 hr.", `{}`, true},
		{"Retry in 2m.", `{}`, true},
		{"Retry in 2 days.", `{}`, true},
		{"Try again tomorrow.", `{}`, true},
		{"Retry next week.", `{}`, true},
		{"Pause, then retry.", `{}`, true},
		{"Retry in {n}s.", `n: {type: "int", doc: "Seconds."}`, true},
		{"Retry in {window_ms} ms.", `window_ms: {type: "int", doc: "Milliseconds."}`, true},
		{"Retry in {n}.", `n: {type: "int", doc: "Seconds."}`, false},
		{"Retry with {items} fewer items.", `items: {type: "int", doc: "Items."}`, false},
		{"Retry in a moment.", `{}`, false},
		{"Retry as user {s}.", `s: {type: "string", doc: "A user."}`, false},
	} {
		got := findings(lint.Check(loadtest.Catalog(t, fmt.Sprintf(catalog, tc.suggestion, tc.params))))
		if fired := slices.Contains(got, "RETRYABLE_WHEN codes.BUSY"); fired == tc.says {
			t.Errorf("%q: findings %v", tc.suggestion, got)
		}
	}
}
