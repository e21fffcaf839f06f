package adaptgen

import (
	"fmt"

	. "github.com/dave/jennifer/jen"

	"github.com/errspec/errspec/generator/gogen"
	"github.com/errspec/errspec/generator/model"
)

// argumentsPrefix starts the text of the error that the MCP SDK's typed
// tool handlers give arguments that do not match the tool's input schema;
// the rest of the text is the validator's.
const argumentsPrefix = `validating "arguments": `

// RenderMCP returns the MCP adapter of the catalog, the file MCPFile of
// package cat.Outputs.MCP.Package; importPath is the import path of the
// catalog's Go package.
func RenderMCP(cat *model.Catalog, notice, importPath string) ([]byte, error) {
	return renderImporting(cat.Outputs.GoPackage, func(name string) *File {
		f := newFile(cat.Outputs.MCP.Package, notice, mcpDoc(cat, importPath)...)
		importCore(f, importPath, name)
		f.ImportName(mcpPkg, "mcp")
		f.ImportName(jsonrpcPkg, "jsonrpc")
		f.Add(genInstall())
		f.Add(genMiddleware(cat, importPath))
		f.Add(genFill(cat, importPath))
		f.Add(genRecovered(cat, importPath))
		f.Add(genFromResult(cat, importPath))
		return f
	})
}

// mcpDoc is the package doc of the MCP adapter.
func mcpDoc(cat *model.Catalog, importPath string) []string {
	o, pkg := cat.Outputs.MCP, cat.Outputs.GoPackage
	var carries string
	switch o.Text {
	case model.MCPTextMessage:
		carries = "whose text content is the error's message"
	case model.MCPTextTerminal:
		carries = "whose text content is the error rendered for a terminal (its Text method), but for its cause, which stays on the server as it stays off the wire"
	default:
		carries = "whose text content is the error's wire JSON"
	}
	if o.StructuredContent {
		carries += ", and whose structured content is the wire JSON, but for a tool that declares an output schema (a typed tool's output type), whose error results a client may check against that schema and reject (the TypeScript SDK's client does)"
	}
	first := fmt.Sprintf("Package %s serves the errors of package %s (%s) to MCP clients through the official MCP Go SDK, %s: Install adds a middleware to a server that turns the error a tool handler returns, an *%s.Error wrapped or not, into a tool result with isError set, %s.", o.Package, pkg, importPath, mcpPkg, pkg, carries)
	if c := cat.Roles[model.RoleInvalidArguments]; c != nil {
		first += fmt.Sprintf(" Arguments that the SDK rejects before a typed tool's handler runs, ones that do not match the tool's input schema or that its Go input type cannot hold (an integer beyond an int64), give an error of code %s (with the SDK at %s or later; an older one sends them as a protocol error, which the middleware leaves as it is).", c.Name, mcpArgumentsResults)
	}
	if c := cat.Roles[model.RoleInternal]; c != nil {
		first += fmt.Sprintf(" A handler's panic, which would end the server, gives an error of code %s: a tool's as an error result, a resource's or a prompt's as a JSON-RPC error whose data is the wire JSON.", c.Name)
	}
	first += " Any other error keeps the SDK's behaviour, an error of another catalog too, even one whose cause is an *" + pkg + ".Error: the adapter of that catalog, installed beside this one, serves it. FromResult reads an error result back in a client."
	return []string{first, fmt.Sprintf("The adapter is a package apart from package %s so that only a program that serves MCP needs the SDK in its go.mod, at %s or later.", pkg, oldestMCPSDK)}
}

// genInstall writes Install.
func genInstall() Code {
	return Add(
		doc("Install adds Middleware to the receiving middleware of s; call it once, before s serves. It covers every tool of s, typed (mcp.AddTool) or not (Server.AddTool), added before or after. The SDK runs the receiving middleware added last first: the errors that another receiving middleware returns for a tool call (an authorization check's) become error results only when Install comes after it."),
		Line(), Func().Id("Install").Params(Id("s").Op("*").Qual(mcpPkg, "Server")).Block(
			Id("s").Dot("AddReceivingMiddleware").Call(Id("Middleware")),
		),
		Line(),
	)
}

