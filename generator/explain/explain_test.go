package explain_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/errspec/errspec/generator/explain"
	"github.com/errspec/errspec/generator/load"
	"github.com/errspec/errspec/generator/mdgen"
	"github.com/errspec/errspec/generator/model"
	"github.com/errspec/errspec/internal/textsafe"
)

func loadExample(t *testing.T) *model.Catalog {
	t.Helper()
	c, err := load.Dir("../../spec/agenttools")
	if err != nil {
		t.Fatalf("loading the example catalog: %v", err)
	}
	return c.Model
}

// TestWidth checks that every code of the example reads at 80 columns:
// only a single word or a line of example JSON may run longer.
func TestWidth(t *testing.T) {
	cat := loadExample(t)
	for _, c := range cat.Codes {
		out := explain.Text(cat, c)
		if !strings.HasSuffix(out, "\n") || strings.HasSuffix(out, "\n\n") {
			t.Errorf("%s: does not end with one newline", c.Name)
		}
		inJSON := false
		for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			switch t := strings.TrimSpace(line); {
			case t == "{", strings.HasPrefix(t, "Example"):
				inJSON = true // the example's values, a line each, then its JSON
			case t == "}":
				inJSON = false
			}
			if strings.TrimRight(line, " ") != line {
				t.Errorf("%s:%d: trailing spaces: %q", c.Name, i+1, line)
			}
			if n := utf8.RuneCountInString(line); n > explain.Width && !inJSON && strings.Contains(strings.TrimSpace(line), " ") {
				t.Errorf("%s:%d: %d columns: %q", c.Name, i+1, n, line)
			}
		}
	}
}

func TestContent(t *testing.T) {
	cat := loadExample(t)
	tests := []struct {
		code string
		want []string
	}{
		{"TIER_RESTRICTED", []string{
			"TIER_RESTRICTED: Feature needs a higher tier\n",
			"  HTTP status   403 Forbidden\n",
			"  Retryable     no (never): the call cannot succeed; do not send it again\n",
			"  Docs          https://docs.example.com/errors#tier_restricted\n",
			"\nWhen to expect it\n",
			"\nMessage\n  {feature_name} requires the {tier_required:or_higher} tier\n",
			"\nParams (on the wire, in params)\n",
			"  tier_required  string (one of the tiers)  required\n",
			"      The least tier that has the feature. One of Free, Team, Enterprise.\n",
			"  alternatives   array of object            optional\n",
			"    description   string  optional\n",
			"\nExample\n",
			// A value on one line as it is, its spaces kept.
			"\n  alternatives: [{\"action\":\"Read the branch settings in the web UI\",\"description\":\"Settings > Repository > Protected branches\",\"available_on\":\"Free\"}]\n",
			"    \"code\": \"TIER_RESTRICTED\",\n",
			"\nFeatures and their alternatives\n",
			"Upgrade: https://example.com/pricing",
		}},
		{"PROJECT_NOT_FOUND", []string{
			"  Deprecated    since v2; use RESOURCE_NOT_FOUND instead\n",
			"Params (on the wire, keys of the error object)",
		}},
		{"RESOURCE_NOT_FOUND", []string{"  Replaces      PROJECT_NOT_FOUND (deprecated)\n"}},
		{"VALUE_OUT_OF_RANGE", []string{"\nDetail\n  {field} is {unit}.\n", "Not sent: it only fills the templates."}},
		{"RATE_LIMITED", []string{
			"yes (after_delay): wait 60 seconds, then send the same call again",
			// What Error() returns, which logs show, is one of its templates.
			"\nError text, for logs (not sent)\n  {code}: {message}; retry in {retry_after_seconds} s\n",
		}},
		{"UPSTREAM_TIMEOUT", []string{"  Category      upstream_timeout, inside upstream, internal: The upstream API"}},
		{"AUTHENTICATION_FAILED", []string{"Never echoed: [redacted] stands in for it."}},
	}
	for _, tt := range tests {
		c := cat.Code(tt.code)
		if c == nil {
			t.Errorf("no code %s in the example", tt.code)
			continue
		}
		out := explain.Text(cat, c)
		flat := strings.Join(strings.Fields(out), " ")
		for _, w := range tt.want {
			// A phrase without a newline may be wrapped.
			if !strings.Contains(out, w) && (strings.Contains(w, "\n") || !strings.Contains(flat, w)) {
				t.Errorf("%s lacks %q:\n%s", tt.code, w, out)
			}
		}
	}
}

