package model

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Input is a catalog as written, after CUE has unified it with the schema
// and exported it: the loader decodes the exported JSON into it once. Maps
// whose order the user chose (params, fields) keep that order.
type Input struct {
	Name        string                   `json:"name"`
	Title       string                   `json:"title"`
	Description string                   `json:"description"`
	ErrorText   string                   `json:"error_text"`
	Lists       InputLists               `json:"lists"`
	Version     string                   `json:"version"`
	Docs        InputDocs                `json:"docs"`
	Outputs     InputOutputs             `json:"outputs"`
	Envelope    json.RawMessage          `json:"envelope"`
	Envelopes   Ordered[json.RawMessage] `json:"envelopes"`
	Categories  Ordered[InputCategory]   `json:"categories"`
	Codes       Ordered[InputCode]       `json:"codes"`
	Tiers       []string                 `json:"tiers"`
	UpgradeURL  string                   `json:"upgrade_url"`
	Features    Ordered[InputFeature]    `json:"features"`
	Tools       Ordered[InputTool]       `json:"tools"`
	Roles       Ordered[string]          `json:"roles"`
	Lint        *InputRules              `json:"lint"`
	Breaking    *InputRules              `json:"breaking"`
	// Package is the name of the catalog's CUE package, which the fix
	// of a problem proposes for the Go package's: "" when not known.
	Package string `json:"-"`
}

// InputLists gives the words that join a list in the templates.
type InputLists struct {
	Separator string `json:"separator"`
	And       string `json:"and"`
	Or        string `json:"or"`
}

// InputRules configures the rules of errspec lint or errspec breaking.
type InputRules struct {
	Use    []string          `json:"use"` // lint only
	Except []string          `json:"except"`
	Ignore Ordered[[]string] `json:"ignore"`
}

// InputFeature is one entry of features.
type InputFeature struct {
	Name         string             `json:"name"`
	Tier         string             `json:"tier"`
	Tools        []string           `json:"tools"`
	Alternatives []InputAlternative `json:"alternatives"`
	DocsURL      string             `json:"docs_url"`
}

// InputAlternative is one alternative of a feature.
type InputAlternative struct {
	Action      string `json:"action"`
	Description string `json:"description"`
	AvailableOn string `json:"available_on"`
}

// InputTool is one entry of tools.
type InputTool struct {
	Description string `json:"description"`
	Actions     Ordered[struct {
		Required []string `json:"required"`
	}] `json:"actions"`
}

// InputExample is one example of a code.
type InputExample struct {
	Params     Ordered[json.RawMessage] `json:"params"`
	Detail     string                   `json:"detail"`
	HTTPStatus int                      `json:"http_status"`
	JSON       json.RawMessage          `json:"json"`
}

// InputDocs is the catalog's docs block.
type InputDocs struct {
	BaseURL string `json:"base_url"`
}

// InputOutputs says where each output goes; empty means not generated.
type InputOutputs struct {
	Go         *InputGo         `json:"go"`
	Markdown   *InputMarkdown   `json:"markdown"`
	JSONSchema *InputJSONSchema `json:"jsonschema"`
	Catalog    *struct {
		File string `json:"file"`
	} `json:"catalog"`
	LLMs *struct {
		File string `json:"file"`
	} `json:"llms"`

	MCP  *InputMCP  `json:"mcp"`
	GRPC *InputGRPC `json:"grpc"`
}

// InputGo says where the Go package goes.
type InputGo struct {
	Dir        string `json:"dir"`
	Package    string `json:"package"`
	ImportPath string `json:"import_path"`
}

// InputJSONSchema says where the JSON Schema goes, in which mode.
type InputJSONSchema struct {
	File string `json:"file"`
	Mode string `json:"mode"` // SchemaExact (or "") or SchemaCompatible
}

// InputMarkdown says where the Markdown reference goes, in which layout.
type InputMarkdown struct {
	Layout    string `json:"layout"` // LayoutSingle (or "") or LayoutPerCode
	File      string `json:"file"`
	Dir       string `json:"dir"`
	Index     string `json:"index"`
	URLSuffix string `json:"url_suffix"`
	Changes   *struct {
		Since string `json:"since"`
	} `json:"changes"`
}

// InputMCP says where the MCP adapter goes and what its error results
// carry.
type InputMCP struct {
	Dir               string `json:"dir"`
	Package           string `json:"package"`
	Text              string `json:"text"` // MCPText*, "" for json
	StructuredContent *bool  `json:"structured_content"`
}

// InputGRPC says where the gRPC adapter goes and the domain of its errors.
type InputGRPC struct {
	Dir     string `json:"dir"`
	Package string `json:"package"`
	Domain  string `json:"domain"`
}

// InputCategory is one entry of categories.
type InputCategory struct {
	Description string `json:"description"`
	Parent      string `json:"parent"`
	Retryable   *bool  `json:"retryable"`
	HTTPStatus  *int   `json:"http_status"`
	Retry       string `json:"retry"`
	RetryAfter  *int   `json:"retry_after"`
	Retries     *int   `json:"retries"`
	Envelope    string `json:"envelope"`
	GRPCCode    string `json:"grpc_code"`
}

// InputCode is one entry of codes.
type InputCode struct {
	Category    string              `json:"category"`
	Title       string              `json:"title"`
	Description string              `json:"description"`
	Message     string              `json:"message"`
	Detail      string              `json:"detail"`
	Suggestion  string              `json:"suggestion"`
	ErrorText   string              `json:"error_text"`
	Retryable   *bool               `json:"retryable"`
	HTTPStatus  *int                `json:"http_status"`
	Retry       string              `json:"retry"`
	RetryAfter  *int                `json:"retry_after"`
	Retries     *int                `json:"retries"`
	Envelope    string              `json:"envelope"`
	GRPCCode    string              `json:"grpc_code"`
	Params      Ordered[InputParam] `json:"params"`
	Examples    []InputExample      `json:"examples"`
	Deprecated  *InputDeprecation   `json:"deprecated"`
}

// InputParam is a param of a code, or a field of an object param.
type InputParam struct {
	Type      string              `json:"type"`
	Doc       string              `json:"doc"`
	Optional  bool                `json:"optional"`
	Wire      *bool               `json:"wire"`
	Sensitive bool                `json:"sensitive"`
	MaxLength int                 `json:"max_length"`
	KeyOrder  string              `json:"key_order"`
	Fields    Ordered[InputParam] `json:"fields"`
}

// InputDeprecation marks a code deprecated.
type InputDeprecation struct {
	Since string `json:"since"`
	Use   string `json:"use"`
}

// Ordered is a JSON object decoded with its keys in document order.
type Ordered[T any] []Entry[T]

// Entry is one key of an Ordered object.
type Entry[T any] struct {
	Key   string
	Value T
}

// UnmarshalJSON decodes a JSON object keeping the order of its keys.
func (o *Ordered[T]) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		*o = nil
		return nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("expected a JSON object, got %v", tok)
	}
	var out Ordered[T]
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		var e Entry[T]
		e.Key = tok.(string)
		if err := dec.Decode(&e.Value); err != nil {
			return fmt.Errorf("%s: %w", e.Key, err)
		}
		out = append(out, e)
	}
	*o = out
	return nil
}
