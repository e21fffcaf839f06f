package mdgen

import "strings"

// The sizes of the blocks a blocks holds: the first is firstBlock bytes,
// and each next one twice its predecessor up to blockSize, or larger for a
// longer write.
const (
	firstBlock = 4 << 10
	blockSize  = 64 << 10
)

// blocks is an io.Writer that keeps what is written to it as a list of
// strings, blocks that grow to blockSize bytes. Unlike a buffer that
// grows, it never copies what it holds again: a page of many megabytes,
// written a few bytes at a time, is copied once into it, and tidy reads
// the blocks as they are.
type blocks struct {
	full []string        // the blocks before cur
	cur  strings.Builder // the block being written, never grown past its capacity
	n    int             // the number of bytes written
}

// Write appends p; it never fails.
func (b *blocks) Write(p []byte) (int, error) {
	b.n += len(p)
	written := len(p)
	for len(p) > 0 {
		free := b.cur.Cap() - b.cur.Len()
		if free == 0 {
			size := min(blockSize, max(firstBlock, 2*b.cur.Cap()))
			b.end()
			b.cur.Grow(max(size, len(p)))
			free = b.cur.Cap()
		}
		k := min(free, len(p))
		b.cur.Write(p[:k])
		p = p[k:]
	}
	return written, nil
}

// end ends the block being written.
func (b *blocks) end() {
	if b.cur.Len() > 0 {
		b.full = append(b.full, b.cur.String())
	}
	b.cur = strings.Builder{}
}

// Len returns the number of bytes written.
func (b *blocks) Len() int { return b.n }

// segments returns what b holds, as the blocks that make it up. b is empty
// afterwards.
func (b *blocks) segments() []string {
	b.end()
	segs := b.full
	*b = blocks{}
	return segs
}
