package gogen

import . "github.com/dave/jennifer/jen"

// Format renders f and formats it with go/format, as the catalog's own
// package is: the Go files of other emitters (the adapters) are formatted
// the same way, and a failure shows the source around it.
func Format(f *File) ([]byte, error) { return formatSource(f) }