// checkDescription checks that a code A of that description reads as
// want under "When to expect it", in a catalog edit may change.
func checkDescription(t *testing.T, description, want string, edit ...func(*model.Input)) {
	t.Helper()
	in := &model.Input{
		Name:       "md",
		Categories: model.Ordered[model.InputCategory]{{Key: "c", Value: model.InputCategory{Description: "C."}}},
		Codes: model.Ordered[model.InputCode]{{Key: "A", Value: model.InputCode{Category: "c", Title: "A", Message: "a",
			Description: description}}},
	}
	for _, e := range edit {
		e(in)
	}
	cat, err := model.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	out := explain.Text(cat, cat.Code("A"))
	if want = "When to expect it\n" + want; !strings.Contains(out, want) {
		t.Errorf("description:\n%s\nwant:\n%s", out, want)
	}
}

func TestMarkdownDescription(t *testing.T) {
	checkDescription(t, "A paragraph that goes on for long enough that it has to be wrapped at eighty columns.\n\n"+
		"- a list item\n- another\n\n```\n  code   stays\n```\n1. first",
		"  A paragraph that goes on for long enough that it has to be wrapped at eighty\n"+
			"  columns.\n\n"+
			"  - a list item\n"+
			"  - another\n\n"+
			"  ```\n    code   stays\n  ```\n"+
			"  1. first\n")
}

// TestDescriptionFences checks that code stays as it is to the fence that
// closes its block: one of the same character, at least as long, with
// nothing after it, not the first line that starts with three backticks.
func TestDescriptionFences(t *testing.T) {
	checkDescription(t, "````markdown\n```json\n{\"a\": 1,\n \"b\": 2}\n```\n````\n\n"+
		"```sh\ncurl -X POST \\\n  https://example.com\n```go\n  x := 1\n```\nThe end\nof it.",
		"  ````markdown\n  ```json\n  {\"a\": 1,\n   \"b\": 2}\n  ```\n  ````\n\n"+
			"  ```sh\n  curl -X POST \\\n    https://example.com\n  ```go\n    x := 1\n  ```\n  The end of it.\n")
}

// TestDescriptionBlocks checks that a table keeps a line per row, a
// block quote its marks and indented code its layout, where a list item's
// indented paragraph is refilled, and that a heading, underlined (setext)
// or not (ATX), reads as a paragraph of its text, as on the reference.
func TestDescriptionBlocks(t *testing.T) {
	checkDescription(t, "| Plan | Calls |\n| --- | --- |\n| Free | 60 |\n\n> Limits apply\n> per project.\n\n"+
		"    indented code\n      keeps its layout\n\n- an item\n\n    its second paragraph\n  goes on\n\nA heading\n---\nits text\n## Another ##\nand its text",
		"  | Plan | Calls |\n  | --- | --- |\n  | Free | 60 |\n\n  > Limits apply per project.\n\n"+
			"      indented code\n        keeps its layout\n\n  - an item\n\n  its second paragraph goes on\n\n"+
			"  A heading\n\n  its text\n\n  Another\n\n  and its text\n")
}

