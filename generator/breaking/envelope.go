package breaking

import (
	"fmt"
	"slices"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/generator/model"
)

// layout is where an envelope sends each value: the keys that lead to
// each field and constant, and to the params it does not place one by one.
type layout struct {
	fields  map[model.Field][]string
	consts  map[string]string // constKey of the keys that lead to it → the constant's JSON text
	order   [][]string        // the constants' key paths, in declared order
	home    []string          // the params' object, or the object they are spread into
	spread  bool
	hasHome bool
}

func layoutOf(env *model.Envelope) layout {
	l := layout{fields: map[model.Field][]string{}, consts: map[string]string{}}
	env.Root.Walk(func(path []string, m *model.Member) {
		switch m.Kind {
		case model.KindField:
			if _, ok := l.fields[m.Field]; !ok {
				l.fields[m.Field] = slices.Clone(path)
			}
		case model.KindConst:
			l.consts[constKey(path)] = m.Const
			l.order = append(l.order, slices.Clone(path))
		case model.KindParams, model.KindSpread:
			if !l.hasHome {
				l.hasHome, l.spread = true, m.Kind == model.KindSpread
				l.home = slices.Clone(path)
				if l.spread {
					l.home = l.home[:len(l.home)-1]
				}
			}
		}
	})
	return l
}

// envelopes compares the envelopes both versions declare under one name.
func (c *comparer) envelopes() {
	for _, o := range c.old.Envelopes {
		for _, n := range c.new.Envelopes {
			if o.Name == n.Name {
				c.envelope(envelopePath(n), "the "+envelopeName(n), "", o, n, true)
			}
		}
	}
}

// envelopePath is the path of an envelope in the catalog.
func envelopePath(env *model.Envelope) []string {
	if env.Name == "" {
		return []string{"envelope"}
	}
	return []string{"envelopes", env.Name}
}

func envelopeName(env *model.Envelope) string {
	if env.Name == "" {
		return "default envelope"
	}
	return "envelope " + env.Name
}

// envelope compares the layouts of two envelopes: those of one name
// (own, at path in the newer catalog, its keys below it), or those a code
// moved between (at the code's path). What the newer envelope no longer
// sends is reported at the envelope. who names what sends.
func (c *comparer) envelope(path []string, who, code string, o, n *model.Envelope, own bool) {
	ol, nl := layoutOf(o), layoutOf(n)
	at := func(keys []string) []string {
		if !own {
			return path
		}
		return append(slices.Clip(path), keys...)
	}
	for i := range model.FieldNames {
		f := model.Field(i)
		from, sent := ol.fields[f]
		to, sends := nl.fields[f]
		switch {
		case sent && !sends:
			c.add("ENVELOPE_KEY_CHANGED", Breaking, path, false, code,
				fmt.Sprintf("keep sending $%s at %s", f, model.KeyPath(from)),
				"%s no longer sends $%s, which it sent at %s", who, f, model.KeyPath(from))
		case sent && !slices.Equal(from, to):
			c.add("ENVELOPE_KEY_CHANGED", Breaking, at(to), false, code,
				fmt.Sprintf("keep sending $%s at %s; to send it at %s too, add that key beside it", f, model.KeyPath(from), model.KeyPath(to)),
				"%s sent $%s at %s, and sends it at %s", who, f, model.KeyPath(from), model.KeyPath(to))
		case !sent && sends:
			c.keyAdded(at(to), code, f != model.FieldDetail && f != model.FieldSuggestion, "%s sends $%s at %s", who, f, model.KeyPath(to))
		}
	}
	for _, keys := range ol.order {
		k, was := model.KeyPath(keys), ol.consts[constKey(keys)]
		v, ok := nl.consts[constKey(keys)]
		switch {
		case !ok:
			c.add("ENVELOPE_CONSTANT_CHANGED", Breaking, path, false, code,
				fmt.Sprintf("keep sending %s: %s", k, was),
				"%s no longer sends the constant %s: %s", who, k, was)
		case errspec.JSONDiff([]byte(v), []byte(was), "") != "":
			// Compared as JSON values, as the older version's Parse
			// reads them: 1 and 1.0 are one number.
			c.add("ENVELOPE_CONSTANT_CHANGED", Breaking, at(keys), false, code,
				fmt.Sprintf("keep %s: %s", k, was),
				"%s sent %s: %s, and sends %s: %s", who, k, was, k, v)
		}
	}
	for _, keys := range nl.order {
		if _, ok := ol.consts[constKey(keys)]; !ok {
			c.keyAdded(at(keys), code, true, "%s sends the constant %s: %s", who, model.KeyPath(keys), nl.consts[constKey(keys)])
		}
	}
	// params: "$params" and params: {"$params": true} put the params in
	// one object at one key: the wire is the same.
	if ol.hasHome && (!nl.hasHome || !slices.Equal(ol.home, nl.home)) {
		c.add("ENVELOPE_KEY_CHANGED", Breaking, at(nil), false, code,
			fmt.Sprintf("keep the params at %s", paramsHome(ol)),
			"%s sent the params at %s, and sends them at %s", who, paramsHome(ol), paramsHome(nl))
	}
}

