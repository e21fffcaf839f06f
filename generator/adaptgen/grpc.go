package adaptgen

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/model"
)

// RenderGRPC returns the gRPC adapter of the catalog, the file GRPCFile of
// package cat.Outputs.GRPC.Package; importPath is the import path of the
// catalog's Go package.
func RenderGRPC(cat *model.Catalog, notice, importPath string) ([]byte, error) {
	o, pkg := cat.Outputs.GRPC, cat.Outputs.GoPackage
	first := fmt.Sprintf("Package %s serves the errors of package %s (%s) over gRPC, %s: Status turns an *%s.Error, wrapped or not, into a status, the interceptors do it for every error a service method returns, and FromError and FromStatus read a status back into an *%s.Error.", o.Package, pkg, importPath, grpcPkg, pkg, pkg)
	if c := cat.Roles[model.RoleInternal]; c != nil {
		first += fmt.Sprintf(" A method's panic, which would end the server, gives an error of code %s.", c.Name)
	}
	return renderImporting(pkg, func(name string) *File {
		f := newFile(o.Package, notice,
			first,
			"A status carries the code's gRPC code (see Code), the error's message, and details, each marshaled deterministically, so that an error gives the same bytes every time: an ErrorInfo whose reason is the error's code, whose domain is Domain and whose metadata are the params the wire carries, as strings (lists, maps, objects and numbers as JSON, sensitive params redacted), and the code's category, retry class and title under errspec-category, errspec-retry and errspec-title, for a client of an older version of the catalog that does not know the code, with the suggestion under errspec-suggestion when the code has no docs URL; a RetryInfo when a retry after a delay can help; a Help link to the code's docs, described by the suggestion, or by the code's title when the error has none; a BadRequest with a field violation per argument that an error of bad arguments names; and a DebugInfo with the error's detail, when it has one. Every text is valid UTF-8, as protobuf requires: a byte a param made invalid is U+FFFD, as on the wire.",
			fmt.Sprintf("The adapter is a package apart from package %s so that only a program that uses gRPC needs gRPC in its go.mod: %s at %s or later, and %s at %s or later, whose field violations have a reason.", pkg, grpcPkg, oldestGRPC, path.Dir(detailsPkg), oldestGenproto),
		)
		importCore(f, importPath, name)
		for _, p := range [][2]string{{grpcPkg, "grpc"}, {codesPkg, "codes"}, {metadataPkg, "metadata"}, {statusPkg, "status"}, {detailsPkg, "errdetails"}, {durationPkg, "durationpb"}, {anyPkg, "anypb"}, {protoPkg, "proto"}} {
			f.ImportName(p[0], p[1])
		}
		f.ImportAlias(rpcStatusPkg, "spb")
		f.Add(
			doc("Domain is the ErrorInfo domain of the catalog's errors: FromStatus reads only an ErrorInfo of this domain."),
			Line(), Const().Id("Domain").Op("=").Lit(o.Domain),
			Line(),
		)
		f.Add(genCode(cat, importPath))
		f.Add(genStatus(cat, importPath))
		f.Add(genInterceptors(cat, importPath))
		violations := genFieldViolations(cat, importPath)
		if violations != nil {
			f.Add(violations)
		}
		f.Add(genFromStatus(importPath))
		return f
	})
}

// grpcIdents are the names of the gRPC codes in package codes.
var grpcIdents = map[model.GRPCCode]string{
	"CANCELLED": "Canceled", "UNKNOWN": "Unknown", "INVALID_ARGUMENT": "InvalidArgument", "DEADLINE_EXCEEDED": "DeadlineExceeded",
	"NOT_FOUND": "NotFound", "ALREADY_EXISTS": "AlreadyExists", "PERMISSION_DENIED": "PermissionDenied",
	"RESOURCE_EXHAUSTED": "ResourceExhausted", "FAILED_PRECONDITION": "FailedPrecondition", "ABORTED": "Aborted",
	"OUT_OF_RANGE": "OutOfRange", "UNIMPLEMENTED": "Unimplemented", "INTERNAL": "Internal", "UNAVAILABLE": "Unavailable",
	"DATA_LOSS": "DataLoss", "UNAUTHENTICATED": "Unauthenticated",
}

// grpcCode is a gRPC code in package codes.
func grpcCode(c model.GRPCCode) *Statement { return Qual(codesPkg, grpcIdents[c]) }

