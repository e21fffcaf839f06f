package errhttp_test

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/errhttp"
	"github.com/errspec/errspec/generated/agenttools"
	"github.com/errspec/errspec/generated/diagnostics"
)

// serve starts a server whose handler returns err, written by write, and
// returns the response to a GET.
func serve(t *testing.T, write func(http.ResponseWriter, error), err error) (*http.Response, []byte) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { write(w, err) }))
	defer srv.Close()
	resp, gerr := http.Get(srv.URL)
	if gerr != nil {
		t.Fatal(gerr)
	}
	body, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	if rerr != nil {
		t.Fatal(rerr)
	}
	resp.Body = io.NopCloser(strings.NewReader(string(body)))
	return resp, body
}

func problem(w http.ResponseWriter, err error) { errhttp.WriteProblem(w, err, "") }

// same compares an error read back with the one sent, as the catalog's
// wire carries it: sensitive params redacted, params it does not send
// empty, with the status and the detail of the occurrence.
func same(t *testing.T, got, sent *agenttools.Error) {
	t.Helper()
	wire, err := sent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want, err := agenttools.Parse(wire)
	if err != nil {
		t.Fatal(err)
	}
	want.Detail = sent.Detail
	if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(agenttools.Error{})); diff != "" {
		t.Errorf("read back (-want +got):\n%s", diff)
	}
	if g, w := got.HTTPStatus(), sent.HTTPStatus(); g != w {
		t.Errorf("read back with status %d, want %d", g, w)
	}
}

func TestProblem(t *testing.T) {
	sent := agenttools.NewRateLimited(600, "minute", 17)
	resp, body := serve(t, problem, fmt.Errorf("calling the API: %w", sent))
	want := `{"type":"https://docs.example.com/errors#rate_limited","title":"Rate limit reached","status":429,` +
		`"detail":"Rate limit of 600 requests per minute reached","code":"RATE_LIMITED","category":"limit",` +
		`"suggestion":"Wait 17 seconds before calling again.","retryable":true,"retry":"after_delay","retry_after":60,` +
		`"params":{"limit":600,"window":"minute","retry_after_seconds":17}}`
	if string(body) != want {
		t.Errorf("body\n got %s\nwant %s", body, want)
	}
	for k, v := range map[string]string{"Content-Type": "application/problem+json", "Retry-After": "60", "Content-Length": fmt.Sprint(len(want))} {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	if resp.StatusCode != 429 {
		t.Errorf("status %d", resp.StatusCode)
	}
	got, err := errhttp.Read[agenttools.Error](resp)
	if err != nil {
		t.Fatal(err)
	}
	same(t, got, sent)
	if p, ok := got.Params.(*agenttools.RateLimitedParams); !ok || p.RetryAfterSeconds != 17 {
		t.Errorf("params %#v", got.Params)
	}
}

func TestEveryCode(t *testing.T) {
	for _, sent := range every() {
		for name, write := range map[string]func(http.ResponseWriter, error){"problem": problem, "json": errhttp.WriteJSON} {
			resp, body := serve(t, write, sent)
			if resp.StatusCode != sent.HTTPStatus() {
				t.Errorf("%s %s: status %d, want %d", name, sent.Code, resp.StatusCode, sent.HTTPStatus())
			}
			if name == "json" {
				wire, _ := sent.MarshalJSON()
				if string(body) != string(wire) {
					t.Errorf("%s: body\n got %s\nwant %s", sent.Code, body, wire)
				}
			}
			got, err := errhttp.Read[agenttools.Error](resp)
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", name, sent.Code, err, body)
			}
			same(t, got, sent)
		}
	}
}

// every builds an error of every code, with an occurrence's status and
// detail on some.
func every() []*agenttools.Error {
	return []*agenttools.Error{
		agenttools.NewAuthenticationFailed("ada", "secret"),
		agenttools.NewDuplicateResource("branch", "main"),
		agenttools.NewInternalError(),
		agenttools.NewInvalidAction("manage_merge_request", "explode", []string{"create", "merge"}),
		agenttools.NewMissingRequiredField("manage_merge_request", "create", []string{"title"},
			agenttools.MissingRequiredFieldOptions{ActionRequiredFields: map[string][]string{"create": {"title"}}}),
		agenttools.NewPayloadTooLarge("content", 2_000_000, 1_048_576),
		agenttools.NewPermissionDenied("manage_pipeline", "cancel", agenttools.PermissionDeniedOptions{RequiredRole: "Developer"}),
		agenttools.NewProjectNotFound("group/app"),
		agenttools.NewRateLimited(600, "minute", 17),
		agenttools.NewResourceNotFound("pipeline", "42", agenttools.ResourceNotFoundOptions{
			Gvk: &agenttools.ResourceNotFoundGvk{Group: "ci", Version: "v1", Kind: "Pipeline"}}),
		agenttools.NewStaleRevision("merge request", 7, 9),
		agenttools.NewTierRestricted("browse_protected_branches", "list", "Protected branches API", agenttools.TierTeam,
			agenttools.TierRestrictedOptions{CurrentTier: agenttools.TierFree, Alternatives: []agenttools.Alternative{
				{Action: "Read the settings", AvailableOn: "Free"}}}),
		// Tiers the catalog does not have, which the wire carries as
		// tiers not known.
		agenttools.NewTierRestricted("browse_protected_branches", "list", "Protected branches API", agenttools.Tier("Platinum"),
			agenttools.TierRestrictedOptions{CurrentTier: agenttools.Tier("team")}),
		agenttools.NewTypeMismatch("manage_issue", []agenttools.TypeMismatchInvalidFields{{Field: "weight", Expected: "int", Received: "string"}}),
		agenttools.NewUpstreamError("browse_pipelines", "list", 503, "unavailable <nginx> & co").WithHTTPStatus(503),
		agenttools.NewUpstreamNotFound("browse_pipelines", "get"),
		agenttools.NewUpstreamTimeout(30_000),
		agenttools.NewValueOutOfRange("per_page", 1, 100, 250.5, "a number of items").WithDetail("per_page caps a page"),
	}
}

