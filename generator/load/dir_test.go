package load

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"cuelang.org/go/cue/load"
	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/internal/gittest"
)

// TestFilesAsCUELoads checks that Files lists the files CUE's loader
// loads from a directory as its package, of every kind of name.
func TestFilesAsCUELoads(t *testing.T) {
	dir := t.TempDir()
	names := []string{"a.cue", "b.cue", "_a.cue", ".a.cue", "__.cue", "a_test.cue", "a_tool.cue",
		"a.cue.bak", "a.CUE", "a.json", "a_testx.cue", "test.cue", "tool.cue", "a-b.cue", "ünï.cue", "-.cue"}
	files := map[string]string{}
	for _, n := range names {
		files[n] = "package x\n"
	}
	writeFiles(t, dir, files)
	if err := os.Mkdir(filepath.Join(dir, "d.cue"), 0o755); err != nil {
		t.Fatal(err)
	}
	inst := load.Instances([]string{"."}, &load.Config{Dir: dir})[0]
	if inst.Err != nil {
		t.Fatal(inst.Err)
	}
	var want []string
	for _, f := range inst.BuildFiles {
		want = append(want, filepath.Base(f.Filename))
	}
	slices.Sort(want)
	got, err := Files(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Files (-CUE's loader +Files):\n%s", diff)
	}
}

// TestDirLeavesOut checks that the files the cue tool leaves out of a
// package change nothing, whatever they are: an editor's lock link that
// points nowhere, files that do not parse or are not UTF-8, a named pipe
// that no one writes to.
func TestDirLeavesOut(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"catalog.cue": validCatalog})
	want, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"_draft.cue":       "package demo\ncodes: {",
		".hidden.cue":      "package demo\nname: \"\xff\"\n",
		"catalog_test.cue": "package demo\nname: \"other\"\n",
		"catalog_tool.cue": "package other\n",
		"notes.txt":        "\xff",
	})
	if err := os.Symlink("user@host.1234:1700000000", filepath.Join(dir, ".#catalog.cue")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(dir, "README.md")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{".pipe.cue", "pipe.txt"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
	}
	got, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want.Model, got.Model, cmp.Exporter(func(reflect.Type) bool { return true })); diff != "" {
		t.Errorf("model (-alone +with the files left out):\n%s", diff)
	}
}

// TestDirFileProblems checks the rejection of catalog files errspec
// cannot read as CUE reads them.
func TestDirFileProblems(t *testing.T) {
	for name, c := range map[string]struct {
		setup func(dir string)
		want  Diagnostics
	}{
		"link to nothing": {func(dir string) {
			os.Symlink("gone.cue", filepath.Join(dir, "codes.cue"))
		}, Diagnostics{{File: "codes.cue", Line: 1, Col: 1, Msg: "the file is a link to nothing (gone.cue)",
			Fix: "remove the link, or rename it to start with _ so that errspec and the cue tool leave it out"}}},
		"named pipe": {func(dir string) {
			syscall.Mkfifo(filepath.Join(dir, "codes.cue"), 0o644)
		}, Diagnostics{{File: "codes.cue", Line: 1, Col: 1, Msg: "the file is a named pipe, not a regular file",
			Fix: "make it a regular file, or rename it to start with _ so that errspec and the cue tool leave it out"}}},
		"backslash in the name": {func(dir string) {
			writeFiles(t, dir, map[string]string{`co:d\es.cue`: "package demo\n"})
		}, Diagnostics{{File: `co:d\es.cue`, Line: 1, Col: 1, Msg: "the file's name holds a colon or a backslash, which CUE cannot load (nor Windows hold)",
			Fix: "rename the file without them, or to a name that starts with _ so that errspec and the cue tool leave it out"}}},
		"link to a device": {func(dir string) {
			os.Symlink("/dev/zero", filepath.Join(dir, "codes.cue"))
		}, Diagnostics{{File: "codes.cue", Line: 1, Col: 1, Msg: "the file is a link to /dev/zero, a character device, not a regular file",
			Fix: "make it a regular file, or rename it to start with _ so that errspec and the cue tool leave it out"}}},
		"not UTF-8": {func(dir string) {
			writeFiles(t, dir, map[string]string{"codes.cue": "package demo\n\n// caf\xe9 and cr\xe8me\n"})
		}, Diagnostics{{File: "codes.cue", Line: 3, Col: 7, Msg: "the file is not UTF-8 text: byte 0xe9 is not part of a UTF-8 character (the file has 2 such bytes)",
			Fix: `save the file as UTF-8 text; in a string, write a character that is not in the file's encoding as an escape, such as \u00e9`}}},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"catalog.cue": validCatalog})
			c.setup(dir)
			wd, _ := os.Getwd()
			defer os.Chdir(wd)
			os.Chdir(dir)
			if diff := cmp.Diff(c.want, diagnostics(t, ".")); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

