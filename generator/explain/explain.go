// Package explain renders the documentation of one code for a terminal,
// as errspec explain prints it: plain text that reads at 80 columns, with
// the facts a caller needs first (category, HTTP status, retry, docs URL),
// then when to expect the code, its templates, params, example, and the
// features and alternatives of a tier error.
package explain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/mdline"
	"github.com/errspec/errspec/internal/textsafe"
)

// Width is the column the text is wrapped at.
const Width = 80

// Text renders a code of a catalog for a terminal. Every line is at most
// Width columns (see columns), except a word, a line of example JSON, and
// a line of a description's code or table, kept as it is, longer than
// that.
// The text holds no character that could act on a terminal or hide what
// is around it: every line goes through writer.line, which shows each
// such character as an escape (textsafe.Show).
func Text(cat *model.Catalog, c *model.Code) string {
	w := &writer{cat: cat, codes: codeURLs(cat)}
	for _, t := range cat.Tiers {
		w.tiers = append(w.tiers, t.Name)
	}
	title := c.Name
	if c.Title != "" {
		title += ": " + oneLine(c.Title)
	}
	w.para("", "", title)
	w.blank()

	w.fact("Category", category(c))
	w.fact("HTTP status", status(c.HTTPStatus))
	w.fact("Retryable", Retry(c.Retryable, c.Retry, c.RetryAfter, c.Retries))
	if c.DocsURL != "" {
		w.fact("Docs", c.DocsURL)
	}
	if d := c.Deprecated; d != nil {
		text := "yes"
		if d.Since != "" {
			text = "since " + oneLine(d.Since)
		}
		if d.Use != nil {
			text += "; use " + d.Use.Name + " instead"
		}
		w.fact("Deprecated", text)
	}
	if rs := cat.ReplacedBy(c); len(rs) > 0 {
		w.fact("Replaces", names(rs)+" (deprecated)")
	}

	if c.Description != "" || cat.RoleOf(c) != "" {
		w.heading("When to expect it")
		if c.Description != "" {
			w.markdown(c.Description)
		}
		if role := roleText(cat.RoleOf(c)); role != "" {
			if c.Description != "" {
				w.blank()
			}
			w.para("  ", "  ", role)
		}
	}

	w.heading("Message" + sentAt(c.Envelope, model.FieldMessage))
	w.para("  ", "  ", c.Message.Source)
	if s := c.Detail.Source; s != "" {
		w.heading("Detail" + sentAt(c.Envelope, model.FieldDetail))
		w.para("  ", "  ", s)
	}
	if s := c.Suggestion.Source; s != "" {
		w.heading("Suggestion" + sentAt(c.Envelope, model.FieldSuggestion))
		w.para("  ", "  ", s)
	}
	if s := c.ErrorText.Source; s != "" {
		w.heading("Error text, for logs (not sent)")
		w.para("  ", "  ", s)
	}

	if len(c.Params) > 0 {
		h := "Params"
		if !slices.ContainsFunc(c.Params, func(p *model.Param) bool { return p.Wire }) {
			h += " (none sent: they only fill the templates)"
		} else if home, ok := paramsHome(c.Envelope); ok {
			if home == "" {
				h += " (on the wire, keys of the error object)"
			} else {
				h += " (on the wire, in " + home + ")"
			}
		}
		w.heading(h)
		w.params(c.Params, c.Envelope, "  ", true)
	}

	for i, ex := range c.Examples {
		h := "Example"
		if len(c.Examples) > 1 {
			h = fmt.Sprintf("Example %d", i+1)
		}
		w.heading(h)
		for _, v := range ex.Values {
			// On one line as it is: filled, a string's spaces would be
			// lost or its value cut in two.
			w.line("  " + v.Param.Name + ": " + string(v.CompactJSON()))
		}
		if ex.Detail != "" {
			w.para("  ", "      ", "detail: "+oneLine(ex.Detail))
		}
		if ex.HTTPStatus != 0 {
			w.para("  ", "      ", "HTTP status: "+status(ex.HTTPStatus))
		}
		if len(ex.Values) > 0 || ex.Detail != "" || ex.HTTPStatus != 0 {
			w.blank()
		}
		var b bytes.Buffer
		if json.Indent(&b, ex.JSON, "  ", "  ") == nil {
			w.line("  " + b.String())
		}
	}

	if cat.RoleOf(c) == model.RoleTierRestricted && len(cat.Features) > 0 {
		w.heading("Features and their alternatives")
		for _, f := range cat.Features {
			tier := ""
			if f.Tier != nil {
				tier = " (" + f.Tier.Name + ")"
			}
			var tools []string
			for _, r := range f.Tools {
				tools = append(tools, r.String())
			}
			w.para("  ", "    ", oneLine(f.Name)+tier+": "+strings.Join(tools, ", "))
			for _, a := range f.Alternatives {
				text := oneLine(a.Action)
				if a.AvailableOn != "" {
					text += " (" + oneLine(a.AvailableOn) + ")"
				}
				if a.Description != "" {
					text += ": " + oneLine(a.Description)
				}
				w.para("    - ", "      ", text)
			}
		}
		if cat.UpgradeURL != "" {
			w.blank()
			w.para("  ", "  ", "Upgrade: "+cat.UpgradeURL)
		}
	}
	return w.String()
}

