package model

import (
	"fmt"
	"go/token"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/internal/textsafe"
)

// checkOutputs checks where the outputs go: paths relative to the catalog,
// one file per output, and a Go package name the go command accepts for a
// library.
func (b *builder) checkOutputs() {
	o := b.in.Outputs
	type output struct {
		p    []string
		file string
		dir  bool // a directory, which may hold other outputs
	}
	var files []output
	if o.Go != nil {
		files = append(files, output{at("outputs", "go", "dir"), o.Go.Dir, true})
		b.checkPackage(at("outputs", "go", "package"), o.Go.Package)
	}
	if o.MCP != nil {
		files = append(files, output{at("outputs", "mcp", "dir"), o.MCP.Dir, true})
		b.checkPackage(at("outputs", "mcp", "package"), o.MCP.Package)
	}
	if o.GRPC != nil {
		files = append(files, output{at("outputs", "grpc", "dir"), o.GRPC.Dir, true})
		b.checkPackage(at("outputs", "grpc", "package"), o.GRPC.Package)
	}
	if m := o.Markdown; m != nil {
		if m.Layout == LayoutPerCode {
			files = append(files, output{at("outputs", "markdown", "dir"), m.Dir, true})
		} else {
			files = append(files, output{at("outputs", "markdown", "file"), m.File, false})
		}
	}
	if o.JSONSchema != nil {
		files = append(files, output{at("outputs", "jsonschema", "file"), o.JSONSchema.File, false})
	}
	if o.Catalog != nil {
		files = append(files, output{at("outputs", "catalog", "file"), o.Catalog.File, false})
	}
	if o.LLMs != nil {
		files = append(files, output{at("outputs", "llms", "file"), o.LLMs.File, false})
	}
	seen := map[string]outputFile{}
	for _, f := range files {
		if isAbs(f.file) {
			b.errs.add(f.p, "give a path relative to the catalog directory, such as ../generated/"+path.Base(f.file),
				"%s is an absolute path; output paths are relative to the catalog, so that the catalog builds anywhere", f.file)
			continue
		}
		if !b.checkPath(f.p, f.file, f.dir) {
			continue
		}
		if f.dir {
			if len(f.p) > 1 && (f.p[1] == "go" || f.p[1] == "mcp" || f.p[1] == "grpc") {
				b.checkGoDir(f.p, f.file) // each a Go package
			}
			continue
		}
		b.claimFile(seen, outputFile{f.p, path.Clean(f.file), f.file, pathString(f.p)})
	}
	b.outputFiles = seen
}

// outputFile is a file an output writes, by its path relative to the
// catalog.
type outputFile struct {
	p       []string // where the catalog asks for it
	file    string   // cleaned
	written string   // as the catalog writes it
	what    string   // the output, as a message names it
}

// claimFile records f among the files seen, or reports the file it collides
// with: the same path, or one that is the same file on macOS or Windows
// (files.FoldPath).
func (b *builder) claimFile(seen map[string]outputFile, f outputFile) {
	key := files.FoldPath(f.file)
	prev, ok := seen[key]
	switch {
	case !ok:
		seen[key] = f
	case prev.file == f.file:
		b.errs.add(f.p, "give each output a file of its own",
			"%s is also the file of %s: one output would overwrite the other", f.written, prev.what)
	default:
		how, fix := files.Alike(f.file, prev.file)
		b.errs.add(f.p, fix, "%s and %s, the file of %s, %s", f.written, prev.written, prev.what, how)
	}
}

// maxName is the longest file name, in bytes, that common file systems
// (ext4, APFS, NTFS, tmpfs) accept.
const maxName = 255

