package e2e_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/errspec/errspec"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/mod/semver"

	"example.com/app/apperr"
	"example.com/app/apperr/apperrmcp"
	"example.com/app/internal/mcptest"
	seedmcp "example.com/app/seeds/seed002"
	"example.com/app/seeds/seed002/mcpjson"
	"example.com/app/seeds/seed002/mcpmessage"
)

type pipelineArgs struct {
	ProjectID  string `json:"project_id" jsonschema:"the project"`
	PipelineID int    `json:"pipeline_id" jsonschema:"the pipeline"`
}

type pipeline struct {
	Status string `json:"status"`
}

// serve starts the server of the MCP tests: a typed tool whose errors
// depend on its arguments, and a low-level one that always fails.
func serve(t *testing.T, install func(*mcp.Server)) *mcptest.Conn {
	return mcptest.Start(t, install, func(s *mcp.Server) {
		mcp.AddTool(s, &mcp.Tool{Name: "get_pipeline", Description: "Read a pipeline."},
			func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
				switch in.PipelineID {
				case 404:
					return nil, pipeline{}, fmt.Errorf("reading pipeline %d: %w", in.PipelineID, apperr.NewResourceNotFound("pipeline", "404"))
				case 429:
					return nil, pipeline{}, apperr.NewRateLimited(600, "minute", 17)
				case 500:
					return nil, pipeline{}, errors.New("database <primary> & replica down")
				case 0:
					var none *apperr.Error // returned by mistake: a nil *Error as a non-nil error
					return nil, pipeline{}, none
				case 3:
					c, cancel := context.WithCancel(ctx)
					cancel()
					return nil, pipeline{}, errors.Join(c.Err(), fmt.Errorf("waiting: %w", apperr.NewUpstreamTimeout(30_000)))
				case 2:
					var none *apperr.Error
					return nil, pipeline{}, errors.Join(none, apperr.NewRateLimited(600, "minute", 17))
				case 4:
					return nil, pipeline{}, asOnly{errors.New("cache miss"), apperr.NewResourceNotFound("pipeline", "404")}
				case 6:
					// A nil pointer of a type whose Unwrap dereferences it,
					// wrapped: the middleware does not unwrap it.
					var missing *fs.PathError
					return nil, pipeline{}, errors.Join(fmt.Errorf("reading the cache: %w", missing), apperr.NewResourceNotFound("pipeline", "404"))
				case 5:
					// The handler's own decoding error, of a value that is
					// no argument: the SDK's, not bad arguments.
					return nil, pipeline{}, &json.UnmarshalTypeError{Value: "string", Type: reflect.TypeFor[int](), Struct: "jobResponse", Field: "jobs.count"}
				}
				return nil, pipeline{Status: "success"}, nil
			})
		s.AddTool(&mcp.Tool{Name: "raw_tool", InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return nil, apperr.NewUpstreamTimeout(30_000)
			})
	})
}

// asOnly holds errors that it shows errors.As through its As method
// alone, with no Unwrap, as go.uber.org/multierr did before v1.9.
type asOnly []error

func (a asOnly) Error() string { return "several errors" }
func (a asOnly) As(target any) bool {
	for _, err := range a {
		if errors.As(err, target) {
			return true
		}
	}
	return false
}

// badArguments are arguments of get_pipeline that fail its input schema,
// for the reason badReason.
var badArguments = map[string]any{"project_id": "app", "pipeline_id": "forty-two"}

const badReason = `validating root: validating /properties/pipeline_id: type: forty-two has type "string", want "integer"`

// hugeArguments are arguments of get_pipeline that pass its input schema
// (an integer) but that its Go input type cannot hold (an int): the SDK
// fails to decode them before the handler runs, for the reason
// hugeReason.
var hugeArguments = map[string]any{"project_id": "app", "pipeline_id": 1e30}

const hugeReason = `argument "pipeline_id": the value does not fit the tool's Go type int`

// argumentsAreResults reports whether the SDK reports arguments that fail
// a tool's input schema in an error result, which the adapter's
// middleware sees and serves as the role invalid_arguments: v1.6.0 and
// later (adaptgen's mcpArgumentsResults), as the MCP spec asks since
// SEP-1303. Before, the SDK sends them as a protocol error (invalid
// params), which the adapter leaves as it is.
func argumentsAreResults(t *testing.T) bool {
	t.Helper()
	// A test binary's build info lists no modules: the go command knows.
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "github.com/modelcontextprotocol/go-sdk").Output()
	v := strings.TrimSpace(string(out))
	if err != nil || !semver.IsValid(v) {
		t.Fatalf("the version of the MCP SDK: %q, %v", out, err)
	}
	return semver.Compare(v, "v1.6.0") >= 0
}

