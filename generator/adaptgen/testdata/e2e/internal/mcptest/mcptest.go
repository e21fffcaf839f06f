// Package mcptest serves tools through the MCP Go SDK with a middleware
// installed, and calls them with the SDK's client over its in-memory
// transport, keeping the bytes of each result as the client read them.
package mcptest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Conn is a client connected to a server.
type Conn struct {
	t       *testing.T
	session *mcp.ClientSession
	log     *Buffer
}

// Start makes a server named e2e, version v1, lets install install its
// middleware and add add its tools, and connects a client to it.
func Start(t *testing.T, install func(*mcp.Server), add func(*mcp.Server)) *Conn {
	t.Helper()
	ctx := context.Background()
	s := mcp.NewServer(&mcp.Implementation{Name: "e2e", Version: "v1"}, nil)
	if install != nil {
		install(s)
	}
	add(s)
	ct, st := mcp.NewInMemoryTransports()
	if _, err := s.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	log := &Buffer{}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, &mcp.LoggingTransport{Transport: ct, Writer: log}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return &Conn{t: t, session: cs, log: log}
}

// Call calls a tool and returns the result the client decoded and the
// bytes of the result as the client read them, less the members the SDK
// adds of its own (sdkMembers).
func (c *Conn) Call(tool string, args any) (*mcp.CallToolResult, string) {
	c.t.Helper()
	res, err := c.session.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		c.t.Fatalf("calling %s: %v", tool, err)
	}
	return res, c.lastResult()
}

// CallErr calls a tool and returns what the client's CallTool returns.
func (c *Conn) CallErr(tool string, args any) (*mcp.CallToolResult, error) {
	return c.session.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
}

// Session returns the client's session, for the methods other than
// tools/call.
func (c *Conn) Session() *mcp.ClientSession { return c.session }

// lastResult returns the result of the last response the client read.
func (c *Conn) lastResult() string {
	c.t.Helper()
	var last json.RawMessage
	sc := bufio.NewScanner(strings.NewReader(c.log.String()))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "read: ")
		if !ok {
			continue
		}
		var msg struct {
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			c.t.Fatal(err)
		}
		if msg.Result != nil {
			last = msg.Result
		}
	}
	s := string(last)
	for _, m := range sdkMembers {
		s = strings.Replace(s, m, "", 1)
	}
	return s
}

// sdkMembers are the members that the SDK adds to a result of its own,
// which vary with its version: v1.8.0 gives every result the server's
// name and version in _meta, and the result of a handler that succeeds
// a resultType; v1.4.1 neither. Call leaves them out, so that what is
// left is what the tool and the adapter set, byte for byte, with any
// version.
var sdkMembers = []string{
	`"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"e2e","version":"v1"}},`,
	`,"resultType":"complete"`,
}

// ErrorResult is the result an error result must be, byte for byte, as
// the SDK writes it with encoding/json, less sdkMembers: its content a
// text, its structured content the JSON structured, or none when it is
// "".
func ErrorResult(text, structured string) string {
	b := []byte(`{"content":[{"type":"text","text":`)
	t, _ := json.Marshal(text)
	b = append(b, t...)
	b = append(b, "}]"...)
	if structured != "" {
		s, err := json.Marshal(json.RawMessage(structured))
		if err != nil {
			panic(err)
		}
		b = append(append(b, `,"structuredContent":`...), s...)
	}
	return string(append(b, `,"isError":true}`...))
}

// Text returns the text of a result's only content.
func Text(t *testing.T, r *mcp.CallToolResult) string {
	t.Helper()
	if len(r.Content) != 1 {
		t.Fatalf("%d contents, want 1", len(r.Content))
	}
	tc, ok := r.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("content %T, want text", r.Content[0])
	}
	return tc.Text
}

// SameJSON reports whether two JSON texts hold the same value.
func SameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// Buffer is a buffer for concurrent writers, such as a client's
// transport log or a logger.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *Buffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *Buffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func (s *Buffer) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Reset()
}
