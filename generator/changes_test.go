package generator_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/breaking"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/internal/gittest"
)

const changesV1 = `package shop

name: "shop"
version: "1.0.0"
docs: base_url: "https://docs.example.com/errors"
outputs: markdown: {layout: "per_code", dir: "docs"%s}
categories: not_found: {description: "Nothing there.", http_status: 404}
codes: ORDER_NOT_FOUND: {category: "not_found", title: "Order not found", message: "Order {id} not found", params: id: type: "string"}
codes: NO_ORDER: {category: "not_found", title: "No order", message: "No order {id}", params: id: type: "string", deprecated: use: "ORDER_NOT_FOUND"}
codes: ORDER_LOCKED: {category: "not_found", title: "Order locked", message: "Order {id} is locked", params: id: type: "string"}
codes: STORE_GONE: {category: "not_found", title: "Store gone", message: "The store is gone"}
`

// TestChangesSinceRevision renders the reference of a catalog whose Changes
// section compares it with a tag of its repository, and checks that the
// section is there, on the index page of the per-code layout, and that
// neither the work tree nor the index changed.
func TestChangesSinceRevision(t *testing.T) {
	repo := gittest.Repo(t)
	v1 := strings.Replace(changesV1, "%s", "", 1) + `outputs: go: {dir: "shopgo", package: "shop"}` + "\n"
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": v1}, "v1")
	gittest.Git(t, repo, "tag", "v1.0.0")
	v2 := strings.Replace(changesV1, "%s", `, changes: since: "v1.0.0"`, 1) + `outputs: go: {dir: "shopgo", package: "shop"}` + "\n"
	v2 = strings.Replace(v2, `version: "1.0.0"`, `version: "2.0.0"`, 1)
	v2 = v2[:strings.Index(v2, "codes: NO_ORDER")] +
		`codes: ORDER_CLOSED: {category: "not_found", title: "Order closed", message: "Order {id} is closed", params: id: type: "string"}` + "\n" +
		`codes: ORDER_IS_LOCKED: {category: "not_found", title: "Order locked", message: "Order {id} is locked", params: id: type: "string"}` + "\n"
	gittest.Write(t, repo, map[string]string{"spec/shop/catalog.cue": v2})
	status := gittest.Git(t, repo, "status", "--porcelain")

	t.Chdir(repo)
	set, err := generator.Generate(filepath.Join("spec", "shop"), generator.Options{})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var index string
	for _, f := range set.Files {
		if filepath.Base(f.Path) == "index.md" {
			index = string(f.Data)
		}
	}
	for _, want := range []string{
		"## Changes since 1.0.0\n",
		"- [`ORDER_CLOSED`](order_closed.md): Order closed\n",
		"- `NO_ORDER`: No order; use [`ORDER_NOT_FOUND`](order_not_found.md) instead\n",
		// A rename and a removal that no deprecation announced break
		// clients, and say so.
		"- `ORDER_LOCKED`: Order locked; renamed [`ORDER_IS_LOCKED`](order_is_locked.md) (this breaks clients of the older version)\n",
		"- `STORE_GONE`: Store gone (this breaks clients of the older version)\n",
	} {
		if !strings.Contains(index, want) {
			t.Errorf("the index page lacks %q:\n%s", want, index)
		}
	}
	if got := gittest.Git(t, repo, "status", "--porcelain"); got != status {
		t.Errorf("the work tree or the index changed: %q, was %q", got, status)
	}
}

