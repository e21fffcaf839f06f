package mdgen

import (
	"strconv"
	"strings"

	"github.com/errspec/errspec/internal/textsafe"
)

// A link of a description to a fragment of the page, [see](#retry-strategy),
// leads where the fragment is only once the page is written: the
// description does not know the page it is on, which in the per-code
// layout holds none of the sections but the code's own. So markdown writes
// the text of such a link between placeholders, and the page, once
// written, resolves them (resolveFragments): a link to a code, a category
// or a feature leads to it, on its page; one to a heading of the page
// stays; one to a heading of the index page, from a code's page, leads
// there; any other fragment is no heading of the reference, and the link,
// which would lead nowhere, is its text. Catalog text holds no control
// character, so nothing else on a page reads as a placeholder.
const (
	fragmentStart = "\x01" // then the link's number in renderer.frags
	fragmentMid   = "\x02" // then the link's text
	fragmentEnd   = "\x03"
)

// fragmentLink is a link of a description to a fragment of the page.
type fragmentLink struct {
	frag  string // the fragment, without #
	title string // the link's title, or ""
}

// markdown is the template function markdown: the markdown of s, with its
// links to fragments of the page written as placeholders that
// resolveFragments resolves.
func (r *renderer) markdown(s string) markup {
	return markdownWith(s, func(frag, title string) string {
		r.frags = append(r.frags, fragmentLink{frag, title})
		return fragmentStart + strconv.Itoa(len(r.frags)-1) + fragmentMid
	})
}

// resolveFragments writes the links to fragments of page, which the
// descriptions on it left as placeholders, each as a link to where the
// fragment is, or as its text when the reference has no such heading.
func (r *renderer) resolveFragments(page string) string {
	if len(r.frags) == 0 && !strings.ContainsAny(page, fragmentStart+fragmentMid+fragmentEnd) {
		return page
	}
	own := headingAnchors(page)
	var b strings.Builder
	b.Grow(len(page))
	for {
		i := strings.Index(page, fragmentStart)
		if i < 0 {
			break
		}
		mid := strings.Index(page[i:], fragmentMid)
		end := strings.Index(page[i:], fragmentEnd)
		n, err := strconv.Atoi(page[i+1 : i+max(mid, 1)])
		if mid < 0 || end < mid || err != nil || n < 0 || n >= len(r.frags) {
			// Not a placeholder markdown wrote (a template cut it):
			// dropped, with the other stray marks below.
			b.WriteString(page[:i])
			page = page[i+1:]
			continue
		}
		mid, end = i+mid, i+end
		text := page[mid+1 : end]
		b.WriteString(page[:i])
		if dest, ok := r.fragmentHref(r.frags[n].frag, own); ok {
			b.WriteString("[" + text + "](" + dest + linkTitle(r.frags[n].title) + ")")
		} else {
			b.WriteString(text)
		}
		page = page[end+1:]
	}
	b.WriteString(page)
	r.frags = r.frags[:0]
	return strings.NewReplacer(fragmentMid, "", fragmentEnd, "").Replace(b.String())
}

// fragmentHref returns the destination of a link to the fragment frag of
// the page being rendered, whose headings have the anchors own, and
// whether the reference has a heading of that anchor.
func (r *renderer) fragmentHref(frag string, own map[string]bool) (string, bool) {
	if r.targets == nil {
		r.targets = map[string]any{}
		for _, c := range r.cat.Codes {
			r.targets[c.Anchor] = c
		}
		for _, c := range r.cat.Categories {
			r.targets[c.Anchor] = c
		}
		for _, f := range r.cat.Features {
			r.targets[f.Anchor] = f
		}
	}
	if t, ok := r.targets[frag]; ok {
		href, err := r.href(t)
		return string(href), err == nil
	}
	if own[frag] {
		return "#" + textsafe.URL(frag), true
	}
	if r.perCode && r.page != r.cat.Outputs.MarkdownIndex && r.index[frag] {
		href, err := r.href(frag)
		return string(href), err == nil
	}
	return "", false
}

// headingAnchors returns the anchors of the ATX headings of a page,
// outside fenced code blocks, as GitHub gives them: a heading whose
// anchor an earlier one has takes the first of anchor-1, anchor-2, ...
// that is free.
func headingAnchors(page string) map[string]bool {
	anchors := map[string]bool{}
	for text := range atxHeadings(page) {
		anchor := headingAnchor(text)
		for i, base := 1, anchor; anchors[anchor]; i++ {
			anchor = base + "-" + strconv.Itoa(i)
		}
		anchors[anchor] = true
	}
	return anchors
}
