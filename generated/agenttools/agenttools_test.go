package agenttools_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/errspec/errspec"
	"github.com/errspec/errspec/generated/agenttools"
)

// every builds one error of every code, optional params set where a code
// has them.
func every() []*agenttools.Error {
	return []*agenttools.Error{
		agenttools.NewDuplicateResource("branch", "main"),
		agenttools.NewAuthenticationFailed("ada", "[redacted]"),
		agenttools.NewInternalError(),
		agenttools.NewInvalidAction("manage_merge_request", "explode", []string{"create", "merge"}),
		agenttools.NewInvalidArguments("browse_pipelines", `validating root: validating /properties/pipeline_id: type: x has type "string", want "integer"`),
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
		agenttools.NewTierRestricted("browse_protected_branches", "list", "Protected branches API", agenttools.TierTeam,
			agenttools.TierRestrictedOptions{CurrentTier: agenttools.TierFree, Alternatives: []agenttools.Alternative{
				{Action: "Read the branch settings in the web UI", AvailableOn: "Free"},
			}}),
		agenttools.NewTypeMismatch("manage_issue", []agenttools.TypeMismatchInvalidFields{
			{Field: "weight", Expected: "int", Received: "string"},
			{Field: "labels", Expected: "[]string", Received: "string"},
		}),
		agenttools.NewUpstreamError("browse_pipelines", "list", 502, "bad gateway <nginx>", agenttools.UpstreamErrorOptions{MetricsAvailable: true}),
		agenttools.NewUpstreamNotFound("browse_pipelines", "get", agenttools.UpstreamNotFoundOptions{UpstreamMessage: "404 Not found"}),
		agenttools.NewUpstreamTimeout(30_000),
		agenttools.NewValueOutOfRange("per_page", 1, 100, 250.5, "a number of items").WithDetail("per_page caps a page of results"),
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
			// Unit only fills the detail: it is not on the wire.
			opts := cmp.Options{cmp.AllowUnexported(agenttools.Error{}), cmpopts.IgnoreFields(agenttools.ValueOutOfRangeParams{}, "Unit")}
			if diff := cmp.Diff(want, got, opts); diff != "" {
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

// TestValueMarshals checks that an Error held by value, in a struct
// marshaled without its pointer or as a map's value, marshals to the wire
// format as an *Error does, where encoding/json, which cannot call a
// pointer's method on a value it cannot address, wrote its Go fields
// ({"Code":...,"Params":{...}}), which UnmarshalJSON then rejected.
func TestValueMarshals(t *testing.T) {
	e := agenttools.NewMissingRequiredField("manage_merge_request", "create", []string{"title"})
	wire, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	type response struct {
		Err  agenttools.Error
		Ptr  *agenttools.Error
		Any  error
		Errs map[string]agenttools.Error
	}
	want := `{"Err":` + string(wire) + `,"Ptr":` + string(wire) + `,"Any":` + string(wire) + `,"Errs":{"k":` + string(wire) + `}}`
	r := response{Err: *e, Ptr: e, Any: e, Errs: map[string]agenttools.Error{"k": *e}}
	for _, v := range []any{r, &r} {
		got, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("json.Marshal(%T): %v", v, err)
		}
		if string(got) != want {
			t.Errorf("json.Marshal(%T) =\n%s\nwant\n%s", v, got, want)
		}
		var back struct { // an interface field, Any, is not read
			Err  agenttools.Error
			Ptr  *agenttools.Error
			Errs map[string]agenttools.Error
		}
		if err := json.Unmarshal(got, &back); err != nil {
			t.Errorf("json.Unmarshal of what json.Marshal(%T) wrote: %v", v, err)
		} else if back.Err.Code != e.Code || back.Ptr == nil || back.Ptr.Code != e.Code || back.Errs["k"].Message != e.Message {
			t.Errorf("read back %+v", back)
		}
	}
	var nilErr *agenttools.Error
	if got, err := json.Marshal(struct{ E *agenttools.Error }{nilErr}); err != nil || string(got) != `{"E":null}` {
		t.Errorf("a nil *Error field marshals to %s, %v", got, err)
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
	up, _ := agenttools.NewUpstreamError("t", "a", 502, "<nginx> & co").MarshalJSON()
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
		{agenttools.NewValueOutOfRange("per_page", 1, 100, 250.5, "a count"),
			"per_page must be between 1 and 100, got 250.5", "Pass a value of per_page between 1 and 100."},
		{agenttools.NewInvalidAction("t", "x", []string{"list", "get", "merge"}),
			"Tool t has no action x", "Use one of the valid actions: list, get or merge"},
		{agenttools.NewTierRestricted("t", "a", "Audit events", agenttools.TierTeam),
			"Audit events requires the Team or Enterprise tier", "Upgrade to Team, or use one of the alternatives."},
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

// TestRetryOfAnError checks that an error says what a client should do
// about it, its retry class and how long to wait, as its code's Info
// does, and for a code of a newer catalog, which Lookup does not know,
// as the wire and the category the catalog knows say.
func TestRetryOfAnError(t *testing.T) {
	for _, e := range every() {
		info, _ := agenttools.Lookup(e.Code)
		if e.Retry() != info.Retry || e.RetryAfter() != info.RetryAfter {
			t.Errorf("%s: Retry %q, RetryAfter %v; its Info says %q, %v", e.Code, e.Retry(), e.RetryAfter(), info.Retry, info.RetryAfter)
		}
	}
	e := agenttools.NewInternalError()
	if e.Retry() != agenttools.RetryAfterDelay || e.RetryAfter() != time.Second {
		t.Errorf("INTERNAL_ERROR: Retry %q, RetryAfter %v, want after_delay, 1s", e.Retry(), e.RetryAfter())
	}
	newer, err := agenttools.Parse([]byte(`{"code":"DATABASE_RESTARTING","category":"internal","message":"The database is restarting","retryable":true}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, known := agenttools.Lookup(newer.Code); known || newer.Retry() != agenttools.RetryAfterDelay || newer.RetryAfter() != time.Second {
		t.Errorf("a code of a newer catalog: known %t, Retry %q, RetryAfter %v, want after_delay, 1s (its category's)", known, newer.Retry(), newer.RetryAfter())
	}
	var nilErr *agenttools.Error
	if nilErr.Retry() != agenttools.RetryAfterFix || nilErr.RetryAfter() != 0 {
		t.Errorf("a nil *Error: Retry %q, RetryAfter %v", nilErr.Retry(), nilErr.RetryAfter())
	}
}

// TestCategories checks that Categories lists every category, sorted:
// those of the codes and those they nest under, and that what a caller
// does with the list leaves the next one as it was.
func TestCategories(t *testing.T) {
	cats := agenttools.Categories()
	if !slices.IsSorted(cats) || len(cats) == 0 {
		t.Fatalf("Categories() = %v, want them all, sorted", cats)
	}
	for _, code := range agenttools.Codes() {
		for c := code.Category(); c != ""; c = c.Parent() {
			if !slices.Contains(cats, c) {
				t.Errorf("Categories() = %v lacks %s, of %s", cats, c, code)
			}
		}
	}
	cats[0] = "changed"
	if agenttools.Categories()[0] == "changed" {
		t.Error("Categories() gives the package's own list")
	}
}

func TestMetadata(t *testing.T) {
	if agenttools.Version != "1.0.0" {
		t.Errorf("Version = %q, the catalog's is 1.0.0", agenttools.Version)
	}
	info, ok := agenttools.Lookup(agenttools.CodePayloadTooLarge)
	want := agenttools.Info{
		Code: agenttools.CodePayloadTooLarge, Category: agenttools.CategoryLimit, Title: "Payload too large",
		Retryable: false, Retry: agenttools.RetryAfterFix, HTTPStatus: 413,
		DocsURL: "https://docs.example.com/errors#payload_too_large",
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
	if info, _ := agenttools.Lookup(agenttools.CodeInternalError); info.Retries != 1 {
		t.Errorf("INTERNAL_ERROR is retried once, Info says %d times", info.Retries)
	}
	if info, _ := agenttools.Lookup(agenttools.CodeProjectNotFound); !info.Deprecated {
		t.Error("PROJECT_NOT_FOUND is deprecated")
	}
	// Retry classes and retry-after: own, inherited from the category, and
	// from the category's parents.
	for _, tt := range []struct {
		code  agenttools.Code
		retry agenttools.Retry
		after time.Duration
	}{
		{agenttools.CodeRateLimited, agenttools.RetryAfterDelay, time.Minute},
		{agenttools.CodeInternalError, agenttools.RetryAfterDelay, time.Second},
		{agenttools.CodeUpstreamError, agenttools.RetryAfterDelay, time.Second},
		{agenttools.CodeUpstreamTimeout, agenttools.RetrySafe, time.Second},
		{agenttools.CodeTierRestricted, agenttools.RetryNever, 0},
		{agenttools.CodeStaleRevision, agenttools.RetryAfterDelay, 0},
	} {
		info, _ := agenttools.Lookup(tt.code)
		if info.Retry != tt.retry || info.RetryAfter != tt.after {
			t.Errorf("%s: retry %s after %v, want %s after %v", tt.code, info.Retry, info.RetryAfter, tt.retry, tt.after)
		}
	}
}

func TestErrorText(t *testing.T) {
	// RATE_LIMITED has an error text of its own; the others the default.
	err := fmt.Errorf("calling: %w", agenttools.NewRateLimited(600, "minute", 17).WithCause(errors.New("429 from upstream")))
	if got, want := err.Error(), "calling: RATE_LIMITED: Rate limit of 600 requests per minute reached; retry in 17 s: 429 from upstream"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := agenttools.NewStaleRevision("issue", 3, 4).Error(), "STALE_REVISION: issue changed since revision 3; it is now at 4"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
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
	e, _ := agenttools.TierRestricted("browse_protected_branches", "list", agenttools.TierFree)
	got = e.Text()
	want = "error TIER_RESTRICTED: Protected branches API requires the Team or Enterprise tier\n" +
		"  fix: Upgrade to Team, or use one of the alternatives.\n" +
		"  instead: Read the branch settings in the web UI — Settings > Repository > Protected branches (Free)\n" +
		"  docs: https://docs.example.com/errors#tier_restricted\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Text (-want +got):\n%s", diff)
	}
}

func TestFeatures(t *testing.T) {
	for _, tt := range []struct {
		tool, action, want string
	}{
		{"browse_protected_branches", "list", "protected_branches"},
		{"manage_merge_request", "approve", "merge_request_approvals"},
		{"manage_merge_request", "merge", ""},
		{"browse_audit_events", "list", "audit_events"},
		{"no_such_tool", "list", ""},
	} {
		f, ok := agenttools.FeatureFor(tt.tool, tt.action)
		if f.Key != tt.want || ok != (tt.want != "") {
			t.Errorf("FeatureFor(%s, %s) = %q, %v; want %q", tt.tool, tt.action, f.Key, ok, tt.want)
		}
	}
	e, ok := agenttools.TierRestricted("manage_merge_request", "approve", "")
	if !ok {
		t.Fatal("TierRestricted: approve is gated")
	}
	want := &agenttools.TierRestrictedParams{
		Tool: "manage_merge_request", Action: "approve", FeatureName: "Merge request approvals", TierRequired: agenttools.TierTeam,
		TierRestrictedOptions: agenttools.TierRestrictedOptions{
			Alternatives: []agenttools.Alternative{{Action: "Leave an approving comment", AvailableOn: "Free"}},
			DocsURL:      "https://docs.example.com/features/approvals",
			UpgradeURL:   "https://example.com/pricing",
		},
	}
	if diff := cmp.Diff(want, e.Params); diff != "" {
		t.Errorf("TierRestricted params (-want +got):\n%s", diff)
	}
	if _, ok := agenttools.TierRestricted("manage_merge_request", "merge", ""); ok {
		t.Error("TierRestricted: merge is not gated")
	}
	// A caller whose tier has the feature gets no tier error; one whose
	// tier is below it, or not a tier of the catalog, does: one that
	// names no tier for an unknown one, and goes on the wire.
	for tier, restricted := range map[agenttools.Tier]bool{
		agenttools.TierFree: true, agenttools.TierTeam: false, agenttools.TierEnterprise: false, "Platinum": true, "team": true,
	} {
		e, ok := agenttools.TierRestricted("manage_merge_request", "approve", tier)
		if ok != restricted || (e != nil) != restricted {
			t.Errorf("TierRestricted(approve, %s) = %v, %t; want restricted %t", tier, e, ok, restricted)
		}
		if e == nil {
			continue
		}
		want := tier
		if !slices.Contains(agenttools.Tiers(), tier) {
			want = ""
		}
		if got := e.Params.(*agenttools.TierRestrictedParams).CurrentTier; got != want {
			t.Errorf("TierRestricted(approve, %s): current tier %q, want %q", tier, got, want)
		}
		if _, err := json.Marshal(e); err != nil {
			t.Errorf("TierRestricted(approve, %s): %v", tier, err)
		}
	}
	if _, ok := agenttools.TierRestricted("browse_audit_events", "list", agenttools.TierTeam); !ok {
		t.Error("TierRestricted: Team lacks the Enterprise feature audit_events")
	}
	if diff := cmp.Diff([]agenttools.Tier{"Free", "Team", "Enterprise"}, agenttools.Tiers()); diff != "" {
		t.Errorf("Tiers (-want +got):\n%s", diff)
	}
}

// TestFeaturesOwnTheirLists checks that what a caller does with the lists
// of a feature, or of a tier error's params, from Features, FeatureFor or
// TierRestricted, leaves the package's table of features as it was.
func TestFeaturesOwnTheirLists(t *testing.T) {
	table := func() string { return fmt.Sprintf("%+v", agenttools.Features()) }
	want := table()
	fs := agenttools.Features()
	for i := range fs {
		fs[i].Tools[0] = "changed"
		for j := range fs[i].Alternatives {
			fs[i].Alternatives[j].Action = "changed"
		}
	}
	f, _ := agenttools.FeatureFor("browse_protected_branches", "list")
	f.Tools[0], f.Alternatives[0].Description = "changed", "changed"
	e, _ := agenttools.TierRestricted("browse_protected_branches", "list", "")
	e.Params.(*agenttools.TierRestrictedParams).Alternatives[0].Action = "changed"
	if got := table(); got != want {
		t.Errorf("Features after changing the lists they returned:\n got %s\nwant %s", got, want)
	}
	e, _ = agenttools.TierRestricted("browse_protected_branches", "list", "")
	if got := e.Params.(*agenttools.TierRestrictedParams).Alternatives[0].Action; got != "Read the branch settings in the web UI" {
		t.Errorf("TierRestricted after changing an error's alternatives: action %q", got)
	}
}

func TestFromUpstream(t *testing.T) {
	for _, tt := range []struct {
		status       int
		tool, action string
		code         agenttools.Code
		httpStatus   int
	}{
		{403, "browse_audit_events", "list", agenttools.CodeTierRestricted, 403},
		{403, "browse_pipelines", "get", agenttools.CodePermissionDenied, 403},
		{404, "browse_pipelines", "get", agenttools.CodeUpstreamNotFound, 404},
		{500, "browse_pipelines", "get", agenttools.CodeUpstreamError, 500},
		{429, "browse_pipelines", "list", agenttools.CodeUpstreamError, 429},
	} {
		e := agenttools.FromUpstream(tt.status, "upstream says no", tt.tool, tt.action)
		if e.Code != tt.code || e.HTTPStatus() != tt.httpStatus {
			t.Errorf("FromUpstream(%d, %s, %s) = %s with status %d, want %s with %d", tt.status, tt.tool, tt.action, e.Code, e.HTTPStatus(), tt.code, tt.httpStatus)
		}
	}
	e := agenttools.FromUpstream(503, "maintenance", "browse_pipelines", "list")
	if diff := cmp.Diff("Upstream API answered 503: maintenance", e.Message); diff != "" {
		t.Errorf("message (-want +got):\n%s", diff)
	}
}

func TestValidateCall(t *testing.T) {
	required := map[string][]string{
		"approve": {"project_id", "merge_request_iid"},
		"create":  {"project_id", "source_branch", "target_branch", "title"},
		"merge":   {"project_id", "merge_request_iid"},
		"update":  {"project_id", "merge_request_iid"},
	}
	tests := []struct {
		name         string
		tool, action string
		args         map[string]any
		want         *agenttools.Error
	}{
		{"valid", "manage_merge_request", "merge", map[string]any{"project_id": "1", "merge_request_iid": 7}, nil},
		{"unknown tool", "no_such_tool", "x", nil, nil},
		{"missing", "manage_merge_request", "create", map[string]any{"project_id": "1", "title": nil},
			agenttools.NewMissingRequiredField("manage_merge_request", "create", []string{"source_branch", "target_branch", "title"},
				agenttools.MissingRequiredFieldOptions{ActionRequiredFields: required})},
		{"invalid action", "manage_merge_request", "explode", nil,
			agenttools.NewInvalidAction("manage_merge_request", "explode", []string{"create", "update", "approve", "merge"},
				agenttools.InvalidActionOptions{ActionRequiredFields: required})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := agenttools.ValidateCall(tt.tool, tt.action, tt.args)
			if tt.want == nil {
				if err != nil {
					t.Errorf("ValidateCall = %v, want nil", err)
				}
				return
			}
			if diff := cmp.Diff(tt.want, err, cmp.AllowUnexported(agenttools.Error{})); diff != "" {
				t.Errorf("ValidateCall (-want +got):\n%s", diff)
			}
		})
	}
}

func TestUntrustedValues(t *testing.T) {
	e := agenttools.NewAuthenticationFailed("ada", "glpat-secret")
	data, _ := json.Marshal(e)
	if strings.Contains(string(data)+e.Text()+e.Error(), "glpat-secret") {
		t.Errorf("a sensitive param is echoed: %s\n%s", data, e.Text())
	}
	long := strings.Repeat("x", 100)
	got := agenttools.NewDuplicateResource("branch", long).Params.(*agenttools.DuplicateResourceParams).Name
	if want := strings.Repeat("x", 63) + "…"; got != want {
		t.Errorf("max_length: got %q (%d runes), want 64 runes ending in …", got, len([]rune(got)))
	}
	if got := agenttools.NewDuplicateResource("branch", "short").Message; got != "branch short already exists" {
		t.Errorf("a short value is cut: %q", got)
	}
}

// TestSensitiveParamsNeverShown shows an error with a sensitive param
// every way a program may show its typed params, or the error as a
// value: encoding/json, fmt with the verbs that print a struct, and
// log/slog's JSON and text handlers. The token's field is an
// errspec.Sensitive, which every one of them shows as the wire does.
// (fmt prints a pointer held in another value, with a verb other than
// %v, as it is, without the methods of what it points to: a struct of
// the params printed with %s is, a map or struct holding the pointer to
// it is not.)
func TestSensitiveParamsNeverShown(t *testing.T) {
	e := agenttools.NewAuthenticationFailed("ada", "glpat-secret")
	p := e.Params.(*agenttools.AuthenticationFailedParams)
	const wire = `{"user":"ada","token":"[redacted]"}`
	var shown []string
	for i, v := range []any{e, p, *p, e.Params, *e, struct{ Err agenttools.Error }{*e}, map[string]any{"params": e.Params}} {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		shown = append(shown, string(data))
		verbs := []string{"%v", "%+v", "%#v"}
		if i < 4 {
			verbs = append(verbs, "%s", "%q", "%x")
		}
		for _, verb := range verbs {
			shown = append(shown, fmt.Sprintf(verb, v))
		}
		var b bytes.Buffer
		slog.New(slog.NewJSONHandler(&b, nil)).Info("failed", "params", v)
		slog.New(slog.NewTextHandler(&b, nil)).Info("failed", "params", v)
		shown = append(shown, b.String())
	}
	shown = append(shown, e.Text(), e.Error())
	for _, s := range shown {
		if strings.Contains(s, "glpat-secret") || strings.Contains(s, fmt.Sprintf("%x", "glpat-secret")) {
			t.Errorf("a sensitive param is shown: %s", s)
		}
	}
	if data, _ := json.Marshal(p); string(data) != wire {
		t.Errorf("the params marshal to %s, want %s, as the wire carries them", data, wire)
	}
	if string(p.Token) != "glpat-secret" {
		t.Errorf("the server's own params lost the token: %q", p.Token)
	}
}

func TestEnvelopes(t *testing.T) {
	// PROJECT_NOT_FOUND keeps the legacy flat shape.
	data, _ := json.Marshal(agenttools.NewProjectNotFound("group/app"))
	if diff := cmp.Diff(`{"code":"PROJECT_NOT_FOUND","error":"Project group/app not found","project_id":"group/app"}`, string(data)); diff != "" {
		t.Errorf("legacy envelope (-want +got):\n%s", diff)
	}
	// A param that only fills the detail is not sent; the detail is.
	data, _ = json.Marshal(agenttools.NewValueOutOfRange("per_page", 1, 100, 0, "a number of items"))
	if strings.Contains(string(data), "unit") || !strings.Contains(string(data), `"detail":"per_page is a number of items."`) {
		t.Errorf("wire: false param: %s", data)
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{
		``,
		`[]`,
		`{"code":"NO_SUCH_CODE","message":""}`,
		`{"code":"NO_SUCH_CODE","retryable":"yes"}`,
		`{"code":"INTERNAL_ERROR","category":"limit","message":"x","params":{"a":1}}`,
		`{"code":"RATE_LIMITED","message":"x"}`,
		`{"code":"RATE_LIMITED","message":"x","params":{"limit":"many"}}`,
	} {
		if e, err := agenttools.Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%s) = %v, want an error", in, e)
		}
	}
}

// TestNilError checks a nil *Error returned by mistake as a non-nil error
// through the paths that see any error: its text, the chain, errors.Is,
// log/slog (with each of slog's handlers), and the runtime's adapters,
// which look past it.
func TestNilError(t *testing.T) {
	var nilErr *agenttools.Error
	var err error = nilErr
	if got := err.Error(); got != "<nil>" {
		t.Errorf("Error() = %q", got)
	}
	if got := fmt.Sprint(fmt.Errorf("calling: %w", err)); got != "calling: <nil>" {
		t.Errorf("wrapped: %q", got)
	}
	if errors.Unwrap(err) != nil || errors.Is(err, agenttools.CodeResourceNotFound) || errors.Is(err, agenttools.CategoryNotFound) {
		t.Error("a nil *Error unwraps to something, or matches a code or category")
	}
	for _, h := range []func(io.Writer) slog.Handler{
		func(w io.Writer) slog.Handler { return slog.NewTextHandler(w, nil) },
		func(w io.Writer) slog.Handler { return slog.NewJSONHandler(w, nil) },
	} {
		var buf bytes.Buffer
		slog.New(errspec.LogHandler(h(&buf))).Error("failed", "err", err, "wrapped", fmt.Errorf("x: %w", err))
		if got := buf.String(); strings.Contains(got, "panic") || !strings.Contains(got, "<nil>") {
			t.Errorf("logged: %s", got)
		}
	}
	real := agenttools.NewResourceNotFound("pipeline", "42")
	if v, ok := errspec.As(errors.Join(err, real)); !ok || v.Code != string(agenttools.CodeResourceNotFound) {
		t.Errorf("As past a nil *Error: %+v, %t", v, ok)
	}
	if e, ok := errspec.AsType[*agenttools.Error](fmt.Errorf("x: %w", err)); ok {
		t.Errorf("AsType finds %v in a nil *Error", e)
	}
	// Its methods answer as for an error of no code, where a caller that
	// got it from errors.As calls them.
	if nilErr.Text() != "<nil>\n" || nilErr.Category() != "" || nilErr.Retryable() || nilErr.HTTPStatus() != 500 {
		t.Errorf("Text %q, Category %q, Retryable %t, HTTPStatus %d", nilErr.Text(), nilErr.Category(), nilErr.Retryable(), nilErr.HTTPStatus())
	}
	b, err1 := nilErr.AppendJSON([]byte("x"))
	m, err2 := json.Marshal(nilErr)
	j, err3 := json.Marshal(struct{ E *agenttools.Error }{nilErr})
	if string(b) != "xnull" || string(m) != "null" || string(j) != `{"E":null}` || errors.Join(err1, err2, err3) != nil {
		t.Errorf("AppendJSON %s, json.Marshal %s and of a struct %s: %v", b, m, j, errors.Join(err1, err2, err3))
	}
	// Its setters set nothing and give it back, where a handler adds to
	// the error it got before returning it.
	if e := nilErr.WithCause(io.EOF).WithDetail("d").WithHTTPStatus(503); e != nil {
		t.Errorf("the setters of a nil *Error give %v", e)
	}
	// Reading into it has nowhere to put the error: an error, as
	// json.RawMessage gives, where it panicked; null is read as nothing.
	wire, _ := json.Marshal(agenttools.NewResourceNotFound("pipeline", "42"))
	if err := nilErr.UnmarshalJSON(wire); err == nil || !strings.Contains(err.Error(), "nil *Error") {
		t.Errorf("UnmarshalJSON into a nil *Error: %v", err)
	}
	if err := nilErr.UnmarshalJSON([]byte("null")); err == nil {
		t.Error("UnmarshalJSON of null into a nil *Error gives no error")
	}
	v, _ := errspec.As(agenttools.NewResourceNotFound("pipeline", "42"))
	nilErr.ErrspecSetView(v)
}

// TestValidateCallOwnsItsLists checks that what a caller does with the
// lists of a validation error's params leaves the package's table of
// tools as it was: the next call is checked against the catalog's
// required fields.
func TestValidateCallOwnsItsLists(t *testing.T) {
	for _, action := range []string{"merge", "explode"} {
		var e *agenttools.Error
		if !errors.As(agenttools.ValidateCall("manage_merge_request", action, nil), &e) {
			t.Fatalf("ValidateCall(manage_merge_request, %s): no *Error", action)
		}
		var fields map[string][]string
		switch p := e.Params.(type) {
		case *agenttools.MissingRequiredFieldParams:
			fields = p.ActionRequiredFields
		case *agenttools.InvalidActionParams:
			fields = p.ActionRequiredFields
		}
		if len(fields["merge"]) == 0 {
			t.Fatalf("ValidateCall(manage_merge_request, %s): no required fields of merge in %v", action, e)
		}
		for _, list := range fields {
			for i := range list {
				list[i] = "changed"
			}
		}
	}
	args := map[string]any{"project_id": "1", "merge_request_iid": 7}
	if err := agenttools.ValidateCall("manage_merge_request", "merge", args); err != nil {
		t.Errorf("ValidateCall of a valid merge after changing an error's lists: %v", err)
	}
}

// TestWithCauseRefusesACircle checks that a cause that is the error itself
// or leads back to it, directly or through other wrappers, is not
// attached: Error, Text, errors.Is and errors.As end on every error, and
// a cause that does not lead back is attached as before.
func TestWithCauseRefusesACircle(t *testing.T) {
	a := agenttools.NewInternalError()
	b := agenttools.NewUpstreamTimeout(500)
	c := agenttools.NewRateLimited(600, "minute", 17)
	a.WithCause(a)
	b.WithCause(fmt.Errorf("calling: %w", a))
	a.WithCause(errors.Join(io.EOF, fmt.Errorf("via: %w", b)))
	c.WithCause(b)
	c.WithCause(c)
	if a.Unwrap() != nil {
		t.Errorf("a's cause is %v, which leads back to a", a.Unwrap())
	}
	if c.Unwrap() != b {
		t.Errorf("c's cause is %v, want b", c.Unwrap())
	}
	for _, e := range []*agenttools.Error{a, b, c} {
		_ = e.Error() + e.Text()
		var as *agenttools.Error
		if errors.Is(e, io.EOF) || errors.Is(e, agenttools.CodeTypeMismatch) || !errors.As(e, &as) {
			t.Errorf("%v: errors.Is or errors.As", e)
		}
	}
	if got, want := c.Error(), "RATE_LIMITED: Rate limit of 600 requests per minute reached; retry in 17 s: UPSTREAM_TIMEOUT: Upstream API did not answer within 500 ms: calling: INTERNAL_ERROR: Internal error"; got != want {
		t.Errorf("c.Error() = %q, want %q", got, want)
	}
}

// TestUnmarshalNull checks that JSON null decodes into an Error as into
// any other value, as encoding/json asks of an Unmarshaler: it leaves the
// error as it is, where it failed the whole document; Parse still
// rejects it, which is no error.
func TestUnmarshalNull(t *testing.T) {
	var v struct {
		Err  agenttools.Error
		Errs []agenttools.Error
	}
	v.Err.Code = agenttools.CodeInternalError
	if err := json.Unmarshal([]byte(`{"Err":null,"Errs":[null]}`), &v); err != nil {
		t.Fatalf("null into an Error: %v", err)
	}
	if v.Err.Code != agenttools.CodeInternalError || len(v.Errs) != 1 || v.Errs[0].Code != "" {
		t.Errorf("null into an Error gives %+v", v)
	}
	if e, err := agenttools.Parse([]byte("null")); err == nil {
		t.Errorf("Parse(null) = %v, want an error", e)
	}
}
