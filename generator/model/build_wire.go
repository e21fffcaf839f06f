package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

func (b *builder) tiers() []*Tier {
	b.tiersByName = map[string]*Tier{}
	var out []*Tier
	for i, name := range b.in.Tiers {
		t := &Tier{Name: name, GoName: "Tier" + exported(name), Rank: i}
		if _, dup := b.tiersByName[name]; dup {
			b.errs.add(at("tiers", index(i)), "list each tier once", "tier %q is listed twice", name)
			continue
		}
		b.claim(t.GoName, at("tiers", index(i)), "tier "+name, "constant")
		b.tiersByName[name] = t
		out = append(out, t)
	}
	return out
}

// index is the path element of a list index.
func index(i int) string { return fmt.Sprintf("[%d]", i) }

func (b *builder) envelopes() []*Envelope {
	b.envelopesByName = map[string]*Envelope{}
	raw := json.RawMessage(DefaultEnvelopeJSON)
	if len(b.in.Envelope) > 0 {
		raw = b.in.Envelope
	}
	b.defaultEnvelope = b.envelope(at("envelope"), "", raw)
	out := []*Envelope{b.defaultEnvelope}
	for _, e := range b.in.Envelopes {
		env := b.envelope(at("envelopes", e.Key), e.Key, e.Value)
		b.envelopesByName[e.Key] = env
		out = append(out, env)
	}
	slices.SortFunc(out[1:], func(x, y *Envelope) int { return strings.Compare(x.Name, y.Name) })
	// Parse finds the code before it knows the envelope: every envelope
	// must put it at the same place.
	for _, env := range out[1:] {
		if env.CodePath != nil && b.defaultEnvelope.CodePath != nil && !slices.Equal(env.CodePath, b.defaultEnvelope.CodePath) {
			b.errs.add(append(at("envelopes", env.Name), env.CodePath...), "put \"$code\" at "+KeyPath(b.defaultEnvelope.CodePath)+" as the default envelope does",
				"envelope %s puts the code at %s, the default envelope at %s", env.Name, KeyPath(env.CodePath), KeyPath(b.defaultEnvelope.CodePath))
		}
	}
	return out
}

// envelope parses a shape and checks it.
func (b *builder) envelope(p []string, name string, raw json.RawMessage) *Envelope {
	env := &Envelope{Name: name}
	env.Root = b.shape(p, raw)
	if env.Root == nil {
		env.Root = &Shape{}
	}
	seen := map[Field][]string{}
	seenParam := map[string][]string{}
	homes := 0
	env.Root.Walk(func(path []string, m *Member) {
		mp := append(p[:len(p):len(p)], path...)
		switch m.Kind {
		case KindField:
			if prev, ok := seen[m.Field]; ok {
				b.errs.add(mp, "place $"+m.Field.String()+" once", "$%s is placed twice, here and at %s", m.Field, KeyPath(prev))
				return
			}
			seen[m.Field] = path
			if m.Field == FieldCode {
				env.CodePath = path
			}
		case KindParam:
			if prev, ok := seenParam[m.Param]; ok {
				b.errs.add(mp, "place the param once", "$params.%s is placed twice, here and at %s", m.Param, KeyPath(prev))
				return
			}
			seenParam[m.Param] = path
		case KindParams, KindSpread:
			homes++
			env.AllParams = true
			env.Spread = env.Spread || m.Kind == KindSpread
			if homes > 1 {
				b.errs.add(mp, "keep one \"$params\" and place single params with \"$params.NAME\"", "the envelope has more than one place for all params")
			}
		}
	})
	if env.CodePath == nil {
		b.errs.add(p, `add a member "code": "$code" (any key will do)`, "the envelope does not place the code")
	}
	return env
}

// shape parses one JSON object of an envelope.
func (b *builder) shape(p []string, raw json.RawMessage) *Shape {
	var members Ordered[json.RawMessage]
	if err := json.Unmarshal(raw, &members); err != nil {
		b.errs.add(p, "write the envelope as a JSON object", "the envelope is not an object: %v", err)
		return nil
	}
	s := &Shape{}
	for _, e := range members {
		mp := append(p[:len(p):len(p)], e.Key)
		if msg := keyProblem(e.Key); msg != "" {
			b.errs.add(mp, "name the key with the text clients read it by", "%s", msg)
			continue
		}
		m := &Member{Key: e.Key}
		v := bytes.TrimSpace(e.Value)
		switch {
		case e.Key == "$params":
			if string(v) != "true" {
				b.errs.add(mp, `write "$params": true to spread the params here`, "the key $params takes true, not %s", v)
				continue
			}
			m.Kind = KindSpread
		case len(v) > 0 && v[0] == '{':
			m.Kind = KindObject
			if m.Object = b.shape(mp, v); m.Object == nil {
				continue
			}
		case len(v) > 0 && v[0] == '"':
			var str string
			json.Unmarshal(v, &str)
			if !b.marker(mp, m, str) {
				continue
			}
		default:
			b.checkNumbers(mp, v)
			var buf bytes.Buffer
			json.Compact(&buf, v)
			m.Kind, m.Const = KindConst, buf.String()
		}
		s.Members = append(s.Members, m)
	}
	return s
}

