// Package lint holds a catalog to the conventions that make its errors
// useful to an agent: every code says what to do about it, in one naming
// style, retryable codes say when, deprecated codes name a replacement,
// nothing is declared in vain, messages carry what a caller needs. Each
// rule has an ID; a catalog's lint block adds rules to the default set,
// removes them, or exempts values from one.
package lint

import (
	"cmp"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/errspec/errspec/generator/model"
)

// Rule is a convention errspec lint checks.
type Rule struct {
	ID      string
	Default bool   // checked unless the catalog excepts it; the others only when it uses them
	Summary string // what it asks of a catalog, one line
}

// Rules are the rules of errspec lint, the default set first.
var Rules = []Rule{
	{"CODE_NAME_STYLE", true, "every code is named in the style most of the catalog's codes have (UPPER_SNAKE_CASE, lower_snake_case, PascalCase or camelCase)"},
	{"CODE_SUGGESTION", true, "every code has a suggestion: what the caller should do, the field an agent acts on"},
	{"SUGGESTION_INSTRUCTION", true, "a suggestion is an instruction, not the message again: it has words the message does not"},
	{"RETRYABLE_WHEN", true, "a code a client may retry after a delay says when: retry_after, or a suggestion that says how long to wait"},
	{"DEPRECATED_REPLACEMENT", true, "a deprecated code names a replacement, and the replacement is not deprecated itself"},
	{"CATEGORY_USED", true, "every category has codes, its own or its subcategories'"},
	{"TIER_USED", true, "every tier is one a feature or an alternative names, or below one; without features, the tiers are used when a param has the type tier"},
	{"FEATURE_USED", true, "features have a code to report them: one plays the tier_restricted role"},
	{"TOOL_USED", true, "every tool is gated by a feature or checked by the call validator (codes play missing_fields and invalid_action, and the tool lists actions)"},
	{"ROLE_USED", true, "every role's code is one a generated helper returns: permission_denied and not_found with an api_error code (FromUpstream), missing_fields and invalid_action together and with tools that list actions (ValidateCall), tier_restricted with features (TierRestricted), invalid_arguments with an MCP output, internal with an MCP or a gRPC output"},
	{"FEATURE_ACTION_DECLARED", true, "every tool:action a feature gates is an action of its tool in the tools table"},
	{"MESSAGE_PARAMS", true, "a message names what the caller needs to act on: a code with params names one in its message or detail, and a not-found names what was not found"},
	{"OPTIONAL_DEFAULT", true, "a template that places an optional param gives the text to show when it is not given, {name|text}: the error never reads with a hole"},
	{"UNSENT_PARAM_TEXT", true, "a text a client fills in again after Parse (the code's error_text, or a message, detail or suggestion its envelope does not carry) places a wire: false param, which the client does not have, only with the text to show without it, {name|text}"},
	{"TEMPLATE_PLACEHOLDER", true, "a template inserts a param as {name}, not as other template languages write it: {{name}}, {{ name }} or {{.name}} (the text {name}, braces and all), ｛name｝ in full-width braces, or %s and %w (written as they are)"},
	{"LIST_WORDS", true, "a catalog whose templates are not in English gives the words that join a list in their language (lists), which {name:and}, {name:or} and {tier:or_higher} write: \"a, b and c\" otherwise"},
	{"ROLE_EXAMPLES", true, "every code a generated helper returns (a role's code) has an example"},
	{"CODE_EXAMPLES", false, "every code has an example"},
	{"CODE_DESCRIPTION", false, "every code has a description: when to expect it"},
	{"PARAM_DOC", false, "every param and field has a doc"},
}

// Finding is a place where a catalog breaks a rule.
type Finding struct {
	Rule    string
	Path    []string // the value at fault: codes, NOT_FOUND, suggestion
	Message string   // what is wrong, one sentence
	Fix     string   // what to do about it
	// At is where in the string at Path the finding is, as model.Error's
	// At: a byte offset plus one, or zero for the value as a whole.
	At int
}

// Check returns the findings of the rules the catalog has checked, less
// the values it exempts, in the order of the rules and, for each, of the
// catalog.
func Check(cat *model.Catalog) []Finding {
	l := &linter{cat: cat}
	checks := map[string]func(){
		"CODE_NAME_STYLE":         l.codeNameStyle,
		"CODE_SUGGESTION":         l.codeSuggestion,
		"SUGGESTION_INSTRUCTION":  l.suggestionInstruction,
		"RETRYABLE_WHEN":          l.retryableWhen,
		"DEPRECATED_REPLACEMENT":  l.deprecatedReplacement,
		"CATEGORY_USED":           l.categoryUsed,
		"TIER_USED":               l.tierUsed,
		"FEATURE_USED":            l.featureUsed,
		"TOOL_USED":               l.toolUsed,
		"ROLE_USED":               l.roleUsed,
		"FEATURE_ACTION_DECLARED": l.featureActionDeclared,
		"MESSAGE_PARAMS":          l.messageParams,
		"OPTIONAL_DEFAULT":        l.optionalDefault,
		"UNSENT_PARAM_TEXT":       l.unsentParamText,
		"TEMPLATE_PLACEHOLDER":    l.templatePlaceholder,
		"LIST_WORDS":              l.listWords,
		"ROLE_EXAMPLES":           l.roleExamples,
		"CODE_EXAMPLES":           l.codeExamples,
		"CODE_DESCRIPTION":        l.codeDescription,
		"PARAM_DOC":               l.paramDoc,
	}
	for _, r := range Rules {
		if !cat.Lint.Checks(r.ID, r.Default) {
			continue
		}
		l.rule = r.ID
		checks[r.ID]()
	}
	return l.out
}

type linter struct {
	cat  *model.Catalog
	rule string // the rule being checked
	out  []Finding
}

func (l *linter) add(path []string, fix, format string, args ...any) {
	l.addAt(path, -1, fix, format, args...)
}

