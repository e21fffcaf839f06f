package model

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/errspec/errspec/internal/textsafe"
	"github.com/errspec/errspec/internal/tmpl"
)

// The longest title and template a catalog may hold, in characters: a
// title is a line, and a message, detail or suggestion a sentence or two.
// Longer ones are a description in the wrong field.
const (
	MaxTitle    = 120
	MaxTemplate = 500
)

// MaxParams is the most params a code may have: the compiled templates
// the generated code carries refer to a param by its index in a byte, of
// which the runtime reads values below tmpl.MaxParams as param indexes.
const MaxParams = tmpl.MaxParams

// MaxName is the longest name a catalog may have, in characters: the
// notice at the head of every generated file names the catalog, and
// errspec knows its own files by a notice within their first KiB.
const MaxName = 64

// textKind is the kind of a catalog text, which says what it may hold.
type textKind int

const (
	lineText     textKind = iota // a title or a name: one line
	wordText                     // a word that joins a list: one line, short
	templateText                 // a message, detail or suggestion template
	docText                      // a description or a doc: Markdown, several lines
)

// checkText checks a text of the catalog at p, what names it (the title):
// not blank (a word of lists may be spaces alone), no control characters
// but tabs and newlines (and carriage returns in descriptions), one line
// for a title and a word of lists, not over its length.
func (b *builder) checkText(p []string, what string, kind textKind, s string) {
	if s == "" {
		return
	}
	if textsafe.Blank(s) && kind != docText && !(kind == wordText && spaces(s)) {
		b.errs.add(p, "write the text, or leave the field out if it is optional", "%s is blank: it holds only white space or characters that show nothing", what)
		return
	}
	for i, r := range s {
		// The offset is counted in characters, only for a problem.
		if (kind == lineText || kind == wordText) && (r == '\n' || r == '\r') {
			fix := "put it on one line; say more in a description"
			if kind == wordText {
				fix = "write it without a line break: it goes between two elements of a list in a sentence"
			}
			b.errs.addAt(p, i, fix, "%s is one line, and this one breaks at offset %d", what, utf8.RuneCountInString(s[:i]))
			return
		}
		if isControl(r, kind) {
			b.errs.addAt(p, i, "remove it: catalog text holds no control characters but tabs and newlines",
				"%s holds the control character %U at offset %d", what, r, utf8.RuneCountInString(s[:i]))
			return
		}
	}
	if kind != docText {
		b.checkBidi(p, what, s)
	}
	n := utf8.RuneCountInString(s)
	switch {
	case kind == lineText && n > MaxTitle:
		b.errs.add(p, fmt.Sprintf("shorten it to at most %d characters; say more in a description", MaxTitle),
			"%s is %d characters long, more than the %d a title may have", what, n, MaxTitle)
	case kind == templateText && n > MaxTemplate:
		b.errs.add(p, fmt.Sprintf("shorten it to at most %d characters: say what happened in a sentence or two, and the rest in description", MaxTemplate),
			"%s is %d characters long, more than the %d a template may have", what, n, MaxTemplate)
	}
}

// checkBidi rejects, at p, a text that leaves a bidirectional override,
// embedding or isolate open (textsafe.BidiOpen): a title, a template, a
// name or a word of lists goes on the wire and into the error's Error
// text with what follows it (a param's value, the error's cause, the rest
// of the message), which a terminal, a log viewer or a client's screen
// would show reversed or reordered up to the end of the line.
func (b *builder) checkBidi(p []string, what, s string) {
	i := textsafe.BidiOpen(s)
	if i < 0 {
		return
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	kind, closer := "override", "U+202C"
	switch r {
	case '\u202a', '\u202b':
		kind = "embedding"
	case '\u2066', '\u2067', '\u2068':
		kind, closer = "isolate", "U+2069"
	}
	b.errs.addAt(p, i, fmt.Sprintf("close it with %s where the text it directs ends, or remove it", closer),
		"%s leaves the bidirectional %s %U at offset %d open: what follows the text on a line (a param's value, the error's cause) would show reversed or out of order",
		what, kind, r, utf8.RuneCountInString(s[:i]))
}

// spaces reports whether s is spaces alone, of any width, which join a
// list in a language that parts its elements with a space, as Thai's
// separator " " does: a word of lists, not a blank one.
func spaces(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Zs, r) {
			return false
		}
	}
	return true
}

// spacedScripts are the scripts that part words with spaces and write a
// conjunction as a word of its own: a word of lists in them that starts
// or ends with a letter glues it to the element beside it. Arabic's and
// Hebrew's and is written onto the element after it (" و", " ו"), Korean's
// 와 onto the element before it ("와 "), and Chinese, Japanese and Thai
// part no words with spaces, so they are not among them.
var spacedScripts = []*unicode.RangeTable{unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Georgian, unicode.Devanagari}

