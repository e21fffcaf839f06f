package breaking

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errspec/errspec/generator/model"
)

// decl is an exported declaration of the generated Go package that
// depends on the catalog.
type decl struct {
	name   string
	kind   string  // "constant", "function" or "type"
	params []field // a function's parameters, in order (the options without a path)
	fields []field // a struct type's fields, in order
	// path is the value of the catalog that declares it, and about the
	// values whose changes of the wire explain it is gone: the code or
	// tier, or the params of a code's structs.
	path  []string
	about []string
	code  *model.Code // the code it belongs to, or nil
}

type field struct {
	name, typ string
	path      []string
	about     []string // the embedded options: the optional params, whose changes of the wire explain it is gone
}

// goAPI lists the declarations of the Go package generated from cat:
// the constant Version of a catalog with a version, the helpers of
// features (Features, FeatureFor, TierRestricted), the constants of
// codes, categories and tiers, and each code's constructor (its required
// params positional, in declared order, its optional ones in a trailing
// variadic XOptions), params struct (the required params' fields, then
// the options embedded), options struct and object types, with the Go
// names the model gives them.
func goAPI(cat *model.Catalog) []decl {
	var out []decl
	if cat.Version != "" {
		out = append(out, decl{name: "Version", kind: "constant", path: []string{"version"}})
	}
	// The helpers of features, generated when the catalog has one; a role
	// that has no code explains that its helper is gone. The other
	// helpers go only with their roles' codes, or with the tools'
	// actions, which the wire's rules report.
	if len(cat.Features) > 0 {
		for _, name := range []string{"Features", "FeatureFor"} {
			out = append(out, decl{name: name, kind: "function", path: []string{"features"}})
		}
		if r := model.RoleTierRestricted; roleHelper(cat, r) != "" {
			out = append(out, decl{name: roleHelper(cat, r), kind: "function", path: []string{"features"}, about: []string{"roles." + string(r)}})
		}
	}
	for _, c := range cat.Categories {
		p := []string{"categories", c.Name}
		out = append(out, decl{name: c.GoName, kind: "constant", path: p, about: []string{"categories." + c.Name}})
	}
	for i, t := range cat.Tiers {
		out = append(out, decl{name: t.GoName, kind: "constant", path: []string{"tiers", fmt.Sprintf("[%d]", i)}, about: []string{"tiers." + t.Name}})
	}
	for _, c := range cat.Codes {
		p := []string{"codes", c.Name}
		pp := append(slices.Clip(p), "params")
		var params []string // the paths of the code's params
		for _, param := range c.Params {
			params = append(params, model.PathString(append(slices.Clip(pp), param.Name)))
		}
		out = append(out, decl{name: c.GoName, kind: "constant", path: p, about: []string{"codes." + c.Name}, code: c})
		out = append(out, decl{name: c.Constructor, kind: "function", path: p, code: c})
		if c.ParamsType != "" {
			d := decl{name: c.ParamsType, kind: "type", path: p, about: params, code: c, fields: structFields(pp, c.Required())}
			if c.OptionsType != "" {
				var optional []string
				for _, param := range c.Optional() {
					optional = append(optional, model.PathString(append(slices.Clip(pp), param.Name)))
				}
				d.fields = append(d.fields, field{name: c.OptionsType, typ: c.OptionsType, path: p, about: optional})
			}
			out = append(out, d)
		}
		if c.OptionsType != "" {
			out = append(out, decl{name: c.OptionsType, kind: "type", path: p, about: params, code: c, fields: structFields(pp, c.Optional())})
		}
		var objects func(path []string, ps []*model.Param)
		objects = func(path []string, ps []*model.Param) {
			for _, param := range ps {
				t := param.Type
				for t.Kind == model.List || t.Kind == model.Map {
					t = t.Elem
				}
				if t.Kind != model.Object || t.GoName == model.AlternativeType {
					continue
				}
				fp := append(slices.Clip(path), param.Name)
				out = append(out, decl{name: t.GoName, kind: "type", path: fp, about: []string{model.PathString(fp)}, code: c,
					fields: structFields(append(slices.Clip(fp), "fields"), t.Fields)})
				objects(append(slices.Clip(fp), "fields"), t.Fields)
			}
		}
		objects(pp, c.Params)
	}
	return out
}

func structFields(path []string, ps []*model.Param) []field {
	out := make([]field, len(ps))
	for i, p := range ps {
		typ := goType(p.Type, p.Optional)
		if p.Sensitive {
			typ = "errspec.Sensitive"
		}
		out[i] = field{name: p.GoName, typ: typ, path: append(slices.Clip(path), p.Name)}
	}
	return out
}