// addAt adds a finding at byte offset i of the string at path.
func (l *linter) addAt(path []string, i int, fix, format string, args ...any) {
	if l.cat.Lint.Ignores(l.rule, path) {
		return
	}
	l.out = append(l.out, Finding{Rule: l.rule, Path: path, Message: fmt.Sprintf(format, args...), Fix: fix, At: i + 1})
}

func codePath(c *model.Code, more ...string) []string {
	return append([]string{"codes", c.Name}, more...)
}

// A naming style of codes.
type style struct {
	name  string
	match *regexp.Regexp
	join  func(words []string) string
}

var styles = []style{
	{"UPPER_SNAKE_CASE", regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`), func(w []string) string {
		return strings.ToUpper(strings.Join(w, "_"))
	}},
	{"lower_snake_case", regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`), func(w []string) string {
		return strings.Join(w, "_")
	}},
	// A run of capitals is an initialism, as Go writes them: InvalidURL,
	// OAuthTokenExpired, invalidURL. A name without a lower-case letter is
	// upper case, not PascalCase.
	{"PascalCase", regexp.MustCompile(`^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$`), func(w []string) string {
		return title(w, true)
	}},
	{"camelCase", regexp.MustCompile(`^[a-z][A-Za-z0-9]*$`), func(w []string) string {
		return title(w, false)
	}},
}

// has reports whether name is in the style: as it matches it, or as the
// style writes its words (E1001, a letter and digits, is PascalCase as
// well as upper case, as Go writes it).
func (s style) has(name string) bool {
	return s.match.MatchString(name) || s.join(words(name)) == name
}

