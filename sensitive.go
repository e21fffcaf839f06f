package errspec

import (
	"fmt"
	"log/slog"
	"strconv"
)

// Sensitive is the Go type of a sensitive param in a generated params or
// options struct. string(s) is its value, for the server that fills it;
// every generic way of showing it shows [Redacted] instead: fmt with any
// verb (so %v and %+v of the struct that holds it), encoding/json,
// encoding.TextMarshaler and log/slog, as the wire and an error's texts
// show it.
type Sensitive string

// Format writes [Redacted] as fmt writes a string for the verb.
func (Sensitive) Format(f fmt.State, verb rune) {
	fmt.Fprintf(f, fmt.FormatString(f, verb), Redacted)
}

// MarshalJSON writes [Redacted], as the wire carries a sensitive param.
func (Sensitive) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Quote(Redacted)), nil
}

// MarshalText returns [Redacted].
func (Sensitive) MarshalText() ([]byte, error) {
	return []byte(Redacted), nil
}

// LogValue returns [Redacted] for log/slog.
func (Sensitive) LogValue() slog.Value {
	return slog.StringValue(Redacted)
}