// keyAdded reports a key an envelope sends that it did not: safe, but
// where the newer version's Parse and JSON Schema are in the exact mode
// and require it (always, or for the codes that have the value), which
// rejects the errors of a server of the older version without it (where
// the older version's are in the exact mode too, exact reports that its
// clients reject the key).
func (c *comparer) keyAdded(path []string, code string, required bool, format string, args ...any) {
	if required && c.new.Outputs.JSONSchemaMode == model.SchemaExact && c.old.Outputs.JSONSchemaMode != model.SchemaExact {
		c.add("EXACT_MODE_REJECTS", Breaking, path, false, code, exactNewerFix, format+exactNewerRejects, args...)
		return
	}
	c.add("ENVELOPE_KEY_ADDED", Safe, path, false, code, "", format, args...)
}

// paramsHome says where a layout sends the params it does not place one
// by one.
func paramsHome(l layout) string {
	switch {
	case !l.hasHome:
		return "no key"
	case l.spread && len(l.home) == 0:
		return "the top level"
	case l.spread:
		return "the top level of " + model.KeyPath(l.home)
	}
	return model.KeyPath(l.home)
}

// constKey is the keys that lead to a constant, each quoted: two lists
// of keys have the same one only when they are the same.
func constKey(keys []string) string { return fmt.Sprintf("%q", keys) }

// unreadCode reports a new code that comes in an envelope that the older
// version does not have, and that none of its envelopes reads: a client
// of the older version reads a code it does not know in one of its own
// envelopes (its Parse and the compatible JSON Schema's general branch),
// and rejects the errors of that code; or where the envelope of the older
// version that reads it, as Parse chooses one, skips its params. An
// envelope the older version has under the same name is compared as such
// (envelopes); in the exact mode, every new code is rejected
// (EXACT_MODE_REJECTS).
func (c *comparer) unreadCode(n *model.Code) {
	if n.Envelope == nil || c.old.Outputs.JSONSchemaMode == model.SchemaExact ||
		slices.ContainsFunc(c.old.Envelopes, func(o *model.Envelope) bool { return o.Name == n.Envelope.Name }) {
		return
	}
	why := ""
	var reader *model.Envelope
	var best reading
	for i, o := range c.old.Envelopes {
		w := unread(o, n.Envelope, envelopeName(o), envelopeName(n.Envelope))
		if w == "" {
			// Of the envelopes that read it, Parse takes the one that
			// names the most of its keys, then leaves the fewest unread.
			if r := readAs(o, n.Envelope); reader == nil || r.named > best.named || r.named == best.named && r.skipped < best.skipped {
				reader, best = o, r
			}
			continue
		}
		if i == 0 {
			why = w
		}
	}
	path := n.Origin(model.KeyEnvelope)
	if path == nil {
		path = []string{"codes", n.Name}
	}
	if reader != nil {
		if best.params || len(n.WireParams()) == 0 {
			return
		}
		c.add("ENVELOPE_KEY_CHANGED", Breaking, path, false, n.Name,
			fmt.Sprintf("send code %s in an envelope of the older version until its clients have a version that reads the %s", n.Name, envelopeName(n.Envelope)),
			"code %s, new, comes in the %s, which the %s of the older version reads without its params: they are where it skips keys it does not know",
			n.Name, envelopeName(n.Envelope), envelopeName(reader))
		return
	}
	c.add("ENVELOPE_KEY_CHANGED", Breaking, path, false, n.Name,
		fmt.Sprintf("send code %s in an envelope of the older version until its clients have a version that reads the %s", n.Name, envelopeName(n.Envelope)),
		"code %s, new, comes in the %s, which no envelope of the older version reads: %s", n.Name, envelopeName(n.Envelope), why)
}

