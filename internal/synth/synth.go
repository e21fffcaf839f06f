// Package synth writes synthetic errspec catalogs of any size, for
// benchmarks: realistic codes with params of every type (scalars, tiers,
// objects, lists and maps of them, optional, wire: false, sensitive and
// max_length params), message, detail and suggestion templates that use
// every placeholder format, checked examples with their exact wire JSON,
// nested categories, a second envelope, tiers, features, tools and roles.
// The same size always gives the same bytes.
package synth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Name is the name of every synthetic catalog, and Package the name of its
// Go package.
const (
	Name    = "synth"
	Package = "synth"
)

// Output paths, relative to the catalog directory.
const (
	GoDir      = "out/go"
	Markdown   = "out/ERRORS.md"
	JSONSchema = "out/errors.schema.json"
)

// codesPerFile is how many codes each codes_NNN.cue file holds.
const codesPerFile = 250

// File is a file of a catalog.
type File struct {
	Name string
	Data []byte
}

// Files returns the .cue files of a catalog of n codes (at least 10),
// sorted by name.
func Files(n int) []File {
	g := newGen(max(n, 10))
	var out []File
	out = append(out, File{"catalog.cue", g.header()})
	out = append(out, File{"categories.cue", g.categoriesFile()})
	for i := 0; i*codesPerFile < len(g.codes); i++ {
		end := min((i+1)*codesPerFile, len(g.codes))
		out = append(out, File{fmt.Sprintf("codes_%03d.cue", i), g.codesFile(g.codes[i*codesPerFile : end])})
	}
	return out
}

