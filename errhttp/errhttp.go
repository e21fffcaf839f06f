// Package errhttp serves the errors of any package errspec generates over
// HTTP, and reads them back in a client. It needs only the standard
// library, so it lives in errspec's module; it reads any catalog's errors
// through the errspec.Error interface that every generated Error type
// implements.
//
// A handler's error goes out in one of two formats, which Write and
// HandlerFunc choose by the request's Accept header:
//
//   - RFC 9457 problem details (WriteProblem), with
//     Content-Type application/problem+json: type is the code's docs URL,
//     title the code's title, status the HTTP status, detail the message,
//     instance when given; the code, category, suggestion, detail (as
//     context), retry facts and params follow as extension members.
//   - The catalog's own wire format (WriteJSON), application/json: the
//     bytes the generated MarshalJSON writes.
//
// Both set the status of the error (the one set for this occurrence, else
// its code's: always 400 to 599, see errspec.View.HTTPStatus) and, for a
// code a retry after a delay can help, Retry-After in seconds. They leave
// Content-Length to net/http, which sets it for the bytes it sends, and
// remove one a handler set for the body it meant to write: a middleware
// that compresses what the handler writes (one that sets
// Content-Encoding: gzip and wraps the ResponseWriter in a gzip.Writer)
// sends fewer bytes than the error has, and a Content-Length of the
// error's own bytes cut the response short. For the same reason they
// remove the headers a handler set for the representation it meant to
// send, as http.ServeContent does when it serves an error: Cache-Control
// (but one that says no-store, or no-cache without field names, which
// only keeps caches from serving the error) and Expires (a max-age for the success would let a
// cache serve the error, a 429 past its Retry-After too, for as long),
// ETag and Last-Modified (validators of another body), and
// Content-Disposition (which would make a browser save the error as the
// file). An error
// that wraps no errspec error is written as a 500 problem that says
// nothing of it: its text may hold what a client must not see.
//
// Read and Parse read either format back into the generated Error type,
// and the catalog's format under application/problem+json too, as a
// server sends it whose catalog's envelope is itself problem details.
package errhttp

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/errspec/errspec"
)

// The media types of the two formats.
const (
	ProblemType = "application/problem+json" // RFC 9457 problem details
	JSONType    = "application/json"         // the catalog's own wire format
)

// HandlerFunc is an HTTP handler that returns its error: ServeHTTP writes
// it with Write, as problem details unless the request asks for plain
// JSON. Return the error before writing anything else to the response.
type HandlerFunc func(http.ResponseWriter, *http.Request) error

// ServeHTTP calls f and writes its error, if any, with Write. An error
// that f returns after the response's status went out (f wrote a part of
// its body, flushed, or set a status of 200 or more) can no longer be
// sent: ServeHTTP then aborts the response, as a panic with
// http.ErrAbortHandler does, so that the client sees it cut short (an
// unexpected EOF, a reset stream) rather than the status of a success
// with a body that ends in the error's JSON. f gets a ResponseWriter
// that keeps track of that: it is an http.Flusher, an http.Hijacker,
// both or neither as the server's is, an io.ReaderFrom, and has Unwrap,
// for http.ResponseController.
func (f HandlerFunc) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := &tracking{ResponseWriter: w}
	var tw http.ResponseWriter = t
	_, flusher := w.(http.Flusher)
	_, hijacker := w.(http.Hijacker)
	switch {
	case flusher && hijacker:
		tw = trackingFlushHijack{t}
	case flusher:
		tw = trackingFlush{t}
	case hijacker:
		tw = trackingHijack{t}
	}
	if err := f(tw, r); err != nil {
		if t.sent {
			panic(http.ErrAbortHandler)
		}
		Write(w, r, err)
	}
}

// tracking is a ResponseWriter that records whether the status of the
// response went out.
type tracking struct {
	http.ResponseWriter
	sent bool
}