// TestDescriptionLinks checks that a description's links to a fragment of
// the reference lead to the URL of that section, a code's to its docs URL
// (its page in the per-code layout), but in a code span or with no end;
// and that without a docs base URL they stay as they are.
func TestDescriptionLinks(t *testing.T) {
	const desc = "See [B](#b), [c](#category-c \"C\"), [retry](#retry-strategy), `[A](#a)` and [top](#), [open](#b\n\nAnd [ü](#über)."
	perCode := func(in *model.Input) {
		in.Docs.BaseURL = "https://docs.example.com/errors"
		in.Outputs.Markdown = &model.InputMarkdown{Layout: model.LayoutPerCode, Dir: "docs"}
		in.Codes = append(in.Codes, model.Ordered[model.InputCode]{{Key: "B", Value: model.InputCode{Category: "c", Title: "B", Message: "b"}}}...)
	}
	checkDescription(t, desc,
		"  See [B](https://docs.example.com/errors/b),\n"+
			"  [c](https://docs.example.com/errors/#category-c \"C\"),\n"+
			"  [retry](https://docs.example.com/errors/#retry-strategy), `[A](#a)` and\n"+
			"  [top](#), [open](#b\n\n  And [ü](https://docs.example.com/errors/#%C3%BCber).\n", perCode)
	checkDescription(t, desc,
		"  See [B](#b), [c](#category-c \"C\"), [retry](#retry-strategy), `[A](#a)` and\n"+
			"  [top](#), [open](#b\n\n  And [ü](#über).\n", func(in *model.Input) {
			perCode(in)
			in.Docs.BaseURL = ""
		})
}

// TestWidthColumns checks that text is wrapped at the columns it takes in
// a terminal: two for a wide character (Korean), and the length of its
// escape for a hidden one, not one for either.
func TestWidthColumns(t *testing.T) {
	checkDescription(t, "서버가 요청을 처리하는 동안 예상하지 못한 오류가 발생했습니다. 잠시 후 다시 시도해 주십시오.\n\n"+
		"A\u200bB\u200bC\u200bD\u200bE\u200bF\u200bG\u200bH\u200bI\u200bJ\u200bK\u200bL and a few more words to wrap",
		"  서버가 요청을 처리하는 동안 예상하지 못한 오류가 발생했습니다. 잠시 후 다시\n"+
			"  시도해 주십시오.\n\n"+
			`  A\u200BB\u200BC\u200BD\u200BE\u200BF\u200BG\u200BH\u200BI\u200BJ\u200BK\u200BL`+"\n"+
			"  and a few more words to wrap\n")
}

// TestWidthWithoutSpaces checks that Chinese and Japanese, written
// without spaces, wrap between their characters at 80 columns, where a
// line never starts with a mark that closes (、。」) nor ends with one
// that opens (「).
func TestWidthWithoutSpaces(t *testing.T) {
	checkDescription(t, "このエラーは、指定された注文が存在しない場合、またはすでに削除された場合、あるいは別のアカウントに属している場合に返されます。",
		"  このエラーは、指定された注文が存在しない場合、またはすでに削除された場合、ある\n"+
			"  いは別のアカウントに属している場合に返されます。\n")
	checkDescription(t, "订单号码已经过期或者不存在于当前账户之中请先调用订单列表接口获取有效号码然后「重试」一次。",
		"  订单号码已经过期或者不存在于当前账户之中请先调用订单列表接口获取有效号码然后\n"+
			"  「重试」一次。\n")
	// An emoji with a joiner or a skin tone is one picture.
	checkDescription(t, strings.Repeat("mot ", 18)+"ok 👩\u200d💻👍🏽",
		"  "+strings.TrimSpace(strings.Repeat("mot ", 18))+" ok\n"+
			"  👩\u200d💻👍🏽\n")
	checkDescription(t, strings.Repeat("mot ", 18)+"okay👍🏽",
		"  "+strings.Repeat("mot ", 18)+"okay\n"+
			"  👍🏽\n")
	checkDescription(t, "订单号码已经过期或者不存在于当前账户之中请先调用订单列表接口获取有效号码然后了。再试",
		"  订单号码已经过期或者不存在于当前账户之中请先调用订单列表接口获取有效号码然后\n"+
			"  了。再试\n")
}

