// Package templates holds the text/template files errspec renders the
// Markdown reference of a catalog with. They are embedded in the binary, so
// generation needs no file outside the catalog.
//
// errspec executes one of three page templates; they include the others by
// file name, as in {{template "code.md.tmpl" .}}:
//
//	reference.md.tmpl        the single page (the default layout): every
//	                         section below, and each code's section
//	index_page.md.tmpl       the index page of the per-code layout: the
//	                         same, less the codes' sections
//	code_page.md.tmpl        a code's own page in the per-code layout
//
// and the sections and parts they are made of:
//
//	codes_table.md.tmpl      "Index of codes": a table of every code
//	format.md.tmpl           "Error format": the keys of the wire JSON
//	retry.md.tmpl            "Retry strategy": what to do, by retry class
//	category.md.tmpl         a category, under its heading
//	code.md.tmpl             a code's section, below its heading
//	retry_class.md.tmpl      a code's or category's retry advice, a phrase
//	placeholders.md.tmpl     how to read a code's templates: what
//	                         {name} and its other forms stand for
//	params.md.tmpl           the params table of a code
//	examples.md.tmpl         the examples of a code, with their JSON
//	tiers.md.tmpl            "Tier requirements": features, tiers, tools,
//	                         alternatives; a section per feature
//	troubleshooting.md.tmpl  "Troubleshooting tier errors"
//	tools.md.tmpl            "Tools and actions": the required arguments
//	                         and the tier of each action
//	changes.md.tmpl          "Changes since": the codes added, deprecated
//	                         and removed since an older version, and the
//	                         other changes, when the catalog asks for it
//
// Each file starts with a comment that documents the data it receives, a
// type of package github.com/errspec/errspec/generator/model, and the
// functions it relies on.
//
// A template that writes a section for every element of a long list (the
// codes' sections, the categories', the rows of the index of codes)
// defines the section with {{define}}, under a name that starts with the
// file's own, and writes the list with each, which renders the sections
// and writes them in order:
// {{each "reference.md.tmpl code" .Codes}} writes what
// {{range .Codes}}{{template "reference.md.tmpl code" .}}{{end}} would.
// An override may use either; as with {{template}}, a section sees its
// element as . and $, and no variable of the template that writes it.
//
// A user replaces any of them with a file of the same name in the
// directory given to --templates; a file there whose name is not one of
// the above is an error (names starting with "." are ignored). The
// generated-file notice is written above each page by errspec itself,
// with a comment that sets markdownlint's line-length rule aside (catalog
// text is written on one line, whatever its length), and the output is
// tidied after executing: trailing spaces removed, runs of blank lines
// outside fenced code blocks collapsed to one, exactly one final newline.
//
// # Anchors and links
//
// Headings carry no HTML: their anchors are those GitHub (and most static
// site generators) derive from their text, and the model's anchors, which
// the docs URLs end with, assume these headings: a code's is the code in a
// code span (### `NOT_FOUND` gives #not_found), a category's "Category"
// and its name in a code span (#category-not_found), a feature's "Feature"
// and its key (#feature-code_owners). Keep these when overriding, and
// keep the headings of other sections to two words or more so that their
// anchors never take one of those. In the per-code layout each code has a
// page named after its anchor (not_found.md) whose title is the code; the
// categories, features and sections are on the index page. href links to
// any of them from the page being rendered.
//
// # Escaping
//
// Every value a template prints is escaped by errspec, whatever the
// template: errspec ends each pipeline that prints with an escaper, as
// html/template does, which writes what the functions below return as
// they made it and anything else, catalog text above all, as plain text
// that renders as written. So {{.Title}} is safe; {{text .Title}} is the
// same. Descriptions of the catalog and of codes are Markdown: pass them
// through markdown, which keeps their Markdown but lets no heading, raw
// HTML or unsafe link through. Show templates of messages and
// suggestions with code. In a table cell, wrap the value in cell.
//
// # Functions
//
// Besides the text/template built-ins, templates may call:
//
//	text S          plain text S escaped to render as written, on one line:
//	                *, _, `, [, ], <, >, #, ~, $, {, }, |, entities, and a
//	                leading -, + or 1. are escaped, and invisible
//	                characters written as character references; what
//	                errspec does to every value a template prints
//	markdown S      Markdown S parsed and written anew, safe between
//	                blocks: headings become paragraphs, raw HTML
//	                shows as text, a javascript:, data: or other link that
//	                is not http, https, mailto or relative shows as text
//	                and code, code blocks are closed
//	code S          S as an inline code span, fenced with more backticks
//	                than any run inside it; newlines become spaces,
//	                invisible characters escapes such as \u202E
//	cell S          S made safe for a table cell: on one line, | escaped;
//	                use it on everything in a cell, code spans too:
//	                {{cell (code .Name)}}
//	sentence S      S ended with a full stop unless it ends with one of .!?:;
//	fence LANG S    S as a fenced code block of language LANG
//	autolink URL    <URL>, for a URL shown as itself; a URL that is not
//	                http, https or mailto shows as code
//	textLinks S     S as text does, with each http or https URL in it an
//	                autolink, as in a sentence of errspec breaking
//	href X          the link destination of X from the page being rendered:
//	                a *model.Code, *model.Category or *model.Feature, or
//	                the anchor of a heading of the single page or of the
//	                index page, such as "retry-strategy"
//	layout          "single" or "per_code"
//	each NAME LIST  the template NAME executed on every element of LIST, a
//	                slice or an array, joined in order: what
//	                {{range LIST}}{{template NAME .}}{{end}} writes
//	catalog         the *model.Catalog being rendered, from any template;
//	                its methods ReplacedBy CODE, Subcategories CATEGORY,
//	                CodesUnder CATEGORY, RoleOf CODE and GatingFeature TOOL
//	                ACTION look things up
//	yesno B         "yes" or "no"
//	status N        an HTTP status with its text, e.g. "404 Not Found"
//	times N         how many times to retry, as a phrase: "once", "at most
//	                twice", "at most 3 times"
//	add A B         A + B
//	json RAW        JSON text indented with two spaces
//	value V         a value decoded from JSON (an example's), as compact JSON
//	exampleParams EX  the params an example gives, as an indented JSON object
//	redacted        the text a sensitive param's value shows as
//	paramRows P     the params P ([]*model.Param) and, after each object-typed
//	                one, the fields the wire carries, recursively (every
//	                field of the standard alternatives): rows with the fields of
//	                model.Param plus .Path, the param's dotted path from the
//	                code's params, e.g. gvk.group (the elements of a list
//	                add [], the values of a map .*), and .Top, true for a
//	                param rather than a field
//	paramsHome ENV  where an envelope puts the params it does not place one
//	                by one: .Kind ("object", "spread" or "none") and .Path
//	paramKey ENV N  the dotted key path where an envelope sends param N, or "";
//	                in every key path of an envelope, a key that holds a dot,
//	                white space, a quote or a backslash is quoted
//	                ("error.code" is the key, error.code the key code of
//	                error; see model.KeyPath)
//	placed ENV N    whether an envelope gives param N a place of its own
//	isTier T        whether a *model.Type is a tier, or a list or map of them
//	field F         the dotted key path where the default envelope sends the
//	                field F (code, category, message, detail, suggestion,
//	                retryable, retry, retry_after, http_status, docs_url,
//	                title), or ""
//	fieldIn ENV F   the same for the envelope ENV
//	envelopeRows ENV  the keys of an envelope that hold values (see
//	                format.md.tmpl)
//	envelopeCodes ENV  the codes whose wire shape is ENV
//	firstExample ENV   the first example of those codes: .Code, .Example; or nil
//	retryGroups     the codes by retry class (see retry.md.tmpl)
//	role CODE       the role a code plays for the generated helpers, or ""
//	roleCode ROLE   the code that plays a role, or nil
//	gating T A      the feature that gates action A of tool T (or the whole
//	                tool), or nil
//	tiersFrom TIER  the tier and every tier above it
//	subcategoryCodes CATEGORY  the codes of the categories below it
package templates

import "embed"

// FS holds the embedded Markdown templates, named *.md.tmpl.
//
//go:embed *.md.tmpl
var FS embed.FS