// WriteHeader sends the status; a 1xx other than 101 (103 Early Hints)
// leaves the response to come.
func (t *tracking) WriteHeader(status int) {
	if status >= 200 || status == http.StatusSwitchingProtocols {
		t.sent = true
	}
	t.ResponseWriter.WriteHeader(status)
}

func (t *tracking) Write(b []byte) (int, error) {
	t.sent = true
	return t.ResponseWriter.Write(b)
}

// ReadFrom copies src to the body with the server's ReadFrom (sendfile),
// where the server's ResponseWriter has one.
func (t *tracking) ReadFrom(src io.Reader) (int64, error) {
	t.sent = true
	if rf, ok := t.ResponseWriter.(io.ReaderFrom); ok {
		return rf.ReadFrom(src)
	}
	return io.Copy(struct{ io.Writer }{t.ResponseWriter}, src)
}

// Unwrap returns the server's ResponseWriter, for
// http.ResponseController.
func (t *tracking) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// flushError flushes as http.ResponseController does: the status goes
// out, and what the body has so far.
func (t *tracking) flushError() error {
	t.sent = true
	return http.NewResponseController(t.ResponseWriter).Flush()
}

// hijack hands the connection over: an error afterwards has no response
// to go to.
func (t *tracking) hijack() (net.Conn, *bufio.ReadWriter, error) {
	t.sent = true
	return t.ResponseWriter.(http.Hijacker).Hijack()
}

// trackingFlush is a tracking of a ResponseWriter that flushes.
type trackingFlush struct{ *tracking }

func (t trackingFlush) Flush()            { t.flushError() }
func (t trackingFlush) FlushError() error { return t.flushError() }

// trackingHijack is a tracking of a ResponseWriter that hands its
// connection over.
type trackingHijack struct{ *tracking }

func (t trackingHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) { return t.hijack() }

// trackingFlushHijack is a tracking of a ResponseWriter that does both.
type trackingFlushHijack struct{ *tracking }

func (t trackingFlushHijack) Flush()            { t.flushError() }
func (t trackingFlushHijack) FlushError() error { return t.flushError() }
func (t trackingFlushHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return t.hijack()
}

// Write writes err in the format the request r prefers, by its Accept
// header: the catalog's wire format (WriteJSON) when it prefers
// application/json to application/problem+json, as a client that accepts
// only application/json does; problem details (WriteProblem) otherwise,
// when it accepts both, either through a wildcard, or neither, and
// without an Accept header. The response says Vary: Accept.
func Write(w http.ResponseWriter, r *http.Request, err error) {
	w.Header().Add("Vary", "Accept")
	accept := r.Header.Values("Accept")
	if quality(accept, JSONType) > quality(accept, ProblemType) {
		WriteJSON(w, err)
		return
	}
	WriteProblem(w, err, "")
}

// quality returns the quality an Accept header, its values, gives a
// media type of the form type/subtype: that of the most specific media
// range that matches it (type/subtype, then type/*, then */*), 1 unless
// the range gives a q from 0 to 1; 0 when none matches, and 1 without a
// header.
func quality(accept []string, media string) float64 {
	if len(accept) == 0 {
		return 1
	}
	typ, _, _ := strings.Cut(media, "/")
	q, specificity := 0.0, -1
	for _, v := range accept {
		for _, r := range strings.Split(v, ",") {
			mr, params, _ := strings.Cut(r, ";")
			mr = strings.ToLower(strings.TrimSpace(mr))
			s := -1
			switch {
			case mr == media:
				s = 2
			case mr == typ+"/*":
				s = 1
			case mr == "*/*":
				s = 0
			}
			if s <= specificity {
				continue
			}
			q, specificity = weight(params), s
		}
	}
	return q
}

