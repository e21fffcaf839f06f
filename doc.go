// Package errspec is the runtime of the Go packages errspec generates: the
// part of every generated package that does not depend on its catalog.
//
// A generated package declares its codes, categories and params types, a
// table of its codes (a [Catalog] of [CodeSpec] rows) and a typed constructor
// per code; the constructors, Parse and the methods of its Error type hand
// off to this package, which fills in templates, writes the catalog's wire
// format and reads it back. Its API is for generated code and for adapters
// (package errhttp; the generated MCP and gRPC adapters): an application
// uses the generated package.
//
// The package needs only the standard library. Generated code checks at
// compile time that it was generated for this version of the runtime
// (see [SupportPackageIsVersion5]).
//
// The generator itself is in the module's generator directory and its
// command in cmd/errspec; the catalog schema and the project's own
// catalogs in spec; their committed output in generated.
package errspec

//go:generate go run ./cmd/errspec generate ./...
