// Package errspec is a code generator: it turns an error catalog written
// in CUE into Go error types and constructors, Markdown reference docs and
// a JSON Schema of the wire format. The command is in cmd/errspec; the
// pipeline in generator; the catalog schema and the project's own catalogs
// in spec; their committed output in generated.
package errspec

//go:generate go run ./cmd/errspec generate ./...