// Retry says, as a phrase, what a client should do about an error.
func Retry(retryable bool, class model.Retry, after, retries int) string {
	yes := "no"
	if retryable {
		yes = "yes"
	}
	var how string
	switch class {
	case model.RetryNever:
		how = "the call cannot succeed; do not send it again"
	case model.RetryAfterFix:
		how = "change the call as the suggestion says, then send it again"
	case model.RetryAfterDelay:
		wait := "briefly"
		if after == 1 {
			wait = "1 second"
		} else if after > 1 {
			wait = fmt.Sprintf("%d seconds", after)
		}
		how = "wait " + wait + ", then send the same call again"
	default:
		how = "send the same call again at once; repeating it is safe"
	}
	switch {
	case retries > 0 && (class == model.RetryAfterDelay || class == model.RetrySafe):
		how += ", " + model.RetryTimes(retries)
	case class == model.RetryAfterDelay:
		how += ", waiting twice as long each time it fails again"
	}
	return fmt.Sprintf("%s (%s): %s", yes, class, how)
}

func roleText(r model.Role) string {
	switch r {
	case model.RoleTierRestricted:
		return "The server returns it, instead of a bare 403, for a call of a tool or action that a feature of a higher tier gates."
	case model.RolePermissionDenied:
		return "The server returns it when the upstream API refuses a call (403) of a tool that no tier feature gates."
	case model.RoleNotFound:
		return "The server returns it when the upstream API answers 404, which it also does for what the caller may not see."
	case model.RoleAPIError:
		return "The server returns it when a call to the upstream API fails in a way no other code of this catalog stands for, such as a 500 from the upstream."
	case model.RoleMissingFields:
		return "The server returns it when a call leaves out a required argument of its action."
	case model.RoleInvalidAction:
		return "The server returns it when a call names an action its tool does not have."
	case model.RoleInvalidArguments:
		return "The MCP server returns it when a call's arguments do not match the tool's input schema, or hold a value that the tool cannot take."
	case model.RoleInternal:
		return "The server returns it when its handler of a tool call or of a method fails unexpectedly (a panic, which the server recovers)."
	}
	return ""
}

func category(c *model.Code) string {
	if c.Category == nil {
		return ""
	}
	text := c.Category.Name
	if as := c.Category.Ancestors(); len(as) > 0 {
		var ns []string
		for _, a := range as {
			ns = append(ns, a.Name)
		}
		text += ", inside " + strings.Join(ns, ", ")
	}
	if d := oneLine(c.Category.Description); d != "" {
		text += ": " + d
	}
	return text
}

