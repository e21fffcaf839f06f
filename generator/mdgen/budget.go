package mdgen

import (
	"fmt"
	"reflect"
	"strings"
	"text/template"
	"text/template/parse"
)

// A template of --templates is a program, and errspec runs it within a
// budget, so that none can exhaust the machine: its steps (a template
// executed, an iteration of a range, a function called) and the bytes it
// makes (what it writes, and the strings its functions return, which it
// may keep in variables and print again) are counted for each page, and
// the page fails when either runs over, as a template that calls itself
// fails at text/template's depth limit. The embedded templates alone are
// errspec's own and are only held to the budget of bytes.
//
// The budget grows with the catalog: a base, and so much for each code,
// category, feature and tool. The embedded templates take about 170
// steps and make about 11 KB a code (measured at 1,000 and 10,000 codes),
// a sixth and a third of what the budget gives them.
const (
	baseSteps    = 1_000_000
	stepsPerUnit = 1_000
	baseBytes    = 32 << 20
	bytesPerUnit = 32 << 10
)

// budget sets the renderer's budget for a page of its catalog.
func (r *renderer) budget() {
	units := 1 + len(r.cat.Codes) + len(r.cat.Categories) + len(r.cat.Features) + len(r.cat.Tools)
	r.maxSteps, r.maxBytes = baseSteps+stepsPerUnit*units, baseBytes+bytesPerUnit*int64(units)
	r.steps, r.bytes = 0, 0
}

// budgetError is the error of a page that runs over its budget.
type budgetError struct{ what string }

func (e *budgetError) Error() string {
	return fmt.Sprintf("the templates %s for one page: a template loops or calls others without end, or makes its text over and over", e.what)
}

// step counts a step of a template override, and fails past the budget.
func (r *renderer) step() error {
	if r.steps++; r.steps > r.maxSteps {
		return &budgetError{fmt.Sprintf("take more than %d steps", r.maxSteps)}
	}
	return nil
}

// charge counts n bytes a template made, and fails past the budget.
func (r *renderer) charge(n int) error {
	if r.bytes += int64(n); r.bytes > r.maxBytes {
		return &budgetError{fmt.Sprintf("make more than %d MB", r.maxBytes>>20)}
	}
	return nil
}

// output is what a template writes into, held to the renderer's budget.
type output struct {
	strings.Builder
	r *renderer
}

func (o *output) Write(p []byte) (int, error) {
	if err := o.r.charge(len(p)); err != nil {
		return 0, err
	}
	return o.Builder.Write(p)
}

// stepper is the name of the function budgeted adds to the templates:
// renderer.step.
const stepper = "_errspec_step"

// budgeted returns funcs, and text/template's functions that make
// strings, each counting a step and the bytes of the string it returns
// (see renderer.step and renderer.charge), and the step function itself.
func (r *renderer) budgeted(funcs template.FuncMap) template.FuncMap {
	out := template.FuncMap{
		stepper:    func() (string, error) { return "", r.step() },
		"print":    fmt.Sprint,
		"printf":   fmt.Sprintf,
		"println":  fmt.Sprintln,
		"html":     template.HTMLEscaper,
		"js":       template.JSEscaper,
		"urlquery": template.URLQueryEscaper,
	}
	for name, f := range funcs {
		out[name] = f
	}
	for name, f := range out {
		if name != stepper {
			out[name] = r.counted(f)
		}
	}
	return out
}

var errorType = reflect.TypeFor[error]()

// counted returns f, a template function, as a function that counts a
// step before it runs f and charges the string f returns.
func (r *renderer) counted(f any) any {
	fv := reflect.ValueOf(f)
	ft := fv.Type()
	in := make([]reflect.Type, ft.NumIn())
	for i := range in {
		in[i] = ft.In(i)
	}
	res := ft.Out(0)
	wrapped := reflect.FuncOf(in, []reflect.Type{res, errorType}, ft.IsVariadic())
	fail := func(err error) []reflect.Value {
		return []reflect.Value{reflect.Zero(res), reflect.ValueOf(&err).Elem()}
	}
	return reflect.MakeFunc(wrapped, func(args []reflect.Value) []reflect.Value {
		if err := r.step(); err != nil {
			return fail(err)
		}
		var out []reflect.Value
		if ft.IsVariadic() {
			out = fv.CallSlice(args)
		} else {
			out = fv.Call(args)
		}
		if len(out) == 1 {
			out = append(out, reflect.Zero(errorType))
		}
		if out[0].Kind() == reflect.String {
			if err := r.charge(out[0].Len()); err != nil {
				return fail(err)
			}
		}
		return out
	}).Interface()
}

// addSteps starts the body of every template under n and of every range
// in it with a call of the step function, {{_errspec_step}}, at the
// position of what it counts: a template, or an iteration of the range.
func addSteps(n parse.Node, pos parse.Pos) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
		for _, c := range n.Nodes {
			addSteps(c, c.Position())
		}
		step := &parse.ActionNode{NodeType: parse.NodeAction, Pos: pos, Pipe: &parse.PipeNode{NodeType: parse.NodePipe, Pos: pos,
			Cmds: []*parse.CommandNode{{NodeType: parse.NodeCommand, Pos: pos, Args: []parse.Node{parse.NewIdentifier(stepper).SetTree(nil).SetPos(pos)}}}}}
		n.Nodes = append([]parse.Node{step}, n.Nodes...)
	case *parse.IfNode:
		addSteps(n.List, n.Pos)
		addSteps(n.ElseList, n.Pos)
	case *parse.RangeNode:
		addSteps(n.List, n.Pos)
		addSteps(n.ElseList, n.Pos)
	case *parse.WithNode:
		addSteps(n.List, n.Pos)
		addSteps(n.ElseList, n.Pos)
	}
}
