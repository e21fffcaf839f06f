package load

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	diag "github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/internal/textsafe"
)

// IsCatalogFile reports whether the cue tool may load a file of this name
// as part of the package of its directory: a name that ends in .cue and
// starts with neither . nor _ (an editor's lock link, .#catalog.cue, among
// them), and not a test or tool file (_test.cue, _tool.cue). Which of
// those files the package takes also depends on their package clauses and
// @if attributes.
func IsCatalogFile(name string) bool {
	return strings.HasSuffix(name, ".cue") &&
		!strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") &&
		!strings.HasSuffix(name, "_test.cue") && !strings.HasSuffix(name, "_tool.cue")
}

// Files returns the names of the files of dir that the cue tool may load
// as part of its package (IsCatalogFile), sorted. A name that is a
// directory is left out.
func Files(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() || !IsCatalogFile(e.Name()) {
			continue
		}
		if st, err := os.Stat(filepath.Join(dir, e.Name())); err == nil && st.IsDir() {
			continue
		}
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names, nil
}

// source is what the loader reads of a catalog's directory before CUE
// does.
type source struct {
	dir string // the catalog's directory, absolute
	// overlay is the content CUE's loader sees of every file of the
	// directories it reads: the files it loads as errspec read them, and
	// every other file empty. CUE's loader opens every file of a directory
	// before it looks at the file's name, and fails on a lock link that
	// points nowhere, or waits forever on a named pipe; given the overlay,
	// it reads nothing from the disk.
	overlay map[string]load.Source
	data    map[string][]byte // the content of each catalog file, by absolute path
	files   []string          // the catalog files of dir, their absolute paths
	ignored []string          // the .cue files of dir that the cue tool leaves out by name
	// embeds are the files that the catalog files' @embed attributes
	// name (file=, or each match of glob=), absolute: errspec reads them
	// as much as the catalog files.
	embeds []string
	// globs are the patterns of the glob= arguments, absolute: a file
	// errspec would create that one matches is read by the next run.
	globs []string
	// embedAt is the position of the first @embed attribute that names
	// each file of embeds.
	embedAt map[string]token.Pos
	// read is the content of the other files the catalog is made of, by
	// absolute path, as errspec read them before CUE did: the .cue files
	// of the packages it imports from its module, and the files it
	// embeds.
	read map[string][]byte
}

// GenerateDir says, for a relative path that names no directory, where
// the path was read from when go generate runs errspec (it sets GOFILE
// and GOLINE, and runs the command in the directory of the file that
// holds the //go:generate line), and is "" otherwise: a path in that
// line is relative to that file's directory, not to the module's root
// nor to where go generate was typed.
func GenerateDir(path string) string {
	file, line := os.Getenv("GOFILE"), os.Getenv("GOLINE")
	if file == "" || line == "" || filepath.IsAbs(path) {
		return ""
	}
	return ", read from the directory of " + file + ", where go generate runs the errspec of " + file + ":" + line
}

// cuePackageName matches a directory name that is a CUE package name
// a catalog could take as it is.
var cuePackageName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// notCatalogDir is the problem of a catalog directory, dir (abs in full),
// that cannot be read: err.
func notCatalogDir(dir, abs string, err error) Diagnostic {
	d := Diagnostic{Msg: err.Error(), Fix: "point errspec at the directory that holds the catalog"}
	switch st, serr := os.Stat(abs); {
	case errors.Is(serr, fs.ErrNotExist):
		// A directory named that is not there is a bad command line, as
		// DIR/... of one is: no file of a catalog is at fault.
		d.Msg = "no directory " + filepath.ToSlash(dir) + GenerateDir(dir)
		d.Fix += ", or run errspec where ./... finds it"
		d.Code = diag.CodeUsage
	case serr == nil && !st.IsDir():
		d.Msg = filepath.ToSlash(dir) + " is a file: errspec takes the directory of a catalog, whose .cue files make one package"
		d.Fix = "name the directory that holds it, " + filepath.ToSlash(filepath.Dir(dir))
		d.Code = diag.CodeUsage
	case serr == nil && errors.Is(err, fs.ErrPermission):
		// The catalog's directory itself, which errspec may pass
		// through but not list (mode 0300, 0311).
		d.Msg = "cannot list the catalog directory " + filepath.ToSlash(dir) + ": " + errText(err)
		d.Fix = "make " + filepath.ToSlash(dir) + " readable for you (chmod u+r)"
	}
	return d
}

