package agenttools_test

import (
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/errspec/errspec/generated/agenttools"
)

// TestConcurrentUse builds, writes, parses and logs errors of every code
// on many goroutines at once, as a server does, each from the start: the
// runtime works out a params type's layout on its first use, which the
// goroutines race to. Run alone under the race detector (as .ci/run does),
// it starts with nothing worked out. Every goroutine must see the same.
func TestConcurrentUse(t *testing.T) {
	const workers = 8
	outs := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var log strings.Builder
			logger := slog.New(slog.NewJSONHandler(&log, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey {
					return slog.Attr{}
				}
				return a
			}}))
			for _, e := range every() {
				data, err := json.Marshal(e)
				if err != nil {
					outs[w] = append(outs[w], "marshal: "+err.Error())
					continue
				}
				p, err := agenttools.Parse(data)
				if err != nil {
					outs[w] = append(outs[w], "parse: "+err.Error())
					continue
				}
				again, _ := p.AppendJSON(nil)
				logger.Error("failed", "err", p)
				outs[w] = append(outs[w], string(data), string(again), p.Error(), p.Text(),
					map[bool]string{true: "is", false: "is not"}[errors.Is(p, p.Code) && errors.Is(p, p.Category())])
			}
			outs[w] = append(outs[w], log.String())
		})
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		if strings.Join(outs[w], "\n") != strings.Join(outs[0], "\n") {
			t.Errorf("goroutine %d saw:\n%s\ngoroutine 0 saw:\n%s", w, strings.Join(outs[w], "\n"), strings.Join(outs[0], "\n"))
		}
	}
	for _, s := range outs[0] {
		if strings.HasPrefix(s, "marshal: ") || strings.HasPrefix(s, "parse: ") || s == "is not" {
			t.Errorf("%s", s)
		}
	}
}