// weight returns the q of the parameters of a media range, params, the
// text after its first ";": the first q parameter's, 1 without one or
// when it is no number from 0 to 1. It reads the parameters one by one,
// as mime.ParseMediaType would not: a parameter that does not parse (a
// stray ";", a name without a value, a quote left open, a name given
// twice) would hide the media range before it, and the client that
// accepts application/json alone would get problem details.
func weight(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		if f, err := strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil && f >= 0 && f <= 1 {
			return f
		}
		return 1
	}
	return 1
}

// WriteProblem writes err as RFC 9457 problem details (see the package
// doc). instance, when not empty, is a URI reference that identifies this
// occurrence.
func WriteProblem(w http.ResponseWriter, err error, instance string) {
	v, ok := errspec.As(err)
	if !ok {
		writeInternal(w)
		return
	}
	b := buffers.Get().(*[]byte)
	body, err := AppendProblem((*b)[:0], v, instance)
	if err != nil {
		writeInternal(w)
	} else {
		write(w, v, ProblemType, body)
	}
	release(b, body)
}

// WriteJSON writes err in its catalog's wire format, with Content-Type
// application/json. An error that wraps no errspec error is written as a
// 500 problem, as WriteProblem writes it.
func WriteJSON(w http.ResponseWriter, err error) {
	v, ok := errspec.As(err)
	if !ok {
		writeInternal(w)
		return
	}
	b := buffers.Get().(*[]byte)
	body, err := v.AppendJSON((*b)[:0])
	if err != nil {
		writeInternal(w)
	} else {
		write(w, v, JSONType, body)
	}
	release(b, body)
}

// buffers holds response bodies for reuse.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// release puts the buffer of a body back in the pool, unless it grew
// large; body is nil when nothing was written to it.
func release(b *[]byte, body []byte) {
	if cap(body) > 64<<10 {
		return
	}
	if body != nil {
		*b = body
	}
	buffers.Put(b)
}

// write writes the headers, the status and the body of an error.
func write(w http.ResponseWriter, v errspec.View, contentType string, body []byte) {
	h := header(w, contentType)
	if d := v.RetryAfter(); v.Retryable() && d > 0 {
		h.Set("Retry-After", strconv.FormatInt(int64(d.Seconds()), 10))
	}
	w.WriteHeader(v.HTTPStatus())
	w.Write(body)
}

// header sets the Content-Type of an error's body and removes the headers
// a handler may have set for the body it meant to write (see the package
// doc); it returns the response's headers.
func header(w http.ResponseWriter, contentType string) http.Header {
	h := w.Header()
	h.Set("Content-Type", contentType)
	if !forbidsCaching(h.Values("Cache-Control")) {
		h.Del("Cache-Control")
	}
	for _, k := range representationHeaders {
		h.Del(k)
	}
	return h
}

// representationHeaders are the headers that describe the body a handler
// meant to write, not its error, which header removes whatever their
// value (Cache-Control, which it keeps when it forbids caching, is not
// one of them).
var representationHeaders = []string{"Content-Length", "Expires", "Etag", "Last-Modified", "Content-Disposition"}

// forbidsCaching reports whether the values of a Cache-Control header
// keep every cache from serving the response (no-store, or no-cache
// without field names): a handler or a middleware may set them for its
// errors as well, and they can only make the error less cacheable. A
// no-cache="Set-Cookie" keeps caches from serving those fields alone,
// and the rest of the header (a max-age) would let them serve the error.
func forbidsCaching(values []string) bool {
	for _, v := range values {
		for _, d := range strings.Split(v, ",") {
			name, _, fields := strings.Cut(d, "=")
			if name = strings.ToLower(strings.TrimSpace(name)); name == "no-store" || name == "no-cache" && !fields {
				return true
			}
		}
	}
	return false
}

// internalProblem is the body of an error that is no errspec error.
const internalProblem = `{"title":"Internal Server Error","status":500}`

func writeInternal(w http.ResponseWriter) {
	header(w, ProblemType)
	w.WriteHeader(http.StatusInternalServerError)
	io.WriteString(w, internalProblem)
}

