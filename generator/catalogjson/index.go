package catalogjson

import (
	"fmt"
	"slices"
	"strings"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

// RenderIndex renders the compact plain-text index of a catalog for
// agents, in the style of llms.txt: a title, the catalog's summary, how to
// read an error, and one line per code with its meaning, category, HTTP
// status, retry class and docs URL; then one line per category and per
// tier feature. notice is written first as an HTML comment. Catalog text
// is written as it is, each value on one line (runs of white space as one
// space); Markdown is not escaped, as the reader is a model, not a
// Markdown renderer. Every line goes through one place that shows the
// characters that could act on a terminal or hide the text around them
// as escapes (textsafe.Show), and link targets are percent-encoded where
// a Markdown link could not hold them.
func RenderIndex(cat *model.Catalog, notice string) []byte {
	var b strings.Builder
	line := func(format string, args ...any) { b.WriteString(textsafe.Show(fmt.Sprintf(format, args...)) + "\n") }
	if notice != "" {
		line("<!-- %s -->", notice)
	}
	line("# %s", oneLine(cat.Title))
	if cat.Version != "" {
		line("")
		line("Version %s.", cat.Version)
	}
	if summary := firstParagraph(cat.Description); summary != "" {
		line("")
		line("> %s", summary)
	}
	line("")
	if env := defaultEnvelope(cat); env != nil {
		shapes := otherShapes(cat)
		most := "Errors"
		if len(shapes) > 0 {
			most = "Most errors"
		}
		line("%s are JSON objects with %s.", most, keysOf(env))
		for _, e := range shapes {
			line("Errors of the codes marked shape %s are JSON objects with %s.", e.Name, keysOf(e))
		}
	}
	var how []string
	if k := fieldKey(cat, model.FieldRetryable); k != "" {
		how = append(how, "when "+k+" is false, change the call before sending it again")
	}
	if k := fieldKey(cat, model.FieldSuggestion); k != "" {
		how = append(how, k+" says what to do")
	}
	if len(how) > 0 {
		line("To act on an error: %s.", strings.Join(how, "; "))
	}
	line("Retry classes: never (do not retry), after_fix (change the call, then retry), after_delay (wait, then repeat the call), safe (repeat at once).")
	if u := cat.ReferenceURL(); u != "" {
		line("Full reference: %s", textsafe.URL(u))
	}

	line("")
	line("## Codes")
	line("")
	for _, c := range cat.Codes {
		facts := []string{}
		if c.Category != nil {
			facts = append(facts, "Category "+c.Category.Name)
		}
		facts = append(facts, fmt.Sprintf("HTTP %d", c.HTTPStatus))
		facts = append(facts, retryFacts(c.Retry, c.RetryAfter, c.Retries)...)
		if c.Envelope != nil && c.Envelope != defaultEnvelope(cat) {
			facts = append(facts, "shape "+c.Envelope.Name)
		}
		if d := c.Deprecated; d != nil {
			if d.Use != nil {
				facts = append(facts, "deprecated: use "+d.Use.Name)
			} else {
				facts = append(facts, "deprecated")
			}
		}
		text := sentence(oneLine(c.Title)) + " " + strings.Join(facts, ", ") + "."
		if s := c.Suggestion.Source; s != "" {
			text += " Suggestion: " + oneLine(s)
		}
		line("- %s: %s", link(c.Name, c.DocsURL), text)
	}

	line("")
	line("## Categories")
	line("")
	for _, c := range cat.Categories {
		text := sentence(oneLine(c.Description))
		if c.Parent != nil {
			text += " Inside " + c.Parent.Name + "."
		}
		facts := append([]string{fmt.Sprintf("Default HTTP %d", c.HTTPStatus)}, retryFacts(c.Retry, c.RetryAfter, c.Retries)...)
		line("- %s: %s %s.", link(c.Name, cat.SectionURL(c.Anchor)), text, strings.Join(facts, ", "))
	}

	if len(cat.Features) > 0 {
		line("")
		line("## Tier requirements")
		line("")
		if len(cat.Tiers) > 0 {
			var tiers []string
			for _, t := range cat.Tiers {
				tiers = append(tiers, oneLine(t.Name))
			}
			line("Tiers, lowest first: %s; a feature of a tier is part of every tier above it.", strings.Join(tiers, ", "))
			line("")
		}
		for _, f := range cat.Features {
			var tools []string
			for _, r := range f.Tools {
				tools = append(tools, r.String())
			}
			text := oneLine(f.Name)
			if f.Tier != nil {
				text += " needs " + f.Tier.Name
				if f.Tier.Rank < len(cat.Tiers)-1 {
					text += " or higher"
				}
			}
			text += "; tools " + strings.Join(tools, ", ")
			var alts []string
			for _, a := range f.Alternatives {
				alt := oneLine(a.Action)
				if a.AvailableOn != "" {
					alt += " (" + oneLine(a.AvailableOn) + ")"
				}
				alts = append(alts, alt)
			}
			if len(alts) > 0 {
				text += "; alternatives: " + strings.Join(alts, "; ")
			}
			line("- %s: %s.", link(f.Key, cat.SectionURL(f.Anchor)), text)
		}
	}
	return []byte(b.String())
}

// link writes a name as a Markdown link to url, or the name alone; a URL
// that may not be a live link (textsafe.LinkSafe) follows the name in
// parentheses as text.
func link(name, url string) string {
	switch {
	case url == "":
		return name
	case !textsafe.LinkSafe(url):
		return name + " (" + oneLine(url) + ")"
	}
	return "[" + name + "](" + textsafe.URL(url) + ")"
}

func defaultEnvelope(cat *model.Catalog) *model.Envelope {
	if len(cat.Envelopes) == 0 {
		return nil
	}
	return cat.Envelopes[0]
}

// otherShapes returns the envelopes other than the default that codes
// use, in the catalog's order.
func otherShapes(cat *model.Catalog) []*model.Envelope {
	var out []*model.Envelope
	for _, e := range cat.Envelopes[1:] {
		if slices.ContainsFunc(cat.Codes, func(c *model.Code) bool { return c.Envelope == e }) {
			out = append(out, e)
		}
	}
	return out
}

// keysOf says what an envelope holds: its keys that hold values, each
// with what it holds where the key is named otherwise (error (message),
// details (params)) and the value of a constant (ok (always false)), and
// where it spreads the params (the other params, where some have keys of
// their own).
func keysOf(env *model.Envelope) string {
	var keys []string
	spread, placed := "", false
	env.Root.Walk(func(path []string, m *model.Member) {
		name := ""
		switch m.Kind {
		case model.KindObject:
			return
		case model.KindSpread:
			spread = " as keys of the object itself"
			if len(path) > 1 {
				spread = " as keys of " + model.KeyPath(path[:len(path)-1])
			}
			return
		case model.KindConst:
			keys = append(keys, model.KeyPath(path)+" (always "+m.Const+")")
			return
		case model.KindField:
			name = m.Field.String()
		case model.KindParams:
			name = "params"
		case model.KindParam:
			name, placed = m.Param, true
		}
		k := model.KeyPath(path)
		if name != "" && name != path[len(path)-1] {
			if m.Kind == model.KindParam {
				name = "param " + name
			}
			k += " (" + name + ")"
		}
		keys = append(keys, k)
	})
	switch {
	case spread == "":
	case placed:
		spread = ", and the other params" + spread
	default:
		spread = ", and the params" + spread
	}
	return "the keys " + strings.Join(keys, ", ") + spread
}

// fieldKey returns the dotted key path of a field in the default wire
// shape, or "".
func fieldKey(cat *model.Catalog, f model.Field) string {
	env := defaultEnvelope(cat)
	if env == nil {
		return ""
	}
	return model.KeyPath(env.FieldPath(f))
}

// oneLine collapses white space, newlines included, to single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// firstParagraph returns the first paragraph of Markdown text on one line.
func firstParagraph(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	p, _, _ := strings.Cut(s, "\n\n")
	return oneLine(p)
}

// sentence ends s with a full stop unless it ends with punctuation.
func sentence(s string) string {
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?:;") {
		return s
	}
	return s + "."
}

// retryFacts says what a client should do about an error of a code, or of
// a category's codes: the retry class, the seconds to wait before a retry
// after a delay, and how many times to retry.
func retryFacts(retry model.Retry, after, retries int) []string {
	facts := []string{"retry " + string(retry)}
	if after > 0 && retry == model.RetryAfterDelay {
		facts = append(facts, fmt.Sprintf("after %ds", after))
	}
	if retries > 0 {
		facts = append(facts, model.RetryTimes(retries))
	}
	return facts
}