// genMiddleware writes Middleware.
func genMiddleware(cat *model.Catalog, importPath string) Code {
	callErr := Id("r").Dot("GetError").Call()
	// foreign handles an error result whose error is not the catalog's.
	foreign := []Code{Return(Id("res"), Nil())}
	text := "Middleware turns the errors of tool calls into error results: an *" + cat.Outputs.GoPackage + ".Error that a tool handler returns, wrapped or not, typed or low-level (whose errors the SDK would send as protocol errors), becomes a result with isError set and the content the package doc says."
	if c := cat.Roles[model.RoleInvalidArguments]; c != nil {
		text += " Arguments that the SDK rejects before a typed tool's handler runs give an error of code " + c.Name + ", whose cause is the SDK's: arguments that fail the tool's input schema, which the SDK reports with an error whose text starts with " + fmt.Sprintf("%q", argumentsPrefix) + ", and arguments that the handler's Go input type cannot hold, which it reports with the *json.UnmarshalTypeError of decoding them, for an argument of the call."
		values := map[string]*Statement{"tool": Id("name"), "reason": Id("reason")}
		foreign = []Code{
			List(Id("reason"), Id("ok")).Op(":=").Id("argumentsReason").Call(Id("req"), callErr.Clone()),
			If(Op("!").Id("ok")).Block(Return(Id("res"), Nil())),
			Id("name").Op(":=").Id("toolName").Call(Id("req")),
			deprecatedUse(model.RoleInvalidArguments, c),
			Id("e").Op("=").Add(gogen.RoleCall(c, values, importPath)).Dot("WithCause").Call(callErr.Clone()),
			If(Op("!").Id("fill").Call(Id("r"), Id("e"), Id("e"))).Block(Return(Id("res"), Nil())),
			Return(outputless(cat, Id("r")), Nil()),
		}
	}
	recover := Null()
	if c := cat.Roles[model.RoleInternal]; c != nil {
		text += " The panic of a method's handler, which would end the server, becomes an error of code " + c.Name + ", as recovered says."
		recover = Defer().Func().Params().Block(
			If(Id("v").Op(":=").Recover(), Id("v").Op("!=").Nil()).Block(
				List(Id("res"), Err()).Op("=").Id("recovered").Call(Id("ctx"), Id("method"), Id("req"), Id("v")),
				recoveredOutputless(cat),
			),
		).Call()
	}
	text += " Every other method, result and error passes as it is."
	out := Add(
		doc(text),
		Line(), Func().Id("Middleware").Params(Id("next").Qual(mcpPkg, "MethodHandler")).Qual(mcpPkg, "MethodHandler").Block(
			Return(Func().Params(Id("ctx").Qual(contextPkg, "Context"), Id("method").String(), Id("req").Qual(mcpPkg, "Request")).Params(Id("res").Qual(mcpPkg, "Result"), Err().Error()).Block(
				recover,
				List(Id("res"), Err()).Op("=").Id("next").Call(Id("ctx"), Id("method"), Id("req")),
				If(Id("method").Op("!=").Lit("tools/call")).Block(Return(Id("res"), Err())),
				If(Err().Op("!=").Nil()).Block(
					Comment("A low-level handler's error: the SDK sends it as a protocol error."),
					Id("r").Op(":=").Op("&").Qual(mcpPkg, "CallToolResult").Values(),
					If(List(Id("e"), Id("ok")).Op(":=").Add(firstOf(importPath, Err())), Op("!").Id("ok").Op("||").Op("!").Id("fill").Call(Id("r"), Id("e"), Err())).Block(Return(Id("res"), Err())),
					Return(outputless(cat, Id("r")), Nil()),
				),
				List(Id("r"), Id("ok")).Op(":=").Id("res").Assert(Op("*").Qual(mcpPkg, "CallToolResult")),
				If(Op("!").Id("ok").Op("||").Op("!").Id("r").Dot("IsError").Op("||").Add(callErr.Clone()).Op("==").Nil()).Block(Return(Id("res"), Nil())),
				List(Id("e"), Id("ok")).Op(":=").Add(firstOf(importPath, callErr.Clone())),
				If(Op("!").Id("ok")).Block(foreign...),
				Id("fill").Call(Id("r"), Id("e"), callErr.Clone()),
				Return(outputless(cat, Id("r")), Nil()),
			)),
		),
		Line(),
	)
	if cat.Outputs.MCP.StructuredContent {
		out.Line().Add(genWithoutOutput())
	}
	if cat.Roles[model.RoleInvalidArguments] != nil {
		out.Line().Add(
			doc("argumentsPrefix starts the text of the error of arguments that do not match a tool's input schema, as the SDK's typed handlers write it."),
			Line(), Const().Id("argumentsPrefix").Op("=").Lit(argumentsPrefix),
			Line(),
		).Line().Add(genArgumentsReason())
	}
	if cat.Roles[model.RoleInvalidArguments] != nil || cat.Roles[model.RoleInternal] != nil {
		out.Line().Add(
			doc("toolName returns the name of the tool that req calls, or \"\"."),
			Line(), Func().Id("toolName").Params(Id("req").Qual(mcpPkg, "Request")).String().Block(
				If(List(Id("call"), Id("ok")).Op(":=").Id("req").Assert(Op("*").Qual(mcpPkg, "CallToolRequest")), Id("ok").Op("&&").Id("call").Dot("Params").Op("!=").Nil()).Block(
					Return(Id("call").Dot("Params").Dot("Name")),
				),
				Return(Lit("")),
			),
			Line(),
		)
	}
	return out
}