// goType is the Go type of a param of type t: an optional object is a
// pointer, so that it can be absent.
func goType(t *model.Type, optional bool) string {
	switch t.Kind {
	case model.String:
		return "string"
	case model.Int:
		return "int"
	case model.Bool:
		return "bool"
	case model.Float:
		return "float64"
	case model.TierKind:
		return "Tier"
	case model.List:
		return "[]" + goType(t.Elem, false)
	case model.Map:
		if t.Ordered {
			return "errspec.Map[" + goType(t.Elem, false) + "]"
		}
		return "map[string]" + goType(t.Elem, false)
	}
	if optional {
		return "*" + t.GoName
	}
	return t.GoName
}

// goAPI reports the changes of the generated Go package that break its
// callers and that no change of the wire explains.
func (c *comparer) goAPI() {
	o, n := &c.old.Outputs, &c.new.Outputs
	goGone := o.GoPackage != "" && n.GoPackage == ""
	switch {
	case goGone:
		c.add("GO_NAME_REMOVED", Breaking, []string{"outputs", "go"}, true, "",
			fmt.Sprintf("keep outputs: go: {dir: %q, package: %q}", o.GoDir, o.GoPackage),
			"the Go package %s is no longer generated: its callers no longer compile", o.GoPackage)
	case o.GoPackage != "":
		c.packageRenamed("go", o.GoPackage, n.GoPackage)
	}
	// An adapter goes with the Go package too: a program that imports
	// only the adapter (a main that installs it) breaks at its import,
	// and its clients lose the errors in its format.
	adapterGone := func(key, pkg, dir string) {
		c.add("GO_NAME_REMOVED", Breaking, []string{"outputs", key}, true, "",
			fmt.Sprintf("keep outputs: %s: {dir: %q, package: %q}", key, dir, pkg),
			"the adapter package %s is no longer generated: its callers no longer compile, and its clients no longer get the errors in its format", pkg)
	}
	if o.MCP != nil && n.MCP == nil {
		adapterGone("mcp", o.MCP.Package, o.MCP.Dir)
	}
	if o.GRPC != nil && n.GRPC == nil {
		adapterGone("grpc", o.GRPC.Package, o.GRPC.Dir)
	}
	if goGone || o.GoPackage == "" {
		return // the older version has no Go package, or its loss is reported
	}
	if o.GoImportPath != "" && n.GoImportPath != "" {
		c.packageMoved("go", "import_path", o.GoPackage, o.GoImportPath, n.GoImportPath, fmt.Sprintf("keep import_path: %q", o.GoImportPath))
	} else {
		c.packageMoved("go", "dir", o.GoPackage, c.oldAt(o.GoDir), c.newAt(n.GoDir), "")
	}
	if o.MCP != nil && n.MCP != nil {
		c.packageMoved("mcp", "dir", o.MCP.Package, c.oldAt(o.MCP.Dir), c.newAt(n.MCP.Dir), "")
		c.packageRenamed("mcp", o.MCP.Package, n.MCP.Package)
	}
	if o.GRPC != nil && n.GRPC != nil {
		c.packageMoved("grpc", "dir", o.GRPC.Package, c.oldAt(o.GRPC.Dir), c.newAt(n.GRPC.Dir), "")
		c.packageRenamed("grpc", o.GRPC.Package, n.GRPC.Package)
	}
	newDecls := map[string]decl{}
	for _, d := range goAPI(c.new) {
		newDecls[d.name] = d
	}
	for _, o := range goAPI(c.old) {
		code := ""
		if o.code != nil {
			code = o.code.Name
			if c.explained["codes."+code] {
				continue
			}
		}
		n, ok := newDecls[o.name]
		switch {
		case !ok:
			if slices.ContainsFunc(o.about, c.explains) {
				continue
			}
			c.add("GO_NAME_REMOVED", Breaking, o.path, true, code,
				fmt.Sprintf("keep what declares %s, or declare %s yourself in a file beside the generated package", o.name, o.name),
				"the Go %s %s is gone", o.kind, o.name)
		case o.kind == "function" && o.code != nil:
			if !c.callBreaks(o.code, n.code, false) || !c.callBreaks(o.code, n.code, true) {
				continue
			}
			c.add("GO_CONSTRUCTOR_CHANGED", Breaking, n.path, false, code,
				"keep the required params in their order and types; declare a new param optional, so that it goes in the options",
				"%s(%s) is now %s(%s)", o.name, signature(o.code), n.name, signature(n.code))
		case o.kind == "type":
			for _, of := range o.fields {
				i := slices.IndexFunc(n.fields, func(f field) bool { return f.name == of.name })
				switch {
				case i < 0 && !c.explains(model.PathString(of.path)) && !slices.ContainsFunc(of.about, c.explains):
					if to := c.fieldMoved(o, of.name, newDecls); to != "" {
						c.add("GO_FIELD_CHANGED", Breaking, of.path, true, code,
							"keep the param required, or optional, as it was: a caller sets the field where it was",
							"the field %s of %s is now in %s: a caller that sets it in %s no longer compiles", of.name, o.name, to, o.name)
						continue
					}
					if np := c.sameKey[model.PathString(of.path)]; np != nil {
						c.add("GO_FIELD_CHANGED", Breaking, of.path, true, code,
							fmt.Sprintf("keep the param's name %s; the envelope sends it at any key", of.path[len(of.path)-1]),
							"the field %s of %s is gone: its param is now %s (field %s), which the wire sends at the same key", of.name, o.name, np.Name, np.GoName)
						continue
					}
					c.add("GO_FIELD_CHANGED", Breaking, of.path, true, code,
						"keep the param: a caller sets or reads the field",
						"the field %s of %s is gone", of.name, o.name)
				case i >= 0 && n.fields[i].typ != of.typ && !c.explains(model.PathString(n.fields[i].path)):
					c.add("GO_FIELD_CHANGED", Breaking, n.fields[i].path, false, code,
						"keep the field's type",
						"the field %s of %s was %s, and is %s", of.name, o.name, of.typ, n.fields[i].typ)
				}
			}
		}
	}
}