func names(cs []*model.Code) string {
	var ns []string
	for _, c := range cs {
		ns = append(ns, c.Name)
	}
	return strings.Join(ns, ", ")
}

func status(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("%d %s", code, t)
	}
	return fmt.Sprint(code)
}

func oneLine(s string) string { return strings.Join(fields(s), " ") }

// fields splits s into its words, at white space where a line may break:
// not at a no-break space, which French writes before : ; ! ? and inside
// « », and which keeps "magasin :" on one line and the space it is.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) && !strings.ContainsRune("\u00a0\u2007\u202f", r)
	})
}

// writer builds the text.
type writer struct {
	b     strings.Builder
	tiers []string // the catalog's tiers, lowest first
	cat   *model.Catalog
	codes map[string]string // the docs URL of each code by its anchor
}

func (w *writer) String() string { return strings.TrimRight(w.b.String(), "\n") + "\n" }

// line writes a line: every line of the text comes through here, and
// leaves its hidden characters shown as escapes (textsafe.Show).
func (w *writer) line(s string) { w.b.WriteString(textsafe.Show(strings.TrimRight(s, " ")) + "\n") }

func (w *writer) blank() {
	if s := w.b.String(); !strings.HasSuffix(s, "\n\n") && s != "" {
		w.b.WriteString("\n")
	}
}

func (w *writer) heading(h string) {
	w.blank()
	w.line(h)
}

// factWidth is the width of the label column of the facts.
const factWidth = 14

func (w *writer) fact(label, text string) {
	if text == "" {
		return
	}
	lead := "  " + label + strings.Repeat(" ", max(1, factWidth-len(label)))
	w.para(lead, strings.Repeat(" ", len(lead)), text)
}

// para writes text filled to Width, the first line after first, the others
// after rest.
func (w *writer) para(first, rest, text string) {
	for _, l := range fill(first, rest, fields(text)) {
		w.line(l)
	}
}

// paramsHome returns the dotted path of the object where an envelope puts
// the params it does not place one by one ("" for the error object
// itself), and whether it has such a place.
func paramsHome(env *model.Envelope) (string, bool) {
	if env == nil || !env.AllParams {
		return "", false
	}
	p := env.ParamPath("")
	return model.KeyPath(p[:len(p)-1]), true
}

// params writes a params list: name, JSON type and whether it is
// required on one line, in columns, then its description and notes below,
// then the fields the wire carries of an object param.
func (w *writer) params(ps []*model.Param, env *model.Envelope, indent string, top bool) {
	nameWidth, typeWidth := 0, 0
	for _, p := range ps {
		nameWidth = max(nameWidth, utf8.RuneCountInString(p.Name))
		typeWidth = max(typeWidth, utf8.RuneCountInString(p.Type.JSONType()))
	}
	for _, p := range ps {
		req := "required"
		if p.Optional {
			req = "optional"
		}
		w.line(fmt.Sprintf("%s%-*s  %-*s  %s", indent, nameWidth, p.Name, typeWidth, p.Type.JSONType(), req))
		var notes []string
		if p.Doc != "" {
			notes = append(notes, oneLine(p.Doc))
		}
		if strings.Contains(p.Type.JSONType(), "tiers") && len(w.tiers) > 0 {
			notes = append(notes, "One of "+strings.Join(w.tiers, ", ")+".")
		}
		if top {
			switch {
			case !p.Wire:
				notes = append(notes, "Not sent: it only fills the templates.")
			case env != nil && env.Placed()[p.Name]:
				notes = append(notes, "Sent at "+model.KeyPath(env.ParamPath(p.Name))+".")
			}
		}
		if p.Sensitive {
			notes = append(notes, "Never echoed: "+model.Redacted+" stands in for it.")
		}
		if p.MaxLength > 0 {
			notes = append(notes, fmt.Sprintf("Cut to %d characters.", p.MaxLength))
		}
		if len(notes) > 0 {
			w.para(indent+"    ", indent+"    ", strings.Join(notes, " "))
		}
		if obj := p.Type.ElemObject(); obj != nil {
			w.params(obj.WireFields(), nil, indent+"  ", false)
		}
	}
}