// marker reads a string member of an envelope: a "$" marker or a constant.
func (b *builder) marker(p []string, m *Member, str string) bool {
	switch {
	case strings.HasPrefix(str, "$$"):
		m.Kind, m.Const = KindConst, jsonString(str[1:])
	case !strings.HasPrefix(str, "$"):
		m.Kind, m.Const = KindConst, jsonString(str)
	case str == "$params":
		m.Kind = KindParams
	case strings.HasPrefix(str, "$params."):
		m.Kind, m.Param = KindParam, str[len("$params."):]
	default:
		i := slices.Index(FieldNames[:], str[1:])
		if i < 0 {
			b.errs.add(p, markerFix(str), "unknown envelope marker %q", str)
			return false
		}
		m.Kind, m.Field = KindField, Field(i)
	}
	return true
}

// keyProblem says what is wrong with a key of an envelope, or "": it is
// empty, or it holds a control character, which a client cannot be meant
// to match.
func keyProblem(key string) string {
	if strings.TrimSpace(key) == "" {
		return fmt.Sprintf("the envelope key %q is blank", key)
	}
	for i, r := range key {
		if unicode.IsControl(r) {
			return fmt.Sprintf("the envelope key %q holds the control character %U at offset %d", key, r, utf8.RuneCountInString(key[:i]))
		}
	}
	return ""
}

// markerFix says what to write instead of an unknown envelope marker.
func markerFix(str string) string {
	const constant = " (write $$ for a constant that starts with $)"
	if head, name, ok := strings.Cut(str, "."); ok && len(Closest(head, []string{"$params"})) > 0 {
		return `did you mean "$params.` + name + `"?`
	}
	markers := []string{"$params", "$params.NAME"}
	for _, n := range FieldNames {
		markers = append(markers, "$"+n)
	}
	if m := Closest(str, markers); len(m) > 0 {
		return "did you mean " + quoteList(m) + "?" + constant
	}
	return "use one of " + quoteList(markers) + constant
}

// jsonString is s as a JSON string, with <, > and & as they are.
func jsonString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(buf.String(), "\n")
}

// envelopeNamed returns the envelope of that name, nil for "".
func (b *builder) envelopeNamed(p []string, name string) *Envelope {
	if name == "" {
		return nil
	}
	env, ok := b.envelopesByName[name]
	if !ok {
		b.errs.add(p, didYouMean("envelopes", name, keys(b.in.Envelopes)), "envelope %q is not declared", name)
	}
	return env
}

// checkEnvelopes checks each code against its envelope: every wire param
// has a place, and none lands on a key the envelope already uses.
func (b *builder) checkEnvelopes(cat *Catalog) {
	used := map[*Envelope]map[string]bool{} // params some code of the envelope has
	for _, c := range cat.Codes {
		env := c.Envelope
		if used[env] == nil {
			used[env] = map[string]bool{}
		}
		placed := env.Placed()
		for _, p := range c.Params {
			used[env][p.Name] = true
			if !p.Wire {
				continue
			}
			pp := at("codes", c.Name, "params", p.Name)
			if !placed[p.Name] && !env.AllParams {
				b.errs.add(pp, `mark it wire: false if it only fills templates, or place it with "$params" or "$params.`+p.Name+`" in the envelope`,
					"param %s has no place on the wire: the envelope%s places no params", p.Name, envName(env))
			}
		}
		if env.Spread {
			b.checkSpread(c, env)
		}
	}
	for _, env := range cat.Envelopes {
		env.Root.Walk(func(path []string, m *Member) {
			if m.Kind == KindParam && !used[env][m.Param] {
				ep := at("envelope")
				if env.Name != "" {
					ep = at("envelopes", env.Name)
				}
				b.errs.add(append(ep, path...), "name a param of a code that uses this envelope", "no code that uses this envelope has a param %q", m.Param)
			}
		})
	}
}

func envName(env *Envelope) string {
	if env.Name == "" {
		return ""
	}
	return " " + env.Name
}

// checkSpread reports a spread param whose key another member of the same
// object already has.
func (b *builder) checkSpread(c *Code, env *Envelope) {
	placed := env.Placed()
	var check func(s *Shape)
	check = func(s *Shape) {
		keys := map[string]bool{}
		spread := false
		for _, m := range s.Members {
			if m.Kind == KindSpread {
				spread = true
			} else {
				keys[m.Key] = true
			}
			if m.Kind == KindObject {
				check(m.Object)
			}
		}
		if !spread {
			return
		}
		for _, p := range c.WireParams() {
			if !placed[p.Name] && keys[p.Name] {
				b.errs.add(at("codes", c.Name, "params", p.Name), "rename the param, or place it elsewhere with \"$params."+p.Name+"\"",
					"param %s would land on the key %q, which the envelope%s already uses", p.Name, p.Name, envName(env))
			}
		}
	}
	check(env.Root)
}
