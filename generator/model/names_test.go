package model

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWords(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"", nil},
		{"a", []string{"a"}},
		{"missing_required_field", []string{"missing", "required", "field"}},
		{"MISSING_REQUIRED_FIELD", []string{"MISSING", "REQUIRED", "FIELD"}},
		{"missing-required-field", []string{"missing", "required", "field"}},
		{"missingRequiredField", []string{"missing", "Required", "Field"}},
		{"MissingRequiredField", []string{"Missing", "Required", "Field"}},
		{"HTTPServer", []string{"HTTP", "Server"}},
		{"parseHTTPResponse", []string{"parse", "HTTP", "Response"}},
		{"oauth2Token", []string{"oauth2", "Token"}},
		{"ABC123DEF", []string{"ABC123", "DEF"}},
		{"FOO__BAR", []string{"FOO", "BAR"}},
		{"_leading_and_trailing_", []string{"leading", "and", "trailing"}},
		{"dotted.name with spaces", []string{"dotted", "name", "with", "spaces"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, words(tt.name)); diff != "" {
			t.Errorf("words(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestExportedUnexported(t *testing.T) {
	tests := []struct {
		name       string
		exported   string
		unexported string
	}{
		{"", "", ""},
		{"a", "A", "a"},
		{"X", "X", "x"},
		{"MISSING_REQUIRED_FIELD", "MissingRequiredField", "missingRequiredField"},
		{"missing_required_field", "MissingRequiredField", "missingRequiredField"},
		{"missingRequiredField", "MissingRequiredField", "missingRequiredField"},
		{"missing-required-field", "MissingRequiredField", "missingRequiredField"},
		{"Baz", "Baz", "baz"},
		{"BAZ", "Baz", "baz"},
		{"FOO__BAR", "FooBar", "fooBar"},
		// Initialisms are kept in one case, wherever they stand.
		{"docs_url", "DocsURL", "docsURL"},
		{"merge_request_iid", "MergeRequestIID", "mergeRequestIID"},
		{"url", "URL", "url"},
		{"id", "ID", "id"},
		{"user_id", "UserID", "userID"},
		{"userId", "UserID", "userID"},
		{"os_name", "OSName", "osName"},
		{"json_body", "JSONBody", "jsonBody"},
		{"HTTPServer", "HTTPServer", "httpServer"},
		{"parseHTTPResponse", "ParseHTTPResponse", "parseHTTPResponse"},
		{"http_status", "HTTPStatus", "httpStatus"},
		{"kebab-case-id", "KebabCaseID", "kebabCaseID"},
		// Digits stay with the word they follow.
		{"utf8_text", "UTF8Text", "utf8Text"},
		{"base64_value", "Base64Value", "base64Value"},
		{"v2_api", "V2API", "v2API"},
		{"HTTP_2_ERROR", "HTTP2Error", "http2Error"},
		{"oauth2Token", "Oauth2Token", "oauth2Token"},
		{"ABC123DEF", "Abc123Def", "abc123Def"},
		{"retry_after_2s", "RetryAfter2s", "retryAfter2s"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.exported, exported(tt.name)); diff != "" {
			t.Errorf("exported(%q) (-want +got):\n%s", tt.name, diff)
		}
		if diff := cmp.Diff(tt.unexported, unexported(tt.name)); diff != "" {
			t.Errorf("unexported(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestExportedNonASCII(t *testing.T) {
	if diff := cmp.Diff("ÉlanVital", exported("élan_vital")); diff != "" {
		t.Errorf("exported (-want +got):\n%s", diff)
	}
}

func TestAnchor(t *testing.T) {
	tests := []struct {
		name string
		want string
	}{
		{"", ""},
		{"MISSING_FIELD", "missing_field"},
		{"category not_found", "category-not_found"},
		{"Foo Bar-Baz", "foo-bar-baz"},
		{"a.b/c?d!(e)", "abcde"},
		{"v1.2", "v12"},
		{"  x ", "--x-"},
		{"a -- b", "a----b"},
		{"Ünïcode Name", "ünïcode-name"},
		{"CamelCase42", "camelcase42"},
		{"त्रुटि संदर्भ", "त्रुटि-संदर्भ"},
		{"Cafe\u0301 «crème»", "cafe\u0301-crème"},
		{"İptal Iİ", "i\u0307ptal-ii\u0307"},
		{"Ⅻ ‿ ①", "ⅻ-‿-"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Anchor(tt.name)); diff != "" {
			t.Errorf("Anchor(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"abc", "abc", 0},
		{"a", "", 1},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"feild", "field", 1},
		{"ab", "ba", 1},
		{"optinal", "optional", 1},
		{"héllo", "hello", 1},
	}
	for _, tt := range tests {
		for _, args := range [][2]string{{tt.a, tt.b}, {tt.b, tt.a}} {
			if diff := cmp.Diff(tt.want, editDistance(args[0], args[1])); diff != "" {
				t.Errorf("editDistance(%q, %q) (-want +got):\n%s", args[0], args[1], diff)
			}
		}
	}
}

func TestClosest(t *testing.T) {
	tests := []struct {
		name       string
		candidates []string
		want       []string
	}{
		{"titel", []string{"category", "title", "description", "message", "suggestion"}, []string{"title"}},
		// Nearest first.
		{"field", []string{"feild", "fields", "field"}, []string{"field", "feild", "fields"}},
		// Ties keep the candidates' order.
		{"cat", []string{"bat", "dog", "hat", "cap"}, []string{"bat", "hat", "cap"}},
		// At most three.
		{"abcd", []string{"abce", "abcf", "abcg", "abch"}, []string{"abce", "abcf", "abcg"}},
		{"abcd", []string{"abch", "abcd", "abcg", "abce"}, []string{"abcd", "abch", "abcg"}},
		// Case does not count; the candidate's spelling is returned.
		{"NOT_FOUND", []string{"other", "not_found"}, []string{"not_found"}},
		// The bound is a third of the name's length, at least one edit: 1
		// for a name of 4 bytes, 2 for one of 5.
		{"abcd", []string{"wxyd", "abxd"}, []string{"abxd"}},
		{"abcde", []string{"vwxde", "abxye"}, []string{"abxye"}},
		{"html", []string{"llms", "go"}, nil},
		{"", []string{"a", "ab"}, []string{"a"}},
		{"xyz", []string{"validation", "limits"}, nil},
		{"anything", nil, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, Closest(tt.name, tt.candidates)); diff != "" {
			t.Errorf("Closest(%q, %q) (-want +got):\n%s", tt.name, tt.candidates, diff)
		}
	}
}

func TestSameWords(t *testing.T) {
	roles := []string{"tier_restricted", "permission_denied", "not_found", "api_error", "missing_fields", "invalid_action", "invalid_arguments", "internal"}
	tests := []struct {
		name       string
		candidates []string
		want       []string
	}{
		{"internal_error", roles, []string{"internal"}},
		{"not_found_error", roles, []string{"not_found"}},
		{"permission", roles, []string{"permission_denied"}},
		{"Tier-Restricted-Error", roles, []string{"tier_restricted"}},
		// Every word of the shorter must be the longer's; one word shared
		// is not enough.
		{"upstream_error", roles, nil},
		{"invalid", roles, []string{"invalid_action", "invalid_arguments"}},
		// The same words, or none, are not a word added or left out.
		{"found_not", roles, nil},
		{"", roles, nil},
		{"__", roles, nil},
		// At most three, in the candidates' order.
		{"a", []string{"a_b", "c", "b_a", "a_c", "a_d"}, []string{"a_b", "b_a", "a_c"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, SameWords(tt.name, tt.candidates)); diff != "" {
			t.Errorf("SameWords(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestClosestCodes(t *testing.T) {
	cat := &Catalog{Codes: []*Code{{Name: "NOT_FOUND"}, {Name: "NOT_FOUNDS"}, {Name: "INTERNAL"}}}
	if diff := cmp.Diff([]string{"NOT_FOUND", "NOT_FOUNDS"}, cat.ClosestCodes("not_fund")); diff != "" {
		t.Errorf("ClosestCodes (-want +got):\n%s", diff)
	}
}

func TestDidYouMean(t *testing.T) {
	nine := []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"}
	tests := []struct {
		what, name string
		candidates []string
		want       string
	}{
		{"categories", "validaton", []string{"limits", "validation"}, `did you mean "validation"?`},
		{"params", "nmae", []string{"name", "names", "game"}, `did you mean "name"?`},
		{"codes", "NO_SUCH_CODE", nil, "declare it under codes"},
		{"codes", "NO_SUCH_CODE", []string{"A", "B"}, `use one of "A", "B", or declare it under codes`},
		{"codes", "NO_SUCH_CODE", nine, `use one of "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", …, or declare it under codes`},
		// A word too many or too few, more edits than Closest counts.
		{"codes", "INTERNAL", []string{"PAYMENT_NOT_FOUND", "INTERNAL_ERROR"}, `did you mean "INTERNAL_ERROR"?`},
		{"codes", "NOT_FOUND", []string{"PAYMENT_NOT_FOUND", "INTERNAL_ERROR", "UPSTREAM_NOT_FOUND"}, `did you mean "PAYMENT_NOT_FOUND", "UPSTREAM_NOT_FOUND"?`},
	}
	for _, tt := range tests {
		before := slices.Clone(tt.candidates)
		if diff := cmp.Diff(tt.want, didYouMean(tt.what, tt.name, tt.candidates)); diff != "" {
			t.Errorf("didYouMean(%q, %q, %q) (-want +got):\n%s", tt.what, tt.name, tt.candidates, diff)
		}
		if diff := cmp.Diff(before, tt.candidates); diff != "" {
			t.Errorf("didYouMean changed its candidates (-want +got):\n%s", diff)
		}
	}
}

func TestArgName(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"type", "type_"},
		{"missing_fields", "missingFields"},
		{"nil", "nil_"},
		{"max", "max_"},
		{"opts", "opts_"},
		{"new_error", "newError_"},
		{"errspec", "errspec_"},
		{"types", "types"},
		{"docs_url", "docsURL"},
	} {
		if got := argName(tt.name); got != tt.want {
			t.Errorf("argName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestReservedArgName(t *testing.T) {
	const (
		keyword     = "a Go keyword"
		predeclared = "a predeclared Go identifier"
		generated   = "a name the generated constructor uses itself"
	)
	tests := []struct {
		name string
		want string
	}{
		{"type", keyword},
		{"func", keyword},
		{"range", keyword},
		{"map", keyword},
		{"default", keyword},
		{"string", predeclared},
		{"error", predeclared},
		{"any", predeclared},
		{"nil", predeclared},
		{"true", predeclared},
		{"iota", predeclared},
		{"len", predeclared},
		{"clear", predeclared},
		{"min", predeclared},
		{"println", predeclared},
		{"opts", generated},
		{"newError", generated},
		{"errspec", "the runtime package the generated constructor uses"},
		// Names a constructor's body no longer uses are free.
		{"strings", ""},
		{"json", ""},
		{"p", ""},
		{"e", ""},
		{"", ""},
		{"name", ""},
		{"userID", ""},
		{"types", ""},
		{"lens", ""},
		{"Type", ""},
		{"option", ""},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, reservedArgName(tt.name)); diff != "" {
			t.Errorf("reservedArgName(%q) (-want +got):\n%s", tt.name, diff)
		}
	}
}

func TestReservedArgNameNewError(t *testing.T) {
	if reservedArgName("newError") == "" {
		t.Errorf(`reservedArgName("newError") = "", want it reserved`)
	}
}
