//go:build !unix

package files

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// tryLock takes a lock on a file of the temporary directory named after
// root, where directories cannot be locked. It waits for the lock rather
// than failing while another run holds it, and every lock is exclusive.
func tryLock(root string, exclusive bool) (release func(), locked bool, err error) {
	sum := sha256.Sum256([]byte(root))
	f, err := lockedfile.Create(filepath.Join(os.TempDir(), "errspec-"+hex.EncodeToString(sum[:8])+".lock"))
	if err != nil {
		return nil, false, err
	}
	return func() { f.Close() }, true, nil
}
