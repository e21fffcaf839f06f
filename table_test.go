package errspec

import (
	"fmt"
	"go/parser"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// roundTrip checks that specs survive the table: written as Go source,
// read back by the Go parser as one string literal, and decoded.
func roundTrip(t testing.TB, specs []CodeSpec) {
	t.Helper()
	src := string(AppendTable(nil, specs))
	if strings.ContainsAny(src[1:len(src)-1], "`\r\x00") {
		t.Fatalf("the table holds a backquote, a carriage return or a NUL:\n%s", src)
	}
	if _, err := parser.ParseExpr(src); err != nil {
		t.Fatalf("the table is not a Go literal: %v\n%s", err, src)
	}
	table, err := strconv.Unquote(src)
	if err != nil {
		t.Fatal(err)
	}
	params := make([]any, len(specs))
	for i := range specs {
		params[i] = specs[i].Params
	}
	got, err := decodeTable(table, params)
	if err != nil {
		t.Fatalf("decodeTable: %v\n%s", err, table)
	}
	if diff := cmp.Diff(specs, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("the table changed the specs (-want +got):\n%s", diff)
	}
}

func TestTableRoundTrip(t *testing.T) {
	type params struct{ A string }
	roundTrip(t, []CodeSpec{
		{Code: "A", Category: "c", Title: "A `quoted` title", Retry: RetryNever, HTTPStatus: 400, Message: "m \x00\x00\x00 \x00\x80\x00"},
		{Code: "B", Category: "c d", Title: "tab\there, new\nline, cr\r, \"quotes\" \\ and \u00e9\u200b\ufeff", Retryable: true,
			Retry: RetryAfterDelay, RetryAfter: 60, Retries: 3, HTTPStatus: 429, DocsURL: "https://x.test/e#b", Deprecated: true,
			Envelope: 2, Message: "\xff\xfe invalid", Detail: " lead and trail ", Suggestion: "s", ErrorText: "\x00\x80\x00: x",
			Order: "\x01\x00", Params: (*params)(nil)},
		{Code: "C", Retry: RetrySafe, HTTPStatus: 500, Message: "`"},
	})
	roundTrip(t, nil)
}

func FuzzTableRoundTrip(f *testing.F) {
	f.Add("A", "t `x`", "m\x00\x01\x00", "\n", 1, true)
	f.Add("", "\xff", "\u2028", "\"", -5, false)
	f.Fuzz(func(t *testing.T, code, title, message, docs string, n int, b bool) {
		roundTrip(t, []CodeSpec{{Code: code, Category: title, Title: title, Retryable: b, Retry: Retry(docs),
			RetryAfter: n, Retries: -n, HTTPStatus: n, DocsURL: docs, Deprecated: !b, Envelope: n,
			Message: message, Detail: docs, Suggestion: title, ErrorText: message, Order: code}})
	})
}

func TestTableRejects(t *testing.T) {
	row := string(appendRow(nil, &CodeSpec{Code: "A", Retry: RetryNever, HTTPStatus: 400}))
	for name, tc := range map[string]struct {
		table  string
		params int
	}{
		"more rows":      {row + "\n" + row, 1},
		"fewer rows":     {row, 2},
		"a field short":  {row[:strings.LastIndex(row, " ")], 1},
		"a field more":   {row + " 1", 1},
		"an int":         {strings.Replace(row, " 400 ", " x ", 1), 1},
		"a bool":         {strings.Replace(row, " false ", " 0 ", 1), 1},
		"a string":       {strings.Replace(row, `"A"`, "A", 1), 1},
		"an open string": {`"A`, 1},
	} {
		if _, err := decodeTable(tc.table, make([]any, tc.params)); err == nil {
			t.Errorf("%s: decodeTable(%q) succeeded", name, tc.table)
		}
	}
}

// BenchmarkDecodeTable decodes a table of 10,000 codes, as the first use
// of a catalog that large does once.
func BenchmarkDecodeTable(b *testing.B) {
	specs := make([]CodeSpec, 10000)
	params := make([]any, len(specs))
	for i := range specs {
		name := fmt.Sprintf("CODE_%05d", i)
		specs[i] = CodeSpec{Code: name, Category: "validation", Title: "A title of a few words", Retry: RetryAfterFix,
			HTTPStatus: 400, DocsURL: "https://docs.example.com/errors#" + strings.ToLower(name),
			Message: "thing \x00\x00\x00 not found: \x00\x01\x02", Suggestion: "Check the thing \x00\x00\x00 and call again."}
	}
	src := AppendTable(nil, specs)
	table := src[1 : len(src)-1]
	b.ResetTimer()
	for range b.N {
		if _, err := decodeTable(string(table), params); err != nil {
			b.Fatal(err)
		}
	}
}
