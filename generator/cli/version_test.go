package cli

import (
	"runtime/debug"
	"testing"
)

func TestReadBuildInfo(t *testing.T) {
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"built in a clone", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: modulePath, Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.time", Value: "2025-06-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			"errspec (devel) (revision 0123456789abcdef, 2025-06-01T10:00:00Z, modified) go1.26.0"},
		{"installed at a release", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: modulePath, Version: "v0.3.0"}},
			"errspec v0.3.0 go1.26.0"},
		{"a tool of another module, at a pseudo-version", &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "example.com/app"},
			Deps: []*debug.Module{{Path: "golang.org/x/mod", Version: "v0.1.0"}, {Path: modulePath, Version: "v0.3.1-0.20250601100000-0123456789ab"}}},
			"errspec v0.3.1-0.20250601100000-0123456789ab (revision 0123456789ab) go1.25.1"},
		{"a tool replaced by a clone", &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "example.com/app"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "../errspec"}}}},
			"errspec v0.0.0 => ../errspec go1.25.1"},
		{"go tool of a module that replaces errspec by a clone", &debug.BuildInfo{GoVersion: "go1.25.1",
			Main: debug.Module{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "/src/errspec", Version: "(devel)"}}},
			"errspec v0.0.0 => /src/errspec go1.25.1"},
		{"a tool replaced by a module of another version", &debug.BuildInfo{GoVersion: "go1.25.1", Main: debug.Module{Path: "example.com/app"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.3.0", Replace: &debug.Module{Path: "example.com/fork/errspec", Version: "v0.3.2"}}}},
			"errspec v0.3.2 go1.25.1"},
	} {
		if got := readBuildInfo(tc.info, true).String(); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := readBuildInfo(nil, false).String(); got != "errspec (unknown)" {
		t.Errorf("without build information: %q", got)
	}
}