// TestWidthNoBreakSpace checks that a line never breaks at a no-break
// space, which French writes before a colon and inside « », and that the
// space stays one.
func TestWidthNoBreakSpace(t *testing.T) {
	checkDescription(t, strings.Repeat("mot ", 17)+"magasinier\u00a0: vérifiez «\u202forder_id\u202f».",
		"  "+strings.TrimSpace(strings.Repeat("mot ", 17))+"\n"+
			"  magasinier\u00a0: vérifiez «\u202forder_id\u202f».\n")
}

// TestJoiners checks that the joiners Persian and emoji write between
// their characters reach the terminal as they are, taking no column,
// where one between Latin letters shows as its escape.
func TestJoiners(t *testing.T) {
	checkDescription(t, "می\u200cتوانید سفارش\u200cها را ببینید 👩\u200d💻 a\u200cb",
		"  می\u200cتوانید سفارش\u200cها را ببینید 👩\u200d💻 a\\u200Cb\n")
}

func TestRetry(t *testing.T) {
	tests := []struct {
		retryable      bool
		class          model.Retry
		after, retries int
		want           string
	}{
		{false, model.RetryNever, 0, 0, "no (never): the call cannot succeed; do not send it again"},
		{false, model.RetryAfterFix, 0, 0, "no (after_fix): change the call as the suggestion says, then send it again"},
		{true, model.RetryAfterDelay, 0, 0, "yes (after_delay): wait briefly, then send the same call again, waiting twice as long each time it fails again"},
		{true, model.RetryAfterDelay, 1, 0, "yes (after_delay): wait 1 second, then send the same call again, waiting twice as long each time it fails again"},
		{true, model.RetryAfterDelay, 0, 1, "yes (after_delay): wait briefly, then send the same call again, once"},
		{true, model.RetryAfterDelay, 30, 3, "yes (after_delay): wait 30 seconds, then send the same call again, at most 3 times"},
		{true, model.RetrySafe, 5, 0, "yes (safe): send the same call again at once; repeating it is safe"},
		{true, model.RetrySafe, 0, 2, "yes (safe): send the same call again at once; repeating it is safe, at most twice"},
	}
	for _, tt := range tests {
		if got := explain.Retry(tt.retryable, tt.class, tt.after, tt.retries); got != tt.want {
			t.Errorf("Retry(%v, %s, %d, %d) = %q, want %q", tt.retryable, tt.class, tt.after, tt.retries, got, tt.want)
		}
	}
}

// TestTerminalSafe checks that nothing in a catalog reaches the terminal
// as a control or format character: escape sequences in example values
// and envelope constants, bidirectional overrides and zero-width
// characters in URLs and text all show as escapes. (A URL or a text that
// holds a control character is rejected.)
func TestTerminalSafe(t *testing.T) {
	in := &model.Input{
		Name:     "evil",
		Docs:     model.InputDocs{BaseURL: "https://docs.example.com/\u202egnirts\u200b"},
		Envelope: []byte(`{"code": "$code", "message": "$message", "k\u202e": "\u001b[31m\u0085", "params": "$params"}`),
		Categories: model.Ordered[model.InputCategory]{{Key: "c", Value: model.InputCategory{
			Description: "Bidi \u202egnirts\u202c and zero\u200bwidth\u2028line."}}},
		Codes: model.Ordered[model.InputCode]{{Key: "A", Value: model.InputCode{
			Category: "c", Title: "Title \u2066isolate\u2069", Message: "m {value}", Description: "```\n\u202e code\n```",
			Params: model.Ordered[model.InputParam]{{Key: "value", Value: model.InputParam{Type: "string", Doc: "Doc\u200f."}}},
			Examples: []model.InputExample{{
				Params: model.Ordered[json.RawMessage]{{Key: "value", Value: json.RawMessage(`"\u001b[2J\u009b\u007f"`)}},
				JSON:   []byte(`{"code": "A", "message": "m \u001b[2J\u009b\u007f", "k\u202e": "\u001b[31m\u0085", "params": {"value": "\u001b[2J\u009b\u007f"}}`),
			}},
		}}},
	}
	cat, err := model.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	out := explain.Text(cat, cat.Code("A"))
	for _, r := range out {
		if textsafe.Hidden(r) {
			t.Fatalf("the terminal text holds %U:\n%s", r, out)
		}
	}
	for _, want := range []string{`\u202Egnirts\u200B`, `Title \u2066isolate`, `Bidi \u202Egnirts\u202C`, `Doc\u200F.`, `\u202E code`} {
		if !strings.Contains(out, want) {
			t.Errorf("the text lacks %q:\n%s", want, out)
		}
	}
}

