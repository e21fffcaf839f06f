package model

// JSONType names a type as the wire carries it, in the words of JSON
// rather than Go, for readers of an API in any language: string,
// integer, number, boolean, "string (one of the tiers)", object, "array
// of T" for a list and "object of T" for a map.
func (t *Type) JSONType() string {
	switch t.Kind {
	case String:
		return "string"
	case Int:
		return "integer"
	case Bool:
		return "boolean"
	case Float:
		return "number"
	case TierKind:
		return "string (one of the tiers)"
	case List:
		return "array of " + t.Elem.JSONType()
	case Map:
		if t.Ordered {
			return "object of " + t.Elem.JSONType() + ", keys in the order given"
		}
		return "object of " + t.Elem.JSONType()
	}
	return "object"
}

// WireFields returns the fields of an object type as the wire carries
// them: for the Alternative type that every alternatives param shares,
// each of AlternativeFields, a string, of which only action is required,
// with the doc the catalog declares for it or else alternativeDocs; for
// any other object, its Fields. It returns nil for a type that is not an
// object.
func (t *Type) WireFields() []*Param {
	if t.Kind != Object {
		return nil
	}
	if t.GoName != AlternativeType {
		return t.Fields
	}
	out := make([]*Param, len(AlternativeFields))
	for i, name := range AlternativeFields {
		f := &Param{Name: name, GoName: exported(name), ArgName: unexported(name), Optional: name != "action", Wire: true,
			Doc: alternativeDocs[i], Type: &Type{Kind: String, Source: "string"}}
		for _, d := range t.Fields {
			if d.Name == name && d.Doc != "" {
				f.Doc = d.Doc
			}
		}
		out[i] = f
	}
	return out
}

// ElemObject returns the object type t holds: t itself, or the element
// type of its lists and maps at any depth; nil when there is none.
func (t *Type) ElemObject() *Type {
	for t != nil && (t.Kind == List || t.Kind == Map) {
		t = t.Elem
	}
	if t == nil || t.Kind != Object {
		return nil
	}
	return t
}

// HoldsTier reports whether a value of type t holds a tier: t is a tier,
// or a list, map or object that holds one at any depth.
func (t *Type) HoldsTier() bool {
	switch t.Kind {
	case TierKind:
		return true
	case List, Map:
		return t.Elem.HoldsTier()
	case Object:
		for _, f := range t.Fields {
			if f.Type.HoldsTier() {
				return true
			}
		}
	}
	return false
}

// alternativeDocs document AlternativeFields, in order.
var alternativeDocs = [...]string{
	"What the caller can do instead, in a line.",
	"How to do it, when that takes more words.",
	"The tier that has it, when it is not every tier.",
}

// UsesAlternatives reports whether anything of the catalog has the
// Alternative type: a feature, or a code's standard alternatives param.
func (c *Catalog) UsesAlternatives() bool {
	if len(c.Features) > 0 {
		return true
	}
	for _, code := range c.Codes {
		for _, p := range code.Params {
			if o := p.Type.ElemObject(); o != nil && o.GoName == AlternativeType {
				return true
			}
		}
	}
	return false
}