// Write writes the catalog of n codes into dir, creating it, and removes
// the .cue files of dir it did not write.
func Write(dir string, n int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := Files(n)
	keep := map[string]bool{}
	for _, f := range files {
		keep[f.Name] = true
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			return err
		}
	}
	old, _ := filepath.Glob(filepath.Join(dir, "*.cue"))
	for _, p := range old {
		if !keep[filepath.Base(p)] {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	return nil
}

// CUEField is the field of the package WriteCUEExport writes that holds
// the catalog.
const CUEField = "errspec_catalog"

// WriteCUEExport writes into dir a CUE package that `cue export -e
// errspec_catalog` evaluates as errspec evaluates the catalog of n codes:
// the declarations of each of the catalog's files in the field
// errspec_catalog, the schema (errspec's spec/schema.cue, given as schema)
// in the package, and errspec_catalog declared a #Catalog. It is how
// errspec evaluates a catalog: the user's files unified with #Catalog.
func WriteCUEExport(dir string, n int, schema []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	clause := []byte("package " + Package + "\n")
	for _, f := range Files(n) {
		i := bytes.Index(f.Data, clause)
		if i < 0 {
			return fmt.Errorf("%s has no package clause", f.Name)
		}
		i += len(clause)
		data := slices.Concat(f.Data[:i], []byte("\n"+CUEField+": {\n"), f.Data[i:], []byte("}\n"))
		if err := os.WriteFile(filepath.Join(dir, f.Name), data, 0o644); err != nil {
			return err
		}
	}
	s := bytes.Replace(schema, []byte("\npackage errspec\n"), []byte("\npackage "+Package+"\n"), 1)
	if bytes.Equal(s, schema) {
		return fmt.Errorf("the schema has no line \"package errspec\"")
	}
	s = append(s, "\n"+CUEField+": #Catalog\n"...)
	return os.WriteFile(filepath.Join(dir, "zz_schema.cue"), s, 0o644)
}

var tiers = []string{"Free", "Team", "Business", "Enterprise"}

const baseURL = "https://docs.example.com/errors"

// category is a synthetic category and what its codes inherit from it.
type category struct {
	name, parent string
	retryable    *bool
	status       int    // 0 when inherited
	retry        string // "" when inherited
	retryAfter   int
	legacy       bool // the category picks the legacy envelope
}

// code is a synthetic code.
type code struct {
	name       string
	cat        *category
	title      string
	desc       string
	message    string
	detail     string
	suggestion string
	params     []*param
	retryable  *bool
	status     int
	retry      string
	retryAfter int
	envelope   string // "" or "legacy"
	deprecated string // the replacement, when deprecated
	example    bool
	role       bool // a code a generated helper returns: no example
}

// param is a param of a code, or a field of an object.
type param struct {
	name      string
	typ       string
	doc       string
	optional  bool
	noWire    bool
	sensitive bool
	maxLength int
	fields    []*param
	value     value // the example's value; nil for none
}

// value is a JSON value whose objects keep their key order.
type value any

type object []member

type member struct {
	key string
	val value
}

type gen struct {
	r      *rand.Rand
	n      int
	cats   []*category
	byName map[string]*category
	codes  []*code
	tools  []tool
}

type tool struct {
	name    string
	actions []action
}

type action struct {
	name     string
	required []string
}

func newGen(n int) *gen {
	g := &gen{r: rand.New(rand.NewPCG(uint64(n), 42)), n: n, byName: map[string]*category{}}
	g.makeCategories()
	g.makeTools()
	g.makeCodes()
	return g
}

var (
	nouns = []string{"widget", "project", "pipeline", "branch", "issue", "merge_request", "runner", "artifact",
		"package", "release", "secret", "token", "webhook", "user", "group", "label", "milestone", "deployment",
		"environment", "cluster", "volume", "snapshot", "bucket", "object", "queue", "topic", "index", "shard",
		"invoice", "plan", "quota", "report"}
	conditions = []string{"not_found", "already_exists", "locked", "quota_exceeded", "invalid", "too_large",
		"expired", "conflict", "unavailable", "timeout", "forbidden", "rate_limited", "malformed", "stale",
		"unsupported", "disabled"}
	verbs = []string{"create", "update", "delete", "list", "get", "merge", "approve", "retry", "cancel", "archive"}
	args  = []string{"project_id", "branch", "title", "description", "ref", "pipeline_id", "group_id", "name",
		"visibility", "labels", "assignee", "due_date", "sha", "path", "content"}
)

func (g *gen) makeCategories() {
	count := max(6, g.n/40)
	top := max(3, count/4)
	statuses := []int{400, 404, 409, 422, 429, 500, 502, 503}
	retries := []string{"never", "after_fix", "after_delay", "safe"}
	for j := range count {
		c := &category{name: fmt.Sprintf("%s_%d", conditions[j%len(conditions)], j)}
		if j < top {
			r := j%3 == 1
			c.retryable = &r
			c.status = statuses[j%len(statuses)]
			if j%4 == 2 {
				c.retry, c.retryAfter = "after_delay", 1+j%30
				c.retryable = nil
			}
			c.legacy = j == top-1
		} else {
			c.parent = g.cats[(j-top)/2].name
			if j%3 == 0 {
				c.status = statuses[(j/3)%len(statuses)]
			}
			if j%5 == 0 {
				c.retry = retries[j%len(retries)]
			}
		}
		g.cats = append(g.cats, c)
		g.byName[c.name] = c
	}
}

func (g *gen) makeTools() {
	for t := range max(4, g.n/25) {
		tl := tool{name: fmt.Sprintf("manage_%s_%d", nouns[t%len(nouns)], t)}
		for a := range 1 + t%4 {
			var req []string
			for k := range 1 + (t+a)%3 {
				req = append(req, args[(t+a+k*5)%len(args)])
			}
			tl.actions = append(tl.actions, action{name: verbs[(t+a)%len(verbs)], required: req})
		}
		g.tools = append(g.tools, tl)
	}
}

// effective resolves what a code of category c inherits: retryable and
// the envelope, as the model does.
func (g *gen) effective(c *category) (retryable, legacy bool) {
	var rb *bool
	retry := ""
	for p := c; p != nil; p = g.byName[p.parent] {
		if rb == nil && p.retryable != nil {
			rb = p.retryable
		}
		if retry == "" {
			retry = p.retry
		}
		legacy = legacy || p.legacy
	}
	switch {
	case rb != nil:
		retryable = *rb
	case retry != "":
		retryable = retry == "after_delay" || retry == "safe"
	}
	return retryable, legacy
}

func (g *gen) makeCodes() {
	g.codes = append(g.codes, roleCodes(g.cats)...)
	for i := range g.n - len(g.codes) {
		g.codes = append(g.codes, g.makeCode(i))
	}
	slices.SortFunc(g.codes, func(a, b *code) int { return strings.Compare(a.name, b.name) })
	// Deprecated codes point at the code after them.
	for i, c := range g.codes {
		if !c.role && i%50 == 7 && i+1 < len(g.codes) {
			c.deprecated = g.codes[i+1].name
		}
	}
}

func roleCodes(cats []*category) []*code {
	str := func(name, doc string) *param { return &param{name: name, typ: "string", doc: doc} }
	tool, act := str("tool", "The tool that was called."), str("action", "The action that was requested.")
	upstream := []*param{tool, act,
		{name: "upstream_status", typ: "int", doc: "The upstream HTTP status."},
		{name: "upstream_message", typ: "string", optional: true, doc: "The upstream error text."}}
	fields := &param{name: "action_required_fields", typ: "map[string][]string", optional: true, doc: "The required fields of every action."}
	codes := []*code{
		{name: "TIER_RESTRICTED", cat: cats[2], title: "Feature needs a higher tier",
			message: "{feature_name} requires the {tier_required:or_higher} tier", suggestion: "Upgrade to {tier_required}, or use an alternative.",
			params: []*param{tool, act, str("feature_name", "The gated feature."),
				{name: "tier_required", typ: "tier", doc: "The least tier that has the feature."},
				{name: "current_tier", typ: "tier", optional: true, doc: "The caller's tier."},
				{name: "alternatives", typ: "[]object", optional: true, doc: "What to do instead.", fields: []*param{
					{name: "action", typ: "string"}, {name: "description", typ: "string", optional: true},
					{name: "available_on", typ: "string", optional: true}}},
				{name: "docs_url", typ: "string", optional: true, doc: "The feature's documentation."},
				{name: "upgrade_url", typ: "string", optional: true, doc: "Where to upgrade."}}},
		{name: "PERMISSION_DENIED", cat: cats[2], title: "Permission denied", message: "You may not {action} with {tool}",
			suggestion: "Check your role.", params: upstream},
		{name: "UPSTREAM_NOT_FOUND", cat: cats[1], title: "Not found upstream", message: "{tool} found nothing ({upstream_status})", params: upstream},
		{name: "UPSTREAM_ERROR", cat: cats[0], title: "Upstream error", message: "{tool} {action} failed with {upstream_status}", params: upstream},
		{name: "MISSING_REQUIRED_FIELD", cat: cats[0], title: "Missing required field",
			message: "Missing required fields for {tool} {action}: {missing_fields}", suggestion: "Add {missing_fields:and}.",
			params: []*param{tool, act, {name: "missing_fields", typ: "[]string", doc: "The fields the call did not give."}, fields}},
		{name: "INVALID_ACTION", cat: cats[0], title: "Invalid action", message: "Tool {tool} has no action {action}",
			suggestion: "Use {valid_actions:or}.", params: []*param{tool, act, {name: "valid_actions", typ: "[]string", doc: "The tool's actions."}, fields}},
	}
	for _, c := range codes {
		c.role = true
	}
	return codes
}

// paramKinds are the params a synthetic code draws from, each with the
// template text that shows it.
var paramKinds = []func(g *gen) (*param, string){
	func(g *gen) (*param, string) {
		return &param{name: "count", typ: "int", doc: "How many were asked for.", value: 3 + g.r.IntN(500)}, "{count}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "ratio", typ: "float", doc: "The share used, from 0 to 1.", value: []float64{0.25, 0.5, 0.75, 1.5}[g.r.IntN(4)]}, "{ratio}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "enabled", typ: "bool", doc: "Whether the feature is on.", value: g.r.IntN(2) == 1}, "{enabled}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "required_tier", typ: "tier", doc: "The least tier that allows it.", value: tiers[1+g.r.IntN(3)]}, "{required_tier:or_higher}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "fields", typ: "[]string", doc: "The fields at fault.", value: pick(g, args, 1+g.r.IntN(3))}, "{fields:and}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "allowed_tiers", typ: "[]tier", doc: "The tiers that allow it.", value: pick(g, tiers, 1+g.r.IntN(3))}, "{allowed_tiers:or}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "sizes", typ: "[]int", doc: "The sizes given.", value: []value{1 + g.r.IntN(9), 10 + g.r.IntN(90)}}, "{sizes}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "labels", typ: "map[string]string", doc: "The labels of the resource.",
			value: object{{"env", "prod"}, {"team", nouns[g.r.IntN(len(nouns))]}}}, "{labels}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "limits", typ: "map[string][]int", doc: "The limits, by window.",
			value: object{{"day", []value{1000}}, {"minute", []value{60, 120}}}}, "{limits:json}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "target", typ: "object", doc: "What the call acted on.", fields: []*param{
			{name: "kind", typ: "string", doc: "The kind of resource."},
			{name: "name", typ: "string"},
			{name: "version", typ: "object", optional: true, fields: []*param{{name: "major", typ: "int"}, {name: "minor", typ: "int"}}},
		}, value: object{{"kind", nouns[g.r.IntN(len(nouns))]}, {"name", "main"}, {"version", object{{"major", 1}, {"minor", g.r.IntN(10)}}}}}, "{target}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "violations", typ: "[]object", doc: "Each rule the call broke.", fields: []*param{
			{name: "field", typ: "string", doc: "The argument."},
			{name: "reason", typ: "string"},
			{name: "received", typ: "string", optional: true},
		}, value: []value{object{{"field", args[g.r.IntN(len(args))]}, {"reason", "too long"}}, object{{"field", "ref"}, {"reason", "missing"}, {"received", "null"}}}}, "{violations:json}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "quotas", typ: "map[string]object", doc: "Usage against each quota.", fields: []*param{
			{name: "used", typ: "int"}, {name: "limit", typ: "int"},
		}, value: object{{"storage", object{{"used", 11}, {"limit", 10}}}}}, ""
	},
	func(g *gen) (*param, string) {
		return &param{name: "note", typ: "string", optional: true, doc: "A note from the server.", value: "try later"}, ""
	},
	func(g *gen) (*param, string) {
		return &param{name: "wait_ms", typ: "int", optional: true, doc: "Milliseconds to wait.", value: 250}, ""
	},
	func(g *gen) (*param, string) {
		return &param{name: "query", typ: "string", maxLength: 80, doc: "The query, as the call gave it.", value: "name:" + nouns[g.r.IntN(len(nouns))]}, "{query}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "api_key", typ: "string", sensitive: true, doc: "The key the call used.", value: "sk-123"}, "{api_key}"
	},
	func(g *gen) (*param, string) {
		return &param{name: "tags", typ: "map[string][]string", optional: true, doc: "Tags, by kind.", value: object{{"os", []value{"linux"}}}}, ""
	},
}