// codeValue is the constant of a code in the catalog's package, or, for a
// code the catalog deprecates, its value: the adapter serves deprecated
// codes too, and no tool that flags the use of a deprecated identifier
// (staticcheck, gopls) may flag generated code, which its user cannot
// change.
func codeValue(c *model.Code, importPath string) *Statement {
	if c.Deprecated != nil {
		return Qual(importPath, "Code").Call(Lit(c.Name))
	}
	return Qual(importPath, c.GoName)
}

// genCode writes Code: the catalog's codes that set a gRPC code of their
// own (or their category's), then the table of HTTP statuses.
func genCode(cat *model.Catalog, importPath string) Code {
	var order []model.GRPCCode
	byGRPC := map[model.GRPCCode][]Code{}
	var said []string
	for _, c := range cat.Codes {
		if c.GRPCFromHTTP {
			continue
		}
		if _, ok := byGRPC[c.GRPC]; !ok {
			order = append(order, c.GRPC)
		}
		byGRPC[c.GRPC] = append(byGRPC[c.GRPC], codeValue(c, importPath))
		said = append(said, c.Name+" "+string(c.GRPC))
	}
	var own []Code
	for _, g := range order {
		own = append(own, Case(byGRPC[g]...).Return(grpcCode(g)))
	}
	var statusOrder []model.GRPCCode
	byStatus := map[model.GRPCCode][]Code{}
	var table []string
	for _, s := range model.GRPCStatuses() {
		g := model.GRPCCodeFor(s)
		if _, ok := byStatus[g]; !ok {
			statusOrder = append(statusOrder, g)
		}
		byStatus[g] = append(byStatus[g], Lit(s))
		table = append(table, strconv.Itoa(s)+" "+string(g))
	}
	var cases []Code
	for _, g := range statusOrder {
		cases = append(cases, Case(byStatus[g]...).Return(grpcCode(g)))
	}
	text := "Code returns the gRPC code of e: "
	if len(said) > 0 {
		text += "for " + strings.Join(said, ", ") + "; for the other codes, "
	}
	text += "the one its HTTP status (the occurrence's, if set, else the code's) maps to: " + strings.Join(table, ", ") + ", any other 4xx FAILED_PRECONDITION, anything else INTERNAL."
	return Add(
		doc(text),
		Line(), Func().Id("Code").Params(Id("e").Add(errorType(importPath))).Qual(codesPkg, "Code").BlockFunc(func(g *Group) {
			if len(own) > 0 {
				g.Switch(Id("e").Dot("Code")).Block(own...)
			}
			g.Id("s").Op(":=").Id("e").Dot("HTTPStatus").Call()
			g.Switch(Id("s")).Block(cases...)
			g.If(Id("s").Op(">=").Lit(400).Op("&&").Id("s").Op("<").Lit(500)).Block(Return(grpcCode("FAILED_PRECONDITION")))
			g.Return(grpcCode("INTERNAL"))
		}),
		Line(),
	)
}

