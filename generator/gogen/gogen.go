// Package gogen writes the Go package of a catalog: its codes, categories
// and params types as Go declarations, a table of its codes as data, and a
// typed constructor per code that fills a params struct and hands off to
// errspec's runtime (the module's root package), which fills in the
// templates, writes the wire format and parses it back. The generated
// code needs the standard library and that runtime only. Every construct
// has a function of its own, and reads only the model. Every line is
// built with jennifer and formatted with go/format.
package gogen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"go/scanner"
	"regexp"
	"slices"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/par"
	"github.com/errspec/errspec/internal/textsafe"
)

const (
	runtimePkg = "github.com/errspec/errspec"
	jsonPkg    = "encoding/json"
	slogPkg    = "log/slog"
	timePkg    = "time"
	slicesPkg  = "slices"
	testingPkg = "testing"
)

// Names of the Go files of a catalog's package.
const (
	ErrorsFile   = "errors.go"      // the package
	ExamplesFile = "errors_test.go" // the test of the catalog's examples, when it has any
)

// Output is a generated Go file.
type Output struct {
	Name string // file name in the package directory
	Data []byte
}

// Render returns the Go files of the catalog's package: the package
// itself and, when the catalog has examples, their test. notice is the
// generated-file notice, written as the first line of each.
func Render(cat *model.Catalog, notice string) ([]Output, error) {
	// The package but the declarations of the codes, the test of the
	// examples, and the declarations of the codes in chunks, render and
	// format on every core. Top-level declarations format independently
	// of each other, so the chunks put together are what formatting them
	// together would give.
	chunks := par.Chunks(len(cat.Codes), codesPerChunk)
	parts := make([][]byte, 2+len(chunks))
	errs := make([]error, len(parts))
	par.Do(len(parts), func(i int) {
		switch i {
		case 0:
			parts[i], errs[i] = formatSource(genPackage(cat, notice))
		case 1:
			if test := genExamplesTest(cat, notice); test != nil {
				parts[i], errs[i] = formatSource(test)
			}
		default:
			parts[i], errs[i] = renderCodes(cat, cat.Codes[chunks[i-2][0]:chunks[i-2][1]])
		}
	})
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out := []Output{{Name: ErrorsFile, Data: bytes.Join(append(parts[:1:1], parts[2:]...), nil)}}
	if parts[1] != nil {
		out = append(out, Output{Name: ExamplesFile, Data: parts[1]})
	}
	return out, nil
}

// genPackage writes the package but the declarations of the codes.
func genPackage(cat *model.Catalog, notice string) *File {
	f := newFile(cat, notice)
	for _, line := range docLines(packageDoc(cat)) {
		f.PackageComment(line)
	}
	f.Add(genVersionCheck())
	f.Add(genCatalogVersion(cat))
	f.Add(genCodeType(cat))
	f.Add(genCategoryType(cat))
	f.Add(genRetry())
	f.Add(genInfo(cat))
	f.Add(genError(cat))
	f.Add(genTable(cat))
	f.Add(genTiers(cat))
	f.Add(genFeatures(cat))
	f.Add(genUpstream(cat))
	f.Add(genValidateCall(cat))
	return f
}

// codesPerChunk is how many codes' declarations renderCodes formats at
// a time.
const codesPerChunk = 100

// renderCodes renders and formats the declarations of codes, which
// follow the rest of the package: a file of package clause and
// declarations, less its package clause.
func renderCodes(cat *model.Catalog, codes []*model.Code) ([]byte, error) {
	f := NewFile(cat.Outputs.GoPackage)
	f.NoFormat = true
	for _, c := range codes {
		f.Add(genCode(cat, c))
	}
	f.ImportName(runtimePkg, "errspec")
	src, err := formatSource(f)
	if err != nil {
		return nil, err
	}
	// The declarations use nothing imported but the runtime (errspec.Map),
	// which the package imports.
	clause := "package " + cat.Outputs.GoPackage + "\n"
	for _, imp := range []string{"\nimport errspec \"" + runtimePkg + "\"\n", "\nimport \"" + runtimePkg + "\"\n"} {
		src = bytes.Replace(src, []byte(imp), nil, 1)
	}
	if !bytes.HasPrefix(src, []byte(clause)) || bytes.Contains(src, []byte("\nimport ")) {
		return nil, fmt.Errorf("rendering Go: the declarations of codes import a package:\n%s", src)
	}
	return src[len(clause):], nil
}