// readSource reads the catalog files of dir and of the directories above
// it that CUE loads with it (in a CUE module, those up to the module's
// root), checks that those of dir are readable, regular files, and
// returns them with the overlay CUE's loader is to see.
func readSource(dir string) (*source, Diagnostics) {
	src := &source{overlay: map[string]load.Source{}, data: map[string][]byte{}, embedAt: map[string]token.Pos{}, read: map[string][]byte{}}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return src, Diagnostics{{Msg: err.Error()}}
	}
	src.dir = abs
	var problems Diagnostics
	for i, d := range packageDirs(abs) {
		entries, err := os.ReadDir(d)
		if err != nil {
			if i == 0 {
				return src, Diagnostics{notCatalogDir(dir, abs, err)}
			}
			continue
		}
		var others []string // the files of d that are no catalog files
		embeds := false     // whether a catalog file of d embeds files (@embed)
		for _, e := range entries {
			path := filepath.Join(d, e.Name())
			if e.IsDir() || e.Type()&fs.ModeSymlink != 0 && isDir(path) {
				// A directory, or a link to one (a catalog directory
				// reached through a link in the module's root): an
				// overlay there would make it a file for CUE's loader.
				continue
			}
			if !IsCatalogFile(e.Name()) {
				if i == 0 && strings.HasSuffix(e.Name(), ".cue") {
					src.ignored = append(src.ignored, path)
				}
				src.overlay[path] = load.FromBytes(nil)
				others = append(others, path)
				continue
			}
			data, d := readCatalogFile(path)
			switch {
			case d != nil:
				// Above dir, a file of another package would not count.
				if i == 0 {
					src.files = append(src.files, path)
					problems = append(problems, *d)
				}
				src.overlay[path] = load.FromBytes(nil)
			case data == nil:
				// A directory: CUE's loader skips it.
			default:
				if i == 0 {
					src.files = append(src.files, path)
				}
				src.data[path] = data
				src.overlay[path] = load.FromBytes(data)
				if bytes.Contains(data, []byte("@embed(")) {
					embeds = true
					names, globs := embedded(path, data, src.embedAt)
					src.embeds = append(src.embeds, names...)
					src.globs = append(src.globs, globs...)
				}
			}
		}
		if embeds {
			// What a file embeds from its own directory CUE reads through
			// the overlay: the regular files of d, as they are.
			for _, path := range others {
				if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
					if data, err := os.ReadFile(path); err == nil {
						src.overlay[path] = load.FromBytes(data)
					}
				}
			}
		}
	}
	problems = append(problems, src.guardModule()...)
	return src, problems
}