// AppendProblem appends v to b as RFC 9457 problem details:
//
//	{"type":DOCS_URL,"title":TITLE,"status":STATUS,"detail":MESSAGE,"instance":INSTANCE,
//	 "code":CODE,"category":CATEGORY,"suggestion":SUGGESTION,"context":DETAIL,
//	 "retryable":BOOL,"retry":CLASS,"retry_after":SECONDS,"params":{...}}
//
// Empty members are left off. Without a docs URL, type is left off
// (about:blank) and title is the status's own phrase, as the RFC asks.
// The params are the wire params, sensitive ones redacted, as the
// catalog's envelope carries them.
func AppendProblem(b []byte, v errspec.View, instance string) ([]byte, error) {
	status := v.HTTPStatus()
	b = append(b, '{')
	title := v.Title()
	if u := v.DocsURL(); u != "" {
		b = member(b, `"type":`, u)
	} else {
		title = http.StatusText(status)
	}
	if title != "" {
		b = member(b, `"title":`, title)
	}
	b = strconv.AppendInt(sep(b, `"status":`), int64(status), 10)
	b = member(b, `"detail":`, v.WireMessage())
	b = member(b, `"instance":`, instance)
	b = member(b, `"code":`, v.Code)
	b = member(b, `"category":`, v.Category())
	b = member(b, `"suggestion":`, v.Suggestion)
	b = member(b, `"context":`, v.Detail)
	b = strconv.AppendBool(sep(b, `"retryable":`), v.Retryable())
	b = member(b, `"retry":`, string(v.Retry()))
	if n := int64(v.RetryAfter().Seconds()); n > 0 {
		b = strconv.AppendInt(sep(b, `"retry_after":`), n, 10)
	}
	mark := len(b)
	b, err := v.AppendParams(sep(b, `"params":`))
	if err != nil {
		return nil, err
	}
	if string(b[len(b)-2:]) == "{}" {
		b = b[:mark]
	}
	return append(b, '}'), nil
}

// sep appends a member's key, after a comma unless it is the first.
func sep(b []byte, key string) []byte {
	if b[len(b)-1] != '{' {
		b = append(b, ',')
	}
	return append(b, key...)
}

// member appends a string member, unless s is empty.
func member(b []byte, key, s string) []byte {
	if s == "" {
		return b
	}
	return errspec.AppendJSONString(sep(b, key), s)
}

// ErrorPtr is the pointer type, *E, of a generated Error type E: Read and
// Parse fill one in.
type ErrorPtr[E any] interface {
	*E
	errspec.Error
	json.Unmarshaler
	ErrspecSetView(errspec.View)
	WithHTTPStatus(int) *E
}

// MaxBody is the most of a response's body that Read reads.
const MaxBody = 1 << 20

// ErrNotError is the error of Read and Parse for a body that holds no
// error of either format.
var ErrNotError = errors.New("errhttp: the response holds no errspec error")

// Read reads the error in resp, a response with a status of 400 or more,
// as Parse reads it, and, for a code the catalog does not know, takes the
// one of the Retry-After header (seconds or an HTTP-date) when its body
// gives no retry-after, and resolves a docs URL (type) that is a relative
// reference against the request's URL; it reads at most MaxBody bytes of the body, gunzipped
// when its Content-Encoding is gzip, and closes it: an empty body, or one
// longer than MaxBody, is an error that says so. E is the Error type of
// a generated package:
//
//	e, err := errhttp.Read[apperr.Error](resp)
func Read[E any, P ErrorPtr[E]](resp *http.Response) (*E, error) {
	defer resp.Body.Close()
	if resp.StatusCode < 400 {
		return nil, fmt.Errorf("%w: status %d", ErrNotError, resp.StatusCode)
	}
	r, err := decoded(resp)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(io.LimitReader(r, MaxBody+1))
	if err != nil {
		return nil, fmt.Errorf("errhttp: reading the body of the status %d response: %w", resp.StatusCode, err)
	}
	switch {
	case len(body) == 0:
		why := "the error of a proxy or a server that is not errspec's, such as httputil.ReverseProxy's when it cannot reach the server, may have none"
		if resp.Request != nil && resp.Request.Method == http.MethodHead {
			why = "the response to a HEAD request has none"
		}
		return nil, fmt.Errorf("%w: status %d with an empty body (%s)", ErrNotError, resp.StatusCode, why)
	case len(body) > MaxBody:
		return nil, fmt.Errorf("errhttp: the body of the status %d response is larger than MaxBody, %d bytes: a param without max_length may hold more than a client reads", resp.StatusCode, MaxBody)
	}
	e, err := Parse[E, P](resp.Header.Get("Content-Type"), resp.StatusCode, body)
	if err != nil {
		return nil, err
	}
	fromResponse(P(e), resp)
	return e, nil
}

