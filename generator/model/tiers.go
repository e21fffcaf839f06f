package model

import (
	"bytes"
	"encoding/json"
	"slices"
)

// Tier is a plan of the service; tiers are ordered, lowest first.
type Tier struct {
	Name   string // as declared, e.g. "Premium"
	GoName string // e.g. "TierPremium"
	Rank   int    // 0 for the lowest
}

// Feature gates tools or tool:action pairs behind a tier.
type Feature struct {
	Key          string // catalog key, e.g. "protected_branches_api"
	Name         string // e.g. "Protected Branches API"
	Tier         *Tier
	Tools        []ToolRef
	Alternatives []Alternative
	DocsURL      string
	Anchor       string // Markdown heading anchor
}

// ToolRef is a tool, or one action of it.
type ToolRef struct {
	Tool   string
	Action string // "" for every action of the tool
	// Except are, for a whole tool, the actions of it that other
	// features gate, sorted: the feature of tool:action wins.
	Except []string
}

func (r ToolRef) String() string {
	if r.Action == "" {
		return r.Tool
	}
	return r.Tool + ":" + r.Action
}

// Alternative is what a caller can do instead of a gated feature.
type Alternative struct {
	Action      string
	Description string
	AvailableOn string
}

// Tool is a tool of the server and its actions.
type Tool struct {
	Name        string
	Description string
	Actions     []*Action // sorted by Name
}

// Action is an action of a tool.
type Action struct {
	Name     string
	Required []string // required arguments, as declared
	Declared int      // its position among the tool's actions, as declared
}

// DeclaredActions returns the tool's actions in the order the catalog
// declares them.
func (t *Tool) DeclaredActions() []*Action {
	out := slices.Clone(t.Actions)
	slices.SortFunc(out, func(x, y *Action) int { return x.Declared - y.Declared })
	return out
}

// ValidatesCalls reports whether the generated package has ValidateCall,
// which checks a call of a tool's action: the catalog has codes for the
// missing_fields and invalid_action roles and a tool with actions. A tool
// without actions is not checked: ValidateCall takes every call of it.
func (c *Catalog) ValidatesCalls() bool {
	return c.Roles[RoleMissingFields] != nil && c.Roles[RoleInvalidAction] != nil &&
		slices.ContainsFunc(c.Tools, func(t *Tool) bool { return len(t.Actions) > 0 })
}

// Role is a part a code plays for a generated helper.
type Role string

// The roles.
const (
	RoleTierRestricted   Role = "tier_restricted"
	RolePermissionDenied Role = "permission_denied"
	RoleNotFound         Role = "not_found"
	RoleAPIError         Role = "api_error"
	RoleMissingFields    Role = "missing_fields"
	RoleInvalidAction    Role = "invalid_action"
	// RoleInvalidArguments is arguments that do not match a tool's input
	// schema, which the MCP adapter reports.
	RoleInvalidArguments Role = "invalid_arguments"
	// RoleInternal is a handler's panic, which the MCP and gRPC
	// adapters recover.
	RoleInternal Role = "internal"
)

// Roles maps each role to the code that plays it, or nil.
type Roles map[Role]*Code

// RoleParam is a param a generated helper fills when the code of its role
// declares it.
type RoleParam struct {
	Name string
	Type string // as a catalog writes it; "tier" also accepts "string"
}

// RoleParams are, for each role, the params its helper can fill.
var RoleParams = map[Role][]RoleParam{
	RoleTierRestricted: {
		{"tool", "string"}, {"action", "string"}, {"tier_required", "tier"}, {"current_tier", "tier"},
		{"feature_name", "string"}, {"alternatives", "[]object"}, {"docs_url", "string"}, {"upgrade_url", "string"},
	},
	RolePermissionDenied: upstreamParams,
	RoleNotFound:         upstreamParams,
	RoleAPIError:         upstreamParams,
	RoleMissingFields: {
		{"tool", "string"}, {"action", "string"}, {"missing_fields", "[]string"},
		{"action_required_fields", "map[string][]string"},
	},
	RoleInvalidAction: {
		{"tool", "string"}, {"action", "string"}, {"valid_actions", "[]string"},
		{"action_required_fields", "map[string][]string"},
	},
	RoleInvalidArguments: {{"tool", "string"}, {"reason", "string"}},
	RoleInternal:         {{"tool", "string"}},
}

var upstreamParams = []RoleParam{
	{"tool", "string"}, {"action", "string"}, {"upstream_status", "int"}, {"upstream_message", "string"},
}

// AlternativeFields are the fields of the object type of a tier-restricted
// code's alternatives param.
var AlternativeFields = []string{"action", "description", "available_on"}

// AllRoles lists the roles in a fixed order.
var AllRoles = []Role{RoleTierRestricted, RolePermissionDenied, RoleNotFound, RoleAPIError, RoleMissingFields, RoleInvalidAction,
	RoleInvalidArguments, RoleInternal}

// Example is a checked example of a code: the params given to its
// constructor and the exact wire JSON that must come out.
type Example struct {
	Index      int
	Values     []ExampleValue // in the order of the code's params
	Detail     string
	HTTPStatus int             // 0 when the example keeps the code's status
	JSON       json.RawMessage // the expected wire JSON, as written

	// Pos is where the catalog writes JSON, file:line:col, its file
	// relative to the directory of the Go output, where go test runs the
	// test of the examples; "" when not known.
	Pos string
}

// ExampleValue is the value an example gives a param, decoded from JSON
// (numbers as json.Number), and its JSON text as written, which keeps the
// order of object keys.
type ExampleValue struct {
	Param *Param
	Value any
	JSON  json.RawMessage
}

// ParamsJSON returns the params the example gives as a compact JSON
// object, in the order of the code's params, each value as the catalog
// writes it: the keys of its objects and maps in the catalog's order,
// which a map of key_order "given" keeps on the wire.
func (e *Example) ParamsJSON() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range e.Values {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(v.Param.Name)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v.CompactJSON())
	}
	b.WriteByte('}')
	return b.Bytes()
}

// CompactJSON returns the value's JSON text without insignificant space.
func (v ExampleValue) CompactJSON() json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, v.JSON) != nil {
		return v.JSON // checked when the model was built: it compacts
	}
	return b.Bytes()
}