// markdown writes Markdown text indented by two spaces: paragraphs, list
// items and block quotes refilled, code (fenced or indented) and the rows
// of tables as they are.
func (w *writer) markdown(s string) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "\r\n", "\n")
	var para []string
	marker, quote, inList := "", false, false
	flush := func() {
		if len(para) > 0 {
			first, rest := "  ", "  "
			switch {
			case quote:
				first, rest = "  > ", "  > "
			case marker != "":
				first, rest = "  "+marker, "  "+strings.Repeat(" ", len(marker))
			}
			w.para(first, rest, strings.Join(para, " "))
		}
		para, marker, quote = nil, "", false
	}
	fence := ""
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		indented := strings.HasPrefix(l, "    ") || strings.HasPrefix(l, "\t")
		heading, atx := mdline.ATXHeading(l)
		switch {
		case fence != "":
			w.line("  " + l)
			if mdline.ClosesFence(t, fence) {
				fence = ""
			}
		case mdline.OpensFence(t) != "":
			flush()
			fence = mdline.OpensFence(t)
			w.line("  " + l)
		case t == "":
			flush()
			w.blank()
		case indented && len(para) == 0 && !inList:
			// Indented code: as it is.
			w.line("  " + l)
		case len(para) > 0 && marker == "" && !quote && !indented && (strings.Trim(t, "=") == "" || strings.Trim(t, "-") == ""):
			// The underline of a heading, which the reference writes
			// as a paragraph: the paragraph ends, and the line goes.
			flush()
			w.blank()
		case !indented && atx:
			// A heading, which the reference writes as a paragraph of
			// its text.
			if len(para) > 0 {
				flush()
				w.blank()
			}
			para = append(para, w.links(heading))
			flush()
			w.blank()
		case strings.HasPrefix(t, "|"):
			// A table row: as it is, on a line of its own.
			flush()
			w.line("  " + w.links(t))
		case strings.HasPrefix(t, ">"):
			if !quote {
				flush()
				quote = true
			}
			para = append(para, w.links(strings.TrimSpace(t[1:])))
		case listMarker(t) != "":
			flush()
			marker, inList = listMarker(t), true
			para = append(para, w.links(strings.TrimSpace(t[len(marker):])))
		default:
			inList = inList && (indented || len(para) > 0)
			para = append(para, w.links(t))
		}
	}
	flush()
}

// codeURLs returns the docs URL of each code of the catalog by its anchor.
func codeURLs(cat *model.Catalog) map[string]string {
	urls := map[string]string{}
	for _, c := range cat.Codes {
		urls[c.Anchor] = c.DocsURL
	}
	return urls
}

// links returns a line of a description with its links to a fragment of
// the reference, [limits](#category-limit), leading to the URL of that
// section, a code's to its docs URL, where a terminal has no page for the
// fragment to be part of. Code spans are left as they are, and so is
// every link without a docs base URL.
func (w *writer) links(line string) string {
	if w.cat.DocsBaseURL == "" || !strings.Contains(line, "](#") {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); {
		switch {
		case line[i] == '`':
			n := len(line[i:]) - len(strings.TrimLeft(line[i:], "`"))
			end := i + n
			if j := mdline.ClosingRun(line, end, n); j >= 0 {
				end = j + n
			}
			b.WriteString(line[i:end])
			i = end
		case strings.HasPrefix(line[i:], "](#"):
			frag := line[i+3:]
			end := strings.IndexAny(frag, ") ")
			if end <= 0 {
				// No destination that ends, or none but #: not such a link.
				b.WriteString("](#")
				i += 3
				continue
			}
			frag = frag[:end]
			u, ok := w.codes[frag]
			if !ok {
				u = w.cat.SectionURL(frag)
			}
			b.WriteString("](" + textsafe.URL(u)) // percent-encoded, as the reference writes a destination
			i += 3 + len(frag)
		default:
			b.WriteByte(line[i])
			i++
		}
	}
	return b.String()
}