// guardModule keeps CUE's loader from reading a file of the catalog's
// CUE module that is no regular file (a named pipe, which it would wait
// on forever, or a link to /dev/zero, which it would read until memory
// runs out): the module file, cue.mod/module.cue, and the files of the
// directories of the packages the catalog imports from the module (and
// from cue.mod/pkg, usr and gen), and of those they import, with the
// directories above each up to the module's root, which the loader
// reads with it. Such a .cue file or module file is a problem at the
// file; any other name gets an empty overlay, as in the catalog's own
// directory, and so does a link to nothing, on which the loader fails
// (an editor's lock link, .#lib.cue), a problem too where it is a .cue
// file the cue tool would load.
func (s *source) guardModule() Diagnostics {
	root := moduleRoot(s.dir)
	if root == "" {
		return nil // no module: an import is of the standard library, or fails
	}
	modFile := filepath.Join(root, "cue.mod", "module.cue")
	var out Diagnostics
	notRegular := func(path string) (string, bool) {
		st, err := os.Stat(path)
		if err != nil || st.IsDir() || st.Mode().IsRegular() {
			return "", false
		}
		return "the file is " + kindOf(path, st) + ", not a regular file", true
	}
	if what, ok := notRegular(modFile); ok {
		return Diagnostics{{File: relative(modFile), Line: 1, Col: 1, Msg: what,
			Fix: "make cue.mod/module.cue a regular file"}}
	}
	module := ""
	data, err := os.ReadFile(modFile)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		// CUE's loader would take the catalog for one outside any
		// module, and say so of its first @embed or import.
		fix := "make " + relative(modFile) + " readable for you (chmod u+r)"
		if _, serr := os.Stat(modFile); errors.Is(serr, fs.ErrPermission) {
			// Not even looked up: cue.mod may not be searched.
			fix = "make the directory " + relative(filepath.Dir(modFile)) + " readable and searchable for you (chmod u+rx)"
		}
		if !errors.Is(err, fs.ErrPermission) {
			fix = "fix what the error says"
		}
		return Diagnostics{{File: relative(modFile), Line: 1, Col: 1, Msg: "the module file cannot be read: " + errText(err), Fix: fix}}
	}
	if err == nil {
		if f, err := parser.ParseFile(modFile, data); err == nil {
			for _, d := range f.Decls {
				if lit, ok := fieldValue(d, "module").(*ast.BasicLit); ok {
					module, _ = strconv.Unquote(lit.Value)
					module, _, _ = strings.Cut(module, "@")
				}
			}
		}
	}
	seen := map[string]bool{}
	for _, d := range packageDirs(s.dir) {
		seen[d] = true // read by readSource
	}
	var visit func(dir string)
	scan := func(data []byte, path string) {
		f, err := parser.ParseFile(path, data, parser.ImportsOnly)
		if err != nil {
			return
		}
		for spec := range f.ImportSpecs() {
			imp, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				continue
			}
			imp, _, _ = strings.Cut(imp, ":")
			if rest, ok := strings.CutPrefix(imp, module+"/"); ok && module != "" {
				visit(filepath.Join(root, filepath.FromSlash(rest)))
			}
			for _, sub := range []string{"pkg", "usr", "gen"} {
				visit(filepath.Join(root, "cue.mod", sub, filepath.FromSlash(imp)))
			}
		}
	}
	visit = func(dir string) {
		for d := dir; ; d = filepath.Dir(d) {
			if !seen[d] {
				seen[d] = true
				entries, _ := os.ReadDir(d)
				for _, e := range entries {
					path := filepath.Join(d, e.Name())
					if e.IsDir() {
						continue
					}
					if _, err := os.Stat(path); err != nil {
						// A link to nothing, as an editor's lock link
						// (.#lib.cue): the loader would fail on it.
						s.overlay[path] = load.FromBytes(nil)
						if IsCatalogFile(e.Name()) {
							out = append(out, Diagnostic{File: relative(path), Line: 1, Col: 1,
								Msg: "the file is a link to nothing (" + linkTarget(path) + ")",
								Fix: "remove the link, or rename it to start with _ so that errspec and the cue tool leave it out"})
						}
						continue
					}
					if what, ok := notRegular(path); ok {
						s.overlay[path] = load.FromBytes(nil)
						if IsCatalogFile(e.Name()) {
							out = append(out, Diagnostic{File: relative(path), Line: 1, Col: 1,
								Msg: what,
								Fix: "make it a regular file, or rename it to start with _ so that errspec and the cue tool leave it out"})
						}
						continue
					}
					if IsCatalogFile(e.Name()) {
						if data, err := os.ReadFile(path); err == nil {
							s.read[path] = data
							scan(data, path)
						}
					}
				}
			}
			if d == root || filepath.Dir(d) == d || !strings.HasPrefix(d, root+string(filepath.Separator)) {
				return
			}
		}
	}
	for _, path := range s.files {
		scan(s.data[path], path)
	}
	return out
}

