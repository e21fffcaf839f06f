package generator

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

var codesSources = []struct {
	src  string
	scan bool // whether the scan alone finds the field
	want codesDecl
}{
	{"package x\n\ncodes: A: {}\n", true, hasCodes},
	{"package x\ncodes?: {}\n", true, hasCodes},
	{"package x\ncodes!: {}\n", true, hasCodes},
	{"package x\n\"codes\": {}\n", true, hasCodes},
	{"package x\nC=codes: {}\n", true, hasCodes},
	{"package x\nC=\"codes\": {}\n", true, hasCodes},
	{"package x\na: 1, codes: {}\n", true, hasCodes},
	{"package x\n// codes: {}\na: 1\n", false, noCodes},
	{"package x\na: \"\"\"\n\tcodes: {}\n\t\"\"\"\n", false, noCodes},
	{"package x\na: codes: {}\n", false, noCodes},
	{"package x\na: {codes: {}}\n", false, noCodes},
	{"package x\n{codes: {}}\n", false, mayHaveCodes},
	{"package x\n#Base\n#Base: codes: {}\n", false, mayHaveCodes},
	{"package x\nfor k, v in {} {codes: {}}\n", false, mayHaveCodes},
	{"package x\nif true {codes: {}}\n", false, mayHaveCodes},
	{"package x\nlet codes = {}\n", false, noCodes},
	{"package x\n#codes: {}\n", false, noCodes},
	{"package x\n_codes: {}\n", false, noCodes},
	{"package x\n(codes): {}\n", false, mayHaveCodes},
	{"package x\n\"\\(n)\": {}\nn: \"codes\"\n", false, mayHaveCodes},
	{"package x\n[codes]: {}\n", false, noCodes},
	{"package x\na: \"\\(b)\"\ncodes: {}\n", false, hasCodes}, // the parser takes over at the interpolation
	{"package x\ncodes:: {}\n", true, hasCodes},               // does not parse: the loader reports it
	{"package x\na: [\ncodes: {}\n", false, hasCodes},
}

func TestDeclaresCodes(t *testing.T) {
	for _, c := range codesSources {
		if got := scanCodes("x.cue", []byte(c.src)); got != c.scan {
			t.Errorf("scanCodes(%q) = %v, want %v", c.src, got, c.scan)
		}
		if got := declaresCodes("x.cue", []byte(c.src)); got != c.want {
			t.Errorf("declaresCodes(%q) = %v, want %v", c.src, got, c.want)
		}
		if got := parsedCodes("x.cue", []byte(c.src)); got != c.want {
			t.Errorf("the parser finds codes in %q: %v, want %v", c.src, got, c.want)
		}
	}
}

// FuzzScanCodes checks that the scan never finds a top-level field codes
// the parser does not.
func FuzzScanCodes(f *testing.F) {
	for _, c := range codesSources {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if scanCodes("x.cue", []byte(src)) && parsedCodes("x.cue", []byte(src)) != hasCodes {
			t.Fatalf("the scan finds codes the parser does not in %q", src)
		}
	})
}

