package judge

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestImportsEveryBackEnd: the judge assembles and simulates every
// target of isa-defs that is not planned because it imports that target's assembler back end
// and simulator itself (run.go), not because some other import happens to
// pull one in (sim/aie2 imports asm/aie2 for its own reasons).
func TestImportsEveryBackEnd(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			imported[p] = true
		}
	}
	n := 0
	for _, tg := range isadefs.Targets() {
		if isadefs.IsPlanned(tg) {
			continue
		}
		n++
		for _, pkg := range []string{"kernelcraft/asm/" + tg, "kernelcraft/sim/" + tg} {
			if !imported[pkg] {
				t.Errorf("target %s: the judge does not import %s itself", tg, pkg)
			}
		}
	}
	if n < 3 {
		t.Errorf("%d targets that are not planned, want coral, plena and aie2 at least", n)
	}
}
