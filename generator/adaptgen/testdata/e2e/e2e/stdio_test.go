package e2e_test

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthgrpc "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/test/bufconn"

	"example.com/app/apperr"
	"example.com/app/apperr/apperrmcp"
	"example.com/app/seeds/seed002/mcpjson"
	"example.com/app/seeds/seed002/seedgrpc"
)

// serveEnv names, in the environment of the test binary run again as a
// command, the adapter that the MCP server it then is installs: apperr,
// whose catalog's internal role recovers a tool handler's panic, or
// seed002, whose catalog has no internal role; or grpc-seed002, for a
// gRPC server with the interceptors of seed002 (see crashGRPC).
const serveEnv = "ERRSPEC_E2E_SERVE"

// TestMain runs the tests, or, with serveEnv set, serves tools over stdio
// as a real MCP server command does (see serveStdio), or crashes a gRPC
// server (crashGRPC).
func TestMain(m *testing.M) {
	switch adapter := os.Getenv(serveEnv); adapter {
	case "":
		os.Exit(m.Run())
	case "grpc-seed002":
		crashGRPC()
	default:
		serveStdio(adapter)
	}
}

// crashGRPC serves the failing service over bufconn with the
// interceptors of seed002, whose catalog has no internal role, and calls
// Check of the service panic, whose handler panics: the panic ends the
// process, as it does without errspec.
func crashGRPC() {
	lis := bufconn.Listen(1 << 20)
	s := grpc.NewServer(grpc.ChainUnaryInterceptor(seedgrpc.UnaryServerInterceptor), grpc.ChainStreamInterceptor(seedgrpc.StreamServerInterceptor))
	healthgrpc.RegisterHealthServer(s, failing{})
	go s.Serve(lis)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		os.Exit(3)
	}
	healthgrpc.NewHealthClient(conn).Check(context.Background(), &healthgrpc.HealthCheckRequest{Service: "panic"})
	os.Exit(0)
}

// serveStdio serves, over stdin and stdout, the tools crash, whose handler
// panics, and get_pipeline, which succeeds, with the adapter named
// installed; slog's default logger writes to stderr.
func serveStdio(adapter string) {
	s := mcp.NewServer(&mcp.Implementation{Name: "e2e", Version: "v1"}, nil)
	switch adapter {
	case "apperr":
		apperrmcp.Install(s)
	case "seed002":
		mcpjson.Install(s)
	default:
		os.Exit(3)
	}
	mcp.AddTool(s, &mcp.Tool{Name: "crash"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
		panic("the cache is gone")
	})
	mcp.AddTool(s, &mcp.Tool{Name: "get_pipeline"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
		return nil, pipeline{Status: "success"}, nil
	})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}

// connectCommand runs the test binary as the MCP server command of the
// adapter named and connects a client to it over its stdin and stdout;
// what the command writes to stderr goes to the buffer returned.
func connectCommand(t *testing.T, adapter string) (*mcp.ClientSession, *exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"="+adapter)
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs, cmd, stderr
}

// TestStdioPanic checks, through a server command over stdio, that with
// the internal role a tool handler's panic gives the client the role's
// error result, with nothing of the panic, logs it with its stack to the
// server's stderr and leaves the server serving; and that the adapter of
// a catalog without the role recovers nothing: the panic ends the server
// as it does without errspec, its stack on stderr, and the call fails.
func TestStdioPanic(t *testing.T) {
	args := map[string]any{"project_id": "app", "pipeline_id": 1}
	t.Run("role", func(t *testing.T) {
		cs, _, stderr := connectCommand(t, "apperr")
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "crash", Arguments: args})
		if err != nil {
			t.Fatalf("calling crash: %v", err)
		}
		got, ok := apperrmcp.FromResult(res)
		sameError(t, got, ok, apperr.NewInternalError())
		for _, c := range res.Content {
			if text := c.(*mcp.TextContent).Text; strings.Contains(text, "cache") {
				t.Errorf("the client read the panic: %s", text)
			}
		}
		if res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_pipeline", Arguments: args}); err != nil || res.IsError {
			t.Errorf("after the panic, get_pipeline gives %v, %v", res, err)
		}
		if err := cs.Close(); err != nil {
			t.Errorf("closing: %v", err)
		}
		if log := stderr.String(); !strings.Contains(log, "ERROR recovered the panic of an MCP handler") ||
			!strings.Contains(log, `cause="panic: the cache is gone"`) || !strings.Contains(log, "stdio_test.go") {
			t.Errorf("the server logged\n%s\nwant the panic with its stack", log)
		}
	})
	t.Run("no role", func(t *testing.T) {
		cs, cmd, stderr := connectCommand(t, "seed002")
		if res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "crash", Arguments: args}); err == nil {
			t.Errorf("calling crash gives %v, want the connection closed", res)
		}
		cs.Close()
		if cmd.ProcessState == nil {
			cmd.Wait()
		}
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(stderr.String(), "panic: the cache is gone") || !strings.Contains(stderr.String(), "stdio_test.go") {
			t.Errorf("the server exited with %d, stderr\n%s\nwant the panic's exit status 2 and its stack", code, stderr)
		}
	})
}

// TestGRPCNoRole checks, in a process of its own, that the interceptors
// of a catalog without the internal role recover no panic: the method's
// panic ends the server's process, with the panic's exit status and
// stack.
func TestGRPCNoRole(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveEnv+"=grpc-seed002")
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(out), "panic: the cache is gone") || !strings.Contains(string(out), "grpc_test.go") {
		t.Errorf("the server exited with %d (%v), output\n%s\nwant the panic's exit status 2 and its stack", code, err, out)
	}
}
