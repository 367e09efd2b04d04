package ref

import (
	"flag"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	isadefs "kernelcraft/isa-defs"
)

// TestTasksMarkdownCurrent: ref/TASKS.md is what kc-ref list --markdown
// prints (regenerate with: go run ./cmd/kc-ref list --markdown > ref/TASKS.md).
func TestTasksMarkdownCurrent(t *testing.T) {
	data, err := os.ReadFile("TASKS.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != TasksMarkdown() {
		t.Fatal("ref/TASKS.md is stale: go run ./cmd/kc-ref list --markdown > ref/TASKS.md")
	}
}

func TestDescribe(t *testing.T) {
	cases := []struct {
		target, task string
		config       int
		want         []string
	}{
		{"coral", "gelu", 3, []string{"tanh approximation", "float32", "a0 = 0x10400 (x)", "a1 = ", "(y)", "sp = 0x10400", "halt: mpause", "Hardware config coral", "dtcm: [0x10000, 0x18000)", "rtol"}},
		{"coral", "gemm", 5, []string{"requant", "mult", "int8", "exact", "coral-highmem", "vssra"}},
		{"aie2", "softmax", 1, []string{"exp_hi", "recip_lut", "p0 = 0x74000 (x)", "halt: done", "bfloat16"}},
		{"aie2", "decoder_llama", 1, []string{"p0 = 0x7", " (x)\n", "p6 = ", "(wo)", "p7 = ", "(args)", "uint32", "causal", "RoPE"}},
		{"plena", "flash_attention", 5, []string{"online", "plena-highmem", "no register is preset", "runs off its last instruction", "C_SET_SCALE_REG to 65536", "[ceil(64/64), 1024, 64]", "[3] = -inf"}},
		{"plena", "ffn", 2, []string{"vsram", "GELU", "mxfp8", "SCALE_REG", "[2] = 2*sqrt(2/pi)"}},
		{"plena", "rmsnorm", 3, []string{"rows padded to 128 elements", "C_SET_SCALE_REG to 8192", "59 zero rows", "[2] = eps = 1e-06", "[3] = 1/N = 1/100", "Columns 36..63 of the last block are padding"}},
		{"aie2", "layernorm", 2, []string{"eps = 1e-05", "non-zero means"}},
		// A parameter the definition names but case.json omits (at its
		// zero value) is still listed.
		{"plena", "flash_attention", 1, []string{"- causal = false (not set in case.json, so its default)\n"}},
		{"aie2", "mha", 1, []string{"- causal = false (not set"}},
	}
	for _, c := range cases {
		cs, _, err := Generate(c.target, c.task, c.config, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(cs.Description, w) {
				t.Errorf("%s %s %d: description lacks %q:\n%s", c.target, c.task, c.config, w, cs.Description)
			}
		}
	}
}

func TestLookupErrors(t *testing.T) {
	cases := []struct {
		target, task string
		config       int
		want         string
	}{
		{"coral", "rope", 1, "not supported on coral"},
		{"plena", "conv2d", 1, "not supported on plena"},
		{"aie2", "flash_attention", 1, "not supported on aie2"},
		{"gpu", "gemm", 1, "unknown target"},
		{"coral", "matmul", 1, "unknown task"},
		{"coral", "gemm", 6, "want 1..5"},
		{"coral", "gemm", 0, "want 1..5"},
	}
	for _, c := range cases {
		_, _, err := Generate(c.target, c.task, c.config, 1, false)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s %d: err = %v, want %q", c.target, c.task, c.config, err, c.want)
		}
	}
	if tk, err := Lookup("DecoderBlock (LLaMA)"); err != nil || tk.ID != "decoder_llama" {
		t.Errorf("lookup by paper name: %v %v", tk, err)
	}
}

// TestLookupByNumber: a task is found by id, name or the number kc-ref
// list shows.
func TestLookupByNumber(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"2", "relu"}, {" 8 ", "gemm"}, {"23", "decoder_t5"}, {"relu", "relu"}, {"ReLU", "relu"}, {"BatchMatMul", "bmm"},
		{"0", ""}, {"24", ""}, {"-1", ""}, {"x2", ""},
	} {
		got, err := TaskID(tc.name)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("TaskID(%q) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	for _, task := range Tasks() {
		if got, _ := TaskID(strconv.Itoa(task.Number)); got != task.ID {
			t.Errorf("task %d: %q, want %s", task.Number, got, task.ID)
		}
	}
}

