package errspec

import (
	"reflect"
	"strings"
	"unsafe"
)

// Map is a map param whose keys keep the order they are given in, on the
// wire and in texts, where a Go map's keys come sorted: the type of a
// param the catalog declares with key_order: "given". A key given twice
// is written once, with its first value.
type Map[V any] []Entry[V]

// Entry is a key of a Map and its value.
type Entry[V any] struct {
	Key   string
	Value V
}

// entryLayout is where the key and the value lie in an Entry of some
// value type, and its size.
type entryLayout struct {
	key, value uintptr
	size       uintptr
}

// isMapType reports whether t is a Map of this package, and then the
// layout of its entries.
func isMapType(t reflect.Type) (entryLayout, bool) {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Struct {
		return entryLayout{}, false
	}
	e := t.Elem()
	if e.PkgPath() != mapPkgPath || !strings.HasPrefix(e.Name(), "Entry[") || e.NumField() != 2 {
		return entryLayout{}, false
	}
	return entryLayout{key: e.Field(0).Offset, value: e.Field(1).Offset, size: e.Size()}, true
}

// mapPkgPath is this package's import path.
var mapPkgPath = reflect.TypeFor[Entry[int]]().PkgPath()

// eachOrdered calls f with each key of the Map of type t at p, as the
// wire has it (ValidUTF8), in the order given, the first of each key
// only, and a pointer to its value. It stops at f's first error.
func (t *vtype) eachOrdered(p unsafe.Pointer, f func(key string, v unsafe.Pointer) error) error {
	data, n := listAt(p)
	var seen keySet
	for i := range n {
		e := unsafe.Add(data, uintptr(i)*t.entry.size)
		key := ValidUTF8(strAt(unsafe.Add(e, t.entry.key)))
		if seen.add(unsafe.Slice(unsafe.StringData(key), len(key))) {
			continue
		}
		if err := f(key, unsafe.Add(e, t.entry.value)); err != nil {
			return err
		}
	}
	return nil
}