// outputless is r, or with structured content in the error results, the
// call that leaves it out of r where the tool declares an output schema.
func outputless(cat *model.Catalog, r *Statement) Code {
	if !cat.Outputs.MCP.StructuredContent {
		return r
	}
	return Id("withoutOutput").Call(Id("ctx"), Id("next"), Id("req"), r)
}

// recoveredOutputless does for the error result of a tool's panic what
// outputless does for the others.
func recoveredOutputless(cat *model.Catalog) Code {
	if !cat.Outputs.MCP.StructuredContent {
		return Null()
	}
	return If(List(Id("r"), Id("ok")).Op(":=").Id("res").Assert(Op("*").Qual(mcpPkg, "CallToolResult")), Id("ok")).Block(
		Id("res").Op("=").Id("withoutOutput").Call(Id("ctx"), Id("next"), Id("req"), Id("r")),
	)
}

// genWithoutOutput writes withoutOutput and declaresOutput. A client
// that checks a tool's results against the output schema it listed, the
// TypeScript SDK's, checks an error result's structured content too and
// fails the call when it does not match, which the error never does: the
// agent gets the client's complaint instead of the error. The middleware
// learns whether the tool declares an output schema as the client does,
// from the session's tools/list, which it asks of the handlers it wraps.
func genWithoutOutput() Code {
	return Add(
		doc("withoutOutput returns r, the error result of the tool call req, without its structured content when the tool declares an output schema: a client that checks the structured content of a tool's results against the output schema it listed (the TypeScript SDK's) checks an error result's too, and fails the call, where the error's wire JSON, which no output schema describes, does not match. The text content still carries the error."),
		Line(), Func().Id("withoutOutput").Params(Id("ctx").Qual(contextPkg, "Context"), Id("next").Qual(mcpPkg, "MethodHandler"), Id("req").Qual(mcpPkg, "Request"), Id("r").Op("*").Qual(mcpPkg, "CallToolResult")).Op("*").Qual(mcpPkg, "CallToolResult").Block(
			If(Id("r").Dot("StructuredContent").Op("!=").Nil().Op("&&").Id("declaresOutput").Call(Id("ctx"), Id("next"), Id("req"))).Block(
				Id("r").Dot("StructuredContent").Op("=").Nil(),
			),
			Return(Id("r")),
		),
		Line(),
		Line(),
		doc("declaresOutput reports whether the tool that req calls declares an output schema in the tools that its session lists, as a client learns it; false when the list fails."),
		Line(), Func().Id("declaresOutput").Params(Id("ctx").Qual(contextPkg, "Context"), Id("next").Qual(mcpPkg, "MethodHandler"), Id("req").Qual(mcpPkg, "Request")).Params(Id("declares").Bool()).Block(
			List(Id("call"), Id("ok")).Op(":=").Id("req").Assert(Op("*").Qual(mcpPkg, "CallToolRequest")),
			If(Op("!").Id("ok").Op("||").Id("call").Dot("Params").Op("==").Nil()).Block(Return(False())),
			Defer().Func().Params().Block(
				Comment("A list that panics tells nothing; the call's error result is served all the same."),
				If(Recover().Op("!=").Nil()).Block(Id("declares").Op("=").False()),
			).Call(),
			Id("params").Op(":=").Op("&").Qual(mcpPkg, "ListToolsParams").Values(),
			Comment("Pages, as many as the list has, but never a cursor twice."),
			Id("seen").Op(":=").Map(String()).Bool().Values(),
			For().Block(
				List(Id("res"), Err()).Op(":=").Id("next").Call(Id("ctx"), Lit("tools/list"), Op("&").Qual(mcpPkg, "ListToolsRequest").Values(Dict{
					Id("Session"): Id("call").Dot("Session"),
					Id("Params"):  Id("params"),
					Id("Extra"):   Id("call").Dot("Extra"),
				})),
				List(Id("list"), Id("ok")).Op(":=").Id("res").Assert(Op("*").Qual(mcpPkg, "ListToolsResult")),
				If(Err().Op("!=").Nil().Op("||").Op("!").Id("ok").Op("||").Id("list").Op("==").Nil()).Block(Return(False())),
				For(List(Id("_"), Id("t")).Op(":=").Range().Id("list").Dot("Tools")).Block(
					If(Id("t").Op("!=").Nil().Op("&&").Id("t").Dot("Name").Op("==").Id("call").Dot("Params").Dot("Name")).Block(
						Return(Id("t").Dot("OutputSchema").Op("!=").Nil()),
					),
				),
				If(Id("list").Dot("NextCursor").Op("==").Lit("").Op("||").Id("seen").Index(Id("list").Dot("NextCursor"))).Block(Return(False())),
				Id("seen").Index(Id("list").Dot("NextCursor")).Op("=").True(),
				Id("params").Op("=").Op("&").Qual(mcpPkg, "ListToolsParams").Values(Dict{Id("Cursor"): Id("list").Dot("NextCursor")}),
			),
		),
		Line(),
	)
}