// fieldMoved returns the other struct of the code of the older params
// or options struct o, XOptions or XParams, when the newer version has
// the field name there: a param kept off the wire that became optional,
// or required, whose field moved, and which no change of the wire
// explains.
func (c *comparer) fieldMoved(o decl, name string, newDecls map[string]decl) string {
	if o.code == nil {
		return ""
	}
	n := c.new.Code(o.code.Name)
	if n == nil {
		return ""
	}
	var other string
	switch o.name {
	case o.code.ParamsType:
		other = n.OptionsType
	case o.code.OptionsType:
		other = n.ParamsType
	}
	if d, ok := newDecls[other]; ok && other != "" && slices.ContainsFunc(d.fields, func(f field) bool { return f.name == name }) {
		return other
	}
	return ""
}

// packageRenamed reports the package of an output (go, mcp or grpc)
// that has another name in the newer version.
func (c *comparer) packageRenamed(output, from, to string) {
	if from == to {
		return
	}
	c.add("GO_NAME_REMOVED", Breaking, []string{"outputs", output, "package"}, false, "",
		fmt.Sprintf("keep package: %q", from),
		"the Go package %s is now named %s: a caller that refers to it by its name no longer compiles", from, to)
}

// packageMoved reports the package of an output (go, mcp or grpc) that
// the newer version generates at another place than the older one: from
// and to are its import paths, or its directories in a tree both share.
// Every import of it breaks.
func (c *comparer) packageMoved(output, key, pkg, from, to, fix string) {
	if from == to {
		return
	}
	if fix == "" {
		fix = fmt.Sprintf("generate the package in %s again, or change every import of it to its new place", from)
	}
	c.add("GO_NAME_REMOVED", Breaking, []string{"outputs", output, key}, false, "", fix,
		"the Go package %s moved from %s to %s: every import of it breaks", pkg, from, to)
}

// explainBelow records that a value of the older catalog at path is gone,
// or has another type: its change explains what the Go API lost there
// and below it.
func (c *comparer) explainBelow(path []string) {
	p := model.PathString(path)
	c.explained[p], c.gone[p] = true, true
}

// explains reports whether a change of the wire at path, or at a value
// above it that is gone, explains what the Go API lost there.
func (c *comparer) explains(path string) bool {
	if c.explained[path] {
		return true
	}
	for i := len(path) - 1; i > 0; i-- {
		if path[i] == '.' && c.gone[path[:i]] {
			return true
		}
	}
	return false
}

// callBreaks reports whether a call of the older code's constructor
// breaks with the newer one's: the types of the positional params differ,
// the params both have come in another order, or the options are gone.
// With explained, the params whose changes of the wire explain the
// difference are left out of both first.
func (c *comparer) callBreaks(o, n *model.Code, explained bool) bool {
	keep := func(code *model.Code, ps []*model.Param) []*model.Param {
		if !explained {
			return ps
		}
		return slices.DeleteFunc(slices.Clone(ps), func(p *model.Param) bool {
			return c.explains("codes." + code.Name + ".params." + p.Name)
		})
	}
	ro, rn := keep(o, o.Required()), keep(n, n.Required())
	if len(ro) != len(rn) {
		return true
	}
	for i := range ro {
		if goType(ro[i].Type, false) != goType(rn[i].Type, false) {
			return true
		}
	}
	var common, order []string
	for _, p := range ro {
		if find(rn, p.Name) != nil {
			common = append(common, p.Name)
		}
	}
	for _, p := range rn {
		if find(ro, p.Name) != nil {
			order = append(order, p.Name)
		}
	}
	if !slices.Equal(common, order) {
		return true
	}
	return len(keep(o, o.Optional())) > 0 && n.OptionsType == ""
}

// signature writes a constructor's parameters as Go declares them.
func signature(c *model.Code) string {
	var out []string
	for _, p := range c.Required() {
		out = append(out, p.ArgName+" "+goType(p.Type, false))
	}
	if c.OptionsType != "" {
		out = append(out, "opts ..."+c.OptionsType)
	}
	return strings.Join(out, ", ")
}
