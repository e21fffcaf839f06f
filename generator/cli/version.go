package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/errspec/errspec/internal/textsafe"
)

// buildInfo is what errspec version prints.
type buildInfo struct {
	Version  string `json:"version"`            // the module version, or (devel)
	Replace  string `json:"replace,omitempty"`  // the directory a replace directive builds it from
	Revision string `json:"revision,omitempty"` // the version control revision
	Time     string `json:"time,omitempty"`     // the revision's time
	Modified bool   `json:"modified,omitempty"` // built from a tree with changes not committed
	Go       string `json:"go"`                 // the Go release that built it
}

// pseudoRevision is the revision a pseudo-version ends with.
var pseudoRevision = regexp.MustCompile(`[-.](\d{14})-([0-9a-f]{12})(\+incompatible)?$`)

// readBuildInfo reads errspec's version from the build information: the
// main module's version when errspec is built as errspec's own module
// (go build, go run, go install), else that of the module that holds it
// (go tool errspec in another module), and the directory of a replace
// directive that builds it from a clone; the revision from the version
// control settings, or from a pseudo-version.
func readBuildInfo(info *debug.BuildInfo, ok bool) buildInfo {
	if !ok {
		return buildInfo{Version: "(unknown)"}
	}
	m := &info.Main
	for _, d := range info.Deps {
		if m.Path != modulePath && d.Path == modulePath {
			m = d
		}
	}
	out := buildInfo{Version: m.Version, Go: info.GoVersion}
	// A replace by a directory has no version; the build information
	// says (devel).
	switch r := m.Replace; {
	case r == nil:
	case r.Version == "" || r.Version == "(devel)":
		out.Replace = r.Path
	default:
		out.Version = r.Version
	}
	if out.Version == "" {
		out.Version = "(devel)"
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			out.Revision = s.Value
		case "vcs.time":
			out.Time = s.Value
		case "vcs.modified":
			out.Modified = s.Value == "true"
		}
	}
	if m := pseudoRevision.FindStringSubmatch(out.Version); out.Revision == "" && m != nil {
		out.Revision = m[2]
	}
	return out
}

// modulePath is errspec's module.
const modulePath = "github.com/errspec/errspec"

// String is the version for a person: errspec v1.2.0 (revision 0123456789ab,
// 2025-06-01T10:00:00Z, modified) go1.26.0, or errspec v0.0.0 =>
// ../errspec go1.26.0 for a build from a clone that a replace directive
// names, as go version -m writes it.
func (b buildInfo) String() string {
	s := "errspec " + b.Version
	if b.Replace != "" {
		s += " => " + b.Replace
	}
	var vcs []string
	if b.Revision != "" {
		vcs = append(vcs, "revision "+b.Revision)
	}
	if b.Time != "" {
		vcs = append(vcs, b.Time)
	}
	if b.Modified {
		vcs = append(vcs, "modified")
	}
	if len(vcs) > 0 {
		s += " (" + strings.Join(vcs, ", ") + ")"
	}
	if b.Go != "" {
		s += " " + b.Go
	}
	return s
}

func runVersion(c *command, args []string, stdout, stderr io.Writer) int {
	fset := c.flags()
	format := fset.String("format", "text", "")
	r, args, code, ok := c.start(fset, format, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(args) > 0 {
		return r.usage(fmt.Sprintf("errspec version takes no arguments, not %s", strings.Join(args, " ")))
	}
	info := readBuildInfo(debug.ReadBuildInfo())
	if r.json {
		data, _ := json.Marshal(info)
		fmt.Fprintf(stdout, "%s\n", textsafe.JSON(data))
		return ExitOK
	}
	fmt.Fprintln(stdout, info)
	return ExitOK
}
