package gogen

import (
	"fmt"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// genTiers writes the Tier type and its constants, and the Alternative
// type every alternatives param and feature shares, when the catalog has
// either.
func genTiers(cat *model.Catalog) Code {
	out := Null()
	if cat.UsesAlternatives() {
		out = Add(
			doc("Alternative is what a caller can do instead of a call it may not make."),
			Line(), Type().Id(model.AlternativeType).Struct(
				doc("Action says what to do.").Line().Id("Action").String().Tag(map[string]string{"json": "action"}),
				doc("Description explains it; optional.").Line().Id("Description").String().Tag(map[string]string{"json": "description,omitempty"}),
				doc("AvailableOn is the tier or plan that has it; optional.").Line().Id("AvailableOn").String().Tag(map[string]string{"json": "available_on,omitempty"}),
			),
			Line(),
		)
	}
	if len(cat.Tiers) == 0 {
		return out
	}
	consts := make([]Code, 0, len(cat.Tiers))
	names := make([]Code, 0, len(cat.Tiers))
	for _, t := range cat.Tiers {
		consts = append(consts, doc(fmt.Sprintf("%s is the tier %s.", t.GoName, t.Name)).Line().Id(t.GoName).Id("Tier").Op("=").Lit(t.Name))
		names = append(names, Id(t.GoName))
	}
	return out.Line().Add(
		doc("Tier is a plan of the service. Tiers are ordered: see Tiers."),
		Line(), Type().Id("Tier").String(),
		Line(), Line(), doc("The tiers, lowest first."),
		Line(), Const().Defs(consts...),
		Line(), Line(), doc("tiers lists the tiers, lowest first."),
		Line(), Var().Id("tiers").Op("=").Index(Op("...")).Id("Tier").Values(names...),
		Line(), Line(), doc("Tiers returns the tiers, lowest first."),
		Line(), Func().Id("Tiers").Params().Index().Id("Tier").Block(Return(Qual(slicesPkg, "Clone").Call(Id("tiers").Index(Empty(), Empty())))),
		Line(),
	)
}

// genFeatures writes the features table, FeatureFor and, when a code plays
// the tier_restricted role, TierRestricted.
func genFeatures(cat *model.Catalog) Code {
	if len(cat.Features) == 0 {
		return Null()
	}
	rows := make([]Code, 0, len(cat.Features))
	for _, f := range cat.Features {
		tools := make([]Code, len(f.Tools))
		for i, t := range f.Tools {
			tools[i] = Lit(t.String())
		}
		row := Dict{
			Id("Key"): Lit(f.Key), Id("Name"): Lit(f.Name), Id("Tier"): Id(f.Tier.GoName),
			Id("Tools"): Index().String().Values(tools...),
		}
		if len(f.Alternatives) > 0 {
			row[Id("Alternatives")] = alternativesLit(f.Alternatives)
		}
		if f.DocsURL != "" {
			row[Id("DocsURL")] = Lit(f.DocsURL)
		}
		rows = append(rows, Values(row))
	}
	var byAction, byTool []Code
	for i, f := range cat.Features {
		for _, t := range f.Tools {
			c := Case(Lit(t.String())).Return(Id("features").Index(Lit(i)).Dot("clone").Call(), True())
			if t.Action != "" {
				byAction = append(byAction, c)
			} else {
				byTool = append(byTool, c)
			}
		}
	}
	out := Add(
		doc("Feature is a capability of the service that a tier gates."),
		Line(), Type().Id("Feature").Struct(
			doc("Key identifies the feature in the catalog.").Line().Id("Key").String(),
			doc("Name is the feature's name.").Line().Id("Name").String(),
			doc("Tier is the least tier that has the feature.").Line().Id("Tier").Id("Tier"),
			doc("Tools are the tools, and tool:action pairs, the feature gates.").Line().Id("Tools").Index().String(),
			doc("Alternatives are what a caller without the feature can do instead.").Line().Id("Alternatives").Index().Id(model.AlternativeType),
			doc("DocsURL documents the feature.").Line().Id("DocsURL").String(),
		),
		Line(), Line(), Var().Id("features").Op("=").Index(Op("...")).Id("Feature").Add(elemLines(rows...)),
		Line(), Line(), doc("clone returns f with lists of its own, so that what a caller does with them leaves the table as it is."),
		Line(), Func().Params(Id("f").Id("Feature")).Id("clone").Params().Id("Feature").Block(
			List(Id("f").Dot("Tools"), Id("f").Dot("Alternatives")).Op("=").List(Qual(slicesPkg, "Clone").Call(Id("f").Dot("Tools")), Qual(slicesPkg, "Clone").Call(Id("f").Dot("Alternatives"))),
			Return(Id("f")),
		),
		Line(), Line(), doc("Features returns every feature of the catalog, sorted by key."),
		Line(), Func().Id("Features").Params().Index().Id("Feature").Block(
			Id("out").Op(":=").Make(Index().Id("Feature"), Len(Id("features"))),
			For(List(Id("i"), Id("f")).Op(":=").Range().Id("features")).Block(Id("out").Index(Id("i")).Op("=").Id("f").Dot("clone").Call()),
			Return(Id("out")),
		),
		Line(), Line(), doc("FeatureFor returns the feature that gates a call of tool and action, and whether one does; a feature that names tool:action wins over one that names the whole tool."),
		Line(), Func().Id("FeatureFor").Params(Id("tool"), Id("action").String()).Params(Id("Feature"), Bool()).BlockFunc(func(g *Group) {
			if len(byAction) > 0 {
				g.Switch(Id("tool").Op("+").Lit(":").Op("+").Id("action")).Block(byAction...)
			}
			if len(byTool) > 0 {
				g.Switch(Id("tool")).Block(byTool...)
			}
			g.Return(Id("Feature").Values(), False())
		}),
		Line(),
	)
	code := cat.Roles[model.RoleTierRestricted]
	if code == nil {
		return out
	}
	values := map[string]*Statement{
		"tool": Id("tool"), "action": Id("action"), "feature_name": Id("f").Dot("Name"),
		"tier_required": tierValue(code, "tier_required", Id("f").Dot("Tier")),
		"current_tier":  tierValue(code, "current_tier", Id("current")),
		"alternatives":  Id("f").Dot("Alternatives"), "docs_url": Id("f").Dot("DocsURL"), "upgrade_url": Lit(cat.UpgradeURL),
	}
	return out.Line().Add(
		doc(fmt.Sprintf("TierRestricted returns the %s error for a call of tool and action that a feature gates, and true; nil and false when no feature gates the call or when current, the caller's tier, already has the feature. current is \"\" when not known; a tier the catalog does not have (a plan's name read from elsewhere) is not known either, and the error does not name it. Every caller has the lowest tier: a feature of that tier restricts no one.", code.Name)),
		Line(), Func().Id("TierRestricted").Params(Id("tool"), Id("action").String(), Id("current").Id("Tier")).Params(Op("*").Id("Error"), Bool()).Block(
			List(Id("f"), Id("ok")).Op(":=").Id("FeatureFor").Call(Id("tool"), Id("action")),
			Id("rank").Op(":=").Qual(slicesPkg, "Index").Call(Id("tiers").Index(Empty(), Empty()), Id("current")),
			If(Op("!").Id("ok").Op("||").Max(Id("rank"), Lit(0)).Op(">=").
				Qual(slicesPkg, "Index").Call(Id("tiers").Index(Empty(), Empty()), Id("f").Dot("Tier"))).Block(Return(Nil(), False())),
			If(Id("rank").Op("<").Lit(0)).Block(Id("current").Op("=").Lit("")),
			Return(roleCall(code, values), True()),
		),
		Line(),
	)
}

// tierValue passes a Tier to a param that is a tier or a string.
func tierValue(c *model.Code, name string, v *Statement) *Statement {
	if p := c.Param(name); p != nil && p.Type.Kind == model.String {
		return String().Parens(v)
	}
	return v
}

func alternativesLit(as []model.Alternative) Code {
	vals := make([]Code, len(as))
	for i, a := range as {
		d := Dict{Id("Action"): Lit(a.Action)}
		if a.Description != "" {
			d[Id("Description")] = Lit(a.Description)
		}
		if a.AvailableOn != "" {
			d[Id("AvailableOn")] = Lit(a.AvailableOn)
		}
		vals[i] = Values(d)
	}
	return Index().Id(model.AlternativeType).Values(vals...)
}

// roleCall calls the constructor of a role's code with the values the
// helper has for its params: required ones as arguments, optional ones in
// the options struct. The model guarantees every required param has one.
func roleCall(c *model.Code, values map[string]*Statement) *Statement { return RoleCall(c, values, "") }

// RoleCall is roleCall from outside the catalog's package: the
// constructor and its options struct are those of the package at the
// import path pkg ("" for the package itself).
func RoleCall(c *model.Code, values map[string]*Statement, pkg string) *Statement {
	var args []Code
	for _, p := range c.Required() {
		args = append(args, values[p.Name])
	}
	opts := Dict{}
	for _, p := range c.Optional() {
		if v, ok := values[p.Name]; ok {
			opts[Id(p.GoName)] = v
		}
	}
	if len(opts) > 0 {
		args = append(args, Qual(pkg, c.OptionsType).Values(opts))
	}
	return Qual(pkg, c.Constructor).Call(args...)
}

// genUpstream writes FromUpstream when a code plays the api_error role.
func genUpstream(cat *model.Catalog) Code {
	apiErr := cat.Roles[model.RoleAPIError]
	if apiErr == nil {
		return Null()
	}
	values := map[string]*Statement{
		"tool": Id("tool"), "action": Id("action"), "upstream_status": Id("status"), "upstream_message": Id("message"),
	}
	var body []Code
	var says []string
	if pd, tr := cat.Roles[model.RolePermissionDenied], cat.Roles[model.RoleTierRestricted]; pd != nil || (tr != nil && len(cat.Features) > 0) {
		var forbidden []Code
		if tr != nil && len(cat.Features) > 0 {
			forbidden = append(forbidden, If(List(Id("e"), Id("ok")).Op(":=").Id("TierRestricted").Call(Id("tool"), Id("action"), Lit("")), Id("ok")).Block(Return(Id("e"))))
			says = append(says, "a 403 on a call a feature gates becomes "+tr.Name)
		}
		if pd != nil {
			forbidden = append(forbidden, Return(roleCall(pd, values)))
			says = append(says, "another 403 "+pd.Name)
		}
		body = append(body, If(Id("status").Op("==").Lit(403)).Block(forbidden...))
	}
	if nf := cat.Roles[model.RoleNotFound]; nf != nil {
		body = append(body, If(Id("status").Op("==").Lit(404)).Block(Return(roleCall(nf, values))))
		says = append(says, "a 404 "+nf.Name)
	}
	says = append(says, "anything else "+apiErr.Name+" with the upstream status")
	body = append(body, Return(roleCall(apiErr, values).Dot("WithHTTPStatus").Call(Id("status"))))
	return Add(
		doc("FromUpstream maps a failed call to the upstream API, its HTTP status and error text, to the catalog's error for the tool and action that made it: "+strings.Join(says, ", ")+"."),
		Line(), Func().Id("FromUpstream").Params(Id("status").Int(), Id("message"), Id("tool"), Id("action").String()).Op("*").Id("Error").Block(body...),
		Line(),
	)
}

// genValidateCall writes ValidateCall when the catalog has tools with
// actions and codes for the missing_fields and invalid_action roles.
func genValidateCall(cat *model.Catalog) Code {
	if !cat.ValidatesCalls() {
		return Null()
	}
	missing, invalid := cat.Roles[model.RoleMissingFields], cat.Roles[model.RoleInvalidAction]
	var rows []Code
	for _, t := range cat.Tools {
		if len(t.Actions) == 0 {
			continue
		}
		actions := make([]Code, len(t.Actions))
		for i, a := range t.DeclaredActions() {
			req := make([]Code, len(a.Required))
			for j, r := range a.Required {
				req[j] = Lit(r)
			}
			actions[i] = Values(Lit(a.Name), Index().String().Values(req...))
		}
		rows = append(rows, Values(Lit(t.Name), Index().Id("actionSpec").Values(actions...)))
	}
	// action_required_fields is a Go map, or an errspec.Map that keeps the
	// actions in the order the catalog declares them: each role code gets
	// the one its param is.
	ordered := func(c *model.Code) bool {
		p := c.Param("action_required_fields")
		return p != nil && p.Type.Ordered
	}
	// Each code gets the params of its role only: the invalid_action
	// branch has no missing fields, and an optional param of another
	// role's stays empty, as the model takes it to be.
	values := func(role model.Role, c *model.Code) map[string]*Statement {
		required := Id("required")
		if ordered(c) {
			required = Id("inOrder")
		}
		all := map[string]*Statement{
			"tool": Id("tool"), "action": Id("action"), "valid_actions": Id("valid"),
			"missing_fields": Id("missing"), "action_required_fields": required,
		}
		out := map[string]*Statement{}
		for _, rp := range model.RoleParams[role] {
			out[rp.Name] = all[rp.Name]
		}
		return out
	}
	// Each map is built only when a role code takes it, and each is a
	// statement of its own.
	sorted := func(c *model.Code) bool {
		p := c.Param("action_required_fields")
		return p != nil && !p.Type.Ordered
	}
	// The error gets copies of the table's lists, so that what a caller
	// does with its params leaves the next validation as it is.
	var maps, collect []Code
	fields := Qual(slicesPkg, "Clone").Call(Id("a").Dot("required"))
	if sorted(invalid) || sorted(missing) {
		maps = append(maps, Id("required").Op(":=").Map(String()).Index().String().Values())
		collect = append(collect, Id("required").Index(Id("a").Dot("name")).Op("=").Add(fields.Clone()))
	}
	if ordered(invalid) || ordered(missing) {
		maps = append(maps, Var().Id("inOrder").Qual(runtimePkg, "Map").Types(Index().String()))
		collect = append(collect, Id("inOrder").Op("=").Append(Id("inOrder"),
			Qual(runtimePkg, "Entry").Types(Index().String()).Values(Id("Key").Op(":").Id("a").Dot("name"), Id("Value").Op(":").Add(fields.Clone()))))
	}
	body := []Code{
		// A loop, not slices.IndexFunc, whose func would take the
		// struct type of toolSpecs as a parameter spread over lines,
		// which gofumpt would rewrite.
		Id("i").Op(":=").Lit(-1),
		For(Id("j").Op(":=").Range().Id("toolSpecs")).Block(
			If(Id("toolSpecs").Index(Id("j")).Dot("name").Op("==").Id("tool")).Block(Id("i").Op("=").Id("j"), Break()),
		),
		If(Id("i").Op("<").Lit(0)).Block(Return(Nil())),
		Var().Id("valid").Index().String(),
	}
	body = append(body, maps...)
	body = append(body,
		Var().Id("want").Index().String(),
		Id("found").Op(":=").False(),
		For(List(Id("_"), Id("a")).Op(":=").Range().Id("toolSpecs").Index(Id("i")).Dot("actions")).BlockFunc(func(g *Group) {
			g.Id("valid").Op("=").Append(Id("valid"), Id("a").Dot("name"))
			for _, c := range collect {
				g.Add(c)
			}
			g.If(Id("a").Dot("name").Op("==").Id("action")).Block(List(Id("want"), Id("found")).Op("=").List(Id("a").Dot("required"), True()))
		}),
		If(Op("!").Id("found")).Block(Return(roleCall(invalid, values(model.RoleInvalidAction, invalid)))),
		Var().Id("missing").Index().String(),
		For(List(Id("_"), Id("f")).Op(":=").Range().Id("want")).Block(
			If(List(Id("v"), Id("ok")).Op(":=").Id("args").Index(Id("f")), Op("!").Id("ok").Op("||").Id("v").Op("==").Nil()).Block(
				Id("missing").Op("=").Append(Id("missing"), Id("f")))),
		If(Len(Id("missing")).Op(">").Lit(0)).Block(Return(roleCall(missing, values(model.RoleMissingFields, missing)))),
		Return(Nil()),
	)
	return Add(
		doc("actionSpec is an action of a tool and its required arguments."),
		Line(), Type().Id("actionSpec").Struct(Id("name").String(), Id("required").Index().String()),
		Line(), Line(), doc("toolSpecs are the tools with actions, sorted by name, and their actions, in the order the catalog declares them."),
		Line(), Var().Id("toolSpecs").Op("=").Index(Op("...")).Struct(Id("name").String(), Id("actions").Index().Id("actionSpec")).Add(elemLines(rows...)),
		Line(), Line(), doc(fmt.Sprintf("ValidateCall checks a call of a tool's action against the catalog's tools: it returns the %s error for an action the tool does not have, the %s error for required arguments the call does not give (absent or null), and nil for a valid call or a tool the catalog does not list.", invalid.Name, missing.Name)),
		Line(), Func().Id("ValidateCall").Params(Id("tool"), Id("action").String(), Id("args").Map(String()).Any()).Error().Block(body...),
		Line(),
	)
}