// TestTemplatesAsReference checks, for every code of the example catalog
// and of a catalog whose envelope moves and leaves out the texts, that
// explain says where each template's text is sent as the reference's
// table of templates does: not at all, or under another key than the
// part's own name.
func TestTemplatesAsReference(t *testing.T) {
	notSent := false
	other := &model.Input{
		Name:       "moved",
		Envelope:   []byte(`{"err": {"code": "$code", "hint": "$suggestion"}, "text": "$message", "detail": "$detail"}`),
		Envelopes:  model.Ordered[json.RawMessage]{{Key: "bare", Value: []byte(`{"err": {"code": "$code"}}`)}},
		Categories: model.Ordered[model.InputCategory]{{Key: "c", Value: model.InputCategory{Description: "C."}}},
		Codes: model.Ordered[model.InputCode]{
			{Key: "A", Value: model.InputCode{Category: "c", Title: "A", Message: "a", Detail: "d", Suggestion: "Do a."}},
			{Key: "B", Value: model.InputCode{Category: "c", Title: "B", Message: "b {n}", Detail: "d", Suggestion: "Do b.", Envelope: "bare",
				Params: model.Ordered[model.InputParam]{{Key: "n", Value: model.InputParam{Type: "int", Wire: &notSent}}}}},
		},
	}
	moved, err := model.Build(other)
	if err != nil {
		t.Fatal(err)
	}
	rowRE := regexp.MustCompile("(?m)^\\| (Message|Detail|Suggestion) \\| (not sent|`([^`]*)`) \\|")
	for _, cat := range []*model.Catalog{loadExample(t), moved} {
		page, err := mdgen.Render(cat, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cat.Codes {
			// The code's section, up to the next heading of its level.
			ref := string(page)
			ref = ref[strings.Index(ref, "\n### `"+c.Name+"`\n")+1:]
			ref = ref[:strings.Index(ref+"\n### ", "\n### ")]
			out := explain.Text(cat, c)
			rows := rowRE.FindAllStringSubmatch(ref, -1)
			if len(rows) == 0 {
				t.Fatalf("%s: no table of templates in its page:\n%s", c.Name, ref)
			}
			for _, row := range rows {
				part, key := row[1], row[3]
				want := "\n" + part + "\n"
				switch {
				case row[2] == "not sent":
					want = "\n" + part + " (not sent)\n"
				case key != strings.ToLower(part):
					want = "\n" + part + " (sent as " + key + ")\n"
				}
				if !strings.Contains(out, want) {
					t.Errorf("%s.%s: the reference sends it %s; explain lacks %q:\n%s", cat.Name, c.Name, row[2], want, out)
				}
			}
			// Params none of which is sent are said to be so.
			if strings.Contains(ref, "**Params.** None of them is sent") != strings.Contains(out, "\nParams (none sent: they only fill the templates)\n") {
				t.Errorf("%s.%s: the reference and explain disagree on whether its params are sent:\n%s\n%s", cat.Name, c.Name, ref, out)
			}
		}
	}
}