func TestProblemDetails(t *testing.T) {
	// An occurrence's status, a detail, an instance, redaction, and a
	// code without params.
	sent := agenttools.NewValueOutOfRange("per_page", 1, 100, 250, "a number of items").WithHTTPStatus(422)
	_, body := serve(t, func(w http.ResponseWriter, err error) { errhttp.WriteProblem(w, err, "/calls/7") }, sent)
	want := `{"type":"https://docs.example.com/errors#value_out_of_range","title":"Value out of range","status":422,` +
		`"detail":"per_page must be between 1 and 100, got 250","instance":"/calls/7","code":"VALUE_OUT_OF_RANGE","category":"validation",` +
		`"suggestion":"Pass a value of per_page between 1 and 100.","context":"per_page is a number of items.","retryable":false,"retry":"after_fix",` +
		`"params":{"field":"per_page","minimum":1,"maximum":100,"value":250}}`
	if string(body) != want {
		t.Errorf("body\n got %s\nwant %s", body, want)
	}
	_, body = serve(t, problem, agenttools.NewAuthenticationFailed("ada", "hunter2"))
	if strings.Contains(string(body), "hunter2") || !strings.Contains(string(body), `"token":"[redacted]"`) {
		t.Errorf("a sensitive param: %s", body)
	}
	_, body = serve(t, problem, agenttools.NewInternalError())
	if want := `{"type":"https://docs.example.com/errors#internal_error","title":"Internal error","status":500,"detail":"Internal error",` +
		`"code":"INTERNAL_ERROR","category":"internal","suggestion":"Wait briefly, then retry once.","retryable":true,"retry":"after_delay","retry_after":1}`; string(body) != want {
		t.Errorf("a code without params\n got %s\nwant %s", body, want)
	}
}

func TestNotErrspec(t *testing.T) {
	for _, write := range []func(http.ResponseWriter, error){problem, errhttp.WriteJSON} {
		resp, body := serve(t, write, errors.New("dial tcp 10.0.0.7:5432: secret internals"))
		if resp.StatusCode != 500 || string(body) != `{"title":"Internal Server Error","status":500}` || resp.Header.Get("Content-Type") != errhttp.ProblemType {
			t.Errorf("a foreign error: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		if _, err := errhttp.Read[agenttools.Error](resp); !errors.Is(err, errhttp.ErrNotError) {
			t.Errorf("Read of a problem without a code: %v", err)
		}
	}
}

func TestHandlerFunc(t *testing.T) {
	srv := httptest.NewServer(errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if r.URL.Query().Get("ok") != "" {
			io.WriteString(w, "fine")
			return nil
		}
		return fmt.Errorf("handler: %w", agenttools.NewResourceNotFound("pipeline", r.URL.Query().Get("id")))
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "?id=42")
	if err != nil {
		t.Fatal(err)
	}
	got, err := errhttp.Read[agenttools.Error](resp)
	if err != nil {
		t.Fatal(err)
	}
	same(t, got, agenttools.NewResourceNotFound("pipeline", "42"))
	resp, err = http.Get(srv.URL + "?ok=1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := errhttp.Read[agenttools.Error](resp); !errors.Is(err, errhttp.ErrNotError) {
		t.Errorf("Read of a 200: %v", err)
	}
}

// TestStatusNotOfAnError checks an occurrence given a status that is no
// error's (by mistake, or read from a wire): the error is served with
// its code's status, whole, where net/http panicked on 99 and 1000, a
// 204 or 304 dropped the body and a 200 told the client all was well.
func TestStatusNotOfAnError(t *testing.T) {
	for _, status := range []int{99, 100, 200, 204, 304, 399, 600, 1000} {
		for name, write := range map[string]func(http.ResponseWriter, error){"problem": problem, "json": errhttp.WriteJSON} {
			sent := agenttools.NewResourceNotFound("pipeline", "42").WithHTTPStatus(status)
			resp, body := serve(t, write, sent)
			if resp.StatusCode != 404 || len(body) == 0 {
				t.Errorf("%s, status %d: served %d with %q", name, status, resp.StatusCode, body)
				continue
			}
			got, err := errhttp.Read[agenttools.Error](resp)
			if err != nil {
				t.Fatalf("%s, status %d: %v", name, status, err)
			}
			same(t, got, sent)
		}
	}
}

// TestReadBodies checks what Read says of a body it cannot read an error
// from: none (the response to a HEAD request), and one longer than
// MaxBody (a param without max_length that echoed a large input); and
// that a nil *Error, returned by mistake, is written as a foreign error.
func TestReadBodies(t *testing.T) {
	srv := httptest.NewServer(errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		switch r.URL.Query().Get("case") {
		case "nil":
			var e *agenttools.Error
			return e
		case "huge":
			return agenttools.NewResourceNotFound(strings.Repeat("k", errhttp.MaxBody), "42")
		}
		return agenttools.NewResourceNotFound("pipeline", "42")
	}))
	defer srv.Close()
	do := func(method, query string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+query, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	resp := do("HEAD", "")
	if _, err := errhttp.Read[agenttools.Error](resp); resp.StatusCode != 404 || resp.Header.Get("Content-Type") != errhttp.ProblemType ||
		!errors.Is(err, errhttp.ErrNotError) || !strings.Contains(err.Error(), "status 404 with an empty body") {
		t.Errorf("HEAD: %d %s, Read: %v", resp.StatusCode, resp.Header.Get("Content-Type"), err)
	}
	resp = do("GET", "?case=huge")
	if _, err := errhttp.Read[agenttools.Error](resp); err == nil || !strings.Contains(err.Error(), "larger than MaxBody") {
		t.Errorf("a body larger than MaxBody: %v", err)
	}
	resp = do("GET", "?case=nil")
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 500 || string(body) != `{"title":"Internal Server Error","status":500}` {
		t.Errorf("a nil *Error: %d %s", resp.StatusCode, body)
	}
}

