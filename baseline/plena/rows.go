package plena

import (
	"fmt"

	"kernelcraft/ref"
)

// The row-wise tasks (silu, relu, gelu, softmax, layernorm, rmsnorm): the
// input x [M, N] is prefetched from HBM straight into the output y's place
// in Vector SRAM, in PLENA's activation layout, and the row operation of
// rowops.go runs there in place, as PLENA's templates work on activations
// (preload_act, then silu_asm / normalization_asm in place). gamma and
// beta are prefetched as rows after y, then the scratch rows.

func init() {
	register("silu", rowTask(func(p *Prog, k FPConsts, a Act, _, _, scratch int) error {
		return SiLU(p, DefaultRowRegs, k, a, a, scratch)
	}))
	register("relu", rowTask(func(p *Prog, k FPConsts, a Act, _, _, scratch int) error {
		return ReLU(p, DefaultRowRegs, k, a, a, scratch)
	}))
	register("gelu", rowTask(func(p *Prog, k FPConsts, a Act, _, _, scratch int) error {
		return GELU(p, DefaultRowRegs, k, a, a, scratch)
	}))
	register("softmax", rowTask(func(p *Prog, k FPConsts, a Act, _, _, scratch int) error {
		return Softmax(p, DefaultRowRegs, k, a, scratch)
	}))
	register("rmsnorm", rowTask(func(p *Prog, k FPConsts, a Act, gamma, _, scratch int) error {
		return RMSNorm(p, DefaultRowRegs, k, a, gamma, scratch)
	}))
	register("layernorm", rowTask(func(p *Prog, k FPConsts, a Act, gamma, beta, scratch int) error {
		return LayerNorm(p, DefaultRowRegs, k, a, gamma, beta, scratch)
	}))
}

// taskConsts are the FP SRAM entries of a task's preload, in the order
// ref's plenaConsts writes them (0.0 and 1.0 first, then the task's own).
func taskConsts(task string) FPConsts {
	k := FPConsts{One: 1, NegInf: -1, Big: -1, Eps: -1, InvN: -1, GeluK: -1, GeluC: -1, Scratch: 64}
	switch task {
	case "relu":
		k.Big = 2
	case "gelu":
		k.GeluK, k.GeluC = 2, 3
	case "softmax":
		k.NegInf = 2
	case "layernorm", "rmsnorm":
		k.Eps, k.InvN = 2, 3
	}
	return k
}

// rowTask is the generator of a row-wise task: prefetch x into y's place
// (PreloadAct), gamma and beta (when the task has them) into rows after it
// (PreloadVec), then op on scratch rows after those.
func rowTask(op func(p *Prog, k FPConsts, a Act, gamma, beta, scratch int) error) Gen {
	return func(p *Prog, c *ref.Case, params ref.Params) error {
		h, err := HWOf(c)
		if err != nil {
			return err
		}
		if h.VLEN != rowVLEN || h.HLEN != rowHLEN || h.BLEN != rowBLEN {
			return fmt.Errorf("the row operations are written for VLEN %d, HLEN %d, BLEN %d, not %d, %d, %d", rowVLEN, rowHLEN, rowBLEN, h.VLEN, h.HLEN, h.BLEN)
		}
		x, err := HBMOf(c, "x")
		if err != nil {
			return err
		}
		y, err := VOut(c, "y")
		if err != nil {
			return err
		}
		alloc, err := NewVAlloc(c, h)
		if err != nil {
			return err
		}
		if err := PreloadAct(p, h, 0, x, 0, y); err != nil {
			return err
		}
		gamma, beta := -1, -1
		for _, v := range []struct {
			name string
			at   *int
		}{{"gamma", &gamma}, {"beta", &beta}} {
			if _, err := Tensor(c, v.name); err != nil {
				continue
			}
			t, err := HBMOf(c, v.name)
			if err != nil {
				return err
			}
			dst, err := alloc.Matrix(v.name, 1, t.Cols)
			if err != nil {
				return err
			}
			if err := PreloadVec(p, h, 0, t, dst); err != nil {
				return err
			}
			*v.at = int(dst.Addr)
		}
		scratch, err := alloc.Matrix("scratch", ScratchRows, rowVLEN)
		if err != nil {
			return err
		}
		return op(p, taskConsts(c.Task), ActOf(y), gamma, beta, int(scratch.Addr))
	}
}