// decoded returns the body of resp as its Content-Encoding says to read
// it: as it is, or gunzipped when the client asked for gzip itself (Go's
// Transport gunzips a body only when it asked for gzip). A body gzip gives
// nothing of reads as empty; another encoding is an error that names it.
func decoded(resp *http.Response) (io.Reader, error) {
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
		return resp.Body, nil
	case "gzip", "x-gzip":
		z, err := gzip.NewReader(resp.Body)
		if err == io.EOF {
			return strings.NewReader(""), nil
		}
		if err != nil {
			return nil, fmt.Errorf("errhttp: reading the gzip body of the status %d response: %w", resp.StatusCode, err)
		}
		return z, nil
	default:
		return nil, fmt.Errorf("errhttp: the body of the status %d response has Content-Encoding %q, which Read does not decode: ask for gzip, or for none", resp.StatusCode, enc)
	}
}

// fromResponse gives e, when its code is one the catalog does not know,
// what resp says of it beside its body:
//
//   - when the body said nothing of a retry-after, the one of the
//     response's Retry-After header (see retryAfter): the catalog's own
//     format carries a retry-after only where its envelope places it.
//   - a docs URL that is a relative reference (a problem's type of
//     "/errors/quota-gone", as RFC 9457 allows) resolved against the URL
//     of the request, as the RFC asks, so that it leads to the docs;
//     without the request's userinfo and query, which may hold
//     credentials.
func fromResponse(e interface {
	errspec.Error
	ErrspecSetView(errspec.View)
}, resp *http.Response) {
	v := e.ErrspecView()
	if v.Unknown == nil {
		return
	}
	u := *v.Unknown
	if u.RetryAfter == 0 {
		u.RetryAfter = retryAfter(resp.Header)
	}
	if ref, err := url.Parse(u.DocsURL); err == nil && u.DocsURL != "" && !ref.IsAbs() && resp.Request != nil && resp.Request.URL != nil {
		base := *resp.Request.URL
		base.User, base.RawQuery, base.ForceQuery = nil, "", false
		u.DocsURL = base.ResolveReference(ref).String()
	}
	if u != *v.Unknown {
		v.Unknown = &u
		e.ErrspecSetView(v)
	}
}

// retryAfter returns the seconds to wait that a response's Retry-After
// header gives, in either form RFC 9110 allows: a number of seconds, as
// errhttp writes it, or an HTTP-date, as some proxies and servers send it,
// counted from the response's Date (the clock of the server that set
// both), else from now, and rounded up to a second. It returns 0 for no
// header, one that does not parse, a date past, and a wait longer than
// errspec.MaxRetryAfter.
func retryAfter(h http.Header) int {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if n, err := strconv.ParseUint(v, 10, 64); err == nil {
		if n <= errspec.MaxRetryAfter {
			return int(n)
		}
		return 0
	}
	at, err := http.ParseTime(v)
	if err != nil {
		return 0
	}
	now := time.Now()
	if date, err := http.ParseTime(h.Get("Date")); err == nil {
		now = date
	}
	d := at.Sub(now)
	if d <= 0 || d > errspec.MaxRetryAfter*time.Second {
		return 0
	}
	return int((d + time.Second - 1) / time.Second)
}

