package generator

// async starts f in a goroutine and returns a function that waits for its
// results: Render starts the outputs of a catalog at once, so that they
// render in parallel, and takes their results in order.
func async[T any](f func() (T, error)) func() (T, error) {
	done := make(chan struct{})
	var v T
	var err error
	go func() {
		defer close(done)
		v, err = f()
	}()
	return func() (T, error) {
		<-done
		return v, err
	}
}
