package model

import (
	"cmp"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// initialisms are written in one case in Go names, as Go's own style does.
var initialisms = map[string]bool{
	"ACL": true, "API": true, "ASCII": true, "CPU": true, "CSS": true, "DNS": true,
	"EOF": true, "GUID": true, "HTML": true, "HTTP": true, "HTTPS": true, "ID": true,
	"IID": true, "IP": true, "JSON": true, "JWT": true, "LLM": true, "MCP": true,
	"OS": true, "QPS": true, "RAM": true, "RPC": true, "SHA": true, "SLA": true,
	"SMTP": true, "SQL": true, "SSH": true, "TCP": true, "TLS": true, "TTL": true,
	"UDP": true, "UI": true, "UID": true, "URI": true, "URL": true, "UTF8": true,
	"UUID": true, "VM": true, "XML": true, "XSRF": true, "XSS": true, "YAML": true,
}

// words splits a catalog name (snake_case, SCREAMING_SNAKE, kebab or
// camelCase) into its words.
func words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case r == '_' || r == '-' || r == '.' || r == ' ':
			flush()
		case unicode.IsUpper(r) && len(cur) > 0 &&
			(unicode.IsLower(cur[len(cur)-1]) || unicode.IsDigit(cur[len(cur)-1]) ||
				(i+1 < len(rs) && unicode.IsLower(rs[i+1]))):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}

// exported converts a catalog name to an exported Go identifier:
// MISSING_REQUIRED_FIELD and missing_required_field give
// MissingRequiredField, docs_url gives DocsURL.
func exported(name string) string {
	var b strings.Builder
	for _, w := range words(name) {
		up := strings.ToUpper(w)
		if initialisms[up] {
			b.WriteString(up)
			continue
		}
		rs := []rune(strings.ToLower(w))
		rs[0] = unicode.ToUpper(rs[0])
		b.WriteString(string(rs))
	}
	return b.String()
}

// unexported converts a catalog name to an unexported Go identifier:
// missing_fields gives missingFields, url gives url, docs_url gives docsURL.
func unexported(name string) string {
	ws := words(name)
	if len(ws) == 0 {
		return ""
	}
	first := strings.ToLower(ws[0])
	return first + exported(strings.Join(ws[1:], "_"))
}

// argName returns the constructor argument of a param: its unexported Go
// name, with "_" after it when that name is reserved (type_, len_, opts_),
// as protobuf-go names a field that would be a keyword. Only the Go
// argument changes: the param keeps its name on the wire, in the params
// struct and in the docs, so a catalog need not rename a wire field that
// happens to be spelled like a Go keyword. No other argument can end in
// "_": unexported drops underscores.
func argName(name string) string {
	arg := unexported(name)
	if reservedArgName(arg) != "" {
		arg += "_"
	}
	return arg
}

// reservedArgName says why a constructor argument must not take name, or
// returns "": Go's keywords, its predeclared identifiers and the names a
// constructor's signature or body uses, any of which the argument would
// shadow.
func reservedArgName(name string) string {
	if token.IsKeyword(name) {
		return "a Go keyword"
	}
	switch name {
	case "bool", "byte", "complex64", "complex128", "error", "float32", "float64",
		"int", "int8", "int16", "int32", "int64", "rune", "string",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "any", "comparable",
		"true", "false", "iota", "nil",
		"append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len",
		"make", "max", "min", "new", "panic", "print", "println", "real", "recover":
		return "a predeclared Go identifier"
	case "opts", "newError":
		return "a name the generated constructor uses itself"
	case "errspec":
		// A constructor's body names the runtime package
		// (errspec.Sensitive for a sensitive param), which the argument
		// would hide.
		return "the runtime package the generated constructor uses"
	}
	return ""
}