// embedFile returns the file a position of CUE's names, relative to the
// working directory: CUE names an embedded file as the @embed attribute
// does, relative to the directory of the file that embeds it, which need
// not be where errspec runs. Any other name, and one that two embedded
// files could have, it returns as it is.
func (s *source) embedFile(name string) string {
	if name == "" || filepath.IsAbs(name) || name == schemaFile {
		return name
	}
	suffix := "/" + filepath.ToSlash(filepath.Clean(name))
	found := ""
	for _, e := range s.embeds {
		if strings.HasSuffix(filepath.ToSlash(e), suffix) {
			if found != "" && found != e {
				return name
			}
			found = e
		}
	}
	if found == "" {
		return name
	}
	return relative(found)
}

// addImportedEmbeds adds to s.embeds the files that the packages inst
// imports, and those they import, embed: inputs of the catalog as much
// as its own, which CUE names as their @embed attributes do too.
func (s *source) addImportedEmbeds(inst *build.Instance) {
	seen := map[*build.Instance]bool{}
	var walk func(i *build.Instance)
	walk = func(i *build.Instance) {
		for _, imp := range i.Imports {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			for _, f := range imp.BuildFiles {
				if data, err := os.ReadFile(f.Filename); err == nil && bytes.Contains(data, []byte("@embed(")) {
					names, globs := embedded(f.Filename, data, s.embedAt)
					for _, name := range names {
						if !slices.Contains(s.embeds, name) {
							s.embeds = append(s.embeds, name)
						}
					}
					for _, glob := range globs {
						if !slices.Contains(s.globs, glob) {
							s.globs = append(s.globs, glob)
						}
					}
				}
			}
			walk(imp)
		}
	}
	walk(inst)
}

// filePositions matches the file:line:col positions a message holds.
var filePositions = regexp.MustCompile(`[^\s:,()]+:[0-9]+:[0-9]+`)

// embedPositions returns d with the embedded files it names, at its
// position and in the positions its message holds ("set twice, ... here
// and at codes.json:1:48"), named by their paths from where errspec runs
// (embedFile).
func (s *source) embedPositions(d Diagnostic) Diagnostic {
	d.File = s.embedFile(d.File)
	d.Msg = filePositions.ReplaceAllStringFunc(d.Msg, func(pos string) string {
		name, lineCol, _ := strings.Cut(pos, ":")
		return s.embedFile(name) + ":" + lineCol
	})
	return d
}

// embedded returns the files that the @embed attributes of the catalog
// file at path, whose content is data, name: its file= argument, or every
// match of its glob= argument, each relative to the file's directory, as
// CUE reads them; and the patterns of its glob= arguments, as paths. It
// records in at the position of the attribute that names each file,
// unless at has one for it already.
func embedded(path string, data []byte, at map[string]token.Pos) (names, globs []string) {
	dir := filepath.Dir(path)
	add := func(name string, pos token.Pos) {
		names = append(names, name)
		if _, ok := at[name]; !ok {
			at[name] = pos
		}
	}
	for _, e := range Embeds(path, data) {
		name := filepath.Join(dir, filepath.FromSlash(e.Name))
		if !e.Glob {
			add(name, e.Pos)
			continue
		}
		matches, _ := filepath.Glob(name)
		for _, m := range matches {
			add(m, e.Pos)
		}
		globs = append(globs, name)
	}
	return names, globs
}

