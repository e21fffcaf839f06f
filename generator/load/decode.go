package load

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"cuelang.org/go/cue"

	"github.com/errspec/errspec/generator/model"
)

// decode decodes the evaluated, valid catalog v into in, as json.Unmarshal
// decodes the JSON CUE exports for v, without the export. CUE puts the
// fields of every struct it exports or iterates in order, which costs
// about as much as evaluating the catalog; decode iterates only the maps
// whose order the catalog gives (model.Ordered) and exports only the JSON
// values the model keeps as they are (json.RawMessage), and looks up the
// fields of every other struct by name.
func decode(v cue.Value, in any) error {
	return decodeValue(v, reflect.ValueOf(in).Elem())
}

// decodeWithout decodes the catalog v as decode does, but for the codes
// named in skip, which it leaves out.
func decodeWithout(v cue.Value, in *model.Input, skip map[string]bool) error {
	rv := reflect.ValueOf(in).Elem()
	for _, f := range structFields(rv.Type()) {
		w := v.LookupPath(f.path)
		switch {
		case !w.Exists():
			continue
		case f.path.String() != "codes":
			if err := decodeValue(w, rv.Field(f.index)); err != nil {
				return err
			}
			continue
		}
		it, err := w.Fields()
		if err != nil {
			return &decodeError{w, err}
		}
		for it.Next() {
			name := it.Selector().Unquoted()
			if skip[name] {
				continue
			}
			e := model.Entry[model.InputCode]{Key: name}
			if err := decodeValue(it.Value(), reflect.ValueOf(&e.Value).Elem()); err != nil {
				return err
			}
			in.Codes = append(in.Codes, e)
		}
	}
	return nil
}

// decodeError is a value decode cannot decode.
type decodeError struct {
	v   cue.Value
	err error
}

func (e *decodeError) Error() string { return e.err.Error() }

var rawMessage = reflect.TypeFor[json.RawMessage]()

func decodeValue(v cue.Value, rv reflect.Value) error {
	t := rv.Type()
	if k := t.Kind(); k == reflect.Struct || k == reflect.Slice && t != rawMessage {
		// A disjunction with a default (*{...} | {...}) is its default, as
		// cue export has it; a look-up of a field in the disjunction
		// itself finds nothing. (A scalar's methods take the default
		// themselves.)
		v, _ = v.Default()
	}
	fail := func(err error) error {
		if err == nil {
			return nil
		}
		return &decodeError{v, err}
	}
	switch {
	case t == rawMessage:
		data, err := v.MarshalJSON()
		rv.SetBytes(data)
		return fail(err)
	case t.Kind() == reflect.Pointer:
		rv.Set(reflect.New(t.Elem()))
		return decodeValue(v, rv.Elem())
	case t.Kind() == reflect.String:
		s, err := v.String()
		rv.SetString(s)
		return fail(err)
	case t.Kind() == reflect.Bool:
		b, err := v.Bool()
		rv.SetBool(b)
		return fail(err)
	case t.Kind() == reflect.Int:
		n, err := v.Int64()
		if err == nil && int64(int(n)) != n {
			err = fmt.Errorf("%d does not fit in an int", n)
		}
		rv.SetInt(n)
		return fail(err)
	case isOrdered(t):
		it, err := v.Fields()
		if err != nil {
			return fail(err)
		}
		for it.Next() {
			e := reflect.New(t.Elem()).Elem()
			e.Field(0).SetString(it.Selector().Unquoted())
			if err := decodeValue(it.Value(), e.Field(1)); err != nil {
				return err
			}
			rv.Set(reflect.Append(rv, e))
		}
		return nil
	case t.Kind() == reflect.Slice:
		it, err := v.List()
		if err != nil {
			return fail(err)
		}
		for it.Next() {
			e := reflect.New(t.Elem()).Elem()
			if err := decodeValue(it.Value(), e); err != nil {
				return err
			}
			rv.Set(reflect.Append(rv, e))
		}
		return nil
	case t.Kind() == reflect.Struct:
		for _, f := range structFields(t) {
			if w := v.LookupPath(f.path); w.Exists() {
				if err := decodeValue(w, rv.Field(f.index)); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return fail(fmt.Errorf("cannot decode a value into %v", t))
}

// isOrdered reports whether t is a model.Ordered: a slice of entries with
// a Key and a Value.
func isOrdered(t reflect.Type) bool {
	if t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Struct || t.Elem().NumField() != 2 {
		return false
	}
	e := t.Elem()
	return e.Field(0).Name == "Key" && e.Field(0).Type.Kind() == reflect.String && e.Field(1).Name == "Value"
}

// field is a field of a Go struct and the path of its JSON name.
type field struct {
	index int
	path  cue.Path
}

var fieldsOf sync.Map // reflect.Type → []field

// structFields returns the fields of the struct type t that have a JSON
// name.
func structFields(t reflect.Type) []field {
	if fs, ok := fieldsOf.Load(t); ok {
		return fs.([]field)
	}
	var fs []field
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			fs = append(fs, field{i, cue.MakePath(cue.Str(name))})
		}
	}
	fieldsOf.Store(t, fs)
	return fs
}
