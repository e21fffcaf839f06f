package generator

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/errspec/errspec/generator/against"
	"github.com/errspec/errspec/generator/breaking"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
)

// sincePath is where a catalog names the older version its reference's
// Changes section compares with.
var sincePath = []string{"outputs", "markdown", "changes", "since"}

// changesSince compares a catalog with the older version its reference's
// Changes section names (outputs.markdown.changes.since: a directory,
// relative to the catalog, or a git revision of the repository that holds
// it) and returns what changed, for the section. The error is
// model.Errors, at since, when the older version cannot be found or
// loaded.
func changesSince(cat *load.Catalog) (*model.Changes, error) {
	since := cat.Model.Outputs.ChangesSince
	fail := func(msg, fix string) error {
		return model.Errors{{Path: sincePath, Msg: msg, Fix: fix}}
	}
	tree, err := against.Open(cat.Dir, since, []string{"."})
	if err != nil {
		return nil, fail(err.Error(), "name a directory that holds the older version of the catalog, relative to the catalog, or a git revision the repository has, such as a tag")
	}
	defer tree.Close()
	dir := tree.Dir
	if tree.Rev != "" {
		dir = tree.Path(".")
	}
	var old *load.Catalog
	var oldAt, newAt func(string) string // nil: the catalog did not move
	if _, err := os.Stat(dir); err != nil && tree.Rev != "" {
		// The catalog's directory is not in that revision: the catalog
		// moved, and is the one of its name there.
		olds, err := OlderCatalogs(tree, nil)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(olds, func(c *load.Catalog) bool { return c.Model.Name == cat.Model.Name })
		if i < 0 {
			return nil, fail(fmt.Sprintf("%s has no catalog %s: not in the catalog's directory, nor anywhere else", since, cat.Model.Name),
				"point since at a version that has the catalog, or leave the Changes section out until there is one")
		}
		old = olds[i]
		oldAt, newAt = Placer(dir, old.Dir), Placer(cat.Dir, cat.Dir)
	} else if old, err = load.Dir(dir); err != nil {
		var ds load.Diagnostics
		first := err.Error()
		if errors.As(err, &ds) && len(ds) > 0 {
			d := ds[0]
			d.File = tree.Display(d.File)
			first = d.String()
		}
		return nil, fail(fmt.Sprintf("the catalog at %s does not load: %s", since, first),
			"point since at a version of the catalog that loads, or fix that version")
	}
	return changesOf(since, old.Model, cat.Model, breaking.CompareAt(old.Model, cat.Model, oldAt, newAt)), nil
}

// Placer places a directory of a catalog's outputs, relative to the
// catalog in dir, in the tree at root: a version of a tree of catalogs,
// whose root stands for the same place in every version. Where it cannot,
// the directory stays relative to the catalog.
func Placer(root, dir string) func(string) string {
	return func(out string) string {
		r, err1 := filepath.Abs(root)
		d, err2 := filepath.Abs(filepath.Join(dir, filepath.FromSlash(out)))
		rel, err3 := filepath.Rel(r, d)
		if err := errors.Join(err1, err2, err3); err != nil {
			return path.Clean(out)
		}
		return filepath.ToSlash(rel)
	}
}

// OlderCatalogs loads the catalogs of the whole older tree but those in
// the directories skip: where a catalog that moved is, by its name. One
// that does not load is left out.
func OlderCatalogs(tree *against.Tree, skip []string) ([]*load.Catalog, error) {
	top, err := tree.Whole()
	if err != nil {
		return nil, err
	}
	dirs, err := Find([]string{top + string(filepath.Separator) + "..."})
	if err != nil {
		return nil, err
	}
	var cats []*load.Catalog
	for _, d := range dirs {
		if slices.ContainsFunc(skip, func(s string) bool { return filepath.Clean(s) == filepath.Clean(d) }) {
			continue
		}
		if c, err := load.Dir(d); err == nil {
			cats = append(cats, c)
		}
	}
	return cats, nil
}

// changesOf sorts the changes from old to new for the Changes section:
// the codes added, deprecated and removed, then every other change but
// the version's.
func changesOf(since string, old, new *model.Catalog, changes []breaking.Change) *model.Changes {
	out := &model.Changes{Since: since, SinceVersion: old.Version}
	for _, c := range new.Codes {
		o := old.Code(c.Name)
		switch {
		case o == nil:
			out.Added = append(out.Added, c)
		case c.Deprecated != nil && o.Deprecated == nil:
			out.Deprecated = append(out.Deprecated, c)
		}
	}
	for _, o := range old.Codes {
		if new.Code(o.Name) != nil {
			continue
		}
		r := model.RemovedCode{Name: o.Name, Title: o.Title}
		if o.Deprecated != nil && o.Deprecated.Use != nil {
			r.Use = new.Code(o.Deprecated.Use.Name)
		}
		for _, ch := range changes {
			switch {
			case ch.Rule == "CODE_RENAMED" && ch.Was == o.Name:
				r.RenamedTo, r.Breaking = new.Code(ch.Code), ch.Breaks()
			case ch.Rule == "CODE_REMOVED" && ch.Code == o.Name:
				r.Breaking = ch.Breaks()
			}
		}
		out.Removed = append(out.Removed, r)
	}
	// A change the lists above say is left out of Other; any other, such
	// as a deprecated code that names another replacement or is no longer
	// deprecated, is one of Other.
	listed := func(ch breaking.Change) bool {
		switch ch.Rule {
		case "VERSION_NOT_BUMPED":
			return true
		case "CODE_ADDED":
			return slices.ContainsFunc(out.Added, func(c *model.Code) bool { return c.Name == ch.Code })
		case "CODE_DEPRECATED":
			return slices.ContainsFunc(out.Deprecated, func(c *model.Code) bool { return c.Name == ch.Code })
		case "CODE_REMOVED":
			return slices.ContainsFunc(out.Removed, func(r model.RemovedCode) bool { return r.Name == ch.Code })
		case "CODE_RENAMED":
			return slices.ContainsFunc(out.Removed, func(r model.RemovedCode) bool { return r.Name == ch.Was })
		}
		return false
	}
	for _, ch := range changes {
		if listed(ch) {
			continue
		}
		var code *model.Code
		if ch.Code != "" {
			code = new.Code(ch.Code)
		}
		out.Other = append(out.Other, model.Change{Rule: ch.Rule, Breaking: ch.Breaks(), Code: code, Text: ch.Message})
	}
	return out
}
