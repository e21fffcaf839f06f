package errspec

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// A codec knows the layout of a code's params struct: what each param is,
// where it lies in the struct and how it goes on the wire. It is built
// once per params type with reflection; filling templates, marshaling and
// parsing then work through field offsets.
type codec struct {
	typ    reflect.Type   // the params struct
	ptr    unsafe.Pointer // the type word of a pointer to it in an interface
	params []*field       // in declared order

	// The options struct embedded in the params struct, if any: its type,
	// the type word of a list of it in an interface, and its offset.
	opts       reflect.Type
	optsList   unsafe.Pointer
	optsOffset uintptr
}

// A field is a param, or a field of an object param.
type field struct {
	name      string // the wire name, as the json tag gives it; "" for a param not on the wire
	json      string // the name as a JSON key with its colon: "name":
	offset    uintptr
	typ       *vtype
	optional  bool // left off the wire at its zero value
	sensitive bool // shows as Redacted
	maxLen    int  // the constructor cuts a longer string; Parse rejects one
}

// Redacted stands in for a sensitive param's value in texts and on the wire.
const Redacted = "[redacted]"

// sensitiveType is the type of a sensitive param's field.
var sensitiveType = reflect.TypeFor[Sensitive]()

// kind is the kind of a value type.
type kind uint8

const (
	kString kind = iota
	kTier
	kInt
	kBool
	kFloat
	kList
	kMap
	kObject  // a struct
	kPointer // a pointer to a struct: an optional object
	kOrdered // a Map: a map whose keys keep their order
)

// vtype is the type of a param's value.
type vtype struct {
	kind   kind
	rtype  reflect.Type
	elem   *vtype   // kList, kMap and kOrdered: the element; kPointer: the struct
	fields []*field // kObject: its fields, in order
	tiers  []string // kTier: the catalog's tiers
	entry  entryLayout
}

// str returns the string or tier of type t at p: a tier the catalog does
// not have (a plan's name read from elsewhere, another case) is a tier not
// known, "", as TierRestricted takes it, so that an error holding one
// marshals to what Parse and the JSON Schema accept, and texts and logs do
// not name it either.
func (t *vtype) str(p unsafe.Pointer) string {
	s := strAt(p)
	if t.kind == kTier && !slices.Contains(t.tiers, s) {
		return ""
	}
	return s
}

// eface is the layout of an interface value with no methods.
type eface struct {
	typ, data unsafe.Pointer
}

// typeWord returns the type word of an interface value.
func typeWord(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).typ }

// dataWord returns the data word of an interface value: for a pointer, the
// pointer.
func dataWord(v any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&v)).data }

// codec returns the codec of the params of s, building it on first use, or
// nil for a code without params.
func (c *Catalog) codec(s *CodeSpec) *codec {
	if s.Params == nil {
		return nil
	}
	c.init()
	i := c.index(s)
	if k := c.codecs[i].Load(); k != nil {
		return k
	}
	k, err := c.newCodec(s)
	if err != nil {
		// The generated code and the runtime disagree: the version check
		// at compile time makes this unreachable for generated code.
		panic(fmt.Sprintf("errspec: catalog %s, code %s: %v", c.Name, s.Code, err))
	}
	c.codecs[i].Store(k)
	return k
}

// index returns the position of s in c.Codes.
func (c *Catalog) index(s *CodeSpec) int {
	return int((uintptr(unsafe.Pointer(s)) - uintptr(unsafe.Pointer(&c.Codes[0]))) / unsafe.Sizeof(CodeSpec{}))
}