// Parse reads an error of a response with the given Content-Type and
// status: problem details as WriteProblem writes them, or the catalog's
// wire format (application/json, or any type with a +json suffix), into
// the generated Error type E. Under application/problem+json, a body
// with a member that WriteProblem does not write and no params member is
// read as the catalog's format when it is in it and that format sends
// such a member: a server whose catalog's envelope is itself problem
// details, with its params beside type, title and status as extension
// members, sends it so; problem details as WriteProblem writes them
// with an extension member that another party added (a trace_id) read
// as problem details. A code the catalog does not know, from a
// newer version of it, gives an error of that code, as the generated
// Parse gives one. Problem details give the error all they carry: the
// code and params, the message (detail), the suggestion, the detail of
// the occurrence (context) and its status, and for a code the catalog
// does not know, its category, retry facts, docs URL (type) and title,
// whatever the catalog's envelope carries; as RFC 9457 asks, a member
// whose value is not of its type is ignored (problem details whose code
// is no string hold no errspec error; problem details with a code that
// repeat a member are an error, as the catalog's format is), and without
// a status of an error in the body, the response's is the error's. The
// catalog's format gives
// what the generated Parse gives, with the response's status when it is
// not the code's own; problem details as WriteProblem writes them, under
// application/json (a gateway that relabels the type), read as problem
// details where the catalog's format sends neither title nor status;
// JSON without a code where the catalog puts it, the error body of a
// server that is not errspec's, is ErrNotError. What the
// body does not carry (the message, the suggestion) is filled in from the
// code's templates. A body that is no JSON, under either type (the HTML
// or text page of a proxy that labels it JSON, or a body cut short), is
// ErrNotError; one that starts with a UTF-8 byte order mark is read
// past it, as RFC 8259 allows. Parse reads no parameter of the
// Content-Type, so a parameter that does not parse (a charset without a
// value, a stray ";", a charset given twice, as some servers and proxies
// send them) does not hide the media type before it.
func Parse[E any, P ErrorPtr[E]](contentType string, status int, body []byte) (*E, error) {
	media, err := mediaType(contentType)
	if err != nil {
		return nil, fmt.Errorf("%w: Content-Type %q", ErrNotError, contentType)
	}
	if media != JSONType && !strings.HasSuffix(media, "+json") { // problem details end with +json too
		return nil, fmt.Errorf("%w: Content-Type %s", ErrNotError, media)
	}
	// A UTF-8 byte order mark, which some servers put before JSON and RFC
	// 8259 lets a parser ignore.
	body = bytes.TrimPrefix(body, []byte("\ufeff"))
	if !json.Valid(body) {
		// The page of a proxy or a server that is not errspec's, sent
		// with a JSON type, or a body cut short: no error to read.
		return nil, fmt.Errorf("%w: a body of %s that is no JSON", ErrNotError, media)
	}
	e := P(new(E))
	c := errspec.CatalogOf(e)
	var v errspec.View
	if media == ProblemType {
		members, extra := problemMembers(body)
		own := len(extra) > 0
		if own {
			// Possibly the catalog's own format: read as such if it is.
			v, err = c.Parse(body)
		}
		if !own || err != nil || !explains(v, extra) {
			pv, perr := parseProblem(c, status, members, body)
			switch {
			case perr == nil:
				e.ErrspecSetView(pv)
				return e, nil
			case own && err == nil:
				// The catalog's format, with a member neither format
				// has, which a client ignores.
			case own && !errors.Is(err, errspec.ErrNoCode):
				// The catalog's format, with a fault its Parse names.
				return nil, err
			default:
				return nil, perr
			}
		}
	} else {
		v, err = c.Parse(body)
		if members := relabeled(body, v, err); members != nil {
			if pv, perr := parseProblem(c, status, members, body); perr == nil {
				e.ErrspecSetView(pv)
				return e, nil
			}
		}
	}
	if err != nil {
		if errors.Is(err, errspec.ErrNoCode) {
			return nil, fmt.Errorf("%w: %w", ErrNotError, err)
		}
		return nil, err
	}
	e.ErrspecSetView(v)
	if status != 0 && status != e.ErrspecView().HTTPStatus() {
		e.WithHTTPStatus(status)
	}
	return e, nil
}

