// Command goapi prints the API of every Go package under a folder as stable, sorted text, from
// the sources alone (go/parser and go/ast: nothing is built or type-checked).
//
//	go run . [-unexported] [-exclude REGEXP] DIR
//
// One block per package, packages sorted by folder:
//
//	package internal/svc svc
//	  func NewServiceContext(~/internal/config.Config) *ServiceContext
//	  type ServiceContext struct
//	    field Config ~/internal/config.Config
//
// Package qualifiers are written as import paths, and paths inside DIR's module (go.mod's module
// line) as ~/...: two trees that import the same packages under different names print the same.
// Parameter and result names are left out of signatures; struct tags are kept. An interface
// lists its whole method set (interfaces it embeds from its own package are expanded). Without
// -unexported only exported names are printed (and methods of exported types); with it every
// package-level name, field and method. Files ending in _test.go are left out, and so are files
// whose slash-separated path relative to DIR matches -exclude.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

func main() {
	unexported := flag.Bool("unexported", false, "print unexported names too")
	exclude := flag.String("exclude", "", "leave out files whose path relative to DIR matches this regular expression")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: goapi [-unexported] [-exclude REGEXP] DIR")
		os.Exit(2)
	}
	var skip *regexp.Regexp
	if *exclude != "" {
		var err error
		if skip, err = regexp.Compile(*exclude); err != nil {
			fmt.Fprintln(os.Stderr, "goapi: -exclude:", err)
			os.Exit(2)
		}
	}
	out, err := describe(flag.Arg(0), skip, *unexported)
	if err != nil {
		fmt.Fprintln(os.Stderr, "goapi:", err)
		os.Exit(1)
	}
	os.Stdout.WriteString(out)
}

type pkg struct {
	dir   string // relative to the root, slash-separated; "." for the root
	name  string
	files []*ast.File
}

func describe(root string, skip *regexp.Regexp, unexported bool) (string, error) {
	module := modulePath(root)
	fset := token.NewFileSet()
	pkgs := map[string]*pkg{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			base := d.Name()
			if rel != "." && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || base == "testdata" || base == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || (skip != nil && skip.MatchString(rel)) {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := path.Dir(rel)
		k := dir + "\x00" + f.Name.Name
		if pkgs[k] == nil {
			pkgs[k] = &pkg{dir: dir, name: f.Name.Name}
		}
		pkgs[k].files = append(pkgs[k].files, f)
		return nil
	})
	if err != nil {
		return "", err
	}
	// The names local packages declare, to read an import without a name right.
	localNames := map[string]string{}
	for _, p := range pkgs {
		if module != "" {
			localNames[path.Join(module, p.dir)] = p.name
		}
	}
	keys := make([]string, 0, len(pkgs))
	for k := range pkgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		p := pkgs[k]
		fmt.Fprintf(&b, "package %s %s\n", p.dir, p.name)
		for _, line := range p.lines(module, localNames, unexported) {
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	return b.String(), nil
}

func modulePath(root string) string {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "module" {
			if s, err := strconv.Unquote(f[1]); err == nil {
				return s
			}
			return f[1]
		}
	}
	return ""
}

// lines returns the package's declarations, one entry per declaration (a type's fields and
// methods follow it on indented lines), sorted.
func (p *pkg) lines(module string, localNames map[string]string, unexported bool) []string {
	show := func(name string) bool { return unexported || ast.IsExported(name) }
	interfaces := map[string]iface{}
	for _, f := range p.files {
		q := qualifier(f, module, localNames)
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, s := range g.Specs {
					ts := s.(*ast.TypeSpec)
					if it, ok := ts.Type.(*ast.InterfaceType); ok && !ts.Assign.IsValid() {
						interfaces[ts.Name.Name] = iface{it, q}
					}
				}
			}
		}
	}
	var entries []string
	methods := map[string][]string{} // receiver base type -> method lines
	for _, f := range p.files {
		q := qualifier(f, module, localNames)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					if show(d.Name.Name) {
						entries = append(entries, fmt.Sprintf("  func %s%s", d.Name.Name, signature(d.Type, q)))
					}
					continue
				}
				recv := d.Recv.List[0].Type
				base := receiverBase(recv)
				if !show(base) || !show(d.Name.Name) {
					continue
				}
				methods[base] = append(methods[base], fmt.Sprintf("    method (%s) %s%s", expr(recv, q), d.Name.Name, signature(d.Type, q)))
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.Name == "_" || !show(n.Name) {
								continue
							}
							line := fmt.Sprintf("  %s %s", d.Tok, n.Name)
							if s.Type != nil {
								line += " " + expr(s.Type, q)
							}
							entries = append(entries, line)
						}
					case *ast.TypeSpec:
						if show(s.Name.Name) {
							entries = append(entries, typeEntry(s, q, interfaces, show))
						}
					}
				}
			}
		}
	}
	// Methods follow their type's entry; a method whose type is not declared here (or not shown)
	// gets an entry of its own.
	for i, e := range entries {
		if name, ok := typeName(e); ok && len(methods[name]) > 0 {
			sort.Strings(methods[name])
			entries[i] = e + "\n" + strings.Join(methods[name], "\n")
			delete(methods, name)
		}
	}
	for name, ms := range methods {
		sort.Strings(ms)
		entries = append(entries, fmt.Sprintf("  methods of %s (not declared here)\n%s", name, strings.Join(ms, "\n")))
	}
	sort.Strings(entries)
	return entries
}