func wire(t *testing.T, e *apperr.Error) string {
	t.Helper()
	b, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sameError compares an error a client read back with the one sent.
func sameError(t *testing.T, got *apperr.Error, ok bool, want *apperr.Error) {
	t.Helper()
	if !ok {
		t.Fatal("FromResult found no error")
	}
	if got.Code != want.Code || got.Message != want.Message || got.Suggestion != want.Suggestion || got.Detail != want.Detail ||
		!reflect.DeepEqual(got.Params, want.Params) {
		t.Errorf("read back\n%#v\nwant\n%#v", got, want)
	}
}

func TestMCPErrors(t *testing.T) {
	conn := serve(t, apperrmcp.Install)
	for _, tt := range []struct {
		name string
		args map[string]any
		sent *apperr.Error
	}{
		{"wrapped", map[string]any{"project_id": "app", "pipeline_id": 404}, apperr.NewResourceNotFound("pipeline", "404")},
		{"direct", map[string]any{"project_id": "app", "pipeline_id": 429}, apperr.NewRateLimited(600, "minute", 17)},
		{"joined after a nil *Error", map[string]any{"project_id": "app", "pipeline_id": 2}, apperr.NewRateLimited(600, "minute", 17)},
		{"joined after a cancellation", map[string]any{"project_id": "app", "pipeline_id": 3}, apperr.NewUpstreamTimeout(30_000)},
		{"shown to errors.As by an As method", map[string]any{"project_id": "app", "pipeline_id": 4}, apperr.NewResourceNotFound("pipeline", "404")},
		{"joined after a nil *fs.PathError", map[string]any{"project_id": "app", "pipeline_id": 6}, apperr.NewResourceNotFound("pipeline", "404")},
		{"arguments", badArguments, apperr.NewInvalidArguments("get_pipeline", badReason)},
		{"arguments beyond the Go type", hugeArguments, apperr.NewInvalidArguments("get_pipeline", hugeReason)},
	} {
		if strings.HasPrefix(tt.name, "arguments") && !argumentsAreResults(t) {
			// The SDK sends a protocol error, which the adapter leaves.
			if _, err := conn.CallErr("get_pipeline", tt.args); err == nil {
				t.Errorf("%s: CallTool gives no protocol error", tt.name)
			} else if want := `validating "arguments": ` + badReason; tt.name == "arguments" && !strings.HasSuffix(err.Error(), want) {
				t.Errorf("arguments: CallTool gives %v, want a protocol error that ends with %q", err, want)
			}
			continue
		}
		t.Run(tt.name, func(t *testing.T) {
			res, raw := conn.Call("get_pipeline", tt.args)
			w := wire(t, tt.sent)
			// get_pipeline declares an output schema (its output type):
			// no structured content.
			if want := mcptest.ErrorResult(w, ""); raw != want {
				t.Errorf("the client read\n%s\nwant\n%s", raw, want)
			}
			got, ok := apperrmcp.FromResult(res)
			sameError(t, got, ok, tt.sent)
		})
	}

	// A low-level handler's error becomes an error result, not a
	// protocol error.
	res, raw := conn.Call("raw_tool", map[string]any{})
	sent := apperr.NewUpstreamTimeout(30_000)
	w := wire(t, sent)
	if want := mcptest.ErrorResult(w, w); raw != want {
		t.Errorf("low-level tool: the client read\n%s\nwant\n%s", raw, want)
	}
	got, ok := apperrmcp.FromResult(res)
	sameError(t, got, ok, sent)

	// Any other error, a success and an unknown tool are the SDK's.
	res, raw = conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 500})
	if want := mcptest.ErrorResult("database <primary> & replica down", ""); raw != want {
		t.Errorf("another error: the client read\n%s\nwant\n%s", raw, want)
	}
	if _, ok := apperrmcp.FromResult(res); ok {
		t.Error("FromResult read an errspec error from another error")
	}
	res, raw = conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 5})
	if want := mcptest.ErrorResult("json: cannot unmarshal string into Go struct field jobResponse.jobs.count of type int", ""); raw != want {
		t.Errorf("a handler's decoding error: the client read\n%s\nwant\n%s", raw, want)
	}
	// A nil *Error is no error of the catalog, and the server lives on.
	res, raw = conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 0})
	if want := mcptest.ErrorResult("<nil>", ""); raw != want {
		t.Errorf("a nil *Error: the client read\n%s\nwant\n%s", raw, want)
	}
	if _, ok := apperrmcp.FromResult(res); ok {
		t.Error("FromResult read an errspec error from a nil *Error")
	}
	res, raw = conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 1})
	if want := `{"content":[{"type":"text","text":"{\"status\":\"success\"}"}],"structuredContent":{"status":"success"}}`; raw != want || res.IsError {
		t.Errorf("a success: the client read\n%s\nwant\n%s", raw, want)
	}
	if _, err := conn.CallErr("no_such_tool", map[string]any{}); err == nil {
		t.Error("an unknown tool is no protocol error")
	}
}