// genRecovered writes recovered, which makes what the client gets of a
// handler's panic, when a code plays the internal role: a tool call's
// error result, or another method's JSON-RPC error (the SDK sends a
// method's error with its text as the message and code 0, which says
// nothing; -32603 is JSON-RPC's internal error, and the data the wire
// JSON a client can parse).
func genRecovered(cat *model.Catalog, importPath string) Code {
	c := cat.Roles[model.RoleInternal]
	if c == nil {
		return Null()
	}
	return Add(
		doc("recovered returns what the client gets of a method whose handler panicked with v, the error panicked gives: for a tool call, for the tool, an error result; for another method (resources/read, prompts/get), for the method, a JSON-RPC error of code -32603 (internal error) whose message is the error's text and whose data is its wire JSON. The error's cause, which holds the panic, stays on the server."),
		Line(), Func().Id("recovered").Params(Id("ctx").Qual(contextPkg, "Context"), Id("method").String(), Id("req").Qual(mcpPkg, "Request"), Id("v").Any()).Params(Qual(mcpPkg, "Result"), Error()).Block(
			Id("name").Op(":=").Id("method"),
			If(Id("method").Op("==").Lit("tools/call")).Block(Id("name").Op("=").Id("toolName").Call(Id("req"))),
			Id("e").Op(":=").Id("panicked").Call(Id("ctx"), Id("name"), Id("v")),
			Id("view").Op(":=").Id("e").Dot("ErrspecView").Call(),
			Id("view").Dot("Cause").Op("=").Nil(),
			If(Id("method").Op("!=").Lit("tools/call")).Block(
				Id("je").Op(":=").Op("&").Qual(jsonrpcPkg, "Error").Values(Dict{
					Id("Code"):    Qual(jsonrpcPkg, "CodeInternalError"),
					Id("Message"): Id("view").Dot("ErrorText").Call(),
				}),
				If(List(Id("wire"), Err()).Op(":=").Id("e").Dot("MarshalJSON").Call(), Err().Op("==").Nil()).Block(
					Id("je").Dot("Data").Op("=").Id("wire"),
				),
				Return(Nil(), Id("je")),
			),
			Id("r").Op(":=").Op("&").Qual(mcpPkg, "CallToolResult").Values(),
			If(Op("!").Id("fill").Call(Id("r"), Id("e"), Id("e"))).Block(
				Comment("An error that does not marshal: its text, less the cause."),
				Id("r").Dot("SetError").Call(Qual(errorsPkg, "New").Call(Id("view").Dot("ErrorText").Call())),
			),
			Return(Id("r"), Nil()),
		),
		Line(),
		Line(), genPanicked(cat, importPath, "an MCP handler", "the tool's name, or for another method than tools/call the method's", "tool"),
	)
}

