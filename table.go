package errspec

import (
	"fmt"
	"strconv"
	"strings"
)

// The table of a generated package is a string constant, a line a code:
// the fields of its CodeSpec but Params, in the order of the struct, each
// a Go literal (a quoted string, a decimal int, true or false) and one
// space between two. A literal never holds a backquote (written \x60), so
// the table is a raw string literal, one line a code, which the compiler
// and go vet read as one token, where a composite literal of as many rows
// cost them a tenth of their time. Catalog.init decodes it on first use.

// AppendTable appends specs to b as a generated package's table: a raw
// string literal, its first line empty and then a line a code; Params is
// not in it.
func AppendTable(b []byte, specs []CodeSpec) []byte {
	b = append(b, "`\n"...)
	for i := range specs {
		b = appendRow(b, &specs[i])
		b = append(b, '\n')
	}
	return append(b, '`')
}

// appendRow appends the line of s in a table, with no newline.
func appendRow(b []byte, s *CodeSpec) []byte {
	str := func(v string) {
		q := strconv.Quote(v)
		b = append(b, strings.ReplaceAll(q, "`", `\x60`)...)
		b = append(b, ' ')
	}
	num := func(v int) {
		b = strconv.AppendInt(b, int64(v), 10)
		b = append(b, ' ')
	}
	flag := func(v bool) {
		b = strconv.AppendBool(b, v)
		b = append(b, ' ')
	}
	str(s.Code)
	str(s.Category)
	str(s.Title)
	flag(s.Retryable)
	str(string(s.Retry))
	num(s.RetryAfter)
	num(s.Retries)
	num(s.HTTPStatus)
	str(s.DocsURL)
	flag(s.Deprecated)
	num(s.Envelope)
	str(s.Message)
	str(s.Detail)
	str(s.Suggestion)
	str(s.ErrorText)
	str(s.Order)
	return b[:len(b)-1]
}

// decodeTable decodes the text of a table that AppendTable wrote, a line a code
// (blank lines skipped), with the params types of its rows.
func decodeTable(table string, params []any) ([]CodeSpec, error) {
	specs := make([]CodeSpec, 0, len(params))
	for line := range strings.Lines(table) {
		line = strings.TrimSuffix(line, "\n")
		if line == "" {
			continue
		}
		if len(specs) == len(params) {
			return nil, fmt.Errorf("table: more rows than the %d params types", len(params))
		}
		r := rowReader{rest: line}
		s := CodeSpec{
			Code:       r.str(),
			Category:   r.str(),
			Title:      r.str(),
			Retryable:  r.flag(),
			Retry:      Retry(r.str()),
			RetryAfter: r.num(),
			Retries:    r.num(),
			HTTPStatus: r.num(),
			DocsURL:    r.str(),
			Deprecated: r.flag(),
			Envelope:   r.num(),
			Message:    r.str(),
			Detail:     r.str(),
			Suggestion: r.str(),
			ErrorText:  r.str(),
			Order:      r.str(),
			Params:     params[len(specs)],
		}
		if r.err == nil && r.rest != "" {
			r.err = fmt.Errorf("%q after the last field", r.rest)
		}
		if r.err != nil {
			return nil, fmt.Errorf("table row %d: %w", len(specs), r.err)
		}
		specs = append(specs, s)
	}
	if len(specs) != len(params) {
		return nil, fmt.Errorf("table: %d rows for %d params types", len(specs), len(params))
	}
	return specs, nil
}

// rowReader reads the literals of a row of a table in turn; after the
// first problem, it reads zero values.
type rowReader struct {
	rest string
	err  error
}

// token returns the next literal of the row: up to the next space, or for
// a quoted string, the whole string.
func (r *rowReader) token() string {
	if r.err != nil {
		return ""
	}
	var tok string
	if strings.HasPrefix(r.rest, `"`) {
		// Up to the first quote no backslash escapes; str unquotes it,
		// which checks the rest.
		end := -1
		for i := 1; i < len(r.rest) && end < 0; i++ {
			switch r.rest[i] {
			case '\\':
				i++
			case '"':
				end = i
			}
		}
		if end < 0 {
			r.err = fmt.Errorf("%q: no closing quote", r.rest)
			return ""
		}
		tok = r.rest[:end+1]
	} else {
		tok, _, _ = strings.Cut(r.rest, " ")
	}
	r.rest = r.rest[len(tok):]
	if r.rest != "" {
		if r.rest[0] != ' ' {
			r.err = fmt.Errorf("no space after %s", tok)
			return ""
		}
		r.rest = r.rest[1:]
	}
	return tok
}

func (r *rowReader) str() string {
	tok := r.token()
	if r.err != nil {
		return ""
	}
	s, err := strconv.Unquote(tok)
	if err != nil || !strings.HasPrefix(tok, `"`) {
		r.err = fmt.Errorf("%s is not a quoted string", tok)
	}
	return s
}

func (r *rowReader) num() int {
	tok := r.token()
	if r.err != nil {
		return 0
	}
	n, err := strconv.Atoi(tok)
	if err != nil {
		r.err = fmt.Errorf("%s is not an int", tok)
	}
	return n
}

func (r *rowReader) flag() bool {
	tok := r.token()
	if r.err != nil {
		return false
	}
	v, err := strconv.ParseBool(tok)
	if err != nil || (tok != "true" && tok != "false") {
		r.err = fmt.Errorf("%s is not true or false", tok)
	}
	return v
}