func TestParseNewerCode(t *testing.T) {
	body := `{"type":"https://docs.example.com/errors#quota_gone","title":"Quota gone","status":402,"detail":"The quota is gone",` +
		`"code":"QUOTA_GONE","category":"billing","suggestion":"Buy more.","retryable":true,"retry":"after_delay","retry_after":30,"params":{"plan":"free","left":0}}`
	e, err := errhttp.Parse[agenttools.Error]("application/problem+json; charset=utf-8", 402, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	// What the catalog's envelope carries of a code it does not know, and
	// the status.
	v := e.ErrspecView()
	if v.Known() || e.Code != "QUOTA_GONE" || e.Message != "The quota is gone" || e.Suggestion != "Buy more." || e.HTTPStatus() != 402 ||
		!e.Retryable() || v.Category() != "billing" || v.DocsURL() != "https://docs.example.com/errors#quota_gone" ||
		string(e.Params.(errspec.RawParams)) != `{"plan":"free","left":0}` {
		t.Errorf("a newer code: %+v %+v", e, v.Unknown)
	}
	// A catalog whose envelope carries only the code, the message, the
	// suggestion and the params keeps, all the same, what problem
	// details say of a code it does not know.
	d, err := errhttp.Parse[diagnostics.Error]("application/problem+json", 402, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	dv := d.ErrspecView()
	if dv.Known() || d.Code != "QUOTA_GONE" || d.Message != "The quota is gone" || d.Suggestion != "Buy more." || d.HTTPStatus() != 402 ||
		!d.Retryable() || dv.Retry() != errspec.RetryAfterDelay || dv.RetryAfter() != 30*time.Second || dv.Category() != "billing" ||
		dv.DocsURL() != "https://docs.example.com/errors#quota_gone" || dv.Title() != "Quota gone" ||
		string(d.Params.(errspec.RawParams)) != `{"plan":"free","left":0}` {
		t.Errorf("a newer code, in a catalog whose envelope carries less: %+v %+v", d, dv.Unknown)
	}
	for _, tt := range []struct{ contentType, body, want string }{
		{"text/html", "<html>", "no errspec error"},
		{"", "{}", "no errspec error"},
		{"application/problem+json", `{"code":"RATE_LIMITED","params":{"limit":"x"}}`, "limit"},
		{"application/problem+json", `{"code":`, "that is no JSON"},
		{"application/json", `{"message":"x"}`, "no code"},
		{"application/problem+json", `{"code":"QUOTA_GONE","retryable":true,"retry_after":9223372037}`, "retry_after: 9223372037 seconds"},
		{"application/problem+json", `{"code":"QUOTA_GONE","retryable":true,"retry_after":-5}`, "retry_after: -5 seconds"},
	} {
		if _, err := errhttp.Parse[agenttools.Error](tt.contentType, 400, []byte(tt.body)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q, %s) = %v, want an error with %q", tt.contentType, tt.body, err, tt.want)
		}
	}
}

// TestParseContentTypeParams reads errors whose Content-Type has a
// parameter that does not parse, as some servers and proxies send it: the
// media type before it says what the body is, where Parse said the
// response held no errspec error. Two media types, or none, still say
// nothing of it.
func TestParseContentTypeParams(t *testing.T) {
	sent := agenttools.NewResourceNotFound("pipeline", "42")
	rec := httptest.NewRecorder()
	errhttp.WriteProblem(rec, sent, "")
	wire, err := sent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for media, body := range map[string][]byte{errhttp.ProblemType: rec.Body.Bytes(), errhttp.JSONType: wire} {
		for _, params := range []string{"; charset", ";;", "; charset=utf-8;; q", `; charset="utf-8`, "; charset=UTF-8; charset=utf-8", "; foo=bar baz"} {
			got, err := errhttp.Parse[agenttools.Error](media+params, 404, body)
			if err != nil {
				t.Errorf("Parse(%q): %v", media+params, err)
				continue
			}
			same(t, got, sent)
		}
		for _, contentType := range []string{media + ", text/html", "; charset=utf-8", "text/html; charset"} {
			if _, err := errhttp.Parse[agenttools.Error](contentType, 404, body); !errors.Is(err, errhttp.ErrNotError) {
				t.Errorf("Parse(%q) = %v, want ErrNotError", contentType, err)
			}
		}
	}
}

// TestParseProblemRepeatedMember reads problem details that repeat a
// member: which value counts is the reader's guess (encoding/json takes
// the last, others the first), so that a body that said both
// RESOURCE_NOT_FOUND and INTERNAL_ERROR was read as the one a retry can
// help; it is an error, as the catalog's format and the params repeat
// none. Problem details of another server, without a code, hold no
// errspec error whatever they repeat.
func TestParseProblemRepeatedMember(t *testing.T) {
	params := `"params":{"kind":"pipeline","id":"42"}`
	for _, tt := range []struct{ body, key string }{
		{`{"code":"RESOURCE_NOT_FOUND",` + params + `,"code":"INTERNAL_ERROR"}`, "code"},
		{`{"code":"RESOURCE_NOT_FOUND",` + params + `,"co\u0064e":"INTERNAL_ERROR"}`, "code"},
		{`{"code":"RESOURCE_NOT_FOUND",` + params + `,"params":{"kind":"job","id":"1"}}`, "params"},
		{`{"code":"RESOURCE_NOT_FOUND","detail":"a","detail":"b",` + params + `}`, "detail"},
		{`{"code":"QUOTA_GONE","retryable":false,"retryable":true}`, "retryable"},
	} {
		_, err := errhttp.Parse[agenttools.Error](errhttp.ProblemType, 404, []byte(tt.body))
		if err == nil || errors.Is(err, errhttp.ErrNotError) || !strings.Contains(err.Error(), fmt.Sprintf("the member %q is repeated", tt.key)) {
			t.Errorf("%s: Parse = %v, want the member %q repeated", tt.body, err, tt.key)
		}
	}
	if _, err := errhttp.Parse[agenttools.Error](errhttp.ProblemType, 404, []byte(`{"title":"Not Found","title":"Gone","status":404}`)); !errors.Is(err, errhttp.ErrNotError) {
		t.Errorf("problem details without a code that repeat a member: Parse = %v, want ErrNotError", err)
	}
	e, err := errhttp.Parse[agenttools.Error](errhttp.ProblemType, 404, []byte(`{"code":"RESOURCE_NOT_FOUND","Code":"INTERNAL_ERROR","instance":{"a":1,"a":2},`+params+`}`))
	if err != nil || e.Code != agenttools.CodeResourceNotFound {
		t.Errorf("members of names that differ in case, and an extension member that repeats a key inside: Parse = %v, %v", e, err)
	}
}

// TestReadNewerRetryAfter reads, in the catalog's own format, the error
// of a code the catalog does not know, as a newer server's WriteJSON
// sends it: the envelope carries no retry-after, Retry-After does, and
// the error read back waits as long as it says, given in seconds or as an
// HTTP-date (counted from the response's Date, else from now). A code the
// catalog knows keeps its own retry-after, and a Retry-After that is
// neither, a date past or a wait beyond the bounds of one is passed over.
func TestReadNewerRetryAfter(t *testing.T) {
	newer := `{"code":"QUOTA_GONE","category":"billing","message":"The quota is gone","retryable":true,"params":{"plan":"free"}}`
	const date = "Fri, 27 Nov 2026 22:20:00 GMT"
	inAMinute := time.Now().Add(time.Minute).UTC().Format(http.TimeFormat) // counted from now: within a second or two of a minute
	for _, tt := range []struct {
		body, retryAfter, date string
		want                   time.Duration
	}{
		{newer, "30", date, 30 * time.Second},
		{newer, "2147483647", date, errspec.MaxRetryAfter * time.Second},
		{newer, "2147483648", date, 0},
		{newer, "-1", date, 0},
		{newer, "soon", date, 0},
		{newer, "Fri, 27 Nov 2026 22:20:29 GMT", date, 29 * time.Second},
		{newer, "Friday, 27-Nov-26 22:21:00 GMT", date, time.Minute}, // RFC 850, which RFC 9110 asks a recipient to read
		{newer, "Fri, 27 Nov 2026 22:19:59 GMT", date, 0},
		{newer, "Fri, 27 Nov 2026 22:20:00 GMT", date, 0},
		{newer, "Sat, 27 Nov 2100 22:20:00 GMT", date, 0},
		{newer, inAMinute, "", time.Minute},
		{`{"code":"RATE_LIMITED","category":"limit","message":"Rate limit of 600 requests per minute reached","retryable":true,` +
			`"params":{"limit":600,"window":"minute","retry_after_seconds":17}}`, "5", date, 60 * time.Second},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", errhttp.JSONType)
			if tt.date == "" {
				w.Header()["Date"] = nil // net/http sends none
			} else {
				w.Header().Set("Date", tt.date)
			}
			w.Header().Set("Retry-After", tt.retryAfter)
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, tt.body)
		}))
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		e, err := errhttp.Read[agenttools.Error](resp)
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		got := e.ErrspecView().RetryAfter()
		if tt.date == "" && got >= tt.want-2*time.Second && got <= tt.want {
			got = tt.want
		}
		if got != tt.want || !e.Retryable() {
			t.Errorf("%s with Retry-After %s: waits %v (retryable %t), want %v", e.Code, tt.retryAfter, got, e.Retryable(), tt.want)
		}
	}
}

