package e2e_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/app/apperr"
	"example.com/app/apperr/apperrgrpc"
	"example.com/app/apperr/apperrmcp"
)

// The benchmarks say what an adapter costs a response, beside the cost of
// building the error and of marshaling it once: run them with
// go test -bench . -benchmem.

var sink any

// BenchmarkNew builds an error; the adapters do not touch its package.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sink = apperr.NewRateLimited(600, "minute", 17)
	}
}

// BenchmarkMarshalJSON marshals an error once, which a response that
// carries its wire JSON cannot avoid.
func BenchmarkMarshalJSON(b *testing.B) {
	e := apperr.NewRateLimited(600, "minute", 17)
	b.ReportAllocs()
	for b.Loop() {
		sink, _ = e.MarshalJSON()
	}
}

// BenchmarkMCPMiddleware turns the error of a typed handler, which the SDK
// has put in an error result, into the adapter's error result.
func BenchmarkMCPMiddleware(b *testing.B) {
	err := fmt.Errorf("calling: %w", apperr.NewRateLimited(600, "minute", 17))
	h := apperrmcp.Middleware(func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		r := &mcp.CallToolResult{}
		r.SetError(err)
		return r, nil
	})
	req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "get_pipeline"}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		sink, _ = h(ctx, "tools/call", req)
	}
}

// BenchmarkGRPCStatus builds the status of an error, with its details.
func BenchmarkGRPCStatus(b *testing.B) {
	err := fmt.Errorf("calling: %w", apperr.NewRateLimited(600, "minute", 17))
	b.ReportAllocs()
	for b.Loop() {
		sink, _ = apperrgrpc.Status(err)
	}
}
