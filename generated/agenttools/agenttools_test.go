package agenttools_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generated/agenttools"
)

// every builds one error of every code, optional params set where a code
// has them.
func every() []*agenttools.Error {
	return []*agenttools.Error{
		agenttools.NewDuplicateResource("branch", "main"),
		agenttools.NewInternalError(),
		agenttools.NewInvalidAction("manage_merge_request", "explode", []string{"create", "merge"}),
		agenttools.NewMissingRequiredField("manage_merge_request", "create", []string{"title", "source_branch"},
			agenttools.MissingRequiredFieldOptions{ActionRequiredFields: map[string][]string{
				"create": {"project_id", "source_branch", "target_branch", "title"},
				"merge":  {"project_id", "merge_request_iid"},
			}}),
		agenttools.NewPayloadTooLarge("content", 2_000_000, 1_048_576),
		agenttools.NewPermissionDenied("manage_pipeline", "cancel", agenttools.PermissionDeniedOptions{RequiredRole: "Developer"}),
		agenttools.NewProjectNotFound("group/app"),
		agenttools.NewRateLimited(600, "minute", 17),
		agenttools.NewResourceNotFound("pipeline", "42", agenttools.ResourceNotFoundOptions{
			Gvk: &agenttools.ResourceNotFoundGvk{Group: "ci", Version: "v1", Kind: "Pipeline"}}),
		agenttools.NewStaleRevision("merge request", 7, 9),
		agenttools.NewTierRestricted("browse_protected_branches", "Protected Branches API", "Premium", true,
			agenttools.TierRestrictedOptions{CurrentTier: "Free"}),
		agenttools.NewTypeMismatch("manage_issue", []agenttools.TypeMismatchInvalidFields{
			{Field: "weight", Expected: "int", Received: "string"},
			{Field: "labels", Expected: "[]string", Received: "string"},
		}),
		agenttools.NewUpstreamError(502, "bad gateway <nginx>", agenttools.UpstreamErrorOptions{MetricsAvailable: true}),
		agenttools.NewUpstreamTimeout(30_000),
		agenttools.NewValueOutOfRange("per_page", 1, 100, 250.5).WithDetail("per_page caps a page of results"),
	}
}

func TestEveryCodeIsConstructed(t *testing.T) {
	got := map[agenttools.Code]bool{}
	for _, e := range every() {
		got[e.Code] = true
	}
	for _, c := range agenttools.Codes() {
		if !got[c] {
			t.Errorf("no error of code %s in every()", c)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, want := range every() {
		t.Run(string(want.Code), func(t *testing.T) {
			data, err := json.Marshal(want)
			if err != nil {
				t.Fatal(err)
			}
			got, err := agenttools.Parse(data)
			if err != nil {
				t.Fatalf("Parse(%s): %v", data, err)
			}
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(agenttools.Error{})); diff != "" {
				t.Errorf("marshal then Parse (-want +got):\n%s\nwire: %s", diff, data)
			}
			again, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(data), string(again)); diff != "" {
				t.Errorf("marshal of the parsed error differs (-first +second):\n%s", diff)
			}
		})
	}
}

func TestWireFormat(t *testing.T) {
	e := agenttools.NewMissingRequiredField("manage_merge_request", "create", []string{"title", "source_branch"})
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"code":       "MISSING_REQUIRED_FIELD",
		"category":   "validation",
		"message":    "Missing required fields for manage_merge_request create: title, source_branch",
		"suggestion": "Add the required fields: title, source_branch",
		"retryable":  false,
		"docs_url":   "https://docs.example.com/errors#missing_required_field",
		"params": map[string]any{
			"tool":           "manage_merge_request",
			"action":         "create",
			"missing_fields": []any{"title", "source_branch"},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("wire JSON (-want +got):\n%s", diff)
	}
	// MarshalJSON does not HTML-escape text (json.Marshal escapes it
	// again, as it does for every Marshaler).
	up, _ := agenttools.NewUpstreamError(502, "<nginx> & co").MarshalJSON()
	if !strings.Contains(string(up), `<nginx> & co`) {
		t.Errorf("wire text escaped: %s", up)
	}
	// A required list given as nil is still a list on the wire.
	empty, _ := json.Marshal(agenttools.NewInvalidAction("t", "a", nil))
	if !strings.Contains(string(empty), `"valid_actions":[]`) {
		t.Errorf("nil required list not written as []: %s", empty)
	}
}