func BenchmarkWriteProblem(b *testing.B) {
	err := fmt.Errorf("calling: %w", agenttools.NewRateLimited(600, "minute", 17))
	w := &discard{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		errhttp.WriteProblem(w, err, "")
	}
}

// discard is a ResponseWriter that keeps nothing but its header map.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// TestWriteAccept checks the format Write chooses by the request's Accept
// header, and that either reads back whole.
func TestWriteAccept(t *testing.T) {
	sent := agenttools.NewResourceNotFound("pipeline", "42")
	srv := httptest.NewServer(errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error { return sent }))
	defer srv.Close()
	for _, tc := range []struct {
		accept []string
		want   string
	}{
		{nil, errhttp.ProblemType},
		{[]string{"*/*"}, errhttp.ProblemType},
		{[]string{"application/json"}, errhttp.JSONType},
		{[]string{"Application/JSON; charset=utf-8"}, errhttp.JSONType},
		{[]string{"application/problem+json"}, errhttp.ProblemType},
		{[]string{"application/json, application/problem+json"}, errhttp.ProblemType},
		{[]string{"application/json;q=0.9, application/problem+json;q=0.5"}, errhttp.JSONType},
		{[]string{"application/json", "*/*;q=0.1"}, errhttp.JSONType},
		{[]string{"application/*;q=0.2, application/json"}, errhttp.JSONType},
		{[]string{"application/problem+json;q=0, application/*"}, errhttp.JSONType},
		{[]string{"text/html"}, errhttp.ProblemType},
		// A q that is no quality is read as none given.
		{[]string{"application/json;q=oops"}, errhttp.JSONType},
		{[]string{"application/json;q=2, application/problem+json;q=0.5"}, errhttp.JSONType},
		// A parameter that does not parse hides neither the media range
		// before it nor its q.
		{[]string{"application/json; charset"}, errhttp.JSONType},
		{[]string{"application/json;;q=0.9, application/problem+json;q=0.5"}, errhttp.JSONType},
		{[]string{`application/json; charset="utf-8`}, errhttp.JSONType},
		{[]string{"application/json;q=1;q=1"}, errhttp.JSONType},
		{[]string{"application/json; q=, application/problem+json;q=0.5"}, errhttp.JSONType},
		{[]string{"application/json;charset=utf-8;q=0.1;, application/problem+json"}, errhttp.ProblemType},
	} {
		req, _ := http.NewRequest("GET", srv.URL, nil)
		for _, a := range tc.accept {
			req.Header.Add("Accept", a)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if got := resp.Header.Get("Content-Type"); got != tc.want || resp.StatusCode != 404 || resp.Header.Get("Vary") != "Accept" {
			t.Errorf("Accept %q: %d %s, Vary %q; want 404 %s, Vary Accept", tc.accept, resp.StatusCode, got, resp.Header.Get("Vary"), tc.want)
		}
		got, err := errhttp.Read[agenttools.Error](resp)
		if err != nil {
			t.Fatalf("Accept %q: %v", tc.accept, err)
		}
		same(t, got, sent)
	}
}