// unread says why the reader of the envelope o, which reads an error of
// a code it does not know, rejects or misreads one sent in the envelope n
// (of the older and the newer version, or the other way round, named
// oName and nName): a value or constant that o always sends and n does
// not send at its key, or a key that holds one value in o and another in
// n; "" when o reads it. o reads the params it does not know from
// wherever it puts them, and skips the keys it does not have.
func unread(o, n *model.Envelope, oName, nName string) string {
	at := map[string]*model.Member{}
	n.Root.Walk(func(path []string, m *model.Member) { at[constKey(path)] = m })
	var why string
	o.Root.Walk(func(path []string, m *model.Member) {
		nm := at[constKey(path)]
		if why != "" {
			return
		}
		k := model.KeyPath(path)
		switch m.Kind {
		case model.KindConst:
			if nm == nil || nm.Kind != model.KindConst || errspec.JSONDiff([]byte(nm.Const), []byte(m.Const), "") != "" {
				why = fmt.Sprintf("the %s sends the constant %s: %s, and the %s does not", oName, k, m.Const, nName)
			}
		case model.KindField:
			switch {
			case nm != nil && nm.Kind == model.KindField && nm.Field == m.Field:
			case nm != nil || !m.Field.Omittable():
				why = fmt.Sprintf("the %s sends $%s at %s, and the %s does not", oName, m.Field, k, nName)
			}
		case model.KindParams, model.KindObject:
			if nm != nil && nm.Kind != model.KindParams && nm.Kind != model.KindObject {
				why = fmt.Sprintf("the %s sends an object at %s, and the %s does not", oName, k, nName)
			}
		}
	})
	return why
}

// unreadGone says why a client of the newer version rejects the errors of
// code o, gone from it, that a server of the older version still sends:
// it reads them as a code it does not know, and none of its envelopes
// reads the one of the older version they come in; "" when one does, and
// in the exact mode, which rejects every code it does not know
// (EXACT_MODE_REJECTS).
func (c *comparer) unreadGone(o *model.Code) string {
	if o.Envelope == nil || c.new.Outputs.JSONSchemaMode == model.SchemaExact {
		return ""
	}
	why := ""
	for i, n := range c.new.Envelopes {
		w := unread(n, o.Envelope, "newer version's "+envelopeName(n), "older version's "+envelopeName(o.Envelope))
		if w == "" {
			return ""
		}
		if i == 0 {
			why = w
		}
	}
	return why
}

// reading is how the reader of an older envelope reads an error of a code
// it does not know sent in a newer envelope: how many of the newer
// envelope's keys it names, how many it skips as keys it does not know,
// and whether it takes any of the params.
type reading struct {
	named, skipped int
	params         bool
}

// readAs says how the reader of the older envelope o reads an error of a
// code it does not know sent in the newer envelope n, as Parse reads it:
// a key that o names is read as o reads it (a params object as the
// params), a key that o does not name is a param where o spreads the
// params, else skipped, and an object o does not have is read past.
func readAs(o, n *model.Envelope) reading {
	var r reading
	var walk func(os, ns *model.Shape)
	walk = func(os, ns *model.Shape) {
		spreads := slices.ContainsFunc(os.Members, func(m *model.Member) bool { return m.Kind == model.KindSpread })
		for _, nm := range ns.Members {
			if nm.Kind == model.KindSpread {
				if spreads {
					r.params = true
				}
				continue
			}
			i := slices.IndexFunc(os.Members, func(m *model.Member) bool { return m.Kind != model.KindSpread && m.Key == nm.Key })
			if i < 0 {
				if spreads {
					r.params = r.params || nm.Kind != model.KindConst && nm.Kind != model.KindField
				} else {
					r.skipped++
				}
				continue
			}
			r.named++
			switch om := os.Members[i]; om.Kind {
			case model.KindParams, model.KindParam:
				r.params = r.params || nm.Kind == model.KindParams || nm.Kind == model.KindParam || nm.Kind == model.KindObject && slices.ContainsFunc(nm.Object.Members, func(m *model.Member) bool {
					return m.Kind == model.KindSpread || m.Kind == model.KindParam
				})
			case model.KindObject:
				switch nm.Kind {
				case model.KindObject:
					walk(om.Object, nm.Object)
				case model.KindParams:
					r.params = r.params || slices.ContainsFunc(om.Object.Members, func(m *model.Member) bool { return m.Kind == model.KindSpread })
				}
			}
		}
	}
	walk(o.Root, n.Root)
	return r
}