// listMarker returns the list marker a line starts with, with its space,
// or "".
func listMarker(t string) string {
	for _, m := range []string{"- ", "* ", "+ "} {
		if strings.HasPrefix(t, m) {
			return m
		}
	}
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(t) && (t[i] == '.' || t[i] == ')') && t[i+1] == ' ' {
		return t[:i+2]
	}
	return ""
}

// fill lays words out in lines of at most Width columns, the first line
// after first, the others after rest. A word of Chinese or Japanese, which
// are written without spaces, breaks where it may (see pieces); any other
// word longer than a line gets a line of its own.
func fill(first, rest string, words []string) []string {
	var lines []string
	cur := first
	empty := true
	for _, word := range words {
		for i, piece := range pieces(word) {
			sep := ""
			if i == 0 && !empty {
				sep = " "
			}
			if !empty && columns(cur)+len(sep)+columns(piece) > Width {
				lines = append(lines, cur)
				cur, empty, sep = rest, true, ""
			}
			cur += sep + piece
			empty = false
		}
	}
	return append(lines, cur)
}

// pieces splits a word where a line may break inside it: beside a wide
// character of Chinese or Japanese, as those languages wrap (Korean puts
// spaces between its words, and breaks there), but not before
// a mark that closes (、。」) nor after one that opens (「), which stay
// with the character they follow or precede.
func pieces(word string) []string {
	var out []string
	start, prev := 0, rune(-1)
	for i, r := range word {
		if prev >= 0 && (unspaced(prev) || unspaced(r)) && !closes(r) && !unicode.In(prev, unicode.Ps, unicode.Pi, unicode.Cf) {
			out = append(out, word[start:i])
			start = i
		}
		prev = r
	}
	return append(out, word[start:])
}

// wide reports whether r takes two columns of a terminal.
func wide(r rune) bool {
	k := width.LookupRune(r).Kind()
	return k == width.EastAsianWide || k == width.EastAsianFullwidth
}

// unspaced reports whether r is a wide character of a language written
// without spaces: any but Korean's.
func unspaced(r rune) bool {
	return wide(r) && !unicode.Is(unicode.Hangul, r)
}

// closes reports whether a line may not start with r: a closing mark or
// punctuation, or what goes with the character before it (a combining
// mark, a joiner or another format character, an emoji's skin tone, the
// Japanese prolonged sound mark or a small kana). Nor may a line end
// with a format character: 👩‍💻 is one picture.
func closes(r rune) bool {
	return unicode.In(r, unicode.Pe, unicode.Pf, unicode.Po, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf) ||
		'\U0001F3FB' <= r && r <= '\U0001F3FF' ||
		strings.ContainsRune("ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻", r)
}

// columns returns how many columns of a terminal s takes once written (see
// writer.line): two for a wide or fullwidth character (Chinese, Japanese,
// Korean), none for a combining mark or a joiner it keeps, the length of
// its escape for a hidden character, one for any other.
func columns(s string) int {
	n := 0
	for i, r := range s {
		switch {
		case textsafe.HiddenAt(s, i):
			n += len(textsafe.Escape(r))
		case wide(r):
			n += 2
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		default:
			n++
		}
	}
	return n
}

// sentAt says where the envelope env sends the text of field f, as the
// reference's table of templates does, when that is not under the
// field's own name: " (sent as error.hint)", or " (not sent)".
func sentAt(env *model.Envelope, f model.Field) string {
	if env == nil {
		return ""
	}
	switch path := env.FieldPath(f); {
	case path == nil:
		return " (not sent)"
	case len(path) == 1 && path[0] == f.String():
		return ""
	default:
		return " (sent as " + model.KeyPath(path) + ")"
	}
}