// foreign starts a server that answers with status, Content-Type and
// body as they are, as a server that is not errspec's does, and returns
// the response to a GET.
func foreign(t *testing.T, status int, contentType, body string) *http.Response {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestReadForeignJSON checks that Read says, with ErrNotError, of the
// JSON error body of a server that is not errspec's (no code where the
// catalog puts it, a code that is no string, no object), and of a body
// that is no JSON under a JSON type, that it holds no errspec error, so
// that a client can fall back on the status.
func TestReadForeignJSON(t *testing.T) {
	for _, body := range []string{
		`{"error":"not found"}`,
		`{"message":"upstream timed out","code":504}`,
		`[{"message":"bad"}]`,
		`null`,
		`"Not Found"`,
		`{"code":"","message":"not found"}`, // a code field left at its zero value
	} {
		for _, contentType := range []string{"application/json", "application/json; charset=utf-8", "application/vnd.api+json", errhttp.ProblemType} {
			_, err := errhttp.Read[agenttools.Error](foreign(t, 404, contentType, body))
			if !errors.Is(err, errhttp.ErrNotError) {
				t.Errorf("%s %s: Read = %v, want ErrNotError", contentType, body, err)
			}
		}
	}
	// A body that is no JSON under a JSON type, the page of a proxy or
	// gateway that labels it so, or a body cut short, holds no error
	// either, in both formats: a client falls back on the status, where
	// Read failed with the syntax error.
	for _, body := range []string{
		`<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>`,
		`upstream connect error or disconnect/reset before headers`,
		`Internal Server Error`,
		`{"code":"RATE_LIMITED","category":"limit","message":"Rate lim`,
	} {
		for _, contentType := range []string{"application/json", errhttp.ProblemType, "application/vnd.api+json"} {
			_, err := errhttp.Read[agenttools.Error](foreign(t, 502, contentType, body))
			if !errors.Is(err, errhttp.ErrNotError) || !strings.Contains(err.Error(), "no JSON") {
				t.Errorf("%s %s: Read = %v, want ErrNotError that says the body is no JSON", contentType, body, err)
			}
		}
	}
	// A body with a code whose params are wrong is an errspec error read
	// wrong, not the body of another server.
	_, err := errhttp.Read[agenttools.Error](foreign(t, 404, "application/json", `{"code":"RESOURCE_NOT_FOUND","params":{"kind":1}}`))
	if err == nil || errors.Is(err, errhttp.ErrNotError) {
		t.Errorf("an errspec error with params of the wrong type: Read = %v, want an error other than ErrNotError", err)
	}
}

// TestReadForeignProblem reads problem details as other servers write
// them: a member whose value is not of its type is ignored, as RFC 9457
// asks, where Read failed on the whole body; member names are matched
// exactly, as JSON's are; a code that is no string, or a body that is no
// object, is no errspec error; and without a status in the body the
// error has the response's, where it took its code's, or 500.
func TestReadForeignProblem(t *testing.T) {
	sent := agenttools.NewResourceNotFound("pipeline", "42")
	params := `"params":{"kind":"pipeline","id":"42"}`
	e, err := errhttp.Read[agenttools.Error](foreign(t, 404, errhttp.ProblemType,
		`{"type":7,"title":["Not Found"],"status":"404","detail":{"en":"gone"},"instance":5,`+
			`"code":"RESOURCE_NOT_FOUND","suggestion":false,"context":{"trace_id":"abc"},"retryable":"no",`+params+`}`))
	if err != nil {
		t.Fatalf("members of other types: %v", err)
	}
	same(t, e, sent)

	// Params that are no object are none: null for a code without params,
	// as a server that writes an absent value as null sends them.
	for _, none := range []string{`null`, `"none"`, `[]`, `0`} {
		e, err = errhttp.Read[agenttools.Error](foreign(t, 500, errhttp.ProblemType, `{"status":500,"code":"INTERNAL_ERROR","params":`+none+`}`))
		if err != nil {
			t.Fatalf("params %s: %v", none, err)
		}
		same(t, e, agenttools.NewInternalError())
	}

	e, err = errhttp.Read[agenttools.Error](foreign(t, 404, errhttp.ProblemType,
		`{"status":404,"Detail":"forged","CONTEXT":"forged","code":"RESOURCE_NOT_FOUND",`+params+`}`))
	if err != nil {
		t.Fatal(err)
	}
	same(t, e, sent)

	for _, body := range []string{
		`{"type":"about:blank","title":"Not Found","status":404,"code":40401}`,
		`{"type":"about:blank","title":"Not Found","status":404,"Code":"RESOURCE_NOT_FOUND"}`,
		`[{"title":"Not Found"}]`,
		`"Not Found"`,
	} {
		if _, err := errhttp.Read[agenttools.Error](foreign(t, 404, errhttp.ProblemType, body)); !errors.Is(err, errhttp.ErrNotError) {
			t.Errorf("%s: Read = %v, want ErrNotError", body, err)
		}
	}

	for _, tt := range []struct {
		body       string
		status     int
		wantStatus int
	}{
		{`{"code":"QUOTA_GONE","title":"Quota gone"}`, 503, 503},
		{`{"code":"QUOTA_GONE","status":200}`, 402, 402},
		{`{"code":"QUOTA_GONE","status":429}`, 503, 429},
		{`{"code":"RESOURCE_NOT_FOUND",` + params + `}`, 410, 410},
		{`{"code":"RESOURCE_NOT_FOUND","status":null,` + params + `}`, 410, 410},
	} {
		e, err := errhttp.Read[agenttools.Error](foreign(t, tt.status, errhttp.ProblemType, tt.body))
		if err != nil {
			t.Fatalf("%s: %v", tt.body, err)
		}
		if got := e.HTTPStatus(); got != tt.wantStatus {
			t.Errorf("%s, status %d: read with status %d, want %d", tt.body, tt.status, got, tt.wantStatus)
		}
	}
}

// TestReadProblemExtension reads problem details as WriteProblem writes
// them, of codes with params and without, with an extension member that
// another party added (a gateway's trace_id), which a client ignores as
// RFC 9457 asks: the error reads back whole, where a body without a
// params member was read in the catalog's own format, which took the
// problem's detail for the error's detail and lost the message's place
// and the detail under context.
func TestReadProblemExtension(t *testing.T) {
	for _, sent := range []*agenttools.Error{
		agenttools.NewInternalError().WithDetail("the cache is gone"),
		agenttools.NewInternalError().WithHTTPStatus(503),
		agenttools.NewUpstreamTimeout(30_000).WithDetail("after 3 tries"),
	} {
		rec := httptest.NewRecorder()
		errhttp.WriteProblem(rec, sent, "/calls/7")
		body := strings.Replace(rec.Body.String(), "{", `{"trace_id":"4bf92f3577b34da6",`, 1)
		e, err := errhttp.Parse[agenttools.Error](errhttp.ProblemType, rec.Code, []byte(body))
		if err != nil {
			t.Fatalf("%s: %v", body, err)
		}
		same(t, e, sent)
		if e.HTTPStatus() != sent.HTTPStatus() {
			t.Errorf("%s: read with status %d, want %d", body, e.HTTPStatus(), sent.HTTPStatus())
		}
	}
}

// TestReadGzip reads the error of a response whose body is gzipped, as a
// server or proxy sends it to a client that asked for gzip itself (Go's
// Transport then leaves the body as it came): the error reads back whole,
// MaxBody bounds the gunzipped body, and a body of an encoding Read does
// not decode is an error that names it.
func TestReadGzip(t *testing.T) {
	sent := agenttools.NewRateLimited(600, "minute", 17)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		err := error(sent)
		if r.URL.Query().Has("huge") {
			err = agenttools.NewResourceNotFound(strings.Repeat("k", errhttp.MaxBody), "42")
		}
		errhttp.Write(rec, r, err)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		enc := r.URL.Query().Get("enc")
		w.Header().Set("Content-Encoding", enc)
		w.WriteHeader(rec.Code)
		switch {
		case r.URL.Query().Has("empty"):
			return
		case enc == "br":
			w.Write(rec.Body.Bytes())
			return
		}
		z := gzip.NewWriter(w)
		z.Write(rec.Body.Bytes())
		z.Close()
	}))
	defer srv.Close()
	get := func(query, accept string) *http.Response { return getGzip(t, srv.URL+query, accept) }
	for _, query := range []string{"?enc=gzip", "?enc=x-gzip", "?enc=GZIP"} {
		for _, accept := range []string{errhttp.ProblemType, errhttp.JSONType} {
			got, err := errhttp.Read[agenttools.Error](get(query, accept))
			if err != nil {
				t.Fatalf("%s, Accept %s: %v", query, accept, err)
			}
			same(t, got, sent)
		}
	}
	if _, err := errhttp.Read[agenttools.Error](get("?enc=gzip&huge", "")); err == nil || !strings.Contains(err.Error(), "larger than MaxBody") {
		t.Errorf("a gzipped body larger than MaxBody: %v", err)
	}
	if _, err := errhttp.Read[agenttools.Error](get("?enc=gzip&empty", "")); !errors.Is(err, errhttp.ErrNotError) || !strings.Contains(err.Error(), "empty body") {
		t.Errorf("an empty body said to be gzipped: %v", err)
	}
	if _, err := errhttp.Read[agenttools.Error](get("?enc=br", "")); err == nil || !strings.Contains(err.Error(), `Content-Encoding "br"`) {
		t.Errorf("a body in br: %v", err)
	}
}