// genStatus writes Status.
func genStatus(cat *model.Catalog, importPath string) Code {
	detail := func(name string, fields Dict) *Statement {
		return Id("details").Op("=").Append(Id("details"), Op("&").Qual(detailsPkg, name).Values(fields))
	}
	body := []Code{
		List(Id("e"), Id("ok")).Op(":=").Add(firstOf(importPath, Err())),
		If(Op("!").Id("ok")).Block(Return(Nil(), False())),
		Id("v").Op(":=").Id("e").Dot("ErrspecView").Call(),
		Id("details").Op(":=").Index().Qual(protoPkg, "Message").Values(Op("&").Qual(detailsPkg, "ErrorInfo").Values(Dict{
			Id("Reason"): String().Parens(Id("e").Dot("Code")), Id("Domain"): Id("Domain"), Id("Metadata"): Id("v").Dot("Metadata").Call(),
		})),
		If(Id("d").Op(":=").Id("v").Dot("RetryAfter").Call(), Id("v").Dot("Retryable").Call().Op("&&").Id("d").Op(">").Lit(0)).Block(
			detail("RetryInfo", Dict{Id("RetryDelay"): Qual(durationPkg, "New").Call(Id("d"))}),
		),
		If(Id("u").Op(":=").Id("v").Dot("DocsURL").Call(), Id("u").Op("!=").Lit("")).Block(
			Id("description").Op(":=").Id("e").Dot("Suggestion"),
			If(Id("description").Op("==").Lit("")).Block(Id("description").Op("=").Id("v").Dot("Title").Call()),
			detail("Help", Dict{Id("Links"): Index().Op("*").Qual(detailsPkg, "Help_Link").Values(Values(Dict{Id("Description"): validUTF8(Id("description")), Id("Url"): Id("u")}))}),
		),
	}
	if hasFieldViolations(cat) {
		body = append(body, If(Id("fv").Op(":=").Id("fieldViolations").Call(Id("e")), Len(Id("fv")).Op(">").Lit(0)).Block(
			detail("BadRequest", Dict{Id("FieldViolations"): Id("fv")}),
		))
	}
	body = append(body,
		If(Id("e").Dot("Detail").Op("!=").Lit("")).Block(detail("DebugInfo", Dict{Id("Detail"): validUTF8(Id("e").Dot("Detail"))})),
		Id("p").Op(":=").Op("&").Qual(rpcStatusPkg, "Status").Values(Dict{
			Id("Code"): Int32().Parens(Id("Code").Call(Id("e"))), Id("Message"): validUTF8(Id("e").Dot("Message")),
			Id("Details"): Make(Index().Op("*").Qual(anyPkg, "Any"), Lit(0), Len(Id("details"))),
		}),
		For(List(Id("_"), Id("d")).Op(":=").Range().Id("details")).Block(
			Id("a").Op(":=").New(Qual(anyPkg, "Any")),
			If(Qual(anyPkg, "MarshalFrom").Call(Id("a"), Id("d"), Qual(protoPkg, "MarshalOptions").Values(Dict{Id("Deterministic"): True()})).Op("==").Nil()).Block(
				Id("p").Dot("Details").Op("=").Append(Id("p").Dot("Details"), Id("a")),
			),
		),
		Return(Qual(statusPkg, "FromProto").Call(Id("p")), True()),
	)
	return Add(
		doc("Status returns the status of the *"+cat.Outputs.GoPackage+".Error in err's chain, as the package doc says, and true; nil and false when err holds none, or when the first error of a catalog in the chain is another catalog's, which wraps it: the interceptors of that catalog serve it."),
		Line(), Func().Id("Status").Params(Err().Error()).Params(Op("*").Qual(statusPkg, "Status"), Bool()).Block(body...),
		Line(),
	)
}

