package aie2

import (
	"fmt"

	"kernelcraft/ref"
)

// The row-wise and element-wise tasks, in the manner of mlir-aie's
// aie_kernels/aie2 (relu.cc, rms_norm.cc, layer_norm.cc): 16 bf16 lanes
// per step under the zero-overhead loop, software-pipelined (one store a
// cycle for element-wise work), fp32 accumulation, results rounded to
// bf16 to nearest even (the kernels' aie::set_rounding(conv_even)).

func init() {
	register("relu", genRelu)
}

// Reg is the p register holding a tensor's address under the calling
// convention (the tensors in case order in p0..p7; the larger cases'
// p7 = args table is not needed by the tasks here).
func Reg(c *ref.Case, name string) (string, error) {
	for i, t := range c.Tensors {
		if t.Name == name {
			if i >= 7 && len(c.Tensors) > 8 {
				return "", fmt.Errorf("tensor %s is in the args table (more than 8 tensors)", name)
			}
			return fmt.Sprintf("p%d", i), nil
		}
	}
	_, err := Tensor(c, name)
	return "", err
}

// prologue sets the rounding of fp32 -> bf16 conversions to nearest even
// (crRnd = 12, conv_even: the control registers reset to floor).
func prologue(p *Prog) {
	p.Op("movxm crrnd, #12")
}

// storeTail writes lanes 0..n-1 (n < 16) of the bf16 x register xr to
// [ptr] with scalar stores (AIE2's vector stores are 32 bytes wide and
// must not write past the output); ptr advances past the words stored.
func storeTail(p *Prog, xr, ptr string, n int) {
	for i := 0; i+1 < n; i += 2 {
		p.Op("mov r16, #%d", i/2)
		p.Nops(1)
		p.Op("vextract.s32 r8, %s, r16", xr)
		p.Nops(2)
		p.Op("st r8, [%s], #4", ptr)
	}
	if n%2 == 1 {
		p.Op("mov r16, #%d", n-1)
		p.Nops(1)
		p.Op("vextract.s16 r8, %s, r16", xr)
		p.Nops(2)
		p.Op("st.s16 r8, [%s, #0]", ptr)
	}
}

// genRelu: y = max(x, 0), as relu.cc: over the whole tensor (M*N
// elements, contiguous) 16 lanes a cycle: vlda, vmax_lt.bf16 against
// zero, vst; the last partial vector is stored element-wise.
func genRelu(p *Prog, c *ref.Case, params ref.Params) error {
	px, err := Reg(c, "x")
	if err != nil {
		return err
	}
	py, err := Reg(c, "y")
	if err != nil {
		return err
	}
	prologue(p)
	if err := reluFlat(p, px, py, params.M*params.N); err != nil {
		return err
	}
	p.Op("done")
	return nil
}

// reluFlat emits y = max(x, 0) over e contiguous elements from [px] to
// [py] (both advance); the last stores may still be in flight.
func reluFlat(p *Prog, px, py string, e int) error {
	p.Op("mov r0, #0")
	p.Nops(1)
	p.Op("vbcst.16 x2, r0")
	p.Nops(1)
	body := []SOp{
		{0, fmt.Sprintf("vlda wl0, [%s], #32", px)},
		{7, "vmax_lt.bf16 x1, r20, x0, x2"},
		{9, fmt.Sprintf("vst wl1, [%s], #32", py)},
	}
	if err := p.Pipelined(e/16, 1, body); err != nil {
		return err
	}
	if t := e % 16; t > 0 {
		p.Op("vlda wl0, [%s, #0]", px)
		p.Nops(7)
		p.Op("vmax_lt.bf16 x1, r20, x0, x2")
		p.Nops(2)
		storeTail(p, "x1", py, t)
	}
	return nil
}
