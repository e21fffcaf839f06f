package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/grpc"
	healthgrpc "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"example.com/app/apperr"
	"example.com/app/apperr/apperrgrpc"
	"example.com/app/apperr/apperrmcp"
	"example.com/app/internal/mcptest"
)

// The catalog's internal role names INTERNAL_ERROR: the adapters recover
// a tool handler's or a method's panic, which would end the server, as
// that error.

// TestMCPPanic checks that a tool handler's panic, typed or low-level,
// with a value whose Unwrap panics in turn too, gives the client an error result of INTERNAL_ERROR, and is logged with
// its stack through slog's default logger, the cause staying off the
// wire; the server serves the next call.
func TestMCPPanic(t *testing.T) {
	log := captureLog(t)
	conn := mcptest.Start(t, apperrmcp.Install, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "typed_crash"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
			panic("the cache is gone")
		})
		s.AddTool(&mcp.Tool{Name: "raw_crash", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var m map[string]int
			m["x"]++
			return nil, nil
		})
		mcp.AddTool(s, &mcp.Tool{Name: "unwrap_crash"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
			panic(unwrapPanics{})
		})
		mcp.AddTool(s, &mcp.Tool{Name: "get_pipeline"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
			return nil, pipeline{Status: "success"}, nil
		})
	})
	sent := apperr.NewInternalError()
	w := wire(t, sent)
	for _, tt := range []struct{ tool, cause string }{
		{"typed_crash", "panic: the cache is gone"},
		{"raw_crash", "panic: assignment to entry in nil map"},
		{"unwrap_crash", "panic: the chain is broken"},
	} {
		res, raw := conn.Call(tt.tool, map[string]any{"project_id": "app", "pipeline_id": 1})
		structured := "" // typed_crash and unwrap_crash declare an output schema
		if tt.tool == "raw_crash" {
			structured = w
		}
		if want := mcptest.ErrorResult(w, structured); raw != want {
			t.Errorf("%s: the client read\n%s\nwant\n%s", tt.tool, raw, want)
		}
		got, ok := apperrmcp.FromResult(res)
		sameError(t, got, ok, sent)
		logged := logLines(log.String(), "tool="+tt.tool)
		if len(logged) != 1 || !strings.Contains(logged[0], `msg="recovered the panic of an MCP handler"`) ||
			!strings.Contains(logged[0], `cause="`+tt.cause+`"`) || !strings.Contains(logged[0], "panic_test.go") {
			t.Errorf("%s: logged\n%s\nwant one line with the message, the cause %q and the stack", tt.tool, strings.Join(logged, "\n"), tt.cause)
		}
	}
	if res, raw := conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 1}); res.IsError {
		t.Errorf("after the panics, the client read %s", raw)
	}
}

// TestMCPPanicOtherMethods checks that the panic of a handler of another
// method than tools/call (a resource's, a prompt's) gives the client a
// JSON-RPC internal error whose message is the text of the code of the
// internal role and whose data is its wire JSON, the cause staying off
// the wire, and is logged with its stack and the method; the server
// serves the next request.
func TestMCPPanicOtherMethods(t *testing.T) {
	log := captureLog(t)
	conn := mcptest.Start(t, apperrmcp.Install, func(s *mcp.Server) {
		s.AddResource(&mcp.Resource{URI: "app://crash", Name: "crash"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			panic("the cache is gone")
		})
		s.AddResource(&mcp.Resource{URI: "app://ok", Name: "ok"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "app://ok", Text: "fine"}}}, nil
		})
		s.AddPrompt(&mcp.Prompt{Name: "crash"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			panic(unwrapPanics{})
		})
	})
	sent := apperr.NewInternalError()
	view := sent.ErrspecView()
	ctx := context.Background()
	_, rerr := conn.Session().ReadResource(ctx, &mcp.ReadResourceParams{URI: "app://crash"})
	_, perr := conn.Session().GetPrompt(ctx, &mcp.GetPromptParams{Name: "crash"})
	for _, tt := range []struct {
		method, cause string
		err           error
	}{
		{"resources/read", "panic: the cache is gone", rerr},
		{"prompts/get", "panic: the chain is broken", perr},
	} {
		var je *jsonrpc.Error
		if !errors.As(tt.err, &je) {
			t.Fatalf("%s: the client's error %v is no JSON-RPC error", tt.method, tt.err)
		}
		if je.Code != jsonrpc.CodeInternalError || je.Message != view.ErrorText() || string(je.Data) != wire(t, sent) {
			t.Errorf("%s: the client read code %d, message %q, data %s; want %d, %q, %s", tt.method, je.Code, je.Message, je.Data, jsonrpc.CodeInternalError, view.ErrorText(), wire(t, sent))
		}
		got, err := apperr.Parse(je.Data)
		sameError(t, got, err == nil, sent)
		logged := logLines(log.String(), "tool="+tt.method)
		if len(logged) != 1 || !strings.Contains(logged[0], `msg="recovered the panic of an MCP handler"`) ||
			!strings.Contains(logged[0], `cause="`+tt.cause+`"`) || !strings.Contains(logged[0], "panic_test.go") {
			t.Errorf("%s: logged\n%s\nwant one line with the message, the cause %q and the stack", tt.method, strings.Join(logged, "\n"), tt.cause)
		}
	}
	if res, err := conn.Session().ReadResource(ctx, &mcp.ReadResourceParams{URI: "app://ok"}); err != nil || len(res.Contents) != 1 || res.Contents[0].Text != "fine" {
		t.Errorf("after the panics, the client read %v, %v", res, err)
	}
}

