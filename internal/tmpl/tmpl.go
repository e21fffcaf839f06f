// Package tmpl is the compiled form of a catalog's templates, shared by the
// generator, which compiles them, and the runtime, which fills them in: a
// template is a string of literal text in which each placeholder is three
// bytes, a NUL, what it inserts and how. Compiled templates are data in the
// generated code, so nothing parses a template's source at run time.
package tmpl

import "strings"

// Mark starts a placeholder.
const Mark = '\x00'

// The second byte of a placeholder: a param's index (below FieldBase), an
// error field (FieldBase and above), or a literal NUL.
const (
	MaxParams  = 0x80 // params a template can refer to: indexes 0 to MaxParams-1
	FieldBase  = 0x80 // FieldBase + a field number inserts that field of the error
	LiteralNUL = 0xff // the placeholder stands for a NUL in the text
)

// Format is how a placeholder formats its value: the third byte.
type Format byte

// The formats.
const (
	Text     Format = iota // as prose: scalars as text, lists joined with ", ", objects and maps in words
	JSON                   // JSON
	And                    // a list joined as prose, "a, b and c"
	Or                     // a list joined as prose, "a, b or c"
	OrHigher               // a tier and every tier above it, "Premium or Ultimate"
)

// HasDefault is set in the format byte of a placeholder that has a
// default: its text follows the placeholder, ended by Mark and EndDefault.
const (
	HasDefault Format = 0x80
	EndDefault        = 0xfe
)

// Part is literal text or a placeholder.
type Part struct {
	Text   string // literal text, when the part is not a placeholder
	Holder bool   // the part is a placeholder
	Param  int    // the param a placeholder inserts, or -1 for a field
	Field  int    // the field a placeholder inserts, when Param is -1
	Format Format
	// Default is written in place of a param or field at its zero value
	// (an empty text, 0, false, an empty list or map), when HasDefault.
	Default    string
	HasDefault bool
}

// Encode compiles parts into a template. A param index must be below
// MaxParams.
func Encode(parts []Part) string {
	var b strings.Builder
	text := func(s string) {
		for _, r := range []byte(s) {
			if r == Mark {
				b.WriteString("\x00\xff\x00")
			} else {
				b.WriteByte(r)
			}
		}
	}
	for _, p := range parts {
		f := p.Format
		if p.HasDefault {
			f |= HasDefault
		}
		switch {
		case !p.Holder:
			text(p.Text)
			continue
		case p.Param >= 0:
			b.Write([]byte{Mark, byte(p.Param), byte(f)})
		default:
			b.Write([]byte{Mark, byte(FieldBase + p.Field), byte(f)})
		}
		if p.HasDefault {
			text(p.Default)
			b.Write([]byte{Mark, EndDefault})
		}
	}
	return b.String()
}

// SplitDefault splits the rest of a template after a placeholder whose
// format has HasDefault into the default's compiled text and what
// follows it.
func SplitDefault(rest string) (def, after string) {
	i := strings.Index(rest, string([]byte{Mark, EndDefault}))
	if i < 0 {
		return rest, ""
	}
	return rest[:i], rest[i+2:]
}

// Next splits the compiled template t into the literal text before its
// first placeholder, that placeholder's second and third bytes, and the
// rest. ok is false when t has no placeholder: text is then all of t.
func Next(t string) (text string, what byte, f Format, rest string, ok bool) {
	i := strings.IndexByte(t, Mark)
	if i < 0 || i+2 >= len(t) {
		return t, 0, 0, "", false
	}
	return t[:i], t[i+1], Format(t[i+2]), t[i+3:], true
}

// Literal reports whether t has no placeholder, and then its text.
func Literal(t string) (string, bool) {
	if strings.IndexByte(t, Mark) < 0 {
		return t, true
	}
	return "", false
}