// genInterceptors writes the server interceptors and, when a code plays
// the internal role, recovered, with which they turn a method's panic
// into an error.
func genInterceptors(cat *model.Catalog, importPath string) Code {
	const sent = " as served gives it"
	unary := "UnaryServerInterceptor returns the error of a unary method" + sent + "; any other error as it is."
	stream := "StreamServerInterceptor returns the error of a streaming method" + sent + "; any other error as it is."
	recoverUnary, recoverStream, recovered := Null(), Null(), Null()
	if c := cat.Roles[model.RoleInternal]; c != nil {
		said := " A panic of the method, which would end the server, gives an error of code " + c.Name + ", as recovered says."
		unary += said
		stream += said
		// recoverIn defers the recovery of a panic, assigning the results
		// from the status of the panic's error, called rec.
		recoverIn := func(assign func(rec *Statement) *Statement, ctx *Statement) *Statement {
			return Defer().Func().Params().Block(
				If(Id("v").Op(":=").Recover(), Id("v").Op("!=").Nil()).Block(
					assign(Id("recovered").Call(ctx, Id("info").Dot("FullMethod"), Id("v"))),
				),
			).Call()
		}
		recoverUnary = recoverIn(func(rec *Statement) *Statement { return List(Id("resp"), Err()).Op("=").List(Nil(), rec) }, Id("ctx"))
		recoverStream = recoverIn(func(rec *Statement) *Statement { return Err().Op("=").Add(rec) }, Id("ss").Dot("Context").Call())
		recovered = Add(
			Line(), doc("recovered returns the status error of a method whose handler panicked with v: the error panicked gives for the method's full name, as served gives it."),
			Line(), Func().Id("recovered").Params(Id("ctx").Qual(contextPkg, "Context"), Id("method").String(), Id("v").Any()).Error().Block(
				Return(Id("served").Call(Id("ctx"), Id("panicked").Call(Id("ctx"), Id("method"), Id("v")))),
			),
			Line(),
			Line(), genPanicked(cat, importPath, "a gRPC method", "the method's full name (/package.Service/Method)", "method"),
		)
	}
	return Add(
		doc(unary+" Install it first in the chain, grpc.ChainUnaryInterceptor(UnaryServerInterceptor, ...): the errors an interceptor chained before it returns (an authorization check's) never pass through it, and reach the client as gRPC gives any other error, of code Unknown with their Error() text."),
		Line(), Func().Id("UnaryServerInterceptor").Params(
			Id("ctx").Qual(contextPkg, "Context"), Id("req").Any(), Id("info").Op("*").Qual(grpcPkg, "UnaryServerInfo"), Id("handler").Qual(grpcPkg, "UnaryHandler"),
		).Params(Id("resp").Any(), Err().Error()).Block(
			recoverUnary,
			List(Id("resp"), Err()).Op("=").Id("handler").Call(Id("ctx"), Id("req")),
			Return(Id("resp"), Id("served").Call(Id("ctx"), Err())),
		),
		Line(),
		Line(), doc(stream+" Install it first in the chain, grpc.ChainStreamInterceptor(StreamServerInterceptor, ...): the errors an interceptor chained before it returns (an authorization check's) never pass through it, and reach the client as gRPC gives any other error, of code Unknown with their Error() text."),
		Line(), Func().Id("StreamServerInterceptor").Params(
			Id("srv").Any(), Id("ss").Qual(grpcPkg, "ServerStream"), Id("info").Op("*").Qual(grpcPkg, "StreamServerInfo"), Id("handler").Qual(grpcPkg, "StreamHandler"),
		).Params(Err().Error()).Block(
			recoverStream,
			Err().Op("=").Id("handler").Call(Id("srv"), Id("ss")),
			Return(Id("served").Call(Id("ss").Dot("Context").Call(), Err())),
		),
		Line(),
		Line(), doc("served returns the error of a method of the call of ctx as the client is to receive it: err as Status gives it, and, when the catalog says that a retry of the same call cannot help, with "+pushback+" -1 in the call's trailer, which tells a client's retry policy (the retryPolicy of a service config) not to retry it, where it would retry it as any error of a gRPC code it lists; any other error as it is."),
		Line(), Func().Id("served").Params(Id("ctx").Qual(contextPkg, "Context"), Err().Error()).Error().Block(
			List(Id("st"), Id("ok")).Op(":=").Id("Status").Call(Err()),
			If(Op("!").Id("ok")).Block(Return(Err())),
			If(List(Id("e"), Id("_")).Op(":=").Add(firstOf(importPath, Err())), Op("!").Id("e").Dot("Retryable").Call()).Block(
				Qual(grpcPkg, "SetTrailer").Call(Id("ctx"), Qual(metadataPkg, "Pairs").Call(Lit(pushback), Lit("-1"))),
			),
			Return(Id("st").Dot("Err").Call()),
		),
		Line(),
		recovered,
	)
}

// pushback is the trailer in which a server tells a client's retry
// policy how long to wait before the next attempt, or, negative, not to
// retry (gRPC's retry design, A6).
const pushback = "grpc-retry-pushback-ms"

// fieldParam is a param that names arguments of a call.
type fieldParam struct {
	param *model.Param
	kind  int // fieldOne, fieldList or fieldObjects
}

const (
	fieldOne     = iota // a string param named field
	fieldList           // a list of strings named fields or *_fields
	fieldObjects        // a list of objects with a string field named field
)

// fieldParams returns the params of a code that name arguments of a call,
// for a BadRequest: none unless the code's gRPC code is INVALID_ARGUMENT or OUT_OF_RANGE;
// then the wire params, not sensitive, that are a string named field, a list of strings
// named fields or ending in _fields, or a list of objects with a string
// field named field.
func fieldParams(c *model.Code) []fieldParam {
	if c.GRPC != "INVALID_ARGUMENT" && c.GRPC != "OUT_OF_RANGE" {
		return nil
	}
	var out []fieldParam
	for _, p := range c.WireParams() {
		t := p.Type
		switch {
		case p.Sensitive: // its value never leaves the server
		case t.Kind == model.String && p.Name == "field":
			out = append(out, fieldParam{p, fieldOne})
		case t.Kind == model.List && t.Elem.Kind == model.String && (p.Name == "fields" || strings.HasSuffix(p.Name, "_fields")):
			out = append(out, fieldParam{p, fieldList})
		case t.Kind == model.List && t.Elem.Kind == model.Object && slices.ContainsFunc(t.Elem.Fields, func(f *model.Param) bool {
			return f.Name == "field" && f.Type.Kind == model.String
		}):
			out = append(out, fieldParam{p, fieldObjects})
		}
	}
	return out
}

// hasFieldViolations reports whether a code of the catalog names
// arguments.
func hasFieldViolations(cat *model.Catalog) bool {
	return slices.ContainsFunc(cat.Codes, func(c *model.Code) bool { return len(fieldParams(c)) > 0 })
}