// TestGRPCPanic checks that a method's panic, which would end the server,
// with a value whose Unwrap panics in turn too, gives the client the status of the code of the internal role, and is
// logged with its stack through slog's default logger, the cause staying
// off the wire; the server serves the next call.
func TestGRPCPanic(t *testing.T) {
	log := captureLog(t)
	c := client(t)
	sent := apperr.NewInternalError()
	want := mustStatus(apperrgrpc.Status(sent)).Proto()
	for _, tt := range []struct{ service, cause string }{
		{"panic", "panic: the cache is gone"},
		{"nilmap", "panic: assignment to entry in nil map"},
		{"unwrap", "panic: the chain is broken"},
	} {
		_, err := c.Check(context.Background(), &healthgrpc.HealthCheckRequest{Service: tt.service})
		if got := status.Convert(err).Proto(); !proto.Equal(got, want) {
			t.Errorf("Check %s: the client read\n%v\nwant\n%v", tt.service, got, want)
		}
		if got, ok := apperrgrpc.FromError(err); !ok || got.Code != apperr.CodeInternalError || got.Unwrap() != nil {
			t.Errorf("Check %s: FromError gives %#v, %v; want INTERNAL_ERROR without a cause", tt.service, got, ok)
		}
		stream, err := c.Watch(context.Background(), &healthgrpc.HealthCheckRequest{Service: tt.service})
		if err == nil {
			_, err = stream.Recv()
		}
		if got := status.Convert(err).Proto(); !proto.Equal(got, want) {
			t.Errorf("Watch %s: the client read\n%v\nwant\n%v", tt.service, got, want)
		}
		for _, method := range []string{"Check", "Watch"} {
			logged := logLines(log.String(), "method=/grpc.health.v1.Health/"+method)
			if len(logged) != 1 || !strings.Contains(logged[0], `msg="recovered the panic of a gRPC method"`) ||
				!strings.Contains(logged[0], `cause="`+tt.cause+`"`) || !strings.Contains(logged[0], "grpc_test.go") {
				t.Errorf("%s %s: logged\n%s\nwant one line with the message, the cause %q and the stack", method, tt.service, strings.Join(logged, "\n"), tt.cause)
			}
		}
		log.Reset()
	}
	if res, err := c.Check(context.Background(), &healthgrpc.HealthCheckRequest{}); err != nil || res.GetStatus() != healthgrpc.HealthCheckResponse_SERVING {
		t.Errorf("after the panics, Check gives %v, %v", res, err)
	}
}

// captureLog makes slog's default logger write text to the buffer it
// returns, until the test ends.
func captureLog(t *testing.T) *mcptest.Buffer {
	t.Helper()
	old := slog.Default()
	buf := &mcptest.Buffer{}
	slog.SetDefault(slog.New(slog.NewTextHandler(buf, nil)))
	t.Cleanup(func() { slog.SetDefault(old) })
	return buf
}

// logLines returns the lines of log that hold s.
func logLines(log, s string) []string {
	var out []string
	for line := range strings.Lines(log) {
		if strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

// TestPanicInside checks that the adapters recover the panic of what runs
// inside them: a receiving middleware added before Install, and a unary
// or stream interceptor chained after the adapter's.
func TestPanicInside(t *testing.T) {
	captureLog(t)
	conn := mcptest.Start(t, func(s *mcp.Server) {
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "tools/call" {
					panic("the authorization check failed")
				}
				return next(ctx, method, req)
			}
		})
		apperrmcp.Install(s)
	}, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "get_pipeline"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
			return nil, pipeline{Status: "success"}, nil
		})
	})
	sent := apperr.NewInternalError()
	w := wire(t, sent)
	if _, raw := conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 1}); raw != mcptest.ErrorResult(w, "") {
		t.Errorf("a middleware inside the adapter's panicked; the client read\n%s", raw)
	}

	want := mustStatus(apperrgrpc.Status(sent)).Proto()
	c := clientWith(t,
		grpc.ChainUnaryInterceptor(apperrgrpc.UnaryServerInterceptor, func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
			panic("the authorization check failed")
		}),
		grpc.ChainStreamInterceptor(apperrgrpc.StreamServerInterceptor, func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
			panic("the authorization check failed")
		}),
	)
	_, err := c.Check(context.Background(), &healthgrpc.HealthCheckRequest{})
	if got := status.Convert(err).Proto(); !proto.Equal(got, want) {
		t.Errorf("Check: a unary interceptor after the adapter's panicked; the client read\n%v", got)
	}
	stream, err := c.Watch(context.Background(), &healthgrpc.HealthCheckRequest{})
	if err == nil {
		_, err = stream.Recv()
	}
	if got := status.Convert(err).Proto(); !proto.Equal(got, want) {
		t.Errorf("Watch: a stream interceptor after the adapter's panicked; the client read\n%v", got)
	}
}