// Anchor returns the Markdown heading anchor of a name or a heading's
// text, as GitHub and most static site generators compute it: lower case,
// spaces to hyphens, and of the rest only letters, marks, digits and
// connectors such as _ kept. A mark is part of the word it is written in
// (the vowel signs of Hindi, Arabic's short vowels, an accent written as
// a combining character), and İ lowercases, as in Unicode, to i with its
// combining dot above, which Go's lower case drops.
func Anchor(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.ReplaceAll(s, "İ", "i\u0307")) {
		switch {
		case r == ' ' || r == '-':
			b.WriteByte('-')
		case unicode.In(r, unicode.L, unicode.M, unicode.Nd, unicode.Nl, unicode.Pc):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Closest returns the candidates nearest to name by edit distance (a
// swap of two neighbouring letters counts as one edit), at most three,
// nearest first; only candidates within a third of name's length, and at
// least one edit, count.
func Closest(name string, candidates []string) []string {
	type scored struct {
		s string
		d int
	}
	var best []scored
	limit := max(1, (len(name)+1)/3)
	for _, c := range candidates {
		d := editDistance(strings.ToLower(name), strings.ToLower(c))
		if d > limit {
			continue
		}
		i := len(best)
		for i > 0 && best[i-1].d > d {
			i--
		}
		best = append(best, scored{})
		copy(best[i+1:], best[i:])
		best[i] = scored{c, d}
	}
	var out []string
	for i := 0; i < len(best) && i < 3; i++ {
		out = append(out, best[i].s)
	}
	return out
}

// SameWords returns the candidates that are name with words added or
// left out, words parted by _ or -, case aside: internal for
// internal_error, NOT_FOUND_ERROR for not_found, where a word too many or
// too few is more edits than Closest counts; at most three, in the
// candidates' order. A name and a candidate must share a word, and every
// word of the shorter must be one of the longer's.
func SameWords(name string, candidates []string) []string {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '_' || r == '-' })
	}
	have := words(name)
	if len(have) == 0 {
		return nil
	}
	var out []string
	for _, c := range candidates {
		cw := words(c)
		short, long := have, cw
		if len(short) > len(long) {
			short, long = long, short
		}
		if len(short) == 0 || len(short) == len(long) {
			continue
		}
		all := true
		for _, w := range short {
			if !slices.Contains(long, w) {
				all = false
				break
			}
		}
		if all && len(out) < 3 {
			out = append(out, c)
		}
	}
	return out
}

// ClosestCodes returns the codes whose names are nearest to name, for "did
// you mean" messages.
func (c *Catalog) ClosestCodes(name string) []string {
	names := make([]string, len(c.Codes))
	for i, code := range c.Codes {
		names[i] = code.Name
	}
	return Closest(name, names)
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// didYouMean formats a suggestion from closest matches, or says what exists.
func didYouMean(what, name string, candidates []string) string {
	candidates = unique(candidates)
	if m := Closest(name, candidates); len(m) > 0 {
		return "did you mean " + quoteList(m) + "?"
	}
	if m := SameWords(name, candidates); len(m) > 0 {
		return "did you mean " + quoteList(m) + "?"
	}
	if len(candidates) == 0 {
		return "declare it under " + what
	}
	if len(candidates) > 8 {
		candidates = append(candidates[:8:8], "…")
	}
	return "use one of " + quoteList(candidates) + ", or declare it under " + what
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		if s == "…" {
			q[i] = s
			continue
		}
		q[i] = `"` + s + `"`
	}
	return strings.Join(q, ", ")
}