// genFieldViolations writes fieldViolations, or returns nil when no code
// names arguments.
func genFieldViolations(cat *model.Catalog, importPath string) Code {
	var cases []Code
	var said []string
	for _, c := range cat.Codes {
		fps := fieldParams(c)
		if len(fps) == 0 {
			continue
		}
		var add []Code
		var names []string
		for _, fp := range fps {
			v := Id("p").Dot(fp.param.GoName)
			switch fp.kind {
			case fieldOne:
				add = append(add, Id("fields").Op("=").Append(Id("fields"), v))
			case fieldList:
				add = append(add, Id("fields").Op("=").Append(Id("fields"), v.Op("...")))
			case fieldObjects:
				field := fp.param.Type.Elem.Fields[slices.IndexFunc(fp.param.Type.Elem.Fields, func(f *model.Param) bool { return f.Name == "field" })]
				add = append(add, For(List(Id("_"), Id("x")).Op(":=").Range().Add(v)).Block(Id("fields").Op("=").Append(Id("fields"), Id("x").Dot(field.GoName))))
			}
			names = append(names, fp.param.Name)
		}
		cases = append(cases, Case(Op("*").Qual(importPath, c.ParamsType)).Block(add...))
		said = append(said, c.Name+" ("+strings.Join(names, ", ")+")")
	}
	if len(cases) == 0 {
		return nil
	}
	return Add(
		doc("fieldViolations returns a field violation for each argument that an error of bad arguments names, its description the error's message, its reason the code: "+strings.Join(said, ", ")+"."),
		Line(), Func().Id("fieldViolations").Params(Id("e").Add(errorType(importPath))).Index().Op("*").Qual(detailsPkg, "BadRequest_FieldViolation").Block(
			Var().Id("fields").Index().String(),
			Switch(Id("p").Op(":=").Id("e").Dot("Params").Assert(Type())).Block(cases...),
			Id("out").Op(":=").Make(Index().Op("*").Qual(detailsPkg, "BadRequest_FieldViolation"), Lit(0), Len(Id("fields"))),
			For(List(Id("_"), Id("f")).Op(":=").Range().Id("fields")).Block(
				If(Id("f").Op("!=").Lit("")).Block(
					Id("out").Op("=").Append(Id("out"), Op("&").Qual(detailsPkg, "BadRequest_FieldViolation").Values(Dict{
						Id("Field"): validUTF8(Id("f")), Id("Description"): validUTF8(Id("e").Dot("Message")), Id("Reason"): String().Parens(Id("e").Dot("Code")),
					})),
				),
			),
			Return(Id("out")),
		),
		Line(),
	)
}