var update = flag.Bool("update", false, "rewrite golden files")

// TestDescribePlenaGolden: the task text of every plena task (its
// ragged configuration 3, which shows padded rows and partial Vector SRAM
// blocks) is testdata/describe_plena.golden (go test ./ref -run
// TestDescribePlenaGolden -update rewrites it; review the diff).
func TestDescribePlenaGolden(t *testing.T) {
	var b strings.Builder
	tasks := Supported("plena")
	if len(tasks) != 20 {
		t.Fatalf("plena supports %d tasks, want the paper's 20", len(tasks))
	}
	for _, task := range tasks {
		c, _, err := Generate("plena", task.ID, 3, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("======== " + task.ID + " ========\n")
		b.WriteString(c.Description)
		b.WriteString("\n")
	}
	const golden = "testdata/describe_plena.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != b.String() {
		t.Errorf("plena task texts differ from %s (rerun with -update and review the diff)", golden)
	}
}

// TestTaskTextsHaveNoRecipes: plena's task texts carry no worked example
// of a solution (instruction sequences of PLENA's compiler templates, the
// rotate_half construction): those are in the manual's templates section,
// which every text points to. What rot holds is data and stays.
func TestTaskTextsHaveNoRecipes(t *testing.T) {
	for _, task := range Supported("plena") {
		c, _, err := Generate("plena", task.ID, 1, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		d := c.Description
		if strings.Contains(d, "How PLENA's compiler does it") || strings.Contains(d, "template:") {
			t.Errorf("%s: the task text hands over a compiler template", task.ID)
		}
		for _, tp := range isadefs.Templates("plena") {
			if strings.Contains(d, tp.Text) {
				t.Errorf("%s: the task text holds the %s worked example", task.ID, tp.Task)
			}
		}
		if !strings.Contains(d, "isa_manual section=templates") {
			t.Errorf("%s: the task text does not say where the worked examples are", task.ID)
		}
		if _, ok := findSpec(c, rotName); ok && !strings.Contains(d, "x @ rot = rotate_half(x) = [-x2, x1]") {
			t.Errorf("%s: the task text does not say what rot holds", task.ID)
		}
		if strings.Contains(d, "rotate_half(q) = q @ rot") {
			t.Errorf("%s: the task text gives the rotate_half construction", task.ID)
		}
	}
}

// TestInputRangesFromData: every task text states the range and
// distribution of each input tensor's values, and the figures are those
// of the case's own tensors (decoded as the kernel reads them), so the
// text cannot drift from the data.
func TestInputRangesFromData(t *testing.T) {
	for _, tg := range Targets {
		for _, task := range Supported(tg) {
			c, tensors, err := Generate(tg, task.ID, 1, 1, false)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(c.Description, "## Input values") {
				t.Errorf("%s %s: the task text states no input values", tg, task.ID)
			}
			for _, s := range c.Tensors {
				if s.Role != RoleIn || s.Name == "args" {
					continue
				}
				a, err := Decode(tensors[s.Name], s.DType)
				if err != nil {
					t.Fatal(err)
				}
				want := "- " + s.Name + ": " + valueSummary(a.Data) + "\n"
				if !strings.Contains(c.Description, want) {
					t.Errorf("%s %s: the task text lacks %q", tg, task.ID, want)
				}
			}
		}
	}
}

func TestValueSummary(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want string
	}{
		{[]float64{-128, 0, 127, 1}, "4 integers in [-128, 127], mean 0, std 90.2, mean |x| 64"},
		{[]float64{0.5, -1.5}, "2 values in [-1.5, 0.5], mean -0.5, std 1, mean |x| 1"},
		{[]float64{2, 2, math.Inf(-1)}, "2 values, all 2, and 1 -inf"},
		{[]float64{math.NaN()}, "no finite values, and 1 NaN"},
	} {
		if got := valueSummary(tc.xs); got != tc.want {
			t.Errorf("valueSummary(%v) = %q, want %q", tc.xs, got, tc.want)
		}
	}
}