// checkPath reports whether an output path can name a file (or, when
// dir is true, a directory) on any system, and show as it is: no control
// or other hidden character (textsafe.Hidden), no
// backslash, no element longer than a file system allows, and a file
// name no longer than errspec's backup of the file leaves room for
// (files.MaxName).
func (b *builder) checkPath(p []string, file string, dir bool) bool {
	for i, r := range file {
		if r < 0x20 || textsafe.Hidden(r) {
			what := "control"
			if !unicode.IsControl(r) {
				// A bidirectional override shows a name otherwise than it
				// is (ERRORS\u202Edm.md), a zero-width space not at all.
				what = "invisible"
			}
			b.errs.add(p, "remove it", "the path holds the %s character %U at offset %d", what, r, i)
			return false
		}
	}
	if strings.Contains(file, `\`) {
		b.errs.add(p, "separate the elements of the path with /, which works on every system",
			"%s holds a backslash, which separates directories on Windows and is part of a name elsewhere", file)
		return false
	}
	elems := strings.Split(file, "/")
	if strings.HasPrefix(elems[0], "~") && (len(elems) > 1 || dir) {
		// ~/docs and ~user/docs, and ~ and ~user as an output's
		// directory, are a home directory to a shell, which errspec is
		// not: it would make a directory named ~ beside the catalog,
		// which rm -r ~ run to remove it would take for home.
		meant, what := strings.Join(elems[1:], "/"), file+" starts with "+elems[0]+", which"
		if meant == "" {
			meant, what = `"." for the catalog's own directory`, "the directory "+file+" is what"
		}
		b.errs.add(p, "give a path relative to the catalog directory, such as "+meant+": errspec does not expand ~, and writes no output outside the project",
			"%s a shell reads as a home directory, and errspec as a directory named %s beside the catalog", what, elems[0])
		return false
	}
	for i, e := range elems {
		if len(e) > maxName {
			b.errs.add(p, fmt.Sprintf("shorten it to %d bytes at most", maxName),
				"the path element %s… is %d bytes long, and file systems allow %d", strings.ToValidUTF8(e[:20], ""), len(e), maxName)
			return false
		}
		if !dir && i == len(elems)-1 && len(e) > files.MaxName {
			b.errs.add(p, fmt.Sprintf("shorten it to %d bytes at most", files.MaxName),
				"the file name %s… is %d bytes long; errspec writes names of %d bytes at most, so that the name of the file's backup (.errspec-NAME.bak) fits the %d bytes file systems allow",
				strings.ToValidUTF8(e[:20], ""), len(e), files.MaxName, maxName)
			return false
		}
		if files.IsGitDir(e) {
			why := ""
			switch {
			case strings.EqualFold(e, "git~1"):
				why = " on Windows, where GIT~1 is the short name of .git"
			case e != ".git":
				why = " on macOS and Windows, where it is .git"
			}
			b.errs.add(p, "write the output outside "+e,
				"%s is inside %s, where the repository keeps its own data%s", file, e, why)
			return false
		}
		if msg := windowsName(e); msg != "" {
			b.errs.add(p, "choose another name", "%s: %s", file, msg)
			return false
		}
	}
	return true
}

// windowsName says why Windows cannot name a file e, or returns "": a
// device name (CON, PRN, AUX, NUL, COM1 to COM9, LPT1 to LPT9, COM and
// LPT followed by a superscript ¹, ² or ³, CONIN$ and CONOUT$), with any
// extension and spaces before it, as Go's path/filepath reads them on
// Windows; a name that ends in a dot or a space; or one that holds a
// character Windows reserves (< > : " | ? *; C:x is a path on drive C).
func windowsName(e string) string {
	if e == "." || e == ".." {
		return ""
	}
	if i := strings.IndexAny(e, `<>:"|?*`); i >= 0 {
		return fmt.Sprintf("%q holds %q, which Windows does not allow in a file name", e, e[i:i+1])
	}
	if strings.HasSuffix(e, ".") || strings.HasSuffix(e, " ") {
		return fmt.Sprintf("%q ends in a dot or a space, which Windows drops from a file name", e)
	}
	base, _, _ := strings.Cut(strings.ToUpper(e), ".")
	base = strings.TrimRight(base, " ")
	port, isPort := strings.CutPrefix(base, "COM")
	if !isPort {
		port, isPort = strings.CutPrefix(base, "LPT")
	}
	switch {
	case base == "CON", base == "PRN", base == "AUX", base == "NUL", base == "CONIN$", base == "CONOUT$",
		isPort && (len(port) == 1 && '1' <= port[0] && port[0] <= '9' || port == "¹" || port == "²" || port == "³"):
		return fmt.Sprintf("%s is a device name on Windows, which no file there can have", e)
	}
	return ""
}

