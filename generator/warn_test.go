package generator

import (
	"maps"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	diag "github.com/errspec/errspec/generated/diagnostics"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/gittest"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// TestPageWarning checks that a single page larger than a Git host
// renders is a warning at the catalog's outputs.markdown, which says how
// to switch to a page per code, and that a small one is not.
func TestPageWarning(t *testing.T) {
	for _, tt := range []struct {
		codes int
		warn  bool
	}{{20, false}, {400, true}} {
		cat, err := load.Dir(synthtest.Dir(t, tt.codes))
		if err != nil {
			t.Fatal(err)
		}
		var got []load.Diagnostic
		set, err := Render(cat, Options{Warn: func(d load.Diagnostic) { got = append(got, d) }})
		if err != nil {
			t.Fatal(err)
		}
		size := 0
		for _, f := range set.Files {
			if strings.HasSuffix(f.Path, ".md") {
				size = len(f.Data)
			}
		}
		if tt.warn != (size > mdgen.MaxPage) {
			t.Fatalf("%d codes give a page of %d bytes: the test needs another size", tt.codes, size)
		}
		if !tt.warn {
			if len(got) > 0 {
				t.Errorf("%d codes: warnings %v", tt.codes, got)
			}
			continue
		}
		if len(got) != 1 {
			t.Fatalf("%d codes, a page of %d bytes: %d warnings, want 1: %v", tt.codes, size, len(got), got)
		}
		d := got[0]
		if d.Path != "outputs.markdown" || d.File == "" || d.Line == 0 {
			t.Errorf("the warning is not at outputs.markdown: %+v", d)
		}
		for _, want := range []string{"more than the 400 KB", `layout: "per_code"`, "examples"} {
			if !strings.Contains(d.Msg+d.Fix, want) {
				t.Errorf("the warning lacks %q: %s\n\tfix: %s", want, d.Msg, d.Fix)
			}
		}
	}
}

// TestPageWarningBoundary checks the warning at the limit: a page of
// mdgen.MaxPage bytes is no warning, and one a byte larger is, whose size
// reads as more than the limit, not as the limit itself.
func TestPageWarningBoundary(t *testing.T) {
	cat := &model.Catalog{}
	if w := pageWarning(cat, mdgen.MaxPage); w != nil {
		t.Errorf("a page of %d bytes: %v", mdgen.MaxPage, w)
	}
	for size, want := range map[int]string{
		mdgen.MaxPage + 1:   "one page of 401 KB, more than the 400 KB",
		mdgen.MaxPage + 512: "one page of 401 KB, more than the 400 KB",
		10<<20 + 1:          "one page of 11 MB, more than the 400 KB",
	} {
		w := pageWarning(cat, size)
		if len(w) != 1 || !strings.Contains(w[0].Msg, want) {
			t.Errorf("a page of %d bytes: %v, want a warning that says %q", size, w, want)
		}
	}
}

// appCatalog is a catalog of one code whose Go package is in the
// catalog's directory.
const appCatalog = `package apperr

name: "app"
outputs: go: {dir: ".", package: "apperr"}
categories: internal: description: "The server failed."
codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}
`

// TestRuntimeWarning checks that a Go package in a module whose go.mod
// does not require errspec's module, whose runtime the package imports,
// is a warning at outputs.go that says how to add it; and that a module
// that requires it, a package in no module, and one in a Go workspace
// are not.
func TestRuntimeWarning(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		warn  bool
	}{
		{"not required", map[string]string{"go.mod": "module example.com/app\n\ngo 1.25.0\n"}, true},
		{"not required, vendored", map[string]string{"go.mod": "module example.com/app\n\ngo 1.25.0\n", "vendor/modules.txt": "# example.com/lib v1.0.0\n## explicit\n"}, true},
		{"required", map[string]string{"go.mod": "module example.com/app\n\ngo 1.25.0\n\nrequire github.com/errspec/errspec v0.1.0\n\ntool github.com/errspec/errspec/cmd/errspec\n"}, false},
		{"no module", nil, false},
		{"workspace", map[string]string{"go.mod": "module example.com/app\n\ngo 1.25.0\n", "../go.work": "go 1.25.0\n\nuse ./mod\n"}, false},
	} {
		root := t.TempDir()
		mod := filepath.Join(root, "mod")
		files := map[string]string{"apperr/catalog.cue": appCatalog}
		maps.Copy(files, tt.files)
		gittest.Write(t, mod, files)
		var got []load.Diagnostic
		if _, err := Generate(filepath.Join(mod, "apperr"), Options{Warn: func(d load.Diagnostic) { got = append(got, d) }}); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !tt.warn {
			if len(got) > 0 {
				t.Errorf("%s: warnings %v", tt.name, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Path != "outputs.go" || got[0].Code != diag.CodeRuntimeNotRequired ||
			!strings.Contains(got[0].Msg, "does not require github.com/errspec/errspec") || !strings.Contains(got[0].Fix, "go get -tool github.com/errspec/errspec/cmd/errspec") {
			t.Errorf("%s: warnings %+v, want RUNTIME_NOT_REQUIRED at outputs.go, with go get -tool", tt.name, got)
		}
		// A module that vendors its dependencies builds only once go mod
		// vendor has copied the new requirement there.
		if vendored := tt.files["vendor/modules.txt"] != ""; len(got) == 1 && vendored != strings.Contains(got[0].Fix, "; then run go mod vendor in ") {
			t.Errorf("%s: fix %q, want the step go mod vendor: %t", tt.name, got[0].Fix, vendored)
		}
	}
}

// TestGoModNotRegular checks that a go.mod that is no regular file (a
// named pipe, a link to /dev/zero) is not read, which would wait forever
// or fill the memory: the runtime's warning is left out, and adapters,
// which read the import path of the package from go.mod, are rejected
// at the output with what the file is.
func TestGoModNotRegular(t *testing.T) {
	const adapters = `package apperr

name: "app"
outputs: {
	go: {dir: ".", package: "apperr"}
	mcp: {dir: "mcp", package: "mcp"}
}
categories: internal: description: "The server failed."
codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}
`
	for _, tt := range []struct {
		catalog string
		want    string // the problem's message, "" for none
	}{
		{appCatalog, ""},
		{adapters, "go.mod is a named pipe, not a regular file"},
	} {
		mod := t.TempDir()
		gittest.Write(t, mod, map[string]string{"apperr/catalog.cue": tt.catalog})
		if err := syscall.Mkfifo(filepath.Join(mod, "go.mod"), 0o644); err != nil {
			t.Skip("no named pipes here:", err)
		}
		done := make(chan error, 1)
		var got []load.Diagnostic
		go func() {
			_, err := Generate(filepath.Join(mod, "apperr"), Options{Warn: func(d load.Diagnostic) { got = append(got, d) }})
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(30 * time.Second):
			t.Fatal("Generate still waits on go.mod, a named pipe, after 30s")
		}
		if len(got) > 0 {
			t.Errorf("warnings %+v, want none", got)
		}
		if tt.want == "" {
			if err != nil {
				t.Errorf("Generate: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Generate: %v, want a problem saying %s", err, tt.want)
		}
	}
}

// TestAdapterModuleWarning checks that an adapter whose go.mod does not
// require a module it imports, or requires one at a version older than
// the adapter needs (to build, or to give roles.invalid_arguments its
// code), is a warning at the adapter's output that says the command
// that mends it; and that a go.mod that requires them at those
// versions or later, replaces one by a directory, or is in a Go
// workspace is not.
func TestAdapterModuleWarning(t *testing.T) {
	const catalog = `package apperr

name: "app"
outputs: {
	go: {dir: ".", package: "apperr"}
	mcp: {dir: "apperrmcp", package: "apperrmcp"}
	grpc: {dir: "apperrgrpc", package: "apperrgrpc", domain: "app.example.com"}
}
categories: internal: description: "The server failed."
codes: INTERNAL: {category: "internal", title: "Internal error", message: "Something went wrong"}
`
	const arguments = `
roles: invalid_arguments: "INVALID_ARGUMENTS"
codes: INVALID_ARGUMENTS: {category: "internal", title: "Invalid arguments", message: "{reason}", params: {tool: {type: "string"}, reason: {type: "string"}}}
`
	const head = "module example.com/app\n\ngo 1.26.0\n\nrequire github.com/errspec/errspec v0.1.0\n\n"
	const current = "require github.com/modelcontextprotocol/go-sdk v1.8.0\n\nrequire google.golang.org/grpc v1.85.0\n\nrequire google.golang.org/genproto/googleapis/rpc v0.0.0-20261110000943-09e21b237f2c\n"
	type warning struct{ path, msg, fix string }
	for _, tt := range []struct {
		name    string
		catalog string
		goMod   string
		extra   map[string]string // files beside go.mod
		want    []warning
	}{
		{"tidy", catalog, head + current, nil, nil},
		{"oldest", catalog, head + "require (\n\tgithub.com/modelcontextprotocol/go-sdk v1.3.1\n\tgoogle.golang.org/grpc v1.63.0\n\tgoogle.golang.org/genproto/googleapis/rpc v0.0.0-20250115164207-1a7da9e5054f\n)\n", nil, nil},
		{"not tidied", catalog, head, nil, []warning{
			{"outputs.mcp", "go.mod does not require github.com/modelcontextprotocol/go-sdk, which the MCP adapter imports", "run go mod tidy"},
			{"outputs.grpc", "go.mod does not require google.golang.org/grpc, which the gRPC adapter imports", "run go mod tidy"},
			{"outputs.grpc", "go.mod does not require google.golang.org/genproto/googleapis/rpc, which the gRPC adapter imports", "run go mod tidy"},
		}},
		{"too old", catalog, head + "require (\n\tgithub.com/modelcontextprotocol/go-sdk v1.2.0\n\tgoogle.golang.org/grpc v1.85.0\n\tgoogle.golang.org/genproto/googleapis/rpc v0.0.0-20241202173237-19429a94021a\n)\n", nil, []warning{
			{"outputs.mcp", "go.mod requires github.com/modelcontextprotocol/go-sdk v1.2.0, and the MCP adapter needs v1.3.1 or later: the adapter does not build with an older one (r.GetError undefined)",
				"run go get github.com/modelcontextprotocol/go-sdk@latest"},
			{"outputs.grpc", "go.mod requires google.golang.org/genproto/googleapis/rpc v0.0.0-20241202173237-19429a94021a, and the gRPC adapter needs v0.0.0-20250115164207-1a7da9e5054f or later",
				"run go get google.golang.org/genproto/googleapis/rpc@latest"},
		}},
		{"too old for invalid_arguments", catalog + arguments, head + "require github.com/modelcontextprotocol/go-sdk v1.4.0\n\nrequire google.golang.org/grpc v1.85.0\n\nrequire google.golang.org/genproto/googleapis/rpc v0.0.0-20261110000943-09e21b237f2c\n", nil, []warning{
			{"outputs.mcp", "go.mod requires github.com/modelcontextprotocol/go-sdk v1.4.0, and the MCP adapter needs v1.6.0 or later: an older one sends arguments that fail a tool's input schema as a protocol error",
				"run go get github.com/modelcontextprotocol/go-sdk@latest"},
		}},
		{"replaced by a version", catalog, head + current + "\nreplace github.com/modelcontextprotocol/go-sdk => github.com/modelcontextprotocol/go-sdk v1.2.0\n", nil, []warning{
			{"outputs.mcp", "go.mod replaces github.com/modelcontextprotocol/go-sdk by version v1.2.0, and the MCP adapter needs v1.3.1 or later", "replace it by v1.3.1 or later"},
		}},
		{"replaced by a directory", catalog, head + "require github.com/modelcontextprotocol/go-sdk v1.2.0\n\nrequire google.golang.org/grpc v1.85.0\n\nrequire google.golang.org/genproto/googleapis/rpc v0.0.0-20261110000943-09e21b237f2c\n\nreplace github.com/modelcontextprotocol/go-sdk => ../go-sdk\n", nil, nil},
		{"workspace", catalog, head, map[string]string{"../go.work": "go 1.26.0\n\nuse ./mod\n"}, nil},
		{"replaced by a version, not required", catalog, head + "require google.golang.org/grpc v1.85.0\n\nrequire google.golang.org/genproto/googleapis/rpc v0.0.0-20261110000943-09e21b237f2c\n\nreplace github.com/modelcontextprotocol/go-sdk => github.com/modelcontextprotocol/go-sdk v1.8.0\n", nil, []warning{
			{"outputs.mcp", "go.mod does not require github.com/modelcontextprotocol/go-sdk, which the MCP adapter imports", "run go mod tidy"},
		}},
		{"replaced by a directory, not required", catalog, head + "require google.golang.org/grpc v1.85.0\n\nrequire google.golang.org/genproto/googleapis/rpc v0.0.0-20261110000943-09e21b237f2c\n\nreplace github.com/modelcontextprotocol/go-sdk => ../go-sdk\n", nil, []warning{
			{"outputs.mcp", "go.mod does not require github.com/modelcontextprotocol/go-sdk, which the MCP adapter imports", "run go mod tidy"},
		}},
		{"replaced by a fork", catalog, head + current + "\nreplace github.com/modelcontextprotocol/go-sdk => github.com/acme/go-sdk v0.2.0\n", nil, nil},
		{"vendored", catalog, head + "require google.golang.org/grpc v1.85.0\n\nrequire google.golang.org/genproto/googleapis/rpc v0.0.0-20241202173237-19429a94021a\n", map[string]string{"vendor/modules.txt": "# google.golang.org/grpc v1.85.0\n## explicit\n"}, []warning{
			{"outputs.mcp", "go.mod does not require github.com/modelcontextprotocol/go-sdk", "run go mod tidy"},
			{"outputs.grpc", "go.mod requires google.golang.org/genproto/googleapis/rpc v0.0.0-20241202173237-19429a94021a", "run go get google.golang.org/genproto/googleapis/rpc@latest"},
		}},
	} {
		root := t.TempDir()
		mod := filepath.Join(root, "mod")
		files := map[string]string{"apperr/catalog.cue": tt.catalog, "go.mod": tt.goMod}
		for name, text := range tt.extra {
			files[name] = text
		}
		gittest.Write(t, mod, files)
		var got []warning
		_, err := Generate(filepath.Join(mod, "apperr"), Options{Warn: func(d load.Diagnostic) {
			if d.Code != diag.CodeAdapterModuleNotRequired {
				t.Errorf("%s: warning %+v, want only ADAPTER_MODULE_NOT_REQUIRED", tt.name, d)
				return
			}
			got = append(got, warning{d.Path, d.Msg, d.Fix})
		}})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: warnings %+v, want %d: %+v", tt.name, got, len(tt.want), tt.want)
			continue
		}
		for i, w := range tt.want {
			if g := got[i]; g.path != w.path || !strings.Contains(g.msg, w.msg) || !strings.HasPrefix(g.fix, w.fix) {
				t.Errorf("%s: warning %d is %+v, want at %s, saying %q, fix %q", tt.name, i, g, w.path, w.msg, w.fix)
			}
			// A module that vendors its dependencies builds only once
			// go mod vendor has copied the new requirements there.
			if vendored := tt.extra["vendor/modules.txt"] != ""; vendored != strings.Contains(got[i].fix, "; then run go mod vendor in ") {
				t.Errorf("%s: warning %d's fix %q, want the step go mod vendor: %t", tt.name, i, got[i].fix, vendored)
			}
		}
	}
}