// embedProblems reports each file the catalog embeds that is no regular
// file (a named pipe, a device, a link to one), at the @embed attribute
// that names it: CUE would wait on a pipe forever, or read a device
// without end, and the catalog's own directory, whose files errspec gives
// CUE, would read as empty.
//
// It reads each one that is a regular file, for Sources.
func (s *source) embedProblems() Diagnostics {
	var out Diagnostics
	module := moduleRoot(s.dir)
	if real, err := filepath.EvalSymlinks(module); err == nil && module != "" {
		module = real
	} else {
		module = ""
	}
	for _, name := range s.embeds {
		st, err := os.Stat(name)
		if errors.Is(err, fs.ErrPermission) {
			// A directory on the way that may not be searched, which
			// CUE reports as no such file.
			dir := filepath.Dir(name)
			for _, err := os.Stat(dir); err != nil && filepath.Dir(dir) != dir; _, err = os.Stat(dir) {
				dir = filepath.Dir(dir) // the nearest one that can be looked up is the one that cannot be searched
			}
			d := Diagnostic{Msg: "@embed: " + relative(name) + " cannot be looked up: permission denied",
				Fix: "make the directory " + relative(dir) + " readable and searchable for you (chmod u+rx)"}
			setPos(&d, s.embedAt[name])
			out = append(out, d)
			continue
		}
		if err != nil || st.IsDir() {
			continue // CUE reports what is missing, and a directory
		}
		if !st.Mode().IsRegular() {
			d := Diagnostic{Msg: "@embed: " + relative(name) + " is " + kindOf(name, st) + ", not a regular file, which errspec and the cue tool could not read to its end",
				Fix: "embed a regular file"}
			setPos(&d, s.embedAt[name])
			out = append(out, d)
			continue
		}
		if real, err := filepath.EvalSymlinks(name); err == nil && module != "" {
			if rel, err := filepath.Rel(module, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				what := relative(name) + " is a link to " + linkTarget(name)
				if lst, err := os.Lstat(name); err != nil || lst.Mode()&fs.ModeSymlink == 0 {
					what = relative(name) + " is reached through a link, as " + real
				}
				d := Diagnostic{Msg: "@embed: " + what + ", which leads out of the CUE module: the cue tool embeds no file outside it (../), and errspec follows no link out of it",
					Fix: "embed a file of the module, or copy the file into it"}
				setPos(&d, s.embedAt[name])
				out = append(out, d)
				continue
			}
		}
		data, err := os.ReadFile(name)
		if err != nil {
			// Unread, a file of the catalog's own directory would be
			// embedded empty (its overlay), and the problem found at
			// whatever the empty text breaks.
			fix := "make " + relative(name) + " readable for you (chmod u+r)"
			if !errors.Is(err, fs.ErrPermission) {
				fix = "fix what the error says, or embed another file"
			}
			d := Diagnostic{Msg: "@embed: " + relative(name) + " cannot be read: " + errText(err), Fix: fix}
			setPos(&d, s.embedAt[name])
			out = append(out, d)
			continue
		}
		s.read[name] = data
	}
	return out
}

// Embed is what an @embed attribute of a catalog file names: a file
// (file=), or the files a pattern matches (glob=), relative to the
// file's directory, with slashes.
type Embed struct {
	Name string
	Glob bool
	Pos  token.Pos // the attribute's
}

// Embeds returns what the @embed attributes of the catalog file at path,
// whose content is data, name. A file that does not parse embeds nothing
// (CUE reports it).
func Embeds(path string, data []byte) []Embed {
	f, err := parser.ParseFile(path, data)
	if err != nil {
		return nil
	}
	var embeds []Embed
	ast.Walk(f, func(n ast.Node) bool {
		a, ok := n.(*ast.Attribute)
		if !ok {
			return true
		}
		name, body := a.Split()
		if name != "embed" {
			return true
		}
		for arg := range strings.SplitSeq(body, ",") {
			key, value, ok := strings.Cut(strings.TrimSpace(arg), "=")
			if !ok {
				continue
			}
			value = strings.TrimSpace(value)
			if v, err := strconv.Unquote(value); err == nil {
				value = v
			}
			switch strings.TrimSpace(key) {
			case "file":
				embeds = append(embeds, Embed{Name: value, Pos: a.Pos()})
			case "glob":
				embeds = append(embeds, Embed{Name: value, Glob: true, Pos: a.Pos()})
			}
		}
		return true
	}, nil)
	return embeds
}

