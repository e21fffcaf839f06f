// Package spec holds the schema every errspec catalog is checked against,
// embedded so that users never copy it, and the project's own catalogs in
// its subdirectories.
package spec

import _ "embed"

// Schema is the CUE source of #Catalog.
//
//go:embed schema.cue
var Schema []byte