// getGzip gets url as a client that takes gzip and the media type accept.
func getGzip(t *testing.T, url, accept string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Accept", accept)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// gzipWriter is the ResponseWriter of gzipped: what a handler writes goes
// through z.
type gzipWriter struct {
	http.ResponseWriter
	z *gzip.Writer
}

func (g gzipWriter) Write(b []byte) (int, error) { return g.z.Write(b) }

// gzipped is a compressing middleware as many are written: it says
// Content-Encoding: gzip before the handler runs, and gzips what it
// writes.
func gzipped(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		z := gzip.NewWriter(w)
		defer z.Close()
		next.ServeHTTP(gzipWriter{w, z}, r)
	})
}

// TestWriteThroughCompression serves errors through a middleware that
// compresses the body: the response says as many bytes as it sends, and
// the error reads back whole, where a Content-Length of the error's own
// bytes, more than the compressed ones, cut the response short (unexpected
// EOF); so does an error a handler returns after setting a Content-Length
// for the body it meant to write, and one that is not the catalog's.
func TestWriteThroughCompression(t *testing.T) {
	sent := agenttools.NewRateLimited(600, "minute", 17)
	srv := httptest.NewServer(gzipped(errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		switch r.URL.Query().Get("case") {
		case "length":
			w.Header().Set("Content-Length", "5")
		case "foreign":
			return errors.New("disk on fire")
		}
		return sent
	})))
	defer srv.Close()
	for _, query := range []string{"", "?case=length"} {
		for _, accept := range []string{errhttp.ProblemType, errhttp.JSONType} {
			got, err := errhttp.Read[agenttools.Error](getGzip(t, srv.URL+query, accept))
			if err != nil {
				t.Errorf("%s, Accept %s: %v", query, accept, err)
				continue
			}
			same(t, got, sent)
		}
	}
	resp, err := http.Get(srv.URL + "?case=foreign")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 500 || string(body) != `{"title":"Internal Server Error","status":500}` {
		t.Errorf("an error not of the catalog: %d %q %v", resp.StatusCode, body, err)
	}
}

// TestReadRelativeType reads the problem details of a code the catalog
// does not know whose type is a relative reference, as RFC 9457 allows:
// the error's docs URL is the type resolved against the request's URL,
// without its userinfo and query, where it was the bare reference, which
// leads nowhere.
func TestReadRelativeType(t *testing.T) {
	var typ string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", errhttp.ProblemType)
		w.WriteHeader(402)
		fmt.Fprintf(w, `{"type":%q,"title":"Quota gone","status":402,"code":"QUOTA_GONE","category":"billing"}`, typ)
	}))
	defer srv.Close()
	for _, tt := range []struct{ typ, want string }{
		{"/errors/quota-gone", srv.URL + "/errors/quota-gone"},
		{"quota-gone", srv.URL + "/v1/quota-gone"},
		{"#quota_gone", srv.URL + "/v1/projects#quota_gone"},
		{"//docs.example.com/errors#quota_gone", "http://docs.example.com/errors#quota_gone"},
		{"https://docs.example.com/errors#quota_gone", "https://docs.example.com/errors#quota_gone"},
		{"about:blank", ""},
	} {
		typ = tt.typ
		u := strings.Replace(srv.URL, "http://", "http://ada:hunter2@", 1) + "/v1/projects?token=hunter2"
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		e, err := errhttp.Read[agenttools.Error](resp)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.ErrspecView().DocsURL(); got != tt.want {
			t.Errorf("type %q: docs URL %q, want %q", tt.typ, got, tt.want)
		}
	}
}

