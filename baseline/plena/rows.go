package plena

import (
	"fmt"

	isadefs "kernelcraft/isa-defs"
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

// rowTask is the generator of a row-wise task: prefetch x into y's place,
// gamma and beta (when the task has them) after it, then op.
func rowTask(op func(p *Prog, k FPConsts, a Act, gamma, beta, scratch int) error) Gen {
	return func(p *Prog, c *ref.Case, params ref.Params) error {
		x, err := Tensor(c, "x")
		if err != nil {
			return err
		}
		y, err := Tensor(c, "y")
		if err != nil {
			return err
		}
		ya, err := vsramAddr(c, y)
		if err != nil {
			return err
		}
		m, n := rowsCols(y.Shape)
		a := Act{Addr: ya, M: m, N: n}
		// Room after each region for the up to 3 rows a 4-row prefetch of a
		// ragged M writes past it.
		next := a.End() + 4*rowVLEN
		if err := loadAct(p, c, x, a, 1); err != nil {
			return err
		}
		gamma, beta := -1, -1
		for _, v := range []struct {
			name string
			at   *int
		}{{"gamma", &gamma}, {"beta", &beta}} {
			t, err := Tensor(c, v.name)
			if err != nil {
				continue
			}
			*v.at = next
			if err := loadAct(p, c, t, Act{Addr: next, M: 1, N: n}, 1); err != nil {
				return err
			}
			next += (a.Blocks() + 4) * rowVLEN
		}
		return op(p, taskConsts(c.Task), a, gamma, beta, next)
	}
}

// rowsCols views a shape as rows x columns (the last dimension).
func rowsCols(shape []int) (int, int) {
	r := 1
	for _, d := range shape[:len(shape)-1] {
		r *= d
	}
	return r, shape[len(shape)-1]
}

// memBase is the base address of a memory region of the case's hardware
// config.
func memBase(c *ref.Case, name string) (uint64, error) {
	hw, err := isadefs.HWByName(c.HW)
	if err != nil {
		return 0, err
	}
	for _, r := range hw.Memory {
		if r.Name == name {
			return uint64(r.Base), nil
		}
	}
	return 0, fmt.Errorf("hardware config %s has no memory %s", c.HW, name)
}

// vsramAddr is a Vector SRAM tensor's element address.
func vsramAddr(c *ref.Case, t ref.TensorSpec) (int, error) {
	if t.Memory != "vsram" {
		return 0, fmt.Errorf("tensor %s is in %s, not vsram", t.Name, t.Memory)
	}
	base, err := memBase(c, "vsram")
	if err != nil {
		return 0, err
	}
	return int((t.Addr - base) / 2), nil
}

// loadAct prefetches an MXFP8 HBM tensor (rows padded to its pitch) into
// Vector SRAM as the activation dst ([ceil(N/64), M, 64]): per column
// block, one H_PREFETCH_V of 4 rows (STRIDE_REG = the row pitch) per 4
// rows, in C_LOOPs, as PLENA's preload_act. A ragged M's last prefetch
// writes up to 3 rows past the block; the blocks go in order, so those
// rows are the next block's, rewritten by its own prefetch, and after the
// last block the caller leaves 3 rows. aReg is the HBM address register.
func loadAct(p *Prog, c *ref.Case, t ref.TensorSpec, dst Act, aReg int) error {
	if t.Memory != "hbm" || t.Layout == nil {
		return fmt.Errorf("tensor %s is not an MXFP8 tensor in HBM", t.Name)
	}
	pitch := t.Layout.Pitch
	if _, n := rowsCols(t.Shape); pitch == 0 {
		pitch = n
	}
	base, err := memBase(c, "hbm")
	if err != nil {
		return err
	}
	const vb, hb, v, h, l1, l2 = 1, 2, 3, 4, 5, 6
	p.Comment("prefetch %s %v from HBM %d into Vector SRAM %d as [%d, %d, %d]", t.Name, t.Shape, t.Addr-base, dst.Addr, dst.Blocks(), dst.M, rowVLEN)
	addr := t.Addr - base
	p.SetInt(v, uint32(addr>>32))
	p.SetInt(h, uint32(addr))
	p.Op("C_SET_ADDR_REG a%d, gp%d, gp%d", aReg, v, h)
	p.SetInt(v, uint32(t.Layout.ScaleReg))
	p.Op("C_SET_SCALE_REG gp%d", v)
	p.SetInt(v, uint32(pitch))
	p.Op("C_SET_STRIDE_REG gp%d", v)
	p.SetInt(vb, uint32(dst.Addr))
	p.SetInt(hb, 0)
	if dst.M == 1 {
		// A vector: rstride 0 reads 4 consecutive 64-element chunks, 4
		// column blocks per prefetch.
		p.Loop(l1, (dst.Blocks()+3)/4, func() {
			p.Op("H_PREFETCH_V gp%d, gp%d, a%d, 0, 0", vb, hb, aReg)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", vb, vb, 4*rowVLEN)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", hb, hb, 4*rowVLEN)
		})
		return nil
	}
	groups := (dst.M + 3) / 4
	p.Loop(l1, dst.Blocks(), func() {
		p.Op("S_ADDI_INT gp%d, gp%d, 0", v, vb)
		p.Op("S_ADDI_INT gp%d, gp%d, 0", h, hb)
		p.Loop(l2, groups, func() {
			p.Op("H_PREFETCH_V gp%d, gp%d, a%d, 1, 0", v, h, aReg)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", v, v, 4*rowVLEN)
			p.Op("S_ADDI_INT gp%d, gp%d, %d", h, h, 4*pitch)
		})
		p.Op("S_ADDI_INT gp%d, gp%d, %d", vb, vb, dst.M*rowVLEN)
		p.Op("S_ADDI_INT gp%d, gp%d, %d", hb, hb, rowVLEN)
	})
	return nil
}