// genArgumentsReason writes argumentsReason, which tells the error of
// arguments that a typed tool's handler never saw from the error of a
// handler. The SDK checks the arguments against the input schema, then
// decodes them into the handler's Go input type: a value that the schema
// lets through and the type cannot hold (an integer beyond an int64, a
// string that is no RFC 3339 time for a time.Time) fails there, with the
// *json.UnmarshalTypeError of the decoding, unwrapped, whose Field is the
// path of the argument. A handler's own decoding error, of a value that
// is no argument of the call, is the handler's.
func genArgumentsReason() Code {
	callArgs := Id("call").Dot("Params").Dot("Arguments")
	return Add(
		doc("argumentsReason returns the reason of an error result whose error, err, is the SDK's for arguments that a typed tool's handler never saw, and true: arguments that fail the tool's input schema, and arguments that pass it but that the handler's Go input type cannot hold (an integer beyond its range, a string that is no RFC 3339 time for a time.Time), which the SDK reports with the *json.UnmarshalTypeError of decoding them, for an argument the call gives. It reports false for any other error, a handler's own."),
		Line(), Func().Id("argumentsReason").Params(Id("req").Qual(mcpPkg, "Request"), Err().Error()).Params(String(), Bool()).Block(
			If(List(Id("reason"), Id("ok")).Op(":=").Qual(stringsPkg, "CutPrefix").Call(Err().Dot("Error").Call(), Id("argumentsPrefix")), Id("ok")).Block(Return(Id("reason"), True())),
			List(Id("t"), Id("ok")).Op(":=").Err().Assert(Op("*").Qual(jsonPkg, "UnmarshalTypeError")),
			List(Id("call"), Id("isCall")).Op(":=").Id("req").Assert(Op("*").Qual(mcpPkg, "CallToolRequest")),
			If(Op("!").Id("ok").Op("||").Id("t").Dot("Field").Op("==").Lit("").Op("||").Id("t").Dot("Type").Op("==").Nil().Op("||").Op("!").Id("isCall").Op("||").Id("call").Dot("Params").Op("==").Nil()).Block(Return(Lit(""), False())),
			Var().Id("args").Map(String()).Qual(jsonPkg, "RawMessage"),
			If(Qual(jsonPkg, "Unmarshal").Call(callArgs, Op("&").Id("args")).Op("!=").Nil()).Block(Return(Lit(""), False())),
			For(Id("name").Op(":=").Range().Id("args")).Block(
				If(Id("t").Dot("Field").Op("==").Id("name").Op("||").Qual(stringsPkg, "HasPrefix").Call(Id("t").Dot("Field"), Id("name").Op("+").Lit("."))).Block(
					Return(Lit("argument ").Op("+").Qual("strconv", "Quote").Call(Id("t").Dot("Field")).Op("+").Lit(": the value does not fit the tool's Go type ").Op("+").Id("t").Dot("Type").Dot("String").Call(), True()),
				),
			),
			Return(Lit(""), False()),
		),
		Line(),
	)
}

// genFill writes fill, which sets an error result's content as the
// catalog asks.
func genFill(cat *model.Catalog, importPath string) Code {
	o := cat.Outputs.MCP
	var body []Code
	var text *Statement
	wire := o.Text == model.MCPTextJSON || o.StructuredContent
	if wire {
		body = append(body,
			List(Id("wire"), Err()).Op(":=").Id("e").Dot("MarshalJSON").Call(),
			If(Err().Op("!=").Nil()).Block(Return(False())),
		)
	}
	what := "the wire JSON"
	switch o.Text {
	case model.MCPTextMessage:
		text, what = Id("e").Dot("Message"), "the message"
	case model.MCPTextTerminal:
		// The cause is for the server's logs: the wire never carries it.
		body = append(body,
			Id("v").Op(":=").Id("e").Dot("ErrspecView").Call(),
			Id("v").Dot("Cause").Op("=").Nil(),
		)
		text, what = Id("v").Dot("Text").Call(), "the error rendered for a terminal, without its cause"
	default:
		text = String().Parens(Id("wire"))
	}
	// SetError before the content: before v1.6.0 (and in v1.6 and v1.7
	// with MCPGODEBUG=seterroroverwrite=1) the SDK's SetError replaces
	// the content with the error's text.
	body = append(body, Id("r").Dot("SetError").Call(Id("recorded")))
	body = append(body, Id("r").Dot("Content").Op("=").Index().Qual(mcpPkg, "Content").Values(Op("&").Qual(mcpPkg, "TextContent").Values(Dict{Id("Text"): text})))
	what = "fill makes r the error result of recorded, as r.SetError(recorded) does, with the content from e, set after SetError, which replaces the content before SDK v1.6.0: a text content of " + what
	if o.StructuredContent {
		body = append(body, Id("r").Dot("StructuredContent").Op("=").Qual(jsonPkg, "RawMessage").Call(Id("wire")))
		what += ", and the wire JSON as structured content"
	} else {
		// A typed tool's handler that sets the error on its result gets
		// the zero output as structured content from the SDK, and a
		// low-level one may leave its own there: neither is the error.
		body = append(body, Id("r").Dot("StructuredContent").Op("=").Nil())
		what += ", and no structured content, not even the zero output that the SDK gives the error result of a typed tool"
	}
	what += "; the error is marshaled once."
	if wire {
		what += " It reports false, and leaves r as it is, when e does not marshal."
	}
	body = append(body, Return(True()))
	return Add(
		doc(what),
		Line(), Func().Id("fill").Params(Id("r").Op("*").Qual(mcpPkg, "CallToolResult"), Id("e").Add(errorType(importPath)), Id("recorded").Error()).Bool().Block(body...),
		Line(),
	)
}