// kindWeights lists the indexes of paramKinds, the common ones more
// often: scalars, lists of strings and optional params are what most
// codes have; objects and maps of them are rarer.
var kindWeights = []int{
	0, 0, 0, 1, 2, 2, 3, 4, 4, 4, 5, 6, 7, 7, 8, 9, 10, 11, 12, 12, 12, 13, 13, 14, 14, 15, 16,
}

func pick(g *gen, from []string, k int) []value {
	start := g.r.IntN(len(from))
	out := make([]value, k)
	for i := range out {
		out[i] = from[(start+i)%len(from)]
	}
	return out
}

func (g *gen) makeCode(i int) *code {
	noun := nouns[i%len(nouns)]
	cond := conditions[(i/len(nouns))%len(conditions)]
	c := &code{
		name:  strings.ToUpper(fmt.Sprintf("%s_%s_%04d", noun, cond, i)),
		cat:   g.cats[g.r.IntN(len(g.cats))],
		title: fmt.Sprintf("%s %s", strings.ToUpper(noun[:1])+strings.ReplaceAll(noun[1:], "_", " "), strings.ReplaceAll(cond, "_", " ")),
	}
	c.desc = fmt.Sprintf("A call on a %s failed: %s. This happens when a client acts on a %s\nthat another client changed; the error says which one and what to do.",
		strings.ReplaceAll(noun, "_", " "), strings.ReplaceAll(cond, "_", " "), strings.ReplaceAll(noun, "_", " "))
	subject := &param{name: "resource_id", typ: "string", doc: "The id of the " + strings.ReplaceAll(noun, "_", " ") + ".", value: fmt.Sprintf("%s-%d", noun, 1+g.r.IntN(9999))}
	c.params = []*param{subject}
	msg := []string{"{resource_id}"}
	picked := map[int]bool{}
	for len(picked) < 1+g.r.IntN(4) {
		k := kindWeights[g.r.IntN(len(kindWeights))]
		if picked[k] {
			continue
		}
		picked[k] = true
		p, text := paramKinds[k](g)
		c.params = append(c.params, p)
		if text != "" && len(msg) < 4 {
			msg = append(msg, text)
		}
	}
	c.message = fmt.Sprintf("%s %s: %s", strings.ReplaceAll(noun, "_", " "), strings.ReplaceAll(cond, "_", " "), strings.Join(msg, ", "))
	c.suggestion = "Check the " + strings.ReplaceAll(noun, "_", " ") + " {resource_id} and call again."
	if i%3 == 0 {
		c.params = append(c.params, &param{name: "trace_id", typ: "string", noWire: true, doc: "The server's trace, for the detail only.", value: fmt.Sprintf("t%06d", i)})
		c.detail = "Trace {trace_id}; see the server logs."
	}
	if i%7 == 0 {
		c.status = []int{400, 409, 422, 503}[i%4]
	}
	if i%11 == 0 {
		t := true
		c.retryable, c.retryAfter = &t, 5
	}
	if i%13 == 0 {
		c.retry = "safe"
	}
	if i%10 == 3 {
		c.envelope = "legacy"
	}
	c.example = i%3 != 1
	return c
}