// isDir reports whether path is a directory, or a link to one.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// kindOf names what path is, which st, its os.Stat, says is no regular
// file or directory: "a named pipe", or "a link to /dev/zero, a device".
func kindOf(path string, st fs.FileInfo) string {
	if lst, err := os.Lstat(path); err == nil && lst.Mode()&fs.ModeSymlink != 0 {
		return "a link to " + linkTarget(path) + ", a " + textsafe.FileKind(st.Mode())
	}
	return "a " + textsafe.FileKind(st.Mode())
}

// moduleRoot returns the root of the CUE module that dir is in, the
// directory that holds cue.mod, or "" when dir is in none.
func moduleRoot(dir string) string {
	dirs := packageDirs(dir)
	root := dirs[len(dirs)-1]
	if _, err := os.Stat(filepath.Join(root, "cue.mod")); err != nil {
		return ""
	}
	return root
}

// packageDirs returns dir and, when dir is in a CUE module, the
// directories above it up to the module's root: CUE's loader adds the
// files of the same package in those to the package.
func packageDirs(dir string) []string {
	dirs := []string{dir}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "cue.mod")); err == nil {
			return dirs
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dirs[:1]
		}
		d = parent
		dirs = append(dirs, d)
	}
}

// readCatalogFile reads a file CUE would load. It returns nil and no
// problem for a name that is a directory, or a link to one.
func readCatalogFile(path string) ([]byte, *Diagnostic) {
	problem := func(msg, fix string) *Diagnostic {
		return &Diagnostic{File: relative(path), Line: 1, Col: 1, Msg: msg, Fix: fix}
	}
	const leaveOut = "or rename it to start with _ so that errspec and the cue tool leave it out"
	if strings.ContainsAny(filepath.Base(path), `:\`) {
		// CUE's loader refuses such a name as a path of its file system
		// ("invalid io/fs path"), as the cue tool does.
		return nil, problem("the file's name holds a colon or a backslash, which CUE cannot load (nor Windows hold)", "rename the file without them, or to a name that starts with _ so that errspec and the cue tool leave it out")
	}
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, problem("the file is a link to nothing ("+linkTarget(path)+")", "remove the link, "+leaveOut)
	case err != nil:
		return nil, problem("errspec cannot read the file: "+errText(err), "make the file readable, "+leaveOut)
	case st.IsDir():
		return nil, nil
	case !st.Mode().IsRegular():
		return nil, problem("the file is "+kindOf(path, st)+", not a regular file", "make it a regular file, "+leaveOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, problem("errspec cannot read the file: "+errText(err), "make the file readable, "+leaveOut)
	}
	return data, nil
}

// linkTarget says where the link at path points.
func linkTarget(path string) string {
	if target, err := os.Readlink(path); err == nil {
		return target
	}
	return "it cannot be followed"
}

// errText is the text of an error from the os package without the path,
// which the diagnostic's position already gives.
func errText(err error) string { return files.Cause(err).Error() }

// checkUTF8 reports where the file at path is not UTF-8 text: the first
// byte that is not part of a UTF-8 character, with the number of others.
// CUE reads a .cue file as UTF-8 and replaces each such byte with U+FFFD
// without a word, so that a text the user wrote would come out changed.
func checkUTF8(path string, data []byte) Diagnostics {
	if utf8.Valid(data) {
		return nil
	}
	first, count := -1, 0
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n == 1 {
			if first < 0 {
				first = i
			}
			count++
		}
		i += n
	}
	line := 1 + strings.Count(string(data[:first]), "\n")
	col := first - strings.LastIndexByte(string(data[:first]), '\n')
	msg := fmt.Sprintf("the file is not UTF-8 text: byte 0x%02x is not part of a UTF-8 character", data[first])
	if count > 1 {
		msg += fmt.Sprintf(" (the file has %d such bytes)", count)
	}
	return Diagnostics{{File: relative(path), Line: line, Col: col, Msg: msg,
		Fix: `save the file as UTF-8 text; in a string, write a character that is not in the file's encoding as an escape, such as \u00e9`}}
}

// otherPackages reports each catalog file of another package than the
// first file's, as multi names them: CUE's loader stops at the first such
// file, where the user has to fix every one. A file that a file attribute
// (@if) may leave out of the package is left to CUE's loader, which
// named it if it counts.
func otherPackages(src *source, multi *load.MultiplePackageError) Diagnostics {
	var out Diagnostics
	for _, path := range src.files {
		pkg, line, col := multi.Packages[1], 1, 1
		f, err := parser.ParseFile(path, src.data[path], parser.PackageClauseOnly)
		if filepath.Base(path) != multi.Files[1] {
			if err != nil || hasFileAttribute(f) {
				continue
			}
			pkg = f.PackageName()
			if pkg == "" || pkg == "_" || pkg == multi.Packages[0] {
				continue
			}
		}
		if err == nil {
			for _, decl := range f.Decls {
				if pos := decl.Pos(); pos.IsValid() {
					line, col = pos.Line(), pos.Column()
					break
				}
			}
		}
		out = append(out, Diagnostic{File: relative(path), Line: line, Col: col,
			Msg: fmt.Sprintf("package %s, where %s is package %s: the files of a catalog make one CUE package", pkg, multi.Files[0], multi.Packages[0]),
			Fix: fmt.Sprintf("write package %s, or move the file to a directory of its own", multi.Packages[0])})
	}
	return out
}

// hasFileAttribute reports whether the file f, parsed to its package
// clause, has an attribute before it, such as @if(tag).
func hasFileAttribute(f *ast.File) bool {
	for _, d := range f.Decls {
		if _, ok := d.(*ast.Attribute); ok {
			return true
		}
	}
	return false
}

// packageProblems reports the problems with the files of the package
// inst: files that are not UTF-8, and what CUE's loader found: files of
// two packages, files without a package clause, and files that attributes
// leave out of the package.
func packageProblems(src *source, inst *build.Instance) Diagnostics {
	out := src.embedProblems()
	for _, f := range inst.BuildFiles {
		out = append(out, checkUTF8(f.Filename, src.data[f.Filename])...)
	}
	var multi *load.MultiplePackageError
	if errors.As(inst.Err, &multi) && len(multi.Files) == 2 {
		out = append(out, otherPackages(src, multi)...)
	}
	var noFiles *load.NoFilesError
	allLeftOut := errors.As(inst.Err, &noFiles)
	for _, f := range inst.IgnoredFiles {
		if !IsCatalogFile(filepath.Base(f.Filename)) || f.ExcludeReason == nil {
			continue
		}
		reason := cueerrors.Errors(f.ExcludeReason)[0]
		format, args := reason.Msg()
		switch {
		case format == "no package name":
			clause := "a package clause, such as package errors"
			if name := filepath.Base(filepath.Dir(f.Filename)); cuePackageName.MatchString(name) && token.Lookup(name) == token.IDENT {
				// The catalog's directory names it, as the cue tool's
				// import path does, unless it is a keyword of CUE
				// (func, if, true), which no package clause may name.
				clause = "a package clause, such as package " + name + ", after the catalog's directory"
			}
			if inst.PkgName != "" {
				clause = "package " + inst.PkgName + ", the package clause of the catalog's other files"
			}
			out = append(out, Diagnostic{File: relative(f.Filename), Line: 1, Col: 1,
				Msg: "the file has no package clause, so the cue tool leaves it out of the catalog's package",
				Fix: "start the file with " + clause + ", or rename it to start with _ to leave it out"})
		case allLeftOut:
			d := Diagnostic{File: relative(f.Filename), Line: 1, Col: 1,
				Msg: "an attribute leaves the file out of the package: " + fmt.Sprintf(format, args...),
				Fix: "remove the @if or @ignore attribute: errspec sets no build tags"}
			setPos(&d, reason.Position())
			out = append(out, d)
		}
	}
	return out
}
