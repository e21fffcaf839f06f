package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/semver"
)

// The modes of the JSON Schema, as a catalog names them.
const (
	SchemaExact      = "exact"      // this version's codes, every object closed
	SchemaCompatible = "compatible" // any code, every object open: for clients of a newer server
)

// RuleConfig is how a catalog configures the rules of errspec lint or
// errspec breaking.
type RuleConfig struct {
	Use    []string     // rules checked besides the default set (lint only)
	Except []string     // rules not checked
	Ignore []RuleIgnore // values exempt from a rule, in declared order
}

// RuleIgnore exempts values of the catalog from a rule.
type RuleIgnore struct {
	Rule  string
	Paths []string // paths of the catalog, as diagnostics write them: codes.NOT_FOUND.params.id
}

// Checks reports whether the catalog has the rule checked: a rule of the
// default set (byDefault) unless excepted, any other only when used.
func (r RuleConfig) Checks(rule string, byDefault bool) bool {
	if slices.Contains(r.Except, rule) {
		return false
	}
	return byDefault || slices.Contains(r.Use, rule)
}

// Ignores reports whether the value at path is exempt from the rule: an
// ignored path names it or a value it is part of.
func (r RuleConfig) Ignores(rule string, path []string) bool {
	p := pathString(path)
	for _, ig := range r.Ignore {
		if ig.Rule != rule {
			continue
		}
		for _, q := range ig.Paths {
			if p == q || strings.HasPrefix(p, q+".") || strings.HasPrefix(p, q+"[") {
				return true
			}
		}
	}
	return false
}

// PathString writes a catalog path as diagnostics and rule configurations
// write it: codes.X.examples[0].json.
func PathString(p []string) string { return pathString(p) }

// Words splits a name (snake_case, SCREAMING_SNAKE, kebab or camelCase)
// into its words, as Go names are made of them.
func Words(name string) []string { return words(name) }

// Ident is the Go identifier a code of this name gives its constant,
// constructor and types (CodeX, NewX, XParams): two codes whose Idents
// are one cannot be declared side by side.
func Ident(name string) string { return exported(name) }

// Version is a semantic version's numbers and pre-release.
type Version struct {
	Major, Minor, Patch int
	Pre                 string // the pre-release: rc.1 of 2.0.0-rc.1; "" for a release
}

// Less reports whether v comes before w, as semantic versioning orders
// them: a pre-release before its release (2.0.0-rc.1 before 2.0.0).
func (v Version) Less(w Version) bool { return semver.Compare(v.semver(), w.semver()) < 0 }

// semver writes the version as golang.org/x/mod/semver reads it.
func (v Version) semver() string {
	s := fmt.Sprintf("v%d.%d.%d", v.Major, v.Minor, v.Patch)
	if v.Pre != "" {
		s += "-" + v.Pre
	}
	return s
}

// ParseVersion reads a catalog's version, 1.4.0 or v1.4.0, with or
// without a pre-release or build suffix (the build is left out: it does
// not order versions); ok is false for anything else.
func ParseVersion(s string) (v Version, ok bool) {
	s = strings.TrimPrefix(s, "v")
	s, _, _ = strings.Cut(s, "+")
	s, pre, _ := strings.Cut(s, "-")
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Version{}, false
	}
	var n [3]int
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return Version{}, false
		}
		n[i] = x
	}
	return Version{n[0], n[1], n[2], pre}, true
}

// Changes is what changed in a catalog since an older version of it, as
// errspec breaking --all reports it: the reference's Changes section.
type Changes struct {
	Since        string  // the older version, as Outputs.ChangesSince names it
	SinceVersion string  // the older catalog's version, or ""
	Added        []*Code // codes new since, sorted by name
	Deprecated   []*Code // codes deprecated since, sorted by name
	Removed      []RemovedCode
	Other        []Change // every other change, in the order errspec breaking reports them
}

// RemovedCode is a code of the older version that this one does not have.
type RemovedCode struct {
	Name  string
	Title string
	Use   *Code // the replacement the older version named, when this catalog has it; nil otherwise
	// RenamedTo is the code that looks like its new name, or nil.
	RenamedTo *Code
	// Breaking says that its removal breaks clients of the older
	// version: it was not announced with a replacement this catalog has.
	Breaking bool
}

// Change is one change of the Changes section.
type Change struct {
	Rule     string // the rule of errspec breaking that reports it
	Breaking bool
	Code     *Code  // the code it concerns, or nil
	Text     string // what changed, one sentence
}

// topLevelPaths are the fields of a catalog a rule's ignore path may start
// with, and whether their second element names an entry that must exist.
var topLevelPaths = map[string]bool{
	"codes": true, "categories": true, "features": true, "tools": true, "envelopes": true,
	"envelope": false, "tiers": false, "roles": false, "outputs": false, "docs": false, "version": false,
}

// NamesEntries reports whether a rule's ignore path that starts with the
// field first of the catalog names an entry of it next (codes.X).
func NamesEntries(first string) bool { return topLevelPaths[first] }

