// Package par runs independent pieces of work on every core.
package par

import (
	"runtime"
	"sync"
)

// Do calls f for 0 to n-1 on every core, and returns when every call has.
func Do(n int, f func(i int)) {
	var wg sync.WaitGroup
	next := make(chan int, runtime.GOMAXPROCS(0))
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// Chunks splits n items into ranges [from, to) of about size items each,
// the last shorter.
func Chunks(n, size int) [][2]int {
	var out [][2]int
	for from := 0; from < n; from += size {
		out = append(out, [2]int{from, min(from+size, n)})
	}
	return out
}