// TestChangesSinceErrors checks that an older version that cannot be
// found, or does not load, is a problem at the since field.
func TestChangesSinceErrors(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	gittest.Write(t, dir, map[string]string{
		"shop/catalog.cue":        strings.Replace(changesV1, "%s", `, changes: since: "v0.9.0"`, 1),
		"broken/catalog.cue":      strings.Replace(changesV1, "%s", `, changes: since: "_old"`, 1),
		"broken/_old/catalog.cue": "package shop\nname: \"shop\"\ncodes: {}\n",
	})
	for _, tc := range []struct{ dir, want string }{
		{"shop", "v0.9.0 is neither a directory nor a git revision"},
		{"broken", "the catalog at _old does not load: broken/_old/catalog.cue:"},
	} {
		_, err := generator.Generate(tc.dir, generator.Options{})
		var ds load.Diagnostics
		if !errors.As(err, &ds) || len(ds) != 1 {
			t.Fatalf("%s: Generate: %v, want one problem", tc.dir, err)
		}
		if d := ds[0]; d.Path != "outputs.markdown.changes.since" || d.File != tc.dir+"/catalog.cue" || !strings.Contains(d.Msg, tc.want) {
			t.Errorf("%s: %s\nwant at outputs.markdown.changes.since of %s/catalog.cue, saying %q", tc.dir, d, tc.dir, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "shop", "docs")); !os.IsNotExist(err) {
		t.Error("a reference was written")
	}
}

// TestChangesSinceMoved checks that a catalog whose directory moved
// since the revision its Changes section names is compared with the
// catalog of its name there, and that a revision without a catalog of
// that name is a problem at the since field that says so.
func TestChangesSinceMoved(t *testing.T) {
	repo := gittest.Repo(t)
	v1 := strings.Replace(changesV1, "%s", "", 1) + `outputs: go: {dir: "shopgo", package: "shop"}` + "\n"
	gittest.Commit(t, repo, map[string]string{"spec/shop/catalog.cue": v1}, "v1")
	gittest.Git(t, repo, "tag", "v1.0.0")
	gittest.Git(t, repo, "mv", "spec/shop", "spec/store")
	v2 := strings.Replace(changesV1, "%s", `, changes: since: "v1.0.0"`, 1) + `outputs: go: {dir: "shopgo", package: "shop"}` + "\n"
	v2 = strings.Replace(v2, `version: "1.0.0"`, `version: "2.0.0"`, 1)
	gittest.Write(t, repo, map[string]string{"spec/store/catalog.cue": v2 +
		`codes: ORDER_CLOSED: {category: "not_found", title: "Order closed", message: "Order {id} is closed", params: id: type: "string"}` + "\n"})
	gittest.Write(t, repo, map[string]string{"spec/other/catalog.cue": strings.Replace(
		strings.Replace(v2, `name: "shop"`, `name: "other"`, 1), "package shop", "package other", 1)})
	t.Chdir(repo)
	set, err := generator.Generate(filepath.Join("spec", "store"), generator.Options{})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	index := ""
	for _, f := range set.Files {
		if filepath.Base(f.Path) == "index.md" {
			index = string(f.Data)
		}
	}
	if want := "- [`ORDER_CLOSED`](order_closed.md): Order closed\n"; !strings.Contains(index, want) {
		t.Errorf("the index page lacks %q:\n%s", want, index)
	}
	// The Go package stayed in the catalog's directory, which moved: its
	// import path changed, as errspec breaking reports (the places relative
	// to the catalog).
	if want := "the Go package shop moved from ../shop/shopgo to shopgo"; !strings.Contains(index, want) {
		t.Errorf("the index page lacks %q:\n%s", want, index)
	}
	_, err = generator.Generate(filepath.Join("spec", "other"), generator.Options{})
	var ds load.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 1 || ds[0].Path != "outputs.markdown.changes.since" ||
		ds[0].Msg != "v1.0.0 has no catalog other: not in the catalog's directory, nor anywhere else" {
		t.Errorf("a catalog the revision does not have: %v", err)
	}
}

// TestChangesListEveryChange checks that every change errspec breaking
// --all reports is in the Changes section: the codes added, newly
// deprecated and removed in their lists, and every other change,
// those of a deprecated code among them (it names another replacement,
// one where it named none, or is no longer deprecated), as a sentence
// of Other changes.
func TestChangesListEveryChange(t *testing.T) {
	const v1 = `package shop

name: "shop"
version: "1.0.0"
outputs: markdown: {file: "ERRORS.md"%s}
categories: bad: {description: "Bad input.", http_status: 400}
codes: {
	A_CODE: {category: "bad", title: "A", message: "a", deprecated: since: "0.9.0"}
	B_CODE: {category: "bad", title: "B", message: "b", deprecated: use: "D_CODE"}
	C_CODE: {category: "bad", title: "C", message: "c", deprecated: use: "D_CODE"}
	D_CODE: {category: "bad", title: "D", message: "d"}
	E_CODE: {category: "bad", title: "E", message: "e"}
	F_CODE: {category: "bad", title: "F", message: "f"}
}
`
	v2 := strings.Replace(v1, "%s", `, changes: since: "_v1"`, 1)
	v2 = strings.NewReplacer(
		`version: "1.0.0"`, `version: "1.1.0"`,
		`deprecated: since: "0.9.0"}`, `deprecated: {since: "0.9.0", use: "D_CODE"}}`, // names a replacement
		`"b", deprecated: use: "D_CODE"}`, `"b", deprecated: use: "E_CODE"}`, // names another one
		`"c", deprecated: use: "D_CODE"}`, `"c"}`, // no longer deprecated
		`"f"}`, `"f", deprecated: use: "D_CODE"}`, // newly deprecated
	).Replace(v2)
	dir := t.TempDir()
	gittest.Write(t, dir, map[string]string{"_v1/catalog.cue": strings.Replace(v1, "%s", "", 1), "catalog.cue": v2})
	set, err := generator.Generate(dir, generator.Options{})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	var page string
	for _, f := range set.Files {
		if filepath.Base(f.Path) == "ERRORS.md" {
			page = string(f.Data)
		}
	}
	section := page[strings.Index(page, "## Changes since"):]
	old, err := load.Dir(filepath.Join(dir, "_v1"))
	if err != nil {
		t.Fatal(err)
	}
	cur, err := load.Dir(dir)
	if err != nil {
		t.Fatal(err)
	}
	changes := breaking.Compare(old.Model, cur.Model)
	if len(changes) < 4 {
		t.Fatalf("errspec breaking finds %d changes, want at least 4: %v", len(changes), changes)
	}
	unescape := regexp.MustCompile(`\\([[:punct:]])`)
	for _, ch := range changes {
		var want string
		switch {
		case ch.Rule == "CODE_DEPRECATED" && ch.Code == "F_CODE":
			want = "Deprecated codes:\n\n- [`F_CODE`](#f_code): use [`D_CODE`](#d_code) instead\n"
		case ch.Rule == "CODE_DEPRECATED":
			want = "- [`" + ch.Code + "`](#" + strings.ToLower(ch.Code) + "): " + ch.Message + ".\n"
		default:
			t.Errorf("unexpected change %s: %s", ch.Rule, ch.Message)
			continue
		}
		if !strings.Contains(unescape.ReplaceAllString(section, "$1"), want) {
			t.Errorf("the Changes section lacks %s %q:\n%s", ch.Rule, want, section)
		}
	}
}