func newFile(cat *model.Catalog, notice string) *File {
	f := NewFile(cat.Outputs.GoPackage)
	f.NoFormat = true
	f.HeaderComment(notice)
	f.ImportName(jsonPkg, "json")
	f.ImportName(runtimePkg, "errspec")
	return f
}

// formatSource renders f and formats it with go/format. When formatting
// fails, the error shows the unformatted source around each error with
// line numbers.
func formatSource(f *File) ([]byte, error) {
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return nil, fmt.Errorf("rendering Go: %w", err)
	}
	out, err := format.Source(buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated Go: %w\n%s", err, excerpt(buf.String(), err))
	}
	return groupImports(out), nil
}

// groupImports puts the standard library's imports of formatted source
// in a group of their own, before the others, as goimports and gopls
// group them: jennifer sorts every import into one block, which a team
// whose CI runs goimports -l (or gci, or a linter built on them) would
// see as a file to rewrite. The groups stay sorted, as go/format left
// them.
func groupImports(src []byte) []byte {
	start := bytes.Index(src, []byte("\nimport (\n"))
	if start < 0 {
		return src
	}
	start += len("\nimport (\n")
	n := bytes.Index(src[start:], []byte("\n)\n"))
	if n < 0 {
		return src
	}
	var std, other [][]byte
	for line := range bytes.SplitSeq(src[start:start+n], []byte("\n")) {
		if i := bytes.IndexByte(line, '"'); i >= 0 && bytes.Contains(line[i:], []byte(".")) {
			first, _, _ := bytes.Cut(line[i+1:], []byte("/"))
			if bytes.IndexByte(first, '.') >= 0 {
				other = append(other, line)
				continue
			}
		} else if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		std = append(std, line)
	}
	if len(std) == 0 || len(other) == 0 {
		return src
	}
	block := slices.Concat(bytes.Join(std, []byte("\n")), []byte("\n\n"), bytes.Join(other, []byte("\n")))
	return slices.Concat(src[:start], block, src[start+n:])
}

// excerpt shows the lines of src around the positions a go/scanner error
// list names, numbered; the whole source when it names none.
func excerpt(src string, err error) string {
	lines := strings.Split(src, "\n")
	show := make([]bool, len(lines))
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			for i := max(e.Pos.Line-6, 0); i < min(e.Pos.Line+5, len(lines)); i++ {
				show[i] = true
			}
		}
	} else {
		for i := range show {
			show[i] = true
		}
	}
	var b strings.Builder
	for i, line := range lines {
		if show[i] {
			fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
		} else if i > 0 && show[i-1] {
			b.WriteString("  ...\n")
		}
	}
	return b.String()
}

// packageDoc is the package's doc comment: what it holds, the catalog's
// description, and the Go release and runtime it needs.
func packageDoc(cat *model.Catalog) string {
	text := fmt.Sprintf("Package %s holds the errors of the %s catalog: one constructor per error code, an Error type that marshals to the catalog's wire format and parses back, and metadata for every code.", cat.Outputs.GoPackage, cat.Name)
	if cat.Description != "" {
		text += "\n\n" + strings.TrimSpace(cat.Description)
	}
	return text + "\n\nThe package needs " + GoRelease + " or later and the runtime package " + runtimePkg + " of the errspec release that generated it."
}

// GoRelease is the oldest Go release the generated code compiles with.
const GoRelease = "Go 1.25"