func (g *gen) header() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// A synthetic catalog of %d codes, written by internal/synth for benchmarks.\npackage %s\n\n", g.n, Package)
	fmt.Fprintf(&b, "name:  %q\ntitle: \"Synthetic error reference\"\ndescription: \"\"\"\n\tA synthetic catalog of %d codes.\n\tIt exercises every feature of errspec at scale.\n\t\"\"\"\n\n", Name, g.n)
	fmt.Fprintf(&b, "docs: base_url: %q\n\n", baseURL)
	fmt.Fprintf(&b, "outputs: {\n\tgo: {dir: %q, package: %q}\n\tmarkdown: file:   %q\n\tjsonschema: file: %q\n}\n\n", GoDir, Package, Markdown, JSONSchema)
	b.WriteString("// The flat shape of an older API: params spread at the top.\nenvelopes: legacy: {\n\tcode:      \"$code\"\n\terror:     \"$message\"\n\t\"$params\": true\n}\n\n")
	fmt.Fprintf(&b, "tiers: [%s]\nupgrade_url: \"https://example.com/pricing\"\n\n", quoteList(tiers))
	b.WriteString("roles: {\n\ttier_restricted:   \"TIER_RESTRICTED\"\n\tpermission_denied: \"PERMISSION_DENIED\"\n\tnot_found:         \"UPSTREAM_NOT_FOUND\"\n\tapi_error:         \"UPSTREAM_ERROR\"\n\tmissing_fields:    \"MISSING_REQUIRED_FIELD\"\n\tinvalid_action:    \"INVALID_ACTION\"\n}\n\n")
	b.WriteString("tools: {\n")
	for _, t := range g.tools {
		fmt.Fprintf(&b, "\t%s: {\n\t\tdescription: \"Manage %s.\"\n\t\tactions: {\n", t.name, strings.ReplaceAll(t.name, "_", " "))
		for _, a := range t.actions {
			fmt.Fprintf(&b, "\t\t\t%s: required: [%s]\n", a.name, quoteList(a.required))
		}
		b.WriteString("\t\t}\n\t}\n")
	}
	b.WriteString("}\n\nfeatures: {\n")
	// Every third tool is gated: the whole tool, or its first action.
	for f, t := range g.tools {
		if f%3 != 0 {
			continue
		}
		ref := t.name
		if f%2 == 1 {
			ref += ":" + t.actions[0].name
		}
		fmt.Fprintf(&b, "\tfeature_%d: {\n\t\tname:  \"Feature %d\"\n\t\ttier:  %q\n\t\ttools: [%q]\n", f, f, tiers[1+f%3], ref)
		if f%2 == 0 {
			b.WriteString("\t\talternatives: [{action: \"Use the web UI\", description: \"Settings > Advanced\", available_on: \"Free\"}]\n")
		}
		fmt.Fprintf(&b, "\t\tdocs_url: \"https://docs.example.com/features/%d\"\n\t}\n", f)
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func (g *gen) categoriesFile() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\ncategories: {\n", Package)
	for _, c := range g.cats {
		fmt.Fprintf(&b, "\t%s: {\n\t\tdescription: \"Errors of kind %s.\"\n", c.name, strings.ReplaceAll(c.name, "_", " "))
		if c.parent != "" {
			fmt.Fprintf(&b, "\t\tparent:      %q\n", c.parent)
		}
		if c.retryable != nil {
			fmt.Fprintf(&b, "\t\tretryable:   %t\n", *c.retryable)
		}
		if c.status != 0 {
			fmt.Fprintf(&b, "\t\thttp_status: %d\n", c.status)
		}
		if c.retry != "" {
			fmt.Fprintf(&b, "\t\tretry:       %q\n", c.retry)
		}
		if c.retryAfter != 0 {
			fmt.Fprintf(&b, "\t\tretry_after: %d\n", c.retryAfter)
		}
		if c.legacy {
			b.WriteString("\t\tenvelope:    \"legacy\"\n")
		}
		b.WriteString("\t}\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func (g *gen) codesFile(codes []*code) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\n", Package)
	for _, c := range codes {
		g.writeCode(&b, c)
	}
	return b.Bytes()
}

func (g *gen) writeCode(b *bytes.Buffer, c *code) {
	fmt.Fprintf(b, "codes: %s: {\n\tcategory: %q\n\ttitle:    %q\n", c.name, c.cat.name, c.title)
	if c.desc != "" {
		fmt.Fprintf(b, "\tdescription: \"\"\"\n\t\t%s\n\t\t\"\"\"\n", strings.ReplaceAll(c.desc, "\n", "\n\t\t"))
	}
	fmt.Fprintf(b, "\tmessage: %s\n", quote(c.message))
	if c.detail != "" {
		fmt.Fprintf(b, "\tdetail: %s\n", quote(c.detail))
	}
	if c.suggestion != "" {
		fmt.Fprintf(b, "\tsuggestion: %s\n", quote(c.suggestion))
	}
	if c.retryable != nil {
		fmt.Fprintf(b, "\tretryable: %t\n", *c.retryable)
	}
	if c.retryAfter != 0 {
		fmt.Fprintf(b, "\tretry_after: %d\n", c.retryAfter)
	}
	if c.retry != "" {
		fmt.Fprintf(b, "\tretry: %q\n", c.retry)
	}
	if c.status != 0 {
		fmt.Fprintf(b, "\thttp_status: %d\n", c.status)
	}
	if c.envelope != "" {
		fmt.Fprintf(b, "\tenvelope: %q\n", c.envelope)
	}
	if c.deprecated != "" {
		fmt.Fprintf(b, "\tdeprecated: {since: \"v2\", use: %q}\n", c.deprecated)
	}
	b.WriteString("\tparams: {\n")
	for _, p := range c.params {
		writeParam(b, p, "\t\t")
	}
	b.WriteString("\t}\n")
	if c.example && !c.role {
		params := object{}
		for _, p := range c.params {
			if p.value != nil {
				params = append(params, member{p.name, p.value})
			}
		}
		fmt.Fprintf(b, "\texamples: [{\n\t\tparams: %s\n\t\tjson: %s\n\t}]\n", cueValue(params, "\t\t"), cueValue(g.wire(c), "\t\t"))
	}
	b.WriteString("}\n\n")
}

func writeParam(b *bytes.Buffer, p *param, indent string) {
	fmt.Fprintf(b, "%s%s: {type: %q", indent, p.name, p.typ)
	if p.doc != "" {
		fmt.Fprintf(b, ", doc: %s", quote(p.doc))
	}
	if p.optional {
		b.WriteString(", optional: true")
	}
	if p.noWire {
		b.WriteString(", wire: false")
	}
	if p.sensitive {
		b.WriteString(", sensitive: true")
	}
	if p.maxLength != 0 {
		fmt.Fprintf(b, ", max_length: %d", p.maxLength)
	}
	if len(p.fields) == 0 {
		b.WriteString("}\n")
		return
	}
	b.WriteString("\n" + indent + "\tfields: {\n")
	for _, f := range p.fields {
		writeParam(b, f, indent+"\t\t")
	}
	b.WriteString(indent + "\t}\n" + indent + "}\n")
}

// wire is the exact wire JSON of a code's example: what the generated
// constructor gives for its params.
func (g *gen) wire(c *code) object {
	retryable, legacy := g.effective(c.cat)
	if c.retryable != nil {
		retryable = *c.retryable
	} else if c.retry != "" {
		retryable = c.retry == "after_delay" || c.retry == "safe"
	}
	legacy = legacy || c.envelope == "legacy"
	var params object
	for _, p := range c.params {
		if p.noWire || p.value == nil {
			continue
		}
		v := p.value
		if p.sensitive {
			v = "[redacted]"
		}
		params = append(params, member{p.name, v})
	}
	msg := fill(c.message, c.params)
	if legacy {
		return append(object{{"code", c.name}, {"error", msg}}, params...)
	}
	out := object{{"code", c.name}, {"category", c.cat.name}, {"message", msg}}
	if c.detail != "" {
		out = append(out, member{"detail", fill(c.detail, c.params)})
	}
	if c.suggestion != "" {
		out = append(out, member{"suggestion", fill(c.suggestion, c.params)})
	}
	out = append(out, member{"retryable", retryable}, member{"docs_url", baseURL + "#" + strings.ToLower(c.name)})
	if len(params) > 0 {
		out = append(out, member{"params", params})
	}
	return out
}

// fill fills in a template as the generated code does.
func fill(tmpl string, params []*param) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			return b.String()
		}
		b.WriteString(tmpl[:i])
		end := strings.IndexByte(tmpl[i:], '}')
		name, format, _ := strings.Cut(tmpl[i+1:i+end], ":")
		tmpl = tmpl[i+end+1:]
		var p *param
		for _, q := range params {
			if q.name == name {
				p = q
			}
		}
		b.WriteString(format1(p, format))
	}
}