func typeName(entry string) (string, bool) {
	if !strings.HasPrefix(entry, "  type ") {
		return "", false
	}
	rest := strings.TrimPrefix(entry, "  type ")
	if i := strings.IndexAny(rest, " [\n"); i >= 0 {
		rest = rest[:i]
	}
	return rest, true
}

func receiverBase(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		case *ast.SelectorExpr:
			return t.Sel.Name
		default:
			return expr(e, nil)
		}
	}
}

// iface is an interface type of the package with its file's qualifier (embedding may cross files).
type iface struct {
	t *ast.InterfaceType
	q func(*ast.SelectorExpr)
}

func typeEntry(s *ast.TypeSpec, q func(*ast.SelectorExpr), interfaces map[string]iface, show func(string) bool) string {
	head := "  type " + s.Name.Name
	if s.TypeParams != nil {
		head += fieldList(s.TypeParams, q)
	}
	if s.Assign.IsValid() {
		return head + " = " + expr(s.Type, q)
	}
	switch t := s.Type.(type) {
	case *ast.StructType:
		var lines []string
		for _, f := range t.Fields.List {
			tag := ""
			if f.Tag != nil {
				tag = " " + f.Tag.Value
			}
			if len(f.Names) == 0 {
				if show(receiverBase(f.Type)) {
					lines = append(lines, fmt.Sprintf("    embed %s%s", expr(f.Type, q), tag))
				}
				continue
			}
			for _, n := range f.Names {
				if show(n.Name) {
					lines = append(lines, fmt.Sprintf("    field %s %s%s", n.Name, expr(f.Type, q), tag))
				}
			}
		}
		// Field order is part of a struct (positional literals, layout): kept as declared.
		return strings.Join(append([]string{head + " struct"}, lines...), "\n")
	case *ast.InterfaceType:
		lines := interfaceLines(t, q, interfaces, show, map[string]bool{s.Name.Name: true})
		sort.Strings(lines)
		return strings.Join(append([]string{head + " interface"}, dedupe(lines)...), "\n")
	default:
		return head + " " + expr(s.Type, q)
	}
}

func interfaceLines(t *ast.InterfaceType, q func(*ast.SelectorExpr), interfaces map[string]iface, show func(string) bool, seen map[string]bool) []string {
	var lines []string
	for _, m := range t.Methods.List {
		if ft, ok := m.Type.(*ast.FuncType); ok {
			for _, n := range m.Names {
				if show(n.Name) {
					lines = append(lines, fmt.Sprintf("    method %s%s", n.Name, signature(ft, q)))
				}
			}
			continue
		}
		// An embedded interface of this package is expanded into its methods; others are named.
		if id, ok := m.Type.(*ast.Ident); ok {
			if inner, ok := interfaces[id.Name]; ok && !seen[id.Name] {
				seen[id.Name] = true
				lines = append(lines, interfaceLines(inner.t, inner.q, interfaces, show, seen)...)
				continue
			}
		}
		lines = append(lines, "    embed "+expr(m.Type, q))
	}
	return lines
}

func dedupe(sorted []string) []string {
	out := sorted[:0]
	for i, s := range sorted {
		if i == 0 || s != sorted[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// signature prints a function type without parameter or result names: (int, string) (bool, error).
func signature(ft *ast.FuncType, q func(*ast.SelectorExpr)) string {
	params := "(" + strings.Join(typeStrings(ft.Params, q), ", ") + ")"
	if ft.TypeParams != nil {
		params = "[" + strings.Join(typeStrings(ft.TypeParams, q), ", ") + "]" + params
	}
	results := typeStrings(ft.Results, q)
	switch len(results) {
	case 0:
		return params
	case 1:
		return params + " " + results[0]
	default:
		return params + " (" + strings.Join(results, ", ") + ")"
	}
}

func typeStrings(fl *ast.FieldList, q func(*ast.SelectorExpr)) []string {
	var out []string
	for _, t := range fieldTypes(fl) {
		out = append(out, expr(t, q))
	}
	return out
}

// fieldTypes repeats a field's type once per name: (a, b int) is (int, int).
func fieldTypes(fl *ast.FieldList) []ast.Expr {
	if fl == nil {
		return nil
	}
	var out []ast.Expr
	for _, f := range fl.List {
		n := len(f.Names)
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			out = append(out, f.Type)
		}
	}
	return out
}

func fieldList(fl *ast.FieldList, q func(*ast.SelectorExpr)) string {
	return "[" + strings.Join(typeStrings(fl, q), ", ") + "]"
}

// qualifier returns the function that rewrites a selector's package name into its import path
// (~/... inside the module) for one file's imports.
func qualifier(f *ast.File, module string, localNames map[string]string) func(*ast.SelectorExpr) {
	byName := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		} else if n, ok := localNames[p]; ok {
			name = n
		} else {
			name = guessName(p)
		}
		if name == "_" || name == "." {
			continue
		}
		if module != "" && (p == module || strings.HasPrefix(p, module+"/")) {
			p = "~" + strings.TrimPrefix(p, module)
		}
		byName[name] = p
	}
	return func(s *ast.SelectorExpr) {
		if id, ok := s.X.(*ast.Ident); ok {
			if p, ok := byName[id.Name]; ok {
				id.Name = p
			}
		}
	}
}