// genFromStatus writes FromError and FromStatus, and the catalog they read
// with.
func genFromStatus(importPath string) Code {
	return Add(
		doc("catalog is the catalog of the errors, for reading them back."),
		Line(), Var().Id("catalog").Op("=").Qual(runtimePkg, "CatalogOf").Call(New(Qual(importPath, "Error"))),
		Line(),
		Line(), doc("FromError reads the status of err, as a client receives it, wrapped or not, back into the error it was made from; see FromStatus. The message is the status's own, where status.FromError would give a wrapped status the text of the whole chain."),
		Line(), Func().Id("FromError").Params(Err().Error()).Params(errorType(importPath), Bool()).Block(
			Var().Id("se").Interface(Id("GRPCStatus").Params().Op("*").Qual(statusPkg, "Status")),
			If(Op("!").Qual(errorsPkg, "As").Call(Err(), Op("&").Id("se"))).Block(Return(Nil(), False())),
			Id("st").Op(":=").Id("se").Dot("GRPCStatus").Call(),
			If(Id("st").Op("==").Nil()).Block(Return(Nil(), False())),
			Return(Id("FromStatus").Call(Id("st"))),
		),
		Line(),
		Line(), doc("FromStatus reads a status that Status made back into the error: its code and params from the ErrorInfo of Domain, its message from the status's, its suggestion from the Help link (but for the code's title, this version's or the one the status carries, which describes the link of an error without one), or from errspec-suggestion for a code without a docs URL and its detail from the DebugInfo; what the status does not carry (the HTTP status of the occurrence, params the wire does not carry) is the code's own or empty, as a Parse of the wire JSON gives it. A code the catalog does not know, from a newer version of it, gives an error of that code, as Parse gives one, with what the status carries of it: its params as strings, its category, retry class and title, its message, suggestion, docs URL and detail, and how long to wait before a retry (in whole seconds, rounded up; a RetryInfo of no time or of more than errspec.MaxRetryAfter seconds says none). It reports false for a status without an ErrorInfo of Domain, or whose params do not parse."),
		Line(), Func().Id("FromStatus").Params(Id("st").Op("*").Qual(statusPkg, "Status")).Params(errorType(importPath), Bool()).Block(
			Var().Defs(
				Id("info").Op("*").Qual(detailsPkg, "ErrorInfo"),
				Id("help").Op("*").Qual(detailsPkg, "Help"),
				Id("debug").Op("*").Qual(detailsPkg, "DebugInfo"),
				Id("retry").Op("*").Qual(detailsPkg, "RetryInfo"),
			),
			For(List(Id("_"), Id("d")).Op(":=").Range().Id("st").Dot("Details").Call()).Block(
				Switch(Id("d").Op(":=").Id("d").Assert(Type())).Block(
					Case(Op("*").Qual(detailsPkg, "ErrorInfo")).Block(If(Id("d").Dot("GetDomain").Call().Op("==").Id("Domain").Op("&&").Id("info").Op("==").Nil()).Block(Id("info").Op("=").Id("d"))),
					Case(Op("*").Qual(detailsPkg, "Help")).Block(Id("help").Op("=").Id("d")),
					Case(Op("*").Qual(detailsPkg, "DebugInfo")).Block(Id("debug").Op("=").Id("d")),
					Case(Op("*").Qual(detailsPkg, "RetryInfo")).Block(Id("retry").Op("=").Id("d")),
				),
			),
			If(Id("info").Op("==").Nil()).Block(Return(Nil(), False())),
			List(Id("v"), Err()).Op(":=").Id("catalog").Dot("ParseMetadata").Call(Id("info").Dot("GetReason").Call(), Id("info").Dot("GetMetadata").Call()),
			If(Err().Op("!=").Nil()).Block(Return(Nil(), False())),
			If(Id("m").Op(":=").Id("st").Dot("Message").Call(), Id("m").Op("!=").Lit("")).Block(Id("v").Dot("Message").Op("=").Id("m")),
			If(Id("links").Op(":=").Id("help").Dot("GetLinks").Call(), Len(Id("links")).Op(">").Lit(0)).Block(
				If(Id("d").Op(":=").Id("links").Index(Lit(0)).Dot("GetDescription").Call(), Id("d").Op("!=").Lit("").Op("&&").Id("d").Op("!=").Id("v").Dot("Title").Call().Op("&&").Id("d").Op("!=").Id("info").Dot("GetMetadata").Call().Index(Qual(runtimePkg, "MetadataTitle"))).Block(Id("v").Dot("Suggestion").Op("=").Id("d")),
				If(Id("v").Dot("Unknown").Op("!=").Nil()).Block(Id("v").Dot("Unknown").Dot("DocsURL").Op("=").Id("links").Index(Lit(0)).Dot("GetUrl").Call()),
			),
			Id("v").Dot("Detail").Op("=").Id("debug").Dot("GetDetail").Call(),
			If(Id("v").Dot("Unknown").Op("!=").Nil().Op("&&").Id("retry").Op("!=").Nil()).Block(
				Id("v").Dot("Unknown").Dot("Retryable").Op("=").True(),
				If(Id("d").Op(":=").Id("retry").Dot("GetRetryDelay").Call().Dot("AsDuration").Call(), Id("d").Op(">").Lit(0).Op("&&").Id("d").Op("<=").Qual(runtimePkg, "MaxRetryAfter").Op("*").Qual("time", "Second")).Block(
					Comment("Whole seconds, rounded up, as many as a retry-after can be."),
					Id("v").Dot("Unknown").Dot("RetryAfter").Op("=").Int().Parens(Parens(Id("d").Op("+").Qual("time", "Second").Op("-").Lit(1)).Op("/").Qual("time", "Second")),
				),
			),
			Id("e").Op(":=").New(Qual(importPath, "Error")),
			Id("e").Dot("ErrspecSetView").Call(Id("v")),
			Return(Id("e"), True()),
		),
		Line(),
	)
}

// validUTF8 is a text of the error as a protobuf string must be: valid
// UTF-8, which a param of raw bytes may have made it not be, with each
// invalid byte U+FFFD as on the wire. Without it the detail, and the
// status with all its details, would fail to marshal and be dropped.
func validUTF8(s *Statement) *Statement { return Qual(runtimePkg, "ValidUTF8").Call(s) }