// newCodec builds the codec of s's params type.
func (c *Catalog) newCodec(s *CodeSpec) (*codec, error) {
	pt := reflect.TypeOf(s.Params)
	if pt.Kind() != reflect.Pointer || pt.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("params type %s is not a pointer to a struct", pt)
	}
	t := pt.Elem()
	b := builder{c: c, built: map[reflect.Type]*vtype{}}
	fields, err := b.fields(t)
	if err != nil {
		return nil, err
	}
	b.publish()
	k := &codec{typ: t, ptr: typeWord(s.Params), params: fields}
	for i := range t.NumField() {
		if sf := t.Field(i); sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			k.opts, k.optsOffset = sf.Type, sf.Offset
			k.optsList = typeWord(reflect.Zero(reflect.SliceOf(sf.Type)).Interface())
		}
	}
	if s.Order != "" {
		if len(s.Order) != len(fields) {
			return nil, fmt.Errorf("order %q of %d params for %d fields", s.Order, len(s.Order), len(fields))
		}
		k.params = make([]*field, len(fields))
		for i := range len(s.Order) {
			j := int(s.Order[i])
			if j >= len(fields) {
				return nil, fmt.Errorf("order %q names field %d of %d", s.Order, j, len(fields))
			}
			k.params[i] = fields[j]
		}
	}
	return k, nil
}

// vtypes caches the value types built, by reflect type and tier type.
var vtypes sync.Map // vtypeKey -> *vtype

type vtypeKey struct{ t, tier reflect.Type }

// builder builds the value types of a params struct. Types may refer to
// themselves, so each is known before its parts are built; the cache
// receives them only once all are.
type builder struct {
	c     *Catalog
	built map[reflect.Type]*vtype
}