// unique returns ss without repeats, in order.
func unique(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// TypesFix is how to fix a param type errspec does not know.
const TypesFix = "use string, int, bool, float, tier, object, []T or map[string]T"

// typeNames are the names of the param types, and the names other
// languages and JSON Schema give them, in lower case.
var typeNames = map[string]string{
	"string": "string", "str": "string", "text": "string",
	"int": "int", "integer": "int", "int32": "int", "int64": "int", "long": "int", "uint": "int",
	"int8": "int", "int16": "int", "uint8": "int", "uint16": "int", "uint32": "int", "uint64": "int",
	"uintptr": "int", "byte": "int", "rune": "int",
	"float": "float", "number": "float", "float32": "float", "float64": "float", "double": "float", "decimal": "float",
	"bool": "bool", "boolean": "bool",
	"tier":   "tier",
	"object": "object", "struct": "object", "record": "object",
}

// TypeFix says how to fix the param type src, which errspec does not
// know: the type meant, when src names one as another language or JSON
// Schema does (integer, []number, map[string]boolean), and the types.
//
// A type written as Go writes it is told as such: a pointer, which Go
// uses for a value that may be absent (*string: a param with optional:
// true), []byte (a string), and any or interface{} (a param has one
// type).
func TypeFix(src string) string {
	if t := suggestType(src); t != "" && t != src {
		if strings.Contains(src, "*") {
			return "did you mean " + t + "? a param is never a pointer: one that may be left out is written optional: true; " + TypesFix
		}
		return "did you mean " + t + "? " + TypesFix
	}
	if i := strings.LastIndex(src, "]"); i >= 0 && goAny(src[i+1:]) && containers(src[:i+1]) {
		return "a list or map holds values of one type, which any and interface{} do not say: give it, such as " + src[:i+1] + "string, or " + src[:i+1] + "object for objects with their fields; " + TypesFix
	}
	if goAny(src) {
		return "a param has one type, which any and interface{} do not say: declare an object with its fields as object, or send the value as a string; " + TypesFix
	}
	switch name := strings.ToLower(src); {
	case listNames[name]:
		return "write a list as []T, with the type of its elements, such as []string; " + TypesFix
	case mapNames[name]:
		return "write a map as map[string]T, with the type of its values, such as map[string]string, or an object with its fields as object; " + TypesFix
	}
	return TypesFix
}

// suggestType returns the type src names, or "": also a list or a map
// as other languages write one (string[], list[string], Array<int>,
// dict[str, int], Map<String, Integer>).
func suggestType(src string) string {
	if src == "[]byte" || src == "*[]byte" {
		return "string" // Go's bytes; encoding/json writes them as a string
	}
	src = strings.TrimPrefix(src, "*") // a Go pointer: the type it points to
	for _, prefix := range []string{"[]", "map[string]"} {
		if rest, ok := strings.CutPrefix(src, prefix); ok {
			if t := suggestType(rest); t != "" {
				return prefix + t
			}
			return ""
		}
	}
	if m := foreignContainer.FindStringSubmatch(strings.TrimSpace(src)); m != nil {
		kind, args := strings.ToLower(cmp.Or(m[1], m[3])), cmp.Or(m[2], m[4])
		if kind == "" {
			kind, args = "list", m[5] // T[]
		}
		elems := strings.Split(args, ",")
		switch t := suggestType(strings.TrimSpace(elems[len(elems)-1])); {
		case t == "":
		case listNames[kind] && len(elems) == 1:
			return "[]" + t
		case mapNames[kind] && len(elems) == 2 && suggestType(strings.TrimSpace(elems[0])) == "string":
			return "map[string]" + t
		}
		return ""
	}
	return typeNames[strings.ToLower(src)]
}

// containers reports whether src is list and map types of errspec, []
// and map[string], one in another: what may come before an element type.
func containers(src string) bool {
	for src != "" {
		rest, ok := strings.CutPrefix(src, "[]")
		if !ok {
			if rest, ok = strings.CutPrefix(src, "map[string]"); !ok {
				return false
			}
		}
		src = rest
	}
	return true
}

// goAny reports whether src is Go's type of any value.
func goAny(src string) bool {
	src = strings.TrimPrefix(strings.TrimSpace(src), "*")
	return src == "any" || strings.ReplaceAll(src, " ", "") == "interface{}"
}

// foreignContainer matches a list or map type as other languages write
// it: NAME[ARGS], NAME<ARGS> or T[].
var foreignContainer = regexp.MustCompile(`^(?:([A-Za-z]+)\[([^\[\]]+)\]|([A-Za-z]+)<([^<>]+)>|([A-Za-z0-9]+)\[\])$`)

// listNames and mapNames are the names other languages give list and map
// types, in lower case.
var (
	listNames = map[string]bool{"list": true, "array": true, "sequence": true, "seq": true, "set": true, "vec": true, "slice": true, "iterable": true}
	mapNames  = map[string]bool{"map": true, "dict": true, "record": true, "hashmap": true, "object": true, "mapping": true}
)
