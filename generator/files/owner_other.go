//go:build !unix

package files

import (
	"io/fs"
	"os"
)

// keepOwner does nothing where files have no owner and group of the
// unix kind.
func keepOwner(f *os.File, fi fs.FileInfo) {}