// TestWithoutAdapter shows what the SDK sends without the adapter: the
// error's text alone.
func TestWithoutAdapter(t *testing.T) {
	conn := serve(t, nil)
	_, raw := conn.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 429})
	if want := mcptest.ErrorResult("RATE_LIMITED: Rate limit of 600 requests per minute reached; retry in 17 s", ""); raw != want {
		t.Errorf("without the adapter the client read\n%s\nwant\n%s", raw, want)
	}
}

// TestMCPTwoCatalogs serves the errors of two catalogs from one server,
// each with its adapter installed, in either order: each error goes out
// as the handler returned it, in its own catalog's format, and an error
// of one catalog whose cause is an error of the other goes out as
// itself, not as its cause.
func TestMCPTwoCatalogs(t *testing.T) {
	issue := func() *seedmcp.Error { return seedmcp.NewNotFound("issue", "7") }
	timeout := func() *apperr.Error { return apperr.NewUpstreamTimeout(30_000) }
	for _, order := range []string{"apperrmcp first", "mcpjson first"} {
		t.Run(order, func(t *testing.T) {
			conn := mcptest.Start(t, func(s *mcp.Server) {
				if order == "apperrmcp first" {
					apperrmcp.Install(s)
					mcpjson.Install(s)
				} else {
					mcpjson.Install(s)
					apperrmcp.Install(s)
				}
			}, func(s *mcp.Server) {
				mcp.AddTool(s, &mcp.Tool{Name: "get_issue"}, func(ctx context.Context, req *mcp.CallToolRequest, in pipelineArgs) (*mcp.CallToolResult, pipeline, error) {
					switch in.PipelineID {
					case 1:
						return nil, pipeline{}, fmt.Errorf("get_issue: %w", issue())
					case 2:
						return nil, pipeline{}, timeout().WithCause(issue())
					}
					return nil, pipeline{}, issue().WithCause(timeout())
				})
			})
			// The handler returns, by id: an issue error, a timeout whose
			// cause is an issue error, an issue error whose cause is a timeout.
			for _, tc := range []struct {
				id   int
				sent json.Marshaler
			}{{1, issue()}, {2, timeout()}, {3, issue()}} {
				_, raw := conn.Call("get_issue", map[string]any{"project_id": "app", "pipeline_id": tc.id})
				w, err := tc.sent.MarshalJSON()
				if err != nil {
					t.Fatal(err)
				}
				if want := mcptest.ErrorResult(string(w), ""); raw != want {
					t.Errorf("call %d: the client read\n%s\nwant\n%s", tc.id, raw, want)
				}
			}
		})
	}
}