// TestWriteAfterRepresentationHeaders serves the error of a handler that
// set the headers of the body it meant to write before it failed: the
// error goes out without them, where a Cache-Control of max-age=3600 let
// a cache serve a 429 for an hour past its Retry-After, an ETag and a
// Last-Modified validated another body, and a Content-Disposition made a
// browser save the error as the file; headers set for every response (a
// request id) stay, and so does a Cache-Control that keeps caches from
// serving the response, which a handler may mean for its error too. Over
// HTTP/2, in both formats, and for an error that is not the catalog's.
func TestWriteAfterRepresentationHeaders(t *testing.T) {
	srv := httptest.NewUnstartedServer(errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		h := w.Header()
		h.Set("X-Request-Id", "r-1")
		h.Set("Cache-Control", "public, max-age=3600")
		h.Set("Expires", "Thu, 01 Dec 2094 16:00:00 GMT")
		h.Set("ETag", `"v42"`)
		h.Set("Last-Modified", "Wed, 21 Oct 2015 07:28:00 GMT")
		h.Set("Content-Disposition", `attachment; filename="report.csv"`)
		if r.URL.Query().Has("foreign") {
			return errors.New("disk on fire")
		}
		return agenttools.NewRateLimited(600, "minute", 17)
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	for _, tt := range []struct{ query, accept string }{{"", errhttp.ProblemType}, {"", errhttp.JSONType}, {"?foreign", ""}} {
		req, err := http.NewRequest("GET", srv.URL+tt.query, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", tt.accept)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.ProtoMajor != 2 {
			t.Fatalf("served over %s, want HTTP/2", resp.Proto)
		}
		for _, k := range []string{"Cache-Control", "Expires", "ETag", "Last-Modified", "Content-Disposition"} {
			if v := resp.Header.Get(k); v != "" {
				t.Errorf("%s Accept %q: the error went out with the handler's %s: %s", tt.query, tt.accept, k, v)
			}
		}
		if v := resp.Header.Get("X-Request-Id"); v != "r-1" {
			t.Errorf("%s Accept %q: X-Request-Id %q, want the handler's r-1", tt.query, tt.accept, v)
		}
	}
	for _, cc := range []string{"no-store", "private, No-Cache"} {
		w := httptest.NewRecorder()
		w.Header().Set("Cache-Control", cc)
		errhttp.WriteProblem(w, agenttools.NewRateLimited(600, "minute", 17), "")
		if got := w.Header().Get("Cache-Control"); got != cc {
			t.Errorf("Cache-Control: %s went out as %q", cc, got)
		}
	}
	// A no-cache of field names keeps only those fields from caches: the
	// max-age beside it would let them serve the error.
	for _, cc := range []string{`public, max-age=3600, no-cache="Set-Cookie"`, `max-age=3600, no-cache="Set-Cookie, X-Session"`} {
		w := httptest.NewRecorder()
		w.Header().Set("Cache-Control", cc)
		errhttp.WriteProblem(w, agenttools.NewRateLimited(600, "minute", 17), "")
		if got := w.Header().Get("Cache-Control"); got != "" {
			t.Errorf("Cache-Control: %s went out as %q, want none", cc, got)
		}
	}
}

// TestProblemOfErrorLiteral checks that an error built without its texts
// (an Error literal) is written with the message its template gives as
// the detail, as the catalog's own format sends it, and reads back.
func TestProblemOfErrorLiteral(t *testing.T) {
	sent := &agenttools.Error{Code: agenttools.CodeRateLimited, Params: &agenttools.RateLimitedParams{Limit: 600, Window: "minute", RetryAfterSeconds: 17}}
	_, body := serve(t, problem, sent)
	if want := `"detail":"Rate limit of 600 requests per minute reached"`; !strings.Contains(string(body), want) {
		t.Errorf("body %s, want %s", body, want)
	}
	resp, _ := serve(t, problem, sent)
	got, err := errhttp.Read[agenttools.Error](resp)
	if err != nil {
		t.Fatal(err)
	}
	if want := "RATE_LIMITED: Rate limit of 600 requests per minute reached; retry in 17 s"; got.Error() != want || sent.Error() != want {
		t.Errorf("read back %q, sent %q; want %q", got.Error(), sent.Error(), want)
	}
}

// TestHandlerFuncAfterWrite checks a handler that fails after it has sent
// its status, or flushed a part of its body, which the error can no
// longer replace: the client sees the response cut short, over HTTP/1.1
// and HTTP/2, where it got a 200 whose body was the part sent with the
// error's JSON after it, which read as a success. A 1xx status sent
// before (103 Early Hints) leaves the response to the error, and so
// does a handler that wrote nothing.
func TestHandlerFuncAfterWrite(t *testing.T) {
	handler := errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		switch r.URL.Query().Get("sent") {
		case "part":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"items":[1,2`)
			w.(http.Flusher).Flush()
		case "flush":
			http.NewResponseController(w).Flush()
		case "status":
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
		case "hints":
			w.Header().Set("Link", "</style.css>; rel=preload")
			w.WriteHeader(http.StatusEarlyHints)
		}
		return agenttools.NewRateLimited(600, "minute", 17)
	})
	for _, proto := range []string{"HTTP/1.1", "HTTP/2.0"} {
		srv := httptest.NewUnstartedServer(handler)
		srv.EnableHTTP2 = proto == "HTTP/2.0"
		srv.Config.ErrorLog = log.New(io.Discard, "", 0)
		srv.StartTLS()
		defer srv.Close()
		for _, sent := range []string{"part", "flush", "status"} {
			resp, err := srv.Client().Get(srv.URL + "?sent=" + sent)
			if err != nil {
				continue // cut short before the headers
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.Proto != proto {
				t.Errorf("%s: the response came over %s", proto, resp.Proto)
			}
			if err == nil {
				t.Errorf("%s, %s sent: a whole response, status %d, body %s; want it cut short", proto, sent, resp.StatusCode, body)
			}
		}
		for _, sent := range []string{"hints", "nothing"} {
			resp, err := srv.Client().Get(srv.URL + "?sent=" + sent)
			if err != nil {
				t.Fatalf("%s, %s sent: %v", proto, sent, err)
			}
			got, err := errhttp.Read[agenttools.Error](resp)
			if err != nil {
				t.Fatalf("%s, %s sent: %v", proto, sent, err)
			}
			same(t, got, agenttools.NewRateLimited(600, "minute", 17))
		}
	}
}

// TestReadByteOrderMark checks a body that starts with a UTF-8 byte
// order mark, as some servers on Windows stacks send JSON: RFC 8259 lets
// a parser ignore it, and Read does, in both formats, where it took the
// body for no JSON and the response for no errspec error.
func TestReadByteOrderMark(t *testing.T) {
	sent := agenttools.NewRateLimited(600, "minute", 17)
	rec := httptest.NewRecorder()
	errhttp.WriteProblem(rec, sent, "")
	wire, err := sent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for media, body := range map[string][]byte{"Application/Problem+JSON; Charset=UTF-8": rec.Body.Bytes(), "application/json; charset=utf-8": wire} {
		resp := &http.Response{
			StatusCode: 429,
			Header:     http.Header{"Content-Type": {media}},
			Body:       io.NopCloser(strings.NewReader("\ufeff" + string(body))),
		}
		got, err := errhttp.Read[agenttools.Error](resp)
		if err != nil {
			t.Errorf("%s: %v", media, err)
			continue
		}
		same(t, got, sent)
	}
	// A mark alone, or twice, is still no JSON.
	for _, body := range []string{"\ufeff", "\ufeff\ufeff{}"} {
		if _, err := errhttp.Parse[agenttools.Error](errhttp.JSONType, 429, []byte(body)); !errors.Is(err, errhttp.ErrNotError) {
			t.Errorf("Parse(%q) = %v, want ErrNotError", body, err)
		}
	}
}

// TestHandlerFuncWriterInterfaces checks that the ResponseWriter a
// HandlerFunc gets flushes and hands its connection over as the server's
// does: a streaming handler that asks w.(http.Flusher) behind
// http.TimeoutHandler, which buffers, must learn that it cannot stream,
// and a handler over HTTP/1.1 can still hijack the connection.
func TestHandlerFuncWriterInterfaces(t *testing.T) {
	type kinds struct{ flusher, hijacker, readerFrom bool }
	kindsOf := func(w http.ResponseWriter) kinds {
		_, f := w.(http.Flusher)
		_, h := w.(http.Hijacker)
		return kinds{f, h, true}
	}
	var outer, inner kinds
	handler := func(wrap func(http.Handler) http.Handler) http.Handler {
		h := errhttp.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
			inner = kindsOf(w)
			_, inner.readerFrom = w.(io.ReaderFrom)
			if r.URL.Query().Get("hijack") != "" {
				conn, buf, err := w.(http.Hijacker).Hijack()
				if err != nil {
					return err
				}
				defer conn.Close()
				buf.WriteString("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
				return buf.Flush()
			}
			return nil
		})
		var next http.Handler = h
		if wrap != nil {
			next = wrap(h)
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			outer = kindsOf(w)
			next.ServeHTTP(w, r)
		})
	}
	timeout := func(h http.Handler) http.Handler { return http.TimeoutHandler(h, time.Minute, "") }
	for _, tt := range []struct {
		name  string
		http2 bool
		wrap  func(http.Handler) http.Handler
		want  kinds
	}{
		{name: "HTTP/1.1", want: kinds{true, true, true}},
		{name: "HTTP/2", http2: true, want: kinds{true, false, true}},
		{name: "TimeoutHandler", wrap: timeout, want: kinds{false, false, true}},
	} {
		srv := httptest.NewUnstartedServer(handler(tt.wrap))
		srv.EnableHTTP2 = tt.http2
		srv.StartTLS()
		resp, err := srv.Client().Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if tt.wrap == nil && inner != outer {
			t.Errorf("%s: the handler's ResponseWriter is %+v, the server's %+v", tt.name, inner, outer)
		}
		if inner != tt.want {
			t.Errorf("%s: the handler's ResponseWriter is %+v, want %+v", tt.name, inner, tt.want)
		}
		if !tt.http2 && tt.wrap == nil {
			resp, err := srv.Client().Get(srv.URL + "?hijack=1")
			if err != nil {
				t.Fatalf("%s, hijacked: %v", tt.name, err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusNoContent {
				t.Errorf("%s, hijacked: status %d, want 204", tt.name, resp.StatusCode)
			}
		}
		srv.Close()
	}
}

// TestReadRelabeledProblem checks problem details as WriteProblem writes
// them, under application/json, as a gateway that relabels
// application/problem+json sends them: they read as problem details,
// with the message and the occurrence's detail each in its place, where
// the catalog's Parse read problem details' detail (the message) as the
// error's detail and lost the occurrence's (context).
func TestReadRelabeledProblem(t *testing.T) {
	for _, sent := range []*agenttools.Error{
		agenttools.NewRateLimited(600, "minute", 17).WithDetail("the quota of organization 7"),
		agenttools.NewResourceNotFound("pipeline", "42").WithHTTPStatus(410),
		agenttools.NewInternalError(),
	} {
		rec := httptest.NewRecorder()
		errhttp.WriteProblem(rec, sent, "/calls/9")
		resp := rec.Result()
		resp.Header.Set("Content-Type", "application/json; charset=utf-8")
		got, err := errhttp.Read[agenttools.Error](resp)
		if err != nil {
			t.Fatalf("%s: %v", sent.Code, err)
		}
		same(t, got, sent)
	}
	// The catalog's own format with a title and a status that a gateway
	// added is still read in it.
	sent := agenttools.NewResourceNotFound("pipeline", "42").WithDetail("deleted")
	wire, err := sent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	body := `{"title":"Not Found","status":404,` + string(wire[1:])
	got, err := errhttp.Parse[agenttools.Error](errhttp.JSONType, 404, []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	same(t, got, sent)
}

// TestReadProxyEmptyBody checks the error of Read for the empty 502 of
// httputil.ReverseProxy in front of a server it cannot reach: it says
// what may have sent it, where it said that the response to a HEAD
// request has none, of a GET.
func TestReadProxyEmptyBody(t *testing.T) {
	gone := httptest.NewServer(http.NotFoundHandler())
	target, err := url.Parse(gone.URL)
	if err != nil {
		t.Fatal(err)
	}
	gone.Close()
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ErrorLog = log.New(io.Discard, "", 0)
	srv := httptest.NewServer(proxy)
	defer srv.Close()
	for _, method := range []string{"GET", "HEAD"} {
		req, err := http.NewRequest(method, srv.URL+"/pipelines/42", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, err = errhttp.Read[agenttools.Error](resp)
		want := "status 502 with an empty body (the error of a proxy or a server that is not errspec's"
		if method == "HEAD" {
			want = "status 502 with an empty body (the response to a HEAD request has none)"
		}
		if resp.StatusCode != http.StatusBadGateway || !errors.Is(err, errhttp.ErrNotError) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: status %d, Read: %v; want ErrNotError saying %q", method, resp.StatusCode, err, want)
		}
	}
}
