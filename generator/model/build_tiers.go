package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/errspec/errspec/internal/prose"
)

func (b *builder) features() []*Feature {
	var out []*Feature
	for _, e := range b.in.Features {
		p := at("features", e.Key)
		in := e.Value
		f := &Feature{Key: e.Key, Name: in.Name, DocsURL: in.DocsURL, Anchor: Anchor("feature " + e.Key)}
		b.checkURL(append(p, "docs_url"), in.DocsURL)
		if t, ok := b.tiersByName[in.Tier]; ok {
			f.Tier = t
		} else {
			b.errs.add(append(p, "tier"), didYouMean("tiers", in.Tier, b.in.Tiers), "tier %q is not declared", in.Tier)
		}
		for _, ref := range in.Tools {
			tool, action, _ := strings.Cut(ref, ":")
			f.Tools = append(f.Tools, ToolRef{Tool: tool, Action: action})
		}
		for i, a := range in.Alternatives {
			if _, ok := b.tiersByName[a.AvailableOn]; a.AvailableOn != "" && !ok {
				b.errs.add(append(p, "alternatives", index(i), "available_on"), didYouMean("tiers", a.AvailableOn, b.in.Tiers),
					"tier %q is not declared", a.AvailableOn)
			}
			f.Alternatives = append(f.Alternatives, Alternative(a))
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(x, y *Feature) int { return strings.Compare(x.Key, y.Key) })
	for _, f := range out {
		for i, r := range f.Tools {
			if r.Action != "" {
				continue
			}
			for _, g := range out {
				for _, o := range g.Tools {
					if g != f && o.Tool == r.Tool && o.Action != "" {
						f.Tools[i].Except = append(f.Tools[i].Except, o.Action)
					}
				}
			}
			slices.Sort(f.Tools[i].Except)
		}
	}
	return out
}

func (b *builder) tools() []*Tool {
	var out []*Tool
	for _, e := range b.in.Tools {
		t := &Tool{Name: e.Key, Description: e.Value.Description}
		for _, a := range e.Value.Actions {
			listed := map[string]bool{}
			for i, r := range a.Value.Required {
				if listed[r] {
					b.errs.add(at("tools", e.Key, "actions", a.Key, "required", index(i)), "list each required argument once",
						"%q is listed twice", r)
				}
				listed[r] = true
			}
			t.Actions = append(t.Actions, &Action{Name: a.Key, Required: a.Value.Required, Declared: len(t.Actions)})
		}
		slices.SortFunc(t.Actions, func(x, y *Action) int { return strings.Compare(x.Name, y.Name) })
		out = append(out, t)
	}
	slices.SortFunc(out, func(x, y *Tool) int { return strings.Compare(x.Name, y.Name) })
	return out
}

// checkFeatureTools checks that the tools features gate are in the tools
// table, when the catalog has one, and that no tool or action is gated
// twice. A feature may gate an action the table does not list, one the
// call validator does not know (errspec lint reports it).
func (b *builder) checkFeatureTools(cat *Catalog) {
	tools := map[string]*Tool{}
	for _, t := range cat.Tools {
		tools[t.Name] = t
	}
	gated := map[string]string{}
	for _, fe := range b.in.Features {
		for i, ref := range fe.Value.Tools {
			p := at("features", fe.Key, "tools", index(i))
			switch prev, ok := gated[ref]; {
			case ok && prev == fe.Key:
				b.errs.add(p, "list it once", "%s is listed twice", ref)
			case ok:
				b.errs.add(p, "gate each tool or tool:action with one feature", "%s is gated by feature %s already", ref, prev)
			}
			gated[ref] = fe.Key
			if len(tools) == 0 {
				continue
			}
			name, _, _ := strings.Cut(ref, ":")
			if _, ok := tools[name]; !ok {
				b.errs.add(p, didYouMean("tools", name, keys(b.in.Tools)), "tool %q is not declared", name)
			}
		}
	}
}

func (b *builder) roles(codes map[string]*Code) Roles {
	roles := Roles{}
	for _, e := range b.in.Roles {
		p := at("roles", e.Key)
		c, ok := codes[e.Value]
		if !ok {
			b.errs.add(p, didYouMean("codes", e.Value, keys(b.in.Codes)), "code %q is not declared", e.Value)
			continue
		}
		role := Role(e.Key)
		roles[role] = c
		vocab := map[string]string{}
		var names []string
		empty := b.emptyRoleParams(role)
		for _, rp := range RoleParams[role] {
			if _, ok := empty[rp.Name]; ok {
				continue
			}
			vocab[rp.Name] = rp.Type
			names = append(names, rp.Name)
		}
		for _, param := range c.Params {
			pp := at("codes", c.Name, "params", param.Name)
			want, known := vocab[param.Name]
			e, isEmpty := empty[param.Name]
			switch {
			case !known && !param.Optional && isEmpty:
				b.errs.add(pp, e.fix+", or make it optional",
					"code %s plays the role %s, whose helper cannot fill the required param %s: %s", c.Name, role, param.Name, e.why)
			case !known && !param.Optional:
				b.errs.add(pp, roleParamFix(c, param.Name, names),
					"code %s plays the role %s, whose helper cannot fill the required param %s", c.Name, role, param.Name)
			case !known:
			case want == "tier" && (param.Type.Kind == TierKind || param.Type.Kind == String):
			case want != param.Type.Source:
				b.errs.add(append(pp, "type"), "give it type "+want,
					"code %s plays the role %s, whose helper fills %s with a value of type %s, not %s", c.Name, role, param.Name, want, param.Type.Source)
			}
		}
		b.checkRoleTemplates(c, role, vocab, names, empty)
	}
	return roles
}

// roleParamFix says what to do about the required param name of code c,
// which plays a role whose helper fills only the params names: make it
// optional, and, where a template places it without the text to write
// in its place, give that text too (optional alone would have
// checkRoleTemplates reject the template); or name it as the helper
// fills it; or give the role to another code.
func roleParamFix(c *Code, name string, names []string) string {
	fix := "make it optional (optional: true)"
	placed := ""
	for _, t := range c.Templates() {
		for _, p := range t.Parts {
			if p.Param == nil || p.Param.Name != name || p.HasDefault || placed != "" {
				continue
			}
			// The placeholder as the template writes it, {name:and}
			// with its format.
			placed = "{" + name + "|...}"
			if src := t.Source[p.Offset:]; strings.HasPrefix(src, "{") {
				if end := strings.IndexByte(src, '}'); end > 0 {
					placed = src[:end] + "|...}"
				}
			}
		}
	}
	if placed != "" {
		fix += ", and write the text for an error without it where the templates place it (" + placed + ")"
	}
	switch len(names) {
	case 0:
	case 1:
		fix += ", or name it " + names[0]
	default:
		fix += ", or name it as a param the helper fills (" + strings.Join(names, ", ") + ")"
	}
	return fix + ", or give the role to another code"
}

// emptyParam is a param a role's helper fills from the catalog where the
// catalog gives it nothing to fill it with: why, and the fix.
type emptyParam struct{ why, fix string }

// emptyRoleParams returns the params of a role that its helper fills from
// the catalog, where the catalog gives it nothing to fill them with:
// every error the helper builds leaves them empty.
func (b *builder) emptyRoleParams(role Role) map[string]emptyParam {
	out := map[string]emptyParam{}
	if role != RoleTierRestricted || len(b.in.Features) == 0 {
		return out
	}
	if b.in.UpgradeURL == "" {
		out["upgrade_url"] = emptyParam{"the catalog has no upgrade_url", "set the catalog's upgrade_url"}
	}
	if !slices.ContainsFunc(b.in.Features, func(e Entry[InputFeature]) bool { return e.Value.DocsURL != "" }) {
		out["docs_url"] = emptyParam{"no feature has a docs_url", "give the features a docs_url"}
	}
	if !slices.ContainsFunc(b.in.Features, func(e Entry[InputFeature]) bool { return len(e.Value.Alternatives) > 0 }) {
		out["alternatives"] = emptyParam{"no feature has alternatives", "give the features alternatives"}
	}
	return out
}

// checkRoleTemplates checks that the templates of a role's code use only
// the params its helper fills, or give the text to write in place of one
// it does not ({resource|The resource}): another optional param would be
// empty in every error the helper builds, its text left with a hole. A
// required one is reported at the param already.
func (b *builder) checkRoleTemplates(c *Code, role Role, vocab map[string]string, names []string, empty map[string]emptyParam) {
	for _, t := range c.Templates() {
		var unfilled []string
		first := 0 // the offset of the first placeholder of one
		for _, part := range t.Parts {
			param := part.Param
			if param == nil || part.HasDefault || slices.Contains(unfilled, param.Name) {
				continue
			}
			if _, known := vocab[param.Name]; !known && param.Optional {
				if len(unfilled) == 0 {
					first = part.Offset
				}
				unfilled = append(unfilled, param.Name)
			}
		}
		if len(unfilled) == 0 {
			continue
		}
		what := "the param " + unfilled[0]
		if len(unfilled) > 1 {
			what = "the params " + prose.List(unfilled, "and")
		}
		fix := "use only params the helper fills (" + strings.Join(names, ", ") + ") in its templates, give the text to write in place of another ({" + unfilled[0] + "|...}), or give the role to another code"
		var why []string
		for _, name := range unfilled {
			if e, ok := empty[name]; ok {
				fix = e.fix + ", or " + fix
				why = append(why, e.why)
			}
		}
		because := ""
		if len(why) > 0 {
			because = " (" + strings.Join(why, "; ") + ")"
		}
		b.errs.addAt(at("codes", c.Name, t.Key), first, fix,
			"code %s plays the role %s, whose helper cannot fill %s%s that its %s uses without a text in its place: every error the helper builds would leave a hole in it",
			c.Name, role, what, because, strings.ReplaceAll(t.Key, "_", " "))
	}
}

// examples decodes and checks a code's examples: the params they give
// must be the code's, of its types, with every required param present.
func (b *builder) examples(c *Code, in []InputExample) []*Example {
	var out []*Example
	for i, ex := range in {
		p := at("codes", c.Name, "examples", index(i))
		e := &Example{Index: i, Detail: ex.Detail, HTTPStatus: ex.HTTPStatus, JSON: ex.JSON}
		b.checkNumbers(append(p, "json"), ex.JSON)
		e.JSON = wireNumbers(ex.JSON, nil, c)
		given := map[string]bool{}
		values := map[*Param]ExampleValue{}
		names := paramNames(c.Params)
		for _, v := range ex.Params {
			param := c.Param(v.Key)
			if param == nil {
				b.errs.add(append(p, "params", v.Key), didYouMean("params of "+c.Name, v.Key, names), "code %s has no param %q", c.Name, v.Key)
				continue
			}
			given[v.Key] = true
			dec := json.NewDecoder(bytes.NewReader(v.Value))
			dec.UseNumber()
			var val any
			dec.Decode(&val)
			if msg := b.checkValue(param.Type, val); msg != "" {
				fix := "give a value of type " + param.Type.Source
				if o := param.Type.ElemObject(); o != nil {
					var fields []string
					for _, f := range o.WireFields() {
						if f.Optional {
							fields = append(fields, f.Name+" (optional)")
						} else {
							fields = append(fields, f.Name)
						}
					}
					if param.Type.Kind == Object {
						fix += ", with the fields " + strings.Join(fields, ", ")
					} else {
						fix += "; its objects have the fields " + strings.Join(fields, ", ")
					}
				}
				if param.Type.Kind == TierKind {
					fix = "give one of the tiers " + strings.Join(b.in.Tiers, ", ")
				}
				b.errs.add(append(p, "params", v.Key), fix, "%s: %s", v.Key, msg)
				continue
			}
			values[param] = ExampleValue{Param: param, Value: val, JSON: wireNumbers(v.Value, param.Type, c)}
		}
		for _, param := range c.Params {
			if !param.Optional && !given[param.Name] {
				b.errs.add(append(p, "params"), "add "+param.Name+" to the example's params", "the example does not give the required param %s", param.Name)
			}
			if v, ok := values[param]; ok {
				e.Values = append(e.Values, v)
			}
		}
		out = append(out, e)
	}
	return out
}

// checkValue says what is wrong with a JSON value for a type, or "".
func (b *builder) checkValue(t *Type, v any) string {
	switch t.Kind {
	case String:
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("want a string, got %s", jsonText(v))
		}
	case TierKind:
		s, ok := v.(string)
		if _, known := b.tiersByName[s]; !ok || !known {
			return fmt.Sprintf("want one of the tiers %s, got %s", strings.Join(b.in.Tiers, ", "), jsonText(v))
		}
	case Bool:
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("want true or false, got %s", jsonText(v))
		}
	case Int:
		n, ok := v.(json.Number)
		if !ok || strings.ContainsAny(string(n), ".eE") {
			return fmt.Sprintf("want an integer, got %s", jsonText(v))
		}
		return intProblem(n)
	case Float:
		n, ok := v.(json.Number)
		if !ok {
			return fmt.Sprintf("want a number, got %s", jsonText(v))
		}
		return floatProblem(n)
	case List:
		l, ok := v.([]any)
		if !ok {
			return fmt.Sprintf("want a list, got %s", jsonText(v))
		}
		for i, x := range l {
			if msg := b.checkValue(t.Elem, x); msg != "" {
				return fmt.Sprintf("[%d]: %s", i, msg)
			}
		}
	case Map:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("want an object, got %s", jsonText(v))
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if msg := b.checkValue(t.Elem, m[k]); msg != "" {
				return fmt.Sprintf("%s: %s", k, msg)
			}
		}
	case Object:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("want an object, got %s", jsonText(v))
		}
		fields := map[string]*Param{}
		for _, f := range t.WireFields() {
			fields[f.Name] = f
			if _, ok := m[f.Name]; !ok && !f.Optional {
				return fmt.Sprintf("field %s is missing", f.Name)
			}
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			f, ok := fields[k]
			if !ok {
				return fmt.Sprintf("no field %q", k)
			}
			if msg := b.checkValue(f.Type, m[k]); msg != "" {
				return fmt.Sprintf("%s: %s", k, msg)
			}
		}
	}
	return ""
}

// paramNames returns the names of params, in order.
func paramNames(ps []*Param) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