func title(words []string, first bool) string {
	var b strings.Builder
	for i, w := range words {
		if i == 0 && !first {
			b.WriteString(w)
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// mixedCase are initialisms written with lower-case letters, which a
// name keeps whole: OAuth2TokenExpired is oauth2, token, expired, not o,
// auth2, token, expired.
var mixedCase = []string{"OAuth", "OpenID", "IPv4", "IPv6", "gRPC", "iOS", "macOS", "GraphQL", "MySQL", "PostgreSQL", "NoSQL", "GitHub", "GitLab"}

// words splits a name into lower-case words: HTTPStatus_code gives
// http, status, code, and OAuthToken oauth, token.
func words(name string) []string {
	for _, m := range mixedCase {
		name = strings.ReplaceAll(name, m, "_"+strings.ToLower(m))
	}
	ws := model.Words(name)
	for i, w := range ws {
		ws[i] = strings.ToLower(w)
	}
	return ws
}

func (l *linter) codeNameStyle() {
	if len(l.cat.Codes) == 0 {
		return
	}
	counts := make([]int, len(styles))
	for _, c := range l.cat.Codes {
		for i, s := range styles {
			if s.has(c.Name) {
				counts[i]++
			}
		}
	}
	best := 0
	for i, n := range counts {
		if n > counts[best] {
			best = i
		}
	}
	s := styles[best]
	for _, c := range l.cat.Codes {
		if s.has(c.Name) {
			continue
		}
		if d := c.Deprecated; d != nil && d.Use != nil && s.has(d.Use.Name) {
			// On its way out, as this rule's fix says, for a code in
			// the style.
			continue
		}
		to := s.join(words(c.Name))
		fix := fmt.Sprintf("name it %s; if clients already match %s, add %s and deprecate %s with use: %q", to, c.Name, to, c.Name, to)
		if model.Ident(to) == c.Ident {
			// The catalog would give one Go name twice, as errspec
			// breaking tells of the rename (CODE_RENAMED).
			fix = fmt.Sprintf("name it %s; if clients already match %s, keep the name and exempt it (lint: ignore: CODE_NAME_STYLE: [%q]): %s gives the same Go names (%s), so the two cannot be declared side by side while clients move",
				to, c.Name, model.PathString(codePath(c)), to, c.GoName)
		}
		l.add(codePath(c), fix,
			"code %s is not in %s, the style of %d of the catalog's %d codes", c.Name, s.name, counts[best], len(l.cat.Codes))
	}
}

func (l *linter) codeSuggestion() {
	for _, c := range l.cat.Codes {
		if c.Suggestion.Source == "" {
			l.add(codePath(c), `add suggestion: what the caller should do about it, such as "Pass {field} as a number"`,
				"code %s has no suggestion: an agent that gets it is not told what to do", c.Name)
		}
	}
}

// functionWords are the words of a language that carry no meaning of
// their own: articles, auxiliaries, prepositions and conjunctions.
var functionWords = map[string]string{
	"en": `a an the this that these those it its is are was were be been being
		of to in on at by for from with without as into onto than then
		and or but nor not no so if
		has have had do does did can could may might must should will would
		you your yours we our they their there here please`,
	"fr": `le la les l un une des du de d ce cet cette ces il elle est sont été était a ont
		au aux en par pour avec sans dans sur et ou ni ne n pas vous votre vos veuillez`,
	"de": `der die das den dem des ein eine einen einem einer ist sind war wurde wurden worden wird werden
		hat haben nicht kein keine mit von zu zum zur für im und oder sie es bitte`,
	"es": `el los las una unos unas del al es son fue fueron ha han con por para sin y o usted su sus`,
}

// listLanguageWords are function words of the languages LIST_WORDS reads
// a catalog's language from besides those of functionWords: Portuguese,
// Italian and Dutch, which share words with French and Spanish (de, en,
// il, con, del, para), so that their catalogs are not taken for French or
// Spanish and told to join lists with " et " or " y ", and Polish, Turkish
// and Vietnamese (with tekrar, ponownie and lại, again, which their
// errors say often). Words English uses too (no, do, as, to, non, era, ai,
// var, met, van) are left out.
var listLanguageWords = map[string]string{
	"pt": `os um uma uns umas da das dos na nas nos ao aos pelo pela pelos pelas em com sem para por
		não são foi foram está estão ser você seu sua seus suas`,
	"it": `il lo gli la le un uno una di del dello della dei degli delle al allo alla agli alle
		dal dalla nel nello nella nei con su sul sulla per tra fra sono stato essere ha hanno che`,
	"nl": `de het een en op te voor aan bij uit naar om zijn werd worden wordt niet geen ook dan dat deze dit uw`,
	"pl": `nie się jest są był była było na dla lub oraz przez od że jak ale czy już jeszcze proszę ponownie`,
	"tr": `ve ile bir bu şu için veya olan daha çok lütfen değil yok gibi ama ki tekrar`,
	"vi": `và của các những không được là có cho trong với này hoặc vui lòng đã để rồi một khi thì bị lại`,
}

// languagesOf holds, for each function word of functionWords and
// listLanguageWords, every language it is one of: LIST_WORDS counts it
// for each. stopWords carry no meaning of their own, for comparing a
// suggestion with a message: the function words of English, French,
// German and Spanish (functionWords), so that "La commande {id} est
// introuvable" says no more than "Commande {id} introuvable".
var (
	languagesOf = map[string][]string{}
	stopWords   = map[string]bool{}
)

func init() {
	for _, words := range []map[string]string{functionWords, listLanguageWords} {
		for _, lang := range slices.Sorted(maps.Keys(words)) {
			for _, w := range strings.Fields(words[lang]) {
				if !slices.Contains(languagesOf[w], lang) {
					languagesOf[w] = append(languagesOf[w], lang)
				}
			}
		}
	}
	for _, words := range functionWords {
		for _, w := range strings.Fields(words) {
			stopWords[w] = true
		}
	}
}

// elided are the French words that lose their vowel before one, l' and
// qu', and are written with the word that follows.
var elided = []string{"c", "d", "j", "l", "m", "n", "qu", "s", "t"}

// partsWords reports whether r parts the words of a text: it is no
// letter, no digit and no apostrophe (l'identifiant is one word).
func partsWords(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' }

// contentWords are the words of a template that carry meaning, in lower
// case, a placeholder as its braced name.
func contentWords(t model.Template) map[string]bool {
	out := map[string]bool{}
	for _, p := range t.Parts {
		if p.Param != nil {
			out["{"+p.Param.Name+"}"] = true
			continue
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(p.Text), partsWords) {
			// l'identifiant is the word identifiant.
			if before, after, ok := strings.Cut(w, "'"); ok && after != "" && slices.Contains(elided, before) {
				w = after
			}
			if !stopWords[w] {
				out[w] = true
			}
		}
	}
	return out
}

func (l *linter) suggestionInstruction() {
	for _, c := range l.cat.Codes {
		if c.Suggestion.Source == "" {
			continue
		}
		msg, sug := contentWords(c.Message), contentWords(c.Suggestion)
		restates := true
		for w := range sug {
			if !msg[w] {
				restates = false
				break
			}
		}
		if restates {
			l.add(codePath(c, "suggestion"), `say what to do, such as "Retry with {field} set" or "List the valid ids with list_items"`,
				"the suggestion of %s says nothing the message does not: it is not an instruction", c.Name)
		}
	}
}

// languageNames name the languages of functionWords but English, for a
// finding of LIST_WORDS, with the words that join their lists.
var languageNames = map[string]struct{ name, lists string }{
	"fr": {"French", `lists: {and: " et ", or: " ou "}`},
	"de": {"German", `lists: {and: " und ", or: " oder "}`},
	"es": {"Spanish", `lists: {and: " y ", or: " o "}`},
	"pt": {"Portuguese", `lists: {and: " e ", or: " ou "}`},
	"it": {"Italian", `lists: {and: " e ", or: " o "}`},
	"nl": {"Dutch", `lists: {and: " en ", or: " of "}`},
	"pl": {"Polish", `lists: {and: " i ", or: " lub "}`},
	"tr": {"Turkish", `lists: {and: " ve ", or: " veya "}`},
	"vi": {"Vietnamese", `lists: {and: " và ", or: " hoặc "}`},
}

// scriptLists are the words that join lists in the language a script
// other than Latin most likely writes, as the Unicode CLDR gives them, for
// a finding of LIST_WORDS: the first script of the list that a catalog's
// text has letters of.
var scriptLists = []struct {
	script         *unicode.RangeTable
	language, list string
}{
	{ukrainian, "Ukrainian", `lists: {and: " і ", or: " або "}`},
	{urdu, "Urdu", `lists: {separator: "، ", and: " اور ", or: " یا "}`},
	{persian, "Persian", `lists: {separator: "، ", and: " و ", or: " یا "}`},
	{unicode.Hiragana, "Japanese", `lists: {separator: "、", and: "、", or: "、または"}`},
	{unicode.Katakana, "Japanese", `lists: {separator: "、", and: "、", or: "、または"}`},
	{unicode.Hangul, "Korean", `lists: {and: " 및 ", or: " 또는 "}`},
	{unicode.Han, "Chinese", `lists: {separator: "、", and: "和", or: "或"}`},
	{unicode.Cyrillic, "Russian", `lists: {and: " и ", or: " или "}`},
	{unicode.Arabic, "Arabic", `lists: {and: " و", or: " أو "}`},
	{unicode.Hebrew, "Hebrew", `lists: {and: " ו", or: " או "}`},
	{unicode.Greek, "Greek", `lists: {and: " και ", or: " ή "}`},
	{unicode.Devanagari, "Hindi", `lists: {and: " और ", or: " या "}`},
	{unicode.Thai, "Thai", `lists: {separator: " ", and: " และ", or: " หรือ "}`},
}

// The letters that tell a language apart from the others of its script:
// Ukrainian's і, ї, є and ґ among Cyrillic's (or Russian's words would be
// proposed), Urdu's ٹ, ڈ, ڑ, ں and ے and Persian's پ, چ, ژ, گ, ک and ی
// among Arabic's.
var (
	ukrainian = letters("ієїґІЄЇҐ")
	urdu      = letters("ٹڈڑںے")
	persian   = letters("پچژگکی")
)

// letters returns a table of the letters of s.
func letters(s string) *unicode.RangeTable {
	rs := []rune(s)
	slices.Sort(rs)
	t := &unicode.RangeTable{}
	for _, r := range rs {
		t.R16 = append(t.R16, unicode.Range16{Lo: uint16(r), Hi: uint16(r), Stride: 1})
	}
	return t
}

// unspaced are the scripts written without spaces between words, whose
// letters LIST_WORDS counts as words each.
var unspaced = []*unicode.RangeTable{unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar}

// englishList is how English's words join a list of each format.
var englishList = map[model.Format]string{
	model.FormatText:     `"a, b, c"`,
	model.FormatAnd:      `"a, b and c"`,
	model.FormatOr:       `"a, b or c"`,
	model.FormatOrHigher: `"Team, Business or Enterprise"`,
}

// listWords reports the first template that joins a list with English's
// words, "a, b and c", which the catalog's lists leaves as they are, in a
// catalog whose titles and templates are in another language (see
// readLanguage), where a list in words ({name}) is at fault too for a
// language that parts a list otherwise ("a, b, c" for "a、b、c").
func (l *linter) listWords() {
	lists, english := l.cat.Lists, model.EnglishLists
	if lists.And != english.And && lists.Or != english.Or && lists.Separator != english.Separator {
		return
	}
	lang, ok := readLanguage(l.cat)
	if !ok {
		return
	}
	// englishSeparator: a list is parted with English's ", " where the
	// language parts it otherwise, also before the word for and or or of
	// its own ("a, b和c").
	englishSeparator := lang.separator && lists.Separator == english.Separator
	for _, c := range l.cat.Codes {
		for _, t := range c.Templates() {
			for _, p := range t.Parts {
				if p.Param == nil || p.Param.Type.Kind != model.List && p.Format != model.FormatOrHigher {
					continue
				}
				var own bool // the catalog gives the word before the last element
				switch p.Format {
				case model.FormatAnd:
					own = lists.And != english.And
				case model.FormatOr, model.FormatOrHigher:
					own = lists.Or != english.Or
				case model.FormatText:
					own = true
				default:
					continue
				}
				if own && !englishSeparator {
					continue
				}
				shown := englishList[p.Format]
				if own {
					shown = englishList[model.FormatText]
				}
				// One finding says it for the catalog: the first
				// template not ignored, so that ignoring one code does
				// not silence the others.
				if l.cat.Lint.Ignores(l.rule, codePath(c, t.Key)) {
					continue
				}
				end := strings.IndexByte(t.Source[p.Offset:], '}')
				l.addAt(codePath(c, t.Key), p.Offset, lang.fix,
					"the titles and templates of the catalog are in %s, and the %s of code %s joins a list with English's words, %s: %s",
					lang.name, t.Key, c.Name, shown, t.Source[p.Offset:p.Offset+end+1])
				return
			}
		}
	}
}

// language is a language other than English that readLanguage reads a
// catalog's texts in: its name, the fix that gives its words for lists,
// and whether it parts a list's elements otherwise than English's ", "
// (Japanese's and Chinese's 、, Persian's ، ).
type language struct {
	name, fix string
	separator bool
}

// readLanguage returns the language of the titles and templates of a
// catalog, and false for English or a language it cannot tell: French,
// German, Spanish, Portuguese, Italian, Dutch, Polish, Turkish or
// Vietnamese by their distinct function words of two letters or more (two
// at least, one of them its own, more than English's and than any other
// language's), or a script other than Latin by most of their words (a
// letter of Han, kana or Thai a word, a term in Latin letters one word).
func readLanguage(cat *model.Catalog) (language, bool) {
	hits := map[string]int{} // distinct function words, by language
	own := map[string]int{}  // those of hits that no other language has
	seen := map[string]bool{}
	scripts := map[*unicode.RangeTable]int{}
	var latin, other int // words of Latin letters and of others
	read := func(text string) {
		inWord, wasLatin := false, false
		for _, r := range text {
			if !unicode.IsLetter(r) {
				inWord = false
				continue
			}
			isLatin := unicode.Is(unicode.Latin, r)
			if !isLatin {
				for _, s := range scriptLists {
					if unicode.Is(s.script, r) {
						scripts[s.script]++
					}
				}
			}
			// A word starts after a letter of another script too
			// (payload에), and every letter of a script written without
			// spaces between words (Han, kana, Thai) counts as one,
			// where a word of Latin letters, such as a technical term
			// in a Chinese text (request body 中), counts once however
			// long it is.
			switch {
			case !isLatin && unicode.In(r, unspaced...):
				other++
			case inWord && isLatin == wasLatin:
			case isLatin:
				latin++
			default:
				other++
			}
			inWord, wasLatin = true, isLatin
		}
		for _, w := range strings.FieldsFunc(text, partsWords) {
			// A word in capitals is an acronym (OS, DI, NA), not a
			// function word.
			lower := strings.ToLower(w)
			if strings.ToUpper(w) == w && lower != w && utf8.RuneCountInString(w) > 1 {
				continue
			}
			w = lower
			// A letter alone, such as Spanish's y and o, is as often a
			// name or a variable: x|y.
			if utf8.RuneCountInString(w) > 1 && !seen[w] {
				seen[w] = true
				for _, lang := range languagesOf[w] {
					hits[lang]++
					if len(languagesOf[w]) == 1 {
						own[lang]++
					}
				}
			}
		}
	}
	for _, c := range cat.Codes {
		read(c.Title)
		for _, t := range c.Templates() {
			for _, p := range t.Parts {
				read(p.Text)
			}
		}
	}
	unknown := "give the words of their language: lists: {separator: ..., and: ..., or: ...}"
	if other > latin {
		// Of a script whose language is not known, a list in words is
		// not at fault: Greek, Hindi and most others part a list with
		// ", ".
		for _, s := range scriptLists {
			if scripts[s.script] > 0 {
				return language{s.language, "give the words of their language: " + s.list, strings.Contains(s.list, "separator:")}, true
			}
		}
		return language{"a script other than Latin", unknown, false}, true
	}
	// A word of several languages counts for each: the language of most
	// words is the catalog's, unless another has as many, and one of them
	// must be its own (de and la alone, in Café de la Paix, are as much
	// Spanish or Italian as French).
	best, tie := "en", false
	for _, k := range slices.Sorted(maps.Keys(languageNames)) {
		switch {
		case hits[k] > hits[best]:
			best, tie = k, false
		case hits[k] == hits[best]:
			tie = true
		}
	}
	switch {
	case best == "en" || hits[best] < 2 || own[best] == 0:
		return language{}, false
	case tie:
		return language{"a language other than English", unknown, false}, true
	}
	return language{languageNames[best].name, "give the words of their language: " + languageNames[best].lists, false}, true
}

// whenWords say when to retry: a time, a unit of time, or a word for
// waiting. "Later" alone does not: "Retry later" leaves an agent to
// guess.
var whenWords = regexp.MustCompile(`(?i)\b(wait|waiting|pause|sleep|after|until|once|when|delay|immediately|now|tomorrow|` +
	`backoff|back off|exponential(ly)?|` +
	`(milli)?seconds?|ms|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?)\b`)

// whenStems begin, and whenExact are, the words that say when to retry
// in other languages catalogs are written in: units of time and words for
// waiting or after, in French, German, Spanish, Portuguese, Italian,
// Dutch, Russian, Turkish, Arabic, Hebrew and Korean ("Patientez 30
// secondes", "Warten Sie 30 Sekunden", "30 saniye bekleyin"). A word of
// Chinese or Japanese, written without spaces, says when if it holds one
// of whenHan ("30秒待ってから"). As English's tomorrow, the word for
// tomorrow says when ("Réessayez demain", "明天重试"), and as in English,
// "later" does not:
// "Réessayez plus tard" leaves an agent to guess.
var (
	whenStems = []string{
		"seconde", "minute", "heure", "attendez", "attendre", "patiente", "après", "délai",
		"sekunde", "stunde", "warte", "sofort",
		"segundo", "minuto", "espere", "esperar", "aguard", "depois", "después", "inmediat",
		"secondi", "minuti", "aspetta", "attendere", "dopo",
		"wachten", "seconden",
		"секунд", "минут", "подожд", "через", "немедленно",
		"saniye", "dakika", "bekley", "bekledik", "sonra",
		"ثانية", "ثوان", "دقيقة", "دقائق", "ساعة", "ساعات", "انتظر", "بعد",
		"שניות", "שנייה", "דקות", "דקה", "שעה", "שעות", "המתן", "המתינו", "לאחר",
		"시간", "기다", "내일",
	}
	whenExact = []string{"jour", "jours", "tage", "tagen", "hora", "horas", "día", "días", "dia", "dias",
		"ore", "ora", "giorni", "attendi", "uur", "minuut", "dag", "dagen", "wacht", "bekle", "час", "часа", "часов", "saat", "초", "분", "분간", "후", "후에",
		// tomorrow, as English's tomorrow
		"demain", "morgen", "mañana", "amanhã", "domani", "yarın", "завтра", "غدا", "غدًا", "מחר"}
	whenHan = []string{"秒", "分钟", "分鐘", "分間", "分後", "分后", "時間", "小时", "小時", "待", "立即", "すぐ", "明天", "明日"}
)

// saysWhen reports whether a text of a suggestion says when to retry.
func saysWhen(text string) bool {
	if whenWords.MatchString(text) || unitAfter.MatchString(text) {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.In(r, unicode.L, unicode.M) }) {
		if slices.Contains(whenExact, w) ||
			slices.ContainsFunc(whenStems, func(s string) bool { return strings.HasPrefix(w, s) }) ||
			slices.ContainsFunc(whenHan, func(s string) bool { return strings.Contains(w, s) }) {
			return true
		}
	}
	return false
}

// unitAfter matches a unit of time written after a number without a
// space, 30s, 500ms or 2m; unitFirst one at the start of a text that
// follows a number placeholder, {n}s.
var (
	unitAfter = regexp.MustCompile(`(?i)\d(ms|s|m|h|d)\b`)
	unitFirst = regexp.MustCompile(`(?i)^(ms|s|m|h|d)\b`)
)

// whenParams are words in the names of params that say when to retry.
var whenParams = []string{"retry", "after", "second", "minute", "hour", "wait", "reset", "until", "delay", "backoff", "cooldown"}

// whenParamUnits are words of a param's name that are a unit of time:
// window_ms, cooldown_secs (not s nor min, which name other things).
var whenParamUnits = []string{"ms", "millis", "sec", "secs", "mins", "days"}

func (l *linter) retryableWhen() {
	for _, c := range l.cat.Codes {
		if !c.Retryable || c.Retry != model.RetryAfterDelay || c.RetryAfter > 0 {
			continue
		}
		says := false
		for i, p := range c.Suggestion.Parts {
			switch {
			case p.Param != nil:
				if slices.ContainsFunc(whenParams, func(w string) bool { return strings.Contains(p.Param.Name, w) }) ||
					slices.ContainsFunc(words(p.Param.Name), func(w string) bool { return slices.Contains(whenParamUnits, w) }) {
					says = true
				}
			case saysWhen(p.Text):
				says = true
			case i > 0 && isNumber(c.Suggestion.Parts[i-1]) && unitFirst.MatchString(p.Text):
				says = true
			}
		}
		if !says {
			l.add(codePath(c), `set retry_after: the seconds to wait, or say when in the suggestion, such as "Wait {retry_after_seconds} seconds, then retry"`,
				"code %s is retryable after a delay, and says neither how long to wait nor when to retry", c.Name)
		}
	}
}

// isNumber reports whether p places a number param.
func isNumber(p model.Part) bool {
	return p.Param != nil && (p.Param.Type.Kind == model.Int || p.Param.Type.Kind == model.Float)
}

func (l *linter) deprecatedReplacement() {
	for _, c := range l.cat.Codes {
		d := c.Deprecated
		switch {
		case d == nil:
		case d.Use == nil:
			l.add(codePath(c, "deprecated"), `name the code to use instead: deprecated: use: "NEW_CODE"`,
				"code %s is deprecated and names no replacement", c.Name)
		case d.Use.Deprecated != nil:
			final := d.Use
			seen := map[*model.Code]bool{c: true}
			for final.Deprecated != nil && final.Deprecated.Use != nil && !seen[final] {
				seen[final] = true
				final = final.Deprecated.Use
			}
			fix := "name a replacement that is not deprecated"
			if final.Deprecated == nil {
				fix = fmt.Sprintf("name %s, which replaces %s: use: %q", final.Name, d.Use.Name, final.Name)
			}
			l.add(codePath(c, "deprecated", "use"), fix, "code %s names %s as its replacement, which is deprecated itself", c.Name, d.Use.Name)
		}
	}
}

func (l *linter) categoryUsed() {
	for _, cat := range l.cat.Categories {
		if len(l.cat.CodesUnder(cat)) == 0 {
			l.add([]string{"categories", cat.Name}, "remove it, or give it codes", "category %s has no codes, nor has any category below it", cat.Name)
		}
	}
}

func (l *linter) tierUsed() {
	top := -1 // the highest tier named
	for _, f := range l.cat.Features {
		if f.Tier != nil {
			top = max(top, f.Tier.Rank)
		}
		for _, a := range f.Alternatives {
			for _, t := range l.cat.Tiers {
				if t.Name == a.AvailableOn {
					top = max(top, t.Rank)
				}
			}
		}
	}
	if top < 0 && slices.ContainsFunc(l.cat.Codes, func(c *model.Code) bool {
		return slices.ContainsFunc(c.Params, func(p *model.Param) bool { return p.Type.HoldsTier() })
	}) {
		return // no feature, and the tiers are the values of a param
	}
	for i, t := range l.cat.Tiers {
		switch {
		case top < 0:
			l.add([]string{"tiers", fmt.Sprintf("[%d]", i)}, "remove the tiers, or gate a feature behind one, or send one in a param of type tier",
				"tier %s: no feature, alternative or param of type tier names a tier", t.Name)
		case t.Rank > top:
			l.add([]string{"tiers", fmt.Sprintf("[%d]", i)}, "remove it, or gate a feature behind it",
				"tier %s is above every tier a feature or an alternative names", t.Name)
		}
	}
}

func (l *linter) featureUsed() {
	if l.cat.Roles[model.RoleTierRestricted] != nil {
		return
	}
	for _, f := range l.cat.Features {
		l.add([]string{"features", f.Key}, `give the tier error a code: roles: tier_restricted: "TIER_RESTRICTED"`,
			"feature %s gates tools, and no code plays the tier_restricted role: no error reports it", f.Key)
	}
}

// toolUsed reports the tools that no feature gates and ValidateCall does
// not check: it checks the actions of a tool when the catalog has codes
// for both its roles, and takes every call of a tool without actions.
func (l *linter) toolUsed() {
	var lacks []string
	for _, r := range []model.Role{model.RoleMissingFields, model.RoleInvalidAction} {
		if l.cat.Roles[r] == nil {
			lacks = append(lacks, string(r))
		}
	}
	for _, t := range l.cat.Tools {
		gated := l.cat.GatingFeature(t.Name, "") != nil
		for _, a := range t.Actions {
			gated = gated || l.cat.GatingFeature(t.Name, a.Name) != nil
		}
		switch {
		case gated:
		case len(lacks) > 0:
			l.add([]string{"tools", t.Name}, `give the call validator its codes (roles: missing_fields and invalid_action), gate the tool with a feature, or remove it`,
				"tool %s is gated by no feature, and no code plays %s: nothing uses it", t.Name, strings.Join(lacks, " or "))
		case len(t.Actions) == 0:
			l.add([]string{"tools", t.Name}, `declare its actions, every one its calls may name, as ValidateCall then rejects a call of any other (errspec breaking reports it: TOOL_ACTION_REMOVED), gate the tool with a feature, or remove it`,
				"tool %s is gated by no feature and lists no actions: ValidateCall takes every call of it, and nothing uses it", t.Name)
		}
	}
}

// roleUsed reports the roles whose code no generated helper returns,
// because the helper is not generated: the catalog lacks what it needs.
func (l *linter) roleUsed() {
	roles := l.cat.Roles
	for _, r := range model.AllRoles {
		c := roles[r]
		if c == nil {
			continue
		}
		var why, fix string
		switch {
		case (r == model.RolePermissionDenied || r == model.RoleNotFound) && roles[model.RoleAPIError] == nil:
			why, fix = "no code plays api_error: FromUpstream, which returns it, is not generated",
				`give the other upstream errors a code: roles: api_error: "UPSTREAM_ERROR"`
		case r == model.RoleMissingFields && roles[model.RoleInvalidAction] == nil:
			why, fix = "no code plays invalid_action: ValidateCall, which returns it, is not generated",
				`give an unknown action a code: roles: invalid_action: "INVALID_ACTION"`
		case r == model.RoleInvalidAction && roles[model.RoleMissingFields] == nil:
			why, fix = "no code plays missing_fields: ValidateCall, which returns it, is not generated",
				`give missing arguments a code: roles: missing_fields: "MISSING_REQUIRED_FIELD"`
		case (r == model.RoleMissingFields || r == model.RoleInvalidAction) && !l.cat.ValidatesCalls():
			why, fix = "no tool lists actions: ValidateCall, which returns it, is not generated",
				`declare the tools' actions and their required arguments: tools: NAME: actions: ACTION: required: [...]`
		case r == model.RoleTierRestricted && len(l.cat.Features) == 0:
			why, fix = "the catalog has no features: TierRestricted, which returns it, is not generated",
				`gate tools with features: features: KEY: {name: "...", tier: "...", tools: ["tool", "tool:action"]}`
		case r == model.RoleInvalidArguments && l.cat.Outputs.MCP == nil:
			why, fix = "the catalog has no MCP output: the adapter that returns it is not generated",
				`generate the MCP adapter: outputs: mcp: {dir: "...", package: "..."}`
		case r == model.RoleInternal && l.cat.Outputs.MCP == nil && l.cat.Outputs.GRPC == nil:
			why, fix = "the catalog has neither an MCP nor a gRPC output: the adapters that return it are not generated",
				`generate an adapter: outputs: mcp: {dir: "...", package: "..."}, or outputs: grpc: {dir: "...", package: "...", domain: "..."}`
		default:
			continue
		}
		l.add([]string{"roles", string(r)}, fix+", or remove the role", "code %s plays the role %s, and %s", c.Name, r, why)
	}
}

func (l *linter) featureActionDeclared() {
	tools := map[string]*model.Tool{}
	for _, t := range l.cat.Tools {
		tools[t.Name] = t
	}
	for _, f := range l.cat.Features {
		for i, ref := range f.Tools {
			t := tools[ref.Tool]
			if ref.Action == "" || t == nil || len(t.Actions) == 0 || slices.ContainsFunc(t.Actions, func(a *model.Action) bool { return a.Name == ref.Action }) {
				continue
			}
			fix := fmt.Sprintf("declare the action under tools: %s: actions: %s, or gate an action the tool has", ref.Tool, ref.Action)
			names := make([]string, len(t.Actions))
			for j, a := range t.Actions {
				names[j] = a.Name
			}
			if m := model.Closest(ref.Action, names); len(m) > 0 {
				fix = "did you mean " + ref.Tool + ":" + m[0] + "? or " + fix
			}
			l.add([]string{"features", f.Key, "tools", fmt.Sprintf("[%d]", i)}, fix,
				"feature %s gates %s, which tool %s does not declare: a typo, or an action the call validator does not know", f.Key, ref, ref.Tool)
		}
	}
}

// notFound reports whether a code says that something was not found.
func (l *linter) notFound(c *model.Code) bool {
	return l.cat.RoleOf(c) == model.RoleNotFound || c.HTTPStatus == 404 || strings.Contains(squash(c.Name), "notfound")
}

func squash(s string) string {
	return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s))
}

func (l *linter) messageParams() {
	for _, c := range l.cat.Codes {
		named := len(c.Message.Params()) > 0 || len(c.Detail.Params()) > 0
		switch {
		case named:
		case l.notFound(c) && len(c.Params) == 0:
			l.add(codePath(c, "message"), `add a param that names it, such as id, and put it in the message: "{id} not found"`,
				"code %s says something was not found, and not what", c.Name)
		case l.notFound(c):
			l.add(codePath(c, "message"), fmt.Sprintf("name it in the message, such as \"{%s} not found\"", c.Params[0].Name),
				"code %s says something was not found, and its message does not say what", c.Name)
		case len(c.Required()) > 0:
			l.add(codePath(c, "message"), fmt.Sprintf("put what the caller needs to act on in the message or the detail, such as {%s}", c.Required()[0].Name),
				"code %s has params, and its message and detail name none of them", c.Name)
		}
	}
}

func (l *linter) optionalDefault() {
	for _, c := range l.cat.Codes {
		for _, t := range c.Templates() {
			if len(t.Parts) == 1 && zeroText(t.Parts[0]) == "" {
				// The param alone, writing nothing for its zero value:
				// not given, the text is empty and left out.
				continue
			}
			for _, p := range t.Parts {
				if p.Param != nil && p.Param.Optional && !p.HasDefault {
					reads := "reads with a hole"
					if z := zeroText(p); z != "" {
						reads = "reads " + z + " in its place"
					}
					l.addAt(codePath(c, t.Key), p.Offset, fmt.Sprintf("give it the text to show when it is not given: %s", withDefault(t, p)),
						"the %s of code %s places the optional param %s, and %s where it is not given", t.Key, c.Name, p.Param.Name, reads)
				}
			}
		}
	}
}

// withDefault writes the placeholder p of t, as its source has it, with
// a default to fill in: {holder:json|...}.
func withDefault(t model.KeyedTemplate, p model.Part) string {
	body := t.Source[p.Offset+1:]
	if end := strings.IndexAny(body, "|}"); end >= 0 {
		body = body[:end]
	}
	return "{" + body + "|...}"
}

// zeroText returns what the placeholder p writes for its param's zero
// value (an optional param not given, a wire: false param that a client
// does not have): 0 and false, anything as JSON, and nothing ("") for a
// text, a tier, a list, a map or an object in words.
func zeroText(p model.Part) string {
	if p.Param == nil {
		return ""
	}
	switch k := p.Param.Type.Kind; {
	case k == model.Int || k == model.Float:
		return "0"
	case k == model.Bool:
		return "false"
	case p.Format != model.FormatJSON:
		return ""
	case k == model.String || k == model.TierKind:
		return `""`
	case k == model.List:
		return "[]"
	case k == model.Map:
		return "{}"
	case p.Param.Optional:
		return "null"
	}
	return "an object of zero values"
}

// unsentParamText finds a wire: false param placed without a default in
// a text that a client which parses the error fills in from its template
// (the error text, and a message, detail or suggestion the code's
// envelope does not carry): the client has the param's zero value in its
// place, an empty text, 0 or false.
func (l *linter) unsentParamText() {
	carried := map[string]model.Field{"message": model.FieldMessage, "detail": model.FieldDetail, "suggestion": model.FieldSuggestion}
	for _, c := range l.cat.Codes {
		for _, t := range c.Templates() {
			if f, ok := carried[t.Key]; ok && c.Envelope.FieldPath(f) != nil {
				continue
			}
			for _, p := range t.Parts {
				if p.Param != nil && !p.Param.Wire && !p.HasDefault {
					l.addAt(codePath(c, t.Key), p.Offset, "send the param (drop wire: false), leave it out of this text, or give it the text to show where it is not known: "+withDefault(t, p),
						"the %s of code %s places the param %s, which the wire does not send; a client that parses the error fills this text in from its template, with %s in its place", t.Key, c.Name, p.Param.Name, cmp.Or(zeroText(p), "nothing"))
				}
			}
		}
	}
}

// printfVerb matches a verb of Go's fmt or C's printf, which a template
// writes as it is. Its flags leave out the space, which French and German
// put before a percent sign: "95 % d'espace" and "80 % der Kontingente"
// are prose, not % d.
var printfVerb = regexp.MustCompile(`%[-+#0]*[0-9]*(\.[0-9]+)?[sdvqfgxwtT]\b`)

// templatePlaceholder finds in a code's templates what another template
// language takes for a placeholder and errspec writes as text: {{name}},
// {{ name }} or, as Go's text/template writes it, {{.name}} or
// {{.GoName}}, which is the literal text {name} or { name }, where name
// is a param of the code, and a printf verb such as %s or Go's %w. (A $ before a
// placeholder, ${name}, is a slip of the same kind, and a price as often:
// it is left alone.)
func (l *linter) templatePlaceholder() {
	for _, c := range l.cat.Codes {
		for _, t := range c.Templates() {
			for _, part := range t.Parts {
				text := part.Text
				if part.Param != nil || part.IsField {
					continue
				}
				// where finds s in the source of the text, which begins
				// at its offset and writes {{ for each {.
				where := func(s string) int {
					return part.Offset + max(0, strings.Index(t.Source[part.Offset:], s))
				}
				if name, braced, ok := literalParam(c, text, "{", "}"); ok {
					written := "{" + braced + "}" // as the source writes it
					l.addAt(codePath(c, t.Key), where(written), fmt.Sprintf("write {%s}, in single braces, to insert the param", name),
						"the %s of code %s writes %s, which is the text %s with its braces, not the value of the param %s", t.Key, c.Name, written, braced, name)
					break
				}
				// A Chinese or Japanese input method types full-width
				// braces, which are text.
				if name, braced, ok := literalParam(c, text, "｛", "｝"); ok {
					l.addAt(codePath(c, t.Key), where(braced), fmt.Sprintf("write {%s}, in ASCII braces, to insert the param", name),
						"the %s of code %s writes %s in full-width braces, which is text, not the value of the param %s", t.Key, c.Name, braced, name)
					break
				}
				if v := printfVerb.FindString(text); v != "" {
					l.addAt(codePath(c, t.Key), where(v), "insert a param by its name, such as {"+firstParam(c)+"}",
						"the %s of code %s holds %s, which errspec writes as it is", t.Key, c.Name, v)
					break
				}
			}
		}
	}
}

// literalParam finds in text a param of c held in the braces open and
// closing, with spaces around its name or not, which a template writes
// {{name}} or, as other template languages space it, {{ name }} (or
// ｛name｝, in full-width braces): it returns the param's name and the
// braces with what they hold, as text has them.
func literalParam(c *model.Code, text, open, closing string) (name, braced string, ok bool) {
	for rest := text; ; {
		i := strings.Index(rest, open)
		if i < 0 {
			return "", "", false
		}
		rest = rest[i+len(open):]
		inner, _, closed := strings.Cut(rest, closing)
		if p := goTemplateParam(c, strings.TrimSpace(inner)); closed && p != nil {
			return p.Name, open + inner + closing, true
		}
	}
}

// goTemplateParam returns the param of c that name is, or that it names
// as Go's text/template would, a field after a dot: .last4, .Last4, or
// .OrderID for order_id.
func goTemplateParam(c *model.Code, name string) *model.Param {
	if p := c.Param(name); p != nil {
		return p
	}
	field, ok := strings.CutPrefix(name, ".")
	if !ok {
		return nil
	}
	for _, p := range c.Params {
		if p.Name == field || p.GoName == field {
			return p
		}
	}
	return nil
}

// firstParam names a param of c, or "name" when it has none.
func firstParam(c *model.Code) string {
	if len(c.Params) > 0 {
		return c.Params[0].Name
	}
	return "name"
}

func (l *linter) roleExamples() {
	for _, c := range l.cat.Codes {
		if r := l.cat.RoleOf(c); r != "" && len(c.Examples) == 0 {
			l.add(codePath(c), "add an example: examples: [{params: {...}, json: {...}}]: errspec checks it, and the docs show it",
				"code %s plays the role %s, and has no example", c.Name, r)
		}
	}
}

func (l *linter) codeExamples() {
	for _, c := range l.cat.Codes {
		if len(c.Examples) == 0 {
			l.add(codePath(c), "add an example: examples: [{params: {...}, json: {...}}]: errspec checks it, and the docs show it",
				"code %s has no example", c.Name)
		}
	}
}

func (l *linter) codeDescription() {
	for _, c := range l.cat.Codes {
		if strings.TrimSpace(c.Description) == "" {
			l.add(codePath(c), "add description: when the error happens and what it means",
				"code %s has no description", c.Name)
		}
	}
}

func (l *linter) paramDoc() {
	var walk func(path []string, ps []*model.Param)
	walk = func(path []string, ps []*model.Param) {
		for _, p := range ps {
			pp := append(slices.Clip(path), p.Name)
			if strings.TrimSpace(p.Doc) == "" {
				l.add(pp, "add doc: what the value is, in a sentence", "%s has no doc", describe(pp))
			}
			t := p.Type
			for t.Kind == model.List || t.Kind == model.Map {
				t = t.Elem
			}
			if t.Kind == model.Object {
				walk(append(pp, "fields"), t.Fields)
			}
		}
	}
	for _, c := range l.cat.Codes {
		walk(codePath(c, "params"), c.Params)
	}
}

// describe names the param or field at path: field f of param p of code X.
func describe(path []string) string {
	out := "param " + path[3] + " of code " + path[1]
	for i := 5; i < len(path); i += 2 {
		out = "field " + path[i] + " of " + out
	}
	return out
}