// guessName is the name a package outside the tree most likely declares: its path's last
// element without a major version (/v2, .v3) or a go- prefix or -go suffix.
func guessName(p string) string {
	elems := strings.Split(p, "/")
	last := elems[len(elems)-1]
	if len(elems) > 1 && regexp.MustCompile(`^v[0-9]+$`).MatchString(last) {
		last = elems[len(elems)-2]
	}
	last = regexp.MustCompile(`\.v[0-9]+$`).ReplaceAllString(last, "")
	last = strings.TrimPrefix(last, "go-")
	last = strings.TrimSuffix(last, "-go")
	return strings.ReplaceAll(last, "-", "_")
}

// expr prints a type expression with its package names replaced by import paths. The
// rewrite happens on a copy: a declaration printed twice is rewritten once.
func expr(e ast.Expr, q func(*ast.SelectorExpr)) string {
	e = copyExpr(e)
	if q != nil {
		ast.Inspect(e, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				q(s)
				return false
			}
			return true
		})
	}
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, token.NewFileSet(), e); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	// Multi-line types (inline structs, interfaces) become one line: struct { A int; B string }.
	var parts []string
	for _, line := range strings.Split(buf.String(), "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			parts = append(parts, line)
		}
	}
	one := strings.Join(parts, "; ")
	return strings.NewReplacer("{; ", "{ ", "; }", " }").Replace(one)
}

// copyExpr copies what the printer reads of a type expression and what qualifier writes
// (identifiers). Positions are dropped: the printer then lays the expression out on its own.
func copyExpr(e ast.Expr) ast.Expr {
	switch t := e.(type) {
	case nil:
		return nil
	case *ast.Ident:
		return ast.NewIdent(t.Name)
	case *ast.SelectorExpr:
		return &ast.SelectorExpr{X: copyExpr(t.X), Sel: ast.NewIdent(t.Sel.Name)}
	case *ast.StarExpr:
		return &ast.StarExpr{X: copyExpr(t.X)}
	case *ast.ParenExpr:
		return &ast.ParenExpr{X: copyExpr(t.X)}
	case *ast.ArrayType:
		return &ast.ArrayType{Len: copyExpr(t.Len), Elt: copyExpr(t.Elt)}
	case *ast.MapType:
		return &ast.MapType{Key: copyExpr(t.Key), Value: copyExpr(t.Value)}
	case *ast.ChanType:
		return &ast.ChanType{Dir: t.Dir, Value: copyExpr(t.Value)}
	case *ast.Ellipsis:
		return &ast.Ellipsis{Elt: copyExpr(t.Elt)}
	case *ast.FuncType:
		return &ast.FuncType{TypeParams: copyFields(t.TypeParams), Params: copyFields(t.Params), Results: copyFields(t.Results)}
	case *ast.StructType:
		return &ast.StructType{Fields: copyFields(t.Fields)}
	case *ast.InterfaceType:
		return &ast.InterfaceType{Methods: copyFields(t.Methods)}
	case *ast.IndexExpr:
		return &ast.IndexExpr{X: copyExpr(t.X), Index: copyExpr(t.Index)}
	case *ast.IndexListExpr:
		idx := make([]ast.Expr, len(t.Indices))
		for i, x := range t.Indices {
			idx[i] = copyExpr(x)
		}
		return &ast.IndexListExpr{X: copyExpr(t.X), Indices: idx}
	case *ast.UnaryExpr:
		return &ast.UnaryExpr{Op: t.Op, X: copyExpr(t.X)}
	case *ast.BinaryExpr:
		return &ast.BinaryExpr{Op: t.Op, X: copyExpr(t.X), Y: copyExpr(t.Y)}
	case *ast.BasicLit:
		return &ast.BasicLit{Kind: t.Kind, Value: t.Value}
	default:
		return e
	}
}

func copyFields(fl *ast.FieldList) *ast.FieldList {
	if fl == nil {
		return nil
	}
	out := &ast.FieldList{}
	for _, f := range fl.List {
		var names []*ast.Ident
		for _, n := range f.Names {
			names = append(names, ast.NewIdent(n.Name))
		}
		var tag *ast.BasicLit
		if f.Tag != nil {
			tag = &ast.BasicLit{Kind: f.Tag.Kind, Value: f.Tag.Value}
		}
		out.List = append(out.List, &ast.Field{Names: names, Type: copyExpr(f.Type), Tag: tag})
	}
	return out
}
