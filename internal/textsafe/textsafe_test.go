package textsafe

import "testing"

func TestShowPath(t *testing.T) {
	for in, want := range map[string]string{
		"cat/catalog.cue":             "cat/catalog.cue",
		"a\nerrspec: forged/x.cue":    `a\nerrspec: forged/x.cue`,
		"a\tb\r\x1b[31m\u202ec/d.cue": `a\tb\u000D\u001B[31m\u202Ec/d.cue`,
		"dír/ファイル.cue":                "dír/ファイル.cue",
	} {
		if got := ShowPath(in); got != want {
			t.Errorf("ShowPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShow(t *testing.T) {
	for in, want := range map[string]string{
		"plain, ünï 🔥\ttab\nline":  "plain, ünï 🔥\ttab\nline",
		"\x1b[31m\u009b2J\x7f\x00": `\u001B[31m\u009B2J\u007F\u0000`,
		"a\u202Eb\u200B\uFEFF":     `a\u202Eb\u200B\uFEFF`,
		"\U000E0041 \u2028 \r":     `\U000E0041 \u2028 \u000D`,
		"bad \xff byte":            `bad \uFFFD byte`,
		// Joiners that Persian, Hindi and emoji write are kept.
		"می\u200cتوانم क्\u200dष 👩\u200d💻":       "می\u200cتوانم क्\u200dष 👩\u200d💻",
		"a\u200cb \u200cب ب\u200c\u200d ب\u200c": `a\u200Cb \u200Cب ب\u200C\u200D ب\u200C`,
	} {
		if got := Show(in); got != want {
			t.Errorf("Show(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := OneLine("  two\n lines\u202E  "), `two lines\u202E`; got != want {
		t.Errorf("OneLine = %q, want %q", got, want)
	}
}

func TestBlank(t *testing.T) {
	for s, want := range map[string]bool{
		"":                         true,
		" \t\n\u00A0\u2003\u3000":  true,
		"\u200B\u2060\uFEFF\u202E": true, // zero-width and bidirectional
		"\u3164\uFFA0\u034F\uFE0F": true, // Hangul fillers, grapheme joiner, variation selector
		"\U000E0020\u180E":         true, // a tag space, the Mongolian vowel separator
		"x":                        false,
		"\u200Bx\u200B":            false,
		"\u2800":                   false, // the Braille blank is a character of its own
		"\u0301":                   false, // a combining mark shows
	} {
		if got := Blank(s); got != want {
			t.Errorf("Blank(%q) = %t, want %t", s, got, want)
		}
	}
}

func TestLinkSafe(t *testing.T) {
	for u, want := range map[string]bool{
		"https://x.example": true, "HTTP://x": true, "mailto:a@b": true, "/path": true, "../a.md#b": true,
		"#anchor": true, "//host/x": true, "a/b:c": true, "?q=a:b": true,
		"javascript:alert(1)": false, "JaVaScRiPt:x": false, " \x01javascript:x": false, "java\tscript:x": false,
		"java\nscript:x": false, "java\u200Bscript:x": false, "vbscript:x": false, "data:text/html,x": false,
		"file:///etc/passwd": false, "unknown:x": false,
	} {
		if got := LinkSafe(u); got != want {
			t.Errorf("LinkSafe(%q) = %v, want %v", u, got, want)
		}
	}
}

func TestURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://x.example/a?b=c#d":  "https://x.example/a?b=c#d",
		"https://x/a(b) c<d>\"e'`\\": "https://x/a%28b%29%20c%3Cd%3E%22e%27%60%5C",
		"https://x/ünï\x1b":          "https://x/%C3%BCn%C3%AF%1B",
	} {
		if got := URL(in); got != want {
			t.Errorf("URL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBidiClosers(t *testing.T) {
	for in, want := range map[string]string{
		"plain": "", "admin\u202Enimda\u202C": "", "\u2066iso\u2069": "", "\u202C\u2069 stray closers": "",
		"evil\u202E":                      "\u202C",
		"\u202A\u202B\u202D\u202E":        "\u202C\u202C\u202C\u202C",
		"\u2066a\u2067b\u2068c":           "\u2069\u2069\u2069",
		"\u202Eouter \u2067inner":         "\u2069\u202C",
		"\u2067a \u202Eb\u2069 c":         "", // the pop isolate closes the override within it
		"\u2067a \u202Eb\u202C\u202C":     "\u2069",
		"\u202Ea \u2067b\u202C":           "\u2069\u202C", // a pop formatting character does not close across an isolate
		"\u202Ea\u202C\u2069\u202E still": "\u202C",
	} {
		if got := BidiClosers(in); got != want {
			t.Errorf("BidiClosers(%+q) = %+q, want %+q", in, got, want)
		}
	}
}

func TestBidiOpen(t *testing.T) {
	for in, want := range map[string]int{
		"plain": -1, "admin\u202Enimda\u202C": -1, "evil\u202E": 4, "ok\u2066a\u2069 \u2067b \u202Ec": 10, "\u202Ea\u202C\u202B": 7,
	} {
		if got := BidiOpen(in); got != want {
			t.Errorf("BidiOpen(%+q) = %d, want %d", in, got, want)
		}
	}
}