func TestFind(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/catalog.cue", "package a\nname: \"a\"\n")
	write("a/codes.cue", "package a\ncodes: A: {}\n")
	write("b/config.cue", "package b\nx: codes: 1\n")
	write("c/broken.cue", "package c\nx: [\n")
	write("a/testdata/d/codes.cue", "package d\ncodes: A: {}\n")
	write("_e/codes.cue", "package e\ncodes: A: {}\n")
	// Files the cue tool leaves out of a package do not make a catalog.
	write("f/_codes.cue", "package f\ncodes: A: {}\n")
	write("f/.codes.cue", "package f\ncodes: A: {}\n")
	write("f/codes_test.cue", "package f\ncodes: A: {}\n")
	write("f/codes_tool.cue", "package f\ncodes: A: {}\n")
	write("f/codes.cue.orig", "package f\ncodes: A: {}\n")
	write("f/other.cue", "package f\nname: \"f\"\n")
	// Codes that only the evaluation shows: through an embedded
	// definition, a comprehension, a computed label.
	write("g/catalog.cue", "package g\n#Base\n#Base: {codes: A: {}}\n")
	write("h/catalog.cue", "package h\nif true {codes: A: {}}\n")
	write("i/catalog.cue", "package i\n(k): A: {}\nk: \"codes\"\n")
	// Packages that may declare codes and do not, or cannot say.
	write("j/config.cue", "package j\nfor k, v in {} {codes: {}}\n{a: 1}\n")
	write("k/config.cue", "package k\nimport \"example.com/none\"\nnone.#X\n")
	write("l/config.cue", "package l\n(undefined): 1\n")
	if err := os.Symlink("user@host.1234:1700000000", filepath.Join(root, "f", ".#codes.cue")); err != nil {
		t.Fatal(err)
	}
	dirs, err := Find([]string{root + "/..."})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "a"), filepath.Join(root, "c"), filepath.Join(root, "g"), filepath.Join(root, "h"), filepath.Join(root, "i")}
	if !slices.Equal(dirs, want) {
		t.Errorf("Find = %q, want %q", dirs, want)
	}
}

// TestFindOnce checks that a catalog named several ways, through a
// symbolic link among them, is found once: generated twice in one run,
// its outputs would collide with themselves.
func TestFindOnce(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	if err := os.MkdirAll("a", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("a/codes.cue", []byte("package a\ncodes: A: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a", "alias"); err != nil {
		t.Fatal(err)
	}
	dirs, err := Find([]string{"a", "./a/", "a/.", "alias", "./...", "a/../a", filepath.Join(root, "a")})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a"}; !slices.Equal(dirs, want) {
		t.Errorf("Find = %q, want %q", dirs, want)
	}
	// From inside, as go generate runs: . and ../a are one catalog.
	t.Chdir("a")
	dirs, err = Find([]string{".", "../a", "../...", filepath.Join(root, "a")})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"."}; !slices.Equal(dirs, want) {
		t.Errorf("Find in a = %q, want %q", dirs, want)
	}
}

// TestFindSpecialFiles checks that a .cue name that is not a regular file
// in a directory the walk passes (a link to /dev/zero, a named pipe) is
// not read, which would fill the memory or wait forever, but taken for a
// catalog, so that the loader reports it at its position.
func TestFindSpecialFiles(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	root := t.TempDir()
	for _, d := range []string{"zero", "pipe"} {
		if err := os.Mkdir(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "zero", "a.cue")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe", "a.cue"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	dirs, err := Find([]string{root + "/..."})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "pipe"), filepath.Join(root, "zero")}
	if !slices.Equal(dirs, want) {
		t.Errorf("Find = %q, want %q", dirs, want)
	}
}

// TestNearCatalog checks which files look like a catalog started or
// misspelt, for the problems errspec shows when it finds no catalog.
func TestNearCatalog(t *testing.T) {
	for src, want := range map[string]bool{
		"package x\nname: \"x\"\noutputs: markdown: file: \"E.md\"\n": true,
		"package x\ncategories: a: {}\noutputs: {}\n":                 true,
		"package x\noutputs: markdown: file: \"E.md\"\n":              false, // another tool's, as well as errspec's
		"package x\ncode: A: {}\n":                                    true,
		"package x\nCodes: A: {}\n":                                   true,
		"package x\ncodez: A: {}\n":                                   true,
		"package x\ncodes: A: {}\n":                                   false, // a catalog: Find finds it
		"package x\nsteps: test: run: \"go test\"\n":                  false,
		"package x\nmodes: fast: true\n":                              false,
		"package x\nnodes: [\"a\"]\n":                                 false,
		"package x\na: [\n":                                           false,
	} {
		if got := nearCatalog("x.cue", []byte(src)); got != want {
			t.Errorf("nearCatalog(%q) = %v, want %v", src, got, want)
		}
	}
}