// genFromResult writes FromResult. It reads the text content only where
// the adapter writes the wire JSON there: another text content, the
// message or the rendering for a terminal, may itself hold the wire JSON
// of another error (an upstream's text that the message echoes), which
// must not be taken for the error the server sent.
func genFromResult(cat *model.Catalog, importPath string) Code {
	parse := Qual(importPath, "Parse")
	text := cat.Outputs.MCP.Text == model.MCPTextJSON
	var what string
	body := []Code{If(Id("r").Op("==").Nil().Op("||").Op("!").Id("r").Dot("IsError")).Block(Return(Nil(), False()))}
	if text {
		what = "FromResult reads the error of an error result, as a client receives it: from a text content that holds the wire JSON, else from the structured content."
		body = append(body, For(List(Id("_"), Id("c")).Op(":=").Range().Id("r").Dot("Content")).Block(
			If(List(Id("t"), Id("ok")).Op(":=").Id("c").Assert(Op("*").Qual(mcpPkg, "TextContent")), Id("ok")).Block(
				If(List(Id("e"), Err()).Op(":=").Add(parse.Clone()).Call(Index().Byte().Parens(Id("t").Dot("Text"))), Err().Op("==").Nil()).Block(Return(Id("e"), True())),
			),
		))
	} else {
		what = "FromResult reads the error of an error result, as a client receives it, from its structured content. Its text content, which the adapter fills with a text for people, is never read: a message that holds the wire JSON of another error, an upstream's text that it echoes, is not taken for that error."
	}
	body = append(body,
		If(Id("r").Dot("StructuredContent").Op("==").Nil()).Block(Return(Nil(), False())),
		List(Id("data"), Err()).Op(":=").Qual(jsonPkg, "Marshal").Call(Id("r").Dot("StructuredContent")),
		If(Err().Op("!=").Nil()).Block(Return(Nil(), False())),
		List(Id("e"), Err()).Op(":=").Add(parse.Clone()).Call(Id("data")),
		Return(Id("e"), Err().Op("==").Nil()),
	)
	what += " It reports false for a result that is no error or holds no error in the catalog's wire format. A code the catalog does not know, from a newer version of it, gives an error of that code, as Parse gives one. The SDK's client decodes the structured content into Go maps, with its numbers as float64: read from it, an int param beyond 2^53 is rounded, one at the bounds of int64 is out of range (FromResult reports false), and a map param with key_order \"given\" has its keys sorted"
	if text {
		what += ", where the wire JSON in the text content keeps every number and every order"
	}
	return Add(
		doc(what+"."),
		Line(), Func().Id("FromResult").Params(Id("r").Op("*").Qual(mcpPkg, "CallToolResult")).Params(errorType(importPath), Bool()).Block(body...),
		Line(),
	)
}

// deprecatedUse is the directive that keeps staticcheck from flagging the
// next line, which calls the constructor of c, the code of role, when the
// catalog deprecates c: a role may still name a deprecated code (until
// the code it is to use instead takes the role), and generated code is
// not its user's to change. Nothing for a code not deprecated.
func deprecatedUse(role model.Role, c *model.Code) Code {
	if c.Deprecated == nil {
		return Null()
	}
	return Comment("//lint:ignore SA1019 the catalog's " + string(role) + " role names code " + c.Name + ", which it deprecates")
}
