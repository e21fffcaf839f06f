package mdgen

import (
	"bytes"
	"math/rand"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/model"
)

// pageTokens are what randomPage makes pages of: words, the markers of
// every block wrap and normalize know, and the characters they treat
// apart.
var pageTokens = []string{
	"a", "bb", "word", "longerword", "x\\", "y\\\\", "`", "``", "```", "~~~", "````", "`code`",
	"[", "]", "[link]", "]:", "[a]:", ":", "#", "##", "#######", "-", "--", "+", "*", "**", "_", "__",
	"=", "==", "1.", "2)", "1234567890.", "123456789.", ">", ">x", "<", "<!--", "-->", "|", "|a|",
	"\t", "\r", " ", "  ", "é", "日本", "\u200b", "\xff", "\\|", "- ", "1. ", "> ", "    ", "   ",
}

// randomPage returns a page of up to 60 lines of random tokens.
func randomPage(r *rand.Rand) string {
	var b strings.Builder
	for range r.Intn(60) {
		switch r.Intn(8) {
		case 0:
			b.WriteString("\n")
			continue
		case 1:
			b.WriteString(strings.Repeat(" ", r.Intn(6)))
		}
		for k := range r.Intn(30) {
			if k > 0 && r.Intn(4) > 0 {
				b.WriteString(" ")
			}
			b.WriteString(pageTokens[r.Intn(len(pageTokens))])
		}
		if r.Intn(10) == 0 {
			b.WriteString("\r")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// randomSegments cuts s into segments of random lengths, some empty.
func randomSegments(r *rand.Rand, s string) []string {
	var segs []string
	for len(s) > 0 {
		k := 1 + r.Intn(min(len(s), 1+r.Intn(60)))
		segs = append(segs, s[:k])
		if r.Intn(5) == 0 {
			segs = append(segs, "")
		}
		s = s[k:]
	}
	return segs
}

// TestTidyInPieces checks that tidying a page in pieces, from segments cut
// anywhere, gives the same bytes as tidying it in one piece: pieces start
// inside code blocks and HTML comments, CRLFs straddle segments, and
// blank lines fall on segment boundaries.
func TestTidyInPieces(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	pages := []string{
		"",
		"# T\n\n```go\nx\n\n\ny\n```\n\n\n" + strings.Repeat("long words ", 20) + "\n\n<!-- a\n\nb -->\n\n| a |  b |\n",
		"a\r\n\r\n\r\nb\r\n\r\n~~~~\n\n\n~~~\n\n~~~~\n\nc\n",
	}
	for range 3000 {
		pages = append(pages, randomPage(r))
	}
	for _, page := range pages {
		want := string(tidyIn([]string{page}, len(page)+1))
		segs := randomSegments(r, page)
		for _, size := range []int{0, 1, 7, 40, 1000} {
			if got := string(tidyIn(segs, size)); got != want {
				t.Fatalf("segments %q, pieces of %d bytes:\nwant %q\ngot  %q", segs, size, want, got)
			}
		}
	}
}

// TestBlocks checks that blocks keep what is written to them, in order.
func TestBlocks(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	var b blocks
	var want strings.Builder
	for range 200 {
		p := bytes.Repeat([]byte{byte('a' + r.Intn(26))}, r.Intn(3*blockSize/2))
		b.Write(p)
		want.Write(p)
	}
	if b.Len() != want.Len() {
		t.Errorf("Len() = %d, want %d", b.Len(), want.Len())
	}
	if got := strings.Join(b.segments(), ""); got != want.String() {
		t.Errorf("the blocks hold %d bytes other than those written", len(got))
	}
}

// The grammar the wrapper's scanners implement, as regular expressions.
var (
	listRE       = regexp.MustCompile(`^ *(?:(?:[-+*]|[0-9]{1,9}[.)]) +|> ?)*`)
	blockStartRE = regexp.MustCompile("^(#{1,6}|[-+*]|[0-9]{1,9}[.)]|>.*|=+|-+|[*]+|_+|```.*|~~~.*|<.*|\\|.*|:)$")
	linkDefRE    = regexp.MustCompile(`^\[[^\]]+\]:`)
)

// TestWrapGrammar checks listPrefix, startsBlock and isLinkDef against the
// regular expressions of what they recognize.
func TestWrapGrammar(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for range 5000 {
		for _, line := range strings.Split(randomPage(r), "\n") {
			if want, got := listRE.FindString(line), line[:listPrefix(line)]; got != want {
				t.Fatalf("listPrefix(%q): %q, want %q", line, got, want)
			}
			for _, word := range strings.Split(line, " ") {
				if want, got := blockStartRE.MatchString(word), startsBlock(word); got != want {
					t.Fatalf("startsBlock(%q) = %v, want %v", word, got, want)
				}
				if want, got := linkDefRE.MatchString(word), isLinkDef(word); got != want {
					t.Fatalf("isLinkDef(%q) = %v, want %v", word, got, want)
				}
			}
		}
	}
}

// TestCompactRow checks that a row compactRow accepts is one appendCells
// writes as it is.
func TestCompactRow(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	parts := []string{"|", " ", "  ", "a", "bc", `\`, `\|`, "\t", "é", "\u00a0", "`x`", " | "}
	accepted := 0
	for range 200000 {
		var b strings.Builder
		b.WriteString("|")
		for range r.Intn(12) {
			b.WriteString(parts[r.Intn(len(parts))])
		}
		row := b.String()
		if compactRow(row) {
			accepted++
			if got := string(appendCells(nil, row)); got != row {
				t.Fatalf("compactRow(%q), but appendCells writes %q", row, got)
			}
		}
	}
	if accepted == 0 {
		t.Error("compactRow accepted no row")
	}
}

// TestParamRowFields checks that a params row has every field of
// model.Param, which it copies.
func TestParamRowFields(t *testing.T) {
	param, row := reflect.TypeFor[model.Param](), reflect.TypeFor[paramRow]()
	for i := range param.NumField() {
		f := param.Field(i)
		g, ok := row.FieldByName(f.Name)
		if !ok || g.Type != f.Type {
			t.Errorf("paramRow lacks the field %s %s of model.Param", f.Name, f.Type)
		}
	}
	p := &model.Param{Name: "n", GoName: "N", ArgName: "n", Doc: "d", Optional: true, Wire: true, Sensitive: true,
		MaxLength: 3, Type: &model.Type{Kind: model.String, Source: "string"}}
	got := reflect.ValueOf(paramRows([]*model.Param{p})[0])
	want := reflect.ValueOf(*p)
	for i := range param.NumField() {
		name := param.Field(i).Name
		if diff := cmp.Diff(want.Field(i).Interface(), got.FieldByName(name).Interface()); diff != "" {
			t.Errorf("paramRows copies %s wrongly (-want +got):\n%s", name, diff)
		}
	}
}
