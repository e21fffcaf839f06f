package adaptgen_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/adaptgen"
	"github.com/errspec/errspec/generator/cli"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/gomodtest"
)

// The tests of this file build what errspec generates, with the adapters,
// in temporary modules that download the MCP SDK and gRPC (skipped, saying
// why, when the module proxy cannot be reached), and run there the tests
// of testdata/e2e: each adapter through the real library it adapts, the
// seed servers through the MCP SDK, and the README's examples.

// The modules the adapters need, at the versions the tests use. The
// modules that use them say go 1.26.0, as grpc and genproto do.
var adapterModules = []string{
	"github.com/modelcontextprotocol/go-sdk@v1.8.0",
	"google.golang.org/grpc@v1.85.0",
	"google.golang.org/genproto/googleapis/rpc@v0.0.0-20261110000943-09e21b237f2c",
}

const adapterGo = "1.26.0"

// The oldest versions of the modules the adapters need, as the package
// docs of the adapters and the README state them; with -adapters.oldest,
// TestEndToEnd and TestGoldenAdapters run with these too. Below them:
//   - go-sdk v1.2.0 has no CallToolResult.GetError and SetError, with
//     which the middleware reads a typed tool's error and records its own;
//   - grpc v1.62.1 has no grpc.NewClient, which the tests' client uses
//     (the adapter itself builds and vets with it);
//   - genproto of 2024-12-02 (grpc v1.70.0's) has no
//     BadRequest_FieldViolation.Reason, which the adapter sets; the
//     oldest tested that has it is 2025-01-15's, grpc v1.71.0's;
//   - protobuf is the one that genproto requires.
//
// The SDK before adaptgen.MCPArgumentsResults sends arguments that fail
// a tool's input schema as a protocol error, which the adapter leaves:
// the tests expect that there.
var oldestModules = []string{
	"github.com/modelcontextprotocol/go-sdk@" + adaptgen.OldestMCPSDK,
	"google.golang.org/grpc@" + adaptgen.OldestGRPC,
	"google.golang.org/genproto/googleapis/rpc@" + adaptgen.OldestGenproto,
	"google.golang.org/protobuf@v1.36.3",
}

// TestREADMEOldest checks that the README states the oldest versions
// that the tests build the adapters with.
func TestREADMEOldest(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range append(oldestModules[:3:3], "github.com/modelcontextprotocol/go-sdk@"+adaptgen.MCPArgumentsResults) {
		path, version, _ := strings.Cut(m, "@")
		if !regexp.MustCompile("`" + regexp.QuoteMeta(path) + "` " + regexp.QuoteMeta(version) + " or later|" + regexp.QuoteMeta(version) + " or later for").Match(data) {
			t.Errorf("the README does not say that the adapters need %s %s or later", path, version)
		}
	}
}

var oldest = flag.Bool("adapters.oldest", false, "run TestEndToEnd and TestGoldenAdapters with the oldest versions of the adapters' modules too")

// moduleSets returns the versions of the adapters' modules to test with,
// by name: the pinned ones, and with -adapters.oldest the oldest ones.
func moduleSets() []struct {
	name    string
	modules []string
} {
	sets := []struct {
		name    string
		modules []string
	}{{"pinned", adapterModules}}
	if *oldest {
		sets = append(sets, struct {
			name    string
			modules []string
		}{"oldest", oldestModules})
	}
	return sets
}

// newModule makes a temporary module that requires the adapters'
// modules, at the versions of modules, and more; it fails the test when
// the module ends up with another version of one of modules (one that
// more requires).
func newModule(t *testing.T, path string, modules []string, more ...string) *gomodtest.Module {
	t.Helper()
	if testing.Short() {
		t.Skip("builds modules with the go command")
	}
	mod := gomodtest.New(t, path, nil, "")
	mod.SetGo(adapterGo)
	mod.GoNet(append(append([]string{"get"}, modules...), more...)...)
	for _, m := range modules {
		path, version, _ := strings.Cut(m, "@")
		if got := strings.TrimSpace(mod.Go("list", "-m", "-f", "{{.Version}}", path)); got != version {
			t.Fatalf("the module has %s %s, want %s", path, got, version)
		}
	}
	return mod
}