// mediaType returns the media type of a Content-Type, in lower case,
// whatever its parameters are.
func mediaType(contentType string) (string, error) {
	media, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		typ, _, _ := strings.Cut(contentType, ";")
		media, _, err = mime.ParseMediaType(typ)
	}
	return media, err
}

// problem is what Parse reads of problem details.
type problem struct {
	Type       string
	Title      string
	Status     int
	Detail     string
	Code       string
	Category   string
	Suggestion string
	Context    string
	Retryable  bool
	Retry      errspec.Retry
	RetryAfter int64 // 64 bits on every platform: one beyond MaxRetryAfter is rejected, not taken for a value of another type
	Params     json.RawMessage
}

// writtenMembers are the members of problem details that WriteProblem
// writes.
var writtenMembers = map[string]bool{
	"type": true, "title": true, "status": true, "detail": true, "instance": true,
	"code": true, "category": true, "suggestion": true, "context": true,
	"retryable": true, "retry": true, "retry_after": true, "params": true,
}

// problemMembers returns the members of body, valid JSON of problem
// details, nil when it is no object; and, when it may be in the
// catalog's own format rather than as WriteProblem writes it, the names
// of its members that WriteProblem does not write: a catalog whose
// envelope is itself problem details puts its params beside type, title
// and status, as RFC 9457's extension members, and a server sends it as
// application/problem+json. It may when it has such a member and no
// params, where WriteProblem puts them.
func problemMembers(body []byte) (map[string]json.RawMessage, []string) {
	var members map[string]json.RawMessage
	if json.Unmarshal(body, &members) != nil {
		return nil, nil
	}
	if _, ok := members["params"]; ok {
		return members, nil
	}
	var extra []string
	for key := range members {
		if !writtenMembers[key] {
			extra = append(extra, key)
		}
	}
	return members, extra
}

// relabeled returns the members of body, read in the catalog's own format
// as v (with the error err), when it is problem details as WriteProblem
// writes them under another JSON type: a gateway that relabels
// application/problem+json as application/json, or a server that labels
// its problem details so. It is when it has a title and a status, which
// WriteProblem always writes, that the catalog's format does not send
// (its envelope may be problem details itself), and no member that the
// catalog's format sends and WriteProblem does not write (a message, a
// docs URL): the catalog's Parse would read problem details' detail, the
// message, as the error's detail and lose the occurrence's, which
// problem details carry as context.
func relabeled(body []byte, v errspec.View, err error) map[string]json.RawMessage {
	if err != nil {
		return nil
	}
	members, _ := problemMembers(body)
	_, title := members["title"]
	_, status := members["status"]
	if !title || !status {
		return nil
	}
	sent := sentMembers(v)
	if sent["title"] || sent["status"] {
		return nil
	}
	for key := range members {
		if sent[key] && !writtenMembers[key] {
			return nil
		}
	}
	return members
}

// sentMembers returns the names of the members of v's wire JSON in the
// catalog's format.
func sentMembers(v errspec.View) map[string]bool {
	wire, err := v.AppendJSON(nil)
	if err != nil {
		return nil
	}
	var members map[string]json.RawMessage
	if json.Unmarshal(wire, &members) != nil {
		return nil
	}
	sent := make(map[string]bool, len(members))
	for key := range members {
		sent[key] = true
	}
	return sent
}

