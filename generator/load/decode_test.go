package load

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// evaluated evaluates the catalog in dir as Dir does, and returns it when
// it is valid.
func evaluated(dir string) (cue.Value, bool) {
	src, problems := readSource(dir)
	if len(problems) > 0 || len(src.files) == 0 {
		return cue.Value{}, false
	}
	v, err := (&Catalog{Dir: dir, src: src}).evaluate()
	return v, err == nil
}

// TestDecodeSameAsExport checks that decode gives what json.Unmarshal
// gives of the JSON CUE exports, for every valid catalog of the
// repository and synthetic ones.
func TestDecodeSameAsExport(t *testing.T) {
	dirs, _ := filepath.Glob("../../golden/testdata/*")
	dirs = append(dirs, "../../spec/agenttools", "../../spec/errspec")
	for _, n := range []int{1, 30, 300} {
		dirs = append(dirs, synthtest.Dir(t, n))
	}
	compared := 0
	for _, dir := range dirs {
		v, ok := evaluated(dir)
		if !ok {
			if !strings.HasPrefix(filepath.Base(dir), "reject_") {
				t.Errorf("%s: not a valid catalog", dir)
			}
			continue
		}
		data, err := v.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		var want, got model.Input
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		if err := decode(v, &got); err != nil {
			t.Fatalf("%s: decode: %v", dir, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: decode gives (-exported +decoded):\n%s", dir, diff)
		}
		compared++
	}
	t.Logf("%d catalogs compared", compared)
	if compared < 20 {
		t.Errorf("only %d catalogs compared", compared)
	}
}
