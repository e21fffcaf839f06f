package e2e_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"example.com/app/apperr"
	"example.com/app/internal/telemetry"
)

// TestTraceFail ends spans with the README's telemetry.Fail through
// OpenTelemetry's SDK: a span carries error.type (the code),
// errspec.category and errspec.retryable, whether the error is wrapped or
// not, and neither its status nor the exception event that RecordError
// adds (exception.message is the error's text) holds a sensitive param.
func TestTraceFail(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	tracer := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)).Tracer("e2e")
	for _, err := range []error{
		apperr.NewAuthenticationFailed("ada", "glpat-secret"),
		fmt.Errorf("calling the API: %w", apperr.NewAuthenticationFailed("ada", "glpat-secret")),
	} {
		_, span := tracer.Start(context.Background(), "call")
		telemetry.Fail(span, err)
		span.End()
	}
	spans := rec.Ended()
	if len(spans) != 2 {
		t.Fatalf("%d spans ended, want 2", len(spans))
	}
	want := []attribute.KeyValue{attribute.String("error.type", "AUTHENTICATION_FAILED"),
		attribute.String("errspec.category", "permission"), attribute.Bool("errspec.retryable", false)}
	for _, s := range spans {
		if got := s.Attributes(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("attributes %v, want %v", got, want)
		}
		if s.Status().Code != codes.Error || !strings.Contains(s.Status().Description, "The token [redacted] was rejected for ada") {
			t.Errorf("status %v %q", s.Status().Code, s.Status().Description)
		}
		all := s.Status().Description
		for _, e := range s.Events() {
			for _, a := range e.Attributes {
				all += " " + a.Value.Emit()
			}
		}
		if !strings.Contains(all, "[redacted]") || strings.Contains(all, "glpat-secret") {
			t.Errorf("the span shows the token, or no exception: %s", all)
		}
	}
}