// explains reports whether v, read from a body in the catalog's own
// format, sends one of the members extra of the body, which WriteProblem
// does not write: whether the body is in that format, and not problem
// details as WriteProblem writes them with an extension member that
// another party added (a proxy's trace_id), which the catalog's Parse
// ignores as it ignores any member it does not know, reading problem
// details' detail as the error's detail and losing its message.
func explains(v errspec.View, extra []string) bool {
	sent := sentMembers(v)
	for _, key := range extra {
		if sent[key] {
			return true
		}
	}
	return false
}

// parseProblem reads problem details, the members of a JSON body of a
// response with the given status (problemMembers), into an error of
// catalog c. As RFC 9457 asks, a member whose
// value is not of its type is ignored, as if it were not there; member
// names are matched exactly. Problem details without a code (a string)
// hold no errspec error; problem details with a code that repeat a
// member are an error, as the catalog's format is: which of its values
// counts is the reader's guess (encoding/json takes the last, others the
// first). A status that is none of an error's, or none, is the
// response's.
func parseProblem(c *errspec.Catalog, status int, members map[string]json.RawMessage, body []byte) (errspec.View, error) {
	if members == nil {
		// body is JSON (Parse checks it), of another type than an object.
		return errspec.View{}, fmt.Errorf("%w: problem details that are no JSON object", ErrNotError)
	}
	var p problem
	for key, value := range map[string]any{
		"type": &p.Type, "title": &p.Title, "status": &p.Status, "detail": &p.Detail,
		"code": &p.Code, "category": &p.Category, "suggestion": &p.Suggestion, "context": &p.Context,
		"retryable": &p.Retryable, "retry": &p.Retry, "retry_after": &p.RetryAfter,
	} {
		if raw, ok := members[key]; ok {
			json.Unmarshal(raw, value) // a value of another type leaves the zero value
		}
	}
	if raw := members["params"]; len(raw) > 0 && raw[0] == '{' {
		p.Params = raw // params that are no object (null) are none, as any member not of its type
	}
	if p.Code == "" {
		return errspec.View{}, fmt.Errorf("%w: problem details without a code", ErrNotError)
	}
	if key, ok := repeated(body); ok {
		return errspec.View{}, fmt.Errorf("errhttp: reading problem details: the member %q is repeated", key)
	}
	if p.Status < 400 || p.Status > 599 {
		p.Status = status
	}
	if p.RetryAfter < 0 || p.RetryAfter > errspec.MaxRetryAfter {
		return errspec.View{}, fmt.Errorf("errhttp: reading problem details: retry_after: %d seconds, not from 0 to %d", p.RetryAfter, errspec.MaxRetryAfter)
	}
	v, err := c.ParseParams(p.Code, p.Params)
	if err != nil {
		return errspec.View{}, fmt.Errorf("errhttp: reading problem details: %w", err)
	}
	if u := v.Unknown; u != nil {
		u.Category, u.Retryable, u.Retry, u.RetryAfter = p.Category, p.Retryable, p.Retry, int(p.RetryAfter)
		u.HTTPStatus, v.Status = p.Status, p.Status
		if p.Type != "" && p.Type != "about:blank" {
			u.DocsURL, u.Title = p.Type, p.Title
		}
	} else if p.Status != 0 && p.Status != v.HTTPStatus() {
		v.Status = p.Status
	}
	if p.Detail != "" {
		v.Message = p.Detail
	}
	if p.Suggestion != "" {
		v.Suggestion = p.Suggestion
	}
	v.Detail = p.Context
	return v, nil
}

// repeated returns the first member name that obj, a valid JSON object,
// repeats.
func repeated(obj []byte) (string, bool) {
	d := json.NewDecoder(bytes.NewReader(obj))
	if _, err := d.Token(); err != nil {
		return "", false
	}
	seen := map[string]bool{}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return "", false
		}
		key, _ := t.(string)
		if seen[key] {
			return key, true
		}
		seen[key] = true
		var value json.RawMessage
		if err := d.Decode(&value); err != nil {
			return "", false
		}
	}
	return "", false
}
