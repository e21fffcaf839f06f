package gogen

import (
	"fmt"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

func recv() *Statement { return Params(Id("e").Op("*").Id("Error")) }

// view is e's view for the runtime.
func view() *Statement { return Id("e").Dot("ErrspecView").Call() }

// genError writes the Error type, its methods, Params, Parse and newError.
// errorDoc is the doc comment of the Error method: what the catalog's
// error text writes, and that a code's own may write otherwise.
func errorDoc(cat *model.Catalog) string {
	what := "the code and the message"
	if src := cat.ErrorText.Source; src != "" {
		what = "the catalog's error text, " + oneLine(src)
	}
	for _, c := range cat.Codes {
		if c.ErrorText.Source != "" {
			what += ", or a code's own error text where it has one"
			break
		}
	}
	return "Error returns " + what + ", and the cause's text when there is a cause. A nil *Error, returned by mistake as a non-nil error, reads \"<nil>\", as fmt prints it, so that no server that sends its text fails on it."
}

// shareNote says that the setters change the error they are called on.
const shareNote = " It changes e itself: an error that goroutines share, such as a package-level variable, changed by one of them would race with the others and carry its change into their errors; build an error for each occurrence with its constructor instead."

func genError(cat *model.Catalog) Code {
	e := func(name string) *Statement { return Id("e").Dot(name) }
	with := func(name, field, arg string, typ *Statement, text string) Code {
		return Add(
			Line(), Line(), doc(text+shareNote+" On a nil *Error it sets nothing and returns nil, as a nil *Error's other methods do not fail."),
			Line(), Func().Add(recv()).Id(name).Params(Id(arg).Add(typ)).Op("*").Id("Error").Block(
				If(Id("e").Op("==").Nil()).Block(Return(Nil())),
				e(field).Op("=").Id(arg), Return(Id("e"))),
		)
	}
	return Add(
		doc(fmt.Sprintf("Error is an error of the %s catalog. Build one with the constructor of its code (New...), return it as an error, match it with errors.Is against a Code or a Category, and send it with encoding/json: it marshals to the catalog's wire format, and Parse reads that back. A constructor takes the code's required params in order and its optional params, if it has any, in an options struct; when given several, the last one wins.", cat.Name)),
		Line(), Type().Id("Error").Struct(
			doc("Code identifies the error.").Line().Id("Code").Id("Code"),
			doc("Message says what went wrong; the constructor fills it in from the code's message template.").Line().Id("Message").String(),
			doc("Detail gives context about this occurrence; the constructor fills it in from the code's detail template, if it has one.").Line().Id("Detail").String(),
			doc("Suggestion says how to fix the call; the constructor fills it in from the code's suggestion template.").Line().Id("Suggestion").String(),
			doc("Params holds the code's typed params: a *XParams for code X, nil for a code without params.").Line().Id("Params").Id("Params"),
			Line().Id("spec").Op("*").Qual(runtimePkg, "CodeSpec").Comment("the code's row of the table, as last looked up"),
			Id("status").Int().Comment("HTTP status set with WithHTTPStatus; 0 for the code's own"),
			Id("cause").Error(),
			Id("unknown").Op("*").Qual(runtimePkg, "Unknown").Comment("what Parse read of a code the catalog does not know"),
		),
		Line(), Line(), doc("Params holds the typed params of an error: a *XParams for a code X that has params, nil for a code without, and errspec.RawParams, the params as the wire gave them, for an error Parse read of a code the catalog does not know."),
		Line(), Type().Id("Params").Any(),
		Line(), Line(), doc("newError returns the error of the code in row i of the table, with params p and the last of the options opts, if any."),
		Line(), Func().Id("newError").Params(Id("i").Int(), Id("p").Id("Params"), Id("opts").Any()).Op("*").Id("Error").Block(
			Id("s").Op(":=").Op("&").Id("catalog").Dot("Specs").Call().Index(Id("i")),
			Id("e").Op(":=").Op("&").Id("Error").Values(Dict{Id("Code"): Id("Code").Parens(Id("s").Dot("Code")), Id("Params"): Id("p"), Id("spec"): Id("s")}),
			List(e("Message"), e("Detail"), e("Suggestion")).Op("=").Id("catalog").Dot("New").Call(Id("s"), Id("p"), Id("opts")),
			Return(Id("e")),
		),
		Line(), Line(), doc("ErrspecView returns e as errspec's runtime and adapters see it; a nil *Error as the zero View, whose texts read \"<nil>\" and which marshals to null."),
		Line(), Func().Add(recv()).Id("ErrspecView").Params().Qual(runtimePkg, "View").Block(
			If(Id("e").Op("==").Nil()).Block(Return(Qual(runtimePkg, "View").Values())),
			Return(Qual(runtimePkg, "View").Values(Dict{
				Id("Catalog"): Op("&").Id("catalog"), Id("Spec"): e("spec"), Id("Code"): String().Parens(e("Code")),
				Id("Message"): e("Message"), Id("Detail"): e("Detail"), Id("Suggestion"): e("Suggestion"),
				Id("Params"): e("Params"), Id("Status"): e("status"), Id("Cause"): e("cause"), Id("Unknown"): e("unknown"),
			})),
		),
		Line(), Line(), doc(errorDoc(cat)),
		Line(), Func().Add(recv()).Id("Error").Params().String().Block(Return(view().Dot("ErrorText").Call())),
		Line(), Line(), doc("Unwrap returns the cause attached with WithCause, or nil."),
		Line(), Func().Add(recv()).Id("Unwrap").Params().Error().Block(
			If(Id("e").Op("==").Nil()).Block(Return(Nil())),
			Return(e("cause")),
		),
		Line(), Line(), doc("WithCause attaches the error that caused e, for Unwrap and errors.Is; it is not part of the wire format. It returns e."+shareNote+" A cause that is e or wraps it is not attached: errors.Is, Error and Text would go round the circle forever; nor is a nil pointer, such as a nil *fs.PathError stored in an error, which is no cause and whose methods may panic. On a nil *Error it sets nothing and returns nil, as a nil *Error's other methods do not fail."),
		Line(), Func().Add(recv()).Id("WithCause").Params(Id("cause").Error()).Op("*").Id("Error").Block(
			If(Id("e").Op("==").Nil()).Block(Return(Nil())),
			If(Op("!").Qual(runtimePkg, "Leads").Call(Id("cause"), Id("e"))).Block(e("cause").Op("=").Id("cause")),
			Return(Id("e"))),
		with("WithDetail", "Detail", "detail", String(), "WithDetail sets context about this occurrence. It returns e."),
		with("WithHTTPStatus", "status", "status", Int(), "WithHTTPStatus sets the HTTP status of this occurrence, in place of the code's; a status that is not one of an error, 400 to 599, leaves the code's. It returns e."),
		Line(), Line(), doc("Is reports whether e matches target: a Code equal to e's code, a Category that is e's category or one it nests under, or an *Error of the same code. A nil *Error matches nothing."),
		Line(), Func().Add(recv()).Id("Is").Params(Id("target").Error()).Bool().Block(
			If(Id("e").Op("==").Nil()).Block(Return(False())),
			Switch(Id("t").Op(":=").Id("target").Assert(Type())).Block(
				Case(Id("Code")).Block(Return(e("Code").Op("==").Id("t"))),
				Case(Id("Category")).Block(
					For(Id("c").Op(":=").Id("e").Dot("Category").Call(), Id("c").Op("!=").Lit(""), Id("c").Op("=").Id("c").Dot("Parent").Call()).Block(
						If(Id("c").Op("==").Id("t")).Block(Return(True())),
					),
				),
				Case(Op("*").Id("Error")).Block(Return(Id("t").Op("!=").Nil().Op("&&").Add(e("Code")).Op("==").Id("t").Dot("Code"))),
			),
			Return(False()),
		),
		Line(), Line(), doc("Category returns the category of e's code; for a code the catalog does not know, the one the wire gave."),
		Line(), Func().Add(recv()).Id("Category").Params().Id("Category").Block(Return(Id("Category").Parens(view().Dot("Category").Call()))),
		Line(), Line(), doc("Retryable reports whether the same call may succeed if retried."),
		Line(), Func().Add(recv()).Id("Retryable").Params().Bool().Block(Return(view().Dot("Retryable").Call())),
		Line(), Line(), doc("Retry says what a client should do about e: its code's retry class; for a code the catalog does not know, the one the wire gave, else RetryAfterDelay for an error the wire says is retryable and RetryAfterFix for another."),
		Line(), Func().Add(recv()).Id("Retry").Params().Id("Retry").Block(Return(Id("Retry").Parens(view().Dot("Retry").Call()))),
		Line(), Line(), doc("RetryAfter returns how long to wait before a retry of e, 0 when not known: its code's; for a code the catalog does not know, the one the wire gave, else, for an error the wire says is retryable, that of its category when the catalog knows it."),
		Line(), Func().Add(recv()).Id("RetryAfter").Params().Qual("time", "Duration").Block(Return(view().Dot("RetryAfter").Call())),
		Line(), Line(), doc("HTTPStatus returns the HTTP status to serve e with, always one of an error (400 to 599): the one set with WithHTTPStatus, else the code's; for a code the catalog does not know, the one the wire gave, else its category's, else 500."),
		Line(), Func().Add(recv()).Id("HTTPStatus").Params().Int().Block(Return(view().Dot("HTTPStatus").Call())),
		Line(), Line(), doc("Text renders e for a person at a terminal: the code and message on the first line, then the detail, the suggestion, the alternatives, the cause and the docs URL, each on lines of their own, control characters escaped."),
		Line(), Func().Add(recv()).Id("Text").Params().String().Block(Return(view().Dot("Text").Call())),
		Line(), Line(), doc("LogValue returns e for log/slog: its code, category, whether a retry can help, its message, its detail, its wire params, sensitive ones redacted, and its cause; a nil *Error, \"<nil>\"."),
		Line(), Func().Add(recv()).Id("LogValue").Params().Qual(slogPkg, "Value").Block(Return(view().Dot("LogValue").Call())),
		Line(), Line(), doc("MarshalJSON writes e in the catalog's wire format. Its receiver is a value, as time.Time's is, so that an Error held by value (a field of a struct marshaled without its pointer, a map's value) marshals to the wire format that UnmarshalJSON reads, as an *Error does, and not to its Go fields. encoding/json writes a nil *Error as null, as AppendJSON does; called as a method of a nil *Error, MarshalJSON panics, as any method of a value does."),
		Line(), Func().Params(Id("e").Id("Error")).Id("MarshalJSON").Params().Params(Index().Byte(), Error()).Block(
			Return(view().Dot("MarshalJSON").Call()),
		),
		Line(), Line(), doc("AppendJSON appends e in the catalog's wire format to b, as MarshalJSON writes it. encoding/json checks and copies again what a MarshalJSON method returns: a server that writes the error itself saves that."),
		Line(), Func().Add(recv()).Id("AppendJSON").Params(Id("b").Index().Byte()).Params(Index().Byte(), Error()).Block(Return(view().Dot("AppendJSON").Call(Id("b")))),
		Line(), Line(), doc("UnmarshalJSON reads e from the catalog's wire format; see Parse. JSON null leaves e as it is, as encoding/json leaves a value that it decodes null into. A nil *Error has nowhere to put the error: it gets an error, as json.RawMessage's UnmarshalJSON gives one."),
		Line(), Func().Add(recv()).Id("UnmarshalJSON").Params(Id("data").Index().Byte()).Error().Block(
			If(Id("e").Op("==").Nil()).Block(Return(Qual("errors", "New").Call(Lit(cat.Name+": UnmarshalJSON on a nil *Error")))),
			If(String().Parens(Id("data")).Op("==").Lit("null")).Block(Return(Nil())),
			List(Id("p"), Err()).Op(":=").Id("Parse").Call(Id("data")),
			If(Err().Op("!=").Nil()).Block(Return(Err())),
			Op("*").Id("e").Op("=").Op("*").Id("p"),
			Return(Nil()),
		),
		Line(), Line(), doc("Parse reads an error in the catalog's wire format, with its typed params. It accepts exactly what the catalog's forward-compatible JSON Schema accepts, but JSON objects that repeat a key: for a code the catalog declares, every member and param of its type, within the bounds its constructor applies, the required ones present and those that follow from the code as the catalog gives them, members it does not know ignored; for a code it does not declare (from a newer version of the catalog), an error with the code, the texts and values the wire gives at their places, and the params as errspec.RawParams. Texts the wire does not carry, or carries empty, are filled in from the code's templates."),
		Line(), Func().Id("Parse").Params(Id("data").Index().Byte()).Params(Op("*").Id("Error"), Error()).Block(
			List(Id("v"), Err()).Op(":=").Id("catalog").Dot("Parse").Call(Id("data")),
			If(Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
			Id("e").Op(":=").New(Id("Error")),
			Id("e").Dot("ErrspecSetView").Call(Id("v")),
			Return(Id("e"), Nil()),
		),
		Line(), Line(), doc("ErrspecSetView sets e to v, an error of e's catalog as errspec's runtime reads it (Parse, ParseParams, ParseParamStrings): the adapters that read an error off another protocol build one with it, with what that protocol carries. On a nil *Error it sets nothing."),
		Line(), Func().Add(recv()).Id("ErrspecSetView").Params(Id("v").Qual(runtimePkg, "View")).Block(
			If(Id("e").Op("==").Nil()).Block(Return()),
			Op("*").Id("e").Op("=").Id("Error").Values(Dict{
				Id("Code"): Id("Code").Parens(Id("v").Dot("Code")), Id("Message"): Id("v").Dot("Message"), Id("Detail"): Id("v").Dot("Detail"),
				Id("Suggestion"): Id("v").Dot("Suggestion"), Id("Params"): Id("v").Dot("Params"),
				Id("spec"): Id("v").Dot("Spec"), Id("status"): Id("v").Dot("Status"), Id("cause"): Id("v").Dot("Cause"), Id("unknown"): Id("v").Dot("Unknown"),
			}),
		),
		Line(),
	)
}