// checkGoDir rejects a Go output directory that the go command ignores
// when it lists packages (go build ./..., go vet ./..., go test ./...),
// or cannot import, by the elements of its path that the catalog names
// (see [files.GoDirElement]); the files package checks the rest of its
// path in its module, which only the file system tells.
func (b *builder) checkGoDir(p []string, dir string) {
	for _, e := range strings.Split(path.Clean(dir), "/") {
		if e == "." || e == ".." {
			continue
		}
		if why, fix := files.GoDirElement(e); why != "" {
			b.errs.add(p, fix, "%s", why)
			return
		}
	}
}

// checkPages checks the file names of the per-code layout's pages: each
// within what a file system allows, none the index page, and none another
// output's file.
func (b *builder) checkPages(cat *Catalog) {
	dir := cat.Outputs.MarkdownDir
	if dir == "" {
		return
	}
	// The fix of an index page that cannot be names one that can: the
	// names sites use, less the current one and the codes' pages.
	rename := "name the index page otherwise"
	for _, name := range []string{"README.md", "index.md", "_index.md"} {
		if !strings.EqualFold(name, cat.Outputs.MarkdownIndex) && !slices.ContainsFunc(cat.Codes, func(c *Code) bool {
			return strings.EqualFold(cat.CodePage(c), name)
		}) {
			rename += ", such as " + name
			break
		}
	}
	if msg := windowsName(cat.Outputs.MarkdownIndex); msg != "" {
		b.errs.add(at("outputs", "markdown", "index"), rename, "the index page: %s", msg)
	} else {
		b.claimFile(b.outputFiles, outputFile{at("outputs", "markdown", "index"), path.Join(dir, cat.Outputs.MarkdownIndex), path.Join(dir, cat.Outputs.MarkdownIndex), "the index page"})
	}
	for _, code := range cat.Codes {
		page := cat.CodePage(code)
		if len(page) > files.MaxName {
			b.errs.add(at("codes", code.Name), fmt.Sprintf("shorten the code's name to %d characters at most", files.MaxName-len(".md")),
				"the page of code %s… in the per-code layout would be named with %d bytes; errspec writes names of %d bytes at most, so that the name of the page's backup (.errspec-NAME.bak) fits the %d bytes file systems allow",
				code.Name[:20], len(page), files.MaxName, maxName)
			continue
		}
		if msg := windowsName(page); msg != "" {
			b.errs.add(at("codes", code.Name), "rename the code, or use the single-page layout",
				"the page of code %s in the per-code layout: %s", code.Name, msg)
			continue
		}
		if strings.EqualFold(page, cat.Outputs.MarkdownIndex) {
			b.errs.add(at("outputs", "markdown", "index"), rename,
				"the index page %s would be the page of code %s", cat.Outputs.MarkdownIndex, code.Name)
			continue
		}
		b.claimFile(b.outputFiles, outputFile{at("codes", code.Name), path.Join(dir, page), path.Join(dir, page), "the page of code " + code.Name})
	}
}

// checkPackage checks that a Go package of the outputs, at p, may be
// named name.
func (b *builder) checkPackage(p []string, name string) {
	if fix, msg := packageFault(name); msg != "" {
		b.errs.add(p, fix, "%s", msg)
	}
}

// packageFault returns the fix and the problem of name as the name of a
// Go package of the outputs, or "" and "" when it may name one.
func packageFault(name string) (fix, msg string) {
	switch {
	case token.IsKeyword(name):
		return "choose another name, such as " + name + "errors", fmt.Sprintf("%q is a Go keyword, which cannot name a package", name)
	case name == "main":
		return "choose another name, such as apperr", "package main is a program, and the errors are a package to import"
	case name == "init":
		return "choose another name, such as apperr", "a package named init cannot be imported: Go keeps the name init for functions"
	case name == "documentation":
		// go/build skips a file of package documentation, as it skips one
		// that build constraints exclude: the package would have no files.
		return "choose another name, such as apperr", "the go command ignores the files of a package named documentation, so the generated package would not be built or imported"
	}
	return "", ""
}

// isAbs reports whether p is absolute on any system: /x, \x, C:/x or C:\x
// (C:x, on drive C but relative, holds a character Windows reserves).
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) ||
		(len(p) >= 3 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z') && (p[2] == '/' || p[2] == '\\'))
}

// pathString writes a catalog path as diagnostics show it:
// codes.X.examples[0].json.
func pathString(p []string) string {
	return strings.ReplaceAll(strings.Join(p, "."), ".[", "[")
}
