package e2e_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/errspec/errspec"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	healthgrpc "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"
	"google.golang.org/protobuf/types/known/durationpb"

	"example.com/app/apperr"
	"example.com/app/apperr/apperrgrpc"
	seedmcp "example.com/app/seeds/seed002"
	"example.com/app/seeds/seed002/seedgrpc"
)

// failing is a health service whose methods fail with the error each
// service name stands for.
type failing struct {
	healthgrpc.UnimplementedHealthServer
}

var failures = map[string]error{
	"rate":      fmt.Errorf("checking: %w", apperr.NewRateLimited(600, "minute", 17)),
	"missing":   apperr.NewMissingRequiredField("manage_merge_request", "create", []string{"title", "source_branch"}),
	"range":     apperr.NewValueOutOfRange("per_page", 1, 100, 250, "a number of items"),
	"duplicate": apperr.NewDuplicateResource("branch", "main"),
	"upstream":  apperr.NewUpstreamError("browse_pipelines", "list", 503, "unavailable").WithHTTPStatus(503),
	"auth":      apperr.NewAuthenticationFailed("ada", "hunter2"),
	"plain":     errors.New("plain failure"),
	"nil":       error((*apperr.Error)(nil)), // returned by mistake: no error of the catalog
	// A param and a detail of raw bytes that are not UTF-8, which a
	// protobuf string cannot hold: each such byte is U+FFFD, as on the wire.
	"latin1": apperr.NewResourceNotFound("file", "r\xe9sum\xe9.txt").WithDetail("read from \xff\xfe"),
	"newer":  newerStatus().Err(),
}

// withFacts adds to the params of an ErrorInfo the title, category and
// retry class of its code, as the adapter sends them.
func withFacts(title, category, retry string, params map[string]string) map[string]string {
	params[errspec.MetadataTitle], params[errspec.MetadataCategory], params[errspec.MetadataRetry] = title, category, retry
	return params
}

// newerStatus is the status of an error whose code the catalog does not
// know, as a server of a newer version of it sends one.
func newerStatus() *status.Status {
	st, err := status.New(codes.ResourceExhausted, "The quota is gone").WithDetails(
		&errdetails.ErrorInfo{Reason: "QUOTA_GONE", Domain: "tools.example.com", Metadata: withFacts("Quota gone", "limit", "after_delay", map[string]string{"plan": "free", "left": "0"})},
		&errdetails.RetryInfo{RetryDelay: durationpb.New(30 * time.Second)},
		&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Buy more.", Url: "https://docs.example.com/errors#quota_gone"}}},
		&errdetails.DebugInfo{Detail: "The plan's quota ran out at noon."},
	)
	if err != nil {
		panic(err)
	}
	return st
}

func (failing) Check(ctx context.Context, req *healthgrpc.HealthCheckRequest) (*healthgrpc.HealthCheckResponse, error) {
	crash(req.GetService())
	if err := failures[req.GetService()]; err != nil {
		return nil, err
	}
	return &healthgrpc.HealthCheckResponse{Status: healthgrpc.HealthCheckResponse_SERVING}, nil
}

func (failing) Watch(req *healthgrpc.HealthCheckRequest, stream healthgrpc.Health_WatchServer) error {
	crash(req.GetService())
	return failures[req.GetService()]
}

// crash panics for the services named panic (with a string), nilmap
// (with the runtime's error of a write to a nil map) and unwrap (with an
// error whose Unwrap panics in turn).
func crash(service string) {
	switch service {
	case "panic":
		panic("the cache is gone")
	case "nilmap":
		var m map[string]int
		m["x"]++
	case "unwrap":
		panic(unwrapPanics{})
	}
}

// unwrapPanics is an error whose Unwrap panics, as the panic of a broken
// handler may be.
type unwrapPanics struct{}

func (unwrapPanics) Error() string { return "the chain is broken" }

func (unwrapPanics) Unwrap() error { panic("Unwrap of a broken chain") }

// client serves the failing service over bufconn, with the adapter's
// interceptors, and returns a client of it.
func client(t *testing.T) healthgrpc.HealthClient {
	t.Helper()
	return clientWith(t,
		grpc.ChainUnaryInterceptor(apperrgrpc.UnaryServerInterceptor),
		grpc.ChainStreamInterceptor(apperrgrpc.StreamServerInterceptor),
	)
}