func format1(p *param, format string) string {
	if p.sensitive {
		return "[redacted]"
	}
	switch format {
	case "json":
		return jsonText(p.value)
	case "or_higher":
		i := slices.Index(tiers, p.value.(string))
		return joinWords(tiers[i:], " or ")
	case "and", "or":
		return joinWords(proses(p.typ[2:], p.fields, p.value.([]value)), " "+format+" ")
	}
	return prose(p.typ, p.fields, p.value)
}

// prose is a value in words, as the generated code writes it for a
// placeholder without a format: a list's elements joined with ", ", a
// map's keys each with its value, joined with "; ", an object's first
// field with the others in parentheses, each field that is not its zero
// value (0 and false are left out too, as the runtime leaves them out).
func prose(typ string, fields []*param, v value) string {
	switch {
	case strings.HasPrefix(typ, "[]"):
		return strings.Join(proses(typ[2:], fields, v.([]value)), ", ")
	case strings.HasPrefix(typ, "map[string]"):
		var parts []string
		for _, m := range v.(object) {
			parts = append(parts, m.key+": "+prose(typ[len("map[string]"):], fields, m.val))
		}
		return strings.Join(parts, "; ")
	case typ == "object":
		var parts []string
		for _, m := range v.(object) {
			for _, f := range fields {
				if f.name == m.key && m.val != 0 && m.val != false && m.val != 0.0 {
					if s := prose(f.typ, f.fields, m.val); s != "" {
						parts = append(parts, s)
					}
				}
			}
		}
		if len(parts) > 1 {
			return parts[0] + " (" + strings.Join(parts[1:], ", ") + ")"
		}
		return strings.Join(parts, "")
	}
	return scalarText(v)
}