// TestMCPNewerVersion reads, through the SDK's client, the error results
// a server of a newer version of the catalog sends, as its adapter writes
// them: a code this version does not know, in a category it knows, and a
// code it knows with a param it does not. The first is an error of that
// code that errors.Is matches with its category; the second, the code's
// error with the params this version knows.
func TestMCPNewerVersion(t *testing.T) {
	newer := `{"code":"QUOTA_GONE","category":"limit","message":"The quota is gone","suggestion":"Buy more.","retryable":true,` +
		`"docs_url":"https://docs.example.com/errors#quota_gone","params":{"plan":"free","left":0}}`
	known := `{"code":"RATE_LIMITED","category":"limit","message":"Rate limit of 600 requests per minute reached",` +
		`"suggestion":"Wait 17 seconds before calling again.","retryable":true,"docs_url":"https://docs.example.com/errors#rate_limited",` +
		`"params":{"limit":600,"window":"minute","retry_after_seconds":17,"burst":20}}`
	conn := mcptest.Start(t, apperrmcp.Install, func(s *mcp.Server) {
		for name, wire := range map[string]string{"newer": newer, "known": known} {
			s.AddTool(&mcp.Tool{Name: name, InputSchema: json.RawMessage(`{"type":"object"}`)},
				func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
					return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: wire}},
						StructuredContent: json.RawMessage(wire)}, nil
				})
		}
	})
	for _, structured := range []bool{false, true} {
		read := func(name string) *apperr.Error {
			res, _ := conn.Call(name, map[string]any{})
			if structured {
				res.Content = []mcp.Content{&mcp.TextContent{Text: "see the structured content"}}
			}
			e, ok := apperrmcp.FromResult(res)
			if !ok {
				t.Fatalf("%s (structured %t): FromResult read no error", name, structured)
			}
			return e
		}
		e := read("newer")
		v := e.ErrspecView()
		if v.Known() || e.Code != "QUOTA_GONE" || e.Message != "The quota is gone" || e.Suggestion != "Buy more." || !e.Retryable() ||
			!errors.Is(e, apperr.CategoryLimit) || v.DocsURL() != "https://docs.example.com/errors#quota_gone" ||
			!strings.Contains(string(e.Params.(errspec.RawParams)), `"plan":"free"`) {
			t.Errorf("a newer code (structured %t): %+v %+v", structured, e, v.Unknown)
		}
		e = read("known")
		if want := apperr.NewRateLimited(600, "minute", 17); e.Code != want.Code || e.Message != want.Message ||
			!reflect.DeepEqual(e.Params, want.Params) || !errors.Is(e, apperr.CodeRateLimited) {
			t.Errorf("a known code with a newer param (structured %t): %#v", structured, e)
		}
	}
}

// TestMCPMessageHoldsWire serves, through the adapter whose text content
// is the message, an error whose message echoes a text that is itself the
// wire JSON of another error of the catalog, as an upstream's answer may
// be: the client reads the error the server sent, from the structured
// content, and not the one its message holds.
func TestMCPMessageHoldsWire(t *testing.T) {
	echoed, err := seedmcp.NewNotFound("issue", "7").MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	sent := seedmcp.NewValidationError(string(echoed), "non-empty", "title", "")
	conn := mcptest.Start(t, mcpmessage.Install, func(s *mcp.Server) {
		// No output schema (output any): the error result carries the
		// structured content.
		mcp.AddTool(s, &mcp.Tool{Name: "create_issue"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return nil, nil, fmt.Errorf("create_issue: %w", sent)
		})
	})
	w, err := sent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	res, raw := conn.Call("create_issue", map[string]any{})
	if want := mcptest.ErrorResult(string(echoed), string(w)); raw != want {
		t.Fatalf("the client read\n%s\nwant\n%s", raw, want)
	}
	got, ok := mcpmessage.FromResult(res)
	if !ok || got.Code != seedmcp.CodeValidationError || got.Message != string(echoed) || got.Retryable() {
		t.Errorf("FromResult gives %v (%t), want the %s the server sent", got, ok, seedmcp.CodeValidationError)
	}
}

// TestMCPOtherMiddleware serves a tool behind another receiving
// middleware, an authorization check that fails every tool call with
// the catalog's error, as the README says: with Install after it, the
// client reads an error result of that error; with Install before it,
// which the SDK runs after it, a protocol error with Error()'s text.
func TestMCPOtherMiddleware(t *testing.T) {
	denied := apperr.NewPermissionDenied("get_pipeline", "read")
	check := func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				return nil, denied
			}
			return next(ctx, method, req)
		}
	}
	after := serve(t, func(s *mcp.Server) {
		s.AddReceivingMiddleware(check)
		apperrmcp.Install(s)
	})
	res, raw := after.Call("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 1})
	w := wire(t, denied)
	if want := mcptest.ErrorResult(w, ""); raw != want {
		t.Errorf("Install after the check: the client read\n%s\nwant\n%s", raw, want)
	}
	got, ok := apperrmcp.FromResult(res)
	sameError(t, got, ok, denied)

	before := serve(t, func(s *mcp.Server) {
		apperrmcp.Install(s)
		s.AddReceivingMiddleware(check)
	})
	if _, err := before.CallErr("get_pipeline", map[string]any{"project_id": "app", "pipeline_id": 1}); err == nil || !strings.HasSuffix(err.Error(), denied.Error()) {
		t.Errorf("Install before the check: CallTool gives %v, want a protocol error with %q", err, denied.Error())
	}
}