// ruleConfig resolves the lint or breaking block of a catalog. For lint,
// ignored paths must name values that exist; a path for breaking may name
// a value of the older version.
func (b *builder) ruleConfig(key string, in *InputRules) RuleConfig {
	if in == nil {
		return RuleConfig{}
	}
	out := RuleConfig{Use: in.Use, Except: in.Except}
	for _, e := range in.Ignore {
		for i, p := range e.Value {
			at := at(key, "ignore", e.Key, index(i))
			first, rest, _ := strings.Cut(p, ".")
			// An element of a list, as a finding's path writes it:
			// tiers[2].
			first, elem, indexed := strings.Cut(first, "[")
			named, ok := topLevelPaths[first]
			switch {
			case !ok:
				b.errs.add(at, "start the path with codes, categories, features, tools, envelopes, envelope, tiers, roles, outputs, docs or version",
					"%q names no field of the catalog", p)
			case indexed && named:
				b.errs.add(at, "name the entry, such as "+first+".NAME", "%q names an element of %s, which has none: its entries have names", p, first)
			case key == "lint" && indexed && first == "tiers" && !tierIndex(elem, len(b.in.Tiers)):
				b.errs.add(at, tierIndexFix(len(b.in.Tiers)), "%q names no tier of the catalog, which has %d", p, len(b.in.Tiers))
			case key == "lint" && named && rest == "":
				b.errs.add(at, "name the entry, such as "+first+".NAME", "%q names all of %s; to turn the rule off, list it under except", p, first)
			case key == "lint" && named && !b.declares(first, rest):
				var paths []string
				for _, k := range b.entries(first) {
					paths = append(paths, first+"."+k)
				}
				b.errs.add(at, didYouMean(first, p, paths), "%q names no entry of %s", p, first)
			}
		}
		out.Ignore = append(out.Ignore, RuleIgnore{Rule: e.Key, Paths: e.Value})
	}
	return out
}

// tierIndexFix says which paths name one of n tiers.
func tierIndexFix(n int) string {
	switch n {
	case 0:
		return "remove the path: the catalog declares no tiers"
	case 1:
		return "name tiers[0], the catalog's one tier"
	}
	return fmt.Sprintf("name one of tiers[0] to tiers[%d]", n-1)
}

// tierIndex reports whether elem, what follows the [ of tiers[2], is
// the index of one of n tiers.
func tierIndex(elem string, n int) bool {
	i, err := strconv.Atoi(strings.TrimSuffix(elem, "]"))
	return err == nil && i >= 0 && i < n
}

// entries returns the keys of one of the catalog's named sections.
func (b *builder) entries(section string) []string {
	switch section {
	case "codes":
		return keys(b.in.Codes)
	case "categories":
		return keys(b.in.Categories)
	case "features":
		return keys(b.in.Features)
	case "tools":
		return keys(b.in.Tools)
	case "envelopes":
		return keys(b.in.Envelopes)
	}
	return nil
}

// declares reports whether rest, the path below a named section, starts
// with the key of one of its entries.
func (b *builder) declares(section, rest string) bool {
	return slices.ContainsFunc(b.entries(section), func(k string) bool { return namesEntry(rest, k) })
}

// namesEntry reports whether rest, the path below a named section, is
// the entry of key k or a value below it (a tool's name may hold dots).
func namesEntry(rest, k string) bool {
	return rest == k || strings.HasPrefix(rest, k+".") || strings.HasPrefix(rest, k+"[")
}

// entries returns the names of the entries of one of the catalog's
// named sections (codes, categories, features, tools, envelopes).
func (c *Catalog) entries(section string) []string {
	var out []string
	switch section {
	case "codes":
		for _, x := range c.Codes {
			out = append(out, x.Name)
		}
	case "categories":
		for _, x := range c.Categories {
			out = append(out, x.Name)
		}
	case "features":
		for _, x := range c.Features {
			out = append(out, x.Key)
		}
	case "tools":
		for _, x := range c.Tools {
			out = append(out, x.Name)
		}
	case "envelopes":
		for _, x := range c.Envelopes {
			if x.Name != "" {
				out = append(out, x.Name)
			}
		}
	}
	return out
}

// IgnoredNowhere returns a problem for each path of the breaking block of
// versions[0] whose entry (codes.X, categories.X, ...) none of the
// versions declares: a path misspelt, which exempts nothing. Load takes
// these paths as they are, since they may name what only the older
// version has; errspec breaking checks them when it has both versions.
func IgnoredNowhere(versions ...*Catalog) Errors {
	var errs errorList
	for _, ig := range versions[0].Breaking.Ignore {
		for i, p := range ig.Paths {
			first, rest, _ := strings.Cut(p, ".")
			if !topLevelPaths[first] || rest == "" {
				continue
			}
			var paths []string
			declared := false
			for _, cat := range versions {
				for _, k := range cat.entries(first) {
					paths = append(paths, first+"."+k)
					declared = declared || namesEntry(rest, k)
				}
			}
			if declared {
				continue
			}
			fix := "remove the path, or name an entry of " + first + " that one of the versions declares"
			if m := Closest(p, unique(paths)); len(m) > 0 {
				fix = "did you mean " + quoteList(m) + "?"
			}
			what := "the older version or this one"
			if len(versions) == 1 {
				what = "this catalog, which is new"
			}
			errs.add(at("breaking", "ignore", ig.Rule, index(i)), fix, "%q names no entry of %s in %s, so it exempts nothing", p, first, what)
		}
	}
	return errs.errs
}