// clientWith serves the failing service over bufconn, with the server
// options given, and returns a client of it.
func clientWith(t *testing.T, opts ...grpc.ServerOption) healthgrpc.HealthClient {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	s := grpc.NewServer(opts...)
	healthgrpc.RegisterHealthServer(s, failing{})
	go s.Serve(lis)
	t.Cleanup(s.Stop)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return healthgrpc.NewHealthClient(conn)
}

// statusOf builds the status a test expects.
func statusOf(t *testing.T, code codes.Code, message string, details ...proto.Message) *spb.Status {
	t.Helper()
	st := &spb.Status{Code: int32(code), Message: message}
	for _, d := range details {
		a := new(anypb.Any)
		if err := anypb.MarshalFrom(a, d, proto.MarshalOptions{Deterministic: true}); err != nil {
			t.Fatal(err)
		}
		st.Details = append(st.Details, a)
	}
	return st
}

func marshal(t *testing.T, m proto.Message) []byte {
	t.Helper()
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGRPCStatus(t *testing.T) {
	c := client(t)
	docs := "https://docs.example.com/errors#"
	want := map[string]*spb.Status{
		"rate": statusOf(t, codes.ResourceExhausted, "Rate limit of 600 requests per minute reached",
			&errdetails.ErrorInfo{Reason: "RATE_LIMITED", Domain: "tools.example.com", Metadata: withFacts("Rate limit reached", "limit", "after_delay", map[string]string{"limit": "600", "window": "minute", "retry_after_seconds": "17"})},
			&errdetails.RetryInfo{RetryDelay: durationpb.New(60 * time.Second)},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Wait 17 seconds before calling again.", Url: docs + "rate_limited"}}}),
		"missing": statusOf(t, codes.InvalidArgument, "Missing required fields for manage_merge_request create: title, source_branch",
			&errdetails.ErrorInfo{Reason: "MISSING_REQUIRED_FIELD", Domain: "tools.example.com", Metadata: withFacts("Missing required field", "validation", "after_fix", map[string]string{
				"tool": "manage_merge_request", "action": "create", "missing_fields": `["title","source_branch"]`})},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Add the required fields: title, source_branch", Url: docs + "missing_required_field"}}},
			&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
				{Field: "title", Description: "Missing required fields for manage_merge_request create: title, source_branch", Reason: "MISSING_REQUIRED_FIELD"},
				{Field: "source_branch", Description: "Missing required fields for manage_merge_request create: title, source_branch", Reason: "MISSING_REQUIRED_FIELD"},
			}}),
		"range": statusOf(t, codes.InvalidArgument, "per_page must be between 1 and 100, got 250",
			&errdetails.ErrorInfo{Reason: "VALUE_OUT_OF_RANGE", Domain: "tools.example.com", Metadata: withFacts("Value out of range", "validation", "after_fix", map[string]string{
				"field": "per_page", "minimum": "1", "maximum": "100", "value": "250"})},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Pass a value of per_page between 1 and 100.", Url: docs + "value_out_of_range"}}},
			&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
				{Field: "per_page", Description: "per_page must be between 1 and 100, got 250", Reason: "VALUE_OUT_OF_RANGE"}}},
			&errdetails.DebugInfo{Detail: "per_page is a number of items."}),
		"duplicate": statusOf(t, codes.AlreadyExists, "branch main already exists",
			&errdetails.ErrorInfo{Reason: "DUPLICATE_RESOURCE", Domain: "tools.example.com", Metadata: withFacts("Resource already exists", "conflict", "after_fix", map[string]string{"kind": "branch", "name": "main"})},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Use the existing branch, or choose another name.", Url: docs + "duplicate_resource"}}}),
		"upstream": statusOf(t, codes.Unavailable, "Upstream API answered 503: unavailable",
			&errdetails.ErrorInfo{Reason: "UPSTREAM_ERROR", Domain: "tools.example.com", Metadata: withFacts("Upstream API error", "upstream", "after_delay", map[string]string{
				"tool": "browse_pipelines", "action": "list", "upstream_status": "503", "upstream_message": "unavailable"})},
			&errdetails.RetryInfo{RetryDelay: durationpb.New(time.Second)},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Check the upstream API's documentation for this endpoint.", Url: docs + "upstream_error"}}}),
		"auth": statusOf(t, codes.Unauthenticated, "The token [redacted] was rejected for ada",
			&errdetails.ErrorInfo{Reason: "AUTHENTICATION_FAILED", Domain: "tools.example.com", Metadata: withFacts("Authentication failed", "permission", "never", map[string]string{"user": "ada", "token": "[redacted]"})},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Create a new access token and configure the server with it.", Url: docs + "authentication_failed"}}}),
		"plain": statusOf(t, codes.Unknown, "plain failure"),
		"nil":   statusOf(t, codes.Unknown, "<nil>"),
		"latin1": statusOf(t, codes.NotFound, "file r\uFFFDsum\uFFFD.txt not found",
			&errdetails.ErrorInfo{Reason: "RESOURCE_NOT_FOUND", Domain: "tools.example.com", Metadata: withFacts("Resource not found", "not_found", "after_fix", map[string]string{"kind": "file", "id": "r\uFFFDsum\uFFFD.txt"})},
			&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Check that the file exists and that you have at least Reporter access.", Url: docs + "resource_not_found"}}},
			&errdetails.DebugInfo{Detail: "read from \uFFFD\uFFFD"}),
	}
	for name, w := range want {
		t.Run(name, func(t *testing.T) {
			_, err := c.Check(context.Background(), &healthgrpc.HealthCheckRequest{Service: name})
			st := status.Convert(err)
			if got, want := marshal(t, st.Proto()), marshal(t, w); !bytes.Equal(got, want) {
				t.Errorf("status\n got %v\nwant %v", st.Proto(), w)
			}
			stream, err := c.Watch(context.Background(), &healthgrpc.HealthCheckRequest{Service: name})
			if err == nil {
				_, err = stream.Recv()
			}
			if got, want := marshal(t, status.Convert(err).Proto()), marshal(t, w); !bytes.Equal(got, want) {
				t.Errorf("status of a stream\n got %v\nwant %v", status.Convert(err).Proto(), w)
			}
			e, ok := apperrgrpc.FromError(err)
			var sent *apperr.Error
			if !errors.As(failures[name], &sent) || sent == nil {
				if ok {
					t.Errorf("FromError read an errspec error from %v", err)
				}
				return
			}
			sameError(t, e, ok, parsed(t, sent))
			// A client's caller wraps the error: its message is the
			// status's, not the text of the chain.
			e, ok = apperrgrpc.FromError(fmt.Errorf("checking %s: %w", name, err))
			sameError(t, e, ok, parsed(t, sent))
		})
	}
}

// TestGRPCNewerCode reads the status of a code the catalog does not know,
// as a client of an older version of the catalog gets it from a newer
// server: an error of that code with what the status carries, its
// category (errors.Is matches it) and retry class included.
func TestGRPCNewerCode(t *testing.T) {
	_, err := client(t).Check(context.Background(), &healthgrpc.HealthCheckRequest{Service: "newer"})
	e, ok := apperrgrpc.FromError(err)
	if !ok {
		t.Fatalf("FromError(%v) read no error", err)
	}
	v := e.ErrspecView()
	if v.Known() || e.Code != "QUOTA_GONE" || e.Message != "The quota is gone" || e.Suggestion != "Buy more." ||
		e.Detail != "The plan's quota ran out at noon." || !e.Retryable() || v.Retry() != errspec.RetryAfterDelay || v.RetryAfter() != 30*time.Second ||
		v.DocsURL() != "https://docs.example.com/errors#quota_gone" || !errors.Is(e, apperr.CategoryLimit) || v.Category() != "limit" || v.Title() != "Quota gone" ||
		string(e.Params.(errspec.RawParams)) != `{"left":"0","plan":"free"}` {
		t.Errorf("a newer code: %+v %+v", e, v.Unknown)
	}
	// A newer code whose error has no suggestion: the Help link is
	// described by the code's title, which is no suggestion.
	st := statusOf(t, codes.Unavailable, "The queue is full",
		&errdetails.ErrorInfo{Reason: "QUEUE_FULL", Domain: "tools.example.com", Metadata: withFacts("Queue full", "limit", "after_fix", map[string]string{})},
		&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Queue full", Url: "https://docs.example.com/errors#queue_full"}}})
	e, ok = apperrgrpc.FromStatus(status.FromProto(st))
	if v := e.ErrspecView(); !ok || e.Suggestion != "" || v.Title() != "Queue full" || e.Message != "The queue is full" || v.DocsURL() != "https://docs.example.com/errors#queue_full" {
		t.Errorf("a newer code without a suggestion: %+v %+v", e, v.Unknown)
	}
	// A newer code of a catalog without docs URLs: no Help link, and the
	// suggestion in the ErrorInfo.
	st = statusOf(t, codes.Unavailable, "The queue is full",
		&errdetails.ErrorInfo{Reason: "QUEUE_FULL", Domain: "tools.example.com", Metadata: withFacts("Queue full", "limit", "after_fix",
			map[string]string{errspec.MetadataSuggestion: "Drain the queue first."})})
	e, ok = apperrgrpc.FromStatus(status.FromProto(st))
	if v := e.ErrspecView(); !ok || e.Suggestion != "Drain the queue first." || v.DocsURL() != "" || e.Params != nil {
		t.Errorf("a newer code without a docs URL: %+v %+v", e, v.Unknown)
	}
	// A newer code whose RetryInfo is not in whole seconds, or out of the
	// bounds of a retry-after: rounded up, or not known; a retry can help
	// all the same.
	for delay, want := range map[time.Duration]time.Duration{
		1500 * time.Millisecond:                   2 * time.Second,
		errspec.MaxRetryAfter * time.Second:       errspec.MaxRetryAfter * time.Second,
		(errspec.MaxRetryAfter + 1) * time.Second: 0,
		-5 * time.Second:                          0,
	} {
		st = statusOf(t, codes.Unavailable, "Try again",
			&errdetails.ErrorInfo{Reason: "BUSY_NOW", Domain: "tools.example.com", Metadata: withFacts("Busy now", "limit", "after_delay", map[string]string{})},
			&errdetails.RetryInfo{RetryDelay: durationpb.New(delay)})
		e, ok = apperrgrpc.FromStatus(status.FromProto(st))
		if v := e.ErrspecView(); !ok || !e.Retryable() || v.Unknown.RetryAfter != int(want/time.Second) {
			t.Errorf("a newer code with a RetryInfo of %v: waits %d s, want %v", delay, v.Unknown.RetryAfter, want)
		}
	}
	// A code this version knows, whose newer version has another title,
	// from an error without a suggestion: the newer title describes the
	// Help link, and the error keeps the suggestion of this version.
	st = statusOf(t, codes.ResourceExhausted, "Rate limit of 600 requests per minute reached",
		&errdetails.ErrorInfo{Reason: "RATE_LIMITED", Domain: "tools.example.com", Metadata: withFacts("Too many requests", "limit", "after_delay",
			map[string]string{"limit": "600", "window": "minute", "retry_after_seconds": "17"})},
		&errdetails.Help{Links: []*errdetails.Help_Link{{Description: "Too many requests", Url: "https://docs.example.com/errors#rate_limited"}}})
	e, ok = apperrgrpc.FromStatus(status.FromProto(st))
	if want := apperr.NewRateLimited(600, "minute", 17); !ok || e.Suggestion != want.Suggestion || e.ErrspecView().Title() != "Rate limit reached" {
		t.Errorf("a known code whose newer title describes the link: %+v", e)
	}
	// A status without the code's facts, from an adapter that did not
	// send them: what it carries, without a category.
	st = statusOf(t, codes.Unavailable, "Try again",
		&errdetails.ErrorInfo{Reason: "BUSY_NOW", Domain: "tools.example.com", Metadata: map[string]string{"queue": "7"}})
	e, ok = apperrgrpc.FromStatus(status.FromProto(st))
	if !ok || e.ErrspecView().Known() || e.Code != "BUSY_NOW" || e.Message != "Try again" || e.Retryable() || e.ErrspecView().Category() != "" ||
		string(e.Params.(errspec.RawParams)) != `{"queue":"7"}` {
		t.Errorf("a newer code without its facts: %+v %+v", e, e.ErrspecView().Unknown)
	}
	// A newer code with a retry class that is not one errspec knows.
	st = statusOf(t, codes.Unavailable, "Try again",
		&errdetails.ErrorInfo{Reason: "BUSY_NOW", Domain: "tools.example.com", Metadata: withFacts("Busy now", "limit", "whenever", map[string]string{})})
	if e, ok = apperrgrpc.FromStatus(status.FromProto(st)); !ok || e.Retryable() || !errors.Is(e, apperr.CategoryLimit) || len(e.ErrspecView().ParamStrings()) != 0 {
		t.Errorf("a newer code of an unknown retry class: %+v %+v", e, e.ErrspecView().Unknown)
	}
}

// parsed is the error as the catalog's wire carries it: sensitive params
// redacted, params it does not send empty.
func parsed(t *testing.T, e *apperr.Error) *apperr.Error {
	t.Helper()
	p, err := apperr.Parse([]byte(wire(t, e)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGRPCOtherInterceptor serves the health service behind another
// interceptor, an authorization check that fails every call with the
// catalog's error, as the README says: with the adapter's interceptors
// before it in the chain, the client reads the error's status; after it,
// which gRPC runs inside it, code Unknown with Error()'s text.
func TestGRPCOtherInterceptor(t *testing.T) {
	denied := apperr.NewPermissionDenied("get_pipeline", "read")
	unary := func(context.Context, any, *grpc.UnaryServerInfo, grpc.UnaryHandler) (any, error) {
		return nil, denied
	}
	stream := func(any, grpc.ServerStream, *grpc.StreamServerInfo, grpc.StreamHandler) error {
		return denied
	}
	call := func(c healthgrpc.HealthClient) (unaryErr, streamErr error) {
		_, unaryErr = c.Check(context.Background(), &healthgrpc.HealthCheckRequest{})
		s, err := c.Watch(context.Background(), &healthgrpc.HealthCheckRequest{})
		if err == nil {
			_, err = s.Recv()
		}
		return unaryErr, err
	}

	first := clientWith(t,
		grpc.ChainUnaryInterceptor(apperrgrpc.UnaryServerInterceptor, unary),
		grpc.ChainStreamInterceptor(apperrgrpc.StreamServerInterceptor, stream),
	)
	u, s := call(first)
	for kind, err := range map[string]error{"unary": u, "stream": s} {
		if got := status.Code(err); got != codes.PermissionDenied {
			t.Errorf("adapter first, %s call: code %v, want %v", kind, got, codes.PermissionDenied)
		}
		e, ok := apperrgrpc.FromError(err)
		sameError(t, e, ok, parsed(t, denied))
	}

	after := clientWith(t,
		grpc.ChainUnaryInterceptor(unary, apperrgrpc.UnaryServerInterceptor),
		grpc.ChainStreamInterceptor(stream, apperrgrpc.StreamServerInterceptor),
	)
	u, s = call(after)
	for kind, err := range map[string]error{"unary": u, "stream": s} {
		st := status.Convert(err)
		if st.Code() != codes.Unknown || st.Message() != denied.Error() || len(st.Details()) != 0 {
			t.Errorf("adapter after the check, %s call: status %v, want code Unknown with %q and no details", kind, st.Proto(), denied.Error())
		}
		if e, ok := apperrgrpc.FromError(err); ok {
			t.Errorf("adapter after the check, %s call: FromError read %v from a status gRPC made of the error's text", kind, e)
		}
	}
}

// TestGRPCTwoCatalogs serves the errors of two catalogs from one server,
// with the interceptors of both chained in either order: an error of one
// catalog whose cause is an error of the other goes out as itself, with
// its own domain, not as its cause.
func TestGRPCTwoCatalogs(t *testing.T) {
	issue := func() *seedmcp.Error { return seedmcp.NewNotFound("issue", "7") }
	timeout := func() *apperr.Error { return apperr.NewUpstreamTimeout(30_000) }
	for _, order := range []string{"apperrgrpc first", "seedgrpc first"} {
		t.Run(order, func(t *testing.T) {
			interceptors := []grpc.UnaryServerInterceptor{apperrgrpc.UnaryServerInterceptor, seedgrpc.UnaryServerInterceptor}
			if order == "seedgrpc first" {
				slices.Reverse(interceptors)
			}
			for _, tc := range []struct {
				returned error
				want     *status.Status
			}{
				{timeout().WithCause(issue()), mustStatus(apperrgrpc.Status(timeout()))},
				{issue().WithCause(timeout()), mustStatus(seedgrpc.Status(issue()))},
			} {
				lis := bufconn.Listen(1 << 20)
				s := grpc.NewServer(grpc.ChainUnaryInterceptor(interceptors...))
				healthgrpc.RegisterHealthServer(s, &returning{err: tc.returned})
				go s.Serve(lis)
				conn, err := grpc.NewClient("passthrough:///bufnet",
					grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
					grpc.WithTransportCredentials(insecure.NewCredentials()))
				if err != nil {
					t.Fatal(err)
				}
				_, err = healthgrpc.NewHealthClient(conn).Check(context.Background(), &healthgrpc.HealthCheckRequest{})
				if got, want := marshal(t, status.Convert(err).Proto()), marshal(t, tc.want.Proto()); !bytes.Equal(got, want) {
					t.Errorf("%v: status\n got %v\nwant %v", tc.returned, status.Convert(err).Proto(), tc.want.Proto())
				}
				conn.Close()
				s.Stop()
			}
		})
	}
}

// returning is a health service whose Check returns err.
type returning struct {
	healthgrpc.UnimplementedHealthServer
	err error
}

func (r *returning) Check(context.Context, *healthgrpc.HealthCheckRequest) (*healthgrpc.HealthCheckResponse, error) {
	return nil, r.err
}

func mustStatus(st *status.Status, ok bool) *status.Status {
	if !ok {
		panic("no status")
	}
	return st
}

// TestGRPCRetryPolicy checks a client whose service config retries the
// gRPC codes of the catalog's errors: an error the catalog says a retry
// cannot help reaches it after one attempt, whole, where the policy
// retried it as often as it allows; one a retry can help, and an error
// that is not the catalog's, are retried as the policy says. Unary and
// streaming methods alike.
func TestGRPCRetryPolicy(t *testing.T) {
	var attempts atomic.Int32
	lis := bufconn.Listen(1 << 20)
	s := grpc.NewServer(
		grpc.ChainUnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			attempts.Add(1)
			return handler(ctx, req)
		}, apperrgrpc.UnaryServerInterceptor),
		grpc.ChainStreamInterceptor(func(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
			attempts.Add(1)
			return handler(srv, ss)
		}, apperrgrpc.StreamServerInterceptor),
	)
	healthgrpc.RegisterHealthServer(s, failing{})
	go s.Serve(lis)
	t.Cleanup(s.Stop)
	const policy = `{"methodConfig":[{"name":[{"service":"grpc.health.v1.Health"}],"retryPolicy":{"maxAttempts":3,"initialBackoff":"0.001s","maxBackoff":"0.002s","backoffMultiplier":2,` +
		`"retryableStatusCodes":["ALREADY_EXISTS","INVALID_ARGUMENT","OUT_OF_RANGE","RESOURCE_EXHAUSTED","UNAVAILABLE","UNAUTHENTICATED","INTERNAL","UNKNOWN"]}}]}`
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultServiceConfig(policy))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	c := healthgrpc.NewHealthClient(conn)
	for _, service := range []string{"duplicate", "missing", "range", "auth", "rate", "upstream", "panic", "plain"} {
		sent, _ := errspec.AsType[*apperr.Error](failures[service])
		for _, method := range []string{"Check", "Watch"} {
			attempts.Store(0)
			req := &healthgrpc.HealthCheckRequest{Service: service}
			if method == "Check" {
				_, err = c.Check(context.Background(), req)
			} else {
				stream, serr := c.Watch(context.Background(), req)
				if serr != nil {
					t.Fatal(serr)
				}
				_, err = stream.Recv()
			}
			want := int32(3)
			got, ok := apperrgrpc.FromError(err)
			switch {
			case service == "plain":
				if ok {
					t.Errorf("%s %s: read %v, from an error that is not the catalog's", method, service, got)
				}
			case service == "panic":
				if !ok || got.Code != apperr.CodeInternalError {
					t.Errorf("%s %s: %v, want INTERNAL_ERROR", method, service, err)
				} else if !got.Retryable() {
					want = 1
				}
			case !ok || got.Code != sent.Code || got.Message != sent.Message:
				t.Errorf("%s %s: %v, want %v", method, service, err, sent)
			case !sent.Retryable():
				want = 1
			}
			if n := attempts.Load(); n != want {
				t.Errorf("%s %s: %d attempts, want %d (retryable: %t)", method, service, n, want, sent != nil && sent.Retryable())
			}
		}
	}
}
