package errspec_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/errspec/errspec"
)

// TestSensitive shows a Sensitive every generic way: each shows
// errspec.Redacted, formatted as the verb formats a string, and the value
// stays the server's.
func TestSensitive(t *testing.T) {
	s := errspec.Sensitive("hunter2")
	for verb, want := range map[string]string{
		"%v": "[redacted]", "%s": "[redacted]", "%+v": "[redacted]",
		"%q": `"[redacted]"`, "%#v": `"[redacted]"`, "%12s": "  [redacted]",
		"%-12s|": "[redacted]  |", "%x": fmt.Sprintf("%x", "[redacted]"),
	} {
		if got := fmt.Sprintf(verb, s); got != want {
			t.Errorf("Sprintf(%q) = %q, want %q", verb, got, want)
		}
	}
	if got := fmt.Sprint(struct{ S errspec.Sensitive }{s}); got != "{[redacted]}" {
		t.Errorf("in a struct: %q", got)
	}
	data, err := json.Marshal(map[string]errspec.Sensitive{"k": s})
	if err != nil || string(data) != `{"k":"[redacted]"}` {
		t.Errorf("json: %s, %v", data, err)
	}
	text, err := s.MarshalText()
	if err != nil || string(text) != errspec.Redacted {
		t.Errorf("MarshalText: %s, %v", text, err)
	}
	var b bytes.Buffer
	slog.New(slog.NewJSONHandler(&b, nil)).Info("m", "s", s)
	slog.New(slog.NewTextHandler(&b, nil)).Info("m", "s", s)
	if strings.Contains(b.String(), "hunter2") || strings.Count(b.String(), "[redacted]") != 2 {
		t.Errorf("slog: %s", b.String())
	}
	if string(s) != "hunter2" {
		t.Errorf("the value is %q", string(s))
	}
}
