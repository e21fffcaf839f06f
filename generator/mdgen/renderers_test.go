package mdgen

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// renderersJS renders each Markdown text of the JSON array on its standard
// input with markdown-it (raw HTML passed through) and with micromark and
// its GitHub table extension, the parsers markdownlint-cli2 and
// markdownlint bring, found from markdownlint-cli2's package directory (the
// first argument); it prints a JSON array of [markdown-it, micromark] HTML
// pairs.
const renderersJS = `
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {readFileSync} from 'node:fs';
const cli2 = createRequire(process.argv[1] + '/');
const lint = createRequire(cli2.resolve('markdownlint'));
const load = (req, name) => import(pathToFileURL(req.resolve(name)).href);
const MarkdownIt = (await load(cli2, 'markdown-it')).default;
const {micromark} = await load(lint, 'micromark');
const {gfmTable, gfmTableHtml} = await load(lint, 'micromark-extension-gfm-table');
const it = new MarkdownIt({html: true});
const docs = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(docs.map(d => [it.render(d),
	micromark(d, {allowDangerousHtml: true, extensions: [gfmTable()], htmlExtensions: [gfmTableHtml()]})])));
`

// TestRenderersAgree renders the Markdown errspec writes with two more
// CommonMark parsers, markdown-it and micromark, when markdownlint-cli2
// (which brings both) and node are installed, and checks that each reads
// the same blocks as goldmark, the parser of errspec's own checks: the
// references of the golden catalogs and of the project's catalogs, and
// what markdown makes of the seeds of FuzzMarkdownShape and of random
// descriptions built of Markdown's markers. A text that one renderer
// reads as a heading, a table, a list or a code block where goldmark
// reads a paragraph is a page that shows differently on another site. It
// also checks that markdown-it, which passes raw HTML through, finds none
// but errspec's own comments. Paragraphs are left out of the comparison:
// renderers disagree on whether some lists are tight, which only changes
// the spacing of their items.
func TestRenderersAgree(t *testing.T) {
	bin, err := exec.LookPath("markdownlint-cli2")
	if err == nil {
		bin, err = filepath.EvalSymlinks(bin)
	}
	node, nodeErr := exec.LookPath("node")
	if err != nil || nodeErr != nil {
		if os.Getenv("ERRSPEC_REQUIRE_MARKDOWNLINT") != "" {
			t.Fatal("markdownlint-cli2 or node is not installed")
		}
		t.Skip("markdownlint-cli2 or node is not installed: npm install -g markdownlint-cli2")
	}
	var names, docs []string
	for _, pattern := range []string{"../../golden/testdata/*/*.md", "../../golden/testdata/*/docs/*.md", "../../generated/*/*.md", "../../generated/*/docs/*.md"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			names, docs = append(names, f), append(docs, string(b))
		}
	}
	if len(docs) < 40 {
		t.Fatalf("found %d reference pages, want the golden catalogs' and the project's", len(docs))
	}
	descriptions := slices.Clone(shapeSeeds)
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		var b strings.Builder
		for range 2 + r.Intn(14) {
			b.WriteString(markerTokens[r.Intn(len(markerTokens))])
		}
		descriptions = append(descriptions, b.String())
	}
	for _, d := range descriptions {
		names, docs = append(names, "markdown("+strconv.Quote(d)+")"), append(docs, string(markdown(d)))
	}

	in, err := json.Marshal(docs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, "--input-type=module", "-e", renderersJS, filepath.Dir(bin))
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	var html [][2]string
	if err := json.Unmarshal(out, &html); err != nil || len(html) != len(docs) {
		t.Fatalf("node printed %d renderings of %d texts (%v)", len(html), len(docs), err)
	}
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM))
	failed := 0
	for i, doc := range docs {
		var b bytes.Buffer
		if err := gm.Convert([]byte(doc), &b); err != nil {
			t.Fatal(err)
		}
		want := blockTags(b.String())
		for j, renderer := range []string{"markdown-it", "micromark"} {
			if got := blockTags(html[i][j]); got != want {
				t.Errorf("%s: %s reads the blocks\n\t%s\nwhere goldmark reads\n\t%s\nin\n%s", names[i], renderer, got, want, doc)
				failed++
			}
		}
		if tags := foreignHTML(html[i][0]); tags != nil {
			t.Errorf("%s: markdown-it finds raw HTML %q in\n%s", names[i], tags, doc)
			failed++
		}
		if failed >= 10 {
			t.Fatal("stopping after 10 failures")
		}
	}
}

// markerTokens are the pieces of the random descriptions of
// TestRenderersAgree: Markdown's markers of blocks and inlines, character
// references to them, and the white space that places them.
var markerTokens = []string{"a", "0", "1", " ", "  ", "    ", "\n", "\n", "\n\n", "\t", "- ", "* ", "+ ", "1. ", "2) ", "3. ",
	"> ", "#", "# ", "## ", "```", "~~~", "---", "***", "___", "===", "|", "| a |", "| - |", "| a | b |\n| - | - |\n",
	"\\", "`", "*", "_", "~~", "[", "]", "(", ")", "<", ">", "<!--", "-->", "<div>", "&#10;", "&#32;", "&#45;", "&#58;",
	"&#61;", "&#35;", "&#62;", "&#124;", "&amp;", "http://x.y", "www.x.y", "<https://x>", "[r]: /u", "[a](b)", "![i](j)",
	"!", ":", ":-", "-:", "- [ ] ", "  \n", "\\\n", "\n    ", "\n  ", "\n> ", "\n- ", "\n1. "}

// blockTags lists the block elements of HTML, opening and closing, but
// paragraphs (see TestRenderersAgree).
func blockTags(html string) string {
	var tags []string
	for _, m := range blockTagRE.FindAllStringSubmatch(html, -1) {
		tags = append(tags, m[1]+m[2])
	}
	return strings.Join(tags, " ")
}

var blockTagRE = regexp.MustCompile(`<(/?)(h[1-6]|ul|ol|li|blockquote|pre|hr|table|tr|th|td)\b`)

// foreignHTML returns the tags and comments of HTML that Markdown does
// not make, but errspec's own comments.
func foreignHTML(html string) []string {
	var foreign []string
	for _, m := range htmlTagRE.FindAllString(html, -1) {
		if strings.HasPrefix(m, "<!--") {
			if !OwnComment(m) {
				foreign = append(foreign, m)
			}
			continue
		}
		if name := strings.ToLower(strings.TrimLeft(m, "</")); !markdownTags[name] {
			foreign = append(foreign, m)
		}
	}
	return foreign
}

var htmlTagRE = regexp.MustCompile(`<!--(?s:.*?)-->|</?[A-Za-z][A-Za-z0-9-]*`)

var markdownTags = map[string]bool{}

func init() {
	for _, tag := range strings.Fields("p h1 h2 h3 h4 h5 h6 ul ol li blockquote pre hr table thead tbody tr th td em strong code a img del s br input") {
		markdownTags[tag] = true
	}
}
