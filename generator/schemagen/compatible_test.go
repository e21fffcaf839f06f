package schemagen

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/errspec/errspec/generator/files"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/loadtest"
)

// renderCompatible renders cat's schema in the compatible mode.
func renderCompatible(t *testing.T, cat *model.Catalog) []byte {
	t.Helper()
	s, err := BuildMode(cat, files.Notice(cat.Name), model.SchemaCompatible)
	if err != nil {
		t.Fatalf("BuildMode: %v", err)
	}
	return s.JSON()
}

// TestModeFromCatalog checks that Build takes the mode the catalog asks
// for, and that BuildMode refuses a mode it does not know.
func TestModeFromCatalog(t *testing.T) {
	cat := built(t, "default")
	cat.Outputs.JSONSchemaMode = model.SchemaCompatible
	got, err := Build(cat, files.Notice(cat.Name))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(renderCompatible(t, cat)), string(got.JSON())); diff != "" {
		t.Errorf("Build of a catalog in the compatible mode (-want +got):\n%s", diff)
	}
	if _, err := BuildMode(cat, "", "lenient"); err == nil || !strings.Contains(err.Error(), `"lenient"`) {
		t.Errorf("BuildMode with an unknown mode: %v", err)
	}
}

const olderCatalog = `package shop

name: "shop"
docs: base_url: "https://docs.example.com/errors"
outputs: jsonschema: {file: "errors.schema.json", mode: "compatible"}
tiers: ["Free", "Pro"]
envelopes: flat: {ok: false, code: "$code", error: "$message", "$params": true}
categories: {
	not_found: {description: "Nothing there.", http_status: 404}
	limit: {description: "A limit was reached.", http_status: 429, retryable: true}
	auth: {description: "The credentials are wrong.", http_status: 401, envelope: "flat"}
}
codes: BAD_TOKEN: {
	category: "auth"
	title:    "Bad token"
	message:  "The token of {user} was rejected"
	params: user: {type: "string"}
}
codes: ORDER_NOT_FOUND: {
	category: "not_found"
	title:    "Order not found"
	message:  "Order {order_id} not found"
	params: order_id: {type: "string"}
}
codes: PLAN_LIMIT: {
	category: "limit"
	title:    "Plan limit"
	message:  "The {tier} plan allows {limit} orders"
	params: {
		tier: {type: "tier"}
		limit: {type: "int"}
	}
}
`

// TestCompatibleAcceptsNewer checks what the compatible mode is for: a
// client that validates with an older catalog's compatible schema accepts
// what a newer version sends after changes that break no client (a new
// code, a new optional param, a new title, a new retry_after,
// a new docs URL, keys it does not know), which its exact schema rejects;
// and it still rejects what breaks the wire.
func TestCompatibleAcceptsNewer(t *testing.T) {
	older := loadtest.Catalog(t, olderCatalog)
	s, err := BuildMode(older, "", model.SchemaExact)
	if err != nil {
		t.Fatal(err)
	}
	exact := compile(t, s.JSON())
	compatible := compile(t, renderCompatible(t, older))
	for _, tc := range []struct{ name, payload string }{
		{"a new code", `{"code": "ORDER_CLOSED", "category": "conflict", "message": "Order o-1 is closed",
			"suggestion": "Open a new order.", "retryable": false, "docs_url": "https://docs.example.com/errors#order_closed",
			"params": {"order_id": "o-1", "closed_at": {"day": 3}}}`},
		{"a new code in another envelope", `{"ok": false, "code": "TOKEN_EXPIRED", "error": "The token of ada expired", "user": "ada"}`},
		{"a new code without params or docs", `{"code": "MAINTENANCE", "category": "unavailable", "message": "Down for maintenance", "retryable": true}`},
		{"a new optional param", `{"code": "ORDER_NOT_FOUND", "category": "not_found", "message": "Order o-1 not found",
			"retryable": false, "docs_url": "https://docs.example.com/errors#order_not_found", "params": {"order_id": "o-1", "store": "north"}}`},
		{"a docs URL that moved", `{"code": "ORDER_NOT_FOUND", "category": "not_found", "message": "Order o-1 not found",
			"retryable": false, "docs_url": "https://example.com/e/order_not_found", "params": {"order_id": "o-1"}}`},
		{"a new top-level key", `{"code": "ORDER_NOT_FOUND", "category": "not_found", "message": "Order o-1 not found",
			"retryable": false, "docs_url": "https://docs.example.com/errors#order_not_found", "params": {"order_id": "o-1"}, "trace_id": "t-9"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := validate(t, compatible, tc.payload); err != nil {
				t.Errorf("the compatible schema rejects it: %v", err)
			}
			if err := validate(t, exact, tc.payload); err == nil {
				t.Errorf("the exact schema accepts it too: the case tests nothing")
			}
		})
	}
	for _, tc := range []struct{ name, payload string }{
		{"a known code in another category", `{"code": "ORDER_NOT_FOUND", "category": "gone", "message": "Order o-1 not found",
			"retryable": false, "params": {"order_id": "o-1"}}`},
		{"a known code without a required param", `{"code": "ORDER_NOT_FOUND", "category": "not_found", "message": "Order o-1 not found",
			"retryable": false, "params": {}}`},
		{"a param of another type", `{"code": "PLAN_LIMIT", "category": "limit", "message": "m",
			"retryable": true, "params": {"tier": "Pro", "limit": "5"}}`},
		// A tier stays one of the catalog's, as the generated Tier
		// constants and the ordering of tiers in texts need.
		{"a new tier", `{"code": "PLAN_LIMIT", "category": "limit", "message": "The Team plan allows 5 orders",
			"retryable": true, "docs_url": "https://docs.example.com/errors#plan_limit", "params": {"tier": "Team", "limit": 5}}`},
		{"a known code that changed retryable", `{"code": "PLAN_LIMIT", "category": "limit", "message": "m",
			"retryable": false, "params": {"tier": "Pro", "limit": 5}}`},
		{"a new code with a constant of no envelope", `{"ok": true, "code": "TOKEN_EXPIRED", "error": "The token of ada expired"}`},
		{"a new code without a message", `{"code": "MAINTENANCE", "category": "unavailable", "retryable": true}`},
		{"a new code with a retryable that is not a boolean", `{"code": "MAINTENANCE", "category": "unavailable", "message": "m", "retryable": "yes"}`},
		{"an empty code", `{"code": "", "category": "unavailable", "message": "m", "retryable": true}`},
		{"params that are not an object", `{"code": "MAINTENANCE", "category": "unavailable", "message": "m", "retryable": true, "params": [1]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := validate(t, compatible, tc.payload); err == nil {
				t.Errorf("the compatible schema accepts it")
			}
		})
	}
}

// TestCompatibleAcceptsExact checks that the compatible schema accepts
// every example the exact one does, in every envelope of the golden
// catalogs.
func TestCompatibleAcceptsExact(t *testing.T) {
	for _, tc := range catalogs {
		cat := tc.cat(t)
		compatible := compile(t, renderCompatible(t, cat))
		for _, c := range cat.Codes {
			for _, ex := range c.Examples {
				if err := validate(t, compatible, string(ex.JSON)); err != nil {
					t.Errorf("%s: example %d of %s: %v", tc.name, ex.Index, c.Name, err)
				}
			}
		}
	}
}