// fields returns the fields of struct type t, those of embedded structs
// as its own.
func (b *builder) fields(t reflect.Type) ([]*field, error) {
	var out []*field
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Anonymous && sf.Type.Kind() == reflect.Struct {
			inner, err := b.fields(sf.Type)
			if err != nil {
				return nil, err
			}
			for _, f := range inner {
				g := *f
				g.offset += sf.Offset
				out = append(out, &g)
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		f := &field{offset: sf.Offset}
		name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		switch name {
		case "-":
		case "":
			f.name = sf.Name
		default:
			f.name = name
		}
		if f.name != "" {
			f.json = strconv.Quote(f.name) + ":"
		}
		f.optional = strings.Contains(","+opts+",", ",omitempty,")
		f.sensitive = sf.Type == sensitiveType
		for _, o := range strings.Split(sf.Tag.Get("errspec"), ",") {
			switch {
			case o == "sensitive":
				if sf.Type.Kind() != reflect.String {
					return nil, fmt.Errorf("field %s: sensitive, and not a string", sf.Name)
				}
				f.sensitive = true
			case strings.HasPrefix(o, "max="):
				n, err := strconv.Atoi(o[len("max="):])
				if err != nil || n < 1 || sf.Type.Kind() != reflect.String {
					return nil, fmt.Errorf("field %s: bad errspec tag %q", sf.Name, sf.Tag.Get("errspec"))
				}
				f.maxLen = n
			}
		}
		vt, err := b.vtype(sf.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", sf.Name, err)
		}
		f.typ = vt
		out = append(out, f)
	}
	return out, nil
}

// vtype returns the value type of Go type t.
func (b *builder) vtype(t reflect.Type) (*vtype, error) {
	c := b.c
	key := vtypeKey{t, c.tierType}
	if v, ok := vtypes.Load(key); ok {
		return v.(*vtype), nil
	}
	if v, ok := b.built[t]; ok {
		return v, nil
	}
	v := &vtype{rtype: t}
	b.built[t] = v
	switch t.Kind() {
	case reflect.String:
		v.kind = kString
		if t == c.tierType {
			v.kind, v.tiers = kTier, c.Tiers
		}
	case reflect.Int:
		v.kind = kInt
	case reflect.Bool:
		v.kind = kBool
	case reflect.Float64:
		v.kind = kFloat
	case reflect.Slice, reflect.Map:
		if layout, ok := isMapType(t); ok {
			v.kind, v.entry = kOrdered, layout
			elem, err := b.vtype(t.Elem().Field(1).Type)
			if err != nil {
				return nil, err
			}
			v.elem = elem
			break
		}
		if t.Kind() == reflect.Map && t.Key().Kind() != reflect.String {
			return nil, fmt.Errorf("map type %s: keys must be strings", t)
		}
		v.kind = kList
		if t.Kind() == reflect.Map {
			v.kind = kMap
		}
		elem, err := b.vtype(t.Elem())
		if err != nil {
			return nil, err
		}
		v.elem = elem
	case reflect.Struct:
		v.kind = kObject
		fields, err := b.fields(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", t, err)
		}
		v.fields = fields
	case reflect.Pointer:
		if t.Elem().Kind() != reflect.Struct {
			return nil, fmt.Errorf("type %s: a pointer to other than a struct", t)
		}
		v.kind = kPointer
		elem, err := b.vtype(t.Elem())
		if err != nil {
			return nil, err
		}
		v.elem = elem
	default:
		return nil, fmt.Errorf("type %s is not a param type", t)
	}
	return v, nil
}

// publish puts the value types built into the cache.
func (b *builder) publish() {
	for t, v := range b.built {
		vtypes.LoadOrStore(vtypeKey{t, b.c.tierType}, v)
	}
}

// The accessors of values in memory, at p, by kind.

func strAt(p unsafe.Pointer) string    { return *(*string)(p) }
func intAt(p unsafe.Pointer) int       { return *(*int)(p) }
func boolAt(p unsafe.Pointer) bool     { return *(*bool)(p) }
func floatAt(p unsafe.Pointer) float64 { return *(*float64)(p) }

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// listAt returns the elements of the list at p, and its length.
func listAt(p unsafe.Pointer) (unsafe.Pointer, int) {
	h := (*sliceHeader)(p)
	return h.data, h.len
}

// elem returns element i of a list whose elements are of type t.
func (t *vtype) elemAt(data unsafe.Pointer, i int) unsafe.Pointer {
	return unsafe.Add(data, uintptr(i)*t.elem.rtype.Size())
}

// mapValue returns the map at p as a reflect value.
func (t *vtype) mapValue(p unsafe.Pointer) reflect.Value {
	return reflect.NewAt(t.rtype, p).Elem()
}

// isZero reports whether the value of type t at p is its type's zero
// value, which an optional param or field leaves off the wire: an empty
// string, 0, false, an empty list or map, a nil pointer.
func (t *vtype) isZero(p unsafe.Pointer) bool {
	switch t.kind {
	case kString, kTier:
		return t.str(p) == ""
	case kInt:
		return intAt(p) == 0
	case kBool:
		return !boolAt(p)
	case kFloat:
		// A float that is not finite is not known, as JSON cannot hold it.
		f := floatAt(p)
		return f == 0 || math.IsNaN(f) || math.IsInf(f, 0)
	case kList, kOrdered:
		_, n := listAt(p)
		return n == 0
	case kMap:
		return t.mapValue(p).Len() == 0
	case kPointer:
		return *(*unsafe.Pointer)(p) == nil
	}
	return false
}

// eachEntry calls f with each key of the map of type t at p, as the wire
// has it (ValidUTF8), in sorted order, and a pointer to a copy of its
// value. Keys that the wire cannot tell apart, bytes that are not UTF-8
// where the other has U+FFFD, give one entry, the smallest key's. It
// stops at f's first error.
func (t *vtype) eachEntry(p unsafe.Pointer, f func(key string, v unsafe.Pointer) error) error {
	m := t.mapValue(p)
	if m.Len() == 0 {
		return nil
	}
	type entry struct {
		wire string
		key  reflect.Value
	}
	entries := make([]entry, 0, m.Len())
	for _, k := range m.MapKeys() {
		entries = append(entries, entry{ValidUTF8(k.String()), k})
	}
	slices.SortFunc(entries, func(x, y entry) int {
		return cmp.Or(strings.Compare(x.wire, y.wire), strings.Compare(x.key.String(), y.key.String()))
	})
	tmp := reflect.New(t.elem.rtype)
	for i, e := range entries {
		if i > 0 && e.wire == entries[i-1].wire {
			continue
		}
		tmp.Elem().Set(m.MapIndex(e.key))
		if err := f(e.wire, tmp.UnsafePointer()); err != nil {
			return err
		}
	}
	return nil
}