// checkListWord checks that a word of lists that starts or ends with a
// letter of a script of spacedScripts has a space on that side: "et"
// would join titre, corps and auteur as "titre, corpsetauteur".
func (b *builder) checkListWord(p []string, what, s string) {
	if s == "" || textsafe.Blank(s) {
		return
	}
	first, _ := utf8.DecodeRuneInString(s)
	// The last letter, before the combining marks that belong to it (và
	// written v, a and a combining grave accent).
	last := utf8.RuneError
	for _, r := range s {
		if !unicode.Is(unicode.M, r) {
			last = r
		}
	}
	glued := func(r rune) bool { return unicode.IsLetter(r) && unicode.In(r, spacedScripts...) }
	if !glued(first) && !glued(last) {
		return
	}
	fixed := s
	if glued(first) {
		fixed = " " + fixed
	}
	if glued(last) {
		fixed += " "
	}
	example := "a" + s + "b"
	b.errs.add(p, fmt.Sprintf("write it as it goes between two elements, spaces included: %q", fixed),
		"%s, %q, goes between two elements of a list as it is written, and glues them to it: %q", what, s, example)
}

// isControl reports whether r is a control character a text of the kind
// must not hold: an escape sequence in a message would reach a terminal
// through the error's text, and a NUL cannot go in a Go comment.
func isControl(r rune, kind textKind) bool {
	switch r {
	case '\t', '\n':
		return false
	case '\r':
		return kind != docText
	}
	return unicode.IsControl(r)
}

// checkTexts checks every text of the catalog.
func (b *builder) checkTexts() {
	in := b.in
	if n := utf8.RuneCountInString(in.Name); n > MaxName {
		b.errs.add(at("name"), fmt.Sprintf("shorten it to at most %d characters", MaxName),
			"the catalog's name is %d characters long, more than the %d a name may have: the notice of every file errspec generates names the catalog", n, MaxName)
	}
	b.checkText(at("title"), "the catalog's title", lineText, in.Title)
	b.checkText(at("description"), "the catalog's description", docText, in.Description)
	b.checkText(at("error_text"), "the error text template", templateText, in.ErrorText)
	for _, w := range []struct{ key, what, word string }{
		{"separator", "the separator of lists", in.Lists.Separator},
		{"and", `the word for "and" of lists`, in.Lists.And},
		{"or", `the word for "or" of lists`, in.Lists.Or},
	} {
		b.checkText(at("lists", w.key), w.what, wordText, w.word)
		b.checkListWord(at("lists", w.key), w.what, w.word)
	}
	for _, e := range in.Categories {
		b.checkText(at("categories", e.Key, "description"), "the description", docText, e.Value.Description)
	}
	for _, e := range in.Codes {
		p := at("codes", e.Key)
		c := e.Value
		b.checkText(append(p, "title"), "the title", lineText, c.Title)
		b.checkText(append(p, "description"), "the description", docText, c.Description)
		b.checkText(append(p, "message"), "the message template", templateText, c.Message)
		b.checkText(append(p, "detail"), "the detail template", templateText, c.Detail)
		b.checkText(append(p, "suggestion"), "the suggestion template", templateText, c.Suggestion)
		b.checkText(append(p, "error_text"), "the error text template", templateText, c.ErrorText)
		b.checkParamDocs(append(p, "params"), c.Params)
		if d := c.Deprecated; d != nil {
			b.checkText(append(p, "deprecated", "since"), "since", lineText, d.Since)
		}
	}
	for _, e := range in.Features {
		p := at("features", e.Key)
		b.checkText(append(p, "name"), "the feature's name", lineText, e.Value.Name)
		for i, a := range e.Value.Alternatives {
			ap := append(p, "alternatives", index(i))
			b.checkText(append(ap, "action"), "the alternative's action", lineText, a.Action)
			b.checkText(append(ap, "description"), "the alternative's description", docText, a.Description)
			// It goes on the wire, and into the message, with the
			// alternatives of the tier error.
			b.checkBidi(append(ap, "description"), "the alternative's description", a.Description)
		}
	}
	for _, e := range in.Tools {
		b.checkText(at("tools", e.Key, "description"), "the tool's description", docText, e.Value.Description)
	}
}

func (b *builder) checkParamDocs(p []string, params Ordered[InputParam]) {
	for _, e := range params {
		pp := append(p[:len(p):len(p)], e.Key)
		b.checkText(append(pp, "doc"), "the doc", docText, e.Value.Doc)
		b.checkParamDocs(append(pp, "fields"), e.Value.Fields)
	}
}