// TestDirReferences checks that references resolve as CUE resolves them in
// a package: a file sees the top-level fields of the others, and a
// reference to a field that no file declares is an error.
func TestDirReferences(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"catalog.cue": validCatalog,
		"more.cue":    "package demo\n\n_plan: \"Pro\"\ntiers: [\"Free\", _plan]\nupgrade_url: \"https://example.com/\" + tiers[1]\n",
	})
	c, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Model.UpgradeURL; got != "https://example.com/Pro" {
		t.Errorf("upgrade_url = %q, want https://example.com/Pro", got)
	}
	writeFiles(t, dir, map[string]string{"more.cue": "package demo\n\nupgrade_url: \"https://example.com/\" + plan\n"})
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	want := Diagnostics{{File: "more.cue", Line: 3, Col: 39, Path: "upgrade_url", Msg: "reference \"plan\" not found",
		Fix: `write the text in double quotes, "plan": a name without quotes refers to a field`}}
	if diff := cmp.Diff(want, diagnostics(t, ".")); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// FuzzCheckUTF8 checks that checkUTF8 reports a file exactly when it is
// not UTF-8, at the line and column of its first byte that is not part of
// a UTF-8 character, counted as CUE counts them: lines from 1, columns
// in bytes from 1.
func FuzzCheckUTF8(f *testing.F) {
	for _, s := range []string{"", "package x\n", "a\xffb", "\n\n  \xe9", "caf\xc3\xa9\n\xc3", "\xed\xa0\x80"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ds := checkUTF8("x.cue", data)
		if utf8.Valid(data) {
			if ds != nil {
				t.Fatalf("checkUTF8(%q) = %v for UTF-8 text", data, ds)
			}
			return
		}
		if len(ds) != 1 {
			t.Fatalf("checkUTF8(%q) = %v, want one problem", data, ds)
		}
		lines := bytes.SplitAfter(data, []byte("\n"))
		offset := ds[0].Col - 1
		for _, l := range lines[:ds[0].Line-1] {
			offset += len(l)
		}
		if !utf8.Valid(data[:offset]) {
			t.Fatalf("checkUTF8(%q) reports %d:%d, after a byte that is not UTF-8", data, ds[0].Line, ds[0].Col)
		}
		if r, n := utf8.DecodeRune(data[offset:]); r != utf8.RuneError || n != 1 {
			t.Fatalf("checkUTF8(%q) reports %d:%d, where %q starts", data, ds[0].Line, ds[0].Col, data[offset:offset+n])
		}
	})
}

// TestDirEmbeds checks that a catalog file embeds the files of its
// directory as they are (@embed), while CUE's loader sees every other
// file of it empty.
func TestDirEmbeds(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, filepath.Join(dir, "cue.mod"), map[string]string{"module.cue": "module: \"example.com/emb@v0\"\nlanguage: version: \"v0.12.0\"\n"})
	writeFiles(t, dir, map[string]string{
		"catalog.cue": `@extern(embed)

package emb

name: "emb"
docs: base_url: "https://x.example/errors"
outputs: markdown: file: "ERRORS.md"
categories: c: {description: "C.", http_status: 400}
codes: A_B: {
	category:   "c"
	title:      "A b"
	message:    "A b {x}"
	suggestion: "Do it."
	params: x: {type: "string"}
	examples: [_example]
}
_example: _ @embed(file="example.json")
`,
		"example.json": `{"params": {"x": "y"}, "json": {"code": "A_B", "category": "c", "message": "A b y", "suggestion": "Do it.", "retryable": false, "docs_url": "https://x.example/errors#a_b", "params": {"x": "y"}}}`,
	})
	cat, err := Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ex := cat.Model.Codes[0].Examples
	if len(ex) != 1 || !bytes.Contains(ex[0].JSON, []byte(`"A b y"`)) {
		t.Errorf("the embedded example: %+v", ex)
	}
}

// TestExamplePosInEmbed checks that the position the generated test gives
// an example in a file the catalog embeds is that file's, relative to the
// Go package, wherever errspec runs: CUE names the file as the @embed
// attribute does, relative to the catalog's directory.
func TestExamplePosInEmbed(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "cue.mod"), map[string]string{
		"module.cue": "module: \"example.com/embeds@v0\"\nlanguage: version: \"v0.12.0\"\n",
	})
	writeFiles(t, filepath.Join(root, "cat"), map[string]string{
		"catalog.cue": "@extern(embed)\n\npackage cat\n\nname: \"embeds\"\noutputs: go: {dir: \"gen\", package: \"embeds\"}\n" +
			"categories: internal: description: \"The server failed.\"\ncodes: _ @embed(file=\"codes.json\")\n",
		"codes.json": `{"INTERNAL": {"category": "internal", "title": "Internal error", "message": "Something went wrong",` + "\n" +
			`"examples": [{"json": {"code": "INTERNAL", "category": "internal", "message": "Something went wrong", "retryable": false}}]}}` + "\n",
	})
	for _, wd := range []string{root, filepath.Join(root, "cat")} {
		t.Run(filepath.Base(wd), func(t *testing.T) {
			t.Chdir(wd)
			c, err := Dir(filepath.Join(root, "cat"))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := c.Model.Codes[0].Examples[0].Pos, "../codes.json:2:16"; got != want {
				t.Errorf("the example's position is %s, want %s", got, want)
			}
		})
	}
}

