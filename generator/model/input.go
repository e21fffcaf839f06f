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
	Name        string                 `json:"name"`
	Title       string                 `json:"title"`
	Description string                 `json:"description"`
	Docs        InputDocs              `json:"docs"`
	Outputs     InputOutputs           `json:"outputs"`
	Categories  Ordered[InputCategory] `json:"categories"`
	Codes       Ordered[InputCode]     `json:"codes"`
}

// InputDocs is the catalog's docs block.
type InputDocs struct {
	BaseURL string `json:"base_url"`
}

// InputOutputs says where each output goes; empty means not generated.
type InputOutputs struct {
	Go *struct {
		Dir     string `json:"dir"`
		Package string `json:"package"`
	} `json:"go"`
	Markdown *struct {
		File string `json:"file"`
	} `json:"markdown"`
	JSONSchema *struct {
		File string `json:"file"`
	} `json:"jsonschema"`
}

// InputCategory is one entry of categories.
type InputCategory struct {
	Description string `json:"description"`
	Parent      string `json:"parent"`
	Retryable   *bool  `json:"retryable"`
	HTTPStatus  *int   `json:"http_status"`
}

// InputCode is one entry of codes.
type InputCode struct {
	Category    string              `json:"category"`
	Title       string              `json:"title"`
	Description string              `json:"description"`
	Message     string              `json:"message"`
	Suggestion  string              `json:"suggestion"`
	Retryable   *bool               `json:"retryable"`
	HTTPStatus  *int                `json:"http_status"`
	Params      Ordered[InputParam] `json:"params"`
	Deprecated  *InputDeprecation   `json:"deprecated"`
}

// InputParam is a param of a code, or a field of an object param.
type InputParam struct {
	Type     string              `json:"type"`
	Doc      string              `json:"doc"`
	Optional bool                `json:"optional"`
	Fields   Ordered[InputParam] `json:"fields"`
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