// doc writes text as // line comments, one per line, whatever the text
// holds: a block comment would end early at a "*/" in catalog text.
func doc(text string) *Statement {
	s := Null()
	for i, line := range docLines(text) {
		if i > 0 {
			s.Line()
		}
		s.Comment(line)
	}
	return s
}

// lineDoc writes decl with text as its comment: at the end of its line,
// or above it when the text takes more than one line (see docLines).
func lineDoc(decl *Statement, text string) *Statement {
	lines := docLines(text)
	if len(lines) > 1 {
		return doc(text).Line().Add(decl)
	}
	return decl.Comment(lines[0])
}

// docLines are the lines of a // comment that holds text. A line of the
// text that starts "Deprecated: " breaks after the colon: the tools that
// read Go take a paragraph that starts so for a deprecation notice, of the
// whole package in the package's doc, and go/format may start a paragraph
// at any line (after a code block it sets apart, say). A line that starts
// as a note of go/doc, MARKER(uid) such as BUG(who), breaks before the
// parenthesis: go/doc takes any comment line that starts so, in any
// comment, for a note of the package, which go doc and pkgsite show in
// the package's BUGS with the rest of the comment. go doc and pkgsite
// join the lines of a paragraph, so the text reads as it was written.
func docLines(text string) []string {
	const marker = "// Deprecated: "
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		line = commentLine(line)
		if rest, ok := strings.CutPrefix(line, marker); ok {
			lines = append(lines, strings.TrimSuffix(marker, " "))
			line = commentLine(strings.TrimLeft(rest, " \t"))
		}
		if m := noteMarker.FindStringSubmatchIndex(line); m != nil {
			// The line goes on as indented as it was: a line of a
			// code block stays in the block.
			head, rest := line[:m[2]], line[m[2]:]
			text := strings.TrimPrefix(head, "// ")
			indent := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
			lines = append(lines, head)
			line = commentLine(indent + rest)
		}
		lines = append(lines, line)
	}
	return lines
}

// noteMarker matches a comment line that go/doc takes for the start of a
// note (its noteCommentRx); the submatch starts at the parenthesis.
var noteMarker = regexp.MustCompile(`^/[/*][ \t]*[A-Z][A-Z]+(\([^)]+\))`)

// commentLine is one line of a // comment that holds catalog text. It
// starts with "//" itself, so that jennifer writes it as it is: jennifer
// copies a comment that starts with // or /* raw, which would turn catalog
// text into a directive (//go:build) or an unterminated block comment.
// Hidden characters are shown as escapes (textsafe.Show), as every text
// output of errspec shows them: Go source may not hold some even in a
// comment (a byte order mark, NUL), and the bidirectional controls would
// make the code around them read otherwise than it compiles, for which
// code hosts flag the file.
func commentLine(line string) string {
	line = strings.TrimRight(textsafe.Show(line), " \t")
	if line == "" {
		return "//"
	}
	return "// " + line
}

// genCatalogVersion writes the Version constant when the catalog has a
// version.
func genCatalogVersion(cat *model.Catalog) Code {
	if cat.Version == "" {
		return Null()
	}
	return Add(
		doc(fmt.Sprintf("Version is the version of the %s catalog this package was generated from.", cat.Name)),
		Line(), Const().Id("Version").Op("=").Lit(cat.Version),
		Line(),
	)
}

// genVersionCheck writes the compile-time check that the runtime in the
// module graph is one this code was generated for. It is the file's
// first type declaration, so that it is the first error against an older
// runtime wherever the errors come from: the compiler sorts them by
// line, but go/types, whose first error is all go vet prints, checks
// type declarations before constants, and a params struct's field of a
// type the older runtime lacks came before a constant's check.
func genVersionCheck() Code {
	return Add(
		doc("This package needs the runtime of the errspec release that generated it: if this line does not compile, the errspec in your go.mod is older than that release; update it, or run go generate with the errspec your go.mod requires."),
		Line(), Type().Id("_").Index(Len(Index(Op("...")).Bool().Values(Qual(runtimePkg, "SupportPackageIsVersion5")))).Struct(),
		Line(),
	)
}