func TestMessages(t *testing.T) {
	tests := []struct {
		err        *agenttools.Error
		message    string
		suggestion string
	}{
		{agenttools.NewValueOutOfRange("per_page", 1, 100, 250.5),
			"per_page must be between 1 and 100, got 250.5", "Pass a value of per_page between 1 and 100."},
		{agenttools.NewTypeMismatch("t", []agenttools.TypeMismatchInvalidFields{{Field: "w", Expected: "int", Received: "string"}}),
			`Arguments of the wrong type: [{"field":"w","expected":"int","received":"string"}]`, "Pass each field with its expected type."},
		{agenttools.NewStaleRevision("issue", 3, 4),
			"issue changed since revision 3; it is now at 4", "Read the issue again and reapply the change to revision 4."},
		{agenttools.NewInternalError(), "Internal error", "Wait briefly, then retry once."},
	}
	for _, tt := range tests {
		if diff := cmp.Diff([2]string{tt.message, tt.suggestion}, [2]string{tt.err.Message, tt.err.Suggestion}); diff != "" {
			t.Errorf("%s message, suggestion (-want +got):\n%s", tt.err.Code, diff)
		}
	}
}

func TestIs(t *testing.T) {
	cause := errors.New("dial tcp: i/o timeout")
	err := fmt.Errorf("calling the API: %w", agenttools.NewUpstreamTimeout(500).WithCause(cause))
	for _, target := range []error{
		agenttools.CodeUpstreamTimeout,
		agenttools.CategoryUpstreamTimeout,
		agenttools.CategoryUpstream, // parent
		agenttools.CategoryInternal, // grandparent
		agenttools.NewUpstreamTimeout(1),
		cause,
	} {
		if !errors.Is(err, target) {
			t.Errorf("errors.Is(err, %v) = false, want true", target)
		}
	}
	for _, target := range []error{
		agenttools.CodeUpstreamError,
		agenttools.CategoryValidation,
		agenttools.NewInternalError(),
	} {
		if errors.Is(err, target) {
			t.Errorf("errors.Is(err, %v) = true, want false", target)
		}
	}
	var e *agenttools.Error
	if !errors.As(err, &e) || !e.Retryable() || e.HTTPStatus() != 504 {
		t.Errorf("errors.As gave %v; Retryable and HTTPStatus 504 expected", e)
	}
}

func TestMetadata(t *testing.T) {
	info, ok := agenttools.Lookup(agenttools.CodePayloadTooLarge)
	want := agenttools.Info{
		Code: agenttools.CodePayloadTooLarge, Category: agenttools.CategoryLimit, Title: "Payload too large",
		Retryable: false, HTTPStatus: 413, DocsURL: "https://docs.example.com/errors#payload_too_large",
	}
	if diff := cmp.Diff(want, info); diff != "" || !ok {
		t.Errorf("Lookup (-want +got):\n%s", diff)
	}
	if _, ok := agenttools.Lookup("NO_SUCH_CODE"); ok {
		t.Error("Lookup of an unknown code reported ok")
	}
	if got := agenttools.CodeRateLimited.Retryable(); !got {
		t.Error("RATE_LIMITED inherits retryable from its category limit")
	}
	if got := agenttools.CodeStaleRevision.Retryable(); !got {
		t.Error("STALE_REVISION overrides retryable to true")
	}
	if info, _ := agenttools.Lookup(agenttools.CodeProjectNotFound); !info.Deprecated {
		t.Error("PROJECT_NOT_FOUND is deprecated")
	}
}

func TestText(t *testing.T) {
	got := agenttools.NewRateLimited(600, "minute", 17).WithDetail("plan Free").Text()
	want := "error RATE_LIMITED: Rate limit of 600 requests per minute reached\n" +
		"  detail: plan Free\n" +
		"  fix: Wait 17 seconds before calling again.\n" +
		"  docs: https://docs.example.com/errors#rate_limited\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Text (-want +got):\n%s", diff)
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{
		``,
		`[]`,
		`{"code":"NO_SUCH_CODE","message":"x"}`,
		`{"code":"INTERNAL_ERROR","message":"x","params":{"a":1}}`,
		`{"code":"RATE_LIMITED","message":"x"}`,
		`{"code":"RATE_LIMITED","message":"x","params":{"limit":"many"}}`,
	} {
		if e, err := agenttools.Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%s) = %v, want an error", in, e)
		}
	}
}
