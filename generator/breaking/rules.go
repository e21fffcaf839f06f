package breaking

// Level is what a change breaks.
type Level string

// The levels.
const (
	Wire    Level = "wire"    // the JSON a client reads, and what it may do about it
	Go      Level = "go"      // the generated Go API, while the wire stays as it was
	Docs    Level = "docs"    // a docs URL or anchor that no longer resolves
	Version Level = "version" // the catalog's version does not say that it breaks
)

// Rule is a kind of change errspec breaking reports.
type Rule struct {
	ID    string
	Level Level
	// Safe rules report changes that break nothing: errspec breaking
	// shows them only with --all.
	Safe    bool
	Summary string // what it reports, one line
}

// Rules are the rules of errspec breaking, the breaking ones first, by
// level, then the safe ones.
var Rules = []Rule{
	{"CATALOG_REMOVED", Wire, false, "a catalog is gone: every one of its codes with it"},
	{"CODE_REMOVED", Wire, false, "a code is gone (expected, not a break, when the older version deprecated it with a replacement that remains, and the newer version reads it from a server of the older one as a code it does not know)"},
	{"CODE_RENAMED", Wire, false, "a code is gone and a new one looks like it under another name"},
	{"CODE_CATEGORY_CHANGED", Wire, false, "a code belongs to another category: clients match categories, Go callers with errors.Is"},
	{"PARAM_REMOVED", Wire, false, "a param or a field of an object param is no longer sent, or is sent redacted"},
	{"PARAM_RENAMED", Wire, false, "a param or field is gone and a new one of the same type looks like it under another name"},
	{"PARAM_TYPE_CHANGED", Wire, false, "a param or field has another type"},
	{"PARAM_VALUES_WIDENED", Wire, false, "a param may be sent with values a client of the older version rejects: a sensitive one no longer redacted, a string longer than its max_length"},
	{"PARAM_VALUES_NARROWED", Wire, false, "a string param is cut at fewer characters than it was, or a param has a type each of whose values the older one accepts (an int where a float was, a tier where a string was): a client of the newer version rejects the other values a server of the older one sends"},
	{"PARAM_REQUIRED", Wire, false, "a param or field is required that was optional or not sent"},
	{"PARAM_OPTIONAL", Wire, false, "a param or field that was always sent may be left out"},
	{"PARAM_MOVED", Wire, false, "a param is sent under another key of the envelope"},
	{"ENVELOPE_KEY_CHANGED", Wire, false, "an envelope sends a value (code, message, params, ...) under another key, or no longer sends it; or a new code comes in an envelope that none of the older version's reads, or reads without its params"},
	{"ENVELOPE_CONSTANT_CHANGED", Wire, false, "a constant of an envelope has another value, or is no longer sent"},
	{"RETRY_CHANGED", Wire, false, "a code's retryable flag or retry class changed"},
	{"HTTP_STATUS_CHANGED", Wire, false, "a code's HTTP status changed"},
	{"GRPC_STATUS_CHANGED", Wire, false, "a code's gRPC status code, or the domain of its ErrorInfo, changed, where the older and newer catalogs have the gRPC output (a gRPC code that follows a changed HTTP status is that change's)"},
	{"EXACT_MODE_REJECTS", Wire, false, "the older version's Parse and JSON Schema are in the exact mode, and reject what the newer one sends: a new code, param or envelope key, or another title, retry_after or docs URL where the envelope sends it; or the newer version's are, and reject what a server of the older one sends: another title, retry_after or docs URL, no value at a new envelope key, a code removed as announced"},
	{"MCP_RESULT_CHANGED", Wire, false, "the MCP adapter's error results no longer carry the wire JSON where they did (the text content, structuredContent), or carry structuredContent where they did not"},
	{"TIER_REMOVED", Wire, false, "a tier is gone"},
	{"TIER_REORDERED", Wire, false, "a tier is below one it was above: its callers lose the features of that one, and its texts of higher tiers change"},
	{"TIER_ADDED_SENT", Wire, false, "a tier is new and errors send tiers: a client of the older catalog rejects an error that names it"},
	{"FEATURE_TIER_RAISED", Wire, false, "a feature needs a higher tier, or gates a tool or action that needed a lower one or none"},
	{"TOOL_REQUIRED_ADDED", Wire, false, "an action of a tool requires an argument it did not, or one of a tool that listed no actions requires any"},
	{"TOOL_ACTION_REMOVED", Wire, false, "a tool no longer has an action, or lists none, or is gone with its actions; or lists actions where it listed none, and takes no call of another"},
	{"ROLE_CODE_CHANGED", Wire, false, "a generated helper returns another code, or none, or is no longer generated (expected, not a break, when it is the replacement the older version named for a code that is gone)"},
	{"GO_NAME_REMOVED", Go, false, "an exported constant, type or helper (Features, FeatureFor, TierRestricted) of the generated Go package is gone, or the package or an adapter package has another name, or it or an adapter package is no longer generated, or is generated at another import path or directory"},
	{"GO_CONSTRUCTOR_CHANGED", Go, false, "a constructor's parameters changed in number, order or type"},
	{"GO_FIELD_CHANGED", Go, false, "a field of a params, options or object struct is gone, has moved from one of XParams and XOptions to the other, or has another type"},
	{"CATEGORY_PARENT_CHANGED", Go, false, "a category lost a category above it: its codes no longer match that one with errors.Is"},
	{"DOCS_URL_CHANGED", Docs, false, "the docs URLs of the codes, or of the sections of categories and features, changed, or are gone"},
	{"DOCS_ANCHOR_REMOVED", Docs, false, "the section of a category or feature is gone from the reference"},
	{"VERSION_NOT_BUMPED", Version, false, "breaking changes, and the catalog's version is not a new major version; or the version goes back, or is gone"},

	{"CATALOG_ADDED", Wire, true, "a catalog is new"},
	{"CODE_ADDED", Wire, true, "a code is new"},
	{"CODE_DEPRECATED", Wire, true, "a code is deprecated, is no longer, or names another replacement"},
	{"PARAM_ADDED", Wire, true, "an optional param or field is new"},
	{"CATEGORY_ADDED", Wire, true, "a category is new"},
	{"ENVELOPE_KEY_ADDED", Wire, true, "an envelope sends a value or constant it did not"},
	{"RETRY_AFTER_CHANGED", Wire, true, "the seconds a code says to wait before a retry, or how many times to retry, changed"},
	{"TIER_ADDED", Wire, true, "a tier is new, and no error sends a tier"},
	{"FEATURE_TIER_LOWERED", Wire, true, "a feature needs a lower tier, or a tool or action is no longer gated"},
	{"TOOL_ACTION_ADDED", Wire, true, "a tool or an action of one is new"},
	{"TOOL_REQUIRED_REMOVED", Wire, true, "an action of a tool no longer requires an argument"},
	{"TEXT_CHANGED", Docs, true, "a title, description, template or doc changed"},
}

// RuleByID returns the rule with that ID.
func RuleByID(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