// TestEndToEnd builds the example catalog with both adapters, as the
// README configures them, the seed cases with the MCP adapter in each of
// its text contents, and the README's Go examples, in a module; then vets
// it and runs the tests of testdata/e2e there.
func TestEndToEnd(t *testing.T) {
	for _, set := range moduleSets() {
		t.Run(set.name, func(t *testing.T) { endToEnd(t, set.modules) })
	}
}

func endToEnd(t *testing.T, modules []string) {
	// The README's example of traces uses OpenTelemetry; its test, the SDK.
	mod := newModule(t, "example.com/app", modules, "go.opentelemetry.io/otel@v1.47.0", "go.opentelemetry.io/otel/trace@v1.47.0", "go.opentelemetry.io/otel/sdk@v1.47.0")
	copyTree(t, "testdata/e2e", mod, func(rel string) (string, bool) { return rel, !strings.HasPrefix(rel, "seed/") })

	readme := readmeBlocks(t)
	outputs, ok := readme["apperr/outputs.cue"]
	if !ok {
		t.Fatal("the README has no block for apperr/outputs.cue")
	}
	writeAppErr(t, mod, outputs)
	n := 0
	for path, src := range readme {
		if strings.HasSuffix(path, ".go") {
			mod.Write(path, src)
			n++
		}
	}
	if n < 3 {
		t.Errorf("the README has %d Go examples for the test, want one per integration", n)
	}
	for _, seed := range []string{"seed000_gitlab", "seed001_pyrite", "seed002_mcp"} {
		writeSeed(t, mod, seed)
	}
	mod.Go("vet", "./...")
	mod.Go("test", "./...")
	if *bench {
		t.Log(mod.Go("test", "-run", "^$", "-bench", ".", "-benchmem", "-count", "6", "./e2e"))
	}
}

var bench = flag.Bool("adapters.bench", false, "run the benchmarks of the adapters in TestEndToEnd's module, and log them")

// copyTree writes the files below dir into mod, each at the path to gives
// for its path in dir, unless to reports false.
func copyTree(t *testing.T, dir string, mod *gomodtest.Module, to func(rel string) (string, bool)) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		dst, ok := to(filepath.ToSlash(rel))
		if !ok {
			return nil
		}
		data, err := os.ReadFile(p)
		mod.Write(dst, string(data))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// writeAppErr writes the example catalog, spec/agenttools, into apperr/
