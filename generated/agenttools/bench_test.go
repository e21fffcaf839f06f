package agenttools_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/errspec/errspec/generated/agenttools"
)

// The benchmarks compare the generated code with what a service would
// write by hand: a struct with encoding/json tags of the same shape as
// the wire format of RATE_LIMITED, built with string concatenation,
// matched with errors.As and a comparison, looked up in a map.

// handError is a hand-written error of the same shape as the wire format
// of the catalog's default envelope.
type handError struct {
	Code       string           `json:"code"`
	Category   string           `json:"category"`
	Message    string           `json:"message"`
	Detail     string           `json:"detail,omitempty"`
	Suggestion string           `json:"suggestion,omitempty"`
	Retryable  bool             `json:"retryable"`
	DocsURL    string           `json:"docs_url,omitempty"`
	Params     *handRateLimited `json:"params,omitempty"`
}

// handRateLimited are the params of RATE_LIMITED, by hand.
type handRateLimited struct {
	Limit             int    `json:"limit"`
	Window            string `json:"window"`
	RetryAfterSeconds int    `json:"retry_after_seconds"`
}

func (e *handError) Error() string { return e.Code + ": " + e.Message }

// newHandRateLimited builds RATE_LIMITED by hand.
func newHandRateLimited(limit int, window string, retryAfterSeconds int) *handError {
	return &handError{
		Code:       "RATE_LIMITED",
		Category:   "limit",
		Message:    "Rate limit of " + strconv.Itoa(limit) + " requests per " + window + " reached",
		Suggestion: "Wait " + strconv.Itoa(retryAfterSeconds) + " seconds before calling again.",
		Retryable:  true,
		DocsURL:    "https://docs.example.com/errors#rate_limited",
		Params:     &handRateLimited{Limit: limit, Window: window, RetryAfterSeconds: retryAfterSeconds},
	}
}

// handInfo is the metadata of a code, by hand, in a map built at init.
type handInfo struct {
	Category   string
	Retryable  bool
	HTTPStatus int
}

var handInfos = map[string]handInfo{
	"RATE_LIMITED":      {"limit", true, 429},
	"PAYLOAD_TOO_LARGE": {"limit", false, 413},
	"INTERNAL_ERROR":    {"internal", true, 500},
}

var (
	sinkErr   error
	sinkBytes []byte
	sinkStr   string
	sinkBool  bool
	sinkInfo  agenttools.Info
	sinkHand  handInfo
)

func BenchmarkConstruct(b *testing.B) {
	b.Run("errspec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = agenttools.NewRateLimited(600, "minute", 17)
		}
	})
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = newHandRateLimited(600, "minute", 17)
		}
	})
	b.Run("errspec_no_params", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr = agenttools.NewInternalError()
		}
	})
}

func BenchmarkError(b *testing.B) {
	e, h := agenttools.NewRateLimited(600, "minute", 17), newHandRateLimited(600, "minute", 17)
	b.Run("errspec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkStr = e.Error()
		}
	})
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkStr = h.Error()
		}
	})
}

func BenchmarkMarshal(b *testing.B) {
	e, h := agenttools.NewRateLimited(600, "minute", 17), newHandRateLimited(600, "minute", 17)
	b.Run("errspec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, _ = json.Marshal(e)
		}
	})
	b.Run("errspec_MarshalJSON", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, _ = e.MarshalJSON()
		}
	})
	b.Run("errspec_AppendJSON", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 1024)
		for b.Loop() {
			buf, _ = e.AppendJSON(buf[:0])
		}
		sinkBytes = buf
	})
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBytes, _ = json.Marshal(h)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	data, err := json.Marshal(agenttools.NewRateLimited(600, "minute", 17))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("errspec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkErr, _ = agenttools.Parse(data)
		}
	})
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var h handError
			json.Unmarshal(data, &h)
			sinkErr = &h
		}
	})
}

func BenchmarkIs(b *testing.B) {
	e := fmt.Errorf("calling the API: %w", agenttools.NewUpstreamTimeout(30_000))
	h := fmt.Errorf("calling the API: %w", newHandRateLimited(600, "minute", 17))
	b.Run("errspec_code", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBool = errors.Is(e, agenttools.CodeUpstreamTimeout)
		}
	})
	b.Run("errspec_parent_category", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkBool = errors.Is(e, agenttools.CategoryInternal)
		}
	})
	b.Run("hand_as", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var he *handError
			sinkBool = errors.As(h, &he) && he.Code == "RATE_LIMITED"
		}
	})
}

func BenchmarkLookup(b *testing.B) {
	b.Run("errspec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkInfo, _ = agenttools.Lookup(agenttools.CodeRateLimited)
		}
	})
	b.Run("hand_map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkHand = handInfos["RATE_LIMITED"]
		}
	})
}
