package errspec

import (
	"context"
	"log/slog"
)

// A generated Error is a slog.LogValuer: logged as itself, any handler
// writes its facts (see View.LogValue). Wrapped in another error, as
// fmt.Errorf("...: %w", err) wraps it, it is not: slog sees only the
// wrapper's text. LogHandler and ReplaceAttr find the errspec error in
// the chain and log its facts all the same.

// LogHandler returns a handler that passes every record to h after
// replacing, as ReplaceAttr does, each attribute whose value is an error
// that wraps an errspec error, in a group or in what a slog.LogValuer
// gives too (resolved then, once, as h would resolve it). Attributes
// given to WithAttrs are replaced too; h sees nothing else of the
// wrapping.
//
// Give it a handler of its own, not slog.Default().Handler(): slog sends
// log.Printf to the handler that slog.SetDefault is given, and one that
// wraps slog's own default handler, which writes with log, deadlocks.
func LogHandler(h slog.Handler) slog.Handler { return &logHandler{h} }

type logHandler struct{ h slog.Handler }

func (l *logHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return l.h.Enabled(ctx, level)
}

func (l *logHandler) Handle(ctx context.Context, r slog.Record) error {
	wraps := false
	r.Attrs(func(a slog.Attr) bool {
		wraps = replaces(a.Value)
		return !wraps
	})
	if !wraps {
		return l.h.Handle(ctx, r)
	}
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(ReplaceAttr(nil, a))
		return true
	})
	return l.h.Handle(ctx, out)
}

func (l *logHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	out := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		out[i] = ReplaceAttr(nil, a)
	}
	return &logHandler{l.h.WithAttrs(out)}
}

func (l *logHandler) WithGroup(name string) slog.Handler { return &logHandler{l.h.WithGroup(name)} }

// replaces reports whether ReplaceAttr changes an attribute of value v.
func replaces(v slog.Value) bool {
	switch v.Kind() {
	case slog.KindAny:
		if err, ok := v.Any().(error); ok {
			_, ok = As(err)
			return ok
		}
	case slog.KindLogValuer:
		return resolves(v)
	case slog.KindGroup:
		for _, a := range v.Group() {
			if replaces(a.Value) {
				return true
			}
		}
	}
	return false
}

// resolves reports whether ReplaceAttr resolves v, a slog.LogValuer, to
// look into what it gives, as slog's own handlers resolve a value before
// they call ReplaceAttr: any but an errspec error, whose LogValue gives
// its facts and its cause as text.
func resolves(v slog.Value) bool {
	_, direct := v.Any().(Error)
	return !direct
}

// ReplaceAttr replaces an attribute whose value is an error that wraps an
// errspec error, or is one but no slog.LogValuer, with the group that the
// errspec error's LogValue gives (code, category, retryable, message,
// params with sensitive ones redacted, cause), plus, for a wrapper, its
// whole text as text. It looks into groups and into what a
// slog.LogValuer gives, and leaves other attributes as they are. It has
// the signature of slog.HandlerOptions.ReplaceAttr, for slog's own
// handlers; LogHandler does the same for any handler.
func ReplaceAttr(groups []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindLogValuer && resolves(a.Value) {
		a.Value = a.Value.Resolve()
	}
	switch a.Value.Kind() {
	case slog.KindAny:
		err, ok := a.Value.Any().(error)
		if !ok {
			return a
		}
		v, ok := As(err)
		if !ok {
			return a
		}
		value := v.LogValue()
		if _, direct := err.(Error); !direct {
			value = slog.GroupValue(append(value.Group(), slog.String("text", err.Error()))...)
		}
		return slog.Attr{Key: a.Key, Value: value}
	case slog.KindGroup:
		if !replaces(a.Value) {
			return a
		}
		attrs := a.Value.Group()
		out := make([]slog.Attr, len(attrs))
		for i, b := range attrs {
			out[i] = ReplaceAttr(append(groups, a.Key), b)
		}
		return slog.Attr{Key: a.Key, Value: slog.GroupValue(out...)}
	}
	return a
}

// TraceAttrs returns the attributes that a span or a metric of an
// operation that failed with err should carry: error.type, the code, as
// OpenTelemetry's semantic conventions name the class of an error, and
// errspec.category and errspec.retryable. It returns nil when err holds
// no errspec error; OpenTelemetry then asks for the error's type name, or
// _OTHER, as error.type.
//
// The values are those the catalog declares, so that an attribute has as
// few values as the catalog has codes and categories, as the conventions
// ask of error.type: an error of a code the catalog does not know, which
// Parse read off a wire (from a newer server, or any other), has the
// error.type _OTHER, the conventions' own value for a class not known,
// and so has its category when the catalog does not declare it. The
// wire's code and category are in its log (View.LogValue).
//
// The values are strings and a bool; as OpenTelemetry attributes:
//
//	kvs := make([]attribute.KeyValue, 0, 3)
//	for _, a := range errspec.TraceAttrs(err) {
//		if a.Value.Kind() == slog.KindBool {
//			kvs = append(kvs, attribute.Bool(a.Key, a.Value.Bool()))
//		} else {
//			kvs = append(kvs, attribute.String(a.Key, a.Value.String()))
//		}
//	}
//	span.SetAttributes(kvs...)
func TraceAttrs(err error) []slog.Attr {
	v, ok := As(err)
	if !ok {
		return nil
	}
	code, category := v.Code, v.Category()
	if !v.Known() {
		code = otherType
		if v.unknownCategory() == nil {
			category = otherType
		}
	}
	return []slog.Attr{
		slog.String("error.type", code),
		slog.String("errspec.category", category),
		slog.Bool("errspec.retryable", v.Retryable()),
	}
}

// otherType is OpenTelemetry's error.type of a class of error not known.
const otherType = "_OTHER"
