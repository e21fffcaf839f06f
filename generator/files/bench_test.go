package files_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/errspec/errspec/generator"
	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/internal/synth/synthtest"
)

// BenchmarkWrite measures writing the outputs of a synthetic catalog:
// unchanged, the outputs already on disk, which writes no file; check,
// comparing them with the disk; created, writing them all anew.
func BenchmarkWrite(b *testing.B) {
	ctx := context.Background()
	synthtest.Each(b, func(b *testing.B, dir string) {
		set, err := generator.Generate(dir, generator.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := files.Write(ctx, files.Options{}, set); err != nil {
			b.Fatal(err)
		}
		b.Run("unchanged", func(b *testing.B) {
			for b.Loop() {
				changes, err := files.Write(ctx, files.Options{}, set)
				if err != nil {
					b.Fatal(err)
				}
				if files.Drift(changes) {
					b.Fatal("a run with nothing to change changed files")
				}
			}
		})
		b.Run("check", func(b *testing.B) {
			for b.Loop() {
				if _, err := files.Plan(set); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("created", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				if err := os.RemoveAll(filepath.Join(dir, "out")); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := files.Write(ctx, files.Options{}, set); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}