// of mod with the given outputs, and generates it with the command, as a
// user would.
func writeAppErr(t *testing.T, mod *gomodtest.Module, outputs string) {
	t.Helper()
	spec := "../../spec/agenttools"
	codes, err := os.ReadFile(filepath.Join(spec, "codes.cue"))
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := os.ReadFile(filepath.Join(spec, "catalog.cue"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?ms)^outputs: \{$.*?^\}$`)
	if !block.Match(catalog) {
		t.Fatal("spec/agenttools/catalog.cue has no outputs block")
	}
	mod.Write("apperr/codes.cue", string(codes))
	mod.Write("apperr/catalog.cue", block.ReplaceAllString(string(catalog), outputs))
	var stdout, stderr bytes.Buffer
	if code := cli.Main([]string{"generate", filepath.Join(mod.Dir, "apperr")}, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("errspec generate exited %d:\n%s", code, stderr.Bytes())
	}
}

// writeSeed writes a seed case's Go package into seeds/DIR of mod, where
// DIR is the case's name up to _, with a gRPC adapter in seedgrpc, an
// MCP adapter of each text content (the terminal one without structured
// content) in mcpjson, mcpmessage and mcpterminal, and the seed's server
// test.
func writeSeed(t *testing.T, mod *gomodtest.Module, name string) {
	t.Helper()
	dir, _, _ := strings.Cut(name, "_")
	cat, err := load.Dir(filepath.Join("../../golden/testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	o := &cat.Model.Outputs
	*o = model.Outputs{GoDir: ".", GoPackage: o.GoPackage, GoImportPath: "example.com/app/seeds/" + dir}
	o.GRPC = &model.GRPCOutput{Dir: "seedgrpc", Package: "seedgrpc", Domain: dir + ".example.com"}
	for _, text := range []model.MCPText{model.MCPTextJSON, model.MCPTextMessage, model.MCPTextTerminal} {
		o.MCP = &model.MCPOutput{Dir: "mcp" + string(text), Package: "mcp" + string(text), Text: text, StructuredContent: text != model.MCPTextTerminal}
		set, err := generator.Render(cat, generator.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range set.Files {
			rel, err := filepath.Rel(cat.Dir, f.Path)
			if err != nil {
				t.Fatal(err)
			}
			mod.Write(filepath.ToSlash(filepath.Join("seeds", dir, rel)), string(f.Data))
		}
	}
	data := map[string]string{"Package": o.GoPackage, "Dir": dir}
	for _, tmpl := range []string{"export_test.go", "seed_test.go"} {
		tp := template.Must(template.ParseFiles(filepath.Join("testdata/e2e/seed", tmpl+".tmpl")))
		var b bytes.Buffer
		if err := tp.Execute(&b, data); err != nil {
			t.Fatal(err)
		}
		mod.Write(filepath.ToSlash(filepath.Join("seeds", dir, tmpl)), b.String())
	}
}

// readmeBlocks returns the code blocks of the README that a line
// <!-- compiled: PATH --> introduces, by PATH: the test builds them in
// the module, so that they cannot go stale.
func readmeBlocks(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?ms)^<!-- compiled: (\\S+) -->\n```[a-z]*\n(.*?)^```$")
	out := map[string]string{}
	for _, m := range re.FindAllStringSubmatch(string(data), -1) {
		if _, dup := out[m[1]]; dup {
			t.Errorf("README: two blocks for %s", m[1])
		}
		out[m[1]] = m[2]
	}
	return out
}

// TestGoldenAdapters vets the golden cases adapters and
// adapters_deprecated, both adapters included, in the module their
// catalogs name, and runs their generated tests.
func TestGoldenAdapters(t *testing.T) {
	for _, set := range moduleSets() {
		t.Run(set.name, func(t *testing.T) { goldenAdapters(t, set.modules) })
	}
}

func goldenAdapters(t *testing.T, modules []string) {
	mod := newModule(t, "example.com/goldens", modules)
	for _, c := range []struct{ name, dir string }{{"adapters", "adapters"}, {"adapters_deprecated", "adaptersdeprecated"}} {
		copyTree(t, "../../golden/testdata/"+c.name, mod, func(rel string) (string, bool) {
			return c.dir + "/" + strings.TrimSuffix(rel, ".golden"), strings.HasSuffix(rel, ".go.golden")
		})
	}
	mod.Go("vet", "./...")
	mod.Go("test", "./...")
}

// TestCatalogPackageNames builds both adapters, the MCP adapter in each
// of its text contents, for catalogs whose Go package is named like a
// name the adapter's code uses (a local such as ctx or e, a declaration
// such as catalog or fill, a predeclared identifier such as any, an
// imported package such as status), each name in the adapters that use
// it: an adapter imports the catalog's package under a name of its own
// where the package's name would be shadowed or clash, where such an
// adapter failed to compile.
func TestCatalogPackageNames(t *testing.T) {
	mod := newModule(t, "example.com/names", adapterModules)
	cat, err := load.Dir("../../golden/testdata/adapters")
	if err != nil {
		t.Fatal(err)
	}
	// render calls each with the catalog's Go files, and those of each
	// adapter, with the directory of the adapter ("." for the catalog's
	// own), when its package is name.
	render := func(name string, each func(dir string, f files.File)) {
		o := &cat.Model.Outputs
		*o = model.Outputs{GoDir: ".", GoPackage: name, GoImportPath: "example.com/names/" + name}
		o.GRPC = &model.GRPCOutput{Dir: "grpc", Package: "grpc" + name, Domain: "names.example.com"}
		for _, text := range []model.MCPText{model.MCPTextJSON, model.MCPTextMessage, model.MCPTextTerminal} {
			o.MCP = &model.MCPOutput{Dir: "mcp" + string(text), Package: "mcp" + name, Text: text, StructuredContent: text != model.MCPTextTerminal}
			set, err := generator.Render(cat, generator.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range set.Files {
				if filepath.Ext(f.Path) == ".go" && !strings.HasSuffix(f.Path, "_test.go") {
					rel, err := filepath.Rel(cat.Dir, f.Path)
					if err != nil {
						t.Fatal(err)
					}
					each(filepath.Dir(rel), f)
				}
			}
		}
	}
	uses := map[string]map[string]bool{} // adapter directory: names its code uses
	render("apperr", func(dir string, f files.File) {
		if dir != "." {
			ids, err := adaptgen.Identifiers(f.Data)
			if err != nil {
				t.Fatal(err)
			}
			uses[dir] = ids
		}
	})
	names := map[string]bool{}
	for _, ids := range uses {
		maps.Copy(names, ids)
	}
	packageName := regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	n := 0
	for name := range names {
		if !packageName.MatchString(name) || token.IsKeyword(name) || name == "main" || name == "documentation" {
			continue
		}
		render(name, func(dir string, f files.File) {
			if dir == "." || uses[dir][name] {
				mod.Write(filepath.ToSlash(filepath.Join(name, dir, filepath.Base(f.Path))), string(f.Data))
			}
		})
		n++
	}
	if n < 50 {
		t.Errorf("only %d names of the adapters' code to build the adapters with", n)
	}
	mod.Go("build", "./...")
}

// TestUsersGoMod checks what a user's go.mod gains from errspec: with no
// adapter, errspec alone; with the MCP adapter, the MCP SDK and not gRPC.
// errspec's own go.mod requires none of the adapters' modules.
func TestUsersGoMod(t *testing.T) {
	if testing.Short() {
		t.Skip("builds modules with the go command")
	}
	own, err := os.ReadFile(filepath.Join(gomodtest.Root(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	adapters := []string{"github.com/modelcontextprotocol/go-sdk", "google.golang.org/grpc", "google.golang.org/genproto"}
	for _, m := range adapters {
		if strings.Contains(string(own), m) {
			t.Errorf("errspec's go.mod requires %s", m)
		}
	}
	for _, tt := range []struct {
		name, outputs, main string
		get                 []string
		want                []string
	}{
		{"no adapter", `outputs: go: {dir: ".", package: "apperr"}`, `package main

import (
	"fmt"

	"example.com/user/apperr"
)

func main() { fmt.Println(apperr.NewRateLimited(600, "minute", 17)) }
`, nil, []string{"github.com/errspec/errspec"}},
		{"MCP adapter", `outputs: {
	go: {dir: ".", package: "apperr"}
	mcp: {dir: "apperrmcp", package: "apperrmcp"}
}`, `package main

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/user/apperr/apperrmcp"
)

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "user", Version: "v1"}, nil)
	apperrmcp.Install(s)
}
`, adapterModules[:1], []string{"github.com/errspec/errspec", "github.com/modelcontextprotocol/go-sdk"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mod := gomodtest.New(t, "example.com/user", map[string]string{"main.go": tt.main}, "")
			writeAppErr(t, mod, tt.outputs)
			if len(tt.get) > 0 {
				mod.GoNet(append([]string{"get"}, tt.get...)...)
			}
			mod.GoNet("mod", "tidy")
			mod.Go("build", "./...")
			var gomod struct {
				Require []struct {
					Path     string
					Indirect bool
				}
			}
			if err := json.Unmarshal([]byte(mod.Go("mod", "edit", "-json")), &gomod); err != nil {
				t.Fatal(err)
			}
			var direct, all []string
			for _, r := range gomod.Require {
				if !r.Indirect {
					direct = append(direct, r.Path)
				}
				all = append(all, r.Path)
			}
			if !slices.Equal(direct, tt.want) {
				t.Errorf("go.mod requires %v directly, want %v", direct, tt.want)
			}
			for _, r := range all {
				for _, m := range adapters {
					if strings.HasPrefix(r, m) && !slices.Contains(tt.want, m) {
						t.Errorf("go.mod requires %s; all it requires: %v", r, all)
					}
				}
			}
		})
	}
}
