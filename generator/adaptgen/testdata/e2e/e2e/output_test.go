package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/app/apperr"
	"example.com/app/apperr/apperrmcp"
)

// TestMCPOutputSchema calls, over the SDK's streamable HTTP transport,
// stateful and stateless, tools that fail, as a client that checks the
// structured content of a tool's results against the output schema it
// listed, even in error results (the TypeScript SDK's client does, and
// fails the call when it does not match): the error result of a tool
// that declares an output schema (a typed tool's output type) leaves the
// structured content out, so that the client reads the error from the
// text content; that of a tool without one carries it. The server lists
// one tool a page, which the middleware reads through.
func TestMCPOutputSchema(t *testing.T) {
	sent := apperr.NewResourceNotFound("pipeline", "42")
	server := mcp.NewServer(&mcp.Implementation{Name: "e2e", Version: "v1"}, &mcp.ServerOptions{PageSize: 1})
	apperrmcp.Install(server)
	for _, name := range []string{"a_first", "b_typed"} {
		mcp.AddTool(server, &mcp.Tool{Name: name}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
			if in.PipelineID == 1 {
				panic("the cache is gone")
			}
			return nil, pipeline{}, fmt.Errorf("reading: %w", sent)
		})
	}
	mcp.AddTool(server, &mcp.Tool{Name: "c_untyped"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, any, error) {
		return nil, nil, sent
	})
	server.AddTool(&mcp.Tool{Name: "d_low_level", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"type":"object","required":["status"]}`)},
		func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return nil, sent
		})
	for _, opts := range []*mcp.StreamableHTTPOptions{{}, {Stateless: true, JSONResponse: true}} {
		t.Run(fmt.Sprintf("stateless %t", opts.Stateless), func(t *testing.T) {
			h := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, opts))
			defer h.Close()
			ctx := context.Background()
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: h.URL}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			schemas := map[string]*jsonschema.Resolved{}
			for tool, err := range cs.Tools(ctx, nil) {
				if err != nil {
					t.Fatal(err)
				}
				if tool.OutputSchema == nil {
					continue
				}
				data, err := json.Marshal(tool.OutputSchema)
				if err != nil {
					t.Fatal(err)
				}
				var s jsonschema.Schema
				if err := json.Unmarshal(data, &s); err != nil {
					t.Fatal(err)
				}
				if schemas[tool.Name], err = s.Resolve(nil); err != nil {
					t.Fatal(err)
				}
			}
			if len(schemas) != 3 {
				t.Fatalf("the client lists output schemas of %d tools, want 3", len(schemas))
			}
			internal := apperr.NewInternalError()
			for _, tc := range []struct {
				tool       string
				args       map[string]any
				sent       *apperr.Error
				structured bool
			}{
				{"a_first", map[string]any{"project_id": "app", "pipeline_id": 42}, sent, false},
				{"b_typed", map[string]any{"project_id": "app", "pipeline_id": 42}, sent, false},
				{"b_typed", map[string]any{"project_id": "app", "pipeline_id": 1}, internal, false},
				{"b_typed", badArguments, apperr.NewInvalidArguments("b_typed", badReason), false},
				{"c_untyped", map[string]any{"project_id": "app", "pipeline_id": 42}, sent, true},
				{"d_low_level", map[string]any{}, sent, false},
			} {
				if tc.sent.Code == apperr.CodeInvalidArguments && !argumentsAreResults(t) {
					continue
				}
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
				if err != nil {
					t.Fatal(err)
				}
				if (res.StructuredContent != nil) != tc.structured {
					t.Errorf("%s %v: structured content %v, want it %t", tc.tool, tc.args, res.StructuredContent, tc.structured)
				}
				if s := schemas[tc.tool]; s != nil && res.StructuredContent != nil {
					if err := s.Validate(res.StructuredContent); err != nil {
						t.Errorf("%s %v: a client that checks the output schema fails the call: %v", tc.tool, tc.args, err)
					}
				}
				got, ok := apperrmcp.FromResult(res)
				sameError(t, got, ok, tc.sent)
			}
		})
	}
}