func proses(elem string, fields []*param, vs []value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = prose(elem, fields, v)
	}
	return out
}

func scalarText(v value) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	panic(fmt.Sprintf("synth: not a scalar: %#v", v))
}

func joinWords(words []string, conj string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + conj + words[len(words)-1]
}

// jsonText is a value as compact JSON, objects in their key order, without
// HTML escaping.
func jsonText(v value) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

func writeJSON(b *strings.Builder, v value) {
	switch v := v.(type) {
	case object:
		b.WriteByte('{')
		for i, m := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quote(m.key) + ":")
			writeJSON(b, m.val)
		}
		b.WriteByte('}')
	case []value:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, x)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(quote(v))
	default:
		b.WriteString(scalarText(v))
	}
}

// cueValue writes a value as CUE, objects one member a line.
func cueValue(v value, indent string) string {
	switch v := v.(type) {
	case object:
		if len(v) == 0 {
			return "{}"
		}
		var b strings.Builder
		b.WriteString("{\n")
		for _, m := range v {
			b.WriteString(indent + "\t" + label(m.key) + ": " + cueValue(m.val, indent+"\t") + "\n")
		}
		b.WriteString(indent + "}")
		return b.String()
	case []value:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = cueValue(x, indent)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case string:
		return quote(v)
	}
	return scalarText(v)
}

// label is a CUE field label: the name itself when it is an identifier.
func label(s string) string {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return quote(s)
		}
	}
	return s
}

// quote writes a string as JSON, which is also a CUE string, without
// HTML escaping.
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

func quoteList(ss []string) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = quote(s)
	}
	return strings.Join(parts, ", ")
}