// TestTextEmbedPosition checks that a problem of a value a catalog
// embeds as text, which CUE gives a position of no file, is reported at
// the field that embeds it, where it was reported at the start of the
// catalog's first file.
func TestTextEmbedPosition(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "cue.mod"), map[string]string{
		"module.cue": "module: \"example.com/embeds@v0\"\nlanguage: version: \"v0.12.0\"\n",
	})
	writeFiles(t, filepath.Join(root, "cat"), map[string]string{
		"catalog.cue": "@extern(embed)\n\npackage cat\n\nname: \"embeds\"\noutputs: jsonschema: file: \"errors.schema.json\"\n" +
			"categories: internal: description: \"The server failed.\"\ncodes: INTERNAL: {\n\tcategory: \"internal\"\n\ttitle: \"Internal error\"\n" +
			"\tmessage: _ @embed(file=\"message.txt\", type=text)\n}\n",
		"message.txt": "Something went wrong in {stage}",
	})
	t.Chdir(root)
	want := Diagnostics{{File: "cat/catalog.cue", Line: 11, Col: 2, Path: "codes.INTERNAL.message",
		Msg: "placeholder {stage} names no param of this code", Fix: "declare it under params"}}
	if diff := cmp.Diff(want, diagnostics(t, "cat")); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// TestSourcesHoldEmbedsAndImports checks that the sources of a catalog,
// which a run compares with the disk before it writes, hold what the
// catalog is made of besides its own files: the files it embeds and the
// .cue files of the packages it imports from its module, so that a run
// that read an older version of one writes nothing over the outputs of
// a newer one.
func TestSourcesHoldEmbedsAndImports(t *testing.T) {
	root := t.TempDir()
	gittest.Write(t, root, map[string]string{
		"cue.mod/module.cue": "module: \"example.com/x\"\nlanguage: version: \"v0.12.0\"\n",
		"a/catalog.cue": "@extern(embed)\n\npackage a\n\nimport \"example.com/x/lib\"\n\n" +
			"_intro: _ @embed(file=\"data/intro.txt\", type=text)\n" +
			"name: \"a\"\ndescription: \"\\(_intro) \\(lib.more)\"\n" +
			"outputs: markdown: file: \"ERRORS.md\"\n" +
			"categories: internal: description: \"The server failed.\"\n" +
			"codes: INTERNAL: {category: \"internal\", title: \"Internal error\", message: \"Something went wrong\"}\n",
		"a/data/intro.txt": "Read me first.",
		"lib/lib.cue":      "package lib\n\nmore: \"And then this.\"\n",
	})
	cat, err := Dir(filepath.Join(root, "a"))
	if err != nil {
		t.Fatal(err)
	}
	got := cat.Sources()
	for path, want := range map[string]string{
		"a/catalog.cue":    "",
		"a/data/intro.txt": "Read me first.",
		"lib/lib.cue":      "package lib\n\nmore: \"And then this.\"\n",
	} {
		data, ok := got[filepath.Join(root, filepath.FromSlash(path))]
		if !ok {
			t.Errorf("Sources lacks %s", path)
		} else if want != "" && string(data) != want {
			t.Errorf("Sources has %s as %q, want %q", path, data, want)
		}
	}
}

// TestNoPackageClauseFix checks the package clause that the fix of a
// catalog file without one proposes: the one its directory names when
// that is a CUE package name, and an example otherwise, as a keyword of
// CUE (func, if, true) is no package name.
func TestNoPackageClauseFix(t *testing.T) {
	for dir, want := range map[string]string{
		"errs":    "start the file with a package clause, such as package errs, after the catalog's directory, or rename it to start with _ to leave it out",
		"my-errs": "start the file with a package clause, such as package errors, or rename it to start with _ to leave it out",
		"func":    "start the file with a package clause, such as package errors, or rename it to start with _ to leave it out",
		"if":      "start the file with a package clause, such as package errors, or rename it to start with _ to leave it out",
		"true":    "start the file with a package clause, such as package errors, or rename it to start with _ to leave it out",
	} {
		t.Run(dir, func(t *testing.T) {
			root := t.TempDir()
			body := strings.TrimPrefix(validCatalog, "package demo\n")
			writeFiles(t, filepath.Join(root, dir), map[string]string{"catalog.cue": body})
			wd, _ := os.Getwd()
			defer os.Chdir(wd)
			os.Chdir(root)
			d := diagnostics(t, "./"+dir)
			if len(d) != 1 || d[0].Fix != want {
				t.Errorf("diagnostics %+v, want one with the fix %q", d, want)
			}
		})
	}
}
